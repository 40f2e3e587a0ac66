//! What a check of a kept scenario against the app as it is now found: passed, drifted (an
//! element renamed or moved, the behaviour intact), failed (a check failed, the app refused), or
//! blocked (the login or the way in failed, so nothing after it was tried). A drift is never a
//! pass: it waits for a person to approve the new element.

use crate::{Action, DiagnosisKind, Relocation, Scenario, StepStatus, TrialReport, Value, VariableSource};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CheckOutcome {
    Passed,
    Drifted,
    Failed,
    Blocked,
    /// Every step ran, but the scenario checks nothing the spec expects (or its review found
    /// something): never called a pass.
    NotVerified,
}

impl CheckOutcome {
    /// The catalog message that names it.
    pub fn word(self) -> &'static str {
        match self {
            CheckOutcome::Passed => "check-passed",
            CheckOutcome::Drifted => "check-drifted",
            CheckOutcome::Failed => "check-failed",
            CheckOutcome::Blocked => "check-blocked",
            CheckOutcome::NotVerified => "check-not-verified",
        }
    }
}

/// A check's finding for one scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Judgement {
    /// The scenario judged (a workbook's check judges each of its cases); empty in judgements
    /// recorded before a check covered several.
    #[serde(default)]
    pub scenario_id: String,
    /// Its title, as a person tells the cases apart.
    #[serde(default)]
    pub title: String,
    pub outcome: CheckOutcome,
    /// The step that failed (failed, blocked), as its number in the scenario.
    pub step: Option<u32>,
    /// What the app said or showed there, in its own words.
    pub message: Option<String>,
    /// For a drift: each step whose element moved, and where it is now (the same in every run).
    pub relocations: Vec<Proposal>,
}

/// A new element proposed for one step, as a person approves or not: the step, what it acted on
/// and what it would act on, in words and as the exported test's line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Proposal {
    pub step: u32,
    pub intent: String,
    /// The element as recorded: `button "로그인"`.
    pub was: String,
    pub relocation: Relocation,
    /// Both elements as a planner names them ("'로그인' 버튼"), when they have a name.
    pub was_words: Option<crate::Text>,
    pub found_words: Option<crate::Text>,
    /// The step's line of the exported Playwright test, before and after.
    pub code_was: String,
    pub code_now: String,
}

/// Judges a check's trial of `scenario`. A step that failed with no new place for its element
/// decides (blocked when it is part of the way in: the login up to its submit, the first page,
/// a reset, a missing value); otherwise every failed step found its element again in every run
/// and the rest passed: a drift, when each run found the same new element.
pub fn judge(scenario: &Scenario, report: &TrialReport) -> Judgement {
    let mut judgement = Judgement {
        scenario_id: scenario.id.clone(),
        title: scenario.title.clone(),
        outcome: CheckOutcome::Passed,
        step: None,
        message: None,
        relocations: vec![],
    };
    if report.runs.is_empty() {
        judgement.outcome = CheckOutcome::Blocked;
        return judgement;
    }
    let way_in = way_in(scenario);
    for run in &report.runs {
        let Some(failed) = run.steps.iter().find(|s| s.status == StepStatus::Failed && s.relocated.is_none()) else {
            continue;
        };
        let kind = failed.diagnosis.as_ref().map(|d| d.kind);
        // Only the way in blocks: anything the app does after it is a failure of the app.
        let blocked = (failed.index <= way_in
            && matches!(
                kind,
                Some(DiagnosisKind::NotFound | DiagnosisKind::Timeout | DiagnosisKind::Navigation | DiagnosisKind::Other)
            ))
            // A value nobody gave (a secret) is this machine's, never the app's.
            || kind == Some(DiagnosisKind::MissingValue);
        judgement.outcome = if blocked { CheckOutcome::Blocked } else { CheckOutcome::Failed };
        judgement.step = Some(failed.index);
        judgement.message = failed.diagnosis.as_ref().map(|d| d.message.clone());
        return judgement;
    }
    let mut relocations: Vec<Proposal> = Vec::new();
    for step in report.runs.iter().flat_map(|r| &r.steps) {
        let Some(relocated) = &step.relocated else { continue };
        match relocations.iter().find(|p| p.step == step.index) {
            // Runs that disagree on where the element went prove nothing about where it is.
            Some(seen) if seen.relocation.target != relocated.target => {
                judgement.outcome = CheckOutcome::Failed;
                judgement.step = Some(step.index);
                judgement.message = step.diagnosis.as_ref().map(|d| d.message.clone());
                return judgement;
            }
            Some(_) => {}
            None => match proposal(scenario, step.index, relocated) {
                Some(proposal) => relocations.push(proposal),
                // A relocation the scenario has no acting step for is no drift it can take.
                None => {
                    judgement.outcome = CheckOutcome::Failed;
                    judgement.step = Some(step.index);
                    judgement.message = step.diagnosis.as_ref().map(|d| d.message.clone());
                    return judgement;
                }
            },
        }
    }
    if !relocations.is_empty() {
        judgement.outcome = CheckOutcome::Drifted;
        judgement.step = relocations.first().map(|p| p.step);
        judgement.relocations = relocations;
        return judgement;
    }
    // Nothing failed: a pass only as far as the verdict goes (a scenario that checks nothing is
    // never one).
    if !matches!(crate::verdict(scenario, Some(report)).0, crate::Verdict::Passed | crate::Verdict::PassedWithWarnings)
    {
        judgement.outcome = CheckOutcome::NotVerified;
    }
    judgement
}

