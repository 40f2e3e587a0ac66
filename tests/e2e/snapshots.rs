//! What the model sees, on real pages in Chromium: the compact snapshot keeps every interactive
//! element of Playwright's AI snapshot addressable, never shows a password, folds long tables,
//! and the diff after an action shows what changed and nothing else.

use specwright_browser::{diff, interactive_refs, Browser, BrowserConfig, CompactSnapshot, PageSession, NO_CHANGE};
use specwright_scenario::Locator;

const FORM_PASSWORD: &str = "s3cr3t-Pa55";
const DEMO_PASSWORD: &str = "demo1234";

fn role(role: &str, name: &str) -> String {
    Locator::Role { role: role.into(), name: name.into(), exact: true }.playwright_selector()
}

/// The compact view, after checking that each interactive ref of the full snapshot is in its
/// text or behind one of its handles, and that no secret shows in it or its expansions.
async fn checked(page: &PageSession, label: &str, secrets: &[&str]) -> CompactSnapshot {
    let full = page.snapshot().await.unwrap();
    let compact = page.compact_snapshot(secrets).await.unwrap();
    let expected = interactive_refs(&full);
    assert!(!expected.is_empty(), "{label}: no interactive element in\n{full}");
    let reachable = compact.addressable_refs();
    let missing: Vec<&String> = expected.iter().filter(|r| !reachable.contains(*r)).collect();
    assert!(missing.is_empty(), "{label}: not addressable {missing:?} in\n{}", compact.text());
    let mut everything = compact.text().to_string();
    for group in compact.elided() {
        assert!(compact.text().contains(&format!("(expand: {})", group.handle)), "{label}: {group:?}");
        everything.push_str(&compact.expand(&group.handle).unwrap());
    }
    for secret in [FORM_PASSWORD, DEMO_PASSWORD] {
        assert!(!everything.contains(secret), "{label}: {secret} shows in\n{everything}");
    }
    compact
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compact_snapshots_and_diffs_on_real_pages() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let base = app.url();
    let mut config = BrowserConfig::detect().unwrap();
    config.action_timeout_ms = 5_000.0;
    let browser = Browser::launch(config).await.unwrap();
    let page = browser.new_page().await.unwrap();

    // Demo login, with the password typed: masked although no secret is passed in.
    page.goto(&format!("{base}/login")).await.unwrap();
    page.fill(&role("textbox", "비밀번호"), "password", DEMO_PASSWORD).await.unwrap();
    assert!(page.snapshot().await.unwrap().contains(DEMO_PASSWORD), "Playwright shows the value in clear");
    let login = checked(&page, "demo login", &[]).await;
    assert!(login.text().contains("••••"), "{}", login.text());
    page.fill(&role("textbox", "이메일"), "email", "ada@example.com").await.unwrap();
    page.click(&role("button", "로그인"), "login").await.unwrap();
    page.expect_visible(&role("heading", "대시보드"), "dashboard").await.unwrap();

    // Demo list, then the confirmation dialog: the diff is the dialog, not the table.
    page.goto(&format!("{base}/items")).await.unwrap();
    page.expect_visible(&role("heading", "상품 목록"), "list").await.unwrap();
    let list = checked(&page, "demo list", &[DEMO_PASSWORD]).await;
    assert!(list.text().contains("outside main:") && list.text().contains("로그아웃"), "{}", list.text());
    let again = page.compact_snapshot(&[]).await.unwrap();
    assert_eq!(diff(&list, &again), NO_CHANGE);
    page.click(&role("button", "기계식 키보드 삭제"), "delete").await.unwrap();
    page.expect_visible(&role("heading", "삭제 확인"), "dialog").await.unwrap();
    let dialog = checked(&page, "demo list + dialog", &[]).await;
    assert!(dialog.text().contains("behind the dialog"), "{}", dialog.text());
    let change = diff(&list, &dialog);
    assert!(change.contains("dialog") && change.contains("삭제 확인"), "{change}");
    for unchanged in ["columnheader", "129,000원", "27인치 모니터", "USB-C 허브", "row"] {
        assert!(!change.contains(unchanged), "the diff shows the unchanged table ({unchanged}):\n{change}");
    }
    // With focus taken out of it, the page's own word (aria-modal) still makes it the view.
    page.evaluate_text("document.activeElement.blur() || 'blurred'").await.unwrap();
    let unfocused = page.compact_snapshot(&[]).await.unwrap();
    assert!(!unfocused.text().contains("[active]"), "{}", unfocused.text());
    assert!(unfocused.text().starts_with("behind the dialog"), "{}", unfocused.text());
    page.click(&role("button", "취소"), "cancel").await.unwrap();

    // Demo create form, and the diff after submitting it empty: the two messages.
    page.goto(&format!("{base}/items/new")).await.unwrap();
    page.expect_visible(&role("heading", "상품 등록"), "form").await.unwrap();
    let form = checked(&page, "demo create", &[]).await;
    page.click(&role("button", "등록"), "submit").await.unwrap();
    page.expect_visible("internal:text=\"상품명을 입력해 주세요.\"s", "error").await.unwrap();
    let errors = checked(&page, "demo create errors", &[]).await;
    let change = diff(&form, &errors);
    assert!(change.contains("상품명을 입력해 주세요.") && change.contains("가격은 0보다 커야 합니다."), "{change}");
    assert!(!change.contains("카테고리"), "{change}");

    // Long table: folded with a count and a handle that expands to every row.
    page.goto(&format!("{base}/reference/long-table.html")).await.unwrap();
    let table = checked(&page, "long table", &[]).await;
    let text = table.text();
    assert!(text.contains("more rows with") && text.contains("(expand: "), "{text}");
    let rows = table.elided().iter().find(|g| g.role == "row").expect("the rows are folded");
    assert!(rows.count >= 490 && rows.controls >= 1400, "{rows:?}");
    let expanded = table.expand(&rows.handle).unwrap();
    assert!(expanded.contains("ORD-0250") && expanded.contains("ORD-0500"), "{}", &expanded[..500.min(expanded.len())]);
    assert!(text.contains("ORD-0500"), "the last row stays in view");
    let full = page.snapshot().await.unwrap();
    assert!(text.len() * 10 < full.len(), "{} vs {}", text.len(), full.len());
    page.set_checked(&role("checkbox", "ORD-0001 선택 / select"), "select", true).await.unwrap();
    let checked_row = page.compact_snapshot(&[]).await.unwrap();
    let change = diff(&table, &checked_row);
    assert!(change.contains("[checked]") && change.contains("ORD-0001") && change.lines().count() <= 4, "{change}");

    // Heavy form: the prefilled password never shows, with or without the secret passed in.
    page.goto(&format!("{base}/reference/form-heavy.html")).await.unwrap();
    assert!(page.snapshot().await.unwrap().contains(FORM_PASSWORD), "Playwright shows the value in clear");
    let heavy = checked(&page, "form heavy", &[]).await;
    assert!(heavy.text().contains("••••"), "{}", heavy.text());
    let heavy = checked(&page, "form heavy with secret", &[FORM_PASSWORD]).await;
    assert!(!format!("{heavy:?}").contains(FORM_PASSWORD));

    // An iframe's form and a shadow root's controls are in the view with their refs.
    page.goto(&format!("{base}/reference/iframe.html")).await.unwrap();
    page.expect_visible(
        &format!("iframe >> internal:control=enter-frame >> {}", role("button", "보내기 / Send")),
        "send",
    )
    .await
    .unwrap();
    let frame = checked(&page, "iframe", &[]).await;
    assert!(frame.text().contains("보내기 / Send") && frame.text().contains("iframe"), "{}", frame.text());
    page.goto(&format!("{base}/reference/shadow.html")).await.unwrap();
    let shadow = checked(&page, "shadow", &[]).await;
    assert!(shadow.text().contains("textbox 쿠폰 코드 / Coupon code"), "{}", shadow.text());
    page.click(&role("button", "적용 / Apply"), "apply").await.unwrap();
    page.expect_visible("internal:text=\"적용됨\"i", "applied").await.unwrap();
    let applied = page.compact_snapshot(&[]).await.unwrap();
    let change = diff(&shadow, &applied);
    assert!(change.contains("적용됨") && !change.contains("쿠폰 / Coupons"), "{change}");

    page.close().await;
    browser.close().await;
}
