//! A person talking to a finished session, in Korean and in English, on the demo app with real
//! Chromium: a check added in their words is explored and cited as said in every export, a step
//! skipped by its number is left out, an undo takes the last change back, a question about the
//! run is answered from its evidence, and words with no step in them get a reply naming what a
//! message can do. Each message is in the log before anything it started.

use super::*;
use specwright_protocol::SaidAs;
use specwright_runtime::{EngineChoice, OutDir, ResumeRequest, RunStarted, SafetyOptions};

fn continuing(session: &str, out: &std::path::Path) -> ResumeRequest {
    ResumeRequest {
        session_id: session.to_string(),
        target_url: None,
        out_dir: OutDir::Exact(out.to_path_buf()),
        browser: None,
        safety: SafetyOptions::default(),
        answerer: Box::new(specwright_rails::NoAnswers),
        secrets: Default::default(),
        engine: EngineChoice::Offline,
        forget: Vec::new(),
    }
}

/// What a message started, to its end: the run's own events.
async fn say(runtime: &Arc<Runtime>, session: &str, words: &str, out: &std::path::Path) -> (RunStarted, Vec<Envelope>) {
    let after = runtime.store().events(session, 0).unwrap().len() as u32;
    let started = runtime.say(continuing(session, out), words, "window").await.unwrap();
    let events = events_until_terminal(runtime, session, after).await;
    runtime.wait(&started.run_id).await;
    (started, events)
}

fn latest(runtime: &Arc<Runtime>, session: &str) -> Scenario {
    runtime.store().latest_scenario(session).unwrap().unwrap()
}

