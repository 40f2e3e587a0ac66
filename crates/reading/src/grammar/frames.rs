//! Sentence frames the word tables alone do not read (a login's are in `logins.rs`): a key
//! press ("Enter 키를 누른다"), a message or an error named by what it says ("…라는 오류가
//! 표시된다", "a message saying …"), an example in brackets, a page shown by its title, a quoted
//! word inside what is shown, a menu path alone, and which of two quoted spans is the field and
//! which its value.

use super::verbs::clause_verb;
use crate::intent::{Intent, RoleHint, Verb};
use crate::quotes::{quoted_spans, unquoted, Quoted};
use crate::words::{has_verb, korean_role_noun, EN_TARGET_MARKERS, EN_VALUE_MARKERS, ROLE_NOUNS};
use specwright_vocabulary::is_hangul;

/// Keys people name, and Playwright's names for them.
const KEYS: &[(&str, &str)] = &[
    ("엔터", "Enter"),
    ("enter", "Enter"),
    ("return", "Enter"),
    ("탭", "Tab"),
    ("tab", "Tab"),
    ("esc", "Escape"),
    ("escape", "Escape"),
    ("이스케이프", "Escape"),
    ("스페이스", "Space"),
    ("space", "Space"),
];

/// "Enter 키를 누른다", "엔터를 친다", "press Enter", "hit the Return key": the key.
pub(super) fn key_press(sentence: &str) -> Option<String> {
    let lower = sentence.to_lowercase();
    let korean = is_hangul(sentence);
    // "검색창에 반차를 입력하고 검색한다": searching is pressing Enter in the search field.
    let searched = if korean {
        ["검색한다", "검색하고", "검색해", "검색을 실행"].iter().any(|v| lower.trim_end_matches('.').ends_with(v))
    } else {
        lower.trim_end_matches('.') == "search" || lower.trim_end_matches('.') == "run the search"
    };
    if searched {
        return Some("Enter".into());
    }
    let pressed = if korean {
        ["누른", "누르", "눌러", "친다", "치고", "입력"].iter().any(|v| lower.contains(v))
    } else {
        ["press ", "hit ", "type "].iter().any(|v| lower.starts_with(v))
    };
    if !pressed {
        return None;
    }
    if let Some(chord) = chord(&lower) {
        return Some(chord);
    }
    let words: Vec<String> = lower
        .split(|c: char| !c.is_alphanumeric() && !specwright_vocabulary::is_syllable(c))
        .map(str::to_string)
        .collect();
    let keyish = lower.contains("키") || lower.contains(" key") || words.len() <= 4;
    KEYS.iter()
        .find(|(name, _)| {
            words.iter().any(|w| {
                w == name
                    || (korean
                        && (w.strip_suffix("를").or(w.strip_suffix("을")).or(w.strip_suffix("키를")) == Some(name)))
            })
        })
        .filter(|_| keyish)
        .map(|(_, key)| key.to_string())
}

/// "Press Ctrl+S", "Cmd+Enter 키를 누른다", "shift-tab": modifiers and a key, as Playwright
/// names them ("Control+s", "Meta+Enter", "Shift+Tab").
fn chord(lower: &str) -> Option<String> {
    const MODIFIERS: &[(&str, &str)] = &[
        ("ctrl", "Control"),
        ("control", "Control"),
        ("cmd", "Meta"),
        ("command", "Meta"),
        ("meta", "Meta"),
        ("alt", "Alt"),
        ("option", "Alt"),
        ("shift", "Shift"),
    ];
    let token =
        lower.split_whitespace().find(|w| w.contains(['+', '-']) && MODIFIERS.iter().any(|(m, _)| w.starts_with(m)))?;
    let token = token.trim_end_matches(['.', ',', ')']).trim_start_matches('(');
    let parts: Vec<&str> = token.split(['+', '-']).filter(|p| !p.is_empty()).collect();
    let (key, modifiers) = parts.split_last()?;
    let named: Vec<&str> =
        modifiers.iter().map(|m| MODIFIERS.iter().find(|(n, _)| n == m).map(|(_, k)| *k)).collect::<Option<_>>()?;
    let key = KEYS.iter().find(|(n, _)| n == key).map(|(_, k)| k.to_string()).or_else(|| {
        let mut chars = key.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphanumeric() => Some(c.to_string()),
            _ => None,
        }
    })?;
    (!named.is_empty()).then(|| format!("{}+{key}", named.join("+")))
}

