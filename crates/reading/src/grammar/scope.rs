//! Where a sentence puts its target: the row, section, list item or menu it names ("'그룹' 행의
//! '추가' 링크", "사용자 항목의 추가 링크", "the 'Add' link in the 'Groups' row", "Create New under
//! Issues"), read before the target is taken so the container's name is never taken for it.

use super::marks::emphasis_as_quotes;
use crate::intent::{Intent, Scope, Verb};
use crate::quotes::Quoted;
use crate::quotes::{quoted_spans, unquoted};
use crate::words::is_scope_word;
use specwright_vocabulary::is_hangul;

/// Container nouns: what a row, a section or a list item is called in a sentence.
const ROW_NOUNS: &[&str] = &["행", "줄", "row", "line"];
const REGION_NOUNS: &[&str] = &[
    "항목", "영역", "섹션", "부분", "블록", "카드", "패널", "목록", "표", "메뉴", "그룹", "박스", "탭", "section",
    "area", "panel", "card", "box", "table", "list", "group", "menu", "block", "item", "entry", "tabs",
];
/// Words that place nothing: "화면의 '저장' 버튼" is just the button.
const NOT_CONTAINERS: &[&str] = &[
    "화면",
    "페이지",
    "page",
    "screen",
    "form",
    "양식",
    "폼",
    "대화상자",
    "팝업",
    "모달",
    "창",
    "dialog",
    "modal",
    "popup",
    "window",
    "상단",
    "하단",
    "위쪽",
    "아래쪽",
    "위",
    "아래",
    "첫 번째",
    "마지막",
    "오른쪽",
    "왼쪽",
    "좌측",
    "우측",
    "top",
    "bottom",
    "upper",
    "lower",
];

/// Nouns of a dialog: a place named with one is the dialog on screen.
const DIALOG_NOUNS: &[&str] = &["dialog", "modal", "popup", "pop-up", "대화상자", "팝업", "모달", "팝업창"];

/// The container a name (and the noun after it, when one follows) says: a row, a region, the
/// dialog, or a position; `None` for words that place nothing.
fn scope_of(name: &str, noun: Option<&str>) -> Option<Scope> {
    let name = name.trim().trim_matches(['\'', '"']).trim();
    // "in Jun Park's row": the row of Jun Park.
    let name = name.strip_suffix("'s").or_else(|| name.strip_suffix("’s")).unwrap_or(name).trim();
    if name.is_empty() || NOT_CONTAINERS.contains(&name.to_lowercase().as_str()) || is_scope_word(name) {
        return None;
    }
    // "대문의 자주 찾는 문서": the place on the screen named first is the one after 의;
    // "다른 권한 영역": the place, without the word that says it is one.
    let words: Vec<&str> = name.split_whitespace().collect();
    let after_owner = words.iter().rposition(|w| crate::bare::strip_particle(w).1 == Some("의"));
    let words = match after_owner {
        Some(at) if at + 1 < words.len() => &words[at + 1..],
        _ => &words[..],
    };
    let words = match words.split_last() {
        Some((last, head))
            if !head.is_empty()
                && noun.is_none()
                && REGION_NOUNS.contains(last)
                && is_hangul(last)
                && !(head.len() == 1 && crate::words::KO_BAR_SIDES.contains(&head[0])) =>
        {
            head
        }
        _ => words,
    };
    let owned = words.join(" ");
    let name = owned.as_str();
    // "in the confirmation dialog", "삭제 확인 팝업에서": the dialog on screen, which the
    // words describe rather than name.
    let last = name.split_whitespace().last().unwrap_or("").to_lowercase();
    // "문서 상단의 편집 탭": the top of the page is a position, not a container's name.
    if name.split_whitespace().count() > 1 {
        if ["상단", "위쪽", "top"].contains(&last.as_str()) {
            return Some(Scope::First);
        }
        if ["하단", "아래쪽", "bottom"].contains(&last.as_str()) {
            return Some(Scope::Last);
        }
        // "장바구니 목록 아래의 '주문하기'": beside something, not inside it.
        if ["아래", "위", "옆", "밑"].contains(&last.as_str()) {
            return None;
        }
    }
    if DIALOG_NOUNS.contains(&last.as_str()) || noun.is_some_and(|n| DIALOG_NOUNS.contains(&n)) {
        return Some(Scope::Dialog(None));
    }
    Some(match noun {
        Some(n) if ROW_NOUNS.contains(&n) => Scope::Row(name.to_string()),
        _ => Scope::Region(name.to_string()),
    })
}

