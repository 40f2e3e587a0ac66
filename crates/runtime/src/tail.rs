//! The shared tail of a session run and a replay: one scenario's trial on fresh contexts, its
//! review and its exports; with what every run has (`RunContext`) and how a run's trials ended
//! (`Outcome`), and a session's documents read back for a run of stored scenarios.

use crate::{write_exports, ExportFormat, RuntimeError};
use specwright_browser::{BrowserConfig, BrowserSession, Secrets};
use specwright_knowledge::Knowledge;
use specwright_protocol::{Event, OutputFile, Text};
use specwright_rails::{run_trial, RunError, Sink};
use specwright_scenario::{review, Scenario};
use specwright_store::Store;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What every run has: where it writes, what it drives, how it is stopped.
pub(crate) struct RunContext {
    pub store: Arc<Store>,
    pub knowledge: Arc<Knowledge>,
    pub session_id: String,
    pub run_id: String,
    pub trial_id: String,
    pub out_dir: PathBuf,
    pub frames_dir: PathBuf,
    pub browser: BrowserConfig,
    pub cancel: Arc<AtomicBool>,
    /// A message said while the run works: the run stops at its next step's boundary (the
    /// browser's action in flight ends as it would), then the message is taken.
    pub yielding: Arc<AtomicBool>,
    pub trial_attempts: u32,
    /// A check: trials look for an element that is gone elsewhere (`rails::run_trial`).
    pub relocate: bool,
    /// How many scenarios' trials may run side by side (see `lanes`).
    pub trial_lanes: usize,
}

/// How a run's trials ended.
pub(crate) enum Outcome {
    Completed(Vec<OutputFile>),
    TrialFailed { failed: u32, first_error: String },
}

/// What one trial (with its review and exports) ended in.
pub(crate) struct Finished {
    pub outcome: Outcome,
    /// The trial report as JSON, recorded as the run's result in order.
    pub report_json: Option<String>,
    /// Its runs sent a request that may change the app's data.
    pub changed_data: bool,
}

/// The session's documents as they were attached, each read back from the store (one that no
/// longer reads is left out).
pub(crate) fn restored_documents(
    store: &Store,
    session_id: &str,
) -> Result<Vec<specwright_intake::Document>, RuntimeError> {
    Ok(store
        .documents(session_id)?
        .iter()
        .filter_map(|d| {
            specwright_intake::Document::restore(&d.name, &d.media_type, &d.sha256, &d.content, &d.outline_json)
        })
        .collect())
}

pub(crate) fn sink_error(e: String) -> RuntimeError {
    RuntimeError::Run(RunError::Sink(e))
}

/// The shared tail: trial runs on fresh contexts, the review, and every export.
pub(crate) async fn trial_review_export(
    ctx: &RunContext,
    sink: &mut dyn Sink,
    browser: &mut BrowserSession,
    mut scenario: Scenario,
    secrets: &Secrets,
    out_dir: &std::path::Path,
    trial_id: &str,
) -> Result<Finished, RuntimeError> {
    sink.emit(Event::MessageDone { text: Text::message("trial-start", []) }).map_err(sink_error)?;
    let started_at = ctx.store.now_ms();
    let trial = run_trial(browser, &mut scenario, secrets, sink, trial_id, ctx.trial_attempts, ctx.relocate)
        .await
        .map_err(sink_error)?;
    if ctx.cancel.load(Ordering::SeqCst) {
        return Err(RuntimeError::Run(RunError::Cancelled));
    }
    let changed_data = trial.changed_data;
    let mut trial = trial.report;
    trial.started_at_ms = Some(started_at);
    trial.browser = Some(browser.browser_name());
    // A check leaves the scenario as it was kept: where it ran and what it found are the run's.
    if !ctx.relocate {
        ctx.store.save_scenario(&ctx.session_id, &scenario)?;
    }
    let report_json = serde_json::to_string(&trial).ok();
    sink.emit(Event::ScenarioDraft { scenario: scenario.clone() }).map_err(sink_error)?;
    let findings = review(&scenario, Some(&trial));
    sink.emit(Event::ReviewFindings { findings }).map_err(sink_error)?;
    let read_frame = crate::export::frame_reader(ctx.frames_dir.clone());
    let files = write_exports(out_dir, &scenario, Some(&trial), &ExportFormat::ALL, &read_frame)?;
    sink.emit(Event::ExportsWritten {
        scenario: scenario.title.clone(),
        out_dir: out_dir.display().to_string(),
        outputs: files.0.clone(),
    })
    .map_err(sink_error)?;
    let outcome = if trial.passed {
        Outcome::Completed(files.0)
    } else {
        let failed = trial.runs.iter().filter(|r| !r.passed).count() as u32;
        let first_error =
            trial.first_failure().and_then(|s| s.diagnosis.as_ref()).map(|d| d.message.clone()).unwrap_or_default();
        Outcome::TrialFailed { failed, first_error }
    };
    Ok(Finished { outcome, report_json, changed_data })
}
