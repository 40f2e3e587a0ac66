//! The offline engine's run: for each spec step, look at the live page, ground the target,
//! act, show a frame, and record the step with its citation.

use crate::{ground, interpret, spec_steps, EngineError, Grounding, Verb};
use specwright_browser::{
    classify, parse_snapshot, resolve_url, Allowlist, BrowserError, BrowserSession, Environment, PageSession,
    Performed, Secrets,
};
use specwright_intake::Document;
use specwright_protocol::Event;
use specwright_scenario::{
    Action, Assertion, Condition, Locator, Precondition, Provenance, Scenario, Step, Target, Value, Variable,
    VariableSource, Verification, SCHEMA_VERSION,
};

/// Where the engine's events and frames go. The runtime persists them before delivery.
pub trait Sink: Send {
    fn emit(&mut self, event: Event) -> Result<(), String>;
    /// Stores a frame and announces it with a `mirror.frame` event; returns the frame's file name.
    fn frame(&mut self, jpeg: &[u8], step_index: Option<u32>, intent: &str, url: &str) -> Result<String, String>;
    fn cancelled(&self) -> bool;
}

pub struct ExploreInput<'a> {
    pub documents: &'a [Document],
    pub base_url: &'a str,
    pub scenario_id: String,
    pub title: String,
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

pub async fn explore(
    session: &mut BrowserSession,
    input: ExploreInput<'_>,
    sink: &mut dyn Sink,
    secrets: &mut Secrets,
) -> Result<Scenario, EngineError> {
    let spec = spec_steps(input.documents);
    if spec.is_empty() {
        return Err(EngineError::NoSteps);
    }
    let mut scenario = Scenario {
        schema_version: SCHEMA_VERSION,
        id: input.scenario_id,
        title: input.title,
        target_url: input.base_url.to_string(),
        variables: Vec::new(),
        data: None,
        preconditions: vec![Precondition {
            condition: Condition::TargetUrl { url: input.base_url.to_string() },
            text: format!("대상 애플리케이션 / Application under test: {}", input.base_url),
            provenance: Provenance::Answer { question_id: TARGET_URL_QUESTION.into(), answer: input.base_url.into() },
        }],
        steps: Vec::new(),
        assumptions: Vec::new(),
        open_questions: Vec::new(),
    };

    let starts_with_navigation = interpret(&spec[0].text).is_some_and(|i| i.verb == Verb::Navigate);
    if !starts_with_navigation {
        let action = Action::Goto { url: input.base_url.to_string() };
        let intent = format!("대상 애플리케이션을 연다 / Open the application ({})", input.base_url);
        let provenance = Provenance::Answer { question_id: TARGET_URL_QUESTION.into(), answer: input.base_url.into() };
        run_step(session, sink, secrets, &mut scenario, intent, action, provenance, 0).await?;
    }

    for step in &spec {
        if sink.cancelled() {
            return Err(EngineError::Cancelled);
        }
        let line = step.citation.line;
        let intent = interpret(&step.text)
            .ok_or_else(|| EngineError::NotUnderstood { line, text: secrets.redact(&step.text) })?;
        let action = match intent.verb {
            Verb::Navigate => Action::Goto { url: intent.target.clone().unwrap_or_default() },
            _ => {
                let target = locate(session.page(), &intent, line, sink).await?;
                match intent.verb {
                    Verb::Click => Action::Click { target },
                    Verb::ExpectVisible => Action::Expect { target, assertion: Assertion::Visible },
                    _ => {
                        let value = intent.value.clone().unwrap_or_default();
                        let value = if is_password(session.page(), &target).await {
                            let name = secret_name(&scenario.variables);
                            secrets.insert(&name, &value);
                            scenario.variables.push(Variable { name: name.clone(), source: VariableSource::Secret });
                            Value::Secret { name }
                        } else {
                            Value::Literal { value }
                        };
                        Action::Fill { target, value }
                    }
                }
            }
        };
        let mut citation = step.citation.clone();
        citation.quote = secrets.redact(&citation.quote);
        let text = secrets.redact(&step.text);
        guard(&input.safety, &action, &text, &scenario.target_url, line, sink)?;
        run_step(session, sink, secrets, &mut scenario, text, action, Provenance::Spec { citation }, line).await?;
        leave_check(session.page(), &input.safety, line).await?;
    }
    Ok(scenario)
}

/// Refuses, before acting, a step that would leave the allowed origins or that may change or
/// destroy data, unless the run was told such actions are approved.
fn guard(
    safety: &Safety,
    action: &Action,
    intent: &str,
    base_url: &str,
    line: u32,
    sink: &mut dyn Sink,
) -> Result<(), EngineError> {
    let reason = match action {
        Action::Goto { url } => {
            let url = resolve_url(base_url, url);
            (!safety.allowlist.allows(&url))
                .then(|| format!("{url}은(는) 허용된 대상 밖입니다. / {url} is outside the allowed origins."))
        }
        other if !safety.allow_risky => classify(other, intent, safety.environment).map(|risk| risk.reason),
        _ => None,
    };
    match reason {
        None => Ok(()),
        Some(reason) => {
            sink.emit(Event::ConfirmRequested { action: intent.to_string(), reason: reason.clone() })
                .map_err(EngineError::Sink)?;
            Err(EngineError::NeedsConfirmation { line, reason })
        }
    }
}

