//! Targets written without quotes ("로그인 버튼을 클릭한다", "Click the Sign in button"): the
//! sentence is rewritten with the target (and value) quoted, by where the Korean particles and
//! the role nouns put them, so the rest of the grammar reads it as if it had been quoted.
//! Checks with nothing but "확인한다" stay a look: "목록을 확인한다" names no element.

use crate::grammar::{EN_LEADING_VERBS, KO_VERBS, ROLE_NOUNS};
use crate::Verb;

/// Particles, longest first, that end a Korean argument.
const PARTICLES: &[&str] =
    &["에서", "으로", "에게", "만을", "을", "를", "이", "가", "은", "는", "에", "로", "의", "만"];
/// Particles that end the argument before a role noun: what comes before them is not the name.
const BOUNDARY: &[&str] = &["의", "에", "에서", "을", "를", "으로"];
const EN_FILLERS: &[&str] = &["the", "on", "a", "an"];
/// Korean adverbs between the arguments and the verb ("다시", "먼저"): part of no argument.
const KO_ADVERBS: &[&str] = &[
    "서로",
    "다시",
    "먼저",
    "한번",
    "한",
    "번",
    "바로",
    "직접",
    "모두",
    "각각",
    "차례로",
    "이어서",
    "그리고",
    "또",
    "추가로",
    "정확히",
    "올바르게",
    "새로",
    "계속",
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
    // "the tracker's list": an apostrophe inside the name asks for double quotes.
    if text.contains('\'') {
        format!("\"{text}\"")
    } else {
        format!("'{text}'")
    }
}

/// The sentence with its unquoted target (and value) quoted, or `None` when it already has
/// quotes or no target can be told apart.
pub(crate) fn quote_bare(sentence: &str, korean: bool) -> Option<String> {
    if crate::grammar::has_quotes(sentence) {
        return None;
    }
    if korean {
        korean_sentence(sentence)
    } else {
        english_sentence(sentence)
    }
}

/// Modifiers that end like a topic particle (같은, 다른) but describe the noun after them.
const KO_MODIFIERS: &[&str] =
    &["같은", "다른", "새로운", "올바른", "잘못된", "틀린", "동일한", "유효한", "짧은", "긴", "빈", "임의의"];

/// Places that are no element: "상단에", "화면에서", "목록에".
const PLACES: &[&str] = &[
    "상단",
    "하단",
    "위쪽",
    "아래쪽",
    "화면",
    "페이지",
    "오른쪽",
    "왼쪽",
    "좌측",
    "우측",
    "위",
    "아래",
    "가운데",
    "검색 결과",
    "결과",
];

