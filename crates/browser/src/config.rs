//! How a browser is found and set up: the Chromium executable, where it runs (launched, over
//! CDP, on a remote Playwright server), its limits and folders, and how a new context starts.

use crate::BrowserError;
use std::path::PathBuf;

/// The first `program` on the PATH.
pub(crate) fn which(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(program)).find(|p| p.is_file())
}

/// `SPECWRIGHT_CHROMIUM`, else the usual system locations.
pub fn find_chromium() -> Result<PathBuf, BrowserError> {
    if let Some(path) = std::env::var_os("SPECWRIGHT_CHROMIUM") {
        let path = PathBuf::from(path);
        return if path.is_file() { Ok(path) } else { Err(BrowserError::ChromiumMissing) };
    }
    // Every run is headless, so Chromium's headless shell comes first (Debian's
    // `chromium-headless-shell`; what Playwright itself launches for headless runs): the same
    // engine without the desktop browser around it, about a third less CPU per session on the
    // real-application corpus. The desktop browser is the fallback.
    [
        "/usr/bin/chromium-headless-shell",
        "/usr/bin/chromium",
        "/usr/bin/chromium-browser",
        "/usr/bin/google-chrome",
        "/usr/bin/google-chrome-stable",
    ]
    .iter()
    .map(PathBuf::from)
    .find(|p| p.is_file())
    .or_else(|| which("chromium"))
    .ok_or(BrowserError::ChromiumMissing)
}

/// How a new browser context starts.
#[derive(Debug, Clone, Default)]
pub struct ContextOptions {
    /// `ko-KR`, `en-US` ...
    pub locale: Option<String>,
    /// `Asia/Seoul` ...
    pub timezone: Option<String>,
    /// A storage state (JSON) saved from an earlier context of the same target.
    pub storage_state: Option<String>,
    /// Where this context's downloads and upload files are, when not the browser's: a suite's
    /// sessions share one browser, each with its own folders.
    pub folders: Option<Folders>,
}

/// A context's own downloads folder and the folder its upload steps' files are in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Folders {
    pub downloads_dir: PathBuf,
    pub files_dir: PathBuf,
}

#[derive(Debug, Clone)]
pub struct BrowserConfig {
    pub chromium: PathBuf,
    pub headless: bool,
    /// Per-action auto-wait limit.
    pub action_timeout_ms: f64,
    pub viewport: (u32, u32),
    /// Where downloads of the session's pages are saved.
    pub downloads_dir: PathBuf,
    /// Where relative file paths of upload steps are found.
    pub files_dir: PathBuf,
    /// Drive an already running Chromium (`http://127.0.0.1:9222`) instead of launching one.
    pub cdp_endpoint: Option<String>,
    /// A remote Playwright server (`ws://host:port/...`) instead of a local browser.
    pub remote_endpoint: Option<String>,
    /// An installed browser channel (`chrome`, `msedge`) instead of `chromium`.
    pub channel: Option<String>,
    /// More command-line switches for a launched browser.
    pub extra_args: Vec<String>,
    /// Mirror frames are this fraction of the viewport (0.5: 640×400 for a 1280×800 page).
    pub frame_scale: f64,
}

impl BrowserConfig {
    pub fn detect() -> Result<Self, BrowserError> {
        Ok(Self::with_chromium(find_chromium()?))
    }

    /// The defaults with this browser executable (or, for a remote or channel browser, any
    /// path: it is not launched).
    pub fn with_chromium(chromium: PathBuf) -> Self {
        Self {
            chromium,
            headless: true,
            action_timeout_ms: 5_000.0,
            viewport: (1280, 800),
            downloads_dir: std::env::temp_dir().join("specwright-downloads"),
            files_dir: std::env::current_dir().unwrap_or_default(),
            cdp_endpoint: None,
            remote_endpoint: None,
            channel: None,
            extra_args: Vec::new(),
            frame_scale: 0.5,
        }
    }
}
