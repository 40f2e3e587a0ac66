//! The tool loop: the model reads the fenced documents, looks at the page, acts through tools,
//! asks when the documents leave a branch open, and submits. Every action goes through the
//! rails both engines share (risky-action questions, the allowlist, durable locators, recorded
//! steps with frames), so both engines produce the same scenario, events and questions.

use crate::acting::free_secret_name;
use crate::casefile::{auditor, clerk, planner, CaseFile, Decision};
use crate::progress::{Progress, Stall, NO_PROGRESS_TURNS};
use crate::state::{LoopState, Outcome};
use crate::system_prompt;
use crate::tools::{compact_tool_specs, execute, tool_specs};
use crate::AgentError;
use specwright_browser::BrowserSession;
use specwright_intake::Document;
use specwright_llm::{LlmClient, Message, Observer};
use specwright_protocol::{Event, Question, QuestionKind, Text};
use specwright_rails::{ask, option, question_id, run_step, Context, RunError, TARGET_URL_QUESTION};
use specwright_scenario::{Action, Assumption, AssumptionStatus, Condition, Provenance, SaidMessage, Scenario};
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
    /// Bytes of documents put in the first message (about three per token); the rest is
    /// reached through the document tools.
    pub document_chars: usize,
    /// A small context window: the compact system prompt and tool schemas without their
    /// field descriptions.
    pub compact: bool,
}

impl Default for AgentLimits {
    fn default() -> Self {
        AgentLimits {
            max_iterations: 50,
            question_budget: 5,
            document_lines: 400,
            context_chars: 120_000,
            document_calls_per_turn: 4,
            document_chars: 60_000,
            compact: false,
        }
    }
}

/// Windows up to this many tokens get the compact prompt and tool schemas.
const COMPACT_WINDOW: u32 = 16_384;

