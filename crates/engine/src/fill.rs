//! What a step types into a field: the value the spec gives (a count said as "7명" typed as its
//! number), a `{{secret.NAME}}` it names, the run's password for a password field, or an answer
//! to a question when the spec gives none; a negative test's wrong password stays data.

use crate::plan::PlannedStep;
use crate::{Intent, RunError};
use specwright_browser::PageSession;
use specwright_protocol::Text;
use specwright_protocol::{Question, QuestionKind};
use specwright_rails::{ask, is_skip, option, question_id, skip_option, skipped};
use specwright_rails::{is_password, Context};
use specwright_scenario::{Action, Citation, Locator, Provenance, Scenario, Target, Value, Variable, VariableSource};

/// What goes into a field.
pub(crate) enum Filled {
    Value(Value),
    /// A value a person gave when asked.
    Answered(Value, Provenance),
    Skipped,
}

/// The number in "7명", "3 개", "2 people", "10 pcs": digits, then a counter or unit word.
fn counted_number(value: &str) -> Option<String> {
    let value = value.trim();
    let end = value.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))?;
    let (number, unit) = value.split_at(end);
    let unit = unit.trim();
    let is_counter = (unit.chars().count() <= 2 && specwright_reading::all_hangul(unit))
        || (unit.chars().all(|c| c.is_ascii_alphabetic()) && unit.len() <= 8);
    (!number.is_empty() && !unit.is_empty() && is_counter).then(|| number.replace(',', ""))
}

/// The value typed into a field: a literal; a `{{secret.NAME}}` the spec wrote; for a password
/// field a secret whose value the run holds (from `--secret`, the spec, or a question) — unless
/// the step belongs to a negative test, whose deliberately wrong value stays data; for a field
/// whose value the spec does not give, a question.
pub(crate) async fn fill_value(
    page: &PageSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    target: &Target,
    intent: &Intent,
    step: &PlannedStep,
) -> Result<Filled, RunError> {
    let given = intent.value.clone();
    let label = intent.target.clone().unwrap_or_default();
    if let Some(name) = given.as_deref().and_then(placeholder) {
        return Ok(Filled::Value(secret_variable(cx, scenario, Some(name.as_str()), &label, &step.citation)?));
    }
    let password = is_password(page, target).await;
    // "비밀번호에 관리자 비밀번호를 입력한다", "enter a wrong password": the words say what to
    // type, never what is typed.
    if let Some(words) = given.as_deref().filter(|v| described(v, &label, &step.text)) {
        return described_value(cx, scenario, words, &label, password, step);
    }
    if !password {
        if let Some(value) = given {
            // "참석 인원은 7명", "2 people": a number field takes the number; the counter word
            // is how people say it.
            let numeric = matches!(target.primary(), Some(Locator::Role { role, .. }) if role == "spinbutton");
            let value = if numeric { counted_number(&value).unwrap_or(value) } else { value };
            return Ok(Filled::Value(Value::Literal { value }));
        }
        let question = Question {
            id: question_id("value", "", &label),
            kind: QuestionKind::Choice,
            text: Text::message("q-value", [("field", label.as_str().into())]),
            target: Some(label.clone()),
            options: vec![skip_option()],
            why: Text::message("why-value", []),
            source: Some(step.citation.label()),
        };
        let asked = question.clone();
        let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
        if is_skip(&answer) {
            skipped(scenario, &cx.secrets.redact(&step.text), &step.citation.label(), cx.language);
            return Ok(Filled::Skipped);
        }
        let value = Value::Literal { value: answer.clone() };
        let cited = specwright_rails::answer_provenance(&asked, &answer, &step.citation, cx.language, cx.memory);
        return Ok(Filled::Answered(value, cited));
    }
    match given.as_deref() {
        Some("") => Ok(Filled::Value(Value::Literal { value: String::new() })),
        // A negative test's wrong password is written to be wrong: it stays data.
        Some(value) if step.negative && cx.secrets.name_of(value).is_none() => {
            Ok(Filled::Value(Value::Literal { value: value.to_string() }))
        }
        Some(value) => Ok(Filled::Value(held_secret(cx, scenario, value))),
        None => Ok(Filled::Value(secret_variable(cx, scenario, None, &label, &step.citation)?)),
    }
}

