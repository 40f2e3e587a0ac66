//! A target behind a closed menu the sentence itself names ("왼쪽 메뉴의 페이지에서 홈을
//! 선택한다", "Under Contacts, click List Contacts"): a person opens that menu first, so the
//! engine does too — recorded as a step of its own — when the target is not on the page and
//! exactly one collapsed control on the page carries a name the sentence says (or the first
//! words of the target's own: "Publish" for "Publish now"), or, when none does, the one
//! collapsed toggle whose own menu holds the target not drawn yet. A field kept on a tab of its
//! name ("In Categories, select Fiction") is reached the same way: its tab first.

use crate::plan::PlannedStep;
use crate::resolution::{resolve, Look, Resolution};
use crate::{Intent, RunError};
use specwright_browser::{parse_snapshot, BrowserSession, SnapshotNode};
use specwright_rails::{redacted, run_step, Context};
use specwright_reading::normalize;
use specwright_scenario::{Action, Provenance, Scenario};

/// What may follow a name inside a Korean word: "페이지에서", "설정 메뉴의".
const TAILS: &[&str] = &["", "에서", "의", "에", "에서의", "메뉴", "메뉴에서", "메뉴의", "탭", "탭에서", "탭의"];

/// Whether `text` names `name` as a word of its own (Korean particles after it allowed).
pub(crate) fn names(text: &str, name: &str) -> bool {
    let (text, name) = (normalize(text), normalize(name));
    if name.chars().count() < 2 {
        return false;
    }
    text.match_indices(name.as_str()).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = &text[at + name.len()..];
        let word_end = after.find(|c: char| c.is_whitespace() || ",.;:)'\"".contains(c)).unwrap_or(after.len());
        before.is_none_or(|c| c.is_whitespace() || "(,'\"".contains(c)) && TAILS.contains(&&after[..word_end])
    })
}

/// Opens the one closed menu the sentence names when its target is not on the page yet.
/// Nothing is done (and nothing recorded) when the target is there, when no such menu or more
/// than one is, or when the target is still missing once it is open.
pub(crate) async fn open_named_menu(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    intent: &Intent,
    step: &PlannedStep,
) -> Result<(), RunError> {
    let line = step.citation.line;
    let Some(target) = intent.target.as_deref().filter(|t| !t.is_empty()) else { return Ok(()) };
    let field = matches!(
        intent.verb,
        crate::Verb::Fill
            | crate::Verb::Select
            | crate::Verb::Check
            | crate::Verb::Uncheck
            | crate::Verb::Upload
            | crate::Verb::Clear
    );
    // The page may still be loading the previous step's result: look again while it changes.
    let started = tokio::time::Instant::now();
    let opener = loop {
        let nodes = read_nodes(session, line).await?;
        let found = resolve(intent, &nodes, &looked_since(started));
        if found.is_here() {
            return Ok(());
        }
        let mut openers: Vec<&SnapshotNode> = Vec::new();
        for node in
            nodes.iter().filter(|n| matches!(n.role.as_str(), "button" | "link" | "menuitem" | "tab") && !n.hidden)
        {
            let Some(name) = node.name.as_deref() else { continue };
            if normalize(name) == normalize(target) {
                // "In Categories, select Fiction": a field kept on a tab of its name, shown once
                // that tab is open.
                if field && unshown_tab(session, node).await {
                    openers.push(node);
                }
                continue;
            }
            // The menu must be named beside the target, not inside its name ("List Contacts in
            // the Contacts menu": the second "Contacts").
            let around = normalize(&step.text).replace(&normalize(target), " ");
            if names(&around, name) && (collapsed(session, node).await || unshown_tab(session, node).await) {
                openers.push(node);
                continue;
            }
            // A menu button whose commands carry its name on ("Publish" → "Publish now",
            // "Export" → "Export as CSV"): the target is one of them.
            let begins = normalize(target).starts_with(&format!("{} ", normalize(name)));
            if begins && !field && collapsed(session, node).await {
                openers.push(node);
            }
        }
        if let Some(opener) = crate::menus::menu_opener(session, &openers).await {
            break opener;
        }
        // No menu the sentence names holds it: the one collapsed toggle on the page whose own
        // menu holds the target, not drawn yet ("화면 아래 액션 메뉴를 펼쳐 게시를 누른다" where the
        // footer's arrow is called "더 많은 움직임"). Opening it must bring the target, as below.
        if openers.is_empty() && !field {
            if let [holder] = session.page().menus_holding(target).await.as_slice() {
                let named: Vec<&SnapshotNode> = nodes
                    .iter()
                    .filter(|n| matches!(n.role.as_str(), "button" | "link" | "menuitem") && !n.hidden)
                    .filter(|n| n.name.as_deref().is_some_and(|name| normalize(name) == normalize(holder)))
                    .collect();
                if let Some(opener) = crate::menus::menu_opener(session, &named).await {
                    break opener;
                }
            }
        }
        if found == Resolution::NotFound {
            return Ok(());
        }
        session.page().wait_for_change(std::time::Duration::from_millis(500)).await;
    };
    let spec = Provenance::Spec { citation: redacted(cx.secrets, &step.citation) };
    let text = cx.secrets.redact(&step.text);
    let before = scenario.steps.len();
    run_step(session, cx, scenario, text, Action::Click { target: opener }, spec, line).await?;
    session.page().wait_for_change(std::time::Duration::from_millis(1500)).await;
    let started = tokio::time::Instant::now();
    loop {
        match resolve(intent, &read_nodes(session, line).await?, &looked_since(started)) {
            Resolution::NotFound => break,
            Resolution::WaitMore => session.page().wait_for_change(std::time::Duration::from_millis(500)).await,
            _ => return Ok(()),
        };
    }
    // Opening it did not bring the target: the step is not the way there, and the menu is
    // closed again so the question that follows is asked on the page as it was.
    scenario.steps.truncate(before);
    let _ = session.page().press("body", "Escape", "Escape").await;
    Ok(())
}

