//! No false greens: scenarios built on the correct demo app are replayed (no engine, no LLM)
//! against the app with each deliberate defect switched on. Every defect inside a scenario's
//! scope must make its replay fail; the same replay on the correct app must pass.

use specwright_browser::Secrets;
use specwright_protocol::Event;
use specwright_runtime::{OutDir, ReplayRequest, Runtime, SessionRequest};
use specwright_scenario::{Diagnosis, DiagnosisKind};
use specwright_store::{SequentialIds, SystemClock};
use specwright_tests::events_until_terminal;
use specwright_tests::Fault;
use std::sync::Arc;

struct Case {
    spec: &'static str,
    text: &'static str,
    in_scope: &'static [Fault],
}

const CASES: &[Case] = &[
    Case {
        spec: "shop-admin-prd.ko.md",
        text: include_str!("../fixtures/specs/shop-admin-prd.ko.md"),
        in_scope: &[Fault::RenamedButton, Fault::MissingRow, Fault::WrongRedirect],
    },
    Case {
        spec: "item-validation.ko.md",
        text: include_str!("../fixtures/specs/item-validation.ko.md"),
        in_scope: &[Fault::RenamedButton, Fault::BrokenValidation, Fault::WrongRedirect],
    },
];

/// Replays (or, with `check`, checks) the session's scenario against `url` to its end: the run
/// and its events.
async fn run_replay(
    runtime: &Arc<Runtime>,
    session_id: &str,
    url: String,
    out: std::path::PathBuf,
    check: bool,
) -> (String, Vec<specwright_protocol::Envelope>) {
    let mut secrets = Secrets::default();
    secrets.insert("PASSWORD", "demo1234");
    let after = runtime.store().session(session_id).unwrap().last_seq;
    let started = runtime
        .replay(ReplayRequest {
            session_id: session_id.to_string(),
            target_url: Some(url),
            secrets,
            out_dir: OutDir::Exact(out),
            browser: None,
            check,
        })
        .await
        .unwrap();
    let events = events_until_terminal(runtime, session_id, after).await;
    runtime.wait(&started.run_id).await;
    (started.run_id, events)
}

/// Replays the session's scenario against `url`: whether it passed, and the first failure's diagnosis.
async fn replay(
    runtime: &Arc<Runtime>,
    session_id: &str,
    url: String,
    out: std::path::PathBuf,
) -> (bool, Option<Diagnosis>) {
    let (run_id, events) = run_replay(runtime, session_id, url, out, false).await;
    assert!(events.iter().all(|e| e.run_id == run_id), "only the replay's events");
    let diagnosis = events.iter().find_map(|e| match &e.event {
        Event::TrialStep { result, .. } => result.diagnosis.clone(),
        _ => None,
    });
    match &events.last().unwrap().event {
        Event::SessionCompleted { .. } => (true, diagnosis),
        Event::Error { code, .. } if code == "trial_failed" => (false, diagnosis),
        other => panic!("unexpected end of replay: {other:?}"),
    }
}

