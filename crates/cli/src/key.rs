//! `specwright key`: the model provider's API key in the OS keychain. The key is read from
//! standard input, never from a flag (flags end up in shell history and process lists), and is
//! only ever printed masked.

use specwright_llm::{LlmConfig, Provider};
use specwright_runtime::{check_provider, masked, Keychain, RuntimeError, API_KEY_ENV};
use std::io::{BufRead, IsTerminal, Write};

#[derive(clap::Subcommand)]
pub enum KeyAction {
    /// Store the key for an endpoint (read from standard input).
    Set {
        #[arg(long, value_name = "URL")]
        base_url: String,
    },
    /// Show whether a key is stored for an endpoint (masked).
    Show {
        #[arg(long, value_name = "URL")]
        base_url: String,
    },
    /// Remove the key for an endpoint.
    Forget {
        #[arg(long, value_name = "URL")]
        base_url: String,
    },
    /// Send one small request with the stored key, to check the endpoint, model and key.
    Check {
        #[arg(long, value_name = "URL")]
        base_url: String,
        #[arg(long, value_name = "NAME")]
        model: String,
        /// Azure OpenAI: the API version.
        #[arg(long, value_name = "VERSION")]
        azure_api_version: Option<String>,
    },
}

/// Reads one line without echoing it on a terminal.
fn read_key() -> Result<String, RuntimeError> {
    let stdin = std::io::stdin();
    let terminal = stdin.is_terminal();
    if terminal {
        eprint!("{} ", crate::render::say("cli-key-paste", []));
        let _ = std::io::stderr().flush();
        let _ = std::process::Command::new("stty").arg("-echo").stdin(std::process::Stdio::inherit()).status();
    }
    let mut line = String::new();
    let read = stdin.lock().read_line(&mut line);
    if terminal {
        let _ = std::process::Command::new("stty").arg("echo").stdin(std::process::Stdio::inherit()).status();
        eprintln!();
    }
    read.map_err(|e| RuntimeError::BadArgument(format!("stdin: {e}")))?;
    Ok(line.trim().to_string())
}

pub async fn run(action: KeyAction, keychain: &Keychain) -> Result<u8, RuntimeError> {
    match action {
        KeyAction::Set { base_url } => {
            let key = read_key()?;
            keychain.store_api_key(&base_url, &key)?;
            println!(
                "{}",
                crate::render::say("cli-key-stored", [("url", base_url.as_str().into()), ("key", masked(&key).into())])
            );
            Ok(0)
        }
        KeyAction::Show { base_url } => match keychain.api_key(&base_url)? {
            Some(key) => {
                println!("{base_url}: {}", masked(&key));
                Ok(0)
            }
            None => {
                println!("{}", crate::render::say("cli-key-none", [("url", base_url.as_str().into())]));
                Ok(1)
            }
        },
        KeyAction::Forget { base_url } => {
            if keychain.forget_api_key(&base_url)? {
                println!("{}", crate::render::say("cli-key-removed", [("url", base_url.as_str().into())]));
            } else {
                println!("{}", crate::render::say("cli-key-none", [("url", base_url.as_str().into())]));
            }
            Ok(0)
        }
        KeyAction::Check { base_url, model, azure_api_version } => {
            let mut config = LlmConfig::new(base_url.clone(), model.clone());
            let (key, source) = specwright_runtime::api_key_for(&base_url, keychain);
            config.api_key = key;
            if let Some(version) = azure_api_version {
                config.provider = Provider::Azure { api_version: version };
            }
            let reply = check_provider(config).await?;
            let from = match source {
                specwright_runtime::KeySource::Environment => API_KEY_ENV,
                specwright_runtime::KeySource::Keychain => "keychain",
                specwright_runtime::KeySource::None => "no key",
            };
            println!(
                "{}",
                crate::render::say(
                    "cli-key-connected",
                    [
                        ("model", model.as_str().into()),
                        ("url", base_url.as_str().into()),
                        ("from", from.into()),
                        ("reply", reply.as_str().into()),
                    ]
                )
            );
            Ok(0)
        }
    }
}
