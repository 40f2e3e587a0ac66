//! Runs, from their first event to exports: a session run (ingest → explore → trial → review →
//! export) and a replay (trial → review → export of a stored scenario, no engine at all).
//! Whatever happens inside, a run ends with exactly one terminal event and a matching status.

use crate::sink::RunSink;
use crate::trial::run_trial;
use crate::{write_exports, ExportFormat, RuntimeError};
use specwright_browser::{BrowserConfig, BrowserSession, ContextOptions, Secrets};
use specwright_engine::{explore, spec_steps, EngineError, ExploreInput, Safety};
use specwright_intake::Document;
use specwright_knowledge::{IndexStage, Knowledge};
use specwright_protocol::{Event, IngestStage, OutputFile, SessionStatus};
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
    pub trial_attempts: u32,
}

pub(crate) enum Job {
    /// Build a scenario from documents with the offline engine.
    Session { scenario_id: String, title: String, documents: Vec<Document>, target_url: String, safety: Safety },
    /// Trial-run a stored scenario as it is, against `target_url`.
    Replay { scenario: Box<Scenario>, target_url: String, secrets: Secrets },
}

enum Outcome {
    Completed(Vec<OutputFile>),
    TrialFailed { failed: u32, first_error: String },
}

fn sink_error(e: String) -> RuntimeError {
    RuntimeError::Engine(EngineError::Sink(e))
}

pub(crate) async fn run(ctx: RunContext, job: Job) {
    let mut sink = RunSink {
        store: Arc::clone(&ctx.store),
        session_id: ctx.session_id.clone(),
        run_id: ctx.run_id.clone(),
        frames_dir: ctx.frames_dir.clone(),
        frame_count: existing_frames(&ctx.frames_dir),
        cancel: Arc::clone(&ctx.cancel),
    };
    let result = match job {
        Job::Session { scenario_id, title, documents, target_url, safety } => {
            session(&ctx, &mut sink, scenario_id, title, documents, target_url, safety).await
        }
        Job::Replay { scenario, target_url, secrets } => replay(&ctx, &mut sink, *scenario, target_url, secrets).await,
    };
    let (event, status, run_status) = match result {
        Ok(Outcome::Completed(outputs)) => (
            Event::SessionCompleted { out_dir: ctx.out_dir.display().to_string(), outputs },
            SessionStatus::Completed,
            "completed",
        ),
        Ok(Outcome::TrialFailed { failed, first_error }) => (
            Event::Error {
                code: "trial_failed".into(),
                message: format!(
                    "시험 실행 {failed}회가 실패했습니다: {first_error} 출력 폴더의 report.html과 trial-run.json을 확인하세요. \
                     / {failed} trial run(s) failed: {first_error} See report.html and trial-run.json in the output folder."
                ),
            },
            SessionStatus::Failed,
            "failed",
        ),
        Err(RuntimeError::Engine(EngineError::Cancelled)) => {
            (Event::RunCancelled { reason: "cancelled by the user".into() }, SessionStatus::Cancelled, "cancelled")
        }
        Err(e) => {
            tracing::warn!(session = %ctx.session_id, code = e.code(), error = %e, "run failed");
            (Event::Error { code: e.code().into(), message: e.to_string() }, SessionStatus::Failed, "failed")
        }
    };
    // Status first: a subscriber that stops at the terminal event then reads a final status.
    if let Err(e) = ctx.store.set_status(&ctx.session_id, status) {
        tracing::error!(error = %e, "could not record the session status");
    }
    if let Err(e) = ctx.store.append_event(&ctx.session_id, &ctx.run_id, event) {
        tracing::error!(error = %e, "could not record the terminal event");
    }
    let _ = ctx.store.finish_run(&ctx.run_id, run_status, None);
}

/// Frame files are numbered per session; a replay continues after the session's last one.
fn existing_frames(dir: &std::path::Path) -> u32 {
    std::fs::read_dir(dir).map(|entries| entries.filter_map(Result::ok).count() as u32).unwrap_or(0)
}

async fn session(
    ctx: &RunContext,
    sink: &mut RunSink,
    scenario_id: String,
    title: String,
    documents: Vec<Document>,
    target_url: String,
    safety: Safety,
) -> Result<Outcome, RuntimeError> {
    sink.emit_event(Event::SessionStarted {
        title: title.clone(),
        engine: "offline".into(),
        target_url: target_url.clone(),
        documents: documents.iter().map(|d| d.name.clone()).collect(),
    })
    .map_err(sink_error)?;
    let steps = spec_steps(&documents).len() as u32;
    let (chunks, embedded, semantic_off) = index_documents(ctx, &documents).await?;
    sink.emit_event(Event::IngestDone {
        documents: documents.len() as u32,
        sections: documents.iter().map(|d| d.sections.len() as u32).sum(),
        steps_found: steps,
        chunks,
        embedded,
        semantic: semantic_off.is_none(),
    })
    .map_err(sink_error)?;
    if let Some(why) = semantic_off {
        sink.emit_event(Event::MessageDone { text: why }).map_err(sink_error)?;
    }
    sink.emit_event(Event::MessageDone {
        text: format!(
            "기획서에서 {steps}개 단계를 찾았습니다. 실제 화면에서 하나씩 확인합니다. / Found {steps} steps in the spec; checking each on the live application."
        ),
    })
    .map_err(sink_error)?;

    let mut browser = BrowserSession::start(ctx.browser.clone(), ContextOptions::default()).await?;
    let result = async {
        let mut secrets = Secrets::default();
        let input = ExploreInput { documents: &documents, base_url: &target_url, scenario_id, title, safety };
        let scenario = explore(&mut browser, input, sink, &mut secrets).await?;
        ctx.store.save_scenario(&ctx.session_id, &scenario)?;
        sink.emit_event(Event::ScenarioDraft { scenario: scenario.clone() }).map_err(sink_error)?;
        trial_review_export(ctx, sink, &mut browser, scenario, &secrets).await
    }
    .await;
    browser.close().await;
    result
}

