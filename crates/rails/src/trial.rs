//! Trial run: the scenario replayed from fresh browser contexts using only its durable locators,
//! each data row more than once, so a pass means the exported test can pass too and a flaky
//! scenario is caught before anyone relies on it.

use crate::{closest, missing_secret, recovered_message, Sink};
use specwright_browser::{parse_snapshot, BrowserError, BrowserSession, PageSession, Performed, Secrets};
use specwright_protocol::{Event, Text};
use specwright_scenario::{
    Diagnosis, DiagnosisKind, Locator, Scenario, StepStatus, TrialReport, TrialRun, TrialStepResult, Value,
    VariableSource, Verification,
};
use std::time::Instant;

/// Values for one run: literals, variables, the current test-data row, secrets.
fn resolver<'a>(
    scenario: &'a Scenario,
    secrets: &'a Secrets,
    row: Option<usize>,
) -> impl Fn(&Value) -> Result<String, BrowserError> + Send + Sync + 'a {
    move |value: &Value| match value {
        Value::Literal { value } => Ok(value.clone()),
        Value::Secret { name } => secrets.get(name).map(str::to_string).ok_or_else(|| missing_secret(name)),
        Value::Variable { name } => {
            let variable = scenario.variables.iter().find(|v| &v.name == name);
            match variable.map(|v| &v.source) {
                Some(VariableSource::Literal { value }) => Ok(value.clone()),
                Some(VariableSource::Secret) => {
                    secrets.get(name).map(str::to_string).ok_or_else(|| missing_secret(name))
                }
                Some(VariableSource::TestData { column }) => scenario
                    .data
                    .as_ref()
                    .and_then(|d| d.value(row.unwrap_or(0), column))
                    .map(str::to_string)
                    .ok_or_else(|| BrowserError::MissingValue(specwright_browser::Missing::TestData(column.clone()))),
                None => Err(BrowserError::MissingValue(specwright_browser::Missing::UndefinedVariable(name.clone()))),
            }
        }
    }
}

/// Turns a browser failure into what a person needs: the kind, expected vs actual, and for a
/// missing element the closest ones on the page.
/// What went wrong, in the scenario's language (a trial report is a document of the scenario).
async fn diagnose(
    page: &PageSession,
    error: &BrowserError,
    locator: Option<&Locator>,
    secrets: &Secrets,
    language: specwright_catalog::Locale,
) -> Diagnosis {
    // Stored in the trial report, which the exports read in both languages for now.
    let message = secrets.redact(&specwright_catalog::render(&crate::browser_error_text(error), language));
    let mut diagnosis =
        Diagnosis { kind: DiagnosisKind::Other, message, expected: None, actual: None, candidates: vec![] };
    match error {
        BrowserError::NotFound { .. } => {
            diagnosis.kind = DiagnosisKind::NotFound;
            if let (Some(locator), Ok(yaml)) = (locator, page.snapshot().await) {
                let (role, name) = match locator {
                    Locator::Role { role, name, .. } => (Some(role.as_str()), name.as_str()),
                    Locator::Label { text } | Locator::Placeholder { text } | Locator::Text { text, .. } => {
                        (None, text.as_str())
                    }
                    Locator::TestId { id } => (None, id.as_str()),
                    Locator::Css { selector } => (None, selector.as_str()),
                };
                diagnosis.candidates = closest(&parse_snapshot(&yaml), role, name, 3);
            }
        }
        BrowserError::Ambiguous { .. } => diagnosis.kind = DiagnosisKind::Ambiguous,
        BrowserError::AssertionFailed { expected, actual, .. } => {
            diagnosis.kind = DiagnosisKind::AssertionMismatch;
            diagnosis.expected = Some(secrets.redact(expected));
            diagnosis.actual = Some(secrets.redact(actual));
        }
        BrowserError::Navigation { .. } => diagnosis.kind = DiagnosisKind::Navigation,
        BrowserError::MissingValue(_) => diagnosis.kind = DiagnosisKind::MissingValue,
        BrowserError::Refused { message } => {
            diagnosis.kind = DiagnosisKind::Refused;
            diagnosis.actual = Some(secrets.redact(message));
        }
        BrowserError::RequestRefused { request, status } => {
            // Answered with an error: the app refused; never sent: the app did not do what it did.
            diagnosis.kind = if status.is_some() { DiagnosisKind::Refused } else { DiagnosisKind::AssertionMismatch };
            diagnosis.expected = Some(format!("{request} → 2xx/3xx"));
            diagnosis.actual = Some(status.map_or_else(|| "—".to_string(), |s| s.to_string()));
        }
        BrowserError::Action { reason, .. } if reason.contains("Timeout") || reason.contains("timeout") => {
            diagnosis.kind = DiagnosisKind::Timeout
        }
        _ => {}
    }
    diagnosis
}

/// How long a page that updates itself may take to show that it refused a step.
pub const REFUSAL_SETTLE: std::time::Duration = std::time::Duration::from_millis(600);

