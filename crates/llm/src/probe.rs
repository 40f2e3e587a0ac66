//! Whether a model calls tools at all, asked with one tiny request before a session leans on it:
//! a model (or a server's chat template) that cannot is refused up front with advice, instead of
//! a session of turns that never act.

use crate::{calls_in_text, LlmClient, LlmError, Message, Silent, ToolSpec};
use serde_json::json;

/// The one tool the probe offers.
pub const PROBE_TOOL: &str = "specwright_ready";

impl LlmClient {
    /// True when the model answers "call this tool" with a call (structured, or written as
    /// text the engine takes as one).
    pub async fn calls_tools(&self) -> Result<bool, LlmError> {
        let mut config = self.config().clone();
        config.max_attempts = config.max_attempts.min(2);
        config.max_answer_tokens = Some(64);
        if config.is_local() && config.temperature.is_none() {
            // The same verdict every time for a local model; hosted ones may refuse the field.
            config.temperature = Some(0.0);
        }
        let client = LlmClient::new(config);
        let tools = [ToolSpec {
            name: PROBE_TOOL.into(),
            description: "Tell the test engine you are ready. Takes no arguments.".into(),
            parameters: json!({"type": "object", "properties": {}, "required": [], "additionalProperties": false}),
        }];
        let messages = [
            Message::System { text: "You act only by calling the tools you are given.".into() },
            Message::User { text: format!("Call the tool {PROBE_TOOL} now.") },
        ];
        let completion = client.complete(&messages, &tools, &mut Silent).await?;
        Ok(completion.tool_calls.iter().any(|c| c.name == PROBE_TOOL)
            || !calls_in_text(&completion.text, &[PROBE_TOOL]).is_empty())
    }
}
