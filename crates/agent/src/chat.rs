//! The person's messages in the session's chat as turns of the model's conversation: each one
//! the model has not yet read becomes a user turn with the words fenced as theirs, the citation
//! the steps it asks for carry (`said:N`), and the scenario as it stands, so the model goes on
//! from the draft instead of starting over.

use crate::prompt::said_prompt;
use crate::AgentError;
use specwright_browser::Secrets;
use specwright_llm::Message;
use specwright_protocol::Text;
use specwright_scenario::{Provenance, SaidMessage, Scenario};

/// The scenario so far as the model reads it: one numbered line per step with what it cites.
pub(crate) fn steps_so_far(scenario: &Scenario) -> String {
    if scenario.steps.is_empty() {
        return "(no steps yet)".into();
    }
    scenario
        .steps
        .iter()
        .map(|step| {
            let cited = match &step.provenance {
                Provenance::Said { citation, .. } => format!("said:{}", citation.line),
                Provenance::Spec { citation } => format!("{}#L{}", citation.document, citation.line),
                Provenance::Answer { question_id, .. } => format!("answer:{question_id}"),
                other => other.source().to_string(),
            };
            format!("{}. {} [{}] ({cited})", step.index, step.intent, step.action.name())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The turns for the messages of `turns` said after `heard` (the last one the model read), and
/// the new `heard`. Secrets given to the session are cut from the words before the model reads them.
pub(crate) fn said_turns(
    korean: bool,
    said: &[SaidMessage],
    turns: &[u32],
    heard: u32,
    scenario: &Scenario,
    secrets: &Secrets,
    replay: Option<&str>,
) -> Result<(Vec<Message>, u32), AgentError> {
    let mut out = Vec::new();
    let mut last = heard;
    for message in said.iter().filter(|m| m.seq > heard && turns.contains(&m.seq)) {
        let seq = message.seq.to_string();
        let words = crate::fence("said", &[("seq", &seq)], &secrets.redact(&message.words));
        let mut steps = steps_so_far(scenario);
        if let Some(replay) = replay {
            steps.push_str("\n\n");
            steps.push_str(replay);
        }
        let text = said_prompt(korean, &crate::defuse(&words).0, &format!("said:{seq}"), &steps).map_err(|e| {
            AgentError::Llm {
                code: "prompt",
                message: Text::message("error-prompt", [("reason", e.to_string().into())]),
            }
        })?;
        out.push(Message::User { text });
        last = last.max(message.seq);
    }
    Ok((out, last))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(seq: u32, words: &str) -> SaidMessage {
        SaidMessage { seq, words: words.into(), by: "window".into(), at_ms: 0 }
    }

    #[test]
    fn only_messages_taken_as_turns_and_not_yet_read_become_turns_with_their_citation() {
        let scenario = specwright_rails::empty_scenario(
            "s".into(),
            "t".into(),
            "http://127.0.0.1:1",
            specwright_rails::Locale::En,
        );
        let said = [message(4, "check the total"), message(9, "2번"), message(12, "also check the footer hunter2")];
        let mut secrets = Secrets::default();
        secrets.insert("PASSWORD", "hunter2");
        let (turns, heard) = said_turns(false, &said, &[4, 12], 4, &scenario, &secrets, None).unwrap();
        assert_eq!(heard, 12);
        let [Message::User { text }] = turns.as_slice() else { panic!("{turns:?}") };
        assert!(text.contains("<said seq=\"12\">") && text.contains("also check the footer"), "{text}");
        assert!(text.contains("`said:12`") && text.contains("(no steps yet)"), "{text}");
        assert!(!text.contains("hunter2") && !text.contains("check the total"), "{text}");
        // Read already: nothing more.
        let (none, heard) = said_turns(false, &said, &[4, 12], 12, &scenario, &secrets, None).unwrap();
        assert!(none.is_empty());
        assert_eq!(heard, 12);
    }
}
