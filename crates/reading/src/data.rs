//! Test data written as "label: value" lines in one cell ("회의명: 마케팅 캠페인 회의\n회의실:
//! 화상회의실", "username: admin\npassword: provided separately"), as test-case sheets keep it:
//! a step that names fields without values ("사용자 이름, 비밀번호를 입력한다", "Enter the title")
//! takes each field's value from there, and a step that says to type the data ("입력 데이터대로
//! 입력한다", "Fill in the form with the test data") types every pair. A value the cell withholds
//! ("별도 전달") stays unknown: a password is then asked as a secret.

use crate::{Intent, RoleHint, Verb};
use specwright_vocabulary::normalize;

/// Words of a value that say it is given some other way.
const WITHHELD: &[&str] = &["별도", "전달", "provided separately", "separately", "비공개", "on request", "ask"];
/// Phrases of a step that mean "type the test data".
const THE_DATA: &[&str] = &[
    "입력 데이터",
    "데이터대로",
    "입력값대로",
    "테스트 데이터",
    "입력값을",
    "주어진 값",
    "test data",
    "the data",
    "given values",
    "the values",
    "as given",
    "data above",
];

/// Words for the whole form rather than one field ("Fill out the form", "양식을 채운다"): with
/// test data beside the step, every field the data names.
const WHOLE_FORM: &[&str] = &[
    "form",
    "the form",
    "all fields",
    "all the fields",
    "every field",
    "the fields",
    "양식",
    "입력 양식",
    "폼",
    "모든 항목",
    "모든 필드",
];

/// The `label: value` pairs of a data cell (empty when it is a plain value).
pub(crate) fn pairs(data: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    // One pair per line, or several on one line apart by semicolons ("Title: X; Category: News").
    let lines: Vec<&str> = data
        .lines()
        .flat_map(|line| {
            let parts: Vec<&str> = line.split(';').collect();
            let all_pairs = parts.len() > 1 && parts.iter().all(|p| p.trim().is_empty() || p.contains([':', '：']));
            if all_pairs {
                parts
            } else {
                vec![line]
            }
        })
        .collect();
    for line in lines {
        let Some((key, value)) = line.split_once([':', '：']) else { continue };
        let key = key.trim().trim_start_matches(['-', '*', '•']).trim();
        // A key is a short label, not a sentence or a URL scheme.
        if key.is_empty() || key.chars().count() > 30 || key.starts_with("http") || value.starts_with("//") {
            continue;
        }
        out.push((key.to_string(), value.trim().to_string()));
    }
    out
}

/// Values that only point at the data ("같은 값", "서로 다른 값", "the same value").
fn vague(value: &str) -> bool {
    let v = normalize(value);
    [
        "값",
        "같은 값",
        "다른 값",
        "서로 다른 값",
        "동일한 값",
        "임의의 값",
        "the same value",
        "a value",
        "different values",
        "the value",
    ]
    .iter()
    .any(|w| v == *w)
}

fn withheld(value: &str) -> bool {
    let lower = value.to_lowercase();
    WITHHELD.iter().any(|w| lower.contains(w))
}

/// "사용자 이름, 비밀번호, 비밀번호 확인" / "회의명과 참석 인원" / "the login name, the password twice
/// and the e-mail address" → each field.
pub(crate) fn field_list(target: &str) -> Vec<String> {
    let mut parts: Vec<String> = vec![target.to_string()];
    for sep in [", ", " and ", "、", " 및 ", " 그리고 "] {
        parts = parts.iter().flat_map(|p| p.split(sep).map(str::to_string).collect::<Vec<_>>()).collect();
    }
    // Korean "A와 B", "A과 B": a word ending in 와/과 (not a two-letter noun such as 결과).
    let mut out = Vec::new();
    for part in parts {
        let words: Vec<&str> = part.split_whitespace().collect();
        let mut current: Vec<&str> = Vec::new();
        for word in words {
            let cut = ["와", "과"].iter().find_map(|p| word.strip_suffix(p)).filter(|stem| stem.chars().count() >= 2);
            match cut {
                Some(stem) => {
                    current.push(stem);
                    out.push(current.join(" "));
                    current.clear();
                }
                None => current.push(word),
            }
        }
        if !current.is_empty() {
            out.push(current.join(" "));
        }
    }
    out.into_iter()
        .map(|p| {
            let p = p.trim().trim_start_matches("the ").trim_start_matches("The ").to_string();
            // "시간만": a particle that limits, not part of the name.
            p.strip_suffix('만').filter(|s| s.chars().count() >= 2).map(str::to_string).unwrap_or(p)
        })
        .filter(|p| !p.is_empty())
        .collect()
}

