//! What a page does on its own between actions — dialogs, popups and new tabs, downloads,
//! failed requests — recorded as it happens so the next action and its report can use it.

use playwright_rs::protocol::{Dialog, Download};
use playwright_rs::{Page, Request};
use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

/// How to answer the next dialog; consumed by it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DialogAnswer {
    pub accept: bool,
    pub prompt_text: Option<String>,
}

#[derive(Default)]
pub(crate) struct EventLog {
    pub next_dialog: Option<DialogAnswer>,
    /// `type: message` of every dialog, in order.
    pub dialogs: Vec<String>,
    /// Suggested file names of finished downloads, in order.
    pub downloads: Vec<String>,
    /// `METHOD url — reason` of requests that failed since they were last taken.
    pub failed_requests: Vec<String>,
    /// Every tab of the context in opening order (popups, `target=_blank`, `window.open`).
    pub pages: Vec<Page>,
    /// Every finished request's answer, in order (what a step's request answered tells whether
    /// the app refused it).
    pub responses: Vec<Answered>,
    /// WebSockets the pages opened (an app that talks to its server over one may store what a
    /// step sends without any request to see).
    pub websockets: usize,
    /// Every request sent (`METHOD url`) and whether it has been answered, in order: a page still
    /// waiting for its server has unanswered ones after the step that sent them.
    pub requests: Vec<(String, bool, std::time::Instant)>,
    /// How many requests were sent that may change the app's data (any method but GET, HEAD
    /// and OPTIONS), never drained.
    pub data_requests: usize,
    /// When a request was last answered: a page whose scripts are still arriving is not done
    /// drawing itself.
    pub last_answer: Option<std::time::Instant>,
}

/// A finished request and how the server answered it.
#[derive(Debug, Clone)]
pub(crate) struct Answered {
    pub method: String,
    pub url: String,
    pub resource_type: String,
    pub status: u16,
    pub status_text: String,
    /// From the request being sent to its answer having arrived.
    pub duration_ms: u64,
}

/// The log and a signal raised whenever something is added to it, so a wait for a popup or a
/// download is woken by the event itself instead of polling.
#[derive(Default)]
pub(crate) struct Journal {
    state: Mutex<EventLog>,
    pub changed: tokio::sync::Notify,
}

pub(crate) type SharedLog = Arc<Journal>;

pub(crate) fn lock(log: &SharedLog) -> std::sync::MutexGuard<'_, EventLog> {
    log.state.lock().unwrap_or_else(|p| p.into_inner())
}

/// Marks the oldest unanswered request with this key answered; when it was sent.
fn answered(log: &SharedLog, key: &str) -> Option<std::time::Instant> {
    let mut log = lock(log);
    log.last_answer = Some(std::time::Instant::now());
    let entry = log.requests.iter_mut().find(|(k, done, _)| !*done && k == key)?;
    entry.1 = true;
    Some(entry.2)
}

/// Waits until `ready` finds what it looks for in the log, or the deadline passes.
pub(crate) async fn wait_for<T>(
    log: &SharedLog,
    deadline: tokio::time::Instant,
    mut ready: impl FnMut(&EventLog) -> Option<T>,
) -> Option<T> {
    loop {
        // Registered before the check, so an event between the check and the wait still wakes us.
        let notified = log.changed.notified();
        tokio::pin!(notified);
        notified.as_mut().enable();
        if let Some(found) = ready(&lock(log)) {
            return Some(found);
        }
        if tokio::time::timeout_at(deadline, notified).await.is_err() {
            return ready(&lock(log));
        }
    }
}

/// Watches one page: dialogs are answered (dismissed unless a step said otherwise, as
/// Playwright does), downloads are saved under `downloads_dir`, failed requests are noted, and
/// popups it opens join the session's tabs and are watched the same way.
pub(crate) fn watch(page: Page, log: SharedLog, downloads_dir: PathBuf) -> Pin<Box<dyn Future<Output = ()> + Send>> {
    Box::pin(async move {
        lock(&log).pages.push(page.clone());
        log.changed.notify_waiters();
        let popups = Arc::clone(&log);
        let popup_dir = downloads_dir.clone();
        let _ = page
            .on_popup(move |popup: Page| {
                let log = Arc::clone(&popups);
                let dir = popup_dir.clone();
                async move {
                    watch(popup, log, dir).await;
                    Ok(())
                }
            })
            .await;
        watch_events(&page, log, downloads_dir).await;
    })
}

