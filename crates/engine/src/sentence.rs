//! One sentence of the plan, acted out: its intents (a compound step has several) each
//! grounded and performed in turn, with what a sentence leaves open asked rather than guessed —
//! what it means, which value to type, which password, whether the records it creates must be
//! named anew on each run — and the application's own answer read after every submit: a step
//! the app refused fails with its words, unless the spec expects the refusal.

use crate::action::action_for;
use crate::plan::{is_negative, PlannedStep};
use crate::records::with_unique_names;
use crate::{Intent, RoleHint, RunError, Verb};
use specwright_browser::{parse_snapshot, BrowserSession};
use specwright_protocol::Text;
use specwright_protocol::{Question, QuestionKind};
use specwright_rails::{ask, is_skip, option, question_id, skip_option, skipped};
use specwright_rails::{guard, leave_check, path_of, redacted, run_step, Context};
use specwright_scenario::{Action, Locator, Provenance, Scenario, Value};

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
    if cx.memory.recent.take_answered_dialog(&step.citation) {
        return Ok(());
    }
    let mut intents = step.intents.clone();
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
    let intents = &step.intents;
    if intents.is_empty() {
        return Err(RunError::NotUnderstood { line: step.citation.line, text: cx.secrets.redact(&step.text) });
    }
    let from = scenario.steps.len();
    Box::pin(run_intents(session, cx, scenario, step, intents, provenance, &[])).await?;
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
    let korean = specwright_reading::is_hangul(&text);
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
                format!("'{name}' {}{} 클릭한다", kind.0, specwright_rails::particle(kind.0, "을/를"))
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
            let check = if korean {
                format!("'{t}'{} 표시된다", specwright_rails::particle(&t, "이/가"))
            } else {
                format!("'{t}' is shown")
            };
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
    let asked = question.clone();
    let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    if is_skip(&answer) {
        skipped(scenario, &text, &step.citation.label(), cx.language);
        return Ok(());
    }
    // The person's words are a sentence, or else name what to press ("the Add + link above
    // the table").
    let mut said =
        PlannedStep::read(answer.clone(), step.data.clone(), step.citation.clone(), step.expected, step.negative);
    if said.intents.is_empty() {
        said.text = specwright_reading::press_sentence(answer.trim());
        said.intents = specwright_reading::pressed(answer.trim());
    }
    let intents = said.intents.clone();
    if intents.is_empty() {
        return Err(RunError::NotUnderstood { line: step.citation.line, text });
    }
    let from = scenario.steps.len();
    let provenance = specwright_rails::answer_provenance(&asked, &answer, &step.citation, cx.language, cx.memory);
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
    // "Click Delete entry and confirm with OK": the browser's own box, answered with the click,
    // is what "OK" meant; nothing is left to press.
    let mut dialog_answered = false;
    for (i, intent) in intents.iter().enumerate() {
        if dialog_answered && intent.verb == Verb::Click && intent.target.as_deref().is_some_and(answers_dialog) {
            dialog_answered = false;
            continue;
        }
        // A list the page does not show as one text is checked item by item, when it is this
        // intent's turn (the action before it in the sentence may be what shows it).
        let Some(spread) = Box::pin(spread(session, cx, scenario, step, intent)).await? else { continue };
        for intent in &spread {
            if cx.sink.cancelled() {
                return Err(RunError::Cancelled);
            }
            let meant = as_meant(cx, intent, step)?;
            let intent = &meant;
            // "Enter admin and the password and click Login": the login already pressed the button.
            if logged_in && intent.verb == Verb::Click && intent.target.as_deref().is_some_and(names_login) {
                continue;
            }
            let later = &intents[i + 1..];
            match Box::pin(by_its_own_kind(session, cx, scenario, step, intent, later, &provenance, rest)).await? {
                Taken::No => {}
                Taken::Done => continue,
                Taken::LoggedIn => {
                    logged_in = true;
                    continue;
                }
            }
            // "…메뉴를 펼쳐 게시를 누른다": the menu that holds what is pressed next.
            if let Some(next) = later.first().filter(|n| intent.verb == Verb::Click && n.verb == Verb::Click) {
                let holding = crate::opener::menu_holding_next(session, cx, intent, next, step);
                if let Some((target, cited)) = Box::pin(holding).await? {
                    let text = cx.secrets.redact(&step.text);
                    let cited = cited.unwrap_or_else(|| provenance.clone());
                    Box::pin(run_step(session, cx, scenario, text, Action::Click { target }, cited, line)).await?;
                    continue;
                }
            }
            // Steps of this intent taken on the way (a menu opened for its item) come first; what
            // the app says to them is its answer to this step too.
            let intent_from = scenario.steps.len();
            let early_mark = match intent.verb {
                Verb::Click | Verb::Select => Some(session.page().mark().await),
                _ => None,
            };
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
            let action = with_unique_names(action, cx.memory.records.unique());
            // A password this very step made a secret is cut from its citation too.
            let provenance = match provenance {
                Provenance::Spec { citation } => Provenance::Spec { citation: redacted(cx.secrets, &citation) },
                other => other,
            };
            let text = cx.secrets.redact(&step.text);
            guard(cx, &action, &text, &scenario.target_url, line, session.page().url()).await?;
            let mark = match (submits(&action), early_mark) {
                (true, Some(early)) if scenario.steps.len() > intent_from => Some(early),
                (true, _) => Some(session.page().mark().await),
                (false, _) => None,
            };
            let dialogs_before = session.page().dialogs().len();
            let path_before = path_of(&session.page().url());
            if let (Verb::Append, Action::Type { target, .. }) = (intent.verb, &action) {
                let end = Action::Press { target: target.clone(), key: "Control+End".into() };
                Box::pin(run_step(session, cx, scenario, text.clone(), end, provenance.clone(), line)).await?;
            }
            Box::pin(run_step(session, cx, scenario, text, action.clone(), provenance.clone(), line)).await?;
            let before = Before { mark, path_before, dialogs_before, intent_from };
            let after = after_the_action(session, cx, scenario, step, intent, &action, later, rest, before);
            if let Some(answered) = Box::pin(after).await? {
                dialog_answered = answered;
            }
            // A screen is known by its heading: remember where it was, for preconditions such as
            // "the product list is open" in later cases.
            if intent.verb == Verb::ExpectScreen
                || (intent.verb == Verb::ExpectVisible
                    && intent.hint == Some(RoleHint::Heading)
                    && intent.scope.is_none())
            {
                if let Some(name) = &intent.target {
                    cx.memory.screens.remember(name, &path_of(&session.page().url()));
                }
            }
            leave_check(session.page(), cx.safety, line).await?;
        }
    }
    Ok(())
}

