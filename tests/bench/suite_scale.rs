//! A suite at scale: the demo workbook's 20 kept cases copied into 10 sessions (200 scenarios)
//! and checked at once on the demo app, against checking one session's 20: the wall time beside
//! the sum of the trials' own browser time (what seating them side by side saves), and this
//! process's peak memory while each runs (flat when the number of scenarios does not matter).

use specwright_protocol::{Event, SessionStatus};
use specwright_runtime::{OutDir, ReplayRequest, Runtime};
use specwright_store::{NewSession, SequentialIds, SystemClock};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

const COPIES: usize = 10;

/// This process's resident memory now (MB).
fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

/// Checks `sessions` at once; the wall seconds, the summed seconds of their trials, the number
/// of scenarios judged, and the highest resident memory seen while it ran.
async fn check(runtime: &Arc<Runtime>, sessions: &[String], out: &std::path::Path) -> (f64, f64, usize, f64) {
    let mut secrets = specwright_browser::Secrets::default();
    secrets.insert("PASSWORD", "demo1234");
    let mut after = Vec::new();
    let mut requests = Vec::new();
    for session in sessions {
        after.push(runtime.store().session(session).unwrap().last_seq);
        requests.push(ReplayRequest {
            session_id: session.clone(),
            target_url: None,
            secrets: secrets.clone(),
            out_dir: OutDir::Exact(out.join(session)),
            browser: None,
            check: true,
        });
    }
    let running = Arc::new(AtomicBool::new(true));
    let sampler = {
        let running = Arc::clone(&running);
        std::thread::spawn(move || {
            let mut peak = rss_mb();
            while running.load(Ordering::SeqCst) {
                peak = peak.max(rss_mb());
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            peak
        })
    };
    let started = Instant::now();
    let runs: Vec<_> = runtime.check_all(requests).await.into_iter().map(|r| r.expect("a check starts")).collect();
    for run in &runs {
        runtime.wait(&run.run_id).await;
    }
    let wall = started.elapsed().as_secs_f64();
    running.store(false, Ordering::SeqCst);
    let peak = sampler.join().unwrap_or(f64::NAN);
    let (mut trials, mut judged) = (0u64, 0usize);
    for (session, after) in sessions.iter().zip(after) {
        for envelope in runtime.store().events(session, after).unwrap() {
            match envelope.event {
                Event::TrialDone { duration_ms, .. } => trials += duration_ms,
                Event::CheckJudged { .. } => judged += 1,
                _ => {}
            }
        }
    }
    (wall, trials as f64 / 1000.0, judged, peak)
}

pub async fn measure(url: &str) -> Vec<serde_json::Value> {
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let started =
        runtime.start_demo_workbook(OutDir::Exact(dir.path().join("workbook")), url.to_string()).await.unwrap();
    let events = specwright_tests::events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    assert!(matches!(events.last().map(|e| &e.event), Some(Event::SessionCompleted { .. })), "{:?}", events.last());
    // The kept cases and what their trials said about the data, copied into sessions of their own.
    let original = runtime.store().session(&started.session_id).unwrap();
    let scenarios = runtime.store().session_scenarios(&original.id).unwrap();
    let trials: Vec<Event> =
        events.into_iter().map(|e| e.event).filter(|e| matches!(e, Event::TrialDone { .. })).collect();
    let mut sessions = vec![original.id.clone()];
    for copy in 1..COPIES {
        let id = format!("{}-copy{copy}", original.id);
        let new = NewSession {
            id: id.clone(),
            title: format!("{} {copy}", original.title),
            engine: original.engine.clone(),
            target_url: original.target_url.clone(),
        };
        runtime.store().create_session(&new, &[]).unwrap();
        // A scenario's id is its own across sessions: each copy is a scenario of its own.
        for scenario in &scenarios {
            let mut scenario = scenario.clone();
            scenario.id = format!("{}-copy{copy}", scenario.id);
            runtime.store().save_scenario(&id, &scenario).unwrap();
        }
        for trial in &trials {
            runtime.store().append_event(&id, "run-copied", trial.clone()).unwrap();
        }
        runtime.store().set_status(&id, SessionStatus::Completed).unwrap();
        sessions.push(id);
    }
    let (one_wall, one_trials, one_judged, one_peak) = check(&runtime, &sessions[..1], &dir.path().join("one")).await;
    let (all_wall, all_trials, all_judged, all_peak) = check(&runtime, &sessions, &dir.path().join("all")).await;
    println!("\n{:<34} {:>10} {:>12} {:>8}", "suite at scale", "measured", "reference", "ratio");
    let mut records = Vec::new();
    let mut row = |name: &str, ours: f64, reference: f64, unit: &str, reference_name: &str| {
        println!("{:<34} {:>10.1} {:>12.1} {:>7.2}x", name, ours, reference, ours / reference);
        records.push(serde_json::json!({ "name": name, "ours": ours, "reference": reference, "unit": unit,
            "ratio": ours / reference, "reference_name": reference_name }));
    };
    row("suite.wall_s_20", one_wall, one_trials, "s", "the sum of its 20 trials' own time");
    row("suite.wall_s_200", all_wall, all_trials, "s", "the sum of its 200 trials' own time");
    row("suite.peak_rss_mb_200_vs_20", all_peak, one_peak, "MB", "this process's peak while checking 20");
    println!("{:<34} {:>10} {:>12}", "suite.judged", all_judged, one_judged);
    records.push(
        serde_json::json!({ "name": "suite.judged", "ours": all_judged, "reference": one_judged, "unit": "scenarios" }),
    );
    records
}
