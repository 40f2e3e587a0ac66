//! `browser_navigate`: open a URL or a path of the application, as a recorded step.

use crate::acting::act;
use crate::state::{Outcome, Turn};
use crate::AgentError;
use schemars::JsonSchema;
use serde::Deserialize;
use specwright_scenario::Action;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct BrowserNavigate {
    /// Absolute URL or a path such as /login.
    pub url: String,
    pub intent: String,
    pub cite: String,
}

impl BrowserNavigate {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        act(t, Action::Goto { url: self.url }, &self.intent, &self.cite).await
    }
}
