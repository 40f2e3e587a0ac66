//! Grounding on the live page: snapshot, match (exact → normalized → jamo-fuzzy), keep only
//! locators that find exactly that one element. Several candidates, or none, become a question
//! with the candidates as options; the answer is remembered for the session.

use crate::grounding::MatchTier;
use crate::plan::PlannedStep;
use crate::resolution::{resolve, Look, Resolution, SETTLE};
use crate::{Candidate, Grounding, Intent, RunError};
use boxes::{ask_which, not_chosen};
use position::{named_in_its_box, placed_at, said_position};
use specwright_browser::{parse_snapshot, PageSession, SnapshotNode};
use specwright_protocol::Text;
use specwright_protocol::{Event, Question, QuestionKind};
use specwright_rails::{ask, option, question_id, DEFECT};
use specwright_rails::{closest, durable};
use specwright_rails::{path_of, Context};
use specwright_scenario::{Assertion, Locator, Provenance, Target};

pub(crate) struct Located {
    pub target: Target,
    /// A person (or an answers file, or a remembered answer) chose the element: the step cites
    /// that answer, with the spec's line it resolved.
    pub answer: Option<Provenance>,
    pub fuzzy: bool,
    /// A link in a closed menu: its address, to go to rather than click.
    pub goto: Option<String>,
    /// "Enter Work" on a form of one field: the words the spec named are the value typed into
    /// that field, not a field's name.
    pub typed: Option<String>,
    /// What an expectation checks of the target, when not that it is shown (a labelled
    /// field's value).
    pub check: Option<Assertion>,
}

pub(crate) async fn locate(
    page: &PageSession,
    cx: &mut Context<'_>,
    intent: &Intent,
    step: &PlannedStep,
) -> Result<Located, RunError> {
    let line = step.citation.line;
    let target_text = intent.target.clone().unwrap_or_default();
    let browser = |source| RunError::Browser { line, source };
    cx.sink
        .emit(Event::ToolCall {
            call_id: format!("snapshot_{line}"),
            tool: "browser.snapshot".into(),
            summary: Text::message("summary-looking-for", [("target", target_text.as_str().into())]),
        })
        .map_err(RunError::Sink)?;
    let started = tokio::time::Instant::now();
    let look = || Look { waited: started.elapsed(), awaiting_server: page.awaiting_server() };
    let (mut resolution, mut nodes);
    loop {
        let yaml = page.snapshot().await.map_err(browser)?;
        nodes = parse_snapshot(&yaml);
        remember_dialog(cx, &nodes);
        // "주문 상태가 '배송 완료'로 표시된다", "the ticket shows the status 'assigned'": the words the
        // grammar took for the target are the value the sentence says beside a label the page
        // shows. The check is of that labelled value, never of the same words elsewhere (an
        // option of a closed list, a filter); a different value is waited for, then said as one.
        if intent.verb == crate::Verb::ExpectVisible && intent.scope.is_none() {
            let labelled = crate::value_shown::expected_value(&step.text, &target_text, &nodes)
                .filter(|e| specwright_reading::normalize(&e.expected) == specwright_reading::normalize(&target_text));
            if let Some(expected) = labelled {
                if expected.holds() || look().waited >= SETTLE {
                    let crate::value_shown::ValueCheck { target, check, answer } =
                        crate::value_shown::check_value(page, cx, step, &nodes, expected).await?;
                    return Ok(Located { target, answer, fuzzy: false, goto: None, typed: None, check });
                }
                page.wait_for_change(std::time::Duration::from_millis(500)).await;
                continue;
            }
        }
        resolution = resolve(intent, &nodes, &look());
        match &resolution {
            Resolution::Unique(candidate, tier) => {
                if let Some(mut target) = durable(page, candidate, line).await? {
                    // A text the spec expects to be shown, naming no place, holds wherever it
                    // shows (the page may draw a second copy after this look: a title and its
                    // heading).
                    if intent.verb == crate::Verb::ExpectVisible && intent.scope.is_none() && target.within.is_empty() {
                        target.first_visible = true;
                    }
                    let fuzzy = *tier == Some(MatchTier::Fuzzy);
                    return Ok(Located { target, answer: None, fuzzy, goto: None, typed: None, check: None });
                }
                // Found but not yet findable again (the page is still drawing it): looked for
                // again while a missing target would be.
                if !look().worth_another(intent, &nodes) {
                    break;
                }
            }
            Resolution::Ask(candidates, tier) => {
                // "'planner01'이 표시된다" naming no place holds wherever it is shown (the
                // message and the list): not a question.
                if intent.verb == crate::Verb::ExpectVisible && intent.scope.is_none() {
                    let text = candidates[0].label.clone();
                    let exact = *tier == Some(MatchTier::Exact) && candidates.iter().all(|c| c.label == text);
                    let text = if exact { text } else { target_text.clone() };
                    let target = Target { first_visible: true, ..Target::new(vec![Locator::Text { text, exact }]) };
                    return Ok(Located { target, answer: None, fuzzy: false, goto: None, typed: None, check: None });
                }
                break;
            }
            Resolution::WaitMore => {}
            Resolution::NotFound => break,
        }
        // The page may still be rendering the result of the previous step: look again when it
        // changes (bounded, so a page that never changes still reaches the end of the wait).
        let left = SETTLE.saturating_sub(started.elapsed()).max(std::time::Duration::from_millis(500));
        page.wait_for_change(left.min(std::time::Duration::from_millis(1000))).await;
    }

    let path = path_of(&page.url());
    match resolution {
        Resolution::Ask(candidates, _) => one_of_several(page, cx, intent, step, candidates, &nodes, &path).await,
        _ if intent.verb.is_expectation() => expected_not_shown(page, cx, intent, step, &nodes).await,
        _ => not_named_here(page, cx, intent, step, &nodes, &path).await,
    }
}

