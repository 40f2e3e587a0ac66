//! Records a scenario creates or deletes on an application that keeps its data: when a submit
//! stored a named record on the server, running the scenario again would collide with it; when
//! it deleted one, the next run finds nothing to delete. The planner says whether every run
//! names it anew — a `{{run}}` tag each trial, and the exported test's `RUN`, fill in —, a
//! command of theirs puts the data back before every run, or the app starts fresh; the
//! recorded steps and preconditions carry the answer.

use crate::plan::PlannedStep;
use crate::RunError;
use specwright_protocol::Text;
use specwright_protocol::{Question, QuestionKind};
use specwright_rails::{ask, option, question_id};
use specwright_rails::{scenario_language, written, Context, Locale};
use specwright_scenario::{
    Action, Assumption, AssumptionStatus, Condition, Locator, Precondition, Provenance, Scenario, Value, RUN_TAG,
};

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

/// Buttons that delete a record.
const DELETE_WORDS: &[&str] = &["삭제", "제거", "delete", "remove"];

/// The option that puts the data back with the person's command.
fn reset_option() -> specwright_protocol::QuestionOption {
    option(Text::message("opt-data-reset", []), "reset")
}

/// The option that records the assumption that the app starts fresh.
fn keep_option() -> specwright_protocol::QuestionOption {
    option(Text::message("opt-data-keep", []), "keep")
}

