//! The commands every shell offers, declared once. `Commands` is the trait the API crate
//! implements and the desktop shell forwards as IPC; the UI's `bindings.ts` command signatures
//! are generated from the same declaration. A changed argument or result therefore fails the
//! API's build, the shell's build and the UI's type check alike, never the running window.

use crate::{
    ApiError, ApiKeyStatus, CodeFile, Comparison, Envelope, NewSessionRequest, SavedExports, SessionDetail,
    SessionSummary, Settings, SourceSection, SpecFile, StartedSession, Suite, SuiteCheckRun, SuiteExport,
};
use std::future::Future;

/// One command as the generator and the desktop shell's permissions see it.
pub struct CommandSpec {
    pub name: &'static str,
    /// `(argument name as the UI passes it, TypeScript type)`.
    pub args: Vec<(String, String)>,
    pub returns: String,
    pub doc: String,
}

/// The TypeScript type a command's argument or result has on the wire.
pub trait WireType {
    fn typescript() -> String;
}

impl WireType for String {
    fn typescript() -> String {
        "string".into()
    }
}

impl WireType for u32 {
    fn typescript() -> String {
        "number".into()
    }
}

impl WireType for bool {
    fn typescript() -> String {
        "boolean".into()
    }
}

impl WireType for () {
    fn typescript() -> String {
        "void".into()
    }
}

impl<T: WireType> WireType for Vec<T> {
    fn typescript() -> String {
        format!("{}[]", T::typescript())
    }
}

impl<T: WireType> WireType for Option<T> {
    fn typescript() -> String {
        format!("{} | null", T::typescript())
    }
}

/// Contract types go by their generated TypeScript name.
macro_rules! named {
    ($($ty:ty),+) => {
        $(impl WireType for $ty {
            fn typescript() -> String {
                <$ty as ts_rs::TS>::name(&ts_rs::Config::default())
            }
        })+
    };
}
named!(
    ApiKeyStatus,
    CodeFile,
    Comparison,
    SpecFile,
    NewSessionRequest,
    SavedExports,
    SessionDetail,
    SessionSummary,
    Settings,
    SourceSection,
    StartedSession,
    Suite,
    SuiteCheckRun,
    SuiteExport
);

/// Where a subscription's events go: called with each envelope in order; returns false once
/// the subscriber is gone (the window closed), which ends the forwarding, never the run.
pub struct EventChannel(pub Box<dyn Fn(Envelope) -> bool + Send + Sync>);

impl WireType for EventChannel {
    fn typescript() -> String {
        "Channel<Envelope>".into()
    }
}

/// A mirror frame's JPEG bytes, sent raw (never base64, never JSON).
pub struct FrameBytes(pub Vec<u8>);

impl WireType for FrameBytes {
    fn typescript() -> String {
        "ArrayBuffer".into()
    }
}