/// Several elements fit the target's name: the one in the form being filled, the same link drawn
/// twice, the one where the sentence puts it; else a question, the candidates outlined.
async fn one_of_several(
    page: &PageSession,
    cx: &mut Context<'_>,
    intent: &Intent,
    step: &PlannedStep,
    candidates: Vec<Candidate>,
    nodes: &[SnapshotNode],
    path: &str,
) -> Result<Located, RunError> {
    let line = step.citation.line;
    let target_text = intent.target.clone().unwrap_or_default();
    if let Some(located) = settled_without_asking(page, intent, step, &candidates, nodes).await? {
        return Ok(located);
    }
    // Where each element is in the frame shown with the question: hovering its option
    // outlines it in the mirror.
    let mut boxes = Vec::new();
    for c in candidates.iter().take(4) {
        let found = match &c.reference {
            Some(r) => page.viewport_box(&format!("aria-ref={r}")).await,
            None => None,
        };
        boxes.push(found.map(|[x, y, width, height]| specwright_protocol::FrameBox { x, y, width, height }));
    }
    let question = Question {
        id: question_id("target", path, &target_text),
        kind: QuestionKind::Target,
        text: Text::message(
            "q-target-several",
            [("target", target_text.as_str().into()), ("n", candidates.len().into())],
        ),
        target: Some(target_text.clone()),
        // The elements (four at most, so the choices fit the six keys), then always "none
        // of these: a defect" and "skip": the right one may not be among them.
        options: distinct(
            candidates.iter().take(4).enumerate().map(|(i, c)| describe_candidate(c, nodes, i)).collect(),
        )
        .into_iter()
        .enumerate()
        .map(|(i, label)| specwright_protocol::QuestionOption {
            target: boxes.get(i).copied().flatten(),
            ..option(label, (i + 1).to_string())
        })
        .chain([option(Text::message("opt-defect", []), DEFECT), specwright_rails::skip_option()])
        .collect(),
        why: Text::message("why-target-several", []),
        source: Some(step.citation.label()),
    };
    // The person sees the candidates outlined on the page, in the mirror.
    let refs: Vec<String> = candidates.iter().filter_map(|c| c.reference.clone()).collect();
    let (answer, cited) = ask_which(page, cx, step, question, &refs, &target_text, candidates.len()).await?;
    let chosen = answer
        .trim()
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| candidates.get(i))
        .ok_or_else(|| not_chosen(line, &target_text, &answer))?;
    // The chosen one is found again inside its row, as a person found it.
    let chosen = &with_row(chosen, nodes);
    let target = durable(page, chosen, line).await?.ok_or_else(|| not_chosen(line, &target_text, &answer))?;
    Ok(Located { target, answer: Some(cited), fuzzy: false, goto: None, typed: None, check: None })
}

