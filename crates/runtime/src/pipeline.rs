//! Runs, from their first event to exports: a session run (ingest → explore → trial → review →
//! export) and a replay (trial → review → export of a stored scenario, no engine at all).
//! Whatever happens inside, a run ends with exactly one terminal event and a matching status.

use crate::indexing::{Indexing, Owner, Pending};
use crate::lanes::{trial_cases, Case, Room, Tried};
use crate::revision::EarlierVersion;
use crate::sink::RunSink;
use crate::suite_check::{SuiteCheck, Ticket};
use crate::tail::{sink_error, Outcome, RunContext};
use crate::RuntimeError;
use specwright_agent::{author, AgentCheckpoint, AgentError, AgentInput, AgentLimits};
use specwright_browser::{BrowserSession, ContextOptions, Secrets};
use specwright_engine::{explore, plan, plan_asking, reset_after_failed_trial, ExploreInput, Kept};
use specwright_intake::Document;
use specwright_llm::{LlmClient, LlmConfig};
use specwright_protocol::{Event, IngestStage, SessionStatus, Text};
use specwright_rails::{Answerer, Context, Figures, Memory, RunError, Safety, Sink};
use specwright_reading::environment;
use specwright_scenario::Scenario;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Which engine builds the scenarios.
#[derive(Clone)]
pub enum EngineChoice {
    /// Rules as data, no model (the default).
    Offline,
    /// A model at an OpenAI-compatible endpoint drives the tool loop.
    Llm(LlmConfig),
}

impl EngineChoice {
    pub fn label(&self) -> String {
        match self {
            EngineChoice::Offline => "offline".into(),
            EngineChoice::Llm(config) => format!("llm:{}", config.model),
        }
    }
}

pub(crate) enum Job {
    /// Build scenarios from documents with the offline engine.
    Session {
        scenario_id: String,
        title: String,
        documents: Vec<Document>,
        target_url: String,
        safety: Safety,
        answerer: Box<dyn Answerer>,
        secrets: Secrets,
        /// What an earlier run of this session learned (its answers), when resuming.
        memory: Memory,
        engine: EngineChoice,
        /// The LLM engine's last checkpoint, when resuming.
        checkpoint: Option<AgentCheckpoint>,
        /// The earlier version of the spec this session continues, if any.
        earlier: Option<EarlierVersion>,
    },
    /// Trial-run stored scenarios as they are (a workbook's cases side by side where the
    /// shared-data rule allows), against `target_url`.
    /// With `relocate`, a check: see [`crate::ReplayRequest::check`], each scenario judged as its
    /// trial ends. With `undo`, the trials of heals a person approved: each of `undo` (a scenario
    /// before its heal) is put back as its scenario's version unless the healed one's trial passes.
    /// With `suite`, one session's part in a check of its suite: its trials run in contexts of
    /// the suite's browser, beside other sessions' where the shared-data rule allows.
    Replay {
        scenarios: Vec<Scenario>,
        target_url: String,
        secrets: Secrets,
        relocate: bool,
        undo: Vec<Scenario>,
        /// The check run whose heals these trials are (said first, as `heal.started`).
        heal_of: Option<String>,
        suite: Option<Arc<SuiteCheck>>,
        /// Its place in the suite's queue, given up when the run ends.
        ticket: Option<Ticket>,
    },
}

