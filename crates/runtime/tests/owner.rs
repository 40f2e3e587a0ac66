//! A data dir has one owner at a time: opening it beside a live process (the CLI next to the
//! window, a second launch) must not mark that process's running sessions interrupted, while
//! opening it after the owner is gone recovers them.

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

    // The owner gone (its lock released, as when its process exits): the next one recovers it.
    drop(owner);
    let next = open(dir.path());
    assert_eq!(next.store().session("ses_live").unwrap().status, SessionStatus::Interrupted);
}