/// Explores `case` on the correct app, then replays it on the correct app and on each fault:
/// the table's lines and the in-scope faults its replay passed.
async fn check(runtime: Arc<Runtime>, case: &'static Case, dir: std::path::PathBuf) -> (Vec<String>, Vec<String>) {
    let mut table = Vec::new();
    let mut misses = Vec::new();
    let app = specwright_tests::demo_app(&[]).await;
    let document = specwright_intake::parse(case.spec, case.text.as_bytes()).unwrap();
    let started = runtime
        .start_session(SessionRequest {
            ..specwright_tests::session_request(vec![document], app.url(), &dir.join(case.spec))
        })
        .await
        .unwrap();
    let events = events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    assert!(
        matches!(events.last().unwrap().event, Event::SessionCompleted { .. }),
        "{}: {:?}",
        case.spec,
        events.last()
    );

    let (clean, _) = replay(&runtime, &started.session_id, app.url(), dir.join(format!("{}-clean", case.spec))).await;
    assert!(clean, "{}: the replay must pass on the correct app", case.spec);
    for fault in Fault::ALL {
        let broken = specwright_tests::demo_app(&[fault]).await;
        let out = dir.join(format!("{}-{}", case.spec, fault.as_str()));
        let (passed, diagnosis) = replay(&runtime, &started.session_id, broken.url(), out).await;
        if fault == Fault::RenamedButton {
            // The person is told what is missing and what is there instead.
            let d = diagnosis.clone().expect("a diagnosis");
            assert_eq!(d.kind, DiagnosisKind::NotFound, "{d:?}");
            assert_eq!(d.candidates.first().map(String::as_str), Some("button \"로그인하기\""), "{d:?}");
        }
        let in_scope = case.in_scope.contains(&fault);
        table.push(format!(
            "{:<24} {:<18} in scope: {:<5} replay: {}",
            case.spec,
            fault.as_str(),
            in_scope,
            if passed { "passed" } else { "FAILED" }
        ));
        if in_scope && passed {
            misses.push(format!("{} passed with fault {}", case.spec, fault.as_str()));
        }
    }
    (table, misses)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_fault_in_scope_makes_the_scenario_fail() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    // The cases side by side (their sessions and apps are separate): a replay mostly waits on the
    // page. The replays of one case stay in order, since they replay one session.
    let checks: Vec<_> =
        CASES.iter().map(|case| tokio::spawn(check(Arc::clone(&runtime), case, dir.path().to_path_buf()))).collect();
    let mut table = Vec::new();
    let mut misses = Vec::new();
    for check in checks {
        let (lines, missed) = check.await.unwrap();
        table.extend(lines);
        misses.extend(missed);
    }
    println!("{}", table.join("\n"));
    assert!(misses.is_empty(), "false greens: {misses:?}");
}

const NOTES_SPEC: &str = "# 메모 보내기

## 절차

1. '메모' 필드에 '회의는 10시'를 입력한다.
2. '보내기' 버튼을 클릭한다.
3. '메모를 보냈습니다' 메시지가 표시되는지 확인한다.
";

