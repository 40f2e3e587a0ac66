//! A password the spec does not give, asked and answered in the window as a planner does it: a
//! masked field, through the window's own command, on the real runtime, Chromium, demo app and
//! a real Secret Service (GNOME Keyring on a private D-Bus). The login it opens is checked, a
//! remembered password is found again without asking, one kept for the session only is not,
//! and the value is searched for in every store the product writes: the database and its
//! write-ahead log, the event log as the window reads it, the log files, the settings, the
//! exports and the share bundle. It is in none of them.

use specwright_api::{Api, Locale};
use specwright_protocol::{Commands, Event, NewSessionRequest, QuestionKind, SessionStatus, SpecFile};
use specwright_runtime::{DemoApp, Keychain, Runtime};
use specwright_store::{SequentialIds, SystemClock};
use specwright_tests::events_until_terminal;
use specwright_tests::secret_service::{files, secret_service};
use std::path::PathBuf;
use std::sync::Arc;

/// The demo app's password; nothing the product writes may contain it.
const PASSWORD: &str = "demo1234";

// The spec names the password field but not the password.
const SPEC: &str = "# 로그인\n\n\
1. '/login' 페이지로 이동한다.\n\
2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
3. '비밀번호' 필드를 입력한다.\n\
4. '로그인' 버튼을 클릭한다.\n\
5. '대시보드' 제목이 보여야 한다.\n";

fn request(target_url: &str) -> NewSessionRequest {
    NewSessionRequest {
        files: vec![SpecFile::Bytes { name: "login.md".into(), bytes: SPEC.as_bytes().to_vec() }],
        target_url: target_url.into(),
        demo_app: false,
        title: None,
        words: None,
    }
}

fn holds(bytes: &[u8], needle: &str) -> bool {
    bytes.windows(needle.len()).any(|w| w == needle.as_bytes())
}

/// Runs `started` to its terminal event; the events of that run.
async fn finish(runtime: &Arc<Runtime>, session_id: &str, after: u32) -> Vec<Event> {
    let events = events_until_terminal(runtime, session_id, after).await;
    events.into_iter().map(|e| e.event).collect()
}

