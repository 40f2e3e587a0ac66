//! Where the app keeps its database, frames and logs: the platform data dir unless overridden.

use std::path::{Path, PathBuf};

/// Overrides the data dir (tests, portable installs). A CLI flag overrides this in turn.
pub const DATA_DIR_ENV: &str = "SPECWRIGHT_DATA_DIR";

pub fn resolve_data_dir(explicit: Option<&Path>) -> PathBuf {
    if let Some(dir) = explicit {
        return dir.to_path_buf();
    }
    if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    dirs::data_dir().unwrap_or_else(std::env::temp_dir).join("specwright")
}
