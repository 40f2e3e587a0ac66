//! One sentence of the plan, acted out: its intents (a compound step has several) each
//! grounded and performed in turn, with what a sentence leaves open asked rather than guessed —
//! what it means, which value to type, which password, whether the records it creates must be
//! named anew on each run — and the application's own answer read after every submit: a step
//! the app refused fails with its words, unless the spec expects the refusal.

use crate::fill::{fill_value, Filled};
use crate::locate::{locate, Located};
use crate::plan::{is_negative, PlannedStep};
use crate::records::with_unique_names;
use crate::{interpret_all, Intent, RoleHint, RunError, Scope, Verb};
use specwright_browser::{parse_snapshot, BrowserSession, PageSession};
use specwright_protocol::Text;
use specwright_protocol::{Question, QuestionKind};
use specwright_rails::{ask, is_skip, option, question_id, skip_option, skipped};
use specwright_rails::{guard, leave_check, path_of, redacted, run_step, Context};
use specwright_scenario::{Action, Assertion, Locator, Provenance, Scenario, Target, Value};

/// One sentence of the plan; `rest` is what follows it in the scenario (a later expectation
/// may say that the app is meant to refuse this step).
pub(crate) async fn run_planned(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    step: &PlannedStep,
    rest: &[PlannedStep],
) -> Result<(), RunError> {
    if cx.sink.cancelled() {
        return Err(RunError::Cancelled);
    }
    // The browser's own confirm box this sentence answers was answered with the click before it.
    if cx.memory.answered_dialog.as_ref() == Some(&step.citation) {
        cx.memory.answered_dialog = None;
        return Ok(());
    }
    let mut intents = interpret_all(&step.text, step.data.as_deref());
    if intents.is_empty() && step.expected {
        // "Dashboard home, Welcome Alex Morgan at the top": what an expected-result cell lists.
        intents = specwright_reading::seen_list(&step.text);
    }
    if intents.is_empty() {
        // An expected result the grammar cannot read is a question like any other sentence (how
        // to check it, or skip it as a recorded assumption): a scenario never completes with an
        // expectation nobody checked.
        return clarify(session, cx, scenario, step, rest).await;
    }
    let provenance = Provenance::Spec { citation: redacted(cx.secrets, &step.citation) };
    let before = scenario.steps.len();
    // A part the page could not tell (which record "the book" is, when none was made) is asked
    // like a sentence the grammar cannot read: what was done of the sentence stays done.
    match run_intents(session, cx, scenario, step, &intents, provenance, rest).await {
        Err(RunError::NotUnderstood { .. }) => return clarify(session, cx, scenario, step, rest).await,
        other => other?,
    }
    // "오류가 표시되고 가입되지 않는다": two clauses that come to one check make one step.
    let mut at = before.max(1);
    while at < scenario.steps.len() {
        let same = {
            let (earlier, now) = (&scenario.steps[at - 1], &scenario.steps[at]);
            at > before && earlier.action == now.action && now.action.is_assertion()
        };
        if same {
            scenario.steps.remove(at);
        } else {
            at += 1;
        }
    }
    for (k, kept) in scenario.steps.iter_mut().enumerate().skip(before) {
        kept.index = k as u32 + 1;
    }
    Ok(())
}

/// A sentence resolved by a person's answer: its intents, cited to that answer.
pub(crate) async fn run_answered(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    step: &PlannedStep,
    spec_sentence: &str,
    provenance: Provenance,
) -> Result<(), RunError> {
    let intents = interpret_all(&step.text, step.data.as_deref());
    if intents.is_empty() {
        return Err(RunError::NotUnderstood { line: step.citation.line, text: cx.secrets.redact(&step.text) });
    }
    let from = scenario.steps.len();
    Box::pin(run_intents(session, cx, scenario, step, &intents, provenance, &[])).await?;
    in_spec_words(scenario, from, spec_sentence);
    Ok(())
}

/// The steps a person's answer carried out do what the spec's sentence says: they read as that
/// sentence (the answer stays their source), so the plan and the report follow the spec.
fn in_spec_words(scenario: &mut Scenario, from: usize, sentence: &str) {
    for step in scenario.steps.iter_mut().skip(from) {
        step.intent = sentence.to_string();
    }
}

