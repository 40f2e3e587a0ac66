//! Run lifecycle against the real demo app: cancel, and failures told as sentences with the
//! spec line, each ending the run with exactly one terminal event and a matching status.

use specwright_protocol::{Envelope, Event, SessionStatus};
use specwright_runtime::{DemoApp, OutDir, Runtime, SafetyOptions, SessionRequest};
use specwright_store::{SequentialIds, SystemClock};
use specwright_tests::events_until_terminal;
use std::sync::Arc;

fn open(dir: &std::path::Path) -> Arc<Runtime> {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    Runtime::open(dir, Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap()
}

async fn run_spec(spec: &str) -> (Arc<Runtime>, String, Vec<Envelope>, tempfile::TempDir) {
    run_spec_with(spec, SafetyOptions::default()).await
}

async fn run_spec_with(spec: &str, safety: SafetyOptions) -> (Arc<Runtime>, String, Vec<Envelope>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let runtime = open(dir.path());
    let app = DemoApp::serve(0).await.unwrap();
    let document = specwright_intake::parse("spec.md", spec.as_bytes()).unwrap();
    let started = runtime
        .start_session(SessionRequest {
            title: None,
            documents: vec![document],
            target_url: app.url(),
            out_dir: OutDir::Exact(dir.path().join("out")),
            browser: None,
            safety,
        })
        .await
        .unwrap();
    let events = events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    (runtime, started.session_id, events, dir)
}

fn only_terminal(events: &[Envelope]) -> &Event {
    let terminal: Vec<_> = events.iter().filter(|e| e.event.is_terminal()).collect();
    assert_eq!(terminal.len(), 1, "exactly one terminal event");
    assert!(events.last().unwrap().event.is_terminal(), "the terminal event is the last one");
    &terminal[0].event
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancel_ends_the_run_with_one_cancelled_event_and_keeps_the_session() {
    let dir = tempfile::tempdir().unwrap();
    let runtime = open(dir.path());
    let (_app, started) = runtime.start_demo(OutDir::PerSession(dir.path().join("out")), 0).await.unwrap();
    assert!(runtime.cancel(&started.run_id));
    let events = events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    assert!(matches!(only_terminal(&events), Event::RunCancelled { .. }), "{:?}", events.last());
    let session = runtime.store().session(&started.session_id).unwrap();
    assert_eq!(session.status, SessionStatus::Cancelled);
    assert_eq!(session.last_seq as usize, events.len());
    assert!(!runtime.cancel("run_unknown"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_target_missing_from_the_page_fails_with_the_spec_line() {
    let spec = "# 로그인\n\n1. '/login' 페이지로 이동한다.\n2. '회원가입' 버튼을 클릭한다.\n";
    let (runtime, session_id, events, _dir) = run_spec(spec).await;
    match only_terminal(&events) {
        Event::Error { code, message } => {
            assert_eq!(code, "grounding_failed");
            assert!(
                message.starts_with("4행") && message.contains("'회원가입'") && message.contains("was not found"),
                "{message}"
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(runtime.store().session(&session_id).unwrap().status, SessionStatus::Failed);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn same_named_buttons_stop_the_run_instead_of_a_guess() {
    let spec = "# 목록\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
                3. '비밀번호' 필드에 'demo1234'를 입력한다.\n4. '로그인' 버튼을 클릭한다.\n5. '상품 관리' 링크를 클릭한다.\n\
                6. '내보내기' 버튼을 클릭한다.\n";
    let (_runtime, _session_id, events, _dir) = run_spec(spec).await;
    match only_terminal(&events) {
        Event::Error { code, message } => {
            assert_eq!(code, "grounding_failed");
            assert!(message.contains("2 elements match '내보내기'"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    // The steps before the ambiguity were explored and shown, none after it.
    let clicked: Vec<_> = events
        .iter()
        .filter_map(|e| match &e.event {
            Event::ToolResult { tool, ok: true, summary, .. } if tool == "browser.click" => Some(summary.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(clicked, vec!["button \"로그인\"", "link \"상품 관리\""]);
}

const DELETE_SPEC: &str =
    "# 삭제\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
    3. '비밀번호' 필드에 'demo1234'를 입력한다.\n4. '로그인' 버튼을 클릭한다.\n5. '상품 관리' 링크를 클릭한다.\n\
    6. '기계식 키보드 삭제' 버튼을 클릭한다.\n7. '삭제 확인' 대화상자가 표시되는지 확인한다.\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_destructive_step_waits_for_confirmation_and_runs_once_approved() {
    let (runtime, session_id, events, _dir) = run_spec(DELETE_SPEC).await;
    match only_terminal(&events) {
        Event::Error { code, message } => {
            assert_eq!(code, "confirmation_required");
            assert!(message.starts_with("8행") && message.contains("needs your confirmation"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    let asked = events
        .iter()
        .any(|e| matches!(&e.event, Event::ConfirmRequested { action, .. } if action.contains("기계식 키보드 삭제")));
    assert!(asked, "a confirm.requested event names the step");
    // Nothing was clicked: the step was refused before acting.
    let clicked_delete = events
        .iter()
        .any(|e| matches!(&e.event, Event::ToolCall { tool, summary, .. } if tool == "browser.click" && summary.contains("삭제")));
    assert!(!clicked_delete);
    assert_eq!(runtime.store().session(&session_id).unwrap().status, SessionStatus::Failed);

    let approved = SafetyOptions { allow_risky: true, ..SafetyOptions::default() };
    let (_runtime, _id, events, _dir) = run_spec_with(DELETE_SPEC, approved).await;
    assert!(matches!(only_terminal(&events), Event::SessionCompleted { .. }), "{:?}", events.last());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaving_the_target_origin_needs_confirmation() {
    let spec = "# 이동\n\n1. '/login' 페이지로 이동한다.\n2. 'http://127.0.0.1:9/admin' 페이지로 이동한다.\n";
    let (_runtime, _id, events, _dir) = run_spec(spec).await;
    match only_terminal(&events) {
        Event::Error { code, message } => {
            assert_eq!(code, "confirmation_required");
            assert!(message.contains("http://127.0.0.1:9/admin is outside the allowed origins"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_indexes_its_specs_with_progress_and_search_cites_them() {
    let spec = "# 상품 등록\n\n## 로그인\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\n## 규칙\n\n가격이 0 이하이면 \"가격은 0보다 커야 합니다.\"를 표시한다.\n";
    let (runtime, session, events, _dir) = run_spec(spec).await;
    let stages: Vec<specwright_protocol::IngestStage> = events
        .iter()
        .filter_map(|e| match &e.event {
            Event::IngestProgress { stage, .. } => Some(*stage),
            _ => None,
        })
        .collect();
    use specwright_protocol::IngestStage::*;
    assert_eq!(&stages[..2], &[Parsed, Chunked], "{stages:?}");
    assert_eq!(stages.last(), Some(&Embedding), "{stages:?}");
    let done = events.iter().find_map(|e| match &e.event {
        Event::IngestDone { chunks, embedded, semantic, .. } => Some((*chunks, *embedded, *semantic)),
        _ => None,
    });
    let (chunks, embedded, semantic) = done.expect("one ingest.done");
    assert!(chunks >= 2 && embedded == chunks && semantic, "{done:?}");
    let hits = runtime
        .knowledge()
        .search(&session, "가격 제한 안내 문구", specwright_knowledge::SearchMode::Hybrid, 2)
        .unwrap();
    assert_eq!(hits[0].citation.document, "spec.md");
    assert!(hits[0].citation.quote.contains("가격은 0보다 커야 합니다"), "{hits:?}");
    assert_eq!(hits[0].citation.line, 10);
}