/// "Email fields", "이메일 항목": the last name of a list, with the kind said once for all.
fn without_plural_kind(field: &str) -> String {
    let kinds = [" fields", " boxes", " inputs", " 필드", " 항목", " 칸", " 입력란"];
    kinds.iter().find_map(|k| field.strip_suffix(k)).unwrap_or(field).trim().to_string()
}

/// The pairs a field's name means: the key that equals it, else the keys that hold it ("시간" →
/// 시작 시간, 종료 시간; "password twice" → both password keys).
fn matching<'a>(field: &str, pairs: &'a [(String, String)]) -> Vec<&'a (String, String)> {
    let twice = field.to_lowercase().contains("twice") || field.contains("두 번");
    let field = normalize(&field.replace("twice", "").replace("두 번", ""));
    let field = field.trim();
    let exact: Vec<&(String, String)> = pairs.iter().filter(|(k, _)| normalize(k) == field).collect();
    if !exact.is_empty() && !twice {
        return exact;
    }
    let holds: Vec<&(String, String)> = pairs
        .iter()
        .filter(|(k, _)| {
            let k = normalize(k);
            !field.is_empty() && (k.contains(field) || (field.contains(&k) && k.chars().count() >= 2))
        })
        .collect();
    holds
}

/// The value a confirmation field repeats: the named field's ("Confirm password", "비밀번호
/// 확인"), or, for a bare "Confirmation", the value typed into the field just before it.
fn confirmed_value(field: &str, pairs: &[(String, String)], before: &[Intent]) -> Option<String> {
    match confirms(field)? {
        Some(name) => matching(&name, pairs).first().map(|(_, v)| v.clone()).filter(|v| !withheld(v)),
        None => before.last().filter(|i| i.verb == Verb::Fill).and_then(|i| i.value.clone()),
    }
}

/// Whether a field confirms another: `Some(Some(name))` for the field it names ("Confirm
/// password" → password), `Some(None)` for a bare "Confirmation" (the field before it).
fn confirms(field: &str) -> Option<Option<String>> {
    let lower = normalize(field);
    if ["confirmation", "confirm", "확인", "재입력"].contains(&lower.as_str()) {
        return Some(None);
    }
    ["confirm ", "retype ", "repeat ", "re enter "]
        .iter()
        .find_map(|p| lower.strip_prefix(p))
        .or_else(|| [" confirmation", " 확인", " 재입력"].iter().find_map(|s| lower.strip_suffix(s)))
        .map(|name| Some(name.to_string()))
}

/// A field whose value says "tick it" ("체크", "yes", "✓") is a checkbox to check (or uncheck).
fn ticked(intent: Intent) -> Intent {
    let value = intent.value.as_deref().map(|v| v.trim().to_lowercase()).unwrap_or_default();
    let verb = if ["체크", "check", "checked", "yes", "예", "on", "✓", "o", "선택", "true"].contains(&value.as_str())
    {
        Verb::Check
    } else if ["해제", "체크 해제", "uncheck", "unchecked", "no", "아니오", "off", "false"].contains(&value.as_str())
    {
        Verb::Uncheck
    } else {
        return intent;
    };
    Intent { verb, value: None, hint: Some(RoleHint::Checkbox), ..intent }
}

