//! The desktop shell: a thin adapter that parses IPC requests, calls the runtime and maps the
//! result. Everything here can also be done headless with the `specwright` CLI.

// No console window on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

mod commands;

use specwright_runtime::{resolve_data_dir, Runtime};
use specwright_store::{RandomIds, SystemClock};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tauri::Manager;

pub struct AppState {
    pub runtime: Arc<Runtime>,
    /// Keeps the demo app's server alive for as long as the window is open.
    pub demo: Mutex<Option<specwright_runtime::DemoApp>>,
    /// Demo app servers started for sessions from the window, alive while the window is.
    pub demo_apps: Mutex<Vec<specwright_runtime::DemoApp>>,
    /// Where runs started from the window write their exports.
    pub out: PathBuf,
    pub keychain: specwright_runtime::Keychain,
}

struct Options {
    demo: bool,
    out: PathBuf,
}

fn options() -> Options {
    let mut args = std::env::args().skip(1);
    let mut options = Options { demo: false, out: PathBuf::from("out") };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--demo" => options.demo = true,
            "--out" => {
                if let Some(dir) = args.next() {
                    options.out = PathBuf::from(dir);
                }
            }
            _ => {}
        }
    }
    options
}

/// Sessions whose run is going on in this process (a dead process's are marked interrupted
/// when the store opens).
fn running(runtime: &Runtime) -> usize {
    runtime
        .sessions()
        .map(|all| all.iter().filter(|s| s.status == specwright_protocol::SessionStatus::Running).count())
        .unwrap_or(0)
}

/// Quits once no run is left, unless the window was shown again meanwhile.
fn quit_when_idle(app: tauri::AppHandle) {
    tauri::async_runtime::spawn(async move {
        loop {
            tokio::time::sleep(std::time::Duration::from_secs(2)).await;
            let visible = app.get_webview_window("main").and_then(|w| w.is_visible().ok()).unwrap_or(false);
            if visible {
                return;
            }
            if running(&app.state::<AppState>().runtime) == 0 {
                app.exit(0);
                return;
            }
        }
    });
}

fn main() {
    let options = options();
    // Before any thread: the driver's location is passed through the environment.
    let _ = specwright_browser::prepare_driver();
    let data_dir = resolve_data_dir(None);
    let _log = specwright_runtime::init_logging(&data_dir, true).ok();
    let runtime = match Runtime::open(&data_dir, Arc::new(SystemClock), Arc::new(RandomIds)) {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let state = AppState {
        runtime: Arc::clone(&runtime),
        demo: Mutex::new(None),
        demo_apps: Mutex::new(Vec::new()),
        out: options.out.clone(),
        keychain: specwright_runtime::Keychain::default(),
    };
    let result = tauri::Builder::default()
        // A second launch brings the open window forward instead of opening another on the same
        // data (two windows would each think they own the runs).
        .plugin(tauri_plugin_single_instance::init(|app, _args, _cwd| {
            if let Some(window) = app.get_webview_window("main") {
                let _ = window.show();
                let _ = window.unminimize();
                let _ = window.set_focus();
            }
        }))
        // Closing the window never stops a run: while one runs, the window only hides (opening
        // the app again shows it, re-attached), and the app quits once the runs have ended.
        .on_window_event(|window, event| {
            if let tauri::WindowEvent::CloseRequested { api, .. } = event {
                let state = window.state::<AppState>();
                if running(&state.runtime) > 0 {
                    api.prevent_close();
                    let _ = window.hide();
                    tracing::info!("window closed during a run: it goes on in the background");
                    quit_when_idle(window.app_handle().clone());
                }
            }
        })
        .manage(state)
        .invoke_handler(tauri::generate_handler![
            commands::list_sessions,
            commands::get_session,
            commands::subscribe,
            commands::answer_question,
            commands::read_frame,
            commands::start_session,
            commands::resume_session,
            commands::duplicate_session,
            commands::cancel_session,
            commands::delete_session,
            commands::export_code,
            commands::save_exports,
            commands::read_source,
            commands::replay_session,
            commands::get_settings,
            commands::save_settings,
            commands::api_key_status,
            commands::store_api_key,
            commands::forget_api_key,
            commands::check_provider
        ])
        .setup(move |app| {
            if options.demo {
                commands::start_demo(app.handle().clone(), options.out.clone());
            }
            Ok(())
        })
        .run(tauri::generate_context!("../tauri.conf.json"));
    if let Err(e) = result {
        eprintln!("error: the window could not start: {e}");
        std::process::exit(1);
    }
}
