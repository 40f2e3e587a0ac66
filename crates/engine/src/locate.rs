//! Grounding on the live page: snapshot, match (exact → normalized → jamo-fuzzy), keep only
//! locators that find exactly that one element. Several candidates, or none, become a question
//! with the candidates as options; the answer is remembered for the session.

use crate::ask::{ask, option, question_id};
use crate::explore::{path_of, Context};
use crate::grounding::{ground_tiered, MatchTier};
use crate::plan::PlannedStep;
use crate::{closest, Candidate, EngineError, Grounding, Intent};
use specwright_browser::{parse_snapshot, PageSession, SnapshotNode};
use specwright_protocol::{Event, Question, QuestionKind};
use specwright_scenario::{Locator, Target};

pub(crate) struct Located {
    pub target: Target,
    /// A person (or an answers file, or a remembered answer) chose the element.
    pub asked: bool,
    pub fuzzy: bool,
}

/// How long a target may take to appear after the previous step.
const SETTLE: std::time::Duration = std::time::Duration::from_millis(2500);

pub(crate) async fn locate(
    page: &PageSession,
    cx: &mut Context<'_>,
    intent: &Intent,
    step: &PlannedStep,
) -> Result<Located, EngineError> {
    let line = step.citation.line;
    let target_text = intent.target.clone().unwrap_or_default();
    let browser = |source| EngineError::Browser { line, source };
    cx.sink
        .emit(Event::ToolCall {
            call_id: format!("snapshot_{line}"),
            tool: "browser.snapshot".into(),
            summary: format!("'{target_text}' 찾는 중 / looking for '{target_text}'"),
        })
        .map_err(EngineError::Sink)?;
    let deadline = tokio::time::Instant::now() + SETTLE;
    let (mut grounding, mut tier, mut nodes);
    loop {
        let yaml = page.snapshot().await.map_err(browser)?;
        nodes = parse_snapshot(&yaml);
        remember_dialog(cx, &nodes);
        (grounding, tier) = ground_tiered(intent, &nodes);
        if let Grounding::Unique(candidate) = &grounding {
            if let Some(target) = durable(page, candidate, line).await? {
                return Ok(Located { target, asked: false, fuzzy: tier == Some(MatchTier::Fuzzy) });
            }
        }
        if matches!(grounding, Grounding::Ambiguous(_)) {
            break;
        }
        // The page may still be rendering the result of the previous step: look again when it
        // changes (bounded, so a page that never changes still reaches the deadline).
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        if left.is_zero() {
            break;
        }
        page.wait_for_change(left.min(std::time::Duration::from_millis(1000))).await;
    }

    let path = path_of(&page.url());
    match grounding {
        Grounding::Ambiguous(candidates) => {
            let question = Question {
                id: question_id("target", &path, &target_text),
                kind: QuestionKind::Target,
                text: format!(
                    "'{target_text}'에 해당하는 요소가 {n}개 있습니다. 어느 것인가요? / {n} elements match '{target_text}'. Which one is meant?",
                    n = candidates.len()
                ),
                target: Some(target_text.clone()),
                options: candidates
                    .iter()
                    .take(6)
                    .enumerate()
                    .map(|(i, c)| option(describe_candidate(c, &nodes, i, candidates.len()), (i + 1).to_string()))
                    .collect(),
                why: "같은 이름의 요소 중 하나를 임의로 고르지 않습니다. / The engine never picks one of several same-named elements by chance.".into(),
                source: Some(step.citation.label()),
            };
            // The person sees the candidates outlined on the page, in the mirror.
            let refs: Vec<String> = candidates.iter().filter_map(|c| c.reference.clone()).collect();
            if let Ok(jpeg) = page.frame_with_candidates(&refs).await {
                cx.sink.frame(&jpeg, None, &question.text, &page.url(), None).map_err(EngineError::Sink)?;
            }
            let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
            let chosen = answer
                .trim()
                .parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| candidates.get(i))
                .ok_or_else(|| not_chosen(line, &target_text, &answer))?;
            let target = durable(page, chosen, line).await?.ok_or_else(|| not_chosen(line, &target_text, &answer))?;
            Ok(Located { target, asked: true, fuzzy: false })
        }
        _ => {
            let role = crate::grounding::primary_role(intent);
            let near = closest(&nodes, role, &target_text, 5);
            if near.is_empty() {
                return Err(not_found(line, &target_text, &page.url()));
            }
            let question = Question {
                id: question_id("missing", &path, &target_text),
                kind: QuestionKind::Target,
                text: format!(
                    "화면에서 '{target_text}'을(를) 찾지 못했습니다. 다음 중 무엇을 뜻하나요? / '{target_text}' is not on the page. Which of these is meant?"
                ),
                target: Some(target_text.clone()),
                options: near.iter().map(|n| option(n.clone(), n.clone())).collect(),
                why: format!("기획서의 이름이 화면의 이름과 다릅니다({}). / The spec's name differs from the screen's ({}).", page.url(), page.url()),
                source: Some(step.citation.label()),
            };
            let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
            // Options read `role "name"`: ground the chosen name exactly.
            let name = answer.split_once('"').map(|(_, rest)| rest.trim_end_matches('"').to_string()).unwrap_or(answer);
            let retry = Intent { target: Some(name), ..intent.clone() };
            match ground_tiered(&retry, &nodes).0 {
                Grounding::Unique(c) => {
                    let target =
                        durable(page, &c, line).await?.ok_or_else(|| not_found(line, &target_text, &page.url()))?;
                    Ok(Located { target, asked: true, fuzzy: false })
                }
                _ => Err(not_found(line, &target_text, &page.url())),
            }
        }
    }
}

