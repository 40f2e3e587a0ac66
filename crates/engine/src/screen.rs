//! Going to a screen the spec names by purpose ("관리자 로그인 화면으로 이동한다", "Go to the
//! contact list"): the page may already be it (its heading says so), the session may have seen
//! it, the spec's environment may give its address, or a link may lead there. Otherwise a
//! person says how, with options in their words; nothing is guessed.

use crate::menus::{menu_opener, unique_target};
use crate::plan::PlannedStep;
use crate::resolution::{Look, SETTLE};
use crate::{Intent, RunError};
use specwright_browser::{parse_snapshot, BrowserSession, SnapshotNode};
use specwright_protocol::Text;
use specwright_protocol::{Question, QuestionKind};
use specwright_rails::{ask, option, question_id};
use specwright_rails::{path_of, redacted, run_step, Context, TARGET_URL_QUESTION};
use specwright_reading::{menu_path, PATH_SEPARATORS};
use specwright_reading::{normalize, Scope};
use specwright_scenario::{Action, Assertion, Locator, PageAssertion, Provenance, Scenario, Target};

use names::{
    any_number, best_fit, fit, hard, is_the_app, leads_to, list_named, named_in_answer, names_screen, stable_part,
    without_words, words,
};

/// A look at the page `started` ago, with whether it still awaits its server.
fn look_since(session: &BrowserSession, started: tokio::time::Instant) -> Look {
    Look { waited: started.elapsed(), awaiting_server: session.page().awaiting_server() }
}

/// How long to wait for the page to change before looking again: the rest of the settle time,
/// in steps short enough to see a screen soon after it is drawn.
fn next_look(started: tokio::time::Instant) -> std::time::Duration {
    SETTLE
        .saturating_sub(started.elapsed())
        .clamp(std::time::Duration::from_millis(300), std::time::Duration::from_millis(800))
}

/// Whether the page is the screen `name`: a heading names it (words of the site's name, which
/// the title carries and the heading does not, left aside), or, for a login screen, the page
/// shows a password field. Returns the check that proves it.
pub(crate) async fn shows_screen(session: &BrowserSession, name: &str, nodes: &[SnapshotNode]) -> Option<Action> {
    let title = session.page().evaluate_text("document.title").await.unwrap_or_default();
    let title_words = words(&title);
    // A heading inside a link is an entry of a list (a card's title), the way to its screen.
    for heading in nodes.iter().filter(|n| n.role == "heading" && !n.ancestors.iter().any(|a| a == "link")) {
        let Some(label) = heading.name.clone().or_else(|| heading.text.clone()) else { continue };
        let label_words = words(&label);
        let kept: Vec<String> =
            words(name).into_iter().filter(|w| label_words.contains(w) || !title_words.contains(w)).collect();
        if names_screen(name, &label) || (!kept.is_empty() && names_screen(&kept.join(" "), &label)) {
            // "Issue8 Editing" for "the issue page": the record's number differs on every run,
            // so the heading is checked by its shape, any number in its place — never by a part
            // alone, which the list's "Issues" heading would also hold.
            let numbered = stable_part(name, &label).is_some();
            let locator = match (&heading.name, numbered) {
                (Some(_), true) => Locator::Css { selector: format!("role=heading[name={}]", any_number(&label)) },
                (Some(n), false) => Locator::Role { role: "heading".into(), name: n.clone(), exact: true },
                (None, true) => Locator::Css { selector: format!("text={}", any_number(&label)) },
                (None, false) => Locator::Text { text: label.clone(), exact: true },
            };
            // A page may repeat its heading (a title bar and the content): any one shown.
            let target = Target { first_visible: true, ..Target::new(vec![locator]) };
            return Some(Action::Expect { target, assertion: Assertion::Visible });
        }
    }
    // A page with no headings names itself in a line of text ("예약 목록" above the list).
    // Text inside a link, a button or the site's menus is a way to the screen, not its name.
    let way_there = |n: &SnapshotNode| {
        n.ancestors
            .iter()
            .any(|a| matches!(a.as_str(), "link" | "button" | "menuitem" | "tab" | "navigation" | "menubar" | "menu"))
    };
    for node in nodes
        .iter()
        .filter(|n| matches!(n.role.as_str(), "generic" | "text" | "paragraph" | "strong" | "banner"))
        .filter(|n| !way_there(n))
    {
        let Some(label) = node.name.clone().or_else(|| node.text.clone()) else { continue };
        if label.chars().count() <= 30 && normalize(&label) == normalize(name) {
            let target = Target::new(vec![Locator::Text { text: label, exact: true }]);
            if session.page().count(&target.scoped_selector(&target.strategies[0])).await.unwrap_or(0) == 1 {
                return Some(Action::Expect { target, assertion: Assertion::Visible });
            }
        }
    }
    // A login screen is the page that asks for a password.
    if words(name).iter().any(|w| w == "login") {
        if let Some(form) = session.page().login_form().await {
            if let Some(target) = crate::login::control_target(session, &form.password, false).await {
                return Some(Action::Expect { target, assertion: Assertion::Visible });
            }
        }
    }
    None
}

