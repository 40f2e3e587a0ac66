//! `browser_fill`: type a value into a field; a password goes in as a secret placeholder and
//! never as text the model or a report could read.

use crate::acting::{act, element, value_of};
use crate::state::{refused, Outcome, Turn};
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

/// What the model is told when it puts a secret where the page would show it.
pub(crate) const SECRET_IN_VISIBLE_FIELD: &str =
    "{{secret.NAME}} goes only into a password field; type visible values as they are";

impl BrowserFill {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        let target = match element(t.session, &self.reference).await? {
            Ok(target) => target,
            Err(message) => return Ok(refused(message)),
        };
        let Some(value) = value_of(t.cx, t.scenario, &self.value, &target, t.session).await? else {
            return Ok(refused(SECRET_IN_VISIBLE_FIELD));
        };
        act(t, Action::Fill { target, value }, &self.intent, &self.cite).await
    }
}
