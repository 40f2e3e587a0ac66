//! `browser_click`: click the element behind a ref of the latest snapshot, as a recorded step.

use crate::acting::{act, element};
use crate::state::{refused, Outcome, Turn};
use crate::AgentError;
use schemars::JsonSchema;
use serde::Deserialize;
use specwright_scenario::Action;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct BrowserClick {
    #[serde(rename = "ref")]
    pub reference: String,
    pub intent: String,
    pub cite: String,
}

impl BrowserClick {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        let target = match element(t.session, &self.reference).await? {
            Ok(target) => target,
            Err(message) => return Ok(refused(message)),
        };
        act(t, Action::Click { target }, &self.intent, &self.cite).await
    }
}
