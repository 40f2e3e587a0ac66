//! The tool loop: the model reads the fenced documents, looks at the page, acts through tools,
//! asks when the documents leave a branch open, and submits. Every action goes through the
//! offline engine's rails (risky-action questions, the allowlist, durable locators, recorded
//! steps with frames), so both engines produce the same scenario, events and questions.

use crate::casefile::{auditor, clerk, planner, CaseFile, Decision};
use crate::system_prompt;
use crate::tools::{
    tool_specs, Expectation, Navigate, OnElement, ProposeOptions, ReadSection, RecordAssumption, Search, Submit,
};
use specwright_browser::{parse_snapshot, BrowserSession, SnapshotNode};
use specwright_engine::{
    ask, durable, guard, leave_check, option, question_id, redacted, run_step, Candidate, Context, EngineError,
    TARGET_URL_QUESTION,
};
use specwright_intake::Document;
use specwright_llm::{LlmClient, Message, Observer, ToolCall};
use specwright_protocol::{Event, Question, QuestionKind};
use specwright_scenario::{
    Action, Assertion, Assumption, AssumptionStatus, Condition, Locator, Provenance, Scenario, Value, Variable,
    VariableSource,
};
use std::time::Duration;

#[derive(Debug, Clone, Copy)]
pub struct AgentLimits {
    /// Model calls per session before the run stops (a loop that never submits).
    pub max_iterations: u32,
    /// `propose_options` questions per session; after that the model records assumptions.
    pub question_budget: u32,
    /// Lines of each document put in the first message; longer ones are cut with a note.
    pub document_lines: usize,
    /// Characters of conversation sent per request (about three per token); older tool
    /// results are shortened to fit.
    pub context_chars: usize,
    /// Document tool calls (search, read) per model turn.
    pub document_calls_per_turn: u32,
}

impl Default for AgentLimits {
    fn default() -> Self {
        AgentLimits {
            max_iterations: 50,
            question_budget: 5,
            document_lines: 400,
            context_chars: 120_000,
            document_calls_per_turn: 4,
        }
    }
}

pub struct AgentInput<'a> {
    pub documents: &'a [Document],
    pub base_url: &'a str,
    pub scenario_id: String,
    pub title: String,
    pub limits: AgentLimits,
    /// Where an earlier run of this session stopped.
    pub resume: Option<AgentCheckpoint>,
    /// The session's knowledge index, for the document tools.
    pub knowledge: Option<(&'a specwright_knowledge::Knowledge, &'a str)>,
}

/// The checkpoint node of the LLM engine's tool loop.
pub const AGENT_NODE: &str = "agent";

/// Saved after every tool turn: the conversation (secrets already cut out), the scenario so far
/// and the loop's counters. Secret values are not in it; a resume gets them again.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct AgentCheckpoint {
    pub messages: Vec<Message>,
    pub scenario: Scenario,
    pub asked: u32,
    pub last_assumption: Option<String>,
    pub snapshot_at: Vec<usize>,
    pub iterations: u32,
}

/// Streams the model's words and its retries into the run's events.
struct Narration<'s> {
    sink: &'s mut dyn specwright_engine::Sink,
    secrets: &'s specwright_browser::Secrets,
}

impl Observer for Narration<'_> {
    fn delta(&mut self, text: &str) {
        // A secret the model repeats is cut from what is shown (the whole message, redacted
        // again, follows as message.done).
        let _ = self.sink.emit(Event::MessageDelta { text: self.secrets.redact(text) });
    }
    fn retrying(&mut self, attempt: u32, delay: Duration, reason: &str) {
        let _ = self.sink.emit(Event::LlmRetrying {
            attempt,
            reason: reason.to_string(),
            delay_ms: delay.as_millis() as u64,
        });
    }
}

fn is_korean(documents: &[Document]) -> bool {
    let text: String = documents.iter().flat_map(|d| d.lines.iter().take(50)).cloned().collect();
    let hangul = text.chars().filter(|c| ('\u{AC00}'..='\u{D7A3}').contains(c)).count();
    hangul * 5 > text.chars().filter(|c| c.is_alphabetic()).count()
}

