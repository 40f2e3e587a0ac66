//! HTML report: one self-contained file a planner can open, mail or print to see what was tested,
//! where each step came from, and why a run failed, with the screen after every step.
//!
//! Nothing is fetched: styles are inline, frames are `data:` URIs, there is no script, and a
//! Content-Security-Policy forbids anything else, so the file reads the same offline and
//! years later. The output is a pure function of its inputs.

use super::junit::{printable, seconds};
use super::{describe_action, say, Words};
use crate::{DiagnosisKind, Provenance, Scenario, Step, StepStatus, TrialReport, TrialRun, TrialStepResult};
use std::fmt::Write;

mod run_index;
mod trace;
pub use run_index::{run_index_html, IndexCase};
pub use trace::{trace_section, traceability_html, TraceLink, TraceRow};

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
.b-said { color: #0b5e36; background: #e6f4ea; }
.b-assumption { color: var(--flaky); background: var(--flaky-bg); }
.b-observed { color: #00695c; background: #e0f2f1; }
.v-passed, .s-passed { color: var(--pass); background: var(--pass-bg); }
.v-failed, .s-failed { color: var(--fail); background: var(--fail-bg); }
.v-flaky { color: var(--flaky); background: var(--flaky-bg); }
.v-not_run, .s-skipped { color: var(--skip); background: var(--skip-bg); }
.v-not_verified, .v-passed_with_warnings { color: var(--flaky); background: var(--flaky-bg); }
.lead { font-size: 1.05rem; font-weight: 600; margin: 12px 0 0; }
.findings { border-left: 3px solid var(--flaky); padding: 4px 0 4px 12px; margin: 12px 0 0; }
.findings li.f-error { color: var(--fail); }
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
.network ul { margin: 2px 0 4px; padding-left: 20px; }
.network li.bad code { color: var(--fail); }
.console li code { white-space: pre-wrap; color: var(--fail); }
.label { color: var(--muted); font-size: .88em; margin: 0; }
figure { margin: 4px 0 0; }
figure img { display: block; max-width: min(100%, 320px); height: auto; border: 1px solid var(--line); border-radius: 4px; cursor: zoom-in; }
figure img:focus, tr.r-failed figure img:focus { max-width: 100%; cursor: zoom-out; outline: 2px solid #174ea6; }
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
    words: &dyn Words,
) -> String {
    let mut out = head(&scenario.title, "report-kicker", words);

    summary(&mut out, scenario, trial, words);
    out.push_str("<main>\n");
    preconditions(&mut out, scenario, words);
    steps(&mut out, scenario, words);
    runs(&mut out, scenario, trial, frames, words);
    assumptions(&mut out, scenario, words);
    test_data(&mut out, scenario, words);
    open_questions(&mut out, scenario, words);
    out.push_str("</main>\n");
    let _ = writeln!(out, "<footer><p>{}</p></footer>", w(words, "report-footer"));
    out.push_str("</body>\n</html>\n");
    out
}

/// The document up to `<body>`: language, the policy that forbids anything but inline styles
/// and `data:` images, the title, the styles. Shared by a scenario's report and a run's.
fn head(title: &str, kicker: &str, words: &dyn Words) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">", words.language());
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'\">\n",
    );
    out.push_str("<meta name=\"generator\" content=\"Specwright\">\n");
    let _ = writeln!(out, "<title>{} — {}</title>", esc(title), w(words, kicker));
    let _ = writeln!(out, "<style>{STYLE}</style>\n</head>\n<body>");
    out
}

