//! The person's settings, checked and kept as one JSON file in the data folder (written to a
//! temporary file, then renamed, so a crash never leaves half a file). What they mean for a
//! run: the engine (with the key from the keychain), the browser, the allowed origins.

use crate::{api_key_for, EngineChoice, Keychain, RuntimeError};
use specwright_browser::BrowserConfig;
use specwright_llm::{LlmConfig, Provider};
use specwright_protocol::{ProviderKind, Settings};
use std::path::{Path, PathBuf};
use std::time::Duration;

const FILE: &str = "settings.json";

/// Installed browser channels Playwright knows by name.
const CHANNELS: [&str; 5] = ["chrome", "chrome-beta", "msedge", "msedge-beta", "chromium"];

fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE)
}

/// The saved settings; defaults when there are none or the file cannot be read (a damaged
/// file is logged and replaced at the next save, never fatal).
pub fn load_settings(data_dir: &Path) -> Settings {
    match std::fs::read(path(data_dir)) {
        Ok(bytes) => serde_json::from_slice(&bytes).unwrap_or_else(|e| {
            tracing::warn!(error = %e, "the settings file could not be read; using defaults");
            Settings::default()
        }),
        Err(_) => Settings::default(),
    }
}

fn invalid<const N: usize>(id: &str, args: [(&str, specwright_protocol::Arg); N]) -> RuntimeError {
    RuntimeError::Invalid(specwright_protocol::Text::message(id, args))
}

fn is_http(url: &str) -> bool {
    let url = url.trim();
    (url.starts_with("http://") || url.starts_with("https://")) && url.len() > "https://".len()
}

/// Checks the settings; what is wrong is said in a sentence with the field's name.
pub fn check_settings(settings: &Settings) -> Result<Settings, RuntimeError> {
    let mut s = settings.clone();
    s.base_url = s.base_url.trim().trim_end_matches('/').to_string();
    s.model = s.model.trim().to_string();
    s.browser = s.browser.trim().to_string();
    s.allowed_origins = s.allowed_origins.iter().map(|o| o.trim().to_string()).filter(|o| !o.is_empty()).collect();
    if s.provider != ProviderKind::Offline {
        if !is_http(&s.base_url) {
            return Err(invalid("invalid-endpoint", []));
        }
        if s.model.is_empty() {
            return Err(invalid("invalid-model", []));
        }
    }
    if s.provider == ProviderKind::Azure && s.azure_api_version.trim().is_empty() {
        return Err(invalid("invalid-azure-version", []));
    }
    if let Some(bad) = s.allowed_origins.iter().find(|o| !is_http(o)) {
        return Err(invalid("invalid-origin", [("origin", bad.into())]));
    }
    let browser = s.browser.as_str();
    let named = browser.is_empty()
        || ["ws://", "wss://", "http://", "https://"].iter().any(|p| browser.starts_with(p))
        || CHANNELS.contains(&browser);
    if !named && !std::path::Path::new(browser).is_file() {
        return Err(invalid("invalid-browser", [("browser", browser.into())]));
    }
    if !["", "ko", "en"].contains(&s.language.as_str()) {
        return Err(invalid("invalid-language", []));
    }
    Ok(s)
}

/// Checks, then saves; returns the settings as stored.
pub fn save_settings(data_dir: &Path, settings: &Settings) -> Result<Settings, RuntimeError> {
    let checked = check_settings(settings)?;
    let json = serde_json::to_vec_pretty(&checked).map_err(|e| RuntimeError::BadArgument(e.to_string()))?;
    let unwritable =
        |e: std::io::Error| RuntimeError::OutDir { path: data_dir.display().to_string(), reason: e.to_string() };
    std::fs::create_dir_all(data_dir).map_err(unwritable)?;
    let temporary = data_dir.join(format!("{FILE}.tmp"));
    std::fs::write(&temporary, json).map_err(unwritable)?;
    std::fs::rename(&temporary, path(data_dir)).map_err(unwritable)?;
    Ok(checked)
}

