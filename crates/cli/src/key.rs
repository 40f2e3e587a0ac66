//! `specwright key`: the model provider's API key in the OS keychain. The key is read from
//! standard input, never from a flag (flags end up in shell history and process lists), and is
//! only ever printed masked.

use specwright_api::Api;
use specwright_protocol::{ApiError, Commands, ProviderKind, Settings};
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
fn read_key() -> Result<String, ApiError> {
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
    read.map_err(|e| specwright_api::bad_argument(format!("stdin: {e}")))?;
    Ok(line.trim().to_string())
}

pub async fn run(action: KeyAction, api: &Api) -> Result<u8, ApiError> {
    match action {
        KeyAction::Set { base_url } => {
            let key = read_key()?;
            let status = api.store_api_key(base_url.clone(), key).await?;
            let masked = status.masked.unwrap_or_default();
            println!(
                "{}",
                crate::render::say("cli-key-stored", [("url", base_url.as_str().into()), ("key", masked.into())])
            );
            Ok(0)
        }
        KeyAction::Show { base_url } => match api.api_key_status(base_url.clone()).await?.masked {
            Some(masked) => {
                println!("{base_url}: {masked}");
                Ok(0)
            }
            None => {
                println!("{}", crate::render::say("cli-key-none", [("url", base_url.as_str().into())]));
                Ok(1)
            }
        },
        KeyAction::Forget { base_url } => {
            if api.forget_key(&base_url)? {
                println!("{}", crate::render::say("cli-key-removed", [("url", base_url.as_str().into())]));
            } else {
                println!("{}", crate::render::say("cli-key-none", [("url", base_url.as_str().into())]));
            }
            Ok(0)
        }
        KeyAction::Check { base_url, model, azure_api_version } => {
            let engine = Settings {
                provider: if azure_api_version.is_some() { ProviderKind::Azure } else { ProviderKind::OpenAi },
                base_url: base_url.clone(),
                model: model.clone(),
                azure_api_version: azure_api_version.unwrap_or_default(),
                ..Settings::default()
            };
            let check = api.check_key(&engine).await?;
            println!(
                "{}",
                crate::render::say(
                    "cli-key-connected",
                    [
                        ("model", model.as_str().into()),
                        ("url", base_url.as_str().into()),
                        ("from", check.key_from.into()),
                        ("reply", check.reply.as_str().into()),
                    ]
                )
            );
            Ok(0)
        }
    }
}
