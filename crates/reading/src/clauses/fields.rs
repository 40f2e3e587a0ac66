//! The fields a compound step gives values to, each its own clause: Korean lists with a shared
//! verb ("아이디에 x, 비밀번호에 y를 입력하고"), English lists ("x as the A and y as the B", "SKU X,
//! 12 in stock"), "set A to x", a field then its quoted or colon value, a record filed under a
//! category, a search, and a state set before the action a sentence is about.

use super::cuts::{has_ko_verb, inside, quoted_ranges, split_at, split_words};
use crate::words::EN_LEADING_VERBS;

/// "Search the product list by title", "Search for Harbor": typing into that field (its value
/// from the test data when the sentence gives none), then Enter, as "제목으로 검색한다" is read.
pub(super) fn english_search(clause: &str) -> Option<Vec<String>> {
    let lower = clause.to_ascii_lowercase();
    let rest = lower.strip_prefix("search ")?;
    let at = clause.len() - rest.len();
    let enter = "press Enter".to_string();
    if let Some(value) = rest.strip_prefix("for ") {
        let value = clause[clause.len() - value.len()..].trim().trim_matches(['\'', '"']);
        return (!value.is_empty()).then(|| vec![format!("Enter '{value}' in 'search'"), enter]);
    }
    let by = rest.rfind(" by ").map(|i| i + " by ".len()).or_else(|| rest.strip_prefix("by ").map(|_| 3))?;
    let field = clause[at + by..].trim().trim_start_matches("the ").trim_matches(['\'', '"']);
    let words = field.split_whitespace().count();
    ((1..=4).contains(&words)).then(|| vec![format!("Enter the '{field}'"), enter])
}

