//! A scripted OpenAI-compatible server on 127.0.0.1 for tests: it speaks the real wire protocol
//! (`POST /v1/chat/completions`, SSE chunks, `data: [DONE]`), answers each request with the next
//! scripted reply, can inject the faults real servers have (429, 500, a hang, a cut stream, a
//! malformed chunk), and keeps every request body so a test can check what was sent.

use serde_json::{json, Value};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// What the model answers.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    Text(String),
    /// Tool calls (name, arguments as written), in one answer: parallel calls.
    ToolCalls(Vec<(String, String)>),
    /// Some text, then tool calls.
    TextThenTools(String, Vec<(String, String)>),
}

/// What goes wrong instead of (or in the middle of) the reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    Status(u16),
    /// Accept the request and say nothing for this long, then close.
    Hang(Duration),
    /// Send this many chunks of the reply, then drop the connection.
    CutAfter(usize),
    /// Send one chunk that is not JSON, then close.
    Malformed,
    /// Open the stream, then send this error as a chunk (llama.cpp's shape:
    /// `{"error": {"code": 400, "message": …}}`, `code` a number), then close.
    ErrorChunk(&'static str),
}

/// Computes a reply from the request (e.g. the ref of a button in the last snapshot the
/// client sent), for scripts that drive a real page.
pub type Responder = Arc<dyn Fn(&Value) -> Reply + Send + Sync>;

#[derive(Clone)]
pub enum Step {
    Reply(Reply),
    Fault(Fault),
    Respond(Responder),
}

impl std::fmt::Debug for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Step::Reply(r) => f.debug_tuple("Reply").field(r).finish(),
            Step::Fault(x) => f.debug_tuple("Fault").field(x).finish(),
            Step::Respond(_) => f.write_str("Respond(..)"),
        }
    }
}

#[derive(Clone)]
struct Shared {
    script: Arc<Mutex<VecDeque<Step>>>,
    requests: Arc<Mutex<Vec<Value>>>,
    /// The `Authorization` header of each request (None when it had none).
    authorizations: Arc<Mutex<Vec<Option<String>>>>,
    usage: (u32, u32),
    /// Whether the model answers the engine's tool probe with a call; probes are answered
    /// outside the script and not kept among `requests`.
    calls_tools: Arc<std::sync::atomic::AtomicBool>,
    probes: Arc<std::sync::atomic::AtomicU32>,
}

pub struct MockServer {
    url: String,
    shared: Shared,
    task: tokio::task::JoinHandle<()>,
}

