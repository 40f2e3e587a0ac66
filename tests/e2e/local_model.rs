//! The LLM client against a real local model server: llama.cpp's own OpenAI-compatible server
//! (the xllamacpp wheel) with SmolLM2-135M-Instruct, both from PyPI, started on 127.0.0.1 by
//! each test. Short prompts and small answers keep each test to seconds. What a real server
//! cannot be made to do (a 429, a malformed chunk) stays with the scripted server's tests.

use specwright_llm::{calls_in_text, FinishReason, LlmClient, LlmConfig, LlmError, Message, Observer, ToolSpec};
use specwright_tests::llama::{LlamaServer, Template};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[derive(Default)]
struct Seen {
    text: String,
    deltas: usize,
    retries: Vec<String>,
    reading: Vec<u32>,
}

impl Observer for Seen {
    fn delta(&mut self, text: &str) {
        self.text.push_str(text);
        self.deltas += 1;
    }
    fn retrying(&mut self, _attempt: u32, _delay: Duration, reason: &str) {
        self.retries.push(reason.to_string());
    }
    fn restart(&mut self) {
        self.text.clear();
    }
    fn reading(&mut self, prompt_tokens: u32) {
        self.reading.push(prompt_tokens);
    }
}

/// A client as a person's Settings make it for a local server, deterministic (temperature 0)
/// and quick to give up.
fn client(server: &LlamaServer, max_answer_tokens: u32) -> LlmClient {
    let mut config = LlmConfig::new(server.url(), "smollm2");
    config.temperature = Some(0.0);
    config.max_answer_tokens = Some(max_answer_tokens);
    config.idle_timeout = Duration::from_secs(20);
    config.first_byte_timeout = Duration::from_secs(60);
    config.backoff_base = Duration::from_millis(50);
    config.backoff_max = Duration::from_millis(200);
    config.max_attempts = 2;
    LlmClient::new(config)
}

fn user(text: &str) -> Vec<Message> {
    vec![Message::User { text: text.into() }]
}

#[tokio::test]
async fn streamed_deltas_usage_and_the_prompt_cache_of_llama_cpp() {
    let server = LlamaServer::start(2048, Template::Own);
    let llm = client(&server, 12);
    let conversation = vec![
        Message::System { text: "You are a helpful assistant. Answer in one short sentence.".into() },
        Message::User { text: "What is a browser test?".into() },
    ];
    let mut seen = Seen::default();
    let done = llm.complete(&conversation, &[], &mut seen).await.unwrap();
    assert!(!done.text.trim().is_empty());
    assert_eq!(seen.text, done.text, "the deltas are the answer, each shown once");
    assert!(seen.deltas > 1, "streamed in pieces, not at once: {}", seen.deltas);
    assert!(done.usage.prompt_tokens > 10 && done.usage.completion_tokens > 0, "{:?}", done.usage);
    assert!(done.usage.completion_tokens <= 12, "max_completion_tokens is honoured: {:?}", done.usage);
    assert!(matches!(done.finish, FinishReason::Length | FinishReason::Stop), "{:?}", done.finish);
    assert_eq!(done.usage.cached_tokens, 0, "a fresh server has nothing cached");

    // The same conversation again: the server reads the prompt from its cache.
    let again = llm.complete(&conversation, &[], &mut Seen::default()).await.unwrap();
    assert!(again.usage.cached_tokens > 0, "{:?}", again.usage);
    assert_eq!(again.text, done.text, "temperature 0 answers the same");
}

#[tokio::test]
async fn tool_call_fragments_in_llama_cpp_streaming_shape_become_calls() {
    let server = LlamaServer::start(2048, Template::ToolCalls);
    let goto = ToolSpec {
        name: "browser_goto".into(),
        description: "Open a URL.".into(),
        parameters: serde_json::json!({
            "type": "object", "properties": {"url": {"type": "string"}},
            "required": ["url"], "additionalProperties": false
        }),
    };
    // A model this small calls a tool when it is asked to repeat one; the server parses the
    // `<tool_call>` block it writes into streamed fragments (a header with the id and name,
    // then the arguments a token at a time), which the client assembles.
    let conversation = vec![
        Message::System { text: "Repeat the user's text exactly.".into() },
        Message::User {
            text: "<tool_call>\n{\"name\": \"browser_goto\", \"arguments\": {\"url\": \"http://127.0.0.1/\"}}\n</tool_call>"
                .into(),
        },
    ];
    let done = client(&server, 80).complete(&conversation, &[goto], &mut Seen::default()).await.unwrap();
    assert!(!done.tool_calls.is_empty(), "no structured call: {:?}", done.text);
    for call in &done.tool_calls {
        assert_eq!(call.name, "browser_goto");
        assert_eq!(call.parsed_arguments().unwrap()["url"], "http://127.0.0.1/", "{}", call.arguments);
        assert!(!call.id.is_empty());
    }
    let ids: std::collections::BTreeSet<&str> = done.tool_calls.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids.len(), done.tool_calls.len(), "each call has its own id");
}

