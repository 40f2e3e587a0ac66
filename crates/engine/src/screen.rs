//! Going to a screen the spec names by purpose ("관리자 로그인 화면으로 이동한다", "Go to the
//! contact list"): the page may already be it (its heading says so), the session may have seen
//! it, the spec's environment may give its address, or a link may lead there. Otherwise a
//! person says how, with options in their words; nothing is guessed.

use crate::ask::{ask, option, question_id};
use crate::explore::{path_of, redacted, run_step, Context, TARGET_URL_QUESTION};
use crate::grounding::normalize;
use crate::plan::PlannedStep;
use crate::{EngineError, Intent};
use specwright_browser::{parse_snapshot, BrowserSession, SnapshotNode};
use specwright_protocol::{Question, QuestionKind};
use specwright_scenario::{Action, Assertion, Locator, PageAssertion, Provenance, Scenario, Target};

/// Words a screen's name may carry that its heading need not ("관리자 로그인" is the "로그인" page).
const SOFT_WORDS: &[&str] = &[
    "관리자", "관리", "admin", "administrator", "목록", "리스트", "list", "메뉴", "menu", "기능", "정보", "메인", "main", "the",
    "of", "all",
];
/// Words that only say it is a screen.
const SCREEN_WORDS: &[&str] = &["화면", "페이지", "page", "screen", "view", "창", "window", "form", "양식"];
/// How long a screen reached by the previous step may take to show its heading.
const SETTLE: std::time::Duration = std::time::Duration::from_millis(2500);

fn words(text: &str) -> Vec<String> {
    normalize(text)
        .split_whitespace()
        .filter(|w| !SCREEN_WORDS.contains(w))
        .map(|w| w.trim_end_matches('s').to_string())
        .filter(|w| !w.is_empty())
        .collect()
}

fn hard(words: &[String]) -> Vec<String> {
    words.iter().filter(|w| !SOFT_WORDS.contains(&w.as_str())).cloned().collect()
}

/// Whether `label` (a heading) names the screen `name`: every word that matters in each is in
/// the other, Korean words compared without their spaces.
fn names_screen(name: &str, label: &str) -> bool {
    let (n, l) = (words(name), words(label));
    let (hn, hl) = (hard(&n), hard(&l));
    if hn.is_empty() || hl.is_empty() {
        return !n.is_empty() && n == l;
    }
    let joined_l: String = l.concat();
    let joined_n: String = n.concat();
    hn.iter().all(|w| l.contains(w) || joined_l.contains(w.as_str()))
        && hl.iter().all(|w| n.contains(w) || joined_n.contains(w.as_str()))
}

/// Whether a link's name leads to the screen `name`: the screen's words are all in it.
fn leads_to(name: &str, label: &str) -> bool {
    let (n, l) = (words(name), words(label));
    let hn = hard(&n);
    let joined: String = l.concat();
    !hn.is_empty() && hn.iter().all(|w| l.contains(w) || joined.contains(w.as_str()))
}

/// Whether the name means the application itself ("Open the app", "회의실 예약 시스템에 접속한다").
fn is_the_app(name: &str) -> bool {
    let n = normalize(name);
    let last = n.split_whitespace().last().unwrap_or("");
    crate::grammar::APP_WORDS.iter().any(|w| n == *w || last == *w)
}

pub(crate) async fn go_to_screen(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    intent: &Intent,
    step: &PlannedStep,
) -> Result<(), EngineError> {
    let name = intent.target.clone().unwrap_or_default();
    let text = cx.secrets.redact(&step.text);
    let spec = Provenance::Spec { citation: redacted(cx.secrets, &step.citation) };
    let line = step.citation.line;
    let opened = session.page().url().starts_with("http");
    if is_the_app(&name) || !opened {
        let url = scenario.target_url.clone();
        let answer = Provenance::Answer { question_id: TARGET_URL_QUESTION.into(), answer: url.clone() };
        run_step(session, cx, scenario, text.clone(), Action::Goto { url }, answer, line).await?;
        if is_the_app(&name) {
            return Ok(());
        }
    }
    // Already there (the previous step led to it): the heading says so, and that is the check.
    let deadline = tokio::time::Instant::now() + SETTLE;
    let nodes = loop {
        let nodes = snapshot(session).await?;
        if let Some(heading) = nodes.iter().find(|n| n.role == "heading" && n.name.as_deref().is_some_and(|h| names_screen(&name, h))) {
            let heading = heading.name.clone().unwrap_or_default();
            cx.memory.screens.insert(name.clone(), path_of(&session.page().url()));
            let check = Action::Expect {
                target: Target::new(vec![Locator::Role { role: "heading".into(), name: heading, exact: true }]),
                assertion: Assertion::Visible,
            };
            return run_step(session, cx, scenario, text, check, spec, line).await;
        }
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        if left.is_zero() {
            break nodes;
        }
        session.page().wait_for_change(left.min(std::time::Duration::from_millis(800))).await;
    };
    let title = session.page().evaluate_text("document.title").await.unwrap_or_default();
    if !title.is_empty() && names_screen(&name, &title) {
        let check = Action::ExpectPage { assertion: PageAssertion::Title { expected: title } };
        return run_step(session, cx, scenario, text, check, spec, line).await;
    }
    // Seen earlier in the session, or given by the spec's environment.
    let known = cx.memory.screens.iter().find(|(seen, _)| names_screen(&name, seen)).map(|(_, path)| path.clone());
    if let Some(path) = known {
        return run_step(session, cx, scenario, text, Action::Goto { url: path }, spec, line).await;
    }
    let place = cx.environment.places.iter().find(|p| !p.label.is_empty() && leads_to(&name, &p.label)).cloned();
    if let Some(place) = place {
        let url = if place.url.starts_with('/') { place.url.clone() } else { path_of(&place.url) };
        let cited = Provenance::Spec { citation: redacted(cx.secrets, &place.citation) };
        return run_step(session, cx, scenario, text, Action::Goto { url }, cited, line).await;
    }
    // A link, a menu item or a tab that leads there.
    let links: Vec<&SnapshotNode> = nodes
        .iter()
        .filter(|n| matches!(n.role.as_str(), "link" | "menuitem" | "tab" | "button") && n.name.is_some())
        .collect();
    let leading: Vec<&&SnapshotNode> = links.iter().filter(|n| n.name.as_deref().is_some_and(|l| leads_to(&name, l))).collect();
    if let [only] = leading.as_slice() {
        let target = Target::new(vec![Locator::Role {
            role: only.role.clone(),
            name: only.name.clone().unwrap_or_default(),
            exact: true,
        }]);
        if session.page().count(&target.scoped_selector(&target.strategies[0])).await.unwrap_or(0) == 1 {
            return run_step(session, cx, scenario, text, Action::Click { target }, spec, line).await;
        }
    }
    ask_how(session, cx, scenario, &name, step, &links).await
}