/// The one of several a person would take without asking: the one in the form being filled,
/// the same link drawn twice, the one where the sentence puts it.
async fn settled_without_asking(
    page: &PageSession,
    intent: &Intent,
    step: &PlannedStep,
    candidates: &[Candidate],
    nodes: &[SnapshotNode],
) -> Result<Option<Located>, RunError> {
    let line = step.citation.line;
    // "Click Register" after filling the registration form: its own button, not the
    // same-named link elsewhere on the page.
    if matches!(intent.verb, crate::Verb::Click) {
        let mut in_form = Vec::new();
        for c in candidates {
            if let Some(reference) = &c.reference {
                if page.in_focused_form(reference).await {
                    in_form.push(c);
                }
            }
        }
        // The same link drawn twice (a menu above a record and again below it): one
        // name, one address, one action — the first is clicked, never a question.
        let mut hrefs = Vec::new();
        if candidates.iter().all(|c| c.role == "link" && c.label == candidates[0].label) {
            for c in candidates {
                let href = match &c.reference {
                    Some(r) => page.attribute(&format!("aria-ref={r}"), "href").await.ok().flatten(),
                    None => None,
                };
                hrefs.push(href.filter(|h| !h.is_empty() && !h.starts_with('#') && !h.starts_with("javascript")));
            }
        }
        let one_address = hrefs.len() == candidates.len()
            && hrefs.first().is_some_and(Option::is_some)
            && hrefs.iter().all(|h| *h == hrefs[0]);
        if one_address && in_form.is_empty() {
            let by_name = Locator::Role { role: "link".into(), name: candidates[0].label.clone(), exact: true };
            let target = Target { first_visible: true, ..Target::new(vec![by_name]) };
            return Ok(Some(Located { target, answer: None, fuzzy: false, goto: None, typed: None, check: None }));
        }
        if let [chosen] = in_form.as_slice() {
            let chosen = &with_row(chosen, nodes);
            if let Some(target) = durable(page, chosen, line).await? {
                return Ok(Some(Located { target, answer: None, fuzzy: false, goto: None, typed: None, check: None }));
            }
        }
    }
    // "Click Edit at the top right of the page": where the sentence puts it picks the one
    // the page draws there.
    if let Some(side) = said_position(&step.text) {
        // "Of the page" is its content: a side column's same-named control is beside it,
        // unless the sentence says the sidebar.
        let mut in_content = Vec::new();
        let says_side = ["sidebar", "side bar", "사이드바"].iter().any(|w| step.text.to_lowercase().contains(w));
        for c in candidates {
            let side_column = match &c.reference {
                Some(r) if !says_side => page.in_sidebar(r).await,
                _ => false,
            };
            if !side_column {
                in_content.push(c.clone());
            }
        }
        let candidates = if in_content.is_empty() { candidates.to_vec() } else { in_content };
        let mut placed = Vec::new();
        for c in &candidates {
            // Where the page draws it, in pixels, on screen or scrolled away.
            let found = match &c.reference {
                Some(r) => page.bounding_box(&format!("aria-ref={r}")).await.ok().flatten(),
                None => None,
            };
            placed.extend(found.map(|(x, y, w, h)| (c, [x as f32, y as f32, w as f32, h as f32])));
        }
        if placed.len() == candidates.len() {
            if let Some(chosen) = placed_at(&placed, side) {
                let named = named_in_its_box(page, chosen).await;
                let target = match named {
                    Some(target) => Some(target),
                    None => durable(page, &with_row(chosen, nodes), line).await?,
                };
                if let Some(target) = target {
                    return Ok(Some(Located {
                        target,
                        answer: None,
                        fuzzy: false,
                        goto: None,
                        typed: None,
                        check: None,
                    }));
                }
            }
        }
    }
    Ok(None)
}