/// A quoted example set aside in brackets ("(e.g. \"issue 8 created\")", "(예: \"저장됨\")"): what
/// a message may look like, not its text. Returns the sentence without it, and the example.
pub(super) fn example_aside(sentence: &str) -> Option<(String, String)> {
    const LEADS: &[&str] = &[
        "e.g.",
        "eg.",
        "e.g.,",
        "for example",
        "for instance",
        "such as",
        "예:",
        "예)",
        "예를 들어",
        "예를 들면",
        "예시:",
    ];
    let open = sentence.find(['(', '（'])?;
    let close_rel = sentence[open..].find([')', '）'])?;
    let inner = sentence[open + sentence[open..].chars().next()?.len_utf8()..open + close_rel].trim();
    let lower = inner.to_lowercase();
    let lead = LEADS.iter().find(|l| lower.starts_with(*l))?;
    let example = inner[lead.len()..].trim().trim_matches(['"', '\'', '“', '”', '‘', '’', ',', ' ']);
    if example.is_empty() {
        return None;
    }
    let close_len = sentence[open + close_rel..].chars().next()?.len_utf8();
    let rest = format!("{}{}", sentence[..open].trim_end(), &sentence[open + close_rel + close_len..]);
    Some((rest, example.to_string()))
}

/// Words that name an error message in general.
const ERROR_NOUNS: &[&str] = &["오류", "에러", "경고", "실패 메시지", "error", "warning"];

/// "오류 메시지가 표시된다", "An error is shown: the name already exists": the app shows an error,
/// with these words when the sentence gives them (after a colon, or quoted).
pub(super) fn error_shown(sentence: &str, spans: &[Quoted], korean: bool) -> Option<Intent> {
    let (head, tail) = match sentence.split_once([':', '：']) {
        Some((h, t)) if spans.iter().all(|s| s.start > h.len()) => (h, Some(t.trim())),
        _ => (sentence, None),
    };
    let head_spans = quoted_spans(head);
    let bare = unquoted(head, &head_spans);
    let lower = bare.to_lowercase();
    let error = ERROR_NOUNS.iter().any(|n| lower.contains(n));
    let message = MESSAGE_NOUNS.iter().any(|n| lower.contains(n)) || lower.contains("confirmation that ");
    if !error && !message {
        return None;
    }
    let verb = clause_verb(&bare, korean)?;
    if verb != Verb::ExpectVisible {
        return None;
    }
    // "No error is displayed", "No error messages appear": none shown, as "오류 메시지가 표시되지
    // 않는다" reads — it was read as an error expected.
    if !korean && error && lower.trim_start().starts_with("no ") {
        return Some(Intent::new(Verb::ExpectHidden, Some("error".into()), Some(RoleHint::Message)));
    }
    // A quoted message is checked as written ("'저장되었습니다'라는 메시지"): that is the ordinary
    // grammar's job. A name quoted inside words that tell what happened ("\"주간 회의록\" 문서로
    // 이동했다는 안내") is part of the gist, kept without its quote marks.
    let (bare, lower) = if head_spans.is_empty() {
        (bare, lower)
    } else {
        let named = unquoted_keeping_words(head, &head_spans);
        let told = said_part(&unquoted(head, &head_spans), korean)?;
        // Words of its own beside the quotes: the sentence tells what happened around a name.
        let own_words = told.split_whitespace().filter(|w| w.chars().any(char::is_alphabetic)).count();
        // "'설명을 입력하세요'라는 오류 메시지", "\"저장되었습니다\"라는 안내 문구": the one quote is
        // the message, checked as written whatever the words that name the message.
        if own_words == 0 && korean && head_spans.len() == 1 && bare.contains("라는") {
            return Some(Intent::new(Verb::ExpectVisible, Some(head_spans[0].text.clone()), None));
        }
        if own_words == 0 {
            return None;
        }
        let lower = named.to_lowercase();
        (named, lower)
    };
    // What the message says: after a colon, before "라는/다는" ("이미 예약이 있다는 안내"), or after
    // "saying"/"that" ("a message saying the group was created").
    let said = tail
        .map(|t| t.trim_matches(['\'', '"', '“', '”', '‘', '’', '.']).to_string())
        .or_else(|| {
            if korean {
                ["이라는 ", "라는 ", "다는 ", "라고 "]
                    .iter()
                    .find_map(|m| bare.find(m).map(|i| what_is_said(&bare[..i])))
            } else {
                ["saying ", "that says ", "stating ", "reading "]
                    .iter()
                    .find_map(|m| lower.find(m).map(|i| without_appearing(&bare[i + m.len()..]).to_string()))
                    .or_else(|| said_before_shown(&lower))
            }
        })
        .filter(|t| !t.is_empty());
    if !error && said.is_none() {
        // "메시지가 표시된다" with nothing said about it: left to the ordinary grammar.
        return None;
    }
    let verb = if error { Verb::ExpectError } else { Verb::ExpectMessage };
    Some(Intent::new(verb, said, Some(RoleHint::Message)))
}

