//! Browser contexts and connections: a login saved once is reused by a later context, contexts
//! take a locale and time zone, and an already running Chromium is reachable over CDP.

use specwright_browser::{Browser, BrowserConfig, ContextOptions, PageSession};
use std::time::Duration;

async fn log_in(page: &PageSession, base: &str) {
    page.goto(&format!("{base}/login")).await.unwrap();
    page.fill("internal:role=textbox[name=\"이메일\"s]", "email", "ada@example.com").await.unwrap();
    page.fill("internal:role=textbox[name=\"비밀번호\"s]", "password", "demo1234").await.unwrap();
    page.click("internal:role=button[name=\"로그인\"s]", "login").await.unwrap();
    page.expect_visible("internal:role=heading[name=\"대시보드\"s]", "dashboard").await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_saved_login_state_starts_the_next_context_logged_in() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let base = app.url();
    let browser = Browser::launch(BrowserConfig::detect().unwrap()).await.unwrap();

    let first = browser.new_page().await.unwrap();
    log_in(&first, &base).await;
    let state = first.storage_state().await.unwrap();
    assert!(state.contains("ada@example.com"), "the login is in the saved state");
    first.close().await;

    // Without the state a new context is logged out and lands on the login page...
    let fresh = browser.new_page().await.unwrap();
    fresh.goto(&format!("{base}/dashboard")).await.unwrap();
    fresh.expect_visible("internal:role=heading[name=\"로그인\"s]", "login").await.unwrap();
    fresh.close().await;

    // ...with it, the dashboard opens directly, in the locale and time zone asked for.
    let options = ContextOptions {
        locale: Some("en-US".into()),
        timezone: Some("Asia/Seoul".into()),
        storage_state: Some(state),
        folders: None,
    };
    let reused = browser.new_page_with(&options).await.unwrap();
    reused.goto(&format!("{base}/dashboard")).await.unwrap();
    reused.expect_visible("internal:role=heading[name=\"대시보드\"s]", "dashboard").await.unwrap();
    let language = reused.evaluate_text("navigator.language").await.unwrap();
    let zone = reused.evaluate_text("Intl.DateTimeFormat().resolvedOptions().timeZone").await.unwrap();
    assert_eq!((language.as_str(), zone.as_str()), ("en-US", "Asia/Seoul"));
    reused.close().await;

    let broken =
        browser.new_page_with(&ContextOptions { storage_state: Some("{not json".into()), ..Default::default() }).await;
    assert!(broken.is_err_and(|e| e.to_string().contains("log in again")));
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_chromium_is_driven_over_cdp() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let profile = tempfile::tempdir().unwrap();
    let chromium = specwright_browser::find_chromium().unwrap();
    let mut child = std::process::Command::new(&chromium)
        .args(specwright_browser::CHROMIUM_ARGS)
        .args(["--headless=new", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0"])
        // What the page reports as its browser: only this Chromium says so, not one launched instead.
        .arg("--user-agent=specwright-cdp-browser")
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg("about:blank")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Chromium writes the port it picked to DevToolsActivePort once it listens.
    let port_file = profile.path().join("DevToolsActivePort");
    let mut port = None;
    for _ in 0..200 {
        if let Some(p) = std::fs::read_to_string(&port_file).ok().and_then(|t| t.lines().next().map(str::to_string)) {
            port = Some(p);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let endpoint = format!("http://127.0.0.1:{}", port.expect("chromium reported its debugging port"));

    let mut config = BrowserConfig::detect().unwrap();
    config.cdp_endpoint = Some(endpoint);
    let browser = Browser::launch(config).await.unwrap();
    let page = browser.new_page().await.unwrap();
    log_in(&page, &app.url()).await;
    assert_eq!(page.evaluate_text("navigator.userAgent").await.unwrap(), "specwright-cdp-browser");
    page.close().await;
    browser.close().await;
    let _ = child.kill();
    let _ = child.wait();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_remote_playwright_server_is_driven_by_its_endpoint() {
    use std::io::BufRead;
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let chromium = specwright_browser::find_chromium().unwrap();
    let mut server = std::process::Command::new("node")
        .current_dir(specwright_tests::repo_root())
        .arg("tests/tools/playwright-server.mjs")
        .arg(&chromium)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut endpoint = String::new();
    std::io::BufReader::new(server.stdout.take().unwrap()).read_line(&mut endpoint).unwrap();
    assert!(endpoint.starts_with("ws://127.0.0.1:"), "{endpoint}");

    let mut config = BrowserConfig::detect().unwrap();
    config.remote_endpoint = Some(endpoint.trim().to_string());
    let browser = Browser::launch(config).await.unwrap();
    let page = browser.new_page().await.unwrap();
    log_in(&page, &app.url()).await;
    assert_eq!(page.evaluate_text("navigator.userAgent").await.unwrap(), "specwright-remote-browser");
    page.close().await;
    browser.close().await;
    drop(server.stdin.take());
    let _ = server.wait();
}

/// Presses `button` on the page after filling what `fields` names, and says whether the step
/// changed the app's data by the rule trials are scheduled with.
async fn changes_data(page: &PageSession, fields: &[(&str, &str)], button: &str) -> bool {
    for (name, value) in fields {
        page.fill(&format!("internal:label=\"{name}\"s"), name, value).await.unwrap();
    }
    let selector = format!("internal:role=button[name=\"{button}\"s]");
    let mark = page.mark().await;
    let login = page.submits_login(&mark, &selector).await;
    let writes = page.data_requests();
    page.click(&selector, button).await.unwrap();
    // The request leaves the page a moment after the click: wait for it to be seen (or not).
    let sent = page.evaluate_text("new Promise((r) => setTimeout(() => r('1'), 300))").await;
    assert!(sent.is_ok());
    specwright_rails::changed_data(page, writes, login)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_a_step_sends_tells_whether_it_changed_the_apps_data() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let browser = Browser::launch(BrowserConfig::detect().unwrap()).await.unwrap();
    let page = browser.new_page().await.unwrap();
    page.goto(&format!("{}/reference/writes.html", app.url())).await.unwrap();
    assert_eq!(page.data_requests(), 0, "loading a page changes nothing");
    // A search reads; a login's POST starts a session and leaves the data as it was.
    assert!(!changes_data(&page, &[], "검색").await, "a GET changes nothing");
    assert!(!changes_data(&page, &[("이메일", "ada@example.com"), ("비밀번호", "demo1234")], "로그인").await);
    // A save and a delete change it; so does a form with two typed passwords (a sign-up, a
    // password change), even though it sends a password too.
    assert!(changes_data(&page, &[], "저장").await, "a POST of a record");
    assert!(changes_data(&page, &[], "삭제").await, "a DELETE");
    assert!(changes_data(&page, &[("새 비밀번호", "s3cret!"), ("비밀번호 확인", "s3cret!")], "가입").await);
    page.close().await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lanes_are_contexts_of_one_browser_which_closes_with_the_last() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let base = app.url();
    let main = specwright_browser::BrowserSession::start(BrowserConfig::detect().unwrap(), ContextOptions::default())
        .await
        .unwrap();
    let lane = main.lane().await.unwrap();
    log_in(lane.page(), &base).await;
    // The lane's login is its own: the first context is still logged out.
    main.page().goto(&format!("{base}/dashboard")).await.unwrap();
    main.page().expect_visible("internal:role=heading[name=\"로그인\"s]", "login").await.unwrap();
    lane.close().await;
    // Closing a lane leaves the browser to the session that still holds it.
    let again = main.lane().await.unwrap();
    again.page().goto(&format!("{base}/login")).await.unwrap();
    again.close().await;
    main.close().await;
}
