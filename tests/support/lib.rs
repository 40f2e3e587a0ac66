//! Shared pieces of the end-to-end tests: where the repository is and how to run a real demo
//! session to completion.

pub mod corpus;
pub mod llama;
pub mod reading;
pub mod secret_service;

use specwright_protocol::{Envelope, Event};
use specwright_runtime::{DemoApp, Runtime};
use specwright_store::{SequentialIds, SystemClock};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_default()
}

/// A folder under `target/test-output/` (kept after the run as a CI artifact). Inside the
/// repository so exported specs resolve `@playwright/test` from its `node_modules`.
pub fn output_dir(name: &str) -> PathBuf {
    let dir = repo_root().join("target/test-output").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub struct DemoRun {
    pub runtime: Arc<Runtime>,
    pub app: DemoApp,
    pub session_id: String,
    pub events: Vec<Envelope>,
    pub out_dir: PathBuf,
}

/// Runs the bundled demo session to its terminal event in `data_dir`, collecting every event.
pub async fn run_demo(data_dir: &Path, out_dir: PathBuf) -> DemoRun {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let runtime = Runtime::open(data_dir, Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let (app, started) = runtime.start_demo(specwright_runtime::OutDir::Exact(out_dir.clone()), 0).await.unwrap();
    let events = events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    DemoRun { runtime, app, session_id: started.session_id, events, out_dir }
}

/// The session's events after `after_seq` through the next terminal event.
pub async fn events_until_terminal(runtime: &Arc<Runtime>, session_id: &str, after_seq: u32) -> Vec<Envelope> {
    let mut subscription = runtime.store().subscribe(session_id, after_seq).unwrap();
    let mut events = Vec::new();
    while let Some(envelope) = subscription.next().await.unwrap() {
        let done = envelope.event.is_terminal();
        events.push(envelope);
        if done {
            break;
        }
    }
    events
}

/// Runs the exported Playwright tests in `out_dir` with the real `@playwright/test` runner
/// against `base_url`, with extra environment variables (secrets), as a person does: through
/// `npx playwright test`.
pub fn run_playwright_test(out_dir: &Path, base_url: &str, env: &[(&str, &str)]) -> std::process::Output {
    let mut command = std::process::Command::new("npx");
    command.args(["--no-install", "playwright", "test", "--config"]).arg(out_dir.join("playwright.config.ts"));
    run_runner(command, &out_dir.join("test-results"), base_url, env)
}

/// The same run through the runner `npx` resolves to (`node_modules/.bin/playwright`), without
/// npm's own start: for a suite that runs many exports many times.
/// `config` names the configuration (the export's own, or one over several exports' folders);
/// the tests run one at a time, in the order of their files.
pub fn run_playwright_bin(config: &Path, base_url: &str, env: &[(&str, &str)]) -> std::process::Output {
    let mut command = std::process::Command::new(repo_root().join("node_modules/.bin/playwright"));
    command.arg("test").arg("--workers=1").arg("--config").arg(config);
    let results = config.parent().unwrap_or(config).join("test-results");
    run_runner(command, &results, base_url, env)
}

/// A suite project's run as its CI runs it: its own configuration, `extra` arguments (a
/// `--shard=1/2`), from the project's folder, with the runner `npx` resolves to.
pub fn run_playwright_project(
    project: &Path,
    base_url: &str,
    env: &[(&str, &str)],
    extra: &[&str],
) -> std::process::Output {
    let mut command = std::process::Command::new(repo_root().join("node_modules/.bin/playwright"));
    command.arg("test").args(extra).arg("--config").arg(project.join("playwright.config.ts"));
    run_runner(command, &project.join("results/artifacts"), base_url, env)
}

fn run_runner(
    mut command: std::process::Command,
    results: &Path,
    base_url: &str,
    env: &[(&str, &str)],
) -> std::process::Output {
    command
        .current_dir(repo_root())
        // Its own results folder: runs side by side never clear each other's.
        .arg("--output")
        .arg(results)
        .env("SPECWRIGHT_BASE_URL", base_url)
        .env("SPECWRIGHT_CHROMIUM", specwright_browser::find_chromium().expect("chromium (make setup)"))
        .env("CI", "");
    for (key, value) in env {
        command.env(key, value);
    }
    // A runner that never ends (a browser that never starts) fails its test instead of holding
    // the suite: far past the runner's own per-test limits, it is stopped.
    let log = tempfile::NamedTempFile::new().expect("a temporary file");
    let file = log.reopen().expect("the temporary file opens");
    let mut child = command
        .stdout(file.try_clone().expect("a second handle"))
        .stderr(file)
        .spawn()
        .expect("the Playwright runner runs (installed by `make setup`)");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    let status = loop {
        if let Some(status) = child.try_wait().expect("the runner can be waited on") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            break child.wait().expect("the stopped runner ends");
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    };
    let stdout = std::fs::read(log.path()).unwrap_or_default();
    std::process::Output { status, stdout, stderr: Vec::new() }
}

pub fn terminal(events: &[Envelope]) -> &Event {
    &events.last().expect("no events").event
}

/// Reference pages for the browser layer's tests and benchmarks, served under `/reference/`.
pub const REFERENCE: &[(&str, &str, &[u8])] = &[
    (
        "/reference/interactions.html",
        "text/html; charset=utf-8",
        include_bytes!("../reference-pages/interactions.html"),
    ),
    ("/reference/help.html", "text/html; charset=utf-8", include_bytes!("../reference-pages/help.html")),
    // What real apps throw at a snapshot: a 500-row table, a 40-field form, an iframe, a shadow root.
    ("/reference/long-table.html", "text/html; charset=utf-8", include_bytes!("../reference-pages/long-table.html")),
    ("/reference/form-heavy.html", "text/html; charset=utf-8", include_bytes!("../reference-pages/form-heavy.html")),
    ("/reference/iframe.html", "text/html; charset=utf-8", include_bytes!("../reference-pages/iframe.html")),
    (
        "/reference/iframe-inner.html",
        "text/html; charset=utf-8",
        include_bytes!("../reference-pages/iframe-inner.html"),
    ),
    // Grounding traps for the offline engine: same-named fields and buttons in different regions.
    ("/reference/traps.html", "text/html; charset=utf-8", include_bytes!("../reference-pages/traps.html")),
    ("/reference/shadow.html", "text/html; charset=utf-8", include_bytes!("../reference-pages/shadow.html")),
    // Buttons that send what changes an app's data and what does not (a login, a search).
    ("/reference/writes.html", "text/html; charset=utf-8", include_bytes!("../reference-pages/writes.html")),
    // A form whose fields are invalid before anyone typed: what a link that opens it did not cause.
    ("/reference/fresh-form.html", "text/html; charset=utf-8", include_bytes!("../reference-pages/fresh-form.html")),
    // An item page that labels its values: row headers beside unlabelled fields, bold labels.
    ("/reference/ticket.html", "text/html; charset=utf-8", include_bytes!("../reference-pages/ticket.html")),
];

/// Deliberate defects the demo app can be served with, so tests can prove that a scenario which
/// passes on the correct app fails on a broken one (no false greens).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The login button reads "로그인하기" instead of "로그인".
    RenamedButton,
    /// A created item is confirmed but never appears in the list.
    MissingRow,
    /// The "product name is required" message is not shown.
    BrokenValidation,
    /// Logging in lands on the item list instead of the dashboard.
    WrongRedirect,
    // Changes a person makes to an app that still works (drift): a check tells them from bugs.
    /// The "new item" link reads "새 상품 등록하기".
    RenamedLink,
    /// The item name's label reads "상품 이름" (the field keeps its id).
    RelabeledField,
    /// The price field comes before the name field.
    MovedField,
    /// The register button sits inside two new wrappers.
    WrappedButton,
    /// The menu's entries are in the other order.
    ReorderedMenu,
    // More bugs.
    /// A registered item is listed, but no confirmation is shown.
    MissingConfirmation,
    /// A valid price is refused ("가격은 0보다 커야 합니다.").
    RefusedInput,
}

impl Fault {
    pub const ALL: [Fault; 4] =
        [Fault::RenamedButton, Fault::MissingRow, Fault::BrokenValidation, Fault::WrongRedirect];
    /// The app changed, its behaviour intact: a check must never call these failed without
    /// a new element to propose, nor pass a step whose element is gone.
    pub const DRIFT: [Fault; 6] = [
        Fault::RenamedButton,
        Fault::RenamedLink,
        Fault::RelabeledField,
        Fault::MovedField,
        Fault::WrappedButton,
        Fault::ReorderedMenu,
    ];
    /// The app broke: a check must fail these, and nothing may heal them.
    pub const BUGS: [Fault; 4] =
        [Fault::MissingRow, Fault::WrongRedirect, Fault::MissingConfirmation, Fault::RefusedInput];

    pub fn as_str(self) -> &'static str {
        match self {
            Fault::RenamedButton => "renamed_button",
            Fault::MissingRow => "missing_row",
            Fault::BrokenValidation => "broken_validation",
            Fault::WrongRedirect => "wrong_redirect",
            Fault::RenamedLink => "renamed_link",
            Fault::RelabeledField => "relabeled_field",
            Fault::MovedField => "moved_field",
            Fault::WrappedButton => "wrapped_button",
            Fault::ReorderedMenu => "reordered_menu",
            Fault::MissingConfirmation => "missing_confirmation",
            Fault::RefusedInput => "refused_input",
        }
    }
}

