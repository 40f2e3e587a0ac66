//! Opening a data dir beside a live process (the CLI next to the window, a second launch) must
//! not mark that process's running sessions interrupted, while opening it once every process
//! that had it open is gone recovers them.

use specwright_protocol::SessionStatus;
use specwright_runtime::Runtime;
use specwright_store::{NewSession, SequentialIds, SystemClock};
use std::sync::Arc;

fn open(dir: &std::path::Path) -> Arc<Runtime> {
    Runtime::open(dir, Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap()
}

#[test]
fn running_sessions_are_interrupted_only_once_their_owner_is_gone() {
    let dir = tempfile::tempdir().unwrap();
    let owner = open(dir.path());
    let session = NewSession {
        id: "ses_live".into(),
        title: "live".into(),
        engine: "offline".into(),
        target_url: "http://127.0.0.1:1".into(),
    };
    owner.store().create_session(&session, &[]).unwrap();
    assert_eq!(owner.store().session("ses_live").unwrap().status, SessionStatus::Running);

    // Beside the live owner: the session stays running.
    let beside = open(dir.path());
    assert_eq!(beside.store().session("ses_live").unwrap().status, SessionStatus::Running);
    drop(beside);
    assert_eq!(owner.store().session("ses_live").unwrap().status, SessionStatus::Running);

    // The first process gone while another still has the dir open (the CLI running a session
    // when the window quits): a relaunch must leave that one's sessions alone too.
    let other = open(dir.path());
    drop(owner);
    let relaunch = open(dir.path());
    assert_eq!(relaunch.store().session("ses_live").unwrap().status, SessionStatus::Running);
    drop(relaunch);

    // Every process gone (their locks released, as when they exit): the next one recovers it.
    drop(other);
    let next = open(dir.path());
    assert_eq!(next.store().session("ses_live").unwrap().status, SessionStatus::Interrupted);
}
