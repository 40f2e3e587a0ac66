//! Sessions and runs: pre-flight checks, then a detached task per run with a cancel flag.

use crate::frames::{prune_frames, FRAMES_KEPT_FOR_SESSIONS};
use crate::pipeline::{self, EngineChoice, Job};
use crate::revision::EarlierVersion;
use crate::tail::RunContext;
use crate::{write_exports, DemoApp, ExportFormat, RuntimeError, DEMO_SPEC, DEMO_SPEC_NAME};
use specwright_browser::{prepare_driver, Allowlist, BrowserConfig, Environment, Secrets};
use specwright_demo::{DEMO_ANSWERS, DEMO_WORKBOOK, DEMO_WORKBOOK_NAME};
use specwright_intake::Document;
use specwright_knowledge::{EmbedderSource, Knowledge, SemanticOff};
use specwright_protocol::{OutputFile, SessionDetail, SessionSummary, Text};
use specwright_rails::{Answerer, NoAnswers, Safety};
use specwright_scenario::TrialReport;
use specwright_store::{Clock, DocumentRecord, Ids, NewSession, Store};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::task::JoinHandle;

/// Where a run writes its exports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OutDir {
    /// Exactly this folder.
    Exact(PathBuf),
    /// A folder named after the new session, inside this one (`out/<session id>`).
    PerSession(PathBuf),
}

/// Each data row is trial-run this many times; runs that disagree mark the scenario flaky.
pub const DEFAULT_TRIAL_ATTEMPTS: u32 = 2;

pub struct SessionRequest {
    pub title: Option<String>,
    pub documents: Vec<Document>,
    pub target_url: String,
    pub out_dir: OutDir,
    /// `None` detects Chromium on this machine.
    pub browser: Option<BrowserConfig>,
    pub safety: SafetyOptions,
    /// Who answers the run's questions; with nobody, a question makes the run wait.
    pub answerer: Box<dyn Answerer>,
    /// Secret values given by the person (`--secret`, environment, keychain).
    pub secrets: Secrets,
    pub engine: EngineChoice,
}

/// Continues a session that stopped at a question: the same documents and target, the answers
/// given so far remembered, new ones from `answerer`.
pub struct ResumeRequest {
    pub session_id: String,
    /// Where the application is now; `None` uses the session's target.
    pub target_url: Option<String>,
    pub out_dir: OutDir,
    pub browser: Option<BrowserConfig>,
    pub safety: SafetyOptions,
    pub answerer: Box<dyn Answerer>,
    pub secrets: Secrets,
    pub engine: EngineChoice,
    /// Questions whose earlier answers are not to be remembered (they are being answered again).
    pub forget: Vec<String>,
}

/// What a session may do without asking a person.
#[derive(Debug, Clone, Default)]
pub struct SafetyOptions {
    /// Origins besides the target's that pages may visit (an SSO provider, say).
    pub extra_origins: Vec<String>,
    pub environment: Environment,
    /// Risky actions (delete, pay, send on production ...) are approved in advance.
    pub allow_risky: bool,
}

