//! `kill -9` of the `specwright` process at random points of scripted LLM sessions (a model that
//! fails one request in five): reopening lists the session as interrupted, `resume` finishes it,
//! and nothing that was recorded is lost. `KILL_POINTS` sets how many (default 50);
//! `KILL_WORKERS` how many sessions are killed side by side (default 2: each one mostly waits on
//! the browser and the model, so two share this machine's cores without slowing each other).
//!
//! Semantic search is off: embedding runs beside each session, and with two sessions side by side
//! on two cores it would take the CPU the sessions' own steps need, for nothing a kill point
//! tests. Embedding stopped halfway and resumed is the knowledge crate's test
//! (`a_cancelled_index_keeps_what_was_embedded_and_resumes`).
//!
//! The scripted model is stateless: it reads the conversation it is sent and answers with the
//! next step, so it gives the right turn whatever a kill cut short.

use regex::Regex;
use serde_json::{json, Value};
use specwright_llm::mock::{Fault, MockServer, Reply, Step};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const SPEC: &str = "# 로그인\n\n1. '/login' 페이지에서 운영자 'ada@example.com' 계정과 비밀번호로 로그인한다.\n2. '대시보드' 제목이 보여야 한다.\n";

fn call(name: &str, args: Value) -> (String, String) {
    (name.to_string(), args.to_string())
}

/// The next turn of a model that logs in and checks the dashboard, read off the conversation.
fn next_turn(body: &Value) -> Reply {
    let messages = body["messages"].as_array().cloned().unwrap_or_default();
    let tool_texts: Vec<&str> =
        messages.iter().filter(|m| m["role"] == "tool").filter_map(|m| m["content"].as_str()).collect();
    let done = |intent: &str| tool_texts.iter().any(|t| t.starts_with("Done:") && t.contains(intent));
    // The latest page, and whether it came after the last action.
    let last_page = tool_texts.iter().rposition(|t| t.starts_with("<page"));
    let last_done = tool_texts.iter().rposition(|t| t.starts_with("Done:"));
    let fresh_page = matches!((last_page, last_done), (Some(p), Some(d)) if p > d);
    let page = last_page.map(|i| tool_texts[i]).unwrap_or("");
    let reference = Regex::new(r"\[(?:ref=)?(f?\d*e\d+)\]").unwrap();
    let ref_of = |role: &str, name: &str| {
        page.lines()
            .filter(|l| l.contains(role) && l.contains(name))
            .find_map(|l| reference.captures(l).map(|c| c[1].to_string()))
    };
    let cite = "spec.md#L3";
    if !done("'/login'") {
        return Reply::ToolCalls(vec![call(
            "browser_navigate",
            json!({"url": "/login", "intent": "'/login' 페이지로 이동한다", "cite": cite}),
        )]);
    }
    if !fresh_page {
        return Reply::ToolCalls(vec![call("browser_snapshot", json!({}))]);
    }
    if !done("'로그인' 버튼") {
        if !done("'이메일'") || !done("'비밀번호'") {
            let (Some(email), Some(password)) = (ref_of("textbox", "이메일"), ref_of("textbox", "비밀번호"))
            else {
                return Reply::ToolCalls(vec![call(
                    "browser_navigate",
                    json!({"url": "/login", "intent": "'/login' 페이지로 이동한다", "cite": cite}),
                )]);
            };
            return Reply::ToolCalls(vec![
                call(
                    "browser_fill",
                    json!({"ref": email, "value": "ada@example.com", "intent": "'이메일' 필드에 입력한다", "cite": cite}),
                ),
                call(
                    "browser_fill",
                    json!({"ref": password, "value": "{{secret.PASSWORD}}", "intent": "'비밀번호' 필드에 입력한다", "cite": cite}),
                ),
            ]);
        }
        let Some(login) = ref_of("button", "로그인") else {
            return Reply::ToolCalls(vec![call("browser_snapshot", json!({}))]);
        };
        return Reply::ToolCalls(vec![call(
            "browser_click",
            json!({"ref": login, "intent": "'로그인' 버튼을 클릭한다", "cite": cite}),
        )]);
    }
    if !done("'대시보드'") {
        return Reply::ToolCalls(vec![call(
            "expect_visible",
            json!({"role": "heading", "name": "대시보드", "intent": "'대시보드' 제목이 보인다", "cite": "spec.md#L4"}),
        )]);
    }
    Reply::ToolCalls(vec![call("submit_scenario", json!({"title": "로그인"}))])
}

