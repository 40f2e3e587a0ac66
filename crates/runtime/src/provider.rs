//! The model provider as a person configures it: where its API key comes from (the
//! environment for unattended runs, otherwise the OS keychain) and a one-request check that
//! the endpoint, model and key work, so a wrong setting is found before a session needs it.

use crate::{Keychain, RuntimeError};
use specwright_llm::{LlmClient, LlmConfig, Message, Silent};

/// The environment variable that overrides the keychain (CI, scripts).
pub const API_KEY_ENV: &str = "SPECWRIGHT_LLM_API_KEY";

/// Where the key for a run came from, said without the key itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeySource {
    Environment,
    Keychain,
    /// No key: local servers (Ollama, LM Studio, llama.cpp) need none.
    None,
}

/// The key for this endpoint: the environment first, then the keychain. A keychain that
/// cannot be reached is not fatal (a local server needs no key); it is logged, and a
/// provider that needs a key then answers 401 with a sentence saying what to do.
pub fn api_key_for(base_url: &str, keychain: &Keychain) -> (Option<String>, KeySource) {
    if let Some(key) = std::env::var(API_KEY_ENV).ok().filter(|k| !k.trim().is_empty()) {
        return (Some(key), KeySource::Environment);
    }
    match keychain.api_key(base_url) {
        Ok(Some(key)) => (Some(key), KeySource::Keychain),
        Ok(None) => (None, KeySource::None),
        Err(e) => {
            tracing::warn!(code = e.code(), "the keychain could not be read; going on without a key");
            (None, KeySource::None)
        }
    }
}

/// One small request with these settings; the model's (short) reply on success, a sentence a
/// person can act on otherwise (wrong key, unknown model, unreachable endpoint).
pub async fn check_provider(mut config: LlmConfig) -> Result<String, RuntimeError> {
    config.max_attempts = config.max_attempts.min(2);
    let client = LlmClient::new(config);
    let messages = [Message::User { text: "Reply with the single word OK.".into() }];
    let completion = client
        .complete(&messages, &[], &mut Silent)
        .await
        .map_err(|e| RuntimeError::LlmCheck(specwright_agent::llm_error_text(&e)))?;
    Ok(completion.text.trim().chars().take(80).collect())
}