/// The container a click-like clause puts its target in, and which span names it (when one
/// does): Korean "'X' 행의 …", "X 항목의 '…'", English "… in the 'X' row", "… for X".
pub(super) fn container_scope(clause: &str, spans: &[Quoted], korean: bool) -> (Option<Scope>, Option<usize>) {
    if korean {
        // A span followed by a container noun and 의/에서/에 있는, or by 의 itself.
        for (i, span) in spans.iter().enumerate().take(spans.len().saturating_sub(1)) {
            let after = clause[span.end..].trim_start();
            if let Some(rest) = after.strip_prefix('의').filter(|r| r.starts_with(' ')) {
                let _ = rest;
                return (scope_of(&span.text, None), Some(i));
            }
            let word = after.split_whitespace().next().unwrap_or("");
            for noun in ROW_NOUNS.iter().chain(REGION_NOUNS) {
                if let Some(tail) = word.strip_prefix(noun) {
                    if ["의", "에서", "에", "에서의", "안의", "내의"].contains(&tail) {
                        return (scope_of(&span.text, Some(noun)), Some(i));
                    }
                }
            }
        }
        // Unquoted words before the target: "사용자 항목의 '추가' 링크".
        if let Some(first) = spans.first() {
            let before = clause[..first.start].trim_end();
            let located = before.strip_suffix("에서");
            if let Some(phrase) = before.strip_suffix('의').or(located) {
                let words: Vec<&str> = phrase.split_whitespace().collect();
                if let Some((last, head)) = words.split_last() {
                    let noun = ROW_NOUNS.iter().chain(REGION_NOUNS).find(|n| last == *n).copied();
                    // "왼쪽 메뉴의 '스니펫'": a menu named by its side is named by both words.
                    let sided =
                        (head.len() == 1 && crate::words::KO_BAR_SIDES.contains(&head[0])) || words == ["사이드바"];
                    let noun = noun.filter(|_| !sided);
                    let name = if noun.is_some() { head.join(" ") } else { words.join(" ") };
                    // Only the words that follow the previous particle: "목록에서" alone places nothing.
                    let name = name.rsplit(|c: char| c == ',').next().unwrap_or("").to_string();
                    // "대문에서": a screen, not a container; "목록에서", "사용자 항목에서": a container.
                    if noun.is_some() || sided || (words.len() <= 3 && located.is_none()) {
                        return (scope_of(&name, noun), None);
                    }
                }
            }
        }
        return (None, None);
    }
    // English: "… in the 'Groups' row", "… in the Groups section", "… for Groups", "… next to Groups".
    let Some(first) = spans.first() else { return (None, None) };
    let after = &clause[first.end..];
    let lower = after.to_ascii_lowercase();
    for marker in
        [" in the ", " inside the ", " within the ", " in ", " of the ", " for ", " next to ", " under ", " on the "]
    {
        let Some(at) = lower.find(marker) else { continue };
        let mut rest = &after[at + marker.len()..];
        // "in the Keywords section of the sidebar", "in the Settings menu in the sidebar": the
        // section or menu is the place, not what holds it.
        let inner = [" of ", " in the ", " on the ", " inside the "].iter().filter_map(|m| rest.find(m)).min();
        if let Some(of) = inner {
            let last = rest[..of].split_whitespace().last().unwrap_or("").to_lowercase();
            if ROW_NOUNS.iter().chain(REGION_NOUNS).any(|n| *n == last) {
                rest = &rest[..of];
            }
        }
        if let Some((i, span)) = spans.iter().enumerate().skip(1).find(|(_, s)| s.start >= first.end + at) {
            let noun = clause[span.end..].split_whitespace().next().map(|w| w.to_lowercase());
            let noun = noun.as_deref().and_then(|w| ROW_NOUNS.iter().chain(REGION_NOUNS).find(|n| **n == w)).copied();
            return (scope_of(&span.text, noun), Some(i));
        }
        let words: Vec<&str> = rest.split_whitespace().map(|w| w.trim_matches([',', '.'])).collect();
        let (name, noun) = match words.split_last() {
            Some((last, head)) if ROW_NOUNS.iter().chain(REGION_NOUNS).any(|n| n.eq_ignore_ascii_case(last)) => {
                (head.join(" "), ROW_NOUNS.iter().chain(REGION_NOUNS).find(|n| n.eq_ignore_ascii_case(last)).copied())
            }
            _ => (words.join(" "), None),
        };
        if !name.is_empty() && words.len() <= 5 {
            return (scope_of(&name, noun), None);
        }
    }
    (None, None)
}

