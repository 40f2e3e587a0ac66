//! The Drafter: every step the model takes enters the draft with its source (a document line,
//! a sheet row, an answer, the person's message in the chat) or, when the model cites nothing valid, with an assumption it records
//! on the spot, so no step of a submitted scenario is ever uncited.

use crate::state::LoopState;
use specwright_rails::{redacted, Context};
use specwright_scenario::{Assumption, AssumptionStatus, Citation, Provenance, SaidMessage, Scenario};

/// The person's message a citation names: `said:N` (N its place in the session's log), or a
/// bare `said` for the latest one.
pub(crate) fn heard<'s>(state: &'s LoopState<'_>, cite: &str) -> Option<&'s SaidMessage> {
    match cite.trim().strip_prefix("said") {
        Some("") => state.said.last(),
        Some(rest) => {
            let seq: u32 = rest.trim_start_matches([':', '#', ' ']).parse().ok()?;
            state.said.iter().find(|m| m.seq == seq)
        }
        None => None,
    }
}

/// Where a step comes from: a document line, a sheet row, an answer, or an assumption. A
/// missing or wrong citation becomes a recorded assumption: no step is ever uncited.
pub(crate) fn cite(
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    state: &mut LoopState<'_>,
    cite: &str,
    intent: &str,
) -> (Provenance, u32) {
    let cite = cite.trim();
    if let Some(message) = heard(state, cite) {
        let provenance = Provenance::Said {
            words: cx.secrets.redact(&message.words),
            by: message.by.clone(),
            at_ms: message.at_ms,
            citation: Citation::said(message.seq, &cx.secrets.redact(&message.words)),
        };
        return (provenance, 0);
    }
    if let Some(question) = cite.strip_prefix("answer:") {
        if let Some(answer) = cx.memory.answers.get(question) {
            return (Provenance::answer(question.to_string(), answer.clone()), 0);
        }
    }
    if let Some((name, place)) = cite.split_once('#') {
        if let Some(doc) = state.documents.iter().find(|d| d.name == name) {
            let line = if let Some(n) = place.strip_prefix('L') {
                n.parse::<u32>().ok()
            } else if let Some((sheet, row)) = place.split_once('!') {
                let row: Option<u32> = row.parse().ok();
                doc.tables
                    .iter()
                    .filter(|t| t.sheet.as_deref() == Some(sheet))
                    .flat_map(|t| t.rows.iter())
                    .find(|r| Some(r.number) == row)
                    .map(|r| r.line)
            } else {
                None
            };
            if let Some(citation) = line.and_then(|l| doc.cite(l)) {
                let line = citation.line;
                return (Provenance::Spec { citation: redacted(cx.secrets, &citation) }, line);
            }
        }
    }
    if cite == "assumption" {
        if let Some(id) = &state.last_assumption {
            return (Provenance::Assumption { assumption_id: id.clone() }, 0);
        }
    }
    let id = format!("A{}", scenario.assumptions.len() + 1);
    scenario.assumptions.push(Assumption {
        id: id.clone(),
        text: format!(
            "모델이 근거 없이 정한 단계입니다: \"{intent}\" (근거 표기: \"{cite}\") / A step the model took without a valid citation: \"{intent}\" (cited as \"{cite}\")"
        ),
        made_by: "llm".into(),
        status: AssumptionStatus::Open,
    });
    (Provenance::Assumption { assumption_id: id }, 0)
}

/// An assumption the model states outright (`record_assumption`); the steps that rest on it
/// cite it as `assumption`.
pub(crate) fn assume(cx: &Context<'_>, scenario: &mut Scenario, state: &mut LoopState<'_>, text: &str) -> String {
    let id = format!("A{}", scenario.assumptions.len() + 1);
    scenario.assumptions.push(Assumption {
        id: id.clone(),
        text: cx.secrets.redact(text),
        made_by: "llm".into(),
        status: AssumptionStatus::Open,
    });
    state.last_assumption = Some(id.clone());
    id
}