fn korean_sentence(sentence: &str) -> Option<String> {
    // "2024-06-10 을 입력": a particle written apart belongs to the word before it.
    let mut merged: Vec<String> = Vec::new();
    for word in sentence.split_whitespace() {
        match merged.last_mut() {
            Some(last) if PARTICLES.contains(&word) => last.push_str(word),
            _ => merged.push(word.to_string()),
        }
    }
    let sentence = merged.join(" ");
    let words: Vec<&str> = sentence.split_whitespace().collect();
    if let Some(out) = becomes(&words) {
        return Some(out);
    }
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
    // "…가 표시되는지 확인한다": the check is the verb 확인 wraps.
    let (v, verb) = match words[v].contains("확인") && v > 1 && words[v - 1].ends_with('지') {
        true => match KO_VERBS.iter().filter(|(stem, _)| words[v - 1].contains(stem)).max_by_key(|(s, _)| s.len()) {
            Some((_, inner)) if is_expectation(*inner) => (v - 1, *inner),
            _ => (v, verb),
        },
        false => (v, verb),
    };
    // "건수가 전체 6건으로 표시된다", "상태가 완료로 바뀐다": the text it shows, before (으)로.
    if is_expectation(verb) && verb == Verb::ExpectVisible {
        if let Some(out) = shown_as(&words, v) {
            return Some(out);
        }
    }
    if verb == Verb::Navigate {
        return korean_navigation(&words, v);
    }
    // "확인한다" alone names nothing to find.
    if words[v].contains("확인") {
        return None;
    }
    // The role noun nearest the verb ("대화상자의 취소 버튼을": 버튼, not 대화상자).
    let noun = words[..v].iter().rposition(|w| crate::grammar::korean_role_noun(w).is_some());
    let mut out: Vec<String> = Vec::new();
    // "사용자 목록에 writer01이 표시된다": a list or a screen that places what follows it.
    if let Some(n) = noun {
        let word = words[n];
        let place =
            ["목록에", "목록에서", "화면에", "화면에서", "페이지에", "페이지에서", "표에", "리스트에"].contains(&word);
        if place && n + 1 < v {
            let rest = &words[n + 1..v];
            let last = rest[rest.len() - 1];
            let (stem, particle) = strip_particle(last);
            if particle.is_some() {
                let mut phrase: Vec<&str> = rest[..rest.len() - 1].to_vec();
                phrase.push(stem);
                out.extend(words[..=n].iter().map(|w| w.to_string()));
                out.push(format!("{}{}", quote(&phrase.join(" ")), particle.unwrap_or("")));
                out.extend(words[v..].iter().map(|w| w.to_string()));
                return Some(out.join(" "));
            }
        }
    }
    match noun {
        Some(n) if n > 0 => {
            let mut start = words[..n]
                .iter()
                .rposition(|w| {
                    BOUNDARY.iter().any(|p| w.ends_with(p) && w.len() > p.len()) || crate::grammar::is_scope_word(w)
                })
                .map_or(0, |i| i + 1);
            // "다시 채용 면접 행의 …": an adverb before the name is not part of it.
            while start < n && KO_ADVERBS.contains(&words[start]) {
                start += 1;
            }
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
                // "임시 비밀번호 1234를": the words before the value only describe it.
                if let Some(at) = value.iter().position(|w| !is_hangul_noun(w)) {
                    if at > 0 && value[at..].iter().all(|w| !w.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c)))
                    {
                        value.drain(..at);
                    }
                }
                out.push(format!("{}{}", quote(&value.join(" ")), particle.unwrap_or("")));
            } else if let Some(object) = object_in_container(words[n], rest) {
                out.push(object);
            } else {
                out.extend(rest.iter().map(|w| w.to_string()));
            }
        }
        _ => {
            // No role noun: arguments end in particles ("이메일에 ada@example.com을 입력한다",
            // "로그인을 클릭한다", "대시보드가 표시된다").
            let mut start = 0;
            for (i, word) in words[..v].iter().enumerate() {
                // "임시 비밀번호 1234를": a value after the words that describe it.
                let (value_stem, _) = strip_particle(word);
                if i + 1 == v && start < i && !value_stem.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c)) {
                    let (stem, particle) = strip_particle(word);
                    if particle.is_some() && words[start..i].iter().all(|w| is_hangul_noun(w)) {
                        out.extend(words[start..i].iter().map(|w| w.to_string()));
                        out.push(format!("{}{}", quote(stem), particle.unwrap_or("")));
                        start = v;
                        break;
                    }
                }
                if KO_ADVERBS.contains(word) && start == i {
                    out.push(word.to_string());
                    start = i + 1;
                    continue;
                }
                // "상단의": a position, left for the grammar to read as such.
                if crate::grammar::is_scope_word(word) && start == i {
                    out.push(word.to_string());
                    start = i + 1;
                    continue;
                }
                // "같은 값을", "다른 이름을": a modifier ending like a particle is part of the phrase.
                if KO_MODIFIERS.contains(word) {
                    continue;
                }
                let (stem, particle) = strip_particle(word);
                let Some(particle) = particle else { continue };
                // 가/이/은/는 end many nouns ("휴가", "문서이"): a subject particle only right before
                // the verb or before another argument ("휴가 규정 문서가 보인다" is one name).
                if matches!(particle, "가" | "이" | "은" | "는") && i + 1 < v {
                    // "전체 6건이 다시 표시된다": an adverb between the subject and its verb.
                    let next_has_particle =
                        strip_particle(words[i + 1]).1.is_some() || (KO_ADVERBS.contains(&words[i + 1]) && i + 2 == v);
                    if !next_has_particle {
                        continue;
                    }
                }
                let phrase_so_far =
                    words[start..i].iter().copied().chain(std::iter::once(stem)).collect::<Vec<_>>().join(" ");
                if (PLACES.contains(&stem) || PLACES.contains(&phrase_so_far.as_str()))
                    && matches!(particle, "에" | "에서" | "의")
                {
                    out.extend(words[start..=i].iter().map(|w| w.to_string()));
                    start = i + 1;
                    continue;
                }
                let phrase: Vec<&str> = words[start..i].iter().copied().chain(std::iter::once(stem)).collect();
                // "대문에서 …를 누른다": the screen the step happens on, not what it acts on.
                if particle == "에서" && !matches!(verb, Verb::Fill | Verb::Select | Verb::Upload) {
                    out.extend(words[start..=i].iter().map(|w| w.to_string()));
                    start = i + 1;
                    continue;
                }
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

