//! One step of a run: performed in the browser, announced (call, result, frame) and recorded as
//! the scenario's next step with where it came from. Both engines record steps only here.

use crate::{browser_error_text, secret_resolver, written, Context, RunError};
use specwright_browser::{BrowserError, BrowserSession, PageSession, Performed, Secrets};
use specwright_catalog::Locale;
use specwright_protocol::{Event, FrameBox, Text};
use specwright_scenario::{
    Action, Assertion, Citation, Condition, Locator, Precondition, Provenance, ResponseCheck, Scenario, Step, Target,
    Verification, SCHEMA_VERSION,
};

/// The question id under which the target URL, given by the user when starting the run, is cited.
pub const TARGET_URL_QUESTION: &str = "target_url";

/// A scenario with nothing in it yet but the application it runs against (the URL the person
/// gave, cited as their answer). Both engines start here.
pub fn empty_scenario(id: String, title: String, base_url: &str, language: Locale) -> Scenario {
    Scenario {
        schema_version: SCHEMA_VERSION,
        id,
        title,
        target_url: base_url.to_string(),
        variables: Vec::new(),
        data: None,
        preconditions: vec![Precondition {
            condition: Condition::TargetUrl { url: base_url.to_string() },
            text: written(language, "scenario-application", [("url", base_url.into())]),
            provenance: Provenance::answer(TARGET_URL_QUESTION, base_url),
        }],
        steps: Vec::new(),
        assumptions: Vec::new(),
        open_questions: Vec::new(),
    }
}

/// A case key as an id part: `TC-01` → `tc-01`.
pub fn redacted(secrets: &Secrets, citation: &Citation) -> Citation {
    let mut c = citation.clone();
    c.quote = secrets.redact(&c.quote);
    c
}

/// The path of a URL (question ids use it: the same question on another port is the same).
/// The URL without its fragment: the document a page shows, whatever part of it is in view.
fn document_of(url: &str) -> String {
    url.split('#').next().unwrap_or_default().to_string()
}

pub fn path_of(url: &str) -> String {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    after_scheme.find('/').map_or("/".to_string(), |i| after_scheme[i..].to_string())
}

/// Performs one action and records it as the scenario's next step (events, frame, step); shared
/// with the LLM engine.
pub async fn run_step(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    intent: String,
    action: Action,
    provenance: Provenance,
    line: u32,
) -> Result<(), RunError> {
    // Whatever the caller built, no secret the run knows by now reaches the step or its events.
    let intent = cx.secrets.redact(&intent);
    let provenance = match provenance {
        Provenance::Spec { citation } => Provenance::Spec { citation: redacted(cx.secrets, &citation) },
        Provenance::Answer { question_id, answer, question, citation, by } => Provenance::Answer {
            question_id,
            answer: cx.secrets.redact(&answer),
            question: question.map(|q| cx.secrets.redact(&q)),
            citation: citation.map(|c| redacted(cx.secrets, &c)),
            by,
        },
        other => other,
    };
    let index = scenario.steps.len() as u32 + 1;
    let call_id = format!("call_{}_{index}", cx.figures.scenarios + 1);
    let tool = format!("browser.{}", action.name());
    let summary = describe(&action);
    cx.sink
        .emit(Event::ToolCall { call_id: call_id.clone(), tool: tool.clone(), summary: summary.clone() })
        .map_err(RunError::Sink)?;
    let resolve = secret_resolver(cx.secrets);
    let document_before = document_of(&session.page().url());
    let mark = match &action {
        Action::Click { .. } | Action::Press { .. } => Some(session.page().mark().await),
        _ => None,
    };
    let login = submits_login(session.page(), mark.as_ref(), &action).await;
    let writes = session.page().data_requests();
    let answered_before = session.page().responses_seen();
    let result = session.perform(&action, &scenario.target_url, &resolve).await;
    // A click that stayed on the document and sent nothing (a tab of a form, a link to
    // "#attributes", a menu opened) leaves a form being filled open: what a later save sends was
    // typed before it. A login that keeps the address sent the form: it is no part of the next.
    if let (Ok(_), Action::Click { target }, Some(mark)) = (&result, &action, &mark) {
        let stayed = document_of(&session.page().url()) == document_before && !session.page().sent_since(mark);
        if stayed {
            cx.memory.recent.stayed(target);
        }
    }
    if let Ok(Performed::Recovered { url }) = &result {
        cx.sink.emit(Event::MessageDone { text: recovered_message(url) }).map_err(RunError::Sink)?;
    }
    let result = result.map(|_| ());
    // Stopped: nothing more is asked of a browser that may still be loading.
    if matches!(result, Err(BrowserError::Cancelled)) {
        return Err(RunError::Cancelled);
    }
    let page = session.page();
    let ok = result.is_ok();
    let result_text = match &result {
        Ok(()) => summary,
        Err(e) => redacted_text(cx.secrets, browser_error_text(e)),
    };
    let console_errors = page.take_console_errors().iter().map(|e| cx.secrets.redact(e)).collect();
    cx.sink
        .emit(Event::ToolResult { call_id, tool, ok, summary: result_text, console_errors })
        .map_err(RunError::Sink)?;
    if let Ok(jpeg) = page.frame_jpeg().await {
        let target = acted_box(page, &action).await;
        cx.sink.frame(&jpeg, Some(index), &intent, &page.url(), target).map_err(RunError::Sink)?;
    }
    // Read after the frame: a request a click's handler sends reaches the log a moment later.
    if changed_data(page, writes, login) {
        cx.memory.records.changed(&scenario.id);
    }
    result.map_err(|source| RunError::Browser { line, source })?;
    let response = match &action {
        Action::Click { .. } | Action::Press { .. } => sent_change(page, answered_before),
        _ => None,
    };
    scenario.steps.push(Step {
        index,
        intent,
        action,
        provenance,
        verification: Verification::Explored,
        expects_refusal: false,
        response,
        heals: Vec::new(),
    });
    Ok(())
}

