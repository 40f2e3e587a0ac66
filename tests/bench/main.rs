//! `make bench`: performance figures as ratios against a reference measured in the same run.
//! Today: per-action browser latency of the Rust path vs Node `playwright-core`, the size of
//! what the model reads vs Playwright's own AI snapshot (`snapshots.rs`), and intake/knowledge
//! throughput and retrieval latency (`knowledge.rs`), and the wait before a session's first
//! browser action on a 200-page PDF (`first_action.rs`), and resuming a 10,000-event session
//! (`resume.rs`), and the LLM engine's overhead per tool-loop iteration (`agent_loop.rs`), and the
//! LLM engine with a real local model server (`local_model.rs`), and the
//! CLI's peak memory and the workbook's wall time on the demo session (`demo_session.rs`), and the desktop app's memory at rest
//! against a minimal Tauri 2 app (`desktop_memory.rs`), and how truthfully a check tells drift
//! from bugs on scripted changes of the demo app (`drift.rs`), and how much of the corpus's
//! hand-labelled spec sentences the reading reads right (`reading.rs`), and fastembed against
//! the knowledge crate's own embedding loader (`embedders.rs`), and a suite of 200 scenarios
//! checked at once against 20 (`suite_scale.rs`).

mod agent_loop;
mod demo_session;
mod desktop_memory;
mod drift;
mod embedders;
mod first_action;
mod generality;
mod knowledge;
mod local_model;
mod reading;
mod resume;
mod snapshots;
mod suite_scale;

use specwright_browser::{Browser, BrowserConfig, PageSession};
use specwright_scenario::Locator;
use specwright_tests::repo_root;
use std::collections::BTreeMap;
use std::time::Instant;

const ITERATIONS: usize = 100;

fn role(role: &str, name: &str) -> String {
    Locator::Role { role: role.into(), name: name.into(), exact: true }.playwright_selector()
}

struct Selectors {
    email: String,
    password: String,
    login: String,
    dashboard: String,
    logout: String,
}

async fn time<F: std::future::Future<Output = Result<T, E>>, T, E: std::fmt::Display>(
    samples: &mut BTreeMap<&'static str, Vec<f64>>,
    name: &'static str,
    f: F,
) -> T {
    let started = Instant::now();
    let value = f.await.unwrap_or_else(|e| panic!("{name}: {e}"));
    samples.entry(name).or_default().push(started.elapsed().as_secs_f64() * 1000.0);
    value
}

async fn rust_path(url: &str, s: &Selectors) -> BTreeMap<&'static str, Vec<f64>> {
    let browser = Browser::launch(BrowserConfig::detect().unwrap()).await.unwrap();
    let page: PageSession = browser.new_page().await.unwrap();
    let mut samples = BTreeMap::new();
    for _ in 0..ITERATIONS {
        time(&mut samples, "goto", page.goto(&format!("{url}/login"))).await;
        time(&mut samples, "fill", page.fill(&s.email, "email", "ada@example.com")).await;
        time(&mut samples, "fill", page.fill(&s.password, "password", "demo1234")).await;
        time(&mut samples, "click", page.click(&s.login, "login")).await;
        time(&mut samples, "expect_visible", page.expect_visible(&s.dashboard, "dashboard")).await;
        time(&mut samples, "snapshot", page.snapshot()).await;
        time(&mut samples, "screenshot_jpeg", page.frame_jpeg()).await;
        time(&mut samples, "click", page.click(&s.logout, "logout")).await;
    }
    page.close().await;
    browser.close().await;
    samples
}

