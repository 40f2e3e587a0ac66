//! `remove_step`: a step of the draft taken out because the person said so in the session's
//! chat. Only their message can take a step out — a model that drops a spec's step on its own
//! would leave the requirement untested behind a green — so the call must cite that message.

use crate::drafter::heard;
use crate::state::{refused, Outcome, Turn};
use crate::AgentError;
use schemars::JsonSchema;
use serde::Deserialize;
use specwright_protocol::{Event, Text};
use specwright_rails::RunError;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RemoveStep {
    /// The step's number in the scenario so far (the first, opening the application, stays).
    pub step: u32,
    /// The person's message that asks for it: `said:N`.
    pub cite: String,
}

impl RemoveStep {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        let Some(message) = heard(t.state, &self.cite) else {
            return Ok(refused(
                "only the person can take a step out: cite their message as `said:N`; a step the documents ask for stays",
            ));
        };
        let count = t.scenario.steps.len() as u32;
        if self.step < 2 || self.step > count {
            return Ok(refused(format!("there is no step {} to take out: the steps are 2 to {count}", self.step)));
        }
        let removed = t.scenario.steps.remove(self.step as usize - 1);
        for (i, step) in t.scenario.steps.iter_mut().enumerate() {
            step.index = i as u32 + 1;
        }
        let text = Text::message(
            "said-step-removed",
            [
                ("step", self.step.into()),
                ("intent", removed.intent.as_str().into()),
                ("words", t.cx.secrets.redact(&message.words).into()),
            ],
        );
        t.cx.sink.emit(Event::MessageDone { text }).map_err(RunError::Sink)?;
        Ok(Outcome::Result(format!(
            "Step {} (\"{}\") is out; the steps after it are renumbered. The page is as it was: take a browser_snapshot, and run_trial to see the steps replay without it.",
            self.step, removed.intent
        )))
    }
}