/// The change a click or a key press sent to the app and the app accepted (the one request
/// since `from` on the app's origin that may change its data), which every trial and the
/// exported test then wait for. None when the step sent no change, when the app refused it, or
/// when it sent several (a save and a beacon, an autosave still answering): a check is held
/// only to what is sure to be sent again.
pub fn sent_change(page: &PageSession, from: usize) -> Option<ResponseCheck> {
    let changes: Vec<_> = page
        .requests_since(from)
        .into_iter()
        .filter(|r| r.path.starts_with('/') && !matches!(r.method.as_str(), "GET" | "HEAD" | "OPTIONS"))
        .collect();
    match changes.as_slice() {
        [only] => ResponseCheck::from_request(&only.method, &only.path, only.status),
        _ => None,
    }
}

/// Whether the step about to be taken submits a login (see [`PageSession::submits_login`]):
/// `mark` is the page before a click or a key press.
pub async fn submits_login(page: &PageSession, mark: Option<&specwright_browser::Mark>, action: &Action) -> bool {
    let (Some(mark), Some(target)) = (mark, action.target()) else { return false };
    match specwright_browser::selector(target) {
        Ok((selector, _)) => page.submits_login(mark, &selector).await,
        Err(_) => false,
    }
}

/// Whether the step just taken sent a request that may change the app's data: `writes` is
/// [`PageSession::data_requests`] before it. A login's request is not counted: it starts a
/// session and leaves the data as it was.
pub fn changed_data(page: &PageSession, writes: usize, login: bool) -> bool {
    !login && page.data_requests() > writes
}

/// Where the element `action` acted on sits in the frame just taken, as the event carries it.
pub async fn acted_box(page: &PageSession, action: &Action) -> Option<FrameBox> {
    let [x, y, width, height] = page.acted_box(action).await?;
    Some(FrameBox { x, y, width, height })
}

/// What a person is told after the browser died and the session recovered.
pub fn recovered_message(url: &str) -> Text {
    Text::message("browser-recovered", [("url", url.into())])
}

/// What a step does, for the timeline: the element and the value or check, in signs where a
/// sign says it and in the person's words where one does not.
fn describe(action: &Action) -> Text {
    let target = action.target().and_then(|t| t.primary()).map(Locator::describe);
    match action {
        Action::Goto { url } => Text::said(url.clone()),
        Action::Fill { value, .. } | Action::Select { value, .. } => {
            Text::said(format!("{} ← {}", target.unwrap_or_default(), value.display()))
        }
        Action::Press { key, .. } => Text::said(format!("{} ⌨ {key}", target.unwrap_or_default())),
        Action::ExpectPage { assertion } => Text::said(format!("{assertion:?}")),
        Action::Expect { assertion, .. } => match assertion_word(assertion) {
            Ok(check) => {
                Text::message("summary-check", [("target", target.unwrap_or_default().into()), ("check", check.into())])
            }
            Err(sign) => Text::said(format!("{} {sign}", target.unwrap_or_default())),
        },
        _ => Text::said(target.unwrap_or_default()),
    }
}

/// A check named by a word (a catalog message), or written as a sign with its value.
fn assertion_word(assertion: &Assertion) -> Result<Text, String> {
    match assertion {
        Assertion::Visible => Ok(Text::message("check-visible", [])),
        Assertion::Hidden => Ok(Text::message("check-hidden", [])),
        Assertion::Checked => Ok(Text::message("check-checked", [])),
        Assertion::Enabled => Ok(Text::message("check-enabled", [])),
        Assertion::Disabled => Ok(Text::message("check-disabled", [])),
        Assertion::ContainsText { expected } => Err(format!("⊇ \"{expected}\"")),
        Assertion::Text { expected } => Err(format!("= \"{expected}\"")),
        Assertion::Value { expected } => Err(format!("value = \"{expected}\"")),
        Assertion::Count { expected } => Err(format!("× {expected}")),
    }
}

/// `text` with every secret the run knows masked, in its quoted words and its arguments.
pub fn redacted_text(secrets: &Secrets, text: Text) -> Text {
    use specwright_protocol::{Arg, Message};
    fn message(secrets: &Secrets, m: Message) -> Message {
        let args = m
            .args
            .into_iter()
            .map(|(k, v)| {
                let v = match v {
                    Arg::Text(t) => Arg::Text(secrets.redact(&t)),
                    Arg::Message(m) => Arg::Message(message(secrets, m)),
                    n => n,
                };
                (k, v)
            })
            .collect();
        Message { id: m.id, args }
    }
    match text {
        Text::Said(words) => Text::Said(secrets.redact(&words)),
        Text::Message(m) => Text::Message(message(secrets, m)),
    }
}

pub async fn is_password(page: &PageSession, target: &Target) -> bool {
    match target.primary() {
        Some(locator) => {
            matches!(page.input_type(&locator.playwright_selector()).await, Ok(Some(t)) if t == "password")
        }
        None => false,
    }
}