/// "아이디에 minsu.kim, 비밀번호에 test1234를 입력하고" → one clause per field, each with the verb.
pub(super) fn korean_list(clause: &str) -> Vec<String> {
    let ranges = quoted_ranges(clause);
    let commas: Vec<usize> = clause.match_indices(", ").map(|(i, _)| i).filter(|i| !inside(&ranges, *i)).collect();
    let pieces = split_at(clause, &commas.iter().map(|i| *i + 1).collect::<Vec<_>>());
    let pieces: Vec<String> = pieces.iter().map(|p| p.trim().trim_start_matches(',').trim().to_string()).collect();
    let Some(last) = pieces.last() else { return vec![clause.to_string()] };
    // The verb is the last word of the last piece; every earlier piece must be "<field>에 <value>".
    let Some((head, verb)) = last.rsplit_once(' ') else { return vec![clause.to_string()] };
    // "<field>에 <value>": a word ending in 에 with the value after it ("사용자 이름에 planner01").
    let pair = |p: &str| {
        let words: Vec<&str> = p.split_whitespace().collect();
        words.len() >= 2 && words[..words.len() - 1].iter().any(|w| w.ends_with('에') || w.ends_with("에는"))
    };
    // "회의명은 스프린트 회고, 회의실은 대회의실 A, … 넣고": the field marked by 은/는.
    let topic = |p: &str| -> Option<(String, String)> {
        let (label, value) = p.split_once(' ')?;
        let label = label.strip_suffix('은').or_else(|| label.strip_suffix('는'))?;
        (label.chars().count() >= 2 && !value.trim().is_empty()).then(|| (label.to_string(), value.trim().to_string()))
    };
    if let Some(each) = told_as_entered(&pieces, head, verb) {
        return each;
    }
    if commas.is_empty() {
        return vec![clause.to_string()];
    }
    // "시작 시간을 11:00, 종료 시간을 12:00으로 바꿔서": each field with 을/를, then the value it
    // changes to (a place before them, "목록에서", is where, not a field).
    let changes = ["바꿔", "바꾸", "바꾼", "변경", "수정"].iter().any(|v| verb.starts_with(v));
    let object_pair = |p: &str| -> Option<(String, String)> {
        let words: Vec<&str> = p.split_whitespace().filter(|w| !w.ends_with("에서")).collect();
        let at = words.iter().position(|w| w.ends_with('을') || w.ends_with('를'))?;
        let label = words[..=at].join(" ");
        let label = label.strip_suffix('을').or_else(|| label.strip_suffix('를'))?.to_string();
        let value = words[at + 1..].join(" ");
        (!label.is_empty() && at + 1 < words.len()).then_some((label, value))
    };
    if changes && has_ko_verb(verb) {
        let mut all: Vec<&str> = pieces[..pieces.len() - 1].iter().map(|p| p.trim_end_matches(',')).collect();
        all.push(head);
        if let Some(pairs) = all.iter().map(|p| object_pair(p)).collect::<Option<Vec<_>>>() {
            return pairs
                .into_iter()
                .map(|(label, value)| {
                    let value = ["으로", "로"].iter().find_map(|s| value.strip_suffix(s)).unwrap_or(&value);
                    format!("'{label}'에 '{value}'를 입력한다")
                })
                .collect();
        }
    }
    // A piece with 은/는 or a label then its value ("시작 시간 10:30"), once the list has shown
    // it is one of fields ("회의명은 스프린트 회고, …, 시작 시간 10:30, 참석 인원 8명으로 넣고").
    let topics = pieces[..pieces.len() - 1].iter().filter(|p| topic(p.trim_end_matches(',')).is_some()).count();
    let labelled_pair = |p: &str| -> Option<(String, String)> {
        let (label, value) = p.rsplit_once(' ')?;
        let short = (1..=3).contains(&label.split_whitespace().count()) && !has_ko_verb(label);
        (short && !value.trim().is_empty()).then(|| (label.trim().to_string(), value.trim().to_string()))
    };
    let field = |p: &str| topic(p).or_else(|| if topics > 0 { labelled_pair(p) } else { None });
    if pieces.len() >= 2
        && topics > 0
        && pieces[..pieces.len() - 1].iter().all(|p| field(p.trim_end_matches(',')).is_some())
    {
        if let (Some((head_label, head_value)), true) = (field(head), has_ko_verb(verb)) {
            let mut out: Vec<String> = pieces[..pieces.len() - 1]
                .iter()
                .filter_map(|p| field(p.trim_end_matches(',')))
                .map(|(label, value)| format!("'{label}'에 '{value}'를 입력한다"))
                .collect();
            let value =
                ["으로", "로", "을", "를"].iter().find_map(|p| head_value.strip_suffix(p)).unwrap_or(&head_value);
            out.push(format!("'{head_label}'에 '{value}'를 {verb}"));
            return out;
        }
    }
    if !pieces[..pieces.len() - 1].iter().all(|p| pair(p)) || !pair(head) || !has_ko_verb(verb) {
        // "사용자 이름 writer01, 이메일 writer01@example.com, 성 최를 입력한다": label, then value.
        let labelled = |p: &str| p.split_whitespace().count() >= 2;
        if pieces.len() >= 2
            && pieces[..pieces.len() - 1].iter().all(|p| labelled(p))
            && labelled(head)
            && verb.contains("입력")
        {
            let as_pair = |p: &str| {
                let (label, value) = p.rsplit_once(' ').unwrap_or((p, ""));
                format!("'{label}'에 '{value}'를 입력한다")
            };
            let mut out: Vec<String> =
                pieces[..pieces.len() - 1].iter().map(|p| as_pair(p.trim_end_matches(','))).collect();
            let (label, value) = head.rsplit_once(' ').unwrap_or((head, ""));
            let value = ["을", "를"].iter().find_map(|p| value.strip_suffix(p)).unwrap_or(value);
            out.push(format!("'{label}'에 '{value}'를 {verb}"));
            return out;
        }
        return vec![clause.to_string()];
    }
    // The object particle the last value carries belongs to every value ("x, y를 입력").
    let mut out: Vec<String> =
        pieces[..pieces.len() - 1].iter().map(|p| format!("{}를 {verb}", p.trim_end_matches(','))).collect();
    out.push(last.clone());
    out
}

