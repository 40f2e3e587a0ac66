//! A whole LLM-engine session through the real `async-openai` client against the scripted
//! OpenAI-protocol server and the real demo app in Chromium: the model streams text, calls tools
//! (in parallel, once with a wrong name and once with broken JSON, both answered back as tool
//! errors), is rate-limited once, asks a question that an answers file answers, submits, and
//! the scenario is trial-run and exported. The password never reaches the model.

use regex::Regex;
use serde_json::{json, Value};
use specwright_browser::Secrets;
use specwright_llm::mock::{Fault, MockServer, Reply, Step};
use specwright_llm::LlmConfig;
use specwright_protocol::{Event, QuestionKind};
use specwright_runtime::{Answers, EngineChoice, OutDir, Rule, Runtime, SessionRequest};
use specwright_scenario::{Action, Provenance, Value as StepValue};
use specwright_store::{SequentialIds, SystemClock};
use specwright_tests::events_until_terminal;
use std::sync::Arc;
use std::time::Duration;

const SPEC: &str = "# 로그인\n\n1. '/login' 페이지에서 운영자 'ada@example.com' 계정과 비밀번호로 로그인한다.\n2. '대시보드' 제목이 보여야 한다.\n";
const PASSWORD: &str = "demo1234";

/// The ref of the element with this role and name in the latest page the client sent.
fn ref_of(body: &Value, role: &str, name: &str) -> String {
    let page = body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .filter_map(|m| m["content"].as_str())
        .find(|c| c.starts_with("<page"))
        .expect("a snapshot was sent");
    let reference = Regex::new(r"\[(?:ref=)?(f?\d*e\d+)\]").unwrap();
    page.lines()
        .filter(|l| l.contains(role) && l.contains(name))
        .find_map(|l| reference.captures(l).map(|c| c[1].to_string()))
        .unwrap_or_else(|| panic!("no {role} {name} in:\n{page}"))
}

fn call(name: &str, args: Value) -> (String, String) {
    (name.to_string(), args.to_string())
}

fn respond(f: impl Fn(&Value) -> Reply + Send + Sync + 'static) -> Step {
    Step::Respond(Arc::new(f))
}

