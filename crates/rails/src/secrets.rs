//! Secret values for a run: typed into the page, never into a step, an event or a log.

use specwright_browser::{BrowserError, Secrets};
use specwright_scenario::Value;

/// Values while exploring: literals, and secrets taken from the spec for this run only.
pub fn secret_resolver(secrets: &Secrets) -> impl Fn(&Value) -> Result<String, BrowserError> + Send + Sync + '_ {
    move |value: &Value| match value {
        Value::Literal { value } => Ok(value.clone()),
        Value::Secret { name } => secrets.get(name).map(str::to_string).ok_or_else(|| missing_secret(name)),
        Value::Variable { name } => Err(BrowserError::MissingValue(format!(
            "변수 {{{{{name}}}}}의 값이 없습니다. / The variable {{{{{name}}}}} has no value."
        ))),
    }
}

/// The message for a secret nobody provided, with the two ways to provide it.
pub fn missing_secret(name: &str) -> BrowserError {
    BrowserError::MissingValue(format!(
        "비밀 값 {name}이(가) 없습니다. --secret {name}=... 또는 환경 변수 SPECWRIGHT_SECRET_{name}으로 지정하세요. \
         / The secret {name} is not set: pass --secret {name}=... or set SPECWRIGHT_SECRET_{name}."
    ))
}