/// "회의명에는 고객사 제안 발표가, 날짜에는 2027-01-19가 입력되었다": values told as already
/// entered — each field gets its value, in the active voice the grammar reads as the action.
fn told_as_entered(pieces: &[String], head: &str, verb: &str) -> Option<Vec<String>> {
    let active = told_done(verb)?;
    let field_value = |p: &str| -> Option<(String, String)> {
        let words: Vec<&str> = p.split_whitespace().collect();
        let marker = |w: &str| ["에는", "에", "은", "는"].into_iter().find(|m| w.ends_with(m) && w.len() > m.len());
        let at = words.iter().position(|w| marker(w).is_some())?;
        let label = words[..=at].join(" ");
        let label = label.strip_suffix(marker(words[at])?)?.to_string();
        let value = words[at + 1..].join(" ");
        let value = ["으로", "로", "이", "가", "을", "를"].iter().find_map(|s| value.strip_suffix(s)).unwrap_or(&value);
        (!label.is_empty() && !value.trim().is_empty()).then(|| (label, value.trim().to_string()))
    };
    let mut all: Vec<&str> = pieces[..pieces.len() - 1].iter().map(|p| p.trim_end_matches(',')).collect();
    all.push(head);
    let pairs: Option<Vec<(String, String)>> = all.iter().map(|p| field_value(p)).collect();
    pairs.map(|pairs| {
        pairs
            .into_iter()
            .map(|(label, value)| {
                let value =
                    ["으로", "로", "을", "를"].iter().find_map(|s| value.strip_suffix(s)).unwrap_or(&value).to_string();
                format!("'{label}'에 '{value}'를 {active}")
            })
            .collect()
    })
}

/// "외부 손님 참석이 체크된 상태로 저장되었다", "약관 동의를 선택한 상태로 가입한다": the state is
/// set first, then the action the sentence is about is taken (its noun is the button's name).
pub(super) fn with_state(clause: &str) -> Option<Vec<String>> {
    if crate::quotes::has_quotes(clause) {
        return None;
    }
    let (before, after) = clause.split_once(" 상태로 ")?;
    let (subject, state) = before.rsplit_once(' ')?;
    let check = match state {
        "체크된" | "선택된" | "켜진" | "체크한" | "선택한" => "체크한다",
        "체크 해제된" | "해제된" | "꺼진" => "체크 해제한다",
        _ => return None,
    };
    let subject = ["이", "가", "을", "를"].iter().find_map(|p| subject.strip_suffix(p)).unwrap_or(subject).trim();
    let action = after.trim().trim_end_matches('.');
    let noun = ["되었다", "됐다", "한다", "했다", "하였다"].iter().find_map(|e| action.strip_suffix(e))?;
    let noun_ok = !noun.is_empty() && !noun.contains(' ') && specwright_vocabulary::all_hangul(noun);
    (!subject.is_empty() && noun_ok).then(|| vec![format!("'{subject}'를 {check}"), format!("'{noun}' 버튼을 누른다")])
}

/// The action a step told as done names ("입력되었다", "선택됐고" → "입력한다", "선택한다"):
/// specs written as a record of what was done mean the doing. The present passive ("입력된다")
/// says what the app does, and stays a check.
fn told_done(verb: &str) -> Option<String> {
    let verb = verb.trim_end_matches(['.', ',']);
    let stem =
        ["되었다", "됐다", "되었고", "됐고", "되었으며", "되었으면"].iter().find_map(|e| verb.strip_suffix(e))?;
    ["입력", "선택", "기입", "설정", "지정"].contains(&stem).then(|| format!("{stem}한다"))
}

/// "enter the change note "Reproduced on Android 14"", "type the comment 'looks good'", "enter
/// username "alice" and password "wrong"": each field named, then its quoted value; the last
/// value ends the clause. One clause per field.
pub(super) fn english_field_then_quote(clause: &str) -> Option<Vec<String>> {
    let lower = clause.to_ascii_lowercase();
    let head = ["enter ", "type ", "fill in ", "fill out ", "fill ", "write ", "input "]
        .into_iter()
        .find(|h| lower.starts_with(h))?;
    let ranges = quoted_ranges(clause);
    let &(_, last_end) = ranges.last()?;
    if !clause[last_end..].trim().trim_end_matches('.').is_empty() {
        return None;
    }
    let mut from = head.len();
    let mut out = Vec::new();
    for (i, &(start, end)) in ranges.iter().enumerate() {
        let mut field = clause[from..start].trim();
        // "…, the password", "… and password": the joint before the next field.
        if i > 0 {
            let joint = [", and ", ", ", "and "].iter().find(|j| field.to_ascii_lowercase().starts_with(**j))?;
            field = field[joint.len()..].trim_start();
        }
        for article in ["the ", "a ", "an ", "its "] {
            if field.to_ascii_lowercase().starts_with(article) {
                field = &field[article.len()..];
            }
        }
        // "fill in the Subject field with \"Printer broken\"": "with" leads to the value, and
        // the field's kind is no part of its name.
        for tail in [" with", " field", " box"] {
            if field.len() > tail.len() && field.to_ascii_lowercase().ends_with(tail) {
                field = field[..field.len() - tail.len()].trim_end();
            }
        }
        let words = field.split_whitespace().count();
        let named = (1..=4).contains(&words)
            && !field
                .to_ascii_lowercase()
                .split_whitespace()
                .any(|w| ["in", "into", "as", "to", "and", "then"].contains(&w));
        let value = clause[start..end].trim_matches(['\'', '"', '“', '”', '‘', '’']);
        if !named || value.is_empty() {
            return None;
        }
        let q = if value.contains('\'') { '"' } else { '\'' };
        out.push(format!("{}{q}{value}{q} in '{field}'", &clause[..head.len()]));
        from = end;
    }
    Some(out)
}

