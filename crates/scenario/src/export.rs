//! Exporters: code and documents generated deterministically from the scenario model.

mod html;
mod junit;
mod markdown;
mod playwright;

pub use html::html_report;
pub use junit::junit_report;
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

/// One short phrase for what a step does (`fill {{secret.PASSWORD}}`, `expect text "저장됨"`), shared
/// by the human-readable exports.
pub(crate) fn describe_action(action: &crate::Action) -> String {
    use crate::{Action, Assertion, PageAssertion};
    match action {
        Action::Goto { url } => format!("goto `{url}`"),
        Action::Click { .. } => "click".into(),
        Action::Fill { value, .. } => format!("fill `{}`", value.display()),
        Action::Select { value, .. } => format!("select `{}`", value.display()),
        Action::Check { .. } => "check".into(),
        Action::Uncheck { .. } => "uncheck".into(),
        Action::Press { key, .. } => format!("press `{key}`"),
        Action::Hover { .. } => "hover".into(),
        Action::Expect { assertion, .. } => match assertion {
            Assertion::Visible => "expect visible".into(),
            Assertion::Hidden => "expect hidden".into(),
            Assertion::Text { expected } => format!("expect text `{expected}`"),
            Assertion::ContainsText { expected } => format!("expect text containing `{expected}`"),
            Assertion::Value { expected } => format!("expect value `{expected}`"),
            Assertion::Count { expected } => format!("expect count {expected}"),
            Assertion::Enabled => "expect enabled".into(),
            Assertion::Disabled => "expect disabled".into(),
            Assertion::Checked => "expect checked".into(),
        },
        Action::ExpectPage { assertion } => match assertion {
            PageAssertion::Url { expected } => format!("expect URL `{expected}`"),
            PageAssertion::Title { expected } => format!("expect title `{expected}`"),
        },
    }
}

/// Keeps generated comments on one line whatever the quote contains.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
