//! What a check means, read from its words: said the other way round ("닫히지 않는다"), a look
//! that checks nothing ("현재 화면을 확인한다") against a sentence that says what must hold, a
//! dialog still open, and a record the app does not keep ("저장되지 않는다"), which is the error
//! it shows; and the intents an expectation clause becomes.

use crate::quotes::Quoted;
use crate::words::{hint_near, KO_VERBS};
use crate::{Intent, RoleHint, Scope, Verb};
use specwright_vocabulary::is_hangul;

/// A check said the other way round ("닫히지 않는다", "does not close") is the opposite check;
/// one with no opposite to check ("선택되지 않는다") is not understood, so it is asked: never a
/// check that passes when the sentence says the opposite.
pub(super) fn negate(verb: Verb, negated: bool) -> Option<Verb> {
    if !negated {
        return Some(verb);
    }
    match verb {
        Verb::ExpectVisible => Some(Verb::ExpectHidden),
        Verb::ExpectHidden => Some(Verb::ExpectVisible),
        Verb::ExpectEnabled => Some(Verb::ExpectDisabled),
        Verb::ExpectDisabled => Some(Verb::ExpectEnabled),
        v if v.is_expectation() => None,
        v => Some(v),
    }
}

pub(super) fn names_password(text: &str) -> bool {
    let lower = text.to_lowercase();
    ["비밀번호", "암호", "password", "passcode"].iter().any(|w| lower.contains(w))
}

/// Verbs of keeping a record, and their English participles, for [`kept_from_saving`].
const SAVING: &[&str] = &["저장", "등록", "생성", "가입", "추가", "접수", "예약"];
const SAVED: &[&str] = &["saved", "created", "added", "registered", "submitted", "stored", "booked"];

/// Whether the clause says the app does not keep what the step sent ("저장되지 않는다", "is not
/// saved"): the app refuses, so the check is the error it shows.
pub(super) fn kept_from_saving(lower: &str, korean: bool) -> bool {
    if korean {
        return SAVING.iter().any(|w| {
            ["되지 않", "되지않", "되지 못", "이 되지 않", "이 안 된", "되면 안"]
                .iter()
                .any(|n| lower.contains(&format!("{w}{n}")))
                || lower.contains(&format!("{w} 안 된"))
                || lower.contains(&format!("{w}이 안 된"))
        });
    }
    // "No issue is created", "nothing gets saved": the same refusal said of what is kept — by
    // the sentence's own subject, never a later clause ("No confirmation is needed, the record
    // is saved" keeps it).
    let first = lower.trim_start().split([',', ';']).next().unwrap_or_default();
    let none_kept = ["no ", "nothing "].iter().any(|n| first.starts_with(n)) && first.split_whitespace().count() <= 6;
    SAVED.iter().any(|w| {
        ["is not ", "was not ", "are not ", "were not ", "isn't ", "wasn't ", "not be ", "never "]
            .iter()
            .any(|n| lower.contains(&format!("{n}{w}")))
            || (none_kept
                && ["is ", "are ", "was ", "gets ", "get ", "will be "]
                    .iter()
                    .any(|n| first.contains(&format!(" {n}{w}"))))
    })
}

/// Words that say a dialog is still open after a step.
pub(super) const STILL_OPEN: &[&str] = &["않", "남아", "열려 있", "유지", "not ", "n't", "remain", "stay", "still"];

/// Words a look is made of: where to look, and nothing that must hold there.
const LOOK_WORDS: &[&str] = &[
    "현재",
    "화면",
    "페이지",
    "결과",
    "내용",
    "상태",
    "목록",
    "전체",
    "모든",
    "각",
    "항목",
    "정보",
    "화면을",
    "the",
    "a",
    "an",
    "that",
    "this",
    "it",
    "is",
    "are",
    "page",
    "screen",
    "result",
    "results",
    "list",
    "current",
    "everything",
    "all",
    "check",
    "verify",
    "look",
    "at",
    "see",
    "make",
    "sure",
    "review",
    "confirm",
    "observe",
    "shown",
    "displayed",
    "visible",
    "appears",
    "appear",
    "opens",
    "loaded",
    "loads",
];

