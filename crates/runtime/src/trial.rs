//! Trial run: the scenario replayed from a fresh browser context using only its durable
//! locators, step by step, so a pass means the exported test can pass too.

use crate::sink::RunSink;
use serde::Serialize;
use specwright_browser::{PageSession, Secrets};
use specwright_engine::Sink;
use specwright_protocol::{Event, StepStatus};
use specwright_scenario::{Scenario, Verification};
use std::time::Instant;

#[derive(Debug, Clone, Serialize)]
pub struct TrialStepResult {
    pub index: u32,
    pub intent: String,
    pub status: StepStatus,
    pub duration_ms: u64,
    pub error: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct TrialReport {
    pub trial_id: String,
    pub scenario_id: String,
    pub passed: bool,
    pub duration_ms: u64,
    pub steps: Vec<TrialStepResult>,
}

/// Runs every step; after the first failure the rest are reported as skipped.
pub(crate) async fn run_trial(
    page: &PageSession,
    scenario: &mut Scenario,
    secrets: &Secrets,
    sink: &mut RunSink,
    trial_id: &str,
) -> Result<TrialReport, String> {
    let started = Instant::now();
    let mut steps = Vec::new();
    let mut failed = false;
    for step in &mut scenario.steps {
        let step_started = Instant::now();
        let (status, error) = if failed || sink.cancelled() {
            (StepStatus::Skipped, None)
        } else {
            match page.perform(&step.action, &scenario.target_url, secrets).await {
                Ok(()) => (StepStatus::Passed, None),
                Err(e) => {
                    failed = true;
                    (StepStatus::Failed, Some(secrets.redact(&e.to_string())))
                }
            }
        };
        step.verification = match status {
            StepStatus::Passed => Verification::Passed,
            StepStatus::Failed => Verification::Failed,
            StepStatus::Skipped => step.verification,
        };
        let duration_ms = step_started.elapsed().as_millis() as u64;
        if status != StepStatus::Skipped {
            if let Ok(jpeg) = page.frame_jpeg().await {
                sink.frame(&jpeg, Some(step.index), &step.intent, &page.url())?;
            }
        }
        sink.emit(Event::TrialStep {
            trial_id: trial_id.to_string(),
            index: step.index,
            intent: step.intent.clone(),
            status,
            duration_ms,
            error: error.clone(),
        })?;
        steps.push(TrialStepResult { index: step.index, intent: step.intent.clone(), status, duration_ms, error });
    }
    let passed_steps = steps.iter().filter(|s| s.status == StepStatus::Passed).count() as u32;
    let failed_steps = steps.iter().filter(|s| s.status == StepStatus::Failed).count() as u32;
    let passed = failed_steps == 0 && passed_steps as usize == steps.len();
    let duration_ms = started.elapsed().as_millis() as u64;
    sink.emit(Event::TrialDone { trial_id: trial_id.to_string(), passed, passed_steps, failed_steps, duration_ms })?;
    Ok(TrialReport { trial_id: trial_id.to_string(), scenario_id: scenario.id.clone(), passed, duration_ms, steps })
}
