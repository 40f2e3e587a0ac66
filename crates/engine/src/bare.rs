//! Targets written without quotes ("로그인 버튼을 클릭한다", "Click the Sign in button"): the
//! sentence is rewritten with the target (and value) quoted, by where the Korean particles and
//! the role nouns put them, so the rest of the grammar reads it as if it had been quoted.
//! Checks with nothing but "확인한다" stay a look: "목록을 확인한다" names no element.

use crate::grammar::{EN_LEADING_VERBS, KO_VERBS, ROLE_NOUNS};
use crate::Verb;

/// Particles, longest first, that end a Korean argument.
const PARTICLES: &[&str] = &["에서", "으로", "에게", "을", "를", "이", "가", "은", "는", "에", "로", "의"];
/// Particles that end the argument before a role noun: what comes before them is not the name.
const BOUNDARY: &[&str] = &["의", "에", "에서", "을", "를", "으로"];
const EN_FILLERS: &[&str] = &["the", "on", "a", "an"];
/// Korean adverbs between the arguments and the verb ("다시", "먼저"): part of no argument.
const KO_ADVERBS: &[&str] = &[
    "다시", "먼저", "한번", "한", "번", "바로", "직접", "모두", "각각", "차례로", "이어서", "그리고", "또", "추가로", "정확히", "올바르게",
    "새로", "계속",
];

fn strip_particle(word: &str) -> (&str, Option<&'static str>) {
    for p in PARTICLES {
        if let Some(stem) = word.strip_suffix(p) {
            if !stem.is_empty() {
                return (stem, Some(p));
            }
        }
    }
    (word, None)
}

fn quote(text: &str) -> String {
    format!("'{text}'")
}

/// The sentence with its unquoted target (and value) quoted, or `None` when it already has
/// quotes or no target can be told apart.
pub(crate) fn quote_bare(sentence: &str, korean: bool) -> Option<String> {
    if sentence.contains(['\'', '"', '‘', '“', '「', '『']) {
        return None;
    }
    if korean {
        korean_sentence(sentence)
    } else {
        english_sentence(sentence)
    }
}

fn korean_sentence(sentence: &str) -> Option<String> {
    let words: Vec<&str> = sentence.split_whitespace().collect();
    // The verb: the last word holding a verb stem.
    let (v, verb) = words.iter().enumerate().rev().find_map(|(i, w)| {
        KO_VERBS
            .iter()
            .filter(|(stem, _)| w.contains(stem))
            .max_by_key(|(stem, _)| stem.len())
            .map(|(_, verb)| (i, *verb))
    })?;
    if v == 0 || verb == Verb::Back {
        return None;
    }
    if verb == Verb::Navigate {
        return korean_navigation(&words, v);
    }
    // "확인한다" alone names nothing to find.
    if words[v].contains("확인") {
        return None;
    }
    // The role noun nearest the verb ("대화상자의 취소 버튼을": 버튼, not 대화상자).
    let noun = words[..v].iter().rposition(|w| ROLE_NOUNS.iter().any(|(n, _)| w.starts_with(n) && is_hangul_noun(n)));
    let mut out: Vec<String> = Vec::new();
    match noun {
        Some(n) if n > 0 => {
            let start = words[..n]
                .iter()
                .rposition(|w| {
                    BOUNDARY.iter().any(|p| w.ends_with(p) && w.len() > p.len()) || crate::grammar::is_scope_word(w)
                })
                .map_or(0, |i| i + 1);
            if start >= n {
                return None;
            }
            out.extend(words[..start].iter().map(|w| w.to_string()));
            out.push(quote(&words[start..n].join(" ")));
            out.push(words[n].to_string());
            // A value after the field ("필드에 ada@example.com을 입력한다").
            let rest = &words[n + 1..v];
            if !rest.is_empty() && matches!(verb, Verb::Fill | Verb::Select | Verb::Upload) {
                let last = rest[rest.len() - 1];
                let (stem, particle) = strip_particle(last);
                let mut value: Vec<&str> = rest[..rest.len() - 1].to_vec();
                value.push(stem);
                out.push(format!("{}{}", quote(&value.join(" ")), particle.unwrap_or("")));
            } else {
                out.extend(rest.iter().map(|w| w.to_string()));
            }
        }
        _ => {
            // No role noun: arguments end in particles ("이메일에 ada@example.com을 입력한다",
            // "로그인을 클릭한다", "대시보드가 표시된다").
            let mut start = 0;
            for (i, word) in words[..v].iter().enumerate() {
                if KO_ADVERBS.contains(word) && start == i {
                    out.push(word.to_string());
                    start = i + 1;
                    continue;
                }
                let (stem, particle) = strip_particle(word);
                let Some(particle) = particle else { continue };
                let phrase: Vec<&str> = words[start..i].iter().copied().chain(std::iter::once(stem)).collect();
                // "체크박스가 선택된다" names a kind, not an element: left to the grammar.
                if phrase.len() == 1 && ROLE_NOUNS.iter().any(|(n, _)| *n == stem) {
                    return None;
                }
                out.push(format!("{}{particle}", quote(&phrase.join(" "))));
                start = i + 1;
            }
            if out.is_empty() || start != v {
                return None;
            }
        }
    }
    out.extend(words[v..].iter().map(|w| w.to_string()));
    Some(out.join(" "))
}