/// How long a local model server may read the prompt before answering (a 4k-token prompt at
/// tens of tokens a second on two cores), and a hosted one.
const LOCAL_FIRST_ANSWER_WAIT_SECS: u64 = 900;
const REMOTE_FIRST_ANSWER_WAIT_SECS: u64 = 120;
/// The longest answer asked of a local model: a tool call or two and a few sentences.
const LOCAL_MAX_ANSWER_TOKENS: u32 = 1024;

/// The LLM client's configuration for these settings, the key from the environment or the
/// keychain; `None` for the offline engine.
pub fn llm_config(settings: &Settings, keychain: &Keychain) -> Option<LlmConfig> {
    if settings.provider == ProviderKind::Offline {
        return None;
    }
    let mut config = LlmConfig::new(settings.base_url.clone(), settings.model.clone());
    config.api_key = api_key_for(&settings.base_url, keychain).0;
    if settings.provider == ProviderKind::Azure {
        config.provider = Provider::Azure { api_version: settings.azure_api_version.clone() };
    }
    if config.is_local() {
        // A local model on a laptop: a long prompt is read for minutes before the first word,
        // and a small model left unbounded writes until its context is full.
        config.first_byte_timeout = Duration::from_secs(LOCAL_FIRST_ANSWER_WAIT_SECS);
        config.max_answer_tokens = Some(LOCAL_MAX_ANSWER_TOKENS);
    } else {
        config.first_byte_timeout = Duration::from_secs(REMOTE_FIRST_ANSWER_WAIT_SECS);
    }
    if settings.first_answer_wait_secs > 0 {
        config.first_byte_timeout = Duration::from_secs(u64::from(settings.first_answer_wait_secs));
    }
    config.context_window = (settings.context_window > 0).then_some(settings.context_window);
    Some(config)
}

pub fn engine_choice(settings: &Settings, keychain: &Keychain) -> EngineChoice {
    llm_config(settings, keychain).map_or(EngineChoice::Offline, EngineChoice::Llm)
}

/// The browser the settings name: this machine's Chromium by default, else an executable, a
/// channel, or a remote endpoint.
pub fn browser_config(settings: &Settings) -> Result<Option<BrowserConfig>, RuntimeError> {
    let choice = settings.browser.trim();
    if choice.is_empty() {
        return Ok(None);
    }
    // A remote, a channel or a path needs no Chromium of this machine.
    let mut config = BrowserConfig::with_chromium(PathBuf::from(choice));
    if choice.starts_with("ws://") || choice.starts_with("wss://") {
        config.remote_endpoint = Some(choice.to_string());
    } else if choice.starts_with("http://") || choice.starts_with("https://") {
        config.cdp_endpoint = Some(choice.to_string());
    } else if choice == "chromium" {
        config = BrowserConfig::detect()?;
    } else if CHANNELS.contains(&choice) {
        config.channel = Some(choice.to_string());
    }
    Ok(Some(config))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_bad_ones_are_refused_with_the_field_named() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(load_settings(dir.path()), Settings::default());
        let mut s = Settings {
            provider: ProviderKind::OpenAi,
            base_url: "http://127.0.0.1:11434/v1/".into(),
            model: " llama3.1 ".into(),
            ..Settings::default()
        };
        let saved = save_settings(dir.path(), &s).unwrap();
        assert_eq!(saved.base_url, "http://127.0.0.1:11434/v1");
        assert_eq!(saved.model, "llama3.1");
        assert_eq!(load_settings(dir.path()), saved);

        s.base_url = "api.openai.com".into();
        let e = save_settings(dir.path(), &s).unwrap_err().to_string();
        assert!(e.contains("The endpoint must start with http"), "{e}");
        assert_eq!(load_settings(dir.path()), saved, "a refused save keeps the old settings");

        s.base_url = "https://x.openai.azure.com".into();
        s.provider = ProviderKind::Azure;
        assert!(save_settings(dir.path(), &s).unwrap_err().to_string().contains("API version"));

        std::fs::write(dir.path().join(FILE), b"{not json").unwrap();
        assert_eq!(load_settings(dir.path()), Settings::default(), "a damaged file is not fatal");
    }
}