/// A sentence the grammar cannot read: a question with what it may mean (the page's elements
/// its words name), skipping it as a recorded assumption, or the person's own words.
async fn clarify(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    step: &PlannedStep,
    rest: &[PlannedStep],
) -> Result<(), RunError> {
    let text = cx.secrets.redact(&step.text);
    let korean = text.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c));
    let mut options = Vec::new();
    if let Ok(yaml) = session.page().snapshot().await {
        let sentence = specwright_reading::normalize(&text);
        for node in parse_snapshot(&yaml) {
            let Some(name) = node.name.clone().filter(|n| n.chars().count() >= 2) else { continue };
            if !matches!(node.role.as_str(), "button" | "link" | "menuitem" | "tab" | "checkbox") {
                continue;
            }
            if !sentence.contains(&specwright_reading::normalize(&name)) || options.len() >= 4 {
                continue;
            }
            let kind = specwright_rails::kind_words(&node.role);
            let meaning = if korean {
                format!("'{name}' {}을(를) 클릭한다", kind.0)
            } else {
                format!("Click the '{name}' {}", kind.1)
            };
            if !options.iter().any(|o: &specwright_protocol::QuestionOption| o.value == meaning) {
                options.push(option(
                    Text::message(
                        "opt-click-named",
                        [("name", name.as_str().into()), ("kind", specwright_rails::kind(&node.role))],
                    ),
                    meaning,
                ));
            }
        }
    }
    // A sentence that states a result: the texts on the page that share its words, each a check.
    if let Ok(yaml) = session.page().snapshot().await {
        let words: Vec<String> = specwright_reading::normalize(&text)
            .split_whitespace()
            .filter(|w| w.chars().count() >= 3)
            .map(str::to_string)
            .collect();
        let mut shown: Vec<(usize, String)> = parse_snapshot(&yaml)
            .into_iter()
            .filter(|n| !matches!(n.role.as_str(), "textbox" | "searchbox" | "combobox" | "spinbutton"))
            .filter_map(|n| n.name.or(n.text))
            .filter(|t| t.chars().count() >= 2 && t.chars().count() <= 80)
            .map(|t| {
                let n = specwright_reading::normalize(&t);
                (words.iter().filter(|w| n.contains(w.as_str())).count(), t)
            })
            .filter(|(score, _)| *score > 0)
            .collect();
        shown.sort_by(|a, b| b.0.cmp(&a.0));
        shown.dedup_by(|a, b| a.1 == b.1);
        for (_, t) in shown.into_iter().take(3) {
            let check = if korean { format!("'{t}'이(가) 표시된다") } else { format!("'{t}' is shown") };
            if options.len() < 6 && !options.iter().any(|o| o.value == check) {
                options.push(option(Text::message("opt-check-shown", [("text", t.as_str().into())]), check));
            }
        }
    }
    options.push(skip_option());
    let question = Question {
        id: question_id("step", "", &text),
        kind: QuestionKind::Step,
        text: Text::message("q-step-unclear", [("text", text.as_str().into())]),
        target: Some(text.clone()),
        options,
        why: Text::message("why-step-unclear", []),
        source: Some(step.citation.label()),
    };
    let id = question.id.clone();
    let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    if is_skip(&answer) {
        skipped(scenario, &text, &step.citation.label(), cx.language);
        return Ok(());
    }
    // The person's words are a sentence, or else name what to press ("the Add + link above
    // the table").
    let mut said = PlannedStep { text: answer.clone(), ..step.clone() };
    let mut intents = interpret_all(&said.text, said.data.as_deref());
    if intents.is_empty() {
        said.text = specwright_rails::press_sentence(answer.trim());
        intents = interpret_all(&said.text, said.data.as_deref());
    }
    if intents.is_empty() {
        return Err(RunError::NotUnderstood { line: step.citation.line, text });
    }
    let from = scenario.steps.len();
    let provenance = Provenance::Answer { question_id: id, answer };
    Box::pin(run_intents(session, cx, scenario, &said, &intents, provenance, rest)).await?;
    in_spec_words(scenario, from, &text);
    Ok(())
}

