//! How the compact snapshot writes things: refs, names and values quoted only when they must
//! be, cut texts, outline lines. Kept apart from what the snapshot decides to show.

use std::collections::HashSet;
use std::fmt::Write;

/// The refs in a text: `[ref=e12]` as Playwright writes them, `[e12]` / `[f1e12]` as the compact
/// snapshot does (two tokens fewer per element).
pub fn refs_in(text: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    let mut rest = text;
    while let Some(start) = rest.find('[') {
        rest = &rest[start + 1..];
        let Some(end) = rest.find(']') else { break };
        let inner = &rest[..end];
        let candidate = inner.strip_prefix("ref=").unwrap_or(inner);
        if is_ref(candidate) {
            out.insert(candidate.to_string());
        }
        rest = &rest[end..];
    }
    out
}

/// `e12` or `f1e12` (an element inside the first frame).
fn is_ref(text: &str) -> bool {
    let rest = match text.strip_prefix('f') {
        Some(frame) => {
            let digits = frame.chars().take_while(char::is_ascii_digit).count();
            if digits == 0 {
                return false;
            }
            &frame[digits..]
        }
        None => text,
    };
    rest.strip_prefix('e').is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

pub(crate) fn cut(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_string();
    }
    let mut out: String = text.chars().take(limit).collect();
    out.push('…');
    out
}

/// An outline: two spaces per level, `:` before children. Playwright's `- ` list markers are
/// left out: they cost a token a line and the indentation already says it all.
pub(crate) fn push_line(out: &mut String, depth: usize, line: &str, has_children: bool) {
    for _ in 0..depth {
        out.push_str("  ");
    }
    out.push_str(line);
    if has_children {
        out.push(':');
    }
    out.push('\n');
}

pub(super) fn plural(role: &str, count: usize) -> String {
    if count == 1 {
        role.to_string()
    } else if role.ends_with('x') || role.ends_with('s') {
        format!("{role}es")
    } else {
        format!("{role}s")
    }
}

/// An accessible name: bare when nothing in it could be read as the line's syntax (a bracket,
/// a colon, a separator), quoted as JSON otherwise. Quotes cost a token or two per element.
pub(crate) fn name_text(s: &str) -> String {
    let plain = s.trim() == s
        && !s.is_empty()
        && !s.chars().any(|c| c.is_control() || matches!(c, '"' | '[' | ']' | ':' | ',' | '|' | '\\' | '(' | ')'))
        && !s.starts_with(['-', '+', '~', '@', '#']);
    if plain {
        s.to_string()
    } else {
        json_quote(s)
    }
}

/// A string as JSON writes it (Playwright quotes names this way).
pub(crate) fn json_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A value as Playwright writes it: bare when YAML would read it back unchanged, else quoted.
pub(super) fn yaml_value(s: &str) -> String {
    let first = s.chars().next();
    let needs_quotes = s.trim() != s
        || s.chars().any(|c| c.is_control())
        || s.starts_with('-')
        || s.contains(": ")
        || s.ends_with(':')
        || s.contains(" #")
        || first.is_some_and(|c| "&*],?!>|@\"'#%[".contains(c))
        || s.contains(['{', '}', '`'])
        || s.parse::<f64>().is_ok()
        || ["y", "n", "yes", "no", "true", "false", "on", "off", "null"].contains(&s.to_lowercase().as_str());
    if needs_quotes {
        json_quote(s)
    } else {
        s.to_string()
    }
}