fn secret_questions(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::QuestionAsked { question } if question.kind == QuestionKind::Secret => Some(question.id.clone()),
            _ => None,
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_password_typed_in_the_window_signs_in_and_is_kept_nowhere_but_the_keychain() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let home = tempfile::tempdir().unwrap();
    let (_daemons, bus) = secret_service(home.path());
    // The keychain crate finds the Secret Service on the session bus of the environment; this
    // test binary runs this one test.
    std::env::set_var("DBUS_SESSION_BUS_ADDRESS", &bus);
    std::env::set_var("RUST_LOG", "debug,playwright_rs=info");
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let logging = specwright_api::init_logging(&data, false).unwrap();
    let runtime = Runtime::open(&data, Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let keychain = Keychain::with_service("specwright-secret-test");
    let out = dir.path().join("out");
    let api = Api::over(Arc::clone(&runtime), keychain.clone(), out.clone());
    let app = DemoApp::serve(0).await.unwrap();

    // The run reaches the password field and waits for a secret, saying why in plain words.
    let started = api.start_session(request(&app.url())).await.unwrap();
    let events = finish(&runtime, &started.session_id, 0).await;
    let Some(Event::SessionWaiting { question }) = events.last() else { panic!("no question: {:?}", events.last()) };
    assert_eq!((question.kind, question.id.as_str()), (QuestionKind::Secret, "secret::PASSWORD"));
    let why = specwright_api::render(&question.why, Locale::En);
    assert!(!why.contains("--secret") && !why.contains("SPECWRIGHT_SECRET"), "a planner has no terminal: {why}");
    let session = started.session_id.clone();

    // A secret is not a plain answer, a question it does not wait at takes none, nor an empty one.
    let plain = api.answer_question(session.clone(), question.id.clone(), PASSWORD.into()).await.unwrap_err();
    assert_eq!(plain.code, "bad_argument");
    let other = api.answer_secret(session.clone(), "secret::OTHER".into(), PASSWORD.into(), true).await.unwrap_err();
    assert_eq!(other.code, "bad_argument");
    let empty = api.answer_secret(session.clone(), question.id.clone(), String::new(), true).await.unwrap_err();
    assert_eq!(empty.code, "bad_argument");
    assert_eq!(runtime.store().session(&session).unwrap().status, SessionStatus::Waiting, "nothing moved");

    // Typed and remembered: the run goes on, signs in, and the dashboard the spec expects shows.
    let after = runtime.store().session(&session).unwrap().last_seq;
    api.answer_secret(session.clone(), question.id.clone(), PASSWORD.into(), true).await.unwrap();
    let events = finish(&runtime, &session, after).await;
    assert!(matches!(events.last(), Some(Event::SessionCompleted { .. })), "{:?}", events.last());
    let answered = events.iter().find_map(|e| match e {
        Event::QuestionAnswered { question_id, answer, source } if question_id == "secret::PASSWORD" => {
            Some((answer.clone(), source.clone()))
        }
        _ => None,
    });
    assert_eq!(answered, Some(("••••".to_string(), "secret".to_string())), "the log says it was given, not what");
    assert!(secret_questions(&events).is_empty(), "not asked twice");
    assert!(
        events.iter().any(|e| matches!(e, Event::TrialDone { passed: true, .. })),
        "the trial signed in and saw the dashboard: {events:?}"
    );
    assert_eq!(keychain.secret(&app.url(), "PASSWORD").unwrap().as_deref(), Some(PASSWORD), "in the keychain");

    // A new session on the same app finds the remembered password and never asks.
    let again = api.start_session(request(&app.url())).await.unwrap();
    let events = finish(&runtime, &again.session_id, 0).await;
    assert!(matches!(events.last(), Some(Event::SessionCompleted { .. })), "{:?}", events.last());
    assert!(secret_questions(&events).is_empty(), "remembered for this app");

    // Another app: asked, given for this session only (not kept), the session replays with it,
    // and a later session on that app asks again.
    let other_app = DemoApp::serve(0).await.unwrap();
    let once = api.start_session(request(&other_app.url())).await.unwrap();
    let events = finish(&runtime, &once.session_id, 0).await;
    assert_eq!(secret_questions(&events), vec!["secret::PASSWORD".to_string()], "another app's password is its own");
    let after = runtime.store().session(&once.session_id).unwrap().last_seq;
    api.answer_secret(once.session_id.clone(), "secret::PASSWORD".into(), PASSWORD.into(), false).await.unwrap();
    let events = finish(&runtime, &once.session_id, after).await;
    assert!(matches!(events.last(), Some(Event::SessionCompleted { .. })), "{:?}", events.last());
    assert_eq!(keychain.secret(&other_app.url(), "PASSWORD").unwrap(), None, "not kept");
    let after = runtime.store().session(&once.session_id).unwrap().last_seq;
    let replay = api.replay_session(once.session_id.clone()).await.unwrap();
    let events = finish(&runtime, &once.session_id, after).await;
    runtime.wait(&replay.run_id).await;
    assert!(events.iter().any(|e| matches!(e, Event::TrialDone { passed: true, .. })), "replayed with it: {events:?}");
    let later = api.start_session(request(&other_app.url())).await.unwrap();
    let events = finish(&runtime, &later.session_id, 0).await;
    assert!(matches!(events.last(), Some(Event::SessionWaiting { .. })), "asked again: {:?}", events.last());

    // Every store the product writes: none holds the password.
    let bundle = dir.path().join("shared.swbundle");
    api.bundle(&session, Some(bundle.clone())).unwrap();
    let detail = serde_json::to_string(&api.get_session(session.clone()).await.unwrap()).unwrap();
    assert!(!holds(detail.as_bytes(), PASSWORD), "the event log as the window reads it");
    drop(logging);
    let mut written = [files(&data), files(&out)].concat();
    // The bundle's entries as a colleague's import reads them (the archive is compressed).
    let mut archive = zip::ZipArchive::new(std::fs::File::open(&bundle).unwrap()).unwrap();
    for i in 0..archive.len() {
        let mut entry = archive.by_index(i).unwrap();
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut entry, &mut bytes).unwrap();
        written.push((PathBuf::from(entry.name().unwrap().to_string()), bytes));
    }
    let mut names: Vec<String> =
        written.iter().map(|(p, _)| p.file_name().unwrap().to_string_lossy().to_string()).collect();
    names.sort();
    names.dedup();
    for expected in ["specwright.db", "scenario.spec.ts", "report.html", "remembered-secrets.json", "events.jsonl"] {
        assert!(names.iter().any(|n| n == expected), "{expected} was searched: {names:?}");
    }
    assert!(names.iter().any(|n| n.starts_with("specwright") && n.ends_with(".log")), "a log was searched: {names:?}");
    for (path, bytes) in &written {
        assert!(!holds(bytes, PASSWORD), "{} holds the password", path.display());
    }
}
