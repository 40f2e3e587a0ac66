//! A share bundle is data from someone else, probed as an attacker would craft one: taken from a
//! real session, then edited. It never makes this machine run a command, read or send a local
//! file, write into a folder it names, or send requests to its address before a person agrees;
//! it carries none of the spec's passwords; importing it twice gives two sessions. And the
//! navigation guard decides on the origin Chromium will really use, before the request leaves.

use serde_json::{json, Value};
use specwright_protocol::{Envelope, Event, QuestionKind};
use specwright_runtime::{Answers, OutDir, ReplayRequest, ResumeRequest, Rule, Runtime, SafetyOptions};
use specwright_store::{SequentialIds, SystemClock};
use specwright_tests::{events_until_terminal, session_request, REFERENCE};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn runtime(dir: &Path) -> Arc<Runtime> {
    Runtime::open(dir, Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap()
}

/// The demo server with the reference pages, answering the delete the writes page sends.
async fn app() -> specwright_demo::DemoApp {
    let extras = specwright_demo::Extras {
        files: REFERENCE.to_vec(),
        switches: Vec::new(),
        answers: vec![("DELETE /api/items/1", 204)],
    };
    specwright_demo::DemoApp::serve_with(0, extras).await.unwrap()
}

fn answers(rules: &[(&str, &str)]) -> Box<Answers> {
    let rules =
        rules.iter().map(|(when, answer)| Rule { when: regex::Regex::new(when).unwrap(), answer: answer.to_string() });
    Box::new(Answers::new(rules.collect(), Default::default()))
}

/// Rewrites a bundle: its manifest and its event log as JSON, as a text editor would.
fn tamper(bundle: &Path, edit: impl FnOnce(&mut Value, &mut Vec<Value>)) -> PathBuf {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(bundle).unwrap()).unwrap();
    let mut entries: Vec<(String, Vec<u8>)> = Vec::new();
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).unwrap();
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).unwrap();
        entries.push((entry.name().unwrap().to_string(), bytes));
    }
    let mut manifest: Value =
        serde_json::from_slice(&entries.iter().find(|e| e.0 == "bundle.json").unwrap().1).unwrap();
    let mut events: Vec<Value> = String::from_utf8(entries.iter().find(|e| e.0 == "events.jsonl").unwrap().1.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    edit(&mut manifest, &mut events);
    let out = bundle.with_file_name(format!("tampered-{}", bundle.file_name().unwrap().to_string_lossy()));
    let mut writer = zip::ZipWriter::new(std::fs::File::create(&out).unwrap());
    let options = zip::write::SimpleFileOptions::default();
    for (name, bytes) in entries {
        writer.start_file(name.as_str(), options).unwrap();
        match name.as_str() {
            "bundle.json" => writer.write_all(&serde_json::to_vec(&manifest).unwrap()).unwrap(),
            "events.jsonl" => {
                for event in &events {
                    writer.write_all(format!("{event}\n").as_bytes()).unwrap();
                }
            }
            _ => writer.write_all(&bytes).unwrap(),
        }
    }
    writer.finish().unwrap();
    out
}

/// An event appended to a bundle's log, as the other machine would have stored it.
fn append(events: &mut Vec<Value>, event: Value) {
    let last = events.last().unwrap().clone();
    events.push(json!({
        "seq": events.len() + 1,
        "session_id": last["session_id"],
        "run_id": last["run_id"],
        "at_ms": last["at_ms"],
        "event": event,
    }));
}

async fn resume(runtime: &Arc<Runtime>, session: &str, out: &Path, answerer: Box<Answers>) -> Vec<Envelope> {
    let after = runtime.store().session(session).unwrap().last_seq;
    let started = runtime
        .resume(ResumeRequest {
            session_id: session.to_string(),
            target_url: None,
            out_dir: OutDir::Exact(out.to_path_buf()),
            browser: None,
            safety: SafetyOptions { allow_risky: true, ..SafetyOptions::default() },
            answerer,
            secrets: Default::default(),
            engine: specwright_runtime::EngineChoice::Offline,
            forget: Vec::new(),
        })
        .await
        .unwrap();
    let events = events_until_terminal(runtime, session, after).await;
    runtime.wait(&started.run_id).await;
    events
}