fn summary(out: &mut String, scenario: &Scenario, trial: Option<&TrialReport>, words: &dyn Words) {
    // With no trial at hand, the report says "not run" (the steps' own record is the plan's).
    let (verdict, findings) = match trial {
        Some(_) => crate::verdict(scenario, trial),
        None => (crate::Verdict::NotRun, Vec::new()),
    };
    let class = verdict.name();
    let label = w(words, verdict.word());
    out.push_str("<header>\n");
    let _ =
        writeln!(out, "<h1><span class=\"kicker\">{}</span>{}</h1>", w(words, "report-kicker"), esc(&scenario.title));
    out.push_str("<dl class=\"summary\">\n");
    let _ = writeln!(out, "<dt>{}</dt><dd><code>{}</code></dd>", w(words, "doc-target"), esc(&scenario.target_url));
    // No internal ids for the reader: the scenario by its size, the trial by its runs.
    let _ = writeln!(
        out,
        "<dt>{}</dt><dd>{}</dd>",
        w(words, "doc-scenario"),
        esc(&say(words, "report-step-count", [("steps", scenario.steps.len().into())]))
    );
    let _ = writeln!(
        out,
        "<dt>{}</dt><dd><span class=\"verdict v-{class}\">{label}</span></dd>",
        w(words, "report-verdict")
    );
    // When and in what it ran: what a reader of a mailed report asks first.
    if let Some(when) = trial.and_then(|t| t.started_at_ms).and_then(chrono::DateTime::from_timestamp_millis) {
        let _ = writeln!(out, "<dt>{}</dt><dd>{}</dd>", w(words, "report-run-at"), when.format("%Y-%m-%d %H:%M UTC"));
    }
    if let Some(browser) = trial.and_then(|t| t.browser.as_deref()) {
        let _ = writeln!(out, "<dt>{}</dt><dd>{}</dd>", w(words, "report-browser"), esc(browser));
    }
    if let Some(t) = trial {
        let passed = t.runs.iter().filter(|r| r.passed).count();
        let failed = t.runs.len() - passed;
        let counts = say(
            words,
            "report-trial-counts",
            [("runs", t.runs.len().into()), ("passed", passed.into()), ("failed", failed.into())],
        );
        let _ = writeln!(
            out,
            "<dt>{}</dt><dd>{} · {}</dd>",
            w(words, "report-trial"),
            esc(&counts),
            duration(t.duration_ms())
        );
    }
    out.push_str("</dl>\n");
    // The verdict as a sentence a planner can forward as it is.
    if verdict != crate::Verdict::NotRun {
        let id = format!("report-verdict-sentence-{}", verdict.name().replace('_', "-"));
        let _ = writeln!(out, "<p class=\"lead v-text-{class}\">{}</p>", w(words, &id));
    }
    // What the verdict rests on comes first: a reader sees why it is not a plain pass.
    let shown: Vec<&crate::Finding> =
        findings.iter().filter(|f| f.severity != crate::Severity::Info && f.code != "trial_failed").collect();
    if !shown.is_empty() {
        let _ = writeln!(
            out,
            "<section class=\"findings\" id=\"findings\">\n<h2>{}</h2>\n<ul>",
            w(words, "report-findings")
        );
        for f in shown {
            let class = if f.severity == crate::Severity::Error { "f-error" } else { "f-warning" };
            let _ = writeln!(out, "<li class=\"{class}\">{}</li>", esc(&words.text(&f.message)));
        }
        out.push_str("</ul>\n</section>\n");
    }
    answers(out, scenario, words);
    out.push_str("</header>\n");
}

/// Who gave an answer, as a reader says it.
fn answered_by(by: &str, words: &dyn Words) -> String {
    let id = match by {
        "window" => "report-answered-window",
        "terminal" => "report-answered-terminal",
        "answers_file" => "report-answered-file",
        _ => "report-answered-other",
    };
    say(words, id, [("source", by.into())])
}

