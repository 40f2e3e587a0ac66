//! Compound steps as planners write them — "아이디에 minsu.kim, 비밀번호에 test1234를 입력하고
//! 로그인 버튼을 누른다", "Click Add and enter Ivy Chen as the name, then click Save" — cut into
//! simple clauses the grammar reads one at a time: at Korean connective endings (…하고, …한 후,
//! …하면), at English "then", ";" and an "and" that starts a new imperative, and a verb shared by
//! a list of fields ("A에 x, B에 y를 입력", "x as the A and y as the B") given to each field.
//! Nothing inside quotes is ever cut.

use crate::grammar::{EN_LEADING_VERBS, KO_VERBS};

/// Korean endings that close a clause and go on with the next ("입력하고", "누른 후",
/// "접속하면"), when the word holds a verb.
const KO_CONNECTIVES: &[&str] = &["고", "면", "며", "서"];
/// Words after a verb that close its clause ("입력한 후", "누른 뒤", "저장한 다음").
const KO_AFTER: &[&str] = &["후", "후에", "뒤", "뒤에", "다음", "다음에", "후,", "뒤,"];
/// English phrases that always start a new clause.
const EN_BREAKS: &[&str] = &[", and then ", " and then ", ", then ", " then ", "; "];

/// Byte ranges of quoted spans (quotes included), so cuts never land inside them.
fn quoted_ranges(sentence: &str) -> Vec<(usize, usize)> {
    const QUOTES: &[(char, char)] = &[('\'', '\''), ('"', '"'), ('‘', '’'), ('“', '”'), ('「', '」'), ('『', '』')];
    let mut out = Vec::new();
    let mut iter = sentence.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        let Some(&(_, close)) = QUOTES.iter().find(|(open, _)| *open == c) else { continue };
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

fn inside(ranges: &[(usize, usize)], at: usize) -> bool {
    ranges.iter().any(|(s, e)| at > *s && at < *e)
}

fn is_hangul(text: &str) -> bool {
    text.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c))
}

/// Whether a word holds a verb: a stem of the grammar's table, or a verb ending before its
/// connective ("하고", "되면", "눌러서", "열고").
fn has_ko_verb(word: &str) -> bool {
    if KO_VERBS.iter().any(|(stem, _)| word.contains(stem)) {
        return true;
    }
    let chars: Vec<char> = word.chars().collect();
    chars.len() >= 2 && ['하', '되', '해', '돼', '르', '열', '닫', '켜', '끄', '가', '오', '주', '리'].contains(&chars[chars.len() - 2])
}

/// The simple clauses of a sentence, in order; a sentence with one clause comes back whole.
pub(crate) fn simple_clauses(sentence: &str) -> Vec<String> {
    let sentence = sentence.trim().trim_end_matches(['.', '。']).trim();
    let ranges = quoted_ranges(sentence);
    let unquoted: String = {
        let mut out = String::with_capacity(sentence.len());
        let mut last = 0;
        for (s, e) in &ranges {
            out.push_str(&sentence[last..*s]);
            out.push_str(&" ".repeat(e - s));
            last = *e;
        }
        out.push_str(&sentence[last..]);
        out
    };
    let parts = if is_hangul(&unquoted) { korean_cuts(sentence, &ranges) } else { english_cuts(sentence, &ranges) };
    let mut out = Vec::new();
    for part in parts {
        let part = part.trim().trim_matches(',').trim();
        if part.is_empty() {
            continue;
        }
        out.extend(if is_hangul(part) { korean_list(part) } else { english_list(part) });
    }
    if out.is_empty() {
        out.push(sentence.to_string());
    }
    out
}