/// A list the page does not show as one text is checked item by item, when it is this intent's
/// turn (the action before it in the sentence may be what shows it); values told as a list are
/// typed one per field. `None`: the person skipped the step.
async fn spread(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    step: &PlannedStep,
    intent: &Intent,
) -> Result<Option<Vec<Intent>>, RunError> {
    match crate::fill::listed_values(intent) {
        Some(values) => match Box::pin(crate::fill::spread_values(session.page(), cx, intent, &values, step)).await {
            Ok(fills) => Ok(Some(fills)),
            Err(RunError::Skipped { .. }) => {
                skipped(scenario, &cx.secrets.redact(&step.text), &step.citation.label(), cx.language);
                Ok(None)
            }
            Err(e) => Err(e),
        },
        None => Ok(Some(Box::pin(crate::lists::split_list(session.page(), intent)).await)),
    }
}

/// The intent as the scenario means it: values told before ("the same phone number") filled
/// in; "the book appears in the list" is the record this scenario created, by its name — with
/// none created, which record is meant is a question, never the kind's word found anywhere.
fn as_meant(cx: &Context<'_>, intent: &Intent, step: &PlannedStep) -> Result<Intent, RunError> {
    let intent = crate::referents::told_values(cx.memory.typed.values(), intent).unwrap_or_else(|| intent.clone());
    if intent.hint != Some(RoleHint::Record) {
        return Ok(intent);
    }
    let Some(name) = cx.memory.records.created().cloned() else {
        return Err(RunError::NotUnderstood { line: step.citation.line, text: cx.secrets.redact(&step.text) });
    };
    Ok(Intent { target: Some(name), hint: None, ..intent })
}

