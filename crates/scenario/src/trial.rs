//! Trial results: what a person needs to trust or fix a scenario, kept with the scenario model
//! so every exporter (JUnit, HTML, plan) reads the same facts.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StepStatus {
    Passed,
    Failed,
    Skipped,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DiagnosisKind {
    /// No element matches the locator.
    NotFound,
    /// Several elements match; the locator must name exactly one.
    Ambiguous,
    /// The element exists but the check failed (expected vs actual).
    AssertionMismatch,
    /// The page could not be opened.
    Navigation,
    /// The element never became ready in time.
    Timeout,
    /// A value the step needs (a secret, a variable) is missing.
    MissingValue,
    /// The application refused the step: it showed an error, marked a field invalid or
    /// answered 4xx/5xx (the message is the app's own).
    Refused,
    Other,
}

/// Why a step failed, for a person: what was expected, what was there, what was close.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Diagnosis {
    pub kind: DiagnosisKind,
    pub message: String,
    pub expected: Option<String>,
    pub actual: Option<String>,
    /// Elements on the page that come closest to the missing target.
    pub candidates: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TrialStepResult {
    pub index: u32,
    pub intent: String,
    pub status: StepStatus,
    #[ts(type = "number")]
    pub duration_ms: u64,
    pub diagnosis: Option<Diagnosis>,
    /// Mirror frame file taken after the step, if any.
    pub frame: Option<String>,
    /// Console errors and failed requests the page reported during the step.
    pub console_errors: Vec<String>,
    /// The requests the step caused (pages, forms, fetches) and how the server answered: the
    /// evidence beside the screen that a save reached the server, or was refused by it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<RequestRecord>>")]
    pub requests: Vec<RequestRecord>,
    /// In a check (`specwright check`): the element the step recorded was not found, and the
    /// same control under a new name or in a new place was, with which the step went on. The
    /// step still failed as recorded (its status says so); a person may approve the new locator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub relocated: Option<Relocation>,
}

/// Where a step's element went: the control found in its place and why it is taken for the same
/// one. Only steps that act (click, type, choose) are relocated, never a check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Relocation {
    /// Durable locators of the element found, each unique on the page when it was found.
    pub target: crate::Target,
    /// The element as people name it: `button "로그인하기"`.
    pub found: String,
    /// It is the recorded element itself, found by a locator recorded with it (its test id,
    /// its id, its label): only its name or place changed. Otherwise its name comes close to the
    /// recorded one and no other element's does.
    pub same_element: bool,
}

/// One request a step caused, as the report shows it: `POST /api/items → 201 (35 ms)`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct RequestRecord {
    pub method: String,
    /// The URL's path and query on the app's origin (the whole URL on another origin).
    pub path: String,
    pub status: u16,
    #[ts(type = "number")]
    pub duration_ms: u64,
}

/// One pass over the scenario (one attempt, one data row).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TrialRun {
    /// 1-based attempt; trials run each row more than once to catch flakiness.
    pub attempt: u32,
    /// 0-based test-data row, for data-driven scenarios.
    pub row: Option<u32>,
    pub passed: bool,
    #[ts(type = "number")]
    pub duration_ms: u64,
    pub steps: Vec<TrialStepResult>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TrialReport {
    pub trial_id: String,
    pub scenario_id: String,
    /// Every run passed.
    pub passed: bool,
    /// Attempts of the same row disagreed.
    pub flaky: bool,
    pub runs: Vec<TrialRun>,
    /// When the trial started (ms since the epoch), for the report; absent in older reports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub started_at_ms: Option<i64>,
    /// The browser it ran in ("Chromium 140.0.7339.80"), for the report.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub browser: Option<String>,
}

impl TrialReport {
    /// Builds the verdicts from the runs.
    pub fn new(trial_id: String, scenario_id: String, runs: Vec<TrialRun>) -> Self {
        let passed = !runs.is_empty() && runs.iter().all(|r| r.passed);
        let flaky = runs.iter().any(|a| runs.iter().any(|b| a.row == b.row && a.passed != b.passed));
        Self { trial_id, scenario_id, passed, flaky, runs, started_at_ms: None, browser: None }
    }

    pub fn duration_ms(&self) -> u64 {
        self.runs.iter().map(|r| r.duration_ms).sum()
    }

    /// The first failed step across runs, for one-line summaries.
    pub fn first_failure(&self) -> Option<&TrialStepResult> {
        self.runs.iter().flat_map(|r| &r.steps).find(|s| s.status == StepStatus::Failed)
    }
}
