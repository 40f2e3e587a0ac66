//! What can stop a model call, each with a stable code and a sentence a person can act on.
//! Failures that pass (rate limits, server errors, timeouts, cut streams) are retried before
//! they ever become one of these.

#[derive(Debug, thiserror::Error)]
pub enum LlmError {
    #[error("The model server refused the API key ({status}); check it in Settings.")]
    Unauthorized { status: u16 },
    #[error("The model server rejected the request ({status}): {message}. Check the model name and base URL.")]
    Rejected { status: u16, message: String },
    #[error("The model server failed {attempts} attempts ({last}); try again later or check the server.")]
    Exhausted { attempts: u32, last: String },
    #[error("The conversation does not fit the model's context window ({detail}).")]
    ContextExceeded { detail: String },
    #[error("The model server had not started answering after {seconds} s; it may still be reading the prompt.")]
    Slow { seconds: u64 },
    #[error("Could not build the model request: {0}")]
    Request(String),
    #[error("The model's answer passed {limit} bytes and was cut off unused.")]
    AnswerTooLong { limit: usize },
}

impl LlmError {
    pub fn code(&self) -> &'static str {
        match self {
            LlmError::Unauthorized { .. } => "llm_unauthorized",
            LlmError::Rejected { .. } => "llm_rejected",
            LlmError::Exhausted { .. } => "llm_unavailable",
            LlmError::ContextExceeded { .. } => "llm_context",
            LlmError::Slow { .. } => "llm_slow",
            LlmError::Request(_) => "llm_request",
            LlmError::AnswerTooLong { .. } => "llm_answer_too_long",
        }
    }
}
