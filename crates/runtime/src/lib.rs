//! The runtime owns sessions and runs. Shells (CLI, desktop) only start, watch and cancel runs;
//! a run belongs to the runtime, not to the window or the call that started it.

mod answers;
mod bundle;
mod conversation;
mod data_dir;
mod error;
mod export;
mod frames;
mod indexing;
mod keychain;
mod lanes;
mod logging;
mod pipeline;
mod provider;
mod reachable;
mod result;
mod revision;
mod run_view;
mod runtime;
mod said;
mod sessions;
mod settings;
mod sink;
mod spec_secrets;
mod suite;
mod suite_check;
mod suite_export;
mod tail;
mod trace;
mod versions;
mod workbook;

pub use answers::{secrets_from, Answers, Rule};
pub use data_dir::{resolve_data_dir, DATA_DIR_ENV};
pub use error::{intake_error_text, RuntimeError};
pub use export::{write_exports, ExportFormat, ExportedFiles, FrameReader};
pub use frames::{prune_frames, FRAMES_KEPT_FOR_SESSIONS};
pub use keychain::{masked, note_remembered_secret, remembered_secret_names, Keychain, KeychainError};
pub use logging::init_logging;
pub use pipeline::EngineChoice;
pub use provider::{api_key_for, check_provider, KeySource, API_KEY_ENV};
pub use runtime::{
    secret_name, OutDir, ReplayRequest, ResumeRequest, RunStarted, Runtime, SafetyOptions, SessionRequest,
    DEFAULT_TRIAL_ATTEMPTS,
};
pub use settings::{browser_config, check_settings, engine_choice, llm_config, load_settings, save_settings};
pub use specwright_demo::{DemoApp, DEMO_ANSWERS, DEMO_SPEC, DEMO_SPEC_NAME};
pub use suite::origin_of;
pub use suite_export::PLAYWRIGHT_VERSION;
