//! A person talking to a session the model builds, through the real client against the scripted
//! OpenAI-protocol server, on the demo app in real Chromium: each message is the model's next
//! turn (its words fenced as theirs, the scenario so far beside them, the citation its steps
//! carry), the steps it asked for cite it as said, a step leaves the scenario only when a
//! message names it, and a session starts from words alone with no document.

use super::*;
use specwright_protocol::{Envelope, SaidAs};
use specwright_runtime::{ResumeRequest, RunStarted, SafetyOptions};

fn config(server: &MockServer) -> LlmConfig {
    let mut config = LlmConfig::new(server.url(), "gpt-4o-mini");
    config.backoff_base = Duration::from_millis(10);
    config.idle_timeout = Duration::from_secs(20);
    config
}

fn secrets() -> Secrets {
    let mut secrets = Secrets::default();
    secrets.insert("PASSWORD", PASSWORD);
    secrets
}

fn continuing(session: &str, out: &std::path::Path, engine: EngineChoice) -> ResumeRequest {
    ResumeRequest {
        session_id: session.to_string(),
        target_url: None,
        out_dir: OutDir::Exact(out.to_path_buf()),
        browser: None,
        safety: SafetyOptions::default(),
        answerer: Box::new(specwright_rails::NoAnswers),
        secrets: secrets(),
        engine,
        forget: Vec::new(),
    }
}

async fn said(runtime: &Arc<Runtime>, request: ResumeRequest, words: &str) -> (RunStarted, Vec<Envelope>) {
    let after = runtime.store().session(&request.session_id).unwrap().last_seq;
    let session = request.session_id.clone();
    let started = runtime.say(request, words, "window").await.unwrap();
    let events = events_until_terminal(runtime, &session, after).await;
    runtime.wait(&started.run_id).await;
    (started, events)
}

/// The text of the last message the client sent as the person's (the turn a message became).
fn last_user_turn(body: &Value) -> String {
    body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|m| m["role"] == "user")
        .and_then(|m| m["content"].as_str())
        .unwrap_or_default()
        .to_string()
}

/// The citation the turn tells the model to use: `said:N`.
fn said_cite(body: &Value) -> String {
    let turn = last_user_turn(body);
    let cite = Regex::new(r"`(said:\d+)`").unwrap();
    cite.captures(&turn).map(|c| c[1].to_string()).unwrap_or_else(|| panic!("no said citation in:\n{turn}"))
}

