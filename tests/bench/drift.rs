//! Measured truth of `specwright check`: kept scenarios checked against scripted changes of the
//! demo app, each applied alone — drift (renamed button and link, reworded label, moved field,
//! new wrapper, reordered menu) and bugs (missing row, wrong redirect, missing confirmation,
//! valid input refused, missing validation). Printed: drift handled (a pass, or a heal approved
//! that then passes its trial; goal ≥ 90%), bugs healed (must be 0), bugs in a scenario's scope
//! reported as failed (goal 100%), and a check's wall time against a plain replay of the same
//! scenario on the unchanged app, the reference measured in the same run.

use specwright_browser::Secrets;
use specwright_runtime::{OutDir, ReplayRequest, Runtime};
use specwright_scenario::CheckOutcome;
use specwright_store::{SequentialIds, SystemClock};
use specwright_tests::{events_until_terminal, Fault};
use std::sync::Arc;
use std::time::Instant;

/// The scenarios checked, and the bugs each one's spec speaks of (a bug outside it rightly passes).
const SPECS: &[(&str, &[Fault])] = &[
    (
        "shop-admin-prd.ko.md",
        &[Fault::MissingRow, Fault::WrongRedirect, Fault::MissingConfirmation, Fault::RefusedInput],
    ),
    ("item-validation.ko.md", &[Fault::BrokenValidation, Fault::WrongRedirect]),
];

/// One replay to its end: its run id, whether it completed, and its wall time in seconds.
async fn replay(runtime: &Arc<Runtime>, session: &str, url: String, check: bool) -> (String, bool, f64) {
    let out = runtime.store().session(session).map(|_| std::env::temp_dir().join("specwright-bench-drift")).unwrap();
    let mut secrets = Secrets::default();
    secrets.insert("PASSWORD", "demo1234");
    let after = runtime.store().session(session).unwrap().last_seq;
    let started_at = Instant::now();
    let started = runtime
        .replay(ReplayRequest {
            session_id: session.to_string(),
            target_url: Some(url),
            secrets,
            out_dir: OutDir::PerSession(out),
            browser: None,
            check,
        })
        .await
        .unwrap();
    let events = events_until_terminal(runtime, session, after).await;
    runtime.wait(&started.run_id).await;
    let completed =
        matches!(events.last().map(|e| &e.event), Some(specwright_protocol::Event::SessionCompleted { .. }));
    (started.run_id, completed, started_at.elapsed().as_secs_f64())
}

pub async fn measure(url: &str) -> Vec<serde_json::Value> {
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let (mut drift, mut drift_handled, mut bugs_in_scope, mut bugs_failed, mut bugs_healed) = (0, 0, 0, 0, 0);
    let (mut check_seconds, mut replay_seconds) = (0.0, 0.0);
    println!("\ncheck: scripted changes of the demo app, each alone");
    println!("{:<24} {:<22} {:<10} {}", "scenario", "change", "check", "after approval");
    for (spec, in_scope) in SPECS {
        let path = specwright_tests::repo_root().join("tests/fixtures/specs").join(spec);
        let document = specwright_intake::read_spec(&path).unwrap();
        let started = runtime
            .start_session(specwright_tests::session_request(vec![document], url, &dir.path().join(spec)))
            .await
            .unwrap();
        let session = started.session_id.clone();
        events_until_terminal(&runtime, &session, 0).await;
        runtime.wait(&started.run_id).await;
        // The reference: a plain replay of the same scenario on the unchanged app.
        let (_, _, plain) = replay(&runtime, &session, url.to_string(), false).await;
        let (_, _, checked) = replay(&runtime, &session, url.to_string(), true).await;
        replay_seconds += plain;
        check_seconds += checked;
        for fault in Fault::DRIFT.into_iter().chain(Fault::BUGS).chain([Fault::BrokenValidation]) {
            let app = specwright_tests::demo_app(&[fault]).await;
            let (run, _, _) = replay(&runtime, &session, app.url(), true).await;
            let (_, judged) = runtime.judgement(&session, &run).unwrap();
            // Every proposal approved, as a person saying yes to all would: what a bug would get.
            let mut after = String::from("—");
            let mut healed = false;
            if judged.outcome == CheckOutcome::Drifted {
                let (before, _) = runtime.approve_heals(&session, &run, "bench").unwrap();
                let (_, passed, _) = replay(&runtime, &session, app.url(), false).await;
                healed = passed;
                after = if passed { "healed, passed".into() } else { "did not hold".into() };
                runtime.restore_scenario(&session, &before).unwrap();
            }
            let is_bug = Fault::BUGS.contains(&fault) || fault == Fault::BrokenValidation;
            if is_bug {
                if healed {
                    bugs_healed += 1;
                }
                if in_scope.contains(&fault) {
                    bugs_in_scope += 1;
                    if judged.outcome == CheckOutcome::Failed {
                        bugs_failed += 1;
                    }
                }
            } else {
                drift += 1;
                if judged.outcome == CheckOutcome::Passed || healed {
                    drift_handled += 1;
                }
            }
            println!("{:<24} {:<22} {:<10} {}", spec, fault.as_str(), format!("{:?}", judged.outcome), after);
        }
    }
    let rate = |a: usize, b: usize| if b == 0 { f64::NAN } else { a as f64 / b as f64 };
    println!(
        "drift handled (passed, or healed with approval and passed): {drift_handled}/{drift} ({:.0}%, goal ≥ 90%)",
        100.0 * rate(drift_handled, drift)
    );
    println!("bugs healed: {bugs_healed} (must be 0)");
    println!(
        "bugs in scope reported as failed: {bugs_failed}/{bugs_in_scope} ({:.0}%, goal 100%)",
        100.0 * rate(bugs_failed, bugs_in_scope)
    );
    println!(
        "check wall time {:.1} s vs plain replay {:.1} s on the unchanged app: {:.2}x",
        check_seconds,
        replay_seconds,
        check_seconds / replay_seconds
    );
    vec![
        serde_json::json!({
            "name": "check.drift_handled", "ours": rate(drift_handled, drift), "cases": drift, "unit": "ratio",
            "goal": 0.9,
        }),
        serde_json::json!({ "name": "check.bugs_healed", "ours": bugs_healed, "unit": "count", "goal": 0 }),
        serde_json::json!({
            "name": "check.bugs_failed", "ours": rate(bugs_failed, bugs_in_scope), "cases": bugs_in_scope,
            "unit": "ratio", "goal": 1.0,
        }),
        serde_json::json!({
            "name": "check.wall_time", "ours": check_seconds, "reference": replay_seconds, "unit": "s",
            "ratio": check_seconds / replay_seconds, "reference_name": "plain replay, same scenarios, unchanged app",
        }),
    ]
}
