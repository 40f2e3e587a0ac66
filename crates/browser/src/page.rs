//! One page in a fresh browser context: the actions a step can take and the views of the page
//! (AI snapshot for machines, JPEG frame for people).

use crate::page_events::{lock, wait_for, watch, DialogAnswer, SharedLog};
use crate::{BrowserConfig, BrowserError};
use specwright_scenario::Assertion;
use std::sync::Arc;

use playwright_rs::{
    expect, expect_page, AriaSnapshotMode, AriaSnapshotOptions, BrowserContext, GotoOptions, Page, ScreenshotOptions,
    ScreenshotType, SelectOption, Viewport, WaitForOptions, WaitForState, WaitUntil,
};
use std::time::Duration;

mod capture;

pub struct PageSession {
    context: BrowserContext,
    /// The first tab.
    page: Page,
    /// The tab steps act on after a `switch_page`; the first tab until then.
    active: std::sync::Mutex<Option<Page>>,
    pub(crate) log: SharedLog,
    pub(crate) timeout: Duration,
    files_dir: std::path::PathBuf,
    viewport: (u32, u32),
    /// Mirror frames are this fraction of the viewport's size (1.0 = full size).
    frame_scale: f64,
    /// The CDP session frames are captured through, kept per tab (by its guid): opening and
    /// detaching one for every frame cost two round trips.
    cdp: std::sync::Mutex<Option<(String, playwright_rs::protocol::CDPSession)>>,
}

/// Outlines the focused element (the one just clicked or filled) in mirror frames only.
pub const FRAME_STYLE: &str = "*:focus { outline: 3px solid #f59e0b !important; outline-offset: 2px !important; } \
     [data-specwright-candidate] { outline: 3px dashed #2563eb !important; outline-offset: 2px !important; }";
/// Password fields are painted over in every frame: their values never reach a person's screen
/// recording, a stored file or a bug report.
pub const MASKED: &str = "input[type=password]";

impl PageSession {
    pub(crate) async fn new(context: BrowserContext, page: Page, config: &BrowserConfig) -> Result<Self, BrowserError> {
        page.set_default_timeout(config.action_timeout_ms).await;
        page.set_default_navigation_timeout(config.action_timeout_ms * 3.0).await;
        page.set_viewport_size(Viewport { width: config.viewport.0, height: config.viewport.1 })
            .await
            .map_err(|e| BrowserError::Launch(e.to_string()))?;
        let log = SharedLog::default();
        watch(page.clone(), Arc::clone(&log), config.downloads_dir.clone()).await;
        Ok(Self {
            context,
            page,
            active: std::sync::Mutex::new(None),
            log,
            timeout: Duration::from_millis(config.action_timeout_ms as u64),
            files_dir: config.files_dir.clone(),
            viewport: config.viewport,
            frame_scale: config.frame_scale,
            cdp: std::sync::Mutex::new(None),
        })
    }

    /// Where relative upload paths are resolved (the scenario's folder).
    pub fn files_dir(&self) -> &std::path::Path {
        &self.files_dir
    }

    pub(crate) fn locator_for(&self, selector: &str) -> playwright_rs::Locator {
        self.tab().locator(selector)
    }

    /// The tab steps act on.
    fn tab(&self) -> Page {
        self.active.lock().unwrap_or_else(|p| p.into_inner()).clone().unwrap_or_else(|| self.page.clone())
    }

    pub fn url(&self) -> String {
        self.tab().url()
    }

    pub async fn goto(&self, url: &str) -> Result<(), BrowserError> {
        let options = GotoOptions::new().wait_until(WaitUntil::Load);
        self.tab()
            .goto(url, Some(options))
            .await
            .map_err(|e| BrowserError::Navigation { url: url.to_string(), reason: short(&e.to_string()) })?;
        Ok(())
    }

    /// How many elements match `selector` right now.
    pub async fn count(&self, selector: &str) -> Result<usize, BrowserError> {
        self.bounded("count", async {
            self.tab().locator(selector).count().await.map_err(|e| action_error("count", e))
        })
        .await
    }