/// "Click Edit in the \"Harbor\" row": only the place is quoted, so what is pressed is the
/// unquoted words before it; quoted too, the sentence reads as "Click 'Edit' in the 'Harbor'
/// row" (read as it was, the row's name was taken for what to press and the press was lost).
pub(super) fn target_before_quoted_place(sentence: &str, spans: &[Quoted]) -> Option<String> {
    let [place] = spans else { return None };
    let (verb, rest) = sentence[..place.start].split_once(' ')?;
    if !["click", "press", "tap", "hit", "select", "choose"].contains(&verb.to_ascii_lowercase().as_str()) {
        return None;
    }
    let lower = rest.to_ascii_lowercase();
    let marker = [" in the ", " on the ", " inside the ", " within the "].iter().find(|m| lower.ends_with(**m))?;
    let target = rest[..rest.len() - marker.len()].trim().trim_start_matches("the ").trim();
    let noun = sentence[place.end..].split_whitespace().next()?.trim_end_matches(['.', ',']).to_ascii_lowercase();
    let placed =
        ROW_NOUNS.iter().chain(REGION_NOUNS).chain(&["dialog", "modal", "form", "page", "screen"]).any(|n| *n == noun);
    // "the Delete button": the kind of control stays outside its name.
    let (name, kind) = match target.rsplit_once(' ') {
        Some((name, kind)) if ["button", "link", "icon", "tab"].contains(&kind.to_ascii_lowercase().as_str()) => {
            (name, format!(" {kind}"))
        }
        _ => (target, String::new()),
    };
    let words = name.split_whitespace().count();
    (placed && (1..=4).contains(&words))
        .then(|| format!("{verb} {}{kind}{marker}{}", crate::quotes::quote(name), &sentence[place.start..]))
}

/// Kinds of place a check names what it looks in by: "the categories table", "분류 상자".
const CHECK_PLACE_KINDS: &[&str] =
    &["list", "table", "collection", "section", "sidebar", "panel", "box", "column", "grid", "menu"];
/// ("사용자 목록" is the list of users a screen shows, told by what it lists: no place.)
const KO_CHECK_PLACE_KINDS: &[&str] = &["상자", "영역", "섹션", "메뉴", "사이드바", "패널"];

