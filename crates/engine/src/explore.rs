//! The offline engine's run: for each planned scenario, set up its preconditions, then for each
//! step look at the live page, ground the target, act, show a frame, and record the step with
//! its citation. What it cannot decide it asks (see `ask.rs`); what it learns it remembers.

use crate::ask::{ask, confirm_options, is_yes, question_id, Answerer, Figures, Memory};
use crate::plan::{setup_of, PlannedScenario, PlannedStep, Setup};
use crate::sentence::run_planned;
use crate::{interpret_all, EngineError, TestEnvironment, Verb};
use specwright_browser::{
    classify, resolve_url, Allowlist, BrowserError, BrowserSession, Environment, PageSession, Performed, Secrets,
};
use specwright_protocol::{Event, FrameBox, Question, QuestionKind};
use specwright_scenario::{
    Action, Assertion, Assumption, AssumptionStatus, Citation, Condition, Locator, Precondition, Provenance, Scenario,
    Step, Target, Value, Verification, SCHEMA_VERSION,
};

/// Where the engine's events and frames go. The runtime persists them before delivery.
pub trait Sink: Send {
    fn emit(&mut self, event: Event) -> Result<(), String>;
    /// Stores a frame and announces it with a `mirror.frame` event; returns the frame's file name.
    /// `target` is where the element the step acted on sits in the frame, for the outline.
    fn frame(
        &mut self,
        jpeg: &[u8],
        step_index: Option<u32>,
        intent: &str,
        url: &str,
        target: Option<FrameBox>,
    ) -> Result<String, String>;
    fn cancelled(&self) -> bool;
    /// Stores where the run is (`node` of the graph, its state as JSON), replacing the previous
    /// checkpoint, so a crash or a question costs a resume, not the run.
    fn checkpoint(&mut self, _node: &str, _state: &serde_json::Value) -> Result<(), String> {
        Ok(())
    }
}

pub struct ExploreInput<'a> {
    pub plans: &'a [PlannedScenario],
    /// What the spec's context says about addresses and accounts.
    pub environment: &'a TestEnvironment,
    pub base_url: &'a str,
    /// The scenario id when there is one scenario; the prefix of `<id>-<case>` ids otherwise.
    pub scenario_id: String,
    pub safety: Safety,
}

/// What the engine may do without asking: where it may go and whether risky actions are
/// pre-approved (unattended runs that were told so).
#[derive(Debug, Clone)]
pub struct Safety {
    pub allowlist: Allowlist,
    pub environment: Environment,
    pub allow_risky: bool,
}

/// The question id under which the target URL, given by the user when starting the run, is cited.
pub const TARGET_URL_QUESTION: &str = "target_url";

/// Everything one exploration needs besides the browser, bundled so helpers take one argument.
pub struct Context<'a> {
    pub sink: &'a mut dyn Sink,
    pub secrets: &'a mut Secrets,
    pub answerer: &'a mut dyn Answerer,
    pub memory: &'a mut Memory,
    pub figures: Figures,
    pub safety: &'a Safety,
    pub plans: &'a [PlannedScenario],
    pub environment: &'a TestEnvironment,
}

