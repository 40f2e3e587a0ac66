//! `browser_snapshot`: the page as the model reads it, its accessibility tree with secrets
//! masked and instructions inside the page cut out; older snapshots in the conversation are
//! replaced by a line, so the model reads only the latest page.

use crate::state::{Outcome, Turn};
use crate::AgentError;
use schemars::JsonSchema;
use serde::Deserialize;
use specwright_llm::Message;
use specwright_protocol::{Event, Text};
use specwright_rails::RunError;

#[derive(Debug, Deserialize, JsonSchema)]
pub(crate) struct BrowserSnapshot {}

impl BrowserSnapshot {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        let page = t.session.page();
        let snapshot = page
            .compact_snapshot(&t.cx.secrets.values())
            .await
            .map_err(|source| RunError::Browser { line: 0, source })?;
        for i in t.state.snapshot_at.drain(..) {
            if let Some(Message::Tool { content, .. }) = t.messages.get_mut(i) {
                *content = "[an older snapshot, replaced by the newer one below]".into();
            }
        }
        t.state.snapshot_at.push(t.messages.len());
        let url = page.url();
        let (text, cut) = crate::defuse(snapshot.text());
        if cut > 0 {
            t.cx.sink
                .emit(Event::MessageDone {
                    text: Text::message("fence-cut-page", [("lines", cut.into()), ("url", url.as_str().into())]),
                })
                .map_err(RunError::Sink)?;
        }
        Ok(Outcome::Snapshot(crate::fence("page", &[("url", &url)], &text)))
    }
}