/// Locators derived from the element itself, each verified to find it alone; for a dialog
/// matched through its heading, or with no ref, the candidate's own locators if unique.
pub async fn durable(page: &PageSession, candidate: &Candidate, line: u32) -> Result<Option<Target>, EngineError> {
    let browser = |source| EngineError::Browser { line, source };
    if let (Some(reference), true) = (&candidate.reference, candidate.role == candidate.node_role) {
        let name = candidate.locators.iter().find_map(|l| match l {
            Locator::Role { name, .. } => Some(name.as_str()),
            _ => None,
        });
        if let Ok(found) = page.durable_locators(reference, &candidate.role, name).await {
            if !found.is_empty() {
                return Ok(Some(Target { strategies: found, frame_path: Vec::new(), ..Default::default() }));
            }
        }
    }
    let mut unique = Vec::new();
    for locator in &candidate.locators {
        if page.count(&locator.playwright_selector()).await.map_err(browser)? == 1 {
            unique.push(locator.clone());
        }
    }
    Ok((!unique.is_empty()).then_some(Target { strategies: unique, frame_path: Vec::new(), ..Default::default() }))
}

/// The dialog on screen, by its name or the heading inside it, for "the dialog closes" later.
fn remember_dialog(cx: &mut Context<'_>, nodes: &[SnapshotNode]) {
    let dialog = nodes.iter().find(|n| n.role == "dialog" || n.role == "alertdialog");
    let Some(dialog) = dialog else { return };
    let name = dialog.name.clone().or_else(|| {
        nodes
            .iter()
            .find(|n| n.role == "heading" && n.ancestors.iter().any(|a| a == "dialog" || a == "alertdialog"))
            .and_then(|n| n.name.clone())
    });
    if name.is_some() {
        cx.memory.last_dialog = name;
    }
}

/// `button "내보내기" — 2개 중 1번째, main / #1 of 2, in main`.
fn describe_candidate(c: &Candidate, nodes: &[SnapshotNode], index: usize, total: usize) -> String {
    const LANDMARKS: &[&str] =
        &["dialog", "alertdialog", "navigation", "banner", "main", "contentinfo", "form", "region", "table"];
    let region = nodes
        .iter()
        .find(|n| n.reference.is_some() && n.reference == c.reference)
        .and_then(|n| n.ancestors.iter().rev().find(|a| LANDMARKS.contains(&a.as_str())).cloned())
        .unwrap_or_else(|| "page".into());
    format!(
        "{} \"{}\" — {total}개 중 {}번째, {region} / #{} of {total}, in {region}",
        c.role,
        c.label,
        index + 1,
        index + 1
    )
}

fn not_found(line: u32, target: &str, url: &str) -> EngineError {
    EngineError::Grounding {
        line,
        message: format!(
            "화면에서 '{target}'을(를) 찾지 못했습니다. 이름이 화면과 같은지 확인하세요. \
             / '{target}' was not found on the page ({url}); check that the spec uses the name shown on screen."
        ),
    }
}

fn not_chosen(line: u32, target: &str, answer: &str) -> EngineError {
    EngineError::Grounding {
        line,
        message: format!(
            "'{target}'에 대한 답 \"{answer}\"이(가) 선택지와 맞지 않습니다. 선택지 번호로 답해 주세요. \
             / The answer \"{answer}\" for '{target}' matches no option: answer with an option's number."
        ),
    }
}
