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

/// Replays the session's scenario against `url`: whether it passed, and the first failure's diagnosis.
async fn replay(
    runtime: &Arc<Runtime>,
    session_id: &str,
    url: String,
    out: std::path::PathBuf,
) -> (bool, Option<Diagnosis>) {
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
        })
        .await
        .unwrap();
    let events = events_until_terminal(runtime, session_id, after).await;
    runtime.wait(&started.run_id).await;
    assert!(events.iter().all(|e| e.run_id == started.run_id), "only the replay's events");
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