async fn watch_events(page: &Page, log: SharedLog, downloads_dir: PathBuf) {
    let dialogs = Arc::clone(&log);
    let _ = page
        .on_dialog(move |dialog: Dialog| {
            let log = Arc::clone(&dialogs);
            async move {
                let answer = {
                    let mut log = lock(&log);
                    log.dialogs.push(format!("{}: {}", dialog.type_(), dialog.message()));
                    log.next_dialog.take()
                };
                match answer {
                    Some(DialogAnswer { accept: true, prompt_text }) => dialog.accept(prompt_text.as_deref()).await,
                    _ => dialog.dismiss().await,
                }
            }
        })
        .await;
    let downloads = Arc::clone(&log);
    let _ = page
        .on_download(move |download: Download| {
            let log = Arc::clone(&downloads);
            let dir = downloads_dir.clone();
            async move {
                let name = download.suggested_filename().to_string();
                let safe = download_name(&name);
                let _ = std::fs::create_dir_all(&dir);
                let saved = download.save_as(dir.join(&safe)).await;
                if saved.is_ok() {
                    lock(&log).downloads.push(name);
                    log.changed.notify_waiters();
                }
                saved
            }
        })
        .await;
    let started = Arc::clone(&log);
    let _ = page
        .on_request(move |request: Request| {
            let log = Arc::clone(&started);
            async move {
                let key = format!("{} {}", request.method(), request.url());
                let mut log = lock(&log);
                if !matches!(request.method(), "GET" | "HEAD" | "OPTIONS") {
                    log.data_requests += 1;
                }
                // Bounded: a page that polls forever must not grow the log without end.
                if log.requests.len() > 5000 {
                    log.requests.drain(..2500);
                }
                log.requests.push((key, false, std::time::Instant::now()));
                Ok(())
            }
        })
        .await;
    let sockets = Arc::clone(&log);
    let _ = page
        .on_websocket(move |_socket| {
            let log = Arc::clone(&sockets);
            async move {
                lock(&log).websockets += 1;
                Ok(())
            }
        })
        .await;
    let finished = Arc::clone(&log);
    let _ = page
        .on_request_finished(move |request: Request| {
            let log = Arc::clone(&finished);
            async move {
                let sent = answered(&log, &format!("{} {}", request.method(), request.url()));
                let duration_ms = sent.map(|at| at.elapsed().as_millis() as u64).unwrap_or(0);
                // Only what a page or a form asked for tells whether the app accepted a step.
                let kind = request.resource_type().to_string();
                if matches!(kind.as_str(), "document" | "xhr" | "fetch") {
                    if let Some(response) = request.existing_response() {
                        lock(&log).responses.push(Answered {
                            method: request.method().to_string(),
                            url: request.url().to_string(),
                            resource_type: kind,
                            status: response.status(),
                            status_text: response.status_text().to_string(),
                            duration_ms,
                        });
                    }
                }
                Ok(())
            }
        })
        .await;
    let failures = Arc::clone(&log);
    let _ = page
        .on_request_failed(move |request: Request| {
            let log = Arc::clone(&failures);
            async move {
                let reason = request.failure().unwrap_or_default();
                answered(&log, &format!("{} {}", request.method(), request.url()));
                let mut log = lock(&log);
                log.failed_requests.push(format!("{} {} — {reason}", request.method(), request.url()));
                Ok(())
            }
        })
        .await;
}

/// The name a download is saved under: the page suggests it, so it becomes one plain file name
/// of the downloads folder (no separator, no leading dot, no control character, at most 120
/// characters).
pub(crate) fn download_name(suggested: &str) -> String {
    let cleaned: String = suggested
        .chars()
        .map(|c| if c.is_alphanumeric() || matches!(c, '.' | '-' | '_' | ' ' | '(' | ')') { c } else { '_' })
        .take(120)
        .collect();
    let cleaned = cleaned.trim_start_matches('.').trim();
    if cleaned.is_empty() {
        "download".to_string()
    } else {
        cleaned.to_string()
    }
}

#[cfg(test)]
mod download_tests {
    #[test]
    fn a_suggested_name_is_one_file_of_the_folder() {
        assert_eq!(super::download_name("report.txt"), "report.txt");
        assert_eq!(super::download_name("../../.bashrc"), "_.._.bashrc");
        assert_eq!(super::download_name(".."), "download");
        assert_eq!(super::download_name("a/b\\c\0d"), "a_b_c_d");
        assert_eq!(super::download_name("보고서 (1).pdf"), "보고서 (1).pdf");
    }
}
