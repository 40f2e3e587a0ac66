//! The wait before anything happens: from the start of a session on the 200-page PDF to its first
//! browser action (`tool.call`), for both engines, against the same document fully indexed
//! first — what a run waited for before embedding moved beside it. The LLM engine talks to the
//! scripted server (no model latency), so the figure is the engine's own.

use crate::knowledge::pdf_bytes;
use serde_json::json;
use specwright_knowledge::{EmbedderSource, Knowledge};
use specwright_llm::mock::{MockServer, Reply, Step};
use specwright_llm::LlmConfig;
use specwright_protocol::Event;
use specwright_runtime::{EngineChoice, Runtime, SessionRequest};
use specwright_store::{SequentialIds, SystemClock};
use std::sync::Arc;
use std::time::Instant;

/// The PDF's first page opens with a procedure the offline engine acts on.
const PROCEDURE: &[&str] = &["1. Go to the '/login' page.", "2. Enter 'ada@example.com' in the '이메일' field."];

const GOAL_MS: f64 = 3000.0;

async fn first_action(engine: EngineChoice, pdf: &[u8], url: &str) -> f64 {
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let started_at = Instant::now();
    let document = specwright_intake::parse("bench-200-pages.pdf", pdf).unwrap();
    let started = runtime
        .start_session(SessionRequest {
            engine,
            ..specwright_tests::session_request(vec![document], url.to_string(), &dir.path().join("out"))
        })
        .await
        .unwrap();
    let mut events = runtime.store().subscribe(&started.session_id, 0).unwrap();
    let mut first = None;
    while let Some(envelope) = events.next().await.unwrap() {
        match envelope.event {
            Event::ToolCall { .. } if first.is_none() => {
                first = Some(started_at.elapsed().as_secs_f64() * 1000.0);
                runtime.cancel(&started.run_id);
            }
            ref e if e.is_terminal() => {
                assert!(first.is_some(), "the session ended before any browser action: {e:?}");
                break;
            }
            _ => {}
        }
    }
    runtime.wait(&started.run_id).await;
    first.unwrap_or(f64::NAN)
}

pub async fn measure(url: &str) -> Vec<serde_json::Value> {
    let mut records = Vec::new();
    let pdf = pdf_bytes(200, PROCEDURE);
    // The reference: the same document parsed, chunked and embedded into a fresh index, all of
    // it, as a run did before its first action.
    let reference = {
        let pdf = pdf.clone();
        tokio::task::spawn_blocking(move || {
            let dir = tempfile::tempdir().unwrap();
            let store = specwright_store::Store::open(
                &dir.path().join("ref.db"),
                Arc::new(specwright_store::FixedClock::new(0, 1)),
            )
            .unwrap();
            let knowledge = Knowledge::new(Arc::clone(&store), EmbedderSource::Shared { data_dir: None });
            if knowledge.embedder().is_err() {
                return None;
            }
            let started = Instant::now();
            let doc = specwright_intake::parse("bench-200-pages.pdf", &pdf).unwrap();
            crate::knowledge::session(&store, "s", &[&doc]);
            knowledge.index_document("s", &doc, &mut |_, _, _| true).unwrap();
            Some(started.elapsed().as_secs_f64() * 1000.0)
        })
        .await
        .unwrap()
    };
    let Some(reference) = reference else {
        println!("\nfirst action: skipped — no embedding model");
        return records;
    };
    let server = MockServer::start(vec![Step::Reply(Reply::ToolCalls(vec![(
        "browser_navigate".into(),
        json!({"url": "/login", "intent": "Go to the '/login' page", "cite": "bench-200-pages.pdf#L2"}).to_string(),
    )]))])
    .await
    .unwrap();
    let engines = [
        ("offline", EngineChoice::Offline),
        ("llm (scripted model)", EngineChoice::Llm(LlmConfig::new(server.url(), "scripted"))),
    ];
    println!(
        "\n{:<34} {:>10} {:>12} {:>8} {:>8}",
        "first browser action, 200-page PDF", "ours (ms)", "index (ref)", "ratio", "goal"
    );
    for (name, engine) in engines {
        let ours = first_action(engine, &pdf, url).await;
        let measure = format!("first_action.{}", name.split_whitespace().next().unwrap_or(name));
        println!(
            "{:<34} {:>10.0} {:>12.0} {:>7.3}x {:>7}",
            measure,
            ours,
            reference,
            ours / reference,
            if ours <= GOAL_MS { "≤3 s ✓" } else { "≤3 s ✗" }
        );
        records.push(json!({
            "name": measure, "ours": ours, "reference": reference, "unit": "ms", "ratio": ours / reference,
            "goal": GOAL_MS, "met": ours <= GOAL_MS,
            "reference_name": "the same PDF parsed, chunked and fully embedded first (the order before)",
        }));
    }
    records
}
