//! `search_documents`: keyword and meaning search over the session's documents; each hit
//! carries the citation a step can use.

use crate::state::{Outcome, Turn};
use crate::AgentError;
use schemars::JsonSchema;
use serde::Deserialize;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct SearchDocuments {
    /// What to look for, in the documents' language.
    pub query: String,
}

impl SearchDocuments {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        let (knowledge, session_id) = match t.state.document_call() {
            Ok(index) => index,
            Err(refusal) => return Ok(refusal),
        };
        let hits =
            knowledge.search(session_id, &self.query, specwright_knowledge::SearchMode::Hybrid, 5).map_err(|e| {
                AgentError::Llm {
                    code: "knowledge",
                    message: specwright_protocol::Text::message("error-knowledge", [("reason", e.to_string().into())]),
                }
            })?;
        // Documents are embedded beside the run: until that is done, meaning search sees part.
        let partial = match knowledge.coverage(session_id) {
            Ok(c) if !c.complete() => format!(
                "\n(Meaning search covers {} of {} passages so far: the documents are still being indexed. Keyword matches cover all of them.)",
                c.embedded, c.total
            ),
            _ => String::new(),
        };
        if hits.is_empty() {
            return Ok(Outcome::Result(format!("No hits.{partial}")));
        }
        let lines: Vec<String> = hits
            .iter()
            .map(|h| format!("- cite {}#L{} (section anchor {}): {}", h.document, h.citation.line, h.anchor, h.snippet))
            .collect();
        let (text, _) = crate::defuse(&lines.join("\n"));
        Ok(Outcome::Result(format!("{}{partial}", crate::fence("document-hits", &[], &text))))
    }
}
