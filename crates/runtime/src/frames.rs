//! Mirror frames on disk: kept for the newest sessions only, so a laptop's disk does not fill
//! with the screens of sessions nobody opens again.

use specwright_protocol::SessionSummary;
use std::path::Path;

/// Mirror frames are kept for this many of the newest sessions; older sessions keep their
/// events and scenarios, and say their frames were pruned.
pub const FRAMES_KEPT_FOR_SESSIONS: usize = 30;

/// Deletes the frame folders of all but the `keep` newest sessions (and of sessions that no
/// longer exist). Returns how many folders went.
pub fn prune_frames(frames_dir: &Path, sessions: &[SessionSummary], keep: usize) -> std::io::Result<usize> {
    let Ok(entries) = std::fs::read_dir(frames_dir) else { return Ok(0) };
    // `sessions` is newest first.
    let kept: std::collections::HashSet<&str> = sessions.iter().take(keep).map(|s| s.id.as_str()).collect();
    let mut removed = 0;
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !kept.contains(name.as_ref()) && entry.path().is_dir() {
            std::fs::remove_dir_all(entry.path())?;
            removed += 1;
        }
    }
    Ok(removed)
}