    /// A look at the page that the driver never answers (a renderer stuck in a script, a tab
    /// that paints no frame, a driver gone) must not hold the run: actions have Playwright's
    /// own limits, and every inspection is bounded here by a little more than them.
    async fn bounded<T>(
        &self,
        what: &str,
        call: impl std::future::Future<Output = Result<T, BrowserError>>,
    ) -> Result<T, BrowserError> {
        match tokio::time::timeout(self.timeout * 2 + Duration::from_secs(2), call).await {
            Ok(result) => result,
            Err(_) => Err(action_error_text(what, "the browser did not answer in time")),
        }
    }

    /// Playwright locators are strict (an action on several matches fails) and auto-wait on the
    /// driver side, so actions go straight to the driver; only a failure costs a second look to
    /// tell a person whether nothing or several things matched.
    async fn explain(&self, selector: &str, describe: &str, action: &str, error: playwright_rs::Error) -> BrowserError {
        let text = error.to_string();
        match self.tab().locator(selector).count().await {
            Ok(0) => BrowserError::NotFound { target: describe.to_string() },
            Ok(n) if n > 1 || text.contains("strict mode violation") => {
                BrowserError::Ambiguous { target: describe.to_string(), count: n }
            }
            _ => action_error(action, error),
        }
    }

    pub async fn click(&self, selector: &str, describe: &str) -> Result<(), BrowserError> {
        match self.tab().locator(selector).click(None).await {
            Ok(()) => Ok(()),
            Err(e) => Err(self.explain(selector, describe, "click", e).await),
        }
    }

    pub async fn fill(&self, selector: &str, describe: &str, value: &str) -> Result<(), BrowserError> {
        self.until_quiet().await;
        let locator = self.tab().locator(selector);
        // A date typed into a text box: date pickers drawn over one (bootstrap-datepicker,
        // jQuery UI) read what is typed key by key and drop a value set without keys when the
        // field loses focus, so it is typed as a person types it (as the exported test does).
        if is_written_date(value) {
            let text_box = locator.evaluate::<bool, ()>(TEXT_BOX_JS, None).await.unwrap_or(false);
            if text_box {
                let typed = match locator.fill("", None).await {
                    Ok(()) => locator.press_sequentially(value, None).await,
                    Err(e) => Err(e),
                };
                if let Err(e) = typed {
                    return Err(self.explain(selector, describe, "fill", e).await);
                }
                let _ = self
                    .bounded("fill", async {
                        locator.dispatch_event("change", None).await.map_err(|e| action_error("fill", e))
                    })
                    .await;
                return Ok(());
            }
        }
        if let Err(e) = locator.fill(value, None).await {
            return Err(self.explain(selector, describe, "fill", e).await);
        }
        // A page script may write into the field while it is being filled (a login name made
        // from the real name when that field loses focus): what it holds then is not what was
        // typed, so it is filled once more. A value the app reformats on purpose stays as it is.
        let held = self.bounded("fill", async { locator.input_value(None).await.map_err(|e| action_error("fill", e)) });
        if held.await.is_ok_and(|held| held != value) {
            if let Err(e) = locator.fill(value, None).await {
                return Err(self.explain(selector, describe, "fill", e).await);
            }
        }
        // A person's typing is committed when they move on: pages that enable their save button
        // or check a field on `change` (MediaWiki's preferences) see it, as the exported test's
        // `fillIn` makes them. Focus stays, so a list of suggestions the typing opened stays open.
        let _ = self
            .bounded("fill", async {
                locator.dispatch_event("change", None).await.map_err(|e| action_error("fill", e))
            })
            .await;
        Ok(())
    }

    pub async fn expect_visible(&self, selector: &str, describe: &str) -> Result<(), BrowserError> {
        // `Locator::wait_for` asks the driver for the element's handle and never releases it:
        // an extra object per call. Node's `locator.waitFor` sends `omitReturnValue`, and so
        // does this: one round trip, nothing left behind.
        use playwright_rs::server::channel_owner::ChannelOwner;
        let params = serde_json::json!({
            "selector": selector,
            "strict": true,
            "state": "visible",
            "timeout": self.timeout.as_millis() as f64,
            "omitReturnValue": true,
        });
        let result = match self.tab().main_frame().await {
            Ok(frame) => frame.channel().send::<_, serde_json::Value>("waitForSelector", params).await.map(|_| ()),
            Err(e) => Err(e),
        };
        match result {
            Ok(()) => Ok(()),
            Err(e) => Err(self.explain(selector, describe, "expect visible", e).await),
        }
    }

