//! The model provider's API key and the secrets a person chose to remember (the test account's
//! password of an app) live in the OS keychain (Secret Service on Linux, Keychain on macOS,
//! Credential Manager on Windows): never in SQLite, a settings file, a log or an event.

use specwright_protocol::ApiError;

/// Why the keychain could not be used; callers branch on it (an unavailable keychain is not a
/// wrong key).
#[derive(Debug, thiserror::Error)]
pub enum KeychainError {
    #[error("The OS keychain is not available ({0}).")]
    Unavailable(String),
    #[error("The keychain refused the request ({0}).")]
    Refused(String),
    #[error("The API key is empty.")]
    EmptyKey,
}

impl KeychainError {
    pub fn code(&self) -> &'static str {
        match self {
            KeychainError::Unavailable(_) => "keychain_unavailable",
            KeychainError::Refused(_) => "keychain_refused",
            KeychainError::EmptyKey => "empty_api_key",
        }
    }

    /// What a person reads, in their language.
    pub fn text(&self) -> specwright_protocol::Text {
        use specwright_protocol::Text;
        match self {
            KeychainError::Unavailable(reason) => {
                Text::message("error-keychain-unavailable", [("reason", reason.into())])
            }
            KeychainError::Refused(reason) => Text::message("error-keychain-refused", [("reason", reason.into())]),
            KeychainError::EmptyKey => Text::message("error-keychain-empty", []),
        }
    }

    pub fn to_api(&self) -> ApiError {
        ApiError { code: self.code().into(), message: self.text() }
    }
}

fn failure(e: keyring::Error) -> KeychainError {
    match e {
        keyring::Error::PlatformFailure(inner) => KeychainError::Unavailable(inner.to_string()),
        keyring::Error::NoStorageAccess(inner) => KeychainError::Refused(inner.to_string()),
        other => KeychainError::Refused(other.to_string()),
    }
}

/// The keychain entries of one application name (tests use their own).
#[derive(Debug, Clone)]
pub struct Keychain {
    service: String,
}

impl Default for Keychain {
    fn default() -> Self {
        Keychain { service: "specwright".into() }
    }
}

/// One key per endpoint, so an OpenAI key is never sent to a local server or another provider.
fn account(base_url: &str) -> String {
    let url = base_url.trim().trim_end_matches('/');
    let (scheme, rest) = url.split_once("://").unwrap_or(("https", url));
    let (host, path) = rest.split_once('/').map_or((rest, ""), |(h, p)| (h, p));
    let path = if path.is_empty() { String::new() } else { format!("/{path}") };
    format!("llm-api-key:{}://{}{path}", scheme.to_lowercase(), host.to_lowercase())
}

impl Keychain {
    pub fn with_service(service: impl Into<String>) -> Self {
        Keychain { service: service.into() }
    }

    fn entry(&self, base_url: &str) -> Result<keyring::Entry, KeychainError> {
        keyring::Entry::new(&self.service, &account(base_url)).map_err(failure)
    }

    /// The stored key for this endpoint, if there is one.
    pub fn api_key(&self, base_url: &str) -> Result<Option<String>, KeychainError> {
        match self.entry(base_url)?.get_password() {
            Ok(key) => Ok(Some(key)),
            Err(keyring::Error::NoEntry) => Ok(None),
            Err(e) => Err(failure(e)),
        }
    }

    /// Stores (or replaces) the key for this endpoint.
    pub fn store_api_key(&self, base_url: &str, key: &str) -> Result<(), KeychainError> {
        let key = key.trim();
        if key.is_empty() {
            return Err(KeychainError::EmptyKey);
        }
        self.entry(base_url)?.set_password(key).map_err(failure)
    }

    /// Removes the key for this endpoint; false when there was none.
    pub fn forget_api_key(&self, base_url: &str) -> Result<bool, KeychainError> {
        match self.entry(base_url)?.delete_credential() {
            Ok(()) => Ok(true),
            Err(keyring::Error::NoEntry) => Ok(false),
            Err(e) => Err(failure(e)),
        }
    }
}

/// One secret per application origin and name: the shop's test password is never offered to
/// another app. Names are the scenario's (`PASSWORD`), compared without case.
fn secret_account(target_url: &str, name: &str) -> String {
    let url = target_url.trim();
    let (scheme, rest) = url.split_once("://").unwrap_or(("https", url));
    let host = rest.split(['/', '?', '#']).next().unwrap_or(rest);
    format!("secret:{}://{}:{}", scheme.to_lowercase(), host.to_lowercase(), name.trim().to_uppercase())
}

impl Keychain {
    /// The remembered value of the secret `name` for the app at `target_url`.
    pub fn secret(&self, target_url: &str, name: &str) -> Result<Option<String>, KeychainError> {
        let entry = keyring::Entry::new(&self.service, &secret_account(target_url, name)).map_err(failure)?;
        match entry.get_password() {
            Ok(value) => Ok(Some(value)),
            Err(keyring::Error::NoEntry) => Ok(None),
            Err(e) => Err(failure(e)),
        }
    }

