//! `record_assumption`: a decision the documents do not make, recorded before the steps that
//! rest on it.

use crate::drafter::assume;
use crate::state::{Outcome, Turn};
use crate::AgentError;
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct RecordAssumption {
    /// The assumption.
    pub text: String,
}

impl RecordAssumption {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        let id = assume(t.cx, t.scenario, t.state, &self.text);
        Ok(Outcome::Result(format!("Recorded as {id}. Cite the steps that rest on it as `assumption`.")))
    }
}
