//! The bundled demo session in the CLI (the Korean PRD and the 20-case workbook, offline engine,
//! real Chromium): its peak memory with semantic search on, against the same session with the
//! embedding model off, measured in the same run (the CLI process's own high-water mark,
//! `VmHWM`; the browser and its driver are separate processes); and the workbook session's wall
//! time against the sum of its steps' own browser time, the limit.

use specwright_protocol::Event;
use specwright_store::{Store, SystemClock};
use specwright_tests::repo_root;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

const GOAL_MB: f64 = 350.0;
const GOAL_WORKBOOK_S: f64 = 50.0;

/// One `specwright demo` run: peak resident MB, wall seconds, and the workbook session's wall
/// and browser seconds.
struct Run {
    peak_mb: f64,
    wall_s: f64,
    workbook: Option<(f64, f64)>,
}

/// The workbook session's wall time (first to last event) and its steps' own browser time:
/// each exploration action from its call to its result, each trial step's measured duration.
fn workbook_times(data: &Path) -> Option<(f64, f64)> {
    let store = Store::open(&data.join("specwright.db"), Arc::new(SystemClock)).ok()?;
    let session = store.sessions().ok()?.into_iter().find(|s| s.title.contains("testcases"))?;
    let events = store.events(&session.id, 0).ok()?;
    let wall = (events.last()?.at_ms - events.first()?.at_ms) as f64 / 1000.0;
    let mut calls: std::collections::HashMap<String, i64> = std::collections::HashMap::new();
    let mut browser_ms = 0i64;
    for envelope in &events {
        match &envelope.event {
            Event::ToolCall { call_id, .. } => {
                calls.insert(call_id.clone(), envelope.at_ms);
            }
            Event::ToolResult { call_id, .. } => {
                if let Some(at) = calls.remove(call_id) {
                    browser_ms += envelope.at_ms - at;
                }
            }
            Event::TrialStep { result, .. } => browser_ms += result.duration_ms as i64,
            _ => {}
        }
    }
    Some((wall, browser_ms as f64 / 1000.0))
}

fn run(binary: &Path, semantic: bool) -> Option<Run> {
    let data = tempfile::tempdir().ok()?;
    let out = tempfile::tempdir().ok()?;
    let mut command = Command::new(binary);
    command
        .args(["demo", "--out"])
        .arg(out.path())
        .env("SPECWRIGHT_DATA_DIR", data.path())
        .env("LANG", "en_US.UTF-8")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if !semantic {
        command.env("SPECWRIGHT_SEMANTIC", "off");
    }
    let started = Instant::now();
    let mut child = command.spawn().ok()?;
    let status = format!("/proc/{}/status", child.id());
    let mut peak_kb = 0u64;
    loop {
        if let Ok(text) = std::fs::read_to_string(&status) {
            if let Some(kb) = text
                .lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse::<u64>().ok())
            {
                peak_kb = peak_kb.max(kb);
            }
        }
        if let Ok(Some(exit)) = child.try_wait() {
            if !exit.success() {
                println!("session memory: the demo run failed ({exit})");
                return None;
            }
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Some(Run {
        peak_mb: peak_kb as f64 / 1024.0,
        wall_s: started.elapsed().as_secs_f64(),
        workbook: workbook_times(data.path()),
    })
}

pub fn measure() -> Vec<serde_json::Value> {
    let binary = repo_root().join("target/release/specwright");
    let built = Command::new(env!("CARGO"))
        .args(["build", "--release", "-p", "specwright-cli", "--bin", "specwright"])
        .current_dir(repo_root())
        .status()
        .is_ok_and(|s| s.success());
    if !built || !binary.is_file() {
        println!("\nsession memory: skipped — the CLI could not be built");
        return Vec::new();
    }
    let (Some(ours), Some(reference)) = (run(&binary, true), run(&binary, false)) else {
        return Vec::new();
    };
    let ratio = ours.peak_mb / reference.peak_mb;
    println!("\n{:<34} {:>10} {:>14} {:>8}", "demo session, CLI peak (MB)", "ours", "no model (ref)", "ratio");
    println!("{:<34} {:>10.0} {:>14.0} {:>7.2}x", "session.peak_rss", ours.peak_mb, reference.peak_mb, ratio);
    println!("{:<34} {:>10.1} {:>14.1}", "session.wall_seconds", ours.wall_s, reference.wall_s);
    println!("goal: peak <= {GOAL_MB:.0} MB ({})", if ours.peak_mb <= GOAL_MB { "met" } else { "not met" });
    let mut records = vec![
        serde_json::json!({
            "name": "session.peak_rss", "ours": ours.peak_mb, "reference": reference.peak_mb, "unit": "MB",
            "ratio": ratio, "reference_name": "the same demo session with semantic search off (SPECWRIGHT_SEMANTIC=off)",
            "goal": format!("<= {GOAL_MB} MB"), "met": ours.peak_mb <= GOAL_MB,
        }),
        serde_json::json!({
            "name": "session.wall_seconds", "ours": ours.wall_s, "reference": reference.wall_s, "unit": "s",
            "reference_name": "the same demo session with semantic search off",
        }),
    ];
    if let Some((wall, browser)) = ours.workbook {
        println!("\n{:<34} {:>10} {:>14} {:>8}", "20-case workbook session (s)", "wall", "browser (limit)", "ratio");
        println!("{:<34} {:>10.1} {:>14.1} {:>7.2}x", "session.workbook_wall", wall, browser, wall / browser);
        println!("goal: wall <= {GOAL_WORKBOOK_S:.0} s ({})", if wall <= GOAL_WORKBOOK_S { "met" } else { "not met" });
        records.push(serde_json::json!({
            "name": "session.workbook_wall", "ours": wall, "reference": browser, "unit": "s", "ratio": wall / browser,
            "reference_name": "the sum of the session's steps' own browser time (exploration actions, trial steps)",
            "goal": format!("<= {GOAL_WORKBOOK_S} s"), "met": wall <= GOAL_WORKBOOK_S,
        }));
    }
    records
}