/// After a step: a link or a script may have taken the page elsewhere.
async fn leave_check(page: &PageSession, safety: &Safety, line: u32) -> Result<(), EngineError> {
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

#[allow(clippy::too_many_arguments)]
async fn run_step(
    session: &mut BrowserSession,
    sink: &mut dyn Sink,
    secrets: &Secrets,
    scenario: &mut Scenario,
    intent: String,
    action: Action,
    provenance: Provenance,
    line: u32,
) -> Result<(), EngineError> {
    let index = scenario.steps.len() as u32 + 1;
    let call_id = format!("call_{index}");
    let tool = format!("browser.{}", action.name());
    let summary = describe(&action);
    sink.emit(Event::ToolCall { call_id: call_id.clone(), tool: tool.clone(), summary: summary.clone() })
        .map_err(EngineError::Sink)?;
    let resolve = secret_resolver(secrets);
    let result = session.perform(&action, &scenario.target_url, &resolve).await;
    if let Ok(Performed::Recovered { url }) = &result {
        sink.emit(Event::MessageDone { text: recovered_message(url) }).map_err(EngineError::Sink)?;
    }
    let result = result.map(|_| ());
    let page = session.page();
    let ok = result.is_ok();
    let result_text = match &result {
        Ok(()) => summary,
        Err(e) => secrets.redact(&e.to_string()),
    };
    let console_errors = page.take_console_errors().iter().map(|e| secrets.redact(e)).collect();
    sink.emit(Event::ToolResult { call_id, tool, ok, summary: result_text, console_errors })
        .map_err(EngineError::Sink)?;
    if let Ok(jpeg) = page.frame_jpeg().await {
        sink.frame(&jpeg, Some(index), &intent, &page.url()).map_err(EngineError::Sink)?;
    }
    result.map_err(|source| EngineError::Browser { line, source })?;
    scenario.steps.push(Step { index, intent, action, provenance, verification: Verification::Explored });
    Ok(())
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
        _ => target.unwrap_or_default(),
    }
}

/// Grounds the intent on the current page and keeps only locators that match exactly one
/// element there (auto-waiting a little for the page to settle after the previous action).
async fn locate(
    page: &PageSession,
    intent: &crate::Intent,
    line: u32,
    sink: &mut dyn Sink,
) -> Result<Target, EngineError> {
    let target_text = intent.target.clone().unwrap_or_default();
    let mut last = Grounding::NotFound;
    // How long a target may take to appear after the previous step, as before: about 2.5 s.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_millis(2500);
    for attempt in 0.. {
        let yaml = page.snapshot().await.map_err(|source| EngineError::Browser { line, source })?;
        if attempt == 0 {
            sink.emit(Event::ToolCall {
                call_id: format!("snapshot_{line}"),
                tool: "browser.snapshot".into(),
                summary: format!("'{target_text}' 찾는 중 / looking for '{target_text}'"),
            })
            .map_err(EngineError::Sink)?;
        }
        last = ground(intent, &parse_snapshot(&yaml));
        if let Grounding::Unique(candidate) = &last {
            // Best: locators derived from the element itself, each verified to find it alone.
            if let (Some(reference), true) = (&candidate.reference, candidate.role == candidate.node_role) {
                let name = candidate.locators.iter().find_map(|l| match l {
                    Locator::Role { name, .. } => Some(name.as_str()),
                    _ => None,
                });
                if let Ok(durable) = page.durable_locators(reference, &candidate.role, name).await {
                    if !durable.is_empty() {
                        return Ok(Target { strategies: durable, frame_path: Vec::new() });
                    }
                }
            }
            let mut unique = Vec::new();
            for locator in &candidate.locators {
                if page
                    .count(&locator.playwright_selector())
                    .await
                    .map_err(|source| EngineError::Browser { line, source })?
                    == 1
                {
                    unique.push(locator.clone());
                }
            }
            if !unique.is_empty() {
                return Ok(Target { strategies: unique, frame_path: Vec::new() });
            }
        }
        if matches!(last, Grounding::Ambiguous(_)) {
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
    Err(EngineError::Grounding {
        line,
        message: match last {
            Grounding::Ambiguous(candidates) => format!(
                "'{target_text}'에 해당하는 요소가 화면에 {n}개 있어 하나를 고를 수 없습니다({roles}). 기획서에서 위치를 더 구체적으로 적어 주세요. \
                 / {n} elements match '{target_text}' ({roles}); say in the spec which one is meant.",
                n = candidates.len(),
                roles = candidates.iter().map(|c| format!("{} \"{}\"", c.role, c.label)).collect::<Vec<_>>().join(", ")
            ),
            _ => format!(
                "화면에서 '{target_text}'을(를) 찾지 못했습니다. 이름이 화면과 같은지 확인하세요. \
                 / '{target_text}' was not found on the page ({}); check that the spec uses the name shown on screen.",
                page.url()
            ),
        },
    })
}

async fn is_password(page: &PageSession, target: &Target) -> bool {
    match target.primary() {
        Some(locator) => {
            matches!(page.input_type(&locator.playwright_selector()).await, Ok(Some(t)) if t == "password")
        }
        None => false,
    }
}

fn secret_name(variables: &[Variable]) -> String {
    let taken = |name: &str| variables.iter().any(|v| v.name == name);
    if !taken("PASSWORD") {
        return "PASSWORD".into();
    }
    (2..).map(|n| format!("PASSWORD_{n}")).find(|n| !taken(n)).unwrap_or_else(|| "PASSWORD_X".into())
}