/// Steps after which the app may refuse what was submitted: a click or a key press, unless
/// the spec expects the refusal (a negative test).
pub fn watches_refusal(step: &specwright_scenario::Step) -> bool {
    !step.expects_refusal
        && matches!(step.action, specwright_scenario::Action::Click { .. } | specwright_scenario::Action::Press { .. })
}

/// A short tag, new for every run, for the names a scenario creates (`{{run}}`): `-k3x9`.
pub fn new_run_tag() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    let mut n = (nanos as u64).wrapping_mul(6364136223846793005).wrapping_add(COUNTER.fetch_add(1, Ordering::SeqCst));
    const ALPHABET: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = String::from("-");
    for _ in 0..5 {
        out.push(ALPHABET[(n % 36) as usize] as char);
        n /= 36;
    }
    out
}

/// Which pass a trial run is: its attempt, its data row, and why its data could not be put back.
struct Pass {
    attempt: u32,
    row: Option<usize>,
    reset_failed: Option<String>,
    /// A check: a step whose element is gone looks for it elsewhere ([`crate::drift`]).
    relocate: bool,
}

/// One pass over the scenario on a fresh page; after the first failure the rest are skipped.
async fn run_once(
    session: &mut BrowserSession,
    scenario: &Scenario,
    secrets: &Secrets,
    sink: &mut dyn Sink,
    trial_id: &str,
    pass: Pass,
    changed: &mut bool,
) -> Result<TrialRun, String> {
    let Pass { attempt, row, mut reset_failed, relocate } = pass;
    let language = crate::scenario_language(scenario);
    let started = Instant::now();
    let resolve = resolver(scenario, secrets, row);
    let mut steps = Vec::new();
    let mut failed = false;
    for step in &scenario.steps {
        let step_started = Instant::now();
        let mut result = TrialStepResult {
            index: step.index,
            intent: step.intent.clone(),
            status: StepStatus::Skipped,
            duration_ms: 0,
            diagnosis: None,
            frame: None,
            console_errors: vec![],
            requests: vec![],
            relocated: None,
        };
        // The data could not be put back: the run does not start on data it was not written for.
        if let Some(message) = reset_failed.take() {
            failed = true;
            result.status = StepStatus::Failed;
            result.diagnosis = Some(Diagnosis {
                kind: DiagnosisKind::Other,
                message,
                expected: None,
                actual: None,
                candidates: vec![],
            });
        } else if !failed && !sink.cancelled() {
            let watch = watches_refusal(step);
            let submits = matches!(
                step.action,
                specwright_scenario::Action::Click { .. } | specwright_scenario::Action::Press { .. }
            );
            let mark = if submits { Some(session.page().mark().await) } else { None };
            let login = crate::submits_login(session.page(), mark.as_ref(), &step.action).await;
            let writes = session.page().data_requests();
            let answered_before = session.page().responses_seen();
            let mut outcome = session.perform(&step.action, &scenario.target_url, &resolve).await;
            // A check: the element gone, the same control found elsewhere carries the step on,
            // which still failed as recorded.
            let mut moved = None;
            if relocate && matches!(outcome, Err(BrowserError::NotFound { .. })) {
                if let Some(mut relocation) = crate::drift::relocate(session.page(), step).await {
                    relocation.found = secrets.redact(&relocation.found);
                    if let Some(action) = crate::drift::acting_on(&step.action, relocation.target.clone()) {
                        let retried = session.perform(&action, &scenario.target_url, &resolve).await;
                        if retried.is_ok() {
                            let missed = std::mem::replace(&mut outcome, retried);
                            moved = missed.err().map(|error| (relocation, error));
                        }
                    }
                }
            }
            if let (Ok(_), Some(mark), true) = (&outcome, &mark, watch) {
                if let Some(refusal) = session.page().refusal_since(mark, REFUSAL_SETTLE).await {
                    outcome = Err(BrowserError::Refused { message: crate::refusal_words(&refusal, language) });
                }
            }
            // The change the step sent when it was recorded must reach the app again: a page that
            // says "saved" without telling its server is no pass.
            if let (Ok(_), Some(check)) = (&outcome, &step.response) {
                let origin = specwright_browser::origin(&scenario.target_url).unwrap_or_default();
                if let Err(error) = session.page().expect_response(check, answered_before, &origin).await {
                    outcome = Err(error);
                }
            }
            match outcome {
                Ok(performed) => {
                    result.status = StepStatus::Passed;
                    if let Performed::Recovered { url } = performed {
                        sink.emit(Event::MessageDone { text: recovered_message(&url) })?;
                    }
                    if let Some((relocation, missed)) = moved {
                        result.status = StepStatus::Failed;
                        let locator = step.action.target().and_then(|t| t.primary());
                        result.diagnosis = Some(diagnose(session.page(), &missed, locator, secrets, language).await);
                        sink.emit(Event::MessageDone {
                            text: Text::message(
                                "check-relocated",
                                [
                                    ("was", step.action.target().map(|t| t.describe()).unwrap_or_default().into()),
                                    ("found", relocation.found.as_str().into()),
                                ],
                            ),
                        })?;
                        result.relocated = Some(relocation);
                    }
                }
                Err(error) => {
                    failed = true;
                    result.status = StepStatus::Failed;
                    let locator = step.action.target().and_then(|t| t.primary());
                    result.diagnosis = Some(diagnose(session.page(), &error, locator, secrets, language).await);
                }
            }
            let page = session.page();
            result.duration_ms = step_started.elapsed().as_millis() as u64;
            result.console_errors = page.take_console_errors().iter().map(|e| secrets.redact(e)).collect();
            if let Ok(jpeg) = page.frame_jpeg().await {
                let target = crate::acted_box(page, &step.action).await;
                result.frame = Some(sink.frame(&jpeg, Some(step.index), &step.intent, &page.url(), target)?);
            }
            // Read after the frame: a request a click's handler sends reaches the log a moment later.
            *changed |= crate::changed_data(page, writes, login);
            result.requests = page.requests_since(answered_before);
        }
        sink.emit(Event::TrialStep {
            trial_id: trial_id.to_string(),
            attempt,
            row: row.map(|r| r as u32),
            result: result.clone(),
        })?;
        steps.push(result);
    }
    let passed = steps.iter().all(|s| s.status == StepStatus::Passed);
    Ok(TrialRun {
        attempt,
        row: row.map(|r| r as u32),
        passed,
        duration_ms: started.elapsed().as_millis() as u64,
        steps,
    })
}

