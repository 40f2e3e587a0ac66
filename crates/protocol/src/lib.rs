//! The contract every shell speaks: the CLI prints these types, the desktop UI receives them,
//! and `bindings.ts` is generated from them so the UI never hand-writes a shape or a name.

mod bindings;
mod contract;
mod event;
mod said;
mod session;
mod workspace;

pub use bindings::typescript_bindings;
pub use contract::{commands, CommandSpec, Commands, EventChannel, FrameBytes, WireType};
pub use event::{
    Envelope, Event, FrameBox, IngestStage, OutputFile, Question, QuestionKind, QuestionOption, EVENT_SCHEMA_VERSION,
};
pub use said::SaidAs;
pub use session::{
    ApiError, SessionDetail, SessionStatus, SessionSummary, Suite, SuiteCheckRun, SuiteExport, SuiteSecret,
};
pub use specwright_scenario::StepStatus;
pub use specwright_scenario::{Arg, Citation, ComparedSentence, Comparison, Message, SentenceChange, Text, Verdict};
pub use workspace::{
    ApiKeyStatus, CodeFile, NewSessionRequest, ProviderKind, SavedExports, Settings, SourceLine, SourceSection,
    SpecFile, StartedSession, Theme,
};

/// Whether `name` can only ever be one file inside one folder: 1–200 ASCII letters, digits, `.`,
/// `_` or `-`, never `..`. Every id, frame and file name that comes from outside the process (a
/// share bundle, the window) passes this one check before it names anything on disk.
pub fn safe_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 200
        && !name.contains("..")
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
}
