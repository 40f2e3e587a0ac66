//! JUnit XML report: lets CI systems (GitLab, Jenkins, GitHub annotations) show trial results.
//!
//! One `<testsuite>` per trial run, one `<testcase>` per step result. The output is a pure function
//! of the scenario and the trial, so the same trial always yields byte-identical XML.

use crate::{DiagnosisKind, Scenario, StepStatus, TrialReport, TrialRun, TrialStepResult};
use std::fmt::Write;

pub fn junit_report(scenario: &Scenario, trial: &TrialReport) -> String {
    let count = |run: &TrialRun, status: StepStatus| run.steps.iter().filter(|s| s.status == status).count();
    let tests: usize = trial.runs.iter().map(|r| r.steps.len()).sum();
    let failures: usize = trial.runs.iter().map(|r| count(r, StepStatus::Failed)).sum();
    let skipped: usize = trial.runs.iter().map(|r| count(r, StepStatus::Skipped)).sum();
    // A run with no failed step that proves nothing (no check, a blocking finding) fails in CI
    // as its own test case: a CI that shows green would say more than the checks proved.
    let (verdict, findings) = crate::verdict(scenario, Some(trial));
    let unverified = verdict == crate::Verdict::NotVerified;
    let (tests, failures) = if unverified { (tests + 1, failures + 1) } else { (tests, failures) };

    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"{}\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\" time=\"{}\">",
        attr(&scenario.title),
        seconds(trial.duration_ms()),
    );
    for (id, run) in trial.runs.iter().enumerate() {
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" id=\"{id}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\" time=\"{}\">",
            attr(&suite_name(scenario, run)),
            run.steps.len(),
            count(run, StepStatus::Failed),
            count(run, StepStatus::Skipped),
            seconds(run.duration_ms),
        );
        out.push_str("    <properties>\n");
        let mut property = |name: &str, value: &str| {
            let _ = writeln!(out, "      <property name=\"{name}\" value=\"{}\"/>", attr(value));
        };
        property("trial_id", &trial.trial_id);
        property("scenario_id", &scenario.id);
        property("attempt", &run.attempt.to_string());
        if let Some(row) = run.row {
            property("row", &row.to_string());
        }
        property("flaky", if trial.flaky { "true" } else { "false" });
        property("verdict", verdict.name());
        out.push_str("    </properties>\n");
        for step in &run.steps {
            testcase(&mut out, scenario, step);
        }
        out.push_str("  </testsuite>\n");
    }
    if unverified {
        // The review's codes (`no_assertion`, `schema`, …): the report says them in words.
        let reasons: Vec<&str> =
            findings.iter().filter(|f| f.severity == crate::Severity::Error).map(|f| f.code.as_str()).collect();
        let _ = writeln!(
            out,
            "  <testsuite name=\"review\" tests=\"1\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"0.000\">\n    <testcase name=\"verdict: not verified\" classname=\"{}\" time=\"0.000\">\n      <failure message=\"{}\" type=\"not_verified\"/>\n    </testcase>\n  </testsuite>",
            attr(&scenario.id),
            attr(&format!("not verified: {}", reasons.join(", "))),
        );
    }
    out.push_str("</testsuites>\n");
    out
}

fn testcase(out: &mut String, scenario: &Scenario, step: &TrialStepResult) {
    let _ = write!(
        out,
        "    <testcase name=\"{}\" classname=\"{}\" time=\"{}\"",
        attr(&format!("{}. {}", step.index, step.intent)),
        attr(&scenario.id),
        seconds(step.duration_ms),
    );
    let failed = step.status == StepStatus::Failed;
    let skipped = step.status == StepStatus::Skipped;
    if !failed && !skipped && step.console_errors.is_empty() {
        out.push_str("/>\n");
        return;
    }
    out.push_str(">\n");
    if failed {
        let (message, kind) = match &step.diagnosis {
            Some(d) => (d.message.as_str(), kind_name(d.kind)),
            None => ("step failed / 단계 실패", "failed"),
        };
        let _ = writeln!(
            out,
            "      <failure message=\"{}\" type=\"{kind}\">{}</failure>",
            attr(message),
            text(&failure_body(step)),
        );
    }
    if skipped {
        out.push_str("      <skipped/>\n");
    }
    if !step.console_errors.is_empty() {
        let _ = writeln!(out, "      <system-err>{}</system-err>", text(&step.console_errors.join("\n")));
    }
    out.push_str("    </testcase>\n");
}

