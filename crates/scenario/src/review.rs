//! The Reviewer's checks that need no browser: shape, provenance, assumptions and assertions.
//! The runtime adds what only a live run can tell (locators resolving, flakiness).

use crate::{Action, AssumptionStatus, Provenance, Scenario, StepStatus, TrialReport, Value, VariableSource};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Blocks submitting the scenario.
    Error,
    /// Shown with the draft; a person decides.
    Warning,
    Info,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Finding {
    pub severity: Severity,
    /// `schema`, `unauthorized_addition`, `open_assumption`, `no_assertion_after_change`,
    /// `no_assertion`, `trial_failed`, `flaky`.
    pub code: String,
    pub step: Option<u32>,
    /// A sentence for a person, in Korean and English.
    pub message: String,
}

fn finding(severity: Severity, code: &str, step: Option<u32>, message: String) -> Finding {
    Finding { severity, code: code.to_string(), step, message }
}

/// Structural problems: what would make the scenario fail to run or export, whatever the app does.
pub fn validate(scenario: &Scenario) -> Vec<Finding> {
    let mut out = Vec::new();
    let schema = |step: Option<u32>, message: String| finding(Severity::Error, "schema", step, message);
    if scenario.steps.is_empty() {
        out.push(schema(None, "시나리오에 단계가 없습니다. / The scenario has no steps.".into()));
    }
    for (i, step) in scenario.steps.iter().enumerate() {
        if step.index != i as u32 + 1 {
            out.push(schema(
                Some(step.index),
                format!(
                    "단계 번호가 순서와 다릅니다({}번째). / Step numbers must run 1, 2, 3… (found {} at position {}).",
                    i + 1,
                    step.index,
                    i + 1
                ),
            ));
        }
        if let Some(target) = step.action.target() {
            if target.strategies.is_empty() {
                out.push(schema(
                    Some(step.index),
                    "대상을 찾을 방법(locator)이 없습니다. / The step's target has no locator.".into(),
                ));
            }
        }
        let value = match &step.action {
            Action::Fill { value, .. } | Action::Select { value, .. } => Some(value),
            _ => None,
        };
        match value {
            Some(Value::Variable { name }) => match scenario.variables.iter().find(|v| &v.name == name) {
                None => out.push(schema(
                    Some(step.index),
                    format!(
                        "정의되지 않은 변수 {{{{{name}}}}}를 사용합니다. / Uses the undefined variable {{{{{name}}}}}."
                    ),
                )),
                Some(v) => {
                    if let VariableSource::TestData { column } = &v.source {
                        let known = scenario.data.as_ref().is_some_and(|d| d.columns.contains(column));
                        if !known {
                            out.push(schema(Some(step.index), format!("테스트 데이터에 '{column}' 열이 없습니다. / The test data has no column '{column}'.")));
                        }
                    }
                }
            },
            Some(Value::Secret { name }) => {
                let declared = scenario.variables.iter().any(|v| &v.name == name && v.source == VariableSource::Secret);
                if !declared {
                    out.push(schema(Some(step.index), format!("비밀 값 {name}이(가) 변수로 선언되지 않았습니다. / The secret {name} is not declared as a variable.")));
                }
            }
            _ => {}
        }
        if let Provenance::Assumption { assumption_id } = &step.provenance {
            if !scenario.assumptions.iter().any(|a| &a.id == assumption_id) {
                out.push(schema(Some(step.index), format!("가정 {assumption_id}이(가) 가정 목록에 없습니다. / Assumption {assumption_id} is not in the ledger.")));
            }
        }
    }
    if let Some(data) = &scenario.data {
        if data.rows.is_empty() {
            out.push(schema(None, "테스트 데이터에 행이 없습니다. / The test data has no rows.".into()));
        }
        for (i, row) in data.rows.iter().enumerate() {
            if row.len() != data.columns.len() {
                out.push(schema(None, format!("테스트 데이터 {}행의 칸 수가 열 수와 다릅니다. / Test-data row {} has {} cells for {} columns.", i + 1, i + 1, row.len(), data.columns.len())));
            }
        }
    }
    out
}

/// Everything the Reviewer can tell from the scenario alone (and a trial report, if one ran).
pub fn review(scenario: &Scenario, trial: Option<&TrialReport>) -> Vec<Finding> {
    let mut out = validate(scenario);
    for step in &scenario.steps {
        if let Provenance::Observed { .. } = step.provenance {
            out.push(finding(
                Severity::Warning,
                "unauthorized_addition",
                Some(step.index),
                format!(
                    "{}번 단계 \"{}\"는 기획서나 답변에 근거가 없습니다. 유지할까요? / Step {} \"{}\" has no source in the spec or your answers: keep it?",
                    step.index, step.intent, step.index, step.intent
                ),
            ));
        }
    }
    for assumption in scenario.assumptions.iter().filter(|a| a.status == AssumptionStatus::Open) {
        out.push(finding(
            Severity::Warning,
            "open_assumption",
            None,
            format!("확인되지 않은 가정: {} / Unconfirmed assumption: {}", assumption.text, assumption.text),
        ));
    }
    let last_assertion = scenario.steps.iter().rposition(|s| s.action.is_assertion());
    match last_assertion {
        None if !scenario.steps.is_empty() => out.push(finding(
            Severity::Error,
            "no_assertion",
            None,
            "확인(검증) 단계가 하나도 없어 이 시나리오는 실패할 수 없습니다. / The scenario checks nothing, so it can never fail.".into(),
        )),
        None => {}
        Some(last) => {
            for step in scenario.steps[last + 1..].iter().filter(|s| s.action.changes_state()) {
                out.push(finding(
                    Severity::Warning,
                    "no_assertion_after_change",
                    Some(step.index),
                    format!(
                        "{}번 단계 뒤에 결과를 확인하는 단계가 없습니다. / Nothing checks the result of step {}.",
                        step.index, step.index
                    ),
                ));
            }
        }
    }
    if let Some(trial) = trial {
        for run in &trial.runs {
            for step in run.steps.iter().filter(|s| s.status == StepStatus::Failed) {
                let why = step.diagnosis.as_ref().map(|d| d.message.clone()).unwrap_or_default();
                let row = run.row.map(|r| format!(" (row {})", r + 1)).unwrap_or_default();
                out.push(finding(
                    Severity::Error,
                    "trial_failed",
                    Some(step.index),
                    format!("시험 실행 {}회차{row}에서 {}번 단계 실패: {why} / Trial attempt {}{row} failed at step {}: {why}", run.attempt, step.index, run.attempt, step.index),
                ));
            }
        }
        if trial.flaky {
            out.push(finding(
                Severity::Warning,
                "flaky",
                None,
                "같은 시나리오가 실행마다 다른 결과를 냈습니다(불안정). / The scenario passed in one trial run and failed in another (flaky).".into(),
            ));
        }
    }
    // Most severe first; within a severity, step by step, then what concerns the whole scenario.
    out.sort_by_key(|f| (f.severity, f.step.is_none(), f.step));
    out
}
