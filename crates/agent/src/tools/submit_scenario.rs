//! `submit_scenario`: the finished draft handed to the trial and the review; the review's
//! blocking findings send it back to the model twice at most, then go to the person with it.

use crate::state::{refused, Outcome, Turn};
use crate::AgentError;
use schemars::JsonSchema;
use serde::Deserialize;
use specwright_protocol::Event;
use specwright_rails::RunError;
use specwright_scenario::Severity;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SubmitScenario {
    /// A short title.
    pub title: String,
}

/// Times the review may send a draft back before its findings go to the person instead.
const BOUNCES: u32 = 2;

impl SubmitScenario {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        if t.scenario.steps.len() < 2 {
            return Ok(refused("there is nothing to submit yet: drive the application first"));
        }
        t.scenario.title = self.title;
        let blocking: Vec<_> = specwright_scenario::review(t.scenario, None)
            .into_iter()
            .filter(|f| f.severity == Severity::Error)
            .collect();
        if !blocking.is_empty() && t.state.bounces < BOUNCES {
            t.state.bounces += 1;
            let reasons: Vec<String> = blocking
                .iter()
                .map(|f| {
                    format!("{} ({})", specwright_catalog::render(&f.message, specwright_catalog::Locale::En), f.code)
                })
                .collect();
            t.cx.sink.emit(Event::ReviewFindings { findings: blocking }).map_err(RunError::Sink)?;
            return Ok(Outcome::Result(format!(
                "The review sent the scenario back: {}. Fix it, then call submit_scenario again.",
                reasons.join("; ")
            )));
        }
        Ok(Outcome::Submitted)
    }
}
