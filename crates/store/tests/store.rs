//! Store behaviour against real SQLite files.

use sha2::{Digest, Sha256};
use specwright_protocol::{Event, SessionStatus};
use specwright_scenario::Verdict;
use specwright_store::{FixedClock, NewSession, Store, MIGRATIONS};
use std::sync::Arc;

fn open(dir: &tempfile::TempDir) -> Arc<Store> {
    Store::open(&dir.path().join("specwright.db"), Arc::new(FixedClock::new(1_000, 1))).unwrap()
}

fn session(store: &Store, id: &str) {
    store
        .create_session(
            &NewSession {
                id: id.into(),
                title: "t".into(),
                engine: "offline".into(),
                target_url: "http://127.0.0.1:1".into(),
            },
            &[],
        )
        .unwrap();
}

fn message(i: usize) -> Event {
    Event::MessageDone { text: format!("m{i}").into() }
}

#[test]
fn shipped_migrations_never_change() {
    let lock = include_str!("../migrations.lock");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    files.sort();
    assert_eq!(files.len(), MIGRATIONS.len(), "every migration file must be registered in MIGRATIONS");
    for (i, name) in files.iter().enumerate() {
        assert_eq!(MIGRATIONS[i].name, name);
        assert_eq!(MIGRATIONS[i].version as usize, i + 1, "migration versions are numbered 1, 2, 3 ...");
        let digest = Sha256::digest(std::fs::read(dir.join(name)).unwrap());
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        let expected = format!("{hex}  {name}");
        assert!(
            lock.lines().any(|l| l == expected),
            "{name} is new or was edited. Shipped migrations are append-only: add a new numbered \
             migration instead, and record new ones in migrations.lock"
        );
    }
    assert_eq!(lock.lines().count(), files.len(), "migrations.lock lists a migration that is gone");
}

#[test]
fn database_is_wal_and_reopens_with_its_data() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = open(&dir);
        assert_eq!(store.journal_mode().unwrap(), "wal");
        session(&store, "ses_1");
        store.append_event("ses_1", "run_1", message(1)).unwrap();
    }
    let store = open(&dir);
    assert_eq!(store.session("ses_1").unwrap().last_seq, 1);
    assert_eq!(store.events("ses_1", 0).unwrap()[0].event, message(1));
}

#[test]
fn concurrent_appends_get_gap_free_sequence_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(&dir);
    session(&store, "a");
    session(&store, "b");
    let threads: Vec<_> = (0..4)
        .map(|t| {
            let store = Arc::clone(&store);
            std::thread::spawn(move || {
                for i in 0..50 {
                    let id = if (t + i) % 2 == 0 { "a" } else { "b" };
                    store.append_event(id, "run", message(i)).unwrap();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    for id in ["a", "b"] {
        let seqs: Vec<u32> = store.events(id, 0).unwrap().iter().map(|e| e.seq).collect();
        assert_eq!(seqs, (1..=100).collect::<Vec<u32>>(), "session {id}");
    }
}

#[test]
fn appending_to_a_missing_session_fails_and_stores_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(&dir);
    assert!(store.append_event("nope", "run", message(0)).is_err());
    assert!(store.events("nope", 0).unwrap().is_empty());
}

#[tokio::test]
async fn subscription_replays_after_seq_then_streams_live_without_gaps() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(&dir);
    session(&store, "s");
    session(&store, "other");
    for i in 1..=5 {
        store.append_event("s", "run", message(i)).unwrap();
    }
    let mut sub = store.subscribe("s", 2).unwrap();
    let writer = {
        let store = Arc::clone(&store);
        tokio::task::spawn_blocking(move || {
            for i in 6..=40 {
                store.append_event("other", "run", message(i)).unwrap();
                store.append_event("s", "run", message(i)).unwrap();
            }
        })
    };
    let mut seen = Vec::new();
    while seen.len() < 38 {
        let envelope = sub.next().await.unwrap().unwrap();
        assert_eq!(envelope.session_id, "s");
        seen.push(envelope.seq);
    }
    writer.await.unwrap();
    assert_eq!(seen, (3..=40).collect::<Vec<u32>>());
}

#[test]
fn running_sessions_become_interrupted_on_reopen() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = open(&dir);
        session(&store, "alive");
        session(&store, "done");
        store.set_status("done", SessionStatus::Completed).unwrap();
    }
    let store = open(&dir);
    assert_eq!(store.mark_interrupted().unwrap(), vec!["alive".to_string()]);
    assert_eq!(store.session("alive").unwrap().status, SessionStatus::Interrupted);
    assert_eq!(store.session("done").unwrap().status, SessionStatus::Completed);
}

#[test]
fn scenarios_are_versioned() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(&dir);
    session(&store, "s");
    let mut scenario = specwright_scenario::Scenario {
        schema_version: specwright_scenario::SCHEMA_VERSION,
        id: "scn_1".into(),
        title: "t".into(),
        target_url: "http://127.0.0.1:1".into(),
        variables: vec![],
        data: None,
        preconditions: vec![],
        steps: vec![],
        assumptions: vec![],
        open_questions: vec![],
    };
    assert_eq!(store.save_scenario("s", &scenario).unwrap(), 1);
    scenario.title = "t2".into();
    assert_eq!(store.save_scenario("s", &scenario).unwrap(), 2);
    assert_eq!(store.latest_scenario("s").unwrap().unwrap().title, "t2");
}

