//! Records a scenario creates on an application that keeps its data: when a submit stored a
//! named record on the server, running the scenario again would collide with it. The planner
//! says whether every run names it anew — a `{{run}}` tag each trial, and the exported test's
//! `RUN`, fill in — or the app starts fresh; the recorded steps carry the answer.

use crate::ask::{ask, option, question_id};
use crate::explore::Context;
use crate::plan::PlannedStep;
use crate::EngineError;
use specwright_protocol::{Question, QuestionKind};
use specwright_scenario::{Action, Assumption, AssumptionStatus, Locator, Scenario, Value, RUN_TAG};

/// Labels of fields that name a record ("이름", "상품명", "Title", "Username").
const NAME_FIELDS: &[&str] = &[
    "이름",
    "명",
    "제목",
    "아이디",
    "코드",
    "별칭",
    "name",
    "title",
    "username",
    "user name",
    "login",
    "slug",
    "code",
    "key",
    "label",
    "email",
    "이메일",
];
/// Buttons that create a record.
const CREATE_WORDS: &[&str] = &[
    "저장",
    "등록",
    "추가",
    "생성",
    "만들기",
    "작성",
    "게시",
    "가입",
    "save",
    "create",
    "add",
    "submit",
    "publish",
    "register",
    "sign up",
];

/// After a click that created a record on the application's server: the names the scenario
/// typed for it would collide with this run's on the next. A person says whether each run names
/// them anew (a tag the exported test generates too) or the app starts fresh every time. This
/// exploration keeps the names as written; the recorded steps, and every later step that looks
/// for them, carry their per-run form.
pub(crate) fn name_records_anew(
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    action: &Action,
    step: &PlannedStep,
) -> Result<(), EngineError> {
    let Action::Click { target } = action else { return Ok(()) };
    let button = match target.primary() {
        Some(Locator::Role { name, .. } | Locator::Text { text: name, .. }) => crate::grounding::normalize(name),
        _ => return Ok(()),
    };
    if !CREATE_WORDS.iter().any(|w| button.contains(w)) {
        return Ok(());
    }
    // The names typed into this form: since the page was opened or left by another click (a
    // login, a menu). An earlier press of a create button does not end the form: one the app
    // refused comes back with what was typed (the name typed before it is the one saved now).
    let end = scenario.steps.len().saturating_sub(1);
    let creates = |target: &specwright_scenario::Target| match target.primary() {
        Some(Locator::Role { name, .. } | Locator::Text { text: name, .. }) => {
            let name = crate::grounding::normalize(name);
            CREATE_WORDS.iter().any(|w| name.contains(w))
        }
        _ => false,
    };
    let since = scenario.steps[..end]
        .iter()
        .rposition(|s| match &s.action {
            Action::Goto { .. } => true,
            Action::Click { target } => !creates(target),
            _ => false,
        })
        .map_or(0, |i| i + 1);
    let names: Vec<(usize, String, String)> = scenario.steps[since..end]
        .iter()
        .enumerate()
        .filter_map(|(i, s)| match &s.action {
            Action::Fill { target, value: Value::Literal { value } }
                if value.chars().count() >= 2 && !value.contains(RUN_TAG) =>
            {
                let field = target.primary().map(|l| match l {
                    Locator::Role { name, .. }
                    | Locator::Label { text: name }
                    | Locator::Placeholder { text: name } => name.clone(),
                    _ => String::new(),
                })?;
                let f = crate::grounding::normalize(&field);
                NAME_FIELDS.iter().any(|n| f.contains(n) || f.ends_with(n)).then(|| (since + i, field, value.clone()))
            }
            _ => None,
        })
        .collect();
    let Some((_, field, value)) = names.first().cloned() else { return Ok(()) };
    let question = Question {
        id: question_id("data", "", &value),
        kind: QuestionKind::Choice,
        text: format!(
            "이 단계는 앱에 '{value}'({field})을(를) 만듭니다. 앱이 데이터를 보관하면 재실행할 때 같은 이름이 중복됩니다. 어떻게 할까요? / This step creates '{value}' ({field}) in the app. If the app keeps its data, a re-run collides with the same name. What should happen?"
        ),
        target: Some(value.clone()),
        options: vec![
            option(
                "실행할 때마다 새 이름으로 (뒤에 실행별 구분 문자를 붙임) / a new name on every run (a tag added per run)".into(),
                "unique",
            ),
            option("그대로 둠 (앱이 실행마다 초기화됨) / keep it (the app starts fresh every run)".into(), "keep"),
        ],
        why: "시험 실행과 내보낸 테스트는 같은 앱에서 여러 번 실행됩니다. / Trials and the exported test run on the same app again and again.".into(),
        source: Some(step.citation.label()),
    };
    let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    let lower = answer.to_lowercase();
    let unique = answer == "unique"
        || (["unique", "새 이름", "매번", "new name", "each run", "every run", "per run"]
            .iter()
            .any(|w| lower.contains(w))
            && !["fresh", "초기화", "keep", "그대로"].iter().any(|w| lower.contains(w)));
    if !unique {
        let n = scenario.assumptions.len() + 1;
        scenario.assumptions.push(Assumption {
            id: format!("A{n}"),
            text: format!("'{value}'은(는) 실행마다 앱이 초기화되어 다시 만들 수 있다고 가정합니다. / Assumed the app starts fresh on every run, so '{value}' can be created again."),
            made_by: "answer".into(),
            status: AssumptionStatus::Confirmed,
        });
        return Ok(());
    }
    for (index, _, original) in names {
        let fresh = fresh_name(&original);
        cx.memory.unique.push((original, fresh.clone()));
        if let Action::Fill { value, .. } = &mut scenario.steps[index].action {
            *value = Value::Literal { value: fresh };
        }
    }
    Ok(())
}

/// Where a run's tag (`-k3x9`, empty while exploring) goes in a name: before an e-mail's `@`,
/// else at the end.
fn fresh_name(name: &str) -> String {
    match name.split_once('@') {
        Some((local, domain)) => format!("{local}{RUN_TAG}@{domain}"),
        None => format!("{name}{RUN_TAG}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_names() {
        assert_eq!(fresh_name("planner01"), "planner01{{run}}");
        assert_eq!(fresh_name("신규 고객사 미팅"), "신규 고객사 미팅{{run}}");
        assert_eq!(fresh_name("ada@example.com"), "ada{{run}}@example.com");
    }
}