/// Every step a person's answer decided, with the question as asked and the answer: a reader
/// sees at once what the spec did not say and who filled it in.
fn answers(out: &mut String, scenario: &Scenario, words: &dyn Words) {
    let answered: Vec<(u32, &str, &str, Option<&str>)> = scenario
        .steps
        .iter()
        .filter_map(|step| match &step.provenance {
            Provenance::Answer { answer, question: Some(question), by, .. } => {
                Some((step.index, question.as_str(), answer.as_str(), by.as_deref()))
            }
            _ => None,
        })
        .collect();
    if answered.is_empty() {
        return;
    }
    let _ = writeln!(out, "<section class=\"answers\" id=\"answers\">\n<h2>{}</h2>\n<ul>", w(words, "report-answers"));
    for (index, question, answer, by) in answered {
        let step = say(words, "report-answer-step", [("step", index.into())]);
        let by =
            by.map(|by| format!(" <span class=\"sub\">({})</span>", esc(&answered_by(by, words)))).unwrap_or_default();
        let _ = writeln!(
            out,
            "<li><span class=\"sub\">{}</span> {}<blockquote>{}{by}</blockquote></li>",
            esc(&step),
            esc(question),
            esc(&say(words, "report-answer-given", [("answer", answer.into())]))
        );
    }
    out.push_str("</ul>\n</section>\n");
}

fn preconditions(out: &mut String, scenario: &Scenario, words: &dyn Words) {
    if scenario.preconditions.is_empty() {
        return;
    }
    let _ = writeln!(out, "<section id=\"preconditions\">\n<h2>{}</h2>\n<ul>", w(words, "doc-preconditions"));
    for p in &scenario.preconditions {
        let _ = writeln!(
            out,
            "<li>{} {} <span class=\"cite\">{}</span></li>",
            esc(&p.text),
            badge(&p.provenance, words),
            esc(&p.provenance.label())
        );
    }
    out.push_str("</ul>\n</section>\n");
}

fn steps(out: &mut String, scenario: &Scenario, words: &dyn Words) {
    let _ = writeln!(out, "<section id=\"steps\">\n<h2>{}</h2>", w(words, "doc-steps"));
    if scenario.steps.is_empty() {
        let _ = writeln!(out, "<p class=\"empty\">{}</p>\n</section>", w(words, "report-no-steps"));
        return;
    }
    let _ = writeln!(
        out,
        "<table class=\"steps\">\n<thead><tr><th>#</th>{}</tr></thead>\n<tbody>",
        heads(words, &["doc-intent", "doc-action", "doc-target", "doc-source", "report-verification"])
    );
    for step in &scenario.steps {
        let _ = writeln!(
            out,
            "<tr><td class=\"num\">{}</td><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td></tr>",
            step.index,
            esc(&hidden_secrets(&step.intent, words)),
            esc(&describe_action(&step.action)),
            target(step, words),
            source(scenario, &step.provenance, words),
            esc(&super::verification_word(words, step.verification)),
        );
    }
    out.push_str("</tbody>\n</table>\n</section>\n");
}

fn target(step: &Step, words: &dyn Words) -> String {
    let Some(target) = step.action.target() else {
        return String::new();
    };
    // What a planner calls it ("'저장' 버튼"); the locator itself only when it names nothing a
    // person would (a test id, a selector).
    let mut cell = target
        .primary()
        .map(|l| match l.for_people() {
            Some(text) => esc(&words.text(&text)),
            None => format!("<code>{}</code>", esc(&l.describe())),
        })
        .unwrap_or_default();
    if !target.frame_path.is_empty() {
        let frame = say(words, "report-frame-path", [("path", target.frame_path.join(" › ").into())]);
        let _ = write!(cell, "<div class=\"sub\">{}</div>", esc(&frame));
    }
    cell
}

