//! Secret values for a run: typed into the page, never into a step, an event or a log.

use specwright_browser::{BrowserError, Missing, Secrets};
use specwright_scenario::Value;

/// Values while exploring: literals, and secrets taken from the spec for this run only.
pub fn secret_resolver(secrets: &Secrets) -> impl Fn(&Value) -> Result<String, BrowserError> + Send + Sync + '_ {
    move |value: &Value| match value {
        Value::Literal { value } => Ok(value.clone()),
        Value::Secret { name } => secrets.get(name).map(str::to_string).ok_or_else(|| missing_secret(name)),
        Value::Variable { name } => Err(BrowserError::MissingValue(Missing::Variable(name.clone()))),
    }
}

/// The message for a secret nobody provided, with the two ways to provide it.
pub fn missing_secret(name: &str) -> BrowserError {
    BrowserError::MissingValue(Missing::Secret(name.to_string()))
}
