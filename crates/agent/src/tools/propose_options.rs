//! `propose_options`: a multiple-choice question to the person where the documents leave a
//! branch open, within the session's question budget.

use crate::state::{refused, Outcome, Turn};
use crate::AgentError;
use schemars::JsonSchema;
use serde::Deserialize;
use specwright_protocol::{Question, QuestionKind, Text};
use specwright_rails::{ask, option, question_id};

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ProposeOptions {
    /// The question, in the documents' language.
    pub question: String,
    /// 2 to 6 options.
    pub options: Vec<String>,
    /// Why the documents do not decide it.
    pub why: String,
}

impl ProposeOptions {
    pub(crate) async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        if !(2..=6).contains(&self.options.len()) {
            return Ok(refused("propose_options needs 2 to 6 options"));
        }
        if t.state.asked >= t.state.budget {
            return Ok(Outcome::Result(
                "The question budget is spent: record an assumption with record_assumption and continue.".into(),
            ));
        }
        t.state.asked += 1;
        let question = Question {
            id: question_id("choice", "", &self.question),
            kind: QuestionKind::Choice,
            // The model asks in its own words.
            text: Text::said(self.question.clone()),
            target: None,
            options: self.options.iter().enumerate().map(|(i, o)| option(o.clone(), (i + 1).to_string())).collect(),
            why: Text::said(self.why.clone()),
            source: None,
        };
        let cx = &mut *t.cx;
        let answer = ask(question.clone(), cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
        let chosen =
            answer.parse::<usize>().ok().and_then(|n| self.options.get(n.wrapping_sub(1))).cloned().unwrap_or(answer);
        Ok(Outcome::Result(format!(
            "The person chose: {chosen}. Cite steps that follow from it as `answer:{}`.",
            question.id
        )))
    }
}