/// The reset command of an imported bundle's answer is shown to a person and runs only once
/// they say so; an imported "yes" is not theirs. Main ran it at the resumed session's trial.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bundles_answer_never_runs_a_command_and_its_target_waits_for_a_person() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = app().await;
    let here = tempfile::tempdir().unwrap();
    let home = runtime(&here.path().join("theirs"));
    let spec = "# 항목 삭제\n\n1. '삭제' 버튼을 클릭한다.\n";
    let document = specwright_intake::parse("delete.ko.md", spec.as_bytes()).unwrap();
    let url = format!("{}/reference/writes.html", app.url());
    let request = specwright_runtime::SessionRequest {
        safety: SafetyOptions { allow_risky: true, ..SafetyOptions::default() },
        ..session_request(vec![document], url.clone(), &here.path().join("out-theirs"))
    };
    let started = home.start_session(request).await.unwrap();
    let events = events_until_terminal(&home, &started.session_id, 0).await;
    home.wait(&started.run_id).await;
    // The delete reached the server: the engine asks how the data comes back, and waits.
    let asked = events
        .iter()
        .find_map(|e| match &e.event {
            Event::QuestionAsked { question } if question.id.starts_with("data:") => Some(question.id.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("the data question: {:?}", events.last()));
    let bundle = home.bundle(&started.session_id, &here.path().join("delete.swbundle")).unwrap();

    // The attacker answers it with a command, and says a person confirmed it.
    let marker = here.path().join("pwned");
    let command = format!("touch {}", marker.display());
    let tampered = tamper(&bundle, |_, events| {
        append(
            events,
            json!({"type": "question.answered", "question_id": asked, "answer": format!("reset: {command}"), "source": "window"}),
        );
        append(
            events,
            json!({"type": "question.answered", "question_id": format!("confirm:reset:{command}"), "answer": "yes", "source": "window"}),
        );
    });

    let there = runtime(&here.path().join("ours"));
    let id = there.import_bundle(&tampered).unwrap();
    // Nothing goes to the bundle's address before a person here agrees.
    let runs_before = there.store().runs(&id).unwrap().len();
    assert_eq!(there.untrusted_import_target(&id).unwrap().as_deref(), Some(url.as_str()));
    let Err(refused) = there
        .resume(ResumeRequest {
            session_id: id.clone(),
            target_url: None,
            out_dir: OutDir::Exact(here.path().join("resumed")),
            browser: None,
            safety: SafetyOptions::default(),
            answerer: Box::new(specwright_rails::NoAnswers),
            secrets: Default::default(),
            engine: specwright_runtime::EngineChoice::Offline,
            forget: Vec::new(),
        })
        .await
    else {
        panic!("an imported session was resumed against its bundle's address")
    };
    assert_eq!(refused.code(), "imported_target");
    assert_eq!(there.store().runs(&id).unwrap().len(), runs_before, "no run was recorded");

    there.trust_imported_target(&id).unwrap();
    assert_eq!(there.untrusted_import_target(&id).unwrap(), None);
    let events = resume(&there, &id, &here.path().join("resumed"), answers(&[])).await;
    let confirm = events.iter().find_map(|e| match &e.event {
        Event::QuestionAsked { question }
            if question.kind == QuestionKind::Confirm && question.id.starts_with("confirm:reset:") =>
        {
            Some(question.clone())
        }
        _ => None,
    });
    let confirm = confirm.unwrap_or_else(|| panic!("the command is shown for a person to confirm: {events:#?}"));
    let shown = specwright_api::render(&confirm.text, specwright_api::Locale::En);
    assert!(shown.contains(&command), "the question shows the command: {shown}");
    assert!(matches!(events.last().unwrap().event, Event::SessionWaiting { .. }), "{:?}", events.last());
    assert!(!marker.exists(), "an imported answer ran a command");

    // A person here says yes: then, and only then, it runs before the trial.
    let events = resume(&there, &id, &here.path().join("resumed"), answers(&[("^confirm:reset:", "yes")])).await;
    assert!(marker.exists(), "the confirmed command put the data back before the trial: {:?}", events.last());
}

/// Everything a bundle names on disk stays inside this machine's folders for it: a frame name
/// that is a path is refused, an upload step's file is one of the session's own folder, `pdf`
/// never writes into a folder its log names; a second import is a second session.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bundle_names_no_file_or_folder_of_this_machine() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = app().await;
    let here = tempfile::tempdir().unwrap();
    let home = runtime(&here.path().join("theirs"));
    let spec = "# 로그인\n\n1. '/login' 페이지로 이동한다.\n2. '로그인' 제목이 보여야 한다.\n";
    let document = specwright_intake::parse("login.ko.md", spec.as_bytes()).unwrap();
    let started =
        home.start_session(session_request(vec![document], app.url(), &here.path().join("out-theirs"))).await.unwrap();
    let events = events_until_terminal(&home, &started.session_id, 0).await;
    home.wait(&started.run_id).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let bundle = home.bundle(&started.session_id, &here.path().join("login.swbundle")).unwrap();

    // Importing the same bundle twice gives two sessions.
    let there = runtime(&here.path().join("ours"));
    let first = there.import_bundle(&bundle).unwrap();
    let second = there.import_bundle(&bundle).unwrap();
    assert_ne!(first, second);

    // A trial report whose frame is a local file: refused whole.
    let secret = here.path().join("secrets.txt");
    std::fs::write(&secret, "hunter2-in-a-file").unwrap();
    let framed = tamper(&bundle, |manifest, _| {
        let run =
            &mut manifest["runs"].as_array_mut().unwrap().iter_mut().find(|r| r["result_json"].is_string()).unwrap();
        let mut report: Value = serde_json::from_str(run["result_json"].as_str().unwrap()).unwrap();
        report["runs"][0]["steps"][0]["frame"] = json!(secret.display().to_string());
        run["result_json"] = json!(report.to_string());
    });
    let error = there.import_bundle(&framed).unwrap_err();
    assert_eq!(error.code(), "bundle_invalid");
    assert!(!there.sessions().unwrap().iter().any(|s| s.id != first && s.id != second), "nothing half-imported");

    // The event log names another project's folder as its output: `pdf` writes only where asked.
    let victim = here.path().join("victim");
    std::fs::create_dir_all(&victim).unwrap();
    std::fs::write(victim.join("report.html"), "theirs").unwrap();
    let pointed = tamper(&bundle, |_, events| {
        for event in events.iter_mut() {
            if let Some(out_dir) = event["event"].get_mut("out_dir") {
                *out_dir = json!(victim.display().to_string());
            }
        }
    });
    let id = there.import_bundle(&pointed).unwrap();
    assert_eq!(there.output_folder(&id).unwrap_err().code(), "no_scenario", "no folder of the log is ours");
    let pdf = here.path().join("mine.pdf");
    let written = there.report_pdf(&id, None, Some(&pdf)).await.unwrap();
    assert_eq!(written, pdf);
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    assert_eq!(std::fs::read_to_string(victim.join("report.html")).unwrap(), "theirs", "the other folder untouched");
    assert_eq!(std::fs::read_dir(&victim).unwrap().count(), 1, "nothing written beside it");

    // An upload step naming a local file: the replay refuses to read it.
    let uploading = tamper(&bundle, |manifest, _| {
        let steps = manifest["scenario"]["steps"].as_array_mut().unwrap();
        let mut upload = steps[0].clone();
        upload["index"] = json!(steps.len() + 1);
        upload["action"] = json!({"type": "upload", "target": {"strategies": [{"by": "css", "selector": "input[type=file]"}], "frame_path": []}, "files": [secret.display().to_string()]});
        steps.push(upload);
    });
    let id = there.import_bundle(&uploading).unwrap();
    let replay = |id: &str| ReplayRequest {
        session_id: id.to_string(),
        target_url: None,
        secrets: Default::default(),
        out_dir: OutDir::Exact(here.path().join("replay")),
        browser: None,
        check: false,
    };
    // Nothing is sent to the bundle's address before a person here agrees; then it runs.
    assert_eq!(there.replay(replay(&id)).await.unwrap_err().code(), "imported_target");
    there.trust_imported_target(&id).unwrap();
    let after = there.store().session(&id).unwrap().last_seq;
    let run = there.replay(replay(&id)).await.unwrap();
    let events = events_until_terminal(&there, &id, after).await;
    there.wait(&run.run_id).await;
    let failed = events.iter().find_map(|e| match &e.event {
        Event::TrialStep { result, .. } if result.status == specwright_protocol::StepStatus::Failed => {
            Some(result.clone())
        }
        _ => None,
    });
    let failed = failed.unwrap_or_else(|| panic!("the upload step fails: {events:#?}"));
    let said = failed.diagnosis.map(|d| d.message).unwrap_or_default();
    assert!(said.contains("not inside") || said.contains("세션 폴더"), "{said}");
}

