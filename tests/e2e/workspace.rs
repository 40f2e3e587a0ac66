//! The window's commands, called through the API as the desktop shell calls them, on the real
//! runtime, Chromium and demo app: a session started from picked file bytes against the bundled
//! demo app (its question makes it wait), duplicated, deleted with its frames; bad files and
//! running sessions are refused with sentences, and nothing half-made is left behind.

use specwright_api::{Api, FolderPicker, Locale, Opener};
use specwright_protocol::{ApiError, Commands, Event, NewSessionRequest, SessionStatus, Settings, SpecFile};
use specwright_runtime::{Keychain, Runtime};
use specwright_scenario::Provenance;
use specwright_store::{SequentialIds, SystemClock};
use specwright_tests::events_until_terminal;
use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::Mutex;

// The page has no '회원가입' button: the run asks which element was meant, and waits.
const SPEC: &str = "# 로그인\n\n1. '/login' 페이지로 이동한다.\n2. '회원가입' 버튼을 클릭한다.\n";

fn picked(name: &str, text: &[u8]) -> SpecFile {
    SpecFile::Bytes { name: name.into(), bytes: text.to_vec() }
}

/// The person picks the folder the test put here last.
struct Picks(Arc<Mutex<PathBuf>>);

impl FolderPicker for Picks {
    fn pick(&self, _title: String) -> Pin<Box<dyn Future<Output = Result<Option<PathBuf>, ApiError>> + Send>> {
        let folder = self.0.lock().unwrap().clone();
        Box::pin(async move { Ok(Some(folder)) })
    }
}

/// The system's application, played by a list of what it was asked to open.
struct Opened(Arc<Mutex<Vec<PathBuf>>>);

impl Opener for Opened {
    fn open(&self, path: &std::path::Path) -> Result<(), ApiError> {
        self.0.lock().unwrap().push(path.to_path_buf());
        Ok(())
    }
}