/// Parses are done; this chunks and embeds each document into the session's knowledge index,
/// with progress events, off the async threads (embedding is CPU work). Cancel stops between
/// batches. Returns the chunk and embedded totals, and why semantic search is off if it is.
async fn index_documents(ctx: &RunContext, documents: &[Document]) -> Result<(u32, u32, Option<String>), RuntimeError> {
    let mut totals = (0u32, 0u32, None);
    for doc in documents {
        let store = Arc::clone(&ctx.store);
        let knowledge = Arc::clone(&ctx.knowledge);
        let cancel = Arc::clone(&ctx.cancel);
        let (session_id, run_id) = (ctx.session_id.clone(), ctx.run_id.clone());
        let doc = doc.clone();
        let report = tokio::task::spawn_blocking(move || {
            let sections = doc.sections.len() as u32;
            let emit = |stage, chunks, embedded| {
                let event = Event::IngestProgress { document: doc.name.clone(), stage, sections, chunks, embedded };
                if let Err(e) = store.append_event(&session_id, &run_id, event) {
                    tracing::warn!(error = %e, "could not record ingest progress");
                }
            };
            emit(IngestStage::Parsed, 0, 0);
            let mut progress = |stage: IndexStage, done: u32, total: u32| {
                match stage {
                    IndexStage::Chunked => emit(IngestStage::Chunked, total, 0),
                    IndexStage::Embedding => emit(IngestStage::Embedding, total, done),
                }
                !cancel.load(Ordering::SeqCst)
            };
            let report = knowledge.index_document(&session_id, &doc, &mut progress);
            if let Ok(r) = &report {
                if r.unchanged {
                    emit(IngestStage::Unchanged, r.chunks, r.reused);
                }
            }
            report
        })
        .await
        .map_err(|e| RuntimeError::Indexing(e.to_string()))??;
        if ctx.cancel.load(Ordering::SeqCst) {
            return Err(RuntimeError::Engine(EngineError::Cancelled));
        }
        totals.0 += report.chunks;
        totals.1 += report.embedded + report.reused;
        if totals.2.is_none() {
            totals.2 = report.semantic_off.map(|why| specwright_knowledge::SemanticOff(why).to_string());
        }
    }
    Ok(totals)
}

async fn replay(
    ctx: &RunContext,
    sink: &mut RunSink,
    mut scenario: Scenario,
    target_url: String,
    secrets: Secrets,
) -> Result<Outcome, RuntimeError> {
    sink.emit_event(Event::MessageDone {
        text: format!(
            "저장된 시나리오 '{}'를 {target_url}에서 다시 실행합니다(LLM 없이). / Replaying the stored scenario '{}' on {target_url} (no LLM).",
            scenario.title, scenario.title
        ),
    })
    .map_err(sink_error)?;
    scenario.target_url = target_url;
    let mut browser = BrowserSession::start(ctx.browser.clone(), ContextOptions::default()).await?;
    let result = trial_review_export(ctx, sink, &mut browser, scenario, &secrets).await;
    browser.close().await;
    result
}

/// The shared tail: trial runs on fresh contexts, the review, and every export.
async fn trial_review_export(
    ctx: &RunContext,
    sink: &mut RunSink,
    browser: &mut BrowserSession,
    mut scenario: Scenario,
    secrets: &Secrets,
) -> Result<Outcome, RuntimeError> {
    sink.emit_event(Event::MessageDone {
        text: "새 브라우저에서 시나리오를 처음부터 시험 실행합니다. / Trial-running the scenario from a fresh browser."
            .into(),
    })
    .map_err(sink_error)?;
    let trial = run_trial(browser, &mut scenario, secrets, sink, &ctx.trial_id, ctx.trial_attempts)
        .await
        .map_err(sink_error)?;
    if ctx.cancel.load(Ordering::SeqCst) {
        return Err(RuntimeError::Engine(EngineError::Cancelled));
    }
    ctx.store.save_scenario(&ctx.session_id, &scenario)?;
    if let Ok(json) = serde_json::to_string(&trial) {
        ctx.store.set_run_result(&ctx.run_id, &json)?;
    }
    sink.emit_event(Event::ScenarioDraft { scenario: scenario.clone() }).map_err(sink_error)?;
    let findings = review(&scenario, Some(&trial));
    sink.emit_event(Event::ReviewFindings { findings }).map_err(sink_error)?;
    let frames_dir = ctx.frames_dir.clone();
    let read_frame = move |file: &str| std::fs::read(frames_dir.join(file)).ok();
    let files = write_exports(&ctx.out_dir, &scenario, Some(&trial), &ExportFormat::ALL, &read_frame)?;
    if !trial.passed {
        let failed = trial.runs.iter().filter(|r| !r.passed).count() as u32;
        let first_error =
            trial.first_failure().and_then(|s| s.diagnosis.as_ref()).map(|d| d.message.clone()).unwrap_or_default();
        return Ok(Outcome::TrialFailed { failed, first_error });
    }
    Ok(Outcome::Completed(files.0))
}
