//! Where the model is and how patient to be with it. The API key is held here only for the
//! client; it has no `Debug` output and is never serialized.

use std::time::Duration;

#[derive(Clone, PartialEq, Eq)]
pub enum Provider {
    /// OpenAI and every server that speaks its protocol at `base_url` (`…/v1`).
    OpenAiCompatible,
    /// Azure OpenAI: `base_url` is the resource endpoint, the model is the deployment.
    Azure { api_version: String },
}

#[derive(Clone)]
pub struct LlmConfig {
    pub provider: Provider,
    pub base_url: String,
    pub model: String,
    /// From the OS keychain (or the environment); local servers need none.
    pub api_key: Option<String>,
    /// How long the first byte and each next chunk may take before the attempt is given up.
    pub idle_timeout: Duration,
    /// Attempts per request, the first included.
    pub max_attempts: u32,
    /// The first retry waits about this long; each next one twice as long, with jitter.
    pub backoff_base: Duration,
    pub backoff_max: Duration,
    /// Seeds the jitter, so tests (and replays of a run) wait the same.
    pub jitter_seed: u64,
}

impl LlmConfig {
    pub fn new(base_url: impl Into<String>, model: impl Into<String>) -> Self {
        LlmConfig {
            provider: Provider::OpenAiCompatible,
            base_url: base_url.into(),
            model: model.into(),
            api_key: None,
            idle_timeout: Duration::from_secs(60),
            max_attempts: 5,
            backoff_base: Duration::from_millis(500),
            backoff_max: Duration::from_secs(20),
            jitter_seed: 0x5eed,
        }
    }
}

impl std::fmt::Debug for LlmConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LlmConfig")
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .field("api_key", &self.api_key.as_ref().map(|_| "••••"))
            .field("idle_timeout", &self.idle_timeout)
            .field("max_attempts", &self.max_attempts)
            .finish()
    }
}