/// A page that says "sent" whatever its server did: the message check alone passes on a page
/// that never sent the note. The step that sent it when it was recorded is held to sending it
/// again, in the replay and in the exported test, and fails with what happened.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_that_says_sent_without_telling_its_server_fails() {
    use specwright_scenario::{Action, ResponseCheck};
    use specwright_tests::{notes_app, NotesServer};
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let page = |app: &specwright_demo::DemoApp| format!("{}/reference/notes.html", app.url());
    let app = notes_app(NotesServer::Accepts).await;
    let document = specwright_intake::parse("notes.ko.md", NOTES_SPEC.as_bytes()).unwrap();
    // Under the repository, where the exported test finds @playwright/test.
    let out = specwright_tests::output_dir("false_green_notes");
    let started =
        runtime.start_session(specwright_tests::session_request(vec![document], page(&app), &out)).await.unwrap();
    let events = events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());

    // The click recorded the note it sent; nothing else is held to a request.
    let scenario = runtime.store().latest_scenario(&started.session_id).unwrap().unwrap();
    let held: Vec<_> = scenario.steps.iter().filter(|s| s.response.is_some()).collect();
    assert_eq!(held.len(), 1, "{:#?}", scenario.steps);
    assert!(matches!(held[0].action, Action::Click { .. }) && held[0].intent.contains("보내기"), "{:?}", held[0]);
    assert_eq!(held[0].response, Some(ResponseCheck { method: "POST".into(), path: "/api/notes".into() }));
    // The trial saw the request as its evidence.
    let trial: specwright_scenario::TrialReport =
        serde_json::from_str(&std::fs::read_to_string(out.join("trial-run.json")).unwrap()).unwrap();
    let sent = trial.runs[0].steps.iter().find(|s| s.index == held[0].index).unwrap();
    assert!(sent.requests.iter().any(|r| r.method == "POST" && r.path == "/api/notes" && r.status == 201), "{sent:?}");

    // The page that never sent it: the replay fails at that step, saying so.
    let unsent = notes_app(NotesServer::Unsent).await;
    let (passed, diagnosis) = replay(&runtime, &started.session_id, page(&unsent), dir.path().join("unsent")).await;
    let diagnosis = diagnosis.expect("a diagnosis");
    assert!(!passed, "a note never sent passed");
    assert_eq!(diagnosis.kind, DiagnosisKind::AssertionMismatch, "{diagnosis:?}");
    assert!(
        diagnosis.message.contains("POST /api/notes") && diagnosis.message.contains("보내지 않았습니다"),
        "{diagnosis:?}"
    );
    // A server that refuses it: the replay fails too.
    let failing = notes_app(NotesServer::Fails).await;
    let (passed, diagnosis) = replay(&runtime, &started.session_id, page(&failing), dir.path().join("fails")).await;
    assert!(!passed, "a note the server refused passed");
    assert_eq!(diagnosis.map(|d| d.kind), Some(DiagnosisKind::Refused));

    // The exported test holds the step to the same request: green on the app, red on the page
    // that never sent the note.
    let green = specwright_tests::run_playwright_test(&out, &app.url(), &[]);
    let stdout = String::from_utf8_lossy(&green.stdout);
    assert!(green.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&green.stderr));
    let red = specwright_tests::run_playwright_test(&out, &unsent.url(), &[]);
    assert!(!red.status.success(), "the exported test passed on a page that never sent the note");
    assert!(
        String::from_utf8_lossy(&red.stdout).contains("waitForResponse"),
        "{}",
        String::from_utf8_lossy(&red.stdout)
    );

    // Without the request, the same scenario passes on that page: the message alone is a false green.
    let mut unheld = scenario.clone();
    unheld.steps.iter_mut().for_each(|s| s.response = None);
    runtime.store().save_scenario(&started.session_id, &unheld).unwrap();
    let (passed, _) = replay(&runtime, &started.session_id, page(&unsent), dir.path().join("unheld")).await;
    assert!(passed, "the control replay (no request held) should pass on the page that never sends");
}

/// Checks the session's scenario against `url` (no model): the run and what it found.
async fn checked(
    runtime: &Arc<Runtime>,
    session_id: &str,
    url: String,
    out: std::path::PathBuf,
) -> (String, specwright_scenario::Judgement) {
    let (run_id, _) = run_replay(runtime, session_id, url, out, true).await;
    let mut judgements = runtime.judgements(session_id, &run_id).unwrap();
    assert_eq!(judgements.len(), 1, "one scenario, one judgement: {judgements:?}");
    (run_id, judgements.remove(0))
}

