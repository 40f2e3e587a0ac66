//! What stops the LLM engine: whatever stops a run of either engine, or the model itself (its
//! server, the prompt, a loop that never ends). Callers branch on the run's variants; a person
//! reads the message, a catalog sentence.

use specwright_llm::LlmError;
use specwright_protocol::Text;
use specwright_rails::RunError;

#[derive(Debug, thiserror::Error)]
pub enum AgentError {
    #[error(transparent)]
    Run(#[from] RunError),
    /// The LLM engine could not go on (the model server, the prompt, a loop that never ends).
    #[error("{code}: {}", message.key())]
    Llm { code: &'static str, message: Text },
}

impl AgentError {
    /// The stable code a person's report and the UI branch on.
    pub fn code(&self) -> &'static str {
        match self {
            AgentError::Run(e) => e.code(),
            AgentError::Llm { code, .. } => code,
        }
    }

    /// What a person reads, in their language.
    pub fn text(&self) -> Text {
        match self {
            AgentError::Run(e) => e.text(),
            AgentError::Llm { message, .. } => message.clone(),
        }
    }
}

impl From<LlmError> for AgentError {
    fn from(e: LlmError) -> Self {
        AgentError::Llm { code: e.code(), message: llm_error_text(&e) }
    }
}

/// A model server's failure as a person reads it.
pub fn llm_error_text(error: &LlmError) -> Text {
    match error {
        LlmError::Unauthorized { status } => {
            Text::message("error-llm-unauthorized", [("status", (*status as u32).into())])
        }
        LlmError::Rejected { status, message } => {
            Text::message("error-llm-rejected", [("status", (*status as u32).into()), ("message", message.into())])
        }
        LlmError::Exhausted { attempts, last } => {
            Text::message("error-llm-exhausted", [("attempts", (*attempts).into()), ("last", last.into())])
        }
        LlmError::ContextExceeded { detail } => Text::message("error-llm-context", [("detail", detail.into())]),
        LlmError::Slow { seconds } => Text::message("error-llm-slow", [("seconds", (*seconds as u32).into())]),
        LlmError::AnswerTooLong { limit } => {
            Text::message("error-llm-answer-too-long", [("kilobytes", ((*limit / 1024) as u32).into())])
        }
        LlmError::Request(reason) => Text::message("error-llm-request", [("reason", reason.into())]),
    }
}
