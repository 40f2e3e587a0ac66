//! Where a sentence may be cut into clauses: never inside quotes, at a word that holds a
//! Korean verb, at a separator outside the quoted spans.

use crate::words::KO_VERBS;

/// Byte ranges of quoted spans (quotes included), so cuts never land inside them.
pub(super) fn quoted_ranges(sentence: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut iter = sentence.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        let Some(&(_, close)) = crate::quotes::QUOTES.iter().find(|(open, _)| *open == c) else { continue };
        if c == '\'' && sentence[..i].chars().last().is_some_and(|p| p.is_ascii_alphanumeric()) {
            continue;
        }
        let body = i + c.len_utf8();
        if let Some(rel) = sentence[body..].find(close) {
            let end = body + rel + close.len_utf8();
            out.push((i, end));
            while iter.peek().is_some_and(|(j, _)| *j < end) {
                iter.next();
            }
        }
    }
    out
}

/// Whether byte `at` falls inside one of the quoted `ranges`.
pub(super) fn inside(ranges: &[(usize, usize)], at: usize) -> bool {
    ranges.iter().any(|(s, e)| at > *s && at < *e)
}

/// Whether a word holds a verb: a stem of the grammar's table, or a verb ending before its
/// connective ("하고", "되면", "눌러서", "열고").
pub(super) fn has_ko_verb(word: &str) -> bool {
    if KO_VERBS.iter().any(|(stem, _)| word.contains(stem)) {
        return true;
    }
    let chars: Vec<char> = word.chars().collect();
    chars.len() >= 2
        && ['하', '되', '해', '돼', '르', '열', '닫', '켜', '끄', '가', '오', '주', '리', '두']
            .contains(&chars[chars.len() - 2])
}

/// The sentence cut at the byte offsets `cuts`.
pub(super) fn split_at(sentence: &str, cuts: &[usize]) -> Vec<String> {
    let mut out = Vec::new();
    let mut last = 0;
    for &cut in cuts {
        out.push(sentence[last..cut].to_string());
        last = cut;
    }
    out.push(sentence[last..].to_string());
    out
}

/// The text split at `sep` (any case) where it is not inside quotes.
pub fn split_words<'a>(text: &'a str, sep: &str) -> Vec<&'a str> {
    let ranges = quoted_ranges(text);
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut last = 0;
    for (i, _) in lower.match_indices(sep) {
        if !inside(&ranges, i) {
            out.push(&text[last..i]);
            last = i + sep.len();
        }
    }
    out.push(&text[last..]);
    out
}