/// What the spec expects is not on the page: a value beside its label compared, a near text
/// judged by a person, else the app's own words in the failure.
async fn expected_not_shown(
    page: &PageSession,
    cx: &mut Context<'_>,
    intent: &Intent,
    step: &PlannedStep,
    nodes: &[SnapshotNode],
) -> Result<Located, RunError> {
    let line = step.citation.line;
    let target_text = intent.target.clone().unwrap_or_default();
    // "the status assigned" beside a page that labels a status: the value is compared,
    // and a difference said as one.
    let labelled = match intent.verb {
        crate::Verb::ExpectVisible => crate::value_shown::expected_value(&step.text, &target_text, nodes),
        crate::Verb::ExpectValue => {
            intent.value.as_deref().and_then(|value| crate::value_shown::expected_of_field(&target_text, value, nodes))
        }
        _ => None,
    };
    {
        if let Some(expected) = labelled {
            let crate::value_shown::ValueCheck { target, check, answer } =
                crate::value_shown::check_value(page, cx, step, nodes, expected).await?;
            return Ok(Located { target, answer, fuzzy: false, goto: None, typed: None, check });
        }
    }
    // "목록에 입력한 질문이 보인다" on the list a save led to: no field of that name here, and the
    // value typed shows as text of the page — what was typed, shown back.
    if let Some(value) =
        intent.value.as_deref().filter(|v| intent.verb == crate::Verb::ExpectValue && typed_before(cx, v))
    {
        let wanted = specwright_reading::normalize(value);
        if page_texts(nodes).iter().any(|t| specwright_reading::normalize(t).contains(&wanted)) {
            let text = Locator::Text { text: value.to_string(), exact: false };
            let target = Target { first_visible: true, ..Target::new(vec![text]) };
            return Ok(Located { target, answer: None, fuzzy: false, goto: None, typed: None, check: None });
        }
    }
    // A text close to the spec's words but not them ("…are case-sensitive" beside
    // "…may be case-sensitive") is a person's to judge, shown with the page.
    let messages = page.messages().await;
    let texts: Vec<String> = messages.iter().cloned().chain(page_texts(nodes)).collect();
    let near = match intent.verb {
        // A text the scenario typed itself ("Fixed the team link" as the comment) is
        // data shown as typed, never a message the page may word its own way.
        crate::Verb::ExpectVisible if !typed_before(cx, &target_text) => crate::near::near_texts(&target_text, &texts),
        _ => Vec::new(),
    };
    if !near.is_empty() {
        if let crate::near::Judged::Says { text, provenance } =
            crate::near::ask_near(page, cx, step, &target_text, &near).await?
        {
            let target = Target {
                first_visible: true,
                ..Target::new(vec![Locator::Text { text: first_line(&text), exact: false }])
            };
            return Ok(Located {
                target,
                answer: Some(provenance),
                fuzzy: false,
                goto: None,
                typed: None,
                check: None,
            });
        }
    }
    // What the spec expects to see is not there: the app contradicts it. Say what the
    // page shows instead, in its words.
    // What the app says first (its banner, its error), then what else the page shows.
    let mut shown: Vec<String> = messages.into_iter().take(2).map(|m| format!("'{m}'")).collect();
    for text in shown_texts(nodes, &target_text) {
        if shown.len() < 3 && !shown.contains(&text) {
            shown.push(text);
        }
    }
    Err(RunError::Grounding {
        line,
        message: if shown.is_empty() {
            Text::message("expected-not-shown", [("target", target_text.as_str().into()), ("url", page.url().into())])
        } else {
            Text::message(
                "expected-not-shown-shows",
                [("target", target_text.as_str().into()), ("shown", shown.join(" · ").into())],
            )
        },
    })
}

