//! The conversation as the engine keeps it, independent of any client library's types, and what
//! one model call returns.

use serde_json::{json, Value};

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum Message {
    System {
        text: String,
    },
    User {
        text: String,
    },
    Assistant {
        text: Option<String>,
        tool_calls: Vec<ToolCall>,
    },
    /// A tool's result (or its error, for the model to correct itself) for one call.
    Tool {
        call_id: String,
        content: String,
    },
}

/// A function the model may call: name, what it does, and a JSON Schema of its arguments
/// (valid in OpenAI strict mode: every property required, no additional ones).
#[derive(Debug, Clone, PartialEq)]
pub struct ToolSpec {
    pub name: String,
    pub description: String,
    pub parameters: Value,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    /// As the model wrote it: not necessarily valid JSON.
    pub arguments: String,
}

impl ToolCall {
    /// The arguments as JSON, or the sentence to send back to the model when they are not.
    pub fn parsed_arguments(&self) -> Result<Value, String> {
        serde_json::from_str(&self.arguments).map_err(|e| {
            format!("The arguments of {} are not valid JSON ({e}). Call it again with a JSON object.", self.name)
        })
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Usage {
    pub prompt_tokens: u32,
    pub completion_tokens: u32,
    /// Prompt tokens the server did not read again (its prompt cache), when it says.
    pub cached_tokens: u32,
}

impl Usage {
    /// US dollars, for the models whose list price is known; `None` for local and unknown ones.
    pub fn cost_usd(&self, model: &str) -> Option<f64> {
        // (model prefix, $ per 1M input tokens, $ per 1M output tokens)
        const PRICES: &[(&str, f64, f64)] = &[
            ("gpt-4o-mini", 0.15, 0.60),
            ("gpt-4o", 2.50, 10.00),
            ("gpt-4.1-mini", 0.40, 1.60),
            ("gpt-4.1-nano", 0.10, 0.40),
            ("gpt-4.1", 2.00, 8.00),
        ];
        let (_, input, output) = PRICES.iter().find(|(prefix, _, _)| model.starts_with(prefix))?;
        Some((f64::from(self.prompt_tokens) * input + f64::from(self.completion_tokens) * output) / 1_000_000.0)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FinishReason {
    Stop,
    ToolCalls,
    /// The answer hit the token limit.
    Length,
    ContentFilter,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Completion {
    pub text: String,
    pub tool_calls: Vec<ToolCall>,
    pub finish: FinishReason,
    pub usage: Usage,
    /// Attempts it took (1 when nothing failed).
    pub attempts: u32,
    /// From sending the (last) attempt to the first words, call or finish of its answer.
    pub first_byte_ms: u32,
}

/// How the answer is to be sampled and how long it may be.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Sampling {
    pub temperature: Option<f32>,
    pub max_answer_tokens: Option<u32>,
}

/// The chat-completions request body for these messages and tools.
pub(crate) fn request_body(model: &str, messages: &[Message], tools: &[ToolSpec], sampling: Sampling) -> Value {
    let messages: Vec<Value> = messages
        .iter()
        .map(|m| match m {
            Message::System { text } => json!({"role": "system", "content": text}),
            Message::User { text } => json!({"role": "user", "content": text}),
            Message::Assistant { text, tool_calls } => {
                let mut v = json!({"role": "assistant", "content": text});
                if !tool_calls.is_empty() {
                    v["tool_calls"] = tool_calls
                        .iter()
                        .map(|c| json!({"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}))
                        .collect();
                }
                v
            }
            Message::Tool { call_id, content } => json!({"role": "tool", "tool_call_id": call_id, "content": content}),
        })
        .collect();
    let mut body = json!({
        "model": model,
        "messages": messages,
        "stream": true,
        "stream_options": {"include_usage": true},
    });
    if let Some(t) = sampling.temperature {
        body["temperature"] = json!(t);
    }
    if let Some(n) = sampling.max_answer_tokens {
        body["max_completion_tokens"] = json!(n);
    }
    if !tools.is_empty() {
        body["tools"] = tools
            .iter()
            .map(|t| {
                json!({"type": "function", "function": {
                    "name": t.name, "description": t.description, "parameters": t.parameters, "strict": true
                }})
            })
            .collect();
        body["parallel_tool_calls"] = json!(true);
    }
    body
}