fn script() -> Vec<Step> {
    let cite = "spec.md#L3";
    vec![
        Step::Reply(Reply::TextThenTools(
            "로그인 화면부터 확인하겠습니다. ".into(),
            vec![
                call("search_documents", json!({"query": "로그인 계정"})),
                call(
                    "browser_navigate",
                    json!({"url": "/login", "intent": "'/login' 페이지로 이동한다", "cite": cite}),
                ),
            ],
        )),
        Step::Reply(Reply::ToolCalls(vec![call("browser_snapshot", json!({}))])),
        // The server is busy once: the client retries, the person sees "retrying".
        Step::Fault(Fault::Status(429)),
        respond(move |body| {
            Reply::ToolCalls(vec![
                call(
                    "browser_fill",
                    json!({"ref": ref_of(body, "textbox", "이메일"), "value": "ada@example.com",
                           "intent": "'이메일' 필드에 'ada@example.com'을 입력한다", "cite": cite}),
                ),
                call(
                    "browser_fill",
                    json!({"ref": ref_of(body, "textbox", "비밀번호"), "value": "{{secret.PASSWORD}}",
                           "intent": "'비밀번호' 필드에 비밀번호를 입력한다", "cite": cite}),
                ),
            ])
        }),
        Step::Reply(Reply::ToolCalls(vec![call(
            "propose_options",
            json!({"question": "어떤 계정 유형으로 확인할까요?", "options": ["운영자", "게스트"],
                   "why": "기획서에 계정 유형이 없습니다."}),
        )])),
        respond(move |body| {
            Reply::ToolCalls(vec![
                ("browser_clik".into(), json!({"ref": "e1"}).to_string()),
                ("browser_click".into(), "{\"ref\": ".into()),
                call(
                    "browser_click",
                    json!({"ref": ref_of(body, "button", "로그인"), "intent": "'로그인' 버튼을 클릭한다", "cite": cite}),
                ),
            ])
        }),
        // Submitting before any check: the review sends it back.
        Step::Reply(Reply::ToolCalls(vec![call("submit_scenario", json!({"title": "운영자 로그인"}))])),
        Step::Reply(Reply::ToolCalls(vec![call("browser_snapshot", json!({}))])),
        respond(|body| {
            // Headings carry no ref: the check names it as the snapshot shows it.
            let page = body.to_string();
            assert!(page.contains("heading 대시보드"), "{page}");
            Reply::ToolCalls(vec![call(
                "expect_visible",
                json!({"role": "heading", "name": "대시보드", "intent": "'대시보드' 제목이 보인다", "cite": "spec.md#L4"}),
            )])
        }),
        Step::Reply(Reply::TextThenTools(
            "로그인 시나리오를 제출합니다.".into(),
            vec![call("submit_scenario", json!({"title": "운영자 로그인"}))],
        )),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_llm_session_drives_the_demo_app_asks_once_and_submits_a_cited_scenario() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let app = specwright_tests::demo_app(&[]).await;
    let server = MockServer::start(script()).await.unwrap();
    let mut config = LlmConfig::new(server.url(), "gpt-4o-mini");
    config.backoff_base = Duration::from_millis(10);
    config.idle_timeout = Duration::from_secs(20);
    let mut secrets = Secrets::default();
    secrets.insert("PASSWORD", PASSWORD);
    let rules = vec![Rule { when: Regex::new("계정 유형").unwrap(), answer: "1".into() }];
    let started = runtime
        .start_session(SessionRequest {
            answerer: Box::new(Answers::new(rules, secrets.clone())),
            secrets,
            engine: EngineChoice::Llm(config),
            ..specwright_tests::session_request(
                vec![specwright_intake::parse("spec.md", SPEC.as_bytes()).unwrap()],
                app.url(),
                &dir.path().join("out"),
            )
        })
        .await
        .unwrap();
    let events = events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    let last = &events.last().unwrap().event;
    assert!(matches!(last, Event::SessionCompleted { .. }), "{last:?}");
    assert_eq!(server.steps_left(), 0, "the whole script was used");

    let count = |f: &dyn Fn(&Event) -> bool| events.iter().filter(|e| f(&e.event)).count();
    assert!(count(&|e| matches!(e, Event::MessageDelta { .. })) > 3, "streamed text");
    assert_eq!(count(&|e| matches!(e, Event::Usage { .. })), 9, "one usage event per answered model call");
    assert_eq!(
        count(
            &|e| matches!(e, Event::ReviewFindings { findings } if findings.iter().any(|f| f.code == "no_assertion"))
        ),
        1
    );
    assert_eq!(count(&|e| matches!(e, Event::LlmRetrying { .. })), 1);
    assert!(!events.iter().any(|e| matches!(&e.event, Event::Error { .. })), "a retry is not an error");
    let asked = events.iter().find_map(|e| match &e.event {
        Event::QuestionAsked { question } => Some(question.clone()),
        _ => None,
    });
    let asked = asked.expect("propose_options became a question");
    assert_eq!(asked.kind, QuestionKind::Choice);
    assert_eq!(asked.options.len(), 2);
    assert_eq!(count(&|e| matches!(e, Event::TrialDone { passed: true, .. })), 1);

    // The scenario: every step cited, the password a secret variable.
    let scenario = runtime.store().latest_scenario(&started.session_id).unwrap().unwrap();
    assert_eq!(scenario.title, "운영자 로그인");
    let kinds: Vec<&str> = scenario.steps.iter().map(|s| s.action.name()).collect();
    assert_eq!(kinds, vec!["goto", "goto", "fill", "fill", "click", "expect"], "{kinds:?}");
    assert!(scenario.steps[1..]
        .iter()
        .all(|s| matches!(&s.provenance, Provenance::Spec { citation } if citation.document == "spec.md")));
    assert!(
        matches!(&scenario.steps[3].action, Action::Fill { value: StepValue::Secret { name }, .. } if name == "PASSWORD")
    );

    // What the model was told back: its mistakes, as tool errors it can correct.
    let requests = server.requests();
    let after_bad_calls = requests.last().unwrap().to_string();
    assert!(after_bad_calls.contains("there is no tool named browser_clik"), "{after_bad_calls}");
    assert!(after_bad_calls.contains("not valid JSON"), "{after_bad_calls}");
    assert!(after_bad_calls.contains("The person chose: 운영자"), "{after_bad_calls}");
    assert!(after_bad_calls.contains("The review sent the scenario back"), "{after_bad_calls}");
    // The document search answered with citable lines.
    assert!(after_bad_calls.contains("<document-hits>\\n- cite spec.md#L"), "{after_bad_calls}");
    // Documents and pages are fenced as data; older snapshots are replaced.
    let opening = requests[0]["messages"][1]["content"].as_str().unwrap();
    assert!(opening.contains("<document name=\"spec.md\">"), "{opening}");
    // The case file the Clerk wrote: facts with their lines, nothing left to ask.
    assert!(opening.contains("Role: 운영자 (spec.md") && opening.contains("EntryScreen: /login"), "{opening}");
    assert!(after_bad_calls.contains("an older snapshot, replaced"), "{after_bad_calls}");

    // The secret never reached the model, the event log or the exports.
    for body in &requests {
        assert!(!body.to_string().contains(PASSWORD), "a request carried the password");
    }
    let log = serde_json::to_string(&runtime.store().events(&started.session_id, 0).unwrap()).unwrap();
    assert!(!log.contains(PASSWORD));
    let spec_ts = std::fs::read_to_string(dir.path().join("out/scenario.spec.ts")).unwrap();
    assert!(!spec_ts.contains(PASSWORD), "{spec_ts}");
    assert!(spec_ts.contains("secret('PASSWORD')"), "{spec_ts}");
}

/// The run stops at a question nobody answers (`session.waiting`); the resume continues the
/// saved conversation (the model is not asked to start over) and replays the steps so far in
/// a fresh browser before going on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_waiting_llm_session_resumes_its_conversation_from_the_checkpoint() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let app = specwright_tests::demo_app(&[]).await;
    let full = script();
    // Up to and including the question; the 429 is left out.
    let first: Vec<Step> = full.iter().take(5).filter(|s| !matches!(s, Step::Fault(_))).cloned().collect();
    let server = MockServer::start(first).await.unwrap();
    let config = || {
        let mut config = LlmConfig::new(server.url(), "gpt-4o-mini");
        config.backoff_base = Duration::from_millis(10);
        config
    };
    let mut secrets = Secrets::default();
    secrets.insert("PASSWORD", PASSWORD);
    let started = runtime
        .start_session(SessionRequest {
            secrets: secrets.clone(),
            engine: EngineChoice::Llm(config()),
            ..specwright_tests::session_request(
                vec![specwright_intake::parse("spec.md", SPEC.as_bytes()).unwrap()],
                app.url(),
                &dir.path().join("out"),
            )
        })
        .await
        .unwrap();
    let events = events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionWaiting { .. }), "{:?}", events.last());
    let asked_before = server.requests().len();
    assert_eq!(asked_before, 4);

    // The model asks again from where it was (the question turn was not saved), then goes on.
    server.push(full.into_iter().skip(4));
    let after = runtime.store().session(&started.session_id).unwrap().last_seq;
    let rules = vec![Rule { when: Regex::new("계정 유형").unwrap(), answer: "2".into() }];
    let resumed = runtime
        .resume(specwright_runtime::ResumeRequest {
            session_id: started.session_id.clone(),
            target_url: None,
            out_dir: OutDir::Exact(dir.path().join("out")),
            browser: None,
            safety: Default::default(),
            answerer: Box::new(Answers::new(rules, secrets.clone())),
            secrets,
            engine: EngineChoice::Llm(config()),
            forget: Vec::new(),
        })
        .await
        .unwrap();
    let events = events_until_terminal(&runtime, &started.session_id, after).await;
    runtime.wait(&resumed.run_id).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let requests = server.requests();
    let first_after_resume = &requests[asked_before];
    let turns = first_after_resume["messages"].as_array().unwrap().len();
    assert!(turns > 6, "the conversation went on ({turns} messages), it did not start over");
    assert!(requests.last().unwrap().to_string().contains("The person chose: 게스트"));
    let scenario = runtime.store().latest_scenario(&started.session_id).unwrap().unwrap();
    let kinds: Vec<&str> = scenario.steps.iter().map(|s| s.action.name()).collect();
    assert_eq!(kinds, vec!["goto", "goto", "fill", "fill", "click", "expect"], "{kinds:?}");
    assert!(runtime.store().checkpoint(&started.session_id).unwrap().is_none(), "cleared once completed");
    let all = runtime.store().events(&started.session_id, 0).unwrap();
    let seqs: Vec<u32> = all.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, (1..=all.len() as u32).collect::<Vec<_>>(), "gap-free across both runs");
}

