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

    /// What a `trial.done` said: its verdict, or for one recorded before verdicts were said, its
    /// plain outcome.
    pub fn of_trial(verdict: Option<Verdict>, passed: bool, flaky: bool) -> Verdict {
        verdict.unwrap_or(if passed {
            Verdict::Passed
        } else if flaky {
            Verdict::Flaky
        } else {
            Verdict::Failed
        })
    }

    /// What a session of several scenarios (a workbook's cases) proved: its least proven case's
    /// verdict. A failure outweighs flakiness, which outweighs a pass that proves nothing, which
    /// outweighs warnings. `None` when nothing ran.
    pub fn worst(verdicts: impl IntoIterator<Item = Verdict>) -> Option<Verdict> {
        let rank = |v: &Verdict| match v {
            Verdict::Failed => 5,
            Verdict::Flaky => 4,
            Verdict::NotVerified => 3,
            Verdict::PassedWithWarnings => 2,
            Verdict::Passed => 1,
            Verdict::NotRun => 0,
        };
        verdicts.into_iter().max_by_key(rank)
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