/// "화면 아래 액션 메뉴를 펼쳐 게시를 누른다": the menu to open is the one that holds what the
/// sentence presses next. When the menu the sentence names does not hold it and one other
/// collapsed toggle's menu does (a footer's arrow called "더 많은 움직임" beside a header's
/// "액션" menu), that toggle is taken where the sentence's place says it ("화면 아래"), and
/// otherwise asked about. `None`: the named menu stands (the next target shown already, the
/// named one holds it, or nothing else does).
pub(crate) async fn menu_holding_next(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    intent: &Intent,
    next: &Intent,
    step: &PlannedStep,
) -> Result<Option<(specwright_scenario::Target, Option<Provenance>)>, RunError> {
    let line = step.citation.line;
    let (Some(_), Some(wanted)) = (intent.target.as_deref(), next.target.as_deref()) else { return Ok(None) };
    let nodes = read_nodes(session, line).await?;
    if resolve(next, &nodes, &Look::NOW).is_here() {
        return Ok(None);
    }
    let Resolution::Unique(named, _) = resolve(intent, &nodes, &Look::NOW) else { return Ok(None) };
    let Some(named_node) = nodes.iter().find(|n| n.reference.is_some() && n.reference == named.reference) else {
        return Ok(None);
    };
    if !collapsed(session, named_node).await {
        return Ok(None);
    }
    let holders = session.page().menus_holding(wanted).await;
    let [holder] = holders.as_slice() else { return Ok(None) };
    if normalize(&named.label) == normalize(holder) {
        return Ok(None);
    }
    let holding: Vec<&SnapshotNode> = nodes
        .iter()
        .filter(|n| matches!(n.role.as_str(), "button" | "link" | "menuitem") && !n.hidden)
        .filter(|n| n.name.as_deref().is_some_and(|name| normalize(name) == normalize(holder)))
        .collect();
    let [holding_node] = holding.as_slice() else { return Ok(None) };
    let Some(target) = crate::menus::menu_opener(session, &[*holding_node]).await else { return Ok(None) };
    // Where the sentence puts the menu picks the holder without a question, when it is there
    // and the named one is not.
    let holder_candidate = crate::Candidate {
        role: holding_node.role.clone(),
        node_role: holding_node.role.clone(),
        label: holding_node.name.clone().unwrap_or_default(),
        reference: holding_node.reference.clone(),
        locators: Vec::new(),
        within: Vec::new(),
        place: None,
    };
    if let Some(side) = crate::locate::position::said_position(&step.text) {
        let mut placed = Vec::new();
        for c in [&named, &holder_candidate] {
            let found = match &c.reference {
                Some(r) => session.page().bounding_box(&format!("aria-ref={r}")).await.ok().flatten(),
                None => None,
            };
            placed.extend(found.map(|(x, y, w, h)| (c, [x as f32, y as f32, w as f32, h as f32])));
        }
        if placed.len() == 2
            && crate::locate::position::placed_at(&placed, side)
                .is_some_and(|c| c.reference == holder_candidate.reference)
        {
            return Ok(Some((target, None)));
        }
    }
    let kind = |role: &str| specwright_rails::kind(role);
    let question = specwright_protocol::Question {
        id: specwright_rails::question_id("menu", &specwright_rails::path_of(&session.page().url()), wanted),
        kind: specwright_protocol::QuestionKind::Target,
        text: specwright_protocol::Text::message(
            "q-menu-holding",
            [("menu", named.label.as_str().into()), ("target", wanted.into()), ("holder", holder.as_str().into())],
        ),
        target: intent.target.clone(),
        options: vec![
            specwright_rails::option(
                specwright_protocol::Text::message(
                    "opt-menu-holding",
                    [
                        ("name", holder_candidate.label.as_str().into()),
                        ("kind", kind(&holding_node.role)),
                        ("target", wanted.into()),
                    ],
                ),
                "holder",
            ),
            specwright_rails::option(
                specwright_protocol::Text::message(
                    "element-named",
                    [("name", named.label.as_str().into()), ("kind", kind(&named.role))],
                ),
                "named",
            ),
            specwright_rails::skip_option(),
        ],
        why: specwright_protocol::Text::message("why-menu-holding", []),
        source: Some(step.citation.label()),
    };
    let asked = question.clone();
    let answer = specwright_rails::ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    if specwright_rails::is_skip(&answer) {
        return Err(RunError::Skipped { line });
    }
    if answer != "holder" {
        return Ok(None);
    }
    let cited = specwright_rails::answer_provenance(&asked, &answer, &step.citation, cx.language, cx.memory);
    Ok(Some((target, Some(cited))))
}