/// Passwords written in the documents (a test-data cell of a password row, a quoted value
/// typed into a password field) are secrets before the model reads anything: it sees
/// `{{secret.NAME}}`, never the value.
fn register_spec_passwords(documents: &[Document], secrets: &mut specwright_browser::Secrets) {
    let is_password = |text: &str| {
        let lower = text.to_lowercase();
        ["비밀번호", "password", "암호", "패스워드"].iter().any(|w| lower.contains(w))
    };
    let mut values: Vec<String> = Vec::new();
    for doc in documents {
        for case in specwright_engine::test_cases(doc) {
            for row in case.rows {
                if is_password(&row.action) {
                    values.extend(row.data.filter(|d| !d.trim().is_empty()));
                }
            }
        }
        for step in specwright_engine::spec_steps(std::slice::from_ref(doc)) {
            for intent in specwright_engine::interpret_all(&step.text, None) {
                if intent.verb == specwright_engine::Verb::Fill && intent.target.as_deref().is_some_and(is_password) {
                    values.extend(intent.value.filter(|v| !v.is_empty()));
                }
            }
        }
    }
    for value in values {
        if secrets.name_of(&value).is_none() {
            let name = free_secret_name(secrets);
            secrets.insert(&name, &value);
        }
    }
}

/// `PASSWORD`, then `PASSWORD_2`, … : the first name no secret has.
fn free_secret_name(secrets: &specwright_browser::Secrets) -> String {
    let taken = secrets.names();
    std::iter::once("PASSWORD".to_string())
        .chain((2..).map(|n| format!("PASSWORD_{n}")))
        .find(|n| !taken.contains(n))
        .unwrap_or_else(|| "PASSWORD_X".into())
}

/// The documents as data: numbered lines inside `<document>` fences, secrets cut out.
fn fenced(documents: &[Document], limits: &AgentLimits, secrets: &specwright_browser::Secrets) -> (String, usize) {
    let mut out = String::new();
    for doc in documents {
        out.push_str(&format!("<document name=\"{}\">\n", doc.name.replace('"', "'")));
        for (n, line) in doc.numbered_lines().take(limits.document_lines) {
            out.push_str(&format!("L{n}: {}\n", secrets.redact(line).replace("</document>", "</ document>")));
        }
        if doc.lines.len() > limits.document_lines {
            out.push_str(&format!("[… {} more lines not shown]\n", doc.lines.len() - limits.document_lines));
        }
        out.push_str("</document>\n");
    }
    let (out, cut) = crate::defuse(&out);
    (out, cut)
}