/// "'로그인' 화면이 표시된다", "The login page stays open": the page is that screen, checked by
/// what shows it; otherwise the app is not where the spec says, in the page's own words.
pub(crate) async fn expect_screen(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    intent: &Intent,
    step: &PlannedStep,
    provenance: Provenance,
) -> Result<(), RunError> {
    let name = intent.target.clone().unwrap_or_default();
    let line = step.citation.line;
    let started = tokio::time::Instant::now();
    loop {
        let nodes = snapshot(session).await?;
        if let Some(check) = shows_screen(session, &name, &nodes).await {
            cx.memory.screens.remember(&name, &path_of(&session.page().url()));
            let text = cx.secrets.redact(&step.text);
            return run_step(session, cx, scenario, text, check, provenance, line).await;
        }
        // A screen reached by a save the server still answers is waited for, as a text is.
        if !look_since(session, started).worth_another(intent, &nodes) {
            return unnamed_screen(session, cx, scenario, &name, &nodes, step, line).await;
        }
        session.page().wait_for_change(next_look(started)).await;
    }
}

/// The page names no screen the spec's way ("The product edit page opens" on a page headed
/// 'Python in Practice'): a person says whether it is that screen. A page the session already
/// knows as another screen is not it — the app stayed or went elsewhere — and fails in its own
/// words; a "yes" is checked from then on by the heading the person saw.
async fn unnamed_screen(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    name: &str,
    nodes: &[SnapshotNode],
    step: &PlannedStep,
    line: u32,
) -> Result<(), RunError> {
    let url = session.page().url();
    let path = path_of(&url);
    let headings: Vec<String> = nodes
        .iter()
        .filter(|n| n.role == "heading")
        .filter_map(|n| n.name.clone().or_else(|| n.text.clone()))
        .filter(|h| !h.trim().is_empty())
        .take(3)
        .collect();
    let quoted: Vec<String> = headings.iter().map(|h| format!("'{h}'")).collect();
    let not_it = || RunError::Grounding {
        line,
        message: Text::message(
            "screen-not-it",
            [("name", name.into()), ("url", url.as_str().into()), ("headings", quoted.join(", ").into())],
        ),
    };
    // Another screen the session saw here, which the page's own heading names: the spec may call
    // the same screen otherwise ("the people list" for the address book it opened), or the app
    // may have stayed or gone elsewhere. Only a person can tell; the question says what it is.
    let known = cx.memory.screens.iter().find_map(|(seen, at)| {
        (*at == path && normalize(seen) != normalize(name) && headings.iter().any(|h| names_screen(seen, h)))
            .then(|| seen.clone())
    });
    // A page with no heading at all (an editor drawn by a script): its address is the evidence.
    let heading = headings.first();
    let text = match (&known, heading) {
        (Some(seen), Some(heading)) => Text::message(
            "q-screen-is-seen",
            [("heading", heading.as_str().into()), ("seen", seen.as_str().into()), ("name", name.into())],
        ),
        (None, Some(heading)) => {
            Text::message("q-screen-is", [("heading", heading.as_str().into()), ("name", name.into())])
        }
        (_, None) => Text::message("q-screen-is-at", [("url", path.as_str().into()), ("name", name.into())]),
    };
    let question = Question {
        id: question_id("screen", &path, name),
        kind: QuestionKind::Screen,
        text,
        target: Some(name.to_string()),
        options: vec![
            option(Text::message("opt-screen-yes", [("name", name.into())]), "yes"),
            option(Text::message("opt-screen-no", []), "no"),
            specwright_rails::skip_option(),
        ],
        why: Text::message("why-screen-is", [("headings", quoted.join(", ").into())]),
        source: Some(step.citation.label()),
    };
    let asked = question.clone();
    let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    if specwright_rails::is_skip(&answer) {
        return Err(RunError::Skipped { line });
    }
    let lower = answer.trim().to_lowercase();
    // "Yes", or the person's words naming the page shown ("List Contacts in the Contacts menu"
    // on a page headed 'List Contact').
    let names_this = |a: &str| {
        let said = words(a);
        headings.iter().chain(known.iter()).any(|h| {
            let h = hard(&words(h));
            !h.is_empty() && h.iter().all(|w| said.iter().any(|s| s == w || s.starts_with(w.as_str())))
        })
    };
    let yes = lower == "yes" || lower.starts_with("예") || lower.starts_with("네") || lower.starts_with("yes");
    if !yes && (lower == "no" || lower.starts_with("아니") || !names_this(&answer)) {
        return Err(not_it());
    }
    cx.memory.screens.remember(name, &path);
    let check = match heading {
        Some(heading) => {
            let heading_node =
                nodes.iter().find(|n| n.role == "heading" && n.name.as_deref() == Some(heading.as_str()));
            let locator = match heading_node {
                Some(_) => Locator::Role { role: "heading".into(), name: heading.clone(), exact: true },
                None => Locator::Text { text: heading.clone(), exact: true },
            };
            Action::Expect {
                target: Target { first_visible: true, ..Target::new(vec![locator]) },
                assertion: Assertion::Visible,
            }
        }
        // Nothing on the page names it: the address the person said is that screen.
        None => Action::ExpectPage { assertion: PageAssertion::Url { expected: path } },
    };
    let text = cx.secrets.redact(&step.text);
    let provenance = specwright_rails::answer_provenance(&asked, &answer, &step.citation, cx.language, cx.memory);
    run_step(session, cx, scenario, text, check, provenance, line).await
}