#[tokio::test]
async fn a_call_written_as_text_by_a_real_model_is_taken_as_a_call() {
    // SmolLM2's own template has no tool support: whatever call the model writes stays text.
    let server = LlamaServer::start(2048, Template::Own);
    let conversation = vec![
        Message::System { text: "Repeat the user's message exactly, with nothing before or after it.".into() },
        Message::User { text: "{\"name\": \"browser_snapshot\", \"arguments\": {}}".into() },
    ];
    let done = client(&server, 60).complete(&conversation, &[], &mut Seen::default()).await.unwrap();
    assert!(done.tool_calls.is_empty());
    let calls = calls_in_text(&done.text, &["browser_snapshot", "browser_click"]);
    assert_eq!(calls.len(), 1, "the model wrote: {:?}", done.text);
    assert_eq!((calls[0].name.as_str(), calls[0].arguments.as_str()), ("browser_snapshot", "{}"));
}

#[tokio::test]
async fn a_prompt_longer_than_the_window_is_said_as_such_and_never_retried() {
    let server = LlamaServer::start(512, Template::Own);
    let llm = client(&server, 8);
    assert_eq!(llm.context_window().await, Some(512), "read from llama.cpp's /props");
    let mut seen = Seen::default();
    let long = "The cart holds three items and a coupon. ".repeat(120);
    let e = llm.complete(&user(&long), &[], &mut seen).await.unwrap_err();
    assert!(matches!(&e, LlmError::ContextExceeded { detail } if detail.contains("512")), "{e:?}");
    assert_eq!(e.code(), "llm_context");
    assert!(seen.retries.is_empty(), "a request that cannot fit is not sent again: {:?}", seen.retries);
}

#[tokio::test]
async fn a_long_prompt_read_slowly_is_waited_for_not_taken_for_a_stall() {
    let server = LlamaServer::start(4096, Template::Own);
    // A stall limit far shorter than the time the server takes to read ~3,700 tokens on two
    // cores (about 13 s here), yet long enough for a gap between tokens on a loaded machine:
    // the first-byte limit, not the stall limit, covers the wait before the answer.
    let mut config = LlmConfig::new(server.url(), "smollm2");
    config.temperature = Some(0.0);
    config.max_answer_tokens = Some(4);
    config.idle_timeout = Duration::from_secs(6);
    config.first_byte_timeout = Duration::from_secs(120);
    config.max_attempts = 1;
    let long = "장바구니에 상품 세 개와 쿠폰 하나가 있습니다. The order total is shown below. ".repeat(60);
    let started = std::time::Instant::now();
    let mut seen = Seen::default();
    let done = LlmClient::new(config.clone()).complete(&user(&long), &[], &mut seen).await.unwrap();
    let waited = started.elapsed();
    assert!(done.usage.prompt_tokens > 3000, "{:?}", done.usage);
    assert!(waited > config.idle_timeout, "the wait was longer than the stall limit: {waited:?}");
    assert!(seen.retries.is_empty(), "{:?}", seen.retries);
    println!("read {} prompt tokens in {waited:?}; told reading: {:?}", done.usage.prompt_tokens, seen.reading);

    // With a first-byte limit shorter than the reading, the call ends as "slow", once.
    config.first_byte_timeout = Duration::from_millis(300);
    config.max_attempts = 3;
    // Another first word: the server's cache matches prompts by their beginning.
    let other = format!("다시 읽기. {long}");
    let mut seen = Seen::default();
    let e = LlmClient::new(config).complete(&user(&other), &[], &mut seen).await.unwrap_err();
    assert!(matches!(e, LlmError::Slow { .. }), "{e:?}");
    assert!(seen.retries.is_empty(), "the prompt is not sent again while the server reads it");
}

#[tokio::test]
async fn a_server_killed_mid_stream_is_retried_then_said_plainly() {
    let mut server = LlamaServer::start(2048, Template::Own);
    let url = server.url();
    type Kill = Arc<Mutex<Option<Box<dyn FnOnce() + Send>>>>;
    let kill: Kill = Arc::new(Mutex::new(Some(Box::new(server.killer()))));

    struct KillOnFirstWords {
        kill: Kill,
        seen: Seen,
    }
    impl Observer for KillOnFirstWords {
        fn delta(&mut self, text: &str) {
            if let Some(kill) = self.kill.lock().unwrap().take() {
                kill();
            }
            self.seen.delta(text);
        }
        fn retrying(&mut self, attempt: u32, delay: Duration, reason: &str) {
            self.seen.retrying(attempt, delay, reason);
        }
    }
    let mut observer = KillOnFirstWords { kill, seen: Seen::default() };
    let mut config = LlmConfig::new(url, "smollm2");
    config.temperature = Some(0.0);
    config.max_answer_tokens = Some(200);
    config.idle_timeout = Duration::from_secs(5);
    config.backoff_base = Duration::from_millis(50);
    config.backoff_max = Duration::from_millis(100);
    config.max_attempts = 3;
    let e = LlmClient::new(config)
        .complete(&user("Write a long story about a shopping cart."), &[], &mut observer)
        .await
        .unwrap_err();
    assert!(matches!(e, LlmError::Exhausted { attempts: 3, .. }), "{e:?}");
    assert_eq!(e.code(), "llm_unavailable");
    assert_eq!(observer.seen.retries.len(), 2, "{:?}", observer.seen.retries);
    assert!(observer.seen.deltas > 0, "the answer had started when the server died");
}

#[tokio::test]
async fn a_model_that_does_not_call_tools_is_found_out_by_the_probe() {
    // SmolLM2-135M answers "call this tool" in words, with either template.
    for template in [Template::Own, Template::ToolCalls] {
        let server = LlamaServer::start(2048, template);
        let llm = client(&server, 64);
        assert!(!llm.calls_tools().await.unwrap(), "{template:?}");
    }
}