/// The intents of one sentence, in order, with `provenance`.
pub(crate) async fn run_intents(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    step: &PlannedStep,
    intents: &[Intent],
    provenance: Provenance,
    rest: &[PlannedStep],
) -> Result<(), RunError> {
    let line = step.citation.line;
    let mut logged_in = false;
    for (i, intent) in intents.iter().enumerate() {
        // A list the page does not show as one text is checked item by item, when it is this
        // intent's turn (the action before it in the sentence may be what shows it).
        let spread = match crate::fill::listed_values(intent) {
            Some(values) => match Box::pin(crate::fill::spread_values(session.page(), cx, intent, &values, step)).await
            {
                Ok(fills) => fills,
                Err(RunError::Skipped { .. }) => {
                    skipped(scenario, &cx.secrets.redact(&step.text), &step.citation.label(), cx.language);
                    continue;
                }
                Err(e) => return Err(e),
            },
            None => Box::pin(crate::locate::split_list(session.page(), intent)).await,
        };
        for intent in &spread {
            if cx.sink.cancelled() {
                return Err(RunError::Cancelled);
            }
            let told = crate::fill::told_values(&cx.memory.typed, intent);
            let intent = told.as_ref().unwrap_or(intent);
            // "the book appears in the list": the record this scenario created, by its name; with
            // none created, which record is meant is a question, never the kind's word found
            // anywhere on the page.
            let named;
            let intent = if intent.hint == Some(RoleHint::Record) {
                let Some(name) = cx.memory.created.clone() else {
                    return Err(RunError::NotUnderstood { line, text: cx.secrets.redact(&step.text) });
                };
                named = Intent { target: Some(name), hint: None, ..intent.clone() };
                &named
            } else {
                intent
            };
            // "Enter admin and the password and click Login": the login already pressed the button.
            if logged_in && intent.verb == Verb::Click && intent.target.as_deref().is_some_and(names_login) {
                continue;
            }
            let later = &intents[i + 1..];
            match intent.verb {
                Verb::Look => continue,
                Verb::LogIn => {
                    let expected = refusal_expected(later, rest, None);
                    Box::pin(crate::login::log_in(
                        session,
                        cx,
                        scenario,
                        intent.target.as_deref(),
                        &step.citation,
                        expected,
                    ))
                    .await?;
                    logged_in = true;
                    continue;
                }
                Verb::Navigate if intent.target.as_deref().is_some_and(|t| !is_url(t)) => {
                    let answered = Box::pin(crate::screen::go_to_screen(session, cx, scenario, intent, step)).await?;
                    if let Some(answered) = answered {
                        let crate::screen::Answered { step: said, spec_sentence, provenance, screens } = answered;
                        Box::pin(run_answered(session, cx, scenario, &said, &spec_sentence, provenance)).await?;
                        for screen in screens {
                            cx.memory.screens.insert(screen, path_of(&session.page().url()));
                        }
                    }
                    leave_check(session.page(), cx.safety, line).await?;
                    continue;
                }
                Verb::ExpectScreen if intent.target.as_deref().is_some_and(|t| !is_url(t)) => {
                    Box::pin(crate::screen::expect_screen(session, cx, scenario, intent, step, provenance.clone()))
                        .await?;
                    continue;
                }
                Verb::ExpectValue if intent.target.is_none() => {
                    let held =
                        crate::fill::expect_field_holding(session, cx, scenario, intent, step, provenance.clone());
                    Box::pin(held).await?;
                    continue;
                }
                Verb::ExpectError | Verb::ExpectMessage => {
                    Box::pin(crate::messages::expect_message(session, cx, scenario, intent, step, provenance.clone()))
                        .await?;
                    continue;
                }
                _ => {}
            }
            let (action, provenance) = match Box::pin(action_for(session, cx, scenario, intent, step)).await {
                Ok(Some((action, Some(answered)))) => (action, answered),
                Ok(Some((action, None))) => (action, provenance.clone()),
                Ok(None) => continue,
                Err(RunError::Skipped { .. }) => {
                    skipped(scenario, &cx.secrets.redact(&step.text), &step.citation.label(), cx.language);
                    continue;
                }
                Err(e) => return Err(e),
            };
            let action = with_unique_names(action, &cx.memory.unique);
            // A password this very step made a secret is cut from its citation too.
            let provenance = match provenance {
                Provenance::Spec { citation } => Provenance::Spec { citation: redacted(cx.secrets, &citation) },
                other => other,
            };
            let text = cx.secrets.redact(&step.text);
            guard(cx, &action, &text, &scenario.target_url, line, session.page().url()).await?;
            let mark = if submits(&action) { Some(session.page().mark().await) } else { None };
            let dialogs_before = session.page().dialogs().len();
            let path_before = path_of(&session.page().url());
            if let (Verb::Append, Action::Type { target, .. }) = (intent.verb, &action) {
                let end = Action::Press { target: target.clone(), key: "Control+End".into() };
                Box::pin(run_step(session, cx, scenario, text.clone(), end, provenance.clone(), line)).await?;
            }
            Box::pin(run_step(session, cx, scenario, text, action.clone(), provenance.clone(), line)).await?;
            if let Action::Fill { target, value: Value::Literal { .. } } = &action {
                if let Some(
                    Locator::Role { name, .. } | Locator::Label { text: name } | Locator::Placeholder { text: name },
                ) = target.primary()
                {
                    cx.memory.filled.push((path_before.clone(), name.clone()));
                }
            }
            if let (Action::Fill { value: Value::Literal { value }, .. }, Some(field)) = (&action, &intent.target) {
                let value = value.replace(specwright_scenario::RUN_TAG, "");
                cx.memory.typed.push((field.clone(), value));
            }
            // A link that led to another screen names it ("List Groups"): "go back to the group
            // list" later goes there again.
            if intent.verb == Verb::Click && matches!(action, Action::Click { .. }) {
                let path_after = path_of(&session.page().url());
                if let (Some(name), true) = (&intent.target, path_after != path_before) {
                    cx.memory.screens.entry(name.clone()).or_insert(path_after);
                }
            }
            if session.page().dialogs().len() > dialogs_before {
                Box::pin(answer_native_dialog(session, cx, scenario, &action, later, rest)).await?;
            }
            if let Some(mark) = mark {
                if let Some(refusal) = session.page().refusal_since(&mark, specwright_rails::REFUSAL_SETTLE).await {
                    if refusal_expected(later, rest, Some(&refusal.message)) {
                        if let Some(last) = scenario.steps.last_mut() {
                            last.expects_refusal = true;
                        }
                        cx.memory.last_refusal = Some(refusal.message);
                    } else {
                        return Err(RunError::Refused { line, message: refusal.message });
                    }
                } else {
                    cx.memory.last_refusal = None;
                    // A record the app accepted (a negative test's records are refused, not kept).
                    if !refusal_expected(later, rest, None) && session.page().sent_since(&mark) {
                        crate::records::keep_runs_repeatable(cx, scenario, &action, step)?;
                    }
                }
            }
            // A screen is known by its heading: remember where it was, for preconditions such as
            // "the product list is open" in later cases.
            if intent.verb == Verb::ExpectScreen
                || (intent.verb == Verb::ExpectVisible
                    && intent.hint == Some(RoleHint::Heading)
                    && intent.scope.is_none())
            {
                if let Some(name) = &intent.target {
                    cx.memory.screens.insert(name.clone(), path_of(&session.page().url()));
                }
            }
            leave_check(session.page(), cx.safety, line).await?;
        }
    }
    Ok(())
}

