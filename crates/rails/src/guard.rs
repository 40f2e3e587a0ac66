//! Before a step acts: leaving the allowed origins, or changing or destroying data, is a
//! question for a person unless the run was told such actions are approved; after it, a page
//! that went elsewhere is brought back.

use crate::{ask, confirm_options, is_yes, path_of, question_id, Context, RunError, Safety};
use specwright_browser::{classify, resolve_url, PageSession, Risk};
use specwright_protocol::{Event, Question, QuestionKind, Text};
use specwright_scenario::Action;

/// Before acting: a step that would leave the allowed origins, or that may change or destroy
/// data, is a question for a person unless the run was told such actions are approved. A "no"
/// stops the run; no answer makes it wait.
/// Shared with the LLM engine: the same rails for both.
pub async fn guard(
    cx: &mut Context<'_>,
    action: &Action,
    intent: &str,
    base_url: &str,
    line: u32,
    current_url: String,
) -> Result<(), RunError> {
    let risk = match action {
        Action::Goto { url } => {
            let url = resolve_url(base_url, url);
            (!cx.safety.allowlist.allows(&url)).then(|| Text::message("risk-outside", [("url", url.into())]))
        }
        other if !cx.safety.allow_risky => classify(other, intent, cx.safety.environment).map(|risk| risk_text(&risk)),
        _ => None,
    };
    let Some(reason) = risk else { return Ok(()) };
    cx.sink
        .emit(Event::ConfirmRequested { action: intent.to_string(), reason: reason.clone() })
        .map_err(RunError::Sink)?;
    let question = Question {
        id: question_id("confirm", &path_of(&current_url), intent),
        kind: QuestionKind::Confirm,
        // What is at stake first, then the question.
        text: Text::message("q-confirm", [("reason", reason.clone().into()), ("intent", intent.into())]),
        target: Some(intent.to_string()),
        options: confirm_options(),
        why: Text::message("why-confirm", [("reason", reason.clone().into())]),
        source: None,
    };
    let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    if is_yes(&answer) {
        Ok(())
    } else {
        Err(RunError::NeedsConfirmation { line, reason })
    }
}

/// Why an action needs a person's confirmation, in their language.
fn risk_text(risk: &Risk) -> Text {
    let id = if risk.production_only { "risk-production" } else { "risk-destructive" };
    Text::message(id, [("name", risk.name.clone().into()), ("word", risk.word.clone().into())])
}

/// After a step: a link or a script may have taken the page elsewhere.
pub async fn leave_check(page: &PageSession, safety: &Safety, line: u32) -> Result<(), RunError> {
    let url = page.url();
    if safety.allowlist.allows(&url) {
        return Ok(());
    }
    let _ = page.go_back().await;
    Err(RunError::NeedsConfirmation { line, reason: Text::message("risk-left", [("url", url.into())]) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use specwright_catalog::{render, Locale};

    #[test]
    fn a_confirmation_says_what_is_at_stake_before_it_asks() {
        let risk = Risk { word: "삭제".into(), name: "삭제".into(), production_only: false };
        let question = Text::message(
            "q-confirm",
            [("reason", risk_text(&risk).into()), ("intent", "행의 삭제 버튼을 누른다".into())],
        );
        assert_eq!(
            render(&question, Locale::Ko),
            "'삭제' 동작은 데이터를 바꾸거나 지울 수 있습니다('삭제'). 진행할까요? \"행의 삭제 버튼을 누른다\""
        );
        assert_eq!(
            render(&question, Locale::En),
            "'삭제' may change or delete data ('삭제'). Go ahead? \"행의 삭제 버튼을 누른다\""
        );
    }
}