/// No element has the target's name: a link in a closed menu, the box a sentence means, the only
/// field, a name the sentence holds whole; else a question with the closest elements.
async fn not_named_here(
    page: &PageSession,
    cx: &mut Context<'_>,
    intent: &Intent,
    step: &PlannedStep,
    nodes: &[SnapshotNode],
    path: &str,
) -> Result<Located, RunError> {
    let line = step.citation.line;
    let target_text = intent.target.clone().unwrap_or_default();
    // A link inside a closed menu ("Click List Contacts" under "Contacts"): its address.
    if matches!(intent.verb, crate::Verb::Click) && !matches!(intent.hint, Some(crate::RoleHint::Button)) {
        let wanted = specwright_reading::normalize(&target_text);
        let mut hrefs: Vec<String> = page
            .links()
            .await
            .into_iter()
            .filter(|(label, href)| {
                specwright_reading::normalize(label) == wanted
                    && !href.is_empty()
                    && !href.starts_with('#')
                    && !href.starts_with("javascript")
            })
            .map(|(_, href)| href)
            .collect();
        hrefs.dedup();
        if let [href] = hrefs.as_slice() {
            let target = Target::new(vec![Locator::Text { text: target_text.clone(), exact: true }]);
            return Ok(Located {
                target,
                answer: None,
                fuzzy: false,
                goto: Some(href.clone()),
                typed: None,
                check: None,
            });
        }
    }
    if let Some((target, cited)) = boxes::which_box(page, cx, step, intent, nodes, path).await? {
        return Ok(Located { target, answer: Some(cited), fuzzy: false, goto: None, typed: None, check: None });
    }
    if let Some(located) = only_field(page, intent, nodes, line).await? {
        return Ok(located);
    }
    // The words taken for the target name nothing here: the sentence read against the
    // page, whose elements are its vocabulary ("상단 메뉴에서 View Tickets를 누른다").
    // Never a part of the target's own name ("Publish" for "Publish now"): that is
    // another control, which the target may sit behind, never the target.
    let part_of_target = |c: &Candidate| {
        let (label, wanted) = (specwright_reading::normalize(&c.label), specwright_reading::normalize(&target_text));
        label != wanted && wanted.contains(&label)
    };
    if let Grounding::Unique(c) = crate::grounding::named_in_sentence(&step.text, &step.intents, intent, nodes) {
        if part_of_target(&c) {
            // Asked below, with the page's elements.
        } else if let Some(target) = durable(page, &with_row(&c, nodes), line).await? {
            return Ok(Located { target, answer: None, fuzzy: false, goto: None, typed: None, check: None });
        }
    }
    ask_what_is_meant(page, cx, intent, step, nodes, path).await
}