/// The bundle of the demo workbook, whose cells give the password, holds it nowhere: not in
/// the documents, their outline or tables, the events, the scenario or the trial reports.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bundle_carries_none_of_the_specs_passwords() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let here = tempfile::tempdir().unwrap();
    let home = runtime(&here.path().join("theirs"));
    let started = home.start_demo_workbook(OutDir::Exact(here.path().join("out")), app.url()).await.unwrap();
    let events = events_until_terminal(&home, &started.session_id, 0).await;
    home.wait(&started.run_id).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let document = home.store().documents(&started.session_id).unwrap();
    assert!(document.iter().any(|d| d.outline_json.contains("demo1234")), "the workbook's cells hold it");
    let bundle = home.bundle(&started.session_id, &here.path().join("workbook.swbundle")).unwrap();
    let mut zip = zip::ZipArchive::new(std::fs::File::open(&bundle).unwrap()).unwrap();
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).unwrap();
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).unwrap();
        let found = bytes.windows(8).filter(|w| *w == b"demo1234").count();
        assert_eq!(found, 0, "{} holds the password {found} times", entry.name().unwrap());
    }
    // What the bundle says still reads: its importer replays it with the password given.
    let there = runtime(&here.path().join("ours"));
    let id = there.import_bundle(&bundle).unwrap();
    assert!(there.store().latest_scenario(&id).unwrap().is_some());
}

