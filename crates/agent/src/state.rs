//! What one tool call works on: the loop's counters that outlive a turn, and the borrowed page,
//! run context, draft and conversation a handler reads and changes. Every tool handler takes a
//! [`Turn`] and gives back an [`Outcome`], so a new tool is one file and one variant.

use specwright_browser::BrowserSession;
use specwright_intake::Document;
use specwright_llm::Message;
use specwright_rails::Context;
use specwright_scenario::Scenario;

/// The loop's state across turns.
pub(crate) struct LoopState<'d> {
    pub(crate) documents: &'d [Document],
    /// Questions asked (pre-flight and propose_options) and how many the session may ask.
    pub(crate) asked: u32,
    pub(crate) budget: u32,
    /// Submissions the review sent back.
    pub(crate) bounces: u32,
    pub(crate) knowledge: Option<(&'d specwright_knowledge::Knowledge, &'d str)>,
    /// Document tool calls in this turn, and how many a turn may make.
    pub(crate) document_calls: u32,
    pub(crate) document_budget: u32,
    pub(crate) last_assumption: Option<String>,
    /// Indexes of messages holding snapshots, so older ones can be replaced by a line.
    pub(crate) snapshot_at: Vec<usize>,
    /// The `confirm_action` the person approved (its question id) and how many risky steps
    /// citing it have run; it covers at most [`RISKY_STEPS_PER_APPROVAL`] of them, and ends at
    /// the first ordinary action or trial.
    pub(crate) approved: Option<(String, u32)>,
    /// Draft trials run so far (`run_trial`), at most [`MAX_DRAFT_TRIALS`].
    pub(crate) trials: u32,
    /// What the person said in the session's chat, which steps may cite (`said:N`).
    pub(crate) said: &'d [specwright_scenario::SaidMessage],
    /// The last message the model has read as a turn.
    pub(crate) heard: u32,
}

/// Each draft trial replays the whole scenario; more than this is a model going in circles.
pub(crate) const MAX_DRAFT_TRIALS: u32 = 3;

/// One approved action takes at most this many risky clicks (a button, then its dialog's).
pub(crate) const RISKY_STEPS_PER_APPROVAL: u32 = 2;

/// Everything one tool call may read and change.
pub(crate) struct Turn<'t, 'c, 'd> {
    pub(crate) session: &'t mut BrowserSession,
    pub(crate) cx: &'t mut Context<'c>,
    pub(crate) scenario: &'t mut Scenario,
    pub(crate) state: &'t mut LoopState<'d>,
    /// The conversation so far (a snapshot replaces the older ones in it).
    pub(crate) messages: &'t mut [Message],
}

/// What a tool call gives the model back.
pub(crate) enum Outcome {
    Result(String),
    Snapshot(String),
    Submitted,
}

/// A tool result the model reads as its mistake to fix, not as the run's failure.
pub(crate) fn refused(text: impl Into<String>) -> Outcome {
    Outcome::Result(format!("Error: {}", text.into()))
}

impl<'d> LoopState<'d> {
    /// The knowledge index for one more document tool call of this turn, or what the model is
    /// told when there is none or the turn's budget of them is spent.
    pub(crate) fn document_call(&mut self) -> Result<(&'d specwright_knowledge::Knowledge, &'d str), Outcome> {
        let Some(knowledge) = self.knowledge else {
            return Err(refused("the documents are all in the first message; there is no index to search"));
        };
        if self.document_calls >= self.document_budget {
            return Err(refused(format!(
                "the budget of {} document calls for this turn is spent; act on what you read",
                self.document_budget
            )));
        }
        self.document_calls += 1;
        Ok(knowledge)
    }
}
