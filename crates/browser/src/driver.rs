//! Finds the Playwright driver and Chromium installed by the project's setup, and launches them.

use crate::config::which;
use crate::{BrowserConfig, BrowserError, ContextOptions, PageSession, CHROMIUM_ARGS};
use playwright_rs::{BrowserContextOptions, LaunchOptions, Playwright, StorageState, Viewport};
use std::path::{Path, PathBuf};

#[derive(Debug, Clone)]
pub struct DriverPaths {
    pub node: PathBuf,
    pub cli_js: PathBuf,
}

/// Locates Node.js and `playwright-core/cli.js` and exports them in the variables the driver
/// reads at launch. Call before the async runtime starts (environment writes are not
/// thread-safe); later calls only re-check.
pub fn prepare_driver() -> Result<DriverPaths, BrowserError> {
    // An explicit setting that points nowhere is a mistake to report, not a reason to search.
    let cli_js = match std::env::var_os("PLAYWRIGHT_CLI_JS").filter(|v| !v.is_empty()) {
        Some(path) => Some(PathBuf::from(path)).filter(|p| p.is_file()),
        None => find_cli_js(),
    }
    .ok_or(BrowserError::DriverMissing)?;
    let node = match std::env::var_os("PLAYWRIGHT_NODE_EXE").filter(|v| !v.is_empty()) {
        Some(path) => Some(PathBuf::from(path)).filter(|p| p.is_file()),
        None => which("node"),
    }
    .ok_or(BrowserError::NodeMissing)?;
    if std::env::var_os("PLAYWRIGHT_CLI_JS").as_deref() != Some(cli_js.as_os_str()) {
        // SAFETY-relevant ordering is documented above: shells call this before spawning threads.
        std::env::set_var("PLAYWRIGHT_CLI_JS", &cli_js);
    }
    if std::env::var_os("PLAYWRIGHT_NODE_EXE").as_deref() != Some(node.as_os_str()) {
        std::env::set_var("PLAYWRIGHT_NODE_EXE", &node);
    }
    Ok(DriverPaths { node, cli_js })
}

/// `node_modules/playwright-core/cli.js` next to the executable, the working directory, or any
/// of their ancestors (a repository checkout keeps it at its root).
fn find_cli_js() -> Option<PathBuf> {
    let mut starts = Vec::new();
    if let Some(dir) = std::env::var_os("SPECWRIGHT_HOME") {
        starts.push(PathBuf::from(dir));
    }
    if let Ok(exe) = std::env::current_exe() {
        starts.extend(exe.parent().map(Path::to_path_buf));
    }
    if let Ok(cwd) = std::env::current_dir() {
        starts.push(cwd);
    }
    starts.iter().find_map(|start| {
        start.ancestors().map(|dir| dir.join("node_modules/playwright-core/cli.js")).find(|p| p.is_file())
    })
}

/// A running Playwright driver with one Chromium.
pub struct Browser {
    playwright: Playwright,
    browser: playwright_rs::Browser,
    config: BrowserConfig,
}

impl Browser {
    pub async fn launch(config: BrowserConfig) -> Result<Self, BrowserError> {
        prepare_driver()?;
        let local = config.cdp_endpoint.is_none() && config.remote_endpoint.is_none() && config.channel.is_none();
        if local && !config.chromium.is_file() {
            return Err(BrowserError::ChromiumMissing);
        }
        let playwright = Playwright::launch().await.map_err(|e| BrowserError::Launch(e.to_string()))?;
        let chromium = playwright.chromium();
        let connected = if let Some(endpoint) = &config.cdp_endpoint {
            chromium.connect_over_cdp(endpoint, None).await
        } else if let Some(endpoint) = &config.remote_endpoint {
            chromium.connect(endpoint, None).await
        } else {
            let mut options = LaunchOptions::new()
                .headless(config.headless)
                .args(CHROMIUM_ARGS.iter().map(|s| s.to_string()).chain(config.extra_args.iter().cloned()).collect());
            options = match &config.channel {
                Some(channel) => options.channel(channel.clone()),
                None => options.executable_path(config.chromium.display().to_string()),
            };
            chromium.launch_with_options(options).await
        };
        let browser = match connected {
            Ok(browser) => browser,
            Err(e) => {
                let _ = playwright.shutdown().await;
                return Err(BrowserError::Launch(e.to_string()));
            }
        };
        tracing::info!(chromium = %config.chromium.display(), "browser launched");
        Ok(Self { playwright, browser, config })
    }

    /// A fresh context (no cookies, no storage) with one page.
    pub async fn new_page(&self) -> Result<PageSession, BrowserError> {
        self.new_page_with(&ContextOptions::default()).await
    }

    /// A fresh context with a locale, a time zone and, to skip a login done before, a saved
    /// storage state (cookies and local storage, as `PageSession::storage_state` wrote it).
    pub async fn new_page_with(&self, options: &ContextOptions) -> Result<PageSession, BrowserError> {
        let mut builder = BrowserContextOptions::builder()
            .viewport(Viewport { width: self.config.viewport.0, height: self.config.viewport.1 });
        if let Some(locale) = &options.locale {
            builder = builder.locale(locale.clone());
        }
        if let Some(timezone) = &options.timezone {
            builder = builder.timezone_id(timezone.clone());
        }
        if let Some(json) = &options.storage_state {
            let state: StorageState = serde_json::from_str(json).map_err(|e| {
                BrowserError::Launch(format!(
                    "the saved login state cannot be read ({e}): log in again to save a new one"
                ))
            })?;
            builder = builder.storage_state(state);
        }
        let context = self
            .browser
            .new_context_with_options(builder.build())
            .await
            .map_err(|e| BrowserError::Launch(e.to_string()))?;
        let page = context.new_page().await.map_err(|e| BrowserError::Launch(e.to_string()))?;
        match &options.folders {
            Some(folders) => {
                let config = crate::BrowserConfig {
                    downloads_dir: folders.downloads_dir.clone(),
                    files_dir: folders.files_dir.clone(),
                    ..self.config.clone()
                };
                PageSession::new(context, page, &config).await
            }
            None => PageSession::new(context, page, &self.config).await,
        }
    }

    /// What runs the tests, as a report names it ("Chromium 140.0.7339.80").
    pub fn name(&self) -> String {
        format!("Chromium {}", self.browser.version())
    }

    /// The Playwright browser itself, for what needs no page session (printing a report).
    pub(crate) fn raw(&self) -> &playwright_rs::Browser {
        &self.browser
    }

    pub async fn close(self) {
        let _ = self.browser.close().await;
        let _ = self.playwright.shutdown().await;
    }
}
