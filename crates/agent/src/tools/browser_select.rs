//! `browser_select`: choose an option of a select box by its label, as a recorded step.

use crate::acting::{act, element, value_of};
use crate::state::{refused, Outcome, Turn};
use crate::tools::browser_fill::SECRET_IN_VISIBLE_FIELD;
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
        let target = match element(t.session, &self.reference).await? {
            Ok(target) => target,
            Err(message) => return Ok(refused(message)),
        };
        let Some(value) = value_of(t.cx, t.scenario, &self.value, &target, t.session).await? else {
            return Ok(refused(SECRET_IN_VISIBLE_FIELD));
        };
        act(t, Action::Select { target, value }, &self.intent, &self.cite).await
    }
}