async fn snapshot(session: &BrowserSession) -> Result<Vec<SnapshotNode>, EngineError> {
    let yaml = session.page().snapshot().await.map_err(|source| EngineError::Browser { line: 0, source })?;
    Ok(parse_snapshot(&yaml))
}

/// A question: how is this screen opened? Links on the page, screens seen, this page, or skip;
/// or the person's own answer (an address, or what to click).
async fn ask_how(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    name: &str,
    step: &PlannedStep,
    links: &[&SnapshotNode],
) -> Result<(), EngineError> {
    let line = step.citation.line;
    let path = path_of(&session.page().url());
    let mut scored: Vec<(usize, &SnapshotNode)> = links
        .iter()
        .map(|n| {
            let label = words(n.name.as_deref().unwrap_or(""));
            (words(name).iter().filter(|w| label.contains(w)).count(), *n)
        })
        .filter(|(score, _)| *score > 0)
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0));
    let mut options = Vec::new();
    for (_, node) in scored.iter().take(3) {
        let label = node.name.clone().unwrap_or_default();
        let kind = crate::ask::kind_words(&node.role);
        options.push(option(format!("'{label}' {} 누르기 / click the '{label}' {}", kind.0, kind.1), format!("click:{}:{label}", node.role)));
    }
    let mut seen: Vec<(&String, &String)> = cx.memory.screens.iter().collect();
    seen.sort();
    for (screen, path) in seen.into_iter().take(2) {
        options.push(option(format!("'{screen}' 화면 ({path}) / the '{screen}' screen ({path})"), path.as_str()));
    }
    options.push(option("지금 화면이 그 화면입니다 / this page is that screen".into(), "here"));
    options.push(option(crate::ask::SKIP_LABEL.into(), crate::ask::SKIP));
    let question = Question {
        id: question_id("screen", &path, name),
        kind: QuestionKind::Screen,
        text: format!("'{name}' 화면은 어떻게 여나요? 주소를 적거나 누를 것을 고르세요. / How is the '{name}' screen opened? Give its address or pick what to click."),
        target: Some(name.to_string()),
        options,
        why: "기획서가 화면의 이름만 적고 여는 방법은 적지 않았습니다. / The spec names the screen but not how to open it.".into(),
        source: Some(step.citation.label()),
    };
    let question_id = question.id.clone();
    let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    let by_answer = Provenance::Answer { question_id: question_id.clone(), answer: answer.clone() };
    let text = cx.secrets.redact(&step.text);
    let trimmed = answer.trim();
    if crate::ask::is_skip(trimmed) {
        crate::ask::skipped(scenario, &text, &step.citation.label());
        return Ok(());
    }
    if trimmed == "here" {
        let check = Action::ExpectPage { assertion: PageAssertion::Url { expected: path_of(&session.page().url()) } };
        cx.memory.screens.insert(name.to_string(), path_of(&session.page().url()));
        return run_step(session, cx, scenario, text, check, by_answer, line).await;
    }
    if trimmed.starts_with('/') || trimmed.starts_with("http://") || trimmed.starts_with("https://") {
        let url = if trimmed.starts_with('/') { trimmed.to_string() } else { path_of(trimmed) };
        cx.memory.screens.insert(name.to_string(), url.clone());
        return run_step(session, cx, scenario, text, Action::Goto { url }, by_answer, line).await;
    }
    // What to click: an option's element, or the person's words ("List Contacts in the Contacts menu").
    let sentence = match trimmed.strip_prefix("click:").and_then(|r| r.split_once(':')) {
        Some((_, label)) => format!("Click '{label}'"),
        None if crate::interpret(trimmed).is_some() => trimmed.to_string(),
        None => format!("Click {trimmed}"),
    };
    let said = PlannedStep { text: sentence, data: None, citation: step.citation.clone(), expected: false, negative: false };
    Box::pin(crate::sentence::run_answered(session, cx, scenario, &said, by_answer)).await?;
    cx.memory.screens.insert(name.to_string(), path_of(&session.page().url()));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screens_by_their_words() {
        assert!(names_screen("관리자 로그인", "로그인"));
        assert!(names_screen("contact list", "List Contact"));
        assert!(names_screen("예약 목록", "예약 목록"));
        assert!(!names_screen("사용자 추가", "사용자"));
        assert!(!names_screen("user list", "Add User"));
        assert!(leads_to("contact list", "List Contacts"));
        assert!(!leads_to("contact list", "List Groups"));
        assert!(is_the_app("the app"));
        assert!(is_the_app("회의실 예약 시스템"));
        assert!(!is_the_app("예약 목록"));
    }
}
