//! What stops the LLM engine: whatever stops a run of either engine, or the model itself (its
//! server, the prompt, a loop that never ends). Callers branch on the run's variants.

use specwright_rails::RunError;

#[derive(Debug, thiserror::Error)]
pub enum AgentError {
    #[error(transparent)]
    Run(#[from] RunError),
    /// The LLM engine could not go on (the model server, the prompt, a loop that never ends).
    #[error("{message}")]
    Llm { code: &'static str, message: String },
}

impl AgentError {
    /// The stable code a person's report and the UI branch on.
    pub fn code(&self) -> &'static str {
        match self {
            AgentError::Run(e) => e.code(),
            AgentError::Llm { code, .. } => code,
        }
    }
}