pub(crate) async fn run(ctx: RunContext, job: Job) {
    let mut sink = RunSink {
        store: Arc::clone(&ctx.store),
        session_id: ctx.session_id.clone(),
        run_id: ctx.run_id.clone(),
        frames_dir: ctx.frames_dir.clone(),
        frame_count: existing_frames(&ctx.frames_dir),
        cancel: Arc::clone(&ctx.cancel),
        yielding: Arc::clone(&ctx.yielding),
    };
    // A heal's trial: unless it passes, the scenario before the heal goes back — each as its own
    // trial ends, and every one when the run ends before (a stop or a dropped browser).
    let undo = match &job {
        Job::Replay { undo, .. } => undo.clone(),
        Job::Session { .. } => Vec::new(),
    };
    let work = async {
        match job {
            Job::Session {
                scenario_id,
                title,
                documents,
                target_url,
                safety,
                answerer,
                secrets,
                memory,
                engine,
                checkpoint,
                earlier,
            } => {
                let job = SessionJob {
                    earlier,
                    scenario_id,
                    title,
                    documents,
                    target_url,
                    safety,
                    secrets,
                    memory,
                    engine,
                    checkpoint,
                };
                session(&ctx, &mut sink, job, answerer).await
            }
            Job::Replay { scenarios, target_url, secrets, undo, heal_of, suite, ticket, .. } => {
                if let Some(check_run_id) = heal_of {
                    let scenario_ids = scenarios.iter().map(|s| s.id.clone()).collect();
                    sink.emit_event(Event::HealStarted { check_run_id, scenario_ids }).map_err(sink_error)?;
                }
                let job = ReplayJob { scenarios, target_url, secrets };
                let result = replay(&ctx, &mut sink, job, &undo, suite.as_ref()).await;
                drop(ticket);
                // The last of a suite's runs to end closes its browser.
                if let Some(suite) = suite.and_then(Arc::into_inner) {
                    suite.close().await;
                }
                result
            }
        }
    };
    // A stop ends the run within moments whatever the run is waiting on: the run sees the flag at
    // its next step; if it is still held (a driver call that never answers), it is dropped
    // after the grace, and the browser with it (the driver closes its browsers when dropped).
    let result = tokio::select! {
        result = work => result,
        () = stopped_with_grace(&ctx.cancel) => {
            tracing::warn!(session = %ctx.session_id, "the run did not stop at a step; dropped");
            Err(RuntimeError::Run(RunError::Cancelled))
        }
    };
    // A person who pressed stop asked for the run to end there: a step it interrupted (a page
    // load cut short, a question it then stopped at) is not a failure to report.
    let result = match result {
        Ok(Outcome::Completed(outputs)) => Ok(Outcome::Completed(outputs)),
        _ if ctx.cancel.load(Ordering::SeqCst) => Err(RuntimeError::Run(RunError::Cancelled)),
        // Stopped for a message: a question it then stopped at is asked again later; a trial's
        // own verdict (the trial runs to its end) stands.
        Err(RuntimeError::Run(RunError::Unanswered(_))) if ctx.yielding.load(Ordering::SeqCst) => {
            Err(RuntimeError::Run(RunError::Cancelled))
        }
        other => other,
    };
    let result = match result {
        Err(error) if !undo.is_empty() => {
            undo.iter().try_for_each(|before| take_back(&ctx, &mut sink, before)).and(Err(error))
        }
        result => result,
    };
    let (event, status, run_status) = match result {
        Ok(Outcome::Completed(outputs)) => (
            Event::SessionCompleted { out_dir: ctx.out_dir.display().to_string(), outputs },
            SessionStatus::Completed,
            "completed",
        ),
        Ok(Outcome::TrialFailed { failed, first_error }) => (
            Event::Error {
                code: "trial_failed".into(),
                message: Text::message(
                    "error-trial-failed",
                    [("failed", failed.into()), ("first", first_error.into())],
                ),
            },
            SessionStatus::Failed,
            "failed",
        ),
        Err(RuntimeError::Run(RunError::Unanswered(question))) => {
            (Event::SessionWaiting { question: *question }, SessionStatus::Waiting, "waiting")
        }
        Err(RuntimeError::Run(RunError::Cancelled)) => (
            Event::RunCancelled {
                reason: match ctx.yielding.load(Ordering::SeqCst) && !ctx.cancel.load(Ordering::SeqCst) {
                    true => Text::message("cancelled-for-message", []),
                    false => Text::message("cancelled-by-person", []),
                },
            },
            SessionStatus::Cancelled,
            "cancelled",
        ),
        Err(e) => {
            tracing::warn!(session = %ctx.session_id, code = e.code(), error = %e, "run failed");
            (Event::Error { code: e.code().into(), message: e.text() }, SessionStatus::Failed, "failed")
        }
    };
    // A finished session needs no checkpoint; any other end keeps it for a resume.
    if status == SessionStatus::Completed {
        if let Err(e) = ctx.store.clear_checkpoint(&ctx.session_id) {
            tracing::warn!(error = %e, "could not clear the checkpoint");
        }
    }
    // Statuses first: a subscriber that stops at the terminal event then reads final ones (a heal
    // is approved only on a check that has ended).
    if let Err(e) = ctx.store.set_status(&ctx.session_id, status) {
        tracing::error!(error = %e, "could not record the session status");
    }
    let _ = ctx.store.finish_run(&ctx.run_id, run_status, None);
    if let Err(e) = ctx.store.append_event(&ctx.session_id, &ctx.run_id, event) {
        tracing::error!(error = %e, "could not record the terminal event");
        // Whoever follows the run (the CLI, the window) still learns it ended, and why.
        let failed = Event::Error {
            code: "storage_failed".into(),
            message: Text::message("error-store-terminal", [("reason", e.to_string().into())]),
        };
        ctx.store.deliver_unstored(&ctx.session_id, &ctx.run_id, failed);
    }
}

