//! One tool call of the model, executed: browser actions go through the offline engine's rails
//! (the allowlist, risky-action questions, durable locators, recorded steps with frames),
//! questions go to the person, document tools read the index, and a submission meets the review.

use crate::drafter::assume;
use crate::session::{free_secret_name, injection_notice};
use crate::tools::{
    tool_specs, ConfirmAction, Expectation, Navigate, OnElement, ProposeOptions, ReadSection, RecordAssumption, Search,
    Submit,
};
use crate::AgentError;
use specwright_browser::{parse_snapshot, BrowserSession, SnapshotNode};
use specwright_intake::Document;
use specwright_llm::{Message, ToolCall};
use specwright_protocol::{Event, Question, QuestionKind};
use specwright_rails::{
    ask, confirm_options, durable, guard, is_yes, leave_check, option, path_of, question_id, run_step, Candidate,
    Context, RunError,
};
use specwright_scenario::{Action, Assertion, Locator, Scenario, Value, Variable, VariableSource};

pub(crate) struct LoopState<'d> {
    pub(crate) documents: &'d [Document],
    /// Questions asked (pre-flight and propose_options) and how many the session may ask.
    pub(crate) asked: u32,
    pub(crate) budget: u32,
    /// Submissions the review sent back.
    pub(crate) bounces: u32,
    pub(crate) knowledge: Option<(&'d specwright_knowledge::Knowledge, &'d str)>,
    /// Document tool calls in this turn, and how many a turn may make.
    pub(crate) document_calls: u32,
    pub(crate) document_budget: u32,
    pub(crate) last_assumption: Option<String>,
    /// Indexes of messages holding snapshots, so older ones can be replaced by a line.
    pub(crate) snapshot_at: Vec<usize>,
    /// The `confirm_action` the person approved (its question id) and how many risky steps
    /// citing it have run; it covers at most [`RISKY_STEPS_PER_APPROVAL`] of them, and ends at
    /// the first ordinary action or trial.
    pub(crate) approved: Option<(String, u32)>,
    /// Draft trials run so far (`run_trial`), at most [`MAX_DRAFT_TRIALS`].
    pub(crate) trials: u32,
}

/// Each draft trial replays the whole scenario; more than this is a model going in circles.
const MAX_DRAFT_TRIALS: u32 = 3;

/// One approved action takes at most this many risky clicks (a button, then its dialog's).
const RISKY_STEPS_PER_APPROVAL: u32 = 2;

pub(crate) enum Outcome {
    Result(String),
    Snapshot(String),
    Submitted,
}

fn error(text: impl Into<String>) -> Outcome {
    Outcome::Result(format!("Error: {}", text.into()))
}