// No role is named: the Planner asks which one before the model starts.
const DELETE_SPEC: &str = "# 상품 삭제\n\n1. '/login' 페이지에서 'ada@example.com' 계정과 비밀번호로 로그인한다.\n2. '/items' 상품 목록에서 상품을 하나 삭제한다.\n3. '상품 목록' 제목이 보여야 한다.\n";

/// The ref of a button inside the open dialog of the latest page the client sent.
fn dialog_button(body: &Value, name: &str) -> String {
    let page = body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .filter_map(|m| m["content"].as_str())
        .find(|c| c.starts_with("<page"))
        .expect("a snapshot was sent");
    let reference = Regex::new(r"\[(?:ref=)?(f?\d*e\d+)\]").unwrap();
    page.lines()
        .skip_while(|l| !l.contains("dialog"))
        .filter(|l| l.contains("button") && l.contains(name))
        .find_map(|l| reference.captures(l).map(|c| c[1].to_string()))
        .unwrap_or_else(|| panic!("no dialog button {name} in:\n{page}"))
}

/// The question id the last tool result told the model to cite.
fn approval(body: &Value) -> String {
    let text = body.to_string();
    let id = Regex::new(r"cite it as `answer:([^`]+)`").unwrap();
    id.captures_iter(&text).last().map(|c| c[1].to_string()).expect("an approval was given")
}