/// After a click that created or deleted a record on the application's server: a run after
/// this one would not find the data this one found. Once a person has given a reset command,
/// it covers every scenario of the session that changes data.
pub(crate) fn keep_runs_repeatable(
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    action: &Action,
    step: &PlannedStep,
) -> Result<(), RunError> {
    let Action::Click { target } = action else { return Ok(()) };
    let button = match target.primary() {
        Some(Locator::Role { name, .. } | Locator::Text { text: name, .. }) => specwright_reading::normalize(name),
        _ => return Ok(()),
    };
    let creates = CREATE_WORDS.iter().any(|w| button.contains(w));
    let deletes = DELETE_WORDS.iter().any(|w| button.contains(w));
    if !creates && !deletes {
        return Ok(());
    }
    if let Some(reset) = cx.memory.records.reset().cloned() {
        reset_before_every_run(scenario, reset);
        return Ok(());
    }
    if creates {
        return name_records_anew(cx, scenario, step);
    }
    let sentence = cx.secrets.redact(&step.text);
    let question = Question {
        id: question_id("data", "delete", &sentence),
        kind: QuestionKind::Choice,
        text: Text::message("q-data-delete", [("sentence", sentence.as_str().into())]),
        target: None,
        options: vec![reset_option(), keep_option()],
        why: Text::message("why-data-repeat", []),
        source: Some(step.citation.label()),
    };
    let question_key = question.id.clone();
    let answer = ask(question.clone(), cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    match chosen(&answer, question, cx.memory)? {
        Choice::Reset => reset_from_answer(cx, scenario, &question_key, &answer),
        Choice::Unique | Choice::Keep => {
            assume_fresh(cx.language, scenario, &sentence);
            Ok(())
        }
    }
}

/// Buttons that send a change to the server (an edit as much as a new record).
const CHANGE_WORDS: &[&str] = &["submit", "save", "update", "apply", "change", "저장", "수정", "변경", "적용", "반영"];

/// A trial failed where exploration had passed, and the scenario changes the app's data (a
/// save, a submit, a delete): exploration's own change may be why ("Show Unassigned" no longer
/// lists the issue exploration assigned). With a reset the session already knows, it is put
/// first and `true` says to run the trial again; otherwise the person is asked for the command,
/// or says it is the app's failure. `false`: the failure stands.
pub fn reset_after_failed_trial(
    scenario: &mut Scenario,
    failure: &str,
    memory: &mut specwright_rails::Memory,
    answerer: &mut dyn specwright_rails::Answerer,
    sink: &mut dyn specwright_rails::Sink,
) -> Result<bool, RunError> {
    if scenario.reset_command().is_some() {
        return Ok(false);
    }
    // A step that says a change in its button's words, or that sent one the app accepted ("문서
    // 이동", "Assign", "Publish"): a form's submit that is no login (no secret typed just before).
    let changes = scenario.steps.iter().enumerate().find_map(|(i, s)| {
        let Action::Click { target } = &s.action else { return None };
        let said = match target.primary() {
            Some(Locator::Role { name, .. } | Locator::Text { text: name, .. }) => {
                let name = specwright_reading::normalize(name);
                CHANGE_WORDS.iter().chain(CREATE_WORDS).chain(DELETE_WORDS).any(|w| name.contains(w))
            }
            _ => false,
        };
        let login = scenario.steps[..i]
            .iter()
            .rev()
            .take_while(|p| matches!(p.action, Action::Fill { .. }))
            .any(|p| matches!(p.action, Action::Fill { value: Value::Secret { .. }, .. }));
        let sent = s.response.is_some() && !s.expects_refusal && !login;
        (said || sent).then_some(s)
    });
    // A form that stores what it sends with no word of change and no request seen to change
    // anything (a search saved under a name): the last button pressed may be the change. The
    // person says whether it was; the failure stands when they say so.
    let pressed = || {
        scenario.steps.iter().rev().find(|s| match &s.action {
            Action::Click { target } => {
                matches!(target.primary(), Some(Locator::Role { role, .. }) if role == "button")
            }
            _ => false,
        })
    };
    let Some(change) = changes.or_else(pressed) else { return Ok(false) };
    let identity = typed_identity(&scenario.steps);
    if let Some(reset) = memory.records.reset().cloned() {
        reset_before_every_run(scenario, reset);
        return Ok(true);
    }
    let question = Question {
        id: question_id("data", "trial", &scenario.id),
        kind: QuestionKind::Choice,
        text: Text::message("q-data-trial", [("failure", failure.into()), ("change", change.intent.as_str().into())]),
        target: None,
        options: identity
            .iter()
            .map(|name| option(Text::message("opt-data-unique-named", [("name", name.into())]), "unique"))
            .chain([reset_option(), option(Text::message("opt-data-failed", []), "failed")])
            .collect(),
        why: Text::message("why-data-trial", []),
        source: None,
    };
    let key = question.id.clone();
    let mut figures = specwright_rails::Figures::default();
    let answer = ask(question.clone(), memory, answerer, sink, &mut figures)?;
    match (chosen(&answer, question, memory)?, identity) {
        (Choice::Reset, _) => {}
        (Choice::Unique, Some(name)) => {
            name_anew_from_where_typed(&mut scenario.steps, memory, &name);
            return Ok(true);
        }
        _ => return Ok(false),
    }
    let (key, answer) = match command_in(&answer) {
        Some(_) => (key, answer),
        None => {
            let question = reset_question();
            let id = question.id.clone();
            let given = ask(question, memory, answerer, sink, &mut figures)?;
            if given == "keep" {
                return Ok(false);
            }
            (id, given)
        }
    };
    let Some(reset) = reset_precondition(scenario_language(scenario), &key, &answer) else { return Ok(false) };
    if !command_confirmed(&reset, memory, answerer, sink, &mut figures)? {
        return Ok(false);
    }
    memory.records.set_reset(reset.clone());
    reset_before_every_run(scenario, reset);
    Ok(true)
}

/// The name a record is known by that the scenario typed itself: a value typed into a field
/// (a search box, a title) that a later step finds the record by ("회의록 2024-06-10" searched
/// for, then its link and its heading). A re-run finds the record exploration made under it.
fn typed_identity(steps: &[specwright_scenario::Step]) -> Option<String> {
    steps.iter().enumerate().find_map(|(i, step)| {
        let Action::Fill { value: Value::Literal { value }, .. } = &step.action else { return None };
        if value.chars().count() < 3 || value.contains(RUN_TAG) {
            return None;
        }
        let found_by = steps[i + 1..].iter().any(|later| {
            later.action.target().is_some_and(|t| {
                t.strategies.iter().any(|l| match l {
                    Locator::Role { name, .. } | Locator::Text { text: name, .. } => name.contains(value.as_str()),
                    _ => false,
                })
            })
        });
        found_by.then(|| value.clone())
    })
}

/// Every step from where `name` was first typed uses it with the run's tag, the typing and
/// the steps that find the record by it alike.
fn name_anew_from_where_typed(
    steps: &mut [specwright_scenario::Step],
    memory: &mut specwright_rails::Memory,
    name: &str,
) {
    let unique = vec![(name.to_string(), fresh_name(name))];
    let first = steps
        .iter()
        .position(|s| matches!(&s.action, Action::Fill { value: Value::Literal { value }, .. } if value == name));
    for step in steps.iter_mut().skip(first.unwrap_or(0)) {
        step.action = with_unique_names(step.action.clone(), &unique);
    }
    for (written, fresh) in &unique {
        memory.records.name_anew(written, fresh);
    }
}

/// Which command puts the data back, when an answer chose a reset without giving it.
fn reset_question() -> Question {
    Question {
        id: question_id("data", "reset", ""),
        kind: QuestionKind::Choice,
        text: Text::message("q-data-reset", []),
        target: None,
        options: vec![keep_option()],
        why: Text::message("why-data-reset", []),
        source: None,
    }
}

/// The precondition an answer that gave a command makes.
fn reset_precondition(language: Locale, question_key: &str, answer: &str) -> Option<Precondition> {
    let command = command_in(answer).or_else(|| Some(answer.trim().to_string()).filter(|a| !a.is_empty()))?;
    Some(Precondition {
        condition: Condition::Reset { command: command.clone() },
        text: written(language, "precondition-reset", [("command", command.as_str().into())]),
        provenance: Provenance::answer(question_key.to_string(), answer.to_string()),
    })
}

/// What a planner's answer to a data question chose.
#[derive(Debug, PartialEq, Eq)]
enum Choice {
    Unique,
    Reset,
    Keep,
}

fn choice(answer: &str) -> Option<Choice> {
    let lower = answer.to_lowercase();
    let any = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    let keep = [
        "keep",
        "fresh",
        "leave",
        "as is",
        "as it is",
        "failed",
        "그대로",
        "초기화",
        "둔다",
        "두고",
        "놔두",
        "지우지 않",
        "실패",
    ];
    if answer == "reset" || answer.contains('`') || any(&["reset", "command", "script", "명령", "스크립트", "되돌"])
    {
        Some(Choice::Reset)
    } else if answer == "unique"
        || (any(&["unique", "새 이름", "매번", "new name", "each run", "every run", "per run"]) && !any(&keep))
    {
        Some(Choice::Unique)
    } else if any(&keep) || ["no", "아니요", "아니오"].contains(&lower.trim()) {
        Some(Choice::Keep)
    } else {
        // Words that choose no option ("사용자 정보 탭의 실명") are not read as one.
        None
    }
}

/// The person's choice, or the question again (the run waits) when their words chose none.
fn chosen(answer: &str, question: Question, memory: &mut specwright_rails::Memory) -> Result<Choice, RunError> {
    choice(answer).ok_or_else(|| {
        memory.answers.forget(&question.id);
        RunError::Unanswered(Box::new(question))
    })
}

/// The command in an answer: the text between backticks, else what follows its last colon
/// ("reset before each run: make reset-db"); `None` when the answer only chose the option.
/// The first colon: a command may hold an address (`curl -X POST http://…/reset`).
fn command_in(answer: &str) -> Option<String> {
    let quoted = answer.split('`').nth(1).map(str::trim).filter(|c| !c.is_empty());
    let after_colon =
        || answer.split_once(':').map(|(_, c)| c.trim()).filter(|c| !c.is_empty() && !c.starts_with("//"));
    quoted.or_else(after_colon).map(str::to_string)
}

/// The person chose a reset: their command (asked for when the answer did not give it) goes
/// first in the scenario's preconditions and stays known for the rest of the session.
fn reset_from_answer(
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    question_key: &str,
    answer: &str,
) -> Result<(), RunError> {
    let (question_key, answer) = match command_in(answer) {
        Some(_) => (question_key.to_string(), answer.to_string()),
        None => {
            let question = reset_question();
            let id = question.id.clone();
            let given = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
            if given == "keep" {
                assume_fresh(cx.language, scenario, &cx.secrets.redact(&scenario.title));
                return Ok(());
            }
            (id, given)
        }
    };
    let Some(reset) = reset_precondition(cx.language, &question_key, &answer) else { return Ok(()) };
    if !command_confirmed(&reset, cx.memory, cx.answerer, cx.sink, &mut cx.figures)? {
        assume_fresh(cx.language, scenario, &cx.secrets.redact(&scenario.title));
        return Ok(());
    }
    cx.memory.records.set_reset(reset.clone());
    reset_before_every_run(scenario, reset);
    Ok(())
}

/// A command runs on this machine only once a person here has given it or seen it and said
/// yes. A command the person typed themselves (in the window, the terminal or their answers
/// file) is theirs: asking them to confirm their own words is a question with one answer. Any
/// other (an imported bundle's answer, whose source the import marks, and whose confirmations
/// are not remembered: `runtime::revision::remembered`) is shown and confirmed, once per
/// session. A "no" leaves the scenario without a reset.
fn command_confirmed(
    reset: &Precondition,
    memory: &mut specwright_rails::Memory,
    answerer: &mut dyn specwright_rails::Answerer,
    sink: &mut dyn specwright_rails::Sink,
    figures: &mut specwright_rails::Figures,
) -> Result<bool, RunError> {
    let Condition::Reset { command } = &reset.condition else { return Ok(false) };
    let given_by = match &reset.provenance {
        Provenance::Answer { question_id, .. } => memory.answers.given_by(question_id),
        _ => None,
    };
    if given_by.is_some_and(|source| specwright_rails::typed_here(source)) {
        return Ok(true);
    }
    let question = Question {
        id: question_id("confirm", "reset", command),
        kind: QuestionKind::Confirm,
        text: Text::message("q-confirm-reset", [("command", command.as_str().into())]),
        target: Some(command.clone()),
        options: specwright_rails::confirm_options(),
        why: Text::message("why-confirm-reset", []),
        source: None,
    };
    let answer = ask(question, memory, answerer, sink, figures)?;
    Ok(specwright_rails::is_yes(&answer))
}

/// The reset goes right after the application's address, once.
fn reset_before_every_run(scenario: &mut Scenario, reset: Precondition) {
    if scenario.reset_command().is_some() {
        return;
    }
    let at = scenario
        .preconditions
        .iter()
        .position(|p| matches!(p.condition, Condition::TargetUrl { .. }))
        .map_or(0, |i| i + 1);
    scenario.preconditions.insert(at, reset);
}

fn assume_fresh(language: Locale, scenario: &mut Scenario, what: &str) {
    let n = scenario.assumptions.len() + 1;
    scenario.assumptions.push(Assumption {
        id: format!("A{n}"),
        text: written(language, "assumption-fresh-app", [("what", what.into())]),
        made_by: "answer".into(),
        status: AssumptionStatus::Confirmed,
    });
}

/// After a click that created a record on the application's server: the names the scenario
/// typed for it would collide with this run's on the next. A person says whether each run names
/// them anew (a tag the exported test generates too) or the app starts fresh every time. This
/// exploration keeps the names as written; the recorded steps, and every later step that looks
/// for them, carry their per-run form.
fn name_records_anew(cx: &mut Context<'_>, scenario: &mut Scenario, step: &PlannedStep) -> Result<(), RunError> {
    // The names typed into this form: since the page was opened or left by another click (a
    // login, a menu). An earlier press of a create button does not end the form: one the app
    // refused comes back with what was typed (the name typed before it is the one saved now).
    let end = scenario.steps.len().saturating_sub(1);
    let creates = |target: &specwright_scenario::Target| match target.primary() {
        Some(Locator::Role { name, .. } | Locator::Text { text: name, .. }) => {
            let name = specwright_reading::normalize(name);
            CREATE_WORDS.iter().any(|w| name.contains(w))
        }
        _ => false,
    };
    // A click of the same sentence ("더 많은 움직임 버튼을 눌러 게시를 클릭한다": the menu the
    // create button is in) is part of the same gesture, not a way out of the form; nor is one
    // that stayed on the page (a tab of the form: "In Attributes, enter …").
    let gesture = scenario.steps.get(end).map(|s| s.intent.clone()).unwrap_or_default();
    let since = scenario.steps[..end]
        .iter()
        .rposition(|s| match &s.action {
            Action::Goto { .. } => true,
            Action::Click { target } => !creates(target) && s.intent != gesture && !cx.memory.recent.stayed_on(target),
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
                let f = specwright_reading::normalize(&field);
                let named = NAME_FIELDS.iter().any(|n| f.contains(n) || f.ends_with(n));
                (named || code_like(value)).then(|| (since + i, field, value.clone()))
            }
            _ => None,
        })
        .collect();
    let Some((_, field, value)) = names.first().cloned() else { return Ok(()) };
    cx.memory.records.set_created(&value);
    let question = Question {
        id: question_id("data", "", &value),
        kind: QuestionKind::Choice,
        text: Text::message("q-data-create", [("value", value.as_str().into()), ("field", field.as_str().into())]),
        target: Some(value.clone()),
        options: vec![option(Text::message("opt-data-unique", []), "unique"), reset_option(), keep_option()],
        why: Text::message("why-data-repeat", []),
        source: Some(step.citation.label()),
    };
    let question_key = question.id.clone();
    let answer = ask(question.clone(), cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    match chosen(&answer, question, cx.memory)? {
        Choice::Reset => return reset_from_answer(cx, scenario, &question_key, &answer),
        Choice::Keep => {
            assume_fresh(cx.language, scenario, &value);
            return Ok(());
        }
        Choice::Unique => {}
    }
    for (index, _, original) in names {
        let fresh = fresh_name(&original);
        cx.memory.records.name_anew(&original, &fresh);
        if let Action::Fill { value, .. } = &mut scenario.steps[index].action {
            *value = Value::Literal { value: fresh };
        }
    }
    Ok(())
}

/// A value written as a code ("ACME-LK-005", "SKU12", "INV_2024_7"): letters and digits in one
/// word, the shape of the keys an app keeps unique (an SKU, a coupon, a reference), typed into
/// a field that may have no name of its own (a column of a stock table).
fn code_like(value: &str) -> bool {
    let chars = || value.chars();
    value.chars().count() >= 4
        && chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        && chars().any(|c| c.is_ascii_alphabetic())
        && chars().any(|c| c.is_ascii_digit())
}

/// Where a run's tag (`-k3x9`, empty while exploring) goes in a name: before an e-mail's `@`,
/// else at the end.
fn fresh_name(name: &str) -> String {
    match name.split_once('@') {
        Some((local, domain)) => format!("{local}{RUN_TAG}@{domain}"),
        None => format!("{name}{RUN_TAG}"),
    }
}

/// An action with the names the scenario creates in their per-run form.
pub(crate) fn with_unique_names(action: Action, unique: &[(String, String)]) -> Action {
    if unique.is_empty() {
        return action;
    }
    let Ok(mut json) = serde_json::to_value(&action) else { return action };
    fn walk(value: &mut serde_json::Value, unique: &[(String, String)]) {
        match value {
            serde_json::Value::String(s) if !s.contains(RUN_TAG) => {
                for (from, to) in unique {
                    if s.contains(from.as_str()) {
                        *s = s.replace(from.as_str(), to);
                    }
                }
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(|v| walk(v, unique)),
            serde_json::Value::Object(map) => map.values_mut().for_each(|v| walk(v, unique)),
            _ => {}
        }
    }
    walk(&mut json, unique);
    serde_json::from_value(json).unwrap_or(action)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_told_from_numbers_and_words() {
        assert!(code_like("ACME-LK-005") && code_like("SKU12") && code_like("INV_2024_7"));
        assert!(!code_like("21.00") && !code_like("555-0101") && !code_like("Fiction") && !code_like("A-1"));
        assert!(!code_like("jane@example.com") && !code_like("10:30"));
    }

    #[test]
    fn fresh_names() {
        assert_eq!(fresh_name("planner01"), "planner01{{run}}");
        assert_eq!(fresh_name("신규 고객사 미팅"), "신규 고객사 미팅{{run}}");
        assert_eq!(fresh_name("ada@example.com"), "ada{{run}}@example.com");
    }

    #[test]
    fn a_name_typed_and_then_found_by_is_made_new_on_every_run_everywhere() {
        use specwright_scenario::{Step, Target, Verification};
        let step = |action: Action| Step {
            index: 0,
            intent: String::new(),
            action,
            provenance: Provenance::Observed { snapshot_ref: String::new() },
            verification: Verification::Explored,
            expects_refusal: false,
            response: None,
            heals: Vec::new(),
        };
        let role = |role: &str, name: &str| {
            Target::new(vec![Locator::Role { role: role.into(), name: name.into(), exact: true }])
        };
        let mut steps = vec![
            step(Action::Fill { target: role("textbox", "Body"), value: Value::Literal { value: "Hello".into() } }),
            step(Action::Fill {
                target: role("searchbox", "Search"),
                value: Value::Literal { value: "Minutes 06-10".into() },
            }),
            step(Action::Click { target: role("link", "Minutes 06-10") }),
            step(Action::Expect {
                target: role("heading", "Minutes 06-10"),
                assertion: specwright_scenario::Assertion::Visible,
            }),
        ];
        // "Hello" is never found by again: not the record's name.
        assert_eq!(typed_identity(&steps).as_deref(), Some("Minutes 06-10"));
        let mut memory = specwright_rails::Memory::default();
        name_anew_from_where_typed(&mut steps, &mut memory, "Minutes 06-10");
        let tagged = format!("Minutes 06-10{RUN_TAG}");
        assert!(matches!(&steps[1].action, Action::Fill { value: Value::Literal { value }, .. } if *value == tagged));
        assert_eq!(
            steps[2].action.target().and_then(|t| t.primary().cloned()),
            Some(Locator::Role { role: "link".into(), name: tagged.clone(), exact: true })
        );
        assert!(matches!(&steps[0].action, Action::Fill { value: Value::Literal { value }, .. } if value == "Hello"));
        assert_eq!(typed_identity(&steps), None);
    }

    #[test]
    fn data_answers() {
        // Option values, and a planner's own words.
        assert_eq!(choice("unique"), Some(Choice::Unique));
        assert_eq!(choice("reset"), Some(Choice::Reset));
        assert_eq!(choice("keep"), Some(Choice::Keep));
        assert_eq!(choice("a different name each run"), Some(Choice::Unique));
        assert_eq!(choice("매 실행 전에 `./scripts/seed.sh` 로 되돌린다"), Some(Choice::Reset));
        assert_eq!(choice("run make reset-db first"), Some(Choice::Reset));
        assert_eq!(choice("reset it: make reset-db"), Some(Choice::Reset));
        assert_eq!(choice("스테이징은 매일 밤 초기화됨"), Some(Choice::Keep));
        assert_eq!(choice("테스트 데이터는 지우지 않고 놔둔다"), Some(Choice::Keep));
        assert_eq!(choice("failed"), Some(Choice::Keep));
        // Words that answer another question choose nothing: asked again, never taken as "keep".
        assert_eq!(choice("사용자 정보 탭의 실명"), None);
        assert_eq!(choice("the Show link in Jun Park's row"), None);
    }

    /// Counts the questions put to it; answers every one "yes".
    struct Yes(Vec<String>);
    impl specwright_rails::Answerer for Yes {
        fn answer(&mut self, question: &Question) -> Option<specwright_rails::Answer> {
            self.0.push(question.id.clone());
            Some(specwright_rails::Answer { value: "yes".into(), source: "window".into() })
        }
    }
    struct Events(Vec<specwright_protocol::Event>);
    impl specwright_rails::Sink for Events {
        fn emit(&mut self, event: specwright_protocol::Event) -> Result<(), String> {
            self.0.push(event);
            Ok(())
        }
        fn frame(
            &mut self,
            _: &[u8],
            _: Option<u32>,
            _: &str,
            _: &str,
            _: Option<specwright_protocol::FrameBox>,
        ) -> Result<String, String> {
            Ok(String::new())
        }
        fn cancelled(&self) -> bool {
            false
        }
    }

    #[test]
    fn a_command_the_person_typed_here_is_not_confirmed_again_but_one_from_elsewhere_is() {
        let reset = reset_precondition(Locale::En, "data:delete:x", "reset: make reset-db").unwrap();
        for (source, asked) in
            [("window", false), ("terminal", false), ("answers_file", false), ("imported", true), ("remembered", true)]
        {
            let mut memory = specwright_rails::Memory::default();
            memory.answers.record("data:delete:x", "reset: make reset-db", source);
            let (mut answerer, mut sink) = (Yes(Vec::new()), Events(Vec::new()));
            let mut figures = specwright_rails::Figures::default();
            let confirmed = command_confirmed(&reset, &mut memory, &mut answerer, &mut sink, &mut figures).unwrap();
            assert!(confirmed, "{source}");
            assert_eq!(!answerer.0.is_empty(), asked, "{source}: {:?}", answerer.0);
            assert_eq!(figures.questions, u32::from(asked), "{source}");
        }
        // A command no answer on record gave is shown to a person first.
        let mut memory = specwright_rails::Memory::default();
        let (mut answerer, mut sink) = (Yes(Vec::new()), Events(Vec::new()));
        let mut figures = specwright_rails::Figures::default();
        assert!(command_confirmed(&reset, &mut memory, &mut answerer, &mut sink, &mut figures).unwrap());
        assert_eq!(answerer.0, vec!["confirm:reset:make reset-db".to_string()]);
    }

    #[test]
    fn commands_in_answers() {
        assert_eq!(
            command_in("매 실행 전에 `./scripts/seed.sh --all` 로 되돌린다").as_deref(),
            Some("./scripts/seed.sh --all")
        );
        assert_eq!(command_in("reset before each run: make reset-db").as_deref(), Some("make reset-db"));
        assert_eq!(
            command_in("reset: curl -X POST http://127.0.0.1:3000/reset").as_deref(),
            Some("curl -X POST http://127.0.0.1:3000/reset")
        );
        assert_eq!(command_in("reset"), None);
        assert_eq!(command_in("use http://x"), None);
    }
}