/// A finished trial: its report, and whether its runs changed the app's data.
#[derive(Debug, Clone)]
pub struct Trial {
    pub report: TrialReport,
    /// A run sent a request that may change the app's data (a login's aside): a trial that ran
    /// beside this one may have seen that change.
    pub changed_data: bool,
}

/// Runs every data row `attempts` times, each on a fresh context, and records the verdict of each
/// step on the scenario (passed, failed, or flaky when runs disagree). `relocate` makes it a
/// check: a step whose element is gone goes on with the same control found elsewhere, if any,
/// and is reported failed with where the element went.
pub async fn run_trial(
    session: &mut BrowserSession,
    scenario: &mut Scenario,
    secrets: &Secrets,
    sink: &mut dyn Sink,
    trial_id: &str,
    attempts: u32,
    relocate: bool,
) -> Result<Trial, String> {
    let mut changed_data = scenario.reset_command().is_some();
    let rows: Vec<Option<usize>> = match &scenario.data {
        Some(data) => (0..data.rows.len()).map(Some).collect(),
        None => vec![None],
    };
    let mut runs = Vec::new();
    'rows: for row in rows {
        for attempt in 1..=attempts.max(1) {
            if sink.cancelled() {
                break 'rows;
            }
            let reset_failed = match scenario.reset_command() {
                Some(command) => {
                    sink.emit(Event::MessageDone {
                        text: Text::message("trial-reset-app", [("command", command.into())]),
                    })?;
                    crate::reset_app(command, &scenario.target_url, sink, crate::scenario_language(scenario))
                        .await
                        .err()
                }
                None => None,
            };
            session.fresh_context().await.map_err(|e| e.to_string())?;
            session.set_run_tag(&new_run_tag());
            let pass = Pass { attempt, row, reset_failed, relocate };
            runs.push(run_once(session, scenario, secrets, sink, trial_id, pass, &mut changed_data).await?);
        }
    }
    let report = TrialReport::new(trial_id.to_string(), scenario.id.clone(), runs);
    for step in &mut scenario.steps {
        let statuses: Vec<StepStatus> = report
            .runs
            .iter()
            .flat_map(|r| r.steps.iter())
            .filter(|s| s.index == step.index && s.status != StepStatus::Skipped)
            .map(|s| s.status)
            .collect();
        if statuses.is_empty() {
            // Not reached in this trial: an earlier (draft) trial's verdict no longer holds.
            if matches!(step.verification, Verification::Passed | Verification::Failed | Verification::Flaky) {
                step.verification = Verification::Explored;
            }
            continue;
        }
        step.verification = if statuses.iter().all(|s| *s == StepStatus::Passed) {
            Verification::Passed
        } else if statuses.iter().all(|s| *s == StepStatus::Failed) {
            Verification::Failed
        } else {
            Verification::Flaky
        };
    }
    let failed_steps = report.runs.iter().flat_map(|r| &r.steps).filter(|s| s.status == StepStatus::Failed).count();
    let (verdict, _) = specwright_scenario::verdict(scenario, Some(&report));
    sink.emit(Event::TrialDone {
        trial_id: trial_id.to_string(),
        scenario: Some(scenario.title.clone()),
        passed: report.passed,
        flaky: report.flaky,
        verdict: Some(verdict),
        runs: report.runs.len() as u32,
        failed_steps: failed_steps as u32,
        duration_ms: report.duration_ms(),
        changed_data: Some(changed_data),
    })?;
    Ok(Trial { report, changed_data })
}
