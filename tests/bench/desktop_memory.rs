//! The desktop app's memory at rest (its window open on the start screen, nothing running)
//! against the smallest Tauri 2 app built the same way (`tests/minimal-tauri`: same tauri,
//! release, embedded assets), both under Xvfb in the same run. The figure is the proportional
//! set size (PSS) of the app and every process it started (WebKit's web and network processes),
//! so libraries the processes share are counted once.

use specwright_tests::repo_root;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const GOAL_RATIO: f64 = 1.5;

/// Kills the process and what it started when dropped, so a failed measurement leaves nothing.
struct Tree(Child);

impl Drop for Tree {
    fn drop(&mut self) {
        for pid in descendants(self.0.id()) {
            let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Every process below `root`, by parent links in `/proc`.
fn descendants(root: u32) -> Vec<u32> {
    let mut parents: Vec<(u32, u32)> = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|s| s.parse::<u32>().ok()) else { continue };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        // `pid (comm) state ppid …`: the name may hold spaces and parentheses; the last `)` ends it.
        let Some(rest) = stat.rfind(')').map(|i| &stat[i + 1..]) else { continue };
        if let Some(ppid) = rest.split_whitespace().nth(1).and_then(|p| p.parse::<u32>().ok()) {
            parents.push((pid, ppid));
        }
    }
    let mut out = Vec::new();
    let mut frontier = vec![root];
    while let Some(parent) = frontier.pop() {
        for &(pid, ppid) in &parents {
            if ppid == parent && !out.contains(&pid) {
                out.push(pid);
                frontier.push(pid);
            }
        }
    }
    out
}

fn pss_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup"))
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("Pss:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse::<u64>().ok())
        })
        .unwrap_or(0)
}

fn window_state(display: &str, title: &str) -> String {
    Command::new("/usr/bin/python3")
        .arg(repo_root().join("tests/tools/x11-window.py"))
        .args(["state", title])
        .env("DISPLAY", display)
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

fn start(program: &str, args: &[&str]) -> Option<(Child, String)> {
    let mut child = Command::new(program).args(args).stdout(Stdio::piped()).stderr(Stdio::null()).spawn().ok()?;
    let mut line = String::new();
    BufReader::new(child.stdout.take()?).read_line(&mut line).ok()?;
    Some((child, line.trim().to_string()))
}

/// The PSS in MB of `binary` and its processes once its window `title` is shown and has rested.
fn at_rest(binary: &Path, title: &str, display: &str, bus: &str) -> Option<f64> {
    let home = tempfile::tempdir().ok()?;
    let child = Command::new(binary)
        .env("DISPLAY", display)
        .env("DBUS_SESSION_BUS_ADDRESS", bus)
        .env("SPECWRIGHT_DATA_DIR", home.path().join("data"))
        .env("XDG_DATA_HOME", home.path().join("share"))
        .env("XDG_CACHE_HOME", home.path().join("cache"))
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let tree = Tree(child);
    let deadline = Instant::now() + Duration::from_secs(30);
    while window_state(display, title) != "shown" {
        if Instant::now() > deadline {
            println!("desktop memory: the {title} window did not show");
            return None;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    // At rest: the page has loaded and drawn; nothing is running.
    std::thread::sleep(Duration::from_secs(6));
    let mut samples: Vec<u64> = (0..10)
        .map(|_| {
            std::thread::sleep(Duration::from_millis(300));
            let root = tree.0.id();
            pss_kb(root) + descendants(root).into_iter().map(pss_kb).sum::<u64>()
        })
        .collect();
    samples.sort_unstable();
    Some(samples[samples.len() / 2] as f64 / 1024.0)
}

pub fn measure() -> Vec<serde_json::Value> {
    let built = Command::new(env!("CARGO"))
        .args([
            "build",
            "--release",
            "-p",
            "specwright-app",
            "-p",
            "specwright-minimal-tauri",
            "--features",
            "specwright-app/custom-protocol,specwright-minimal-tauri/custom-protocol",
        ])
        .current_dir(repo_root())
        .status()
        .is_ok_and(|s| s.success());
    let ours = repo_root().join("target/release/specwright-app");
    let minimal = repo_root().join("target/release/specwright-minimal-tauri");
    if !built || !ours.is_file() || !minimal.is_file() {
        println!("\ndesktop memory: skipped — the apps could not be built");
        return Vec::new();
    }
    let Some((xvfb, display)) = start("Xvfb", &["-displayfd", "1", "-screen", "0", "1400x900x24", "-nolisten", "tcp"])
    else {
        println!("\ndesktop memory: skipped — Xvfb is missing (make setup installs it)");
        return Vec::new();
    };
    let _xvfb = Tree(xvfb);
    let display = format!(":{display}");
    let Ok(bus_dir) = tempfile::tempdir() else {
        println!("\ndesktop memory: skipped — no temporary folder for the session bus");
        return Vec::new();
    };
    let address = format!("--address=unix:path={}", bus_dir.path().join("bus").display());
    let Some((bus, bus_address)) = start("dbus-daemon", &["--session", "--nofork", "--print-address=1", &address])
    else {
        println!("\ndesktop memory: skipped — dbus-daemon is missing (make setup installs it)");
        return Vec::new();
    };
    let _bus = Tree(bus);
    // The reference first, then ours, then the reference again: the lower reading of each.
    let reference_first = at_rest(&minimal, "Minimal", &display, &bus_address);
    let ours_mb = at_rest(&ours, "Specwright", &display, &bus_address);
    let reference_again = at_rest(&minimal, "Minimal", &display, &bus_address);
    let (Some(ours_mb), Some(reference)) =
        (ours_mb, reference_first.into_iter().chain(reference_again).reduce(f64::min))
    else {
        return Vec::new();
    };
    let ratio = ours_mb / reference;
    println!("\n{:<34} {:>10} {:>14} {:>8}", "desktop app at rest (MB, PSS)", "ours", "minimal (ref)", "ratio");
    println!("{:<34} {:>10.0} {:>14.0} {:>7.2}x", "desktop.rest_pss", ours_mb, reference, ratio);
    println!(
        "goal: <= {GOAL_RATIO}x the minimal Tauri 2 app ({})",
        if ratio <= GOAL_RATIO { "met" } else { "not met" }
    );
    vec![serde_json::json!({
        "name": "desktop.rest_pss", "ours": ours_mb, "reference": reference, "unit": "MB", "ratio": ratio,
        "reference_name": "the smallest Tauri 2 app, release, same tauri (tests/minimal-tauri)",
        "goal": format!("<= {GOAL_RATIO}x"), "met": ratio <= GOAL_RATIO,
    })]
}
