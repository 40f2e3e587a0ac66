//! Tauri's build step, reading the config that lives at the repository root.

fn main() {
    if let Err(e) = tauri_build::try_build(tauri_build::Attributes::new().config_path("../tauri.conf.json")) {
        panic!("tauri build step failed: {e:#}");
    }
}
