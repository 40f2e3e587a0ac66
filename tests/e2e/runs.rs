//! Run lifecycle against the real demo app: cancel, questions that make a run wait and the
//! resume that answers them, and failures told as sentences with the spec line, each run ending
//! with exactly one terminal event and a matching status.

use specwright_protocol::{Envelope, Event, Question, QuestionKind, SessionStatus};
use specwright_rails::{Answerer, NoAnswers};
use specwright_runtime::{
    Answers, DemoApp, EngineChoice, OutDir, ResumeRequest, Rule, Runtime, SafetyOptions, SessionRequest,
};
use specwright_scenario::Provenance;
use specwright_store::{SequentialIds, SystemClock};
use specwright_tests::events_until_terminal;
use std::sync::Arc;

fn open(dir: &std::path::Path) -> Arc<Runtime> {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    Runtime::open(dir, Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap()
}

async fn run_spec(spec: &str) -> (Arc<Runtime>, String, Vec<Envelope>, (tempfile::TempDir, DemoApp)) {
    run_spec_with(spec, SafetyOptions::default(), Box::new(NoAnswers)).await
}

fn answers(rules: &[(&str, &str)]) -> Box<dyn Answerer> {
    let rules =
        rules.iter().map(|(w, a)| Rule { when: regex::Regex::new(w).unwrap(), answer: a.to_string() }).collect();
    Box::new(Answers::new(rules, Default::default()))
}

/// The question a waiting run stopped at (and its terminal event is the only one).
fn waiting_question(events: &[Envelope]) -> Question {
    match only_terminal(events) {
        Event::SessionWaiting { question } => {
            let asked =
                events.iter().any(|e| matches!(&e.event, Event::QuestionAsked { question: q } if q == question));
            assert!(asked, "the question was an event before the run stopped");
            question.clone()
        }
        other => panic!("expected a waiting run: {other:?}"),
    }
}

async fn run_spec_with(
    spec: &str,
    safety: SafetyOptions,
    answerer: Box<dyn Answerer>,
) -> (Arc<Runtime>, String, Vec<Envelope>, (tempfile::TempDir, DemoApp)) {
    let dir = tempfile::tempdir().unwrap();
    let runtime = open(dir.path());
    let app = specwright_tests::demo_app(&[]).await;
    let document = specwright_intake::parse("spec.md", spec.as_bytes()).unwrap();
    let started = runtime
        .start_session(SessionRequest {
            safety,
            answerer,
            ..specwright_tests::session_request(vec![document], app.url(), &dir.path().join("out"))
        })
        .await
        .unwrap();
    let events = events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    // The app stays up with the folder: a resume needs it.
    (runtime, started.session_id, events, (dir, app))
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
async fn a_target_missing_from_the_page_is_a_question_with_the_closest_elements() {
    let spec = "# 로그인\n\n1. '/login' 페이지로 이동한다.\n2. '회원가입' 버튼을 클릭한다.\n";
    let (runtime, session_id, events, _dir) = run_spec(spec).await;
    let question = waiting_question(&events);
    assert_eq!(question.kind, QuestionKind::Target);
    assert!(
        en(&question.text).contains("'회원가입'") && en(&question.text).contains("is not on the page"),
        "{question:?}"
    );
    // Options say what and where in words; a defect and a skip are always offered.
    assert!(
        question.options.iter().any(|o| o.value == "button \"로그인\"" && both(&o.label).contains("'로그인' 버튼")),
        "{:?}",
        question.options
    );
    assert!(question.options.iter().any(|o| o.value == "defect") && question.options.iter().any(|o| o.value == "skip"));
    assert!(question.options.len() <= 6, "every choice fits the six keys: {:?}", question.options);
    assert!(question.source.as_deref().is_some_and(|s| s.contains("spec.md")), "{question:?}");
    // Each element's option knows where it is on the page shown, for the mirror to outline it.
    let login = question.options.iter().find(|o| o.value == "button \"로그인\"").unwrap();
    let b = login.target.expect("the login button's place in the frame");
    assert!(b.x >= 0.0 && b.y >= 0.0 && b.width > 0.0 && b.x + b.width <= 1.0 && b.y + b.height <= 1.0, "{b:?}");
    // Waiting keeps the session: it is resumable, not failed.
    assert_eq!(runtime.store().session(&session_id).unwrap().status, SessionStatus::Waiting);

    // The window's answer (an option's value) resumes it; an empty answer is refused with a sentence.
    let out = OutDir::Exact(_dir.0.path().join("answered"));
    let empty = runtime
        .answer_question(
            &session_id,
            &question.id,
            "  ",
            out.clone(),
            EngineChoice::Offline,
            None,
            SafetyOptions::default(),
            Default::default(),
        )
        .await
        .unwrap_err();
    assert!(empty.to_string().contains("1 to 2000 characters"), "{empty}");
    let chosen = question.options.iter().find(|o| o.value == "button \"로그인\"").unwrap().value.clone();
    let after = runtime.store().session(&session_id).unwrap().last_seq;
    let started = runtime
        .answer_question(
            &session_id,
            &question.id,
            &chosen,
            out,
            EngineChoice::Offline,
            None,
            SafetyOptions::default(),
            Default::default(),
        )
        .await
        .unwrap();
    let events = events_until_terminal(&runtime, &session_id, after).await;
    runtime.wait(&started.run_id).await;
    // "로그인" pressed with the form empty: the app refuses it, and the run ends red in the app's
    // words (its trial fails there) instead of passing on the error page.
    match only_terminal(&events) {
        Event::Error { code, message } => {
            assert_eq!(code, "trial_failed");
            let message = specwright_catalog::render(message, specwright_catalog::Locale::Ko);
            assert!(message.contains("이메일 또는 비밀번호가 올바르지 않습니다"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    let answered = events
        .iter()
        .any(|e| matches!(&e.event, Event::QuestionAnswered { question_id, .. } if *question_id == question.id));
    assert!(answered);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_step_the_grammar_cannot_read_is_a_question_and_skipping_it_is_a_recorded_assumption() {
    let spec = "# 로그인\n\n1. '/login' 페이지로 이동한다.\n2. 운영자 권한이 필요하다.\n3. '로그인' 제목이 표시된다.\n";
    let (runtime, session_id, events, (dir, _app)) = run_spec(spec).await;
    // Never the end of the run: a question about the sentence, citing its line.
    let question = waiting_question(&events);
    let after = runtime.store().session(&session_id).unwrap().last_seq;
    assert_eq!(question.kind, QuestionKind::Step);
    assert!(en(&question.text).contains("운영자 권한이 필요하다"), "{question:?}");
    assert!(question.source.as_deref().is_some_and(|s| s.contains("line 4")), "{question:?}");
    assert!(question.options.iter().any(|o| o.value == "skip"), "{:?}", question.options);
    let resumed = runtime
        .resume(ResumeRequest {
            session_id: session_id.clone(),
            target_url: None,
            out_dir: OutDir::Exact(dir.path().join("resumed")),
            browser: None,
            safety: SafetyOptions::default(),
            answerer: answers(&[("운영자", "건너뛰기")]),
            secrets: Default::default(),
            engine: specwright_runtime::EngineChoice::Offline,
            forget: Vec::new(),
        })
        .await
        .unwrap();
    let events = events_until_terminal(&runtime, &session_id, after).await;
    runtime.wait(&resumed.run_id).await;
    assert!(matches!(events.last().map(|e| &e.event), Some(Event::SessionCompleted { .. })), "{:?}", events.last());
    let scenario = runtime.store().latest_scenario(&session_id).unwrap().unwrap();
    assert!(
        scenario.assumptions.iter().any(|a| a.text.contains("운영자 권한이 필요하다")),
        "{:?}",
        scenario.assumptions
    );
    // The rest of the spec still ran: the heading check after the skipped sentence.
    assert!(scenario.steps.iter().any(|s| s.intent.contains("'로그인' 제목")), "{:?}", scenario.steps);
}

/// A server that accepts connections and never answers: a page load that never finishes.
async fn silent_server() -> (String, tokio::task::JoinHandle<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    let handle = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = listener.accept().await {
            held.push(socket);
        }
    });
    (url, handle)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_during_a_page_load_that_never_finishes_ends_the_run_cancelled_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let runtime = open(dir.path());
    let (url, _server) = silent_server().await;
    let document = specwright_intake::parse("spec.md", "# 시작\n\n1. '/' 페이지로 이동한다.\n".as_bytes()).unwrap();
    let started = runtime
        .start_session(specwright_tests::session_request(vec![document], url, &dir.path().join("out")))
        .await
        .unwrap();
    // Wait until the browser is loading the page, then stop.
    let mut subscription = runtime.store().subscribe(&started.session_id, 0).unwrap();
    loop {
        let envelope = subscription.next().await.unwrap().expect("the run goes on");
        if matches!(&envelope.event, Event::ToolCall { tool, .. } if tool == "browser.goto") {
            break;
        }
    }
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let stopped = std::time::Instant::now();
    assert!(runtime.cancel(&started.run_id));
    let events = tokio::time::timeout(
        std::time::Duration::from_secs(5),
        events_until_terminal(&runtime, &started.session_id, 0),
    )
    .await
    .expect("the stopped run ends within seconds, not after the navigation limit");
    println!("stopped during a page load: ended {} ms after the stop", stopped.elapsed().as_millis());
    assert!(matches!(only_terminal(&events), Event::RunCancelled { .. }), "{:?}", events.last());
    runtime.wait(&started.run_id).await;
}

/// A server whose page, once loaded, keeps its renderer busy for good: every later look at the
/// page (a snapshot, a frame, a script) waits on it.
async fn busy_page_server() -> (String, tokio::task::JoinHandle<()>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/", listener.local_addr().unwrap());
    let handle = tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut request = [0u8; 2048];
                let _ = socket.read(&mut request).await;
                let body = "<!doctype html><title>Busy</title><h1>Busy</h1>\
                    <script>setTimeout(() => { for (;;) {} }, 200)</script>";
                let response = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = socket.write_all(response.as_bytes()).await;
            });
        }
    });
    (url, handle)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_while_the_page_never_answers_a_look_ends_the_run_cancelled_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let runtime = open(dir.path());
    let (url, _server) = busy_page_server().await;
    let spec = "# 시작\n\n1. '/' 페이지로 이동한다.\n2. 'Busy' 제목이 표시되는지 확인한다.\n";
    let document = specwright_intake::parse("spec.md", spec.as_bytes()).unwrap();
    let started = runtime
        .start_session(specwright_tests::session_request(vec![document], url, &dir.path().join("out")))
        .await
        .unwrap();
    // The page loads, then its script holds the renderer: the run is waiting on a look at it.
    let mut subscription = runtime.store().subscribe(&started.session_id, 0).unwrap();
    loop {
        let envelope = subscription.next().await.unwrap().expect("the run goes on");
        if matches!(&envelope.event, Event::ToolResult { .. }) {
            break;
        }
    }
    tokio::time::sleep(std::time::Duration::from_millis(1_500)).await;
    let before_stop = runtime.store().events(&started.session_id, 0).unwrap();
    let ended = before_stop.iter().find(|e| e.event.is_terminal()).map(|e| &e.event);
    assert!(ended.is_none(), "the run is still held by the busy page, yet it ended: {ended:?}");
    let stopped = std::time::Instant::now();
    assert!(runtime.cancel(&started.run_id));
    let events = tokio::time::timeout(
        std::time::Duration::from_secs(5),
        events_until_terminal(&runtime, &started.session_id, 0),
    )
    .await
    .expect("the stopped run ends within seconds, not when the page answers");
    println!("stopped while the page never answered: ended {} ms after the stop", stopped.elapsed().as_millis());
    assert!(matches!(only_terminal(&events), Event::RunCancelled { .. }), "{:?}", events.last());
    runtime.wait(&started.run_id).await;
}

