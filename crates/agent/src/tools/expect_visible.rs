//! `expect_visible`: a check, kept in every run, that one element with this role and name is
//! visible.

use crate::acting::{act, named};
use crate::state::{refused, Outcome, Turn};
use crate::AgentError;
use schemars::JsonSchema;
use serde::Deserialize;
use specwright_scenario::{Action, Assertion};

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ExpectVisible {
    pub role: String,
    pub name: String,
    pub intent: String,
    pub cite: String,
}

impl ExpectVisible {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        let target = match named(t.session, &self.role, &self.name).await? {
            Ok(target) => target,
            Err(message) => return Ok(refused(message)),
        };
        act(t, Action::Expect { target, assertion: Assertion::Visible }, &self.intent, &self.cite).await
    }
}
