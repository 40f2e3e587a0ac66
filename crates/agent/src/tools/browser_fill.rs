//! `browser_fill`: type a value into a field; a password goes in as a secret placeholder and
//! never as text the model or a report could read.

use crate::acting::{act, field_and_value};
use crate::state::{Outcome, Turn};
use crate::AgentError;
use schemars::JsonSchema;
use serde::Deserialize;
use specwright_scenario::Action;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct BrowserFill {
    #[serde(rename = "ref")]
    pub reference: String,
    /// The text, or {{secret.NAME}}.
    pub value: String,
    pub intent: String,
    pub cite: String,
}

impl BrowserFill {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        let (target, value) = match field_and_value(t, &self.reference, &self.value).await? {
            Ok(typed) => typed,
            Err(refusal) => return Ok(refusal),
        };
        act(t, Action::Fill { target, value }, &self.intent, &self.cite).await
    }
}