impl AgentLimits {
    /// Limits that fit a model's context window (tokens): the answer and the tool schemas take
    /// their share first, the documents at most half of the rest. `None` (a cloud model, or a
    /// server that does not say) keeps the defaults.
    pub fn for_window(window: Option<u32>) -> AgentLimits {
        let mut limits = AgentLimits::default();
        let Some(window) = window.filter(|w| *w > 0) else { return limits };
        limits.compact = window <= COMPACT_WINDOW;
        let tools = crate::tools::specs_tokens(limits.compact);
        let answer = (window / 4).min(1024);
        let room = window.saturating_sub(tools + answer) as usize;
        // About three bytes a token (Korean is one token a syllable of three bytes).
        limits.context_chars = limits.context_chars.min(room * 3);
        limits.document_chars = limits.document_chars.min(room * 3 / 2);
        limits
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
    /// What the person said in the session's chat (steps may cite it), and which of those
    /// messages are the model's to read as turns (their log sequence numbers).
    pub said: &'a [SaidMessage],
    pub turns: &'a [u32],
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
    /// The last of the person's messages the model has read (its log sequence number).
    #[serde(default)]
    pub heard: u32,
}

/// Streams the model's words and its retries into the run's events.
struct Narration<'s> {
    sink: &'s mut dyn specwright_rails::Sink,
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
    fn reading(&mut self, prompt_tokens: u32) {
        let _ = self
            .sink
            .emit(Event::MessageDone { text: Text::message("llm-reading-prompt", [("tokens", prompt_tokens.into())]) });
    }
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
        for case in specwright_reading::test_cases(doc) {
            for row in case.rows {
                if is_password(&row.action) {
                    values.extend(row.data.filter(|d| !d.trim().is_empty()));
                }
            }
        }
        for step in specwright_reading::spec_steps(std::slice::from_ref(doc)) {
            for intent in specwright_reading::interpret_all(&step.text, None) {
                if intent.verb == specwright_reading::Verb::Fill && intent.target.as_deref().is_some_and(is_password) {
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

/// The documents as data: numbered lines inside `<document>` fences, secrets cut out.
fn fenced(documents: &[Document], limits: &AgentLimits, secrets: &specwright_browser::Secrets) -> (String, usize) {
    let mut out = String::new();
    // Each document gets its share of the bytes; what is cut is reached with search_documents.
    let share = limits.document_chars / documents.len().max(1);
    for doc in documents {
        let mut body = String::new();
        let mut shown = 0;
        for (n, line) in doc.numbered_lines().take(limits.document_lines) {
            let line = format!("L{n}: {}\n", secrets.redact(line));
            if body.len() + line.len() > share {
                break;
            }
            body.push_str(&line);
            shown += 1;
        }
        if doc.lines.len() > shown {
            body.push_str(&format!(
                "[… {} more lines not shown: use search_documents and read_section]\n",
                doc.lines.len() - shown
            ));
        }
        out.push_str(&crate::fence("document", &[("name", &doc.name)], &body));
        out.push('\n');
    }
    let (out, cut) = crate::defuse(&out);
    (out, cut)
}

pub async fn author(
    session: &mut BrowserSession,
    llm: &LlmClient,
    input: AgentInput<'_>,
    cx: &mut Context<'_>,
) -> Result<Scenario, AgentError> {
    let base_url = input.base_url;
    let mut scenario = specwright_rails::empty_scenario(input.scenario_id, input.title, base_url, cx.language);
    let open = Action::Goto { url: base_url.to_string() };
    let provenance = Provenance::answer(TARGET_URL_QUESTION, base_url);
    let intent = specwright_rails::written(cx.language, "intent-open-application", [("url", base_url.into())]);
    run_step(session, cx, &mut scenario, intent, open, provenance, 0).await?;

    let korean = cx.language == specwright_rails::Locale::Ko;
    let system = system_prompt(korean, base_url, input.limits.question_budget, input.limits.compact).map_err(|e| {
        AgentError::Llm { code: "prompt", message: Text::message("error-prompt", [("reason", e.to_string().into())]) }
    })?;
    let task = match (korean, input.documents.is_empty()) {
        (true, false) => "다음 문서로 시나리오를 만드세요. 먼저 browser_snapshot으로 화면을 보세요.",
        (false, false) => "Build the scenario from these documents. Start with browser_snapshot.",
        (true, true) => "문서는 없습니다. 사람이 대화창에서 말하는 시나리오를 만드세요.",
        (false, true) => "There are no documents: build the scenario the person describes in the chat.",
    };
    // Pre-flight, on a fresh start: what the documents say, what they leave open, and for each
    // gap a question now or a recorded assumption (the Planner's call, within the budget).
    let mut case = CaseFile::new(input.limits.question_budget);
    let mut preflight_asked = 0;
    if input.resume.is_none() && !input.documents.is_empty() {
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
                            .map(|(i, (label, _))| option(label.clone(), (i + 1).to_string()))
                            .collect(),
                        why: Text::message("why-preflight", []),
                        source: None,
                    };
                    let answer = ask(q, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
                    let chosen = answer
                        .parse::<usize>()
                        .ok()
                        .and_then(|n| options.get(n.wrapping_sub(1)))
                        .map(|(_, value)| value.clone())
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
            .emit(Event::MessageDone { text: Text::message("fence-cut-documents", [("lines", cut.into())]) })
            .map_err(RunError::Sink)?;
    }
    let mut messages = vec![
        Message::System { text: system },
        Message::User {
            text: format!("{task}\n\n{}\n{documents_text}", crate::defuse(&cx.secrets.redact(&case.brief())).0),
        },
    ];
    let tools = if input.limits.compact { compact_tool_specs() } else { tool_specs() };
    let tool_names: Vec<&str> = tools.iter().map(|t| t.name.as_str()).collect();
    let mut progress = Progress::default();
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
        approved: None,
        trials: 0,
        said: input.said,
        heard: 0,
    };
    let mut iterations = 0;
    let mut replay = None;
    if let Some(checkpoint) = input.resume {
        // Back where the run stopped: the page is rebuilt by replaying the steps so far, and
        // the conversation goes on from its last saved turn.
        cx.sink
            .emit(Event::MessageDone {
                text: Text::message("agent-resuming", [("steps", checkpoint.scenario.steps.len().into())]),
            })
            .map_err(RunError::Sink)?;
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
        replay = replayed(session, &scenario, cx.secrets).await;
        // A continuation of a finished session has no conversation yet: it starts as a new one.
        if !checkpoint.messages.is_empty() {
            messages = checkpoint.messages;
        }
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
        loop_state.heard = checkpoint.heard;
        iterations = checkpoint.iterations;
    }
    // What the person said since the model last read the chat: its next turns, each with the
    // scenario as it stands; a new message is a new task, with the whole turn budget.
    let (turns, heard) = crate::chat::said_turns(
        korean,
        input.said,
        input.turns,
        loop_state.heard,
        &scenario,
        cx.secrets,
        replay.as_deref(),
    )?;
    if !turns.is_empty() {
        messages.extend(turns);
        loop_state.heard = heard;
        iterations = 0;
    } else if let Some(replay) = replay {
        messages.push(Message::User { text: replay });
    }

    while iterations < input.limits.max_iterations {
        iterations += 1;
        if cx.sink.cancelled() {
            return Err(RunError::Cancelled.into());
        }
        fit_context(&mut messages, input.limits.context_chars);
        let completion = {
            let mut narration = Narration { sink: &mut *cx.sink, secrets: &*cx.secrets };
            match llm.complete(&messages, &tools, &mut narration).await {
                // Characters are only an estimate of tokens (a model's own repeated output may be
                // a token a character): told it does not fit, the conversation is fitted to half
                // the estimate once before the run says so.
                Err(specwright_llm::LlmError::ContextExceeded { .. }) => {
                    fit_context(&mut messages, input.limits.context_chars / 2);
                    llm.complete(&messages, &tools, &mut narration).await.map_err(AgentError::from)?
                }
                other => other.map_err(AgentError::from)?,
            }
        };
        cx.sink
            .emit(Event::Usage {
                model: llm.model().to_string(),
                prompt_tokens: completion.usage.prompt_tokens,
                completion_tokens: completion.usage.completion_tokens,
                cost_usd: completion.usage.cost_usd(llm.model()),
                cached_tokens: completion.usage.cached_tokens,
                first_byte_ms: completion.first_byte_ms,
            })
            .map_err(RunError::Sink)?;
        if !completion.text.trim().is_empty() {
            cx.sink
                .emit(Event::MessageDone { text: Text::said(cx.secrets.redact(&completion.text)) })
                .map_err(RunError::Sink)?;
        }
        // Calls the model wrote as text (its server's template did not parse them) are calls.
        let calls = if completion.tool_calls.is_empty() {
            specwright_llm::calls_in_text(&completion.text, &tool_names)
        } else {
            completion.tool_calls.clone()
        };
        messages.push(Message::Assistant {
            text: (!completion.text.is_empty()).then(|| completion.text.clone()),
            tool_calls: calls.clone(),
        });
        let stall = progress.observe(&calls, &tools);
        if let Some(stall) = &stall {
            if progress.idle() >= NO_PROGRESS_TURNS {
                // The draft so far stays, resumable with another model.
                save_checkpoint(cx, &messages, &scenario, &loop_state, iterations)?;
                let model = llm.model().to_string();
                let message = match stall {
                    Stall::NoCall => {
                        Text::message("error-llm-no-call", [("model", model.into()), ("n", NO_PROGRESS_TURNS.into())])
                    }
                    Stall::SameCall(tool) => Text::message(
                        "error-llm-same-call",
                        [("model", model.into()), ("tool", tool.into()), ("n", (NO_PROGRESS_TURNS + 1).into())],
                    ),
                    Stall::BadCall(tool) => Text::message(
                        "error-llm-bad-call",
                        [("model", model.into()), ("tool", tool.into()), ("n", NO_PROGRESS_TURNS.into())],
                    ),
                };
                return Err(AgentError::Llm { code: "llm_no_progress", message });
            }
        }
        if calls.is_empty() {
            let nudge = stall.as_ref().map(|s| progress.nudge(s)).unwrap_or_default();
            messages.push(Message::User { text: nudge });
            continue;
        }
        let mut submitted = false;
        loop_state.document_calls = 0;
        for call in &calls {
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
        if let Some(stall) = &stall {
            messages.push(Message::User { text: progress.nudge(stall) });
        }
        save_checkpoint(cx, &messages, &scenario, &loop_state, iterations)?;
    }
    Err(AgentError::Llm {
        code: "llm_incomplete",
        message: Text::message("error-llm-incomplete", [("n", input.limits.max_iterations.into())]),
    })
}

/// Replays the steps so far after the opening one, rebuilding the page a resume goes on from. A
/// step that no longer replays (the trial that failed it is why the person speaks) stops the
/// replay there; what stopped it is said to the model instead of ending the run.
async fn replayed(
    session: &mut BrowserSession,
    scenario: &Scenario,
    secrets: &specwright_browser::Secrets,
) -> Option<String> {
    for step in scenario.steps.iter().skip(1) {
        let resolve = specwright_rails::secret_resolver(secrets);
        if let Err(error) = session.perform(&step.action, &scenario.target_url, &resolve).await {
            let reason = secrets.redact(&error.to_string());
            return Some(format!(
                "Replaying the steps stopped at step {} ({reason}): the page is where it stopped.",
                step.index
            ));
        }
    }
    None
}

fn save_checkpoint(
    cx: &mut Context<'_>,
    messages: &[Message],
    scenario: &Scenario,
    loop_state: &LoopState<'_>,
    iterations: u32,
) -> Result<(), AgentError> {
    let checkpoint = AgentCheckpoint {
        messages: messages.to_vec(),
        scenario: scenario.clone(),
        asked: loop_state.asked,
        last_assumption: loop_state.last_assumption.clone(),
        snapshot_at: loop_state.snapshot_at.clone(),
        iterations,
        heard: loop_state.heard,
    };
    let state = serde_json::to_value(&checkpoint).map_err(|e| RunError::Sink(e.to_string()))?;
    cx.sink.checkpoint(AGENT_NODE, &state).map_err(RunError::Sink)?;
    Ok(())
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

/// Keeps a request within the budget: the oldest tool results are shortened to a line first,
/// then the model's earlier replies; the system prompt, the documents and the person's words are
/// never touched, and the latest result only when a small window leaves no other way (its head
/// is kept, with a note).
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
    // Then the model's own earlier words (a stalled model's long replies), all but its latest.
    const SAID: &str = "[an earlier reply, shortened to fit the context]";
    let last_reply = messages.iter().rposition(|m| matches!(m, Message::Assistant { .. }));
    for (i, message) in messages.iter_mut().enumerate() {
        if total <= budget {
            break;
        }
        if let Message::Assistant { text: Some(text), .. } = message {
            if Some(i) != last_reply && text.len() > SAID.len() {
                total -= text.len() - SAID.len();
                *text = SAID.to_string();
            }
        }
    }
    if total > budget {
        if let Some(Message::Tool { content, .. }) = last_tool.and_then(|i| messages.get_mut(i)) {
            const CUT: &str = "\n[… cut to fit the model's context window]";
            let keep = content.len().saturating_sub(total - budget).saturating_sub(CUT.len());
            if keep < content.len() {
                let end = (0..=keep).rev().find(|i| content.is_char_boundary(*i)).unwrap_or(0);
                content.truncate(end);
                content.push_str(CUT);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use specwright_browser::Secrets;
    use specwright_llm::ToolCall;

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

    #[test]
    fn a_stalled_models_long_replies_shrink_before_the_persons_words() {
        let reply = |n: usize| Message::Assistant { text: Some("r".repeat(n)), tool_calls: Vec::new() };
        let nudge = Message::User { text: "call a tool".into() };
        let mut messages = vec![
            Message::System { text: "s".repeat(100) },
            Message::User { text: "d".repeat(1000) },
            reply(3000),
            nudge.clone(),
            reply(3000),
            nudge,
            reply(3000),
            Message::User { text: "the person's words".repeat(20) },
        ];
        fit_context(&mut messages, 6000);
        let sizes: Vec<usize> = messages.iter().map(size).collect();
        assert!(sizes.iter().sum::<usize>() <= 6000, "{sizes:?}");
        assert_eq!((sizes[1], sizes[6], sizes[7]), (1000, 3000, 360), "documents, latest reply, the person: {sizes:?}");
        assert!(sizes[2] < 100 && sizes[4] < 100, "{sizes:?}");
    }
}