#[test]
fn the_session_list_carries_the_latest_verdict_and_the_first_document() {
    let dir = tempfile::tempdir().unwrap();
    let store = open(&dir);
    let document = |name: &str| specwright_store::DocumentRecord {
        id: format!("doc_{name}"),
        name: name.into(),
        media_type: "text/markdown".into(),
        sha256: String::new(),
        content: String::new(),
        outline_json: String::new(),
    };
    store
        .create_session(
            &NewSession { id: "s1".into(), title: "t".into(), engine: "offline".into(), target_url: "u".into() },
            &[document("b.md"), document("a.md")],
        )
        .unwrap();
    assert_eq!(store.session("s1").unwrap().verdict, None, "no trial yet");
    let trial = |passed: bool, flaky: bool, verdict: Option<Verdict>| Event::TrialDone {
        trial_id: "tr".into(),
        scenario: None,
        passed,
        flaky,
        verdict,
        runs: 2,
        failed_steps: 0,
        duration_ms: 1,
        changed_data: None,
    };
    // A trial recorded before verdicts were said reads as its outcome; the latest one counts.
    store.append_event("s1", "r1", trial(false, true, None)).unwrap();
    assert_eq!(store.session("s1").unwrap().verdict, Some(Verdict::Flaky));
    store.append_event("s1", "r2", trial(true, false, Some(Verdict::Passed))).unwrap();
    store.append_event("s1", "r2", trial(true, false, Some(Verdict::NotVerified))).unwrap();
    store.append_event("s1", "r2", message(1)).unwrap();
    let listed = store.sessions().unwrap();
    assert_eq!(listed[0].verdict, Some(Verdict::NotVerified), "a pass that proved nothing is not a pass");
    // A workbook's cases in one run: the session proved what its least proven case did; an
    // earlier run's failure no longer counts.
    store.append_event("s1", "r3", trial(true, false, Some(Verdict::Passed))).unwrap();
    store.append_event("s1", "r3", trial(false, false, Some(Verdict::Failed))).unwrap();
    store.append_event("s1", "r3", trial(true, false, Some(Verdict::PassedWithWarnings))).unwrap();
    assert_eq!(store.session("s1").unwrap().verdict, Some(Verdict::Failed));
    store.append_event("s1", "r4", trial(true, false, Some(Verdict::Passed))).unwrap();
    assert_eq!(store.session("s1").unwrap().verdict, Some(Verdict::Passed));
    assert_eq!(listed[0].document.as_deref(), Some("a.md"));
}

/// A file that is not Specwright's database is named for what it is, and a database of another
/// program is never changed: not a table added, not its journal mode (main added its tables,
/// switched it to WAL, and said to check permissions and free space for all of these).
#[test]
fn a_damaged_newer_or_foreign_database_is_said_as_such_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("specwright.db");
    let open = |path: &std::path::Path| Store::open(path, Arc::new(FixedClock::new(1_000, 1)));

    // Another program's database.
    {
        let other = rusqlite::Connection::open(&path).unwrap();
        other
            .execute_batch(
                "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
                 INSERT INTO notes (body) VALUES ('theirs');
                 CREATE TABLE schema_migrations (version TEXT PRIMARY KEY);",
            )
            .unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    let Err(error) = open(&path) else { panic!("a foreign database was opened") };
    assert!(matches!(error, specwright_store::StoreError::Foreign { .. }), "{error}");
    assert_eq!(std::fs::read(&path).unwrap(), before, "not a byte changed");
    assert!(!dir.path().join("specwright.db-wal").exists(), "its journal mode untouched");

    // Not a database at all, and one cut short.
    std::fs::write(&path, b"just some text, not a database").unwrap();
    let Err(error) = open(&path) else { panic!("text was opened as a database") };
    assert!(matches!(error, specwright_store::StoreError::Damaged { .. }), "{error}");
    std::fs::remove_file(&path).unwrap();
    {
        let store = open(&path).unwrap();
        session(&store, "ses_1");
        for i in 0..200 {
            store.append_event("ses_1", "run_1", message(i)).unwrap();
        }
    }
    let whole = std::fs::read(&path).unwrap();
    let _ = std::fs::remove_file(dir.path().join("specwright.db-wal"));
    let _ = std::fs::remove_file(dir.path().join("specwright.db-shm"));
    std::fs::write(&path, &whole[..whole.len().min(1500)]).unwrap();
    let outcome = open(&path).and_then(|store| store.events("ses_1", 0).map(|_| ()));
    let Err(error) = outcome else { panic!("a database cut short read as whole") };
    assert!(matches!(error, specwright_store::StoreError::Damaged { .. }), "{error}");

    // Written by a newer Specwright.
    std::fs::remove_file(&path).unwrap();
    drop(open(&path).unwrap());
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute(
            "INSERT INTO schema_migrations (version, name, checksum, applied_at_ms) VALUES (999, 'future.sql', 'x', 0)",
            [],
        )
        .unwrap();
    }
    let Err(error) = open(&path) else { panic!("a newer database was opened") };
    assert!(matches!(error, specwright_store::StoreError::TooNew { found: 999, .. }), "{error}");
}
