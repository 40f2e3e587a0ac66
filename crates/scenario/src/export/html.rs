//! HTML report: one self-contained file a planner can open, mail or print to see what was tested,
//! where each step came from, and why a run failed, with the screen after every step.
//!
//! Nothing is fetched: styles are inline, frames are `data:` URIs, there is no script, and a
//! Content-Security-Policy forbids anything else, so the file reads the same offline and
//! years later. The output is a pure function of its inputs.

use super::describe_action;
use super::junit::{printable, seconds};
use crate::{
    AssumptionStatus, DiagnosisKind, Provenance, Scenario, Step, StepStatus, TrialReport, TrialRun, TrialStepResult,
    Verification,
};
use std::fmt::Write;

const STYLE: &str = r#"
:root { --ink: #1d1d1f; --muted: #5f6368; --line: #d9dce1; --soft: #f5f6f8;
  --pass: #137333; --pass-bg: #e6f4ea; --fail: #b3261e; --fail-bg: #fce8e6;
  --flaky: #8a5300; --flaky-bg: #fef3d6; --skip: #5f6368; --skip-bg: #eceff1; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1180px; padding: 24px 32px 48px; color: var(--ink); background: #fff;
  font: 15px/1.55 system-ui, -apple-system, "Segoe UI", "Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans KR", "NanumGothic", sans-serif;
  word-break: keep-all; overflow-wrap: anywhere; }