/// Whether a control opens something it has not shown yet: `aria-expanded="false"`, a popup
/// it announces, or a dropdown toggle.
async fn collapsed(session: &BrowserSession, node: &SnapshotNode) -> bool {
    let Some(reference) = &node.reference else { return false };
    let attribute = |name: &'static str| attribute_of(session, reference, name);
    if attribute("aria-expanded").await.as_deref() == Some("true") {
        return false;
    }
    attribute("aria-expanded").await.as_deref() == Some("false")
        || attribute("aria-haspopup").await.is_some_and(|v| v != "false")
        || attribute("data-toggle").await.as_deref() == Some("dropdown")
        || attribute("data-bs-toggle").await.as_deref() == Some("dropdown")
}

/// Whether a control is a tab not shown yet: `role="tab"` not selected, or a link that toggles
/// an in-page pane (`data-toggle="tab"`, `href="#…"` with `aria-controls`).
async fn unshown_tab(session: &BrowserSession, node: &SnapshotNode) -> bool {
    let Some(reference) = &node.reference else { return false };
    let attribute = |name: &'static str| attribute_of(session, reference, name);
    if attribute("aria-selected").await.as_deref() == Some("true") {
        return false;
    }
    let toggles = |v: Option<String>| v.is_some_and(|v| v == "tab" || v == "pill");
    let class = attribute("class").await.unwrap_or_default();
    let active = class.split_whitespace().any(|c| c == "active");
    !active
        && (node.role == "tab"
            || toggles(attribute("data-toggle").await)
            || toggles(attribute("data-bs-toggle").await)
            || (attribute("href").await.is_some_and(|h| h.starts_with('#') && h.len() > 1)
                && attribute("aria-controls").await.is_some()))
}

/// An attribute of the element a snapshot reference points at; `None` when it has none or the
/// element is gone.
async fn attribute_of(session: &BrowserSession, reference: &str, name: &str) -> Option<String> {
    session.page().attribute(&format!("aria-ref={reference}"), name).await.ok().flatten()
}

async fn read_nodes(session: &BrowserSession, line: u32) -> Result<Vec<SnapshotNode>, RunError> {
    let yaml = session.page().snapshot().await.map_err(|source| RunError::Browser { line, source })?;
    Ok(parse_snapshot(&yaml))
}

#[cfg(test)]
mod tests {
    use super::names;

    #[test]
    fn a_menu_is_named_as_a_word_of_the_sentence() {
        assert!(names("왼쪽 메뉴의 페이지에서 홈을 선택한다.", "페이지"));
        assert!(names("Under Contacts, click List Contacts.", "Contacts"));
        assert!(names("설정 메뉴에서 사용자를 누른다", "설정"));
        // Part of another word is no name.
        assert!(!names("홈페이지에서 홈을 선택한다", "페이지"));
        assert!(!names("Open the Contactsheet", "Contacts"));
        assert!(!names("페이지를 저장한다", "페이지"));
    }
}

/// A look made since `started`, the page's requests not counted: an opener is looked for only
/// within the settle time.
fn looked_since(started: tokio::time::Instant) -> Look {
    Look { waited: started.elapsed(), awaiting_server: false }
}
