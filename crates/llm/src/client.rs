//! One model call, streamed: deltas to the observer as they arrive, tool-call fragments
//! assembled by index, usage from the last chunk. Failures that pass are retried with backoff;
//! a stream cut mid-answer is retried without showing the person the same text twice.

use crate::message::{request_body, Sampling};
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
    /// The server has not started answering for a while: it is reading the prompt (about this
    /// many tokens). Said once per call.
    fn reading(&mut self, _prompt_tokens: u32) {}
}

/// An observer for calls nobody watches (a tool probe, a settings check).
pub struct Silent;

impl Observer for Silent {
    fn delta(&mut self, _text: &str) {}
    fn retrying(&mut self, _attempt: u32, _delay: Duration, _reason: &str) {}
}

/// How long the server may be silent before the person is told it is reading the prompt.
const READING_NOTICE: Duration = Duration::from_secs(3);
/// How often streamed words are passed on: a delta event per chunk of a fast stream is work for
/// nobody (a person reads a few words a second).
const DELTA_EVERY: Duration = Duration::from_millis(100);

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

    pub fn config(&self) -> &LlmConfig {
        &self.config
    }

    /// The model's context window in tokens: the person's setting, else what a local server
    /// reports (llama.cpp `/props`, Ollama `/api/show`, LM Studio's models list); `None` when
    /// neither says (cloud models, whose windows are large).
    pub async fn context_window(&self) -> Option<u32> {
        if let Some(window) = self.config.context_window.filter(|w| *w > 0) {
            return Some(window);
        }
        if !self.config.is_local() {
            return None;
        }
        crate::window::ask_server(&self.config.base_url, &self.config.model).await
    }

    /// Sends the conversation and streams the answer, retrying what passes.
    pub async fn complete(
        &self,
        messages: &[Message],
        tools: &[ToolSpec],
        observer: &mut dyn Observer,
    ) -> Result<Completion, LlmError> {
        let sampling =
            Sampling { temperature: self.config.temperature, max_answer_tokens: self.config.max_answer_tokens };
        let body = request_body(&self.config.model, messages, tools, sampling);
        // About three bytes a token: exact for Korean, generous for English.
        let prompt_tokens = (body.to_string().len() / 3) as u32;
        let request: CreateChatCompletionRequest =
            serde_json::from_value(body).map_err(|e| LlmError::Request(e.to_string()))?;
        let mut backoff = Backoff::new(self.config.backoff_base, self.config.backoff_max, self.config.jitter_seed);
        // Text the person has already seen, across attempts.
        let mut shown = String::new();
        let attempts = self.config.max_attempts.max(1);
        let mut last = String::new();
        for attempt in 1..=attempts {
            match self.attempt(request.clone(), prompt_tokens, &mut shown, observer).await {
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
        prompt_tokens: u32,
        shown: &mut String,
        observer: &mut dyn Observer,
    ) -> Result<Completion, Failure> {
        let idle = self.config.idle_timeout;
        let first_byte = self.config.first_byte_timeout;
        let started_at = tokio::time::Instant::now();
        let mut told_reading = false;
        // Until the answer starts, the wait is the first-byte limit, with a word to the person
        // when it runs long, and past the limit the call is slow (not retried); after, a silence
        // longer than `idle` is a stalled stream.
        let wait_before_answer = |told: &mut bool, observer: &mut dyn Observer| {
            let elapsed = started_at.elapsed();
            if elapsed >= first_byte {
                return Err(Failure::Fatal(LlmError::Slow { seconds: first_byte.as_secs() }));
            }
            if !*told && elapsed >= READING_NOTICE {
                *told = true;
                observer.reading(prompt_tokens);
            }
            let limit = if *told { first_byte } else { READING_NOTICE.min(first_byte) };
            Ok(limit.saturating_sub(elapsed))
        };
        let opening = async {
            match &self.endpoint {
                Endpoint::OpenAi(client) => client.chat().create_stream(request).await,
                Endpoint::Azure(client) => client.chat().create_stream(request).await,
            }
        };
        tokio::pin!(opening);
        let mut stream = loop {
            let wait = wait_before_answer(&mut told_reading, observer)?;
            match tokio::time::timeout(wait, &mut opening).await {
                Err(_) => continue,
                Ok(Err(e)) => return Err(classify(e)),
                Ok(Ok(stream)) => break stream,
            }
        };
        let mut text = String::new();
        let mut calls: BTreeMap<u32, ToolCall> = BTreeMap::new();
        let mut finish = None;
        let mut usage = Usage::default();
        let mut answering = false;
        let mut answered_at: Option<Duration> = None;
        let mut arguments_bytes = 0usize;
        // The first words are shown at once; more at most every DELTA_EVERY.
        let mut shown_at: Option<tokio::time::Instant> = None;
        loop {
            let next = if answering {
                match tokio::time::timeout(idle, stream.next()).await {
                    Err(_) => return Err(Failure::Retry(format!("the stream stalled for {} ms", idle.as_millis()))),
                    Ok(next) => next,
                }
            } else {
                let wait = wait_before_answer(&mut told_reading, observer)?;
                match tokio::time::timeout(wait, stream.next()).await {
                    Err(_) => continue,
                    Ok(next) => next,
                }
            };
            let Some(chunk) = next else {
                show(&text, shown, observer);
                break;
            };
            let chunk = chunk.map_err(classify)?;
            if let Some(u) = chunk.usage {
                usage = Usage {
                    prompt_tokens: u.prompt_tokens,
                    completion_tokens: u.completion_tokens,
                    cached_tokens: u.prompt_tokens_details.and_then(|d| d.cached_tokens).unwrap_or(0),
                };
            }
            // A server may open the stream (and send the role) before it has read the prompt:
            // the answer has started with its first words, call or finish.
            answering |= chunk.choices.iter().any(|c| {
                c.delta.content.as_deref().is_some_and(|t| !t.is_empty())
                    || c.delta.tool_calls.as_ref().is_some_and(|t| !t.is_empty())
                    || c.finish_reason.is_some()
            });
            if answering && answered_at.is_none() {
                answered_at = Some(started_at.elapsed());
            }
            for choice in chunk.choices.into_iter().filter(|c| c.index == 0) {
                if let Some(piece) = choice.delta.content.filter(|p| !p.is_empty()) {
                    text.push_str(&piece);
                    if shown_at.is_none_or(|at| at.elapsed() >= DELTA_EVERY) {
                        show(&text, shown, observer);
                        shown_at = Some(tokio::time::Instant::now());
                    }
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
                            arguments_bytes += arguments.len();
                            call.arguments.push_str(&arguments);
                        }
                    }
                }
                let limit = self.config.max_answer_bytes;
                if text.len() + arguments_bytes > limit {
                    return Err(Failure::Fatal(LlmError::AnswerTooLong { limit }));
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
        let first_byte_ms = answered_at.unwrap_or_else(|| started_at.elapsed()).as_millis() as u32;
        Ok(Completion { text, tool_calls, finish, usage, attempts: 1, first_byte_ms })
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
        // Only what is new is copied: the words shown so far stay where they are.
        observer.delta(&text[shown.len()..]);
        shown.push_str(&text[shown.len()..]);
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
            let code = api.api_error.code.clone().unwrap_or_default();
            server_error(status, &api.api_error.message, &code)
        }
        OpenAIError::Reqwest(e) => Failure::Retry(format!("connection: {e}")),
        OpenAIError::StreamError(e) => Failure::Retry(format!("stream: {e}")),
        // An error body or chunk the library could not read: llama.cpp and others give `code`
        // as a number, and send errors as chunks of the stream.
        OpenAIError::JSONDeserialize(e, content) => match wire_error(&content) {
            Some((status, message, kind)) => server_error(status, &message, &kind),
            None => Failure::Retry(format!("malformed chunk: {e}")),
        },
        OpenAIError::InvalidArgument(e) => Failure::Fatal(LlmError::Request(e)),
        other => Failure::Retry(other.to_string()),
    }
}

/// `{"error": {"code": 400 | "…", "message": "…", "type": "…"}}` as status, message and kind.
fn wire_error(content: &str) -> Option<(u16, String, String)> {
    let value: serde_json::Value = serde_json::from_str(content).ok()?;
    let error = value.get("error")?;
    let message = error.get("message").and_then(|m| m.as_str()).or_else(|| error.as_str())?.to_string();
    let code = error.get("code");
    let status = code.and_then(|c| c.as_u64()).and_then(|c| u16::try_from(c).ok()).unwrap_or(0);
    let kind = [error.get("type"), code.filter(|c| c.is_string())]
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    Some((status, message, kind))
}

/// Whether a server's error passes: a prompt longer than the context window never does, so it
/// is said as what it is, not retried.
fn server_error(status: u16, message: &str, kind: &str) -> Failure {
    let said = format!("{message} {kind}").to_lowercase();
    let context = ["context size", "context length", "context window", "context_length", "exceed_context", "n_ctx"];
    if context.iter().any(|c| said.contains(c)) {
        return Failure::Fatal(LlmError::ContextExceeded { detail: message.to_string() });
    }
    match status {
        408 | 409 | 425 | 429 | 500..=599 => Failure::Retry(format!("HTTP {status}: {message}")),
        // An error chunk without a status: the server failed while answering.
        0 => Failure::Retry(message.to_string()),
        401 | 403 => Failure::Fatal(LlmError::Unauthorized { status }),
        _ => Failure::Fatal(LlmError::Rejected { status, message: message.to_string() }),
    }
}
