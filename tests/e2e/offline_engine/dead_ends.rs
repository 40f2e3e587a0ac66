//! Sentences read against the page, and what used to be dead ends become questions or a red
//! verdict with its report: a place said before the target, a refused step, a message in other
//! words, a value the page shows beside its label.

use super::*;

/// A place said in the reader's own words before the target ("왼쪽 위 메뉴 영역에서 상품 관리를
/// 누른다"): the grammar takes the place for the target, which names nothing on the page; the
/// sentence read against the page acts on the element whose name it holds, with no question
/// (main asked which element "왼쪽 위" meant).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_target_is_the_page_element_the_sentence_names_whatever_is_said_around_it() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let spec = "# 상품 목록\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
                3. '비밀번호' 필드에 'demo1234'를 입력한다.\n4. '로그인' 버튼을 클릭한다.\n\
                5. 왼쪽 위 메뉴 영역에서 상품 관리를 누른다.\n6. '상품 목록'이 보이는지 확인한다.\n";
    let document = specwright_intake::parse("place-first.ko.md", spec.as_bytes()).unwrap();
    let started = runtime
        .start_session(specwright_tests::session_request(vec![document], app.url(), &dir.path().join("out")))
        .await
        .unwrap();
    let events = ended(&runtime, &started).await;
    assert!(!events.iter().any(|e| matches!(e.event, Event::QuestionAsked { .. })), "no question: {events:#?}");
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let scenario = final_scenarios(&events).into_values().next().unwrap();
    let target = step_target(&scenario, "상품 관리를 누른다");
    let link = specwright_scenario::Locator::Role { role: "link".into(), name: "상품 관리".into(), exact: true };
    assert_eq!(target.primary(), Some(&link));

    // A screen named with a word the link does not carry ("상품 관리 보고서를 연다" beside a link
    // "상품 관리"): the link the sentence names opens it (main asked how to open the screen).
    let spec = spec.replace("5. 왼쪽 위 메뉴 영역에서 상품 관리를 누른다.", "5. 상품 관리 보고서를 연다.");
    let document = specwright_intake::parse("screen-named.ko.md", spec.as_bytes()).unwrap();
    let started = runtime
        .start_session(specwright_tests::session_request(vec![document], app.url(), &dir.path().join("out2")))
        .await
        .unwrap();
    let events = ended(&runtime, &started).await;
    assert!(!events.iter().any(|e| matches!(e.event, Event::QuestionAsked { .. })), "no question: {events:#?}");
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let scenario = final_scenarios(&events).into_values().next().unwrap();
    assert_eq!(step_target(&scenario, "보고서를 연다").primary(), Some(&link));
}

/// The app refuses the spec's own data ("가격 0"): the run ends red, and the red writes its
/// report — the steps up to the refused one with their frames, the app's words, and an exported
/// test that fails at that step for that reason (main ended with the words and wrote nothing).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_step_the_app_refuses_ends_red_with_its_report_and_a_failing_test() {
    let (_dir, runtime, app) = on_the_demo_app().await;
    let spec = "# 상품 등록\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
                3. '비밀번호' 필드에 'demo1234'를 입력한다.\n4. '로그인' 버튼을 클릭한다.\n\
                5. '상품 관리' 링크를 클릭한다.\n6. '새 상품 등록' 버튼을 클릭한다.\n\
                7. '상품명' 필드에 '무선 마우스'를 입력한다.\n8. '가격' 필드에 '0'을 입력한다.\n\
                9. '등록' 버튼을 클릭한다.\n10. '상품이 등록되었습니다.' 메시지가 표시되는지 확인한다.\n";
    let out = specwright_tests::output_dir("refused-red");
    let document = specwright_intake::parse("refused.ko.md", spec.as_bytes()).unwrap();
    let started =
        runtime.start_session(specwright_tests::session_request(vec![document], app.url(), &out)).await.unwrap();
    let events = ended(&runtime, &started).await;
    let Event::Error { code, message } = &events.last().unwrap().event else { panic!("{:?}", events.last()) };
    assert_eq!(code, "trial_failed", "a red verdict from its trial");
    let said = specwright_api::render(message, specwright_api::Locale::Ko);
    assert!(said.contains("가격은 0보다 커야 합니다"), "in the app's words: {said}");
    let report = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(
        report.contains("가격은 0보다 커야 합니다") && report.contains("data:image/jpeg"),
        "its report, with frames"
    );
    // The exported test fails at the refused step, for that reason.
    let run = specwright_tests::run_playwright_test(&out, &app.url(), &[("SPECWRIGHT_SECRET_PASSWORD", "demo1234")]);
    let printed = format!("{}{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr));
    assert!(!run.status.success(), "the exported test fails: {printed}");
    assert!(printed.contains("가격은 0보다 커야 합니다"), "for the app's words: {printed}");
}

