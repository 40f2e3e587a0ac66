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

/// A session's conversation as a run applies it: what each message was taken as, and the words,
/// who and when that the steps it produced cite.
pub(crate) struct Conversation {
    pub(crate) lines: Vec<SaidLine>,
    pub(crate) messages: Vec<SaidMessage>,
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
    events.iter().any(|e| matches!(&e.event, Event::UserSaid { taken: SaidAs::Steps { .. }, .. }))
}

/// A session started from words is titled by them: their first line, cut at 80 characters.
pub(crate) fn title_of(words: &str) -> String {
    let line = words.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or_default();
    match line.char_indices().nth(80) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line.to_string(),
    }
}
