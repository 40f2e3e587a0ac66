//! Exporters: code and documents generated deterministically from the scenario model.

mod gherkin;
mod html;
mod junit;
mod markdown;
mod mermaid;
mod playwright;
mod robot;

pub use gherkin::{gherkin_feature, GherkinLanguage};
pub use html::{html_report, run_index_html, traceability_html, IndexCase, TraceLink, TraceRow};
pub use junit::junit_report;
pub use markdown::{markdown_plan, markdown_text};
pub use mermaid::mermaid_flow;
pub use playwright::{playwright_config, playwright_statement, playwright_test};
pub use robot::robot_suite;

use crate::{Arg, Text};

/// The words of a document we write (a plan, a report, a test's comments) in one language. The
/// caller renders catalog messages (this crate sits below the catalog): a person reads an
/// export in one language, never two at once.
pub trait Words {
    fn text(&self, text: &Text) -> String;
    /// The language's tag (`ko`, `en`), for a document that declares its language.
    fn language(&self) -> &'static str;
}

/// How far a step was checked, in the export's language.
pub fn verification_word(words: &dyn Words, verification: crate::Verification) -> String {
    use crate::Verification;
    let id = match verification {
        Verification::Unverified => "verification-unverified",
        Verification::Explored => "verification-explored",
        Verification::Passed => "verification-passed",
        Verification::Failed => "verification-failed",
        Verification::Flaky => "verification-flaky",
    };
    say(words, id, [])
}

/// Whether an assumption was confirmed, in the export's language.
fn assumption_word(words: &dyn Words, status: crate::AssumptionStatus) -> String {
    use crate::AssumptionStatus;
    let id = match status {
        AssumptionStatus::Open => "assumption-status-open",
        AssumptionStatus::Confirmed => "assumption-status-confirmed",
        AssumptionStatus::Rejected => "assumption-status-rejected",
    };
    say(words, id, [])
}

/// A catalog message in the export's language.
fn say<const N: usize>(words: &dyn Words, id: &str, args: [(&str, Arg); N]) -> String {
    words.text(&Text::message(id, args))
}

/// A URL of the recorded application as a path from its origin ("/admin/"), so that the test
/// follows `SPECWRIGHT_BASE_URL` to another server (a staging copy, a fresh port); a URL on
/// another origin stays whole.
pub(crate) fn on_base(url: &str, target_url: &str) -> String {
    let origin = |u: &str| -> Option<usize> {
        let rest = u.find("://")? + 3;
        Some(u[rest..].find(['/', '?', '#']).map_or(u.len(), |i| rest + i))
    };
    match (origin(url), origin(target_url)) {
        (Some(end), Some(base_end)) if url[..end].eq_ignore_ascii_case(&target_url[..base_end]) => {
            let path = &url[end..];
            if path.starts_with('/') {
                path.to_string()
            } else {
                format!("/{path}")
            }
        }
        _ => url.to_string(),
    }
}

