//! The browser layer's less common actions on the interactions reference page: uploads,
//! downloads, dialogs, popups and tabs, drag and drop, double-click, typing, scrolling, waiting,
//! history. Each is a scenario `Action`, so exploration, trials and replays get them all.

use specwright_browser::{Browser, BrowserConfig, BrowserError, PageSession};
use specwright_runtime::{write_exports, ExportFormat};
use specwright_scenario::{
    Action, Assertion, ElementState, Locator, PageAssertion, Provenance, Scenario, Step, Target, Value, Verification,
    WaitCondition, SCHEMA_VERSION,
};
use specwright_tests::{output_dir, repo_root, run_playwright_test};

fn role(role: &str, name: &str) -> Target {
    Target {
        strategies: vec![Locator::Role { role: role.into(), name: name.into(), exact: true }],
        frame_path: vec![],
        ..Default::default()
    }
}

async fn run(page: &PageSession, base: &str, action: &Action) -> Result<(), BrowserError> {
    let resolve = |value: &Value| match value {
        Value::Literal { value } => Ok(value.clone()),
        other => Err(BrowserError::MissingValue(specwright_browser::Missing::Variable(format!("{other:?}")))),
    };
    page.perform(action, base, &resolve, "").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploads_downloads_dialogs_popups_drag_and_more() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let base = app.url();
    let downloads = tempfile::tempdir().unwrap();
    let mut config = BrowserConfig::detect().unwrap();
    config.action_timeout_ms = 3_000.0;
    config.downloads_dir = downloads.path().to_path_buf();
    config.files_dir = repo_root().join("tests/fixtures/upload");
    let browser = Browser::launch(config).await.unwrap();
    let page = browser.new_page().await.unwrap();

    // The status line has no accessible name; address it by its test-free CSS id.
    let status = Target {
        strategies: vec![Locator::Css { selector: "#status".into() }],
        frame_path: vec![],
        ..Default::default()
    };
    let says =
        |text: &str| Action::Expect { target: status.clone(), assertion: Assertion::Text { expected: text.into() } };

    let steps = vec![
        Action::Goto { url: "/reference/interactions.html".into() },
        Action::Upload { target: role("button", "첨부 파일"), files: vec!["spec-note.txt".into()] },
        says("선택한 파일: spec-note.txt"),
        Action::Click { target: role("button", "보고서 다운로드") },
        Action::ExpectPage { assertion: PageAssertion::Download { file_name: "report.txt".into() } },
        // Dialogs: dismissed unless a step says how to answer the next one.
        Action::Click { target: role("button", "알림 보기") },
        says("알림 닫힘"),
        Action::Click { target: role("button", "삭제 확인") },
        says("취소됨"),
        Action::Dialog { accept: true, prompt_text: None },
        Action::Click { target: role("button", "삭제 확인") },
        says("삭제됨"),
        Action::Dialog { accept: true, prompt_text: Some("에이다".into()) },
        Action::Click { target: role("button", "이름 묻기") },
        says("이름: 에이다"),
        Action::Drag { target: role("button", "사과"), to: role("region", "장바구니") },
        says("장바구니: 사과"),
        Action::DoubleClick { target: role("button", "두 번 클릭") },
        says("더블 클릭됨"),
        Action::Type { target: role("searchbox", "검색"), value: Value::Literal { value: "키보드".into() } },
        says("입력한 글자 수: 3"),
        Action::ScrollIntoView { target: role("button", "맨 아래 버튼") },
        Action::Click { target: role("button", "맨 아래 버튼") },
        says("맨 아래 클릭됨"),
        Action::Click { target: role("button", "불러오기") },
        Action::WaitFor {
            condition: WaitCondition::Element {
                target: Target {
                    strategies: vec![Locator::Text { text: "불러오기 완료".into(), exact: true }],
                    frame_path: vec![],
                    ..Default::default()
                },
                state: ElementState::Visible,
            },
        },
        // A link with target=_blank opens a tab; the session follows it, then comes back.
        Action::Click { target: role("link", "도움말 열기") },
        Action::SwitchPage { index: 1 },
        Action::Expect { target: role("heading", "도움말"), assertion: Assertion::Visible },
        Action::ExpectPage { assertion: PageAssertion::Title { expected: "도움말".into() } },
        Action::SwitchPage { index: 0 },
        Action::Expect { target: role("heading", "상호작용"), assertion: Assertion::Visible },
        Action::Goto { url: "/reference/help.html".into() },
        Action::Back,
        Action::WaitFor { condition: WaitCondition::Url { expected: "/reference/interactions.html".into() } },
        Action::Reload,
        Action::WaitFor { condition: WaitCondition::NetworkIdle },
        says("준비"),
    ];
    for (i, action) in steps.iter().enumerate() {
        if let Err(e) = run(&page, &base, action).await {
            panic!("step {} ({}) failed: {e}", i + 1, action.name());
        }
    }
    assert_eq!(page.tab_count(), 2);
    assert_eq!(
        page.dialogs(),
        vec![
            "alert: 안녕하세요",
            "confirm: 정말 삭제할까요?",
            "confirm: 정말 삭제할까요?",
            "prompt: 이름을 입력하세요"
        ]
    );
    assert_eq!(std::fs::read_to_string(downloads.path().join("report.txt")).unwrap(), "report");

    // Inside an iframe (the target names its frame) and inside an open shadow root (role
    // locators pierce it), the same actions work.
    let in_frame = |role_name: &str, name: &str| Target {
        strategies: vec![Locator::Role { role: role_name.into(), name: name.into(), exact: true }],
        frame_path: vec!["iframe[title=\"문의 양식 / Contact form\"]".into()],
        ..Default::default()
    };
    for action in [
        Action::Goto { url: "/reference/iframe.html".into() },
        Action::Fill {
            target: in_frame("textbox", "제목 / Subject"),
            value: Value::Literal { value: "배송 문의".into() },
        },
        Action::Check { target: in_frame("checkbox", "사본 받기 / Send me a copy") },
        Action::Click { target: in_frame("button", "보내기 / Send") },
        Action::Expect {
            target: in_frame("status", ""),
            assertion: Assertion::ContainsText { expected: "Sent".into() },
        },
        Action::Goto { url: "/reference/shadow.html".into() },
        Action::Fill {
            target: role("textbox", "쿠폰 코드 / Coupon code"),
            value: Value::Literal { value: "WELCOME10".into() },
        },
        Action::Click { target: role("button", "적용 / Apply") },
        Action::Expect {
            target: role("status", ""),
            assertion: Assertion::Text { expected: "적용됨: WELCOME10 / Applied".into() },
        },
    ] {
        if let Err(e) = run(&page, &base, &action).await {
            panic!("{} failed: {e}", action.name());
        }
    }
    run(&page, &base, &Action::Goto { url: "/reference/interactions.html".into() }).await.unwrap();

    // Console errors and failed requests since the last look are reported with the next result.
    let _ = page.take_console_errors();
    run(&page, &base, &Action::Click { target: role("button", "오류 내기") }).await.unwrap();
    let mut reported = Vec::new();
    for _ in 0..40 {
        reported.extend(page.take_console_errors());
        if reported.iter().any(|e| e.contains("127.0.0.1:9/unreachable.json") && e.starts_with("GET")) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(reported.iter().any(|e| e == "의도한 오류"), "{reported:?}");
    assert!(reported.iter().any(|e| e.starts_with("GET http://127.0.0.1:9/unreachable.json")), "{reported:?}");

    // Missing things fail with a reason, not a hang.
    let missing =
        run(&page, &base, &Action::Upload { target: role("button", "첨부 파일"), files: vec!["nope.txt".into()] })
            .await;
    assert!(
        matches!(missing, Err(BrowserError::MissingValue(specwright_browser::Missing::File(ref m))) if m.contains("nope.txt")),
        "{missing:?}"
    );
    let none =
        run(&page, &base, &Action::ExpectPage { assertion: PageAssertion::Download { file_name: "other.pdf".into() } })
            .await;
    assert!(
        matches!(none, Err(BrowserError::AssertionFailed { ref actual, .. }) if actual == "report.txt"),
        "{none:?}"
    );
    let no_tab = run(&page, &base, &Action::SwitchPage { index: 5 }).await;
    assert!(matches!(no_tab, Err(BrowserError::NotFound { .. })), "{no_tab:?}");

    page.close().await;
    browser.close().await;

    // The same steps, exported, pass under the real Playwright Test runner.
    let scenario = Scenario {
        schema_version: SCHEMA_VERSION,
        id: "scn_interactions".into(),
        title: "상호작용 참조 페이지".into(),
        target_url: base.clone(),
        variables: vec![],
        data: None,
        preconditions: vec![],
        steps: steps
            .into_iter()
            .enumerate()
            .map(|(i, action)| Step {
                index: i as u32 + 1,
                intent: format!("{} {}", action.name(), i + 1),
                action,
                provenance: Provenance::Observed { snapshot_ref: "reference page".into() },
                verification: Verification::Passed,
                expects_refusal: false,
                response: None,
                heals: Vec::new(),
            })
            .collect(),
        assumptions: vec![],
        open_questions: vec![],
    };
    let out = output_dir("interactions_export");
    write_exports(&out, &scenario, None, &[ExportFormat::Playwright], &|_: &str| None).unwrap();
    std::fs::copy(repo_root().join("tests/fixtures/upload/spec-note.txt"), out.join("spec-note.txt")).unwrap();
    let run = run_playwright_test(&out, &base, &[]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success() && stdout.contains("1 passed"), "{stdout}\n{}", String::from_utf8_lossy(&run.stderr));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_quotes_the_apps_words_without_the_icon_drawn_beside_them() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let browser = Browser::launch(BrowserConfig::detect().unwrap()).await.unwrap();
    let page = browser.new_page().await.unwrap();
    page.goto(&format!("{}/reference/interactions.html", app.url())).await.unwrap();
    let mark = page.mark().await;
    // A toast as icon-font widgets draw it: the icon is a ligature word inside the alert.
    let toast = "(() => { const d = document.createElement('div'); d.setAttribute('role', 'alert'); \
        d.className = 'q-notification bg-negative'; \
        d.innerHTML = '<i class=\"material-icons q-icon\" aria-hidden=\"true\">warning</i><span>정원을 초과합니다.</span>'; \
        document.body.appendChild(d); return 1; })()";
    page.evaluate_text(toast).await.unwrap();
    let refusal = page.refusal_since(&mark, std::time::Duration::from_millis(300)).await.expect("the toast refuses");
    assert_eq!(refusal.message, "정원을 초과합니다.");
    browser.close().await;
}

/// A refusal is what the step caused: a form a link opened, whose fields are invalid before
/// anyone typed (a multi-select its widget validates as soon as it is drawn), is read fresh and
/// never taken for the app refusing the click — in a new document and in the same one; the
/// same fields validated by a step that acts on them are.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_form_a_step_opened_is_not_refused_by_its_untouched_fields() {
    use std::time::Duration;
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let browser = Browser::launch(BrowserConfig::detect().unwrap()).await.unwrap();
    let page = browser.new_page().await.unwrap();
    page.goto(&format!("{}/reference/interactions.html", app.url())).await.unwrap();
    // A link to the form: a new document.
    let mark = page.mark().await;
    page.evaluate_text("(() => { location.href = '/reference/fresh-form.html'; return 1; })()").await.unwrap();
    assert_eq!(page.refusal_since(&mark, Duration::from_millis(800)).await, None, "a new page, untouched");
    // The widget's own check, after the page was read.
    tokio::time::sleep(Duration::from_millis(400)).await;
    // The form drawn in the same document by a click: the same.
    page.goto(&format!("{}/reference/interactions.html", app.url())).await.unwrap();
    let mark = page.mark().await;
    let draw = "(() => { const f = document.createElement('form'); \
        f.innerHTML = '<label for=o>Owner</label><input id=o aria-invalid=true>\
        <label for=t>Tags</label><select id=t multiple required><option>bug</option></select>'; \
        document.body.appendChild(f); document.getElementById('t').checkValidity(); return 1; })()";
    page.evaluate_text(draw).await.unwrap();
    assert_eq!(page.refusal_since(&mark, Duration::from_millis(300)).await, None, "a form drawn in place");
    // A step on the form that validates it: the browser's refusal, in its words.
    let mark = page.mark().await;
    page.evaluate_text("(() => { document.getElementById('t').checkValidity(); return 1; })()").await.unwrap();
    let refusal = page.refusal_since(&mark, Duration::from_millis(300)).await.expect("the check refuses");
    assert!(refusal.message.starts_with("Tags: "), "{refusal:?}");
    browser.close().await;
}

