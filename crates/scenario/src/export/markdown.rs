//! Markdown test plan: what a person reads to know what the scenario checks and why. Every value
//! of the scenario is text here, never markup: Markdown's punctuation is escaped (raw HTML
//! included), values are code spans whose fence no backtick inside can close, and table cells
//! escape their pipes.

use super::{one_line, say, Words};
use crate::{Provenance, Scenario, VariableSource};
use std::fmt::Write;

pub fn markdown_plan(scenario: &Scenario, words: &dyn Words) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", say(words, "plan-title", [("title", md(&scenario.title).into())]));
    let _ = writeln!(out, "- {}: {}", say(words, "doc-target", []), code(&scenario.target_url));
    let _ = writeln!(
        out,
        "- {}: {} (schema v{})",
        say(words, "doc-scenario", []),
        code(&scenario.id),
        scenario.schema_version
    );
    let _ = writeln!(out, "- {}: {}", say(words, "doc-steps", []), scenario.steps.len());
    // The latest trial's verdict, from the steps' record, and what it rests on: never a plain
    // pass for a scenario that checks nothing.
    let (verdict, findings) = crate::verdict(scenario, None);
    let _ = writeln!(out, "- {}: **{}**", say(words, "report-verdict", []), say(words, verdict.word(), []));
    for f in findings.iter().filter(|f| f.severity != crate::Severity::Info && f.code != "trial_failed") {
        let _ = writeln!(out, "  - {}", md(&words.text(&f.message)));
    }
    out.push('\n');

    if !scenario.preconditions.is_empty() {
        let _ = writeln!(out, "## {}\n", say(words, "doc-preconditions", []));
        for p in &scenario.preconditions {
            let _ = writeln!(out, "- {} ({})", md(&p.text), md(&p.provenance.label()));
        }
        out.push('\n');
    }

    if let Some(data) = &scenario.data {
        let _ = writeln!(out, "## {}\n", say(words, "doc-test-data", []));
        let _ = writeln!(out, "| {} |", data.columns.iter().map(|c| cell(&md(c))).collect::<Vec<_>>().join(" | "));
        let _ = writeln!(out, "|{}", "---|".repeat(data.columns.len()));
        for row in &data.rows {
            let _ = writeln!(out, "| {} |", row.iter().map(|c| cell(&md(c))).collect::<Vec<_>>().join(" | "));
        }
        out.push('\n');
    }

    let _ = writeln!(out, "## {}\n", say(words, "doc-steps", []));
    let head = ["doc-intent", "doc-action", "doc-target", "doc-source", "doc-status"].map(|id| say(words, id, []));
    let _ = writeln!(out, "| # | {} |", head.join(" | "));
    out.push_str("|---|---|---|---|---|---|\n");
    for step in &scenario.steps {
        let target = step.action.target().and_then(|t| t.primary()).map(|l| l.describe()).unwrap_or_default();
        let mut action = super::describe_action_with(&step.action, &code, &md);
        if let Some(check) = &step.response {
            let _ = write!(action, "; {}", say(words, "doc-response", [("request", md(&check.describe()).into())]));
        }
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            step.index,
            cell(&md(&step.intent)),
            cell(&action),
            cell(&md(&target)),
            cell(&md(&step.provenance.label())),
            super::verification_word(words, step.verification)
        );
    }
    out.push('\n');

    let _ = writeln!(out, "## {}\n", say(words, "doc-citations", []));
    for step in &scenario.steps {
        match &step.provenance {
            Provenance::Spec { citation } => {
                let _ = writeln!(out, "{}. {} — “{}”", step.index, md(&citation.label()), md(&citation.quote));
            }
            Provenance::Said { words: said, by, .. } => {
                let _ = writeln!(out, "{}. {} — “{}”", step.index, md(&super::said_by(by, words)), md(said));
            }
            _ => {}
        }
    }
    out.push('\n');

    let _ = writeln!(out, "## {}\n", say(words, "doc-assumptions", []));
    if scenario.assumptions.is_empty() {
        let _ = writeln!(out, "- {}", say(words, "doc-none", []));
    }
    for a in &scenario.assumptions {
        let _ = writeln!(out, "- [{}] {} ({})", super::assumption_word(words, a.status), md(&a.text), md(&a.made_by));
    }
    out.push('\n');

    let secrets: Vec<_> = scenario.variables.iter().filter(|v| v.source == VariableSource::Secret).collect();
    if !secrets.is_empty() {
        let _ = writeln!(out, "## {}\n", say(words, "doc-secrets", []));
        for v in secrets {
            let env = format!("SPECWRIGHT_SECRET_{}", v.name);
            let _ = writeln!(
                out,
                "- {}: {}",
                code(&format!("{{{{secret.{}}}}}", v.name)),
                say(words, "doc-secret-env", [("env", code(&env).into())])
            );
        }
        out.push('\n');
    }
    let _ = writeln!(out, "## {}\n\n```sh\nnpx playwright test\n```", say(words, "doc-run", []));
    out
}

/// Text of the scenario's as Markdown text: on one line, every character CommonMark could read
/// as markup escaped (`<` too: no raw HTML). Pipes are left to `cell`.
fn md(text: &str) -> String {
    let chars: Vec<char> = one_line(text).chars().collect();
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        // An underscore between two letters or digits (`q_1`) can never open emphasis.
        let inside_word = c == '_'
            && i > 0
            && chars[i - 1].is_alphanumeric()
            && chars.get(i + 1).is_some_and(|n| n.is_alphanumeric());
        if "\\`*_[]<>#!~&".contains(c) && !inside_word {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A value as a code span: its fence longer than any run of backticks inside, padded when the
/// value starts or ends with one.
fn code(text: &str) -> String {
    let text = one_line(text);
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    if text.is_empty() || text.starts_with('`') || text.ends_with('`') {
        format!("{fence} {text} {fence}")
    } else {
        format!("{fence}{text}{fence}")
    }
}

/// Text from outside (a title, an address) as Markdown on one line that is safe in a table cell
/// too: the plan's own escaping, for other documents written in Markdown.
pub fn markdown_text(text: &str) -> String {
    cell(&md(text))
}

/// Markdown already escaped, as a table cell: its pipes escaped too (GFM reads `\\|` as a pipe
/// even inside a code span).
fn cell(markdown: &str) -> String {
    markdown.replace('|', "\\|")
}
