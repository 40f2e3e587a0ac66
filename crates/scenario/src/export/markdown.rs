//! Markdown test plan: what a person reads to know what the scenario checks and why.

use super::{one_line, say, Words};
use crate::{Provenance, Scenario, VariableSource};
use std::fmt::Write;

pub fn markdown_plan(scenario: &Scenario, words: &dyn Words) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", say(words, "plan-title", [("title", scenario.title.as_str().into())]));
    let _ = writeln!(out, "- {}: `{}`", say(words, "doc-target", []), scenario.target_url);
    let _ =
        writeln!(out, "- {}: `{}` (schema v{})", say(words, "doc-scenario", []), scenario.id, scenario.schema_version);
    let _ = writeln!(out, "- {}: {}", say(words, "doc-steps", []), scenario.steps.len());
    // The latest trial's verdict, from the steps' record, and what it rests on: never a plain
    // pass for a scenario that checks nothing.
    let (verdict, findings) = crate::verdict(scenario, None);
    let _ = writeln!(out, "- {}: **{}**", say(words, "report-verdict", []), say(words, verdict.word(), []));
    for f in findings.iter().filter(|f| f.severity != crate::Severity::Info && f.code != "trial_failed") {
        let _ = writeln!(out, "  - {}", one_line(&words.text(&f.message)));
    }
    out.push('\n');

    if !scenario.preconditions.is_empty() {
        let _ = writeln!(out, "## {}\n", say(words, "doc-preconditions", []));
        for p in &scenario.preconditions {
            let _ = writeln!(out, "- {} ({})", p.text, p.provenance.label());
        }
        out.push('\n');
    }

    if let Some(data) = &scenario.data {
        let _ = writeln!(out, "## {}\n", say(words, "doc-test-data", []));
        let _ = writeln!(out, "| {} |", data.columns.iter().map(|c| cell(c)).collect::<Vec<_>>().join(" | "));
        let _ = writeln!(out, "|{}", "---|".repeat(data.columns.len()));
        for row in &data.rows {
            let _ = writeln!(out, "| {} |", row.iter().map(|c| cell(c)).collect::<Vec<_>>().join(" | "));
        }
        out.push('\n');
    }

    let _ = writeln!(out, "## {}\n", say(words, "doc-steps", []));
    let head = ["doc-intent", "doc-action", "doc-target", "doc-source", "doc-status"].map(|id| say(words, id, []));
    let _ = writeln!(out, "| # | {} |", head.join(" | "));
    out.push_str("|---|---|---|---|---|---|\n");
    for step in &scenario.steps {
        let target = step.action.target().and_then(|t| t.primary()).map(|l| l.describe()).unwrap_or_default();
        let mut action = super::describe_action(&step.action);
        if let Some(check) = &step.response {
            let _ = write!(action, "; {}", say(words, "doc-response", [("request", check.describe().into())]));
        }
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            step.index,
            cell(&step.intent),
            cell(&action),
            cell(&target),
            cell(&step.provenance.label()),
            super::verification_word(words, step.verification)
        );
    }
    out.push('\n');

    let _ = writeln!(out, "## {}\n", say(words, "doc-citations", []));
    for step in &scenario.steps {
        if let Provenance::Spec { citation } = &step.provenance {
            let _ = writeln!(out, "{}. {} — “{}”", step.index, citation.label(), one_line(&citation.quote));
        }
    }
    out.push('\n');

    let _ = writeln!(out, "## {}\n", say(words, "doc-assumptions", []));
    if scenario.assumptions.is_empty() {
        let _ = writeln!(out, "- {}", say(words, "doc-none", []));
    }
    for a in &scenario.assumptions {
        let _ = writeln!(out, "- [{}] {} ({})", super::assumption_word(words, a.status), a.text, a.made_by);
    }
    out.push('\n');

    let secrets: Vec<_> = scenario.variables.iter().filter(|v| v.source == VariableSource::Secret).collect();
    if !secrets.is_empty() {
        let _ = writeln!(out, "## {}\n", say(words, "doc-secrets", []));
        for v in secrets {
            let env = format!("SPECWRIGHT_SECRET_{}", v.name);
            let _ = writeln!(
                out,
                "- `{{{{secret.{}}}}}`: {}",
                v.name,
                say(words, "doc-secret-env", [("env", format!("`{env}`").into())])
            );
        }
        out.push('\n');
    }
    let _ = writeln!(out, "## {}\n\n```sh\nnpx playwright test\n```", say(words, "doc-run", []));
    out
}

fn cell(text: &str) -> String {
    one_line(text).replace('|', "\\|")
}
