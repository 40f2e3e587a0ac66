//! IPC commands: the names and shapes are the ones in `specwright_protocol::COMMANDS`, from which
//! the UI's `bindings.ts` is generated.

use crate::AppState;
use specwright_protocol::{
    ApiError, ApiKeyStatus, Envelope, NewSessionRequest, SessionDetail, SessionStatus, SessionSummary, Settings,
    StartedSession, Text,
};
use specwright_runtime::{KeychainError, RunStarted};
use std::path::PathBuf;
use tauri::ipc::{Channel, Response};
use tauri::{AppHandle, Manager, State};

fn api(e: specwright_runtime::RuntimeError) -> ApiError {
    e.to_api()
}

#[tauri::command]
pub fn list_sessions(state: State<'_, AppState>) -> Result<Vec<SessionSummary>, ApiError> {
    state.runtime.sessions().map_err(api)
}

#[tauri::command]
pub fn get_session(state: State<'_, AppState>, session_id: String) -> Result<SessionDetail, ApiError> {
    state.runtime.session_detail(&session_id).map_err(api)
}

/// Replays the events after `after_seq`, then forwards live ones. The run does not depend on
/// this subscription: closing the window only stops the forwarding.
#[tauri::command]
pub fn subscribe(
    state: State<'_, AppState>,
    session_id: String,
    after_seq: u32,
    on_event: Channel<Envelope>,
) -> Result<(), ApiError> {
    let store = std::sync::Arc::clone(state.runtime.store());
    let mut subscription = store.subscribe(&session_id, after_seq).map_err(|e| api(e.into()))?;
    tauri::async_runtime::spawn(async move {
        while let Ok(Some(envelope)) = subscription.next().await {
            let terminal = envelope.event.is_terminal();
            if on_event.send(envelope).is_err() {
                break;
            }
            let running = matches!(store.session(&session_id).map(|s| s.status), Ok(SessionStatus::Running));
            if terminal && !running {
                break;
            }
        }
    });
    Ok(())
}

/// A mirror frame's JPEG bytes, sent raw (no base64, no JSON).
#[tauri::command]
pub fn read_frame(state: State<'_, AppState>, session_id: String, file: String) -> Result<Response, ApiError> {
    let path = state.runtime.frame_path(&session_id, &file).map_err(api)?;
    let bytes = std::fs::read(&path)
        .map_err(|_| ApiError { code: "frame_missing".into(), message: Text::message("error-frame-missing", []) })?;
    Ok(Response::new(bytes))
}

/// A person answered the question the session waits at: resume it with that answer.
#[tauri::command]
pub async fn answer_question(
    state: State<'_, AppState>,
    session_id: String,
    question_id: String,
    answer: String,
) -> Result<(), ApiError> {
    let runtime = std::sync::Arc::clone(&state.runtime);
    let out = specwright_runtime::OutDir::PerSession(state.out.clone());
    let summary = runtime.store().session(&session_id).map_err(|e| api(e.into()))?;
    let settings = settings(&state);
    let engine = runtime.engine_for(&summary.engine, &settings, &state.keychain).map_err(api)?;
    let browser = specwright_runtime::browser_config(&settings).map_err(api)?;
    let safety = specwright_runtime::SafetyOptions {
        extra_origins: settings.allowed_origins.clone(),
        ..specwright_runtime::SafetyOptions::default()
    };
    runtime
        .answer_question(&session_id, &question_id, &answer, out, engine, browser, safety)
        .await
        .map(|_| ())
        .map_err(api)
}

fn settings(state: &AppState) -> Settings {
    specwright_runtime::load_settings(state.runtime.data_dir())
}

fn started(run: RunStarted) -> StartedSession {
    StartedSession { session_id: run.session_id, run_id: run.run_id }
}

fn keychain(e: KeychainError) -> ApiError {
    e.to_api()
}

/// Paths and names from the web view are bounded before anything reads them.
fn checked_id(id: &str) -> Result<(), ApiError> {
    if id.is_empty() || id.len() > 200 || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(ApiError { code: "bad_argument".into(), message: Text::message("error-session-id", []) });
    }
    Ok(())
}

