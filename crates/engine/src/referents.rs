//! What a step refers to by what an earlier step of its scenario typed ("his mobile number",
//! "the new phone number", "새 질문이 목록에 추가되어 있다"): resolved once, when the scenario is
//! planned, so the check looks for the value itself; the run resolves again by the names the
//! page gave the fields, for what the plan could not.

use crate::{Intent, Verb};
use specwright_reading::{describes_value, RoleHint};

/// Every expectation that names a value typed earlier, as that value: `intents` in the order the
/// scenario runs them.
pub(crate) fn resolve<'a>(intents: impl IntoIterator<Item = &'a mut Intent>) {
    let mut typed: Vec<(String, String)> = Vec::new();
    for intent in intents {
        if let Some(told) = told_values(&typed, intent) {
            *intent = told;
        } else if let Some(value) = record_named(&typed, intent) {
            // "새 질문이 목록에 추가되어 있다": the record is the one whose 질문 was typed.
            intent.target = Some(value);
            intent.hint = None;
        }
        if let (Verb::Fill, Some(field), Some(value)) = (intent.verb, &intent.target, &intent.value) {
            // A secret or words saying what to type are no value a check can look for.
            let secret = value.trim_start().starts_with("{{") || is_secret_field(field);
            if !secret && !value.trim().is_empty() && !describes_value(value, field) {
                typed.push((field.clone(), value.clone()));
            }
        }
    }
}

/// Fields whose value is never shown back, nor written into a check.
fn is_secret_field(field: &str) -> bool {
    let field = field.to_lowercase();
    ["password", "passcode", "비밀번호", "암호", "secret", "token"].iter().any(|w| field.contains(w))
}

/// The value typed into the field a record is told by ("새 질문" after typing the 질문).
fn record_named(typed: &[(String, String)], intent: &Intent) -> Option<String> {
    if !intent.verb.is_expectation() || intent.hint != Some(RoleHint::Record) {
        return None;
    }
    let kind = specwright_reading::normalize(intent.target.as_deref()?);
    typed.iter().rev().find(|(field, _)| specwright_reading::normalize(field) == kind).map(|(_, v)| v.clone())
}