    pub async fn select(&self, selector: &str, describe: &str, value: &str) -> Result<(), BrowserError> {
        let locator = self.tab().locator(selector);
        let native: bool = match locator.evaluate("(e) => e.tagName === 'SELECT'", None::<()>).await {
            Ok(native) => native,
            Err(e) => return Err(self.explain(selector, describe, "select", e).await),
        };
        if !native {
            // A widget drawn as a combobox (select2, Quasar, MUI): open it, then pick the option
            // people see, exactly as the exported test does.
            // A widget that keeps its value on a server (NiceGUI, Vaadin) shows it once the server
            // answers: the pick holds when the widget shows it; a pick lost in a closing menu's
            // animation is made once more.
            let option = format!("internal:role=option[name={}s]", serde_json::to_string(value).unwrap_or_default());
            for attempt in 0..2 {
                if let Err(e) = locator.click(None).await {
                    return Err(self.explain(selector, describe, "select", e).await);
                }
                if self.tab().locator(&option).first().click(None).await.is_err() {
                    return Err(BrowserError::NotFound { target: format!("option \"{value}\" of {describe}") });
                }
                let shown = self.widget_shows(&locator, value).await;
                if shown || attempt == 1 {
                    return if shown {
                        Ok(())
                    } else {
                        Err(BrowserError::AssertionFailed {
                            target: describe.to_string(),
                            expected: value.to_string(),
                            actual: "another value".into(),
                        })
                    };
                }
            }
            return Ok(());
        }
        // Specs name what people see (the label); fall back to the option's value attribute.
        if locator.select_option(SelectOption::Label(value.to_string()), None).await.is_ok() {
            return Ok(());
        }
        match locator.select_option(SelectOption::Value(value.to_string()), None).await {
            Ok(_) => Ok(()),
            Err(e) => Err(self.explain(selector, describe, "select", e).await),
        }
    }

