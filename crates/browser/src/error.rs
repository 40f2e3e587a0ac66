//! Browser errors: what a caller branches on, each displayed in English for logs and the model;
//! the run rails turn them into the catalog's sentences for a person (`specwright_rails::error`).

#[derive(Debug, thiserror::Error)]
pub enum BrowserError {
    #[error("Chromium was not found: run `make setup` or set SPECWRIGHT_CHROMIUM to its executable.")]
    ChromiumMissing,
    #[error("The Playwright driver (playwright-core) was not found: run `make setup` or set PLAYWRIGHT_CLI_JS.")]
    DriverMissing,
    #[error("Node.js was not found: run `make setup` or set PLAYWRIGHT_NODE_EXE.")]
    NodeMissing,
    #[error("The browser did not start: {0}")]
    Launch(String),
    #[error("Could not open {url}: {reason}")]
    Navigation { url: String, reason: String },
    #[error("No element matches {target} on the page")]
    NotFound { target: String },
    #[error("{count} elements match {target}; it must be exactly one")]
    Ambiguous { target: String, count: usize },
    #[error("Check failed on {target}: expected {expected}, found {actual}")]
    AssertionFailed { target: String, expected: String, actual: String },
    #[error("{0}")]
    MissingValue(Missing),
    #[error("{action} failed: {reason}")]
    Action { action: String, reason: String },
    /// The application answered the step with an error of its own.
    #[error("The application refused this step: {message}")]
    Refused { message: String },
    /// A step held to a request it sent when it was recorded: not sent this time (`status`
    /// none), or answered with an error.
    #[error("{request} was expected to reach the app and be accepted; {}", answered(.status))]
    RequestRefused { request: String, status: Option<u16> },
    #[error("The run was stopped.")]
    Cancelled,
}

/// How a request a step is held to was answered, for the English message.
fn answered(status: &Option<u16>) -> String {
    match status {
        Some(status) => format!("the app answered {status}"),
        None => "the step did not send it".to_string(),
    }
}

/// A value a step needs that nobody gave.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Missing {
    #[error("The secret {0} is not set: pass --secret {0}=... or set SPECWRIGHT_SECRET_{0}.")]
    Secret(String),
    #[error("The variable {{{{{0}}}}} has no value.")]
    Variable(String),
    #[error("The variable {{{{{0}}}}} is not defined.")]
    UndefinedVariable(String),
    #[error("The test data has no value for '{0}'.")]
    TestData(String),
    #[error("The file to upload does not exist: {0}")]
    File(String),
    #[error("The file to upload is not inside the session's folder: {0}")]
    FileOutside(String),
}

impl BrowserError {
    /// Whether the failure may mean the browser or its driver is gone (so a liveness check is
    /// worth its seconds): not when the page answered with a verdict of its own.
    pub fn may_be_dead_browser(&self) -> bool {
        match self {
            BrowserError::Launch(_) => true,
            BrowserError::Action { reason, .. } | BrowserError::Navigation { reason, .. } => {
                let reason = reason.to_lowercase();
                ["closed", "crash", "disconnected", "target", "connection"].iter().any(|w| reason.contains(w))
            }
            _ => false,
        }
    }
}
