//! `expect_text`: a check, kept in every run, that one element with this role and name
//! contains a text: for a field its value, for a select its chosen option, for a checkbox its
//! state (a field has no text, so comparing its text could never pass).

use crate::acting::{act, named};
use crate::state::{refused, Outcome, Turn};
use crate::AgentError;
use schemars::JsonSchema;
use serde::Deserialize;
use specwright_scenario::{Action, Assertion};

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ExpectText {
    pub role: String,
    pub name: String,
    /// The text it must contain.
    pub text: String,
    pub intent: String,
    pub cite: String,
}

impl ExpectText {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        let target = match named(t.session, &self.role, &self.name).await? {
            Ok(target) => target,
            Err(message) => return Ok(refused(message)),
        };
        let assertion = match assertion_for(&self.role, self.text) {
            Ok(assertion) => assertion,
            Err(message) => return Ok(refused(message)),
        };
        act(t, Action::Expect { target, assertion }, &self.intent, &self.cite).await
    }
}

/// What "has this text" means for an element of this role.
fn assertion_for(role: &str, text: String) -> Result<Assertion, String> {
    match role {
        "textbox" | "searchbox" | "combobox" | "spinbutton" | "slider" | "listbox" => {
            Ok(Assertion::Value { expected: text })
        }
        "checkbox" | "radio" | "switch" | "menuitemcheckbox" | "menuitemradio" => {
            let said = text.trim().to_lowercase();
            if ["checked", "true", "on", "yes", "selected", "체크", "선택", "켜짐"].iter().any(|w| said.contains(w))
                && !["unchecked", "not", "false", "off", "해제", "안 ", "꺼짐"].iter().any(|w| said.contains(w))
            {
                Ok(Assertion::Checked)
            } else {
                Err(format!(
                    "a {role} has no text to compare; its state is checked or not. Call expect_text with text \"checked\" to check it is checked, or leave the check out"
                ))
            }
        }
        _ => Ok(Assertion::ContainsText { expected: text }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_is_checked_by_its_value_a_checkbox_by_its_state() {
        assert_eq!(
            assertion_for("textbox", "ada@example.com".into()),
            Ok(Assertion::Value { expected: "ada@example.com".into() })
        );
        assert_eq!(assertion_for("combobox", "서울".into()), Ok(Assertion::Value { expected: "서울".into() }));
        assert_eq!(assertion_for("checkbox", "checked".into()), Ok(Assertion::Checked));
        assert!(assertion_for("checkbox", "unchecked".into()).is_err_and(|e| e.contains("state")));
        assert_eq!(
            assertion_for("heading", "장바구니".into()),
            Ok(Assertion::ContainsText { expected: "장바구니".into() })
        );
    }
}