fn exported_test(out: &std::path::Path) -> String {
    let file = std::fs::read_dir(out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().ends_with(".spec.ts"))
        .expect("an exported test");
    std::fs::read_to_string(file).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_korean_session_is_steered_by_what_a_person_says() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let spec = include_str!("../../fixtures/specs/shop-admin-prd.ko.md");
    let document = specwright_intake::parse("shop-admin-prd.ko.md", spec.as_bytes()).unwrap();
    let started = runtime
        .start_session(specwright_tests::session_request(vec![document], app.url(), &dir.path().join("v1")))
        .await
        .unwrap();
    let first = ended(&runtime, &started).await;
    assert!(matches!(first.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", first.last());
    let session = started.session_id.clone();
    let before = latest(&runtime, &session);

    // A check added in the person's words: explored, cited as said, the spec's steps kept.
    let out = dir.path().join("said");
    let (_, events) = say(&runtime, &session, "그리고 '상품 관리' 링크가 보이는지 확인해 줘", &out).await;
    let Event::UserSaid { taken, by, .. } = &events[0].event else {
        panic!("the message comes first: {:?}", events[0])
    };
    assert_eq!(by, "window");
    assert!(
        matches!(taken, SaidAs::Steps { line, after: None } if line == "'상품 관리' 링크가 보이는지 확인한다"),
        "{taken:?}"
    );
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    assert!(!events.iter().any(|e| matches!(e.event, Event::SpecCompared { .. })), "a continuation compares no spec");
    let kept = events
        .iter()
        .any(|e| matches!(&e.event, Event::MessageDone { text } if format!("{text:?}").contains("revision-kept")));
    assert!(kept, "the spec's steps were replayed as recorded, not grounded again");
    let after = latest(&runtime, &session);
    assert_eq!(after.steps.len(), before.steps.len() + 1, "{:#?}", after.steps);
    let said = after.steps.last().unwrap();
    match &said.provenance {
        Provenance::Said { words, by, citation, .. } => {
            assert_eq!(words, "그리고 '상품 관리' 링크가 보이는지 확인해 줘");
            assert_eq!(by, "window");
            assert_eq!(citation.line, events[0].seq);
        }
        other => panic!("the added check cites {other:?}"),
    }
    assert!(matches!(said.action, Action::Expect { .. }), "{:?}", said.action);
    let code = exported_test(&out);
    assert!(code.contains("// said (window):") && code.contains("'상품 관리' 링크가 보이는지 확인해 줘"), "{code}");
    let report = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(report.contains("b-said"), "the report cites what was said");
    // The requirements' coverage lists it apart: the spec did not ask for it.
    let trace = std::fs::read_to_string(out.join("traceability.html")).unwrap();
    let apart = trace.split("data-kind=\"said\"").nth(1).unwrap_or_default();
    assert!(apart.contains("그리고 &#39;상품 관리&#39;") || apart.contains("그리고 '상품 관리'"), "{trace}");

    // Taken back: the scenario is the spec's again.
    let (_, events) = say(&runtime, &session, "되돌려 줘", &out).await;
    assert!(matches!(events[0].event, Event::UserSaid { taken: SaidAs::Undo, .. }), "{:?}", events[0]);
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let undone = latest(&runtime, &session);
    assert!(!undone.steps.iter().any(|s| matches!(s.provenance, Provenance::Said { .. })), "{:#?}", undone.steps);
    assert_eq!(undone.steps.len(), before.steps.len());
    let kept = events
        .iter()
        .any(|e| matches!(&e.event, Event::MessageDone { text } if format!("{text:?}").contains("revision-kept")));
    assert!(kept, "a continuation goes on from the scenario as it stands");
    assert_eq!(runtime.store().session_scenarios(&session).unwrap().len(), 1, "one scenario, in its next version");

    // A spec step skipped by the number the person sees.
    let list = undone
        .steps
        .iter()
        .find(|s| s.provenance.citation().is_some_and(|c| c.quote.contains("'상품 목록'이 보이는지")))
        .expect("the list's check")
        .index;
    let (_, events) = say(&runtime, &session, &format!("{list}단계는 건너뛰어 줘"), &out).await;
    assert!(matches!(events[0].event, Event::UserSaid { taken: SaidAs::Skip { .. }, .. }), "{:?}", events[0]);
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let skipped = latest(&runtime, &session);
    assert!(
        !skipped
            .steps
            .iter()
            .any(|s| s.provenance.citation().is_some_and(|c| c.quote.contains("'상품 목록'이 보이는지"))),
        "{:#?}",
        skipped.steps
    );

    // A question about the run: answered from its last trial, nothing run.
    let runs = runtime.store().runs(&session).unwrap().len();
    let (_, events) = say(&runtime, &session, "3단계는 왜 실패했어?", &out).await;
    assert_eq!(events.len(), 2, "{events:#?}");
    let Event::Replied { text } = &events[1].event else { panic!("{:?}", events[1]) };
    assert!(format!("{text:?}").contains("said-why-passed"), "{text:?}");
    assert_eq!(runtime.store().runs(&session).unwrap().len(), runs + 1, "one run holds the message and the reply");
    assert_eq!(runtime.store().session(&session).unwrap().status, specwright_protocol::SessionStatus::Completed);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_english_session_takes_a_check_placed_after_a_step_and_replies_to_words_it_cannot_act_on() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let spec = "# Sign in\n\n## Steps\n\n1. Go to '/login'.\n2. Type 'ada@example.com' into '이메일'.\n\
                3. Type 'demo1234' into '비밀번호'.\n4. Click '로그인'.\n5. Click '상품 관리'.\n";
    let document = specwright_intake::parse("sign-in.md", spec.as_bytes()).unwrap();
    let started = runtime
        .start_session(specwright_tests::session_request(vec![document], app.url(), &dir.path().join("v1")))
        .await
        .unwrap();
    let first = ended(&runtime, &started).await;
    assert!(matches!(first.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", first.last());
    let session = started.session_id.clone();
    let before = latest(&runtime, &session);
    let login = before
        .steps
        .iter()
        .find(|s| s.provenance.citation().is_some_and(|c| c.quote.contains("Click '로그인'")))
        .expect("the login's press");

    // Words with nothing to act on: a reply that names what a message can do; nothing ran.
    let out = dir.path().join("said");
    let (_, events) = say(&runtime, &session, "hmm, lovely weather today", &out).await;
    assert!(matches!(events[0].event, Event::UserSaid { taken: SaidAs::Talk, .. }), "{:?}", events[0]);
    let Event::Replied { text } = &events[1].event else { panic!("{:?}", events[1]) };
    assert!(format!("{text:?}").contains("said-unread"), "{text:?}");

    // A check placed after the login, in English.
    let words = format!("After step {}, check that '대시보드' is shown", login.index);
    let (_, events) = say(&runtime, &session, &words, &out).await;
    assert!(
        matches!(&events[0].event, Event::UserSaid { taken: SaidAs::Steps { after: Some(_), .. }, .. }),
        "{:?}",
        events[0]
    );
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let after = latest(&runtime, &session);
    let placed =
        after.steps.iter().position(|s| matches!(s.provenance, Provenance::Said { .. })).expect("the said check");
    let press =
        after.steps.iter().position(|s| s.provenance.citation().is_some_and(|c| c.quote.contains("Click '로그인'")));
    let menu =
        after.steps.iter().position(|s| s.provenance.citation().is_some_and(|c| c.quote.contains("Click '상품 관리'")));
    assert!(press < Some(placed) && Some(placed) < menu, "between the login and the menu: {:#?}", after.steps);
    let plan = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "md"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .expect("the test plan");
    assert!(plan.contains("check that '대시보드' is shown"), "{plan}");

    // A step corrected: done by other words in its place.
    let menu_index = after.steps[menu.unwrap()].index;
    let words = format!("Instead of step {menu_index}, check that '상품 관리' is shown");
    let (_, events) = say(&runtime, &session, &words, &out).await;
    assert!(matches!(&events[0].event, Event::UserSaid { taken: SaidAs::Replace { .. }, .. }), "{:?}", events[0]);
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let corrected = latest(&runtime, &session);
    let cites =
        |quote: &str| corrected.steps.iter().any(|s| s.provenance.citation().is_some_and(|c| c.quote.contains(quote)));
    assert!(!cites("Click '상품 관리'"), "{:#?}", corrected.steps);
    assert!(cites("check that '상품 관리' is shown"), "{:#?}", corrected.steps);
    assert!(cites("check that '대시보드' is shown"), "the earlier message still stands: {:#?}", corrected.steps);

    // "Check it again": the kept scenario checked against the app as it is now, nothing changed.
    let after = runtime.store().session(&session).unwrap().last_seq;
    let check = runtime.say(continuing(&session, &out), "Check it again", "window").await.unwrap();
    let mut subscription = runtime.store().subscribe(&session, after).unwrap();
    let mut events = Vec::new();
    while let Some(envelope) = subscription.next().await.unwrap() {
        let done = envelope.run_id == check.run_id && envelope.event.is_terminal();
        events.push(envelope);
        if done {
            break;
        }
    }
    runtime.wait(&check.run_id).await;
    assert!(matches!(&events[0].event, Event::UserSaid { taken: SaidAs::Talk, .. }), "{:?}", events[0]);
    assert!(matches!(&events[1].event, Event::Replied { text } if format!("{text:?}").contains("said-checking")));
    let judged = events.iter().find_map(|e| match &e.event {
        Event::CheckJudged { judgement } => Some(judgement.outcome.clone()),
        _ => None,
    });
    assert_eq!(judged, Some(specwright_scenario::CheckOutcome::Passed), "{events:#?}");
    assert_eq!(latest(&runtime, &session), corrected, "a check changes nothing");
}

/// A session waiting at a question goes on when the person answers it in the conversation: the
/// words choose the option ("2번"), recorded as theirs, and the run continues past it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn free_words_answer_the_question_a_session_waits_at() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let document = specwright_intake::parse("traps.md", TRAPS_SPEC.as_bytes()).unwrap();
    let started = runtime
        .start_session(specwright_tests::session_request(vec![document], app.url(), &dir.path().join("v1")))
        .await
        .unwrap();
    let first = ended(&runtime, &started).await;
    let Event::SessionWaiting { question } = &first.last().unwrap().event else { panic!("{:?}", first.last()) };
    assert_eq!(question.kind, QuestionKind::Target, "{question:?}");
    let (_, events) = say(&runtime, &started.session_id, "2번", &dir.path().join("said")).await;
    let Event::UserSaid { taken: SaidAs::Answer { question_id }, .. } = &events[0].event else {
        panic!("{:?}", events[0])
    };
    assert_eq!(question_id, &question.id);
    let answered = events.iter().find_map(|e| match &e.event {
        Event::QuestionAnswered { question_id, answer, source } if question_id == &question.id => {
            Some((answer.clone(), source.clone()))
        }
        _ => None,
    });
    assert_eq!(answered, Some((question.options[1].value.clone(), "window".to_string())), "{events:#?}");
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
}

/// Another value for a typed step: words that single out no one step are asked back with the
/// steps that type one; "가격은 12000으로 바꿔 줘" changes the price's line, explored again and cited
/// as said, every other step kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_value_in_words_changes_the_one_step_that_typed_it() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let spec = include_str!("../../fixtures/specs/shop-admin-prd.ko.md");
    let document = specwright_intake::parse("shop-admin-prd.ko.md", spec.as_bytes()).unwrap();
    let out = dir.path().join("out");
    let started =
        runtime.start_session(specwright_tests::session_request(vec![document], app.url(), &out)).await.unwrap();
    assert!(matches!(ended(&runtime, &started).await.last().unwrap().event, Event::SessionCompleted { .. }));
    let session = started.session_id.clone();
    let before = latest(&runtime, &session);

    let (_, events) = say(&runtime, &session, "12,000으로 바꿔 줘", &out).await;
    let Event::Replied { text } = &events.last().unwrap().event else { panic!("{:?}", events.last()) };
    let reply = specwright_catalog::render(text, specwright_catalog::Locale::Ko);
    assert!(reply.contains("단계가 값을 입력합니다"), "{reply}");

    let (_, events) = say(&runtime, &session, "가격은 12000으로 바꿔 줘", &out).await;
    let Event::UserSaid { taken: SaidAs::Replace { citation, line }, .. } = &events[0].event else {
        panic!("{:?}", events[0])
    };
    assert!(citation.quote.contains("'39000'") && line.contains("'12000'") && !line.contains("39000"), "{line}");
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let after = latest(&runtime, &session);
    assert_eq!(after.steps.len(), before.steps.len(), "{:#?}", after.steps);
    let price = after
        .steps
        .iter()
        .find(|s| matches!(&s.action, Action::Fill { value: specwright_scenario::Value::Literal { value }, .. } if value == "12000"))
        .expect("the price typed anew");
    assert!(
        matches!(&price.provenance, Provenance::Said { words, .. } if words == "가격은 12000으로 바꿔 줘"),
        "{:?}",
        price.provenance
    );
    assert!(!after.steps.iter().any(|s| s.intent.contains("39000")), "{:#?}", after.steps);
}

/// The page says the spec's message in other words and the session asks whether that is it: a
/// plain "그 메시지 맞아요" accepts it (the check holds the page's words), "아니요, 결함이에요" ends red
/// in the page's words.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_yes_or_a_no_answers_what_the_session_showed() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let spec = "# 로그인 실패\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
                3. '비밀번호' 필드에 'wrong-pass'를 입력한다.\n4. '로그인' 버튼을 클릭한다.\n\
                5. '로그인 정보가 올바르지 않다'는 메시지가 표시되는지 확인한다.\n";
    let waiting = || async {
        let document = specwright_intake::parse("near.ko.md", spec.as_bytes()).unwrap();
        let request = specwright_tests::session_request(vec![document], app.url(), &dir.path().join("v1"));
        let started = runtime.start_session(request).await.unwrap();
        let first = ended(&runtime, &started).await;
        let Event::SessionWaiting { question } = &first.last().unwrap().event else { panic!("{:?}", first.last()) };
        (started.session_id, question.clone())
    };
    let (session, question) = waiting().await;
    assert!(question.id.starts_with("near:"), "{question:?}");
    let (_, events) = say(&runtime, &session, "그 메시지 맞아요", &dir.path().join("yes")).await;
    assert!(matches!(events[0].event, Event::UserSaid { taken: SaidAs::Answer { .. }, .. }), "{:?}", events[0]);
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let check = latest(&runtime, &session).steps.into_iter().find(|s| s.intent.contains("올바르지 않다")).unwrap();
    let Action::Expect { target, .. } = &check.action else { panic!("{:?}", check.action) };
    assert!(
        matches!(target.primary(), Some(Locator::Text { text, .. }) if text.contains("이메일 또는 비밀번호가 올바르지 않습니다")),
        "{target:?}"
    );

    let (session, _) = waiting().await;
    let (_, events) = say(&runtime, &session, "아니요, 결함이에요", &dir.path().join("no")).await;
    let Event::Error { message, .. } = &events.last().unwrap().event else { panic!("{:?}", events.last()) };
    let said = specwright_catalog::render(message, specwright_catalog::Locale::Ko);
    assert!(said.contains("이메일 또는 비밀번호가 올바르지 않습니다"), "{said}");
}

/// A session from words alone, no document: the application at its address and what the person
/// says to test; the login's password asked as a secret (here given as one), every step citing
/// the words.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_starts_from_words_alone() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let secrets = specwright_runtime::secrets_from(&["PASSWORD=demo1234".to_string()]).unwrap();
    let words = "'ada@example.com'으로 로그인해서 '대시보드'가 보이는지 확인해줘";
    let request = SessionRequest {
        answerer: Box::new(Answers::new(Vec::new(), secrets.clone())),
        secrets,
        ..specwright_tests::session_request(Vec::new(), app.url(), &dir.path().join("words"))
    };
    let started = runtime.start_saying(request, words, "terminal").await.unwrap();
    let events = ended(&runtime, &started).await;
    assert!(matches!(&events[0].event, Event::UserSaid { taken: SaidAs::Steps { .. }, .. }), "{:?}", events[0]);
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:#?}", events.last());
    let scenario = latest(&runtime, &started.session_id);
    assert_eq!(runtime.store().session(&started.session_id).unwrap().title, words);
    assert!(scenario.steps.iter().any(|s| matches!(s.provenance, Provenance::Said { .. })), "{:#?}", scenario.steps);
    assert!(!scenario.steps.iter().any(|s| matches!(s.provenance, Provenance::Spec { .. })), "{:#?}", scenario.steps);
    // Nothing to read in the words: refused before a session exists.
    let sessions = runtime.sessions().unwrap().len();
    let request = specwright_tests::session_request(Vec::new(), app.url(), &dir.path().join("none"));
    let refused = runtime.start_saying(request, "hello there", "terminal").await.unwrap_err();
    assert_eq!(refused.code(), "bad_argument");
    assert_eq!(runtime.sessions().unwrap().len(), sessions);
}