/// Frame files are numbered per session; a replay continues after the session's last one.
fn existing_frames(dir: &std::path::Path) -> u32 {
    std::fs::read_dir(dir).map(|entries| entries.filter_map(Result::ok).count() as u32).unwrap_or(0)
}

struct SessionJob {
    earlier: Option<EarlierVersion>,
    engine: EngineChoice,
    checkpoint: Option<AgentCheckpoint>,
    scenario_id: String,
    title: String,
    documents: Vec<Document>,
    target_url: String,
    safety: Safety,
    secrets: Secrets,
    memory: Memory,
}

async fn session(
    ctx: &RunContext,
    sink: &mut RunSink,
    job: SessionJob,
    mut answerer: Box<dyn Answerer>,
) -> Result<Outcome, RuntimeError> {
    let SessionJob {
        scenario_id,
        title,
        documents,
        target_url,
        safety,
        mut secrets,
        mut memory,
        engine,
        checkpoint,
        earlier,
    } = job;
    sink.emit_event(Event::SessionStarted {
        title: title.clone(),
        engine: engine.label(),
        target_url: target_url.clone(),
        documents: documents.iter().map(|d| d.name.clone()).collect(),
    })
    .map_err(sink_error)?;
    let plans = plan(&documents, &title);
    let steps = plans.iter().map(|p| p.steps.len() as u32).sum::<u32>();
    let (chunks, pending, semantic_off) = chunk_documents(ctx, &documents).await?;
    sink.emit_event(Event::IngestDone {
        documents: documents.len() as u32,
        sections: documents.iter().map(|d| d.sections.len() as u32).sum(),
        steps_found: steps,
        chunks,
        semantic: semantic_off.is_none(),
    })
    .map_err(sink_error)?;
    if let Some(why) = semantic_off {
        sink.emit_event(Event::MessageDone { text: Text::message("ingest-semantic-off", [("reason", why.into())]) })
            .map_err(sink_error)?;
    }
    // Embedding goes on beside the run until it ends (this binding's drop).
    let owner = Owner {
        store: Arc::clone(&ctx.store),
        knowledge: Arc::clone(&ctx.knowledge),
        session_id: ctx.session_id.clone(),
        run_id: ctx.run_id.clone(),
        cancel: Arc::clone(&ctx.cancel),
    };
    let _indexing = Indexing::start(owner, pending);
    let scenarios = plans.len();
    sink.emit_event(Event::MessageDone {
        text: if let EngineChoice::Llm(config) = &engine {
            Text::message("run-model-reads", [("model", config.model.as_str().into())])
        } else if scenarios > 1 {
            Text::message("run-found-scenarios", [("scenarios", scenarios.into()), ("steps", steps.into())])
        } else {
            Text::message("run-found-steps", [("steps", steps.into())])
        },
    })
    .map_err(sink_error)?;

    let spec_environment = environment(&documents);
    // What was said to the session: steps added, left out, taken back.
    let conversation = crate::said::Conversation::of(&ctx.store.events(&ctx.session_id, 0)?);
    // A session from words alone speaks their language.
    let language = match documents.is_empty() {
        true => specwright_catalog::Locale::of_text(
            &conversation.messages.iter().map(|m| m.words.as_str()).collect::<Vec<_>>().join("\n"),
        ),
        false => language_of(&documents),
    };
    let plans = match &engine {
        EngineChoice::Offline => {
            let mut figures = Figures::default();
            let mut plans = plan_asking(&documents, &title, &mut memory, answerer.as_mut(), sink, &mut figures)?;
            specwright_engine::apply_said(&mut plans, &conversation.lines, &title);
            plans
        }
        EngineChoice::Llm(_) => plans,
    };
    // A model that does not call tools is refused before the browser opens, with advice; the
    // limits of the conversation follow the model's context window.
    let mut limits = AgentLimits::default();
    if let EngineChoice::Llm(config) = &engine {
        let llm = LlmClient::new(config.clone());
        if config.probe_tools && !llm.calls_tools().await.map_err(AgentError::from)? {
            return Err(AgentError::Llm {
                code: "llm_no_tools",
                message: Text::message("error-llm-no-tools", [("model", config.model.as_str().into())]),
            }
            .into());
        }
        let window = llm.context_window().await;
        tracing::info!(session = %ctx.session_id, ?window, "model context window");
        limits = AgentLimits::for_window(window);
    }
    // A new version of a spec: its sentences against the earlier version's, said before the
    // browser opens; the offline engine keeps the steps of the unchanged ones.
    let kept = match (&earlier, &engine) {
        (Some(earlier), EngineChoice::Offline) => {
            let (comparison, kept) = earlier.compare(&plans);
            // A continuation after a message: the same spec, nothing to compare.
            if !earlier.continues {
                sink.emit_event(Event::SpecCompared { comparison }).map_err(sink_error)?;
            }
            kept
        }
        // The model explores every sentence again (it keeps no recorded steps), with the earlier
        // answers remembered: said so, rather than a comparison that promises kept steps.
        (Some(_), EngineChoice::Llm(_)) => {
            sink.emit_event(Event::MessageDone { text: Text::message("revision-model-explores-all", []) })
                .map_err(sink_error)?;
            Kept::default()
        }
        (None, _) => Kept::default(),
    };
    let mut browser = BrowserSession::start(ctx.browser.clone(), ContextOptions::default()).await?;
    browser.set_cancel(Arc::clone(&ctx.cancel));
    // Scenarios whose exploration the app refused: their trial's failure is the app's, not a
    // change exploration made.
    let mut refused: std::collections::BTreeSet<String> = Default::default();
    let result = async {
        let scenarios = match &engine {
            EngineChoice::Offline => {
                let input = ExploreInput {
                    plans: &plans,
                    environment: &spec_environment,
                    base_url: &target_url,
                    scenario_id,
                    safety,
                    language,
                    kept: &kept,
                };
                let (mut scenarios, figures) =
                    match explore(&mut browser, input, sink, &mut secrets, answerer.as_mut(), &mut memory).await {
                        Ok(explored) => explored,
                        // The app refused a change the spec's own step sent: a red verdict that
                        // writes its report (the steps so far, their trial, the exported test).
                        Err(RunError::RefusedExploring { report, scenarios, .. }) => {
                            sink.emit_event(Event::MessageDone { text: report }).map_err(sink_error)?;
                            if let Some(last) = scenarios.last() {
                                refused.insert(last.id.clone());
                            }
                            (scenarios, Figures::default())
                        }
                        Err(e) => return Err(e.into()),
                    };
                tracing::info!(session = %ctx.session_id, ?figures, "explored");
                for scenario in &mut scenarios {
                    scenario.cite_said(&conversation.messages);
                }
                if refused.is_empty() {
                    sink.emit_event(Event::MessageDone { text: figures_message(&figures) }).map_err(sink_error)?;
                }
                if !kept.is_empty() {
                    sink.emit_event(Event::MessageDone {
                        text: Text::message(
                            "revision-kept",
                            [("kept", figures.kept.into()), ("explored", (figures.steps - figures.kept).into())],
                        ),
                    })
                    .map_err(sink_error)?;
                }
                scenarios
            }
            EngineChoice::Llm(config) => {
                let llm = LlmClient::new(config.clone());
                let mut cx = Context {
                    sink,
                    secrets: &mut secrets,
                    answerer: answerer.as_mut(),
                    memory: &mut memory,
                    figures: Figures::default(),
                    safety: &safety,
                    environment: &spec_environment,
                    language,
                };
                let input = AgentInput {
                    documents: &documents,
                    base_url: &target_url,
                    scenario_id,
                    title: title.clone(),
                    limits,
                    resume: checkpoint,
                    knowledge: Some((ctx.knowledge.as_ref(), ctx.session_id.as_str())),
                    said: &conversation.messages,
                    turns: &conversation.turns(),
                };
                vec![author(&mut browser, &llm, input, &mut cx).await?]
            }
        };
        for scenario in &scenarios {
            ctx.store.save_scenario(&ctx.session_id, scenario)?;
            sink.emit_event(Event::ScenarioDraft { scenario: scenario.clone() }).map_err(sink_error)?;
        }
        let single = scenarios.len() == 1;
        let cases = scenarios
            .into_iter()
            .enumerate()
            .map(|(i, scenario)| Case {
                out_dir: if single { ctx.out_dir.clone() } else { ctx.out_dir.join(case_folder(&scenario.title, i)) },
                trial_id: if single { ctx.trial_id.clone() } else { format!("{}-{}", ctx.trial_id, i + 1) },
                // Explored just now without changing the app's data, and no command puts it back.
                reads_only: !memory.records.changed_data(&scenario.id) && scenario.reset_command().is_none(),
                scenario,
            })
            .collect();
        // Exploration's own change to the app's data may be what failed a trial: with a reset
        // the person gives (or gave), the trial runs again on the data put back.
        let again = |case: &Case, outcome: &Outcome, sink: &mut dyn Sink| {
            let Outcome::TrialFailed { first_error, .. } = outcome else { return Ok(None) };
            if refused.contains(&case.scenario.id) {
                return Ok(None);
            }
            let mut again = case.scenario.clone();
            if reset_after_failed_trial(&mut again, first_error, &mut memory, answerer.as_mut(), sink)? {
                return Ok(Some((again, format!("{}-reset", case.trial_id))));
            }
            Ok(None)
        };
        let tried = trial_cases(ctx, sink, &browser, cases, &secrets, Room::fixed(ctx.trial_lanes), again).await?;
        let outcomes = tried.into_iter().map(|t| t.outcome).collect();
        let finish = Finish { title: &title, target_url: &target_url, documents: &documents, language, single };
        finish_cases(ctx, sink, finish, outcomes)
    }
    .await;
    close(browser, &ctx.cancel).await;
    result
}

