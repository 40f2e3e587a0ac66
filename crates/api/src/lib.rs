//! The one API every shell calls: a function per command, taking and returning the protocol's
//! types, with errors as `ApiError` (`{code, message}`). The desktop shell forwards the window's
//! commands (`specwright_protocol::Commands`) to it as IPC; the CLI parses its flags into the same
//! calls. Neither shell reaches past it into the runtime, the engines, the store or the browser.

mod scripted;
mod window;

pub use scripted::{
    ingest, EngineFlags, KeyCheck, ReplayOptions, ResumeOptions, RunOptions, SafetyFlags, Search, Target,
};
pub use specwright_browser::prepare_driver;
pub use specwright_catalog::{render, Locale};
pub use specwright_intake::Document;
pub use specwright_knowledge::Hit;
pub use specwright_rails::{is_yes, Answer, Answerer};
pub use specwright_runtime::{init_logging, resolve_data_dir, ExportFormat};
pub use specwright_scenario::{CheckOutcome, Judgement, Proposal};

use specwright_protocol::{ApiError, Envelope, Settings, StartedSession, Text};
use specwright_runtime::{DemoApp, Keychain, RunStarted, Runtime, RuntimeError};
use specwright_store::{RandomIds, Subscription, SystemClock};
use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::{Arc, Mutex};

/// The stack every worker of a runtime that hosts the API needs: a sentence answered by another
/// sentence nests the engine's steps, and how deep depends on the spec. The CLI, the desktop
/// shell and the corpus test build their runtimes with it.
pub const RUN_STACK: usize = 16 * 1024 * 1024;

/// Asks the person for a folder (the system's folder picker); `Ok(None)` when they cancel. The
/// desktop shell supplies one; a shell without dialogs has none, and saving then says so.
pub trait FolderPicker: Send + Sync {
    fn pick(&self, title: String) -> Pin<Box<dyn Future<Output = Result<Option<PathBuf>, ApiError>> + Send>>;
}

/// Opens a file or folder with the system's own application (the browser for a report, the
/// file manager for a folder). The desktop shell supplies one; without one, opening says so.
pub trait Opener: Send + Sync {
    fn open(&self, path: &Path) -> Result<(), ApiError>;
}

/// The sessions of one data folder and what a shell can do with them.
pub struct Api {
    runtime: Arc<Runtime>,
    keychain: Keychain,
    /// Where runs started from the window write their exports (a folder per session inside).
    out: PathBuf,
    /// Demo app servers started for sessions, alive as long as the API is.
    demo_apps: Mutex<Vec<DemoApp>>,
    picker: Option<Box<dyn FolderPicker>>,
    opener: Option<Box<dyn Opener>>,
    /// Secrets typed in the window and not remembered in the keychain, by session: held in
    /// memory for that session's runs while the window lives, and nowhere else.
    session_secrets: Mutex<std::collections::HashMap<String, specwright_browser::Secrets>>,
    /// Files the person dropped on the window, as the system delivered them: the only paths a
    /// window command reads (`SpecFile::Path`), so a page in the window can never name another.
    dropped: Mutex<std::collections::HashSet<PathBuf>>,
}

impl Api {
    /// The API over the data folder (created when missing), with the system clock, random ids
    /// and the OS keychain; runs from the window write into `out/<session id>`.
    pub fn open(data_dir: &Path, out: PathBuf) -> Result<Self, ApiError> {
        let runtime = Runtime::open(data_dir, Arc::new(SystemClock), Arc::new(RandomIds)).map_err(api_error)?;
        Ok(Self::over(runtime, Keychain::default(), out))
    }

    /// The API over a runtime the caller opened (tests inject their clock, ids and keychain).
    pub fn over(runtime: Arc<Runtime>, keychain: Keychain, out: PathBuf) -> Self {
        Api {
            runtime,
            keychain,
            out,
            demo_apps: Mutex::new(Vec::new()),
            picker: None,
            opener: None,
            session_secrets: Mutex::new(std::collections::HashMap::new()),
            dropped: Mutex::new(std::collections::HashSet::new()),
        }
    }

