//! The LLM engine's connection to a model: any OpenAI-compatible endpoint (OpenAI, Azure OpenAI,
//! Ollama, LM Studio, vLLM, llama.cpp) through `async-openai`, streamed into deltas, tool calls
//! assembled (parallel ones too), retried with backoff and jitter on the failures that pass,
//! tokens counted; local servers' realities handled (a long first-byte wait, error chunks, the
//! context window they report, tool calls written as text). `mock` is the scripted server that speaks the same wire protocol for tests.

mod client;
mod config;
mod error;
mod message;
#[cfg(any(test, feature = "mock"))]
pub mod mock;
mod probe;
mod retry;
mod text_calls;
mod window;

pub use client::{LlmClient, Observer, Silent};
pub use config::{LlmConfig, Provider, MAX_ANSWER_BYTES};
pub use error::LlmError;
pub use message::{Completion, FinishReason, Message, ToolCall, ToolSpec, Usage};
pub use probe::PROBE_TOOL;
pub use retry::Backoff;
pub use text_calls::calls_in_text;