/// Words that accept a confirm box ("OK", "확인", "예") or dismiss it ("취소", "Cancel").
const ACCEPT_WORDS: &[&str] =
    &["ok", "확인", "예", "네", "yes", "confirm", "accept", "삭제", "delete", "계속", "continue"];
const DISMISS_WORDS: &[&str] = &["취소", "cancel", "아니오", "no", "dismiss", "닫기", "close"];

/// The click opened the browser's own confirm box (dismissed, as Playwright does). When the
/// sentence or the next one says to confirm ("Confirm with OK in the dialog") or to cancel, that
/// answer is recorded before the click and the click made again; the answering sentence is then
/// done.
async fn answer_native_dialog(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    click: &Action,
    later: &[Intent],
    rest: &[PlannedStep],
) -> Result<(), RunError> {
    let says = |text: &str, words: &[&str]| {
        let t = specwright_reading::normalize(text);
        words.iter().any(|w| t.split_whitespace().any(|x| x == *w || x.starts_with(w)))
    };
    let next = rest.first();
    let later_text: Vec<String> = later.iter().filter_map(|i| i.target.clone()).collect();
    let (accept, answered) = if later_text.iter().any(|t| says(t, ACCEPT_WORDS)) {
        (true, None)
    } else if later_text.iter().any(|t| says(t, DISMISS_WORDS)) {
        (false, None)
    } else if let Some(next) = next.filter(|n| says(&n.text, ACCEPT_WORDS) && !says(&n.text, DISMISS_WORDS)) {
        (true, Some(next.citation.clone()))
    } else if let Some(next) = next.filter(|n| says(&n.text, DISMISS_WORDS)) {
        (false, Some(next.citation.clone()))
    } else {
        return Ok(());
    };
    let answer = Action::Dialog { accept, prompt_text: None };
    let clicked = scenario.steps.pop();
    let provenance = match &answered {
        Some(citation) => Provenance::Spec { citation: redacted(cx.secrets, citation) },
        None => clicked
            .as_ref()
            .map(|s| s.provenance.clone())
            .unwrap_or(Provenance::Observed { snapshot_ref: "dialog".into() }),
    };
    let intent =
        specwright_rails::written(cx.language, if accept { "intent-confirm-ok" } else { "intent-confirm-cancel" }, []);
    run_step(session, cx, scenario, intent, answer, provenance, 0).await?;
    if accept {
        // The dismissed click changed nothing: made again, it is confirmed this time.
        let resolve = specwright_rails::secret_resolver(cx.secrets);
        session
            .perform(click, &scenario.target_url, &resolve)
            .await
            .map_err(|source| RunError::Browser { line: 0, source })?;
    }
    if let Some(mut step) = clicked {
        step.index = scenario.steps.len() as u32 + 1;
        scenario.steps.push(step);
    }
    cx.memory.answered_dialog = answered;
    Ok(())
}