pub struct ReplayRequest {
    pub session_id: String,
    /// Where the application is today; `None` uses the URL the scenario was recorded against.
    pub target_url: Option<String>,
    /// Values of the scenario's secrets (from `--secret`, the environment or the keychain).
    pub secrets: Secrets,
    pub out_dir: OutDir,
    pub browser: Option<BrowserConfig>,
    /// A check (`specwright check`): a step whose element is gone goes on with the same control
    /// found elsewhere, and the run's report says where it went (a drift), instead of stopping
    /// there. The scenario is not changed.
    pub check: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunStarted {
    pub session_id: String,
    pub run_id: String,
    /// The folder the exports are written to.
    pub out_dir: PathBuf,
}

/// A replay checked and ready to start (see [`Runtime::plan_replay`]).
pub(crate) struct PlannedReplay {
    pub session_id: String,
    out_dir: OutDir,
    pub browser: BrowserConfig,
    check: bool,
    pub scenarios: Vec<specwright_scenario::Scenario>,
    target_url: String,
    secrets: Secrets,
    undo: Vec<specwright_scenario::Scenario>,
    /// The trials of heals approved from this check run (a run of kind `heal`).
    pub heal_of: Option<String>,
}

struct RunControl {
    cancel: Arc<AtomicBool>,
    /// A message waits: the run stops at its next step's boundary, the action in flight done.
    yielding: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

pub struct Runtime {
    store: Arc<Store>,
    knowledge: Arc<Knowledge>,
    data_dir: PathBuf,
    ids: Arc<dyn Ids>,
    runs: Mutex<HashMap<String, RunControl>>,
    /// The data dir's owner lock, held while this runtime lives (see [`Runtime::open`]).
    _owner: Option<std::fs::File>,
}

/// The secret a secret question asks for: `secret::PASSWORD` → `PASSWORD`.
pub fn secret_name(question_id: &str) -> Option<&str> {
    question_id.strip_prefix("secret:").map(|rest| rest.rsplit(':').next().unwrap_or(rest)).filter(|n| !n.is_empty())
}

/// Every process that opens the data dir holds a shared lock on `owner.lock` while it lives;
/// the OS releases it however the process ends. Only a process that can take it exclusively
/// (no other live process has the dir open) recovers sessions: it then keeps it shared, like
/// the rest. A file system without locks is treated as owned (the behaviour before the lock).
/// Returns whether this process may recover, and the file that holds the lock.
fn take_owner_lock(data_dir: &Path) -> (bool, Option<std::fs::File>) {
    let file =
        match std::fs::OpenOptions::new().create(true).truncate(false).write(true).open(data_dir.join("owner.lock")) {
            Ok(file) => file,
            Err(e) => {
                tracing::warn!(error = %e, "no owner lock in the data dir");
                return (true, None);
            }
        };
    match file.try_lock() {
        Ok(()) => (true, Some(file)),
        Err(std::fs::TryLockError::WouldBlock) => match file.lock_shared() {
            Ok(()) => (false, Some(file)),
            Err(e) => {
                tracing::warn!(error = %e, "could not share the data dir's owner lock");
                (false, None)
            }
        },
        Err(std::fs::TryLockError::Error(e)) => {
            tracing::warn!(error = %e, "the data dir's owner lock is not supported");
            (true, None)
        }
    }
}

impl Runtime {
    /// Opens the data dir's database. A process that opens it while no other live process has
    /// it open recovers: sessions a dead process left running become interrupted and old frames
    /// are pruned. One opened beside a live process (the CLI listing sessions beside the window,
    /// a second launch before it hands over) leaves running sessions alone.
    pub fn open(data_dir: &Path, clock: Arc<dyn Clock>, ids: Arc<dyn Ids>) -> Result<Arc<Self>, RuntimeError> {
        std::fs::create_dir_all(data_dir)
            .map_err(|e| RuntimeError::OutDir { path: data_dir.display().to_string(), reason: e.to_string() })?;
        let store = Store::open(&data_dir.join("specwright.db"), clock)?;
        let (owner, owner_lock) = take_owner_lock(data_dir);
        if owner {
            let interrupted = store.mark_interrupted()?;
            // Recovered: from now on this process only shares the dir, like any other.
            if let Some(file) = owner_lock.as_ref() {
                if let Err(e) = file.lock_shared() {
                    tracing::warn!(error = %e, "could not share the data dir's owner lock");
                }
            }
            let runtime_frames = data_dir.join("frames");
            match prune_frames(&runtime_frames, &store.sessions()?, FRAMES_KEPT_FOR_SESSIONS) {
                Ok(0) => {}
                Ok(n) => tracing::info!(sessions = n, "pruned mirror frames of old sessions"),
                Err(e) => tracing::warn!(error = %e, "could not prune mirror frames"),
            }
            if !interrupted.is_empty() {
                tracing::warn!(?interrupted, "sessions interrupted by a previous exit");
            }
        } else {
            tracing::info!("another live process owns this data dir: its running sessions are left as they are");
        }
        // The embedding model loads on first use, not here: most commands never need it.
        let source = if std::env::var("SPECWRIGHT_SEMANTIC").is_ok_and(|v| v == "off") {
            EmbedderSource::Off(SemanticOff("SPECWRIGHT_SEMANTIC=off".into()))
        } else {
            EmbedderSource::Shared { data_dir: Some(data_dir.to_path_buf()) }
        };
        let knowledge = Arc::new(Knowledge::new(Arc::clone(&store), source));
        Ok(Arc::new(Self {
            store,
            knowledge,
            data_dir: data_dir.to_path_buf(),
            ids,
            runs: Mutex::new(HashMap::new()),
            _owner: owner_lock,
        }))
    }

