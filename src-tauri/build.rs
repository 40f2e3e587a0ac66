//! Tauri's build step, reading the config that lives at the repository root. The app's commands
//! come from the contract (`specwright_protocol::commands()`): each gets an `allow-…` permission,
//! and the window's capability grants exactly those, so a command the UI does not use is denied.

fn main() {
    let names: Vec<&'static str> = specwright_protocol::commands().iter().map(|c| c.name).collect();
    let names: &'static [&'static str] = Box::leak(names.into_boxed_slice());
    let attributes = tauri_build::Attributes::new()
        .config_path("../tauri.conf.json")
        .app_manifest(tauri_build::AppManifest::new().commands(names));
    if let Err(e) = tauri_build::try_build(attributes) {
        panic!("tauri build step failed: {e:#}");
    }
}