/// What a person reading the CI log needs: expected, actual, what came closest.
fn failure_body(step: &TrialStepResult) -> String {
    let mut body = String::new();
    if let Some(d) = &step.diagnosis {
        let _ = writeln!(body, "{}", d.message);
        if let Some(expected) = &d.expected {
            let _ = writeln!(body, "Expected / 기대: {expected}");
        }
        if let Some(actual) = &d.actual {
            let _ = writeln!(body, "Actual / 실제: {actual}");
        }
        if !d.candidates.is_empty() {
            body.push_str("Closest candidates / 가장 가까운 후보:\n");
            for c in &d.candidates {
                let _ = writeln!(body, "- {c}");
            }
        }
    }
    if let Some(frame) = &step.frame {
        let _ = writeln!(body, "Frame / 프레임: {frame}");
    }
    body
}

/// `title (attempt 2, row 1: email=a@b.c)`; rows are shown 1-based like the HTML report.
fn suite_name(scenario: &Scenario, run: &TrialRun) -> String {
    let mut name = format!("{} (attempt {}", scenario.title, run.attempt);
    if let Some(row) = run.row {
        let _ = write!(name, ", row {}", row as u64 + 1);
        let values = scenario.data.as_ref().and_then(|d| {
            let cells = d.rows.get(row as usize)?;
            Some(d.columns.iter().zip(cells).map(|(c, v)| format!("{c}={v}")).collect::<Vec<_>>().join(", "))
        });
        if let Some(values) = values.filter(|v| !v.is_empty()) {
            let _ = write!(name, ": {values}");
        }
    }
    name.push(')');
    name
}

/// The machine name of a diagnosis kind, as serialized (`not_found`, `assertion_mismatch` ...).
pub(super) fn kind_name(kind: DiagnosisKind) -> &'static str {
    match kind {
        DiagnosisKind::NotFound => "not_found",
        DiagnosisKind::Ambiguous => "ambiguous",
        DiagnosisKind::AssertionMismatch => "assertion_mismatch",
        DiagnosisKind::Navigation => "navigation",
        DiagnosisKind::Timeout => "timeout",
        DiagnosisKind::MissingValue => "missing_value",
        DiagnosisKind::Refused => "refused",
        DiagnosisKind::Other => "other",
    }
}

/// Milliseconds as seconds with three decimals, without floating point so output is exact.
pub(super) fn seconds(ms: u64) -> String {
    format!("{}.{:03}", ms / 1000, ms % 1000)
}

/// Whether a character may appear in an XML 1.0 document (and is not a C1 control or a
/// noncharacter, which HTML also rejects).
fn allowed_char(c: char) -> bool {
    match c {
        '\t' | '\n' | '\r' => true,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}' => false,
        '\u{fffe}' | '\u{ffff}' => false,
        _ => true,
    }
}

/// Text safe for XML and HTML: terminal color codes (`ESC [ 31 m`, common in console errors) are
/// dropped, and any other forbidden character becomes U+FFFD so the fact that something was
/// there stays visible.
pub(super) fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' && chars.peek() == Some(&'[') {
            // CSI: parameters and intermediates, then one final byte in `@`..=`~`.
            chars.next();
            while let Some(&n) = chars.peek() {
                if (' '..='?').contains(&n) {
                    chars.next();
                    continue;
                }
                if ('@'..='~').contains(&n) {
                    chars.next();
                }
                break;
            }
        } else if allowed_char(c) {
            out.push(c);
        } else {
            out.push('\u{fffd}');
        }
    }
    out
}

fn escape(value: &str, in_attribute: bool) -> String {
    let mut out = String::with_capacity(value.len());
    for c in printable(value).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if in_attribute => out.push_str("&quot;"),
            '\'' if in_attribute => out.push_str("&apos;"),
            // Attribute-value normalization would turn these into spaces; a reference keeps them.
            '\n' if in_attribute => out.push_str("&#10;"),
            '\t' if in_attribute => out.push_str("&#9;"),
            // Parsers normalize a literal CR away, in text too.
            '\r' => out.push_str("&#13;"),
            c => out.push(c),
        }
    }
    out
}

fn attr(value: &str) -> String {
    escape(value, true)
}

fn text(value: &str) -> String {
    escape(value, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_replaces_forbidden_characters() {
        assert_eq!(attr("a<b>&\"c'\n\td\r"), "a&lt;b&gt;&amp;&quot;c&apos;&#10;&#9;d&#13;");
        assert_eq!(
            text("\u{1b}[1;31m오류\u{1b}[0m\u{0}\u{85}\u{ffff}\u{1b}x'\"\n"),
            "오류\u{fffd}\u{fffd}\u{fffd}\u{fffd}x'\"\n"
        );
        // A malformed sequence drops only its own characters.
        assert_eq!(text("\u{1b}[12가나"), "가나");
    }

    #[test]
    fn seconds_are_exact() {
        assert_eq!(seconds(0), "0.000");
        assert_eq!(seconds(1234), "1.234");
        assert_eq!(seconds(60_005), "60.005");
    }
}