/// "Type the full name Jun Park and the mobile number 555-1110": each field named in lower case
/// right before its value, which starts with a capital, a digit or holds an `@` — one clause
/// per field ("Type 'Jun Park' in 'full name'"). `None` unless every part has that shape.
pub(super) fn english_field_then_value(clause: &str) -> Option<Vec<String>> {
    let lower = clause.to_ascii_lowercase();
    let head = ["enter ", "type ", "fill in ", "input ", "write "].into_iter().find(|h| lower.starts_with(h))?;
    if !quoted_ranges(clause).is_empty() {
        return None;
    }
    let rest = clause[head.len()..].trim();
    let pieces: Vec<&str> = split_words(rest, " and ").into_iter().flat_map(|p| split_words(p, ", ")).collect();
    // "jsmith in Login and his password in Password": a list whose every piece is a value, "in"
    // and a field is read so whatever the case of its words.
    let all_in = pieces.len() >= 2 && pieces.iter().all(|p| p.split_whitespace().filter(|w| *w == "in").count() == 1);
    let mut out = Vec::new();
    let mut last_value: Option<String> = None;
    for piece in pieces {
        let mut words: Vec<&str> = piece.split_whitespace().collect();
        // "Summer2025 in Password and in Confirm Password": the same value, in the next field.
        if words.first() == Some(&"in") && words.len() > 1 {
            let value = last_value.clone()?;
            let field: Vec<&str> = words[1..].iter().map(|w| w.trim_end_matches(['.', ','])).collect();
            out.push(format!("{}'{value}' in '{}'", &clause[..head.len()], field.join(" ")));
            continue;
        }
        let value_like = |w: &str| {
            w.chars().next().is_some_and(|c| c.is_uppercase() || c.is_ascii_digit() || c == '+') || w.contains('@')
        };
        // "12 in stock": the value first, then the field it goes in. A value said in words
        // keeps its own ("his password" is described, not "password").
        if let Some(at) = words.iter().position(|w| *w == "in").filter(|&at| at > 0) {
            let value = words[..at].join(" ");
            let value = ["the ", "a ", "an "].iter().find_map(|a| value.strip_prefix(a)).unwrap_or(&value);
            let field: Vec<&str> = words[at + 1..]
                .iter()
                .copied()
                .filter(|w| !["the", "a"].contains(w))
                .map(|w| w.trim_end_matches(['.', ',']))
                .collect();
            let lower_words = field.iter().all(|w| !w.is_empty() && w.chars().all(|c| c.is_lowercase() || c == '-'));
            if (all_in || (value_like(value) && lower_words)) && (1..=3).contains(&field.len()) && !value.is_empty() {
                out.push(format!("{}'{value}' in '{}'", &clause[..head.len()], field.join(" ")));
                last_value = Some(value.to_string());
                continue;
            }
            return None;
        }
        if words.first().is_some_and(|w| {
            ["the", "a", "an", "his", "her", "their", "its"].contains(&w.to_ascii_lowercase().as_str())
        }) {
            words.remove(0);
        }
        // A field's name in small letters, or an abbreviation in capitals ("SKU ACME-LK-005").
        let acronym = |w: &str| (2..=5).contains(&w.len()) && w.chars().all(|c| c.is_ascii_uppercase());
        let at =
            words.iter().enumerate().position(|(i, w)| value_like(w) && !(i == 0 && acronym(w) && words.len() > 1))?;
        let field = &words[..at];
        let named = (1..=4).contains(&field.len())
            && field.iter().all(|w| w.chars().all(|c| c.is_lowercase() || c == '-') || acronym(w))
            && !field.iter().any(|w| ["in", "into", "as", "to", "with", "for", "on", "of", "and", "then"].contains(w));
        let value = words[at..].join(" ");
        let value = value.trim_end_matches('.');
        if !named || value.is_empty() {
            return None;
        }
        out.push(format!("{}'{value}' in '{}'", &clause[..head.len()], field.join(" ")));
    }
    (!out.is_empty()).then_some(out)
}

