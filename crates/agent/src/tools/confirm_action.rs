//! `confirm_action`: the person's approval before an action that deletes, sends, pays or
//! cannot be undone; the approval covers the risky clicks that cite it and nothing else. An
//! action the rails do not hold risky (logging in, opening a page) is answered by the rails
//! without troubling the person: they are asked only where the offline engine would ask.

use crate::state::{Outcome, Turn};
use crate::AgentError;
use schemars::JsonSchema;
use serde::Deserialize;
use specwright_protocol::{Event, Question, QuestionKind, Text};
use specwright_rails::{ask, confirm_options, is_yes, path_of, question_id, RunError};

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ConfirmAction {
    /// The action you are about to take, in the documents' language.
    pub action: String,
    /// What it changes that cannot be undone.
    pub why: String,
}

impl ConfirmAction {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        let cx = &mut *t.cx;
        let action = cx.secrets.redact(&self.action);
        let why = cx.secrets.redact(&self.why);
        if !risky(&action, cx.safety.environment) {
            return Ok(Outcome::Result(format!(
                "No confirmation is needed: \"{action}\" does not delete, send, pay or change anything for good. Do it as a normal step."
            )));
        }
        cx.sink
            .emit(Event::ConfirmRequested { action: action.clone(), reason: Text::said(why.clone()) })
            .map_err(RunError::Sink)?;
        let question = Question {
            id: question_id("confirm", &path_of(&t.session.page().url()), &action),
            kind: QuestionKind::Confirm,
            text: Text::message("q-confirm-model", [("action", action.as_str().into())]),
            target: Some(action.clone()),
            options: confirm_options(),
            // The model's own words.
            why: Text::said(why),
            source: None,
        };
        let answer = ask(question.clone(), cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
        if is_yes(&answer) {
            t.state.approved = Some((question.id.clone(), 0));
            Ok(Outcome::Result(format!(
                "Approved. Do it now as your next action and cite it as `answer:{}`.",
                question.id
            )))
        } else {
            t.state.approved = None;
            Ok(Outcome::Result(
                "The person refused. Do not do it: record with record_assumption that the scenario leaves it out, and go on without it."
                    .into(),
            ))
        }
    }
}

/// Whether the rails would ask before this action: the same words, the same environment.
fn risky(action: &str, environment: specwright_browser::Environment) -> bool {
    use specwright_scenario::{Action, Locator, Target};
    let click = Action::Click {
        target: Target {
            strategies: vec![Locator::Text { text: action.to_string(), exact: false }],
            frame_path: Vec::new(),
            within: Vec::new(),
            first_visible: false,
        },
    };
    specwright_browser::classify(&click, action, environment).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use specwright_browser::Environment;

    #[test]
    fn logging_in_needs_no_person_and_deleting_does() {
        assert!(!risky("'로그인' 버튼을 클릭", Environment::Test));
        assert!(!risky("Open the cart", Environment::Test));
        assert!(risky("'회원 탈퇴' 버튼을 눌러 계정을 삭제", Environment::Test));
        assert!(risky("Delete the order", Environment::Test));
    }
}