/// The part of a message sentence that says what happened: before "라는/다는" in Korean, after
/// "saying" in English (`None` when the sentence has neither).
fn said_part(bare: &str, korean: bool) -> Option<String> {
    if korean {
        ["이라는 ", "라는 ", "다는 ", "라고 "].iter().find_map(|m| bare.find(m).map(|i| bare[..i].to_string()))
    } else {
        let lower = bare.to_lowercase();
        ["saying ", "that says ", "stating ", "reading "]
            .iter()
            .find_map(|m| lower.find(m).map(|i| without_appearing(&bare[i + m.len()..]).to_string()))
    }
}

/// An English message's words without the verb that says it appears ("the room was booked
/// appears" → "the room was booked").
fn without_appearing(said: &str) -> &str {
    let said = said.trim().trim_end_matches('.');
    const APPEARS: &[&str] = &[" appears", " is shown", " is displayed", " shows up", " pops up", " comes up"];
    APPEARS.iter().find_map(|a| said.strip_suffix(a)).unwrap_or(said).trim()
}

/// The sentence with its quote marks dropped and the quoted words kept.
fn unquoted_keeping_words(sentence: &str, spans: &[Quoted]) -> String {
    let mut out = String::new();
    let mut last = 0;
    for span in spans {
        out.push_str(&sentence[last..span.start]);
        out.push_str(&span.text);
        last = span.end;
    }
    out.push_str(&sentence[last..]);
    out
}

/// What a Korean message is said to say, without the reason or the moment told before it ("기존
/// 회의가 끝나기 때문에 겹치지 않는 것으로 보고 예약이 등록되었" → "예약이 등록되었", "이때는 이미
/// 예약이 있" → "이미 예약이 있").
fn what_is_said(said: &str) -> String {
    let mut said = said.trim();
    for reason in ["때문에 ", "으로 보고 ", "로 보고 ", "므로 ", "니까 ", "으니 "] {
        if let Some(at) = said.rfind(reason) {
            said = said[at + reason.len()..].trim();
        }
    }
    for moment in ["이때는 ", "이때 ", "그러면 ", "그때 ", "그러면 "] {
        said = said.strip_prefix(moment).unwrap_or(said).trim();
    }
    said.to_string()
}

/// "A confirmation that the issue was created is shown": what the message says sits between its
/// noun's "that" and the verb of showing.
fn said_before_shown(lower: &str) -> Option<String> {
    let lower = lower.trim().trim_end_matches('.');
    let at = lower.find(" that ")?;
    let noun = lower[..at].split_whitespace().last()?;
    if !MESSAGE_NOUNS.contains(&noun) && noun != "confirmation" {
        return None;
    }
    let said = &lower[at + " that ".len()..];
    let shown = [" is shown", " is displayed", " appears", " shows up", " is visible", " pops up"];
    let end = shown.iter().filter_map(|p| said.rfind(p).filter(|i| said[i + p.len()..].trim().is_empty())).min()?;
    let said = said[..end].trim();
    (!said.is_empty()).then(|| said.to_string())
}