/// "write the change note: Exporting the list turns Hangul into question marks": the field
/// before the colon, and all after it is what is typed ("write '…' in 'change note'").
pub(super) fn english_field_colon_value(clause: &str) -> Option<String> {
    let lower = clause.to_ascii_lowercase();
    let head =
        ["enter ", "type ", "write ", "fill in ", "input ", "add "].into_iter().find(|h| lower.starts_with(h))?;
    let (before, value) = clause[head.len()..].split_once(": ")?;
    let mut words: Vec<&str> = before.split_whitespace().collect();
    if words.first().is_some_and(|w| ["the", "a", "an", "this", "its"].contains(&w.to_ascii_lowercase().as_str())) {
        words.remove(0);
    }
    let named = (1..=4).contains(&words.len())
        && !words
            .iter()
            .any(|w| ["in", "into", "as", "to", "with", "and", "then"].contains(&w.to_ascii_lowercase().as_str()));
    let value = value.trim().trim_end_matches('.').trim();
    // "Add a comment: 'Looks good'": the value quoted whole is the same value.
    let value = match quoted_ranges(value).as_slice() {
        [(0, end)] if *end == value.len() => &value[1..value.len() - 1],
        [] => value,
        _ => return None,
    };
    if !named || value.is_empty() {
        return None;
    }
    let q = if value.contains('\'') { '"' } else { '\'' };
    // What is added with words is typed ("Add a comment: …" is no button to press).
    let verb = if head == "add " { "Enter " } else { &clause[..head.len()] };
    Some(format!("{verb}{q}{value}{q} in '{}'", words.join(" ")))
}

/// Nouns for words a person writes into a page (a comment, a note, a reply): "Add a comment
/// 'Looks good'" types the words; it makes no record called so.
const WRITTEN_NOUNS: &[&str] = &["comment", "note", "reply", "remark", "message", "description", "answer"];

/// Whether a clause starts by adding words of a kind a person writes ("add a comment: …").
pub(super) fn adds_written(lower: &str) -> bool {
    let Some(rest) = ["add ", "post ", "leave "].iter().find_map(|h| lower.strip_prefix(h)) else { return false };
    let rest = rest.trim_start_matches("a ").trim_start_matches("an ").trim_start_matches("the ");
    WRITTEN_NOUNS.iter().any(|n| rest.starts_with(n) && !rest[n.len()..].starts_with(char::is_alphanumeric))
}

/// "Add a comment 'Looks good'", "Post the reply \"On it\"", "Leave a note 'Call back'": the
/// quoted words typed into the field of that noun.
pub(super) fn english_text_added(clause: &str) -> Option<String> {
    let lower = clause.to_ascii_lowercase();
    let head = ["add ", "post ", "leave ", "write "].into_iter().find(|h| lower.starts_with(h))?;
    let rest = lower[head.len()..].trim_start_matches("a ").trim_start_matches("an ").trim_start_matches("the ");
    let noun = WRITTEN_NOUNS.iter().find(|n| rest.starts_with(**n))?;
    let after = rest[noun.len()..].trim_start();
    let ranges = quoted_ranges(after);
    let [(0, end)] = ranges.as_slice() else { return None };
    let at = clause.len() - after.len();
    (after[*end..].trim().trim_end_matches('.').is_empty())
        .then(|| format!("Enter {} in '{noun}'", &clause[at..at + end]))
}