/// The demo app with the reference pages under `/reference/` and the given faults switched on.
pub async fn demo_app(faults: &[Fault]) -> specwright_demo::DemoApp {
    let extras = specwright_demo::Extras {
        files: REFERENCE.to_vec(),
        switches: faults.iter().map(|f| f.as_str()).collect(),
        answers: Vec::new(),
    };
    specwright_demo::DemoApp::serve_with(0, extras).await.expect("the demo app serves on 127.0.0.1")
}

/// How the notes page (`/reference/notes.html`, a form whose page says "sent" whatever its
/// server did) and its server behave: what only the request a step sends can tell apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotesServer {
    /// The page posts the note and the server accepts it (201).
    Accepts,
    /// The page shows its message without posting anything.
    Unsent,
    /// The page posts the note and the server answers 500.
    Fails,
}

/// The demo server with the notes page, as `server` says.
pub async fn notes_app(server: NotesServer) -> specwright_demo::DemoApp {
    let faults: &'static [u8] = match server {
        NotesServer::Unsent => b"window.NOTE_FAULTS = ['unsent'];",
        _ => b"window.NOTE_FAULTS = [];",
    };
    let status = if server == NotesServer::Fails { 500 } else { 201 };
    let extras = specwright_demo::Extras {
        files: vec![
            ("/reference/notes.html", "text/html; charset=utf-8", include_bytes!("../reference-pages/notes.html")),
            ("/reference/faults.js", "text/javascript; charset=utf-8", faults),
        ],
        switches: Vec::new(),
        answers: vec![("POST /api/notes", status)],
    };
    specwright_demo::DemoApp::serve_with(0, extras).await.expect("the demo app serves on 127.0.0.1")
}

/// A session request with the defaults most tests want: outputs in `out`, the Chromium found on
/// this machine, default safety, nobody to answer, no secrets, the offline engine. A test
/// changes what it needs with struct update syntax (`SessionRequest { engine, ..session_request(…) }`).
pub fn session_request(
    documents: Vec<specwright_intake::Document>,
    target_url: impl Into<String>,
    out: &Path,
) -> specwright_runtime::SessionRequest {
    specwright_runtime::SessionRequest {
        title: None,
        documents,
        target_url: target_url.into(),
        out_dir: specwright_runtime::OutDir::Exact(out.to_path_buf()),
        browser: None,
        safety: specwright_runtime::SafetyOptions::default(),
        answerer: Box::new(specwright_rails::NoAnswers),
        secrets: Default::default(),
        engine: specwright_runtime::EngineChoice::Offline,
    }
}