/// The proposal for step `index` of `scenario`: its action on the relocated element.
fn proposal(scenario: &Scenario, index: u32, relocation: &Relocation) -> Option<Proposal> {
    let step = scenario.steps.iter().find(|s| s.index == index)?;
    let was = step.action.target()?;
    let moved = step.action.on_target(relocation.target.clone())?;
    Some(Proposal {
        step: index,
        intent: step.intent.clone(),
        was: was.describe(),
        relocation: relocation.clone(),
        was_words: was.primary().and_then(|l| l.for_people()),
        found_words: relocation.target.primary().and_then(|l| l.for_people()),
        code_was: crate::export::playwright_statement(&step.action, scenario),
        code_now: crate::export::playwright_statement(&moved, scenario),
    })
}

/// The last step of the way in: the login's submit (the first click or key press after a
/// password is typed, when no check comes before it: a password typed later is a step of the
/// feature, a change of password), else the first step (the page opened).
fn way_in(scenario: &Scenario) -> u32 {
    let secret = |value: &Value| match value {
        Value::Secret { .. } => true,
        Value::Variable { name } => {
            scenario.variables.iter().any(|v| &v.name == name && v.source == VariableSource::Secret)
        }
        Value::Literal { .. } => false,
    };
    let typed = scenario
        .steps
        .iter()
        .position(|s| s.action.value().is_some_and(secret))
        .filter(|at| !scenario.steps[..*at].iter().any(|s| s.action.is_assertion()));
    let submit = typed.and_then(|at| {
        scenario.steps[at..].iter().find(|s| matches!(s.action, Action::Click { .. } | Action::Press { .. }))
    });
    submit.map(|s| s.index).unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        Diagnosis, Locator, Provenance, Step, Target, TrialRun, TrialStepResult, Variable, Verification, SCHEMA_VERSION,
    };

    fn step(index: u32, action: Action) -> Step {
        Step {
            index,
            intent: format!("step {index}"),
            action,
            provenance: Provenance::answer("q", "a"),
            verification: Verification::Passed,
            expects_refusal: false,
            response: None,
            heals: vec![],
        }
    }

    fn button(name: &str) -> Target {
        Target::new(vec![Locator::Role { role: "button".into(), name: name.into(), exact: true }])
    }

    /// Open, type the password, sign in, save, see "saved".
    fn scenario() -> Scenario {
        let field = Target::new(vec![Locator::Label { text: "비밀번호".into() }]);
        Scenario {
            schema_version: SCHEMA_VERSION,
            id: "s".into(),
            title: "t".into(),
            target_url: "http://127.0.0.1:1".into(),
            variables: vec![Variable { name: "PASSWORD".into(), source: VariableSource::Secret }],
            data: None,
            preconditions: vec![],
            steps: vec![
                step(1, Action::Goto { url: "/login".into() }),
                step(2, Action::Fill { target: field, value: Value::Variable { name: "PASSWORD".into() } }),
                step(3, Action::Click { target: button("로그인") }),
                step(4, Action::Click { target: button("저장") }),
                step(
                    5,
                    Action::Expect {
                        target: Target::new(vec![Locator::Text { text: "저장됨".into(), exact: true }]),
                        assertion: crate::Assertion::Visible,
                    },
                ),
            ],
            assumptions: vec![],
            open_questions: vec![],
        }
    }

    fn result(index: u32, status: StepStatus, kind: Option<DiagnosisKind>, relocated: Option<&str>) -> TrialStepResult {
        TrialStepResult {
            index,
            intent: String::new(),
            status,
            duration_ms: 1,
            diagnosis: kind.map(|kind| Diagnosis {
                kind,
                message: format!("step {index} said no"),
                expected: None,
                actual: None,
                candidates: vec![],
            }),
            frame: None,
            console_errors: vec![],
            requests: vec![],
            relocated: relocated.map(|name| Relocation {
                target: button(name),
                found: format!("button \"{name}\""),
                same_element: true,
            }),
        }
    }

    fn report(runs: Vec<Vec<TrialStepResult>>) -> TrialReport {
        let runs = runs
            .into_iter()
            .enumerate()
            .map(|(i, steps)| TrialRun {
                attempt: i as u32 + 1,
                row: None,
                passed: steps.iter().all(|s| s.status == StepStatus::Passed),
                duration_ms: 5,
                steps,
            })
            .collect();
        TrialReport::new("t".into(), "s".into(), runs)
    }

    fn passing(except: Vec<TrialStepResult>) -> Vec<TrialStepResult> {
        (1..=5)
            .map(|i| {
                except
                    .iter()
                    .find(|r| r.index == i)
                    .cloned()
                    .unwrap_or_else(|| result(i, StepStatus::Passed, None, None))
            })
            .collect()
    }

    #[test]
    fn a_check_with_every_step_passed_passes() {
        let judged = judge(&scenario(), &report(vec![passing(vec![]), passing(vec![])]));
        assert_eq!(judged.outcome, CheckOutcome::Passed);
        assert!(judged.relocations.is_empty() && judged.step.is_none());
    }

    #[test]
    fn a_failed_check_or_a_refusal_after_the_login_fails_with_the_apps_words() {
        let failed = result(5, StepStatus::Failed, Some(DiagnosisKind::NotFound), None);
        let judged = judge(&scenario(), &report(vec![passing(vec![failed])]));
        assert_eq!((judged.outcome, judged.step), (CheckOutcome::Failed, Some(5)));
        assert_eq!(judged.message.as_deref(), Some("step 5 said no"));
        let refused = result(4, StepStatus::Failed, Some(DiagnosisKind::Refused), None);
        assert_eq!(judge(&scenario(), &report(vec![passing(vec![refused])])).outcome, CheckOutcome::Failed);
    }

    #[test]
    fn a_failure_on_the_way_in_blocks_the_rest() {
        for (index, kind) in [
            (3, DiagnosisKind::NotFound),
            (2, DiagnosisKind::Timeout),
            (1, DiagnosisKind::Other),
            (1, DiagnosisKind::Navigation),
            (5, DiagnosisKind::MissingValue),
        ] {
            let failed = result(index, StepStatus::Failed, Some(kind), None);
            let judged = judge(&scenario(), &report(vec![passing(vec![failed])]));
            assert_eq!((judged.outcome, judged.step), (CheckOutcome::Blocked, Some(index)), "{kind:?}");
        }
        assert_eq!(judge(&scenario(), &report(vec![])).outcome, CheckOutcome::Blocked);
        // After the way in, a page that does not open is the app's failure.
        let lost = result(4, StepStatus::Failed, Some(DiagnosisKind::Navigation), None);
        assert_eq!(judge(&scenario(), &report(vec![passing(vec![lost])])).outcome, CheckOutcome::Failed);
    }

    #[test]
    fn a_check_of_a_scenario_that_checks_nothing_is_never_a_pass() {
        let mut nothing = scenario();
        nothing.steps.retain(|s| !s.action.is_assertion());
        let runs: Vec<_> = passing(vec![]).into_iter().filter(|r| r.index != 5).collect();
        assert_eq!(judge(&nothing, &report(vec![runs])).outcome, CheckOutcome::NotVerified);
    }

    #[test]
    fn a_moved_element_found_again_in_every_run_is_a_drift_never_a_pass() {
        let moved = || result(4, StepStatus::Failed, Some(DiagnosisKind::NotFound), Some("저장하기"));
        let judged = judge(&scenario(), &report(vec![passing(vec![moved()]), passing(vec![moved()])]));
        assert_eq!((judged.outcome, judged.step), (CheckOutcome::Drifted, Some(4)));
        assert_eq!(judged.relocations.len(), 1);
        assert_eq!(judged.relocations[0].relocation.found, "button \"저장하기\"");
        assert_eq!(judged.relocations[0].was, "button \"저장\"");
        assert!(judged.relocations[0].found_words.is_some() && judged.relocations[0].was_words.is_some());
        assert_eq!(
            judged.relocations[0].code_was,
            "await page.getByRole('button', { name: '저장', exact: true }).click();"
        );
        assert_eq!(
            judged.relocations[0].code_now,
            "await page.getByRole('button', { name: '저장하기', exact: true }).click();"
        );
        assert!(!report(vec![passing(vec![moved()])]).passed, "a drifted run is not a passed run");
        // The behaviour did not hold after the new element: a failure, whatever moved.
        let after = result(5, StepStatus::Failed, Some(DiagnosisKind::AssertionMismatch), None);
        let judged = judge(&scenario(), &report(vec![passing(vec![moved(), after])]));
        assert_eq!((judged.outcome, judged.step), (CheckOutcome::Failed, Some(5)));
        // Runs that found different elements prove nothing about where it went.
        let elsewhere = result(4, StepStatus::Failed, Some(DiagnosisKind::NotFound), Some("취소"));
        let judged = judge(&scenario(), &report(vec![passing(vec![moved()]), passing(vec![elsewhere])]));
        assert_eq!(judged.outcome, CheckOutcome::Failed);
    }
}
