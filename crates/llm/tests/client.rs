//! The real `async-openai` client path against the scripted OpenAI-protocol server: streaming,
//! parallel tool calls, every injected fault, and what the requests carried.

use specwright_llm::mock::{Fault, MockServer, Reply, Step};
use specwright_llm::{FinishReason, LlmClient, LlmConfig, LlmError, Message, Observer, ToolSpec};
use std::time::Duration;

#[derive(Default)]
struct Seen {
    text: String,
    deltas: usize,
    retries: Vec<String>,
    restarts: usize,
    reading: usize,
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
        self.restarts += 1;
        self.text.clear();
    }
    fn reading(&mut self, _prompt_tokens: u32) {
        self.reading += 1;
    }
}

fn client(server: &MockServer) -> LlmClient {
    let mut config = LlmConfig::new(server.url(), "gpt-4o-mini");
    config.api_key = Some("sk-test-not-a-real-key".into());
    config.idle_timeout = Duration::from_millis(400);
    config.first_byte_timeout = Duration::from_secs(10);
    config.backoff_base = Duration::from_millis(5);
    config.backoff_max = Duration::from_millis(20);
    config.max_attempts = 4;
    LlmClient::new(config)
}

fn conversation() -> Vec<Message> {
    vec![
        Message::System { text: "You write browser tests.".into() },
        Message::User { text: "로그인 시나리오를 만들어 주세요.".into() },
    ]
}

fn click_tool() -> ToolSpec {
    ToolSpec {
        name: "browser_click".into(),
        description: "Click an element by its snapshot ref.".into(),
        parameters: serde_json::json!({
            "type": "object",
            "properties": {"ref": {"type": "string"}},
            "required": ["ref"],
            "additionalProperties": false
        }),
    }
}

const ANSWER: &str = "로그인 화면에서 이메일과 비밀번호를 입력합니다.";

#[tokio::test]
async fn text_streams_in_deltas_with_usage() {
    let server = MockServer::start(vec![Step::Reply(Reply::Text(ANSWER.into()))]).await.unwrap();
    let mut seen = Seen::default();
    let done = client(&server).complete(&conversation(), &[], &mut seen).await.unwrap();
    assert_eq!(done.text, ANSWER);
    assert_eq!(seen.text, ANSWER);
    // The mock sends its 4-character pieces at once: they reach the observer batched, not one
    // event per chunk (a person reads a few words a second).
    assert!(seen.deltas >= 1 && seen.deltas <= 2, "batched: {} deltas", seen.deltas);
    assert_eq!(done.finish, FinishReason::Stop);
    assert_eq!((done.usage.prompt_tokens, done.usage.completion_tokens), (120, 30));
    assert!(done.usage.cost_usd("gpt-4o-mini").unwrap() > 0.0);
    assert_eq!(done.attempts, 1);
    let sent = &server.requests()[0];
    assert_eq!(sent["stream"], true);
    assert_eq!(sent["messages"][1]["content"], "로그인 시나리오를 만들어 주세요.");
}