    /// The person dropped these files on the window (the shell passes what the system
    /// delivered): window commands may read them by path from now on.
    pub fn allow_dropped(&self, paths: impl IntoIterator<Item = PathBuf>) {
        self.dropped.lock().unwrap_or_else(|p| p.into_inner()).extend(paths);
    }

    /// Whether `path` is a file the person dropped on the window.
    pub(crate) fn was_dropped(&self, path: &Path) -> bool {
        self.dropped.lock().unwrap_or_else(|p| p.into_inner()).contains(path)
    }

    pub fn with_folder_picker(mut self, picker: Box<dyn FolderPicker>) -> Self {
        self.picker = Some(picker);
        self
    }

    pub fn with_opener(mut self, opener: Box<dyn Opener>) -> Self {
        self.opener = Some(opener);
        self
    }

    /// The settings the window saved; the language a shell renders in when no flag says.
    pub fn settings(&self) -> Settings {
        specwright_runtime::load_settings(self.runtime.data_dir())
    }

    /// The locale of the settings, else of the environment.
    pub fn locale(&self) -> Locale {
        let language = self.settings().language;
        if language.is_empty() {
            Locale::from_env()
        } else {
            Locale::from_tag(&language)
        }
    }

    /// How many sessions have a run going on in this process (a dead process's runs are
    /// marked interrupted when the data folder opens).
    pub fn running(&self) -> usize {
        self.runtime
            .sessions()
            .map(|all| all.iter().filter(|s| s.status == specwright_protocol::SessionStatus::Running).count())
            .unwrap_or(0)
    }

    /// The session's events after `after_seq`, then live ones as they are stored.
    pub fn events(&self, session_id: &str, after_seq: u32) -> Result<Events, ApiError> {
        self.runtime.store().subscribe(session_id, after_seq).map(Events).map_err(|e| api_error(e.into()))
    }

    /// Asks a run to stop; it still ends with its one terminal event. False when it is not running.
    pub fn cancel_run(&self, run_id: &str) -> bool {
        self.runtime.cancel(run_id)
    }

    /// Waits until the run's task has finished (after its terminal event, its browser closed).
    pub async fn wait(&self, run_id: &str) {
        self.runtime.wait(run_id).await
    }

    /// Serves the bundled demo app for as long as the API lives; its URL.
    pub async fn serve_demo_app(&self) -> Result<String, ApiError> {
        let app = DemoApp::serve(0).await.map_err(|e| api_error(e.into()))?;
        let url = app.url();
        self.keep(app);
        Ok(url)
    }

    fn keep(&self, app: DemoApp) {
        self.demo_apps.lock().unwrap_or_else(|p| p.into_inner()).push(app);
    }
}

/// A session's events in order: the stored ones first, then each new one as it is stored.
pub struct Events(Subscription);

impl Events {
    /// The next event; `None` once the session is gone.
    pub async fn next(&mut self) -> Result<Option<Envelope>, ApiError> {
        self.0.next().await.map_err(|e| api_error(e.into()))
    }
}

/// A shell's own input it could not take (`bad_argument`), named in the message.
pub fn bad_argument(what: String) -> ApiError {
    api_error(RuntimeError::BadArgument(what))
}

fn api_error(e: RuntimeError) -> ApiError {
    e.to_api()
}

fn started(run: RunStarted) -> StartedSession {
    StartedSession { session_id: run.session_id, run_id: run.run_id, out_dir: run.out_dir.display().to_string() }
}

/// Ids from a shell are bounded before anything reads them (they name folders and rows).
fn checked_id(id: &str) -> Result<(), ApiError> {
    if id.is_empty() || id.len() > 200 || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(ApiError { code: "bad_argument".into(), message: Text::message("error-session-id", []) });
    }
    Ok(())
}