/// Whether a button's name is a login's ("로그인", "Log in", "Sign in").
fn names_login(name: &str) -> bool {
    let n = specwright_reading::normalize(name).replace(' ', "");
    ["login", "signin", "로그인", "logon"].iter().any(|w| n == *w || n == format!("{w}하기"))
}

fn is_url(text: &str) -> bool {
    text.starts_with('/') || text.starts_with("http://") || text.starts_with("https://")
}

/// Steps after which the app may refuse what was submitted.
fn submits(action: &Action) -> bool {
    matches!(action, Action::Click { .. } | Action::Press { .. })
}

/// Whether the spec expects the app to refuse the step just taken: what follows it (in its own
/// sentence, then the next sentences up to the next action) checks for an error, or for the very
/// message the app showed.
fn refusal_expected(later: &[Intent], rest: &[PlannedStep], message: Option<&str>) -> bool {
    let names_error = |intent: &Intent, text: &str| {
        intent.verb == Verb::ExpectError
            || (intent.verb.is_expectation()
                && (is_negative(text)
                    || intent.target.as_deref().is_some_and(|t| {
                        message.is_some_and(|m| {
                            let (m, t) = (specwright_reading::normalize(m), specwright_reading::normalize(t));
                            !t.is_empty() && m.contains(&t)
                        })
                    })))
    };
    if later.iter().any(|i| names_error(i, i.target.as_deref().unwrap_or(""))) {
        return true;
    }
    if later.iter().any(|i| !i.verb.is_expectation() && i.verb != Verb::Look) {
        return false;
    }
    for next in rest {
        let intents = interpret_all(&next.text, next.data.as_deref());
        if intents.is_empty() && is_negative(&next.text) {
            return true;
        }
        // In order: an error the next sentence expects after an action of its own ("Click Add
        // again, enter Work and save. An error is shown") is that action's result, not this one's.
        for intent in &intents {
            if !intent.verb.is_expectation() && intent.verb != Verb::Look {
                return false;
            }
            if names_error(intent, &next.text) {
                return true;
            }
        }
    }
    false
}