/// Whether an expectation with nothing quoted says more than "look at the screen".
pub(super) fn says_something(lower: &str, korean: bool) -> bool {
    lower
        .split(|c: char| c.is_whitespace() || matches!(c, '.' | ',' | '!' | '?'))
        .filter(|w| !w.is_empty())
        .map(|w| if korean { strip_ko_particle(w) } else { w })
        .filter(|w| !LOOK_WORDS.contains(w))
        .any(|w| if korean { !KO_VERBS.iter().any(|(stem, _)| w.contains(stem)) && !w.ends_with('다') } else { true })
}

fn strip_ko_particle(word: &str) -> &str {
    ["에서", "으로", "을", "를", "이", "가", "은", "는", "에", "로", "의", "도"]
        .iter()
        .find_map(|p| word.strip_suffix(p).filter(|s| !s.is_empty()))
        .unwrap_or(word)
}

/// An expected-result cell that only lists what is seen, with no verb ("Dashboard home, Welcome
/// Alex Morgan at the top", "Jane Doe, jane.doe@example.com", "$49.98 (2 x …, plus shipping)"):
/// each item a check that it is shown — a screen when the item is one ("Dashboard home") — its
/// place on the page and a note in parentheses left out. Empty when an item reads as more than
/// a thing seen.
pub fn seen_list(text: &str) -> Vec<crate::Intent> {
    // Parentheses hold a note on the value ("(2 x The Silent Harbor, … )"), not what is seen.
    let mut plain = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' | '（' => depth += 1,
            ')' | '）' => depth = depth.saturating_sub(1),
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let positions = [
        " at the top",
        " at the bottom",
        " on the top",
        " on the left",
        " on the right",
        " in the header",
        " in the corner",
        " at the top right",
        " at the top left",
    ];
    let mut out = Vec::new();
    for item in plain.split([',', ';', '\n']).map(str::trim).filter(|i| !i.is_empty()) {
        let item = item.trim_end_matches(['.', '!']).trim();
        let lower = item.to_lowercase();
        let item = match positions.iter().filter_map(|p| lower.rfind(p).map(|at| (at, *p))).min() {
            Some((at, p)) if at + p.len() == lower.len() => item[..at].trim(),
            _ => item,
        };
        let words: Vec<&str> = item.split_whitespace().collect();
        if words.is_empty() || words.len() > 8 || !crate::interpret_all(item, None).is_empty() {
            return Vec::new();
        }
        let last = words[words.len() - 1].to_lowercase();
        let screen = ["home", "page", "screen"].contains(&last.as_str()) && words.len() > 1;
        out.push(if screen {
            crate::Intent::new(
                Verb::ExpectScreen,
                Some(words[..words.len() - 1].join(" ")),
                Some(crate::RoleHint::Screen),
            )
        } else {
            crate::Intent::new(Verb::ExpectVisible, Some(item.to_string()), None)
        });
    }
    out
}