fn node_reference(url: &str, s: &Selectors) -> BTreeMap<String, Vec<f64>> {
    let selectors = serde_json::json!({
        "email": s.email, "password": s.password, "login": s.login, "dashboard": s.dashboard, "logout": s.logout,
        "frameStyle": specwright_browser::FRAME_STYLE, "masked": specwright_browser::MASKED,
    });
    let chromium = specwright_browser::find_chromium().unwrap();
    let output = std::process::Command::new("node")
        .current_dir(repo_root())
        .arg("tests/bench/node_actions.mjs")
        .arg(url)
        .arg(ITERATIONS.to_string())
        .arg(&chromium)
        .arg(selectors.to_string())
        .output()
        .expect("node runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("node printed JSON")
}

fn median(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    if v.is_empty() {
        return f64::NAN;
    }
    let mid = v.len() / 2;
    if v.len() % 2 == 0 {
        (v[mid - 1] + v[mid]) / 2.0
    } else {
        v[mid]
    }
}

fn main() {
    // A child process of the embedders part runs one loader and ends.
    if embedders::child() {
        return;
    }
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(async {
        let app = specwright_tests::demo_app(&[]).await;
        let url = app.url();
        let s = Selectors {
            email: role("textbox", "이메일"),
            password: role("textbox", "비밀번호"),
            login: role("button", "로그인"),
            dashboard: role("heading", "대시보드"),
            logout: role("button", "로그아웃"),
        };
        // `BENCH_ONLY=browser|snapshots|knowledge|embedders|suite_scale|generality|drift|first_action|resume|agent_loop|local_model|demo_session|desktop_memory`
        // runs one part.
        let only = std::env::var("BENCH_ONLY").unwrap_or_default();
        let part = |name: &str| only.is_empty() || only == name;
        let mut records = Vec::new();
        if part("browser") {
            // Warm both paths once (page cache, JIT), then measure; alternate order to share drift.
            let _ = node_reference(&url, &s);
            let ours = rust_path(&url, &s).await;
            let reference = node_reference(&url, &s);

            println!("{:<34} {:>10} {:>12} {:>8}", "measure (median of ms)", "ours", "node (ref)", "ratio");
            for (name, samples) in &ours {
                let ours_ms = median(samples);
                let ref_ms = reference.get(*name).map(|v| median(v)).unwrap_or(f64::NAN);
                let ratio = ours_ms / ref_ms;
                let measure = format!("browser.{name}");
                println!("{:<34} {:>10.2} {:>12.2} {:>7.2}x", measure, ours_ms, ref_ms, ratio);
                records.push(serde_json::json!({
                    "name": measure, "ours": ours_ms, "reference": ref_ms, "unit": "ms", "ratio": ratio,
                    "reference_name": "node playwright-core 1.64.0", "samples": samples.len(),
                }));
            }
        }
        if part("snapshots") {
            records.extend(snapshots::measure(&url).await);
        }
        if part("generality") {
            records.extend(generality::measure(&app).await);
            records.extend(reading::measure());
        }
        if part("drift") {
            records.extend(drift::measure(&url).await);
        }
        if part("first_action") {
            records.extend(first_action::measure(&url).await);
        }
        if part("agent_loop") {
            records.extend(agent_loop::measure(&url).await);
        }
        if part("local_model") {
            records.extend(local_model::measure(&url).await);
        }
        if part("resume") {
            records.extend(resume::measure(&url).await);
        }
        if part("suite_scale") {
            records.extend(suite_scale::measure(&url).await);
        }
        if part("embedders") {
            records.extend(tokio::task::spawn_blocking(embedders::measure).await.unwrap());
        }
        if part("knowledge") {
            records.extend(tokio::task::spawn_blocking(knowledge::measure).await.unwrap());
        }
        if part("demo_session") {
            records.extend(tokio::task::spawn_blocking(demo_session::measure).await.unwrap());
        }
        if part("desktop_memory") {
            records.extend(tokio::task::spawn_blocking(desktop_memory::measure).await.unwrap());
        }
        let dir = repo_root().join("target/bench");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("latest.json"), serde_json::to_string_pretty(&records).unwrap()).unwrap();
        println!("\nwritten: target/bench/latest.json");
    });
}