/// "Title: Shipping information, URL: /shipping/, content: Orders ship within two days",
/// "제목: 배송 안내, 주소: /shipping/": a form's values listed by their labels, each typed into
/// its field. Two labels at least, each a short name of no verb; a lone "Note: …" or "Step 3: …"
/// says something else.
pub(super) fn labelled_values(sentence: &str) -> Option<Vec<String>> {
    const NOT_FIELDS: &[&str] = &[
        "note",
        "notes",
        "step",
        "expected",
        "result",
        "precondition",
        "given",
        "when",
        "then",
        "and",
        "subject",
        "from",
        "to",
        "date",
        "참고",
        "비고",
        "단계",
        "기대 결과",
        "결과",
        "조건",
        "제목 없음",
    ];
    let pairs: Vec<(&str, &str)> = crate::split_words(sentence, ", ")
        .into_iter()
        .map(|piece| piece.split_once(": ").map(|(l, v)| (l.trim(), v.trim())))
        .collect::<Option<Vec<_>>>()?;
    let field = |label: &str| {
        let words: Vec<&str> = label.split_whitespace().collect();
        (1..=3).contains(&words.len())
            && !NOT_FIELDS.contains(&label.to_lowercase().as_str())
            && !label.contains(['\'', '"', '(', ')'])
            && !label.chars().any(|c| c.is_ascii_digit())
            && !crate::words::has_verb(label)
    };
    if pairs.len() < 2 || !pairs.iter().all(|(l, v)| field(l) && !v.is_empty()) {
        return None;
    }
    let korean = specwright_vocabulary::is_hangul(sentence);
    Some(
        pairs
            .into_iter()
            .map(|(label, value)| {
                let q = if value.contains('\'') { '"' } else { '\'' };
                if korean {
                    format!("'{label}'에 {q}{value}{q}를 입력한다")
                } else {
                    format!("Enter {q}{value}{q} in '{label}'")
                }
            })
            .collect(),
    )
}

/// Nouns of what a record is filed under: "File him under the Clients category".
const FILED_UNDER: &[&str] = &[
    "category",
    "group",
    "folder",
    "section",
    "type",
    "class",
    "team",
    "department",
    "collection",
    "tag",
    "label",
    "role",
];

/// "File him under the Clients category", "put it in the Work group", "assign her to the
/// Support team": the value chosen in the field the noun names ("Choose 'Clients' in 'category'").
pub(super) fn english_filed_under(clause: &str) -> Option<String> {
    let lower = clause.to_ascii_lowercase();
    let verbs = ["file ", "put ", "place ", "assign ", "classify ", "categorize ", "categorise ", "sort "];
    verbs.iter().find(|v| lower.starts_with(*v))?;
    let words: Vec<&str> = clause.split_whitespace().collect();
    let lower_words: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    // The object is at most a pronoun or two words: "him", "the new contact".
    let prep = lower_words.iter().position(|w| ["under", "in", "into", "to", "as"].contains(&w.as_str()))?;
    if !(2..=4).contains(&prep) {
        return None;
    }
    let mut rest = &words[prep + 1..];
    if rest.first().is_some_and(|w| ["the", "a", "an"].contains(&w.to_ascii_lowercase().as_str())) {
        rest = &rest[1..];
    }
    let (noun, value) = rest.split_last()?;
    let noun = noun.trim_end_matches(['.', ',']);
    let capital = |w: &&str| w.chars().next().is_some_and(|c| c.is_uppercase() || c.is_ascii_digit());
    if !FILED_UNDER.contains(&noun) || value.is_empty() || value.len() > 4 || !value.iter().all(capital) {
        return None;
    }
    Some(format!("Choose '{}' in '{noun}'", value.join(" ")))
}

