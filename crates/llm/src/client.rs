//! One model call, streamed: deltas to the observer as they arrive, tool-call fragments
//! assembled by index, usage from the last chunk. Failures that pass are retried with backoff;
//! a stream cut mid-answer is retried without showing the person the same text twice.

use crate::message::request_body;
use crate::{Backoff, Completion, FinishReason, LlmConfig, LlmError, Message, Provider, ToolCall, ToolSpec, Usage};
use async_openai::config::{AzureConfig, OpenAIConfig};
use async_openai::error::OpenAIError;
use async_openai::middleware::ReqwestService;
use async_openai::types::chat::{CreateChatCompletionRequest, FinishReason as WireFinish};
use async_openai::Client;
use futures::StreamExt;
use std::collections::BTreeMap;
use std::time::Duration;

/// Who watches a call: the text as it streams, and the retries (told to the person as
/// "retrying", never as an error).
pub trait Observer: Send {
    fn delta(&mut self, text: &str);
    fn retrying(&mut self, attempt: u32, delay: Duration, reason: &str);
    /// A retried answer took a different turn: what was shown of it is to be discarded.
    fn restart(&mut self) {}
}

enum Endpoint {
    OpenAi(Client<OpenAIConfig>),
    Azure(Client<AzureConfig>),
}

pub struct LlmClient {
    endpoint: Endpoint,
    config: LlmConfig,
}

/// Why an attempt failed, and whether another may succeed.
enum Failure {
    Retry(String),
    Fatal(LlmError),
}

