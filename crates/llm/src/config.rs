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

/// The most one answer may hold, its words and its calls' arguments together. A scenario with
/// a hundred steps is tens of kilobytes; past this the model (or whatever answers in its place)
/// is not answering the question, and keeping its text would send it back in every request.
pub const MAX_ANSWER_BYTES: usize = 1024 * 1024;

#[derive(Clone)]
pub struct LlmConfig {
    pub provider: Provider,
    pub base_url: String,
    pub model: String,
    /// From the OS keychain (or the environment); local servers need none.
    pub api_key: Option<String>,
    /// How long each next chunk may take, once the answer has started, before the attempt is
    /// given up as stalled.
    pub idle_timeout: Duration,
    /// How long the server may take before the answer starts: a local server on a laptop CPU
    /// reads a long prompt for minutes first. Passing it is not retried (a retry would make the
    /// server read the whole prompt again).
    pub first_byte_timeout: Duration,
    /// Sampling temperature; `None` sends none (some models accept only their default).
    pub temperature: Option<f32>,
    /// The most tokens one answer may have; `None` leaves it to the server. Local servers
    /// otherwise let a small model ramble until the context is full.
    pub max_answer_tokens: Option<u32>,
    /// The model's context window in tokens when the person set it; `None` asks the server.
    pub context_window: Option<u32>,
    /// The most bytes one answer may hold, its words and its calls' arguments together
    /// (`MAX_ANSWER_BYTES` unless set): past it the call ends, unused and not retried.
    pub max_answer_bytes: usize,
    /// Whether a session first checks, with one tiny request, that the model calls tools.
    pub probe_tools: bool,
    /// Attempts per request, the first included.
    pub max_attempts: u32,
    /// The first retry waits about this long; each next one twice as long, with jitter.
    pub backoff_base: Duration,
    pub backoff_max: Duration,
    /// Seeds the jitter, so tests (and replays of a run) wait the same.
    pub jitter_seed: u64,
}

impl LlmConfig {
    /// Whether the endpoint is a server on this machine or its network (Ollama, LM Studio,
    /// llama.cpp, vLLM): no key, a small context window, a CPU that reads prompts slowly.
    pub fn is_local(&self) -> bool {
        let rest = self.base_url.split_once("://").map_or(self.base_url.as_str(), |(_, r)| r);
        let host = rest.split(['/', '?']).next().unwrap_or_default();
        let host = if host.starts_with('[') {
            host.split(']').next().unwrap_or_default().trim_start_matches('[')
        } else {
            host.rsplit_once(':').map_or(host, |(h, _)| h)
        };
        match host.parse::<std::net::IpAddr>() {
            Ok(std::net::IpAddr::V4(ip)) => ip.is_loopback() || ip.is_private() || ip.is_link_local(),
            Ok(std::net::IpAddr::V6(ip)) => ip.is_loopback(),
            Err(_) => host == "localhost" || host.ends_with(".local") || host.ends_with(".localhost"),
        }
    }

    pub fn new(base_url: impl Into<String>, model: impl Into<String>) -> Self {
        LlmConfig {
            provider: Provider::OpenAiCompatible,
            base_url: base_url.into(),
            model: model.into(),
            api_key: None,
            idle_timeout: Duration::from_secs(60),
            first_byte_timeout: Duration::from_secs(600),
            temperature: None,
            max_answer_tokens: None,
            context_window: None,
            max_answer_bytes: MAX_ANSWER_BYTES,
            probe_tools: true,
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
            .field("first_byte_timeout", &self.first_byte_timeout)
            .field("context_window", &self.context_window)
            .field("max_attempts", &self.max_attempts)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn servers_on_this_machine_or_network_are_local_hosted_ones_are_not() {
        for url in [
            "http://127.0.0.1:11434/v1",
            "http://localhost:1234/v1",
            "http://192.168.0.20:8080/v1",
            "http://10.1.2.3/v1",
            "http://[::1]:8080/v1",
            "http://gpu-box.local:8000/v1",
        ] {
            assert!(LlmConfig::new(url, "m").is_local(), "{url}");
        }
        for url in ["https://api.openai.com/v1", "https://my.openai.azure.com", "http://8.8.8.8/v1"] {
            assert!(!LlmConfig::new(url, "m").is_local(), "{url}");
        }
    }
}