/// The scenario action for one intent, its target grounded on the live page, and the answer
/// that decided it when a person did; `None` when a person said to skip it.
async fn action_for(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    intent: &Intent,
    step: &PlannedStep,
) -> Result<Option<(Action, Option<Provenance>)>, RunError> {
    let line = step.citation.line;
    match intent.verb {
        Verb::PressKey => {
            // In the field the scenario typed into last; on the page when it typed nothing.
            let target = scenario
                .steps
                .iter()
                .rev()
                .find_map(|s| match &s.action {
                    Action::Fill { target, .. } => Some(target.clone()),
                    _ => None,
                })
                .unwrap_or_else(|| Target::new(vec![Locator::Css { selector: "body".into() }]));
            return Ok(Some((
                Action::Press { target, key: intent.value.clone().unwrap_or_else(|| "Enter".into()) },
                None,
            )));
        }
        Verb::Navigate => return Ok(Some((Action::Goto { url: intent.target.clone().unwrap_or_default() }, None))),
        Verb::Back => return Ok(Some((Action::Back, None))),
        Verb::ExpectFirst => {
            let text = cx.secrets.redact(&step.text);
            return Ok(Some((crate::lists::first_entry(session.page(), intent, line, &text).await?, None)));
        }
        _ => {}
    }
    // Checks on a container ("the 'A' row shows 'B'") and checks that something is gone are
    // built from the sentence itself: what is gone cannot be found on the page.
    if let Some(action) = direct_expectation(session.page(), cx, scenario, intent, line).await? {
        return Ok(Some((action, None)));
    }
    if intent.target.as_deref().is_none_or(str::is_empty) {
        // The switch or checkbox the scenario used last.
        if matches!(intent.verb, Verb::Check | Verb::Uncheck) {
            let previous = scenario.steps.iter().rev().find_map(|s| match &s.action {
                Action::Check { target } | Action::Uncheck { target } => Some(target.clone()),
                _ => None,
            });
            if let Some(target) = previous {
                let action =
                    if intent.verb == Verb::Check { Action::Check { target } } else { Action::Uncheck { target } };
                return Ok(Some((action, None)));
            }
        }
        return Err(RunError::NotUnderstood { line, text: cx.secrets.redact(&step.text) });
    }
    cx.figures.targets += 1;
    // Exploration spells names made unique per run as written; the recorded target carries
    // their `{{run}}` form.
    // "홈을 선택한다" with no value to choose: picking an item of a list or menu, unless a
    // field of that name is on the page to choose in.
    let picked;
    let intent = if intent.verb == Verb::Select && intent.value.is_none() {
        let yaml = session.page().snapshot().await.map_err(|source| RunError::Browser { line, source })?;
        let field_there = crate::grounding::ground(intent, &specwright_browser::parse_snapshot(&yaml))
            != crate::grounding::Grounding::NotFound;
        picked = Intent { verb: Verb::Click, hint: intent.hint.filter(|h| *h != RoleHint::Field), ..intent.clone() };
        if field_there {
            intent
        } else {
            &picked
        }
    } else if intent.verb == Verb::Select {
        // "페이지 유형으로 일반 페이지를 선택한다" where the types are links, not a field: the one
        // item of that name is the choice.
        let yaml = session.page().snapshot().await.map_err(|source| RunError::Browser { line, source })?;
        let nodes = specwright_browser::parse_snapshot(&yaml);
        let field_there = crate::grounding::ground(intent, &nodes) != crate::grounding::Grounding::NotFound;
        picked = Intent { verb: Verb::Click, target: intent.value.clone(), value: None, hint: None, ..intent.clone() };
        // An item people pick by pressing it (a link, a tab, a radio), never an option hidden
        // inside a widget that the field's own choosing opens.
        let pressable = ["link", "button", "radio", "tab", "menuitem", "menuitemradio", "treeitem"];
        let item_there = matches!(
            crate::grounding::ground(&picked, &nodes),
            crate::grounding::Grounding::Unique(c) if pressable.contains(&c.role.as_str())
        );
        if field_there || !item_there {
            intent
        } else {
            &picked
        }
    } else {
        intent
    };
    let plain = cx.memory.plain_names(intent);
    if matches!(
        intent.verb,
        Verb::Click
            | Verb::DoubleClick
            | Verb::Hover
            | Verb::Fill
            | Verb::Select
            | Verb::Check
            | Verb::Uncheck
            | Verb::Upload
            | Verb::Clear
    ) {
        Box::pin(crate::opener::open_named_menu(session, cx, scenario, &plain, step)).await?;
    }
    let Located { target, asked, fuzzy, goto, typed } = locate(session.page(), cx, &plain, step).await?;
    let typed_intent;
    let intent = match typed {
        Some(words) => {
            typed_intent = Intent { value: Some(words), ..intent.clone() };
            &typed_intent
        }
        None => intent,
    };
    if !asked {
        cx.figures.grounded_automatically += 1;
    }
    if fuzzy {
        cx.figures.fuzzy += 1;
    }
    if let Some(href) = goto {
        let url = if href.starts_with('/') || href.starts_with("http") {
            href
        } else {
            specwright_browser::resolve_url(&session.page().url(), &href)
        };
        return Ok(Some((Action::Goto { url: path_of(&url) }, None)));
    }
    Ok(Some(match intent.verb {
        Verb::Click => (Action::Click { target }, None),
        Verb::DoubleClick => (Action::DoubleClick { target }, None),
        Verb::Hover => (Action::Hover { target }, None),
        Verb::Check => (Action::Check { target }, None),
        Verb::Uncheck => (Action::Uncheck { target }, None),
        Verb::Select => {
            (Action::Select { target, value: Value::Literal { value: intent.value.clone().unwrap_or_default() } }, None)
        }
        Verb::Upload => (Action::Upload { target, files: intent.value.iter().cloned().collect() }, None),
        // A value for a combobox ("회의실: 화상회의실", "Set Status to in-progress") is chosen,
        // not typed; a native select found by its place (its path) is one too.
        Verb::Fill
            if intent.value.is_some()
                && (matches!(target.primary(), Some(Locator::Role { role, .. }) if role == "combobox")
                    || match specwright_browser::selector(&target) {
                        Ok((selector, _)) => session.page().is_select(&selector).await,
                        Err(_) => false,
                    }) =>
        {
            (Action::Select { target, value: Value::Literal { value: intent.value.clone().unwrap_or_default() } }, None)
        }
        // Typed after what the field holds: a new line at its end (the caret is put there first).
        Verb::Append => {
            let text = intent.value.clone().unwrap_or_default();
            (Action::Type { target, value: Value::Literal { value: format!("\n{text}") } }, None)
        }
        Verb::Fill | Verb::Clear => match fill_value(session.page(), cx, scenario, &target, intent, step).await? {
            Filled::Value(value) => (Action::Fill { target, value }, None),
            Filled::Answered(value, provenance) => (Action::Fill { target, value }, Some(provenance)),
            Filled::Skipped => return Ok(None),
        },
        Verb::ExpectHidden => (Action::Expect { target, assertion: Assertion::Hidden }, None),
        Verb::ExpectChecked => (Action::Expect { target, assertion: Assertion::Checked }, None),
        Verb::ExpectEnabled => (Action::Expect { target, assertion: Assertion::Enabled }, None),
        Verb::ExpectDisabled => (Action::Expect { target, assertion: Assertion::Disabled }, None),
        Verb::ExpectValue => {
            let expected = intent.value.clone().unwrap_or_default();
            (Action::Expect { target, assertion: Assertion::Value { expected } }, None)
        }
        _ => (Action::Expect { target, assertion: Assertion::Visible }, None),
    }))
}

