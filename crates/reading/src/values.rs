//! Values a sentence describes rather than gives ("관리자 비밀번호", "a wrong password", "a name
//! for the new category", "yourself"): told apart from values typed as written, so the engine
//! takes them from the environment or asks — never types the words.

/// Nouns that name a kind of value rather than give one: a value that ends with one ("관리자
/// 비밀번호", "the admin's password", "a valid e-mail address") describes what to type.
const VALUE_KINDS: &[&str] = &[
    "비밀번호",
    "암호",
    "패스워드",
    "아이디",
    "사용자명",
    "이메일 주소",
    "이메일",
    "password",
    "passcode",
    "passphrase",
    "username",
    "user name",
    "user id",
    "e-mail address",
    "email address",
    "e-mail",
    "email",
];

/// Words that say a described value is deliberately not the right one ("잘못된 비밀번호",
/// "a wrong password").
const WRONG_WORDS: &[&str] =
    &["잘못된", "틀린", "다른", "올바르지 않은", "유효하지 않은", "wrong", "incorrect", "invalid", "bad", "different"];

/// Whether `value` (as a sentence gives it, unquoted) describes what to type into `field`
/// rather than giving it: it ends with a noun of a kind of value ("관리자 비밀번호", "a wrong
/// password"), or with the field's own name ("비밀번호에 관리자 비밀번호를").
pub fn describes_value(value: &str, field: &str) -> bool {
    let value = crate::normalize(value);
    let field = crate::normalize(field);
    let words = value.split_whitespace().count();
    // "Set the Assignee to yourself": the person running the test, whose name the spec never says.
    if SELF_WORDS.contains(&value.as_str()) {
        return true;
    }
    if words < 2 || value.contains('@') {
        return false;
    }
    // "a name for the new category": a value said with an article is one of a kind, to choose;
    // "your search term": one the person has in mind.
    let one_of_a_kind = (words >= 3 && ["a ", "an ", "some ", "any "].iter().any(|a| value.starts_with(a)))
        || ["your ", "my "].iter().any(|a| value.starts_with(a));
    VALUE_KINDS.iter().any(|kind| value.ends_with(kind))
        || (field.chars().count() >= 2 && value.ends_with(field.as_str()))
        || one_of_a_kind
}

/// Words before a kind of value that say whose it is ("관리자 비밀번호", "the admin's password",
/// "your current password"): the value is that person's, the field is the rest.
const OWNER_WORDS: &[&str] =
    &["관리자", "운영자", "담당자", "admin", "administrator", "your", "his", "her", "their", "my", "our"];

/// A field's name said with words that only tell which value goes in it: whose it is ("관리자
/// 비밀번호", "the admin's password") or that it is deliberately wrong ("잘못된 비밀번호", "a wrong
/// password"). Gives the field's name and the described value; `None` for a field's own name
/// ("new password", "비밀번호 확인").
pub(crate) fn field_with_described_value(target: &str) -> Option<(String, String)> {
    let target = target.trim();
    let lower = target.to_lowercase();
    let lower = ["the ", "a ", "an "].iter().find_map(|a| lower.strip_prefix(a)).unwrap_or(&lower).to_string();
    VALUE_KINDS.iter().find(|kind| lower.ends_with(*kind))?;
    let words: Vec<&str> = lower.split_whitespace().collect();
    if words.len() < 2 {
        return None;
    }
    let first = words[0];
    let owner =
        OWNER_WORDS.contains(&first) || first.ends_with("'s") || (first.ends_with('의') && first.chars().count() >= 2);
    let wrong = WRONG_WORDS.iter().find(|w| lower.starts_with(*w)).map(|w| w.split_whitespace().count());
    let skip = match (owner, wrong) {
        (true, _) => 1,
        (false, Some(n)) => n,
        _ => return None,
    };
    let original: Vec<&str> = target.split_whitespace().collect();
    let lead = original.len() - words.len();
    let field = original.get(lead + skip..)?.join(" ");
    (!field.is_empty()).then(|| (field, original[lead..].join(" ")))
}

/// A value that is the person running the test ("yourself", "본인").
const SELF_WORDS: &[&str] = &["yourself", "myself", "me", "본인", "나", "자신", "자기 자신"];

/// Whether a described value says it is deliberately wrong.
pub fn describes_wrong_value(value: &str) -> bool {
    let value = crate::normalize(value);
    WRONG_WORDS.iter().any(|w| value.split_whitespace().any(|word| word == *w) || value.starts_with(w))
}

#[cfg(test)]
mod described_values {
    use super::*;

    /// Values described in words, from three kinds of app (a tracker's login, a shop admin's
    /// account form, a wiki's preferences), and values given as themselves.
    #[test]
    fn a_value_said_in_words_describes_what_to_type() {
        assert!(describes_value("관리자 비밀번호", "비밀번호"));
        assert!(describes_value("the admin's password", "Password"));
        assert!(describes_value("a wrong password", "Password"));
        assert!(describes_value("운영자 계정의 이메일 주소", "이메일"));
        assert!(describes_value("your current password", "Old password"));
        assert!(describes_wrong_value("a wrong password") && describes_wrong_value("잘못된 비밀번호"));
        assert!(!describes_wrong_value("관리자 비밀번호"));
        // Values given as themselves.
        assert!(!describes_value("demo1234", "비밀번호"));
        assert!(!describes_value("무선 마우스", "상품명"));
        assert!(!describes_value("ada@example.com", "email"));
        assert!(!describes_value("password", "Password"), "one word may be the value itself");
        assert!(describes_value("a name for the new category", "Name"));
        assert!(describes_value("yourself", "Assignee") && describes_value("본인", "담당자"));
        assert!(describes_value("a short summary of the change", "Summary"));
        assert!(!describes_value("Weekly report", "Title"));
    }

    /// A field named with whose value or a wrong one goes in it, from a CMS's login, a
    /// tracker's account page and a shop's sign-in; a field's own name stays whole.
    #[test]
    fn a_field_named_with_its_value_description_is_the_field() {
        let split = |t: &str| field_with_described_value(t);
        let pair = |f: &str, v: &str| Some((f.to_string(), v.to_string()));
        assert_eq!(split("관리자 비밀번호"), pair("비밀번호", "관리자 비밀번호"));
        assert_eq!(split("the admin's password"), pair("password", "admin's password"));
        assert_eq!(split("your current password"), pair("current password", "your current password"));
        assert_eq!(split("잘못된 비밀번호"), pair("비밀번호", "잘못된 비밀번호"));
        assert_eq!(split("a wrong password"), pair("password", "wrong password"));
        assert_eq!(split("운영자 계정의 이메일 주소"), pair("계정의 이메일 주소", "운영자 계정의 이메일 주소"));
        assert_eq!(split("new password"), None);
        assert_eq!(split("비밀번호 확인"), None);
        assert_eq!(split("password"), None);
        assert_eq!(split("Title"), None);
    }
}