/// "예약 목록 화면으로 이동한다", "회의실 예약 시스템에 접속하면", "관리자 페이지를 연다": the words
/// before the verb, without their particle and the screen noun, name where to go.
fn korean_navigation(words: &[&str], v: usize) -> Option<String> {
    let mut phrase: Vec<&str> = words[..v].iter().copied().filter(|w| !KO_ADVERBS.contains(w)).collect();
    let last = phrase.pop()?;
    let (stem, particle) = strip_particle(last);
    if !matches!(particle, Some("으로" | "로" | "에" | "을" | "를") | None) {
        return None;
    }
    let mut noun = None;
    if ["화면", "페이지", "창", "메뉴", "탭"].contains(&stem) {
        noun = Some(stem);
    } else {
        phrase.push(stem);
    }
    if phrase.is_empty() {
        return None;
    }
    let target = quote(&phrase.join(" "));
    let mut out = vec![match noun {
        Some(n) => format!("{target} {n}{}", particle.unwrap_or("")),
        None => format!("{target} 화면{}", particle.map(|p| if p == "에" { "으로" } else { p }).unwrap_or("")),
    }];
    out.extend(words[v..].iter().map(|w| w.to_string()));
    Some(out.join(" "))
}

/// Role nouns a Korean sentence uses (the table mixes in English ones).
fn is_hangul_noun(noun: &str) -> bool {
    noun.chars().all(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c))
}