/// A model at 127.0.0.1 that answers every request with the next turn, one in five of them
/// failing first (429, 500, a cut stream or a malformed chunk), from a seeded generator.
async fn scripted_model() -> MockServer {
    let server = MockServer::start(Vec::new()).await.unwrap();
    let state = Arc::new(Mutex::new(0x9e37_79b9_7f4a_7c15u64));
    // Plenty of turns for every session, each maybe preceded by a fault.
    let mut steps = Vec::new();
    for _ in 0..4000 {
        let roll = {
            let mut s = state.lock().unwrap();
            *s ^= *s << 13;
            *s ^= *s >> 7;
            *s ^= *s << 17;
            *s
        };
        if roll % 5 == 0 {
            steps.push(Step::Fault(match (roll >> 8) % 4 {
                0 => Fault::Status(429),
                1 => Fault::Status(500),
                2 => Fault::CutAfter(2),
                _ => Fault::Malformed,
            }));
        }
        steps.push(Step::Respond(Arc::new(next_turn)));
    }
    server.push(steps);
    server
}

fn specwright(data: &Path, args: &[&str], model: &str) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_specwright"));
    command
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .args(["--engine", "llm", "--base-url", model, "--model", "gpt-4o-mini"])
        .env("SPECWRIGHT_SECRET_PASSWORD", "demo1234")
        .env("SPECWRIGHT_SEMANTIC", "off")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

fn sessions(data: &Path) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_specwright"))
        .arg("--data-dir")
        .arg(data)
        .args(["sessions", "--json"])
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap_or_default()
}

fn events(data: &Path, session: &str) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_specwright"))
        .arg("--data-dir")
        .arg(data)
        .args(["show", session, "--json"])
        .output()
        .unwrap();
    let detail: Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    detail["events"].as_array().cloned().unwrap_or_default()
}

/// What one kill point came to.
enum Point {
    Resumed,
    /// The session ended before the kill.
    Finished,
    /// The kill came before the session was stored.
    BeforeStart,
}

/// Start a session, `kill -9` it after `delay`, then resume it and check nothing recorded was
/// lost and the log is gap-free.
/// One session from process start to its exports, not killed: how long the kill points span.
fn whole_session(root: &Path, spec: &Path, model: &str) -> Duration {
    let (data, out) = (root.join("data-whole"), root.join("out-whole"));
    let started = Instant::now();
    let result = specwright(
        &data,
        &["run", "--spec", spec.to_str().unwrap(), "--serve-demo", "--out", out.to_str().unwrap()],
        model,
    )
    .output()
    .unwrap();
    let took = started.elapsed();
    assert!(
        result.status.success(),
        "{}{}",
        String::from_utf8_lossy(&result.stdout),
        String::from_utf8_lossy(&result.stderr)
    );
    assert_eq!(sessions(&data)[0]["status"], "completed");
    took
}