    pub(crate) fn next_id(&self, prefix: &str) -> String {
        self.ids.next_id(prefix)
    }

    pub fn store(&self) -> &Arc<Store> {
        &self.store
    }

    /// The sessions' knowledge index: search and the document tools.
    pub fn knowledge(&self) -> &Arc<Knowledge> {
        &self.knowledge
    }

    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    pub fn frames_dir(&self, session_id: &str) -> PathBuf {
        self.data_dir.join("frames").join(session_id)
    }

    /// The file of a mirror frame, refusing names that could escape the session's frame folder.
    pub fn frame_path(&self, session_id: &str, file: &str) -> Result<PathBuf, RuntimeError> {
        if !specwright_protocol::safe_name(session_id) || !specwright_protocol::safe_name(file) {
            return Err(RuntimeError::SessionNotFound(session_id.to_string()));
        }
        Ok(self.frames_dir(session_id).join(file))
    }

    pub fn sessions(&self) -> Result<Vec<SessionSummary>, RuntimeError> {
        Ok(self.store.sessions()?)
    }

    pub fn session_detail(&self, session_id: &str) -> Result<SessionDetail, RuntimeError> {
        let summary = self.store.session(session_id)?;
        let documents = self.store.documents(session_id)?.into_iter().map(|d| d.name).collect();
        let events = self.store.events(session_id, 0)?;
        Ok(SessionDetail { summary, documents, events })
    }

    /// Checks everything a run needs, records the session, and starts the run detached.
    /// Nothing is stored when a check fails.
    pub async fn start_session(self: &Arc<Self>, request: SessionRequest) -> Result<RunStarted, RuntimeError> {
        self.start(request, None).await
    }

    /// A new session from `request`, explored from `earlier` (an earlier version of its spec)
    /// when given.
    pub(crate) async fn start(
        self: &Arc<Self>,
        request: SessionRequest,
        earlier: Option<EarlierVersion>,
    ) -> Result<RunStarted, RuntimeError> {
        self.start_with(request, earlier, None).await
    }