pub(super) fn expectations(
    clause: &str,
    spans: &[Quoted],
    lower: &str,
    verb: Verb,
    korean: bool,
    bare_hint: Option<RoleHint>,
) -> Vec<Intent> {
    let hint_of = |span: &Quoted| hint_near(clause, span, korean);
    if spans.is_empty() {
        // Something named only by its kind: the dialog, the checkbox just used. Without even
        // that, the sentence is a look ("현재 화면을 확인한다").
        return match bare_hint {
            // "Whether a dialog is shown" names no dialog: only its absence can be checked.
            Some(h @ (RoleHint::Dialog | RoleHint::Checkbox | RoleHint::Field | RoleHint::Button))
                if verb != Verb::ExpectVisible =>
            {
                vec![Intent::new(verb, None, Some(h))]
            }
            // "창이 닫히지 않는다", "대화상자가 그대로 남아 있다": the dialog on screen is still open.
            // ("대화상자 표시 여부를 확인한다" names no dialog and says nothing must hold: a look.)
            Some(RoleHint::Dialog) if STILL_OPEN.iter().any(|w| lower.contains(w)) => {
                vec![Intent::new(verb, None, Some(RoleHint::Dialog))]
            }
            // "현재 화면을 확인한다" looks; "건수가 맞게 나온다" says what must hold but names
            // nothing to check it on: not understood (a question), never a silent look.
            None if says_something(lower, korean) => Vec::new(),
            // "제목이 표시된다", "버튼이 보인다": something must show, named by its kind alone —
            // which one is a person's to say, never a silent look.
            // (A dialog that pops up, a message to look at, a screen: the look stays.)
            Some(RoleHint::Heading | RoleHint::Button | RoleHint::Link | RoleHint::Icon | RoleHint::Field)
                if verb == Verb::ExpectVisible =>
            {
                Vec::new()
            }
            _ => vec![Intent::new(Verb::Look, None, None)],
        };
    }
    // A container named first, then what it shows: "'A' 행에 'B'가", "the 'A' row shows 'B'",
    // "'D' 대화상자에 'T'가", "'A'가 'B'(으)로 목록에 보인다", "'A' is listed at 'B'".
    if spans.len() == 2 && verb == Verb::ExpectVisible {
        let first_hint = hint_of(&spans[0]);
        let between = clause[spans[0].end..spans[1].start].to_lowercase();
        let after_second = clause[spans[1].end..].trim_start();
        let listed_with = (korean && (after_second.starts_with("으로") || after_second.starts_with('로')))
            || (!korean && (between.contains(" at ") || between.contains(" with ")) && lower.contains("listed"));
        // "'분류 상자'에 '인사'가 보인다": what is shown in the place named first.
        let placed = korean
            && (between.trim() == "에" || between.trim() == "에서" || between.trim() == "에는")
            && ["이", "가"].iter().any(|p| after_second.starts_with(p));
        let scope = match first_hint {
            Some(RoleHint::Row) => Some(Scope::Row(spans[0].text.clone())),
            Some(RoleHint::Dialog) => Some(Scope::Dialog(Some(spans[0].text.clone()))),
            _ if listed_with => Some(Scope::Row(spans[0].text.clone())),
            _ if placed => Some(Scope::Region(spans[0].text.clone())),
            _ => None,
        };
        if let Some(scope) = scope {
            return vec![Intent {
                verb,
                target: Some(spans[1].text.clone()),
                value: None,
                hint: None,
                scope: Some(scope),
            }];
        }
    }
    spans
        .iter()
        .map(|span| {
            let hint = hint_of(span);
            let verb =
                if hint == Some(RoleHint::Screen) && verb == Verb::ExpectVisible { Verb::ExpectScreen } else { verb };
            Intent { verb, target: Some(span.text.clone()), value: None, hint, scope: None }
        })
        .collect()
}

/// Words that place an entry at the head of a list ("first", "맨 위에"), for [`listed_first`].
const EN_FIRST: &[&str] = &["first", "at the top", "on top", "at the top of the list", "first in the list"];
const KO_FIRST: &[&str] = &[
    "가장 먼저",
    "맨 먼저",
    "맨 위에",
    "맨 앞에",
    "가장 위에",
    "가장 앞에",
    "최상단에",
    "첫 번째로",
    "첫번째로",
    "먼저",
];
/// Verbs of being placed in a list, after the Korean words of [`KO_FIRST`] or "부터".
const KO_PLACED: &[&str] = &["표시", "나열", "정렬", "나온", "나오", "보인", "보이", "온다", "오고", "있", "위치"];

