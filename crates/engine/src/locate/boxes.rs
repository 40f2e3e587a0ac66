//! Several boxes drawn side by side after the one label a sentence names ("새 제목:" over a
//! namespace list and a title box): none has a name of its own, so the person is asked which
//! one, and each box is offered by its place and what it shows now.

use crate::grounding::{boxes_after_label, unnamed_at};
use crate::plan::PlannedStep;
use crate::{Intent, RunError};
use specwright_browser::{PageSession, SnapshotNode};
use specwright_protocol::{FrameBox, Question, QuestionKind, QuestionOption, Text};
use specwright_rails::{ask, durable, option, question_id, Context, DEFECT};
use specwright_scenario::{Provenance, Target};

/// An option's value: the box's place after the label, counted from one, which names the same
/// box again when the question is answered from memory on a later run.
const BOX: &str = "box:";

pub(super) async fn which_box(
    page: &PageSession,
    cx: &mut Context<'_>,
    step: &PlannedStep,
    intent: &Intent,
    nodes: &[SnapshotNode],
    path: &str,
) -> Result<Option<(Target, Provenance)>, RunError> {
    let Some((label, boxes)) = boxes_after_label(intent, nodes) else { return Ok(None) };
    let line = step.citation.line;
    let target_text = intent.target.clone().unwrap_or_default();
    let mut options = Vec::new();
    // Four at most, so the boxes, "a defect" and "skip" all fit the six keys.
    for (n, &at) in boxes.iter().enumerate().take(4) {
        let node = &nodes[at];
        let kind = specwright_rails::kind(&node.role);
        let label = match shown_in(nodes, at) {
            Some(shown) => Text::message(
                "box-after-label-shows",
                [("label", label.as_str().into()), ("n", (n + 1).into()), ("kind", kind), ("shown", shown.into())],
            ),
            None => Text::message(
                "box-after-label",
                [("label", label.as_str().into()), ("n", (n + 1).into()), ("kind", kind)],
            ),
        };
        let target = match &node.reference {
            Some(r) => page.viewport_box(&format!("aria-ref={r}")).await,
            None => None,
        }
        .map(|[x, y, width, height]| FrameBox { x, y, width, height });
        options.push(QuestionOption { target, ..option(label, format!("{BOX}{}", n + 1)) });
    }
    options.push(option(Text::message("opt-defect", []), DEFECT));
    options.push(specwright_rails::skip_option());
    let question = Question {
        id: question_id("boxes", path, &target_text),
        kind: QuestionKind::Target,
        text: Text::message(
            "q-target-which-box",
            [("target", target_text.as_str().into()), ("label", label.as_str().into())],
        ),
        target: Some(target_text.clone()),
        options,
        why: Text::message("why-target-which-box", [("url", page.url().into())]),
        source: Some(step.citation.label()),
    };
    // The person sees the boxes outlined on the page, in the mirror.
    let refs: Vec<String> = boxes.iter().filter_map(|&at| nodes[at].reference.clone()).collect();
    let (answer, cited) = ask_which(page, cx, step, question, &refs, &target_text, boxes.len()).await?;
    let chosen = answer
        .trim()
        .strip_prefix(BOX)
        .and_then(|n| n.parse::<usize>().ok())
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| boxes.get(i))
        .and_then(|&at| unnamed_at(nodes, at, &label))
        .ok_or_else(|| not_chosen(line, &target_text, &answer))?;
    let target = durable(page, &chosen, line).await?.ok_or_else(|| not_chosen(line, &target_text, &answer))?;
    Ok(Some((target, cited)))
}

/// Asks which of `offered` elements (outlined in the mirror by `refs`) the sentence means: the
/// answer and what it cites, or the step's end when the person says none is right (a defect)
/// or skips it.
pub(super) async fn ask_which(
    page: &PageSession,
    cx: &mut Context<'_>,
    step: &PlannedStep,
    question: Question,
    refs: &[String],
    target_text: &str,
    offered: usize,
) -> Result<(String, Provenance), RunError> {
    let line = step.citation.line;
    if let Ok(jpeg) = page.frame_with_candidates(refs).await {
        cx.sink.frame(&jpeg, None, target_text, &page.url(), None).map_err(RunError::Sink)?;
    }
    let asked = question.clone();
    let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    let cited = specwright_rails::answer_provenance(&asked, &answer, &step.citation, cx.language, cx.memory);
    if answer.trim() == DEFECT {
        return Err(RunError::Grounding {
            line,
            message: Text::message("target-none-right", [("target", target_text.into()), ("n", offered.into())]),
        });
    }
    if specwright_rails::is_skip(&answer) {
        return Err(RunError::Skipped { line });
    }
    Ok((answer, cited))
}

/// An answer that names none of the options offered for `target`.
pub(super) fn not_chosen(line: u32, target: &str, answer: &str) -> RunError {
    RunError::Grounding {
        line,
        message: Text::message("answer-not-an-option", [("target", target.into()), ("answer", answer.into())]),
    }
}

/// What a box shows now: the text typed in it, or the option a list has chosen.
fn shown_in(nodes: &[SnapshotNode], at: usize) -> Option<String> {
    let own = nodes[at].text.as_deref().map(str::trim).filter(|t| !t.is_empty());
    let chosen = || {
        nodes
            .iter()
            .skip(at + 1)
            .take_while(|n| n.parents.contains(&at))
            .find(|n| n.selected)
            .and_then(|n| n.name.as_deref().map(str::trim))
    };
    own.or_else(chosen).map(str::to_string)
}