const EXPORT_SPEC: &str =
    "# 목록\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
    3. '비밀번호' 필드에 'demo1234'를 입력한다.\n4. '로그인' 버튼을 클릭한다.\n5. '상품 관리' 링크를 클릭한다.\n\
    6. '내보내기' 버튼을 클릭한다.\n7. '목록을 내보냈습니다.' 메시지가 표시되는지 확인한다.\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn same_named_buttons_are_a_question_never_a_guess_and_the_answer_resumes_the_session() {
    let (runtime, session_id, events, (dir, _app)) = run_spec(EXPORT_SPEC).await;
    let question = waiting_question(&events);
    assert_eq!(question.kind, QuestionKind::Target);
    // The two buttons, then "none of these: a defect" and "skip", always offered.
    let values: Vec<&str> = question.options.iter().map(|o| o.value.as_str()).collect();
    assert_eq!(values, vec!["1", "2", "defect", "skip"], "{question:?}");
    // Each option says where its button is, in words, never "#1 of 2".
    assert!(question.options.iter().all(|o| !both(&o.label).contains(" of 2")), "{:?}", question.options);
    assert_ne!(both(&question.options[0].label), both(&question.options[1].label), "{:?}", question.options);
    // The steps before the ambiguity were explored and shown, none after it.
    let clicked: Vec<_> = events
        .iter()
        .filter_map(|e| match &e.event {
            Event::ToolResult { tool, ok: true, summary, .. } if tool == "browser.click" => {
                Some(summary.key().to_string())
            }
            _ => None,
        })
        .collect();
    assert_eq!(clicked, vec!["button \"로그인\"", "link \"상품 관리\""]);

    // Resumed with an answer (the second one): the session completes, the step acts on exactly
    // that button, and the answer is an event.
    let after = runtime.store().session(&session_id).unwrap().last_seq;
    let started = runtime
        .resume(ResumeRequest {
            session_id: session_id.clone(),
            target_url: None,
            out_dir: OutDir::Exact(dir.path().join("resumed")),
            browser: None,
            safety: SafetyOptions::default(),
            answerer: answers(&[("내보내기", "2")]),
            secrets: Default::default(),
            engine: specwright_runtime::EngineChoice::Offline,
            forget: Vec::new(),
        })
        .await
        .unwrap();
    let events = events_until_terminal(&runtime, &session_id, after).await;
    runtime.wait(&started.run_id).await;
    assert!(matches!(only_terminal(&events), Event::SessionCompleted { .. }), "{:?}", events.last());
    let answered = events.iter().any(|e| {
        matches!(&e.event, Event::QuestionAnswered { question_id, answer, source }
            if *question_id == question.id && answer == "2" && source == "answers_file")
    });
    assert!(answered);
    let scenario = runtime.store().latest_scenario(&session_id).unwrap().unwrap();
    let export = scenario.steps.iter().find(|s| s.intent.contains("내보내기")).unwrap();
    let target = export.action.target().unwrap();
    // Not the shared name (it finds two): a locator of the second toolbar's button.
    assert!(
        target
            .strategies
            .iter()
            .all(|l| !matches!(l, specwright_scenario::Locator::Role { name, .. } if name == "내보내기")),
        "{target:?}"
    );
    assert!(format!("{target:?}").contains("nth-of-type(2)"), "{target:?}");
    // The step a person resolved cites that answer: the question as asked, the option chosen
    // in its words (not "2"), and the spec's line it stands for. Never a plain spec step.
    let chosen = both(&question.options[1].label);
    match &export.provenance {
        Provenance::Answer { question_id, answer, question: Some(asked), citation: Some(citation), by } => {
            assert_eq!(question_id, &question.id);
            assert_eq!(by.as_deref(), Some("answers_file"), "who answered");
            assert!(chosen.contains(answer.as_str()), "{answer} is the option's words: {chosen}");
            assert!(both(&question.text).contains(asked.as_str()), "{asked}");
            assert!(citation.quote.contains("내보내기"), "{citation:?}");
        }
        other => panic!("the answered step cites {other:?}"),
    }
    let report = std::fs::read_to_string(dir.path().join("resumed/report.html")).unwrap();
    assert!(
        report.contains(&format!("답: {}", html_escaped(answer_of(&export.provenance)))),
        "the report says the answer"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn none_of_the_same_named_buttons_is_a_defect_in_the_persons_words() {
    let (runtime, session_id, events, (dir, _app)) = run_spec(EXPORT_SPEC).await;
    let question = waiting_question(&events);
    let defect = question.options.iter().find(|o| o.value == "defect").expect("a defect option");
    assert_eq!(specwright_catalog::render(&defect.label, specwright_catalog::Locale::Ko), "없음 — 결함으로 기록");
    let after = runtime.store().session(&session_id).unwrap().last_seq;
    let started = runtime
        .resume(ResumeRequest {
            session_id: session_id.clone(),
            target_url: None,
            out_dir: OutDir::Exact(dir.path().join("resumed")),
            browser: None,
            safety: SafetyOptions::default(),
            answerer: answers(&[("내보내기", "defect")]),
            secrets: Default::default(),
            engine: specwright_runtime::EngineChoice::Offline,
            forget: Vec::new(),
        })
        .await
        .unwrap();
    let events = events_until_terminal(&runtime, &session_id, after).await;
    runtime.wait(&started.run_id).await;
    // Never a pass, never a guess: the run ends with the defect said in words.
    match only_terminal(&events) {
        Event::Error { message, .. } => {
            let message = specwright_catalog::render(message, specwright_catalog::Locale::Ko);
            assert!(message.contains("'내보내기' 요소 2개 중") && message.contains("결함으로 기록"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert!(!events.iter().any(|e| matches!(e.event, Event::TrialDone { passed: true, .. })));
}

fn answer_of(provenance: &Provenance) -> &str {
    match provenance {
        Provenance::Answer { answer, .. } => answer,
        _ => "",
    }
}

fn html_escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

const DELETE_SPEC: &str =
    "# 삭제\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
    3. '비밀번호' 필드에 'demo1234'를 입력한다.\n4. '로그인' 버튼을 클릭한다.\n5. '상품 관리' 링크를 클릭한다.\n\
    6. '기계식 키보드 삭제' 버튼을 클릭한다.\n7. '삭제 확인' 대화상자가 표시되는지 확인한다.\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_destructive_step_waits_for_confirmation_runs_once_approved_and_stops_when_refused() {
    let (runtime, session_id, events, _dir) = run_spec(DELETE_SPEC).await;
    let question = waiting_question(&events);
    assert_eq!(question.kind, QuestionKind::Confirm);
    assert!(en(&question.why).contains("needs your confirmation"), "{question:?}");
    let asked = events
        .iter()
        .any(|e| matches!(&e.event, Event::ConfirmRequested { action, .. } if action.contains("기계식 키보드 삭제")));
    assert!(asked, "a confirm.requested event names the step");
    // Nothing was clicked: the step was held before acting.
    let clicked_delete = events
        .iter()
        .any(|e| matches!(&e.event, Event::ToolCall { tool, summary, .. } if tool == "browser.click" && summary.key().contains("삭제")));
    assert!(!clicked_delete);
    assert_eq!(runtime.store().session(&session_id).unwrap().status, SessionStatus::Waiting);

    let (_runtime, _id, events, _dir) =
        run_spec_with(DELETE_SPEC, SafetyOptions::default(), answers(&[("삭제", "no")])).await;
    match only_terminal(&events) {
        Event::Error { code, message } => {
            assert_eq!(code, "confirmation_required");
            // The line and what is at stake, in the reader's language only.
            let ko = specwright_catalog::render(message, specwright_catalog::Locale::Ko);
            let en = specwright_catalog::render(message, specwright_catalog::Locale::En);
            assert!(
                ko.starts_with("8행") && ko.contains("데이터를 바꾸거나 지울 수 있습니다") && !ko.contains("data"),
                "{ko}"
            );
            assert!(en.starts_with("Line 8") && en.contains("may change or delete data") && !en.contains("행"), "{en}");
        }
        other => panic!("{other:?}"),
    }

    let (_runtime, _id, events, _dir) =
        run_spec_with(DELETE_SPEC, SafetyOptions::default(), answers(&[("삭제", "yes")])).await;
    assert!(matches!(only_terminal(&events), Event::SessionCompleted { .. }), "{:?}", events.last());
    let approved = SafetyOptions { allow_risky: true, ..SafetyOptions::default() };
    let (_runtime, _id, events, _dir) = run_spec_with(DELETE_SPEC, approved, Box::new(NoAnswers)).await;
    assert!(matches!(only_terminal(&events), Event::SessionCompleted { .. }), "{:?}", events.last());
    assert!(!events.iter().any(|e| matches!(e.event, Event::QuestionAsked { .. })), "pre-approved: no question");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaving_the_target_origin_needs_confirmation() {
    let spec = "# 이동\n\n1. '/login' 페이지로 이동한다.\n2. 'http://127.0.0.1:9/admin' 페이지로 이동한다.\n";
    let (_runtime, _id, events, _dir) = run_spec(spec).await;
    let question = waiting_question(&events);
    assert_eq!(question.kind, QuestionKind::Confirm);
    assert!(en(&question.why).contains("http://127.0.0.1:9/admin is outside the allowed origins"), "{question:?}");
}

/// Holds the run at its first question until the session's spec has every vector, so the
/// test sees embedding finish while the run is in the middle of its work; then answers nothing.
struct WaitsForVectors {
    store: Arc<specwright_store::Store>,
    saw_complete: Arc<std::sync::atomic::AtomicBool>,
}

impl Answerer for WaitsForVectors {
    fn answer(&mut self, _question: &Question) -> Option<specwright_rails::Answer> {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
        while std::time::Instant::now() < deadline {
            let sessions = self.store.sessions().unwrap();
            let complete = self.store.events(&sessions[0].id, 0).unwrap().iter().any(|e| {
                matches!(e.event, Event::IngestProgress {
                    stage: specwright_protocol::IngestStage::Embedding, chunks, embedded, ..
                } if embedded == chunks)
            });
            if complete {
                self.saw_complete.store(true, std::sync::atomic::Ordering::SeqCst);
                return None;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        None
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_embeds_its_specs_beside_the_run_and_search_cites_them() {
    // Line 6 leaves the app's origin: the run stops there to ask, in the middle of exploring.
    let spec = "# 상품 등록\n\n## 로그인\n\n1. '/login' 페이지로 이동한다.\n2. 'http://127.0.0.1:9/admin' 페이지로 이동한다.\n\n## 규칙\n\n가격이 0 이하이면 \"가격은 0보다 커야 합니다.\"를 표시한다.\n";
    let dir = tempfile::tempdir().unwrap();
    let runtime = open(dir.path());
    let app = specwright_tests::demo_app(&[]).await;
    let saw_complete = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let answerer = WaitsForVectors { store: Arc::clone(runtime.store()), saw_complete: Arc::clone(&saw_complete) };
    let started = runtime
        .start_session(SessionRequest {
            answerer: Box::new(answerer),
            ..specwright_tests::session_request(
                vec![specwright_intake::parse("spec.md", spec.as_bytes()).unwrap()],
                app.url(),
                &dir.path().join("out"),
            )
        })
        .await
        .unwrap();
    let events = events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    waiting_question(&events);
    assert!(saw_complete.load(std::sync::atomic::Ordering::SeqCst), "the vectors were all made while the run waited");

    let position = |pred: &dyn Fn(&Event) -> bool| events.iter().position(|e| pred(&e.event));
    use specwright_protocol::IngestStage::*;
    let stages: Vec<_> = events
        .iter()
        .filter_map(|e| match &e.event {
            Event::IngestProgress { stage, .. } => Some(*stage),
            _ => None,
        })
        .collect();
    assert_eq!(&stages[..2], &[Parsed, Chunked], "{stages:?}");
    assert_eq!(stages.last(), Some(&Embedding), "{stages:?}");
    // The run went on once the chunks were stored: every vector came after `ingest.done`.
    let done = position(&|e| matches!(e, Event::IngestDone { .. })).expect("one ingest.done");
    let first_vectors =
        position(&|e| matches!(e, Event::IngestProgress { stage: Embedding, .. })).expect("embedding progress");
    assert!(done < first_vectors, "ingest.done at {done}, first vectors at {first_vectors}");
    match &events[done].event {
        Event::IngestDone { chunks, semantic, .. } => assert!(*chunks >= 2 && *semantic, "{:?}", events[done]),
        _ => unreachable!(),
    }

    let knowledge = runtime.knowledge();
    let coverage = knowledge.coverage(&started.session_id).unwrap();
    assert!(coverage.complete() && coverage.total >= 2, "{coverage:?}");
    for mode in [specwright_knowledge::SearchMode::Semantic, specwright_knowledge::SearchMode::Hybrid] {
        let hits = knowledge.search(&started.session_id, "가격 제한 안내 문구", mode, 2).unwrap();
        assert_eq!(hits[0].citation.document, "spec.md");
        assert!(hits[0].citation.quote.contains("가격은 0보다 커야 합니다"), "{mode:?}: {hits:?}");
        assert_eq!(hits[0].citation.line, 10);
    }
}

/// A question's words as an English reader sees them.
fn en(text: &specwright_protocol::Text) -> String {
    specwright_catalog::render(text, specwright_catalog::Locale::En)
}

/// A label as both languages show it.
fn both(text: &specwright_protocol::Text) -> String {
    specwright_catalog::both_languages(text)
}

/// A file system of `bytes` (tmpfs), unmounted when dropped: a disk that can fill up.
struct SmallDisk(tempfile::TempDir);

impl SmallDisk {
    fn new(bytes: u64) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let status = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={bytes}"), "tmpfs"])
            .arg(dir.path())
            .status()
            .unwrap();
        assert!(status.success(), "a tmpfs mounts here (the tests run as root)");
        SmallDisk(dir)
    }

    /// Writes until nothing more fits.
    fn fill(&self) {
        use std::io::Write;
        let mut file = std::fs::File::create(self.0.path().join("filler")).unwrap();
        let chunk = vec![0u8; 64 * 1024];
        while file.write_all(&chunk).and_then(|()| file.flush()).is_ok() {}
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg("-l").arg(self.0.path()).status();
    }
}

/// The data folder's disk fills up mid-run: the run cannot record its end, and still ends at
/// once for whoever follows it, with a sentence saying why (main waited forever for an end the
/// log could not take).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_ends_the_run_for_its_followers_with_a_clear_error() {
    let disk = SmallDisk::new(32 * 1024 * 1024);
    let runtime = open(disk.0.path());
    let app = specwright_tests::demo_app(&[]).await;
    let spec = "# 로그인\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
                3. '비밀번호' 필드에 'demo1234'를 입력한다.\n4. '로그인' 버튼을 클릭한다.\n5. '대시보드'가 보이는지 확인한다.\n";
    let document = specwright_intake::parse("spec.md", spec.as_bytes()).unwrap();
    let out = tempfile::tempdir().unwrap();
    let started =
        runtime.start_session(specwright_tests::session_request(vec![document], app.url(), out.path())).await.unwrap();
    let mut events = runtime.store().subscribe(&started.session_id, 0).unwrap();
    let began = std::time::Instant::now();
    let terminal = tokio::time::timeout(std::time::Duration::from_secs(120), async {
        loop {
            let envelope = events.next().await.unwrap().expect("the store is open");
            if matches!(envelope.event, Event::SessionStarted { .. }) {
                disk.fill();
            }
            if envelope.event.is_terminal() {
                return envelope.event;
            }
        }
    })
    .await
    .expect("the run's end reached its follower");
    tokio::time::timeout(std::time::Duration::from_secs(30), runtime.wait(&started.run_id))
        .await
        .expect("the run ended");
    let Event::Error { code, message } = terminal else { panic!("an error ends the run: {terminal:?}") };
    let said = specwright_api::render(&message, specwright_api::Locale::En);
    assert_eq!(code, "storage_failed", "{said}");
    assert!(said.contains("disk space"), "the sentence says what to do: {said}");
    println!("ended {:?} after the start: {said}", began.elapsed());
}