/// "Set Status to in-progress and Assigned To to carol", "change the priority to high": one
/// clause per field, its value after the field's last " to " (a field may say "To" itself).
pub(super) fn english_set_to(clause: &str) -> Option<Vec<String>> {
    let lower = clause.to_ascii_lowercase();
    let head = ["set ", "change "].into_iter().find(|h| lower.starts_with(h))?;
    let mut rest = clause[head.len()..].trim();
    // "… to 15 on the Acme Book Distributors row": the row every field of it is in.
    let mut row = String::new();
    let rest_lower = rest.to_ascii_lowercase();
    if rest_lower.trim_end_matches('.').ends_with(" row") {
        if let Some((at, lead)) =
            [" on the ", " in the ", " for the "].iter().filter_map(|l| rest_lower.rfind(l).map(|i| (i, *l))).max()
        {
            let name = rest[at + lead.len()..].trim_end_matches('.').trim_end();
            let name = name[..name.len() - " row".len()].trim().trim_matches(['\'', '"']);
            if !name.is_empty() && name.split_whitespace().count() <= 6 {
                row = format!(" in the '{name}' row");
                rest = rest[..at].trim();
            }
        }
    }
    let pieces: Vec<&str> = split_words(rest, " and ").into_iter().flat_map(|p| split_words(p, ", ")).collect();
    let mut out = Vec::new();
    for piece in pieces {
        let at = piece.to_ascii_lowercase().rfind(" to ")?;
        let mut field = piece[..at].trim();
        for article in ["the ", "its "] {
            if field.to_ascii_lowercase().starts_with(article) {
                field = &field[article.len()..];
            }
        }
        let field = field.trim_matches(['\'', '"']);
        let value = piece[at + 4..].trim().trim_matches(['\'', '"']);
        if field.is_empty() || value.is_empty() || field.split_whitespace().count() > 4 {
            return None;
        }
        out.push(format!("{}'{value}' in '{field}'{row}", &clause[..head.len()]));
    }
    (!out.is_empty()).then_some(out)
}

/// "enter Ivy Chen as the name and 22 Harbor Road as the address" → one clause per field:
/// "enter 'Ivy Chen' in 'name'"; "choose Work as the group" → "choose 'Work' in 'group'".
pub(super) fn english_list(clause: &str) -> Vec<String> {
    let lower = clause.to_ascii_lowercase();
    let Some((word, verb)) = EN_LEADING_VERBS
        .iter()
        .find(|(w, _)| lower.starts_with(w) && !lower[w.len()..].starts_with(char::is_alphanumeric))
    else {
        return vec![clause.to_string()];
    };
    // "Log in to the dashboard as admin": "as" names who logs in, no value for a field.
    if *verb == crate::Verb::LogIn {
        return vec![clause.to_string()];
    }
    let head = &clause[..word.len()];
    let rest = clause[word.len()..].trim();
    // "leave the other fields as they are" is no value given to a field.
    let alone = crate::words::EN_LEAVE_ALONE.1.iter().any(|p| lower.trim_end().ends_with(p.trim()));
    if !rest.to_ascii_lowercase().contains(" as ") || alone {
        return vec![clause.to_string()];
    }
    // "Jane as first name, Planner as last name and jane@x.io as email": commas part the fields
    // too, when every part names one ("22 Harbor Road, Springfield as the address" is one value).
    let pieces: Vec<&str> = split_words(rest, " and ")
        .into_iter()
        .flat_map(|piece| {
            let parts = split_words(piece, ", ");
            if parts.len() > 1 && parts.iter().all(|p| p.to_ascii_lowercase().contains(" as ")) {
                parts
            } else {
                vec![piece]
            }
        })
        .collect();
    let mut out = Vec::new();
    for piece in pieces {
        let lower = piece.to_ascii_lowercase();
        // "Enter X as password and confirm it": the same value again, in the confirmation.
        let confirm = ["confirm it", "confirm password", "confirm the password", "confirm it again", "repeat it"];
        if let (true, Some(prev)) = (
            confirm.contains(&lower.trim()),
            out.last().and_then(|c: &String| c.split('\'').nth(1).map(str::to_string)),
        ) {
            out.push(format!("{head} '{prev}' in 'Confirm Password'"));
            continue;
        }
        let Some(at) = lower.rfind(" as ") else { return vec![clause.to_string()] };
        let said = piece[..at].trim().trim_matches(['\'', '"']);
        // "… and again as the confirmation": the value before it.
        let previous = out.last().and_then(|c: &String| c.split('\'').nth(1).map(str::to_string));
        let value_owned = match (said.to_ascii_lowercase().as_str(), previous) {
            ("again" | "it again" | "the same" | "the same value" | "it", Some(prev)) => prev,
            _ => said.to_string(),
        };
        let value = value_owned.as_str();
        let mut field = piece[at + 4..].trim();
        for article in ["the ", "a ", "an ", "its ", "his ", "her ", "their "] {
            if field.to_ascii_lowercase().starts_with(article) {
                field = &field[article.len()..];
            }
        }
        let field = field.trim_matches(['\'', '"']);
        if value.is_empty() || field.is_empty() {
            return vec![clause.to_string()];
        }
        out.push(format!("{head} '{value}' in '{field}'"));
    }
    out
}
