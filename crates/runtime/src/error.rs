//! Runtime errors: each maps to a stable code and a sentence a person can act on.

use specwright_agent::AgentError;
use specwright_browser::BrowserError;
use specwright_catalog::{render, Locale};
use specwright_intake::IntakeError;
use specwright_knowledge::KnowledgeError;
use specwright_protocol::{ApiError, Text};
use specwright_rails::{browser_error_text, RunError};
use specwright_store::StoreError;

/// What a command or a run of the runtime can fail with. Callers branch on the variant; a person
/// reads `text()`, a catalog message, and logs read its English rendering.
#[derive(Debug)]
pub enum RuntimeError {
    Spec(IntakeError),
    InvalidUrl(String),
    Unreachable(String),
    PortInUse(u16),
    OutDir {
        path: String,
        reason: String,
    },
    SessionNotFound(String),
    NoScenario(String),
    BadArgument(String),
    /// A request the runtime does not take as it is, with why (a setting, an answer, a session
    /// in the wrong state).
    Invalid(Text),
    Bundle(String),
    /// A session opened from a share bundle would send its steps to the address the bundle
    /// names, which nobody on this machine has agreed to yet.
    UntrustedTarget {
        session: String,
        url: String,
    },
    NoTrial,
    UnknownFormat(String, String),
    NoSpecs,
    Knowledge(KnowledgeError),
    Indexing(String),
    Browser(BrowserError),
    Run(RunError),
    /// The LLM engine could not go on (the model server, the prompt, a loop that never ends).
    Llm {
        code: &'static str,
        message: Text,
    },
    Keychain(crate::KeychainError),
    LlmCheck(Text),
    Store(StoreError),
}

impl From<IntakeError> for RuntimeError {
    fn from(e: IntakeError) -> Self {
        RuntimeError::Spec(e)
    }
}

impl From<KnowledgeError> for RuntimeError {
    fn from(e: KnowledgeError) -> Self {
        RuntimeError::Knowledge(e)
    }
}

impl From<BrowserError> for RuntimeError {
    fn from(e: BrowserError) -> Self {
        RuntimeError::Browser(e)
    }
}

impl From<RunError> for RuntimeError {
    fn from(e: RunError) -> Self {
        RuntimeError::Run(e)
    }
}

impl From<crate::KeychainError> for RuntimeError {
    fn from(e: crate::KeychainError) -> Self {
        RuntimeError::Keychain(e)
    }
}

impl std::fmt::Display for RuntimeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&render(&self.text(), Locale::En))
    }
}

impl std::error::Error for RuntimeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RuntimeError::Spec(e) => Some(e),
            RuntimeError::Knowledge(e) => Some(e),
            RuntimeError::Browser(e) => Some(e),
            RuntimeError::Run(e) => Some(e),
            RuntimeError::Keychain(e) => Some(e),
            RuntimeError::Store(e) => Some(e),
            _ => None,
        }
    }
}

impl From<StoreError> for RuntimeError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::SessionNotFound(id) => RuntimeError::SessionNotFound(id),
            e => RuntimeError::Store(e),
        }
    }
}

impl From<AgentError> for RuntimeError {
    fn from(e: AgentError) -> Self {
        match e {
            AgentError::Run(e) => RuntimeError::Run(e),
            AgentError::Llm { code, message } => RuntimeError::Llm { code, message },
        }
    }
}

