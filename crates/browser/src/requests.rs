//! What a step sent and how the app answered: the page, form and fetch requests of the log, as
//! a trial keeps them for evidence and as a step held to a request ([`ResponseCheck`]) waits for.

use crate::page_events::{lock, wait_for, Answered};
use crate::refusal::origin_of;
use crate::{BrowserError, PageSession};
use specwright_scenario::{RequestRecord, ResponseCheck};

/// A request as a person reads it: its path on the app's origin (`origin`), the whole URL on
/// another.
fn record(answered: &Answered, origin: &str) -> RequestRecord {
    let path = match answered.url.strip_prefix(origin) {
        Some("") if !origin.is_empty() => "/".to_string(),
        Some(path) if !origin.is_empty() => path.to_string(),
        _ => answered.url.clone(),
    };
    RequestRecord { method: answered.method.clone(), path, status: answered.status, duration_ms: answered.duration_ms }
}

impl PageSession {
    /// How many requests the page has had answered so far: a step's own are those after.
    pub fn responses_seen(&self) -> usize {
        lock(&self.log).responses.len()
    }

    /// The page, form and fetch requests answered since `from` ([`Self::responses_seen`] before
    /// a step), as evidence of what the step sent and what the server said.
    pub fn requests_since(&self, from: usize) -> Vec<RequestRecord> {
        let origin = origin_of(&self.url());
        lock(&self.log).responses.iter().skip(from).map(|r| record(r, &origin)).collect()
    }

    /// Waits (up to the action timeout) for the request `check` names among those answered since
    /// `from`, on the app at `origin` (where the scenario runs, whatever page the step led to),
    /// and fails when it was never sent or the app answered it 4xx/5xx: the screen after a save
    /// may be drawn by the page alone, the request is what reached the app.
    pub async fn expect_response(
        &self,
        check: &ResponseCheck,
        from: usize,
        origin: &str,
    ) -> Result<RequestRecord, BrowserError> {
        let deadline = tokio::time::Instant::now() + self.timeout;
        let found = wait_for(&self.log, deadline, |log| {
            log.responses.iter().skip(from).map(|r| record(r, origin)).find(|r| check.matches(&r.method, &r.path))
        })
        .await;
        match found {
            Some(request) if request.status < 400 => Ok(request),
            Some(request) => {
                Err(BrowserError::RequestRefused { request: check.describe(), status: Some(request.status) })
            }
            None => Err(BrowserError::RequestRefused { request: check.describe(), status: None }),
        }
    }
}
