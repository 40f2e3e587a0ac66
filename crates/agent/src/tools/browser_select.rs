//! `browser_select`: choose an option of a select box by its label, as a recorded step.

use crate::acting::{act, field_and_value};
use crate::state::{Outcome, Turn};
use crate::AgentError;
use schemars::JsonSchema;
use serde::Deserialize;
use specwright_scenario::Action;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct BrowserSelect {
    #[serde(rename = "ref")]
    pub reference: String,
    /// The option's label.
    pub value: String,
    pub intent: String,
    pub cite: String,
}

impl BrowserSelect {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        let (target, value) = match field_and_value(t, &self.reference, &self.value).await? {
            Ok(typed) => typed,
            Err(refusal) => return Ok(refusal),
        };
        act(t, Action::Select { target, value }, &self.intent, &self.cite).await
    }
}