    /// For a `<select>`, whether it shows `expected` within the limit (`Err` with what it shows
    /// instead); `None` for any other element. A select's value is the option people read, not
    /// its `value` attribute ("1" for "unread").
    async fn select_shows(&self, locator: &playwright_rs::Locator, expected: &str) -> Option<Result<(), String>> {
        let wanted: String = expected.split_whitespace().collect::<Vec<_>>().join(" ");
        let deadline = tokio::time::Instant::now() + self.timeout;
        loop {
            let shown = tokio::time::timeout(
                Duration::from_secs(2),
                locator.evaluate::<serde_json::Value, ()>(specwright_scenario::SELECT_SHOWS_JS, None),
            )
            .await;
            let shown = match shown {
                Ok(Ok(serde_json::Value::String(label))) => label,
                Ok(Ok(_)) => return None,
                // Not there (yet), or several: never read as empty; the ordinary check says which.
                _ if tokio::time::Instant::now() >= deadline => return None,
                _ => {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            };
            if shown == wanted {
                return Some(Ok(()));
            }
            if tokio::time::Instant::now() >= deadline {
                return Some(Err(shown));
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Whether a drawn combobox shows `value` (its text, or an input's value) within the limit.
    async fn widget_shows(&self, locator: &playwright_rs::Locator, value: &str) -> bool {
        let script = specwright_scenario::WIDGET_SHOWS_JS;
        let deadline = tokio::time::Instant::now() + self.timeout;
        let wanted: String = value.split_whitespace().collect::<Vec<_>>().join(" ");
        loop {
            if let Ok(Ok(text)) =
                tokio::time::timeout(Duration::from_secs(2), locator.evaluate::<String, ()>(script, None)).await
            {
                if text.split_whitespace().collect::<Vec<_>>().join(" ").contains(&wanted) {
                    return true;
                }
            }
            if tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    pub async fn set_checked(&self, selector: &str, describe: &str, checked: bool) -> Result<(), BrowserError> {
        let locator = self.tab().locator(selector);
        let result = if checked { locator.check(None).await } else { locator.uncheck(None).await };
        match result {
            Ok(()) => Ok(()),
            // A switch drawn by a script that updates itself after a round trip (Quasar, MUI):
            // Playwright's click did land, and the state follows when the app answers. Wait for
            // it; a second click before then would switch it back. Only a switch that still has
            // not moved gets one more click.
            Err(e) if e.to_string().contains("did not change its state") => {
                let settled = |limit: Duration| {
                    let check = expect(locator.clone()).with_timeout(limit);
                    async move {
                        if checked {
                            check.to_be_checked().await
                        } else {
                            check.not().to_be_checked().await
                        }
                    }
                };
                if settled(self.timeout).await.is_ok() {
                    return Ok(());
                }
                locator.click(None).await.map_err(|e| action_error("check", e))?;
                settled(self.timeout).await.map_err(|_| BrowserError::AssertionFailed {
                    target: describe.to_string(),
                    expected: if checked { "checked".into() } else { "not checked".into() },
                    actual: if checked { "not checked".into() } else { "checked".into() },
                })
            }
            Err(e) => Err(self.explain(selector, describe, if checked { "check" } else { "uncheck" }, e).await),
        }
    }

    pub async fn press(&self, selector: &str, describe: &str, key: &str) -> Result<(), BrowserError> {
        match self.tab().locator(selector).press(key, None).await {
            Ok(()) => Ok(()),
            Err(e) => Err(self.explain(selector, describe, "press", e).await),
        }
    }

    pub async fn hover(&self, selector: &str, describe: &str) -> Result<(), BrowserError> {
        match self.tab().locator(selector).hover(None).await {
            Ok(()) => Ok(()),
            Err(e) => Err(self.explain(selector, describe, "hover", e).await),
        }
    }

    /// A deterministic check on the target; a failure says what was expected and what was there.
    pub async fn expect(&self, selector: &str, describe: &str, assertion: &Assertion) -> Result<(), BrowserError> {
        let locator = self.tab().locator(selector);
        let check = expect(locator.clone()).with_timeout(self.timeout);
        let (result, expected) = match assertion {
            Assertion::Visible => return self.expect_visible(selector, describe).await,
            Assertion::Hidden => (check.to_be_hidden().await, "hidden".to_string()),
            Assertion::Text { expected } => (check.to_have_text(expected).await, format!("\"{expected}\"")),
            Assertion::ContainsText { expected } => {
                (check.to_contain_text(expected).await, format!("text containing \"{expected}\""))
            }
            Assertion::Value { expected } => {
                if let Some(shown) = self.select_shows(&locator, expected).await {
                    return shown.map_err(|actual| BrowserError::AssertionFailed {
                        target: describe.to_string(),
                        expected: shown_value(expected),
                        actual: shown_value(&actual),
                    });
                }
                (check.to_have_value(expected).await, format!("value \"{expected}\""))
            }
            Assertion::Count { expected } => {
                (check.to_have_count(*expected as usize).await, format!("{expected} element(s)"))
            }
            Assertion::Enabled => (check.to_be_enabled().await, "enabled".to_string()),
            Assertion::Disabled => (check.to_be_disabled().await, "disabled".to_string()),
            Assertion::Checked => (check.to_be_checked().await, "checked".to_string()),
        };
        if result.is_ok() {
            return Ok(());
        }
        let count = locator.count().await.unwrap_or(0);
        let target = describe.to_string();
        if !matches!(assertion, Assertion::Hidden | Assertion::Count { .. }) {
            if count == 0 {
                return Err(BrowserError::NotFound { target });
            }
            if count > 1 {
                return Err(BrowserError::Ambiguous { target, count });
            }
        }
        let actual = match assertion {
            Assertion::Count { .. } => format!("{count} element(s)"),
            Assertion::Hidden => "visible".to_string(),
            Assertion::Text { .. } | Assertion::ContainsText { .. } => {
                let text = locator.inner_text().await.map(|t| t.trim().to_string()).unwrap_or_default();
                // A field has no text, only a value: say so, with the value it holds.
                match locator.input_value(None).await {
                    Ok(value) if text.is_empty() => {
                        format!("a field holding \"{value}\" (a field has no text: check its value)")
                    }
                    _ => format!("\"{text}\""),
                }
            }
            Assertion::Value { .. } => {
                locator.input_value(None).await.map(|v| format!("value \"{v}\"")).unwrap_or_default()
            }
            Assertion::Enabled | Assertion::Disabled => {
                if locator.is_enabled().await.unwrap_or(false) {
                    "enabled".into()
                } else {
                    "disabled".into()
                }
            }
            Assertion::Checked => "not checked".to_string(),
            Assertion::Visible => String::new(),
        };
        Err(BrowserError::AssertionFailed { target, expected, actual })
    }

    pub async fn expect_url(&self, expected: &str) -> Result<(), BrowserError> {
        match expect_page(&self.tab()).with_timeout(self.timeout).to_have_url(expected).await {
            Ok(()) => Ok(()),
            Err(_) => Err(BrowserError::AssertionFailed {
                target: "URL".into(),
                expected: expected.to_string(),
                actual: self.tab().url(),
            }),
        }
    }

    pub async fn expect_title(&self, expected: &str) -> Result<(), BrowserError> {
        match expect_page(&self.tab()).with_timeout(self.timeout).to_have_title(expected).await {
            Ok(()) => Ok(()),
            Err(_) => Err(BrowserError::AssertionFailed {
                target: "title".into(),
                expected: format!("\"{expected}\""),
                actual: format!("\"{}\"", self.tab().title().await.unwrap_or_default()),
            }),
        }
    }

    pub async fn go_back(&self) -> Result<(), BrowserError> {
        self.tab().go_back(None).await.map(|_| ()).map_err(|e| action_error("back", e))
    }

    pub async fn reload(&self) -> Result<(), BrowserError> {
        self.tab().reload(None).await.map(|_| ()).map_err(|e| action_error("reload", e))
    }

    pub async fn double_click(&self, selector: &str, describe: &str) -> Result<(), BrowserError> {
        match self.tab().locator(selector).dblclick(None).await {
            Ok(()) => Ok(()),
            Err(e) => Err(self.explain(selector, describe, "double-click", e).await),
        }
    }

    /// Types key by key, for fields that react to each keystroke.
    pub async fn type_text(&self, selector: &str, describe: &str, text: &str) -> Result<(), BrowserError> {
        match self.tab().locator(selector).press_sequentially(text, None).await {
            Ok(()) => Ok(()),
            Err(e) => Err(self.explain(selector, describe, "type", e).await),
        }
    }

    pub async fn upload(
        &self,
        selector: &str,
        describe: &str,
        files: &[std::path::PathBuf],
    ) -> Result<(), BrowserError> {
        for file in files {
            if !file.is_file() {
                return Err(BrowserError::MissingValue(crate::Missing::File(file.display().to_string())));
            }
        }
        let locator = self.tab().locator(selector);
        let result = match files {
            [one] => locator.set_input_files(one, None).await,
            many => locator.set_input_files_multiple(&many.iter().collect::<Vec<_>>(), None).await,
        };
        match result {
            Ok(()) => Ok(()),
            Err(e) => Err(self.explain(selector, describe, "upload", e).await),
        }
    }

    pub async fn drag(&self, from: &str, describe: &str, to: &str) -> Result<(), BrowserError> {
        let tab = self.tab();
        match tab.locator(from).drag_to(&tab.locator(to), None).await {
            Ok(()) => Ok(()),
            Err(e) => Err(self.explain(from, describe, "drag", e).await),
        }
    }

    pub async fn scroll_into_view(&self, selector: &str, describe: &str) -> Result<(), BrowserError> {
        match self.tab().locator(selector).scroll_into_view_if_needed().await {
            Ok(()) => Ok(()),
            Err(e) => Err(self.explain(selector, describe, "scroll", e).await),
        }
    }

    pub async fn wait_for_element(
        &self,
        selector: &str,
        describe: &str,
        state: WaitForState,
    ) -> Result<(), BrowserError> {
        let options = WaitForOptions::builder().state(state).build();
        match self.tab().locator(selector).wait_for(options).await {
            Ok(()) => Ok(()),
            Err(e) => Err(self.explain(selector, describe, "wait for", e).await),
        }
    }

    pub async fn wait_for_url(&self, url: &str) -> Result<(), BrowserError> {
        self.tab().wait_for_url(url, None).await.map_err(|_| BrowserError::AssertionFailed {
            target: "URL".into(),
            expected: url.to_string(),
            actual: self.url(),
        })
    }

    /// Every link of the page with its address, shown or not (a closed menu's entries): `(text, href)`.
    pub async fn links(&self) -> Vec<(String, String)> {
        let script = "JSON.stringify(Array.from(document.querySelectorAll('a[href]')).slice(0, 2000).map(a => [(a.innerText || a.textContent || '').replace(/\\s+/g, ' ').trim(), a.getAttribute('href') || '']))";
        let Ok(json) = self.evaluate_text(script).await else { return Vec::new() };
        serde_json::from_str(&json).unwrap_or_default()
    }

    /// Waits, two seconds at most, until the page's requests are answered and none was for a
    /// moment: a page whose scripts are still arriving may draw its form anew once they run (a
    /// wiki's widgets built over the server's fields), dropping what was typed before. A person
    /// waits for the page to finish loading; so does typing, and the exported test's `fillIn`.
    /// A request left open for long (a long poll) is no page still loading.
    pub async fn until_quiet(&self) {
        const QUIET: Duration = Duration::from_millis(400);
        let deadline = tokio::time::Instant::now() + Duration::from_secs(2);
        loop {
            let wait = {
                let log = lock(&self.log);
                let loading =
                    log.requests.iter().any(|(_, done, sent)| !done && sent.elapsed() < Duration::from_secs(5));
                let recent = log.last_answer.map(|at| at.elapsed()).filter(|since| *since < QUIET);
                match (loading, recent) {
                    (true, _) => Some(Duration::from_millis(50)),
                    (false, Some(since)) => Some(QUIET - since),
                    (false, None) => None,
                }
            };
            match wait {
                Some(pause) if tokio::time::Instant::now() + pause <= deadline => tokio::time::sleep(pause).await,
                _ => return,
            }
        }
    }

    /// Waits for the tab's document to finish loading (at once when it has).
    pub async fn wait_for_load(&self) {
        let _ = self.tab().wait_for_load_state(Some(WaitUntil::Load)).await;
    }

    pub async fn wait_for_network_idle(&self) -> Result<(), BrowserError> {
        self.tab()
            .wait_for_load_state(Some(WaitUntil::NetworkIdle))
            .await
            .map_err(|e| action_error("wait for network idle", e))
    }

    /// How the next dialog will be answered (otherwise dismissed).
    pub fn answer_next_dialog(&self, answer: DialogAnswer) {
        lock(&self.log).next_dialog = Some(answer);
    }

    /// `type: message` of every dialog the session's tabs opened.
    pub fn dialogs(&self) -> Vec<String> {
        lock(&self.log).dialogs.clone()
    }

    /// Continues on tab `index` (0 = the first; popups follow in opening order), waiting for a
    /// popup that is still opening.
    pub async fn switch_page(&self, index: usize) -> Result<(), BrowserError> {
        let deadline = tokio::time::Instant::now() + self.timeout;
        // Popups arrive as events from the driver; the wait is woken by that event.
        let tab = wait_for(&self.log, deadline, |log| log.pages.get(index).cloned())
            .await
            .ok_or_else(|| BrowserError::NotFound { target: format!("tab {}", index + 1) })?;
        let _ = tab.wait_for_load_state(Some(WaitUntil::Load)).await;
        *self.active.lock().unwrap_or_else(|p| p.into_inner()) = Some(tab);
        Ok(())
    }

    /// Waits until the page's DOM changes, or `max` passes: for a caller that looks again once
    /// the page has rendered something new, without a fixed sleep. A navigation counts as a change.
    pub async fn wait_for_change(&self, max: Duration) -> bool {
        let script = format!(
            "new Promise(resolve => {{ const o = new MutationObserver(() => {{ o.disconnect(); resolve(true); }}); \
             o.observe(document, {{ subtree: true, childList: true, attributes: true, characterData: true }}); \
             setTimeout(() => {{ o.disconnect(); resolve(false); }}, {}); }})",
            max.as_millis()
        );
        let tab = self.tab();
        let wait = tokio::time::timeout(max + self.timeout, tab.evaluate_value(&script));
        !matches!(wait.await, Ok(Ok(v)) if v == "false")
    }

    /// The context's cookies and local storage as JSON, to start a later context logged in.
    pub async fn storage_state(&self) -> Result<String, BrowserError> {
        let state = self
            .bounded("save login state", async {
                self.context.storage_state(None).await.map_err(|e| action_error("save login state", e))
            })
            .await?;
        serde_json::to_string(&state).map_err(|e| action_error_text("save login state", &e.to_string()))
    }

    /// Evaluates a JavaScript expression in the tab and returns it as text (for checks of the
    /// page's environment: language, time zone).
    pub async fn evaluate_text(&self, expression: &str) -> Result<String, BrowserError> {
        let value: serde_json::Value = self
            .bounded("evaluate", async {
                self.tab()
                    .evaluate_value(expression)
                    .await
                    .map(|v| serde_json::from_str(&v).unwrap_or(serde_json::Value::String(v)))
                    .map_err(|e| action_error("evaluate", e))
            })
            .await?;
        Ok(value.as_str().map(str::to_string).unwrap_or_else(|| value.to_string()))
    }

    /// Where the single element `selector` matches is on screen: `(x, y, width, height)` in CSS px.
    pub async fn bounding_box(&self, selector: &str) -> Result<Option<(f64, f64, f64, f64)>, BrowserError> {
        let found = self.tab().locator(selector).bounding_box().await.map_err(|e| action_error("locate", e))?;
        Ok(found.map(|b| (b.x, b.y, b.width, b.height)))
    }

    /// Where the single element `selector` matches sits in the viewport, as fractions of its
    /// width and height `[x, y, width, height]`, clipped to it. `None` when nothing or several
    /// things match, it is hidden, or it is wholly off screen: the mirror then outlines nothing
    /// rather than the wrong thing. Never waits for the element (it may be gone after a step).
    pub async fn viewport_box(&self, selector: &str) -> Option<[f32; 4]> {
        let look = async {
            if self.count(selector).await.ok()? != 1 {
                return None;
            }
            self.bounding_box(selector).await.ok()?
        };
        let (x, y, width, height) = tokio::time::timeout(Duration::from_secs(2), look).await.ok()??;
        let (vw, vh) = (f64::from(self.viewport.0.max(1)), f64::from(self.viewport.1.max(1)));
        let (left, top) = ((x / vw).clamp(0.0, 1.0), (y / vh).clamp(0.0, 1.0));
        let (right, bottom) = (((x + width) / vw).clamp(0.0, 1.0), ((y + height) / vh).clamp(0.0, 1.0));
        if right - left <= 0.0 || bottom - top <= 0.0 {
            return None;
        }
        Some([left as f32, top as f32, (right - left) as f32, (bottom - top) as f32])
    }

    /// A JPEG without masks, for the test that proves masking changes the pixels. Never used
    /// for frames people see.
    #[doc(hidden)]
    pub async fn unmasked_jpeg_for_tests(&self) -> Result<Vec<u8>, BrowserError> {
        let options = ScreenshotOptions::builder().screenshot_type(ScreenshotType::Jpeg).quality(70).build();
        self.tab().screenshot(Some(options)).await.map_err(|e| action_error("screenshot", e))
    }

    pub fn tab_count(&self) -> usize {
        lock(&self.log).pages.len()
    }

    /// Waits until a download of `file_name` has finished.
    pub async fn expect_download(&self, file_name: &str) -> Result<(), BrowserError> {
        let deadline = tokio::time::Instant::now() + self.timeout;
        let found =
            wait_for(&self.log, deadline, |log| log.downloads.iter().any(|d| d == file_name).then_some(())).await;
        match found {
            Some(()) => Ok(()),
            None => {
                let downloads = lock(&self.log).downloads.clone();
                Err(BrowserError::AssertionFailed {
                    target: "downloads".into(),
                    expected: file_name.to_string(),
                    actual: if downloads.is_empty() { "none".into() } else { downloads.join(", ") },
                })
            }
        }
    }

    /// Console errors and uncaught page errors since the previous call.
    pub fn take_console_errors(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .tab()
            .console_messages()
            .iter()
            .filter(|m| m.type_() == "error")
            .map(|m| m.text().to_string())
            .collect();
        out.extend(self.tab().page_errors());
        out.extend(std::mem::take(&mut lock(&self.log).failed_requests));
        self.tab().clear_console_messages();
        self.tab().clear_page_errors();
        out
    }

    /// An attribute of the single element `selector` matches.
    pub async fn attribute(&self, selector: &str, name: &str) -> Result<Option<String>, BrowserError> {
        self.bounded("inspect", async {
            self.tab().locator(selector).get_attribute(name).await.map_err(|e| action_error("inspect", e))
        })
        .await
    }

    /// Whether the single element `selector` matches is a native `<select>` (a value is chosen
    /// there, never typed).
    pub async fn is_select(&self, selector: &str) -> bool {
        let locator = self.tab().locator(selector);
        matches!(
            tokio::time::timeout(
                Duration::from_secs(2),
                locator.evaluate::<bool, ()>("(e) => e.tagName === 'SELECT'", None)
            )
            .await,
            Ok(Ok(true))
        )
    }

    /// The `type` attribute of the single element `selector` matches (to spot password fields).
    pub async fn input_type(&self, selector: &str) -> Result<Option<String>, BrowserError> {
        self.attribute(selector, "type").await
    }

    pub async fn close(self) {
        let _ = self.context.close().await;
    }
}

fn action_error_text(action: &str, reason: &str) -> BrowserError {
    BrowserError::Action { action: action.to_string(), reason: short(reason) }
}

fn action_error(action: &str, error: playwright_rs::Error) -> BrowserError {
    BrowserError::Action { action: action.to_string(), reason: short(&error.to_string()) }
}

/// Driver messages carry call logs many lines long; people need the first line.
fn short(message: &str) -> String {
    let first = message.lines().next().unwrap_or(message).trim();
    let mut out: String = first.chars().take(300).collect();
    if first.chars().count() > 300 {
        out.push('…');
    }
    out
}

/// A field's value as a person reads it in a diagnosis: quoted, or "empty".
fn shown_value(value: &str) -> String {
    if value.is_empty() {
        "empty".to_string()
    } else {
        format!("\"{value}\"")
    }
}

/// Whether an element is a plain text box (where a date picker may be drawn over it), not a
/// browser's own date field.
const TEXT_BOX_JS: &str = "(e) => e.tagName === 'INPUT' && (e.type === 'text' || e.type === '')";

/// A date as people write one: three groups of digits with one separator, one of them the year
/// ("1990-02-03", "03/02/1990", "2024.06.10"), a time after it allowed.
pub(crate) fn is_written_date(value: &str) -> bool {
    let date = value.trim().split([' ', 'T']).next().unwrap_or("");
    let Some(sep) = ['-', '/', '.'].into_iter().find(|c| date.contains(*c)) else { return false };
    let parts: Vec<&str> = date.split(sep).collect();
    parts.len() == 3
        && parts.iter().all(|p| !p.is_empty() && p.len() <= 4 && p.chars().all(|c| c.is_ascii_digit()))
        && parts.iter().any(|p| p.len() == 4)
        && value.len() <= 25
}

#[cfg(test)]
mod written_dates {
    use super::is_written_date;

    /// Dates as a contacts app, a shop's coupon form and a Korean booking sheet write them; a
    /// phone number, a price or a version is no date.
    #[test]
    fn a_date_is_three_groups_of_digits_one_of_them_the_year() {
        for date in ["1990-02-03", "03/02/1990", "2024.06.10", "2030-12-31 23:59:00", "2027-01-11T10:30"] {
            assert!(is_written_date(date), "{date}");
        }
        for other in ["555-1109", "12,000", "3.2.0", "+82 2 555 0142", "10:30", "Ivy Chen", "1-2-3"] {
            assert!(!is_written_date(other), "{other}");
        }
    }
}