/// The text of a TypeScript template literal, escaped.
fn template_part(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '`' => out.push_str("\\`"),
            '$' => out.push_str("\\$"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

/// A TypeScript single-quoted string literal; a template literal with the run's tag when the
/// text carries [`crate::RUN_TAG`].
pub fn ts_string(text: &str) -> String {
    if text.contains(crate::RUN_TAG) {
        // A name made unique per run: a template literal with the run's tag.
        let parts: Vec<String> = text.split(crate::RUN_TAG).map(template_part).collect();
        return format!("`{}`", parts.join("${RUN}"));
    }
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
    describe_action_with(action, &|v| format!("`{v}`"), &|t| t.to_string())
}

/// The phrase with each value written by `value` (a code span of the export's language) and
/// any other text of the scenario's by `text`: an export escapes both for its language.
pub(crate) fn describe_action_with(
    action: &crate::Action,
    value: &dyn Fn(&str) -> String,
    text: &dyn Fn(&str) -> String,
) -> String {
    use crate::{Action, Assertion, PageAssertion};
    let value_of = |v: &str| value(v);
    match action {
        Action::Goto { url } => format!("goto {}", value(url)),
        Action::Click { .. } => "click".into(),
        Action::Fill { value: v, .. } => format!("fill {}", value_of(&v.display())),
        Action::Select { value: v, .. } => format!("select {}", value_of(&v.display())),
        Action::Check { .. } => "check".into(),
        Action::Uncheck { .. } => "uncheck".into(),
        Action::Press { key, .. } => format!("press {}", value(key)),
        Action::Hover { .. } => "hover".into(),
        Action::DoubleClick { .. } => "double-click".into(),
        Action::Type { value: v, .. } => format!("type {}", value_of(&v.display())),
        Action::Upload { files, .. } => {
            format!("upload {}", files.iter().map(|f| value(f)).collect::<Vec<_>>().join(", "))
        }
        Action::Drag { to, .. } => {
            format!("drag to {}", text(&to.primary().map(crate::Locator::describe).unwrap_or_default()))
        }
        Action::ScrollIntoView { .. } => "scroll into view".into(),
        Action::Back => "back".into(),
        Action::Reload => "reload".into(),
        Action::WaitFor { condition } => match condition {
            crate::WaitCondition::Element { state, .. } => format!("wait until {state:?}").to_lowercase(),
            crate::WaitCondition::Url { expected } => format!("wait for URL {}", value(expected)),
            crate::WaitCondition::NetworkIdle => "wait for network idle".into(),
        },
        Action::Dialog { accept: true, prompt_text: Some(prompt) } => {
            format!("answer the next dialog {}", value(prompt))
        }
        Action::Dialog { accept: true, .. } => "accept the next dialog".into(),
        Action::Dialog { accept: false, .. } => "dismiss the next dialog".into(),
        Action::SwitchPage { index } => format!("switch to tab {}", index + 1),
        Action::Expect { assertion, .. } => match assertion {
            Assertion::Visible => "expect visible".into(),
            Assertion::Hidden => "expect hidden".into(),
            Assertion::Text { expected } => format!("expect text {}", value(expected)),
            Assertion::ContainsText { expected } => format!("expect text containing {}", value(expected)),
            Assertion::Value { expected } => format!("expect value {}", value(expected)),
            Assertion::Count { expected } => format!("expect count {expected}"),
            Assertion::Enabled => "expect enabled".into(),
            Assertion::Disabled => "expect disabled".into(),
            Assertion::Checked => "expect checked".into(),
        },
        Action::ExpectPage { assertion } => match assertion {
            PageAssertion::Url { expected } => format!("expect URL {}", value(expected)),
            PageAssertion::Title { expected } => format!("expect title {}", value(expected)),
            PageAssertion::Download { file_name } => format!("expect download {}", value(file_name)),
        },
    }
}

/// Keeps generated comments on one line whatever the quote contains.
/// The text on one line, as a comment or a cell of generated code needs it: every line break
/// (U+2028 and U+2029 included) and control character is a space, runs of spaces are one. Text
/// put in a comment this way can never end the comment.
fn one_line(text: &str) -> String {
    let visible: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    visible.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Comment lines saying where a step came from (`spec: doc › section (line N)` and the quoted
/// sentence), shared by the exports that carry comments so they all cite alike.
pub(crate) fn provenance_comments(provenance: &crate::Provenance) -> Vec<String> {
    match provenance {
        crate::Provenance::Spec { citation } => {
            vec![format!("spec: {}", one_line(&citation.label())), format!("  \"{}\"", one_line(&citation.quote))]
        }
        crate::Provenance::Said { words, by, .. } => {
            vec![format!("said ({by}):"), format!("  \"{}\"", one_line(words))]
        }
        other => vec![one_line(&other.label())],
    }
}

/// Where a person said what a said step rests on.
pub(crate) fn said_by(by: &str, words: &dyn Words) -> String {
    let id = match by {
        "window" => "report-said-window",
        "terminal" => "report-said-terminal",
        _ => "report-said-other",
    };
    say(words, id, [("source", by.into())])
}

#[cfg(test)]
mod tests {
    use super::on_base;

    #[test]
    fn urls_of_the_recorded_app_follow_the_base_url() {
        let base = "http://127.0.0.1:32835/admin/";
        assert_eq!(on_base("http://127.0.0.1:32835/admin/", base), "/admin/");
        assert_eq!(on_base("http://127.0.0.1:32835", base), "/");
        assert_eq!(on_base("http://127.0.0.1:32835?q=1", base), "/?q=1");
        assert_eq!(on_base("HTTP://127.0.0.1:32835/a/b?x#y", base), "/a/b?x#y");
        // Another port or host is another application: kept whole. A path stays a path.
        assert_eq!(on_base("http://127.0.0.1:4000/admin/", base), "http://127.0.0.1:4000/admin/");
        assert_eq!(on_base("http://127.0.0.1:328350/", base), "http://127.0.0.1:328350/");
        assert_eq!(on_base("/login", base), "/login");
    }
}
