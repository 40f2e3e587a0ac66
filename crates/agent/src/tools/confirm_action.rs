//! `confirm_action`: the person's approval before an action that deletes, sends, pays or
//! cannot be undone; the approval covers the risky clicks that cite it and nothing else.

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