/// How a screen is reached when a person answered with what to click: the sentence their words
/// make, run by the caller (it runs sentences), and the screens to remember where it leads.
pub(crate) struct Answered {
    pub(crate) step: PlannedStep,
    pub(crate) spec_sentence: String,
    pub(crate) provenance: Provenance,
    pub(crate) screens: Vec<String>,
}

/// Goes to the screen a sentence names; `Some` when a person's words say how, left to run.
pub(crate) async fn go_to_screen(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    intent: &Intent,
    step: &PlannedStep,
) -> Result<Option<Answered>, RunError> {
    let name = intent.target.clone().unwrap_or_default();
    let text = cx.secrets.redact(&step.text);
    let spec = Provenance::Spec { citation: redacted(cx.secrets, &step.citation) };
    let line = step.citation.line;
    let opened = session.page().url().starts_with("http");
    if is_the_app(&name) || !opened {
        let url = scenario.target_url.clone();
        let answer = Provenance::answer(TARGET_URL_QUESTION, url.clone());
        run_step(session, cx, scenario, text.clone(), Action::Goto { url }, answer, line).await?;
        if is_the_app(&name) {
            return Ok(None);
        }
    }

    // A menu path: each level clicked in turn, the last one resolved as a screen. The screen the
    // spec names beside its path ("the product list (Catalog > Products)") is where it leads: a
    // later "Go to the product list" goes there again.
    // The place the sentence reaches it from ("from the Contacts menu", "설정 메뉴에서") is the
    // path's first level.
    let spoken = name.find('(').map(|open| name[..open].trim().to_string()).filter(|s| !s.is_empty());
    let path = menu_path(&name);
    let spoken = spoken.filter(|_| path.is_some());
    let name = path.unwrap_or(name);
    let parts: Vec<String> = match &intent.scope {
        Some(Scope::Region(place)) if !place.trim().is_empty() => vec![place.trim().to_string(), name.clone()],
        _ => match PATH_SEPARATORS.iter().find(|sep| name.contains(**sep)) {
            Some(sep) => name.split(sep).map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect(),
            None => Vec::new(),
        },
    };
    if parts.len() >= 2 {
        return Box::pin(along_path(session, cx, scenario, intent, step, &parts, spoken)).await;
    }
    // Already there (the previous step led to it): what the page shows says so, and that is the check.
    let started = tokio::time::Instant::now();
    let nodes = loop {
        let nodes = snapshot(session).await?;
        if let Some(check) = shows_screen(session, &name, &nodes).await {
            cx.memory.screens.remember(&name, &path_of(&session.page().url()));
            return run_step(session, cx, scenario, text, check, spec, line).await.map(|()| None);
        }
        if !look_since(session, started).worth_another(intent, &nodes) {
            break nodes;
        }
        session.page().wait_for_change(next_look(started)).await;
    };
    // The application called by its own name ("Open the tracker", "사내위키에 접속한다"): the
    // page's title carries it.
    let title = words(&session.page().evaluate_text("document.title").await.unwrap_or_default());
    let named = words(&name);
    if !named.is_empty() && named.iter().all(|w| title.contains(w)) && !hard(&named).is_empty() {
        if opened {
            let url = scenario.target_url.clone();
            let answer = Provenance::answer(TARGET_URL_QUESTION, url.clone());
            return run_step(session, cx, scenario, text, Action::Goto { url }, answer, line).await.map(|()| None);
        }
        return Ok(None);
    }
    // Seen earlier in the session, or given by the spec's environment.
    let known = cx.memory.screens.iter().find(|(seen, _)| names_screen(&name, seen)).map(|(_, path)| path.clone());
    if let Some(path) = known {
        return run_step(session, cx, scenario, text, Action::Goto { url: path }, spec, line).await.map(|()| None);
    }
    let place = cx.environment.places.iter().find(|p| !p.label.is_empty() && leads_to(&name, &p.label)).cloned();
    if let Some(place) = place {
        let url = if place.url.starts_with('/') { place.url.clone() } else { path_of(&place.url) };
        let cited = Provenance::Spec { citation: redacted(cx.secrets, &place.citation) };
        return run_step(session, cx, scenario, text, Action::Goto { url }, cited, line).await.map(|()| None);
    }
    if Box::pin(by_links(session, cx, scenario, &name, step, &nodes)).await? {
        return Ok(None);
    }
    let (hopped, nodes) = match Box::pin(by_sentence(session, cx, scenario, &name, step, &nodes)).await? {
        Hops::There => return Ok(None),
        Hops::Short { hopped, nodes } => (hopped, nodes),
    };
    // The link the sentence names opened the screen when nothing further leads on ("상품 관리
    // 보고서를 연다" beside a link "상품 관리") — never a record named word for word in quotes
    // ("the issue \"Add a dark theme\""), which a place on the way is not.
    let quoted = ['"', '\'', '“', '‘'].iter().any(|q| step.text.contains(&format!("{q}{name}")));
    if hopped && !quoted {
        return Ok(None);
    }
    let links: Vec<&SnapshotNode> = nodes
        .iter()
        .filter(|n| matches!(n.role.as_str(), "link" | "menuitem" | "tab" | "button") && n.name.is_some())
        .collect();
    ask_how(session, cx, scenario, &name, step, &links).await
}