#[tokio::test]
async fn parallel_tool_calls_are_assembled_from_fragments() {
    let calls = vec![
        ("browser_click".to_string(), r#"{"ref":"e12"}"#.to_string()),
        ("browser_click".to_string(), r#"{"ref":"e13"}"#.to_string()),
    ];
    let server = MockServer::start(vec![Step::Reply(Reply::TextThenTools("먼저 ".into(), calls))]).await.unwrap();
    let mut seen = Seen::default();
    let done = client(&server).complete(&conversation(), &[click_tool()], &mut seen).await.unwrap();
    assert_eq!(done.finish, FinishReason::ToolCalls);
    assert_eq!(done.text, "먼저 ");
    assert_eq!(done.tool_calls.len(), 2);
    assert_eq!(done.tool_calls[0].id, "call_mock_0");
    assert_eq!(done.tool_calls[1].parsed_arguments().unwrap()["ref"], "e13");
    let sent = &server.requests()[0];
    assert_eq!(sent["tools"][0]["function"]["name"], "browser_click");
    assert_eq!(sent["tools"][0]["function"]["strict"], true);
}

#[tokio::test]
async fn rate_limits_server_errors_hangs_and_malformed_chunks_are_retried() {
    let server = MockServer::start(vec![
        Step::Fault(Fault::Status(429)),
        Step::Fault(Fault::Status(503)),
        Step::Fault(Fault::Malformed),
        Step::Reply(Reply::Text(ANSWER.into())),
    ])
    .await
    .unwrap();
    let mut seen = Seen::default();
    let done = client(&server).complete(&conversation(), &[], &mut seen).await.unwrap();
    assert_eq!(done.text, ANSWER);
    assert_eq!(done.attempts, 4, "{:?} {}", seen.retries, server.requests().len());
    assert_eq!(seen.retries.len(), 3, "{:?}", seen.retries);
    assert!(seen.retries[0].contains("429") && seen.retries[1].contains("503"), "{:?}", seen.retries);

    let server = MockServer::start(vec![
        Step::Fault(Fault::Hang(Duration::from_millis(1500))),
        Step::Reply(Reply::Text(ANSWER.into())),
    ])
    .await
    .unwrap();
    let mut seen = Seen::default();
    let done = client(&server).complete(&conversation(), &[], &mut seen).await.unwrap();
    assert_eq!((done.text.as_str(), done.attempts), (ANSWER, 2));
    // Silence before the first byte is not a stall (the server may be reading the prompt):
    // the attempt failed only when the server closed the connection.
    assert!(seen.retries[0].contains("connection"), "{:?}", seen.retries);
}

#[tokio::test]
async fn a_server_past_the_first_byte_limit_is_not_asked_again() {
    let server = MockServer::start(vec![
        Step::Fault(Fault::Hang(Duration::from_secs(6))),
        Step::Reply(Reply::Text(ANSWER.into())),
    ])
    .await
    .unwrap();
    let mut config = LlmConfig::new(server.url(), "local-model");
    config.first_byte_timeout = Duration::from_millis(3500);
    let mut seen = Seen::default();
    let e = LlmClient::new(config).complete(&conversation(), &[], &mut seen).await.unwrap_err();
    assert!(matches!(e, LlmError::Slow { seconds: 3 }), "{e:?}");
    assert_eq!(e.code(), "llm_slow");
    assert_eq!(server.requests().len(), 1, "a retry would make the server read the whole prompt again");
    assert_eq!(seen.reading, 1, "the person was told the model is reading, once");
    assert!(seen.retries.is_empty(), "{:?}", seen.retries);
}

#[tokio::test]
async fn an_error_chunk_with_a_numeric_code_is_read_as_the_server_said_it() {
    // llama.cpp's shape: the prompt outgrew the window; no retry can fit it.
    const TOO_LONG: &str = r#"{"error":{"code":400,"message":"request (9120 tokens) exceeds the available context size (8192 tokens), try increasing it","type":"exceed_context_size_error"}}"#;
    let server =
        MockServer::start(vec![Step::Fault(Fault::ErrorChunk(TOO_LONG)), Step::Reply(Reply::Text(ANSWER.into()))])
            .await
            .unwrap();
    let mut seen = Seen::default();
    let e = client(&server).complete(&conversation(), &[], &mut seen).await.unwrap_err();
    assert!(matches!(&e, LlmError::ContextExceeded { detail } if detail.contains("8192")), "{e:?}");
    assert_eq!(e.code(), "llm_context");
    assert_eq!(server.requests().len(), 1, "not retried");
    assert!(seen.retries.is_empty());

    // A server failing mid-answer (a chunk with a 5xx code, or none) passes: it is retried.
    const BUSY: &str = r#"{"error":{"code":503,"message":"Loading model","type":"unavailable_error"}}"#;
    let server = MockServer::start(vec![Step::Fault(Fault::ErrorChunk(BUSY)), Step::Reply(Reply::Text(ANSWER.into()))])
        .await
        .unwrap();
    let mut seen = Seen::default();
    let done = client(&server).complete(&conversation(), &[], &mut seen).await.unwrap();
    assert_eq!((done.text.as_str(), done.attempts), (ANSWER, 2));
    assert!(seen.retries[0].contains("Loading model"), "{:?}", seen.retries);
}

#[tokio::test]
async fn a_stream_cut_mid_answer_is_retried_without_showing_text_twice() {
    let server = MockServer::start(vec![Step::Fault(Fault::CutAfter(4)), Step::Reply(Reply::Text(ANSWER.into()))])
        .await
        .unwrap();
    let mut seen = Seen::default();
    let done = client(&server).complete(&conversation(), &[], &mut seen).await.unwrap();
    assert_eq!(done.text, ANSWER);
    assert_eq!(seen.text, ANSWER, "every character shown exactly once");
    assert_eq!(seen.restarts, 0);
    assert_eq!(done.attempts, 2);
    assert!(seen.retries[0].contains("ended before the answer"), "{:?}", seen.retries);
}

#[tokio::test]
async fn a_refused_key_is_not_retried_and_a_dead_server_gives_up_after_the_attempts() {
    let server =
        MockServer::start(vec![Step::Fault(Fault::Status(401)), Step::Reply(Reply::Text("x".into()))]).await.unwrap();
    let mut seen = Seen::default();
    let e = client(&server).complete(&conversation(), &[], &mut seen).await.unwrap_err();
    assert!(matches!(e, LlmError::Unauthorized { status: 401 }), "{e:?}");
    assert_eq!(server.requests().len(), 1, "no retry on a refused key");
    assert!(e.to_string().contains("check it in Settings"));

    let server = MockServer::start(vec![Step::Fault(Fault::Status(500)); 4]).await.unwrap();
    let e = client(&server).complete(&conversation(), &[], &mut Seen::default()).await.unwrap_err();
    assert!(matches!(e, LlmError::Exhausted { attempts: 4, .. }), "{e:?}");
    assert_eq!(e.code(), "llm_unavailable");
}

#[tokio::test]
async fn malformed_tool_arguments_and_wrong_tool_names_reach_the_caller_to_answer_back() {
    let calls = vec![("browser_clik".to_string(), r#"{"ref": e12"#.to_string())];
    let server = MockServer::start(vec![Step::Reply(Reply::ToolCalls(calls))]).await.unwrap();
    let done = client(&server).complete(&conversation(), &[click_tool()], &mut Seen::default()).await.unwrap();
    let call = &done.tool_calls[0];
    assert_eq!(call.name, "browser_clik");
    let error = call.parsed_arguments().unwrap_err();
    assert!(error.contains("not valid JSON") && error.contains("browser_clik"), "{error}");
}

#[tokio::test]
async fn the_api_key_goes_in_the_header_never_in_a_body_or_debug_output() {
    let server = MockServer::start(vec![Step::Reply(Reply::Text("ok".into()))]).await.unwrap();
    let mut config = LlmConfig::new(server.url(), "local-model");
    config.api_key = Some("sk-secret-123".into());
    assert!(!format!("{config:?}").contains("sk-secret-123"));
    LlmClient::new(config).complete(&conversation(), &[], &mut Seen::default()).await.unwrap();
    assert!(!server.requests()[0].to_string().contains("sk-secret-123"));
    assert!(specwright_llm::Usage { prompt_tokens: 1, completion_tokens: 1, cached_tokens: 0 }
        .cost_usd("local-model")
        .is_none());
}

/// 200 calls with a fault injected before 20% of them (seeded): every call completes with the
/// whole answer, each fault costs exactly one retry the observer saw, and nothing panics.
#[tokio::test]
async fn two_hundred_calls_with_one_in_five_faulted_all_complete() {
    let mut state: u64 = 0x2545_f491;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut script = Vec::new();
    let mut faults = 0;
    for i in 0..200 {
        if next() % 5 == 0 {
            faults += 1;
            script.push(Step::Fault(match next() % 5 {
                0 => Fault::Status(429),
                1 => Fault::Status(500),
                2 => Fault::CutAfter(3),
                3 => Fault::Malformed,
                _ => Fault::Hang(Duration::from_millis(450)),
            }));
        }
        script.push(Step::Reply(Reply::Text(format!("답변 {i}: {ANSWER}"))));
    }
    let server = MockServer::start(script).await.unwrap();
    let llm = client(&server);
    let mut retries = 0;
    for i in 0..200 {
        let mut seen = Seen::default();
        let done = llm.complete(&conversation(), &[], &mut seen).await.unwrap();
        assert_eq!(done.text, format!("답변 {i}: {ANSWER}"));
        assert_eq!(seen.text, done.text, "call {i}: shown once, whole");
        retries += seen.retries.len();
    }
    assert!(faults >= 30, "{faults}");
    assert_eq!(retries, faults);
    assert_eq!(server.steps_left(), 0);
    println!("200 calls, {faults} faults injected, {retries} retries, 200 completed");
}

/// An answer past the limit ends the call at once, unused and not asked again: a server that
/// streams megabytes (a hostile one, a model stuck repeating) never makes the run copy or send
/// them back.
#[tokio::test]
async fn an_answer_past_the_limit_is_cut_off_and_not_retried() {
    let huge = format!("{{\"note\": \"{}\"}}", "x".repeat(64 * 1024));
    let server = MockServer::start(vec![
        Step::Reply(Reply::ToolCalls(vec![("record_assumption".into(), huge)])),
        Step::Reply(Reply::Text(ANSWER.into())),
    ])
    .await
    .unwrap();
    let mut seen = Seen::default();
    let mut config = LlmConfig::new(server.url(), "gpt-4o-mini");
    config.api_key = Some("sk-test-not-a-real-key".into());
    config.max_answer_bytes = 32 * 1024;
    config.backoff_base = Duration::from_millis(5);
    let client = LlmClient::new(config);
    let error = client.complete(&conversation(), &[], &mut seen).await.unwrap_err();
    assert_eq!(error.code(), "llm_answer_too_long", "{error}");
    assert_eq!(specwright_llm::LlmConfig::new("http://x", "m").max_answer_bytes, specwright_llm::MAX_ANSWER_BYTES);
    assert_eq!(server.requests().len(), 1, "not asked again");
}