/// The line of the latest page the client sent that holds `text`, as the snapshot writes it.
fn page_line(body: &Value, text: &str) -> String {
    let page = body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .filter_map(|m| m["content"].as_str())
        .find(|c| c.starts_with("<page"))
        .expect("a snapshot was sent");
    page.lines().find(|l| l.contains(text)).unwrap_or_else(|| panic!("no {text} in:\n{page}")).trim().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_model_built_session_takes_each_message_as_its_turn_and_cites_what_it_asked_for() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let app = specwright_tests::demo_app(&[]).await;
    let server =
        MockServer::start(script().into_iter().filter(|s| !matches!(s, Step::Fault(_))).collect()).await.unwrap();
    let rules = vec![Rule { when: Regex::new("계정 유형").unwrap(), answer: "1".into() }];
    let started = runtime
        .start_session(SessionRequest {
            answerer: Box::new(Answers::new(rules, secrets())),
            secrets: secrets(),
            engine: EngineChoice::Llm(config(&server)),
            ..specwright_tests::session_request(
                vec![specwright_intake::parse("spec.md", SPEC.as_bytes()).unwrap()],
                app.url(),
                &out,
            )
        })
        .await
        .unwrap();
    let events = events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let session = started.session_id.clone();
    let before = runtime.store().latest_scenario(&session).unwrap().unwrap();

    // Told with no model, a model's session says what it needs instead of guessing.
    let refused =
        runtime.say(continuing(&session, &out, EngineChoice::Offline), "환영 문구도 확인해 줘", "window").await;
    let error = refused.err().expect("refused without a model");
    assert!(format!("{error:?}").contains("invalid-said-model-session"), "{error:?}");

    // A check asked for in words: the model reads the words with the scenario so far, looks, checks.
    let asked = server.requests().len();
    server.push([
        respond(|body| {
            let turn = last_user_turn(body);
            assert!(turn.contains("<said seq=") && turn.contains("환영 문구도 보이는지 확인해 줘"), "{turn}");
            assert!(turn.contains("지금까지의 시나리오") && turn.contains("(spec.md#L3)"), "{turn}");
            assert!(turn.contains("'대시보드' 제목이 보인다 [expect]"), "{turn}");
            Reply::ToolCalls(vec![call("browser_snapshot", json!({}))])
        }),
        respond(|body| {
            let line = page_line(body, "환영합니다");
            let role = line.trim_start_matches("- ").split([' ', ':']).next().unwrap().to_string();
            Reply::ToolCalls(vec![call(
                "expect_visible",
                json!({"role": role, "name": "ada@example.com님, 환영합니다.",
                       "intent": "'환영합니다' 문구가 보인다", "cite": said_cite(body)}),
            )])
        }),
        Step::Reply(Reply::TextThenTools(
            "환영 문구 확인을 넣었습니다.".into(),
            vec![call("submit_scenario", json!({"title": "운영자 로그인"}))],
        )),
    ]);
    let (_, events) = said(
        &runtime,
        continuing(&session, &out, EngineChoice::Llm(config(&server))),
        "환영 문구도 보이는지 확인해 줘",
    )
    .await;
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    // The message was the run's first event, taken as the model's turn.
    assert!(
        matches!(&events[0].event, Event::UserSaid { taken: SaidAs::Turn, by, .. } if by == "window"),
        "{:?}",
        events[0]
    );
    assert_eq!(server.steps_left(), 0);
    // A finished session's conversation was not kept: the model starts from the scenario as it stands.
    let first = &server.requests()[asked];
    assert_eq!(first["messages"].as_array().unwrap().len(), 3, "system, documents, the message");
    let scenario = runtime.store().latest_scenario(&session).unwrap().unwrap();
    assert_eq!(scenario.id, before.id, "the next version of the same scenario");
    let kinds: Vec<&str> = scenario.steps.iter().map(|s| s.action.name()).collect();
    assert_eq!(kinds, vec!["goto", "goto", "fill", "fill", "click", "expect", "expect"], "{kinds:?}");
    let added = scenario.steps.last().unwrap();
    assert!(
        matches!(&added.provenance, Provenance::Said { words, by, citation, .. }
            if words == "환영 문구도 보이는지 확인해 줘" && by == "window" && citation.line == events[0].seq),
        "{:?}",
        added.provenance
    );
    assert!(events.iter().any(|e| matches!(e.event, Event::TrialDone { passed: true, .. })));
    let spec_ts = std::fs::read_to_string(out.join("scenario.spec.ts")).unwrap();
    assert!(spec_ts.contains("// said (window):\n  //   \"환영 문구도 보이는지 확인해 줘\""), "{spec_ts}");

    // A step leaves only when a message names it: cited to a document line, the model is refused.
    let asked = server.requests().len();
    server.push([
        respond(|body| {
            let turn = last_user_turn(body);
            assert!(turn.contains("6단계는 빼 줘") && !turn.contains("환영 문구도"), "only the new message: {turn}");
            assert!(turn.contains("[expect] (said:"), "the added check cites the message: {turn}");
            Reply::ToolCalls(vec![call("remove_step", json!({"step": 6, "cite": "spec.md#L4"}))])
        }),
        respond(|body| Reply::ToolCalls(vec![call("remove_step", json!({"step": 6, "cite": said_cite(body)}))])),
        Step::Reply(Reply::ToolCalls(vec![call("submit_scenario", json!({"title": "운영자 로그인"}))])),
    ]);
    let (_, events) =
        said(&runtime, continuing(&session, &out, EngineChoice::Llm(config(&server))), "6단계는 빼 줘").await;
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let told = server.requests()[asked + 1].to_string();
    assert!(told.contains("only the person can take a step out"), "{told}");
    let scenario = runtime.store().latest_scenario(&session).unwrap().unwrap();
    let intents: Vec<&str> = scenario.steps.iter().map(|s| s.intent.as_str()).collect();
    assert!(!intents.contains(&"'대시보드' 제목이 보인다"), "{intents:?}");
    assert_eq!(scenario.steps.len(), 6, "{intents:?}");
    assert_eq!(scenario.steps.iter().map(|s| s.index).collect::<Vec<_>>(), (1..=6).collect::<Vec<_>>());
    assert!(events.iter().any(|e| matches!(&e.event, Event::MessageDone { text }
        if specwright_catalog::render(text, specwright_catalog::Locale::En).contains("is taken out, as you said"))));
    // The password never reached the model in any turn.
    assert!(server.requests().iter().all(|body| !body.to_string().contains(PASSWORD)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_from_words_alone_is_explored_by_the_model_and_every_step_cites_them() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let app = specwright_tests::demo_app(&[]).await;
    let words = "ada@example.com 계정으로 로그인해서 대시보드가 나오는지 봐 줘";
    let server = MockServer::start(vec![
        respond(move |body| {
            let messages = body["messages"].as_array().unwrap();
            let opening = messages[1]["content"].as_str().unwrap();
            assert!(opening.contains("문서는 없습니다") && !opening.contains("<document"), "{opening}");
            assert!(last_user_turn(body).contains(words));
            Reply::ToolCalls(vec![call(
                "browser_navigate",
                json!({"url": "/login", "intent": "로그인 화면으로 간다", "cite": said_cite(body)}),
            )])
        }),
        Step::Reply(Reply::ToolCalls(vec![call("browser_snapshot", json!({}))])),
        respond(|body| {
            let cite = said_cite(body);
            Reply::ToolCalls(vec![
                call(
                    "browser_fill",
                    json!({"ref": ref_of(body, "textbox", "이메일"), "value": "ada@example.com",
                           "intent": "'이메일'에 ada@example.com을 입력한다", "cite": cite}),
                ),
                call(
                    "browser_fill",
                    json!({"ref": ref_of(body, "textbox", "비밀번호"), "value": "{{secret.PASSWORD}}",
                           "intent": "'비밀번호'를 입력한다", "cite": cite}),
                ),
                call(
                    "browser_click",
                    json!({"ref": ref_of(body, "button", "로그인"), "intent": "'로그인' 버튼을 누른다", "cite": cite}),
                ),
            ])
        }),
        respond(|body| {
            Reply::ToolCalls(vec![call(
                "expect_visible",
                json!({"role": "heading", "name": "대시보드", "intent": "'대시보드' 제목이 보인다", "cite": said_cite(body)}),
            )])
        }),
        Step::Reply(Reply::ToolCalls(vec![call("submit_scenario", json!({"title": "로그인"}))])),
    ])
    .await
    .unwrap();
    let mut request = specwright_tests::session_request(Vec::new(), app.url(), &out);
    request.secrets = secrets();
    request.engine = EngineChoice::Llm(config(&server));
    let started = runtime.start_saying(request, words, "terminal").await.unwrap();
    let events = events_until_terminal(&runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    assert!(matches!(&events[0].event, Event::UserSaid { taken: SaidAs::Turn, .. }), "{:?}", events[0]);
    let scenario = runtime.store().latest_scenario(&started.session_id).unwrap().unwrap();
    let kinds: Vec<&str> = scenario.steps.iter().map(|s| s.action.name()).collect();
    assert_eq!(kinds, vec!["goto", "goto", "fill", "fill", "click", "expect"], "{kinds:?}");
    assert!(scenario.steps[1..]
        .iter()
        .all(|s| matches!(&s.provenance, Provenance::Said { words: w, by, .. } if w == words && by == "terminal")));
    assert!(scenario.assumptions.is_empty(), "{:?}", scenario.assumptions);
}