/// Whether the sentence describes the value rather than giving it: unquoted, and ending with a
/// kind of value or the field's own name.
fn described(value: &str, field: &str, sentence: &str) -> bool {
    let quoted = [('\'', '\''), ('"', '"'), ('‘', '’'), ('“', '”'), ('「', '」')]
        .iter()
        .any(|(open, close)| sentence.contains(&format!("{open}{value}{close}")));
    !quoted && specwright_reading::describes_value(value, field)
}

/// What a described value stands for: the account of the spec's environment the words name
/// (its password into a password field, its user into another), the run's password, or a
/// person's answer — and for a value described as wrong, a made-up one only when a person
/// says so.
fn described_value(
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    words: &str,
    field: &str,
    password: bool,
    step: &PlannedStep,
) -> Result<Filled, RunError> {
    let wrong = specwright_reading::describes_wrong_value(words);
    if !wrong {
        let said = specwright_reading::normalize(words);
        let named = cx.environment.accounts.iter().find(|a| {
            a.role.as_deref().map(specwright_reading::normalize).is_some_and(|r| !r.is_empty() && said.contains(&r))
        });
        if let Some(account) = named.cloned() {
            let cited = Provenance::Spec { citation: account.citation.clone() };
            if !password {
                return Ok(Filled::Answered(Value::Literal { value: account.user.clone() }, cited));
            }
            if let Some(secret) = account.password.as_deref() {
                return Ok(Filled::Answered(held_secret(cx, scenario, secret), cited));
            }
        }
        if password {
            return Ok(Filled::Value(secret_variable(cx, scenario, None, field, &step.citation)?));
        }
    }
    let question = Question {
        id: question_id("value", "", field),
        kind: QuestionKind::Choice,
        text: Text::message("q-value-described", [("field", field.into()), ("words", words.into())]),
        target: Some(field.to_string()),
        options: if wrong {
            vec![option(Text::message("opt-made-up-wrong", []), MADE_UP), skip_option()]
        } else {
            vec![skip_option()]
        },
        why: Text::message("why-value-described", []),
        source: Some(step.citation.label()),
    };
    let asked = question.clone();
    let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    if is_skip(&answer) {
        skipped(scenario, &cx.secrets.redact(&step.text), &step.citation.label(), cx.language);
        return Ok(Filled::Skipped);
    }
    let cited = specwright_rails::answer_provenance(&asked, &answer, &step.citation, cx.language, cx.memory);
    // A made-up wrong value no account has: the words of a value that is not one.
    let value = if answer.trim() == MADE_UP { "not-the-password-0".to_string() } else { answer };
    Ok(Filled::Answered(Value::Literal { value }, cited))
}

/// The answer that asks for a made-up wrong value.
const MADE_UP: &str = "made-up";