/// The one row of the page whose first cell is `name` ("erin", where "Acme Engineering" holds
/// the same letters), found by its first cells' words, as few as find it alone.
async fn row_starting_with(page: &PageSession, name: &str) -> Option<Locator> {
    let cells = row_starting_with_in(&parse_snapshot(&page.snapshot().await.ok()?), name)?;
    for k in 2..=4 {
        if cells.len() < k {
            break;
        }
        let locator = Locator::Role { role: "row".into(), name: cells[..k].join(" "), exact: false };
        if page.count(&locator.playwright_selector()).await.ok()? == 1 {
            return Some(locator);
        }
    }
    None
}

/// The texts of the cells of the one row whose first cell reads `name`.
fn row_starting_with_in(nodes: &[specwright_browser::SnapshotNode], name: &str) -> Option<Vec<String>> {
    let wanted = specwright_reading::normalize(name);
    let cells = |row: usize| -> Vec<String> {
        (row + 1..nodes.len())
            .filter(|&c| nodes[c].parents.last() == Some(&row))
            .filter_map(|c| crate::grounding::container_label(nodes, c))
            .collect()
    };
    let mut rows = (0..nodes.len())
        .filter(|&i| nodes[i].role == "row")
        .map(cells)
        .filter(|cells| cells.first().is_some_and(|first| specwright_reading::normalize(first) == wanted));
    let row = rows.next()?;
    rows.next().is_none().then_some(row)
}

/// Expectations whose target is written, not found: a scoped text, a vanished element, the
/// dialog or checkbox the previous step used.
async fn direct_expectation(
    page: &PageSession,
    cx: &mut Context<'_>,
    scenario: &Scenario,
    intent: &Intent,
    line: u32,
) -> Result<Option<Action>, RunError> {
    let target_of = |strategies: Vec<Locator>| Target { strategies, frame_path: Vec::new(), ..Default::default() };
    let text = intent.target.clone();
    match (&intent.verb, &intent.scope, &text) {
        (Verb::ExpectVisible, Some(Scope::Row(row)), Some(text)) => {
            let mut locator = Locator::Role { role: "row".into(), name: row.clone(), exact: false };
            if let Err(several) = unique_or_wait(page, &locator, line).await {
                // "erin" is also inside "Acme Engineering": the row that starts with it is meant.
                locator = row_starting_with(page, row).await.ok_or(several)?;
                unique_or_wait(page, &locator, line).await?;
            }
            Ok(Some(Action::Expect {
                target: target_of(vec![locator]),
                assertion: Assertion::ContainsText { expected: text.clone() },
            }))
        }
        (Verb::ExpectVisible, Some(Scope::Dialog(Some(dialog))), Some(text)) => {
            let locator = Locator::Role { role: "dialog".into(), name: dialog.clone(), exact: true };
            unique_or_wait(page, &locator, line).await?;
            cx.memory.last_dialog = Some(dialog.clone());
            Ok(Some(Action::Expect {
                target: target_of(vec![locator]),
                assertion: Assertion::ContainsText { expected: text.clone() },
            }))
        }
        (Verb::ExpectHidden, _, Some(text)) => {
            let locator = match intent.hint {
                Some(RoleHint::Dialog) => Locator::Role { role: "dialog".into(), name: text.clone(), exact: true },
                Some(RoleHint::Button) => Locator::Role { role: "button".into(), name: text.clone(), exact: true },
                Some(RoleHint::Link) => Locator::Role { role: "link".into(), name: text.clone(), exact: true },
                Some(RoleHint::Heading | RoleHint::Screen) => {
                    Locator::Role { role: "heading".into(), name: text.clone(), exact: true }
                }
                _ => Locator::Text { text: text.clone(), exact: true },
            };
            Ok(Some(Action::Expect { target: target_of(vec![locator]), assertion: Assertion::Hidden }))
        }
        // The dialog on screen is still open: the one the scenario last saw by name, else any.
        (Verb::ExpectVisible, _, None) if intent.hint == Some(RoleHint::Dialog) => {
            let name = cx.memory.last_dialog.clone().unwrap_or_default();
            let target = Target {
                first_visible: name.is_empty(),
                ..target_of(vec![Locator::Role { role: "dialog".into(), name, exact: true }])
            };
            Ok(Some(Action::Expect { target, assertion: Assertion::Visible }))
        }
        (Verb::ExpectHidden, _, None) if intent.hint == Some(RoleHint::Dialog) => {
            let name = cx
                .memory
                .last_dialog
                .clone()
                .ok_or_else(|| RunError::Grounding { line, message: Text::message("dialog-unclear", []) })?;
            let locator = Locator::Role { role: "dialog".into(), name, exact: true };
            Ok(Some(Action::Expect { target: target_of(vec![locator]), assertion: Assertion::Hidden }))
        }
        (Verb::ExpectChecked | Verb::ExpectEnabled | Verb::ExpectDisabled, _, None) => {
            // "체크박스가 선택된다": the element the previous steps acted on.
            let previous = scenario.steps.iter().rev().find_map(|s| match &s.action {
                Action::Check { target }
                | Action::Uncheck { target }
                | Action::Click { target }
                | Action::Fill { target, .. } => Some(target.clone()),
                _ => None,
            });
            let Some(target) = previous else {
                return Err(RunError::Grounding { line, message: Text::message("check-no-earlier", []) });
            };
            let assertion = match intent.verb {
                Verb::ExpectChecked => Assertion::Checked,
                Verb::ExpectEnabled => Assertion::Enabled,
                _ => Assertion::Disabled,
            };
            Ok(Some(Action::Expect { target, assertion }))
        }
        _ => Ok(None),
    }
}