    /// [`Runtime::start`], the session's first event what a person said (a session may start
    /// from their words alone).
    pub(crate) async fn start_with(
        self: &Arc<Self>,
        request: SessionRequest,
        earlier: Option<EarlierVersion>,
        said: Option<specwright_protocol::Event>,
    ) -> Result<RunStarted, RuntimeError> {
        if request.documents.is_empty() && said.is_none() {
            return Err(RuntimeError::NoSpecs);
        }
        let browser = match request.browser {
            Some(config) => config,
            None => BrowserConfig::detect()?,
        };
        prepare_driver()?;
        crate::reachable::check_reachable(&request.target_url).await?;
        let out_parent = match &request.out_dir {
            OutDir::Exact(dir) | OutDir::PerSession(dir) => dir,
        };
        std::fs::create_dir_all(out_parent)
            .map_err(|e| RuntimeError::OutDir { path: out_parent.display().to_string(), reason: e.to_string() })?;

        let session_id = self.ids.next_id("ses");
        let out_dir = match request.out_dir {
            OutDir::Exact(dir) => dir,
            OutDir::PerSession(dir) => dir.join(&session_id),
        };
        let run_id = self.ids.next_id("run");
        let title = match (&request.title, request.documents.first(), &said) {
            (Some(title), _, _) => title.clone(),
            (None, Some(document), _) => document.title.clone(),
            (None, None, Some(specwright_protocol::Event::UserSaid { text, .. })) => crate::said::title_of(text),
            (None, None, _) => String::new(),
        };
        let records: Vec<DocumentRecord> = request
            .documents
            .iter()
            .map(|doc| DocumentRecord {
                id: self.ids.next_id("doc"),
                name: doc.name.clone(),
                media_type: doc.media_type.clone(),
                sha256: doc.sha256.clone(),
                content: doc.text(),
                outline_json: doc.structure(),
            })
            .collect();
        self.store.create_session(
            &NewSession {
                id: session_id.clone(),
                title: title.clone(),
                engine: request.engine.label(),
                target_url: request.target_url.clone(),
            },
            &records,
        )?;
        self.store.start_run(&run_id, &session_id, "session")?;
        if let Some(said) = said {
            self.store.append_event(&session_id, &run_id, said)?;
        }

        let safety = Safety {
            allowlist: Allowlist::new(&request.target_url, &request.safety.extra_origins),
            environment: request.safety.environment,
            allow_risky: request.safety.allow_risky,
        };
        let job = Job::Session {
            safety,
            scenario_id: self.ids.next_id("scn"),
            title,
            documents: request.documents,
            target_url: request.target_url,
            answerer: request.answerer,
            secrets: request.secrets,
            memory: earlier.as_ref().map(|e| e.memory.clone()).unwrap_or_default(),
            engine: request.engine,
            checkpoint: None,
            earlier,
        };
        self.spawn_run(&session_id, &run_id, out_dir.clone(), browser, job);
        Ok(RunStarted { session_id, run_id, out_dir })
    }

    /// Serves the bundled demo app and starts a session on the bundled sample spec. Keep the
    /// returned server alive until the run ends.
    pub async fn start_demo(
        self: &Arc<Self>,
        out_dir: OutDir,
        port: u16,
    ) -> Result<(DemoApp, RunStarted), RuntimeError> {
        let app = DemoApp::serve(port).await?;
        let spec = specwright_intake::parse(DEMO_SPEC_NAME, DEMO_SPEC.as_bytes())?;
        let started = self
            .start_session(SessionRequest {
                title: None,
                documents: vec![spec],
                target_url: app.url(),
                out_dir,
                browser: None,
                safety: SafetyOptions::default(),
                answerer: Box::new(NoAnswers),
                secrets: Secrets::default(),
                engine: EngineChoice::Offline,
            })
            .await?;
        Ok((app, started))
    }

    /// Starts a session on the bundled test-case workbook against a running demo app, its
    /// questions answered the way `DEMO_ANSWERS` says (shown as questions and answers).
    pub async fn start_demo_workbook(
        self: &Arc<Self>,
        out_dir: OutDir,
        app_url: String,
    ) -> Result<RunStarted, RuntimeError> {
        let workbook = specwright_intake::parse(DEMO_WORKBOOK_NAME, DEMO_WORKBOOK)?;
        let rules = DEMO_ANSWERS
            .iter()
            .filter_map(|(when, answer)| {
                regex::Regex::new(when).ok().map(|when| crate::Rule { when, answer: answer.to_string() })
            })
            .collect();
        self.start_session(SessionRequest {
            title: None,
            documents: vec![workbook],
            target_url: app_url,
            out_dir,
            browser: None,
            safety: SafetyOptions::default(),
            answerer: Box::new(crate::Answers::new(rules, Secrets::default())),
            secrets: Secrets::default(),
            engine: EngineChoice::Offline,
        })
        .await
    }