/// What the end of a run of several scenarios names: the run, where it ran, what it was read from.
struct Finish<'a> {
    title: &'a str,
    target_url: &'a str,
    documents: &'a [Document],
    language: specwright_catalog::Locale,
    single: bool,
}

/// After every scenario's trial: the planner's workbooks with each case's result, the
/// traceability of the spec's requirements, and with several scenarios the run's own report;
/// then how the run ended, from every trial's outcome.
fn finish_cases(
    ctx: &RunContext,
    sink: &mut RunSink,
    finish: Finish<'_>,
    outcomes: Vec<Outcome>,
) -> Result<Outcome, RuntimeError> {
    let Finish { title, target_url, documents, language, single } = finish;
    let mut files = Vec::new();
    // Several cases: the run's own report lists them, each with its verdict and report.
    // The planner's workbook, given back with each case's result on its own rows.
    let workbooks = if ctx.cancel.load(Ordering::SeqCst) {
        Vec::new()
    } else {
        crate::run_view::write_result_workbooks(ctx, documents, language)?
    };
    // Each requirement the spec names, and what covers it: a page and a workbook of their own.
    let trace = if ctx.cancel.load(Ordering::SeqCst) {
        Vec::new()
    } else {
        let (verdicts, scenarios) = crate::run_view::run_record(ctx)?;
        crate::trace::trace_rows(documents, &scenarios, &verdicts)
    };
    let traced = crate::trace::write_traceability(ctx, title, &trace, language)?;
    if !single && !ctx.cancel.load(Ordering::SeqCst) {
        let index = crate::run_view::write_run_index(ctx, title, target_url, &trace, language)?;
        // Said last, so a run some case failed still opens on the whole run's report.
        sink.emit_event(Event::ExportsWritten {
            scenario: title.to_string(),
            out_dir: ctx.out_dir.display().to_string(),
            outputs: std::iter::once(index.clone()).chain(workbooks.iter().cloned()).collect(),
        })
        .map_err(sink_error)?;
        files.push(index);
    }
    files.extend(workbooks);
    files.extend(traced);
    let mut failures = (0u32, String::new());
    for outcome in outcomes {
        match outcome {
            Outcome::Completed(mut more) => files.append(&mut more),
            Outcome::TrialFailed { failed, first_error } => {
                if failures.0 == 0 {
                    failures.1 = first_error;
                }
                failures.0 += failed;
            }
        }
    }
    Ok(if failures.0 == 0 {
        Outcome::Completed(files)
    } else {
        Outcome::TrialFailed { failed: failures.0, first_error: failures.1 }
    })
}