/// The intents with the data cell's values put where the sentence names their fields.
pub(crate) fn apply(intents: Vec<Intent>, sentence: &str, data: Option<&str>) -> Vec<Intent> {
    let pairs = data.map(pairs).unwrap_or_default();
    if pairs.is_empty() {
        // "비밀번호와 비밀번호 확인에 x를 입력한다": one value, typed into each field named;
        // "Fill in the Username and Email fields", "이름과 이메일을 입력한다": each field named,
        // its value asked for or taken from the test data (a field list reads as short names).
        return intents
            .into_iter()
            .flat_map(|intent| {
                let fields = intent.target.as_deref().map(field_list).unwrap_or_default();
                let fields: Vec<String> = fields.iter().map(|f| without_plural_kind(f)).collect();
                let short = fields.iter().all(|f| (1..=3).contains(&f.split_whitespace().count()));
                if intent.verb == Verb::Fill && (intent.value.is_some() || short) && fields.len() >= 2 {
                    fields.into_iter().map(|f| Intent { target: Some(f), ..intent.clone() }).collect()
                } else {
                    vec![intent]
                }
            })
            .collect();
    }
    let data = data.unwrap_or_default();
    let lower = sentence.to_lowercase();
    let says_data = THE_DATA.iter().any(|p| lower.contains(p));
    let fill = |key: &str, value: &str| Intent {
        verb: Verb::Fill,
        target: Some(key.to_string()),
        value: (!withheld(value)).then(|| value.to_string()),
        hint: Some(RoleHint::Field),
        scope: None,
    };
    let mut out = Vec::new();
    let mut data_sentence_done = false;
    for intent in intents {
        let fills = matches!(intent.verb, Verb::Fill | Verb::Select);
        // "… with the test data above": the value is the data, each field's own.
        let names_data = |v: &str| THE_DATA.iter().any(|p| v.to_lowercase().contains(p));
        let whole_cell = intent.value.as_deref().is_some_and(|v| v.trim() == data.trim() || vague(v) || names_data(v));
        if !fills || !(intent.value.is_none() || whole_cell) {
            out.push(intent);
            continue;
        }
        let target = intent.target.clone().unwrap_or_default();
        let named_data = THE_DATA.iter().any(|p| target.to_lowercase().contains(p))
            || target.is_empty()
            || WHOLE_FORM.contains(&normalize(&target).as_str());
        if named_data || (says_data && matching(&target, &pairs).is_empty()) {
            if !data_sentence_done {
                out.extend(pairs.iter().map(|(k, v)| ticked(fill(k, v))));
                data_sentence_done = true;
            }
            continue;
        }
        let mut any = false;
        for field in field_list(&target) {
            let own_row = pairs.iter().any(|(k, _)| normalize(k) == normalize(&field));
            let found = matching(&field, &pairs);
            if found.is_empty() || (!own_row && confirms(&field).is_some()) {
                // "Password, Confirmation": a confirmation repeats the value it confirms.
                let value = confirmed_value(&field, &pairs, &out);
                out.push(Intent { target: Some(field), value, ..intent.clone() });
                continue;
            }
            any = true;
            for (k, v) in found {
                let mut filled = fill(k, v);
                filled.verb = intent.verb;
                filled.scope = intent.scope.clone();
                out.push(ticked(filled));
            }
        }
        if !any && field_list(&target).len() == 1 && out.is_empty() && says_data {
            out.extend(pairs.iter().map(|(k, v)| fill(k, v)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interpret_all;

    fn fills(sentence: &str, data: &str) -> Vec<(String, Option<String>)> {
        interpret_all(sentence, Some(data))
            .into_iter()
            .filter(|i| i.verb == Verb::Fill)
            .map(|i| (i.target.unwrap_or_default(), i.value))
            .collect()
    }

    #[test]
    fn fields_filled_with_the_test_data_take_each_its_own_value() {
        // A tracker's registration, a shop's address form, a wiki's sign-up.
        let data = "Login: newcomer01\nFirst name: Nora\nEmail: nora@example.com";
        assert_eq!(
            fills("Fill in Login, First name and Email with the test data above.", data),
            [
                ("Login".to_string(), Some("newcomer01".to_string())),
                ("First name".to_string(), Some("Nora".to_string())),
                ("Email".to_string(), Some("nora@example.com".to_string()))
            ]
        );
        // A confirmation repeats what it confirms: the field before it, or the one it names.
        let data = "Login: newcomer01\nPassword: Welcome#2026";
        let filled = fills("Fill in Login, Password and Confirmation with the test data above.", data);
        assert_eq!(filled[2], ("Confirmation".to_string(), Some("Welcome#2026".to_string())));
        let data = "사용자 이름: planner02\n비밀번호: Pw!2345678";
        let filled = fills("사용자 이름, 비밀번호, 비밀번호 확인에 테스트 데이터를 입력한다", data);
        assert_eq!(filled[2], ("비밀번호 확인".to_string(), Some("Pw!2345678".to_string())));
        let data = "Email: ana@example.com\nPassword: s3cret!";
        let filled = fills("Fill in Email, Password and Confirm password with the test data", data);
        assert_eq!(filled.last().and_then(|f| f.1.clone()).as_deref(), Some("s3cret!"));
        // The whole form: every field the data names.
        let data = "Title: Weekly report\nDue date: 2027-03-02";
        assert_eq!(fills("Fill out the form and click Create.", data).len(), 2);
        assert_eq!(fills("양식을 채운다", "제목: 주간 보고\n마감일: 2027-03-02").len(), 2);
        let data = "City: Busan\nZip code: 48058";
        assert_eq!(fills("Enter the city and the zip code with the test data", data).len(), 2);
        let data = "사용자 이름: Planner02\n이메일: p2@example.org";
        let filled = fills("사용자 이름과 이메일에 테스트 데이터를 입력한다", data);
        assert_eq!(filled.iter().filter_map(|f| f.1.as_deref()).collect::<Vec<_>>(), ["Planner02", "p2@example.org"]);
    }

    #[test]
    fn a_field_left_empty_then_only_some_fields_from_the_data() {
        let data = "제목: 분기 보고\n시작 기간: 2027-04-01\n종료 기간: 2027-06-30";
        let all = interpret_all("메모는 비워 두고 제목, 기간만 입력한다", Some(data));
        assert_eq!((all[0].verb, all[0].target.as_deref()), (Verb::Clear, Some("메모")));
        let filled: Vec<&str> =
            all[1..].iter().filter(|i| i.verb == Verb::Fill).filter_map(|i| i.value.as_deref()).collect();
        assert_eq!(filled, ["분기 보고", "2027-04-01", "2027-06-30"]);
        // "서로 다른 값": the data's two values, "서로" an adverb and no field named "서".
        let data = "새 암호: Aa-1\n새 암호 확인: Aa-2";
        assert_eq!(fills("새 암호와 새 암호 확인에 서로 다른 값을 입력한다", data).len(), 2);
        assert_eq!(fills("새 암호와 새 암호 확인에 같은 값을 입력하고 저장 버튼을 누른다", data).len(), 2);
    }

    #[test]
    fn fields_named_in_a_step_take_their_values_from_the_data_cell() {
        let data = "사용자 이름: qa_tester01\n비밀번호: password\n비밀번호 확인: password";
        assert_eq!(
            fills("사용자 이름, 비밀번호, 비밀번호 확인을 입력한다", data),
            vec![
                ("사용자 이름".to_string(), Some("qa_tester01".to_string())),
                ("비밀번호".to_string(), Some("password".to_string())),
                ("비밀번호 확인".to_string(), Some("password".to_string())),
            ]
        );
        let data = "회의명: 전사 워크숍 준비\n참석 인원: 9";
        assert_eq!(fills("회의명과 참석 인원을 입력한다", data).len(), 2);
        // "입력 데이터대로": every pair; a withheld password stays unknown (a secret, asked).
        let data = "회의명: 마케팅 캠페인 회의\n회의실: 화상회의실";
        assert_eq!(fills("입력 데이터대로 입력한다", data).len(), 2);
        let data = "사용자 이름: admin\n비밀번호: 별도 전달";
        let found = fills("사용자 이름과 비밀번호를 입력하고 로그인 버튼을 클릭한다", data);
        assert_eq!(found, vec![("사용자 이름".into(), Some("admin".into())), ("비밀번호".into(), None)]);
        let data = "Login Name: frank\nLogin Password: Frank#2024\nConfirm Password: Frank#2024\nE-mail address: frank@x.example";
        let found = fills("Fill in the login name, the password twice and the e-mail address", data);
        assert_eq!(found.len(), 4, "{found:?}");
        assert_eq!(
            fills("Enter the title and click Search", "Product title: Harbor"),
            vec![("Product title".into(), Some("Harbor".into()))]
        );
    }

    #[test]
    fn pairs_on_one_line_apart_by_semicolons_are_each_a_field() {
        // A CMS's post, a tracker's issue and a booking, each told in one cell's line.
        let found = fills(
            "Fill in Title, Category and Author",
            "Title: Office closed on Friday; Category: News; Author: Leo Martin",
        );
        assert_eq!(found[1], ("Category".to_string(), Some("News".to_string())));
        assert_eq!(found.len(), 3);
        assert_eq!(fills("Enter the subject and the priority", "Subject: Footer overlaps; Priority: High").len(), 2);
        assert_eq!(fills("회의명과 참석 인원을 입력한다", "회의명: 주간 회의; 참석 인원: 6").len(), 2);
        // A value that holds a semicolon of its own stays one value.
        assert_eq!(pairs("Note: first; then second"), vec![("Note".to_string(), "first; then second".to_string())]);
    }

    #[test]
    fn plain_cells_and_urls_are_not_pairs() {
        assert!(pairs("ada@example.com").is_empty());
        assert!(pairs("http://example.com/login").is_empty());
        assert_eq!(field_list("검색 결과"), vec!["검색 결과"]);
    }
}
