//! The Reviewer's checks that need no browser: shape, provenance, assumptions and assertions.
//! The runtime adds what only a live run can tell (locators resolving, flakiness).

use crate::{Action, AssumptionStatus, Provenance, Scenario, StepStatus, Text, TrialReport, Value, VariableSource};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Blocks submitting the scenario.
    Error,
    /// Shown with the draft; a person decides.
    Warning,
    Info,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Finding {
    pub severity: Severity,
    /// `schema`, `unauthorized_addition`, `open_assumption`, `no_assertion_after_change`,
    /// `no_assertion`, `trial_failed`, `flaky`.
    pub code: String,
    pub step: Option<u32>,
    /// A sentence for a person: a catalog message, rendered in the reader's language.
    pub message: Text,
}

fn finding(severity: Severity, code: &str, step: Option<u32>, message: Text) -> Finding {
    Finding { severity, code: code.to_string(), step, message }
}

/// Structural problems: what would make the scenario fail to run or export, whatever the app does.
pub fn validate(scenario: &Scenario) -> Vec<Finding> {
    let mut out = Vec::new();
    let schema = |step: Option<u32>, message: Text| finding(Severity::Error, "schema", step, message);
    if scenario.steps.is_empty() {
        out.push(schema(None, Text::message("review-no-steps", [])));
    }
    for (i, step) in scenario.steps.iter().enumerate() {
        if step.index != i as u32 + 1 {
            out.push(schema(
                Some(step.index),
                Text::message("review-step-number", [("position", (i + 1).into()), ("found", step.index.into())]),
            ));
        }
        if let Some(target) = step.action.target() {
            if target.strategies.is_empty() {
                out.push(schema(Some(step.index), Text::message("review-no-locator", [])));
            }
        }
        let value = match &step.action {
            Action::Fill { value, .. } | Action::Select { value, .. } => Some(value),
            _ => None,
        };
        match value {
            Some(Value::Variable { name }) => match scenario.variables.iter().find(|v| &v.name == name) {
                None => out.push(schema(
                    Some(step.index),
                    Text::message("review-undefined-variable", [("name", name.into())]),
                )),
                Some(v) => {
                    if let VariableSource::TestData { column } = &v.source {
                        let known = scenario.data.as_ref().is_some_and(|d| d.columns.contains(column));
                        if !known {
                            out.push(schema(
                                Some(step.index),
                                Text::message("review-no-column", [("column", column.into())]),
                            ));
                        }
                    }
                }
            },
            Some(Value::Secret { name }) => {
                let declared = scenario.variables.iter().any(|v| &v.name == name && v.source == VariableSource::Secret);
                if !declared {
                    out.push(schema(
                        Some(step.index),
                        Text::message("review-secret-undeclared", [("name", name.into())]),
                    ));
                }
            }
            _ => {}
        }
        if let Provenance::Assumption { assumption_id } = &step.provenance {
            if !scenario.assumptions.iter().any(|a| &a.id == assumption_id) {
                out.push(schema(
                    Some(step.index),
                    Text::message("review-assumption-missing", [("id", assumption_id.into())]),
                ));
            }
        }
    }
    if let Some(data) = &scenario.data {
        if data.rows.is_empty() {
            out.push(schema(None, Text::message("review-data-no-rows", [])));
        }
        for (i, row) in data.rows.iter().enumerate() {
            if row.len() != data.columns.len() {
                out.push(schema(
                    None,
                    Text::message(
                        "review-data-row-cells",
                        [("row", (i + 1).into()), ("cells", row.len().into()), ("columns", data.columns.len().into())],
                    ),
                ));
            }
        }
    }
    out
}

/// Everything the Reviewer can tell from the scenario alone (and a trial report, if one ran).
pub fn review(scenario: &Scenario, trial: Option<&TrialReport>) -> Vec<Finding> {
    let mut out = validate(scenario);
    for step in &scenario.steps {
        if let Provenance::Observed { .. } = step.provenance {
            out.push(finding(
                Severity::Warning,
                "unauthorized_addition",
                Some(step.index),
                Text::message(
                    "review-unsourced-step",
                    [("step", step.index.into()), ("intent", step.intent.as_str().into())],
                ),
            ));
        }
    }
    for assumption in scenario.assumptions.iter().filter(|a| a.status == AssumptionStatus::Open) {
        out.push(finding(
            Severity::Warning,
            "open_assumption",
            None,
            Text::message("review-open-assumption", [("text", assumption.text.as_str().into())]),
        ));
    }
    let last_assertion = scenario.steps.iter().rposition(|s| s.action.is_assertion());
    match last_assertion {
        None if !scenario.steps.is_empty() => {
            out.push(finding(Severity::Error, "no_assertion", None, Text::message("review-no-assertion", [])))
        }
        None => {}
        Some(last) => {
            for step in scenario.steps[last + 1..].iter().filter(|s| s.action.changes_state()) {
                out.push(finding(
                    Severity::Warning,
                    "no_assertion_after_change",
                    Some(step.index),
                    Text::message("review-no-check-after", [("step", step.index.into())]),
                ));
            }
        }
    }
    if let Some(trial) = trial {
        for run in &trial.runs {
            for step in run.steps.iter().filter(|s| s.status == StepStatus::Failed) {
                let why = step.diagnosis.as_ref().map(|d| d.message.clone()).unwrap_or_default();
                let message = match run.row {
                    Some(r) => Text::message(
                        "review-trial-failed-row",
                        [
                            ("attempt", run.attempt.into()),
                            ("row", (r + 1).into()),
                            ("step", step.index.into()),
                            ("why", why.into()),
                        ],
                    ),
                    None => Text::message(
                        "review-trial-failed",
                        [("attempt", run.attempt.into()), ("step", step.index.into()), ("why", why.into())],
                    ),
                };
                out.push(finding(Severity::Error, "trial_failed", Some(step.index), message));
            }
        }
        if trial.flaky {
            out.push(finding(Severity::Warning, "flaky", None, Text::message("review-flaky", [])));
        }
    }
    // Most severe first; within a severity, step by step, then what concerns the whole scenario.
    out.sort_by_key(|f| (f.severity, f.step.is_none(), f.step));
    out
}