/// The provenance badge, what it points at, and the words it rests on.
fn source(scenario: &Scenario, provenance: &Provenance, words: &dyn Words) -> String {
    let mut cell = badge(provenance, words);
    match provenance {
        Provenance::Spec { citation } => {
            let _ = write!(cell, "<div class=\"cite\">{}</div>", esc(&citation.label()));
            if !citation.quote.trim().is_empty() {
                let _ = write!(cell, "<blockquote>{}</blockquote>", esc(&hidden_secrets(&citation.quote, words)));
            }
        }
        Provenance::Answer { question_id, answer, question, citation, by } => {
            // The question as the person read it, what they chose, and the spec's line it
            // resolved: a step chosen by a person never reads as the spec's own.
            match question {
                Some(question) => {
                    let asked = say(words, "report-question-asked", [("question", question.as_str().into())]);
                    let _ = write!(cell, "<div class=\"cite\">{}</div>", esc(&asked));
                }
                None => {
                    let question = say(words, "report-question-id", [("id", question_id.as_str().into())]);
                    let _ = write!(cell, "<div class=\"cite\">{}</div>", esc(&question));
                }
            }
            let chosen = say(words, "report-answer-given", [("answer", answer.as_str().into())]);
            let _ = write!(cell, "<blockquote>{}</blockquote>", esc(&chosen));
            if let Some(by) = by {
                let _ = write!(cell, "<div class=\"cite\">{}</div>", esc(&answered_by(by, words)));
            }
            if let Some(citation) = citation {
                let line = say(words, "report-answer-resolves", [("line", citation.label().into())]);
                let _ = write!(cell, "<div class=\"cite\">{}</div>", esc(&line));
                if !citation.quote.trim().is_empty() {
                    let _ = write!(cell, "<blockquote>{}</blockquote>", esc(&citation.quote));
                }
            }
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
        // What a person said in the conversation: their words, quoted as a spec line is.
        Provenance::Said { words: said, by, .. } => {
            let _ = write!(cell, "<div class=\"cite\">{}</div>", esc(&super::said_by(by, words)));
            let _ = write!(cell, "<blockquote>{}</blockquote>", esc(&hidden_secrets(said, words)));
        }
    }
    cell
}

fn badge(provenance: &Provenance, words: &dyn Words) -> String {
    let label = match provenance {
        Provenance::Spec { .. } => "provenance-spec",
        Provenance::Answer { .. } => "provenance-answer",
        Provenance::Assumption { .. } => "provenance-assumption",
        Provenance::Observed { .. } => "provenance-observed",
        Provenance::Said { .. } => "provenance-said",
    };
    format!("<span class=\"badge b-{}\">{}</span>", provenance.source(), w(words, label))
}

/// An element as the browser describes it (`button "저장"`) in a reader's words ("'저장' 버튼");
/// anything else as it is.
fn element_words(described: &str, words: &dyn Words) -> String {
    let Some((role, rest)) = described.split_once(' ') else { return described.to_string() };
    let named = rest.strip_prefix('"').and_then(|r| r.strip_suffix('"'));
    match named {
        Some(name) if !role.is_empty() && role.chars().all(|c| c.is_ascii_lowercase()) => {
            let locator = crate::Locator::Role { role: role.to_string(), name: name.to_string(), exact: true };
            locator.for_people().map(|t| words.text(&t)).unwrap_or_else(|| described.to_string())
        }
        _ => described.to_string(),
    }
}

/// A step's words as a reader sees them: a secret's placeholder (`{{secret.PASSWORD}}`) reads
/// "비밀번호(숨김)" / "password (hidden)", never a template.
fn hidden_secrets(text: &str, words: &dyn Words) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{secret.") {
        let Some(len) = rest[start..].find("}}") else { break };
        let name = &rest[start + "{{secret.".len()..start + len];
        out.push_str(&rest[..start]);
        let id = if name.to_uppercase().contains("PASS") { "report-password-hidden" } else { "report-secret-hidden" };
        out.push_str(&say(words, id, [("name", name.into())]));
        rest = &rest[start + len + 2..];
    }
    out.push_str(rest);
    out
}

/// A catalog label, escaped for HTML.
fn w(words: &dyn Words, id: &str) -> String {
    esc(&say(words, id, []))
}

/// Table headers from catalog labels.
fn heads(words: &dyn Words, ids: &[&str]) -> String {
    ids.iter().map(|id| format!("<th>{}</th>", w(words, id))).collect()
}

fn runs(
    out: &mut String,
    scenario: &Scenario,
    trial: Option<&TrialReport>,
    frames: &dyn Fn(&str) -> Option<Vec<u8>>,
    words: &dyn Words,
) {
    let _ = writeln!(out, "<section id=\"runs\">\n<h2>{}</h2>", w(words, "report-runs"));
    let runs = trial.map(|t| t.runs.as_slice()).unwrap_or_default();
    if runs.is_empty() {
        let _ = writeln!(out, "<p class=\"empty\">{}</p>\n</section>", w(words, "report-no-runs"));
        return;
    }
    for run in runs {
        run_report(out, scenario, run, frames, words);
    }
    out.push_str("</section>\n");
}