/// An error summary the server draws after a submit, known by its id and not by a class
/// (Rails' `errorExplanation` on a tracker, `error_explanation` in a scaffold, an `errors`
/// box on a PHP form): the app refused the step, in its words.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_error_summary_named_by_its_id_is_a_refusal() {
    use std::time::Duration;
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let browser = Browser::launch(BrowserConfig::detect().unwrap()).await.unwrap();
    let page = browser.new_page().await.unwrap();
    for (id, words) in [
        ("errorExplanation", "Description cannot be blank"),
        ("error_explanation", "Title must be given"),
        ("form-errors", "The e-mail address is not valid"),
    ] {
        page.goto(&format!("{}/reference/interactions.html", app.url())).await.unwrap();
        let mark = page.mark().await;
        let draw = format!(
            "(() => {{ const d = document.createElement('div'); d.id = '{id}'; \
             d.innerHTML = '<ul><li>{words}</li></ul>'; document.body.prepend(d); return 1; }})()"
        );
        page.evaluate_text(&draw).await.unwrap();
        let refusal = page.refusal_since(&mark, Duration::from_millis(300)).await;
        assert!(refusal.as_ref().is_some_and(|r| r.message.contains(words)), "{id}: {refusal:?}");
    }
    browser.close().await;
}

/// A message a stylesheet sets in capitals (`text-transform: uppercase`: a CMS's field errors, a
/// shop's banner, a tracker's flash) is the app's words as written, not as drawn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_styled_in_capitals_is_read_as_written() {
    use std::time::Duration;
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let browser = Browser::launch(BrowserConfig::detect().unwrap()).await.unwrap();
    let page = browser.new_page().await.unwrap();
    for (class, words) in [
        ("ControlErrorsList", "Email didn't match the pattern: Must be a valid e-mail address."),
        ("alert-danger", "Quantity must be between 1 and 20."),
        ("flash-error", "Subject cannot be blank"),
    ] {
        page.goto(&format!("{}/reference/interactions.html", app.url())).await.unwrap();
        let mark = page.mark().await;
        let draw = format!(
            "(() => {{ const d = document.createElement('ul'); d.className = '{class}'; \
             d.style.textTransform = 'uppercase'; d.innerHTML = '<li>{}</li>'; document.body.prepend(d); return 1; }})()",
            words.replace('\'', "\\'")
        );
        page.evaluate_text(&draw).await.unwrap();
        let refusal = page.refusal_since(&mark, Duration::from_millis(300)).await;
        assert!(refusal.as_ref().is_some_and(|r| r.message.contains(words)), "{class}: {refusal:?}");
    }
    browser.close().await;
}