fn english_sentence(sentence: &str) -> Option<String> {
    // ASCII lower-casing: byte positions stay those of the original, so slicing is safe.
    let lower = sentence.to_ascii_lowercase();
    let (word, verb) = EN_LEADING_VERBS
        .iter()
        .find(|(word, _)| lower.starts_with(word) && !lower[word.len()..].starts_with(char::is_alphanumeric))?;
    if matches!(verb, Verb::Back | Verb::LogIn) {
        return None;
    }
    let head = &sentence[..word.len()];
    let mut rest: Vec<&str> = sentence[word.len()..].split_whitespace().collect();
    while rest.first().is_some_and(|w| EN_FILLERS.contains(&w.to_lowercase().as_str())) {
        rest.remove(0);
    }
    if *verb == Verb::Navigate {
        // "Go to the contact list", "Open the user list page", "Open the app".
        let noun = rest.last().map(|w| w.to_lowercase()).filter(|w| ["page", "screen", "view", "tab"].contains(&w.as_str()));
        if noun.is_some() {
            rest.pop();
        }
        if rest.is_empty() || rest.iter().any(|w| w.starts_with('/') || w.starts_with("http")) {
            return None;
        }
        return Some(format!("{head} the {} page", quote(&rest.join(" "))));
    }
    // "Click the Add link in the Groups row": the place goes after the quoted target.
    let mut place = String::new();
    if !matches!(verb, Verb::Fill | Verb::Select | Verb::Upload) {
        let lower: Vec<String> = rest.iter().map(|w| w.to_lowercase()).collect();
        let container_last = lower.last().is_some_and(|w| {
            ["row", "line", "section", "area", "panel", "card", "box", "table", "list", "group", "menu"].contains(&w.as_str())
        });
        let marks = |i: usize, w: &str| {
            let next = lower.get(i + 1).map(String::as_str);
            match w {
                "in" | "inside" | "within" => next == Some("the") || container_last,
                "for" | "under" => next.is_some(),
                _ => false,
            }
        };
        if let Some(at) = lower.iter().enumerate().position(|(i, w)| marks(i, w)) {
            if at > 0 && at + 1 < rest.len() {
                place = format!(" {}", rest[at..].join(" "));
                rest.truncate(at);
            }
        }
    }
    let noun_at_end = rest.last().and_then(|w| {
        let w = w.to_lowercase();
        ROLE_NOUNS.iter().find(|(n, _)| *n == w && !is_hangul_noun(n)).map(|(n, _)| *n)
    });
    if noun_at_end.is_some() {
        rest.pop();
    }
    // "Check the list" is a look; only "check the … checkbox" ticks something.
    if rest.is_empty() || (*verb == Verb::Check && noun_at_end != Some("checkbox")) {
        return None;
    }
    let noun = noun_at_end.map(|n| format!(" {n}")).unwrap_or_default();
    let text = rest.join(" ");
    match verb {
        Verb::Fill | Verb::Select | Verb::Upload => {
            let lower = text.to_ascii_lowercase();
            let split = [" into the ", " in the ", " into ", " in ", " from the ", " from "]
                .iter()
                .find_map(|m| lower.find(m).map(|i| (i, *m)));
            if let Some((i, marker)) = split {
                let (value, field) = (&text[..i], &text[i + marker.len()..]);
                return Some(format!("{head} {} {} {}{noun}", quote(value), marker.trim(), quote(field)));
            }
            if let Some(i) = lower.find(" with ") {
                let (field, value) = (&text[..i], &text[i + " with ".len()..]);
                return Some(format!("{head} {}{noun} with {}", quote(field), quote(value)));
            }
            None
        }
        _ if verb.is_expectation() => {
            let lower = text.to_ascii_lowercase();
            let i = [" is ", " are "].iter().find_map(|m| lower.find(m))?;
            let (subject, predicate) = (&text[..i], &text[i..]);
            Some(format!("{head} {}{predicate}", quote(subject)))
        }
        _ => Some(format!("{head} the {}{noun}{place}", quote(&text))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{interpret_all, Intent, RoleHint, Scope};

    fn first(sentence: &str) -> Intent {
        interpret_all(sentence, None).into_iter().next().unwrap_or_else(|| panic!("not understood: {sentence}"))
    }

    #[test]
    fn korean_unquoted_targets_and_values() {
        let c = first("로그인 버튼을 클릭한다");
        assert_eq!((c.verb, c.target.as_deref(), c.hint), (Verb::Click, Some("로그인"), Some(RoleHint::Button)));
        let c = first("로그인 상태 유지 체크박스를 선택한다");
        assert_eq!((c.verb, c.target.as_deref()), (Verb::Check, Some("로그인 상태 유지")));
        let c = first("대화상자의 취소 버튼을 클릭한다");
        assert_eq!((c.target.as_deref(), c.scope), (Some("취소"), Some(Scope::Dialog(None))));
        let c = first("이메일 필드에 ada@example.com을 입력한다");
        assert_eq!(
            (c.verb, c.target.as_deref(), c.value.as_deref()),
            (Verb::Fill, Some("이메일"), Some("ada@example.com"))
        );
        let c = first("이메일에 ada@example.com을 입력한다");
        assert_eq!((c.target.as_deref(), c.value.as_deref()), (Some("이메일"), Some("ada@example.com")));
        let c = first("상품 관리를 클릭한다");
        assert_eq!((c.verb, c.target.as_deref()), (Verb::Click, Some("상품 관리")));
        let c = first("대시보드가 표시된다");
        assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectVisible, Some("대시보드")));
        // Only "확인한다": a look, not a target named "목록"; a bare kind stays a kind.
        assert_eq!(interpret_all("목록을 확인한다", None)[0].verb, Verb::Look);
        assert_eq!(
            first("체크박스가 선택된다"),
            Intent {
                verb: Verb::ExpectChecked,
                target: None,
                value: None,
                hint: Some(RoleHint::Checkbox),
                scope: None
            }
        );
        let c = first("대시보드 화면이 표시된다");
        assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectScreen, Some("대시보드")));
    }

    #[test]
    fn english_unquoted_targets_and_values() {
        let c = first("Click the Sign in button");
        assert_eq!((c.verb, c.target.as_deref(), c.hint), (Verb::Click, Some("Sign in"), Some(RoleHint::Button)));
        let c = first("Click Sign in");
        assert_eq!(c.target.as_deref(), Some("Sign in"));
        let c = first("Enter ada@example.com in the Email field");
        assert_eq!(
            (c.verb, c.target.as_deref(), c.value.as_deref()),
            (Verb::Fill, Some("Email"), Some("ada@example.com"))
        );
        let c = first("Fill Email with ada@example.com");
        assert_eq!((c.target.as_deref(), c.value.as_deref()), (Some("Email"), Some("ada@example.com")));
        let c = first("Verify Dashboard is visible");
        assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectVisible, Some("Dashboard")));
        assert_eq!(interpret_all("Check the list", None)[0].verb, Verb::Look);
    }
}