fn run_report(
    out: &mut String,
    scenario: &Scenario,
    run: &TrialRun,
    frames: &dyn Fn(&str) -> Option<Vec<u8>>,
    words: &dyn Words,
) {
    let (class, label) = if run.passed { ("passed", "verification-passed") } else { ("failed", "verification-failed") };
    let label = w(words, label);
    out.push_str("<article class=\"run\">\n");
    let _ = write!(out, "<h3>{}", esc(&say(words, "report-attempt", [("attempt", run.attempt.into())])));
    if let Some(row) = run.row {
        let _ = write!(out, " · {}", esc(&say(words, "report-row", [("row", (row as u64 + 1).into())])));
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
        let _ = writeln!(out, "<p class=\"empty\">{}</p>\n</article>", w(words, "report-no-step-results"));
        return;
    }
    let _ = writeln!(
        out,
        "<table class=\"results\">\n<thead><tr><th>#</th>{}</tr></thead>\n<tbody>",
        heads(words, &["doc-intent", "doc-status", "report-time", "report-details"])
    );
    for step in &run.steps {
        let (class, label) = status(step.status);
        let label = w(words, label);
        let _ = writeln!(
            out,
            "<tr class=\"r-{class}\"><td class=\"num\">{}</td><td>{}</td><td><span class=\"status s-{class}\">{label}</span></td><td class=\"num\">{}</td><td>{}</td></tr>",
            step.index,
            esc(&hidden_secrets(&step.intent, words)),
            duration(step.duration_ms),
            details(step, frames, words),
        );
    }
    out.push_str("</tbody>\n</table>\n</article>\n");
}

fn status(status: StepStatus) -> (&'static str, &'static str) {
    match status {
        StepStatus::Passed => ("passed", "verification-passed"),
        StepStatus::Failed => ("failed", "verification-failed"),
        StepStatus::Skipped => ("skipped", "status-skipped"),
    }
}

/// Diagnosis, console errors, then the frame: what to read first when a step failed.
fn details(step: &TrialStepResult, frames: &dyn Fn(&str) -> Option<Vec<u8>>, words: &dyn Words) -> String {
    let mut cell = String::new();
    if let Some(d) = &step.diagnosis {
        let _ = write!(
            cell,
            "<div class=\"diag\"><p><strong>{}</strong> {}</p>",
            w(words, kind_label(d.kind)),
            esc(&d.message)
        );
        if d.expected.is_some() || d.actual.is_some() {
            cell.push_str("<dl>");
            if let Some(expected) = &d.expected {
                let _ = write!(
                    cell,
                    "<dt>{}</dt><dd>{}</dd>",
                    w(words, "report-expected"),
                    esc(&element_words(expected, words))
                );
            }
            if let Some(actual) = &d.actual {
                let _ = write!(cell, "<dt>{}</dt><dd>{}</dd>", w(words, "report-actual"), esc(actual));
            }
            cell.push_str("</dl>");
        }
        if !d.candidates.is_empty() {
            let _ = write!(cell, "<p class=\"label\">{}</p><ul>", w(words, "report-closest"));
            for c in &d.candidates {
                let _ = write!(cell, "<li>{}</li>", esc(&element_words(c, words)));
            }
            cell.push_str("</ul>");
        }
        cell.push_str("</div>");
    }
    // What the step sent and what the server answered: the evidence beside the screen.
    if !step.requests.is_empty() {
        let _ = write!(cell, "<div class=\"network\"><p class=\"label\">{}</p><ul>", w(words, "report-requests"));
        for r in &step.requests {
            let class = if r.status >= 400 { " class=\"bad\"" } else { "" };
            let _ = write!(
                cell,
                "<li{class}><code>{} {} → {}</code> <span class=\"dur\">{} ms</span></li>",
                esc(&r.method),
                esc(&r.path),
                r.status,
                r.duration_ms
            );
        }
        cell.push_str("</ul></div>");
    }
    if !step.console_errors.is_empty() {
        let _ = write!(cell, "<div class=\"console\"><p class=\"label\">{}</p><ul>", w(words, "report-console-errors"));
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
                    "<figure><img tabindex=\"0\" loading=\"lazy\" decoding=\"async\" alt=\"{0}\" src=\"data:{1};base64,{2}\"><figcaption>{3}</figcaption></figure>",
                    esc(&say(words, "report-step-screen", [("step", step.index.into())])),
                    image_mime(&bytes),
                    base64(&bytes),
                    esc(name)
                );
            }
            None => {
                let missing = say(words, "report-frame-missing", [("frame", name.as_str().into())]);
                let _ = write!(cell, "<p class=\"missing\">{}</p>", esc(&missing));
            }
        }
    }
    cell
}