/// Explores every planned scenario in order, each from a fresh browser context, and returns
/// them with the figures (questions asked, targets grounded without asking).
pub async fn explore(
    session: &mut BrowserSession,
    input: ExploreInput<'_>,
    sink: &mut dyn Sink,
    secrets: &mut Secrets,
    answerer: &mut dyn Answerer,
    memory: &mut Memory,
) -> Result<(Vec<Scenario>, Figures), EngineError> {
    if input.plans.is_empty() {
        return Err(EngineError::NoSteps);
    }
    let mut cx = Context {
        sink,
        secrets,
        answerer,
        memory,
        figures: Figures::default(),
        safety: &input.safety,
        plans: input.plans,
        environment: input.environment,
    };
    let single = input.plans.len() == 1;
    let mut out = Vec::new();
    for (i, plan) in input.plans.iter().enumerate() {
        if i > 0 {
            session.fresh_context().await.map_err(|source| EngineError::Browser { line: 0, source })?;
        }
        let id = if single { input.scenario_id.clone() } else { format!("{}-{}", input.scenario_id, slug(&plan.key)) };
        if !single {
            cx.sink
                .emit(Event::MessageDone {
                    text: format!(
                        "시나리오 {}/{}: {} / Scenario {} of {}: {}",
                        i + 1,
                        input.plans.len(),
                        plan.title,
                        i + 1,
                        input.plans.len(),
                        plan.title
                    ),
                })
                .map_err(EngineError::Sink)?;
        }
        let scenario = explore_one(session, &mut cx, plan, id, input.base_url).await?;
        cx.figures.scenarios += 1;
        cx.figures.steps += scenario.steps.len() as u32;
        out.push(scenario);
    }
    // A name made unique per run is unique in every scenario that types it: a case explored
    // before the question (one the app refused) would otherwise collide on the next run with
    // the record a later case created.
    for scenario in &mut out {
        for step in &mut scenario.steps {
            step.action = crate::sentence::with_unique_names(step.action.clone(), &cx.memory.unique);
        }
    }
    Ok((out, cx.figures))
}

/// A scenario with nothing in it yet but the application it runs against (the URL the person
/// gave, cited as their answer). Both engines start here.
pub fn empty_scenario(id: String, title: String, base_url: &str) -> Scenario {
    Scenario {
        schema_version: SCHEMA_VERSION,
        id,
        title,
        target_url: base_url.to_string(),
        variables: Vec::new(),
        data: None,
        preconditions: vec![Precondition {
            condition: Condition::TargetUrl { url: base_url.to_string() },
            text: format!("대상 애플리케이션 / Application under test: {base_url}"),
            provenance: Provenance::Answer { question_id: TARGET_URL_QUESTION.into(), answer: base_url.into() },
        }],
        steps: Vec::new(),
        assumptions: Vec::new(),
        open_questions: Vec::new(),
    }
}

/// A case key as an id part: `TC-01` → `tc-01`.
fn slug(key: &str) -> String {
    let s: String = key.chars().map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
    s.trim_matches('-').to_string()
}

async fn explore_one(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    plan: &PlannedScenario,
    id: String,
    base_url: &str,
) -> Result<Scenario, EngineError> {
    let mut scenario = empty_scenario(id, plan.title.clone(), base_url);
    // Exploration types names as the spec writes them; trials give each run its own tag.
    session.set_run_tag("");

    // The first thing done: a precondition that navigates, the plan's first navigation, or
    // opening the application.
    let setups: Vec<Setup> = plan.preconditions.iter().map(|p| setup_of(&p.text)).collect();
    let first_navigates =
        setups.iter().any(|s| matches!(s, Setup::LoggedIn(_) | Setup::LoggedInUnnamed | Setup::Open(_)))
            || plan
                .steps
                .first()
                .map(|s| interpret_all(&s.text, s.data.as_deref()))
                .is_some_and(|i| i.first().is_some_and(|i| i.verb == Verb::Navigate));
    if !first_navigates {
        let action = Action::Goto { url: base_url.to_string() };
        let intent = format!("대상 애플리케이션을 연다 / Open the application ({base_url})");
        let provenance = Provenance::Answer { question_id: TARGET_URL_QUESTION.into(), answer: base_url.into() };
        run_step(session, cx, &mut scenario, intent, action, provenance, 0).await?;
    }

    for (pre, setup) in plan.preconditions.iter().zip(setups) {
        let provenance = Provenance::Spec { citation: redacted(cx.secrets, &pre.citation) };
        let condition = match &setup {
            Setup::LoggedIn(user) => {
                log_in(session, cx, &mut scenario, user, &pre.citation).await?;
                Condition::Role { role: user.clone() }
            }
            Setup::LoggedInUnnamed => {
                crate::login::log_in(session, cx, &mut scenario, None, &pre.citation, false).await?;
                Condition::Note
            }
            Setup::Open(screen) => {
                open_screen(session, cx, &mut scenario, screen, &pre.citation).await?;
                Condition::Note
            }
            Setup::LoggedOut => Condition::Note,
            Setup::Note => {
                let n = scenario.assumptions.len() + 1;
                scenario.assumptions.push(Assumption {
                    id: format!("A{n}"),
                    text: {
                        let text = cx.secrets.redact(&pre.text);
                        format!(
                            "사전조건 '{text}'은(는) 새 브라우저의 초기 상태로 충족된다고 가정합니다. / Assumed the precondition '{text}' holds in a fresh browser."
                        )
                    },
                    made_by: "offline".into(),
                    status: AssumptionStatus::Open,
                });
                Condition::Note
            }
        };
        scenario.preconditions.push(Precondition { condition, text: cx.secrets.redact(&pre.text), provenance });
    }

    for (i, step) in plan.steps.iter().enumerate() {
        run_planned(session, cx, &mut scenario, step, &plan.steps[i + 1..]).await?;
    }
    Ok(scenario)
}