/// A check replays the kept scenario against the app as it is now and tells a renamed or moved
/// element (drift: a new element proposed, never a pass) from a broken feature (failed, never
/// healed); a heal goes in only as approved, changes no expectation, and then passes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_check_tells_drift_from_bugs_and_heals_only_drift_with_approval() {
    use specwright_scenario::{Action, CheckOutcome};
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let app = specwright_tests::demo_app(&[]).await;
    let spec = include_str!("../fixtures/specs/shop-admin-prd.ko.md");
    let document = specwright_intake::parse("shop-admin-prd.ko.md", spec.as_bytes()).unwrap();
    let started = runtime
        .start_session(specwright_tests::session_request(vec![document], app.url(), &dir.path().join("prd")))
        .await
        .unwrap();
    let session = started.session_id.clone();
    let events = events_until_terminal(&runtime, &session, 0).await;
    runtime.wait(&started.run_id).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let recorded = runtime.store().latest_scenario(&session).unwrap().unwrap();

    let (_, clean) = checked(&runtime, &session, app.url(), dir.path().join("clean")).await;
    assert_eq!(clean.outcome, CheckOutcome::Passed, "{clean:?}");

    let mut table = Vec::new();
    let mut renamed_run = None;
    for fault in Fault::DRIFT.into_iter().chain(Fault::BUGS) {
        let changed = specwright_tests::demo_app(&[fault]).await;
        let (run, judged) = checked(&runtime, &session, changed.url(), dir.path().join(fault.as_str())).await;
        table.push(format!("{:<22} {:?} {:?}", fault.as_str(), judged.outcome, judged.step));
        if Fault::BUGS.contains(&fault) {
            // A broken feature is a failure with the app's words, never a drift to heal.
            assert_eq!(judged.outcome, CheckOutcome::Failed, "{}: {judged:?}", fault.as_str());
            assert!(judged.relocations.is_empty() && judged.message.is_some(), "{judged:?}");
            continue;
        }
        match fault {
            // The recorded element is gone: the one in its place is proposed, never passed.
            Fault::RenamedButton | Fault::RenamedLink | Fault::RelabeledField => {
                assert_eq!(judged.outcome, CheckOutcome::Drifted, "{}: {judged:?}", fault.as_str());
            }
            // Still found as recorded: nothing to heal.
            _ => assert_eq!(judged.outcome, CheckOutcome::Passed, "{}: {judged:?}", fault.as_str()),
        }
        if fault == Fault::RenamedButton {
            let proposal = &judged.relocations[0];
            assert_eq!(proposal.relocation.found, "button \"로그인하기\"", "{proposal:?}");
            assert!(
                proposal.code_now.contains("'로그인하기'") && proposal.code_was.contains("'로그인'"),
                "{proposal:?}"
            );
            renamed_run = Some((run, changed));
        }
        if fault == Fault::RelabeledField {
            // Found again by its id: the same field, its label reworded.
            assert!(judged.relocations.iter().all(|p| p.relocation.same_element), "{judged:?}");
        }
    }
    println!("{}", table.join("\n"));

    // A bug's check cannot be healed, approved or not.
    let bug = specwright_tests::demo_app(&[Fault::MissingRow]).await;
    let (bug_run, _) = checked(&runtime, &session, bug.url(), dir.path().join("bug-again")).await;
    assert!(runtime.approve_heals(&session, &bug_run, &[], "terminal").is_err(), "a bug was healed");

    // The drift, approved: the login step acts on the new button, the heal is on the step, no
    // expectation changed, and the healed scenario passes its trial (both runs) on that app.
    let (run, renamed) = renamed_run.expect("the renamed button drifted");
    let (_, fresh) = checked(&runtime, &session, renamed.url(), dir.path().join("renamed-again")).await;
    assert_eq!(fresh.outcome, CheckOutcome::Drifted);
    let latest_run = runtime.store().runs(&session).unwrap().last().unwrap().id.clone();
    let (mut before, mut healed) = runtime.approve_heals(&session, &latest_run, &[], "terminal").unwrap();
    let (before, healed) = (before.remove(0), healed.remove(0));
    assert_ne!(run, latest_run);
    let changed: Vec<_> = healed.steps.iter().filter(|s| !s.heals.is_empty()).collect();
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert_eq!(changed[0].heals[0].run_id, latest_run);
    assert_eq!(changed[0].heals[0].approved_by, "terminal");
    assert_eq!(Some(&changed[0].heals[0].was), before.steps[changed[0].index as usize - 1].action.target());
    let checks = |s: &specwright_scenario::Scenario| -> Vec<Action> {
        s.steps.iter().filter(|s| s.action.is_assertion()).map(|s| s.action.clone()).collect()
    };
    assert_eq!(checks(&healed), checks(&recorded), "a heal changed an expectation");
    let (passed, _) = replay(&runtime, &session, renamed.url(), dir.path().join("healed")).await;
    assert!(passed, "the healed scenario did not pass on the app with the renamed button");
}