/// `session_id` → `sessionId`, the name Tauri gives an argument on the JavaScript side.
pub fn camel(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

macro_rules! contract {
    ($( $(#[doc = $doc:literal])+ fn $name:ident(&self $(, $arg:ident : $ty:ty)* ) -> $ret:ty; )+) => {
        /// The window's commands. The API implements them; the desktop shell forwards each one
        /// under the same name with the same arguments.
        pub trait Commands {
            $(
                $(#[doc = $doc])+
                fn $name(&self $(, $arg: $ty)*) -> impl Future<Output = Result<$ret, ApiError>> + Send;
            )+
        }

        /// Every command of `Commands`, with its arguments' and result's TypeScript types, in
        /// declaration order.
        pub fn commands() -> Vec<CommandSpec> {
            vec![$(
                CommandSpec {
                    name: stringify!($name),
                    args: vec![$((camel(stringify!($arg)), <$ty as WireType>::typescript())),*],
                    returns: <$ret as WireType>::typescript(),
                    doc: [$($doc),+].iter().map(|line| line.trim()).collect::<Vec<_>>().join(" "),
                },
            )+]
        }
    };
}

contract! {
    /// All sessions, newest first.
    fn list_sessions(&self) -> Vec<SessionSummary>;
    /// One session with its whole event log.
    fn get_session(&self, session_id: String) -> SessionDetail;
    /// Replays events after `afterSeq`, then streams live ones until the session's run ends.
    fn subscribe(&self, session_id: String, after_seq: u32, on_event: EventChannel) -> ();
    /// Answers the question a session waits at (an option's value or free text); the session resumes.
    fn answer_question(&self, session_id: String, question_id: String, answer: String) -> ();
    /// Answers a secret question (a password) from a masked field: the value goes to the OS
    /// keychain when `remember`, else is held in memory for this session's runs only; it never
    /// reaches an event, a log or the database. The session resumes.
    fn answer_secret(&self, session_id: String, question_id: String, value: String, remember: bool) -> ();
    /// What a person says to a session in their words: recorded first, then it answers the
    /// question the session waits at, adds, skips or undoes steps and goes on from the scenario,
    /// or is replied to (why a step failed, what a message can do).
    fn say_to_session(&self, session_id: String, words: String) -> ();
    /// A mirror frame's JPEG bytes (raw, never base64).
    fn read_frame(&self, session_id: String, file: String) -> FrameBytes;
    /// Reads the files, checks the target, and starts a session with the engine of the settings.
    fn start_session(&self, request: NewSessionRequest) -> StartedSession;
    /// The bundled sample PRD on the bundled demo shop, with the engine of the settings: the
    /// product at work before a person brings a spec.
    fn start_sample(&self) -> StartedSession;
    /// Runs a waiting, interrupted, failed or cancelled session again, its answers remembered.
    fn resume_session(&self, session_id: String) -> StartedSession;
    /// A new session from the same documents and target.
    fn duplicate_session(&self, session_id: String) -> StartedSession;
    /// Cancels the session's running run; false when none runs.
    fn cancel_session(&self, session_id: String) -> bool;
    /// Deletes a session that is not running, with its events, scenario and frames.
    fn delete_session(&self, session_id: String) -> ();
    /// The session's scenario as code (playwright, robot, gherkin-ko, gherkin-en, markdown, mermaid).
    fn export_code(&self, session_id: String, format: String) -> Vec<CodeFile>;
    /// Asks for a folder (the system's folder picker) and writes every export of the session
    /// into a new folder inside it; null when the person cancels.
    fn save_exports(&self, session_id: String) -> Option<SavedExports>;
    /// Opens a finished session's result with the system's own application: `report` (the
    /// HTML report), `pdf` (the report printed to PDF, made first), `plan` (the test plan) or
    /// `folder` (the output folder). Returns the path opened.
    fn open_output(&self, session_id: String, kind: String) -> String;
    /// Asks for a folder and writes the session's share bundle (a file a colleague imports) into
    /// it, named after the session; null when the person cancels.
    fn share_bundle(&self, session_id: String) -> Option<String>;
    /// The section of a session's document a citation points into, line by line.
    fn read_source(&self, session_id: String, document: String, anchor: String) -> SourceSection;
    /// The person agrees to send a session opened from a share bundle to the address its bundle
    /// names (until then its runs are refused with `imported_target`).
    fn trust_import_target(&self, session_id: String) -> ();
    /// Trial-runs the stored scenario again (no engine), with per-step results as events.
    fn replay_session(&self, session_id: String) -> StartedSession;
    /// Checks the kept scenarios (a workbook's cases each) against the app as it is now (no
    /// engine): a step whose element is gone goes on with the same control found in its place,
    /// and each scenario's trial ends with its `check.judged` (passed, drifted with the new
    /// elements proposed, failed, blocked).
    fn check_session(&self, session_id: String) -> StartedSession;
    /// Checks every session of a suite (its origin, any URL on it, or its name) at once: each its
    /// own run, as `check_session` starts one, all in contexts of one browser, side by side
    /// where the shared-data rule allows. Each session's run, or why it could not start, in the
    /// suite's order.
    fn check_suite(&self, suite: String) -> Vec<SuiteCheckRun>;
    /// Approves the new elements a drifted check (`run_id`) proposed for one scenario
    /// (`scenario_id`, a workbook's case; empty approves every drifted one) and trial-runs the
    /// healed scenario; unless that trial passes, the scenario is put back as it was.
    fn approve_heals(&self, session_id: String, run_id: String, scenario_id: String) -> StartedSession;
    /// The suites: the kept scenarios of each application, by the address it runs at (or the
    /// name a person gave it), newest first.
    fn list_suites(&self) -> Vec<Suite>;
    /// Names the suite `suite` picks (its address, any URL on it, or its name); an empty name
    /// gives it back its address as its name. Returns the suite as named.
    fn rename_suite(&self, suite: String, name: String) -> Suite;
    /// Writes the suite's kept scenarios as one Playwright project in a folder the person picks
    /// (as `suite-<name>` in it): a test file per scenario, one configuration (base URL and
    /// secrets from the environment, HTML and JUnit reports), a README, and CI files that shard
    /// it. `None` when the person cancelled the dialog.
    fn export_suite(&self, suite: String) -> Option<SuiteExport>;
    /// How a new version of the session's spec (the files) differs from the version the session
    /// was explored from, sentence by sentence (unchanged, changed, new, removed); nothing runs.
    fn compare_spec(&self, session_id: String, files: Vec<SpecFile>) -> Comparison;
    /// A new session from a new version of the session's spec, on its target: the steps of
    /// unchanged sentences are kept (cited at their new lines), changed and new sentences are
    /// explored, removed ones left out, and the earlier answers remembered.
    fn revise_session(&self, session_id: String, files: Vec<SpecFile>) -> StartedSession;
    /// The saved settings (defaults when none).
    fn get_settings(&self) -> Settings;
    /// Checks and saves the settings; returns them as stored.
    fn save_settings(&self, settings: Settings) -> Settings;
    /// Whether the OS keychain holds a key for this endpoint (masked).
    fn api_key_status(&self, base_url: String) -> ApiKeyStatus;
    /// Stores the key for this endpoint in the OS keychain.
    fn store_api_key(&self, base_url: String, key: String) -> ApiKeyStatus;
    /// Removes the key for this endpoint from the OS keychain.
    fn forget_api_key(&self, base_url: String) -> ApiKeyStatus;
    /// One small request with these settings and the stored key; the model's reply.
    fn check_provider(&self, settings: Settings) -> String;
}
