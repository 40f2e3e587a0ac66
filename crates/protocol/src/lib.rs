//! The contract every shell speaks: the CLI prints these types, the desktop UI receives them,
//! and `bindings.ts` is generated from them so the UI never hand-writes a shape or a name.

mod bindings;
mod contract;
mod event;
mod session;
mod workspace;

pub use bindings::typescript_bindings;
pub use contract::{commands, CommandSpec, Commands, EventChannel, FrameBytes, WireType};
pub use event::{
    Envelope, Event, FrameBox, IngestStage, OutputFile, Question, QuestionKind, QuestionOption, EVENT_SCHEMA_VERSION,
};
pub use session::{ApiError, SessionDetail, SessionStatus, SessionSummary, Suite, SuiteCheckRun, SuiteSecret};
pub use specwright_scenario::StepStatus;
pub use specwright_scenario::{Arg, Citation, ComparedSentence, Comparison, Message, SentenceChange, Text, Verdict};
pub use workspace::{
    ApiKeyStatus, CodeFile, NewSessionRequest, ProviderKind, SavedExports, Settings, SourceLine, SourceSection,
    SpecFile, StartedSession, Theme,
};
