//! Tauri's build step for the reference app.

fn main() {
    tauri_build::build()
}
