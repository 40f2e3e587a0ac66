//! The desktop workspace's session operations on the real runtime, Chromium and demo app: a
//! session started from picked file bytes against the bundled demo app (its question makes it
//! wait), duplicated, deleted with its frames; bad files and running sessions are refused
//! with sentences, and nothing half-made is left behind.

use specwright_protocol::{Event, NewSessionRequest, SessionStatus, Settings, SpecFile};
use specwright_runtime::{Keychain, Runtime};
use specwright_scenario::Provenance;
use specwright_store::{SequentialIds, SystemClock};
use specwright_tests::events_until_terminal;
use std::sync::Arc;

// The page has no '회원가입' button: the run asks which element was meant, and waits.
const SPEC: &str = "# 로그인\n\n1. '/login' 페이지로 이동한다.\n2. '회원가입' 버튼을 클릭한다.\n";

fn picked(name: &str, text: &[u8]) -> SpecFile {
    SpecFile::Bytes { name: name.into(), bytes: text.to_vec() }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_from_picked_files_duplicate_and_delete_a_session() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let settings = Settings::default();
    let keychain = Keychain::with_service("specwright-test-unused");
    let out = dir.path().join("out");

    // A file that is no spec: refused by name, and no session exists.
    let bad = NewSessionRequest {
        files: vec![picked("spec.md", SPEC.as_bytes()), picked("broken.pdf", b"%PDF-1.7 not really")],
        target_url: String::new(),
        demo_app: true,
        title: None,
    };
    let Err(e) = runtime.start_workspace_session(bad, &settings, &keychain, out.clone()).await else {
        panic!("a broken file was accepted")
    };
    assert!(e.to_string().contains("broken.pdf"), "{e}");
    assert!(runtime.sessions().unwrap().is_empty());

    let request = NewSessionRequest {
        files: vec![picked("spec.md", SPEC.as_bytes())],
        target_url: String::new(),
        demo_app: true,
        title: Some("  ".into()),
    };
    let (started, demo) = runtime.start_workspace_session(request, &settings, &keychain, out.clone()).await.unwrap();
    assert!(demo.is_some(), "the caller keeps the demo app alive");
    let events = events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionWaiting { .. }), "{:?}", events.last());
    let first = runtime.store().session(&started.session_id).unwrap();
    assert_eq!((first.status, first.title.as_str()), (SessionStatus::Waiting, "로그인"));
    assert!(!runtime.cancel_session(&first.id).unwrap(), "nothing runs to cancel");
    assert!(runtime.frames_dir(&first.id).is_dir(), "frames were recorded");

    let copy = runtime.duplicate_session(&first.id, &settings, &keychain, out.clone()).await.unwrap();
    assert_ne!(copy.session_id, first.id);
    let events = events_until_terminal(&runtime, &copy.session_id, 0).await;
    runtime.wait(&copy.run_id).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionWaiting { .. }));
    let documents = runtime.session_detail(&copy.session_id).unwrap().documents;
    assert_eq!(documents, vec!["spec.md".to_string()]);

    runtime.delete_session(&first.id).unwrap();
    assert!(!runtime.frames_dir(&first.id).exists(), "its frames went with it");
    let left: Vec<String> = runtime.sessions().unwrap().into_iter().map(|s| s.id).collect();
    assert_eq!(left, vec![copy.session_id.clone()]);
    let again = runtime.delete_session(&first.id).unwrap_err();
    assert_eq!(again.code(), "session_not_found");

    // The scenario as code, and a replay of it, once a session has one.
    assert_eq!(runtime.export_code(&copy.session_id, "playwright").unwrap_err().code(), "no_scenario");
    let done = NewSessionRequest {
        files: vec![picked(
            "login.md",
            "# 로그인\n\n1. '/login' 페이지로 이동한다.\n2. '비밀번호' 필드에 'pw-written-in-the-spec'을 입력한다.\n3. '로그인' 제목이 보여야 한다.\n"
                .as_bytes(),
        )],
        target_url: String::new(),
        demo_app: true,
        title: None,
    };
    let (finished, demo2) = runtime.start_workspace_session(done, &settings, &keychain, out.clone()).await.unwrap();
    let events = events_until_terminal(&runtime, &finished.session_id, 0).await;
    runtime.wait(&finished.run_id).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let code = runtime.export_code(&finished.session_id, "playwright").unwrap();
    let spec = code.iter().find(|f| f.name == "scenario.spec.ts").expect("the Playwright test");
    assert!(spec.content.contains("getByRole('heading'") && spec.content.contains("로그인"), "{}", spec.content);
    assert_eq!(runtime.export_code(&finished.session_id, "junit").unwrap_err().code(), "unknown_format");
    // A step's citation opens its section, with the cited line among the section's lines.
    let scenario = runtime.store().latest_scenario(&finished.session_id).unwrap().unwrap();
    let Provenance::Spec { citation } = &scenario.steps[2].provenance else { panic!("a cited step") };
    let section = runtime.source_section(&finished.session_id, &citation.document, &citation.anchor).unwrap();
    let line = section.lines.iter().find(|l| l.number == citation.line).expect("the cited line is in its section");
    assert!(line.text.contains(citation.quote.trim()), "{line:?} quotes {:?}", citation.quote);
    assert!(section.lines.len() >= 2, "the whole section: {section:?}");
    // The password the spec wrote is a secret of the scenario; the window's replay knows it
    // again from the stored spec (a window has no --secret flag).
    assert!(
        spec.content.contains("), secret('PASSWORD'));") && !spec.content.contains("pw-written-in-the-spec"),
        "{}",
        spec.content
    );
    let after = runtime.store().session(&finished.session_id).unwrap().last_seq;
    let replay = runtime.replay_workspace_session(&finished.session_id, &settings, out.clone()).await.unwrap();
    let events = events_until_terminal(&runtime, &finished.session_id, after).await;
    runtime.wait(&replay.run_id).await;
    assert!(events.iter().any(|e| matches!(e.event, Event::TrialDone { passed: true, .. })), "the replay passed");
    drop(demo2);

    // Saving into a picked folder: a new folder named after the session, with the test and its
    // config together; saving again numbers a second folder rather than overwriting the first.
    let picked_folder = tempfile::tempdir().unwrap();
    let saved = runtime.save_exports(&finished.session_id, picked_folder.path()).unwrap();
    let folder = std::path::PathBuf::from(&saved.folder);
    assert_eq!(folder, picked_folder.path().join("로그인"));
    for name in
        ["scenario.json", "scenario.spec.ts", "playwright.config.ts", "flow.mmd", "report.html", "trial-run.json"]
    {
        assert!(saved.files.iter().any(|f| f == name), "{name} in {:?}", saved.files);
        assert!(folder.join(name).is_file(), "{name} written");
    }
    let written = std::fs::read_to_string(folder.join("scenario.spec.ts")).unwrap();
    assert_eq!(written, spec.content, "the saved test is the one the code tab shows");
    let second = runtime.save_exports(&finished.session_id, picked_folder.path()).unwrap();
    assert_eq!(std::path::PathBuf::from(&second.folder), picked_folder.path().join("로그인-2"));
    assert_eq!(std::fs::read_to_string(folder.join("scenario.spec.ts")).unwrap(), written, "the first is untouched");
    let gone = runtime.save_exports(&finished.session_id, &picked_folder.path().join("missing")).unwrap_err();
    assert_eq!(gone.code(), "out_dir_unwritable");
    assert_eq!(runtime.save_exports(&copy.session_id, picked_folder.path()).unwrap_err().code(), "no_scenario");

    // An LLM session cannot be continued with the offline engine of the settings.
    let Err(e) = runtime.engine_for("llm:gpt-4o-mini", &settings, &keychain) else {
        panic!("an LLM session went on offline")
    };
    assert!(e.to_string().contains("Settings"), "{e}");
    drop(demo);
}
