//! Every action and assertion of the scenario model, executed by the browser layer on the real
//! demo app: each passes when the app behaves, and a failing check says expected and actual.

use specwright_browser::{parse_snapshot, Browser, BrowserConfig, BrowserError, PageSession};
use specwright_scenario::{Action, Assertion, Locator, PageAssertion, Target, Value};

fn role(role: &str, name: &str) -> Target {
    Target {
        strategies: vec![Locator::Role { role: role.into(), name: name.into(), exact: true }],
        frame_path: vec![],
        ..Default::default()
    }
}

fn text(text: &str) -> Target {
    Target {
        strategies: vec![Locator::Text { text: text.into(), exact: true }],
        frame_path: vec![],
        ..Default::default()
    }
}

fn literal(value: &str) -> Value {
    Value::Literal { value: value.into() }
}

fn expect(target: Target, assertion: Assertion) -> Action {
    Action::Expect { target, assertion }
}

async fn run(page: &PageSession, base: &str, action: Action) -> Result<(), BrowserError> {
    let resolve = |value: &Value| match value {
        Value::Literal { value } => Ok(value.clone()),
        other => Err(BrowserError::MissingValue(specwright_browser::Missing::Variable(format!("{other:?}")))),
    };
    page.perform(&action, base, &resolve, "").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_action_and_assertion_runs_on_the_demo_app() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let base = app.url();
    let mut config = BrowserConfig::detect().unwrap();
    config.action_timeout_ms = 2_000.0;
    let browser = Browser::launch(config).await.unwrap();
    let page = browser.new_page().await.unwrap();

    let passing = vec![
        Action::Goto { url: "/login".into() },
        Action::ExpectPage { assertion: PageAssertion::Url { expected: "/login".into() } },
        Action::ExpectPage { assertion: PageAssertion::Title { expected: "로그인 - 데모 상점".into() } },
        expect(role("heading", "로그인"), Assertion::Text { expected: "로그인".into() }),
        // The toast area is empty, so hidden.
        expect(
            Target {
                strategies: vec![Locator::Css { selector: "#toast".into() }],
                frame_path: vec![],
                ..Default::default()
            },
            Assertion::Hidden,
        ),
        expect(role("button", "로그인"), Assertion::Enabled),
        Action::Hover { target: role("button", "로그인") },
        Action::Check { target: role("checkbox", "로그인 상태 유지") },
        expect(role("checkbox", "로그인 상태 유지"), Assertion::Checked),
        Action::Uncheck { target: role("checkbox", "로그인 상태 유지") },
        Action::Fill { target: role("textbox", "이메일"), value: literal("ada@example.com") },
        expect(role("textbox", "이메일"), Assertion::Value { expected: "ada@example.com".into() }),
        Action::Fill { target: role("textbox", "비밀번호"), value: literal("demo1234") },
        // Enter in the password field submits the form.
        Action::Press { target: role("textbox", "비밀번호"), key: "Enter".into() },
        expect(role("heading", "대시보드"), Assertion::Visible),
        expect(text("ada@example.com님, 환영합니다."), Assertion::ContainsText { expected: "환영합니다".into() }),
        Action::Goto { url: "/items".into() },
        expect(role("button", "내보내기"), Assertion::Count { expected: 2 }),
        Action::Goto { url: "/items/new".into() },
        Action::Select { target: role("combobox", "카테고리"), value: literal("액세서리") },
        expect(role("combobox", "카테고리"), Assertion::Value { expected: "액세서리".into() }),
        Action::Click { target: role("button", "등록") },
        expect(text("상품명을 입력해 주세요."), Assertion::Visible),
    ];
    for (i, action) in passing.iter().enumerate() {
        if let Err(e) = run(&page, &base, action.clone()).await {
            panic!("action {} ({}) failed: {e}", i + 1, action.name());
        }
    }

    // Refs become durable locators: role and name first, CSS only when nothing else is unique.
    run(&page, &base, Action::Goto { url: "/items".into() }).await.unwrap();
    let nodes = parse_snapshot(&page.snapshot().await.unwrap());
    let refs: Vec<&str> = nodes
        .iter()
        .filter(|n| n.role == "button" && n.name.as_deref() == Some("내보내기"))
        .filter_map(|n| n.reference.as_deref())
        .collect();
    assert_eq!(refs.len(), 2);
    let first = page.durable_locators(refs[0], "button", Some(("내보내기", true))).await.unwrap();
    let second = page.durable_locators(refs[1], "button", Some(("내보내기", true))).await.unwrap();
    assert!(first.iter().all(|l| matches!(l, Locator::Css { .. })), "{first:?}");
    assert!(!first.is_empty() && !second.is_empty() && first != second, "{first:?} {second:?}");
    run(&page, &base, Action::Goto { url: "/items/new".into() }).await.unwrap();
    let nodes = parse_snapshot(&page.snapshot().await.unwrap());
    let price = nodes.iter().find(|n| n.role == "spinbutton").and_then(|n| n.reference.clone()).unwrap();
    let durable = page.durable_locators(&price, "spinbutton", Some(("가격", true))).await.unwrap();
    assert_eq!(
        durable[..3],
        [
            Locator::Role { role: "spinbutton".into(), name: "가격".into(), exact: true },
            Locator::Label { text: "가격".into() },
            Locator::Css { selector: "#price".into() },
        ]
    );

    // Failing checks explain themselves.
    let failure =
        run(&page, &base, expect(role("heading", "상품 등록"), Assertion::Text { expected: "상품 수정".into() })).await;
    match failure {
        Err(BrowserError::AssertionFailed { expected, actual, .. }) => {
            assert_eq!(expected, "\"상품 수정\"");
            assert_eq!(actual, "\"상품 등록\"");
        }
        other => panic!("{other:?}"),
    }
    let failure =
        run(&page, &base, Action::ExpectPage { assertion: PageAssertion::Url { expected: "/items".into() } }).await;
    match failure {
        Err(BrowserError::AssertionFailed { actual, .. }) => assert!(actual.ends_with("/items/new"), "{actual}"),
        other => panic!("{other:?}"),
    }
    let failure = run(&page, &base, expect(role("button", "등록"), Assertion::Disabled)).await;
    assert!(
        matches!(failure, Err(BrowserError::AssertionFailed { ref actual, .. }) if actual == "enabled"),
        "{failure:?}"
    );
    let failure = run(&page, &base, Action::Click { target: role("button", "저장") }).await;
    assert!(matches!(failure, Err(BrowserError::NotFound { .. })), "{failure:?}");
    run(&page, &base, Action::Goto { url: "/items".into() }).await.unwrap();
    let failure = run(&page, &base, Action::Click { target: role("button", "내보내기") }).await;
    assert!(matches!(failure, Err(BrowserError::Ambiguous { count: 2, .. })), "{failure:?}");
    let failure = run(&page, &base, Action::Goto { url: "http://127.0.0.1:9/".into() }).await;
    assert!(matches!(failure, Err(BrowserError::Navigation { .. })), "{failure:?}");

    page.close().await;
    browser.close().await;
}
