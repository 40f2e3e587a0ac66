//! The LLM engine with a real local model server, as a planner with a laptop meets it: llama.cpp's
//! own server (xllamacpp) with SmolLM2-135M-Instruct, the bundled Korean PRD on the demo shop.
//! Printed: the tool probe's verdict and time; then, with the probe off so the loop itself is
//! measured, each call's first-byte wait against a bare HTTP request of the same prompt length,
//! tokens per call, the share of prompt tokens the server's cache served across turns, and the
//! session's outcome and wall time; then the calls it took to stop for no progress, and the
//! calls a person's message to that session took (the message as the model's next turn). A model
//! this small cannot finish: the goal is the clear ending (refused, or stopped for no progress
//! within three calls) in under five minutes, never a loop to the limit.

use serde_json::{json, Value};
use specwright_browser::Secrets;
use specwright_llm::{LlmClient, LlmConfig};
use specwright_protocol::Event;
use specwright_runtime::{Answers, EngineChoice, Rule, Runtime, SessionRequest};
use specwright_store::{SequentialIds, SystemClock};
use specwright_tests::llama::{LlamaServer, Template};
use std::sync::Arc;
use std::time::{Duration, Instant};

const CONTEXT: u32 = 8192;
const GOAL_SECONDS: f64 = 300.0;

/// The configuration Settings give a local server (see `specwright_runtime::llm_config`), at
/// temperature 0 so runs compare.
fn config(url: &str, probe: bool) -> LlmConfig {
    let mut config = LlmConfig::new(url, "smollm2-135m-instruct");
    config.first_byte_timeout = Duration::from_secs(900);
    config.max_answer_tokens = Some(1024);
    config.temperature = Some(0.0);
    config.probe_tools = probe;
    config
}

struct Call {
    prompt: u32,
    completion: u32,
    cached: u32,
    first_byte_ms: u32,
}

struct Session {
    calls: Vec<Call>,
    outcome: String,
    seconds: f64,
    /// The session's runtime and id, to go on talking to it.
    runtime: Arc<Runtime>,
    id: String,
    _dir: tempfile::TempDir,
}

/// The calls and the end of one run of a session, read from its events after `after`.
async fn followed(runtime: &Arc<Runtime>, session: &str, after: u32) -> (Vec<Call>, String) {
    let mut events = runtime.store().subscribe(session, after).unwrap();
    let mut calls = Vec::new();
    let mut outcome = String::from("no terminal event");
    while let Some(envelope) = events.next().await.unwrap() {
        match &envelope.event {
            Event::Usage { prompt_tokens, completion_tokens, cached_tokens, first_byte_ms, .. } => calls.push(Call {
                prompt: *prompt_tokens,
                completion: *completion_tokens,
                cached: *cached_tokens,
                first_byte_ms: *first_byte_ms,
            }),
            Event::SessionCompleted { .. } => {
                outcome = "completed".into();
                break;
            }
            Event::Error { code, message } => {
                outcome = format!("{code}: {}", specwright_catalog::render(message, specwright_catalog::Locale::En));
                break;
            }
            e if e.is_terminal() => {
                outcome = format!("{e:?}");
                break;
            }
            _ => {}
        }
    }
    (calls, outcome)
}

async fn session(app_url: &str, llm: LlmConfig) -> Session {
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let mut secrets = Secrets::default();
    secrets.insert("PASSWORD", "demo1234");
    let every_question = vec![Rule { when: regex::Regex::new("").unwrap(), answer: "1".into() }];
    let prd = specwright_intake::parse("shop-admin-prd.ko.md", specwright_demo::DEMO_SPEC.as_bytes()).unwrap();
    let started_at = Instant::now();
    let started = runtime
        .start_session(SessionRequest {
            answerer: Box::new(Answers::new(every_question, secrets.clone())),
            secrets,
            engine: EngineChoice::Llm(llm),
            ..specwright_tests::session_request(vec![prd], app_url.to_string(), &dir.path().join("out"))
        })
        .await
        .unwrap();
    let (calls, outcome) = followed(&runtime, &started.session_id, 0).await;
    let seconds = started_at.elapsed().as_secs_f64();
    runtime.wait(&started.run_id).await;
    Session { calls, outcome, seconds, runtime, id: started.session_id, _dir: dir }
}