/// What a list shows first, when the sentence says an order by its head ("grouped by priority,
/// with critical first", "Critical comes first", "critical이 맨 위에 표시된다", "최신 글부터
/// 나열된다"): the words the list's first entry must show. An order named without its head
/// ("sorted by date") says nothing this can check.
pub(crate) fn listed_first(sentence: &str, spans: &[Quoted]) -> Option<String> {
    let text = sentence.trim().trim_end_matches(['.', '。']);
    let lower = text.to_lowercase();
    let found = if is_hangul(&lower) {
        let at = KO_FIRST
            .iter()
            .filter_map(|w| lower.find(&format!(" {w} ")).map(|at| (at, w.len() + 2)))
            .min_by_key(|(at, _)| *at)
            .filter(|(at, len)| KO_PLACED.iter().any(|v| lower[at + len..].starts_with(v)))
            .map(|(at, _)| at)
            .or_else(|| {
                let at = lower.find("부터 ")?;
                KO_PLACED.iter().any(|v| lower[at + "부터 ".len()..].starts_with(v)).then_some(at)
            })?;
        // The subject just before: its last words up to a clause's end ("…묶이고, ", "…며 ").
        let before = text[..at].trim_end();
        let subject = before.rsplit([',', '，']).next().unwrap_or(before).trim();
        let subject = ["이", "가", "은", "는"]
            .iter()
            .find_map(|p| subject.strip_suffix(p).filter(|s| !s.is_empty()))
            .unwrap_or(subject);
        subject.to_string()
    } else {
        let first = EN_FIRST.iter().filter(|w| lower.ends_with(&format!(" {w}"))).max_by_key(|w| w.len())?;
        let before = &text[..text.len() - first.len() - 1];
        let lower_before = before.to_lowercase();
        if let Some(at) = lower_before.rfind("with ").filter(|at| *at == 0 || lower_before[..*at].ends_with([' ', ',']))
        {
            // "…, with critical first": what follows "with"; what comes before it only says
            // how the list is ordered.
            let head = lower_before[..at].trim_end_matches([',', ' ']);
            let ordered = ["group", "sort", "order", "arrang", "list", "shown", "display"];
            if !head.is_empty() && !ordered.iter().any(|w| head.contains(w)) {
                return None;
            }
            before[at + "with ".len()..].trim().to_string()
        } else {
            // "Critical comes first", "Login page rejects … is listed first".
            let verbs = [
                " comes",
                " come",
                " is listed",
                " are listed",
                " is shown",
                " are shown",
                " appears",
                " appear",
                " is",
                " are",
            ];
            let verb = verbs.iter().find(|v| lower_before.ends_with(*v))?;
            let subject = before[..before.len() - verb.len()].trim();
            let subject = ["the ", "The "].iter().find_map(|a| subject.strip_prefix(a)).unwrap_or(subject);
            subject.to_string()
        }
    };
    // A name written in quotes is the name, whatever else the words around it say.
    let quoted = spans.iter().find(|s| found.contains(&s.text)).map(|s| s.text.clone());
    let name = quoted.unwrap_or_else(|| found.trim_matches(['\'', '"', '‘', '’', '“', '”']).trim().to_string());
    let words = name.split_whitespace().count();
    (1..=10).contains(&words).then_some(name)
}

/// Words before a record's kind that say it is the one the scenario made ("the new contact",
/// "등록한 상품").
const EN_MADE: &[&str] = &["new", "created", "added", "saved", "newly created"];
const KO_MADE: &[&str] = &["생성한", "등록한", "추가한", "저장한", "만든", "새로 만든", "방금 만든", "새", "신규"];
/// Where a record is said to appear: "in the product list", "목록에".
const EN_LISTS: &[&str] = &["list", "table", "grid", "overview", "results", "listing"];

/// A record named by its kind where a name would be ("the book appears in the product list",
/// "the new contact is listed", "등록한 상품이 목록에 표시된다"): the kind, which means the record
/// the scenario just created, never the word itself found somewhere on the page.
pub(crate) fn record_by_kind(sentence: &str) -> Option<String> {
    let text = sentence.trim().trim_end_matches(['.', '。']);
    if text.contains(['\'', '"', '‘', '’', '“', '”']) {
        return None;
    }
    if record_unnamed(text) {
        return Some(String::new());
    }
    if is_hangul(text) {
        // "목록에 새 질문이 보인다": the list said first, then the record.
        let text = match ["목록에 ", "리스트에 ", "표에 "].iter().find_map(|l| text.split_once(l)) {
            // ("신규 거래처가 목록에 표시된다" says the record first: as it is.)
            Some((before, rest))
                if before.split_whitespace().count() <= 2 && !before.trim_end().ends_with(['가', '이', '은', '는']) =>
            {
                let (subject, verb) = rest.rsplit_once(' ')?;
                format!("{subject} 목록에 {verb}")
            }
            _ => text.to_string(),
        };
        let text = text.as_str();
        let made = KO_MADE.iter().filter(|m| text.starts_with(&format!("{m} "))).max_by_key(|m| m.len())?;
        let rest = text[made.len()..].trim_start();
        let (kind, after) = rest.split_once(' ')?;
        let kind = ["이", "가"].iter().find_map(|p| kind.strip_suffix(p)).filter(|k| !k.is_empty())?;
        let placed = ["목록에", "리스트에", "표에", "목록에서"].iter().any(|l| after.contains(l));
        let shown = ["표시", "보인", "보이", "나타", "나온", "있"].iter().any(|v| after.contains(v));
        return (placed && shown).then(|| kind.to_string());
    }
    let lower = text.to_lowercase();
    let rest = lower.strip_prefix("the ")?;
    let verbs = [" appears", " is listed", " is shown", " shows up", " is displayed", " is visible", " is in "];
    let (at, verb) = verbs.iter().filter_map(|v| rest.find(v).map(|at| (at, *v))).min_by_key(|(at, _)| *at)?;
    let mut subject: Vec<&str> = rest[..at].split_whitespace().collect();
    let made = subject.len() >= 2 && EN_MADE.contains(&subject[0]);
    if made {
        subject.remove(0);
    }
    // One common noun, written in lower case as kinds are (names are capitalised or quoted).
    let original_subject = text.get("the ".len().."the ".len() + at)?;
    if subject.len() != 1 || original_subject.chars().any(char::is_uppercase) {
        return None;
    }
    let after = rest[at + verb.len()..].trim();
    let in_list = (after.starts_with("in ") || verb == " is in ")
        && EN_LISTS.iter().any(|l| after.split_whitespace().last().is_some_and(|w| w == *l));
    (in_list || (made && after.is_empty())).then(|| subject[0].to_string())
}

