//! One word for what a scenario's latest trial proved, and never more: a trial without a failure
//! proves the spec only when the scenario checks something and the review found nothing that
//! blocks it. The window, the report, the plan and JUnit all say the same word.

use crate::{review, Finding, Scenario, Severity, TrialReport, Verification};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// No trial has run.
    NotRun,
    /// Every run passed, the scenario checks what it does, and the review found nothing.
    Passed,
    /// Passed, with findings a person should read (an open assumption, an unsourced step, an
    /// action with no check after it).
    PassedWithWarnings,
    /// No step failed, but the run proves nothing the spec asks: no check at all, or a finding
    /// that blocks the scenario. Never shown as a pass.
    NotVerified,
    Failed,
    /// Runs of the same case disagreed.
    Flaky,
}

impl Verdict {
    /// The catalog message that names it.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::NotRun => "verdict-not-run",
            Verdict::Passed => "verification-passed",
            Verdict::PassedWithWarnings => "verdict-passed-with-warnings",
            Verdict::NotVerified => "verdict-not-verified",
            Verdict::Failed => "verification-failed",
            Verdict::Flaky => "verification-flaky",
        }
    }

    /// A stable name for styles and machine readers (`passed`, `not_verified`, …).
    pub fn name(self) -> &'static str {
        match self {
            Verdict::NotRun => "not_run",
            Verdict::Passed => "passed",
            Verdict::PassedWithWarnings => "passed_with_warnings",
            Verdict::NotVerified => "not_verified",
            Verdict::Failed => "failed",
            Verdict::Flaky => "flaky",
        }
    }
}

/// The verdict of the latest trial (`trial`, or the steps' own record of it when none is at
/// hand) and the review's findings it rests on, most severe first.
pub fn verdict(scenario: &Scenario, trial: Option<&TrialReport>) -> (Verdict, Vec<Finding>) {
    let findings = review(scenario, trial);
    let ran = match trial {
        Some(t) if t.flaky => return (Verdict::Flaky, findings),
        Some(t) if !t.passed => return (Verdict::Failed, findings),
        Some(_) => true,
        None => {
            let steps = &scenario.steps;
            if steps.iter().any(|s| s.verification == Verification::Flaky) {
                return (Verdict::Flaky, findings);
            }
            if steps.iter().any(|s| s.verification == Verification::Failed) {
                return (Verdict::Failed, findings);
            }
            !steps.is_empty() && steps.iter().all(|s| s.verification == Verification::Passed)
        }
    };
    if !ran {
        return (Verdict::NotRun, findings);
    }
    let verdict = if findings.iter().any(|f| f.severity == Severity::Error) {
        Verdict::NotVerified
    } else if findings.iter().any(|f| f.severity == Severity::Warning) {
        Verdict::PassedWithWarnings
    } else {
        Verdict::Passed
    };
    (verdict, findings)
}