/// A question with the page's elements closest to the target's name, a defect and a skip; a
/// person's own words name one of them, or another element of the page.
async fn ask_what_is_meant(
    page: &PageSession,
    cx: &mut Context<'_>,
    intent: &Intent,
    step: &PlannedStep,
    nodes: &[SnapshotNode],
    path: &str,
) -> Result<Located, RunError> {
    let line = step.citation.line;
    let target_text = intent.target.clone().unwrap_or_default();
    let role = crate::grounding::primary_role(intent);
    // Four at most, so the elements, "a defect" and "skip" all fit the six keys.
    let near = closest(nodes, role, &target_text, 4);
    let mut options = Vec::new();
    for n in &near {
        let (role, name) = n.split_once(' ').unwrap_or(("", n));
        let name = name.trim_matches('"');
        // Where it is in the frame shown with the question, when the page has it once.
        let locator = Locator::Role { role: role.to_string(), name: name.to_string(), exact: true };
        let target = match page.count(&locator.playwright_selector()).await {
            Ok(1) => page.viewport_box(&locator.playwright_selector()).await,
            _ => None,
        }
        .map(|[x, y, width, height]| specwright_protocol::FrameBox { x, y, width, height });
        options.push(specwright_protocol::QuestionOption {
            target,
            ..option(
                Text::message("element-named", [("name", name.into()), ("kind", specwright_rails::kind(role))]),
                n.clone(),
            )
        });
    }
    options.push(option(Text::message("opt-defect", []), DEFECT));
    options.push(specwright_rails::skip_option());
    let question = Question {
        id: question_id("missing", path, &target_text),
        kind: QuestionKind::Target,
        text: Text::message("q-target-missing", [("target", target_text.as_str().into())]),
        target: Some(target_text.clone()),
        options,
        why: Text::message("why-target-missing", [("url", page.url().into())]),
        source: Some(step.citation.label()),
    };
    let asked = question.clone();
    let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    let cited = specwright_rails::answer_provenance(&asked, &answer, &step.citation, cx.language, cx.memory);
    // "…; if it is not there, that is the bug": the person says its absence is the defect.
    let lower = answer.to_lowercase();
    if answer == DEFECT
        || answer.starts_with("없음")
        || ["defect", "bug", "결함", "버그"].iter().any(|w| lower.contains(w))
    {
        return Err(RunError::Grounding {
            line,
            message: Text::message(
                "target-defect",
                [("target", target_text.as_str().into()), ("url", page.url().into())],
            ),
        });
    }
    if specwright_rails::is_skip(&answer) {
        return Err(RunError::Skipped { line });
    }
    // Options read `role "name"`; a person's own words name the element — one of those
    // offered when the words hold its name whole ("the Add + link above the table").
    let name = match (answer.split_once('"'), offered_in_answer(&answer, &near)) {
        (Some((_, rest)), _) => rest.trim_end_matches('"').to_string(),
        (None, Some(name)) => name,
        (None, None) => answer,
    };
    let retry = Intent { target: Some(name), ..intent.clone() };
    match resolve(&retry, nodes, &Look::NOW) {
        Resolution::Unique(c, _) => {
            let target = durable(page, &c, line).await?.ok_or_else(|| not_found(line, &target_text, &page.url()))?;
            Ok(Located { target, answer: Some(cited), fuzzy: false, goto: None, typed: None, check: None })
        }
        _ => Err(not_found(line, &target_text, &page.url())),
    }
}

/// The offered element (`role "name"`) whose name a person's answer holds whole, the longest when
/// several do: "the Add + link above the table" names the 'Add +' link.
fn offered_in_answer(answer: &str, offered: &[String]) -> Option<String> {
    let said = format!(" {} ", answer.to_lowercase());
    let mut held: Vec<&str> = offered
        .iter()
        .filter_map(|n| n.split_once(' '))
        .map(|(_, name)| name.trim_matches('"'))
        .filter(|name| !name.is_empty() && said.contains(&format!(" {} ", name.to_lowercase())))
        .collect();
    held.sort_by_key(|name| std::cmp::Reverse(name.len()));
    match held.as_slice() {
        [one] => Some(one.to_string()),
        [longest, next, ..] if longest.len() > next.len() => Some(longest.to_string()),
        _ => None,
    }
}

/// "Enter Work" naming no field the page has, with no value given, on a page of one text field:
/// the words are the value, typed into that field. Several fields, or none, leave it a question.
async fn only_field(
    page: &PageSession,
    intent: &Intent,
    nodes: &[SnapshotNode],
    line: u32,
) -> Result<Option<Located>, RunError> {
    let words = intent.target.clone().unwrap_or_default();
    if intent.verb != crate::Verb::Fill || intent.value.is_some() || words.is_empty() {
        return Ok(None);
    }
    let fields: Vec<&SnapshotNode> = nodes.iter().filter(|n| n.role == "textbox").collect();
    let [field] = fields.as_slice() else { return Ok(None) };
    let Some(name) = field.name.clone().filter(|n| !n.trim().is_empty()) else { return Ok(None) };
    let by_name = Intent { target: Some(name), ..intent.clone() };
    let Resolution::Unique(candidate, _) = resolve(&by_name, nodes, &Look::NOW) else { return Ok(None) };
    let Some(target) = durable(page, &candidate, line).await? else { return Ok(None) };
    Ok(Some(Located { target, answer: None, fuzzy: false, goto: None, typed: Some(words), check: None }))
}