/// Said while the run works: the run finishes the step it is on (no action cut short), stops with
/// its one terminal event saying why, and the message is taken by the run that follows, its
/// check cited as said.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_while_the_run_works_waits_for_the_step_then_is_taken() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let spec = include_str!("../../fixtures/specs/shop-admin-prd.ko.md");
    let document = specwright_intake::parse("shop-admin-prd.ko.md", spec.as_bytes()).unwrap();
    let out = dir.path().join("out");
    let started =
        runtime.start_session(specwright_tests::session_request(vec![document], app.url(), &out)).await.unwrap();
    let session = started.session_id.clone();
    // Spoken to once the run has done two steps of its work.
    loop {
        let events = runtime.store().events(&session, 0).unwrap();
        assert!(!events.iter().any(|e| e.event.is_terminal()), "the run ended before it was spoken to");
        if events.iter().filter(|e| matches!(e.event, Event::ToolResult { .. })).count() >= 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let words = "그리고 '상품 관리' 링크가 보이는지 확인해 줘";
    let said = runtime.say(continuing(&session, &out), words, "window").await.unwrap();
    assert_ne!(said.run_id, started.run_id);

    let log = runtime.store().events(&session, 0).unwrap();
    let stopped: Vec<&Envelope> = log.iter().filter(|e| e.run_id == started.run_id).collect();
    let last = stopped.last().unwrap();
    assert!(
        matches!(&last.event, Event::RunCancelled { reason } if format!("{reason:?}").contains("cancelled-for-message")),
        "{:?}",
        last.event
    );
    assert_eq!(stopped.iter().filter(|e| e.event.is_terminal()).count(), 1, "one terminal event");
    assert!(!stopped.iter().any(|e| matches!(e.event, Event::Error { .. })), "a stop for a message is no failure");
    // A look at the page (`browser.snapshot`) has no result of its own; every action has one.
    let calls = stopped
        .iter()
        .filter(|e| matches!(&e.event, Event::ToolCall { tool, .. } if tool != "browser.snapshot"))
        .count();
    let results = stopped.iter().filter(|e| matches!(e.event, Event::ToolResult { .. })).count();
    assert_eq!(calls, results, "the action in flight ended as it would");

    let events = events_until_terminal(&runtime, &session, last.seq).await;
    runtime.wait(&said.run_id).await;
    assert!(matches!(&events[0].event, Event::UserSaid { text, .. } if text == words), "{:?}", events[0]);
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let scenario = latest(&runtime, &session);
    let added = scenario.steps.last().unwrap();
    assert!(matches!(&added.provenance, Provenance::Said { words: w, .. } if w == words), "{:?}", added.provenance);
    assert!(matches!(added.action, Action::Expect { .. }), "{:?}", added.action);
}

