//! `run_trial`: the draft replayed from a fresh browser with only its recorded locators, so the
//! model learns which step would fail before it submits.

use crate::state::{refused, Outcome, Turn, MAX_DRAFT_TRIALS};
use crate::AgentError;
use schemars::JsonSchema;
use serde::Deserialize;
use specwright_scenario::{StepStatus, TrialReport, TrialStepResult};

#[derive(Debug, Deserialize, JsonSchema)]
pub(crate) struct RunTrial {}

impl RunTrial {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        if t.scenario.steps.len() < 2 {
            return Ok(refused("there is nothing to replay yet: drive the application first"));
        }
        if t.state.trials >= MAX_DRAFT_TRIALS {
            return Ok(refused(format!(
                "{MAX_DRAFT_TRIALS} trials were run already; submit the scenario, the final trial follows it"
            )));
        }
        // A draft trial on the real target would delete, send or pay again: those wait for
        // the final trial, which the person's run settings govern.
        let cx = &mut *t.cx;
        let environment = cx.safety.environment;
        if !cx.safety.allow_risky
            && t.scenario
                .steps
                .iter()
                .any(|s| specwright_browser::classify(&s.action, &s.intent, environment).is_some())
        {
            return Ok(refused(
                "the draft has steps that delete, send or pay; replaying them would do it again on the application. Submit the scenario instead: its trial runs after the person's review",
            ));
        }
        t.state.trials += 1;
        t.state.approved = None;
        let trial_id = format!("draft-{}", t.state.trials);
        match specwright_rails::run_trial(t.session, t.scenario, cx.secrets, cx.sink, &trial_id, 1, false).await {
            // Stopped part way (a stop, or a message waiting): no result to tell the model.
            Ok(_) if cx.sink.cancelled() => Err(specwright_rails::RunError::Cancelled.into()),
            Ok(trial) => {
                if trial.changed_data {
                    cx.memory.records.changed(&t.scenario.id);
                }
                Ok(Outcome::Result(crate::defuse(&cx.secrets.redact(&summary(&trial.report))).0))
            }
            Err(e) => Ok(refused(format!("the trial could not run: {}", cx.secrets.redact(&e)))),
        }
    }
}

/// What the model reads of a draft trial: the verdict, and for a failure the step, what was
/// expected and what the page showed, and the closest elements.
fn summary(report: &TrialReport) -> String {
    let steps: Vec<&TrialStepResult> = report.runs.iter().flat_map(|r| &r.steps).collect();
    let passed = steps.iter().filter(|s| s.status == StepStatus::Passed).count();
    let failed = steps.iter().find(|s| s.status == StepStatus::Failed);
    let mut text = match failed {
        None => format!("The trial passed: all {passed} steps ran from a fresh browser."),
        Some(step) => {
            let mut line =
                format!("The trial failed at step {} (\"{}\") after {passed} passed steps", step.index, step.intent);
            if let Some(d) = &step.diagnosis {
                line.push_str(&format!(": {}", d.message));
                if let (Some(expected), Some(actual)) = (&d.expected, &d.actual) {
                    line.push_str(&format!(" (expected \"{expected}\", the page shows \"{actual}\")"));
                }
                if !d.candidates.is_empty() {
                    line.push_str(&format!("; closest on the page: {}", d.candidates.join(", ")));
                }
            }
            line.push_str(". Later steps were skipped.");
            line
        }
    };
    text.push_str(" The browser is where the trial ended: take a browser_snapshot before acting.");
    text
}