pub(crate) async fn execute(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    state: &mut LoopState<'_>,
    call: &ToolCall,
    messages: &mut [Message],
) -> Result<Outcome, AgentError> {
    let args = match call.parsed_arguments() {
        Ok(args) => args,
        Err(e) => return Ok(error(e)),
    };
    let parse = |what: &str| format!("the arguments of {} do not fit its schema ({what})", call.name);
    match call.name.as_str() {
        "browser_snapshot" => {
            let page = session.page();
            let snapshot = page
                .compact_snapshot(&cx.secrets.values())
                .await
                .map_err(|source| RunError::Browser { line: 0, source })?;
            // Older snapshots are replaced by a line: the model reads only the latest page.
            for i in state.snapshot_at.drain(..) {
                if let Some(Message::Tool { content, .. }) = messages.get_mut(i) {
                    *content = "[an older snapshot, replaced by the newer one below]".into();
                }
            }
            state.snapshot_at.push(messages.len());
            let url = page.url();
            let (text, cut) = crate::defuse(snapshot.text());
            if cut > 0 {
                cx.sink.emit(Event::MessageDone { text: injection_notice(cut, &url) }).map_err(RunError::Sink)?;
            }
            Ok(Outcome::Snapshot(format!("<page url=\"{url}\">\n{text}\n</page>")))
        }
        "browser_navigate" => {
            let Ok(a) = serde_json::from_value::<Navigate>(args) else { return Ok(error(parse("url, intent, cite"))) };
            let action = Action::Goto { url: a.url.clone() };
            act(session, cx, scenario, state, action, &a.intent, &a.cite).await
        }
        "expect_visible" | "expect_text" => {
            let a = match serde_json::from_value::<Expectation>(args) {
                Ok(a) => a,
                Err(e) => return Ok(error(parse(&e.to_string()))),
            };
            let target = match named(session, &a.role, &a.name).await? {
                Ok(target) => target,
                Err(message) => return Ok(error(message)),
            };
            let assertion = match (call.name.as_str(), a.text.clone()) {
                ("expect_text", Some(expected)) => Assertion::ContainsText { expected },
                ("expect_text", None) => return Ok(error(parse("text"))),
                _ => Assertion::Visible,
            };
            act(session, cx, scenario, state, Action::Expect { target, assertion }, &a.intent, &a.cite).await
        }
        "browser_click" | "browser_fill" | "browser_select" | "browser_check" => {
            let a = match serde_json::from_value::<OnElement>(args) {
                Ok(a) => a,
                Err(e) => return Ok(error(parse(&e.to_string()))),
            };
            let target = match element(session, &a.reference).await? {
                Ok(target) => target,
                Err(message) => return Ok(error(message)),
            };
            let action = match call.name.as_str() {
                "browser_click" => Action::Click { target },
                "browser_fill" | "browser_select" => {
                    let Some(raw) = a.value.clone() else { return Ok(error(parse("value"))) };
                    let Some(value) = value_of(cx, scenario, &raw, &target, session).await? else {
                        return Ok(error(
                            "{{secret.NAME}} goes only into a password field; type visible values as they are",
                        ));
                    };
                    if call.name == "browser_fill" {
                        Action::Fill { target, value }
                    } else {
                        Action::Select { target, value }
                    }
                }
                _ => match a.checked {
                    Some(false) => Action::Uncheck { target },
                    _ => Action::Check { target },
                },
            };
            act(session, cx, scenario, state, action, &a.intent, &a.cite).await
        }
        "propose_options" => {
            let Ok(a) = serde_json::from_value::<ProposeOptions>(args) else {
                return Ok(error(parse("question, options, why")));
            };
            if !(2..=6).contains(&a.options.len()) {
                return Ok(error("propose_options needs 2 to 6 options"));
            }
            if state.asked >= state.budget {
                return Ok(Outcome::Result(
                    "The question budget is spent: record an assumption with record_assumption and continue.".into(),
                ));
            }
            state.asked += 1;
            let question = Question {
                id: question_id("choice", "", &a.question),
                kind: QuestionKind::Choice,
                text: a.question.clone(),
                target: None,
                options: a.options.iter().enumerate().map(|(i, o)| option(o.clone(), (i + 1).to_string())).collect(),
                why: a.why.clone(),
                source: None,
            };
            let answer = ask(question.clone(), cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
            let chosen =
                answer.parse::<usize>().ok().and_then(|n| a.options.get(n.wrapping_sub(1))).cloned().unwrap_or(answer);
            Ok(Outcome::Result(format!(
                "The person chose: {chosen}. Cite steps that follow from it as `answer:{}`.",
                question.id
            )))
        }
        "search_documents" | "read_section" => {
            let Some((knowledge, session_id)) = state.knowledge else {
                return Ok(error("the documents are all in the first message; there is no index to search"));
            };
            if state.document_calls >= state.document_budget {
                return Ok(error(format!(
                    "the budget of {} document calls for this turn is spent; act on what you read",
                    state.document_budget
                )));
            }
            state.document_calls += 1;
            if call.name == "search_documents" {
                let Ok(a) = serde_json::from_value::<Search>(args) else { return Ok(error(parse("query"))) };
                let hits = knowledge
                    .search(session_id, &a.query, specwright_knowledge::SearchMode::Hybrid, 5)
                    .map_err(|e| AgentError::Llm { code: "knowledge", message: e.to_string() })?;
                let lines: Vec<String> = hits
                    .iter()
                    .map(|h| {
                        format!(
                            "- cite {}#L{} (section anchor {}): {}",
                            h.document, h.citation.line, h.anchor, h.snippet
                        )
                    })
                    .collect();
                let (text, _) = crate::defuse(&lines.join("\n"));
                Ok(Outcome::Result(if hits.is_empty() {
                    "No hits.".into()
                } else {
                    format!("<document-hits>\n{text}\n</document-hits>")
                }))
            } else {
                let Ok(a) = serde_json::from_value::<ReadSection>(args) else {
                    return Ok(error(parse("anchor, offset")));
                };
                let Some((document, _)) = a.anchor.split_once('#') else {
                    return Ok(error("an anchor is document#section, as a search hit gives it"));
                };
                match knowledge.read_section(session_id, document, &a.anchor, a.offset, 6000) {
                    Ok(read) => {
                        let (text, _) = crate::defuse(&read.text);
                        let more = read
                            .next_offset
                            .map(|n| format!("\n[more: read_section again with offset {n}]"))
                            .unwrap_or_default();
                        Ok(Outcome::Result(format!(
                            "<document name=\"{}\" section=\"{}\">\n{text}</document>{more}",
                            read.document, read.title
                        )))
                    }
                    Err(e) => Ok(error(e.to_string())),
                }
            }
        }
        "confirm_action" => {
            let Ok(a) = serde_json::from_value::<ConfirmAction>(args) else { return Ok(error(parse("action, why"))) };
            let action = cx.secrets.redact(&a.action);
            let why = cx.secrets.redact(&a.why);
            cx.sink
                .emit(Event::ConfirmRequested { action: action.clone(), reason: why.clone() })
                .map_err(RunError::Sink)?;
            let question = Question {
                id: question_id("confirm", &path_of(&session.page().url()), &action),
                kind: QuestionKind::Confirm,
                text: format!("이 작업을 실행할까요? \"{action}\" / Go ahead with this? \"{action}\""),
                target: Some(action.clone()),
                options: confirm_options(),
                why,
                source: None,
            };
            let answer = ask(question.clone(), cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
            if is_yes(&answer) {
                state.approved = Some((question.id.clone(), 0));
                Ok(Outcome::Result(format!(
                    "Approved. Do it now as your next action and cite it as `answer:{}`.",
                    question.id
                )))
            } else {
                state.approved = None;
                Ok(Outcome::Result(
                    "The person refused. Do not do it: record with record_assumption that the scenario leaves it out, and go on without it."
                        .into(),
                ))
            }
        }
        "run_trial" => {
            if scenario.steps.len() < 2 {
                return Ok(error("there is nothing to replay yet: drive the application first"));
            }
            if state.trials >= MAX_DRAFT_TRIALS {
                return Ok(error(format!(
                    "{MAX_DRAFT_TRIALS} trials were run already; submit the scenario, the final trial follows it"
                )));
            }
            // A draft trial on the real target would delete, send or pay again: those wait for
            // the final trial, which the person's run settings govern.
            let environment = cx.safety.environment;
            if !cx.safety.allow_risky
                && scenario
                    .steps
                    .iter()
                    .any(|s| specwright_browser::classify(&s.action, &s.intent, environment).is_some())
            {
                return Ok(error(
                    "the draft has steps that delete, send or pay; replaying them would do it again on the application. Submit the scenario instead: its trial runs after the person's review",
                ));
            }
            state.trials += 1;
            state.approved = None;
            let trial_id = format!("draft-{}", state.trials);
            match specwright_rails::run_trial(session, scenario, cx.secrets, cx.sink, &trial_id, 1).await {
                Ok(report) => Ok(Outcome::Result(crate::defuse(&cx.secrets.redact(&trial_summary(&report))).0)),
                Err(e) => Ok(error(format!("the trial could not run: {}", cx.secrets.redact(&e)))),
            }
        }
        "record_assumption" => {
            let Ok(a) = serde_json::from_value::<RecordAssumption>(args) else { return Ok(error(parse("text"))) };
            let id = assume(cx, scenario, state, &a.text);
            Ok(Outcome::Result(format!("Recorded as {id}. Cite the steps that rest on it as `assumption`.")))
        }
        "submit_scenario" => {
            let Ok(a) = serde_json::from_value::<Submit>(args) else { return Ok(error(parse("title"))) };
            if scenario.steps.len() < 2 {
                return Ok(error("there is nothing to submit yet: drive the application first"));
            }
            scenario.title = a.title;
            // The Reviewer's static checks may send it back (twice at most; after that the
            // findings go to the person with the draft).
            let blocking: Vec<_> = specwright_scenario::review(scenario, None)
                .into_iter()
                .filter(|f| f.severity == specwright_scenario::Severity::Error)
                .collect();
            if !blocking.is_empty() && state.bounces < 2 {
                state.bounces += 1;
                let reasons: Vec<String> = blocking.iter().map(|f| format!("{} ({})", f.message, f.code)).collect();
                cx.sink.emit(Event::ReviewFindings { findings: blocking }).map_err(RunError::Sink)?;
                return Ok(Outcome::Result(format!(
                    "The review sent the scenario back: {}. Fix it, then call submit_scenario again.",
                    reasons.join("; ")
                )));
            }
            Ok(Outcome::Submitted)
        }
        other => {
            let names: Vec<String> = tool_specs().into_iter().map(|t| t.name).collect();
            Ok(error(format!("there is no tool named {other}; the tools are: {}", names.join(", "))))
        }
    }
}

/// What the model reads of a draft trial: the verdict, and for a failure the step, what was
/// expected and what the page showed, and the closest elements.
fn trial_summary(report: &specwright_scenario::TrialReport) -> String {
    let steps: Vec<&specwright_scenario::TrialStepResult> = report.runs.iter().flat_map(|r| &r.steps).collect();
    let passed = steps.iter().filter(|s| s.status == specwright_scenario::StepStatus::Passed).count();
    let failed = steps.iter().find(|s| s.status == specwright_scenario::StepStatus::Failed);
    let mut text = match failed {
        None => format!("The trial passed: all {passed} steps ran from a fresh browser."),
        Some(step) => {
            let mut line =
                format!("The trial failed at step {} (\"{}\") after {passed} passed steps", step.index, step.intent);
            if let Some(d) = &step.diagnosis {
                line.push_str(&format!(": {}", d.message));
                if let (Some(expected), Some(actual)) = (&d.expected, &d.actual) {
                    line.push_str(&format!(" (expected \"{expected}\", the page shows \"{actual}\")"));
                }
                if !d.candidates.is_empty() {
                    line.push_str(&format!("; closest on the page: {}", d.candidates.join(", ")));
                }
            }
            line.push_str(". Later steps were skipped.");
            line
        }
    };
    text.push_str(" The browser is where the trial ended: take a browser_snapshot before acting.");
    text
}

/// The element behind a ref of the current page, as durable locators checked to be unique.
async fn element(
    session: &BrowserSession,
    reference: &str,
) -> Result<Result<specwright_scenario::Target, String>, RunError> {
    let page = session.page();
    let yaml = page.snapshot().await.map_err(|source| RunError::Browser { line: 0, source })?;
    let nodes = parse_snapshot(&yaml);
    let Some(node) = nodes.iter().find(|n| n.reference.as_deref() == Some(reference)) else {
        return Ok(Err(format!("ref {reference} is not on the page now; take a new browser_snapshot")));
    };
    let candidate = candidate_of(node);
    match durable(page, &candidate, 0).await? {
        Some(target) => Ok(Ok(target)),
        None => Ok(Err(format!("no locator finds {reference} alone; pick another element"))),
    }
}

/// The one element with this role and name (or text) on the page now, for checks: headings and
/// texts carry no ref in what the model reads.
async fn named(
    session: &BrowserSession,
    role: &str,
    name: &str,
) -> Result<Result<specwright_scenario::Target, String>, RunError> {
    let page = session.page();
    let yaml = page.snapshot().await.map_err(|source| RunError::Browser { line: 0, source })?;
    let nodes = parse_snapshot(&yaml);
    let wanted = specwright_reading::normalize(name);
    let matches: Vec<&SnapshotNode> = nodes
        .iter()
        .filter(|n| n.role == role || (role == "text" && n.text.is_some()))
        .filter(|n| [&n.name, &n.text].into_iter().flatten().any(|v| specwright_reading::normalize(v) == wanted))
        .collect();
    match matches.as_slice() {
        [node] => match durable(page, &candidate_of(node), 0).await? {
            Some(target) => Ok(Ok(target)),
            None => Ok(Err(format!("no locator finds the {role} \"{name}\" alone"))),
        },
        [] => Ok(Err(format!("there is no {role} \"{name}\" on the page now; take a new browser_snapshot"))),
        several => Ok(Err(format!("{} elements are {role} \"{name}\"; check a more specific one", several.len()))),
    }
}

fn candidate_of(node: &SnapshotNode) -> Candidate {
    let label = node.name.clone().or_else(|| node.text.clone()).unwrap_or_default();
    let mut locators = Vec::new();
    if node.name.is_some() {
        locators.push(Locator::Role { role: node.role.clone(), name: label.clone(), exact: true });
    }
    if !label.is_empty() {
        locators.push(Locator::Text { text: label.clone(), exact: true });
    }
    Candidate {
        role: node.role.clone(),
        node_role: node.role.clone(),
        label,
        reference: node.reference.clone(),
        locators,
        within: Vec::new(),
        place: None,
    }
}

/// A typed value: `{{secret.NAME}}` stays a placeholder (asked for when the run does not hold
/// it); a literal typed into a password field becomes a secret too.
async fn value_of(
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    raw: &str,
    target: &specwright_scenario::Target,
    session: &BrowserSession,
) -> Result<Option<Value>, RunError> {
    let named = raw.trim().strip_prefix("{{secret.").and_then(|r| r.strip_suffix("}}")).map(str::to_string);
    let password = match target.primary() {
        Some(l) => matches!(session.page().input_type(&l.playwright_selector()).await, Ok(Some(t)) if t == "password"),
        None => false,
    };
    let name = match (named, password) {
        // A secret is typed only where the page hides it: a visible field would show it in
        // every frame and report.
        (Some(_), false) => return Ok(None),
        (Some(name), true) => name,
        (None, true) if raw.is_empty() => return Ok(Some(Value::Literal { value: String::new() })),
        (None, true) => match cx.secrets.name_of(raw) {
            Some(name) => name.to_string(),
            None => {
                let name = free_secret_name(cx.secrets);
                cx.secrets.insert(&name, raw);
                name
            }
        },
        (None, false) => return Ok(Some(Value::Literal { value: raw.to_string() })),
    };
    if cx.secrets.get(&name).is_none() {
        let question = Question {
            id: question_id("secret", "", &name),
            kind: QuestionKind::Secret,
            text: format!(
                "비밀 값 {name}이(가) 필요합니다. --secret {name}=... 또는 SPECWRIGHT_SECRET_{name}으로 알려 주세요. / The secret {name} is needed: provide --secret {name}=... or SPECWRIGHT_SECRET_{name}."
            ),
            target: Some(name.clone()),
            options: Vec::new(),
            why: "비밀 값은 모델에게 보내지 않습니다. / Secrets are never sent to the model.".into(),
            source: None,
        };
        let value = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
        cx.secrets.insert(&name, &value);
    }
    if !scenario.variables.iter().any(|v| v.name == name) {
        scenario.variables.push(Variable { name: name.clone(), source: VariableSource::Secret });
    }
    Ok(Some(Value::Secret { name }))
}

async fn act(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    state: &mut LoopState<'_>,
    action: Action,
    intent: &str,
    source: &str,
) -> Result<Outcome, AgentError> {
    let intent = cx.secrets.redact(intent);
    let (provenance, line) = crate::drafter::cite(cx, scenario, state, source, &intent);
    // What the person approved through confirm_action covers the risky clicks that carry it
    // out (the delete button, then the dialog's delete) only when the step cites that approval;
    // any other risky step is asked about as usual.
    let risky = !matches!(action, Action::Goto { .. })
        && specwright_browser::classify(&action, &intent, cx.safety.environment).is_some();
    if !risky {
        state.approved = None;
    }
    let covered = match &mut state.approved {
        Some((id, used)) if risky && source.trim() == format!("answer:{id}") && *used < RISKY_STEPS_PER_APPROVAL => {
            *used += 1;
            true
        }
        _ => false,
    };
    let checked = if covered {
        Ok(())
    } else {
        guard(cx, &action, &intent, &scenario.target_url, line, session.page().url()).await
    };
    match checked {
        Ok(()) => {}
        Err(RunError::NeedsConfirmation { reason, .. }) => {
            return Ok(error(format!(
                "the person did not approve this action ({reason}); do not do it, continue without it"
            )));
        }
        Err(e) => return Err(e.into()),
    }
    match run_step(session, cx, scenario, intent.clone(), action, provenance, line).await {
        Ok(()) => {}
        Err(RunError::Browser { source, .. }) => return Ok(error(cx.secrets.redact(&source.to_string()))),
        Err(e) => return Err(e.into()),
    }
    if let Err(RunError::NeedsConfirmation { reason, .. }) = leave_check(session.page(), cx.safety, line).await {
        return Ok(error(reason));
    }
    Ok(Outcome::Result(format!("Done: {intent}. Take a browser_snapshot to see the result.")))
}