/// Whether an intent was taken by a path of its own kind, not as one action on one element.
enum Taken {
    No,
    Done,
    LoggedIn,
}

/// A login, a screen to reach or check, a field found by what it holds, a message: each taken
/// by its own path.
#[allow(clippy::too_many_arguments)]
async fn by_its_own_kind(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    step: &PlannedStep,
    intent: &Intent,
    later: &[Intent],
    provenance: &Provenance,
    rest: &[PlannedStep],
) -> Result<Taken, RunError> {
    let line = step.citation.line;
    match intent.verb {
        Verb::Look => Ok(Taken::Done),
        Verb::LogIn => {
            let expected = refusal_expected(later, rest, None);
            Box::pin(crate::login::log_in(
                session,
                cx,
                scenario,
                intent.target.as_deref(),
                intent.value.as_deref(),
                &step.citation,
                expected,
            ))
            .await?;
            Ok(Taken::LoggedIn)
        }
        Verb::Navigate if intent.target.as_deref().is_some_and(|t| !is_url(t)) => {
            let answered = Box::pin(crate::screen::go_to_screen(session, cx, scenario, intent, step)).await?;
            if let Some(answered) = answered {
                let crate::screen::Answered { step: said, spec_sentence, provenance, screens } = answered;
                Box::pin(run_answered(session, cx, scenario, &said, &spec_sentence, provenance)).await?;
                for screen in screens {
                    cx.memory.screens.remember(&screen, &path_of(&session.page().url()));
                }
            }
            leave_check(session.page(), cx.safety, line).await?;
            Ok(Taken::Done)
        }
        Verb::ExpectScreen if intent.target.as_deref().is_some_and(|t| !is_url(t)) => {
            Box::pin(crate::screen::expect_screen(session, cx, scenario, intent, step, provenance.clone())).await?;
            Ok(Taken::Done)
        }
        Verb::ExpectValue if intent.target.is_none() => {
            let held = crate::fill::expect_field_holding(session, cx, scenario, intent, step, provenance.clone());
            Box::pin(held).await?;
            Ok(Taken::Done)
        }
        Verb::ExpectError | Verb::ExpectMessage => {
            Box::pin(crate::messages::expect_message(session, cx, scenario, intent, step, provenance.clone())).await?;
            Ok(Taken::Done)
        }
        _ => Ok(Taken::No),
    }
}

/// The page as it was before an action ran, for what comes after it.
struct Before {
    /// The mark of the page's signals when the action sends something.
    mark: Option<specwright_browser::Mark>,
    path_before: String,
    dialogs_before: usize,
    /// Where this intent's steps start (steps on the way come first).
    intent_from: usize,
}

