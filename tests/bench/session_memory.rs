//! The CLI's peak memory on the bundled demo session (the Korean PRD and the 20-case workbook,
//! offline engine, real Chromium): the whole session with semantic search on, against the same
//! session with the embedding model off, measured in the same run. The peak is the CLI process's
//! own high-water mark (`VmHWM`); the browser and its driver are separate processes.

use specwright_tests::repo_root;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const GOAL_MB: f64 = 350.0;

/// Peak resident MB and wall seconds of one `specwright demo` run.
fn run(binary: &Path, semantic: bool) -> Option<(f64, f64)> {
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
    Some((peak_kb as f64 / 1024.0, started.elapsed().as_secs_f64()))
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
    let (Some((ours, ours_s)), Some((reference, reference_s))) = (run(&binary, true), run(&binary, false)) else {
        return Vec::new();
    };
    println!("\n{:<34} {:>10} {:>14} {:>8}", "demo session, CLI peak (MB)", "ours", "no model (ref)", "ratio");
    println!("{:<34} {:>10.0} {:>14.0} {:>7.2}x", "session.peak_rss", ours, reference, ours / reference);
    println!("{:<34} {:>10.1} {:>14.1}", "session.wall_seconds", ours_s, reference_s);
    println!("goal: peak <= {GOAL_MB:.0} MB ({})", if ours <= GOAL_MB { "met" } else { "not met" });
    vec![
        serde_json::json!({
            "name": "session.peak_rss", "ours": ours, "reference": reference, "unit": "MB", "ratio": ours / reference,
            "reference_name": "the same demo session with semantic search off (SPECWRIGHT_SEMANTIC=off)",
            "goal": format!("<= {GOAL_MB} MB"), "met": ours <= GOAL_MB,
        }),
        serde_json::json!({
            "name": "session.wall_seconds", "ours": ours_s, "reference": reference_s, "unit": "s",
            "reference_name": "the same demo session with semantic search off",
        }),
    ]
}