/// A person's message to the session the model stopped in, with the same model: the calls its
/// turn took until the run ended, and how it ended.
async fn told(looped: &Session, app_url: &str, llm: LlmConfig) -> (Vec<Call>, String, f64) {
    let mut secrets = Secrets::default();
    secrets.insert("PASSWORD", "demo1234");
    let after = looped.runtime.store().session(&looped.id).unwrap().last_seq;
    let started_at = Instant::now();
    let request = specwright_runtime::ResumeRequest {
        session_id: looped.id.clone(),
        target_url: Some(app_url.to_string()),
        out_dir: specwright_runtime::OutDir::Exact(looped._dir.path().join("said")),
        browser: None,
        safety: Default::default(),
        answerer: Box::new(specwright_rails::NoAnswers),
        secrets,
        engine: EngineChoice::Llm(llm),
        forget: Vec::new(),
    };
    let said = looped.runtime.say(request, "그리고 '상품 관리' 링크가 보이는지 확인해 줘", "terminal").await.unwrap();
    let (calls, outcome) = followed(&looped.runtime, &looped.id, after).await;
    looped.runtime.wait(&said.run_id).await;
    (calls, outcome, started_at.elapsed().as_secs_f64())
}

/// The reference for a first-byte wait: a bare streamed request of about `tokens` prompt tokens
/// (a word the tokenizer reads as one token, after a first word the cache has not seen), timed
/// to its end, which is one token after its first byte.
async fn bare_first_byte(url: &str, tokens: u32) -> (f64, u32) {
    let text = format!("reference{} {}", tokens, "hello ".repeat(tokens.saturating_sub(40) as usize));
    let body = json!({
        "model": "smollm2", "stream": true, "max_completion_tokens": 1, "temperature": 0,
        "stream_options": {"include_usage": true},
        "messages": [{"role": "user", "content": text}],
    });
    let client = reqwest::Client::new();
    let started = Instant::now();
    let response = client
        .post(format!("{url}/chat/completions"))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    let status = response.status();
    let text = response.text().await.unwrap();
    let elapsed = started.elapsed().as_secs_f64() * 1000.0;
    assert!(status.is_success(), "the reference request failed: {status} {text}");
    let prompt = text
        .lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find_map(|v| v["usage"]["prompt_tokens"].as_u64())
        .unwrap_or(0) as u32;
    (elapsed, prompt)
}