fn kill_and_resume(root: &Path, spec: &Path, model: &str, point: u64, delay: Duration) -> Point {
    let data = root.join(format!("data-{point}"));
    let out = root.join(format!("out-{point}"));
    let mut child = specwright(
        &data,
        &["run", "--spec", spec.to_str().unwrap(), "--serve-demo", "--out", out.to_str().unwrap()],
        model,
    )
    .spawn()
    .unwrap();
    let deadline = Instant::now() + delay;
    let mut exited = None;
    while Instant::now() < deadline {
        if let Some(status) = child.try_wait().unwrap() {
            exited = Some(status);
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    if exited.is_none() {
        child.kill().unwrap(); // SIGKILL
        let _ = child.wait();
    }
    let listed = sessions(&data);
    let Some(session) = listed.first() else {
        return Point::BeforeStart;
    };
    let id = session["id"].as_str().unwrap().to_string();
    if session["status"] == "completed" {
        return Point::Finished;
    }
    assert_eq!(session["status"], "interrupted", "point {point}: {session}");
    let before = events(&data, &id);
    let result =
        specwright(&data, &["resume", &id, "--serve-demo", "--out", out.to_str().unwrap()], model).output().unwrap();
    assert!(
        result.status.success(),
        "point {point} ({delay:?}): {}{}",
        String::from_utf8_lossy(&result.stdout),
        String::from_utf8_lossy(&result.stderr)
    );
    let after = events(&data, &id);
    // Everything recorded before the kill is still there, unchanged, and the log is gap-free.
    assert_eq!(&after[..before.len()], &before[..], "point {point}: recorded events changed");
    let seqs: Vec<u64> = after.iter().map(|e| e["seq"].as_u64().unwrap()).collect();
    assert_eq!(seqs, (1..=after.len() as u64).collect::<Vec<_>>(), "point {point}: gap-free");
    assert_eq!(sessions(&data)[0]["status"], "completed", "point {point}");
    assert!(out.join("scenario.spec.ts").is_file(), "point {point}");
    Point::Resumed
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_at_random_points_then_resume_finishes_every_session_and_loses_nothing() {
    let points: u64 = std::env::var("KILL_POINTS").ok().and_then(|v| v.parse().ok()).unwrap_or(50);
    let workers: u64 = std::env::var("KILL_WORKERS").ok().and_then(|v| v.parse().ok()).unwrap_or(2).max(1);
    let model = scripted_model().await;
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("spec.md");
    std::fs::write(&spec, SPEC).unwrap();
    // Kill points spread over a whole session, from a seeded generator. How long a whole session
    // takes (process start to exports) is measured here first, uncut: a fixed span would put
    // most points after the end on a faster machine or build, testing nothing.
    let whole = whole_session(dir.path(), &spec, model.url());
    let span = (whole.as_millis() as u64 * 9 / 10).saturating_sub(300).max(1);
    let mut seed = 0x5eed_u64;
    let delays: Vec<Duration> = (0..points)
        .map(|_| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            Duration::from_millis(300 + (seed >> 33) % span)
        })
        .collect();
    let started = Instant::now();
    let outcomes: Vec<Point> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|worker| {
                let (root, spec, model, delays) = (dir.path(), spec.as_path(), model.url(), &delays);
                scope.spawn(move || {
                    (worker..points)
                        .step_by(workers as usize)
                        .map(|point| kill_and_resume(root, spec, model, point, delays[point as usize]))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let count = |want: fn(&Point) -> bool| outcomes.iter().filter(|p| want(p)).count();
    let resumed = count(|p| matches!(p, Point::Resumed));
    let finished_anyway = count(|p| matches!(p, Point::Finished));
    let before_start = count(|p| matches!(p, Point::BeforeStart));
    let requests = model.requests().len();
    let figures = format!(
        "kill -9 at {points} points within {whole:.1?} (a whole session) in {:.0?} ({workers} side by side): {resumed} resumed and completed, {finished_anyway} had finished, {before_start} killed before the session existed; {requests} model requests, one in five failing first\n",
        started.elapsed()
    );
    print!("{figures}");
    // Kept with the other test outputs (a CI artifact): the closing note quotes it.
    let report = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/test-output");
    let _ = std::fs::create_dir_all(&report);
    let _ = std::fs::write(report.join("kill-9.txt"), &figures);
    assert!(resumed * 2 >= points as usize, "most kills land mid-session: {resumed}/{points}");
}