#[tauri::command]
pub async fn start_session(state: State<'_, AppState>, request: NewSessionRequest) -> Result<StartedSession, ApiError> {
    let runtime = std::sync::Arc::clone(&state.runtime);
    let settings = settings(&state);
    let (run, demo) =
        runtime.start_workspace_session(request, &settings, &state.keychain, state.out.clone()).await.map_err(api)?;
    if let Some(demo) = demo {
        state.demo_apps.lock().unwrap_or_else(|p| p.into_inner()).push(demo);
    }
    Ok(started(run))
}

#[tauri::command]
pub async fn resume_session(state: State<'_, AppState>, session_id: String) -> Result<StartedSession, ApiError> {
    checked_id(&session_id)?;
    let runtime = std::sync::Arc::clone(&state.runtime);
    let settings = settings(&state);
    runtime
        .resume_workspace_session(&session_id, &settings, &state.keychain, state.out.clone())
        .await
        .map(started)
        .map_err(api)
}

#[tauri::command]
pub async fn duplicate_session(state: State<'_, AppState>, session_id: String) -> Result<StartedSession, ApiError> {
    checked_id(&session_id)?;
    let runtime = std::sync::Arc::clone(&state.runtime);
    let settings = settings(&state);
    runtime
        .duplicate_session(&session_id, &settings, &state.keychain, state.out.clone())
        .await
        .map(started)
        .map_err(api)
}

#[tauri::command]
pub fn cancel_session(state: State<'_, AppState>, session_id: String) -> Result<bool, ApiError> {
    checked_id(&session_id)?;
    state.runtime.cancel_session(&session_id).map_err(api)
}

#[tauri::command]
pub fn delete_session(state: State<'_, AppState>, session_id: String) -> Result<(), ApiError> {
    checked_id(&session_id)?;
    state.runtime.delete_session(&session_id).map_err(api)
}

#[tauri::command]
pub fn export_code(
    state: State<'_, AppState>,
    session_id: String,
    format: String,
) -> Result<Vec<specwright_protocol::CodeFile>, ApiError> {
    checked_id(&session_id)?;
    state.runtime.export_code(&session_id, &format).map_err(api)
}

/// The folder picker runs on the GTK main thread (as the toolkit requires); its answer comes
/// back here, and the writing happens in the core.
#[tauri::command]
pub async fn save_exports(
    app: AppHandle,
    state: State<'_, AppState>,
    session_id: String,
) -> Result<Option<specwright_protocol::SavedExports>, ApiError> {
    checked_id(&session_id)?;
    // Nothing to save is said before the picker opens, not after a folder was chosen.
    if state.runtime.store().latest_scenario(&session_id).map_err(|e| api(e.into()))?.is_none() {
        return Err(api(specwright_runtime::RuntimeError::NoScenario(session_id)));
    }
    let language = specwright_runtime::load_settings(state.runtime.data_dir()).language;
    let locale = if language.is_empty() {
        specwright_catalog::Locale::from_env()
    } else {
        specwright_catalog::Locale::from_tag(&language)
    };
    let Some(parent) = pick_folder(&app, locale).await? else { return Ok(None) };
    let runtime = std::sync::Arc::clone(&state.runtime);
    tauri::async_runtime::spawn_blocking(move || runtime.save_exports(&session_id, &parent))
        .await
        .map_err(|_| ApiError { code: "internal".into(), message: Text::message("error-export-unfinished", []) })?
        .map(Some)
        .map_err(api)
}

/// The folder the person picked; `None` when they cancelled.
async fn pick_folder(app: &AppHandle, locale: specwright_catalog::Locale) -> Result<Option<PathBuf>, ApiError> {
    let title = specwright_catalog::render(&Text::message("dialog-choose-export-folder", []), locale);
    let (tx, rx) = tokio::sync::oneshot::channel();
    // rfd's GTK dialog is its own top-level window (it takes no parent there), opened on top
    // as any new window is.
    let shown = app.run_on_main_thread(move || {
        let picked = rfd::AsyncFileDialog::new().set_title(title).set_can_create_directories(true).pick_folder();
        std::thread::spawn(move || {
            let _ = tx.send(tauri::async_runtime::block_on(picked).map(|f| f.path().to_path_buf()));
        });
    });
    let unavailable =
        || ApiError { code: "dialog_unavailable".into(), message: Text::message("error-dialog-unavailable", []) };
    shown.map_err(|_| unavailable())?;
    rx.await.map_err(|_| unavailable())
}