pub async fn author(
    session: &mut BrowserSession,
    llm: &LlmClient,
    input: AgentInput<'_>,
    cx: &mut Context<'_>,
) -> Result<Scenario, EngineError> {
    let base_url = input.base_url;
    let mut scenario = specwright_engine::empty_scenario(input.scenario_id, input.title, base_url);
    let open = Action::Goto { url: base_url.to_string() };
    let provenance = Provenance::Answer { question_id: TARGET_URL_QUESTION.into(), answer: base_url.into() };
    let intent = format!("대상 애플리케이션을 연다 / Open the application ({base_url})");
    run_step(session, cx, &mut scenario, intent, open, provenance, 0).await?;

    let korean = is_korean(input.documents);
    let system = system_prompt(korean, base_url, input.limits.question_budget)
        .map_err(|e| EngineError::Llm { code: "prompt", message: e.to_string() })?;
    let task = if korean {
        "다음 문서로 시나리오를 만드세요. 먼저 browser_snapshot으로 화면을 보세요."
    } else {
        "Build the scenario from these documents. Start with browser_snapshot."
    };
    // Pre-flight, on a fresh start: what the documents say, what they leave open, and for each
    // gap a question now or a recorded assumption (the Planner's call, within the budget).
    let mut case = CaseFile::new(input.limits.question_budget);
    let mut preflight_asked = 0;
    if input.resume.is_none() {
        case.facts = clerk(input.documents, Some(base_url));
        let gaps = auditor(&case);
        for decision in planner(&case, &gaps) {
            match decision {
                Decision::Ask { slot, question, options } => {
                    preflight_asked += 1;
                    let q = Question {
                        id: question_id("preflight", "", &format!("{slot:?}")),
                        kind: if options.is_empty() { QuestionKind::Screen } else { QuestionKind::Choice },
                        text: question,
                        target: None,
                        options: options
                            .iter()
                            .enumerate()
                            .map(|(i, o)| option(o.clone(), (i + 1).to_string()))
                            .collect(),
                        why: "기획서에 적혀 있지 않습니다. / The documents do not say.".into(),
                        source: None,
                    };
                    let answer = ask(q, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
                    let chosen = answer
                        .parse::<usize>()
                        .ok()
                        .and_then(|n| options.get(n.wrapping_sub(1)))
                        .cloned()
                        .unwrap_or(answer);
                    case.answers.push((slot, chosen));
                }
                Decision::Assume { slot, text } => {
                    let id = format!("A{}", scenario.assumptions.len() + 1);
                    scenario.assumptions.push(Assumption {
                        id,
                        text: text.clone(),
                        made_by: "planner".into(),
                        status: AssumptionStatus::Open,
                    });
                    case.assumptions.push((slot, text));
                }
            }
        }
    }
    register_spec_passwords(input.documents, cx.secrets);
    let (documents_text, cut) = fenced(input.documents, &input.limits, cx.secrets);
    if cut > 0 {
        cx.sink
            .emit(Event::MessageDone { text: injection_notice(cut, "기획서 / the documents") })
            .map_err(EngineError::Sink)?;
    }
    let mut messages = vec![
        Message::System { text: system },
        Message::User {
            text: format!("{task}\n\n{}\n{documents_text}", crate::defuse(&cx.secrets.redact(&case.brief())).0),
        },
    ];
    let tools = tool_specs();
    let mut loop_state = LoopState {
        documents: input.documents,
        asked: preflight_asked,
        budget: input.limits.question_budget,
        bounces: 0,
        knowledge: input.knowledge,
        document_calls: 0,
        document_budget: input.limits.document_calls_per_turn,
        last_assumption: None,
        snapshot_at: Vec::new(),
    };
    let mut iterations = 0;
    if let Some(checkpoint) = input.resume {
        // Back where the run stopped: the page is rebuilt by replaying the steps so far, and
        // the conversation goes on from its last saved turn.
        cx.sink
            .emit(Event::MessageDone {
                text: format!(
                    "중단된 지점부터 이어 갑니다: 단계 {}개를 다시 실행합니다. / Resuming where the run stopped: replaying {} steps.",
                    checkpoint.scenario.steps.len(),
                    checkpoint.scenario.steps.len()
                ),
            })
            .map_err(EngineError::Sink)?;
        // The application may be served elsewhere now (another port): steps are relative to it.
        let opening = std::mem::take(&mut scenario.steps);
        scenario = Scenario { target_url: base_url.to_string(), ..checkpoint.scenario };
        if let (Some(first), Some(step)) = (opening.into_iter().next(), scenario.steps.first_mut()) {
            *step = first;
        }
        for precondition in &mut scenario.preconditions {
            if let Condition::TargetUrl { url } = &mut precondition.condition {
                *url = base_url.to_string();
            }
        }
        for step in scenario.steps.iter().skip(1) {
            let resolve = specwright_engine::secret_resolver(cx.secrets);
            session
                .perform(&step.action, &scenario.target_url, &resolve)
                .await
                .map_err(|source| EngineError::Browser { line: 0, source })?;
        }
        messages = checkpoint.messages;
        // Tool calls the crash left unanswered get an answer the model can act on.
        if let Some(Message::Assistant { tool_calls, .. }) = messages.last().cloned() {
            for call in tool_calls {
                messages.push(Message::Tool {
                    call_id: call.id,
                    content: "Interrupted before it ran; take a new browser_snapshot and continue.".into(),
                });
            }
        }
        loop_state.asked = checkpoint.asked;
        loop_state.last_assumption = checkpoint.last_assumption;
        loop_state.snapshot_at = checkpoint.snapshot_at;
        iterations = checkpoint.iterations;
    }

    while iterations < input.limits.max_iterations {
        iterations += 1;
        if cx.sink.cancelled() {
            return Err(EngineError::Cancelled);
        }
        fit_context(&mut messages, input.limits.context_chars);
        let completion = {
            let mut narration = Narration { sink: &mut *cx.sink, secrets: &*cx.secrets };
            llm.complete(&messages, &tools, &mut narration)
                .await
                .map_err(|e| EngineError::Llm { code: e.code(), message: e.to_string() })?
        };
        cx.sink
            .emit(Event::Usage {
                model: llm.model().to_string(),
                prompt_tokens: completion.usage.prompt_tokens,
                completion_tokens: completion.usage.completion_tokens,
                cost_usd: completion.usage.cost_usd(llm.model()),
            })
            .map_err(EngineError::Sink)?;
        if !completion.text.trim().is_empty() {
            cx.sink
                .emit(Event::MessageDone { text: cx.secrets.redact(&completion.text) })
                .map_err(EngineError::Sink)?;
        }
        messages.push(Message::Assistant {
            text: (!completion.text.is_empty()).then(|| completion.text.clone()),
            tool_calls: completion.tool_calls.clone(),
        });
        if completion.tool_calls.is_empty() {
            messages.push(Message::User {
                text: "Continue with the tools. Call submit_scenario when the scenario is complete.".into(),
            });
            continue;
        }
        let mut submitted = false;
        loop_state.document_calls = 0;
        for call in &completion.tool_calls {
            let outcome = execute(session, cx, &mut scenario, &mut loop_state, call, &mut messages).await?;
            if let Outcome::Submitted = outcome {
                submitted = true;
            }
            let content = match outcome {
                Outcome::Result(text) | Outcome::Snapshot(text) => text,
                Outcome::Submitted => "Submitted for trial and review.".into(),
            };
            messages.push(Message::Tool { call_id: call.id.clone(), content: cx.secrets.redact(&content) });
        }
        // A password the model typed is a secret from now on: the history it is sent again,
        // and the checkpoint on disk, carry the placeholder instead.
        redact_history(&mut messages, cx.secrets);
        if submitted {
            return Ok(scenario);
        }
        let checkpoint = AgentCheckpoint {
            messages: messages.clone(),
            scenario: scenario.clone(),
            asked: loop_state.asked,
            last_assumption: loop_state.last_assumption.clone(),
            snapshot_at: loop_state.snapshot_at.clone(),
            iterations,
        };
        let state = serde_json::to_value(&checkpoint).map_err(|e| EngineError::Sink(e.to_string()))?;
        cx.sink.checkpoint(AGENT_NODE, &state).map_err(EngineError::Sink)?;
    }
    Err(EngineError::Llm {
        code: "llm_incomplete",
        message: format!(
            "모델이 {n}번의 호출 안에 시나리오를 제출하지 않았습니다. 기획서를 더 구체적으로 쓰거나 오프라인 엔진을 사용하세요. \
             / The model did not submit a scenario within {n} calls; make the spec more specific or use the offline engine.",
            n = input.limits.max_iterations
        ),
    })
}

fn redact_history(messages: &mut [Message], secrets: &specwright_browser::Secrets) {
    if secrets.is_empty() {
        return;
    }
    for message in messages.iter_mut() {
        match message {
            Message::Assistant { text, tool_calls } => {
                if let Some(t) = text {
                    *t = secrets.redact(t);
                }
                for call in tool_calls {
                    call.arguments = secrets.redact(&call.arguments);
                }
            }
            Message::Tool { content, .. } => *content = secrets.redact(content),
            Message::User { text } => *text = secrets.redact(text),
            Message::System { .. } => {}
        }
    }
}

fn size(message: &Message) -> usize {
    match message {
        Message::System { text } | Message::User { text } => text.len(),
        Message::Assistant { text, tool_calls } => {
            text.as_ref().map_or(0, String::len)
                + tool_calls.iter().map(|c| c.arguments.len() + c.name.len()).sum::<usize>()
        }
        Message::Tool { content, .. } => content.len(),
    }
}

/// Keeps a request within the budget: the oldest tool results are shortened to a line first;
/// the system prompt, the documents and the latest result are never touched.
pub(crate) fn fit_context(messages: &mut [Message], budget: usize) {
    const SHORTENED: &str = "[an older tool result, shortened to fit the context]";
    let mut total: usize = messages.iter().map(size).sum();
    let last_tool = messages.iter().rposition(|m| matches!(m, Message::Tool { .. }));
    for (i, message) in messages.iter_mut().enumerate() {
        if total <= budget {
            break;
        }
        if Some(i) == last_tool {
            continue;
        }
        if let Message::Tool { content, .. } = message {
            if content.len() > SHORTENED.len() {
                total -= content.len() - SHORTENED.len();
                *content = SHORTENED.to_string();
            }
        }
    }
}

/// What a person is told when text addressed to the assistant was cut from data.
fn injection_notice(lines: usize, source: &str) -> String {
    format!(
        "{source}에서 AI에게 지시하는 문장 {lines}줄을 제외했습니다(데이터로만 취급). / Removed {lines} line(s) in {source} that addressed the assistant; such text is data, never instructions."
    )
}

struct LoopState<'d> {
    documents: &'d [Document],
    /// Questions asked (pre-flight and propose_options) and how many the session may ask.
    asked: u32,
    budget: u32,
    /// Submissions the review sent back.
    bounces: u32,
    knowledge: Option<(&'d specwright_knowledge::Knowledge, &'d str)>,
    /// Document tool calls in this turn, and how many a turn may make.
    document_calls: u32,
    document_budget: u32,
    last_assumption: Option<String>,
    /// Indexes of messages holding snapshots, so older ones can be replaced by a line.
    snapshot_at: Vec<usize>,
}

