//! A new version of a spec against the one a session was explored from, sentence by sentence:
//! what a person reads before anything runs, and what tells the engine which steps keep their
//! grounding (unchanged) and which it explores (changed, added).

use crate::Citation;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SentenceChange {
    /// Written the same (spacing aside): its steps are kept, their citations moved to its line,
    /// unless a change comes before it in its case (see [`ComparedSentence::kept`]).
    Unchanged,
    /// Written otherwise in the same place: explored again.
    Changed,
    /// New in this version: explored.
    Added,
    /// Gone from this version: its steps are left out, and said so.
    Removed,
}

/// One sentence of either version.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ComparedSentence {
    pub change: SentenceChange,
    /// The case (a sheet's `TC-01`, or the spec's title for a prose spec's one scenario).
    pub case: String,
    /// Where the sentence was written in the earlier version (none when added).
    pub was: Option<Citation>,
    /// Where it is written now (none when removed).
    pub now: Option<Citation>,
    /// The recorded steps kept (unchanged) or left out (removed).
    pub steps: u32,
    /// Its recorded steps are replayed as they were. An unchanged sentence after a change in its
    /// case (or in a case whose preconditions changed) is explored again instead: what it means
    /// may rest on what came before it ("the dialog closes", "the record appears").
    pub kept: bool,
}

/// The whole comparison, in the new version's order with removed sentences where they were.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS, JsonSchema)]
pub struct Comparison {
    /// The session explored from the earlier version.
    pub earlier_session: String,
    pub sentences: Vec<ComparedSentence>,
}

impl Comparison {
    /// How many sentences changed this way.
    pub fn count(&self, change: SentenceChange) -> u32 {
        self.sentences.iter().filter(|s| s.change == change).count() as u32
    }

    /// How many unchanged sentences keep their recorded steps.
    pub fn kept(&self) -> u32 {
        self.sentences.iter().filter(|s| s.kept).count() as u32
    }

    /// Whether the new version asks for nothing new: every sentence is unchanged.
    pub fn is_same(&self) -> bool {
        self.sentences.iter().all(|s| s.change == SentenceChange::Unchanged)
    }
}