#[tauri::command]
pub fn read_source(
    state: State<'_, AppState>,
    session_id: String,
    document: String,
    anchor: String,
) -> Result<specwright_protocol::SourceSection, ApiError> {
    checked_id(&session_id)?;
    state.runtime.source_section(&session_id, &document, &anchor).map_err(api)
}

#[tauri::command]
pub async fn replay_session(state: State<'_, AppState>, session_id: String) -> Result<StartedSession, ApiError> {
    checked_id(&session_id)?;
    let runtime = std::sync::Arc::clone(&state.runtime);
    let settings = settings(&state);
    runtime.replay_workspace_session(&session_id, &settings, state.out.clone()).await.map(started).map_err(api)
}

#[tauri::command]
pub fn get_settings(state: State<'_, AppState>) -> Settings {
    settings(&state)
}

#[tauri::command]
pub fn save_settings(state: State<'_, AppState>, settings: Settings) -> Result<Settings, ApiError> {
    specwright_runtime::save_settings(state.runtime.data_dir(), &settings).map_err(api)
}

fn key_status(state: &AppState, base_url: &str) -> Result<ApiKeyStatus, ApiError> {
    let key = state.keychain.api_key(base_url).map_err(keychain)?;
    Ok(ApiKeyStatus {
        stored: key.is_some(),
        masked: key.as_deref().map(specwright_runtime::masked),
        from_environment: std::env::var(specwright_runtime::API_KEY_ENV).is_ok_and(|k| !k.trim().is_empty()),
    })
}

#[tauri::command]
pub fn api_key_status(state: State<'_, AppState>, base_url: String) -> Result<ApiKeyStatus, ApiError> {
    key_status(&state, &base_url)
}

/// The key arrives once, goes to the keychain, and only its masked form comes back.
#[tauri::command]
pub fn store_api_key(state: State<'_, AppState>, base_url: String, key: String) -> Result<ApiKeyStatus, ApiError> {
    if key.len() > 4096 {
        return Err(keychain(KeychainError::Refused("the key is too long".into())));
    }
    state.keychain.store_api_key(&base_url, &key).map_err(keychain)?;
    key_status(&state, &base_url)
}

#[tauri::command]
pub fn forget_api_key(state: State<'_, AppState>, base_url: String) -> Result<ApiKeyStatus, ApiError> {
    state.keychain.forget_api_key(&base_url).map_err(keychain)?;
    key_status(&state, &base_url)
}

#[tauri::command]
pub async fn check_provider(state: State<'_, AppState>, settings: Settings) -> Result<String, ApiError> {
    let settings = specwright_runtime::check_settings(&settings).map_err(api)?;
    let Some(config) = specwright_runtime::llm_config(&settings, &state.keychain) else {
        return Ok("offline".into());
    };
    specwright_runtime::check_provider(config).await.map_err(api)
}

/// `--demo`: serve the demo app and run the sample PRD, then the sample workbook; the window
/// shows them as they happen.
pub fn start_demo(app: AppHandle, out: PathBuf) {
    tauri::async_runtime::spawn(async move {
        let state = app.state::<AppState>();
        let runtime = std::sync::Arc::clone(&state.runtime);
        let first = runtime.start_demo(specwright_runtime::OutDir::PerSession(out.clone()), 0).await;
        let (url, started) = match first {
            Ok((demo, started)) => {
                let url = demo.url();
                *state.demo.lock().unwrap_or_else(|p| p.into_inner()) = Some(demo);
                (url, started)
            }
            Err(e) => {
                eprintln!("error: {e}");
                return;
            }
        };
        runtime.wait(&started.run_id).await;
        report(&runtime, &started);
        match runtime.start_demo_workbook(specwright_runtime::OutDir::PerSession(out), url).await {
            Ok(workbook) => {
                runtime.wait(&workbook.run_id).await;
                report(&runtime, &workbook);
            }
            Err(e) => eprintln!("error: {e}"),
        }
        println!("창을 닫으면 종료됩니다. / Close the window to finish.");
    });
}

fn report(runtime: &specwright_runtime::Runtime, started: &specwright_runtime::RunStarted) {
    let status = runtime.store().session(&started.session_id).map(|s| s.status);
    println!("세션 / session {}: {:?}", started.session_id, status);
    println!("출력 폴더 / output folder: {}", started.out_dir.display());
}