/// The spec's words for a message the page says in its own ("로그인 정보가 올바르지 않다" beside
/// "이메일 또는 비밀번호가 올바르지 않습니다."): asked with both wordings, never passed on a guess
/// and never a dead end. "That is it" checks the page's message, cited to the answer; "no" is the
/// defect, in the page's words (main ended `grounding_failed` with no question).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_in_other_words_is_asked_about_with_both_wordings() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let spec = "# 로그인 실패\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
                3. '비밀번호' 필드에 'wrong-pass'를 입력한다.\n4. '로그인' 버튼을 클릭한다.\n\
                5. '로그인 정보가 올바르지 않다'는 메시지가 표시되는지 확인한다.\n";
    let run = |answer: &'static str, out: &str| {
        let document = specwright_intake::parse("near.ko.md", spec.as_bytes()).unwrap();
        let rules = vec![Rule { when: regex::Regex::new("^near:").unwrap(), answer: answer.to_string() }];
        SessionRequest {
            answerer: Box::new(Answers::new(rules, Default::default())),
            ..specwright_tests::session_request(vec![document], app.url(), &dir.path().join(out))
        }
    };
    let started = runtime.start_session(run("1", "yes")).await.unwrap();
    let events = ended(&runtime, &started).await;
    let asked: Vec<_> = events
        .iter()
        .filter_map(|e| match &e.event {
            Event::QuestionAsked { question } => Some(question.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(asked.len(), 1, "{asked:#?} {:#?}", &events[events.len().saturating_sub(2)..]);
    let said = specwright_catalog::render(&asked[0].text, specwright_catalog::Locale::Ko);
    assert!(
        said.contains("로그인 정보가 올바르지 않다") && said.contains("이메일 또는 비밀번호가 올바르지 않습니다"),
        "{said}"
    );
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let scenario = final_scenarios(&events).into_values().next().unwrap();
    let check = scenario.steps.iter().find(|s| s.intent.contains("올바르지 않다")).expect("the check");
    assert!(matches!(check.provenance, Provenance::Answer { .. }), "cited to the answer: {:?}", check.provenance);
    let Action::Expect { target, .. } = &check.action else { panic!("{:?}", check.action) };
    assert!(
        matches!(target.primary(), Some(Locator::Text { text, .. }) if text.contains("이메일 또는 비밀번호가 올바르지 않습니다")),
        "{target:?}"
    );

    // "No": the page does not say what the spec expects — red, in the page's words.
    let started = runtime.start_session(run("no", "no")).await.unwrap();
    let events = ended(&runtime, &started).await;
    let Event::Error { message, .. } = &events.last().unwrap().event else { panic!("{:?}", events.last()) };
    let said = specwright_catalog::render(message, specwright_catalog::Locale::Ko);
    assert!(said.contains("이메일 또는 비밀번호가 올바르지 않습니다"), "{said}");
}

/// A value the spec expects beside a label the page shows ("the status assigned" beside a row
/// "Status" whose select shows "new"): the difference is said as one, both values, and asked;
/// "a defect" ends red with them (main ended "'status' is not shown"). The value the page does
/// show is checked as that field's value, and a bold label's value as its line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_value_beside_a_label_is_compared_and_a_difference_said() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let spec = |status: &str| {
        format!(
            "# Ticket\n\n1. Go to '/reference/ticket.html'.\n2. The ticket shows the status {status}.\n\
             3. The ticket shows the priority urgent.\n"
        )
    };
    let run = |text: String, out: &str| {
        let document = specwright_intake::parse("ticket.en.md", text.as_bytes()).unwrap();
        let rules = vec![Rule { when: regex::Regex::new("^value:").unwrap(), answer: "defect".to_string() }];
        SessionRequest {
            answerer: Box::new(Answers::new(rules, Default::default())),
            ..specwright_tests::session_request(vec![document], app.url(), &dir.path().join(out))
        }
    };
    let started = runtime.start_session(run(spec("assigned"), "differs")).await.unwrap();
    let events = ended(&runtime, &started).await;
    let asked: Vec<_> = events
        .iter()
        .filter_map(|e| match &e.event {
            Event::QuestionAsked { question } if question.id.starts_with("value:") => {
                Some(specwright_catalog::render(&question.text, specwright_catalog::Locale::En))
            }
            _ => None,
        })
        .collect();
    assert_eq!(asked.len(), 1, "{asked:?} {:#?}", &events[events.len().saturating_sub(2)..]);
    assert!(asked[0].contains("'assigned'") && asked[0].contains("'new'"), "{}", asked[0]);
    let Event::Error { message, .. } = &events.last().unwrap().event else { panic!("{:?}", events.last()) };
    let said = specwright_catalog::render(message, specwright_catalog::Locale::En);
    assert!(said.contains("'assigned'") && said.contains("'new'"), "{said}");

    // The value quoted: the select's other option carries the same words, and is no answer —
    // the check is of the value the status shows (main grounded the option "assigned" and
    // failed with "no element matches", never saying what the status shows).
    let started = runtime.start_session(run(spec("'assigned'"), "quoted")).await.unwrap();
    let events = ended(&runtime, &started).await;
    let Event::Error { message, .. } = &events.last().unwrap().event else { panic!("{:?}", events.last()) };
    let said = specwright_catalog::render(message, specwright_catalog::Locale::En);
    assert!(said.contains("'assigned'") && said.contains("'new'"), "{said}");

    let started = runtime.start_session(run(spec("new"), "holds")).await.unwrap();
    let events = ended(&runtime, &started).await;
    assert!(
        !events
            .iter()
            .any(|e| matches!(&e.event, Event::QuestionAsked { question } if question.id.starts_with("value:"))),
        "no question of the value"
    );
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let scenario = final_scenarios(&events).into_values().next().unwrap();
    let checks: Vec<&Action> =
        scenario.steps.iter().map(|s| &s.action).filter(|a| matches!(a, Action::Expect { .. })).collect();
    assert!(
        checks.iter().any(|a| matches!(a, Action::Expect { assertion: specwright_scenario::Assertion::Value { expected }, .. } if expected == "new")),
        "the select's value: {checks:?}"
    );
    assert!(
        checks.iter().any(|a| matches!(a, Action::Expect { target, .. } if matches!(target.primary(), Some(Locator::Text { text, .. }) if text.contains("Priority: urgent")))),
        "the bold label's line: {checks:?}"
    );
}

