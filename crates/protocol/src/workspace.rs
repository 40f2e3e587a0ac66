//! What the desktop workspace sends and gets beyond a run's events: the settings a person
//! chooses, the files of a new session, and the API key's state (never the key itself).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Which engine builds scenarios, and where the model is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ProviderKind {
    /// The rules engine: no model, no network.
    Offline,
    /// Any OpenAI-compatible endpoint: OpenAI, Ollama, LM Studio, vLLM, llama.cpp.
    OpenAi,
    Azure,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    System,
    Light,
    Dark,
}

/// The person's choices, kept in the app's data folder. The API key is not here: it lives in
/// the OS keychain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct Settings {
    pub provider: ProviderKind,
    pub base_url: String,
    pub model: String,
    /// Azure OpenAI only.
    pub azure_api_version: String,
    /// Seconds the model server may take before its answer starts (a local model on a laptop
    /// CPU reads a long prompt for minutes); 0 is the default for the endpoint.
    pub first_answer_wait_secs: u32,
    /// The model's context window in tokens; 0 asks the server (llama.cpp, Ollama, LM Studio
    /// say it).
    pub context_window: u32,
    /// Empty: the Chromium found on this machine; otherwise a browser executable's path, a
    /// channel (`chrome`, `msedge`) or a remote endpoint (`ws://…`, `http://…` for CDP).
    pub browser: String,
    /// Origins pages may visit besides the target (an SSO provider, say).
    pub allowed_origins: Vec<String>,
    /// `ko` or `en`; empty follows the OS.
    pub language: String,
    pub theme: Theme,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            provider: ProviderKind::Offline,
            base_url: "https://api.openai.com/v1".into(),
            model: "gpt-4o-mini".into(),
            azure_api_version: String::new(),
            first_answer_wait_secs: 0,
            context_window: 0,
            browser: String::new(),
            allowed_origins: Vec::new(),
            language: String::new(),
            theme: Theme::System,
        }
    }
}

/// Whether a key is stored for an endpoint, shown masked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ApiKeyStatus {
    pub stored: bool,
    /// e.g. `sk-…1234`.
    pub masked: Option<String>,
    /// `SPECWRIGHT_LLM_API_KEY` is set and overrides the keychain.
    pub from_environment: bool,
}

/// A spec file of a new session: dropped (the app reads the path) or picked in the web view
/// (the bytes come along).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SpecFile {
    Path { path: String },
    Bytes { name: String, bytes: Vec<u8> },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct NewSessionRequest {
    pub files: Vec<SpecFile>,
    /// Where the application runs; ignored with `demo_app`.
    pub target_url: String,
    /// Serve the bundled demo app and run against it (offline demos).
    pub demo_app: bool,
    pub title: Option<String>,
    /// What to test in the person's own words: the session's first message, its title when none
    /// is given; with no file, the session is built from the words alone.
    #[serde(default)]
    pub words: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct StartedSession {
    pub session_id: String,
    pub run_id: String,
    /// The folder the run writes its exports to.
    pub out_dir: String,
}

/// One exported file's text, rendered from the stored scenario for the code tabs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct CodeFile {
    pub name: String,
    pub content: String,
}

/// Where the window saved a session's exports: a new folder inside the one the person picked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SavedExports {
    pub folder: String,
    /// File names inside `folder`.
    pub files: Vec<String>,
}

/// The section a citation points into, line by line, for showing the quote in its place.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SourceSection {
    pub document: String,
    pub title: String,
    pub lines: Vec<SourceLine>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SourceLine {
    pub number: u32,
    pub text: String,
}
