//! How the clauses of one sentence join: statements cut where a new one starts, a check and
//! the state it proves, a verb said once for several names, a plural subject's "list", and the
//! words that place an element (the first, the last, in the dialog) — leaves the grammar reads
//! a sentence with, knowing nothing of its frames.

use crate::intent::Scope;
use crate::quotes::{unquoted, Quoted};
use crate::words::{EN_EXPECT_PHRASES, FIRST_WORDS, IN_DIALOG, LAST_WORDS};

/// Splits a sentence into clauses at Korean connective endings ("없고", "닫히고") and English
/// " and " / ", " that start a new statement, never inside quotes.
pub(super) fn clauses(sentence: &str, spans: &[Quoted], korean: bool) -> Vec<(usize, usize)> {
    let inside = |i: usize| spans.iter().any(|s| i > s.start && i < s.end);
    let mut cuts = Vec::new();
    if korean {
        for (i, _) in sentence.match_indices("고 ") {
            let word_start = sentence[..i].rfind(' ').map_or(0, |p| p + 1);
            let word = &sentence[word_start..i + '고'.len_utf8()];
            // Only connective endings of verbs ("없고", "닫히고", "있고"), not nouns ending in 고.
            let connective =
                ["없고", "있고", "닫히고", "사라지고", "되고", "나고", "되었고"].iter().any(|w| word.ends_with(w));
            if connective && !inside(i) {
                cuts.push(i + "고 ".len());
            }
        }
    } else {
        // ASCII lower-casing keeps every byte where it was: positions found here slice `sentence`.
        let lower = sentence.to_ascii_lowercase();
        for (i, _) in lower.match_indices(" and ") {
            if inside(i) {
                continue;
            }
            // A new statement follows only if it has its own verb phrase before the next quote
            // ends ("... is gone and '총 2개' is shown"); "'A' and 'B' are listed" is one clause.
            let left = &lower[..i];
            if EN_EXPECT_PHRASES.iter().any(|(p, _)| left.contains(p)) {
                cuts.push(i + " and ".len());
            }
        }
    }
    let mut out = Vec::new();
    let mut start = 0;
    for cut in cuts {
        out.push((start, cut));
        start = cut;
    }
    out.push((start, sentence.len()));
    out
}

/// "X가 표시되어 로그인된 것을 확인한다" → "X가 표시된다": a Korean check joined by 되어/되고
/// to the state it proves.
pub(super) fn check_before_its_proof(sentence: &str) -> Option<String> {
    let trimmed = sentence.trim().trim_end_matches(['.', ',']);
    let (check, proof) = [" 되어 ", "되어 ", "되고 "].iter().find_map(|j| {
        let at = trimmed.rfind(j)?;
        Some((&trimmed[..at], &trimmed[at + j.len()..]))
    })?;
    (tells_what_it_proves(proof) && proof.split_whitespace().count() <= 3).then(|| format!("{check}된다"))
}

/// "로그인된 것을 확인한다", "which confirms the user is logged in": what a check before it
/// proves, said as a state confirmed.
pub(super) fn tells_what_it_proves(clause: &str) -> bool {
    let clause = clause.trim().trim_end_matches(['.', ',']);
    // Only a state that what is shown stands for (logged in, saved, created): "정렬된 것을
    // 확인한다" says a property of its own to check.
    let states = ["로그인", "로그아웃", "저장", "등록", "생성", "완료", "반영", "적용", "가입", "변경", "삭제"];
    let ko = ["된 것을 확인한다", "된 것을 확인", "된 것을 확인합니다", "된 것이 확인된다"];
    let korean = ko.iter().find_map(|e| clause.strip_suffix(e)).is_some_and(|stem| {
        let word = stem.rsplit(' ').next().unwrap_or(stem);
        states.iter().any(|s| word == *s || word == format!("{s}되었") || word.ends_with(s))
    });
    let en = ["which confirms ", "confirming ", "which shows that ", "proving "];
    korean || en.iter().any(|l| clause.to_lowercase().starts_with(l))
}

/// Whether a clause is nothing but quoted names and the words that join them ("and \"B\"",
/// ", 'C' 및 'D'").
pub(super) fn only_names(clause: &str) -> bool {
    let spans = crate::quotes::quoted_spans(clause);
    !spans.is_empty()
        && unquoted(clause, &spans)
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | '.' | '_'))
            .filter(|w| !w.is_empty())
            .all(|w| ["and", "or", "및", "그리고", "와", "과"].contains(&w.to_lowercase().as_str()))
}

/// "The results list \"Invoice totals are wrong\"": a plural subject's "list" before what is
/// listed (quoted) is the verb, said as "lists".
pub(super) fn plural_lists(sentence: &str) -> Option<String> {
    let lower = sentence.to_ascii_lowercase();
    for verb in [" list ", " show ", " include "] {
        let Some(at) = lower.find(verb) else { continue };
        let subject = lower[..at].split_whitespace().last().unwrap_or("");
        let after = sentence[at + verb.len()..].trim_start();
        if subject.len() > 3 && subject.ends_with('s') && after.starts_with(['"', '\'', '“']) {
            let singular = format!("{}s ", verb.trim_end());
            return Some(format!("{}{singular}{}", &sentence[..at], &sentence[at + verb.len()..]));
        }
    }
    None
}

/// The pressing verb an English clause starts with ("Click", "press", "tap"), if any.
pub(super) fn leading_click(clause: &str) -> Option<&str> {
    let first = clause.split_whitespace().next()?;
    ["click", "press", "tap", "hit", "choose", "select"].contains(&first.to_ascii_lowercase().as_str()).then_some(first)
}

/// Whether an English clause states something ("Your edit is saved", "The page is
/// published") rather than names a control: a verb of being, or a pronoun or article first.
pub(super) fn states_something(part: &str) -> bool {
    let lower = format!(" {} ", part.trim().to_ascii_lowercase());
    [" is ", " are ", " was ", " were ", " has been ", " have been "].iter().any(|w| lower.contains(w))
        || ["your ", "the ", "this ", "it ", "you ", "a ", "an "].iter().any(|w| lower[1..].starts_with(w))
}

/// Where a clause's words put the element: the page's first or last of its kind, or a dialog.
pub(super) fn clause_position(lower: &str) -> Option<Scope> {
    // "검색 결과 아래의 … 안내에서": below something named is where that thing is, not the
    // lowest of same-named elements; "아래의 '저장' 버튼" alone is.
    let relative = |w: &str, at: usize| {
        ["아래의", "위의"].contains(&w)
            && lower[..at].split_whitespace().last().is_some_and(|before| !["화면", "페이지"].contains(&before))
    };
    // An English word is a whole word: "top" is not in "laptop", "last" not in "lastname".
    let whole = |w: &str, at: usize| {
        !w.is_ascii()
            || (!lower[..at].ends_with(|c: char| c.is_alphanumeric())
                && !lower[at + w.len()..].starts_with(|c: char| c.is_alphanumeric()))
    };
    let said =
        |list: &[&str]| list.iter().any(|w| lower.match_indices(w).any(|(at, _)| whole(w, at) && !relative(w, at)));
    if said(FIRST_WORDS) {
        Some(Scope::First)
    } else if said(LAST_WORDS) {
        Some(Scope::Last)
    } else if said(IN_DIALOG) {
        Some(Scope::Dialog(None))
    } else {
        None
    }
}
