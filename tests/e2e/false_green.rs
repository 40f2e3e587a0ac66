//! No false greens: scenarios built on the correct demo app are replayed (no engine, no LLM)
//! against the app with each deliberate defect switched on. Every defect inside a scenario's
//! scope must make its replay fail; the same replay on the correct app must pass.

use specwright_browser::Secrets;
use specwright_protocol::Event;
use specwright_runtime::{DemoApp, Fault, OutDir, ReplayRequest, Runtime, SessionRequest};
use specwright_store::{SequentialIds, SystemClock};
use specwright_tests::events_until_terminal;
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

/// Replays the session's scenario against `url`; true when the replay passed.
async fn replay_passes(runtime: &Arc<Runtime>, session_id: &str, url: String, out: std::path::PathBuf) -> bool {
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
    match &events.last().unwrap().event {
        Event::SessionCompleted { .. } => true,
        Event::Error { code, .. } if code == "trial_failed" => false,
        other => panic!("unexpected end of replay: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_fault_in_scope_makes_the_scenario_fail() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let mut table = Vec::new();
    let mut misses = Vec::new();
    for case in CASES {
        let app = DemoApp::serve(0).await.unwrap();
        let document = specwright_intake::parse(case.spec, case.text.as_bytes()).unwrap();
        let started = runtime
            .start_session(SessionRequest {
                title: None,
                documents: vec![document],
                target_url: app.url(),
                out_dir: OutDir::Exact(dir.path().join(case.spec)),
                browser: None,
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

        let clean = replay_passes(&runtime, &started.session_id, app.url(), dir.path().join("clean")).await;
        assert!(clean, "{}: the replay must pass on the correct app", case.spec);
        for fault in Fault::ALL {
            let broken = DemoApp::serve_with_faults(0, &[fault]).await.unwrap();
            let out = dir.path().join(format!("{}-{}", case.spec, fault.as_str()));
            let passed = replay_passes(&runtime, &started.session_id, broken.url(), out).await;
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
    }
    println!("{}", table.join("\n"));
    assert!(misses.is_empty(), "false greens: {misses:?}");
}