fn korean_cuts(sentence: &str, ranges: &[(usize, usize)]) -> Vec<String> {
    let mut cuts = Vec::new();
    let mut word_start = 0;
    let bytes: Vec<(usize, char)> = sentence.char_indices().collect();
    for (n, (i, c)) in bytes.iter().enumerate() {
        let end_of_word = c.is_whitespace() || *c == ',';
        let last = n + 1 == bytes.len();
        if !end_of_word && !last {
            continue;
        }
        let word_end = if end_of_word { *i } else { sentence.len() };
        let word = &sentence[word_start..word_end];
        if !last && !inside(ranges, *i) && !word.is_empty() {
            let bare = word.trim_end_matches(',');
            let connective = KO_CONNECTIVES.iter().any(|e| bare.ends_with(e)) && bare.chars().count() >= 2;
            let after = KO_AFTER.contains(&bare);
            if (connective && has_ko_verb(bare) && !is_noun_ending(bare)) || after {
                cuts.push(word_end);
            }
        }
        word_start = i + c.len_utf8();
    }
    split_at(sentence, &cuts)
}

/// Words that end like a connective but are nouns ("화면", "참고", "광고", "이면").
fn is_noun_ending(word: &str) -> bool {
    const NOUNS: &[&str] = &[
        "화면", "전면", "후면", "측면", "정면", "표면", "참고", "광고", "창고", "재고", "경고", "최고", "보고", "이면", "내면",
    ];
    NOUNS.iter().any(|n| word.ends_with(n)) || word.ends_with("하면서도")
}

fn english_cuts(sentence: &str, ranges: &[(usize, usize)]) -> Vec<String> {
    // ASCII lower-casing keeps byte positions.
    let lower = sentence.to_ascii_lowercase();
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    for b in EN_BREAKS {
        for (i, _) in lower.match_indices(b) {
            if !inside(ranges, i) && !cuts.iter().any(|(s, e)| i < *e && i + b.len() > *s) {
                cuts.push((i, i + b.len()));
            }
        }
    }
    // " and " / ", " that start a new imperative ("… and click Save", "…, press Enter").
    for sep in [" and ", ", "] {
        for (i, _) in lower.match_indices(sep) {
            let rest = &lower[i + sep.len()..];
            let starts_verb = EN_LEADING_VERBS
                .iter()
                .any(|(w, _)| rest.starts_with(w) && !rest[w.len()..].starts_with(char::is_alphanumeric))
                || rest.starts_with("log in")
                || rest.starts_with("sign in");
            if starts_verb && !inside(ranges, i) && !cuts.iter().any(|(s, e)| i < *e && i + sep.len() > *s) {
                cuts.push((i, i + sep.len()));
            }
        }
    }
    cuts.sort();
    let mut out = Vec::new();
    let mut last = 0;
    for (s, e) in cuts {
        if s >= last {
            out.push(sentence[last..s].to_string());
            last = e;
        }
    }
    out.push(sentence[last..].to_string());
    out
}

fn split_at(sentence: &str, cuts: &[usize]) -> Vec<String> {
    let mut out = Vec::new();
    let mut last = 0;
    for &cut in cuts {
        out.push(sentence[last..cut].to_string());
        last = cut;
    }
    out.push(sentence[last..].to_string());
    out
}

/// "아이디에 minsu.kim, 비밀번호에 test1234를 입력하고" → one clause per field, each with the verb.
fn korean_list(clause: &str) -> Vec<String> {
    let ranges = quoted_ranges(clause);
    let commas: Vec<usize> = clause.match_indices(", ").map(|(i, _)| i).filter(|i| !inside(&ranges, *i)).collect();
    if commas.is_empty() {
        return vec![clause.to_string()];
    }
    let pieces = split_at(clause, &commas.iter().map(|i| *i + 1).collect::<Vec<_>>());
    let pieces: Vec<String> = pieces.iter().map(|p| p.trim().trim_start_matches(',').trim().to_string()).collect();
    let Some(last) = pieces.last() else { return vec![clause.to_string()] };
    // The verb is the last word of the last piece; every earlier piece must be "<field>에 <value>".
    let Some((head, verb)) = last.rsplit_once(' ') else { return vec![clause.to_string()] };
    let pair = |p: &str| {
        let words: Vec<&str> = p.split_whitespace().collect();
        words.len() >= 2 && (words[0].ends_with('에') || words[0].ends_with("에는") || words[0].ends_with("란에"))
    };
    if !pieces[..pieces.len() - 1].iter().all(|p| pair(p)) || !pair(head) || !has_ko_verb(verb) {
        return vec![clause.to_string()];
    }
    let mut out: Vec<String> =
        pieces[..pieces.len() - 1].iter().map(|p| format!("{} {verb}", p.trim_end_matches(','))).collect();
    out.push(last.clone());
    out
}

