//! Before a step acts: leaving the allowed origins, or changing or destroying data, is a
//! question for a person unless the run was told such actions are approved; after it, a page
//! that went elsewhere is brought back.

use crate::{ask, confirm_options, is_yes, path_of, question_id, Context, RunError, Safety};
use specwright_browser::{classify, resolve_url, PageSession};
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
    let reason = match action {
        Action::Goto { url } => {
            let url = resolve_url(base_url, url);
            (!cx.safety.allowlist.allows(&url))
                .then(|| format!("{url}은(는) 허용된 대상 밖입니다. / {url} is outside the allowed origins."))
        }
        other if !cx.safety.allow_risky => classify(other, intent, cx.safety.environment).map(|risk| risk.reason),
        _ => None,
    };
    let Some(reason) = reason else { return Ok(()) };
    cx.sink
        .emit(Event::ConfirmRequested { action: intent.to_string(), reason: reason.clone() })
        .map_err(RunError::Sink)?;
    let question = Question {
        id: question_id("confirm", &path_of(&current_url), intent),
        kind: QuestionKind::Confirm,
        // The reason is still written in both languages (the browser's risk rules); the
        // question keeps it as said until those rules are catalog messages.
        text: Text::said(confirm_text(&reason, intent)),
        target: Some(intent.to_string()),
        options: confirm_options(),
        why: Text::said(reason.clone()),
        source: None,
    };
    let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    if is_yes(&answer) {
        Ok(())
    } else {
        Err(RunError::NeedsConfirmation { line, reason })
    }
}

/// "'삭제' 동작은 데이터를 … 지울 수 있습니다. 진행할까요? "…"": the question says what is at
/// stake, in the person's language, before asking.
fn confirm_text(reason: &str, intent: &str) -> String {
    let (ko, en) = reason.split_once(" / ").unwrap_or((reason, reason));
    let first = |text: &str| -> String {
        let text = text.trim();
        match text.find(". ") {
            Some(at) => text[..=at].to_string(),
            None => text.trim_end_matches(';').to_string(),
        }
    };
    let en = first(en.split(';').next().unwrap_or(en));
    let en = if en.ends_with('.') { en } else { format!("{en}.") };
    format!("{} 진행할까요? \"{intent}\" / {en} Go ahead? \"{intent}\"", first(ko))
}

/// After a step: a link or a script may have taken the page elsewhere.
pub async fn leave_check(page: &PageSession, safety: &Safety, line: u32) -> Result<(), RunError> {
    let url = page.url();
    if safety.allowlist.allows(&url) {
        return Ok(());
    }
    let _ = page.go_back().await;
    Err(RunError::NeedsConfirmation {
        line,
        reason: format!(
            "페이지가 허용된 대상 밖({url})으로 이동했습니다. 이동을 허용하려면 --allow-origin으로 추가하세요. \
             / The page went outside the allowed origins ({url}); allow it with --allow-origin."
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_confirmation_says_what_is_at_stake_before_it_asks() {
        let reason = "'삭제' 동작은 데이터를 바꾸거나 지울 수 있습니다('삭제'). 실행하려면 확인이 필요합니다. \
                      / '삭제' may change or delete data ('삭제'); it needs your confirmation.";
        assert_eq!(
            confirm_text(reason, "행의 삭제 버튼을 누른다"),
            "'삭제' 동작은 데이터를 바꾸거나 지울 수 있습니다('삭제'). 진행할까요? \"행의 삭제 버튼을 누른다\" \
             / '삭제' may change or delete data ('삭제'). Go ahead? \"행의 삭제 버튼을 누른다\""
        );
    }
}
