//! What a person's message to a session was taken as: kept in the `user.said` event beside the
//! words, decided once when it was said, so a continuation, a resume or a replay of the log
//! applies the same change however the reading of words changes later.

use serde::{Deserialize, Serialize};
use specwright_scenario::Citation;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "as", rename_all = "snake_case")]
pub enum SaidAs {
    /// Steps or checks to add, read as a one-line spec: after the steps of the line `after`
    /// cites (a spec line or an earlier message), else at the end.
    Steps {
        /// The words as a spec line ("check that the total shows 3"), which the engines read.
        line: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        after: Option<Citation>,
    },
    /// The steps of the line `citation` cites are left out of the scenario.
    Skip { citation: Citation },
    /// The steps of the line `citation` cites are done by these words instead, in their place.
    Replace { citation: Citation, line: String },
    /// The last change said before (steps added or a step skipped) is taken back.
    Undo,
    /// The answer to the question the session waited at.
    Answer { question_id: String },
    /// Words that change no step: a reply, a question about the run, a request to run again.
    Talk,
    /// The words as the model's next turn, in a session the LLM engine builds: it reads them
    /// itself (steps to add, change or take out, a question), with the scenario so far.
    Turn,
}

impl SaidAs {
    /// Whether the message changes the scenario (and so starts a continuation).
    pub fn changes_steps(&self) -> bool {
        matches!(
            self,
            SaidAs::Steps { .. } | SaidAs::Skip { .. } | SaidAs::Replace { .. } | SaidAs::Undo | SaidAs::Turn
        )
    }
}