/// "enter Ivy Chen as the name and 22 Harbor Road as the address" → one clause per field:
/// "enter 'Ivy Chen' in 'name'"; "choose Work as the group" → "choose 'Work' in 'group'".
fn english_list(clause: &str) -> Vec<String> {
    let lower = clause.to_ascii_lowercase();
    let Some((word, _)) = EN_LEADING_VERBS
        .iter()
        .find(|(w, _)| lower.starts_with(w) && !lower[w.len()..].starts_with(char::is_alphanumeric))
    else {
        return vec![clause.to_string()];
    };
    let head = &clause[..word.len()];
    let rest = clause[word.len()..].trim();
    if !rest.to_ascii_lowercase().contains(" as ") {
        return vec![clause.to_string()];
    }
    let pieces: Vec<&str> = split_words(rest, " and ");
    let mut out = Vec::new();
    for piece in pieces {
        let lower = piece.to_ascii_lowercase();
        let Some(at) = lower.rfind(" as ") else { return vec![clause.to_string()] };
        let value = piece[..at].trim().trim_matches(['\'', '"']);
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

fn split_words<'a>(text: &'a str, sep: &str) -> Vec<&'a str> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn korean_connectives_and_shared_verbs() {
        assert_eq!(
            simple_clauses("아이디에 minsu.kim, 비밀번호에 test1234를 입력하고 로그인 버튼을 누른다."),
            vec!["아이디에 minsu.kim 입력하고", "비밀번호에 test1234를 입력하고", "로그인 버튼을 누른다"]
        );
        assert_eq!(
            simple_clauses("'상품명'을 입력한 후 '저장' 버튼을 클릭한다"),
            vec!["'상품명'을 입력한 후", "'저장' 버튼을 클릭한다"]
        );
        assert_eq!(
            simple_clauses("회의실 예약 시스템에 접속하면 로그인 화면이 표시된다"),
            vec!["회의실 예약 시스템에 접속하면", "로그인 화면이 표시된다"]
        );
        // Quotes, nouns that end like connectives, and a plain sentence stay whole.
        assert_eq!(simple_clauses("'저장하고 닫기' 버튼을 클릭한다"), vec!["'저장하고 닫기' 버튼을 클릭한다"]);
        assert_eq!(simple_clauses("상품 화면에서 '참고' 탭을 누른다"), vec!["상품 화면에서 '참고' 탭을 누른다"]);
    }

    #[test]
    fn english_imperatives_and_field_lists() {
        assert_eq!(
            simple_clauses("Click Add and enter Ivy Chen as the name and 22 Harbor Road, Springfield as the address."),
            vec!["Click Add", "enter 'Ivy Chen' in 'name'", "enter '22 Harbor Road, Springfield' in 'address'"]
        );
        assert_eq!(
            simple_clauses("Choose Work as the contacts group and Female as the gender, then click Save"),
            vec!["Choose 'Work' in 'contacts group'", "Choose 'Female' in 'gender'", "click Save"]
        );
        assert_eq!(simple_clauses("Open the app and log in as admin"), vec!["Open the app", "log in as admin"]);
        // "'A' and 'B' are listed" is one clause; so is a quoted "and".
        assert_eq!(simple_clauses("'Tom and Jerry' and 'Bob' are listed"), vec!["'Tom and Jerry' and 'Bob' are listed"]);
    }
}