pub async fn measure(app_url: &str) -> Vec<Value> {
    let server = LlamaServer::start(CONTEXT, Template::ToolCalls);
    let url = server.url();
    let mut records = Vec::new();
    println!(
        "\n{:<34} {:>10} {:>12} {:>8} {:>10}",
        "local model (llama.cpp, SmolLM2-135M)", "ours", "reference", "ratio", "goal"
    );

    // The probe, and a session as a person starts it: refused before the browser opens.
    let probe_started = Instant::now();
    let calls_tools = LlmClient::new(config(&url, true)).calls_tools().await.unwrap();
    let probe_ms = probe_started.elapsed().as_secs_f64() * 1000.0;
    println!("{:<34} {:>10} {:>12} {:>8} {:>10}", "local.probe_calls_tools", calls_tools, "-", "-", "-");
    let refused = session(app_url, config(&url, true)).await;
    println!(
        "{:<34} {:>10.1} {:>12} {:>8} {:>10}",
        "local.session_probe_on_s",
        refused.seconds,
        "-",
        "-",
        if refused.seconds < GOAL_SECONDS { "<300 ✓" } else { "<300 ✗" }
    );
    println!("  outcome: {}", refused.outcome);
    records.push(json!({
        "name": "local.session_probe_on", "ours": refused.seconds, "unit": "s", "goal": GOAL_SECONDS,
        "met": refused.seconds < GOAL_SECONDS, "outcome": refused.outcome, "probe_ms": probe_ms,
        "probe_calls_tools": calls_tools,
    }));

    // The loop itself, the probe off: what the model does with the PRD and the page.
    let looped = session(app_url, config(&url, false)).await;
    let calls = &looped.calls;
    let first = calls.first().map_or(0.0, |c| f64::from(c.first_byte_ms));
    let (reference_ms, reference_tokens) = bare_first_byte(&url, calls.first().map_or(100, |c| c.prompt)).await;
    println!(
        "{:<34} {:>10.0} {:>12.0} {:>7.2}x {:>10}",
        "local.first_byte_first_call_ms",
        first,
        reference_ms,
        first / reference_ms,
        "-"
    );
    println!("  prompt tokens: ours {}, reference {reference_tokens}", calls.first().map_or(0, |c| c.prompt));
    let later: Vec<f64> = calls.iter().skip(1).map(|c| f64::from(c.first_byte_ms)).collect();
    let later_median = crate::median(&later);
    println!("{:<34} {:>10.0} {:>12} {:>8} {:>10}", "local.first_byte_later_calls_ms", later_median, "-", "-", "-");
    let n = calls.len().max(1) as f64;
    let prompt_mean = calls.iter().map(|c| f64::from(c.prompt)).sum::<f64>() / n;
    let completion_mean = calls.iter().map(|c| f64::from(c.completion)).sum::<f64>() / n;
    println!(
        "{:<34} {:>10.0} {:>12} {:>8} {:>10}",
        "local.prompt_tokens_per_call",
        prompt_mean,
        "-",
        "-",
        format!("≤{CONTEXT}")
    );
    println!(
        "{:<34} {:>10.0} {:>12} {:>8} {:>10}",
        "local.completion_tokens_per_call", completion_mean, "-", "-", "≤1024"
    );
    // Across turns, everything but the newest turn could come from the cache: that is the
    // reference the measured share is put against.
    let later_prompt: u32 = calls.iter().skip(1).map(|c| c.prompt).sum();
    let later_cached: u32 = calls.iter().skip(1).map(|c| c.cached).sum();
    let reusable: u32 = calls.windows(2).map(|w| (w[0].prompt + w[0].completion).min(w[1].prompt)).sum();
    let share = f64::from(later_cached) / f64::from(later_prompt.max(1));
    let possible = f64::from(reusable) / f64::from(later_prompt.max(1));
    println!(
        "{:<34} {:>9.1}% {:>11.1}% {:>7.2}x {:>10}",
        "local.prompt_cache_share",
        share * 100.0,
        possible * 100.0,
        share / possible.max(f64::MIN_POSITIVE),
        "-"
    );
    let model_seconds = calls.iter().map(|c| f64::from(c.first_byte_ms)).sum::<f64>() / 1000.0;
    println!(
        "{:<34} {:>10.1} {:>12.1} {:>7.2}x {:>10}",
        "local.session_s (first bytes ref)",
        looped.seconds,
        model_seconds,
        looped.seconds / model_seconds.max(f64::MIN_POSITIVE),
        if looped.seconds < GOAL_SECONDS { "<300 ✓" } else { "<300 ✗" }
    );
    println!("  calls: {}, outcome: {}", calls.len(), looped.outcome);
    // A model that cannot hold the conversation is told apart within three calls: the calls up to
    // the run's end when it ended for no progress (the bound the loop enforces), then the same for
    // a person's message to that session, taken as the model's next turn.
    let bound = |calls: usize, outcome: &str| match outcome.starts_with("llm_no_progress") {
        true if calls <= 3 => "≤3 ✓",
        true => "≤3 ✗",
        false => "-",
    };
    println!(
        "{:<34} {:>10} {:>12} {:>8} {:>10}",
        "local.calls_to_no_progress",
        calls.len(),
        "-",
        "-",
        bound(calls.len(), &looped.outcome)
    );
    let (said_calls, said_outcome, said_seconds) = told(&looped, app_url, config(&url, false)).await;
    println!(
        "{:<34} {:>10} {:>12} {:>8} {:>10}",
        "local.message_calls_to_end",
        said_calls.len(),
        "-",
        "-",
        bound(said_calls.len(), &said_outcome)
    );
    println!("  message turn: {:.1} s, outcome: {said_outcome}", said_seconds);
    records.push(json!({
        "name": "local.calls_to_no_progress", "ours": calls.len(), "goal": 3, "unit": "calls",
        "outcome": looped.outcome, "met": looped.outcome.starts_with("llm_no_progress") && calls.len() <= 3,
    }));
    records.push(json!({
        "name": "local.message_calls_to_end", "ours": said_calls.len(), "goal": 3, "unit": "calls",
        "outcome": said_outcome, "seconds": said_seconds,
        "met": said_outcome.starts_with("llm_no_progress") && said_calls.len() <= 3,
    }));
    records.push(json!({
        "name": "local.first_byte_first_call", "ours": first, "reference": reference_ms, "unit": "ms",
        "ratio": first / reference_ms, "prompt_tokens": calls.first().map(|c| c.prompt),
        "reference_prompt_tokens": reference_tokens,
        "reference_name": "a bare reqwest streamed request of the same prompt length to the same server",
    }));
    records.push(json!({
        "name": "local.prompt_cache_share", "ours": share, "reference": possible, "unit": "share",
        "reference_name": "the prompt tokens of each turn that the turn before already held",
        "later_first_byte_median_ms": later_median, "prompt_tokens_per_call": prompt_mean,
        "completion_tokens_per_call": completion_mean,
    }));
    records.push(json!({
        "name": "local.session_probe_off", "ours": looped.seconds, "reference": model_seconds, "unit": "s",
        "reference_name": "the model server's own first-byte waits, summed", "goal": GOAL_SECONDS,
        "met": looped.seconds < GOAL_SECONDS, "outcome": looped.outcome, "calls": calls.len(),
    }));
    records
}