    /// A person's answer to the question a session waits at (from the window): the session
    /// resumes with it, every earlier answer remembered. Offline sessions only for now; an LLM
    /// session needs its model settings and is resumed from the CLI.
    pub async fn answer_question(
        self: &Arc<Self>,
        session_id: &str,
        question_id: &str,
        answer: &str,
        out_dir: OutDir,
        engine: EngineChoice,
        browser: Option<BrowserConfig>,
        safety: SafetyOptions,
        secrets: Secrets,
    ) -> Result<RunStarted, RuntimeError> {
        let answer = answer.trim();
        if answer.is_empty() || answer.chars().count() > 2000 || question_id.is_empty() || question_id.len() > 2000 {
            return Err(RuntimeError::Invalid(Text::message("invalid-answer-length", [])));
        }
        if question_id.starts_with("secret:") {
            return Err(RuntimeError::Invalid(Text::message("invalid-secret-in-window", [])));
        }
        let summary = self.store.session(session_id)?;
        if summary.status != specwright_protocol::SessionStatus::Waiting {
            return Err(RuntimeError::Invalid(Text::message("invalid-not-waiting", [])));
        }
        if summary.engine.starts_with("llm") && matches!(engine, EngineChoice::Offline) {
            return Err(RuntimeError::Invalid(Text::message("invalid-model-session-answer", [])));
        }
        let when = regex::Regex::new(&format!("^{}$", regex::escape(question_id)))
            .map_err(|e| RuntimeError::BadArgument(e.to_string()))?;
        let rules = vec![crate::Rule { when, answer: answer.to_string() }];
        self.resume(ResumeRequest {
            session_id: session_id.to_string(),
            target_url: None,
            out_dir,
            browser,
            safety,
            answerer: Box::new(crate::Answers::new(rules, Secrets::default()).from_window()),
            secrets,
            engine,
            // The new answer replaces whatever was answered before for this question.
            forget: vec![question_id.to_string()],
        })
        .await
    }

    /// Runs a session again from its stored documents, remembering every answer its earlier
    /// runs were given (a session waiting at a question continues past it once answered).
    pub async fn resume(self: &Arc<Self>, request: ResumeRequest) -> Result<RunStarted, RuntimeError> {
        self.resume_with(request, None).await
    }

    /// [`Runtime::resume`], for what a person said: their message is the new run's first event,
    /// and a message that changed the steps goes on from the session as it stands.
    pub(crate) async fn resume_with(
        self: &Arc<Self>,
        request: ResumeRequest,
        said: Option<crate::said::Continuation>,
    ) -> Result<RunStarted, RuntimeError> {
        let summary = self.store.session(&request.session_id)?;
        let documents = self.stored_documents(&summary.id)?;
        let events = self.store.events(&summary.id, 0)?;
        // A secret question the session waits at, answered by the secrets given now: said in the
        // log (masked) before the run goes on, so the question reads as answered.
        let secret_answered = events.last().and_then(|last| match &last.event {
            specwright_protocol::Event::SessionWaiting { question }
                if question.kind == specwright_protocol::QuestionKind::Secret
                    && secret_name(&question.id).is_some_and(|name| request.secrets.get(name).is_some()) =>
            {
                Some(question.id.clone())
            }
            _ => None,
        });
        // A session explored from an earlier version of its spec goes on from that version.
        let earlier_session = events.iter().find_map(|e| match &e.event {
            specwright_protocol::Event::SpecCompared { comparison } => Some(comparison.earlier_session.clone()),
            _ => None,
        });
        let memory = crate::revision::remembered(&events, &request.forget);
        // The LLM engine continues its conversation; the offline engine re-explores (cheap, and
        // the answers above keep every question answered).
        let checkpoint = match (&request.engine, self.store.checkpoint(&summary.id)?) {
            (EngineChoice::Llm(_), Some((node, state))) if node == specwright_agent::AGENT_NODE => {
                serde_json::from_str::<specwright_agent::AgentCheckpoint>(&state).ok()
            }
            // A model told something about an ended session goes on from its scenario as it stands.
            (EngineChoice::Llm(_), _) if said.as_ref().is_some_and(|s| s.is_turn()) => {
                crate::said::as_it_stands(&self.store, &summary)?
            }
            _ => None,
        };
        // An earlier session deleted since: the revision goes on as a plain exploration.
        let earlier = earlier_session.and_then(|id| match self.earlier_version(&id) {
            Ok(earlier) => Some(earlier),
            Err(error) => {
                tracing::warn!(session = %summary.id, earlier = %id, %error, "the earlier version is gone");
                None
            }
        });
        // A continuation writes the next version of the session's scenarios, under their ids.
        let (said, earlier, scenario_id) = match said {
            Some(said) => {
                let id = said.earlier.as_ref().and_then(|e| e.scenarios.first()).map(|s| crate::said::base_id(&s.id));
                (Some(said.said), said.earlier.or(earlier), id)
            }
            None => (None, earlier, None),
        };
        // The earlier version's answers first; this session's own answers over them.
        let memory = match &earlier {
            Some(earlier) => {
                let mut merged = earlier.memory.clone();
                merged.answers.merge(memory.answers, &request.forget);
                merged
            }
            None => memory,
        };
        let browser = match request.browser {
            Some(config) => config,
            None => BrowserConfig::detect()?,
        };
        prepare_driver()?;
        let target_url = request.target_url.unwrap_or_else(|| summary.target_url.clone());
        self.check_imported_target(&summary.id, &target_url)?;
        crate::reachable::check_reachable(&target_url).await?;
        let run_id = self.ids.next_id("run");
        let out_dir = match request.out_dir {
            OutDir::Exact(dir) => dir,
            OutDir::PerSession(dir) => dir.join(&summary.id),
        };
        std::fs::create_dir_all(&out_dir)
            .map_err(|e| RuntimeError::OutDir { path: out_dir.display().to_string(), reason: e.to_string() })?;
        self.store.start_run(&run_id, &summary.id, "session")?;
        if let Some(said) = said {
            self.store.append_event(&summary.id, &run_id, said)?;
        }
        if let Some(question_id) = secret_answered {
            let answered = specwright_protocol::Event::QuestionAnswered {
                question_id,
                answer: "••••".into(),
                source: "secret".into(),
            };
            self.store.append_event(&summary.id, &run_id, answered)?;
        }
        self.store.set_status(&summary.id, specwright_protocol::SessionStatus::Running)?;
        let safety = Safety {
            allowlist: Allowlist::new(&target_url, &request.safety.extra_origins),
            environment: request.safety.environment,
            allow_risky: request.safety.allow_risky,
        };
        let job = Job::Session {
            safety,
            scenario_id: scenario_id.unwrap_or_else(|| self.ids.next_id("scn")),
            title: summary.title.clone(),
            documents,
            target_url,
            answerer: request.answerer,
            secrets: request.secrets,
            memory,
            engine: request.engine,
            checkpoint,
            earlier,
        };
        self.spawn_run(&summary.id, &run_id, out_dir.clone(), browser, job);
        Ok(RunStarted { session_id: summary.id, run_id, out_dir })
    }