/// Labels made different where two say the same place: each said with its place from the top.
fn distinct(labels: Vec<Text>) -> Vec<Text> {
    let total = labels.len();
    labels
        .iter()
        .enumerate()
        .map(|(i, label)| {
            if labels.iter().filter(|l| *l == label).count() > 1 {
                let position = if i == 0 {
                    "upper"
                } else if i + 1 == total {
                    "lower"
                } else {
                    "middle"
                };
                Text::message(
                    "opt-distinct",
                    [("label", label.clone().into()), ("position", position.into()), ("n", (i + 1).into())],
                )
            } else {
                label.clone()
            }
        })
        .collect()
}

/// A candidate inside a table row, given that row as its container (so its locator is "the
/// '수정' button in the '신규 고객사 미팅' row", not a path through the page).
fn with_row(candidate: &Candidate, nodes: &[SnapshotNode]) -> Candidate {
    if !candidate.within.is_empty() {
        return candidate.clone();
    }
    let Some(at) = nodes.iter().position(|n| n.reference.is_some() && n.reference == candidate.reference) else {
        return candidate.clone();
    };
    let Some(row) = nodes[at].parents.iter().rev().copied().find(|&p| nodes[p].role == "row") else {
        return candidate.clone();
    };
    let Some(label) = crate::grounding::container_label(nodes, row) else { return candidate.clone() };
    // The row's first cell is what people call it.
    let first = label.split("  ").next().unwrap_or(&label).to_string();
    let mut out = candidate.clone();
    out.within = vec![Locator::Role { role: "row".into(), name: first, exact: false }];
    out
}

/// The answer that records a missing element as a defect of the app.

/// Texts the page shows that a person would compare with an expected one: messages, headings,
/// cells, closest first.
/// The texts the page shows as words to read (not links, buttons or menus): where a message
/// close to the spec's may be.
fn page_texts(nodes: &[SnapshotNode]) -> Vec<String> {
    nodes
        .iter()
        .filter(|n| {
            matches!(
                n.role.as_str(),
                "alert" | "status" | "paragraph" | "text" | "strong" | "generic" | "cell" | "listitem" | "heading"
            )
        })
        .filter(|n| !n.ancestors.iter().any(|a| matches!(a.as_str(), "link" | "button" | "navigation")))
        .filter_map(|n| n.name.clone().or_else(|| n.text.clone()))
        .filter(|t| (2..=300).contains(&t.chars().count()))
        .collect()
}

/// A text's first line: what a check of it can find as one piece of the page.
fn first_line(text: &str) -> String {
    text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or(text).to_string()
}

