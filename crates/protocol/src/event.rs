//! Run events: one tagged enum, persisted with a gap-free per-session sequence number before any
//! subscriber sees it.

use crate::Text;
use serde::{Deserialize, Serialize};
use specwright_scenario::{Finding, Scenario, TrialStepResult};
use ts_rs::TS;

/// Bumped when an event's serialized shape changes incompatibly.
pub const EVENT_SCHEMA_VERSION: u32 = 1;

/// An event as stored and delivered: where it belongs and its place in the session's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Envelope {
    pub session_id: String,
    pub run_id: String,
    /// 1-based, gap-free within a session.
    pub seq: u32,
    #[ts(type = "number")]
    pub at_ms: i64,
    pub event: Event,
}

/// A rectangle of a mirror frame in fractions of its width and height (0..1 from the top left),
/// so it holds whatever size the frame was captured or is shown at.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
pub struct FrameBox {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type")]
pub enum Event {
    #[serde(rename = "session.started")]
    SessionStarted { title: String, engine: String, target_url: String, documents: Vec<String> },
    #[serde(rename = "ingest.progress")]
    /// One document's progress: parsed (with its sections), chunked, then embedded `embedded`
    /// of `chunks`.
    IngestProgress { document: String, stage: IngestStage, sections: u32, chunks: u32, embedded: u32 },
    /// All documents are read and chunked: keyword search answers from here on. Their vectors
    /// follow in the background as `ingest.progress` events of the `embedding` stage while the
    /// run goes on. `semantic` is false when the embedding model is not installed (keyword
    /// search only).
    #[serde(rename = "ingest.done")]
    IngestDone { documents: u32, sections: u32, steps_found: u32, chunks: u32, semantic: bool },
    /// A complete message from the engine to the person watching.
    #[serde(rename = "message.done")]
    MessageDone { text: Text },
    /// A piece of the assistant's answer as it streams (LLM engine).
    #[serde(rename = "message.delta")]
    MessageDelta { text: String },
    /// Tokens of one model call and their estimated cost (`None` for local or unknown models);
    /// the prompt tokens the server's cache spared it, and how long the answer took to start.
    #[serde(rename = "usage")]
    Usage {
        model: String,
        prompt_tokens: u32,
        completion_tokens: u32,
        cost_usd: Option<f64>,
        #[serde(default)]
        cached_tokens: u32,
        #[serde(default)]
        first_byte_ms: u32,
    },
    /// A model call failed in a way that passes and is tried again: told, not an error.
    #[serde(rename = "llm.retrying")]
    LlmRetrying {
        attempt: u32,
        reason: String,
        #[ts(type = "number")]
        delay_ms: u64,
    },
    #[serde(rename = "tool.call")]
    ToolCall { call_id: String, tool: String, summary: Text },
    /// A tool's outcome, with the console errors and failed requests the page reported meanwhile.
    #[serde(rename = "tool.result")]
    ToolResult { call_id: String, tool: String, ok: bool, summary: Text, console_errors: Vec<String> },
    /// A JPEG stored under the session's frame folder; `file` is its name there. `target` is
    /// where the element the step acted on sits in it, for the mirror's outline (absent when the
    /// step had no element or it left the screen; absent in logs written before it existed).
    #[serde(rename = "mirror.frame")]
    MirrorFrame {
        file: String,
        step_index: Option<u32>,
        intent: String,
        url: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        target: Option<FrameBox>,
    },
    /// An action waits for a person: it may change or destroy data, or leave the allowed origins.
    #[serde(rename = "confirm.requested")]
    ConfirmRequested { action: String, reason: Text },
    #[serde(rename = "scenario.draft")]
    ScenarioDraft { scenario: Scenario },
    /// One step of one trial run (attempt, data row) with its diagnosis, frame and console errors.
    #[serde(rename = "trial.step")]
    TrialStep { trial_id: String, attempt: u32, row: Option<u32>, result: TrialStepResult },
    #[serde(rename = "trial.done")]
    TrialDone {
        trial_id: String,
        /// The title of the scenario the trial ran (a workbook case's), for the run's case list;
        /// absent in events recorded before it was said.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        scenario: Option<String>,
        passed: bool,
        flaky: bool,
        /// What the trial proved, the review's findings weighed (a pass of a scenario that
        /// checks nothing is `not_verified`); absent in events recorded before it was said.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        verdict: Option<specwright_scenario::Verdict>,
        runs: u32,
        failed_steps: u32,
        #[ts(type = "number")]
        duration_ms: u64,
        /// A run sent a request that may change the app's data (a login's aside): what a later
        /// replay's trials side by side go by. Absent in events recorded before it was said.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        changed_data: Option<bool>,
    },
    /// What the Reviewer found: shown with the draft, errors block submitting.
    #[serde(rename = "review.findings")]
    ReviewFindings { findings: Vec<Finding> },
    /// A scenario's exports were written after its trial, passed or failed: a failed trial's
    /// report is what a person opens first.
    #[serde(rename = "exports.written")]
    ExportsWritten { scenario: String, out_dir: String, outputs: Vec<OutputFile> },
    /// What a check of the kept scenario against the app as it is now found (passed, drifted with
    /// the new elements proposed, failed, blocked), just before the check's run ends: what a
    /// person approves a heal from.
    #[serde(rename = "check.judged")]
    CheckJudged { judgement: specwright_scenario::Judgement },
    /// The trials of heals a person approved from a check (`check_run_id`) for these scenarios:
    /// the first event of their run. The check's other drifted scenarios stay approvable while
    /// every run after the check is such a heal.
    #[serde(rename = "heal.started")]
    HealStarted { check_run_id: String, scenario_ids: Vec<String> },
    /// A session explored from a new version of a spec: its sentences against the earlier
    /// version's, said before the browser opens (unchanged ones keep their steps, changed and
    /// added ones are explored, removed ones are left out).
    #[serde(rename = "spec.compared")]
    SpecCompared { comparison: specwright_scenario::Comparison },
    #[serde(rename = "session.completed")]
    SessionCompleted { out_dir: String, outputs: Vec<OutputFile> },
    #[serde(rename = "run.cancelled")]
    RunCancelled { reason: Text },
    /// The run needs a person: a target it cannot tell apart, a value the spec does not give,
    /// a risky action to approve. Answers come from the UI, the terminal or an answers file.
    #[serde(rename = "question.asked")]
    QuestionAsked { question: Question },
    /// `answer` is what was chosen (a secret's value is never written here); `source` is
    /// `answers_file`, `terminal`, `ui`, `secret` or `remembered`.
    #[serde(rename = "question.answered")]
    QuestionAnswered { question_id: String, answer: String, source: String },
    /// Terminal: the run stopped at a question nobody could answer yet; the session keeps
    /// everything and is resumed with the answer.
    #[serde(rename = "session.waiting")]
    SessionWaiting { question: Question },
    /// What a person said to the session (typed in the window or at the terminal), persisted
    /// before anything acts on it: the words, where they were said, and what they were taken as.
    #[serde(rename = "user.said")]
    UserSaid { text: String, by: String, taken: crate::SaidAs },
    /// Terminal: the engine answered what the person said (why a step failed, what it can do
    /// with words it could not read) and nothing ran; the session is as it was.
    #[serde(rename = "said.replied")]
    Replied { text: Text },
    /// A run's failure told to a person: `message` is a sentence with a next step.
    #[serde(rename = "error")]
    Error { code: String, message: Text },
}

impl Event {
    /// The wire name (`session.started`, ...), also stored as the event's kind column.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::SessionStarted { .. } => "session.started",
            Event::IngestProgress { .. } => "ingest.progress",
            Event::IngestDone { .. } => "ingest.done",
            Event::MessageDone { .. } => "message.done",
            Event::MessageDelta { .. } => "message.delta",
            Event::Usage { .. } => "usage",
            Event::LlmRetrying { .. } => "llm.retrying",
            Event::ToolCall { .. } => "tool.call",
            Event::ToolResult { .. } => "tool.result",
            Event::MirrorFrame { .. } => "mirror.frame",
            Event::ConfirmRequested { .. } => "confirm.requested",
            Event::ScenarioDraft { .. } => "scenario.draft",
            Event::TrialStep { .. } => "trial.step",
            Event::TrialDone { .. } => "trial.done",
            Event::ReviewFindings { .. } => "review.findings",
            Event::ExportsWritten { .. } => "exports.written",
            Event::CheckJudged { .. } => "check.judged",
            Event::HealStarted { .. } => "heal.started",
            Event::SpecCompared { .. } => "spec.compared",
            Event::SessionCompleted { .. } => "session.completed",
            Event::RunCancelled { .. } => "run.cancelled",
            Event::QuestionAsked { .. } => "question.asked",
            Event::QuestionAnswered { .. } => "question.answered",
            Event::SessionWaiting { .. } => "session.waiting",
            Event::UserSaid { .. } => "user.said",
            Event::Replied { .. } => "said.replied",
            Event::Error { .. } => "error",
        }
    }

    /// Each run ends with exactly one terminal event.
    pub fn is_terminal(&self) -> bool {
        matches!(
            self,
            Event::SessionCompleted { .. }
                | Event::RunCancelled { .. }
                | Event::Error { .. }
                | Event::SessionWaiting { .. }
                | Event::Replied { .. }
        )
    }
}