/// The menu that holds a control not drawn yet, in three apps' shapes: a CMS's footer arrow
/// beside its header's own menu, a tracker's dropdown beside its sibling list, a shop's toggle
/// that names its list by `aria-controls`. The other menu on the page holds other commands.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_menu_holding_a_hidden_command_is_the_one_that_opens_it() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let browser = Browser::launch(BrowserConfig::detect().unwrap()).await.unwrap();
    let page = browser.new_page().await.unwrap();
    let header = "<header><div><button aria-expanded='false' aria-label='Actions'>…</button>\
                  <div hidden><a href='#'>Copy</a><a href='#'>Move</a></div></div></header>";
    for (menu, holder) in [
        (
            "<footer><button>Save draft</button><div class='w-dropdown'><button aria-expanded='false'>\
             <span class='sr'>More actions</span></button><div style='display:none'>\
             <button type='submit'>Publish</button><a href='#'>Unpublish</a></div></div></footer>",
            "more actions",
        ),
        (
            "<div class='btn-group'><button data-toggle='dropdown' aria-haspopup='true'>Workflow</button>\
             <ul class='dropdown-menu' style='display:none'><li><a href='#'>Publish</a></li></ul></div>",
            "workflow",
        ),
        (
            "<div><button aria-expanded='false' aria-controls='more'>더 보기</button></div>\
             <ul id='more' hidden><li role='menuitem'>Publish</li></ul>",
            "더 보기",
        ),
    ] {
        page.goto(&format!("{}/reference/interactions.html", app.url())).await.unwrap();
        let draw = format!(
            "(() => {{ const d = document.createElement('div'); d.innerHTML = \"{}\"; document.body.append(d); return 1; }})()",
            format!("{header}{menu}").replace('"', "\\\"")
        );
        page.evaluate_text(&draw).await.unwrap();
        assert_eq!(page.menus_holding("Publish").await, [holder], "{menu}");
        assert_eq!(page.menus_holding("Move").await, ["actions"], "{menu}");
        assert!(page.menus_holding("Delete").await.is_empty(), "{menu}");
    }
    browser.close().await;
}