fn delete_script() -> Vec<Step> {
    let login = "spec.md#L3";
    let delete = "spec.md#L4";
    vec![
        Step::Reply(Reply::ToolCalls(vec![call(
            "browser_navigate",
            json!({"url": "/login", "intent": "'/login' 페이지로 이동한다", "cite": login}),
        )])),
        Step::Reply(Reply::ToolCalls(vec![call("browser_snapshot", json!({}))])),
        respond(move |body| {
            Reply::ToolCalls(vec![
                call(
                    "browser_fill",
                    json!({"ref": ref_of(body, "textbox", "이메일"), "value": "ada@example.com",
                           "intent": "'이메일' 필드에 'ada@example.com'을 입력한다", "cite": login}),
                ),
                call(
                    "browser_fill",
                    json!({"ref": ref_of(body, "textbox", "비밀번호"), "value": "{{secret.PASSWORD}}",
                           "intent": "'비밀번호' 필드에 비밀번호를 입력한다", "cite": login}),
                ),
                call(
                    "browser_click",
                    json!({"ref": ref_of(body, "button", "로그인"), "intent": "'로그인' 버튼을 클릭한다", "cite": login}),
                ),
            ])
        }),
        Step::Reply(Reply::ToolCalls(vec![call(
            "browser_navigate",
            json!({"url": "/items", "intent": "상품 목록으로 이동한다", "cite": delete}),
        )])),
        // The draft so far replayed from a fresh browser, before anything risky is in it.
        Step::Reply(Reply::ToolCalls(vec![call("run_trial", json!({}))])),
        Step::Reply(Reply::ToolCalls(vec![call(
            "confirm_action",
            json!({"action": "'기계식 키보드' 상품을 삭제한다", "why": "상품이 목록에서 영구히 지워집니다."}),
        )])),
        Step::Reply(Reply::ToolCalls(vec![call("browser_snapshot", json!({}))])),
        respond(move |body| {
            Reply::ToolCalls(vec![call(
                "browser_click",
                json!({"ref": ref_of(body, "button", "기계식 키보드 삭제"),
                       "intent": "'기계식 키보드' 행의 '삭제' 버튼을 클릭한다", "cite": format!("answer:{}", approval(body))}),
            )])
        }),
        Step::Reply(Reply::ToolCalls(vec![call("browser_snapshot", json!({}))])),
        respond(move |body| {
            Reply::ToolCalls(vec![call(
                "browser_click",
                json!({"ref": dialog_button(body, "삭제"),
                       "intent": "확인 대화상자의 '삭제' 버튼을 클릭한다", "cite": format!("answer:{}", approval(body))}),
            )])
        }),
        // A second deletion the documents do not ask for: the person refuses it.
        Step::Reply(Reply::ToolCalls(vec![call(
            "confirm_action",
            json!({"action": "'27인치 모니터' 상품도 삭제한다", "why": "상품이 목록에서 영구히 지워집니다."}),
        )])),
        Step::Reply(Reply::ToolCalls(vec![
            call("record_assumption", json!({"text": "'27인치 모니터'는 삭제하지 않는다(사용자가 거절)."})),
            call(
                "expect_visible",
                json!({"role": "heading", "name": "상품 목록", "intent": "'상품 목록' 제목이 보인다", "cite": "spec.md#L5"}),
            ),
        ])),
        // Once the draft deletes, a draft trial would delete again on the application: refused.
        Step::Reply(Reply::ToolCalls(vec![call("run_trial", json!({}))])),
        Step::Reply(Reply::ToolCalls(vec![call("submit_scenario", json!({"title": "상품 삭제"}))])),
    ]
}

