//! The checked-in UI bindings must equal what the Rust types generate.

use std::path::PathBuf;

#[test]
fn ui_bindings_are_up_to_date() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../ui/src/lib/bindings.ts");
    let generated = specwright_protocol::typescript_bindings();
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &generated).unwrap();
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(on_disk == generated, "ui/src/lib/bindings.ts is stale: run `make bindings` and commit the result");
}