/// `{{secret.NAME}}` written in a spec: that named secret.
fn placeholder(value: &str) -> Option<String> {
    let inner = value.trim().strip_prefix("{{")?.strip_suffix("}}")?.trim();
    let name = inner.strip_prefix("secret.").or_else(|| inner.strip_prefix("secrets."))?.trim();
    (!name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_')).then(|| name.to_string())
}

/// A password the run holds as a secret: under the name it already has, else the next free
/// one, declared in the scenario so the export reads it from the environment.
fn held_secret(cx: &mut Context<'_>, scenario: &mut Scenario, value: &str) -> Value {
    held_secret_as(cx, scenario, value, "PASSWORD")
}

/// [`held_secret`], named from `base` when new: a login's password the spec writes out ("with
/// password 'wrong'") is `SPEC_PASSWORD` — never the run's own `PASSWORD`, which the wrong
/// password of a negative case would otherwise become for the cases after it.
pub(crate) fn held_secret_as(cx: &mut Context<'_>, scenario: &mut Scenario, value: &str, base: &str) -> Value {
    let name = match cx.secrets.name_of(value) {
        Some(name) => name.to_string(),
        None => {
            let name = next_name(base, &cx.secrets.names());
            cx.secrets.insert(&name, value);
            name
        }
    };
    declare_secret(scenario, &name);
    Value::Secret { name }
}

fn declare_secret(scenario: &mut Scenario, name: &str) {
    if !scenario.variables.iter().any(|v| v.name == name) {
        scenario.variables.push(Variable { name: name.to_string(), source: VariableSource::Secret });
    }
}

/// The secret `name` (or the run's password) as a value, asked for — without echo, never stored
/// — when the run does not hold it.
pub(crate) fn secret_variable(
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    name: Option<&str>,
    field: &str,
    citation: &Citation,
) -> Result<Value, RunError> {
    let wanted = name.unwrap_or("PASSWORD").to_string();
    // A name given on the command line in another case is the same secret.
    let name = cx.secrets.names().into_iter().find(|n| n.eq_ignore_ascii_case(&wanted)).unwrap_or(wanted);
    if cx.secrets.get(&name).is_none() {
        let question = Question {
            id: question_id("secret", "", &name),
            kind: QuestionKind::Secret,
            text: Text::message("q-password", [("field", field.into()), ("name", name.as_str().into())]),
            target: Some(field.to_string()),
            options: Vec::new(),
            why: Text::message("why-password", [("name", name.as_str().into())]),
            source: Some(citation.label()),
        };
        let value = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
        cx.secrets.insert(&name, &value);
    }
    declare_secret(scenario, &name);
    Ok(Value::Secret { name })
}

/// The next free secret name: `PASSWORD`, then `PASSWORD_2`, ...
pub(crate) fn secret_name(taken: &[String]) -> String {
    next_name("PASSWORD", taken)
}

/// `base`, then `base_2`, ... — the first no secret has.
fn next_name(base: &str, taken: &[String]) -> String {
    let taken = |name: &str| taken.iter().any(|t| t.eq_ignore_ascii_case(name));
    if !taken(base) {
        return base.into();
    }
    (2..).map(|n| format!("{base}_{n}")).find(|n| !taken(n)).unwrap_or_else(|| format!("{base}_X"))
}

/// A value the form should already hold, with no field named ("기존 내용(소회의실 B, 2027-01-12)이
/// 채워져 있다"): the one field that shows it (in the open dialog when the sentence names one),
/// checked by its value. None shows it: the app contradicts the spec, and the failure says what
/// the fields show instead.
pub(crate) async fn expect_field_holding(
    session: &mut specwright_browser::BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    intent: &Intent,
    step: &PlannedStep,
    provenance: Provenance,
) -> Result<(), RunError> {
    const FIELDS: &[&str] = &["textbox", "searchbox", "combobox", "spinbutton"];
    let line = step.citation.line;
    let value = intent.value.clone().unwrap_or_default();
    let wanted = specwright_reading::normalize(&value);
    let in_dialog = matches!(intent.scope, Some(crate::Scope::Dialog(_)));
    let shown = |n: &specwright_browser::SnapshotNode| {
        n.text.as_deref().map(|t| t.trim().trim_matches('"').to_string()).unwrap_or_default()
    };
    // A dialog may still be opening: the fields are looked at until they settle.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_millis(2500);
    let (holding, others) = loop {
        let yaml = session.page().snapshot().await.map_err(|source| RunError::Browser { line, source })?;
        let nodes = specwright_browser::parse_snapshot(&yaml);
        let dialog_open = nodes.iter().any(|n| n.role == "dialog");
        let fields: Vec<specwright_browser::SnapshotNode> = nodes
            .into_iter()
            .filter(|n| FIELDS.contains(&n.role.as_str()) && !n.hidden)
            .filter(|n| !(in_dialog && dialog_open) || n.ancestors.iter().any(|a| a == "dialog"))
            .collect();
        let (holding, others): (Vec<_>, Vec<_>) =
            fields.into_iter().partition(|n| specwright_reading::normalize(&shown(n)) == wanted);
        if !holding.is_empty() || tokio::time::Instant::now() >= deadline {
            break (holding, others);
        }
        session.page().wait_for_change(std::time::Duration::from_millis(400)).await;
    };
    let text = cx.secrets.redact(&step.text);
    match holding.as_slice() {
        [field] => {
            let name = field.name.clone().unwrap_or_default();
            let target = Target::new(vec![Locator::Role { role: field.role.clone(), name, exact: true }]);
            let unique = match specwright_browser::selector(&target) {
                Ok((selector, _)) => session.page().count(&selector).await.unwrap_or(0) == 1,
                Err(_) => false,
            };
            if !unique || field.name.is_none() {
                return Err(RunError::Grounding {
                    line,
                    message: Text::message("field-unnamed", [("value", value.as_str().into())]),
                });
            }
            let check = Action::Expect { target, assertion: specwright_scenario::Assertion::Value { expected: value } };
            specwright_rails::run_step(session, cx, scenario, text, check, provenance, line).await
        }
        [] => {
            let seen: Vec<String> = others
                .iter()
                .filter_map(|n| {
                    let v = shown(n);
                    (!v.is_empty()).then(|| format!("{} '{}'", n.name.clone().unwrap_or_default(), v))
                })
                .take(6)
                .collect();
            Err(RunError::Grounding {
                line,
                message: Text::message(
                    "field-value-not-shown",
                    [("value", value.as_str().into()), ("shown", seen.join(" · ").into())],
                ),
            })
        }
        several => {
            let names: Vec<String> = several.iter().filter_map(|n| n.name.clone()).collect();
            Err(RunError::Grounding {
                line,
                message: Text::message(
                    "field-value-several",
                    [("value", value.as_str().into()), ("names", names.join(", ").into())],
                ),
            })
        }
    }
}

/// The values a sentence lists with no field for each ("Fill in Tom / Weak / weak01 /
/// tom@example.com", "홍길동 / 010-1234-5678 입력"): two or more, slash-separated.
pub(crate) fn listed_values(intent: &Intent) -> Option<Vec<String>> {
    if intent.verb != crate::Verb::Fill {
        return None;
    }
    let text = match (&intent.target, &intent.value) {
        (Some(t), None) | (None, Some(t)) => t,
        _ => return None,
    };
    if !text.contains(" / ") {
        return None;
    }
    let parts: Vec<String> = text.split('/').map(|p| p.trim().to_string()).collect();
    let plain = parts.iter().all(|p| !p.is_empty() && p.chars().count() <= 60);
    (parts.len() >= 2 && plain).then_some(parts)
}

/// Fields for values listed in order: asked, offering the fields typed into on this screen
/// before (the previous case filled the same form) and the form's text fields from the top.
/// The answer names the fields; each value becomes a fill of its own.
pub(crate) async fn spread_values(
    page: &PageSession,
    cx: &mut Context<'_>,
    intent: &Intent,
    values: &[String],
    step: &PlannedStep,
) -> Result<Vec<Intent>, RunError> {
    let path = specwright_rails::path_of(&page.url());
    let mut typed_before: Vec<String> = Vec::new();
    for (at, label) in cx.memory.typed.fields() {
        if *at == path && !typed_before.contains(label) {
            typed_before.push(label.clone());
        }
    }
    let on_form: Vec<String> = match page.snapshot().await {
        Ok(yaml) => specwright_browser::parse_snapshot(&yaml)
            .into_iter()
            .filter(|n| matches!(n.role.as_str(), "textbox" | "searchbox" | "spinbutton"))
            .filter_map(|n| n.name)
            .filter(|name| {
                let n = specwright_reading::normalize(name);
                !["password", "비밀번호", "암호", "search", "검색"].iter().any(|w| n.contains(w))
            })
            .collect(),
        Err(_) => Vec::new(),
    };
    let listed = values.join(" / ");
    let pairs = |fields: &[String]| -> String {
        fields
            .iter()
            .zip(values)
            .map(|(f, v)| format!("{} ← {v}", f.trim_end_matches([' ', '*', ':'])))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut options = Vec::new();
    for (fields, order) in [(&typed_before, "opt-values-typed"), (&on_form, "opt-values-form")] {
        if fields.len() >= values.len() {
            let chosen = &fields[..values.len()];
            let value = chosen.join(", ");
            if !options.iter().any(|o: &specwright_protocol::QuestionOption| o.value == value) {
                options.push(option(Text::message(order, [("pairs", pairs(chosen).into())]), value));
            }
        }
    }
    options.push(skip_option());
    let question = Question {
        id: question_id("values", &path, &listed),
        kind: QuestionKind::Choice,
        text: Text::message("q-values-fields", [("values", listed.as_str().into())]),
        target: Some(listed.clone()),
        options,
        why: Text::message("why-values-fields", []),
        source: Some(step.citation.label()),
    };
    let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    if is_skip(&answer) {
        return Err(RunError::Skipped { line: step.citation.line });
    }
    let fields = fields_named(&answer, &typed_before, &on_form);
    if fields.len() != values.len() {
        return Err(RunError::NotUnderstood { line: step.citation.line, text: answer });
    }
    Ok(fields
        .into_iter()
        .zip(values)
        .map(|(field, value)| Intent {
            verb: crate::Verb::Fill,
            target: Some(field),
            value: Some(value.clone()),
            hint: None,
            scope: intent.scope.clone(),
        })
        .collect())
}

/// The fields an answer names, in the order it names them: an option's value ("First Name,
/// Last Name"), or the person's words naming fields of the form ("first name, surname… as
/// before" names what was typed before, in its order).
fn fields_named(answer: &str, typed_before: &[String], on_form: &[String]) -> Vec<String> {
    let said = specwright_reading::normalize(answer);
    let name_of = |field: &str| specwright_reading::normalize(field.trim_end_matches([' ', '*', ':']));
    let mut fields: Vec<&String> = Vec::new();
    for field in typed_before.iter().chain(on_form) {
        if !fields.contains(&field) {
            fields.push(field);
        }
    }
    // "User Name" also holds "Name": longer names take their place in the answer first.
    fields.sort_by_key(|f| std::cmp::Reverse(name_of(f).len()));
    let mut found: Vec<(usize, usize, String)> = Vec::new();
    for field in fields {
        let name = name_of(field);
        if name.is_empty() {
            continue;
        }
        if let Some(at) = said.find(&name) {
            let end = at + name.len();
            if !found.iter().any(|(a, e, _)| at < *e && *a < end) {
                found.push((at, end, field.clone()));
            }
        }
    }
    let mut found: Vec<(usize, String)> = found.into_iter().map(|(a, _, f)| (a, f)).collect();
    found.sort_by_key(|(at, _)| *at);
    found.into_iter().map(|(_, f)| f).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_name_secrets() {
        assert_eq!(placeholder("{{secret.ADMIN_PASSWORD}}").as_deref(), Some("ADMIN_PASSWORD"));
        assert_eq!(placeholder(" {{ secret.pw }} ").as_deref(), Some("pw"));
        assert_eq!(placeholder("{{run}}"), None);
        assert_eq!(secret_name(&["password".into()]), "PASSWORD_2");
        assert_eq!(next_name("SPEC_PASSWORD", &["PASSWORD".into(), "SPEC_PASSWORD".into()]), "SPEC_PASSWORD_2");
    }

    #[test]
    fn a_number_field_takes_the_number_people_count_with() {
        assert_eq!(counted_number("7명").as_deref(), Some("7"));
        assert_eq!(counted_number("12 people").as_deref(), Some("12"));
        assert_eq!(counted_number("1,200원").as_deref(), Some("1200"));
        // Not a count: left as written.
        assert_eq!(counted_number("7"), None);
        assert_eq!(counted_number("2027-01-19"), None);
        assert_eq!(counted_number("3층 회의실"), None);
    }

    fn fill(target: Option<&str>, value: Option<&str>) -> Intent {
        Intent {
            verb: crate::Verb::Fill,
            target: target.map(str::to_string),
            value: value.map(str::to_string),
            hint: None,
            scope: None,
        }
    }

    #[test]
    fn values_listed_without_fields() {
        assert_eq!(
            listed_values(&fill(Some("김민지 / 010-2222-3333 / minji@example.org"), None)),
            Some(vec!["김민지".to_string(), "010-2222-3333".to_string(), "minji@example.org".to_string()])
        );
        assert_eq!(listed_values(&fill(None, Some("Ana / Lopez"))), Some(vec!["Ana".to_string(), "Lopez".to_string()]));
        // A date, an address, a field with its value: not a list.
        assert_eq!(listed_values(&fill(Some("Start date"), Some("2024/06/10"))), None);
        assert_eq!(listed_values(&fill(Some("https://example.org/a/b"), None)), None);
        assert_eq!(listed_values(&fill(Some("Note"), Some("in / out"))), None);
    }

    #[test]
    fn fields_an_answer_names_in_its_order() {
        let before = vec!["Given Name *".to_string(), "Family Name *".to_string(), "Phone".to_string()];
        let form =
            vec!["Given Name *".to_string(), "Family Name *".to_string(), "Phone".to_string(), "Name".to_string()];
        assert_eq!(fields_named("Given Name *, Family Name *, Phone", &before, &form), before);
        assert_eq!(
            fields_named("phone first, then the given name", &before, &form),
            vec!["Phone".to_string(), "Given Name *".to_string()]
        );
        // "Family Name" holds "Name": only the longer field is named there.
        assert_eq!(fields_named("family name", &before, &form), vec!["Family Name *".to_string()]);
    }
}
