//! IPC commands: each forwards to `specwright_api::Api` through the contract's `Commands` trait,
//! under the same name with the same arguments, so the UI's generated bindings, this shell and
//! the API cannot disagree on a command's shape without a build failing.

use crate::AppState;
use specwright_api::{Api, FolderPicker, Opener};
use specwright_protocol::{
    ApiError, ApiKeyStatus, CodeFile, Commands, Comparison, Envelope, EventChannel, NewSessionRequest, SavedExports,
    SessionDetail, SessionSummary, Settings, SourceSection, SpecFile, StartedSession, Suite, SuiteCheckRun,
    SuiteExport, Text,
};
use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use tauri::ipc::{Channel, Response};
use tauri::{AppHandle, Manager, State};

#[tauri::command]
pub async fn list_sessions(state: State<'_, AppState>) -> Result<Vec<SessionSummary>, ApiError> {
    state.api.list_sessions().await
}

#[tauri::command]
pub async fn get_session(state: State<'_, AppState>, session_id: String) -> Result<SessionDetail, ApiError> {
    state.api.get_session(session_id).await
}

/// Replays the events after `after_seq`, then forwards live ones. The run does not depend on
/// this subscription: closing the window only stops the forwarding.
#[tauri::command]
pub async fn subscribe(
    state: State<'_, AppState>,
    session_id: String,
    after_seq: u32,
    on_event: Channel<Envelope>,
) -> Result<(), ApiError> {
    let channel = EventChannel(Box::new(move |envelope| on_event.send(envelope).is_ok()));
    state.api.subscribe(session_id, after_seq, channel).await
}

/// A mirror frame's JPEG bytes, sent raw (no base64, no JSON).
#[tauri::command]
pub async fn read_frame(state: State<'_, AppState>, session_id: String, file: String) -> Result<Response, ApiError> {
    state.api.read_frame(session_id, file).await.map(|frame| Response::new(frame.0))
}

#[tauri::command]
pub async fn answer_question(
    state: State<'_, AppState>,
    session_id: String,
    question_id: String,
    answer: String,
) -> Result<(), ApiError> {
    state.api.answer_question(session_id, question_id, answer).await
}

#[tauri::command]
pub async fn say_to_session(state: State<'_, AppState>, session_id: String, words: String) -> Result<(), ApiError> {
    state.api.say_to_session(session_id, words).await
}

/// The value goes straight to the core (keychain or memory); nothing here keeps or logs it.
#[tauri::command]
pub async fn answer_secret(
    state: State<'_, AppState>,
    session_id: String,
    question_id: String,
    value: String,
    remember: bool,
) -> Result<(), ApiError> {
    state.api.answer_secret(session_id, question_id, value, remember).await
}

#[tauri::command]
pub async fn start_session(state: State<'_, AppState>, request: NewSessionRequest) -> Result<StartedSession, ApiError> {
    state.api.start_session(request).await
}

#[tauri::command]
pub async fn start_sample(state: State<'_, AppState>) -> Result<StartedSession, ApiError> {
    state.api.start_sample().await
}

#[tauri::command]
pub async fn resume_session(state: State<'_, AppState>, session_id: String) -> Result<StartedSession, ApiError> {
    state.api.resume_session(session_id).await
}

#[tauri::command]
pub async fn duplicate_session(state: State<'_, AppState>, session_id: String) -> Result<StartedSession, ApiError> {
    state.api.duplicate_session(session_id).await
}

#[tauri::command]
pub async fn cancel_session(state: State<'_, AppState>, session_id: String) -> Result<bool, ApiError> {
    state.api.cancel_session(session_id).await
}

#[tauri::command]
pub async fn delete_session(state: State<'_, AppState>, session_id: String) -> Result<(), ApiError> {
    state.api.delete_session(session_id).await
}

#[tauri::command]
pub async fn export_code(
    state: State<'_, AppState>,
    session_id: String,
    format: String,
) -> Result<Vec<CodeFile>, ApiError> {
    state.api.export_code(session_id, format).await
}

#[tauri::command]
pub async fn save_exports(state: State<'_, AppState>, session_id: String) -> Result<Option<SavedExports>, ApiError> {
    state.api.save_exports(session_id).await
}

#[tauri::command]
pub async fn read_source(
    state: State<'_, AppState>,
    session_id: String,
    document: String,
    anchor: String,
) -> Result<SourceSection, ApiError> {
    state.api.read_source(session_id, document, anchor).await
}

#[tauri::command]
pub async fn trust_import_target(state: State<'_, AppState>, session_id: String) -> Result<(), ApiError> {
    state.api.trust_import_target(session_id).await
}

#[tauri::command]
pub async fn replay_session(state: State<'_, AppState>, session_id: String) -> Result<StartedSession, ApiError> {
    state.api.replay_session(session_id).await
}

#[tauri::command]
pub async fn check_session(state: State<'_, AppState>, session_id: String) -> Result<StartedSession, ApiError> {
    state.api.check_session(session_id).await
}

#[tauri::command]
pub async fn check_suite(state: State<'_, AppState>, suite: String) -> Result<Vec<SuiteCheckRun>, ApiError> {
    state.api.check_suite(suite).await
}

#[tauri::command]
pub async fn list_suites(state: State<'_, AppState>) -> Result<Vec<Suite>, ApiError> {
    state.api.list_suites().await
}

#[tauri::command]
pub async fn rename_suite(state: State<'_, AppState>, suite: String, name: String) -> Result<Suite, ApiError> {
    state.api.rename_suite(suite, name).await
}

#[tauri::command]
pub async fn export_suite(state: State<'_, AppState>, suite: String) -> Result<Option<SuiteExport>, ApiError> {
    state.api.export_suite(suite).await
}