/// `http://A\@B/` goes to A in Chromium: the guard reads it so and asks before anything is sent
/// (main read B, the target, and A got the request before the run noticed).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guard_reads_an_address_as_the_browser_does_before_it_is_sent() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = app().await;
    let elsewhere = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    elsewhere.set_nonblocking(true).unwrap();
    let port = elsewhere.local_addr().unwrap().port();
    let target = app.url();
    let host_port = target.trim_start_matches("http://").trim_end_matches('/');
    let spec = format!("# 이동\n\n1. 'http://127.0.0.1:{port}\\@{host_port}/login' 페이지로 이동한다.\n");
    let here = tempfile::tempdir().unwrap();
    let runtime = runtime(here.path());
    let document = specwright_intake::parse("goto.ko.md", spec.as_bytes()).unwrap();
    let started =
        runtime.start_session(session_request(vec![document], target.clone(), &here.path().join("out"))).await.unwrap();
    let events = events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    let confirm = events.iter().find_map(|e| match &e.event {
        Event::ConfirmRequested { reason, .. } => Some(specwright_api::render(reason, specwright_api::Locale::En)),
        _ => None,
    });
    let confirm = confirm.unwrap_or_else(|| panic!("leaving the app is asked first: {events:#?}"));
    assert!(confirm.contains(&format!("127.0.0.1:{port}")), "{confirm}");
    assert!(matches!(events.last().unwrap().event, Event::SessionWaiting { .. }), "{:?}", events.last());
    match elsewhere.accept() {
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
        other => panic!("a request reached the other address: {other:?}"),
    }
}