/// The named place a check looks in, told around what it checks: "Cookbooks is listed in the
/// categories table", "\"X\" is listed in the sidebar under Your Queries", "The spent time list
/// shows …", "the Posts collection lists …", "문서 아래 분류 상자에 \"일정\"이 표시된다". The
/// place's name without its kind ("categories", "Your Queries", "분류"); a place of no name but
/// its kind only when the kind is itself a place on every page ("the sidebar").
pub(super) fn place_of_check(sentence: &str, spans: &[Quoted], korean: bool) -> Option<String> {
    let bare = crate::quotes::unquoted(sentence, spans);
    let bare = bare.trim().trim_end_matches(['.', '!']);
    if korean {
        let words: Vec<&str> = bare.split_whitespace().collect();
        for (i, word) in words.iter().enumerate() {
            let Some(kind) = KO_CHECK_PLACE_KINDS
                .iter()
                .find(|k| word.strip_prefix(**k).is_some_and(|tail| ["에", "에서", "에는", "의"].contains(&tail)))
            else {
                continue;
            };
            let name = i.checked_sub(1).map(|j| words[j]).filter(|w| crate::bare::strip_particle(w).1.is_none());
            return match name {
                Some(name) if !NOT_CONTAINERS.contains(&name) && !["아래", "위", "안"].contains(&name) => {
                    Some(name.to_string())
                }
                _ => (*kind == "사이드바").then(|| kind.to_string()),
            };
        }
        return None;
    }
    let words: Vec<&str> = bare.split_whitespace().collect();
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    // "under Your Queries": a name in capitals after "under", to the end.
    if let Some(at) = lower.iter().rposition(|w| w == "under") {
        let name: Vec<&str> = words[at + 1..].to_vec();
        if !name.is_empty() && name.iter().all(|w| w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit())) {
            return Some(name.join(" "));
        }
    }
    let named = |from: usize, kind_at: usize| -> Option<String> {
        let name: Vec<&str> = words[from..kind_at]
            .iter()
            .copied()
            .filter(|w| !["the", "a", "an", "its", "their", "his", "her"].contains(&w.to_lowercase().as_str()))
            .collect();
        // "the issue list" is the list of issues a screen shows, told by what it lists; "the
        // spent time list", "the categories table" name a place of their own.
        let of_records = name.len() == 1
            && ["list", "table"].contains(&lower[kind_at].as_str())
            && name[0].chars().all(|c| c.is_lowercase())
            && !name[0].ends_with('s');
        match name.is_empty() {
            false if name.len() <= 4 && !of_records => Some(name.join(" ")),
            true if lower[kind_at] == "sidebar" => Some("sidebar".to_string()),
            _ => None,
        }
    };
    let is_kind = |w: &str| CHECK_PLACE_KINDS.contains(&w.trim_end_matches([',', '.']));
    // "… in the categories table", "… on the sidebar".
    if let Some(at) = lower.iter().rposition(|w| ["in", "on", "inside", "within"].contains(&w.as_str())) {
        let kind_at = (at + 1..words.len()).find(|&k| is_kind(&lower[k]));
        if let Some(kind_at) = kind_at.filter(|&k| k + 1 == words.len() || lower[k + 1] == "under") {
            return named(at + 1, kind_at);
        }
    }
    // "The spent time list shows …", "the Posts collection no longer lists …".
    let kind_at = lower.iter().position(|w| is_kind(w))?;
    let says = lower.get(kind_at + 1..)?.iter().take(3).any(|w| {
        ["lists", "shows", "contains", "includes", "displays", "list", "show", "contain", "include"]
            .contains(&w.as_str())
    });
    (says && lower.first().is_some_and(|w| ["the", "a", "an", "its"].contains(&w.as_str())))
        .then(|| named(0, kind_at))
        .flatten()
}

/// "Cookbooks is listed in the categories table": the one check looks in the place named;
/// of several ("'saved' is shown and security appears under Existing Keywords"), the last
/// looks in the place named after it.
pub(super) fn checks_placed(sentence: &str, intents: &mut [Intent]) {
    let mut checks: Vec<&mut Intent> =
        intents.iter_mut().filter(|i| matches!(i.verb, Verb::ExpectVisible | Verb::ExpectHidden)).collect();
    if checks.last().is_some_and(|c| c.scope.is_none()) {
        let sentence = emphasis_as_quotes(sentence);
        let lower = sentence.to_lowercase();
        let at =
            |c: &Intent| c.target.as_deref().and_then(|t| lower.rfind(&t.to_lowercase()).map(|i| (i, i + t.len())));
        // Of several, only the words from the last check's own on are its — and the checks
        // listed with it ("'Tom' and 'Ann' are listed in …").
        let mut from = if checks.len() > 1 { checks.last().and_then(|c| at(c)).map(|(i, _)| i) } else { Some(0) };
        let mut sharing = 1;
        if from.is_some_and(|f| f > 0) && !is_hangul(&sentence) {
            for earlier in checks.iter().rev().skip(1) {
                let (Some((_, end)), Some(next)) = (at(earlier), from) else { break };
                let between = lower.get(end..next).unwrap_or("x").trim_matches(|c: char| "'\"‘’“” ,".contains(c));
                if end > next || !["and", "or", ""].contains(&between) {
                    break;
                }
                from = at(earlier).map(|(i, _)| i);
                sharing += 1;
            }
        }
        let from = from.filter(|f| *f == 0 || !is_hangul(&sentence));
        if let Some(part) = from.and_then(|at| sentence.get(at..)) {
            let spans = quoted_spans(part);
            let korean = is_hangul(&unquoted(part, &spans));
            let place = place_of_check(part, &spans, korean);
            let n = checks.len();
            for check in checks[n - sharing..].iter_mut().filter(|c| c.scope.is_none()) {
                let target = check.target.as_deref().map(crate::normalize).unwrap_or_default();
                if let Some(place) =
                    place.clone().filter(|p| !target.is_empty() && !target.contains(&crate::normalize(p)))
                {
                    check.scope = Some(Scope::Region(place));
                }
            }
        }
    }
}