/// A value described in words ("비밀번호 필드에 관리자 비밀번호를 입력한 뒤 로그인 버튼을 누른다") is
/// never typed as those words: the password field gets the run's password (given separately,
/// as a planner gives it), the login goes through, and the export types the secret, not the
/// words (main typed "관리자 비밀번호" and ended "the app refused this step").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_value_described_in_words_is_never_typed_as_them() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let spec = "# 관리자 로그인\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
                3. 비밀번호 필드에 관리자 비밀번호를 입력한 뒤 로그인 버튼을 누른다.\n\
                4. '대시보드'가 보이는지 확인한다.\n";
    let document = specwright_intake::parse("described.ko.md", spec.as_bytes()).unwrap();
    let mut secrets = specwright_browser::Secrets::default();
    secrets.insert("PASSWORD", "demo1234");
    let started = runtime
        .start_session(SessionRequest {
            secrets,
            ..specwright_tests::session_request(vec![document], app.url(), &dir.path().join("out"))
        })
        .await
        .unwrap();
    let events = ended(&runtime, &started).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let scenario = final_scenarios(&events).into_values().next().unwrap();
    let typed: Vec<&specwright_scenario::Value> = scenario
        .steps
        .iter()
        .filter_map(|s| match &s.action {
            Action::Fill { value, .. } => Some(value),
            _ => None,
        })
        .collect();
    assert!(
        typed.iter().any(|v| matches!(v, specwright_scenario::Value::Secret { name } if name == "PASSWORD")),
        "{typed:?}"
    );
    let exported = std::fs::read_to_string(dir.path().join("out").join("scenario.spec.ts")).unwrap_or_default();
    assert!(!exported.contains("관리자 비밀번호') ") && !exported.contains("fill('관리자"), "{exported}");
}

/// A drag of one named element onto another and a reload of the page, in Korean and English
/// (main read neither sentence and asked what it meant): both acted out on a real page, the
/// drop's result checked, and the reload proven by the page's status back at its first words.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drag_onto_a_named_place_and_a_reload_are_acted_out() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let specs = [
        (
            "drag.ko.md",
            "# 담기\n\n1. '/reference/interactions.html' 페이지로 이동한다.\n2. 사과를 장바구니에 끌어다 놓는다.\n\
             3. '장바구니: 사과'가 표시된다.\n4. 페이지를 새로고침한다.\n5. '준비'가 표시된다.\n",
        ),
        (
            "drag.en.md",
            "# Basket\n\n1. Go to '/reference/interactions.html'.\n2. Drag '사과' onto the '장바구니' area.\n\
             3. '장바구니: 사과' is shown.\n4. Refresh the page.\n5. '준비' is shown.\n",
        ),
    ];
    for (name, spec) in specs {
        let document = specwright_intake::parse(name, spec.as_bytes()).unwrap();
        let out = dir.path().join(name);
        let started =
            runtime.start_session(specwright_tests::session_request(vec![document], app.url(), &out)).await.unwrap();
        let events = ended(&runtime, &started).await;
        assert!(!events.iter().any(|e| matches!(e.event, Event::QuestionAsked { .. })), "{name}: {events:#?}");
        assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{name}: {:?}", events.last());
        let scenario = final_scenarios(&events).into_values().next().unwrap();
        let dragged = scenario.steps.iter().find_map(|s| match &s.action {
            specwright_scenario::Action::Drag { target, to } => {
                Some((target.primary().cloned(), to.primary().cloned()))
            }
            _ => None,
        });
        let role = |role: &str, name: &str| {
            Some(specwright_scenario::Locator::Role { role: role.into(), name: name.into(), exact: true })
        };
        assert_eq!(dragged, Some((role("button", "사과"), role("region", "장바구니"))), "{name}");
        assert!(
            scenario.steps.iter().any(|s| matches!(s.action, specwright_scenario::Action::Reload)),
            "{name}: the page reloaded"
        );
    }
}