    /// A session's documents as they were attached.
    pub fn stored_documents(&self, session_id: &str) -> Result<Vec<Document>, RuntimeError> {
        let documents = crate::tail::restored_documents(&self.store, session_id)?;
        // A session started from a person's words has none: its steps are in its conversation.
        if documents.is_empty() && !crate::said::spoken_to(&self.store.events(session_id, 0)?) {
            return Err(RuntimeError::NoSpecs);
        }
        Ok(documents)
    }

    fn spawn_run(&self, session_id: &str, run_id: &str, out_dir: PathBuf, mut browser: BrowserConfig, job: Job) {
        // Downloads land in the session's own folder under the data folder; an imported session
        // uploads only files of its own folder there (a bundle's upload step names no file of
        // this machine).
        browser.downloads_dir = self.data_dir.join("downloads").join(session_id);
        if self.store.import_of(session_id).ok().flatten().is_some() {
            browser.files_dir = self.data_dir.join("files").join(session_id);
            let _ = std::fs::create_dir_all(&browser.files_dir);
        }
        let cancel = Arc::new(AtomicBool::new(false));
        let yielding = Arc::new(AtomicBool::new(false));
        let ctx = RunContext {
            store: Arc::clone(&self.store),
            knowledge: Arc::clone(&self.knowledge),
            session_id: session_id.to_string(),
            run_id: run_id.to_string(),
            trial_id: self.ids.next_id("trial"),
            out_dir,
            frames_dir: self.frames_dir(session_id),
            browser,
            cancel: Arc::clone(&cancel),
            yielding: Arc::clone(&yielding),
            trial_attempts: DEFAULT_TRIAL_ATTEMPTS,
            relocate: matches!(job, Job::Replay { relocate: true, .. }),
            trial_lanes: crate::lanes::trial_lanes(),
        };
        let handle = tokio::spawn(pipeline::run(ctx, job));
        self.runs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(run_id.to_string(), RunControl { cancel, yielding, handle: Some(handle) });
    }