/// What works on the demo app works on apps nobody here wrote: on two corpus apps (a Korean
/// login on NiceGUI, an English profile edit on Flask-AppBuilder), a check added in words is
/// explored, passes and cites the words; a spec's check skipped by the number the person sees is
/// left out, and the run stays green.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn corpus_apps_are_steered_in_words_as_the_demo_app_is() {
    use specwright_tests::corpus::{apps, specs, start, start_spec};
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let apps = apps();
    let specs = specs();
    let cases = [
        ("nicegui/01-login", "그리고 '로그인' 버튼이 보이는지 확인해 줘", "김민수 님"),
        ("fab/09-edit-own-info", "Also check that 'Conner' is shown", "User information changed"),
    ];
    for (id, words, skipped_check) in cases {
        let spec = specs.iter().find(|s| s.id.starts_with(id)).unwrap_or_else(|| panic!("no spec {id}"));
        let app = apps[&spec.app].clone();
        let instance =
            tokio::task::spawn_blocking(move || start(&app)).await.unwrap().unwrap_or_else(|e| panic!("{e}"));
        let dir = tempfile::tempdir().unwrap();
        let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
        let out = dir.path().join("out");
        let started = start_spec(&runtime, spec, &instance, &out).await.unwrap();
        let first = ended(&runtime, &started).await;
        assert!(matches!(first.last().unwrap().event, Event::SessionCompleted { .. }), "{id}: {:?}", first.last());
        let session = started.session_id.clone();
        let before = latest(&runtime, &session);
        // The password the person gave at the first run's secret question, under the name it asked
        // (the window keeps it in the keychain for the application's address).
        let continuing = || {
            let mut secrets = specwright_tests::corpus::spec_secrets(spec);
            if let Some(value) = spec.expect.secrets.values().next() {
                secrets.insert("PASSWORD", value);
            }
            ResumeRequest { secrets, ..continuing(&session, &out) }
        };

        let after = runtime.store().session(&session).unwrap().last_seq;
        let said = runtime.say(continuing(), words, "window").await.unwrap();
        let events = events_until_terminal(&runtime, &session, after).await;
        runtime.wait(&said.run_id).await;
        assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{id}: {:?}", events.last());
        let added = latest(&runtime, &session);
        let intents = |s: &Scenario| {
            s.steps
                .iter()
                .map(|s| format!("{} {} {:?} {:?}", s.index, s.intent, s.provenance.source(), s.action.name()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            added.steps.len(),
            before.steps.len() + 1,
            "{id}: {:#?} then {:#?}",
            intents(&before),
            intents(&added)
        );
        let check = added.steps.last().unwrap();
        assert!(matches!(check.action, Action::Expect { .. }), "{id}: {:?}", check.action);
        assert!(
            matches!(&check.provenance, Provenance::Said { words: w, .. } if w == words),
            "{id}: {:?}",
            check.provenance
        );

        let step = added
            .steps
            .iter()
            .find(|s| {
                matches!(s.action, Action::Expect { .. })
                    && s.provenance.citation().is_some_and(|c| c.quote.contains(skipped_check))
            })
            .unwrap_or_else(|| panic!("{id}: no check of {skipped_check}: {:#?}", added.steps))
            .index;
        let skip = if spec.expect.app == "nicegui" {
            format!("{step}단계는 건너뛰어 줘")
        } else {
            format!("skip step {step}")
        };
        let after = runtime.store().session(&session).unwrap().last_seq;
        let said = runtime.say(continuing(), &skip, "window").await.unwrap();
        let events = events_until_terminal(&runtime, &session, after).await;
        runtime.wait(&said.run_id).await;
        assert!(matches!(events[0].event, Event::UserSaid { taken: SaidAs::Skip { .. }, .. }), "{id}: {:?}", events[0]);
        assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{id}: {:?}", events.last());
        let skipped = latest(&runtime, &session);
        assert!(
            !skipped.steps.iter().any(|s| s.provenance.citation().is_some_and(|c| c.quote.contains(skipped_check))
                && matches!(s.action, Action::Expect { .. })),
            "{id}: {:#?}",
            skipped.steps
        );
        assert!(skipped.steps.iter().any(|s| matches!(&s.provenance, Provenance::Said { words: w, .. } if w == words)));
    }
}