fn kind_label(kind: DiagnosisKind) -> &'static str {
    match kind {
        DiagnosisKind::NotFound => "diagnosis-not-found",
        DiagnosisKind::Ambiguous => "diagnosis-ambiguous",
        DiagnosisKind::AssertionMismatch => "diagnosis-assertion-mismatch",
        DiagnosisKind::Navigation => "diagnosis-navigation",
        DiagnosisKind::Timeout => "diagnosis-timeout",
        DiagnosisKind::MissingValue => "diagnosis-missing-value",
        DiagnosisKind::Refused => "diagnosis-refused",
        DiagnosisKind::Other => "diagnosis-other",
    }
}

fn assumptions(out: &mut String, scenario: &Scenario, words: &dyn Words) {
    let _ = writeln!(out, "<section id=\"assumptions\">\n<h2>{}</h2>", w(words, "doc-assumptions"));
    if scenario.assumptions.is_empty() {
        let _ = writeln!(out, "<p class=\"empty\">{}</p>\n</section>", w(words, "doc-none"));
        return;
    }
    let _ = writeln!(
        out,
        "<table>\n<thead><tr><th>ID</th>{}</tr></thead>\n<tbody>",
        heads(words, &["report-text", "report-made-by", "doc-status", "report-used-by"])
    );
    for (n, a) in scenario.assumptions.iter().enumerate() {
        let status = esc(&super::assumption_word(words, a.status));
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

fn test_data(out: &mut String, scenario: &Scenario, words: &dyn Words) {
    let Some(data) = &scenario.data else {
        return;
    };
    let _ = writeln!(out, "<section id=\"data\">\n<h2>{}</h2>", w(words, "doc-test-data"));
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

fn open_questions(out: &mut String, scenario: &Scenario, words: &dyn Words) {
    if scenario.open_questions.is_empty() {
        return;
    }
    let _ = writeln!(out, "<section id=\"questions\">\n<h2>{}</h2>\n<ul>", w(words, "report-open-questions"));
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

    /// Words that say which message and name they were asked for.
    struct Ids;
    impl Words for Ids {
        fn text(&self, text: &crate::Text) -> String {
            match text {
                crate::Text::Message(m) => match m.args.get("name") {
                    Some(crate::Arg::Text(name)) => format!("[{}:{name}]", m.id),
                    _ => format!("[{}]", m.id),
                },
                crate::Text::Said(words) => words.clone(),
            }
        }
        fn language(&self) -> &'static str {
            "en"
        }
    }

    #[test]
    fn secret_placeholders_read_as_hidden_values() {
        assert_eq!(
            hidden_secrets("'비밀번호' 필드에 '{{secret.PASSWORD}}'를 입력한다", &Ids),
            "'비밀번호' 필드에 '[report-password-hidden:PASSWORD]'를 입력한다"
        );
        assert_eq!(
            hidden_secrets("{{secret.API_TOKEN}} then {{secret.admin_pass}}", &Ids),
            "[report-secret-hidden:API_TOKEN] then [report-password-hidden:admin_pass]"
        );
        assert_eq!(hidden_secrets("no secret {{secret.OPEN", &Ids), "no secret {{secret.OPEN");
    }

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