/// A check of a list with no subject, or a pronoun for one ("목록에 노출 여부 확인", "목록에
/// 표시되는지 확인한다", "Verify it appears in the list", "Check that they are listed in the
/// table"): the record the scenario made is what the list must show. Read as a look it checked
/// nothing; read as "it" it looked for those letters anywhere.
fn record_unnamed(text: &str) -> bool {
    if is_hangul(text) {
        // The list said alone or by what it lists ("사용자 목록에").
        fn listed(t: &str) -> Option<&str> {
            ["목록에 ", "목록에서 ", "리스트에 ", "표에 "].iter().find_map(|l| t.strip_prefix(l))
        }
        let after_kind = text.split_once(' ').and_then(|(_, t)| listed(t));
        let Some(rest) = listed(text).or(after_kind) else { return false };
        // Said plainly ("목록에 노출된다") or as a check ("…되는지 확인한다", "노출 여부 확인").
        const SHOWN: &[&str] = &["노출", "표시", "보이", "보인", "나타", "있", "여부", "확인"];
        let words: Vec<&str> = rest.split_whitespace().collect();
        return !words.is_empty() && words.iter().all(|w| SHOWN.iter().any(|s| w.starts_with(s)));
    }
    let lower = text.to_ascii_lowercase();
    let leads = ["verify that ", "verify ", "check that ", "make sure that ", "make sure ", "ensure that ", "ensure "];
    let rest = leads.iter().find_map(|l| lower.strip_prefix(l)).unwrap_or(&lower);
    let Some(rest) =
        ["it ", "they ", "this ", "the new one ", "the new entry "].iter().find_map(|s| rest.strip_prefix(s))
    else {
        return false;
    };
    let shown =
        ["appears in ", "appear in ", "is listed", "are listed", "is shown in ", "are shown in ", "shows up in "];
    let Some(verb) = shown.iter().find(|v| rest.starts_with(**v)) else { return false };
    rest[verb.len()..].split_whitespace().last().is_some_and(|w| EN_LISTS.contains(&w))
}

/// Words before a record's kind that say it is the one the scenario removed or acted on.
const EN_GONE: &[&str] = &["deleted", "removed", "closed", "archived"];
const KO_GONE: &[&str] = &["삭제한", "삭제된", "지운", "방금 삭제한", "제거한", "보관한"];
/// How a record is said to be gone from where it was listed.
const EN_GONE_VERBS: &[&str] = &[
    " should be gone",
    " is gone",
    " disappears",
    " should disappear",
    " is no longer listed",
    " is no longer shown",
    " is no longer in ",
    " no longer appears",
    " is removed from",
    " should no longer be",
];
const KO_GONE_VERBS: &[&str] = &["사라진다", "사라지고", "사라졌다", "보이지 않는다", "없어진다", "표시되지 않는다"];

