//! Resuming a long session: a session whose log holds 10,000 events (tool calls and results,
//! mirror frames, trial steps, answered questions) is opened by a fresh runtime, its log replayed
//! to a subscriber (as a window re-attaching does), its answers recovered, and resumed until the
//! resumed run's first new event. The reference is a plain reader of the same database in the
//! same run: Python's `sqlite3` selecting the same rows and parsing each payload as JSON.

use serde_json::json;
use specwright_protocol::{Event, IngestStage, Text};
use specwright_rails::NoAnswers;
use specwright_runtime::{EngineChoice, OutDir, ResumeRequest, Runtime, SafetyOptions};
use specwright_scenario::{StepStatus, TrialStepResult};
use specwright_store::{DocumentRecord, NewSession, SequentialIds, Store, SystemClock};
use std::sync::Arc;
use std::time::Instant;

const EVENTS: u32 = 10_000;
const GOAL_MS: f64 = 300.0;
const SPEC: &str = "# 로그인\n\n1. '/login' 페이지로 이동한다.\n2. '대시보드' 제목이 보여야 한다.\n";

/// The `i`th event of a long session's log: the shapes a real run writes, in their proportions.
fn event(i: u32) -> Event {
    let call_id = format!("call_{}", i / 4);
    let intent = format!("'상품명' 입력란에 '상품 {i}'을 입력한다");
    match i % 8 {
        0 => Event::ToolCall {
            call_id,
            tool: "browser.fill".into(),
            summary: Text::message("tool-fill", [("target", "textbox \"상품명\"".into()), ("value", "…".into())]),
        },
        1 => Event::ToolResult {
            call_id,
            tool: "browser.fill".into(),
            ok: true,
            summary: Text::message("tool-done", [("intent", intent.as_str().into())]),
            console_errors: Vec::new(),
        },
        2 => Event::MirrorFrame {
            file: format!("{:04}.jpg", i / 8 + 1),
            step_index: Some(i / 8),
            intent,
            url: "http://127.0.0.1:4000/products/new".into(),
            target: None,
        },
        3 => Event::QuestionAnswered { question_id: format!("q_{i}"), answer: "1".into(), source: "person".into() },
        4 => Event::IngestProgress {
            document: "spec.md".into(),
            stage: IngestStage::Embedding,
            sections: 2,
            chunks: 400,
            embedded: i % 400,
        },
        5 => Event::MessageDone { text: Text::message("run-found-steps", [("steps", 2u32.into())]) },
        _ => Event::TrialStep {
            trial_id: "trial_1".into(),
            attempt: 1,
            row: None,
            result: TrialStepResult {
                index: i / 8,
                intent,
                status: StepStatus::Passed,
                duration_ms: 120,
                diagnosis: None,
                frame: None,
                console_errors: Vec::new(),
                requests: Vec::new(),
                relocated: None,
            },
        },
    }
}

fn reference(db: &std::path::Path, session: &str) -> f64 {
    let script = r#"
import json, sqlite3, sys, time
started = time.perf_counter()
conn = sqlite3.connect(sys.argv[1])
rows = conn.execute("SELECT seq, payload FROM events WHERE session_id = ? ORDER BY seq", (sys.argv[2],)).fetchall()
events = [json.loads(p) for _, p in rows]
assert len(events) >= 10000, len(events)
print((time.perf_counter() - started) * 1000.0)
"#;
    let out = std::process::Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(db)
        .arg(session)
        .output()
        .expect("python3 runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).trim().parse().unwrap_or(f64::NAN)
}

pub async fn measure(url: &str) -> Vec<serde_json::Value> {
    let dir = tempfile::tempdir().unwrap();
    let session = "ses_long";
    {
        let store = Store::open(&dir.path().join("specwright.db"), Arc::new(SystemClock)).unwrap();
        let doc = specwright_intake::parse("spec.md", SPEC.as_bytes()).unwrap();
        let record = DocumentRecord {
            id: "doc_1".into(),
            name: doc.name.clone(),
            media_type: doc.media_type.clone(),
            sha256: doc.sha256.clone(),
            content: doc.text(),
            outline_json: doc.structure(),
        };
        let new = NewSession {
            id: session.into(),
            title: "긴 세션".into(),
            engine: "offline".into(),
            target_url: url.into(),
        };
        store.create_session(&new, &[record]).unwrap();
        let built = Instant::now();
        for i in 0..EVENTS {
            store.append_event(session, "run_1", event(i)).unwrap();
        }
        store.set_status(session, specwright_protocol::SessionStatus::Interrupted).unwrap();
        println!("\nwrote a {EVENTS}-event session log in {:.1} s", built.elapsed().as_secs_f64());
    }
    let reference = reference(&dir.path().join("specwright.db"), session);

    let started = Instant::now();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let mut log = runtime.store().subscribe(session, 0).unwrap();
    let resumed = runtime
        .resume(ResumeRequest {
            session_id: session.into(),
            target_url: None,
            out_dir: OutDir::Exact(dir.path().join("out")),
            browser: None,
            safety: SafetyOptions::default(),
            answerer: Box::new(NoAnswers),
            secrets: Default::default(),
            engine: EngineChoice::Offline,
            forget: Vec::new(),
        })
        .await
        .unwrap();
    let mut replayed = 0u32;
    while let Some(envelope) = log.next().await.unwrap() {
        replayed += 1;
        if envelope.seq > EVENTS {
            break;
        }
    }
    let ours = started.elapsed().as_secs_f64() * 1000.0;
    assert!(replayed > EVENTS, "the log was replayed, then the resumed run spoke");
    runtime.cancel(&resumed.run_id);
    runtime.wait(&resumed.run_id).await;

    println!(
        "{:<34} {:>10} {:>12} {:>8} {:>8}",
        "resume a 10,000-event session", "ours (ms)", "python (ref)", "ratio", "goal"
    );
    println!(
        "{:<34} {:>10.0} {:>12.0} {:>7.2}x {:>8}",
        "resume.first_new_event",
        ours,
        reference,
        ours / reference,
        if ours <= GOAL_MS { "≤300 ✓" } else { "≤300 ✗" }
    );
    vec![json!({
        "name": "resume.first_new_event", "ours": ours, "reference": reference, "unit": "ms",
        "ratio": ours / reference, "goal": GOAL_MS, "met": ours <= GOAL_MS, "events": EVENTS,
        "reference_name": "python sqlite3: the same rows selected and each payload parsed as JSON",
    })]
}