/// How long a stopped run may take to reach its next step before it is dropped.
const STOP_GRACE: std::time::Duration = std::time::Duration::from_millis(1_200);

/// Resolves once the person stopped the run (never, until they do).
async fn stopped(cancel: &AtomicBool) {
    while !cancel.load(Ordering::SeqCst) {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// Resolves `STOP_GRACE` after the run was asked to stop (never, until it is).
async fn stopped_with_grace(cancel: &AtomicBool) {
    stopped(cancel).await;
    tokio::time::sleep(STOP_GRACE).await;
}

/// Closes the browser; after a stop, in the background, so the run ends at once.
async fn close(browser: BrowserSession, cancel: &AtomicBool) {
    if cancel.load(Ordering::SeqCst) {
        tokio::spawn(browser.close());
    } else {
        browser.close().await;
    }
}

/// `TC-01 로그인` → `tc-01` (the case key), numbered when the title has no usable key.
fn case_folder(title: &str, index: usize) -> String {
    let key: String = title
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
        .collect();
    let key = key.trim_matches('-');
    if key.is_empty() {
        format!("scenario-{:02}", index + 1)
    } else {
        format!("{:02}-{key}", index + 1)
    }
}

/// The engine's figures, said once after exploring.
fn figures_message(f: &Figures) -> Text {
    Text::message(
        "run-explored",
        [
            ("scenarios", f.scenarios.into()),
            ("steps", f.steps.into()),
            ("targets", f.targets.into()),
            ("grounded", f.grounded_automatically.into()),
            ("questions", f.questions.into()),
        ],
    )
}

/// Parses are done; this chunks each document into the session's knowledge index (keyword
/// search answers from here on), with progress events, off the async threads. The vectors are
/// left to `Indexing`, in the background. Returns the chunk total, the documents to embed, and
/// why semantic search is off if it is.
async fn chunk_documents(
    ctx: &RunContext,
    documents: &[Document],
) -> Result<(u32, Vec<Pending>, Option<String>), RuntimeError> {
    let semantic_off = ctx.knowledge.semantic_available().err().map(|off| off.0);
    let mut chunks = 0u32;
    let mut pending = Vec::new();
    for doc in documents {
        let store = Arc::clone(&ctx.store);
        let knowledge = Arc::clone(&ctx.knowledge);
        let (session_id, run_id) = (ctx.session_id.clone(), ctx.run_id.clone());
        let doc = doc.clone();
        let chunked = tokio::task::spawn_blocking(move || {
            let sections = doc.sections.len() as u32;
            let emit = |stage, chunks| {
                let event = Event::IngestProgress { document: doc.name.clone(), stage, sections, chunks, embedded: 0 };
                if let Err(e) = store.append_event(&session_id, &run_id, event) {
                    tracing::warn!(error = %e, "could not record ingest progress");
                }
            };
            emit(IngestStage::Parsed, 0);
            let chunked = knowledge.store_chunks(&session_id, &doc)?;
            emit(IngestStage::Chunked, chunked.chunks());
            Ok::<_, specwright_knowledge::KnowledgeError>(Pending { chunked, sections })
        })
        .await
        .map_err(|e| RuntimeError::Indexing(e.to_string()))??;
        if ctx.cancel.load(Ordering::SeqCst) {
            return Err(RuntimeError::Run(RunError::Cancelled));
        }
        chunks += chunked.chunked.chunks();
        pending.push(chunked);
    }
    if semantic_off.is_some() {
        pending.clear();
    }
    Ok((chunks, pending, semantic_off))
}

/// A heal that did not pass its trial: the scenario as it was before, saved again, and said.
fn take_back(ctx: &RunContext, sink: &mut RunSink, before: &Scenario) -> Result<(), RuntimeError> {
    ctx.store.save_scenario(&ctx.session_id, before)?;
    sink.emit_event(Event::MessageDone { text: Text::message("heal-taken-back", []) }).map_err(sink_error)
}

/// What a replay trial-runs, and where.
struct ReplayJob {
    scenarios: Vec<Scenario>,
    target_url: String,
    secrets: Secrets,
}

async fn replay(
    ctx: &RunContext,
    sink: &mut RunSink,
    job: ReplayJob,
    undo: &[Scenario],
    suite: Option<&Arc<SuiteCheck>>,
) -> Result<Outcome, RuntimeError> {
    let ReplayJob { scenarios, target_url, secrets } = job;
    let single = scenarios.len() == 1;
    let text = match scenarios.first() {
        Some(scenario) if single => Text::message(
            "replay-start",
            [("title", scenario.title.as_str().into()), ("url", target_url.as_str().into())],
        ),
        _ => Text::message(
            "replay-start-cases",
            [("cases", scenarios.len().into()), ("url", target_url.as_str().into())],
        ),
    };
    sink.emit_event(Event::MessageDone { text }).map_err(sink_error)?;
    let reads_only = crate::lanes::read_only_before(&ctx.store.events(&ctx.session_id, 0)?, &scenarios);
    let ids: Vec<String> = scenarios.iter().map(|s| s.id.clone()).collect();
    let cases: Vec<Case> = scenarios
        .into_iter()
        .zip(reads_only)
        .enumerate()
        .map(|(i, (mut scenario, reads_only))| {
            scenario.moved_to(&target_url);
            Case {
                out_dir: if single { ctx.out_dir.clone() } else { ctx.out_dir.join(case_folder(&scenario.title, i)) },
                trial_id: if single { ctx.trial_id.clone() } else { format!("{}-{}", ctx.trial_id, i + 1) },
                reads_only,
                scenario,
            }
        })
        .collect();
    let title = ctx.store.session(&ctx.session_id)?.title;
    // A suite's check: a seat among the suite's runs, and a context of its browser.
    let seat = match suite {
        Some(suite) => {
            let reads_all = cases.iter().all(|c| c.reads_only);
            let sitting = suite.seating.sit(&ctx.run_id, reads_all, cases.len());
            tokio::select! {
                seat = sitting => Some(seat),
                () = stopped(&ctx.cancel) => return Err(RuntimeError::Run(RunError::Cancelled)),
            }
        }
        None => None,
    };
    let mut browser = match suite {
        Some(suite) => suite.lane(&ctx.browser).await?,
        None => BrowserSession::start(ctx.browser.clone(), ContextOptions::default()).await?,
    };
    browser.set_cancel(Arc::clone(&ctx.cancel));
    let result = async {
        // In a suite's check, more lanes as other sessions give their seats back.
        let grow = || suite.is_some_and(|suite| suite.seating.more(&ctx.run_id, 1) == 1);
        let room = match &seat {
            Some(seat) => Room { lanes: seat.lanes, most: seat.most, more: Some(&grow) },
            None => Room::fixed(ctx.trial_lanes),
        };
        let again = cases.clone();
        let mut tried = trial_cases(ctx, sink, &browser, cases, &secrets, room, |_, _, _| Ok(None)).await?;
        if let (Some(seat), Some(suite)) = (seat, suite) {
            let changed = tried.iter().any(|t| t.changed_data);
            let neighbours = tokio::select! {
                neighbours = seat.stand(changed) => neighbours,
                () = stopped(&ctx.cancel) => return Err(RuntimeError::Run(RunError::Cancelled)),
            };
            if neighbours.any {
                beside_again(ctx, sink, &browser, suite, neighbours.changed, (again, &mut tried), &secrets).await?;
            }
        }
        let outcomes: Vec<Outcome> = tried.into_iter().map(|t| t.outcome).collect();
        // A heal whose trial did not pass goes back as it was, each on its own.
        for (id, outcome) in ids.iter().zip(&outcomes) {
            if matches!(outcome, Outcome::Completed(_)) {
                continue;
            }
            if let Some(before) = undo.iter().find(|s| &s.id == id) {
                take_back(ctx, sink, before)?;
            }
        }
        if single {
            // One scenario, one outcome: none means the run ended before its trial did.
            return outcomes.into_iter().next().ok_or(RuntimeError::NoTrial);
        }
        let documents = crate::tail::restored_documents(&ctx.store, &ctx.session_id)?;
        let language = language_of(&documents);
        finish_cases(
            ctx,
            sink,
            Finish { title: &title, target_url: &target_url, documents: &documents, language, single },
            outcomes,
        )
    }
    .await;
    close(browser, &ctx.cancel).await;
    result
}

/// A suite's session whose trials ran beside other sessions': when a neighbour changed the
/// app's data, every scenario is trial-run again alone (the change may have made a check pass);
/// else each that did not pass beside them is (an app may not take two at once). A red never
/// comes from running side by side, nor a green from a neighbour's change made mid-trial: a
/// scenario checked again alone sees the app as checks one after another would.
async fn beside_again(
    ctx: &RunContext,
    sink: &mut RunSink,
    browser: &BrowserSession,
    suite: &Arc<SuiteCheck>,
    neighbour_changed: bool,
    (cases, tried): (Vec<Case>, &mut [Tried]),
    secrets: &Secrets,
) -> Result<(), RuntimeError> {
    let redo: Vec<usize> =
        (0..tried.len()).filter(|&i| neighbour_changed || !matches!(tried[i].outcome, Outcome::Completed(_))).collect();
    if redo.is_empty() {
        return Ok(());
    }
    let why = if neighbour_changed { crate::suite_check::AGAIN_AFTER_CHANGE } else { "check-again-alone-failed" };
    sink.emit_event(Event::MessageDone { text: Text::message(why, []) }).map_err(sink_error)?;
    let alone = tokio::select! {
        alone = suite.seating.alone() => alone,
        () = stopped(&ctx.cancel) => return Err(RuntimeError::Run(RunError::Cancelled)),
    };
    let again: Vec<Case> = redo
        .iter()
        .filter_map(|&i| cases.get(i).cloned())
        .map(|case| Case { trial_id: format!("{}-alone", case.trial_id), ..case })
        .collect();
    let rerun = trial_cases(ctx, sink, browser, again, secrets, Room::fixed(1), |_, _, _| Ok(None)).await?;
    drop(alone);
    for (i, ended) in redo.into_iter().zip(rerun) {
        tried[i] = ended;
    }
    Ok(())
}

/// The language the documents are written in (their first lines): what the engines write into
/// the scenario reads in it.
fn language_of(documents: &[Document]) -> specwright_catalog::Locale {
    let text: Vec<&str> = documents.iter().flat_map(|d| d.lines.iter().take(50)).map(String::as_str).collect();
    specwright_catalog::Locale::of_text(&text.join("\n"))
}
