//! The desktop shell: a thin adapter that parses IPC requests, calls the API and maps the
//! result. Everything here can also be done headless with the `specwright` CLI.

// No console window on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

mod commands;

use specwright_api::Api;
use std::path::PathBuf;
use tauri::Manager;

pub struct AppState {
    pub api: Api,
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

/// Quits once no run is left, unless the window was shown again meanwhile.
fn quit_when_idle(app: tauri::AppHandle) {
    tauri::async_runtime::spawn(async move {
        loop {
            tokio::time::sleep(std::time::Duration::from_secs(2)).await;
            let visible = app.get_webview_window("main").and_then(|w| w.is_visible().ok()).unwrap_or(false);
            if visible {
                return;
            }
            if app.state::<AppState>().api.running() == 0 {
                app.exit(0);
                return;
            }
        }
    });
}

fn main() {
    let options = options();
    // The runtime the window's runs go on, with the stack the engine needs (as the CLI's): the
    // default workers' 2 MiB is not room for a sentence answered by another sentence.
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .thread_stack_size(specwright_api::RUN_STACK)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    tauri::async_runtime::set(runtime.handle().clone());
    // Before any thread: the driver's location is passed through the environment.
    let _ = specwright_api::prepare_driver();
    let data_dir = specwright_api::resolve_data_dir(None);
    let _log = specwright_api::init_logging(&data_dir, true).ok();
    let api = match Api::open(&data_dir, options.out.clone()) {
        Ok(api) => api,
        Err(e) => {
            eprintln!("error: {}", specwright_api::render(&e.message, specwright_api::Locale::from_env()));
            std::process::exit(2);
        }
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
        // The files a person drops are the only paths the window's commands read.
        .on_webview_event(|webview, event| {
            if let tauri::WebviewEvent::DragDrop(tauri::DragDropEvent::Drop { paths, .. }) = event {
                webview.state::<AppState>().api.allow_dropped(paths.iter().cloned());
            }
        })
        .on_window_event(|window, event| {
            if let tauri::WindowEvent::DragDrop(tauri::DragDropEvent::Drop { paths, .. }) = event {
                window.state::<AppState>().api.allow_dropped(paths.iter().cloned());
            }
            if let tauri::WindowEvent::CloseRequested { api, .. } = event {
                let state = window.state::<AppState>();
                if state.api.running() > 0 {
                    api.prevent_close();
                    let _ = window.hide();
                    tracing::info!("window closed during a run: it goes on in the background");
                    quit_when_idle(window.app_handle().clone());
                }
            }
        })
        .invoke_handler(tauri::generate_handler![
            commands::list_sessions,
            commands::get_session,
            commands::subscribe,
            commands::answer_question,
            commands::say_to_session,
            commands::answer_secret,
            commands::read_frame,
            commands::start_session,
            commands::start_sample,
            commands::resume_session,
            commands::duplicate_session,
            commands::cancel_session,
            commands::delete_session,
            commands::export_code,
            commands::save_exports,
            commands::open_output,
            commands::share_bundle,
            commands::read_source,
            commands::trust_import_target,
            commands::replay_session,
            commands::check_session,
            commands::list_suites,
            commands::rename_suite,
            commands::export_suite,
            commands::compare_spec,
            commands::revise_session,
            commands::approve_heals,
            commands::check_suite,
            commands::get_settings,
            commands::save_settings,
            commands::api_key_status,
            commands::store_api_key,
            commands::forget_api_key,
            commands::check_provider
        ])
        .setup(move |app| {
            // The folder picker needs the app's handle, which exists from here on.
            let picker = commands::SystemFolderPicker(app.handle().clone());
            let api = api.with_folder_picker(Box::new(picker)).with_opener(Box::new(commands::SystemOpener));
            app.manage(AppState { api });
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