/// A menu path: each level clicked in turn, the last one resolved as a screen; the screen the
/// spec names beside its path is remembered where it leads.
async fn along_path(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    intent: &Intent,
    step: &PlannedStep,
    parts: &[String],
    spoken: Option<String>,
) -> Result<Option<Answered>, RunError> {
    let text = cx.secrets.redact(&step.text);
    let spec = Provenance::Spec { citation: redacted(cx.secrets, &step.citation) };
    let line = step.citation.line;
    for part in &parts[..parts.len() - 1] {
        let nodes = snapshot(session).await?;
        let wanted = normalize(part);
        let openers: Vec<&SnapshotNode> = nodes
            .iter()
            .filter(|n| {
                matches!(n.role.as_str(), "link" | "button" | "menuitem" | "tab")
                    && n.name.as_deref().is_some_and(|l| normalize(l) == wanted)
            })
            .collect();
        let Some(target) = menu_opener(session, &openers).await else { break };
        run_step(session, cx, scenario, text.clone(), Action::Click { target }, spec.clone(), line).await?;
        session.page().wait_for_change(std::time::Duration::from_millis(500)).await;
    }
    let last = Intent { target: parts.last().cloned(), scope: None, ..intent.clone() };
    let answered = Box::pin(go_to_screen(session, cx, scenario, &last, step)).await?;
    if let Some(mut answered) = answered {
        // The person's words lead there: the screen is remembered once they have run.
        answered.screens.extend(spoken);
        return Ok(Some(answered));
    }
    if let Some(spoken) = spoken {
        cx.memory.screens.remember(&spoken, &path_of(&session.page().url()));
    }
    Ok(None)
}