impl MockServer {
    /// Serves `script`, one step per request, in order.
    pub async fn start(script: Vec<Step>) -> std::io::Result<Self> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let url = format!("http://{}/v1", listener.local_addr()?);
        let shared = Shared {
            script: Arc::new(Mutex::new(script.into())),
            requests: Arc::new(Mutex::new(Vec::new())),
            authorizations: Arc::new(Mutex::new(Vec::new())),
            usage: (120, 30),
            calls_tools: Arc::new(std::sync::atomic::AtomicBool::new(true)),
            probes: Arc::new(std::sync::atomic::AtomicU32::new(0)),
        };
        let serving = shared.clone();
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(serve(stream, serving.clone()));
            }
        });
        Ok(MockServer { url, shared, task })
    }

    /// The base URL a client is configured with (`http://127.0.0.1:PORT/v1`).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Adds steps at the end of the script.
    pub fn push(&self, steps: impl IntoIterator<Item = Step>) {
        self.shared.script.lock().unwrap_or_else(|p| p.into_inner()).extend(steps);
    }

    /// Every request body received, in order.
    pub fn requests(&self) -> Vec<Value> {
        self.shared.requests.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// The `Authorization` header of every request, in order (what the key reached).
    pub fn authorizations(&self) -> Vec<Option<String>> {
        self.shared.authorizations.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Makes the model one that never calls tools (it answers the probe in words).
    pub fn without_tool_calls(&self) {
        self.shared.calls_tools.store(false, std::sync::atomic::Ordering::SeqCst);
    }

    /// Tool probes answered so far.
    pub fn probes(&self) -> u32 {
        self.shared.probes.load(std::sync::atomic::Ordering::SeqCst)
    }

    pub fn steps_left(&self) -> usize {
        self.shared.script.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

impl Drop for MockServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The request's path, its JSON body (`Null` when it has none) and its `Authorization` header.
async fn read_request(stream: &mut TcpStream) -> Option<(String, Value, Option<String>)> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let header_end = loop {
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
        if let Some(pos) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break pos + 4;
        }
        if buf.len() > 1 << 20 {
            return None;
        }
    };
    let raw_head = String::from_utf8_lossy(&buf[..header_end]).to_string();
    let path = raw_head.split_whitespace().nth(1).unwrap_or_default().to_string();
    let authorization = raw_head.lines().find_map(|l| {
        let (name, value) = l.split_once(':')?;
        name.trim().eq_ignore_ascii_case("authorization").then(|| value.trim().to_string())
    });
    let head = raw_head.to_lowercase();
    let length: usize =
        head.lines().find_map(|l| l.strip_prefix("content-length:")).and_then(|v| v.trim().parse().ok()).unwrap_or(0);
    while buf.len() < header_end + length {
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let body =
        if length == 0 { Value::Null } else { serde_json::from_slice(&buf[header_end..header_end + length]).ok()? };
    Some((path, body, authorization))
}

async fn serve(mut stream: TcpStream, shared: Shared) {
    let Some((path, body, authorization)) = read_request(&mut stream).await else { return };
    // Only chat completions are scripted; what a client asks of a local server besides (its
    // context window at /props, /api/show) is not found, as on a hosted API.
    if !path.ends_with("/chat/completions") {
        let _ = respond_status(&mut stream, 404, "not found").await;
        let _ = stream.shutdown().await;
        return;
    }
    let tools = body["tools"].as_array().cloned().unwrap_or_default();
    if tools.len() == 1 && tools[0]["function"]["name"] == crate::PROBE_TOOL {
        shared.probes.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let reply = if shared.calls_tools.load(std::sync::atomic::Ordering::SeqCst) {
            Reply::ToolCalls(vec![(crate::PROBE_TOOL.to_string(), "{}".to_string())])
        } else {
            Reply::Text("I am ready to help you with your browser tasks!".into())
        };
        let _ = write_reply(&mut stream, &reply, "mock", shared.usage).await;
        let _ = stream.shutdown().await;
        return;
    }
    shared.requests.lock().unwrap_or_else(|p| p.into_inner()).push(body.clone());
    shared.authorizations.lock().unwrap_or_else(|p| p.into_inner()).push(authorization);
    let step = shared.script.lock().unwrap_or_else(|p| p.into_inner()).pop_front();
    let model = body["model"].as_str().unwrap_or("mock").to_string();
    let (reply, fault) = match step {
        Some(Step::Reply(reply)) => (reply, None),
        Some(Step::Respond(respond)) => (respond(&body), None),
        Some(Step::Fault(Fault::CutAfter(n))) => {
            // A cut stream still starts the reply the next step would have given.
            let next = shared.script.lock().unwrap_or_else(|p| p.into_inner()).front().cloned();
            match next {
                Some(Step::Reply(reply)) => (reply, Some(Fault::CutAfter(n))),
                _ => (Reply::Text(String::new()), Some(Fault::CutAfter(n))),
            }
        }
        Some(Step::Fault(fault)) => (Reply::Text(String::new()), Some(fault)),
        None => {
            let _ = respond_status(&mut stream, 500, "the mock server's script is empty").await;
            return;
        }
    };
    match fault {
        Some(Fault::Status(code)) => {
            let _ = respond_status(&mut stream, code, "injected fault").await;
        }
        Some(Fault::Hang(for_how_long)) => {
            tokio::time::sleep(for_how_long).await;
        }
        Some(Fault::Malformed) => {
            let _ = start_sse(&mut stream).await;
            let _ = stream.write_all(b"data: {\"choices\": [ this is not json\n\n").await;
        }
        Some(Fault::ErrorChunk(error)) => {
            let _ = start_sse(&mut stream).await;
            let _ = stream.write_all(format!("data: {error}\n\n").as_bytes()).await;
        }
        Some(Fault::CutAfter(n)) => {
            let _ = start_sse(&mut stream).await;
            for chunk in chunks(&reply, &model, shared.usage).into_iter().take(n) {
                let _ = stream.write_all(format!("data: {chunk}\n\n").as_bytes()).await;
            }
            let _ = stream.flush().await;
        }
        None => {
            if write_reply(&mut stream, &reply, &model, shared.usage).await.is_err() {
                return;
            }
        }
    }
    let _ = stream.shutdown().await;
}

async fn respond_status(stream: &mut TcpStream, code: u16, message: &str) -> std::io::Result<()> {
    let body = json!({"error": {"message": message, "type": "mock_error", "param": null, "code": null}}).to_string();
    let head = format!(
        "HTTP/1.1 {code} Mock\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(body.as_bytes()).await
}

/// A whole streamed reply: the SSE head, its chunks, `[DONE]`.
async fn write_reply(stream: &mut TcpStream, reply: &Reply, model: &str, usage: (u32, u32)) -> std::io::Result<()> {
    start_sse(stream).await?;
    for chunk in chunks(reply, model, usage) {
        stream.write_all(format!("data: {chunk}\n\n").as_bytes()).await?;
    }
    stream.write_all(b"data: [DONE]\n\n").await
}

async fn start_sse(stream: &mut TcpStream) -> std::io::Result<()> {
    stream
        .write_all(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\nconnection: close\r\n\r\n")
        .await
}

fn chunk(model: &str, delta: Value, finish: Option<&str>) -> String {
    json!({
        "id": "chatcmpl-mock", "object": "chat.completion.chunk", "created": 1_700_000_000u32, "model": model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]
    })
    .to_string()
}

/// The SSE data lines of a reply: text in small pieces (on character boundaries), each tool
/// call as a header fragment then its arguments in two, a finish chunk, and a usage chunk.
fn chunks(reply: &Reply, model: &str, usage: (u32, u32)) -> Vec<String> {
    let (text, calls) = match reply {
        Reply::Text(t) => (t.as_str(), &[][..]),
        Reply::ToolCalls(c) => ("", c.as_slice()),
        Reply::TextThenTools(t, c) => (t.as_str(), c.as_slice()),
    };
    let mut out = vec![chunk(model, json!({"role": "assistant", "content": ""}), None)];
    let chars: Vec<char> = text.chars().collect();
    for piece in chars.chunks(4) {
        out.push(chunk(model, json!({"content": piece.iter().collect::<String>()}), None));
    }
    for (i, (name, arguments)) in calls.iter().enumerate() {
        out.push(chunk(
            model,
            json!({"tool_calls": [{"index": i, "id": format!("call_mock_{i}"), "type": "function",
                   "function": {"name": name, "arguments": ""}}]}),
            None,
        ));
        let split = arguments.char_indices().nth(arguments.chars().count() / 2).map_or(arguments.len(), |(b, _)| b);
        for part in [&arguments[..split], &arguments[split..]] {
            out.push(chunk(model, json!({"tool_calls": [{"index": i, "function": {"arguments": part}}]}), None));
        }
    }
    out.push(chunk(model, json!({}), Some(if calls.is_empty() { "stop" } else { "tool_calls" })));
    out.push(
        json!({
            "id": "chatcmpl-mock", "object": "chat.completion.chunk", "created": 1_700_000_000u32, "model": model,
            "choices": [], "usage": {"prompt_tokens": usage.0, "completion_tokens": usage.1, "total_tokens": usage.0 + usage.1}
        })
        .to_string(),
    );
    out
}