/// "Verify that the category is saved successfully", "The invoice was sent successfully": the
/// app says the step worked, in a message whose gist is the sentence's.
pub(super) fn success_stated(sentence: &str, spans: &[Quoted]) -> Option<Intent> {
    if !spans.is_empty() {
        return None;
    }
    let lower = sentence.to_ascii_lowercase();
    let lower = lower.trim().trim_end_matches('.');
    // "The tracker confirms that the user was created": what the app says, by its gist.
    for says in [" confirms that ", " reports that ", " tells the user that ", " says that "] {
        if let Some(at) = lower.find(says) {
            let said = lower[at + says.len()..].trim();
            let said = said.strip_prefix("the ").unwrap_or(said);
            if !said.is_empty() && said.split_whitespace().count() <= 12 && !lower[..at].contains(" not ") {
                return Some(Intent::new(Verb::ExpectMessage, Some(said.to_string()), Some(RoleHint::Message)));
            }
        }
    }
    if !lower.ends_with(" successfully") && !lower.contains(" successfully ") {
        return None;
    }
    let mut said = lower;
    for lead in ["verify that ", "check that ", "confirm that ", "ensure that ", "make sure that ", "then ", "and "] {
        said = said.strip_prefix(lead).unwrap_or(said);
    }
    let said = said.strip_prefix("the ").unwrap_or(said);
    let stated =
        [" is ", " was ", " has been ", " have been ", " are ", " were ", " gets "].iter().any(|v| said.contains(v));
    (stated && said.split_whitespace().count() <= 12)
        .then(|| Intent::new(Verb::ExpectMessage, Some(said.to_string()), Some(RoleHint::Message)))
}

/// Words of a subject that is nothing but "a message": "A confirmation shows up", "성공 안내가
/// 표시된다".
const VAGUE_MESSAGE_WORDS: &[&str] = &[
    "a",
    "an",
    "the",
    "some",
    "short",
    "green",
    "confirmation",
    "success",
    "successful",
    "info",
    "information",
    "확인",
    "성공",
    "완료",
    "저장",
    "짧은",
    "초록색",
];

/// "A confirmation shows up", "A success message appears", "완료 안내가 뜬다": some message the
/// app shows now, whatever its words. Never nothing: a sentence that expects a message checks one.
pub(super) fn message_shown(sentence: &str, spans: &[Quoted], korean: bool) -> Option<Intent> {
    if !spans.is_empty() {
        return None;
    }
    let lower = sentence.to_lowercase();
    let lower = lower.trim().trim_end_matches(['.', '。']);
    let subject = if korean {
        let (subject, verb) = lower.rsplit_once(' ')?;
        let shown =
            ["표시된다", "표시됩니다", "나온다", "나타난다", "뜬다", "보인다", "표시되어야 한다", "나와야 한다"];
        if !shown.contains(&verb) {
            return None;
        }
        let subject = subject.strip_suffix('가').or_else(|| subject.strip_suffix('이'))?;
        subject.to_string()
    } else {
        let phrases = [" shows up", " pops up", " comes up", " appears", " is shown", " is displayed", " is visible"];
        let (at, phrase) = phrases.iter().filter_map(|p| lower.find(p).map(|i| (i, *p))).min()?;
        if !lower[at + phrase.len()..].trim().is_empty() {
            return None;
        }
        lower[..at].to_string()
    };
    let words: Vec<&str> = subject.split_whitespace().collect();
    let names_message = |w: &str| MESSAGE_NOUNS.contains(&w) || w == "confirmation";
    let vague = |w: &str| VAGUE_MESSAGE_WORDS.contains(&w) || MESSAGE_NOUNS.contains(&w);
    (!words.is_empty() && words.len() <= 4 && words.iter().all(|w| vague(w)) && words.iter().any(|w| names_message(w)))
        .then(|| Intent::new(Verb::ExpectMessage, None, Some(RoleHint::Message)))
}

/// Words that name a message, whatever it says.
const MESSAGE_NOUNS: &[&str] =
    &["메시지", "메세지", "안내", "알림", "문구", "message", "notice", "notification", "toast", "banner"];