impl RuntimeError {
    pub fn code(&self) -> &'static str {
        match self {
            RuntimeError::Spec(_) => "spec_unreadable",
            RuntimeError::InvalidUrl(_) => "invalid_url",
            RuntimeError::Unreachable(_) => "target_unreachable",
            RuntimeError::PortInUse(_) => "port_in_use",
            RuntimeError::OutDir { .. } => "out_dir_unwritable",
            RuntimeError::SessionNotFound(_) => "session_not_found",
            RuntimeError::NoSpecs => "no_specs",
            RuntimeError::NoTrial => "no_trial",
            RuntimeError::Bundle(_) => "bundle_invalid",
            RuntimeError::UntrustedTarget { .. } => "imported_target",
            RuntimeError::BadArgument(_) | RuntimeError::Invalid(_) => "bad_argument",
            RuntimeError::UnknownFormat(..) => "unknown_format",
            RuntimeError::NoScenario(_) => "no_scenario",
            RuntimeError::Browser(BrowserError::ChromiumMissing) => "chromium_missing",
            RuntimeError::Browser(BrowserError::DriverMissing) => "driver_missing",
            RuntimeError::Browser(BrowserError::NodeMissing) => "node_missing",
            RuntimeError::Browser(BrowserError::MissingValue(_)) => "missing_value",
            RuntimeError::Browser(_) => "browser_failed",
            RuntimeError::Run(e) => e.code(),
            RuntimeError::Llm { code, .. } => code,
            RuntimeError::Knowledge(e) => e.code(),
            RuntimeError::Indexing(_) => "indexing_failed",
            RuntimeError::Store(StoreError::Damaged { .. }) => "store_damaged",
            RuntimeError::Store(StoreError::Foreign { .. }) => "store_foreign",
            RuntimeError::Store(StoreError::TooNew { .. }) => "store_too_new",
            RuntimeError::Store(_) => "storage_failed",
            RuntimeError::Keychain(e) => e.code(),
            RuntimeError::LlmCheck(_) => "llm_check_failed",
        }
    }

    /// What a person reads, in their language.
    pub fn text(&self) -> Text {
        match self {
            RuntimeError::Spec(e) => intake_error_text(e),
            RuntimeError::InvalidUrl(url) => Text::message("error-invalid-url", [("url", url.into())]),
            RuntimeError::Unreachable(url) => Text::message("error-unreachable", [("url", url.into())]),
            RuntimeError::PortInUse(port) => Text::message("error-port-in-use", [("port", (*port as u32).into())]),
            RuntimeError::OutDir { path, reason } => {
                Text::message("error-out-dir", [("path", path.into()), ("reason", reason.into())])
            }
            RuntimeError::SessionNotFound(id) => Text::message("error-session-not-found", [("id", id.into())]),
            RuntimeError::NoScenario(id) => Text::message("error-no-scenario", [("id", id.into())]),
            RuntimeError::BadArgument(arg) => Text::message("error-bad-argument", [("arg", arg.into())]),
            RuntimeError::Invalid(text) => text.clone(),
            RuntimeError::Bundle(reason) => Text::message("error-bundle", [("reason", reason.into())]),
            RuntimeError::UntrustedTarget { url, .. } => Text::message("error-imported-target", [("url", url.into())]),
            RuntimeError::NoTrial => Text::message("error-no-trial", []),
            RuntimeError::UnknownFormat(format, formats) => {
                Text::message("error-unknown-format", [("format", format.into()), ("formats", formats.into())])
            }
            RuntimeError::NoSpecs => Text::message("error-no-specs", []),
            RuntimeError::Knowledge(e) => Text::message("error-knowledge", [("reason", e.to_string().into())]),
            RuntimeError::Indexing(reason) => Text::message("error-indexing", [("reason", reason.into())]),
            RuntimeError::Browser(e) => browser_error_text(e),
            RuntimeError::Run(e) => e.text(),
            RuntimeError::Llm { message, .. } => message.clone(),
            RuntimeError::Keychain(e) => e.text(),
            RuntimeError::LlmCheck(reason) => Text::message("error-llm-check", [("reason", reason.clone().into())]),
            RuntimeError::Store(StoreError::Damaged { path, reason }) => {
                Text::message("error-store-damaged", [("path", path.into()), ("reason", reason.into())])
            }
            RuntimeError::Store(StoreError::Foreign { path }) => {
                Text::message("error-store-foreign", [("path", path.into())])
            }
            RuntimeError::Store(StoreError::TooNew { found, known }) => {
                Text::message("error-store-too-new", [("found", (*found).into()), ("known", (*known).into())])
            }
            RuntimeError::Store(e) => Text::message("error-store", [("reason", e.to_string().into())]),
        }
    }

    pub fn to_api(&self) -> ApiError {
        ApiError { code: self.code().to_string(), message: self.text() }
    }
}