    /// The passwords the session's own spec wrote, by the secret names `scenarios` give them: what
    /// a person exports as `SPECWRIGHT_SECRET_<NAME>` to run the exported test.
    pub fn spec_secrets(
        &self,
        session_id: &str,
        scenarios: &[specwright_scenario::Scenario],
    ) -> Result<Vec<(String, String)>, RuntimeError> {
        let documents = self.store.documents(session_id)?;
        let mut out: Vec<(String, String)> = Vec::new();
        for scenario in scenarios {
            for pair in crate::spec_secrets::spec_secrets(scenario, &documents) {
                if !out.contains(&pair) {
                    out.push(pair);
                }
            }
        }
        Ok(out)
    }

    /// Re-runs every scenario of the session as stored (a workbook's cases each), with no engine
    /// and no LLM: trials, review and exports. `target_url` replaces the recorded one (the app may
    /// live elsewhere today).
    pub async fn replay(self: &Arc<Self>, request: ReplayRequest) -> Result<RunStarted, RuntimeError> {
        let scenarios = self.store.session_scenarios(&request.session_id)?;
        self.replay_scenarios(request, scenarios, Vec::new()).await
    }

    /// A replay of `scenarios` that saves each of `undo` (the same scenarios before a heal) back
    /// as its scenario's version unless its trial passes.
    pub(crate) async fn replay_scenarios(
        self: &Arc<Self>,
        request: ReplayRequest,
        scenarios: Vec<specwright_scenario::Scenario>,
        undo: Vec<specwright_scenario::Scenario>,
    ) -> Result<RunStarted, RuntimeError> {
        let planned = self.plan_replay(request, scenarios, undo).await?;
        self.start_replay(planned, None)
    }

    /// Everything a replay needs, checked before anything is recorded: its scenarios, their
    /// secrets, a browser, and an app that answers.
    pub(crate) async fn plan_replay(
        &self,
        request: ReplayRequest,
        scenarios: Vec<specwright_scenario::Scenario>,
        undo: Vec<specwright_scenario::Scenario>,
    ) -> Result<PlannedReplay, RuntimeError> {
        let summary = self.store.session(&request.session_id)?;
        let Some(scenario) = scenarios.last() else {
            return Err(RuntimeError::NoScenario(request.session_id.clone()));
        };
        // A password the spec itself gave is known again from the stored documents (the window
        // has no other way to pass it); one given with the request wins.
        let mut secrets = Secrets::default();
        let documents = self.store.documents(&request.session_id)?;
        // Cases that read different values for one name leave it to the person (a flag, the
        // keychain): neither is taken over the other.
        let mut recovered: Vec<(String, String)> = Vec::new();
        let mut disputed: Vec<String> = Vec::new();
        for scenario in &scenarios {
            for (name, value) in crate::spec_secrets::spec_secrets(scenario, &documents) {
                match recovered.iter().find(|(n, _)| *n == name) {
                    Some((_, known)) if *known != value => disputed.push(name),
                    Some(_) => {}
                    None => recovered.push((name, value)),
                }
            }
        }
        for (name, value) in recovered.iter().filter(|(n, _)| !disputed.contains(n)) {
            secrets.insert(name, value);
        }
        for name in request.secrets.names() {
            if let Some(value) = request.secrets.get(&name) {
                secrets.insert(&name, value);
            }
        }
        // A secret nobody provided would fail every run at the same step: say so before starting.
        if let Some(missing) = scenarios
            .iter()
            .flat_map(|s| &s.variables)
            .find(|v| v.source == specwright_scenario::VariableSource::Secret && secrets.get(&v.name).is_none())
        {
            return Err(RuntimeError::Browser(specwright_rails::missing_secret(&missing.name)));
        }
        let target_url = request.target_url.unwrap_or_else(|| scenario.target_url.clone());
        self.check_imported_target(&request.session_id, &target_url)?;
        let browser = match request.browser {
            Some(config) => config,
            None => BrowserConfig::detect()?,
        };
        prepare_driver()?;
        crate::reachable::check_reachable(&target_url).await?;
        Ok(PlannedReplay {
            session_id: summary.id,
            out_dir: request.out_dir,
            browser,
            check: request.check,
            scenarios,
            target_url,
            secrets,
            undo,
            heal_of: None,
        })
    }

