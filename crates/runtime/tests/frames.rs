//! Mirror frames are pruned by policy: only the newest sessions keep theirs.

use specwright_protocol::{SessionStatus, SessionSummary};
use specwright_runtime::prune_frames;

fn session(id: &str) -> SessionSummary {
    SessionSummary {
        id: id.into(),
        title: id.into(),
        status: SessionStatus::Completed,
        engine: "offline".into(),
        target_url: "http://127.0.0.1:1".into(),
        created_at_ms: 0,
        updated_at_ms: 0,
        last_seq: 0,
        verdict: None,
        document: None,
    }
}

#[test]
fn only_the_newest_sessions_keep_their_frames() {
    let dir = tempfile::tempdir().unwrap();
    for id in ["ses_1", "ses_2", "ses_3", "ses_4", "ses_gone"] {
        std::fs::create_dir_all(dir.path().join(id)).unwrap();
        std::fs::write(dir.path().join(id).join("0001.jpg"), b"\xFF\xD8\xFF").unwrap();
    }
    // Newest first, as the store lists them; ses_gone no longer exists.
    let sessions = [session("ses_4"), session("ses_3"), session("ses_2"), session("ses_1")];
    assert_eq!(prune_frames(dir.path(), &sessions, 2).unwrap(), 3);
    let mut left: Vec<_> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    left.sort();
    assert_eq!(left, vec!["ses_3", "ses_4"]);
    assert_eq!(prune_frames(&dir.path().join("missing"), &sessions, 2).unwrap(), 0);
}