/// A link, a menu item or a tab that leads to the screen `name`: one that names all of its
/// words, shown or inside a closed menu (followed by its address), or, failing that, the one
/// link that names most of them; `true` once one was followed.
async fn by_links(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    name: &str,
    step: &PlannedStep,
    nodes: &[SnapshotNode],
) -> Result<bool, RunError> {
    let text = cx.secrets.redact(&step.text);
    let spec = Provenance::Spec { citation: redacted(cx.secrets, &step.citation) };
    let line = step.citation.line;
    let links: Vec<&SnapshotNode> = nodes
        .iter()
        .filter(|n| matches!(n.role.as_str(), "link" | "menuitem" | "tab" | "button") && n.name.is_some())
        .collect();
    let wanted = words(name).len();
    let shown: Vec<(String, String, usize)> = links
        .iter()
        .filter_map(|n| {
            let label = n.name.clone()?;
            leads_to(name, &label).then(|| (n.role.clone(), label.clone(), fit(name, &label)))
        })
        .collect();
    let full: Vec<(String, String, usize)> = shown.iter().filter(|c| c.2 >= wanted * 10).cloned().collect();
    if let Some((role, label)) = best_fit(&full) {
        if let Some(target) = unique_target(session, &role, &label).await {
            return run_step(session, cx, scenario, text, Action::Click { target }, spec, line).await.map(|()| true);
        }
    }
    let anchors = session.page().links().await;
    let hidden: Vec<(String, String, usize)> = anchors
        .iter()
        .filter(|(label, href)| {
            !href.is_empty() && !href.starts_with('#') && !href.starts_with("javascript") && leads_to(name, label)
        })
        .map(|(label, href)| (href.clone(), label.clone(), fit(name, label)))
        .filter(|c| c.2 >= wanted * 10)
        .collect();
    let mut hrefs: Vec<&String> = hidden.iter().map(|c| &c.0).collect();
    hrefs.dedup();
    if let Some((href, _)) =
        best_fit(&hidden).or_else(|| (hrefs.len() == 1).then(|| (hidden[0].0.clone(), hidden[0].1.clone())))
    {
        let url = path_of(&specwright_browser::resolve_url(&session.page().url(), &href));
        return run_step(session, cx, scenario, text, Action::Goto { url }, spec, line).await.map(|()| true);
    }
    // Failing a full match, a link that names part of the screen and adds nothing of its own
    // ("Contacts" for the contact list; never "새 예약" for 예약 목록).
    let partial: Vec<(String, String, usize)> = shown
        .iter()
        .filter(|(_, label, _)| {
            let (n, l) = (words(name), words(label));
            hard(&l).iter().all(|w| n.contains(w))
        })
        .cloned()
        .collect();
    if let Some((role, label)) = best_fit(&partial) {
        if let Some(target) = unique_target(session, &role, &label).await {
            return run_step(session, cx, scenario, text, Action::Click { target }, spec, line).await.map(|()| true);
        }
    }
    // "the Contacts menu": of same-named links, the one that opens a menu (it leads nowhere).
    if words(name).iter().any(|w| w == "menu" || w == "메뉴") {
        let named: Vec<&SnapshotNode> =
            links.iter().copied().filter(|n| n.name.as_deref().is_some_and(|l| leads_to(name, l))).collect();
        if let Some(target) = menu_opener(session, &named).await {
            return run_step(session, cx, scenario, text, Action::Click { target }, spec, line).await.map(|()| true);
        }
    }
    Ok(false)
}

/// Where the hops along the places a sentence names ended.
enum Hops {
    /// On the screen, or one click from it taken.
    There,
    /// Not there: whether any place was clicked on the way, and the page where it stopped.
    Short { hopped: bool, nodes: Vec<SnapshotNode> },
}