/// A pre-flight question first (the documents name no role); then `confirm_action` before a
/// deletion: approved once (the delete button and the dialog's delete, both citing the
/// approval, then run without a second question), refused once (the model leaves it out and
/// records that); `run_trial` replays the draft from a fresh browser before anything risky is
/// in it, and is refused once the draft deletes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_preflight_answer_then_a_risky_action_confirmed_another_refused_and_a_draft_trial() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let app = specwright_tests::demo_app(&[]).await;
    let server = MockServer::start(delete_script()).await.unwrap();
    let mut config = LlmConfig::new(server.url(), "gpt-4o-mini");
    config.backoff_base = Duration::from_millis(10);
    config.idle_timeout = Duration::from_secs(20);
    let mut secrets = Secrets::default();
    secrets.insert("PASSWORD", PASSWORD);
    let rules = vec![
        Rule { when: Regex::new("기계식 키보드").unwrap(), answer: "yes".into() },
        Rule { when: Regex::new("27인치 모니터").unwrap(), answer: "no".into() },
        Rule { when: Regex::new("역할").unwrap(), answer: "1".into() },
    ];
    let started = runtime
        .start_session(SessionRequest {
            answerer: Box::new(Answers::new(rules, secrets.clone())),
            secrets,
            engine: EngineChoice::Llm(config),
            ..specwright_tests::session_request(
                vec![specwright_intake::parse("spec.md", DELETE_SPEC.as_bytes()).unwrap()],
                app.url(),
                &dir.path().join("out"),
            )
        })
        .await
        .unwrap();
    let events = events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    let last = &events.last().unwrap().event;
    assert!(matches!(last, Event::SessionCompleted { .. }), "{last:?}");
    assert_eq!(server.steps_left(), 0, "the whole script was used");

    // The pre-flight question came before the model's first call, and its answer is in the brief.
    let preflight = events.iter().find_map(|e| match &e.event {
        Event::QuestionAsked { question } if question.id.starts_with("preflight") => Some(question.clone()),
        _ => None,
    });
    let preflight = preflight.expect("the missing role was asked");
    assert_eq!((preflight.kind, preflight.options.len()), (QuestionKind::Choice, 3));
    let opening = server.requests()[0]["messages"][1]["content"].as_str().unwrap().to_string();
    assert!(opening.contains("operator") && opening.contains("the person's answer"), "{opening}");

    // Exactly the two questions the model asked: the approved deletion did not ask again.
    let confirms: Vec<String> = events
        .iter()
        .filter_map(|e| match &e.event {
            Event::QuestionAsked { question } if question.kind == QuestionKind::Confirm => {
                Some(specwright_catalog::render(&question.text, specwright_catalog::Locale::Ko))
            }
            _ => None,
        })
        .collect();
    assert_eq!(confirms.len(), 2, "{confirms:?}");
    assert!(confirms[0].contains("기계식 키보드") && confirms[1].contains("27인치 모니터"), "{confirms:?}");
    let trials: Vec<(String, bool)> = events
        .iter()
        .filter_map(|e| match &e.event {
            Event::TrialDone { trial_id, passed, .. } => Some((trial_id.clone(), *passed)),
            _ => None,
        })
        .collect();
    assert_eq!(trials.len(), 2, "the draft trial and the final one: {trials:?}");
    assert_eq!(trials[0], ("draft-1".to_string(), true));
    assert!(trials[1].1);

    let requests = server.requests();
    let told = requests.last().unwrap().to_string();
    assert!(told.contains("The person refused"), "{told}");
    assert!(told.contains("The trial passed: all 6 steps ran from a fresh browser"), "{told}");
    assert!(told.contains("the draft has steps that delete"), "{told}");

    let scenario = runtime.store().latest_scenario(&started.session_id).unwrap().unwrap();
    let kinds: Vec<&str> = scenario.steps.iter().map(|s| s.action.name()).collect();
    assert_eq!(kinds, vec!["goto", "goto", "fill", "fill", "click", "goto", "click", "click", "expect"], "{kinds:?}");
    for step in &scenario.steps[6..8] {
        assert!(
            matches!(&step.provenance, Provenance::Answer { answer, .. } if answer == "yes"),
            "the deletion cites the approval: {:?}",
            step.provenance
        );
    }
    assert!(scenario.assumptions.iter().any(|a| a.text.contains("27인치 모니터")), "{:?}", scenario.assumptions);
    let spec_ts = std::fs::read_to_string(dir.path().join("out/scenario.spec.ts")).unwrap();
    assert!(spec_ts.contains("기계식 키보드 삭제"), "{spec_ts}");
}