/// A check of "his mobile number and Clients": each item told by whose field it is ("his",
/// "her", "Jun Park's") is the value typed into the field the spec named so; `None` when no item
/// is told that way.
pub(crate) fn told_values(typed: &[(String, String)], intent: &Intent) -> Option<Intent> {
    if !intent.verb.is_expectation() {
        return None;
    }
    let target = intent.target.as_deref()?;
    let mut told = false;
    let mut fields: Vec<String> = Vec::new();
    let items: Vec<String> = specwright_reading::split_words(target, " and ")
        .into_iter()
        .flat_map(|p| specwright_reading::split_words(p, ", "))
        .map(|item| {
            let item = item.trim();
            let lower = item.to_lowercase();
            // "his phone", "the new phone number", "새 연락처": the value typed into that field.
            let owned = [
                "his ",
                "her ",
                "its ",
                "their ",
                "the new ",
                "the updated ",
                "the changed ",
                "my new ",
                "새 ",
                "새로운 ",
                "변경한 ",
                "바꾼 ",
                // "방금 작성한 댓글", "입력한 메모": what the scenario just typed there.
                "방금 작성한 ",
                "방금 입력한 ",
                "방금 등록한 ",
                "작성한 ",
                "입력한 ",
            ]
            .iter()
            .find_map(|p| lower.strip_prefix(p))
            .or_else(|| lower.split_once("'s ").map(|(_, f)| f).filter(|_| !lower.starts_with("it's ")));
            let value = owned.and_then(|field| {
                let field = specwright_reading::normalize(field);
                typed
                    .iter()
                    .rev()
                    .find(|(name, _)| specwright_reading::normalize(name) == field)
                    .map(|(name, v)| (name.clone(), v.clone()))
            });
            match value {
                Some((field, v)) => {
                    told = true;
                    fields.push(field);
                    v
                }
                None => item.to_string(),
            }
        })
        .collect();
    if !told {
        return None;
    }
    // "my details show the new phone number": one field's value on a page of fields is that
    // field holding it, which no other text showing the same value can satisfy. In a row or a
    // list ("the new line shows his mobile number and Clients") the values are text of a row.
    if let ([item], [field], Verb::ExpectVisible, None) =
        (items.as_slice(), fields.as_slice(), intent.verb, &intent.scope)
    {
        return Some(Intent {
            verb: Verb::ExpectValue,
            target: Some(field.clone()),
            value: Some(item.clone()),
            hint: Some(RoleHint::Field),
            scope: None,
        });
    }
    Some(Intent { target: Some(items.join(" and ")), ..intent.clone() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_new_value_of_a_field_is_what_was_typed_into_it() {
        let typed = vec![
            ("street".to_string(), "Main St 5".to_string()),
            ("연락처".to_string(), "010-1234".to_string()),
            ("댓글".to_string(), "좋은 글 감사합니다".to_string()),
        ];
        let shown = |target: &str| Intent {
            verb: Verb::ExpectVisible,
            target: Some(target.into()),
            value: None,
            hint: None,
            scope: None,
        };
        let told = |t: &str| told_values(&typed, &shown(t)).and_then(|i| i.value);
        assert_eq!(told("the updated Street").as_deref(), Some("Main St 5"));
        assert_eq!(told("새 연락처").as_deref(), Some("010-1234"));
        assert_eq!(told("방금 작성한 댓글").as_deref(), Some("좋은 글 감사합니다"));
        // One field's new value is that field holding it, not the value's text anywhere.
        let field = told_values(&typed, &shown("the updated Street")).map(|i| (i.verb, i.target));
        assert_eq!(field, Some((Verb::ExpectValue, Some("street".to_string()))));
        // In a row, the values are the row's text.
        let in_row =
            Intent { scope: Some(specwright_reading::Scope::Row("Jun Park".into())), ..shown("새 연락처") };
        let row = told_values(&typed, &in_row).map(|i| (i.verb, i.target));
        assert_eq!(row, Some((Verb::ExpectVisible, Some("010-1234".to_string()))));
        // A field nothing was typed into stays as the spec says it.
        assert_eq!(told("the new title"), None);
    }

    fn step(verb: Verb, target: &str, value: Option<&str>, hint: Option<RoleHint>) -> Intent {
        Intent { verb, target: Some(target.into()), value: value.map(str::to_string), hint, scope: None }
    }

    /// A contacts app's mobile number, a FAQ's new question, a tracker's new phone number: the
    /// check names the value the scenario typed; a password never becomes one.
    #[test]
    fn a_check_of_what_was_typed_names_the_value() {
        let mut intents = vec![
            step(Verb::Fill, "mobile number", Some("555-1110"), None),
            step(Verb::Fill, "질문", Some("비밀번호를 잊어버렸어요. 어떻게 하나요?"), None),
            step(Verb::Fill, "password", Some("s3cret!"), None),
            step(Verb::ExpectVisible, "his mobile number and Clients", None, None),
            step(Verb::ExpectVisible, "질문", None, Some(RoleHint::Record)),
            step(Verb::ExpectVisible, "the new password", None, None),
            step(Verb::ExpectVisible, "제목", None, Some(RoleHint::Record)),
        ];
        resolve(intents.iter_mut());
        let targets: Vec<&str> = intents[3..].iter().filter_map(|i| i.target.as_deref()).collect();
        assert_eq!(
            targets,
            ["555-1110 and Clients", "비밀번호를 잊어버렸어요. 어떻게 하나요?", "the new password", "제목"]
        );
        assert_eq!(intents[4].hint, None);
        // A record told by a field nothing was typed into stays one for the run to name.
        assert_eq!(intents[6].hint, Some(RoleHint::Record));
    }
}
