//! The LLM engine's own cost per tool-loop iteration: a scripted model with no latency asks for
//! one document read per turn (no browser time), and the loop's time per iteration — building
//! the request, streaming the answer, running the tool, persisting its events and checkpoint —
//! is compared with the same requests (the very bodies the loop sent) posted by a bare HTTP
//! client to the same kind of server, in the same run. The difference is the loop's overhead.

use serde_json::{json, Value};
use specwright_llm::mock::{MockServer, Reply, Step};
use specwright_llm::LlmConfig;
use specwright_protocol::Event;
use specwright_runtime::{Answers, EngineChoice, Rule, Runtime, SessionRequest};
use specwright_store::{SequentialIds, SystemClock};
use std::sync::Arc;
use std::time::Instant;

/// Below the engine's 50 model calls per session.
const ITERATIONS: usize = 40;
const GOAL_MS: f64 = 5.0;
const SPEC: &str =
    "# 로그인\n\n## 계정\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 입력란에 'ada@example.com'을 입력한다.\n";

fn script(anchor: &str) -> Vec<Step> {
    (0..ITERATIONS)
        .map(|i| {
            let args = json!({"anchor": anchor, "offset": i % 2});
            Step::Reply(Reply::ToolCalls(vec![("read_section".to_string(), args.to_string())]))
        })
        .collect()
}

/// The loop: milliseconds from the first model answer to the last (`ITERATIONS - 1` whole
/// iterations), and the request bodies it sent.
async fn the_loop(url: &str, anchor: &str) -> (f64, Vec<Value>) {
    let server = MockServer::start(script(anchor)).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let started = runtime
        .start_session(SessionRequest {
            // The one question before the loop (which role) is answered with its first option.
            answerer: Box::new(Answers::new(
                vec![Rule { when: regex::Regex::new("").unwrap(), answer: "1".into() }],
                Default::default(),
            )),
            engine: EngineChoice::Llm(LlmConfig::new(server.url(), "scripted")),
            ..specwright_tests::session_request(
                vec![specwright_intake::parse("spec.md", SPEC.as_bytes()).unwrap()],
                url.to_string(),
                &dir.path().join("out"),
            )
        })
        .await
        .unwrap();
    let mut events = runtime.store().subscribe(&started.session_id, 0).unwrap();
    // One `usage` event per model answer: from the first to the last is `ITERATIONS - 1` turns,
    // each a document read (its tool result goes to the model, not to the timeline) and a call.
    let (mut answers, mut first) = (0usize, None);
    let mut elapsed = f64::NAN;
    while let Some(envelope) = events.next().await.unwrap() {
        match &envelope.event {
            Event::Usage { .. } => {
                answers += 1;
                let at = *first.get_or_insert_with(Instant::now);
                if answers == ITERATIONS {
                    elapsed = at.elapsed().as_secs_f64() * 1000.0;
                    runtime.cancel(&started.run_id);
                }
            }
            Event::LlmRetrying { reason, .. } => panic!("the scripted model failed: {reason}"),
            e if e.is_terminal() => {
                assert_eq!(answers, ITERATIONS, "the loop ended early after {answers} answers: {e:?}");
                break;
            }
            _ => {}
        }
    }
    runtime.wait(&started.run_id).await;
    (elapsed, server.requests())
}

/// The reference: the same bodies posted one after another, each answer read to its end.
async fn bare_client(anchor: &str, bodies: &[Value]) -> f64 {
    let server = MockServer::start(script(anchor)).await.unwrap();
    let client = reqwest::Client::new();
    let endpoint = format!("{}/chat/completions", server.url().trim_end_matches('/'));
    let mut elapsed = 0.0;
    for (i, body) in bodies.iter().take(ITERATIONS).enumerate() {
        let started = Instant::now();
        let answer = client
            .post(&endpoint)
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .and_then(|r| r.error_for_status())
            .unwrap_or_else(|e| panic!("request {i}: {e}"));
        let bytes = answer.bytes().await.unwrap();
        assert!(!bytes.is_empty());
        // Like the loop's figure: requests 2..N.
        if i > 0 {
            elapsed += started.elapsed().as_secs_f64() * 1000.0;
        }
    }
    elapsed
}

pub async fn measure(url: &str) -> Vec<Value> {
    let doc = specwright_intake::parse("spec.md", SPEC.as_bytes()).unwrap();
    let section = doc.sections.last().map(|s| s.anchor.clone()).unwrap_or_default();
    let anchor = if section.contains('#') { section } else { format!("spec.md#{section}") };
    let (ours, bodies) = the_loop(url, &anchor).await;
    assert!(bodies.len() >= ITERATIONS, "{} requests", bodies.len());
    let reference = bare_client(&anchor, &bodies).await;
    let per_iteration = ours / (ITERATIONS - 1) as f64;
    let per_request = reference / (ITERATIONS - 1) as f64;
    let overhead = per_iteration - per_request;
    println!(
        "\n{:<34} {:>10} {:>12} {:>8} {:>8}",
        "llm tool loop, per iteration (ms)", "loop", "bare (ref)", "overhead", "goal"
    );
    println!(
        "{:<34} {:>10.2} {:>12.2} {:>8.2} {:>8}",
        "agent.loop_overhead",
        per_iteration,
        per_request,
        overhead,
        if overhead <= GOAL_MS { "≤5 ✓" } else { "≤5 ✗" }
    );
    vec![json!({
        "name": "agent.loop_overhead", "ours": per_iteration, "reference": per_request, "unit": "ms",
        "ratio": per_iteration / per_request, "overhead": overhead, "goal": GOAL_MS, "met": overhead <= GOAL_MS,
        "iterations": ITERATIONS,
        "reference_name": "the loop's own request bodies posted by a bare reqwest client to the same scripted server",
    })]
}