fn shown_texts(nodes: &[SnapshotNode], wanted: &str) -> Vec<String> {
    let wanted = specwright_reading::normalize(wanted);
    let said = |n: &SnapshotNode| n.name.clone().or_else(|| n.text.clone());
    let short = |t: &String| t.chars().count() >= 2 && t.chars().count() <= 120;
    // The app's own words first: what it announces, then what reads as "not there" or "did not
    // work" ("검색어와 일치하는 결과가 없습니다") — the reason the expectation fails, when it says one.
    let mut texts: Vec<(usize, String)> = nodes
        .iter()
        .filter(|n| matches!(n.role.as_str(), "alert" | "status"))
        .filter_map(said)
        .filter(short)
        .map(|t| (0, t))
        .chain(
            nodes
                .iter()
                .filter(|n| {
                    matches!(n.role.as_str(), "paragraph" | "text" | "strong" | "generic" | "cell" | "listitem")
                })
                .filter(|n| !n.ancestors.iter().any(|a| matches!(a.as_str(), "link" | "button" | "navigation")))
                .filter_map(said)
                .filter(short)
                .filter(|t| specwright_browser::reads_as_error(t))
                .map(|t| (1, t)),
        )
        .collect();
    texts.extend(
        nodes
            .iter()
            .filter(|n| {
                matches!(
                    n.role.as_str(),
                    "alert" | "status" | "heading" | "paragraph" | "cell" | "listitem" | "text" | "strong" | "generic"
                )
            })
            .filter_map(said)
            .filter(short)
            .filter_map(|t| {
                let n = specwright_reading::normalize(&t);
                let shared = wanted.split_whitespace().filter(|w| n.contains(w)).count();
                (shared > 0).then(|| (usize::MAX - shared, t))
            }),
    );
    texts.sort();
    let mut seen = std::collections::HashSet::new();
    texts.retain(|(_, t)| seen.insert(t.clone()));
    texts.into_iter().take(3).map(|(_, t)| format!("'{t}'")).collect()
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
        cx.memory.recent.set_dialog(name);
    }
}

/// Where a candidate is, in a person's words: "'Groups' 행의 'Add' 링크 / the 'Add' link in the
/// 'Groups' row", or its place from the top when nothing around it is named.
fn describe_candidate(c: &Candidate, nodes: &[SnapshotNode], index: usize) -> Text {
    let place = c.place.clone().or_else(|| {
        let at = nodes.iter().position(|n| n.reference.is_some() && n.reference == c.reference)?;
        let node = &nodes[at];
        // The nearest container with a name of its own, or the heading the element sits under.
        node.parents
            .iter()
            .rev()
            .find_map(|&p| {
                let container = &nodes[p];
                let name = crate::grounding::container_label(nodes, p)
                    .filter(|n| specwright_reading::normalize(n) != specwright_reading::normalize(&c.label))?;
                let name: String = name.chars().take(40).collect();
                matches!(
                    container.role.as_str(),
                    "row"
                        | "listitem"
                        | "paragraph"
                        | "dialog"
                        | "alertdialog"
                        | "navigation"
                        | "region"
                        | "form"
                        | "table"
                        | "menu"
                        | "group"
                        | "banner"
                        | "main"
                )
                .then(|| {
                    Text::message(
                        "element-named",
                        [("name", name.into()), ("kind", specwright_rails::kind(&container.role))],
                    )
                })
            })
            .or_else(|| {
                let heading = nodes[..at].iter().rev().find(|n| n.role == "heading")?;
                let name = heading.name.clone().or_else(|| heading.text.clone())?;
                Some(Text::message("place-under", [("name", name.into())]))
            })
    });
    let (label, role) = (c.label.as_str().into(), specwright_rails::kind(&c.role));
    match place {
        Some(place) => Text::message("opt-element-in", [("place", place.into()), ("label", label), ("kind", role)]),
        None => Text::message("opt-element-nth", [("n", (index + 1).into()), ("label", label), ("kind", role)]),
    }
}

fn not_found(line: u32, target: &str, url: &str) -> RunError {
    RunError::Grounding {
        line,
        message: Text::message("target-not-found", [("target", target.into()), ("url", url.into())]),
    }
}

/// Whether `text` is a value a step of the scenario typed (its own words, not the run's tag).
fn typed_before(cx: &Context<'_>, text: &str) -> bool {
    let wanted = specwright_reading::normalize(text);
    !wanted.is_empty()
        && cx
            .memory
            .typed
            .values()
            .iter()
            .any(|(_, value)| specwright_reading::normalize(&value.replace(specwright_scenario::RUN_TAG, "")) == wanted)
}

/// Where a sentence puts its element on the page: (vertical, horizontal), -1 top or left, 1
/// bottom or right, 0 unsaid; `None` when it says neither.
mod boxes;
pub(crate) mod position;

#[cfg(test)]
mod tests;