/// Runs the login spec on the demo app with this scripted model to the terminal event.
async fn run_scripted(server: &MockServer, dir: &std::path::Path) -> (Arc<Runtime>, String, Vec<Event>) {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let runtime = Runtime::open(dir, Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let app = specwright_tests::demo_app(&[]).await;
    let mut config = LlmConfig::new(server.url(), "tiny-local-model");
    config.backoff_base = Duration::from_millis(10);
    config.idle_timeout = Duration::from_secs(20);
    let mut secrets = Secrets::default();
    secrets.insert("PASSWORD", PASSWORD);
    let started = runtime
        .start_session(SessionRequest {
            answerer: Box::new(Answers::new(Vec::new(), secrets.clone())),
            secrets,
            engine: EngineChoice::Llm(config),
            ..specwright_tests::session_request(
                vec![specwright_intake::parse("spec.md", SPEC.as_bytes()).unwrap()],
                app.url(),
                &dir.join("out"),
            )
        })
        .await
        .unwrap();
    let events = events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    (runtime, started.session_id, events.into_iter().map(|e| e.event).collect())
}

fn error_of(events: &[Event]) -> (String, String) {
    match events.last() {
        Some(Event::Error { code, message }) => {
            (code.clone(), specwright_catalog::render(message, specwright_catalog::Locale::En))
        }
        other => panic!("the session did not end with an error: {other:?}"),
    }
}

/// A model that answers in words and never calls a tool: one nudge, and after three such turns
/// the session ends with a sentence that names the model and what to choose instead; the draft
/// is checkpointed, so the session resumes with another model. Never a loop to the limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_model_that_never_calls_a_tool_ends_in_three_turns_with_advice() {
    let words = || Step::Reply(Reply::Text("I will now log in to the application as the operator.".into()));
    let server = MockServer::start(vec![words(), words(), words(), words(), words()]).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (runtime, session_id, events) = run_scripted(&server, dir.path()).await;
    let (code, message) = error_of(&events);
    assert_eq!(code, "llm_no_progress");
    assert!(message.contains("tiny-local-model did not call any tool in 3 turns"), "{message}");
    assert!(message.contains("offline engine"), "{message}");
    let requests = server.requests();
    assert_eq!(requests.len(), 3, "three turns, not the iteration limit");
    let second = requests[1]["messages"].to_string();
    assert!(second.contains("You answered without calling a tool"), "one corrective nudge: {second}");
    let nudges = requests[2]["messages"].to_string().matches("You answered without calling a tool").count();
    assert_eq!(nudges, 1, "one corrective nudge, then a short reminder");
    assert_eq!(server.probes(), 1, "the model was probed once, before the session");
    let checkpoint = runtime.store().checkpoint(&session_id).unwrap();
    assert!(checkpoint.is_some_and(|(node, _)| node == "agent"), "the draft is kept for a resume");
}