/// "No products found", "No matching orders", "Nothing found": a result that is empty, said in
/// the words an app shows it with. Checked as that text, so an app that says it otherwise fails
/// with what it does show, never passes on something else.
pub(super) fn empty_result(sentence: &str, spans: &[Quoted], korean: bool) -> Option<String> {
    if korean || !spans.is_empty() {
        return None;
    }
    let said = sentence.trim().trim_end_matches(['.', '!']);
    let lower = said.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    const EMPTY: &[&str] = &["found", "matched", "available", "yet", "match", "results", "records", "items"];
    let empty = match words.as_slice() {
        ["nothing", "found"] => true,
        ["no", middle @ .., last] => middle.len() <= 3 && EMPTY.contains(last),
        _ => false,
    };
    empty.then(|| said.to_string())
}

/// Phrases that say a form already holds values.
const HELD: &[&str] = &[
    "채워져 있",
    "채워진 상태",
    "입력되어 있",
    "입력돼 있",
    "기입되어 있",
    "prefilled",
    "pre-filled",
    "filled in with",
    "already filled",
    "holds the current values",
    "shows the current values",
];

/// "예약 수정 창에 기존 내용(소회의실 B, 2027-01-12)이 채워져 있다", "The edit form is prefilled
/// (Room B, 2027-01-12)": the values in brackets, each held by some field of the form; its
/// fields are found by the values they show. In the open dialog when the sentence names one.
pub(super) fn values_held(sentence: &str, spans: &[Quoted], korean: bool) -> Option<Vec<Intent>> {
    if !spans.is_empty() {
        return None;
    }
    let lower = sentence.to_lowercase();
    if !HELD.iter().any(|p| lower.contains(p)) {
        return None;
    }
    let open = sentence.find(['(', '（'])?;
    let close = open + sentence[open..].find([')', '）'])?;
    let inside = &sentence[open + sentence[open..].chars().next()?.len_utf8()..close];
    let values: Vec<String> = inside
        .split([',', '，', '·', '/'])
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty() && v.chars().count() <= 60)
        .collect();
    if values.is_empty() {
        return None;
    }
    let place = sentence[..open].to_lowercase();
    let dialog_words: &[&str] = if korean {
        &["창", "대화상자", "팝업", "모달", "다이얼로그"]
    } else {
        &["dialog", "form", "modal", "popup", "window"]
    };
    let scope = dialog_words.iter().any(|w| place.contains(w)).then_some(crate::intent::Scope::Dialog(None));
    Some(
        values
            .into_iter()
            .map(|value| Intent {
                verb: Verb::ExpectValue,
                target: None,
                value: Some(value),
                hint: Some(RoleHint::Field),
                scope: scope.clone(),
            })
            .collect(),
    )
}

/// "본문 맨 아래에 \"…\" 문장을 추가한다", "Add 'Thanks' at the end of the description", "Append
/// 'Thanks' to the Notes field": the quoted text typed after what the field already holds.
pub(super) fn appended(sentence: &str, spans: &[Quoted], korean: bool) -> Option<Intent> {
    // "At the end of the text, add the line …": the place said first is the same place.
    if !korean {
        let lower = sentence.to_ascii_lowercase();
        if let Some(lead) =
            ["at the end of ", "at the bottom of ", "to the end of "].into_iter().find(|l| lower.starts_with(l))
        {
            let comma = sentence.find(", ")?;
            let (place, rest) = (&sentence[lead.len()..comma], sentence[comma + 2..].trim_end_matches(['.', '。']));
            let moved = format!("{rest} at the end of {place}");
            return appended(&moved, &quoted_spans(&moved), false);
        }
    }
    let [span] = spans else { return None };
    let marks = ['\'', '"', '“', '”', '‘', '’'];
    let before = sentence[..span.start].trim_end_matches(marks).trim_end();
    let after = sentence[span.end..].trim_start_matches(marks).trim().trim_end_matches(['.', '。']);
    let field = if korean {
        let verb = ["추가한다", "추가합니다", "덧붙인다", "이어 쓴다", "추가 입력한다", "추가하고", "덧붙이고"];
        if !verb.iter().any(|v| after.ends_with(v) || after.contains(&format!("{v} "))) {
            return None;
        }
        let place = ["맨 아래에", "하단에", "맨 끝에", "마지막 줄에", "마지막에", "끝에", "아래에", "끝부분에"];
        let (at, p) = place.iter().filter_map(|p| before.rfind(p).map(|i| (i, *p))).min_by_key(|(i, _)| *i)?;
        if at + p.len() != before.len() {
            return None;
        }
        let field = before[..at].trim();
        let field = field.strip_suffix('의').unwrap_or(field).trim();
        field.to_string()
    } else {
        let lower_before = before.to_ascii_lowercase();
        let lower_after = after.to_ascii_lowercase();
        let field = if lower_before.starts_with("append") {
            lower_after.strip_prefix("to ").map(|_| after["to ".len()..].to_string())
        } else if lower_before.starts_with("add") {
            ["at the end of ", "to the end of ", "at the bottom of "]
                .iter()
                .find_map(|p| lower_after.strip_prefix(p).map(|_| after[p.len()..].to_string()))
        } else {
            None
        }?;
        let field = field.trim().trim_end_matches('.');
        let field = field.strip_prefix("the ").unwrap_or(field);
        let field = [" field", " box", " text"].iter().find_map(|n| field.strip_suffix(n)).unwrap_or(field);
        field.trim_matches(['\'', '"']).to_string()
    };
    let words = field.split_whitespace().count();
    ((1..=4).contains(&words)).then(|| Intent {
        verb: Verb::Append,
        target: Some(field),
        value: Some(span.text.clone()),
        hint: Some(RoleHint::Field),
        scope: None,
    })
}