#[tauri::command]
pub async fn compare_spec(
    state: State<'_, AppState>,
    session_id: String,
    files: Vec<SpecFile>,
) -> Result<Comparison, ApiError> {
    state.api.compare_spec(session_id, files).await
}

#[tauri::command]
pub async fn revise_session(
    state: State<'_, AppState>,
    session_id: String,
    files: Vec<SpecFile>,
) -> Result<StartedSession, ApiError> {
    state.api.revise_session(session_id, files).await
}

#[tauri::command]
pub async fn approve_heals(
    state: State<'_, AppState>,
    session_id: String,
    run_id: String,
    scenario_id: String,
) -> Result<StartedSession, ApiError> {
    state.api.approve_heals(session_id, run_id, scenario_id).await
}

#[tauri::command]
pub async fn get_settings(state: State<'_, AppState>) -> Result<Settings, ApiError> {
    state.api.get_settings().await
}

#[tauri::command]
pub async fn save_settings(state: State<'_, AppState>, settings: Settings) -> Result<Settings, ApiError> {
    state.api.save_settings(settings).await
}

#[tauri::command]
pub async fn api_key_status(state: State<'_, AppState>, base_url: String) -> Result<ApiKeyStatus, ApiError> {
    state.api.api_key_status(base_url).await
}

/// The key arrives once, goes to the keychain, and only its masked form comes back.
#[tauri::command]
pub async fn store_api_key(
    state: State<'_, AppState>,
    base_url: String,
    key: String,
) -> Result<ApiKeyStatus, ApiError> {
    state.api.store_api_key(base_url, key).await
}

#[tauri::command]
pub async fn forget_api_key(state: State<'_, AppState>, base_url: String) -> Result<ApiKeyStatus, ApiError> {
    state.api.forget_api_key(base_url).await
}

#[tauri::command]
pub async fn check_provider(state: State<'_, AppState>, settings: Settings) -> Result<String, ApiError> {
    state.api.check_provider(settings).await
}

#[tauri::command]
pub async fn open_output(state: State<'_, AppState>, session_id: String, kind: String) -> Result<String, ApiError> {
    state.api.open_output(session_id, kind).await
}

#[tauri::command]
pub async fn share_bundle(state: State<'_, AppState>, session_id: String) -> Result<Option<String>, ApiError> {
    state.api.share_bundle(session_id).await
}

/// The system's own application for a file or folder (`xdg-open` on Linux, `open` on macOS,
/// the shell on Windows), started detached so the window never waits on it.
pub struct SystemOpener;

impl Opener for SystemOpener {
    fn open(&self, path: &std::path::Path) -> Result<(), ApiError> {
        open::that_detached(path).map_err(|e| {
            tracing::warn!(error = %e, "could not open a result");
            ApiError { code: "opener_unavailable".into(), message: Text::message("error-opener-unavailable", []) }
        })
    }
}

/// The system's folder picker. It runs on the GTK main thread (as the toolkit requires); its
/// answer comes back over a channel, and the writing happens in the core.
pub struct SystemFolderPicker(pub AppHandle);

impl FolderPicker for SystemFolderPicker {
    fn pick(&self, title: String) -> Pin<Box<dyn Future<Output = Result<Option<PathBuf>, ApiError>> + Send>> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        // rfd's GTK dialog is its own top-level window (it takes no parent there), opened on top
        // as any new window is.
        let shown = self.0.run_on_main_thread(move || {
            let picked = rfd::AsyncFileDialog::new().set_title(title).set_can_create_directories(true).pick_folder();
            std::thread::spawn(move || {
                let _ = tx.send(tauri::async_runtime::block_on(picked).map(|f| f.path().to_path_buf()));
            });
        });
        Box::pin(async move {
            let unavailable = || ApiError {
                code: "dialog_unavailable".into(),
                message: Text::message("error-dialog-unavailable", []),
            };
            shown.map_err(|_| unavailable())?;
            rx.await.map_err(|_| unavailable())
        })
    }
}

/// `--demo`: serve the demo app and run the sample PRD, then the sample workbook; the window
/// shows them as they happen.
pub fn start_demo(app: AppHandle, out: PathBuf) {
    tauri::async_runtime::spawn(async move {
        let state = app.state::<AppState>();
        let api: &Api = &state.api;
        let (url, started) = match api.demo(Some(out.clone()), 0).await {
            Ok(first) => first,
            Err(e) => {
                eprintln!("error: {}", specwright_api::render(&e.message, api.locale()));
                return;
            }
        };
        api.wait(&started.run_id).await;
        report(api, &started).await;
        match api.demo_workbook(Some(out), url).await {
            Ok(workbook) => {
                api.wait(&workbook.run_id).await;
                report(api, &workbook).await;
            }
            Err(e) => eprintln!("error: {}", specwright_api::render(&e.message, api.locale())),
        }
        println!("{}", specwright_api::render(&Text::message("app-close-window", []), api.locale()));
    });
}

async fn report(api: &Api, started: &StartedSession) {
    let locale = api.locale();
    let status = match api.get_session(started.session_id.clone()).await {
        Ok(detail) => serde_json::to_value(detail.summary.status).ok().and_then(|v| v.as_str().map(String::from)),
        Err(_) => None,
    };
    let status = status.unwrap_or_default();
    let line = Text::message(
        "app-demo-session",
        [("session", started.session_id.as_str().into()), ("status", status.as_str().into())],
    );
    println!("{}", specwright_api::render(&line, locale));
    let folder = Text::message("cli-output-folder", [("path", started.out_dir.as_str().into())]);
    println!("{}", specwright_api::render(&folder, locale));
}
