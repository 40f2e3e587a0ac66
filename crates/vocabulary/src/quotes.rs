//! Quoted spans of a sentence: what a planner quotes is a name or a value, never a verb.

/// The quote pairs planners use.
pub const QUOTES: &[(char, char)] = &[('\'', '\''), ('"', '"'), ('‘', '’'), ('“', '”'), ('「', '」'), ('『', '』')];

/// A quoted span: its content and its byte range in the sentence (quotes included).
#[derive(Debug, Clone)]
pub struct Quoted {
    pub text: String,
    pub start: usize,
    pub end: usize,
}

pub fn quoted_spans(sentence: &str) -> Vec<Quoted> {
    let mut out = Vec::new();
    let mut iter = sentence.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        let Some(&(_, close)) = QUOTES.iter().find(|(open, _)| *open == c) else {
            continue;
        };
        // An apostrophe inside a word ("user's") is not a quote.
        if c == '\'' && sentence[..i].chars().last().is_some_and(|p| p.is_alphanumeric() && p.is_ascii()) {
            continue;
        }
        let body_start = i + c.len_utf8();
        if let Some(rel) = sentence[body_start..].find(close) {
            let body_end = body_start + rel;
            out.push(Quoted {
                text: sentence[body_start..body_end].to_string(),
                start: i,
                end: body_end + close.len_utf8(),
            });
            while iter.peek().is_some_and(|(j, _)| *j < body_end + close.len_utf8()) {
                iter.next();
            }
        }
    }
    out
}

/// Whether the sentence quotes anything (an apostrophe inside a word, "tracker's", is no quote).
pub fn has_quotes(sentence: &str) -> bool {
    !quoted_spans(sentence).is_empty()
}

/// The sentence with quoted spans blanked out, so words inside quotes never count as verbs.
pub fn unquoted(sentence: &str, spans: &[Quoted]) -> String {
    let mut out = String::new();
    let mut last = 0;
    for span in spans {
        out.push_str(&sentence[last..span.start]);
        out.push_str(" _ ");
        last = span.end;
    }
    out.push_str(&sentence[last..]);
    out
}

/// A name in the quotes a sentence would give it.
pub fn quote(text: &str) -> String {
    // "the tracker's list": an apostrophe inside the name asks for double quotes.
    if text.contains('\'') {
        format!("\"{text}\"")
    } else {
        format!("'{text}'")
    }
}