/// The sentence read against the page: a link, tab or menu item whose whole name it holds
/// ("Open the Summary report" beside a link "Summary"), the longest such name, one of it. A
/// place on the way is clicked and the screen looked for again where it led ("the issue X from
/// the Website Redesign project's issue list": the project, its issue list, the issue), the
/// place's words taken out of the sentence so that each hop goes somewhere new.
async fn by_sentence(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    name: &str,
    step: &PlannedStep,
    nodes: &[SnapshotNode],
) -> Result<Hops, RunError> {
    let text = cx.secrets.redact(&step.text);
    let spec = Provenance::Spec { citation: redacted(cx.secrets, &step.citation) };
    let line = step.citation.line;
    let wanted = words(name).len();
    let mut sentence = step.text.clone();
    let mut nodes = nodes.to_vec();
    let mut hopped = false;
    for _hop in 0..MAX_HOPS {
        let click =
            Intent { verb: crate::Verb::Click, target: Some(name.to_string()), value: None, hint: None, scope: None };
        let said = match crate::grounding::named_in_sentence(&sentence, &step.intents, &click, &nodes) {
            crate::grounding::Grounding::Unique(c) => Some((c.role, c.label)),
            // "from the project's issue list" beside a tab "Issues": a list named by its items.
            _ => list_named(&sentence, &nodes),
        };
        let Some((role, label)) = said.filter(|(role, _)| matches!(role.as_str(), "link" | "menuitem" | "tab")) else {
            break;
        };
        let Some(target) = unique_target(session, &role, &label).await else { break };
        run_step(session, cx, scenario, text.clone(), Action::Click { target }, spec.clone(), line).await?;
        hopped = true;
        if leads_to(name, &label) {
            return Ok(Hops::There);
        }
        session.page().wait_for_change(std::time::Duration::from_millis(500)).await;
        nodes = snapshot(session).await?;
        // The screen itself, now in reach.
        let here: Vec<(String, String, usize)> = nodes
            .iter()
            .filter(|n| matches!(n.role.as_str(), "link" | "menuitem" | "tab"))
            .filter_map(|n| {
                let label = n.name.clone()?;
                leads_to(name, &label).then(|| (n.role.clone(), label.clone(), fit(name, &label)))
            })
            .filter(|c| c.2 >= wanted * 10)
            .collect();
        if let Some((role, label)) = best_fit(&here) {
            if let Some(target) = unique_target(session, &role, &label).await {
                return run_step(session, cx, scenario, text, Action::Click { target }, spec, line)
                    .await
                    .map(|()| Hops::There);
            }
        }
        if shows_screen(session, name, &nodes).await.is_some() {
            return Ok(Hops::There);
        }
        let rest = without_words(&sentence, &label);
        if rest == sentence {
            break;
        }
        sentence = rest;
    }
    Ok(Hops::Short { hopped, nodes })
}

/// Places on the way to a screen a sentence names, clicked one after another at most.
const MAX_HOPS: usize = 3;

