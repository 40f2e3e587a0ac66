//! One session run, from ingest to exports. Whatever happens inside, the run ends with exactly
//! one terminal event and a matching session status.

use crate::sink::RunSink;
use crate::trial::run_trial;
use crate::{write_exports, RuntimeError};
use specwright_browser::{Browser, BrowserConfig, Secrets};
use specwright_engine::{explore, spec_steps, EngineError, ExploreInput};
use specwright_intake::Document;
use specwright_protocol::{Event, IngestStage, OutputFile, SessionStatus};
use specwright_scenario::review;
use specwright_store::Store;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub(crate) struct Pipeline {
    pub store: Arc<Store>,
    pub session_id: String,
    pub run_id: String,
    pub scenario_id: String,
    pub trial_id: String,
    pub title: String,
    pub documents: Vec<Document>,
    pub target_url: String,
    pub out_dir: PathBuf,
    pub frames_dir: PathBuf,
    pub browser: BrowserConfig,
    pub cancel: Arc<AtomicBool>,
    pub trial_attempts: u32,
}

enum Outcome {
    Completed(Vec<OutputFile>),
    TrialFailed { failed: u32, first_error: String },
}

pub(crate) async fn run(pipeline: Pipeline) {
    let mut sink = RunSink {
        store: Arc::clone(&pipeline.store),
        session_id: pipeline.session_id.clone(),
        run_id: pipeline.run_id.clone(),
        frames_dir: pipeline.frames_dir.clone(),
        frame_count: 0,
        cancel: Arc::clone(&pipeline.cancel),
    };
    let result = drive(&pipeline, &mut sink).await;
    let (event, status, run_status) = match result {
        Ok(Outcome::Completed(outputs)) => (
            Event::SessionCompleted { out_dir: pipeline.out_dir.display().to_string(), outputs },
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
            tracing::warn!(session = %pipeline.session_id, code = e.code(), error = %e, "run failed");
            (Event::Error { code: e.code().into(), message: e.to_string() }, SessionStatus::Failed, "failed")
        }
    };
    // Status first: a subscriber that stops at the terminal event then reads a final status.
    if let Err(e) = pipeline.store.set_status(&pipeline.session_id, status) {
        tracing::error!(error = %e, "could not record the session status");
    }
    if let Err(e) = pipeline.store.append_event(&pipeline.session_id, &pipeline.run_id, event) {
        tracing::error!(error = %e, "could not record the terminal event");
    }
    let _ = pipeline.store.finish_run(&pipeline.run_id, run_status, None);
}

async fn drive(p: &Pipeline, sink: &mut RunSink) -> Result<Outcome, RuntimeError> {
    let emit =
        |sink: &mut RunSink, event| sink.emit_event(event).map_err(|e| RuntimeError::Engine(EngineError::Sink(e)));
    emit(
        sink,
        Event::SessionStarted {
            title: p.title.clone(),
            engine: "offline".into(),
            target_url: p.target_url.clone(),
            documents: p.documents.iter().map(|d| d.name.clone()).collect(),
        },
    )?;
    for doc in &p.documents {
        emit(
            sink,
            Event::IngestProgress {
                document: doc.name.clone(),
                stage: IngestStage::Parsed,
                sections: doc.sections.len() as u32,
            },
        )?;
    }
    let steps = spec_steps(&p.documents).len() as u32;
    emit(
        sink,
        Event::IngestDone {
            documents: p.documents.len() as u32,
            sections: p.documents.iter().map(|d| d.sections.len() as u32).sum(),
            steps_found: steps,
        },
    )?;
    emit(sink, Event::MessageDone {
        text: format!(
            "기획서에서 {steps}개 단계를 찾았습니다. 실제 화면에서 하나씩 확인합니다. / Found {steps} steps in the spec; checking each on the live application."
        ),
    })?;

    let browser = Browser::launch(p.browser.clone()).await?;
    let result = with_browser(p, sink, &browser).await;
    browser.close().await;
    result
}

async fn with_browser(p: &Pipeline, sink: &mut RunSink, browser: &Browser) -> Result<Outcome, RuntimeError> {
    let mut secrets = Secrets::default();
    let page = browser.new_page().await?;
    let explored = explore(
        &page,
        ExploreInput {
            documents: &p.documents,
            base_url: &p.target_url,
            scenario_id: p.scenario_id.clone(),
            title: p.title.clone(),
        },
        sink,
        &mut secrets,
    )
    .await;
    page.close().await;
    let mut scenario = explored?;
    p.store.save_scenario(&p.session_id, &scenario)?;
    sink.emit_event(Event::ScenarioDraft { scenario: scenario.clone() })
        .map_err(|e| RuntimeError::Engine(EngineError::Sink(e)))?;
    sink.emit_event(Event::MessageDone {
        text: "새 브라우저에서 시나리오를 처음부터 시험 실행합니다. / Trial-running the scenario from a fresh browser."
            .into(),
    })
    .map_err(|e| RuntimeError::Engine(EngineError::Sink(e)))?;

    let trial = run_trial(browser, &mut scenario, &secrets, sink, &p.trial_id, p.trial_attempts)
        .await
        .map_err(|e| RuntimeError::Engine(EngineError::Sink(e)))?;
    if sink.cancel.load(std::sync::atomic::Ordering::SeqCst) {
        return Err(RuntimeError::Engine(EngineError::Cancelled));
    }
    p.store.save_scenario(&p.session_id, &scenario)?;
    sink.emit_event(Event::ScenarioDraft { scenario: scenario.clone() })
        .map_err(|e| RuntimeError::Engine(EngineError::Sink(e)))?;
    let findings = review(&scenario, Some(&trial));
    sink.emit_event(Event::ReviewFindings { findings }).map_err(|e| RuntimeError::Engine(EngineError::Sink(e)))?;
    let frames_dir = p.frames_dir.clone();
    let files = write_exports(&p.out_dir, &scenario, Some(&trial), &move |file: &str| std::fs::read(frames_dir.join(file)).ok())?;
    if !trial.passed {
        let failed = trial.runs.iter().filter(|r| !r.passed).count() as u32;
        let first_error = trial
            .first_failure()
            .and_then(|s| s.diagnosis.as_ref())
            .map(|d| d.message.clone())
            .unwrap_or_default();
        return Ok(Outcome::TrialFailed { failed, first_error });
    }
    Ok(Outcome::Completed(files.0))
}
