//! The verb of one clause: the Korean stem that ends last (a check "확인" wraps only the one
//! written before it), an English imperative or expectation phrase, and a negation after it.

use super::checks::negate;
use crate::intent::Verb;
use crate::words::{EN_EXPECT_PHRASES, EN_LEADING_VERBS, EN_LEAVE_ALONE, KO_LEAVE_ALONE, KO_NEGATIONS, KO_VERBS};

/// The verb of one clause (no quotes inside `bare`), and whether a negation follows it.
pub(super) fn clause_verb(bare: &str, korean: bool) -> Option<Verb> {
    let lower = bare.to_lowercase();
    // "Leave the other fields as they are", "나머지는 그대로 둔다": nothing to do.
    let lead = lower.trim_start().trim_start_matches("then ").trim_start_matches("and ");
    let leaves =
        EN_LEAVE_ALONE.0.iter().any(|w| lead.starts_with(w)) && EN_LEAVE_ALONE.1.iter().any(|p| lower.contains(p));
    // Korean puts the main verb last: "그대로 두고 '등록'을 누른다" still presses.
    let leaves_ko = korean
        && KO_LEAVE_ALONE.iter().any(|p| {
            lower.rfind(p).is_some_and(|at| {
                let after = &lower[at + p.len()..];
                !KO_VERBS.iter().any(|(stem, _)| after.contains(stem))
            })
        });
    if leaves || leaves_ko {
        return Some(Verb::Look);
    }
    if korean {
        // (end, length, start, verb) of the stem that ends last, the longer of two ending together.
        let found: Vec<(usize, usize, usize, Verb, &str)> = KO_VERBS
            .iter()
            .filter_map(|(stem, verb)| bare.rfind(stem).map(|pos| (pos + stem.len(), stem.len(), pos, *verb, *stem)))
            .collect();
        let (mut end, mut len, mut start, mut verb, stem) = found.iter().copied().max_by_key(|f| (f.0, f.1))?;
        let mut limit = bare.len();
        // "…되는지 확인한다" / "…않는지 확인한다": 확인 only wraps the check written before it.
        if stem == "확인" {
            if let Some(inner) =
                found.iter().copied().filter(|f| f.0 <= start && f.3.is_expectation()).max_by_key(|f| (f.0, f.1))
            {
                limit = start;
                (end, len, start, verb) = (inner.0, inner.1, inner.2, inner.3);
            }
        }
        let _ = len;
        let after = bare.get(end..limit).unwrap_or("");
        let before = bare.get(..start).unwrap_or("").trim_end();
        let negated =
            KO_NEGATIONS.iter().any(|n| after.contains(n)) || before.ends_with('안') || before.ends_with("안 ");
        return negate(verb, negated);
    }
    let phrase = EN_EXPECT_PHRASES
        .iter()
        .filter(|(p, _)| {
            lower.match_indices(p).any(|(i, _)| {
                let before_ok = i == 0 || !lower[..i].ends_with(char::is_alphanumeric);
                let after_ok = !lower[i + p.len()..].starts_with(char::is_alphanumeric);
                before_ok && after_ok
            })
        })
        .max_by_key(|(p, _)| p.len());
    let lead = lower.trim_start();
    let lead = lead.strip_prefix("then ").or_else(|| lead.strip_prefix("and ")).unwrap_or(lead);
    let leading = EN_LEADING_VERBS
        .iter()
        .find(|(word, _)| lead.starts_with(word) && !lead[word.len()..].starts_with(char::is_alphanumeric))
        .map(|(_, verb)| *verb);
    // An imperative that acts ("Click", "Type") outranks an expectation phrase in a subordinate
    // part ("Click the button that appears"); one that only checks ("Verify") defers to it.
    let verb = match (leading, phrase) {
        // "Sign in page is shown" checks a screen; "Log in as admin" logs in.
        (Some(Verb::LogIn), Some((_, v))) => Some(*v),
        (Some(v), _) if !v.is_expectation() && v != Verb::Check => Some(v),
        (_, Some((_, v))) => Some(*v),
        (v, None) => v,
    };
    // A negation the phrase table does not know still turns "visible" around: never a check
    // that passes when the sentence says the opposite.
    let negations = [" not ", "n't ", " no longer ", " never "];
    // A phrase of the table may carry its own negation ("does not appear" is already hidden).
    let phrase_negated = phrase.is_some_and(|(p, _)| negations.iter().any(|n| format!(" {p} ").contains(n)));
    let negated = !phrase_negated && negations.iter().any(|n| format!(" {lower} ").contains(n));
    negate(verb?, negated)
}