    /// Records and starts a planned replay (a part of a suite's check with `suite`, queued for
    /// its seats behind the runs of the suite started before it).
    pub(crate) fn start_replay(
        &self,
        planned: PlannedReplay,
        suite: Option<Arc<crate::suite_check::SuiteCheck>>,
    ) -> Result<RunStarted, RuntimeError> {
        let PlannedReplay { session_id, out_dir, browser, check, scenarios, target_url, secrets, undo, heal_of } =
            planned;
        let run_id = self.ids.next_id("run");
        // Queued in the order runs are started (a suite's check starts those that read only
        // first); a run that never starts gives its place up at once.
        let ticket = suite.as_ref().map(|s| s.seating.ticket(&run_id));
        let out_dir = match out_dir {
            OutDir::Exact(dir) => dir,
            OutDir::PerSession(dir) => dir.join(&session_id).join(&run_id),
        };
        std::fs::create_dir_all(&out_dir)
            .map_err(|e| RuntimeError::OutDir { path: out_dir.display().to_string(), reason: e.to_string() })?;
        let kind = match (check, &heal_of) {
            (true, _) => "check",
            (false, Some(_)) => "heal",
            (false, None) => "replay",
        };
        self.store.start_run(&run_id, &session_id, kind)?;
        self.store.set_status(&session_id, specwright_protocol::SessionStatus::Running)?;
        let job = Job::Replay { scenarios, target_url, secrets, relocate: check, undo, heal_of, suite, ticket };
        self.spawn_run(&session_id, &run_id, out_dir.clone(), browser, job);
        Ok(RunStarted { session_id, run_id, out_dir })
    }

    /// Writes the session's latest scenario (and latest trial, if any) in the chosen formats.
    pub fn export(
        &self,
        session_id: &str,
        formats: &[ExportFormat],
        out_dir: &Path,
    ) -> Result<Vec<OutputFile>, RuntimeError> {
        self.store.session(session_id)?;
        let scenario =
            self.store.latest_scenario(session_id)?.ok_or_else(|| RuntimeError::NoScenario(session_id.to_string()))?;
        let trial: Option<TrialReport> =
            self.store.latest_run_result(session_id)?.and_then(|json| serde_json::from_str(&json).ok());
        let read_frame = crate::export::frame_reader(self.frames_dir(session_id));
        Ok(write_exports(out_dir, &scenario, trial.as_ref(), formats, &read_frame)?.0)
    }

    /// Asks a run to stop at its next step. Returns false when no such run is live.
    pub fn cancel(&self, run_id: &str) -> bool {
        let runs = self.runs.lock().unwrap_or_else(|p| p.into_inner());
        match runs.get(run_id) {
            Some(control) => {
                control.cancel.store(true, Ordering::SeqCst);
                true
            }
            None => false,
        }
    }

    /// Asks a run of this process to stop at its next step's boundary for a message (or, with
    /// `false`, to go on after all); false when no such run is live here.
    pub(crate) fn yield_run(&self, run_id: &str, stop: bool) -> bool {
        let runs = self.runs.lock().unwrap_or_else(|p| p.into_inner());
        runs.get(run_id).map(|control| control.yielding.store(stop, Ordering::SeqCst)).is_some()
    }

    /// Waits until the run has emitted its terminal event.
    pub async fn wait(&self, run_id: &str) {
        let handle = self.runs.lock().unwrap_or_else(|p| p.into_inner()).get_mut(run_id).and_then(|c| c.handle.take());
        if let Some(handle) = handle {
            let _ = handle.await;
        }
    }
}