/// Calls a model wrote as text (its server's template did not parse them) are calls; the same
/// call with the same arguments again and again ends the session, naming the call.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_written_as_text_are_calls_and_a_repeated_call_ends_with_its_name() {
    let written = |text: &str| Step::Reply(Reply::Text(text.into()));
    let server = MockServer::start(vec![
        written("I will look at the page.\n```json\n{\"name\": \"browser_snapshot\", \"arguments\": {}}\n```"),
        written("<tool_call>\n{\"name\": \"browser_snapshot\", \"arguments\": {}}\n</tool_call>"),
        written("{\"name\": \"browser_snapshot\", \"arguments\": {}}"),
        written("{\"name\": \"browser_snapshot\", \"arguments\": {}}"),
        written("{\"name\": \"browser_snapshot\", \"arguments\": {}}"),
    ])
    .await
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (_runtime, _session_id, events) = run_scripted(&server, dir.path()).await;
    let (code, message) = error_of(&events);
    assert_eq!(code, "llm_no_progress");
    assert!(message.contains("made the same call (browser_snapshot)"), "{message}");
    let requests = server.requests();
    assert_eq!(requests.len(), 4, "the first call, then three repeats");
    // The written call ran: the next request carries the page it saw.
    let second = requests[1]["messages"].to_string();
    assert!(second.contains("<page"), "the snapshot was taken: {second}");
    assert!(requests[2]["messages"].to_string().contains("same arguments"), "the nudge");
}

/// A model that does not call tools at all is refused before the browser opens.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_model_without_tool_calling_is_refused_before_the_session() {
    let server = MockServer::start(vec![Step::Reply(Reply::Text("never asked".into()))]).await.unwrap();
    server.without_tool_calls();
    let dir = tempfile::tempdir().unwrap();
    let (_runtime, _session_id, events) = run_scripted(&server, dir.path()).await;
    let (code, message) = error_of(&events);
    assert_eq!(code, "llm_no_tools");
    assert!(message.contains("tiny-local-model does not call tools"), "{message}");
    assert_eq!(server.probes(), 1);
    assert!(server.requests().is_empty(), "no session turn was sent");
    assert!(!events.iter().any(|e| matches!(e, Event::MirrorFrame { .. })), "the browser never acted");
}

// A test crate's root resolves modules beside itself; its children live in a folder of its name.
#[path = "llm_session/conversation.rs"]
mod conversation;