/// A Korean statement whose subject starts with a quoted word and goes on ("\"인사\" 분류에 속하는
/// 문서 목록이 보인다"): the subject as written, quotes kept, without the word for a list.
pub(super) fn quote_inside_shown(sentence: &str, spans: &[Quoted], korean: bool) -> Option<String> {
    let [span] = spans else { return None };
    if !korean || !sentence[..span.start].trim().is_empty() {
        return None;
    }
    let (rest, verb) = sentence.trim_end().rsplit_once(' ')?;
    if !["보인다", "표시된다", "나온다", "나타난다"].contains(&verb) {
        return None;
    }
    let subject = rest.strip_suffix('이').or_else(|| rest.strip_suffix('가'))?.trim_end();
    let goes_on = subject[span.end..].trim();
    let count = goes_on.split_whitespace().count();
    // "'인사' 링크가": a kind after a name is no more words of it.
    let kind_first = goes_on.split_whitespace().next().is_some_and(|w| korean_role_noun(w).is_some());
    // "\"…하시겠습니까?\" 확인 화면이": the words quoted, in a kind of box said with one word of
    // what it is for — the quote is what is shown.
    let kind_last = count == 2 && goes_on.split_whitespace().last().is_some_and(|w| korean_role_noun(w).is_some());
    if !(2..=6).contains(&count) || kind_first || kind_last {
        return None;
    }
    let subject = ["목록", "리스트"].iter().find_map(|n| subject.strip_suffix(n)).unwrap_or(subject).trim_end();
    Some(subject.to_string())
}

/// What a page shown is titled ("제목이 X인 문서가 표시된다", "a page titled X is shown"), for a
/// statement that the page is shown; `None` otherwise.
pub(super) fn titled_shown(sentence: &str) -> Option<String> {
    let text = sentence.trim().trim_end_matches(['.', '。']);
    // Told by its words, not by the sentence's script: an English sentence may quote a Korean title.
    let title = if text.contains("제목이 ") {
        let (_, after) = text.split_once("제목이 ")?;
        let nouns = ["문서가", "화면이", "페이지가", "글이", "게시물이", "게시글이"];
        let words: Vec<&str> = after.split_whitespace().collect();
        let noun = words.iter().position(|w| nouns.contains(w))?;
        let shown = words[noun + 1..].join(" ");
        if !["표시", "보인", "보이", "열린", "나온", "나타"].iter().any(|v| shown.contains(v)) {
            return None;
        }
        let before = words[..noun].join(" ");
        let title = before.strip_suffix(" 인").or_else(|| before.strip_suffix("인"))?.trim();
        title.trim_matches(['\'', '"', '“', '”']).to_string()
    } else {
        let lower = text.to_ascii_lowercase();
        let at = lower.find(" titled ")?;
        let after = &text[at + " titled ".len()..];
        let lower_after = &lower[at + " titled ".len()..];
        let ends = [" is shown", " is displayed", " opens", " appears", " is opened"];
        let end = ends.iter().filter_map(|e| lower_after.find(e)).min()?;
        after[..end].trim().trim_matches(['\'', '"', '“', '”']).to_string()
    };
    (!title.is_empty() && title.split_whitespace().count() <= 8).then_some(title)
}

