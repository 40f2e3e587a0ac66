//! A browser session that survives its browser: when Chromium (or the driver) dies mid-run, the
//! session relaunches it, restores the last URL and login state, and retries the step once, so a
//! crash costs a few seconds instead of the run.

use crate::{Browser, BrowserConfig, BrowserError, ContextOptions, PageSession, Resolve};
use specwright_scenario::Action;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

pub struct BrowserSession {
    config: BrowserConfig,
    options: ContextOptions,
    /// Shared with the lanes opened from this session (contexts of one browser).
    browser: Arc<Browser>,
    page: PageSession,
    last_url: Option<String>,
    /// Storage state after the last successful step (cookies, local storage).
    last_state: Option<String>,
    recoveries: u32,
    /// Raised by the person's stop: a step in progress (a page that never finishes loading)
    /// is abandoned at once.
    cancel: Option<Arc<AtomicBool>>,
    /// What `{{run}}` becomes in this run's names (see `specwright_scenario::RUN_TAG`).
    run_tag: String,
}

/// What happened while performing a step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Performed {
    Done,
    /// The browser had died; it was relaunched at `url` and the step then succeeded.
    Recovered {
        url: String,
    },
}

impl BrowserSession {
    pub async fn start(config: BrowserConfig, options: ContextOptions) -> Result<Self, BrowserError> {
        let browser = Arc::new(Browser::launch(config.clone()).await?);
        let page = browser.new_page_with(&options).await?;
        Ok(Self {
            config,
            options,
            browser,
            page,
            last_url: None,
            last_state: None,
            recoveries: 0,
            cancel: None,
            run_tag: String::new(),
        })
    }

    /// Another session on the same browser, in a fresh context of its own: trials of different
    /// scenarios run side by side without a second browser. A lane that finds the browser dead
    /// relaunches one for itself.
    pub async fn lane(&self) -> Result<Self, BrowserError> {
        self.lane_with(self.options.clone()).await
    }

    /// A lane whose context starts with `options` (another run's folders, on a shared browser).
    pub async fn lane_with(&self, options: ContextOptions) -> Result<Self, BrowserError> {
        let (browser, page) = match self.browser.new_page_with(&options).await {
            Ok(page) => (Arc::clone(&self.browser), page),
            Err(_) => {
                let browser = Arc::new(Browser::launch(self.config.clone()).await?);
                let page = browser.new_page_with(&options).await?;
                (browser, page)
            }
        };
        Ok(Self {
            config: self.config.clone(),
            options,
            browser,
            page,
            last_url: None,
            last_state: None,
            recoveries: 0,
            cancel: self.cancel.clone(),
            run_tag: String::new(),
        })
    }

    /// The flag that stops the run: a step waiting on the browser returns as soon as it is raised.
    pub fn set_cancel(&mut self, cancel: Arc<AtomicBool>) {
        self.cancel = Some(cancel);
    }

    /// What `{{run}}` becomes from now on (a new tag for each trial run of a scenario that
    /// creates data).
    pub fn set_run_tag(&mut self, tag: &str) {
        self.run_tag = tag.to_string();
    }

    pub fn run_tag(&self) -> &str {
        &self.run_tag
    }

    fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::SeqCst))
    }

    /// Resolves once the run is stopped (never, without a cancel flag).
    async fn stopped(&self) {
        loop {
            if self.cancelled() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The browser as a report names it.
    pub fn browser_name(&self) -> String {
        self.browser.name()
    }

    pub fn page(&self) -> &PageSession {
        &self.page
    }

    pub fn recoveries(&self) -> u32 {
        self.recoveries
    }

    /// A new, empty context (a fresh start for the next trial run); relaunches a dead browser.
    pub async fn fresh_context(&mut self) -> Result<(), BrowserError> {
        let page = match self.browser.new_page_with(&self.options).await {
            Ok(page) => page,
            Err(_) => {
                self.relaunch().await?;
                self.browser.new_page_with(&self.options).await?
            }
        };
        let old = std::mem::replace(&mut self.page, page);
        close_quietly(old).await;
        self.last_url = None;
        self.last_state = None;
        Ok(())
    }

    /// Performs `action`; if it failed because the browser is gone, recovers and retries once.
    pub async fn perform(
        &mut self,
        action: &Action,
        base_url: &str,
        resolve: &Resolve<'_>,
    ) -> Result<Performed, BrowserError> {
        if self.cancelled() {
            return Err(BrowserError::Cancelled);
        }
        // A dead driver never answers: bound the wait so that case reaches the liveness check.
        let budget = Duration::from_millis(self.config.action_timeout_ms as u64 * 3 + 5_000);
        let outcome = tokio::select! {
            outcome = tokio::time::timeout(budget, self.page.perform(action, base_url, resolve, &self.run_tag)) => match outcome {
                Ok(outcome) => outcome,
                Err(_) => Err(BrowserError::Launch("the browser stopped answering".into())),
            },
            () = self.stopped() => return Err(BrowserError::Cancelled),
        };
        match outcome {
            Ok(()) => {
                self.remember().await;
                Ok(Performed::Done)
            }
            // The browser answered with an error (a check failed, a page did not load in time):
            // it is alive, and relaunching it would only repeat the wait.
            Err(error) if !error.may_be_dead_browser() || self.alive().await => Err(error),
            Err(_) if self.cancelled() => Err(BrowserError::Cancelled),
            Err(_) => {
                let url = self.recover().await?;
                self.page.perform(action, base_url, resolve, &self.run_tag).await?;
                self.remember().await;
                Ok(Performed::Recovered { url })
            }
        }
    }

    /// Whether the browser still answers (a trivial script, with a short limit).
    pub async fn alive(&self) -> bool {
        matches!(tokio::time::timeout(Duration::from_secs(3), self.page.evaluate_text("1")).await, Ok(Ok(_)))
    }

    async fn remember(&mut self) {
        let url = self.page.url();
        if url.starts_with("http") {
            self.last_url = Some(url);
        }
        if let Ok(Ok(state)) = tokio::time::timeout(Duration::from_secs(3), self.page.storage_state()).await {
            self.last_state = Some(state);
        }
    }

    async fn relaunch(&mut self) -> Result<(), BrowserError> {
        let browser = Arc::new(Browser::launch(self.config.clone()).await?);
        let old = std::mem::replace(&mut self.browser, browser);
        // The old one is dead or dying: give it a moment, never wait on it (a lane still holding
        // it closes it when it lets go).
        if let Ok(old) = Arc::try_unwrap(old) {
            let _ = tokio::time::timeout(Duration::from_secs(2), old.close()).await;
        }
        Ok(())
    }

    /// Relaunches, restores the login state and the last URL; returns that URL.
    async fn recover(&mut self) -> Result<String, BrowserError> {
        tracing::warn!(url = ?self.last_url, "browser stopped; relaunching");
        self.relaunch().await?;
        let mut options = self.options.clone();
        if let Some(state) = &self.last_state {
            options.storage_state = Some(state.clone());
        }
        let page = self.browser.new_page_with(&options).await?;
        if let Some(url) = &self.last_url {
            page.goto(url).await?;
        }
        let old = std::mem::replace(&mut self.page, page);
        close_quietly(old).await;
        self.recoveries += 1;
        Ok(self.last_url.clone().unwrap_or_default())
    }

    /// Closes the page, and the browser when no other lane holds it.
    pub async fn close(self) {
        close_quietly(self.page).await;
        if let Ok(browser) = Arc::try_unwrap(self.browser) {
            let _ = tokio::time::timeout(Duration::from_secs(5), browser.close()).await;
        }
    }
}

async fn close_quietly(page: PageSession) {
    let _ = tokio::time::timeout(Duration::from_secs(2), page.close()).await;
}
