//! The smallest Tauri 2 app: one window showing one static page. `make bench` measures the
//! desktop app's memory at rest against this, built the same way.

fn main() {
    if let Err(e) = tauri::Builder::default().run(tauri::generate_context!()) {
        eprintln!("the reference app could not start: {e}");
        std::process::exit(1);
    }
}
