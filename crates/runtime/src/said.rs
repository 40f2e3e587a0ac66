//! A session's conversation as runs apply it: what each message was taken as (from the log's
//! `user.said` events), the words, who and when that said steps cite, and what a run that goes on
//! after a message starts with. Data only, below both the runtime's commands and the pipeline.

use crate::revision::EarlierVersion;
use specwright_engine::SaidLine;
use specwright_protocol::{Envelope, Event, SaidAs};
use specwright_scenario::SaidMessage;

/// What a run that goes on after a message starts with: the message, and the session as it
/// stood before it when the message changed its steps.
pub(crate) struct Continuation {
    pub(crate) said: Event,
    pub(crate) earlier: Option<EarlierVersion>,
}

impl Continuation {
    /// Whether the message is a model's next turn.
    pub(crate) fn is_turn(&self) -> bool {
        matches!(&self.said, Event::UserSaid { taken: SaidAs::Turn, .. })
    }
}

/// A session's conversation as a run applies it: what each message was taken as, and the words,
/// who and when that the steps it produced cite.
pub(crate) struct Conversation {
    pub(crate) lines: Vec<SaidLine>,
    pub(crate) messages: Vec<SaidMessage>,
}

impl Conversation {
    /// The messages a model reads as its turns (their log sequence numbers).
    pub(crate) fn turns(&self) -> Vec<u32> {
        self.lines.iter().filter(|l| l.taken == SaidAs::Turn).map(|l| l.seq).collect()
    }
}

impl Conversation {
    pub(crate) fn of(events: &[Envelope]) -> Self {
        let mut conversation = Conversation { lines: Vec::new(), messages: Vec::new() };
        for envelope in events {
            if let Event::UserSaid { text, by, taken } = &envelope.event {
                conversation.lines.push(SaidLine { seq: envelope.seq, taken: taken.clone() });
                conversation.messages.push(SaidMessage {
                    seq: envelope.seq,
                    words: text.clone(),
                    by: by.clone(),
                    at_ms: envelope.at_ms,
                });
            }
        }
        conversation
    }
}

/// The id a session's scenarios share: `scn_3` of `scn_3` and of a case's `scn_3-tc-01`.
pub(crate) fn base_id(scenario_id: &str) -> String {
    scenario_id.split_once('-').map_or(scenario_id, |(base, _)| base).to_string()
}

/// What each message of a session's log was taken as.
pub(crate) fn said_lines(events: &[Envelope]) -> Vec<SaidLine> {
    Conversation::of(events).lines
}

/// Whether what was said to a session holds steps (a session started from words has no
/// document, and goes on from what was said).
pub(crate) fn spoken_to(events: &[Envelope]) -> bool {
    events.iter().any(|e| matches!(&e.event, Event::UserSaid { taken: SaidAs::Steps { .. } | SaidAs::Turn, .. }))
}

/// A session started from words is titled by them: their first line, cut at 80 characters.
pub(crate) fn title_of(words: &str) -> String {
    let line = words.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or_default();
    match line.char_indices().nth(80) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line.to_string(),
    }
}

/// Where a model goes on from in a session with no conversation to resume (it ended, or another
/// engine built it): the scenario as it stands, every message said so far already in it.
pub(crate) fn as_it_stands(
    store: &specwright_store::Store,
    summary: &specwright_protocol::SessionSummary,
) -> Result<Option<specwright_agent::AgentCheckpoint>, specwright_store::StoreError> {
    // Read already: the messages said before the stored scenario was drafted (a message whose run
    // ended before drafting anything is read again).
    let mut heard = 0;
    let mut said = 0;
    for envelope in store.events(&summary.id, 0)? {
        match &envelope.event {
            Event::UserSaid { .. } => said = envelope.seq,
            Event::ScenarioDraft { .. } => heard = said,
            _ => {}
        }
    }
    Ok(store.latest_scenario(&summary.id)?.map(|scenario| specwright_agent::AgentCheckpoint {
        messages: Vec::new(),
        scenario,
        asked: 0,
        last_assumption: None,
        snapshot_at: Vec::new(),
        iterations: 0,
        heard,
    }))
}