pub fn redacted(secrets: &Secrets, citation: &Citation) -> Citation {
    let mut c = citation.clone();
    c.quote = secrets.redact(&c.quote);
    c
}

/// `href` as the page at `url` would resolve it.
pub(crate) fn resolve_relative(url: &str, href: &str) -> String {
    specwright_browser::resolve_url(url, href)
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

/// Logs in as `user` the way the workbook itself does it: the first case that types this user
/// into a field, up to the click that submits, replayed with that case's citations.
async fn log_in(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    user: &str,
    citation: &Citation,
) -> Result<(), EngineError> {
    // Without a case that shows how, the login form on the page, with the spec's account or
    // a person's answer.
    let Some(recipe) = login_recipe(cx.plans, user) else {
        return crate::login::log_in(session, cx, scenario, Some(user), citation, false).await;
    };
    // A login case that starts on its page through a precondition ("'/login' 페이지가 열려
    // 있음") has no navigation row: open that page (or the application) first.
    let navigates = recipe
        .first()
        .map(|s| interpret_all(&s.text, s.data.as_deref()))
        .is_some_and(|i| i.first().is_some_and(|i| i.verb == Verb::Navigate));
    if !navigates {
        let start = cx
            .plans
            .iter()
            .find(|p| p.steps.first().map(|s| &s.citation) == recipe.first().map(|s| &s.citation))
            .and_then(|p| {
                p.preconditions.iter().find_map(|pre| match setup_of(&pre.text) {
                    Setup::Open(url) if url.starts_with('/') || url.starts_with("http") => {
                        Some((url, pre.citation.clone()))
                    }
                    _ => None,
                })
            });
        let (url, provenance) = match start {
            Some((url, citation)) => (url, Provenance::Spec { citation: redacted(cx.secrets, &citation) }),
            None => (
                scenario.target_url.clone(),
                Provenance::Answer { question_id: TARGET_URL_QUESTION.into(), answer: scenario.target_url.clone() },
            ),
        };
        let intent = format!("로그인 화면을 연다 / Open the sign-in page ({url})");
        run_step(session, cx, scenario, intent, Action::Goto { url }, provenance, citation.line).await?;
    }
    for step in recipe {
        run_planned(session, cx, scenario, &step, &[]).await?;
    }
    Ok(())
}

/// The action rows of the first case that types `user` into a field: from its first row
/// through the first click after that (the submit). Expected results are left out.
pub fn login_recipe(plans: &[PlannedScenario], user: &str) -> Option<Vec<PlannedStep>> {
    for plan in plans {
        // A negative test's login is written to fail: it shows no way in.
        let actions: Vec<&PlannedStep> = plan.steps.iter().filter(|s| !s.expected && !s.negative).collect();
        let typed = actions.iter().position(|s| {
            interpret_all(&s.text, s.data.as_deref())
                .iter()
                .any(|i| i.verb == Verb::Fill && i.value.as_deref().map(str::trim) == Some(user))
        });
        let Some(typed) = typed else { continue };
        let submit = actions
            .iter()
            .enumerate()
            .skip(typed + 1)
            .find(|(_, s)| interpret_all(&s.text, s.data.as_deref()).iter().any(|i| i.verb == Verb::Click));
        if let Some((submit, _)) = submit {
            return Some(actions[..=submit].iter().map(|s| (*s).clone()).collect());
        }
    }
    None
}

/// Opens a screen a precondition names: a URL as is; a screen by the URL where the session saw
/// its heading, or, not seen yet, the URL a person gives.
async fn open_screen(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    screen: &str,
    citation: &Citation,
) -> Result<(), EngineError> {
    let url = if screen.starts_with('/') || screen.starts_with("http") {
        screen.to_string()
    } else if let Some(path) = cx.memory.screens.get(screen) {
        path.clone()
    } else {
        let mut known: Vec<(&String, &String)> = cx.memory.screens.iter().collect();
        known.sort();
        let question = Question {
            id: question_id("screen", "", screen),
            kind: QuestionKind::Screen,
            text: format!("'{screen}' 화면은 어느 주소에서 열리나요? / Which URL opens the '{screen}' screen?"),
            target: Some(screen.to_string()),
            options: known.iter().take(6).map(|(name, path)| crate::ask::option(format!("{path} ({name})"), path.as_str())).collect(),
            why: "사전조건이 이 화면에서 시작하라고 하지만 아직 이 화면을 본 적이 없습니다. / A precondition starts on this screen, which the run has not seen yet.".into(),
            source: Some(citation.label()),
        };
        ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?
    };
    let action = Action::Goto { url };
    let provenance = Provenance::Spec { citation: redacted(cx.secrets, citation) };
    let text = cx.secrets.redact(&citation.quote);
    run_step(session, cx, scenario, text, action, provenance, citation.line).await?;
    let is_url = screen.starts_with('/') || screen.starts_with("http");
    if let Some(heading) = (!is_url).then_some(screen) {
        let locator = Locator::Role { role: "heading".into(), name: heading.to_string(), exact: true };
        let action = Action::Expect {
            target: Target { strategies: vec![locator], frame_path: Vec::new(), ..Default::default() },
            assertion: Assertion::Visible,
        };
        let provenance = Provenance::Spec { citation: redacted(cx.secrets, citation) };
        let text = cx.secrets.redact(&citation.quote);
        run_step(session, cx, scenario, text, action, provenance, citation.line).await?;
    }
    Ok(())
}

/// Before acting: a step that would leave the allowed origins, or that may change or destroy
/// data, is a question for a person unless the run was told such actions are approved. A "no"
/// stops the run; no answer makes it wait.
/// Shared with the LLM engine: the same rails for both.
pub async fn guard(
    cx: &mut Context<'_>,
    action: &Action,
    intent: &str,
    base_url: &str,
    line: u32,
    current_url: String,
) -> Result<(), EngineError> {
    let reason = match action {
        Action::Goto { url } => {
            let url = resolve_url(base_url, url);
            (!cx.safety.allowlist.allows(&url))
                .then(|| format!("{url}은(는) 허용된 대상 밖입니다. / {url} is outside the allowed origins."))
        }
        other if !cx.safety.allow_risky => classify(other, intent, cx.safety.environment).map(|risk| risk.reason),
        _ => None,
    };
    let Some(reason) = reason else { return Ok(()) };
    cx.sink
        .emit(Event::ConfirmRequested { action: intent.to_string(), reason: reason.clone() })
        .map_err(EngineError::Sink)?;
    let question = Question {
        id: question_id("confirm", &path_of(&current_url), intent),
        kind: QuestionKind::Confirm,
        text: confirm_text(&reason, intent),
        target: Some(intent.to_string()),
        options: confirm_options(),
        why: reason.clone(),
        source: None,
    };
    let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    if is_yes(&answer) {
        Ok(())
    } else {
        Err(EngineError::NeedsConfirmation { line, reason })
    }
}

/// "'삭제' 동작은 데이터를 … 지울 수 있습니다. 진행할까요? "…"": the question says what is at
/// stake, in the person's language, before asking.
fn confirm_text(reason: &str, intent: &str) -> String {
    let (ko, en) = reason.split_once(" / ").unwrap_or((reason, reason));
    let first = |text: &str| -> String {
        let text = text.trim();
        match text.find(". ") {
            Some(at) => text[..=at].to_string(),
            None => text.trim_end_matches(';').to_string(),
        }
    };
    let en = first(en.split(';').next().unwrap_or(en));
    let en = if en.ends_with('.') { en } else { format!("{en}.") };
    format!("{} 진행할까요? \"{intent}\" / {en} Go ahead? \"{intent}\"", first(ko))
}

/// After a step: a link or a script may have taken the page elsewhere.
pub async fn leave_check(page: &PageSession, safety: &Safety, line: u32) -> Result<(), EngineError> {
    let url = page.url();
    if safety.allowlist.allows(&url) {
        return Ok(());
    }
    let _ = page.go_back().await;
    Err(EngineError::NeedsConfirmation {
        line,
        reason: format!(
            "페이지가 허용된 대상 밖({url})으로 이동했습니다. 이동을 허용하려면 --allow-origin으로 추가하세요. \
             / The page went outside the allowed origins ({url}); allow it with --allow-origin."
        ),
    })
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
) -> Result<(), EngineError> {
    // Whatever the caller built, no secret the run knows by now reaches the step or its events.
    let intent = cx.secrets.redact(&intent);
    let provenance = match provenance {
        Provenance::Spec { citation } => Provenance::Spec { citation: redacted(cx.secrets, &citation) },
        Provenance::Answer { question_id, answer } => {
            Provenance::Answer { question_id, answer: cx.secrets.redact(&answer) }
        }
        other => other,
    };
    let index = scenario.steps.len() as u32 + 1;
    let call_id = format!("call_{}_{index}", cx.figures.scenarios + 1);
    let tool = format!("browser.{}", action.name());
    let summary = describe(&action);
    cx.sink
        .emit(Event::ToolCall { call_id: call_id.clone(), tool: tool.clone(), summary: summary.clone() })
        .map_err(EngineError::Sink)?;
    let resolve = secret_resolver(cx.secrets);
    let document_before = document_of(&session.page().url());
    let mark = match &action {
        Action::Click { .. } => Some(session.page().mark().await),
        _ => None,
    };
    let result = session.perform(&action, &scenario.target_url, &resolve).await;
    // A click that stayed on the document and sent nothing (a tab of a form, a link to
    // "#attributes", a menu opened) leaves a form being filled open: what a later save sends was
    // typed before it. A login that keeps the address sent the form: it is no part of the next.
    if let (Ok(_), Action::Click { target }, Some(mark)) = (&result, &action, &mark) {
        let stayed = document_of(&session.page().url()) == document_before && !session.page().sent_since(mark);
        if stayed && !cx.memory.in_place.contains(target) {
            cx.memory.in_place.push(target.clone());
        }
    }
    if let Ok(Performed::Recovered { url }) = &result {
        cx.sink.emit(Event::MessageDone { text: recovered_message(url) }).map_err(EngineError::Sink)?;
    }
    let result = result.map(|_| ());
    // Stopped: nothing more is asked of a browser that may still be loading.
    if matches!(result, Err(BrowserError::Cancelled)) {
        return Err(EngineError::Cancelled);
    }
    let page = session.page();
    let ok = result.is_ok();
    let result_text = match &result {
        Ok(()) => summary,
        Err(e) => cx.secrets.redact(&e.to_string()),
    };
    let console_errors = page.take_console_errors().iter().map(|e| cx.secrets.redact(e)).collect();
    cx.sink
        .emit(Event::ToolResult { call_id, tool, ok, summary: result_text, console_errors })
        .map_err(EngineError::Sink)?;
    if let Ok(jpeg) = page.frame_jpeg().await {
        let target = acted_box(page, &action).await;
        cx.sink.frame(&jpeg, Some(index), &intent, &page.url(), target).map_err(EngineError::Sink)?;
    }
    result.map_err(|source| EngineError::Browser { line, source })?;
    scenario.steps.push(Step {
        index,
        intent,
        action,
        provenance,
        verification: Verification::Explored,
        expects_refusal: false,
    });
    Ok(())
}

/// Where the element `action` acted on sits in the frame just taken, as the event carries it.
pub async fn acted_box(page: &PageSession, action: &Action) -> Option<FrameBox> {
    let [x, y, width, height] = page.acted_box(action).await?;
    Some(FrameBox { x, y, width, height })
}

/// What a person is told after the browser died and the session recovered.
pub fn recovered_message(url: &str) -> String {
    format!(
        "브라우저가 예기치 않게 종료되어 다시 시작했습니다({url}). 로그인 상태를 복원하고 단계를 다시 실행했습니다. \
         / The browser stopped unexpectedly and was restarted at {url}; the login state was restored and the step retried."
    )
}

/// Values while exploring: literals, and secrets taken from the spec for this run only.
pub fn secret_resolver(secrets: &Secrets) -> impl Fn(&Value) -> Result<String, BrowserError> + Send + Sync + '_ {
    move |value: &Value| match value {
        Value::Literal { value } => Ok(value.clone()),
        Value::Secret { name } => secrets.get(name).map(str::to_string).ok_or_else(|| missing_secret(name)),
        Value::Variable { name } => Err(BrowserError::MissingValue(format!(
            "변수 {{{{{name}}}}}의 값이 없습니다. / The variable {{{{{name}}}}} has no value."
        ))),
    }
}

