//! The LLM engine's connection to a model: any OpenAI-compatible endpoint (OpenAI, Azure OpenAI,
//! Ollama, LM Studio, vLLM, llama.cpp) through `async-openai`, streamed into deltas, tool calls
//! assembled (parallel ones too), retried with backoff and jitter on the failures that pass,
//! tokens counted. `mock` is the scripted server that speaks the same wire protocol for tests.

mod client;
mod config;
mod error;
mod message;
#[cfg(any(test, feature = "mock"))]
pub mod mock;
mod retry;

pub use client::{LlmClient, Observer};
pub use config::{LlmConfig, Provider};
pub use error::LlmError;
pub use message::{Completion, FinishReason, Message, ToolCall, ToolSpec, Usage};
pub use retry::Backoff;