/// A record said to be gone by its kind ("the ticket should be gone from the issue list", "the
/// deleted post disappears", "삭제한 게시글이 목록에서 사라진다"): the kind, meaning the record the
/// scenario made or acted on — never the word itself, which no page shows, so its absence would
/// prove nothing.
pub(crate) fn record_gone_by_kind(sentence: &str) -> Option<String> {
    let text = sentence.trim().trim_end_matches(['.', '。']);
    if text.contains(['\'', '"', '‘', '’', '“', '”']) {
        return None;
    }
    if is_hangul(text) {
        if !KO_GONE_VERBS.iter().any(|v| text.contains(v)) {
            return None;
        }
        let gone = KO_GONE.iter().filter(|m| text.starts_with(&format!("{m} "))).max_by_key(|m| m.len())?;
        let (kind, _) = text[gone.len()..].trim_start().split_once(' ')?;
        let kind = ["이", "가", "은", "는"].iter().find_map(|p| kind.strip_suffix(p)).filter(|k| !k.is_empty())?;
        return Some(kind.to_string());
    }
    let lower = text.to_lowercase();
    let rest = lower.strip_prefix("the ")?;
    let at = EN_GONE_VERBS.iter().filter_map(|v| rest.find(v)).min()?;
    let mut subject: Vec<&str> = rest[..at].split_whitespace().collect();
    if subject.len() == 2 && (EN_GONE.contains(&subject[0]) || EN_MADE.contains(&subject[0])) {
        subject.remove(0);
    }
    // One common noun, in lower case as kinds are written (names are capitalised or quoted).
    let original = text.get("the ".len().."the ".len() + at)?;
    (subject.len() == 1 && !original.chars().any(char::is_uppercase)).then(|| subject[0].to_string())
}

/// A record's property said with its quoted value: "The status is 'Closed'", "the priority
/// changes to \"Urgent\"", "상태가 '완료'로 바뀐다", "우선순위는 '높음'이다": the value beside
/// that property, as the page shows it — never the value's words found anywhere on the page.
pub(crate) fn property_stated(sentence: &str, spans: &[Quoted], korean: bool) -> Option<Intent> {
    let [value] = spans else { return None };
    let before = sentence[..value.start].trim();
    let after = sentence[value.end..].trim().trim_end_matches('.').trim();
    let subject = if korean {
        let said =
            ["로 바뀐다", "으로 바뀐다", "로 변경된다", "으로 변경된다", "로 표시된다", "으로 표시된다", "이다", "다"];
        if !said.contains(&after) {
            return None;
        }
        ["이", "가", "은", "는"].iter().find_map(|p| before.strip_suffix(p))?.trim()
    } else {
        let lower = before.to_ascii_lowercase();
        if !after.is_empty() {
            return None;
        }
        let copulas = std::iter::once(&" is ").chain(crate::words::EN_CHANGED_TO);
        // (The longest said wins: the subject never keeps an "is".)
        let at = copulas.filter_map(|c| lower.strip_suffix(c.trim_end())).map(str::len).min()?;
        before[..at].trim().strip_prefix("the ").or_else(|| before[..at].trim().strip_prefix("The "))?
    };
    let known = if korean { crate::words::KO_PROPERTY_NOUNS } else { crate::words::PROPERTY_NOUNS };
    known.contains(&subject.to_lowercase().as_str()).then(|| Intent {
        verb: Verb::ExpectValue,
        target: Some(subject.to_string()),
        value: Some(value.text.clone()),
        hint: Some(RoleHint::Field),
        scope: None,
    })
}

/// "'저장되었습니다' 토스트가 잠깐 나타났다 사라진다", "A toast appears briefly and then
/// disappears": a message that shows and goes by itself is checked where it shows. Read by its
/// last verb it was a check that the words are gone — true also of a message never shown.
pub(crate) fn shown_then_gone(sentence: &str) -> Option<String> {
    const KO: &[&str] =
        &["나타났다가 ", "나타났다 ", "보였다가 ", "보였다 ", "표시되었다가 ", "표시됐다가 ", "떴다가 ", "떴다 "];
    for shown in KO {
        if let Some(at) = sentence.find(shown) {
            let gone = sentence[at + shown.len()..].trim_start();
            if gone.starts_with("사라") || gone.starts_with("없어") {
                let before = sentence[..at].trim_end();
                let before = before.strip_suffix(" 잠깐").or_else(|| before.strip_suffix(" 잠시")).unwrap_or(before);
                return Some(format!("{before} 나타난다."));
            }
        }
    }
    let lower = sentence.to_ascii_lowercase();
    const EN: &[&str] = &[
        " appears briefly and then disappears",
        " appears briefly and disappears",
        " appears and then disappears",
        " appears and disappears",
        " briefly appears",
        " appears briefly",
        " flashes up",
    ];
    let (at, said) = EN.iter().find_map(|p| lower.find(p).map(|at| (at, *p)))?;
    Some(format!("{} appears{}", &sentence[..at], &sentence[at + said.len()..]))
}