    /// Remembers (or replaces) the secret `name` for the app at `target_url`.
    pub fn store_secret(&self, target_url: &str, name: &str, value: &str) -> Result<(), KeychainError> {
        if value.is_empty() {
            return Err(KeychainError::EmptyKey);
        }
        keyring::Entry::new(&self.service, &secret_account(target_url, name))
            .map_err(failure)?
            .set_password(value)
            .map_err(failure)
    }

    /// Forgets the secret; false when none was remembered.
    pub fn forget_secret(&self, target_url: &str, name: &str) -> Result<bool, KeychainError> {
        let entry = keyring::Entry::new(&self.service, &secret_account(target_url, name)).map_err(failure)?;
        match entry.delete_credential() {
            Ok(()) => Ok(true),
            Err(keyring::Error::NoEntry) => Ok(false),
            Err(e) => Err(failure(e)),
        }
    }
}

/// The file that lists which secrets were remembered for which app: names only, never values.
/// The keychain cannot be listed, and a new session on the same app should find them unasked.
const REMEMBERED: &str = "remembered-secrets.json";

/// The names of the secrets remembered for the app at `target_url`.
pub fn remembered_secret_names(data_dir: &std::path::Path, target_url: &str) -> Vec<String> {
    let prefix = secret_account(target_url, "");
    let accounts: Vec<String> = std::fs::read(data_dir.join(REMEMBERED))
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default();
    accounts.iter().filter_map(|a| a.strip_prefix(&prefix)).filter(|n| !n.is_empty()).map(str::to_string).collect()
}

/// Notes (or, with `remembered` false, drops) that the secret `name` of this app is in the
/// keychain.
pub fn note_remembered_secret(
    data_dir: &std::path::Path,
    target_url: &str,
    name: &str,
    remembered: bool,
) -> std::io::Result<()> {
    let path = data_dir.join(REMEMBERED);
    let mut accounts: Vec<String> =
        std::fs::read(&path).ok().and_then(|bytes| serde_json::from_slice(&bytes).ok()).unwrap_or_default();
    let account = secret_account(target_url, name);
    accounts.retain(|a| a != &account);
    if remembered {
        accounts.push(account);
    }
    accounts.sort();
    std::fs::write(&path, serde_json::to_vec_pretty(&accounts).map_err(std::io::Error::other)?)
}

/// How a stored key is shown: enough to recognise it, never enough to use it.
pub fn masked(key: &str) -> String {
    let chars: Vec<char> = key.chars().collect();
    // A short key would be mostly shown by its ends.
    if chars.len() < 16 {
        return "••••".into();
    }
    let tail: String = chars[chars.len() - 4..].iter().collect();
    let head: String = chars[..3].iter().collect();
    format!("{head}…{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_entry_per_endpoint_whatever_its_spelling() {
        assert_eq!(account("https://API.openai.com/v1/"), "llm-api-key:https://api.openai.com/v1");
        assert_eq!(account("http://127.0.0.1:11434/v1"), "llm-api-key:http://127.0.0.1:11434/v1");
        assert_ne!(account("https://api.openai.com/v1"), account("http://127.0.0.1:11434/v1"));
    }

    #[test]
    fn one_secret_per_app_and_name() {
        assert_eq!(
            secret_account("http://127.0.0.1:8080/login?x=1", "password"),
            "secret:http://127.0.0.1:8080:PASSWORD"
        );
        assert_eq!(secret_account("HTTPS://Shop.example.com", "PASSWORD"), "secret:https://shop.example.com:PASSWORD");
        assert_ne!(
            secret_account("http://127.0.0.1:8080", "PASSWORD"),
            secret_account("http://127.0.0.1:8081", "PASSWORD")
        );
    }

    #[test]
    fn remembered_names_are_kept_per_app() {
        let dir = tempfile::tempdir().unwrap();
        note_remembered_secret(dir.path(), "http://127.0.0.1:8080/login", "password", true).unwrap();
        note_remembered_secret(dir.path(), "http://127.0.0.1:8080", "ADMIN", true).unwrap();
        note_remembered_secret(dir.path(), "http://127.0.0.1:9090", "PASSWORD", true).unwrap();
        assert_eq!(remembered_secret_names(dir.path(), "http://127.0.0.1:8080/x"), vec!["ADMIN", "PASSWORD"]);
        note_remembered_secret(dir.path(), "http://127.0.0.1:8080", "ADMIN", false).unwrap();
        assert_eq!(remembered_secret_names(dir.path(), "http://127.0.0.1:8080"), vec!["PASSWORD"]);
        assert!(remembered_secret_names(dir.path(), "http://127.0.0.1:7070").is_empty());
    }

    #[test]
    fn a_masked_key_keeps_only_its_ends() {
        assert_eq!(masked("sk-proj-abcdefghijklmnop1234"), "sk-…1234");
        assert_eq!(masked("short"), "••••");
        assert_eq!(masked("sk-0123456"), "••••", "a short key shows nothing");
        assert!(!masked("sk-0123456789secret").contains("secret"));
    }
}
