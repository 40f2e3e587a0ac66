//! The LLM engine: the model reads the documents and drives the application through tools, with
//! the same rails, questions, events and scenario model as the offline engine. Prompts are
//! files in `prompts/`, rendered strictly; tool schemas are valid in OpenAI strict mode.

mod acting;
mod casefile;
mod chat;
mod drafter;
mod error;
mod fence;
mod progress;
mod prompt;
mod session;
mod state;
mod tools;

pub use casefile::{auditor, clerk, planner, CaseFile, Decision, Fact, Slot};
pub use error::{llm_error_text, AgentError};
pub use fence::{defuse, fence, inert};
pub use prompt::{render, said_prompt, system_prompt, PromptError, SYSTEM_EN, SYSTEM_KO};
pub use session::{author, AgentCheckpoint, AgentInput, AgentLimits, AGENT_NODE};
pub use tools::{compact_tool_specs, tool_specs};