/// A success an app writes as a plain sentence of its page (a wiki's "moved" line with its two
/// links, a tracker's notice, a shop's paragraph) is read whole; navigation and buttons are not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_own_sentences_are_read_whole_with_their_links() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let browser = Browser::launch(BrowserConfig::detect().unwrap()).await.unwrap();
    let page = browser.new_page().await.unwrap();
    page.goto(&format!("{}/reference/interactions.html", app.url())).await.unwrap();
    let draw = "(() => { const d = document.createElement('main'); d.innerHTML = \
        '<nav>Moved pages</nav><p><b>\"<a href=\"#\">Notes 1</a>\" was moved to \"<a href=\"#\">Weekly notes 1</a>\".</b></p>\
         <div class=\"notice\">Issue 12 has been closed.</div><button>Range created</button>\
         <p style=\"display:none\">Hidden text here</p>'; document.body.append(d); return 1; })()";
    page.evaluate_text(draw).await.unwrap();
    let prose = page.prose().await;
    for said in ["\"Notes 1\" was moved to \"Weekly notes 1\".", "Issue 12 has been closed."] {
        assert!(prose.iter().any(|p| p == said), "{said}: {prose:?}");
    }
    for not_said in ["Moved pages", "Range created", "Hidden text here"] {
        assert!(!prose.iter().any(|p| p.contains(not_said)), "{not_said}: {prose:?}");
    }
    browser.close().await;
}