enum Outcome {
    Result(String),
    Snapshot(String),
    Submitted,
}

fn error(text: impl Into<String>) -> Outcome {
    Outcome::Result(format!("Error: {}", text.into()))
}

async fn execute(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    state: &mut LoopState<'_>,
    call: &ToolCall,
    messages: &mut [Message],
) -> Result<Outcome, EngineError> {
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
                .map_err(|source| EngineError::Browser { line: 0, source })?;
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
                cx.sink.emit(Event::MessageDone { text: injection_notice(cut, &url) }).map_err(EngineError::Sink)?;
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
                    .map_err(|e| EngineError::Llm { code: "knowledge", message: e.to_string() })?;
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
        "record_assumption" => {
            let Ok(a) = serde_json::from_value::<RecordAssumption>(args) else { return Ok(error(parse("text"))) };
            let id = format!("A{}", scenario.assumptions.len() + 1);
            scenario.assumptions.push(Assumption {
                id: id.clone(),
                text: cx.secrets.redact(&a.text),
                made_by: "llm".into(),
                status: AssumptionStatus::Open,
            });
            state.last_assumption = Some(id.clone());
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
                cx.sink.emit(Event::ReviewFindings { findings: blocking }).map_err(EngineError::Sink)?;
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

/// The element behind a ref of the current page, as durable locators checked to be unique.
async fn element(
    session: &BrowserSession,
    reference: &str,
) -> Result<Result<specwright_scenario::Target, String>, EngineError> {
    let page = session.page();
    let yaml = page.snapshot().await.map_err(|source| EngineError::Browser { line: 0, source })?;
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
) -> Result<Result<specwright_scenario::Target, String>, EngineError> {
    let page = session.page();
    let yaml = page.snapshot().await.map_err(|source| EngineError::Browser { line: 0, source })?;
    let nodes = parse_snapshot(&yaml);
    let wanted = specwright_engine::normalize(name);
    let matches: Vec<&SnapshotNode> = nodes
        .iter()
        .filter(|n| n.role == role || (role == "text" && n.text.is_some()))
        .filter(|n| [&n.name, &n.text].into_iter().flatten().any(|v| specwright_engine::normalize(v) == wanted))
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
) -> Result<Option<Value>, EngineError> {
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

/// Where a step comes from: a document line, a sheet row, an answer, or an assumption. A
/// missing or wrong citation becomes a recorded assumption: no step is ever uncited.
fn provenance(
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    state: &mut LoopState<'_>,
    cite: &str,
    intent: &str,
) -> (Provenance, u32) {
    let cite = cite.trim();
    if let Some(question) = cite.strip_prefix("answer:") {
        if let Some(answer) = cx.memory.answers.get(question) {
            return (Provenance::Answer { question_id: question.to_string(), answer: answer.clone() }, 0);
        }
    }
    if let Some((name, place)) = cite.split_once('#') {
        if let Some(doc) = state.documents.iter().find(|d| d.name == name) {
            let line = if let Some(n) = place.strip_prefix('L') {
                n.parse::<u32>().ok()
            } else if let Some((sheet, row)) = place.split_once('!') {
                let row: Option<u32> = row.parse().ok();
                doc.tables
                    .iter()
                    .filter(|t| t.sheet.as_deref() == Some(sheet))
                    .flat_map(|t| t.rows.iter())
                    .find(|r| Some(r.number) == row)
                    .map(|r| r.line)
            } else {
                None
            };
            if let Some(citation) = line.and_then(|l| doc.cite(l)) {
                let line = citation.line;
                return (Provenance::Spec { citation: redacted(cx.secrets, &citation) }, line);
            }
        }
    }
    if cite == "assumption" {
        if let Some(id) = &state.last_assumption {
            return (Provenance::Assumption { assumption_id: id.clone() }, 0);
        }
    }
    let id = format!("A{}", scenario.assumptions.len() + 1);
    scenario.assumptions.push(Assumption {
        id: id.clone(),
        text: format!(
            "모델이 근거 없이 정한 단계입니다: \"{intent}\" (근거 표기: \"{cite}\") / A step the model took without a valid citation: \"{intent}\" (cited as \"{cite}\")"
        ),
        made_by: "llm".into(),
        status: AssumptionStatus::Open,
    });
    (Provenance::Assumption { assumption_id: id }, 0)
}

async fn act(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    state: &mut LoopState<'_>,
    action: Action,
    intent: &str,
    cite: &str,
) -> Result<Outcome, EngineError> {
    let intent = cx.secrets.redact(intent);
    let (provenance, line) = provenance(cx, scenario, state, cite, &intent);
    match guard(cx, &action, &intent, &scenario.target_url, line, session.page().url()).await {
        Ok(()) => {}
        Err(EngineError::NeedsConfirmation { reason, .. }) => {
            return Ok(error(format!(
                "the person did not approve this action ({reason}); do not do it, continue without it"
            )));
        }
        Err(e) => return Err(e),
    }
    match run_step(session, cx, scenario, intent.clone(), action, provenance, line).await {
        Ok(()) => {}
        Err(EngineError::Browser { source, .. }) => return Ok(error(cx.secrets.redact(&source.to_string()))),
        Err(e) => return Err(e),
    }
    if let Err(EngineError::NeedsConfirmation { reason, .. }) = leave_check(session.page(), cx.safety, line).await {
        return Ok(error(reason));
    }
    Ok(Outcome::Result(format!("Done: {intent}. Take a browser_snapshot to see the result.")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use specwright_browser::Secrets;

    #[test]
    fn passwords_in_the_documents_become_secrets_before_the_model_reads_them() {
        let spec = specwright_intake::parse(
            "spec.md",
            "# 로그인\n\n1. '이메일' 필드에 'ada@example.com'을 입력한다.\n2. '비밀번호' 필드에 'demo1234'를 입력한다.\n".as_bytes(),
        )
        .unwrap();
        let mut secrets = Secrets::default();
        secrets.insert("PASSWORD", "from-the-cli");
        register_spec_passwords(std::slice::from_ref(&spec), &mut secrets);
        // A new name, never overwriting the one the person gave.
        assert_eq!(secrets.get("PASSWORD_2"), Some("demo1234"));
        assert_eq!(secrets.get("PASSWORD"), Some("from-the-cli"));
        let (text, _) = fenced(&[spec], &AgentLimits::default(), &secrets);
        assert!(!text.contains("demo1234") && text.contains("{{secret.PASSWORD_2}}"), "{text}");
        assert!(text.contains("ada@example.com"), "an e-mail is not a password");
    }

    #[test]
    fn a_password_the_model_typed_is_cut_from_the_whole_history() {
        let mut secrets = Secrets::default();
        secrets.insert("PASSWORD", "hunter2");
        let mut messages = vec![
            Message::Assistant {
                text: Some("I will type hunter2".into()),
                tool_calls: vec![ToolCall {
                    id: "c1".into(),
                    name: "browser_fill".into(),
                    arguments: "{\"value\":\"hunter2\"}".into(),
                }],
            },
            Message::Tool { call_id: "c1".into(), content: "Done: typed hunter2".into() },
        ];
        redact_history(&mut messages, &secrets);
        let all = serde_json::to_string(&messages).unwrap();
        assert!(!all.contains("hunter2") && all.contains("{{secret.PASSWORD}}"), "{all}");
        assert_eq!(free_secret_name(&secrets), "PASSWORD_2");
    }

    #[test]
    fn the_oldest_tool_results_shrink_first_and_the_latest_never() {
        let tool = |id: &str, n: usize| Message::Tool { call_id: id.into(), content: "x".repeat(n) };
        let mut messages = vec![
            Message::System { text: "s".repeat(100) },
            Message::User { text: "d".repeat(1000) },
            tool("a", 5000),
            tool("b", 5000),
            tool("c", 5000),
        ];
        fit_context(&mut messages, 8000);
        let sizes: Vec<usize> = messages.iter().map(size).collect();
        assert!(sizes.iter().sum::<usize>() <= 8000, "{sizes:?}");
        assert_eq!(sizes[4], 5000, "the latest result is whole");
        assert_eq!(sizes[1], 1000, "the documents are whole");
        assert!(sizes[2] < 100 && sizes[3] < 100, "{sizes:?}");
        let mut small = vec![Message::User { text: "hi".into() }, tool("a", 10)];
        fit_context(&mut small, 8000);
        assert_eq!(small.iter().map(size).sum::<usize>(), 12);
    }
}