/// A question from a run to a person, with the choices it found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Question {
    /// Stable for the same question in the same place, so a remembered answer finds it again.
    pub id: String,
    pub kind: QuestionKind,
    /// The question, in the reader's language once rendered.
    pub text: crate::Text,
    /// The words of the spec the question is about ("'내보내기' 버튼").
    pub target: Option<String>,
    /// 2–6 choices; empty when a value is asked for.
    pub options: Vec<QuestionOption>,
    /// Why the run cannot decide alone.
    pub why: crate::Text,
    /// The cited spec line, `document#L12` or `book.xlsx#Sheet!5`.
    pub source: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum QuestionKind {
    /// Which of several elements (or of the closest ones) the spec means.
    Target,
    /// A value the spec does not give (a password: answered from a secret, never stored).
    Secret,
    /// Approve a risky action or leaving the allowed origins.
    Confirm,
    /// Where a named screen is, for a precondition such as "the product list is open".
    Screen,
    /// A branch the spec leaves open (`propose_options` of the LLM engine).
    Choice,
    /// What a sentence of the spec means, when the engine cannot tell (what it may mean, skip
    /// it as a recorded assumption, or the person's own words).
    Step,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct QuestionOption {
    /// What the person reads: the page's own words for an element, or a catalog message.
    pub label: crate::Text,
    pub value: String,
    /// Where the element this option names sits in the frame shown with the question, so
    /// hovering the option outlines it in the mirror.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub target: Option<FrameBox>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum IngestStage {
    Read,
    Parsed,
    Chunked,
    Embedding,
    /// The same content was indexed before in this session: nothing to do.
    Unchanged,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct OutputFile {
    /// `scenario`, `playwright`, `playwright_config`, `plan`, `trial`.
    pub kind: String,
    pub path: String,
}