pub(crate) async fn snapshot(session: &BrowserSession) -> Result<Vec<SnapshotNode>, RunError> {
    let yaml = session.page().snapshot().await.map_err(|source| RunError::Browser { line: 0, source })?;
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
) -> Result<Option<Answered>, RunError> {
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
        options.push(option(
            Text::message(
                "opt-click-named",
                [("name", label.as_str().into()), ("kind", specwright_rails::kind(&node.role))],
            ),
            format!("click:{}:{label}", node.role),
        ));
    }
    let mut seen: Vec<(&String, &String)> = cx.memory.screens.iter().collect();
    seen.sort();
    for (screen, path) in seen.into_iter().take(2) {
        options.push(option(
            Text::message("opt-screen-path", [("screen", screen.into()), ("path", path.into())]),
            path.as_str(),
        ));
    }
    options.push(option(Text::message("opt-screen-here", []), "here"));
    options.push(specwright_rails::skip_option());
    let question = Question {
        id: question_id("screen", &path, name),
        kind: QuestionKind::Screen,
        text: Text::message("q-screen-open", [("name", name.into())]),
        target: Some(name.to_string()),
        options,
        why: Text::message("why-screen-open", []),
        source: Some(step.citation.label()),
    };
    let asked = question.clone();
    let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    let by_answer = specwright_rails::answer_provenance(&asked, &answer, &step.citation, cx.language, cx.memory);
    let text = cx.secrets.redact(&step.text);
    let trimmed = answer.trim();
    if specwright_rails::is_skip(trimmed) {
        specwright_rails::skipped(scenario, &text, &step.citation.label(), cx.language);
        return Ok(None);
    }
    if trimmed == "here" {
        let check = Action::ExpectPage { assertion: PageAssertion::Url { expected: path_of(&session.page().url()) } };
        cx.memory.screens.remember(name, &path_of(&session.page().url()));
        return run_step(session, cx, scenario, text, check, by_answer, line).await.map(|()| None);
    }
    if trimmed.starts_with('/') || trimmed.starts_with("http://") || trimmed.starts_with("https://") {
        let url = if trimmed.starts_with('/') { trimmed.to_string() } else { path_of(trimmed) };
        cx.memory.screens.remember(name, &url);
        return run_step(session, cx, scenario, text, Action::Goto { url }, by_answer, line).await.map(|()| None);
    }
    // A path of the person's ("Projects > Website Redesign > Issues > Contact form …"): each
    // part clicked in turn, by its whole name, the last one the screen.
    if let Some(sep) = PATH_SEPARATORS.iter().find(|sep| trimmed.contains(**sep)) {
        for part in trimmed.split(sep).map(str::trim).filter(|p| !p.is_empty()) {
            session.page().wait_for_load().await;
            let nodes = snapshot(session).await?;
            let wanted = normalize(part);
            let found = nodes.iter().find(|n| {
                matches!(n.role.as_str(), "link" | "menuitem" | "tab" | "button")
                    && n.name.as_deref().is_some_and(|l| normalize(l) == wanted)
            });
            // The person named it: the first shown of same-named ones (a menu and a list).
            let target = found.map(|node| Target {
                first_visible: true,
                ..Target::new(vec![Locator::Role {
                    role: node.role.clone(),
                    name: node.name.clone().unwrap_or_default(),
                    exact: true,
                }])
            });
            let Some(target) = target else {
                return Err(RunError::Grounding {
                    line,
                    message: Text::message(
                        "target-not-found",
                        [("target", part.into()), ("url", session.page().url().into())],
                    ),
                });
            };
            run_step(session, cx, scenario, text.clone(), Action::Click { target }, by_answer.clone(), line).await?;
            session.page().wait_for_change(std::time::Duration::from_millis(500)).await;
        }
        cx.memory.screens.remember(name, &path_of(&session.page().url()));
        return Ok(None);
    }
    let said = answered_step(session, trimmed, step).await?;
    Ok(Some(Answered { step: said, spec_sentence: text, provenance: by_answer, screens: vec![name.to_string()] }))
}

/// The action a person's answer to "how do I open this screen" stands for: an option's element,
/// the link or button their words name whole ("Invoice PDF shows the wrong tax rate (issue 2)"
/// is a link's title, not a sentence to read), or their words read as a sentence ("List
/// Contacts in the Contacts menu") or as what to press.
async fn answered_step(session: &BrowserSession, trimmed: &str, step: &PlannedStep) -> Result<PlannedStep, RunError> {
    let named = match trimmed.strip_prefix("click:") {
        Some(_) => None,
        None => named_in_answer(trimmed, &snapshot(session).await?),
    };
    let pick = trimmed.strip_prefix("click:").and_then(|r| r.split_once(':')).map(|(_, label)| label.to_string());
    Ok(match pick.or(named) {
        Some(label) => {
            PlannedStep::answered(format!("Click '{label}'"), vec![Intent::click(label)], step.citation.clone())
        }
        None if specwright_reading::interpret(trimmed).is_some() => {
            PlannedStep::read(trimmed.to_string(), None, step.citation.clone(), false, false)
        }
        // In the person's language: "상단 개인 도구의 환경 설정 링크" is pressed, in Korean.
        None => PlannedStep::answered(
            specwright_reading::press_sentence(trimmed),
            specwright_reading::pressed(trimmed),
            step.citation.clone(),
        ),
    })
}

mod names;
#[cfg(test)]
mod tests;