/// Waits (bounded, by page changes) until `locator` matches exactly one element.
async fn unique_or_wait(page: &PageSession, locator: &Locator, line: u32) -> Result<(), RunError> {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_millis(2500);
    loop {
        let n =
            page.count(&locator.playwright_selector()).await.map_err(|source| RunError::Browser { line, source })?;
        if n == 1 {
            return Ok(());
        }
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        if left.is_zero() {
            return Err(RunError::Grounding {
                line,
                message: Text::message("elements-several", [("target", locator.describe().into()), ("n", n.into())]),
            });
        }
        page.wait_for_change(left.min(std::time::Duration::from_millis(1000))).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_is_the_one_whose_first_cell_is_the_name() {
        let nodes = parse_snapshot(
            "- table [ref=e1]:\n  - rowgroup [ref=e2]:\n    - row [ref=e3]:\n      - cell [ref=e4]:\n        - link \"bob\" [ref=e5]\n      - cell \"Acme Engineering\" [ref=e6]\n    - row [ref=e7]:\n      - cell [ref=e8]:\n        - link \"erin\" [ref=e9]\n      - cell \"Acme Support\" [ref=e10]\n",
        );
        let cells = row_starting_with_in(&nodes, "erin");
        assert_eq!(cells, Some(vec!["erin".to_string(), "Acme Support".to_string()]));
        assert_eq!(row_starting_with_in(&nodes, "Acme"), None);
    }

    fn planned(text: &str) -> PlannedStep {
        PlannedStep {
            text: text.into(),
            data: None,
            citation: specwright_scenario::Citation {
                document: "spec.md".into(),
                anchor: "spec.md#steps".into(),
                section: "Steps".into(),
                line: 1,
                quote: text.into(),
                page: None,
                sheet: None,
                row: None,
            },
            expected: false,
            negative: false,
        }
    }

    #[test]
    fn an_error_after_the_next_action_is_that_actions_result() {
        let rest = |texts: &[&str]| texts.iter().map(|t| planned(t)).collect::<Vec<_>>();
        // Written for no spec of the corpus.
        let next = rest(&[
            "The invoice appears in the list.",
            "Press Submit again. An error is shown: the invoice number is taken.",
        ]);
        assert!(!refusal_expected(&[], &next, None));
        let next = rest(&["An error message is shown.", "Press Submit again."]);
        assert!(refusal_expected(&[], &next, None));
        let next = rest(&["오류 메시지가 표시된다."]);
        assert!(refusal_expected(&[], &next, None));
    }
}
