//! Exporters: code and documents generated deterministically from the scenario model.

mod markdown;
mod playwright;

pub use markdown::markdown_plan;
pub use playwright::{playwright_config, playwright_test};

/// A TypeScript single-quoted string literal.
pub fn ts_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// Keeps generated comments on one line whatever the quote contains.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