fn english(e: &ApiError) -> String {
    specwright_api::render(&e.message, Locale::En)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_from_picked_files_duplicate_and_delete_a_session() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let settings = Settings::default();
    let keychain = Keychain::with_service("specwright-test-unused");
    let out = dir.path().join("out");
    let picks = Arc::new(Mutex::new(PathBuf::new()));
    let opened = Arc::new(Mutex::new(Vec::new()));
    let api = Api::over(Arc::clone(&runtime), keychain, out)
        .with_folder_picker(Box::new(Picks(Arc::clone(&picks))))
        .with_opener(Box::new(Opened(Arc::clone(&opened))));

    // A file that is no spec: refused by name, and no session exists.
    let bad = NewSessionRequest {
        files: vec![picked("spec.md", SPEC.as_bytes()), picked("broken.pdf", b"%PDF-1.7 not really")],
        target_url: String::new(),
        demo_app: true,
        title: None,
        words: None,
    };
    let Err(e) = api.start_session(bad).await else { panic!("a broken file was accepted") };
    assert!(english(&e).contains("broken.pdf"), "{e:?}");
    assert!(runtime.sessions().unwrap().is_empty());

    // A path is read only when the person dropped that file on the window: a page in the
    // window cannot name another file to read.
    let dropped = dir.path().join("dropped");
    std::fs::create_dir_all(&dropped).unwrap();
    let spec_path = dropped.join("spec.md");
    std::fs::write(&spec_path, SPEC).unwrap();
    let request = || NewSessionRequest {
        files: vec![SpecFile::Path { path: spec_path.display().to_string() }],
        target_url: String::new(),
        demo_app: true,
        title: Some("  ".into()),
        words: None,
    };
    let Err(e) = api.start_session(request()).await else { panic!("a path nobody dropped was read") };
    assert_eq!(e.code, "bad_argument");
    assert!(english(&e).contains("was not dropped on the window"), "{e:?}");
    assert!(runtime.sessions().unwrap().is_empty());
    api.allow_dropped([spec_path.clone()]);
    let request = request();
    let started = api.start_session(request).await.unwrap();
    let events = events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionWaiting { .. }), "{:?}", events.last());
    let first = runtime.store().session(&started.session_id).unwrap();
    assert_eq!((first.status, first.title.as_str()), (SessionStatus::Waiting, "로그인"));
    // "Stop" at the question: the session ends cancelled there (one terminal event of its own),
    // and there is nothing left to stop.
    assert!(api.cancel_session(first.id.clone()).await.unwrap(), "the waiting session is stopped");
    let stopped = runtime.store().session(&first.id).unwrap();
    assert_eq!(stopped.status, SessionStatus::Cancelled);
    let last = runtime.store().events(&first.id, stopped.last_seq - 1).unwrap();
    assert!(matches!(last[0].event, Event::RunCancelled { .. }), "{last:?}");
    assert!(!api.cancel_session(first.id.clone()).await.unwrap(), "nothing left to stop");
    assert!(runtime.frames_dir(&first.id).is_dir(), "frames were recorded");

    let copy = api.duplicate_session(first.id.clone()).await.unwrap();
    assert_ne!(copy.session_id, first.id);
    let events = events_until_terminal(&runtime, &copy.session_id, 0).await;
    runtime.wait(&copy.run_id).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionWaiting { .. }));
    let documents = runtime.session_detail(&copy.session_id).unwrap().documents;
    assert_eq!(documents, vec!["spec.md".to_string()]);

    api.delete_session(first.id.clone()).await.unwrap();
    assert!(!runtime.frames_dir(&first.id).exists(), "its frames went with it");
    let left: Vec<String> = runtime.sessions().unwrap().into_iter().map(|s| s.id).collect();
    assert_eq!(left, vec![copy.session_id.clone()]);
    let again = api.delete_session(first.id.clone()).await.unwrap_err();
    assert_eq!(again.code, "session_not_found");

    // The scenario as code, and a replay of it, once a session has one.
    let code_of = |e: ApiError| e.code;
    assert_eq!(
        code_of(api.export_code(copy.session_id.clone(), "playwright".into()).await.unwrap_err()),
        "no_scenario"
    );
    let done = NewSessionRequest {
        files: vec![picked(
            "login.md",
            "# 로그인\n\n1. '/login' 페이지로 이동한다.\n2. '비밀번호' 필드에 'pw-written-in-the-spec'을 입력한다.\n3. '로그인' 제목이 보여야 한다.\n"
                .as_bytes(),
        )],
        target_url: String::new(),
        demo_app: true,
        title: None,
        words: None,
    };
    let finished = api.start_session(done).await.unwrap();
    let events = events_until_terminal(&runtime, &finished.session_id, 0).await;
    runtime.wait(&finished.run_id).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    // Words alone, from the window: no file; the words are the session's first message and title.
    let words = "'/login' 페이지로 이동해서 '로그인' 제목이 보이는지 확인해 줘";
    let spoken = |words: &str| NewSessionRequest {
        files: Vec::new(),
        target_url: String::new(),
        demo_app: true,
        title: None,
        words: Some(format!("  {words}  ")),
    };
    assert_eq!(code_of(api.start_session(spoken("")).await.unwrap_err()), "no_specs", "neither files nor words");
    let from_words = api.start_session(spoken(words)).await.unwrap();
    let told = events_until_terminal(&runtime, &from_words.session_id, 0).await;
    runtime.wait(&from_words.run_id).await;
    assert!(
        matches!(&told[0].event, Event::UserSaid { text, by, .. } if text == words && by == "window"),
        "{:?}",
        told[0]
    );
    assert!(matches!(told.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", told.last());
    assert_eq!(runtime.store().session(&from_words.session_id).unwrap().title, words);
    let scenario = runtime.store().latest_scenario(&from_words.session_id).unwrap().unwrap();
    assert!(
        scenario.steps[1..].iter().all(|s| matches!(&s.provenance, Provenance::Said { .. })),
        "{:?}",
        scenario.steps
    );
    assert!(scenario.steps.iter().any(|s| s.action.name() == "expect"), "{:?}", scenario.steps);

    let code = api.export_code(finished.session_id.clone(), "playwright".into()).await.unwrap();
    let spec = code.iter().find(|f| f.name == "scenario.spec.ts").expect("the Playwright test");
    assert!(spec.content.contains("getByRole('heading'") && spec.content.contains("로그인"), "{}", spec.content);
    assert_eq!(
        code_of(api.export_code(finished.session_id.clone(), "junit".into()).await.unwrap_err()),
        "unknown_format"
    );
    // A step's citation opens its section, with the cited line among the section's lines.
    let scenario = runtime.store().latest_scenario(&finished.session_id).unwrap().unwrap();
    let Provenance::Spec { citation } = &scenario.steps[2].provenance else { panic!("a cited step") };
    let section =
        api.read_source(finished.session_id.clone(), citation.document.clone(), citation.anchor.clone()).await.unwrap();
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
    let replay = api.replay_session(finished.session_id.clone()).await.unwrap();
    let events = events_until_terminal(&runtime, &finished.session_id, after).await;
    runtime.wait(&replay.run_id).await;
    assert!(events.iter().any(|e| matches!(e.event, Event::TrialDone { passed: true, .. })), "the replay passed");

    // Saving into a picked folder: a new folder named after the session, with the test and its
    // config together; saving again numbers a second folder rather than overwriting the first.
    let picked_folder = tempfile::tempdir().unwrap();
    *picks.lock().unwrap() = picked_folder.path().to_path_buf();
    let saved = api.save_exports(finished.session_id.clone()).await.unwrap().expect("a folder was picked");
    let folder = std::path::PathBuf::from(&saved.folder);
    assert_eq!(folder, picked_folder.path().join("로그인"));
    for name in
        ["scenario.json", "scenario.spec.ts", "playwright.config.ts", "flow.mmd", "report.html", "trial-run.json"]
    {
        assert!(saved.files.iter().any(|f| f == name), "{name} in {:?}", saved.files);
        assert!(folder.join(name).is_file(), "{name} written");
    }
    // Each trial step carries the requests it caused: the page the first one opened, answered.
    let trial: specwright_scenario::TrialReport =
        serde_json::from_str(&std::fs::read_to_string(folder.join("trial-run.json")).unwrap()).unwrap();
    let sent = &trial.runs[0].steps[0].requests;
    assert!(
        sent.iter().any(|r| r.method == "GET" && r.path == "/login" && r.status == 200),
        "the goto's own request: {sent:?}"
    );
    let report = std::fs::read_to_string(folder.join("report.html")).unwrap();
    assert!(report.contains("GET /login → 200"), "the report shows it");
    let written = std::fs::read_to_string(folder.join("scenario.spec.ts")).unwrap();
    assert_eq!(written, spec.content, "the saved test is the one the code tab shows");
    let second = api.save_exports(finished.session_id.clone()).await.unwrap().expect("a folder was picked");
    assert_eq!(std::path::PathBuf::from(&second.folder), picked_folder.path().join("로그인-2"));
    assert_eq!(std::fs::read_to_string(folder.join("scenario.spec.ts")).unwrap(), written, "the first is untouched");
    *picks.lock().unwrap() = picked_folder.path().join("missing");
    let gone = api.save_exports(finished.session_id.clone()).await.unwrap_err();
    assert_eq!(gone.code, "out_dir_unwritable");
    assert_eq!(code_of(api.save_exports(copy.session_id.clone()).await.unwrap_err()), "no_scenario");

    // The result card: the report, the plan and the folder open with the system's application;
    // the report prints to a PDF a planner can mail (Chromium's own, Korean text and verdict
    // in it); the share bundle is named after the session, never over another file.
    let report = api.open_output(finished.session_id.clone(), "report".into()).await.unwrap();
    assert!(report.ends_with("report.html"), "{report}");
    let folder = api.open_output(finished.session_id.clone(), "folder".into()).await.unwrap();
    assert_eq!(std::path::Path::new(&report).parent().unwrap(), std::path::Path::new(&folder));
    let pdf = api.open_output(finished.session_id.clone(), "pdf".into()).await.unwrap();
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(pdf.ends_with("report.pdf") && bytes.starts_with(b"%PDF-"), "{pdf}");
    let printed = specwright_intake::parse("report.pdf", &bytes).unwrap().text();
    assert!(printed.contains("로그인") && printed.contains("통과"), "the PDF reads as the report: {printed}");
    assert_eq!(
        opened.lock().unwrap().iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
        vec![report.clone(), folder.clone(), pdf.clone()]
    );
    assert_eq!(
        code_of(api.open_output(finished.session_id.clone(), "../x".into()).await.unwrap_err()),
        "unknown_format"
    );
    assert_eq!(code_of(api.open_output(copy.session_id.clone(), "report".into()).await.unwrap_err()), "no_scenario");
    let shared = picked_folder.path().join("shared");
    std::fs::create_dir(&shared).unwrap();
    *picks.lock().unwrap() = shared.clone();
    let bundle = api.share_bundle(finished.session_id.clone()).await.unwrap().expect("a folder was picked");
    assert_eq!(std::path::PathBuf::from(&bundle), shared.join("로그인.swbundle"));
    let second = api.share_bundle(finished.session_id.clone()).await.unwrap().unwrap();
    assert_eq!(std::path::PathBuf::from(&second), shared.join("로그인-2.swbundle"));
    let imported = api.import_bundle(std::path::Path::new(&bundle)).unwrap();
    assert_eq!(runtime.store().session(&imported).unwrap().title, "로그인", "a colleague opens it");

    // An LLM session cannot be continued with the offline engine of the settings.
    let Err(e) = api.engine_for("llm:gpt-4o-mini", &settings) else { panic!("an LLM session went on offline") };
    assert!(english(&e).contains("Settings"), "{e:?}");
    // An id that could name a folder outside the data folder is refused before anything reads it.
    assert_eq!(code_of(api.resume_session("../x".into()).await.unwrap_err()), "bad_argument");
}
