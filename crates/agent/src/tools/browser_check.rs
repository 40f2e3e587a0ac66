//! `browser_check`: check or uncheck a checkbox, radio or switch, as a recorded step.

use crate::acting::{act, element};
use crate::state::{refused, Outcome, Turn};
use crate::AgentError;
use schemars::JsonSchema;
use serde::Deserialize;
use specwright_scenario::Action;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct BrowserCheck {
    #[serde(rename = "ref")]
    pub reference: String,
    /// true to check it, false to uncheck it.
    #[serde(default = "checked")]
    pub checked: bool,
    pub intent: String,
    pub cite: String,
}

/// A model that leaves `checked` out means to check it.
fn checked() -> bool {
    true
}

impl BrowserCheck {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        let target = match element(t.session, &self.reference).await? {
            Ok(target) => target,
            Err(message) => return Ok(refused(message)),
        };
        let action = if self.checked { Action::Check { target } } else { Action::Uncheck { target } };
        act(t, action, &self.intent, &self.cite).await
    }
}