/// The message for a secret nobody provided, with the two ways to provide it.
pub fn missing_secret(name: &str) -> BrowserError {
    BrowserError::MissingValue(format!(
        "비밀 값 {name}이(가) 없습니다. --secret {name}=... 또는 환경 변수 SPECWRIGHT_SECRET_{name}으로 지정하세요. \
         / The secret {name} is not set: pass --secret {name}=... or set SPECWRIGHT_SECRET_{name}."
    ))
}

fn describe(action: &Action) -> String {
    let target = action.target().and_then(|t| t.primary()).map(Locator::describe);
    match action {
        Action::Goto { url } => url.clone(),
        Action::Fill { value, .. } | Action::Select { value, .. } => {
            format!("{} ← {}", target.unwrap_or_default(), value.display())
        }
        Action::Press { key, .. } => format!("{} ⌨ {key}", target.unwrap_or_default()),
        Action::ExpectPage { assertion } => format!("{assertion:?}"),
        Action::Expect { assertion, .. } => format!("{} {}", target.unwrap_or_default(), assertion_word(assertion)),
        _ => target.unwrap_or_default(),
    }
}

fn assertion_word(assertion: &Assertion) -> String {
    match assertion {
        Assertion::Visible => "보임 / visible".into(),
        Assertion::Hidden => "숨김 / hidden".into(),
        Assertion::Checked => "선택됨 / checked".into(),
        Assertion::Enabled => "활성 / enabled".into(),
        Assertion::Disabled => "비활성 / disabled".into(),
        Assertion::ContainsText { expected } => format!("⊇ \"{expected}\""),
        Assertion::Text { expected } => format!("= \"{expected}\""),
        Assertion::Value { expected } => format!("value = \"{expected}\""),
        Assertion::Count { expected } => format!("× {expected}"),
    }
}

pub(crate) async fn is_password(page: &PageSession, target: &Target) -> bool {
    match target.primary() {
        Some(locator) => {
            matches!(page.input_type(&locator.playwright_selector()).await, Ok(Some(t)) if t == "password")
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_confirmation_says_what_is_at_stake_before_it_asks() {
        let reason = "'삭제' 동작은 데이터를 바꾸거나 지울 수 있습니다('삭제'). 실행하려면 확인이 필요합니다. \
                      / '삭제' may change or delete data ('삭제'); it needs your confirmation.";
        assert_eq!(
            confirm_text(reason, "행의 삭제 버튼을 누른다"),
            "'삭제' 동작은 데이터를 바꾸거나 지울 수 있습니다('삭제'). 진행할까요? \"행의 삭제 버튼을 누른다\" \
             / '삭제' may change or delete data ('삭제'). Go ahead? \"행의 삭제 버튼을 누른다\""
        );
    }
}