/// A spec the intake could not read, as a person reads it.
pub fn intake_error_text(error: &IntakeError) -> Text {
    match error {
        IntakeError::NotFound(path) => Text::message("error-spec-not-found", [("path", path.into())]),
        IntakeError::Unreadable { name, reason } => {
            Text::message("error-spec-unreadable", [("name", name.into()), ("reason", reason.into())])
        }
        IntakeError::TooLarge { name, size, limit } => Text::message(
            "error-spec-too-large",
            [("name", name.into()), ("size", (*size).into()), ("limit", (*limit).into())],
        ),
        IntakeError::Unsupported { name, extension } => {
            Text::message("error-spec-unsupported", [("name", name.into()), ("extension", extension.into())])
        }
        IntakeError::ImageOnly { name } => Text::message("error-spec-image-only", [("name", name.into())]),
        IntakeError::Mismatch { name, extension, actual } => Text::message(
            "error-spec-mismatch",
            [("name", name.into()), ("extension", extension.into()), ("actual", actual.into())],
        ),
        IntakeError::Corrupt { name, reason } => {
            Text::message("error-spec-corrupt", [("name", name.into()), ("reason", reason.into())])
        }
        IntakeError::Encrypted { name } => Text::message("error-spec-encrypted", [("name", name.into())]),
        IntakeError::Bomb { name, limit } => {
            Text::message("error-spec-bomb", [("name", name.into()), ("limit", (*limit).into())])
        }
        IntakeError::TooManyCells { name, cells, limit } => Text::message(
            "error-spec-too-many-cells",
            [("name", name.into()), ("cells", (*cells).into()), ("limit", (*limit).into())],
        ),
        IntakeError::Empty(name) => Text::message("error-spec-empty", [("name", name.into())]),
        IntakeError::Binary(name) => Text::message("error-spec-binary", [("name", name.into())]),
        IntakeError::Encoding(name) => Text::message("error-spec-encoding", [("name", name.into())]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hangul(text: &str) -> bool {
        specwright_reading::is_hangul(text)
    }

    #[test]
    fn every_error_reads_in_one_language_and_names_what_it_is_about() {
        let errors = [
            RuntimeError::Spec(IntakeError::Encrypted { name: "plan.docx".into() }),
            RuntimeError::Spec(IntakeError::TooLarge { name: "plan.pdf".into(), size: 9, limit: 1 }),
            RuntimeError::InvalidUrl("ftp://plan".into()),
            RuntimeError::SessionNotFound("ses_plan".into()),
            RuntimeError::Browser(BrowserError::NotFound { target: "button \"plan\"".into() }),
            RuntimeError::Run(RunError::Skipped { line: 3 }),
            RuntimeError::Keychain(crate::KeychainError::Refused("plan".into())),
            RuntimeError::LlmCheck(specwright_agent::llm_error_text(&specwright_llm::LlmError::Unauthorized {
                status: 401,
            })),
        ];
        for error in errors {
            let (ko, en) = (render(&error.text(), Locale::Ko), render(&error.text(), Locale::En));
            assert!(hangul(&ko), "{ko}");
            assert!(!hangul(&en), "{en}");
            assert!(!ko.contains(" / ") && !en.contains(" / "), "{ko} | {en}");
            assert_eq!(error.to_string(), en);
            assert_eq!(error.to_api().message, error.text());
            let named = ["plan", "3", "401"].iter().any(|w| ko.contains(w) && en.contains(w));
            assert!(named, "{ko} | {en}");
        }
    }
}

impl From<specwright_demo::DemoError> for RuntimeError {
    fn from(e: specwright_demo::DemoError) -> Self {
        match e {
            specwright_demo::DemoError::PortInUse(port) => RuntimeError::PortInUse(port),
            e @ specwright_demo::DemoError::Unavailable { .. } => RuntimeError::Unreachable(e.to_string()),
        }
    }
}