/// A clause that is only a menu path ("Fulfilment > Orders", "설정 → 리다이렉트"): the path.
pub(super) fn menu_path_alone(sentence: &str) -> Option<String> {
    let sep = [" > ", " → ", " ▸ ", " » "].into_iter().find(|s| sentence.contains(s))?;
    let mut parts: Vec<&str> = sentence.split(sep).map(str::trim).collect();
    // "go to Catalog > Categories": the path is what follows the verb.
    let lower = parts[0].to_ascii_lowercase();
    if let Some(lead) = ["go to ", "navigate to ", "open ", "head to "].into_iter().find(|l| lower.starts_with(l)) {
        parts[0] = parts[0][lead.len()..].trim();
    }
    // A part that says to do something ("모음 화면으로 이동한다") makes a sentence, not a path.
    let short =
        |p: &&str| (1..=4).contains(&p.split_whitespace().count()) && !p.contains(['\'', '"', ':']) && !has_verb(p);
    ((2..=4).contains(&parts.len()) && parts.iter().all(short)).then(|| parts.join(" > "))
}

/// The field an English choice names after its quoted value: "… in the offers field", "… from
/// the Country list" → "offers", "Country".
pub(super) fn field_after(rest: &str) -> Option<String> {
    let lower = rest.to_ascii_lowercase();
    let lead = [" in the ", " into the ", " from the ", " in ", " into ", " from "]
        .into_iter()
        .find(|l| lower.starts_with(l))?;
    let mut words: Vec<&str> = rest[lead.len()..].split_whitespace().collect();
    if let Some(at) = words.iter().position(|w| ["and", "then"].contains(&w.to_ascii_lowercase().as_str())) {
        words.truncate(at);
    }
    // "the Priority drop-down list": every word of the kind goes, not the last only.
    let kinds = ["field", "box", "list", "dropdown", "drop-down", "select", "menu", "selector", "picker", "combo"];
    while words.len() > 1
        && words.last().is_some_and(|w| kinds.contains(&w.trim_end_matches(['.', ',']).to_ascii_lowercase().as_str()))
    {
        words.pop();
    }
    let field = words.join(" ");
    let field = field.trim_end_matches(['.', ',']).trim_matches(['\'', '"']);
    ((1..=5).contains(&words.len()) && !field.is_empty()).then(|| field.to_string())
}

/// For a fill with two quoted spans, which is the field and which the value.
pub(super) fn field_and_value<'s>(
    clause: &str,
    spans: &'s [Quoted],
    lower: &str,
    korean: bool,
) -> (&'s Quoted, &'s Quoted) {
    if korean {
        // The field takes the locative particle 에 ("'이메일' 필드에"); the value takes 을/를.
        let marks_field = |span: &Quoted| {
            let after = &clause[span.end..];
            let words: Vec<&str> = after.split_whitespace().take(2).collect();
            after.starts_with('에')
                || words.first().is_some_and(|w| {
                    ROLE_NOUNS.iter().any(|(n, h)| *h == RoleHint::Field && w.starts_with(n)) && w.contains('에')
                })
        };
        return match spans.iter().position(marks_field) {
            Some(1) => (&spans[1], &spans[0]),
            _ => (&spans[0], &spans[1]),
        };
    }
    let marker = |span: &Quoted| clause[..span.start].split_whitespace().last().unwrap_or("").to_lowercase();
    let first_is_target = if EN_VALUE_MARKERS.contains(&marker(&spans[1]).as_str()) {
        true
    } else if EN_TARGET_MARKERS.contains(&marker(&spans[1]).as_str()) {
        false
    } else {
        lower.trim_start().starts_with("fill")
    };
    if first_is_target {
        (&spans[0], &spans[1])
    } else {
        (&spans[1], &spans[0])
    }
}
