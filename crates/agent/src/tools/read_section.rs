//! `read_section`: one section of a document in numbered lines, a page at a time.

use crate::state::{refused, Outcome, Turn};
use crate::AgentError;
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ReadSection {
    /// The section's anchor, e.g. spec.md#login.
    pub anchor: String,
    /// 0, or next_offset from the previous read.
    #[serde(default)]
    pub offset: usize,
}

/// Characters of a section per read.
const PAGE_CHARS: usize = 6000;

impl ReadSection {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        let (knowledge, session_id) = match t.state.document_call() {
            Ok(index) => index,
            Err(refusal) => return Ok(refusal),
        };
        let Some((document, _)) = self.anchor.split_once('#') else {
            return Ok(refused("an anchor is document#section, as a search hit gives it"));
        };
        match knowledge.read_section(session_id, document, &self.anchor, self.offset, PAGE_CHARS) {
            Ok(read) => {
                let (text, _) = crate::defuse(&read.text);
                let more = read
                    .next_offset
                    .map(|n| format!("\n[more: read_section again with offset {n}]"))
                    .unwrap_or_default();
                let fenced = crate::fence("document", &[("name", &read.document), ("section", &read.title)], &text);
                Ok(Outcome::Result(format!("{fenced}{more}")))
            }
            Err(e) => Ok(refused(e.to_string())),
        }
    }
}