h1 { font-size: 1.6rem; margin: 0 0 12px; line-height: 1.3; }
h1 .kicker { display: block; font-size: .85rem; font-weight: 600; color: var(--muted); letter-spacing: .02em; }
h2 { font-size: 1.2rem; margin: 32px 0 10px; padding-bottom: 4px; border-bottom: 2px solid var(--line); }
h3 { font-size: 1.05rem; margin: 20px 0 8px; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
code { font: .9em/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, "D2Coding", monospace; background: var(--soft); padding: 1px 4px; border-radius: 4px; }
dl.summary { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
dl.summary dt { color: var(--muted); }
dl.summary dd { margin: 0; }
table { width: 100%; border-collapse: collapse; margin: 8px 0; font-size: .93rem; }
th, td { border: 1px solid var(--line); padding: 6px 8px; text-align: left; vertical-align: top; }
th { background: var(--soft); font-weight: 600; }
td.num { text-align: right; white-space: nowrap; width: 1%; }
blockquote { margin: 4px 0 0; padding: 2px 8px; border-left: 3px solid var(--line); color: var(--muted); white-space: pre-wrap; }
.sub, .cite { color: var(--muted); font-size: .88em; }
.badge, .status, .verdict { display: inline-block; padding: 1px 8px; border-radius: 999px; font-size: .82em; font-weight: 600;
  white-space: nowrap; border: 1px solid currentColor; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.verdict { font-size: 1rem; padding: 2px 12px; }
.b-spec { color: #174ea6; background: #e8f0fe; }
.b-answer { color: #6a1b9a; background: #f3e8fd; }
.b-assumption { color: var(--flaky); background: var(--flaky-bg); }
.b-observed { color: #00695c; background: #e0f2f1; }
.v-passed, .s-passed { color: var(--pass); background: var(--pass-bg); }
.v-failed, .s-failed { color: var(--fail); background: var(--fail-bg); }
.v-flaky { color: var(--flaky); background: var(--flaky-bg); }
.v-none, .s-skipped { color: var(--skip); background: var(--skip-bg); }
.dur { color: var(--muted); font-weight: 400; font-size: .9em; }
.run { margin-bottom: 24px; }
tr.r-failed > td { background: #fffafa; }
.diag { border-left: 3px solid var(--fail); padding: 2px 0 2px 8px; margin-bottom: 8px; }
.diag p { margin: 0 0 4px; }
.diag dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 4px 0; }
.diag dt { color: var(--muted); }
.diag dd { margin: 0; white-space: pre-wrap; }
.diag ul, .console ul { margin: 2px 0 4px; padding-left: 20px; }
.console { margin-bottom: 8px; }
.console li code { white-space: pre-wrap; color: var(--fail); }
.label { color: var(--muted); font-size: .88em; margin: 0; }
figure { margin: 4px 0 0; }
figure img { display: block; max-width: min(100%, 320px); height: auto; border: 1px solid var(--line); border-radius: 4px; }
tr.r-failed figure img { max-width: min(100%, 640px); }
figcaption { color: var(--muted); font-size: .8em; }
.empty, .missing { color: var(--muted); font-style: italic; }
footer { margin-top: 40px; color: var(--muted); font-size: .85em; border-top: 1px solid var(--line); padding-top: 8px; }
@media (max-width: 720px) { body { padding: 16px; } }
@media print {
  body { max-width: none; padding: 0; font-size: 10pt; }
  h2 { break-after: avoid; }
  tr, figure, .diag, .console { break-inside: avoid; }
  thead { display: table-header-group; }
  a { color: inherit; text-decoration: none; }
}
"#;

pub fn html_report(
    scenario: &Scenario,
    trial: Option<&TrialReport>,
    frames: &dyn Fn(&str) -> Option<Vec<u8>>,
) -> String {
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"ko\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'\">\n",
    );
    out.push_str("<meta name=\"generator\" content=\"Specwright\">\n");
    let _ = writeln!(out, "<title>{} — 테스트 보고서 / Test report</title>", esc(&scenario.title));
    let _ = writeln!(out, "<style>{STYLE}</style>\n</head>\n<body>");

    summary(&mut out, scenario, trial);
    out.push_str("<main>\n");
    preconditions(&mut out, scenario);
    steps(&mut out, scenario);
    runs(&mut out, scenario, trial, frames);
    assumptions(&mut out, scenario);
    test_data(&mut out, scenario);
    open_questions(&mut out, scenario);
    out.push_str("</main>\n");
    out.push_str(
        "<footer><p>Specwright가 시나리오 모델과 시험 결과로부터 생성한 보고서입니다. / Generated by Specwright from the scenario model and trial results.</p></footer>\n",
    );
    out.push_str("</body>\n</html>\n");
    out
}

fn summary(out: &mut String, scenario: &Scenario, trial: Option<&TrialReport>) {
    let (class, label) = match trial {
        None => ("none", "미실행 / Not run"),
        Some(t) if t.flaky => ("flaky", "불안정 / Flaky"),
        Some(t) if t.passed => ("passed", "통과 / Passed"),
        Some(_) => ("failed", "실패 / Failed"),
    };
    out.push_str("<header>\n");
    let _ = writeln!(out, "<h1><span class=\"kicker\">테스트 보고서 / Test report</span>{}</h1>", esc(&scenario.title));
    out.push_str("<dl class=\"summary\">\n");
    let _ = writeln!(out, "<dt>대상 / Target</dt><dd><code>{}</code></dd>", esc(&scenario.target_url));
    let _ = writeln!(
        out,
        "<dt>시나리오 / Scenario</dt><dd><code>{}</code> · schema v{} · 단계 {} / {} steps</dd>",
        esc(&scenario.id),
        scenario.schema_version,
        scenario.steps.len(),
        scenario.steps.len()
    );
    let _ = writeln!(out, "<dt>판정 / Verdict</dt><dd><span class=\"verdict v-{class}\">{label}</span></dd>");
    if let Some(t) = trial {
        let passed = t.runs.iter().filter(|r| r.passed).count();
        let failed = t.runs.len() - passed;
        let _ = writeln!(
            out,
            "<dt>시험 / Trial</dt><dd><code>{}</code> · 실행 {runs}회 / {runs} runs · 통과 {passed} / passed {passed} · 실패 {failed} / failed {failed} · {}</dd>",
            esc(&t.trial_id),
            duration(t.duration_ms()),
            runs = t.runs.len(),
        );
    }
    out.push_str("</dl>\n</header>\n");
}

fn preconditions(out: &mut String, scenario: &Scenario) {
    if scenario.preconditions.is_empty() {
        return;
    }
    out.push_str("<section id=\"preconditions\">\n<h2>사전 조건 / Preconditions</h2>\n<ul>\n");
    for p in &scenario.preconditions {
        let _ = writeln!(
            out,
            "<li>{} {} <span class=\"cite\">{}</span></li>",
            esc(&p.text),
            badge(&p.provenance),
            esc(&p.provenance.label())
        );
    }
    out.push_str("</ul>\n</section>\n");
}

fn steps(out: &mut String, scenario: &Scenario) {
    out.push_str("<section id=\"steps\">\n<h2>단계 / Steps</h2>\n");
    if scenario.steps.is_empty() {
        out.push_str("<p class=\"empty\">단계 없음 / No steps</p>\n</section>\n");
        return;
    }
    out.push_str("<table class=\"steps\">\n<thead><tr><th>#</th><th>의도 / Intent</th><th>동작 / Action</th><th>대상 / Target</th><th>출처 / Source</th><th>검증 / Verification</th></tr></thead>\n<tbody>\n");
    for step in &scenario.steps {
        let _ = writeln!(
            out,
            "<tr><td class=\"num\">{}</td><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td></tr>",
            step.index,
            esc(&step.intent),
            esc(&describe_action(&step.action)),
            target(step),
            source(scenario, &step.provenance),
            verification(step.verification),
        );
    }
    out.push_str("</tbody>\n</table>\n</section>\n");
}

fn target(step: &Step) -> String {
    let Some(target) = step.action.target() else {
        return String::new();
    };
    let mut cell = target.primary().map(|l| esc(&l.describe())).unwrap_or_default();
    if !target.frame_path.is_empty() {
        let _ = write!(cell, "<div class=\"sub\">프레임 / frame: {}</div>", esc(&target.frame_path.join(" › ")));
    }
    cell
}

/// The provenance badge, what it points at, and the words it rests on.
fn source(scenario: &Scenario, provenance: &Provenance) -> String {
    let mut cell = badge(provenance);
    match provenance {
        Provenance::Spec { citation } => {
            let _ = write!(cell, "<div class=\"cite\">{}</div>", esc(&citation.label()));
            if !citation.quote.trim().is_empty() {
                let _ = write!(cell, "<blockquote>{}</blockquote>", esc(&citation.quote));
            }
        }
        Provenance::Answer { question_id, answer } => {
            let _ = write!(cell, "<div class=\"cite\">질문 / question {}</div>", esc(question_id));
            let _ = write!(cell, "<blockquote>{}</blockquote>", esc(answer));
        }
        Provenance::Assumption { assumption_id } => {
            match scenario.assumptions.iter().position(|a| &a.id == assumption_id) {
                Some(n) => {
                    let _ = write!(
                        cell,
                        "<div class=\"cite\"><a href=\"#assumption-{}\">{}</a></div><blockquote>{}</blockquote>",
                        n + 1,
                        esc(assumption_id),
                        esc(&scenario.assumptions[n].text)
                    );
                }
                None => {
                    let _ = write!(cell, "<div class=\"cite\">{}</div>", esc(assumption_id));
                }
            }
        }
        Provenance::Observed { snapshot_ref } => {
            let _ = write!(cell, "<div class=\"cite\">{}</div>", esc(snapshot_ref));
        }
    }
    cell
}

fn badge(provenance: &Provenance) -> String {
    let label = match provenance {
        Provenance::Spec { .. } => "명세 / spec",
        Provenance::Answer { .. } => "답변 / answer",
        Provenance::Assumption { .. } => "가정 / assumption",
        Provenance::Observed { .. } => "관찰 / observed",
    };
    format!("<span class=\"badge b-{}\">{label}</span>", provenance.source())
}

fn verification(v: Verification) -> &'static str {
    match v {
        Verification::Unverified => "미검증 / Unverified",
        Verification::Explored => "탐색됨 / Explored",
        Verification::Passed => "통과 / Passed",
        Verification::Failed => "실패 / Failed",
        Verification::Flaky => "불안정 / Flaky",
    }
}

fn runs(out: &mut String, scenario: &Scenario, trial: Option<&TrialReport>, frames: &dyn Fn(&str) -> Option<Vec<u8>>) {
    out.push_str("<section id=\"runs\">\n<h2>실행 결과 / Runs</h2>\n");
    let runs = trial.map(|t| t.runs.as_slice()).unwrap_or_default();
    if runs.is_empty() {
        out.push_str("<p class=\"empty\">실행 기록 없음 / No runs yet</p>\n</section>\n");
        return;
    }
    for run in runs {
        run_report(out, scenario, run, frames);
    }
    out.push_str("</section>\n");
}

fn run_report(out: &mut String, scenario: &Scenario, run: &TrialRun, frames: &dyn Fn(&str) -> Option<Vec<u8>>) {
    let (class, label) = if run.passed { ("passed", "통과 / Passed") } else { ("failed", "실패 / Failed") };
    out.push_str("<article class=\"run\">\n");
    let _ = write!(out, "<h3>시도 {0} / Attempt {0}", run.attempt);
    if let Some(row) = run.row {
        let _ = write!(out, " · 데이터 {0}행 / Row {0}", row as u64 + 1);
    }
    let _ = writeln!(
        out,
        " <span class=\"status s-{class}\">{label}</span> <span class=\"dur\">{}</span></h3>",
        duration(run.duration_ms)
    );
    if let Some(row) = run.row {
        let values = scenario.data.as_ref().and_then(|d| {
            let cells = d.rows.get(row as usize)?;
            Some(d.columns.iter().zip(cells).map(|(c, v)| format!("{c} = {v}")).collect::<Vec<_>>().join(", "))
        });
        if let Some(values) = values.filter(|v| !v.is_empty()) {
            let _ = writeln!(out, "<p class=\"sub\">{}</p>", esc(&values));
        }
    }
    if run.steps.is_empty() {
        out.push_str("<p class=\"empty\">단계 결과 없음 / No step results</p>\n</article>\n");
        return;
    }
    out.push_str("<table class=\"results\">\n<thead><tr><th>#</th><th>의도 / Intent</th><th>상태 / Status</th><th>시간 / Time</th><th>상세 / Details</th></tr></thead>\n<tbody>\n");
    for step in &run.steps {
        let (class, label) = status(step.status);
        let _ = writeln!(
            out,
            "<tr class=\"r-{class}\"><td class=\"num\">{}</td><td>{}</td><td><span class=\"status s-{class}\">{label}</span></td><td class=\"num\">{}</td><td>{}</td></tr>",
            step.index,
            esc(&step.intent),
            duration(step.duration_ms),
            details(step, frames),
        );
    }
    out.push_str("</tbody>\n</table>\n</article>\n");
}

fn status(status: StepStatus) -> (&'static str, &'static str) {
    match status {
        StepStatus::Passed => ("passed", "통과 / Passed"),
        StepStatus::Failed => ("failed", "실패 / Failed"),
        StepStatus::Skipped => ("skipped", "건너뜀 / Skipped"),
    }
}

/// Diagnosis, console errors, then the frame: what to read first when a step failed.
fn details(step: &TrialStepResult, frames: &dyn Fn(&str) -> Option<Vec<u8>>) -> String {
    let mut cell = String::new();
    if let Some(d) = &step.diagnosis {
        let _ = write!(cell, "<div class=\"diag\"><p><strong>{}</strong> {}</p>", kind_label(d.kind), esc(&d.message));
        if d.expected.is_some() || d.actual.is_some() {
            cell.push_str("<dl>");
            if let Some(expected) = &d.expected {
                let _ = write!(cell, "<dt>기대 / Expected</dt><dd>{}</dd>", esc(expected));
            }
            if let Some(actual) = &d.actual {
                let _ = write!(cell, "<dt>실제 / Actual</dt><dd>{}</dd>", esc(actual));
            }
            cell.push_str("</dl>");
        }
        if !d.candidates.is_empty() {
            cell.push_str("<p class=\"label\">가장 가까운 후보 / Closest candidates</p><ul>");
            for c in &d.candidates {
                let _ = write!(cell, "<li>{}</li>", esc(c));
            }
            cell.push_str("</ul>");
        }
        cell.push_str("</div>");
    }
    if !step.console_errors.is_empty() {
        cell.push_str("<div class=\"console\"><p class=\"label\">콘솔 오류 / Console errors</p><ul>");
        for e in &step.console_errors {
            let _ = write!(cell, "<li><code>{}</code></li>", esc(e));
        }
        cell.push_str("</ul></div>");
    }
    if let Some(name) = &step.frame {
        match frames(name) {
            Some(bytes) => {
                let _ = write!(
                    cell,
                    "<figure><img loading=\"lazy\" decoding=\"async\" alt=\"단계 {0} 화면 / Step {0} screen\" src=\"data:{1};base64,{2}\"><figcaption>{3}</figcaption></figure>",
                    step.index,
                    image_mime(&bytes),
                    base64(&bytes),
                    esc(name)
                );
            }
            None => {
                let _ = write!(cell, "<p class=\"missing\">프레임 없음 / Frame not available: {}</p>", esc(name));
            }
        }
    }
    cell
}

fn kind_label(kind: DiagnosisKind) -> &'static str {
    match kind {
        DiagnosisKind::NotFound => "요소 없음 / Not found",
        DiagnosisKind::Ambiguous => "여러 요소 일치 / Ambiguous",
        DiagnosisKind::AssertionMismatch => "검증 불일치 / Assertion mismatch",
        DiagnosisKind::Navigation => "페이지 열기 실패 / Navigation failed",
        DiagnosisKind::Timeout => "시간 초과 / Timeout",
        DiagnosisKind::MissingValue => "값 없음 / Missing value",
        DiagnosisKind::Refused => "앱이 거부함 / Refused by the app",
        DiagnosisKind::Other => "기타 / Other",
    }
}

fn assumptions(out: &mut String, scenario: &Scenario) {
    out.push_str("<section id=\"assumptions\">\n<h2>가정 / Assumptions</h2>\n");
    if scenario.assumptions.is_empty() {
        out.push_str("<p class=\"empty\">없음 / None</p>\n</section>\n");
        return;
    }
    out.push_str("<table>\n<thead><tr><th>ID</th><th>내용 / Text</th><th>작성 / Made by</th><th>상태 / Status</th><th>사용 단계 / Used by steps</th></tr></thead>\n<tbody>\n");
    for (n, a) in scenario.assumptions.iter().enumerate() {
        let status = match a.status {
            AssumptionStatus::Open => "미확인 / Open",
            AssumptionStatus::Confirmed => "확인됨 / Confirmed",
            AssumptionStatus::Rejected => "기각됨 / Rejected",
        };
        let used: Vec<String> = scenario
            .steps
            .iter()
            .filter(|s| matches!(&s.provenance, Provenance::Assumption { assumption_id } if assumption_id == &a.id))
            .map(|s| s.index.to_string())
            .collect();
        let _ = writeln!(
            out,
            "<tr id=\"assumption-{}\"><td><code>{}</code></td><td>{}</td><td>{}</td><td>{status}</td><td>{}</td></tr>",
            n + 1,
            esc(&a.id),
            esc(&a.text),
            esc(&a.made_by),
            used.join(", ")
        );
    }
    out.push_str("</tbody>\n</table>\n</section>\n");
}

fn test_data(out: &mut String, scenario: &Scenario) {
    let Some(data) = &scenario.data else {
        return;
    };
    out.push_str("<section id=\"data\">\n<h2>테스트 데이터 / Test data</h2>\n");
    if let Some(c) = &data.citation {
        let _ = writeln!(out, "<p class=\"cite\">{}</p>", esc(&c.label()));
    }
    out.push_str("<table>\n<thead><tr><th>#</th>");
    for c in &data.columns {
        let _ = write!(out, "<th>{}</th>", esc(c));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for (n, row) in data.rows.iter().enumerate() {
        let _ = write!(out, "<tr><td class=\"num\">{}</td>", n + 1);
        for v in row {
            let _ = write!(out, "<td>{}</td>", esc(v));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n</section>\n");
}

fn open_questions(out: &mut String, scenario: &Scenario) {
    if scenario.open_questions.is_empty() {
        return;
    }
    out.push_str("<section id=\"questions\">\n<h2>열린 질문 / Open questions</h2>\n<ul>\n");
    for q in &scenario.open_questions {
        let _ = writeln!(out, "<li>{}</li>", esc(q));
    }
    out.push_str("</ul>\n</section>\n");
}

fn duration(ms: u64) -> String {
    format!("{} s", seconds(ms))
}

/// HTML-escapes text for both element content and quoted attributes, after dropping color codes
/// and replacing what HTML treats as parse errors (controls, noncharacters) with U+FFFD.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in printable(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Frames are JPEG from the mirror; PNG and WebP are recognized by their signatures.
fn image_mime(bytes: &[u8]) -> &'static str {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        "image/png"
    } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
        "image/webp"
    } else {
        "image/jpeg"
    }
}

/// Standard base64 (RFC 4648, with padding) for `data:` URIs.
fn base64(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648_vectors() {
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (input, expected) in cases {
            assert_eq!(base64(input.as_bytes()), expected, "{input:?}");
        }
        assert_eq!(base64(&[0xff, 0xfe, 0xfd]), "//79");
    }

    #[test]
    fn escapes_all_five_and_controls() {
        assert_eq!(
            esc("<a href=\"x\">'&'</a>\u{7}\u{1b}[31m!"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;\u{fffd}!"
        );
    }

    #[test]
    fn recognizes_image_types() {
        assert_eq!(image_mime(b"\xff\xd8\xff\xe0"), "image/jpeg");
        assert_eq!(image_mime(b"\x89PNG\r\n\x1a\n...."), "image/png");
        assert_eq!(image_mime(b"RIFF\0\0\0\0WEBPVP8 "), "image/webp");
    }
}
