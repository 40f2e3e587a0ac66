//! What can stop a run of either engine, each told to a person with the step and line involved.
//! Callers branch on the variant (a question waits, a cancel ends quietly, a refusal fails); a
//! person reads `text()`, a catalog message, and logs read its English rendering.

use specwright_browser::{BrowserError, Missing};
use specwright_catalog::{render, Locale};
use specwright_protocol::Text;

#[derive(Debug)]
pub enum RunError {
    NoSteps,
    NotUnderstood {
        line: u32,
        text: String,
    },
    /// A target, a screen or a value the spec names that the page does not bear out.
    Grounding {
        line: u32,
        message: Text,
    },
    Browser {
        line: u32,
        source: BrowserError,
    },
    NeedsConfirmation {
        line: u32,
        reason: Text,
    },
    /// The application refused a step the spec expects to succeed; the message is its own.
    Refused {
        line: u32,
        message: String,
    },
    /// While exploring, the application refused a change a step of the spec sent: a red
    /// verdict, not a dead end. `scenarios` are those explored so far, the last one ending at
    /// the refused step (and a check that the app's words are not shown), for the trial, the
    /// report and the exported test that fails there.
    RefusedExploring {
        line: u32,
        message: String,
        report: Text,
        scenarios: Vec<specwright_scenario::Scenario>,
    },
    /// The run stopped at a question nobody could answer yet; the session is resumable.
    Unanswered(Box<specwright_protocol::Question>),
    Cancelled,
    /// A person answered to skip the step; it is recorded as an assumption and the run goes on.
    Skipped {
        line: u32,
    },
    Sink(String),
}

impl RunError {
    pub fn code(&self) -> &'static str {
        match self {
            RunError::NoSteps => "no_steps",
            RunError::NotUnderstood { .. } => "step_not_understood",
            RunError::Grounding { .. } => "grounding_failed",
            RunError::Browser { .. } => "browser_action_failed",
            RunError::NeedsConfirmation { .. } => "confirmation_required",
            RunError::Refused { .. } | RunError::RefusedExploring { .. } => "app_refused",
            RunError::Unanswered(_) => "needs_answer",
            RunError::Cancelled => "cancelled",
            RunError::Skipped { .. } => "skipped",
            RunError::Sink(_) => "storage_failed",
        }
    }

    /// What a person reads, in their language.
    pub fn text(&self) -> Text {
        let at_line = |line: &u32, message: &Text| {
            Text::message("error-at-line", [("line", (*line).into()), ("message", message.clone().into())])
        };
        match self {
            RunError::NoSteps => Text::message("error-no-steps", []),
            RunError::NotUnderstood { line, text } => {
                Text::message("error-not-understood", [("line", (*line).into()), ("text", text.into())])
            }
            RunError::Grounding { line, message } => at_line(line, message),
            RunError::NeedsConfirmation { line, reason } => at_line(line, reason),
            RunError::Browser { line, source } => Text::message(
                "error-step-failed",
                [("line", (*line).into()), ("reason", browser_error_text(source).into())],
            ),
            RunError::Refused { line, message } | RunError::RefusedExploring { line, message, .. } => {
                Text::message("error-refused-at-line", [("line", (*line).into()), ("message", message.into())])
            }
            RunError::Unanswered(question) => {
                Text::message("error-unanswered", [("question", question.text.clone().into())])
            }
            RunError::Cancelled => Text::message("error-cancelled", []),
            RunError::Skipped { line } => Text::message("error-skipped", [("line", (*line).into())]),
            RunError::Sink(reason) => Text::message("error-storage-run", [("reason", reason.into())]),
        }
    }
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&render(&self.text(), Locale::En))
    }
}

impl std::error::Error for RunError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RunError::Browser { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// A browser failure as a person reads it; the browser crate's own wording is for logs.
pub fn browser_error_text(error: &BrowserError) -> Text {
    match error {
        BrowserError::ChromiumMissing => Text::message("error-chromium-missing", []),
        BrowserError::DriverMissing => Text::message("error-driver-missing", []),
        BrowserError::NodeMissing => Text::message("error-node-missing", []),
        BrowserError::Launch(reason) => Text::message("error-browser-launch", [("reason", reason.into())]),
        BrowserError::Navigation { url, reason } => {
            Text::message("error-navigation", [("url", url.into()), ("reason", reason.into())])
        }
        BrowserError::NotFound { target } => Text::message("error-element-missing", [("target", target.into())]),
        BrowserError::Ambiguous { target, count } => {
            Text::message("error-element-several", [("target", target.into()), ("count", (*count).into())])
        }
        BrowserError::AssertionFailed { target, expected, actual } => Text::message(
            "error-check-failed",
            [("target", target.into()), ("expected", expected.into()), ("actual", actual.into())],
        ),
        BrowserError::MissingValue(missing) => missing_text(missing),
        BrowserError::Action { action, reason } => {
            Text::message("error-action", [("action", action.into()), ("reason", reason.into())])
        }
        BrowserError::Refused { message } => Text::message("error-app-refused", [("message", message.into())]),
        BrowserError::RequestRefused { request, status: None } => {
            Text::message("error-request-unsent", [("request", request.into())])
        }
        BrowserError::RequestRefused { request, status: Some(status) } => {
            Text::message("error-request-refused", [("request", request.into()), ("status", u64::from(*status).into())])
        }
        BrowserError::Cancelled => Text::message("error-stopped", []),
    }
}

fn missing_text(missing: &Missing) -> Text {
    match missing {
        Missing::Secret(name) => Text::message("missing-secret", [("name", name.into())]),
        Missing::Variable(name) => Text::message("missing-variable-value", [("name", name.into())]),
        Missing::UndefinedVariable(name) => Text::message("missing-variable", [("name", name.into())]),
        Missing::TestData(column) => Text::message("missing-test-data", [("column", column.into())]),
        Missing::File(path) => Text::message("missing-file", [("path", path.into())]),
        Missing::FileOutside(path) => Text::message("missing-file-outside", [("path", path.into())]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_failure_reads_in_one_language_with_the_browser_reason_inside() {
        let error =
            RunError::Browser { line: 7, source: BrowserError::NotFound { target: "button \"저장\"".into() } };
        let ko = render(&error.text(), Locale::Ko);
        let en = render(&error.text(), Locale::En);
        assert!(ko.contains("7행") && ko.contains("요소를 찾지 못했습니다") && !ko.contains("No element"), "{ko}");
        assert!(en.contains("line 7") && en.contains("No element matches") && !en.contains("찾지"), "{en}");
        assert_eq!(error.to_string(), en);
        let secret = browser_error_text(&BrowserError::MissingValue(Missing::Secret("PASSWORD".into())));
        assert!(render(&secret, Locale::Ko).contains("PASSWORD"), "{secret:?}");
    }
}
