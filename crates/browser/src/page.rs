//! One page in a fresh browser context: the actions a step can take and the views of the page
//! (AI snapshot for machines, JPEG frame for people).

use crate::{BrowserConfig, BrowserError};

use playwright_rs::{
    expect, AriaSnapshotMode, AriaSnapshotOptions, BrowserContext, GotoOptions, Page, ScreenshotOptions,
    ScreenshotType, Viewport, WaitForOptions, WaitForState, WaitUntil,
};
use std::time::Duration;

pub struct PageSession {
    context: BrowserContext,
    page: Page,
    timeout: Duration,
}

/// Outlines the focused element (the one just clicked or filled) in mirror frames only.
pub const FRAME_STYLE: &str = "*:focus { outline: 3px solid #f59e0b !important; outline-offset: 2px !important; }";
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
        Ok(Self { context, page, timeout: Duration::from_millis(config.action_timeout_ms as u64) })
    }

    pub fn url(&self) -> String {
        self.page.url()
    }

    pub async fn goto(&self, url: &str) -> Result<(), BrowserError> {
        let options = GotoOptions::new().wait_until(WaitUntil::Load);
        self.page
            .goto(url, Some(options))
            .await
            .map_err(|e| BrowserError::Navigation { url: url.to_string(), reason: short(&e.to_string()) })?;
        Ok(())
    }

    /// How many elements match `selector` right now.
    pub async fn count(&self, selector: &str) -> Result<usize, BrowserError> {
        self.page.locator(selector).count().await.map_err(|e| action_error("count", e))
    }

    /// Waits (auto-wait) until exactly one element matches, so an action never lands on the
    /// wrong one of several.
    async fn unique(&self, selector: &str, describe: &str) -> Result<playwright_rs::Locator, BrowserError> {
        let locator = self.page.locator(selector);
        let deadline = tokio::time::Instant::now() + self.timeout;
        loop {
            let count = locator.count().await.map_err(|e| action_error("locate", e))?;
            match count {
                1 => return Ok(locator),
                0 if tokio::time::Instant::now() < deadline => {}
                0 => return Err(BrowserError::NotFound { target: describe.to_string() }),
                n => return Err(BrowserError::Ambiguous { target: describe.to_string(), count: n }),
            }
            // Polling a DOM query on the driver side is what Playwright's own auto-wait does.
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Playwright locators are strict (an action on several matches fails) and auto-wait on the
    /// driver side, so actions go straight to the driver; only a failure costs a second look to
    /// tell a person whether nothing or several things matched.
    async fn explain(&self, selector: &str, describe: &str, action: &str, error: playwright_rs::Error) -> BrowserError {
        let text = error.to_string();
        match self.page.locator(selector).count().await {
            Ok(0) => BrowserError::NotFound { target: describe.to_string() },
            Ok(n) if n > 1 || text.contains("strict mode violation") => {
                BrowserError::Ambiguous { target: describe.to_string(), count: n }
            }
            _ => action_error(action, error),
        }
    }

    pub async fn click(&self, selector: &str, describe: &str) -> Result<(), BrowserError> {
        match self.page.locator(selector).click(None).await {
            Ok(()) => Ok(()),
            Err(e) => Err(self.explain(selector, describe, "click", e).await),
        }
    }

    pub async fn fill(&self, selector: &str, describe: &str, value: &str) -> Result<(), BrowserError> {
        match self.page.locator(selector).fill(value, None).await {
            Ok(()) => Ok(()),
            Err(e) => Err(self.explain(selector, describe, "fill", e).await),
        }
    }

    pub async fn expect_visible(&self, selector: &str, describe: &str) -> Result<(), BrowserError> {
        let options = WaitForOptions::builder().state(WaitForState::Visible).build();
        match self.page.locator(selector).wait_for(options).await {
            Ok(()) => Ok(()),
            Err(e) => Err(self.explain(selector, describe, "expect visible", e).await),
        }
    }

    pub async fn expect_text(&self, selector: &str, describe: &str, text: &str) -> Result<(), BrowserError> {
        let locator = self.unique(selector, describe).await?;
        expect(locator).with_timeout(self.timeout).to_have_text(text).await.map_err(|e| action_error("expect text", e))
    }

    /// The `type` attribute of the single element `selector` matches (to spot password fields).
    pub async fn input_type(&self, selector: &str) -> Result<Option<String>, BrowserError> {
        self.page.locator(selector).get_attribute("type").await.map_err(|e| action_error("inspect", e))
    }

    /// Playwright's AI-mode ARIA snapshot: YAML with `[ref=eN]` for every element.
    pub async fn snapshot(&self) -> Result<String, BrowserError> {
        self.page
            .aria_snapshot(AriaSnapshotOptions::default().mode(AriaSnapshotMode::Ai))
            .await
            .map_err(|e| action_error("snapshot", e))
    }

    /// A JPEG of the viewport with password fields masked and the focused element outlined.
    pub async fn frame_jpeg(&self) -> Result<Vec<u8>, BrowserError> {
        let options = ScreenshotOptions::builder()
            .screenshot_type(ScreenshotType::Jpeg)
            .quality(70)
            .style(FRAME_STYLE)
            .mask(vec![self.page.locator(MASKED)])
            .mask_color("#5b6170")
            .build();
        self.page.screenshot(Some(options)).await.map_err(|e| action_error("screenshot", e))
    }

    pub async fn close(self) {
        let _ = self.context.close().await;
    }
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