/// "홍길동 행의 수정을 누른다": what is acted on inside the row (or section) the noun names,
/// quoted: "'수정'을".
fn object_in_container(noun: &str, rest: &[&str]) -> Option<String> {
    let container = crate::grammar::korean_role_noun(noun).is_some_and(|(n, hint)| {
        noun == format!("{n}의") && matches!(hint, crate::RoleHint::Row | crate::RoleHint::List)
    });
    let (last, before) = rest.split_last()?;
    let (stem, particle) = strip_particle(last);
    let particle = particle.filter(|p| matches!(*p, "을" | "를"))?;
    if !container || before.iter().any(|w| strip_particle(w).1.is_some()) {
        return None;
    }
    let mut phrase: Vec<&str> = before.to_vec();
    phrase.push(stem);
    Some(format!("{}{particle}", quote(&phrase.join(" "))))
}

/// "건수가 전체 7건이 된다", "상태가 완료가 되었다": what the subject becomes is shown.
fn becomes(words: &[&str]) -> Option<String> {
    let (last, before) = words.split_last()?;
    if !["된다", "되었다", "됐다"].contains(&last.trim_end_matches('.')) || before.len() < 2 {
        return None;
    }
    let n = before.len();
    let (stem, particle) = strip_particle(before[n - 1]);
    if !matches!(particle, Some("이" | "가")) {
        return None;
    }
    let subject = before[..n - 1].iter().rposition(|w| {
        let (s, p) = strip_particle(w);
        matches!(p, Some("가" | "이" | "은" | "는")) && s.chars().count() >= 2
    })?;
    let mut phrase: Vec<&str> = before[subject + 1..n - 1].to_vec();
    phrase.push(stem);
    let mut out: Vec<String> = before[..=subject].iter().map(|w| w.to_string()).collect();
    out.push(format!("{}이 표시된다", quote(&phrase.join(" "))));
    Some(out.join(" "))
}

fn is_expectation(verb: Verb) -> bool {
    matches!(verb, Verb::ExpectVisible | Verb::ExpectHidden | Verb::ExpectChecked | Verb::ExpectValue)
}