fn install_crypto() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    // Remote endpoints are HTTPS; the process-wide provider is ring, as for the browser driver.
    ONCE.call_once(|| {
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

impl LlmClient {
    pub fn new(config: LlmConfig) -> Self {
        install_crypto();
        let key = config.api_key.clone().unwrap_or_default();
        // The plain transport, without the library's own retry layer: retries are ours, so each
        // one is seen (a "retrying" event) and paced by our backoff.
        let transport = ReqwestService::default();
        let endpoint = match &config.provider {
            Provider::OpenAiCompatible => Endpoint::OpenAi(
                Client::with_config(
                    OpenAIConfig::new().with_api_base(config.base_url.trim_end_matches('/')).with_api_key(key),
                )
                .with_http_service(transport),
            ),
            Provider::Azure { api_version } => Endpoint::Azure(
                Client::with_config(
                    AzureConfig::new()
                        .with_api_base(config.base_url.trim_end_matches('/'))
                        .with_api_version(api_version)
                        .with_deployment_id(&config.model)
                        .with_api_key(key),
                )
                .with_http_service(transport),
            ),
        };
        LlmClient { endpoint, config }
    }

    pub fn model(&self) -> &str {
        &self.config.model
    }

    /// Sends the conversation and streams the answer, retrying what passes.
    pub async fn complete(
        &self,
        messages: &[Message],
        tools: &[ToolSpec],
        observer: &mut dyn Observer,
    ) -> Result<Completion, LlmError> {
        let body = request_body(&self.config.model, messages, tools);
        let request: CreateChatCompletionRequest =
            serde_json::from_value(body).map_err(|e| LlmError::Request(e.to_string()))?;
        let mut backoff = Backoff::new(self.config.backoff_base, self.config.backoff_max, self.config.jitter_seed);
        // Text the person has already seen, across attempts.
        let mut shown = String::new();
        let attempts = self.config.max_attempts.max(1);
        let mut last = String::new();
        for attempt in 1..=attempts {
            match self.attempt(request.clone(), &mut shown, observer).await {
                Ok(mut completion) => {
                    completion.attempts = attempt;
                    return Ok(completion);
                }
                Err(Failure::Fatal(e)) => return Err(e),
                Err(Failure::Retry(reason)) => {
                    tracing::warn!(attempt, reason = %reason, "model call failed; retrying");
                    last = reason;
                    if attempt == attempts {
                        break;
                    }
                    let delay = backoff.delay(attempt);
                    observer.retrying(attempt, delay, &last);
                    tokio::time::sleep(delay).await;
                }
            }
        }
        Err(LlmError::Exhausted { attempts, last })
    }

    async fn attempt(
        &self,
        request: CreateChatCompletionRequest,
        shown: &mut String,
        observer: &mut dyn Observer,
    ) -> Result<Completion, Failure> {
        let idle = self.config.idle_timeout;
        let opened = match &self.endpoint {
            Endpoint::OpenAi(client) => tokio::time::timeout(idle, client.chat().create_stream(request)).await,
            Endpoint::Azure(client) => tokio::time::timeout(idle, client.chat().create_stream(request)).await,
        };
        let mut stream = match opened {
            Err(_) => return Err(Failure::Retry(format!("no response within {} ms", idle.as_millis()))),
            Ok(Err(e)) => return Err(classify(e)),
            Ok(Ok(stream)) => stream,
        };
        let mut text = String::new();
        let mut calls: BTreeMap<u32, ToolCall> = BTreeMap::new();
        let mut finish = None;
        let mut usage = Usage::default();
        loop {
            let next = match tokio::time::timeout(idle, stream.next()).await {
                Err(_) => return Err(Failure::Retry(format!("the stream stalled for {} ms", idle.as_millis()))),
                Ok(next) => next,
            };
            let Some(chunk) = next else { break };
            let chunk = chunk.map_err(classify)?;
            if let Some(u) = chunk.usage {
                usage = Usage { prompt_tokens: u.prompt_tokens, completion_tokens: u.completion_tokens };
            }
            for choice in chunk.choices.into_iter().filter(|c| c.index == 0) {
                if let Some(piece) = choice.delta.content.filter(|p| !p.is_empty()) {
                    text.push_str(&piece);
                    show(&text, shown, observer);
                }
                for fragment in choice.delta.tool_calls.unwrap_or_default() {
                    let call = calls.entry(fragment.index).or_insert_with(|| ToolCall {
                        id: String::new(),
                        name: String::new(),
                        arguments: String::new(),
                    });
                    if let Some(id) = fragment.id {
                        call.id = id;
                    }
                    if let Some(function) = fragment.function {
                        if let Some(name) = function.name {
                            call.name.push_str(&name);
                        }
                        if let Some(arguments) = function.arguments {
                            call.arguments.push_str(&arguments);
                        }
                    }
                }
                if let Some(reason) = choice.finish_reason {
                    finish = Some(match reason {
                        WireFinish::Stop => FinishReason::Stop,
                        WireFinish::ToolCalls | WireFinish::FunctionCall => FinishReason::ToolCalls,
                        WireFinish::Length => FinishReason::Length,
                        WireFinish::ContentFilter => FinishReason::ContentFilter,
                    });
                }
            }
        }
        // A stream that ends without saying why it ended was cut.
        let Some(finish) = finish else {
            return Err(Failure::Retry("the stream ended before the answer did".into()));
        };
        let tool_calls: Vec<ToolCall> = calls
            .into_values()
            .enumerate()
            .map(|(i, mut c)| {
                // Some local servers send no ids; the conversation still needs them to match.
                if c.id.is_empty() {
                    c.id = format!("call_{i}");
                }
                c
            })
            .collect();
        Ok(Completion { text, tool_calls, finish, usage, attempts: 1 })
    }
}

/// Emits the part of `text` the person has not seen yet. After a retry the answer normally
/// starts over with the same words: those are not shown twice. If it took another turn, what
/// was shown is withdrawn first.
fn show(text: &str, shown: &mut String, observer: &mut dyn Observer) {
    if text.len() <= shown.len() {
        if shown.starts_with(text) {
            return;
        }
    } else if text.starts_with(shown.as_str()) {
        observer.delta(&text[shown.len()..]);
        *shown = text.to_string();
        return;
    }
    observer.restart();
    observer.delta(text);
    *shown = text.to_string();
}

fn classify(error: OpenAIError) -> Failure {
    match error {
        OpenAIError::ApiError(api) => {
            let status = api.status_code.as_u16();
            match status {
                408 | 409 | 425 | 429 | 500..=599 => Failure::Retry(format!("HTTP {status}")),
                401 | 403 => Failure::Fatal(LlmError::Unauthorized { status }),
                _ => Failure::Fatal(LlmError::Rejected { status, message: api.api_error.message }),
            }
        }
        OpenAIError::Reqwest(e) => Failure::Retry(format!("connection: {e}")),
        OpenAIError::StreamError(e) => Failure::Retry(format!("stream: {e}")),
        OpenAIError::JSONDeserialize(e, _) => Failure::Retry(format!("malformed chunk: {e}")),
        OpenAIError::InvalidArgument(e) => Failure::Fatal(LlmError::Request(e)),
        other => Failure::Retry(other.to_string()),
    }
}