/// What a step left behind once its action ran: the fields and values it typed, the screen a
/// link led to, a browser dialog it raised, and the app's answer to what it sent (a refusal the
/// spec expects, or none and a record kept repeatable). `Some`: a browser dialog came up, and
/// whether answering it was what the sentence's next press meant.
#[allow(clippy::too_many_arguments)]
async fn after_the_action(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    step: &PlannedStep,
    intent: &Intent,
    action: &Action,
    later: &[Intent],
    rest: &[PlannedStep],
    before: Before,
) -> Result<Option<bool>, RunError> {
    let line = step.citation.line;
    let Before { mark, path_before, dialogs_before, intent_from } = before;
    if let Action::Fill { target, value: Value::Literal { .. } } = action {
        if let Some(Locator::Role { name, .. } | Locator::Label { text: name } | Locator::Placeholder { text: name }) =
            target.primary()
        {
            cx.memory.typed.field(&path_before, name);
        }
    }
    if let (Action::Fill { value: Value::Literal { value }, .. }, Some(field)) = (action, &intent.target) {
        let value = value.replace(specwright_scenario::RUN_TAG, "");
        cx.memory.typed.value(field, &value);
    }
    // A link that led to another screen names it ("List Groups"): "go back to the group
    // list" later goes there again.
    if intent.verb == Verb::Click && matches!(action, Action::Click { .. }) {
        let path_after = path_of(&session.page().url());
        if let (Some(name), true) = (&intent.target, path_after != path_before) {
            cx.memory.screens.remember_first(name, &path_after);
        }
    }
    let mut dialog_answered = None;
    if session.page().dialogs().len() > dialogs_before {
        dialog_answered = Some(Box::pin(answer_native_dialog(session, cx, scenario, action, later, rest)).await?);
    }
    if let Some(mark) = mark {
        if let Some(refusal) = session.page().refusal_since(&mark, specwright_rails::REFUSAL_SETTLE).await {
            let said = specwright_rails::refusal_words(&refusal, cx.language);
            if refusal_expected(later, rest, Some(&said)) {
                if let Some(last) = scenario.steps.last_mut() {
                    last.expects_refusal = true;
                    // What a refused step sent is no success to wait for.
                    last.response = None;
                }
                // A form that checks itself as its menu opens ("Publish" before "Publish
                // now") may refuse at the opening: the steps on the way expect it too.
                let last = scenario.steps.len().saturating_sub(1);
                for on_the_way in scenario.steps.iter_mut().take(last).skip(intent_from) {
                    if matches!(on_the_way.action, Action::Click { .. } | Action::Press { .. }) {
                        on_the_way.expects_refusal = true;
                    }
                }
                cx.memory.recent.set_refusal(Some(said));
            } else {
                return Err(RunError::Refused { line, message: said });
            }
        } else {
            cx.memory.recent.set_refusal(None);
            // A form's post is answered once its page loads, after the step was recorded.
            if let Some(last) = scenario.steps.last_mut().filter(|s| s.response.is_none() && s.action == *action) {
                last.response = specwright_rails::sent_change(session.page(), mark.answered());
            }
            // A record the app accepted (a negative test's records are refused, not kept).
            if !refusal_expected(later, rest, None) && session.page().sent_since(&mark) {
                crate::records::keep_runs_repeatable(cx, scenario, action, step)?;
            }
        }
    }
    Ok(dialog_answered)
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
) -> Result<bool, RunError> {
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
        return Ok(false);
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
    let by_this_sentence = answered.is_none();
    cx.memory.recent.set_answered_dialog(answered);
    Ok(by_this_sentence)
}

/// Whether a target is what a confirm box is answered with ("OK", "확인", "Cancel").
fn answers_dialog(target: &str) -> bool {
    let t = specwright_reading::normalize(target);
    ACCEPT_WORDS.iter().chain(DISMISS_WORDS).any(|w| t.split_whitespace().any(|x| x == *w || x.starts_with(w)))
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
pub(crate) fn refusal_expected(later: &[Intent], rest: &[PlannedStep], message: Option<&str>) -> bool {
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
        let intents = &next.intents;
        if intents.is_empty() && is_negative(&next.text) {
            return true;
        }
        // In order: an error the next sentence expects after an action of its own ("Click Add
        // again, enter Work and save. An error is shown") is that action's result, not this one's.
        for intent in intents {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn planned(text: &str) -> PlannedStep {
        crate::plan::planned_at(1, text)
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