/// "<subject>가 <text>(으)로 <verb>": the text, quoted, as what is shown.
fn shown_as(words: &[&str], v: usize) -> Option<String> {
    let last = words[v - 1];
    let stem = last.strip_suffix("으로").or_else(|| last.strip_suffix('로')).filter(|s| !s.is_empty())?;
    // The text starts after the subject ("건수가", "상태는") and runs to the word before 으로.
    let subject = words[..v - 1].iter().rposition(|w| {
        let (s, particle) = strip_particle(w);
        matches!(particle, Some("가" | "이" | "은" | "는")) && s.chars().count() >= 2
    })?;
    let mut phrase: Vec<&str> = words[subject + 1..v - 1].to_vec();
    phrase.push(stem);
    let mut out: Vec<String> = words[..=subject].iter().map(|w| w.to_string()).collect();
    out.push(format!("{}이", quote(&phrase.join(" "))));
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

/// Phrases after which an English sentence says what it checks: "X is listed", "the footer
/// reads Y".
const EN_SUBJECT_PHRASES: &[&str] = &[
    " is listed",
    " are listed",
    " is shown",
    " are shown",
    " is displayed",
    " are displayed",
    " appears",
    " appear",
    " is visible",
    " are visible",
    " is in the list",
    " are in the list",
    " is no longer",
    " is not shown",
    " is not listed",
    " disappears",
    " is gone",
];
/// What says a field holds a value, between the field and the value.
const EN_VALUE_PHRASES: &[&str] = &[
    " still holds ",
    " holds ",
    " has the value ",
    " contains the value ",
    " is prefilled with ",
    " is pre-filled with ",
    " is filled with ",
];
/// The nouns after a field's name ("the Phone field", "the search box").
const FIELD_NOUNS: &[&str] = &[" field", " box", " input", " textbox"];

/// A field's name without "the" before it and the noun after it.
fn field_name(subject: &str) -> &str {
    let mut name = subject.trim();
    for article in ["the ", "The ", "then the ", "Then the ", "and the ", "And the "] {
        name = name.strip_prefix(article).unwrap_or(name);
    }
    for noun in FIELD_NOUNS {
        if name.to_ascii_lowercase().ends_with(noun) {
            name = name[..name.len() - noun.len()].trim_end();
        }
    }
    name
}

const EN_OBJECT_PHRASES: &[&str] = &[" reads ", " says ", " shows ", " displays ", " contains ", " shows the text "];

/// "Login page rejects valid passwords is listed under critical" → the subject quoted; "the
/// footer reads 1..7 out of 7" → the object quoted.
fn english_statement(sentence: &str) -> Option<String> {
    let lower = sentence.to_ascii_lowercase();
    // "the record count is now 5": the figure beside its name.
    if let Some((name, figure)) = crate::grammar::figure_stated(sentence) {
        return Some(format!("{} is shown", quote(&format!("{name} {figure}"))));
    }
    // "The Phone field still holds 555-0101", "Name is prefilled with Alice": a field's value.
    if let Some((at, phrase)) = EN_VALUE_PHRASES.iter().filter_map(|p| lower.find(p).map(|i| (i, *p))).min() {
        let field = field_name(&sentence[..at]);
        let value = sentence[at + phrase.len()..].trim().trim_end_matches('.');
        // "holds" alone says a value only of what is called a field ("the cart holds 3 items").
        let named_field = FIELD_NOUNS.iter().any(|n| lower[..at].trim_end().ends_with(n));
        let says_value = !phrase.contains("holds") || named_field;
        if says_value && !field.is_empty() && !value.is_empty() && field.split_whitespace().count() <= 6 {
            return Some(format!("{} holds {}", quote(field), quote(value)));
        }
    }
    // After a colon the sentence says what exactly is shown ("…: the footer reads 1..7").
    let (offset, part) = match sentence.rfind(": ") {
        Some(i) => (i + 2, &sentence[i + 2..]),
        None => (0, sentence),
    };
    let part_lower = &lower[offset..];
    if let Some((at, phrase)) = EN_OBJECT_PHRASES.iter().filter_map(|p| part_lower.find(p).map(|i| (i, *p))).min() {
        let object = part[at + phrase.len()..].trim().trim_end_matches('.');
        if !object.is_empty() && object.split_whitespace().count() <= 12 {
            // "the Phone field shows 555-0101": what the field holds.
            let lower_subject = part_lower[..at].trim_end();
            if FIELD_NOUNS.iter().any(|n| lower_subject.ends_with(n)) {
                let field = field_name(&part[..at]);
                if !field.is_empty() {
                    return Some(format!("{} holds {}", quote(field), quote(object)));
                }
            }
            // "the message says status and assignment were edited ok": a message known by its
            // gist, not a text to find word for word.
            let subject_lower = part_lower[..at].trim_end();
            let message_nouns = ["message", "notice", "notification", "banner", "toast", "flash"];
            if phrase.trim() == "says" && message_nouns.iter().any(|n| subject_lower.ends_with(n)) {
                return Some(format!("A message is shown saying {object}"));
            }
            // "the Bob Martinez row shows 555-2202": what the row shows, inside that row.
            let subject = part[..at].trim();
            let subject = ["the ", "The "].iter().fold(subject, |s, a| s.strip_prefix(a).unwrap_or(s));
            if let Some(row) = subject.strip_suffix(" row").map(str::trim).filter(|r| !r.is_empty()) {
                if row.split_whitespace().count() <= 6 {
                    return Some(format!("The {} row shows {}", quote(row), quote(object)));
                }
            }
            return Some(format!("{} {}", quote(object), "is shown"));
        }
    }
    // "The user stays on the login page", "is taken to the order list": the screen after it.
    let lands = [" stays on ", " remains on ", " is still on ", " is taken to ", " is redirected to ", " lands on "];
    if let Some((at, phrase)) = lands.iter().filter_map(|p| lower.find(p).map(|i| (i, *p))).min() {
        let place = field_name(&sentence[at + phrase.len()..]).trim_end_matches('.');
        let mut words: Vec<&str> = place.split_whitespace().collect();
        if words.last().is_some_and(|w| ["page", "screen", "form", "view"].contains(&w.to_ascii_lowercase().as_str())) {
            words.pop();
        }
        if !words.is_empty() && words.len() <= 6 {
            return Some(format!("The {} page is shown", quote(&words.join(" "))));
        }
    }
    // "The product edit page opens": a screen, when the subject says it is one.
    let opens = [" opens", " is opened", " stays open", " remains open", " is open"];
    if let Some((at, phrase)) = opens.iter().filter_map(|p| lower.find(p).map(|i| (i, *p))).min() {
        // "… opens with status unread and Assigned To empty": what it opens with must be
        // checked too; never the screen alone as if that were all.
        let after = lower[at + phrase.len()..].trim().trim_end_matches('.');
        if !after.is_empty() {
            return None;
        }
        let subject = field_name(&sentence[..at]);
        let words: Vec<&str> = subject.split_whitespace().collect();
        if let [name @ .., noun] = words.as_slice() {
            if !name.is_empty() && ["page", "screen", "form", "view"].contains(&noun.to_ascii_lowercase().as_str()) {
                return Some(format!("The {} page is shown", quote(&name.join(" "))));
            }
        }
    }
    // "Mobile app crashes is listed with status in-progress": the value, in the row the subject
    // names (the column's name before it is no text of the row).
    let with = [" is listed with ", " are listed with ", " is shown with ", " appears with "];
    if let Some((at, phrase)) = with.iter().filter_map(|p| lower.find(p).map(|i| (i, *p))).min() {
        let subject = field_name(&sentence[..at]);
        let rest = sentence[at + phrase.len()..].trim().trim_end_matches('.');
        // "with the real name Erin Jung and the organisation Acme Support": each value, after the
        // column's name (its lower-case words), in that row.
        let mut checks = Vec::new();
        for part in rest.split(" and ") {
            let said: Vec<&str> = part
                .split_whitespace()
                .skip_while(|w| ["the", "a", "an"].contains(&w.to_ascii_lowercase().as_str()))
                .collect();
            let named = said.iter().position(|w| !w.chars().all(|c| c.is_lowercase() || c == '-'));
            let value = match named {
                Some(at) if at > 0 => &said[at..],
                _ if said.len() >= 2 => &said[1..],
                _ => &said[..],
            };
            if subject.is_empty() || value.is_empty() || value.len() > 4 {
                return None;
            }
            checks.push(format!("the {} row shows {}", quote(subject), quote(&value.join(" "))));
        }
        return Some(checks.join(" and "));
    }
    let at = EN_SUBJECT_PHRASES.iter().filter_map(|p| lower.find(p)).min()?;
    let mut subject = sentence[..at].trim();
    for article in ["the ", "The ", "a ", "A ", "an ", "An "] {
        subject = subject.strip_prefix(article).unwrap_or(subject);
    }
    if subject.is_empty() || subject.split_whitespace().count() > 12 {
        return None;
    }
    // "The product list is shown", "The dashboard home is displayed": a screen.
    let last = subject.split_whitespace().last().unwrap_or("").to_ascii_lowercase();
    if ["list", "page", "screen", "form", "dashboard", "home", "view", "tab"].contains(&last.as_str()) {
        let name = subject.trim_end_matches(|c: char| c.is_alphabetic()).trim();
        let name = if ["page", "screen", "view"].contains(&last.as_str()) && !name.is_empty() { name } else { subject };
        return Some(format!("The {} page is shown", quote(name)));
    }
    // "Family, Friends, Work and Clients are listed": each name quoted on its own.
    let lower_subject = subject.to_ascii_lowercase();
    if subject.contains(", ") || lower_subject.contains(" and ") {
        let items: Vec<String> = subject
            .split(", ")
            .flat_map(|p| p.split(" and ").map(str::to_string).collect::<Vec<_>>())
            .map(|p| p.trim().to_string())
            .filter(|p| !p.is_empty())
            .collect();
        if items.len() >= 2 && items.iter().all(|i| i.split_whitespace().count() <= 4) {
            let quoted: Vec<String> = items.iter().map(|i| quote(i)).collect();
            return Some(format!("{}{}", quoted.join(", "), &sentence[at..]));
        }
    }
    Some(format!("{}{}", quote(subject), &sentence[at..]))
}

fn english_sentence(sentence: &str) -> Option<String> {
    // ASCII lower-casing: byte positions stay those of the original, so slicing is safe.
    let lower = sentence.to_ascii_lowercase();
    let Some((word, verb)) = EN_LEADING_VERBS
        .iter()
        .find(|(word, _)| lower.starts_with(word) && !lower[word.len()..].starts_with(char::is_alphanumeric))
    else {
        return english_statement(sentence);
    };
    let head = &sentence[..word.len()];
    // "Go back to the group list": to that screen, not one page back in the history.
    if *verb == Verb::Back {
        let rest = sentence[word.len()..].trim().trim_end_matches('.');
        let place = rest.strip_prefix("to ").map(|p| p.strip_prefix("the ").unwrap_or(p)).unwrap_or("");
        let mut words: Vec<&str> = place.split_whitespace().collect();
        if words.last().is_some_and(|w| ["page", "screen", "view"].contains(&w.to_ascii_lowercase().as_str())) {
            words.pop();
        }
        if words.is_empty() || words.len() > 6 {
            return None;
        }
        return Some(format!("Go to the {} page", quote(&words.join(" "))));
    }
    if *verb == Verb::LogIn {
        return None;
    }
    let mut rest: Vec<&str> = sentence[word.len()..].split_whitespace().collect();
    while rest.first().is_some_and(|w| EN_FILLERS.contains(&w.to_lowercase().as_str())) {
        rest.remove(0);
    }
    // "Click Add again": adverbs say how often, not what.
    while rest.last().is_some_and(|w| {
        ["again", "once", "twice", "more", "now", "then"].contains(&w.to_lowercase().trim_end_matches([',', '.']))
    }) {
        rest.pop();
    }
    if *verb == Verb::Navigate {
        // "Go to the contact list", "Open the user list page", "Open the app".
        let noun =
            rest.last().map(|w| w.to_lowercase()).filter(|w| ["page", "screen", "view", "tab"].contains(&w.as_str()));
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
            ["row", "line", "section", "area", "panel", "card", "box", "table", "list", "group", "menu"]
                .contains(&w.as_str())
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
    // "Leave the start date as it is": nothing to do.
    let joined = rest.join(" ").to_lowercase();
    if *verb == Verb::Clear && crate::grammar::EN_LEAVE_ALONE.1.iter().any(|p| joined.ends_with(p.trim())) {
        return Some("Keep it".to_string());
    }
    // "Leave the name empty": the field is between the verb and "empty".
    if *verb == Verb::Clear {
        while rest.last().is_some_and(|w| {
            ["empty", "blank", "unfilled", "as", "is"].contains(&w.to_lowercase().trim_end_matches(['.', ',']))
        }) {
            rest.pop();
        }
    }
    // A field is typed into: "Enter the title" names a field called title, not a heading.
    let typed = matches!(verb, Verb::Fill | Verb::Select | Verb::Upload | Verb::Clear);
    let noun_at_end = rest.last().and_then(|w| {
        let w = w.to_lowercase();
        ROLE_NOUNS
            .iter()
            .find(|(n, h)| *n == w && !is_hangul_noun(n) && (!typed || *h == crate::RoleHint::Field))
            .map(|(n, _)| *n)
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
            // "Change the Personal Cellphone to 555-2202", "Set the title to X".
            let head_lower = head.to_ascii_lowercase();
            if head_lower == "change" || head_lower == "set" {
                if let Some(i) = lower.rfind(" to ") {
                    let (field, value) = (&text[..i], &text[i + " to ".len()..]);
                    return Some(format!("Fill {}{noun} with {}", quote(field), quote(value)));
                }
            }
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
            // "Select the Admin role", "Choose the Female gender": a capitalised value, then the
            // field's name in lower case.
            if *verb == Verb::Select && noun.is_empty() {
                let words: Vec<&str> = text.split_whitespace().collect();
                if let [value @ .., field] = words.as_slice() {
                    let capital = |w: &&str| w.chars().next().is_some_and(char::is_uppercase);
                    let lower_field = field.chars().all(|c| c.is_lowercase() || c == '-');
                    if !value.is_empty() && value.iter().all(capital) && lower_field && value.len() <= 4 {
                        return Some(format!("{head} {} in {}", quote(&value.join(" ")), quote(field)));
                    }
                }
            }
            // "Enter the title": the field alone; its value comes from the data, or is asked.
            Some(format!("{head} the {}{noun}", quote(&text)))
        }
        _ if verb.is_expectation() => {
            if let Some((name, figure)) = crate::grammar::figure_stated(&text) {
                return Some(format!("{head} {} is shown", quote(&format!("{name} {figure}"))));
            }
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
        let c = first("다시 홍길동 행의 수정을 누른다");
        assert_eq!(
            (c.verb, c.target.as_deref(), c.scope),
            (Verb::Click, Some("수정"), Some(Scope::Row("홍길동".into())))
        );
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
    fn korean_places_and_described_values() {
        let c = first("검색 결과에 휴가 규정 문서가 보인다");
        assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectVisible, Some("휴가 규정 문서")));
        let c = first("사용자 목록에 writer01이 표시된다");
        assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectVisible, Some("writer01")));
        let all = interpret_all("비밀번호와 비밀번호 확인에 임시 비밀번호 1234를 입력한다", None);
        let fills: Vec<(Option<&str>, Option<&str>)> =
            all.iter().map(|i| (i.target.as_deref(), i.value.as_deref())).collect();
        assert_eq!(fills, vec![(Some("비밀번호"), Some("1234")), (Some("비밀번호 확인"), Some("1234"))]);
    }

    #[test]
    fn english_statements_of_what_is_shown() {
        let c = first("Login page rejects valid passwords after upgrade is listed under critical and assigned to bob.");
        assert_eq!(
            (c.verb, c.target.as_deref()),
            (Verb::ExpectVisible, Some("Login page rejects valid passwords after upgrade"))
        );
        let c = first("The Invoice number field still holds INV-0042");
        assert_eq!(
            (c.verb, c.target.as_deref(), c.value.as_deref()),
            (Verb::ExpectValue, Some("Invoice number"), Some("INV-0042"))
        );
        let c = first("The Postcode box shows 04524");
        assert_eq!(
            (c.verb, c.target.as_deref(), c.value.as_deref()),
            (Verb::ExpectValue, Some("Postcode"), Some("04524"))
        );
        let c = first("The invoice detail page opens.");
        assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectScreen, Some("invoice detail")));
        let c = first("The Acme Ltd row shows Paid in full");
        assert_eq!(
            (c.verb, c.target.as_deref(), c.scope),
            (Verb::ExpectVisible, Some("Paid in full"), Some(crate::Scope::Row("Acme Ltd".into())))
        );
        let c = first("All seven seeded issues are in the list: the footer reads 1..7 out of 7.");
        assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectVisible, Some("1..7 out of 7")));
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
