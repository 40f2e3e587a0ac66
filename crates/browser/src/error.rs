//! Browser errors, with the next step for a person in each message.

#[derive(Debug, thiserror::Error)]
pub enum BrowserError {
    #[error(
        "Chromium을 찾을 수 없습니다. `make setup`(apt-get install chromium)으로 설치하거나 SPECWRIGHT_CHROMIUM에 실행 파일 경로를 지정하세요. \
         / Chromium was not found: run `make setup` (apt-get install chromium) or set SPECWRIGHT_CHROMIUM to its executable."
    )]
    ChromiumMissing,
    #[error(
        "Playwright 드라이버(playwright-core)를 찾을 수 없습니다. 저장소에서 `make setup`(npm ci)을 실행하거나 PLAYWRIGHT_CLI_JS를 지정하세요. \
         / The Playwright driver (playwright-core) was not found: run `make setup` (npm ci) in the repository or set PLAYWRIGHT_CLI_JS."
    )]
    DriverMissing,
    #[error(
        "Node.js를 찾을 수 없습니다. `make setup`으로 설치하거나 PLAYWRIGHT_NODE_EXE를 지정하세요. \
         / Node.js was not found: run `make setup` or set PLAYWRIGHT_NODE_EXE."
    )]
    NodeMissing,
    #[error("브라우저를 시작하지 못했습니다: {0} / The browser did not start: {0}")]
    Launch(String),
    #[error("{url} 페이지를 열 수 없습니다: {reason} / Could not open {url}: {reason}")]
    Navigation { url: String, reason: String },
    #[error("화면에서 요소를 찾지 못했습니다: {target} / No element matches {target} on the page")]
    NotFound { target: String },
    #[error("화면에 같은 요소가 {count}개 있어 하나로 정할 수 없습니다: {target} / {count} elements match {target}; it must be exactly one")]
    Ambiguous { target: String, count: usize },
    #[error("확인 실패: {target} — 기대 {expected}, 실제 {actual} / Check failed on {target}: expected {expected}, found {actual}")]
    AssertionFailed { target: String, expected: String, actual: String },
    /// Carries its own bilingual sentence.
    #[error("{0}")]
    MissingValue(String),
    #[error("{action} 동작이 실패했습니다: {reason} / {action} failed: {reason}")]
    Action { action: String, reason: String },
    /// The application answered the step with an error of its own.
    #[error("앱이 이 단계를 받아들이지 않았습니다: {message} / The application refused this step: {message}")]
    Refused { message: String },
    #[error("실행이 중지되었습니다. / The run was stopped.")]
    Cancelled,
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
