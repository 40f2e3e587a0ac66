//! The commands a terminal or a script runs, beyond the window's: sessions from spec files on
//! disk with an answers file and secrets given up front, replays against another target, the
//! bundled demo, exports to a folder, bundles, reading and searching documents, and the API key.

use crate::{api_error, checked_id, started, Api};
use specwright_browser::{Environment, Secrets};
use specwright_catalog::{render, Locale};
use specwright_intake::Document;
use specwright_knowledge::{Hit, SearchMode};
use specwright_protocol::{
    ApiError, OutputFile, Question, QuestionKind, Settings, StartedSession, Suite, SuiteExport, Text,
};
use specwright_rails::Answerer;
use specwright_runtime::{
    engine_choice, secrets_from, Answers, ExportFormat, KeySource, OutDir, ReplayRequest, ResumeRequest, Runtime,
    RuntimeError, SafetyOptions, SessionRequest,
};
use specwright_scenario::{Comparison, Judgement, Proposal, VariableSource};
use std::path::{Path, PathBuf};

/// Where a run drives the application.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Url(String),
    /// The bundled demo app, served for as long as the API lives.
    DemoApp,
}

/// What a run may do without asking.
#[derive(Debug, Clone, Default)]
pub struct SafetyFlags {
    /// Approve risky actions (delete, pay, send on production …) without asking.
    pub allow_risky: bool,
    /// Other origins pages may visit (an SSO provider, say).
    pub allow_origins: Vec<String>,
    /// The target is production: sending and saving also need confirmation.
    pub production: bool,
}

/// The engine, named the way the settings name it: `provider`, `base_url`, `model` and
/// `azure_api_version` (the key comes from the environment or the keychain, never a flag).
pub type EngineFlags = Settings;

/// A new session from spec files.
pub struct RunOptions {
    pub specs: Vec<PathBuf>,
    pub target: Target,
    /// Exactly this folder receives the exports.
    pub out: PathBuf,
    pub title: Option<String>,
    pub safety: SafetyFlags,
    /// A YAML list of `{when: <regex>, answer: <option>}`.
    pub answers_file: Option<PathBuf>,
    /// `NAME=VALUE`, each.
    pub secrets: Vec<String>,
    pub engine: EngineFlags,
    /// What the person says at the start (`run --say`): with no spec, the session is built from
    /// these words alone.
    pub say: Option<String>,
}

/// A stopped session continued.
pub struct ResumeOptions {
    pub session_id: String,
    /// `None`: the session's own target.
    pub target: Option<Target>,
    /// `None`: `out/<session id>`.
    pub out: Option<PathBuf>,
    pub allow_risky: bool,
    pub answers_file: Option<PathBuf>,
    pub secrets: Vec<String>,
    pub engine: EngineFlags,
}

/// A stored scenario trial-run again, with no engine and no model.
pub struct ReplayOptions {
    pub session_id: String,
    /// `None`: the URL it was recorded against.
    pub target: Option<Target>,
    /// `NAME=VALUE`, each; else `SPECWRIGHT_SECRET_<NAME>`.
    pub secrets: Vec<String>,
    /// `None`: `out/<session id>/<run id>`.
    pub out: Option<PathBuf>,
}

/// What a search found, and why semantic search was off when it was.
pub struct Search {
    pub hits: Vec<Hit>,
    pub semantic_off: Option<String>,
}

/// A model endpoint answered: its reply, and where the key came from (never the key).
pub struct KeyCheck {
    pub reply: String,
    pub key_from: &'static str,
}

fn per_session(out: Option<PathBuf>) -> OutDir {
    OutDir::PerSession(out.unwrap_or_else(|| PathBuf::from("out")))
}

/// The answers file and secrets; a person (the terminal) answers what they do not.
fn answerer(
    answers_file: Option<&Path>,
    secrets: &[String],
    ask: Option<Box<dyn Answerer>>,
) -> Result<(Box<dyn Answerer>, Secrets), ApiError> {
    let rules = match answers_file {
        Some(path) => Answers::load_rules(path).map_err(api_error)?,
        None => Vec::new(),
    };
    let secrets = secrets_from(secrets).map_err(api_error)?;
    let mut answers = Answers::new(rules, secrets.clone());
    if let Some(ask) = ask {
        answers = answers.with_fallback(ask);
    }
    Ok((Box::new(answers), secrets))
}

/// A drift's proposal as the question an answers file's rule answers.
fn heal_question(session_id: &str, scenario_id: &str, proposal: &Proposal) -> Question {
    let words = |text: &Option<Text>, fallback: &str| text.clone().unwrap_or_else(|| Text::said(fallback));
    Question {
        id: if scenario_id.is_empty() {
            format!("heal:{session_id}:{}", proposal.step)
        } else {
            format!("heal:{session_id}:{scenario_id}:{}", proposal.step)
        },
        kind: QuestionKind::Confirm,
        text: Text::message(
            "heal-question",
            [
                ("step", proposal.step.into()),
                ("was", words(&proposal.was_words, &proposal.was).into()),
                ("found", words(&proposal.found_words, &proposal.relocation.found).into()),
            ],
        ),
        target: Some(proposal.relocation.found.clone()),
        options: specwright_rails::confirm_options(),
        why: Text::message("heal-question-why", []),
        source: None,
    }
}

/// The spec files read, the first unreadable one named.
fn read_specs(specs: &[PathBuf]) -> Result<Vec<Document>, ApiError> {
    specs.iter().map(|path| specwright_intake::read_spec(path).map_err(|e| api_error(e.into()))).collect()
}

impl Api {
    async fn target_url(&self, target: Option<Target>) -> Result<Option<String>, ApiError> {
        match target {
            Some(Target::Url(url)) => Ok(Some(url)),
            Some(Target::DemoApp) => self.serve_demo_app().await.map(Some),
            None => Ok(None),
        }
    }

    /// Reads the specs (the first unreadable one is named), then starts the session.
    pub async fn run(
        &self,
        mut options: RunOptions,
        ask: Option<Box<dyn Answerer>>,
    ) -> Result<StartedSession, ApiError> {
        let say = options.say.take();
        let request = self.session_request(options, ask).await?;
        match say {
            Some(words) => self.runtime.start_saying(request, &words, "terminal").await,
            None => self.runtime.start_session(request).await,
        }
        .map(started)
        .map_err(api_error)
    }

    /// How the specs (a new version of the session's spec) differ from the version the session
    /// was explored from, sentence by sentence; nothing runs.
    pub fn compare_spec_files(&self, session_id: &str, specs: &[PathBuf]) -> Result<Comparison, ApiError> {
        checked_id(session_id)?;
        let documents = read_specs(specs)?;
        self.runtime.compare_spec(session_id, &documents).map_err(api_error)
    }

    /// A new session on a new version of `session_id`'s spec: unchanged sentences keep their
    /// recorded steps, changed and new ones are explored, the earlier answers are remembered. With
    /// no target given (an empty URL), the earlier session's.
    pub async fn revise(
        &self,
        session_id: &str,
        mut options: RunOptions,
        ask: Option<Box<dyn Answerer>>,
    ) -> Result<StartedSession, ApiError> {
        checked_id(session_id)?;
        if matches!(&options.target, Target::Url(url) if url.is_empty()) {
            let earlier = self.runtime.store().session(session_id).map_err(|e| api_error(e.into()))?;
            options.target = Target::Url(earlier.target_url);
        }
        let request = self.session_request(options, ask).await?;
        self.runtime.start_revision(session_id, request).await.map(started).map_err(api_error)
    }

    async fn session_request(
        &self,
        options: RunOptions,
        ask: Option<Box<dyn Answerer>>,
    ) -> Result<SessionRequest, ApiError> {
        let documents = read_specs(&options.specs)?;
        let (answerer, secrets) = answerer(options.answers_file.as_deref(), &options.secrets, ask)?;
        let target_url = self.target_url(Some(options.target)).await?.unwrap_or_default();
        Ok(SessionRequest {
            title: options.title,
            documents,
            target_url,
            out_dir: OutDir::Exact(options.out),
            browser: None,
            safety: SafetyOptions {
                extra_origins: options.safety.allow_origins,
                environment: if options.safety.production { Environment::Production } else { Environment::Test },
                allow_risky: options.safety.allow_risky,
            },
            answerer,
            secrets,
            engine: engine_choice(&options.engine, &self.keychain),
        })
    }

    /// Continues a session that stopped (at a question, say) with the answers given now.
    pub async fn resume(
        &self,
        options: ResumeOptions,
        ask: Option<Box<dyn Answerer>>,
    ) -> Result<StartedSession, ApiError> {
        let request = self.resume_request(options, ask).await?;
        self.runtime.resume(request).await.map(started).map_err(api_error)
    }

    /// A stopped session's continuation as `options` ask for it.
    async fn resume_request(
        &self,
        options: ResumeOptions,
        ask: Option<Box<dyn Answerer>>,
    ) -> Result<ResumeRequest, ApiError> {
        checked_id(&options.session_id)?;
        let (answerer, secrets) = answerer(options.answers_file.as_deref(), &options.secrets, ask)?;
        let target_url = self.target_url(options.target).await?;
        Ok(ResumeRequest {
            session_id: options.session_id,
            target_url,
            out_dir: options.out.map_or_else(|| per_session(None), OutDir::Exact),
            browser: None,
            safety: SafetyOptions { allow_risky: options.allow_risky, ..SafetyOptions::default() },
            answerer,
            secrets,
            engine: engine_choice(&options.engine, &self.keychain),
            forget: Vec::new(),
        })
    }

    /// What a person at a terminal says to a session (see [`specwright_runtime::Runtime::say`]):
    /// a run that goes on from the session, or the engine's reply.
    pub async fn say(
        &self,
        options: ResumeOptions,
        words: &str,
        ask: Option<Box<dyn Answerer>>,
    ) -> Result<StartedSession, ApiError> {
        let request = self.resume_request(options, ask).await?;
        self.runtime.say(request, words, "terminal").await.map(started).map_err(api_error)
    }

    /// "Check the suite" said to a session (`options`' session): recorded there with the reply,
    /// and the suite's origin for the caller to check it as `check` does (each session's secrets
    /// from the flags and the environment); the origin `None` when there is no suite yet. `None`
    /// when the words ask something else, for [`Api::say`].
    pub async fn said_suite(
        &self,
        options: &ResumeOptions,
        words: &str,
    ) -> Result<Option<(StartedSession, Option<String>)>, ApiError> {
        checked_id(&options.session_id)?;
        let out = per_session(options.out.clone());
        let said = self.runtime.said_suite(&options.session_id, words, "terminal", out).await.map_err(api_error)?;
        Ok(said.map(|(reply, suite)| (started(reply), suite.map(|s| s.origin))))
    }

    /// Writes suite `suite`'s kept scenarios as one Playwright project in `out` (default
    /// `out/suite-<name>`); see [`Runtime::export_suite`].
    pub fn export_suite_to(&self, suite: &str, out: Option<PathBuf>) -> Result<SuiteExport, ApiError> {
        let found = self.runtime.suite(suite).map_err(api_error)?;
        let out = out.unwrap_or_else(|| PathBuf::from("out").join(Runtime::suite_folder(&found)));
        self.runtime.export_suite(&found.origin, &out).map_err(api_error)
    }

    /// Secret values for the scenario's secret variables: the flags first, then the
    /// `SPECWRIGHT_SECRET_<NAME>` environment variable.
    pub async fn replay(&self, options: ReplayOptions) -> Result<StartedSession, ApiError> {
        self.replay_as(options, false).await
    }

    /// A check of one kept scenario against the app as it is now: a replay whose steps, when
    /// their element is gone, go on with the same control found elsewhere (see
    /// [`Api::judgement`]). A target that is only an origin keeps the recorded page's path.
    pub async fn check(&self, options: ReplayOptions) -> Result<StartedSession, ApiError> {
        let options = self.check_target(options)?;
        self.replay_as(options, true).await
    }

    /// Checks several sessions (a suite's) at once, each its own run (options as for
    /// [`Api::check`]), in contexts of one browser, side by side where the shared-data rule
    /// allows. Returns each session's run, or why it could not start, in the order given.
    pub async fn check_all(&self, options: Vec<ReplayOptions>) -> Vec<Result<StartedSession, ApiError>> {
        let mut requests = Vec::new();
        let mut refused: Vec<Option<ApiError>> = Vec::new();
        for options in options {
            let request = match self.check_target(options) {
                Ok(options) => self.replay_request(options, true).await,
                Err(error) => Err(error),
            };
            match request {
                Ok(request) => {
                    requests.push(request);
                    refused.push(None);
                }
                Err(error) => refused.push(Some(error)),
            }
        }
        let mut runs = self.runtime.check_all(requests).await.into_iter();
        refused
            .into_iter()
            .map(|refusal| match refusal {
                Some(error) => Err(error),
                None => match runs.next() {
                    Some(run) => run.map(started).map_err(api_error),
                    None => Err(api_error(RuntimeError::NoTrial)),
                },
            })
            .collect()
    }

    /// A check's target that is only an origin keeps the recorded page's path.
    fn check_target(&self, mut options: ReplayOptions) -> Result<ReplayOptions, ApiError> {
        if let Some(Target::Url(url)) = &options.target {
            let recorded = self.runtime.store().session(&options.session_id).map_err(|e| api_error(e.into()))?;
            let origin = specwright_runtime::origin_of(url);
            if url.trim_end_matches('/') == origin {
                let path = &recorded.target_url[specwright_runtime::origin_of(&recorded.target_url).len()..];
                options.target = Some(Target::Url(format!("{origin}{path}")));
            }
        }
        Ok(options)
    }

    /// Whether an answers file approves every new element a drift proposes. Each is asked as
    /// "Step 4: '로그인' button → '로그인하기' button. Use the new element?" (id
    /// `heal:<session>:<scenario>:<step>`),
    /// and only a rule aimed at it answers: one matching that id (`when: "heal:"` approves every
    /// heal), or the new element ('로그인하기', `button "로그인하기"`). A rule written for other
    /// questions (`when: "삭제"` for a delete's confirmation) never approves a heal. A scenario is
    /// healed only when every one is approved: a heal of some of its steps could not pass its trial.
    pub fn heal_approved(
        &self,
        answers_file: &Path,
        session_id: &str,
        judgement: &Judgement,
    ) -> Result<bool, ApiError> {
        let rules = Answers::load_rules(answers_file).map_err(api_error)?;
        Ok(!judgement.relocations.is_empty()
            && judgement.relocations.iter().all(|proposal| {
                let question = heal_question(session_id, &judgement.scenario_id, proposal);
                let mut aimed = vec![question.id.clone(), proposal.relocation.found.clone()];
                if let Some(found) = &proposal.found_words {
                    aimed.extend(Locale::ALL.iter().map(|l| render(found, *l)));
                }
                rules
                    .iter()
                    .find(|rule| aimed.iter().any(|a| rule.when.is_match(a)))
                    .is_some_and(|rule| specwright_rails::is_yes(&rule.answer))
            }))
    }

    /// The kept scenarios, by application.
    pub fn suites(&self) -> Result<Vec<Suite>, ApiError> {
        self.runtime.suites().map_err(api_error)
    }

    /// The suite a name picks (its origin, or any URL on it).
    pub fn suite(&self, name: &str) -> Result<Suite, ApiError> {
        self.runtime.suite(name).map_err(api_error)
    }

    /// What a finished check found, scenario by scenario (a workbook's cases each): passed,
    /// drifted (with where each element went), failed or blocked, with the step and the app's
    /// words.
    pub fn judgements(&self, session_id: &str, run_id: &str) -> Result<Vec<Judgement>, ApiError> {
        checked_id(session_id)?;
        self.runtime.judgements(session_id, run_id).map_err(api_error)
    }

    /// Approves, as a person at the terminal, the new elements a drifted check (`run_id`)
    /// proposed for `scenarios` (their ids), and trial-runs the healed scenarios (`options` as
    /// for a replay); each whose trial does not pass is put back as it was.
    pub async fn heal(
        &self,
        run_id: &str,
        scenarios: &[String],
        options: ReplayOptions,
    ) -> Result<StartedSession, ApiError> {
        checked_id(run_id)?;
        let request = self.replay_request(options, false).await?;
        self.runtime.heal(run_id, scenarios, "terminal", request).await.map(started).map_err(api_error)
    }

    /// Whether the heal of `scenario_id` a check (`check_run`) proposed holds: its latest version
    /// carries a heal of that run (a heal whose trial did not pass was put back).
    pub fn heal_held(&self, session_id: &str, scenario_id: &str, check_run: &str) -> Result<bool, ApiError> {
        let scenarios = self.runtime.store().session_scenarios(session_id).map_err(|e| api_error(e.into()))?;
        Ok(scenarios
            .iter()
            .find(|s| s.id == scenario_id)
            .is_some_and(|s| s.steps.iter().any(|step| step.heals.iter().any(|h| h.run_id == check_run))))
    }

    async fn replay_as(&self, options: ReplayOptions, check: bool) -> Result<StartedSession, ApiError> {
        let request = self.replay_request(options, check).await?;
        self.runtime.replay(request).await.map(started).map_err(api_error)
    }

    async fn replay_request(&self, options: ReplayOptions, check: bool) -> Result<ReplayRequest, ApiError> {
        checked_id(&options.session_id)?;
        let scenario = self
            .runtime
            .store()
            .latest_scenario(&options.session_id)
            .map_err(|e| api_error(e.into()))?
            .ok_or_else(|| api_error(RuntimeError::NoScenario(options.session_id.clone())))?;
        let mut secrets = secrets_from(&options.secrets).map_err(api_error)?;
        for variable in scenario.variables.iter().filter(|v| v.source == VariableSource::Secret) {
            if secrets.get(&variable.name).is_none() {
                if let Ok(value) = std::env::var(format!("SPECWRIGHT_SECRET_{}", variable.name)) {
                    secrets.insert(&variable.name, &value);
                }
            }
        }
        let target_url = self.target_url(options.target).await?;
        let request = ReplayRequest {
            session_id: options.session_id,
            target_url,
            secrets,
            out_dir: per_session(options.out),
            browser: None,
            check,
        };
        Ok(request)
    }

    /// The sequence number of the session's last stored event: what a new run's events follow.
    pub fn last_seq(&self, session_id: &str) -> Result<u32, ApiError> {
        self.runtime.store().session(session_id).map(|s| s.last_seq).map_err(|e| api_error(e.into()))
    }

    /// Serves the bundled demo app (alive as long as the API) and starts a session on the
    /// bundled sample spec; the app's URL and the session.
    pub async fn demo(&self, out: Option<PathBuf>, port: u16) -> Result<(String, StartedSession), ApiError> {
        let (app, run) = self.runtime.start_demo(per_session(out), port).await.map_err(api_error)?;
        let url = app.url();
        self.keep(app);
        Ok((url, started(run)))
    }

    /// The same engine on the bundled test-case workbook, against the demo app at `app_url`.
    pub async fn demo_workbook(&self, out: Option<PathBuf>, app_url: String) -> Result<StartedSession, ApiError> {
        self.runtime.start_demo_workbook(per_session(out), app_url).await.map(started).map_err(api_error)
    }

    /// The session's scenario and latest trial written to `out`, in the comma-separated
    /// `formats` (or `all`).
    pub fn export(&self, session_id: &str, formats: &str, out: &Path) -> Result<Vec<OutputFile>, ApiError> {
        let formats = parse_formats(formats).map_err(api_error)?;
        self.runtime.export(session_id, &formats, out).map_err(api_error)
    }

    /// The session's report printed to PDF by Chromium (the browser of the settings), written
    /// beside the report in its output folder, or to `out` alone when given.
    pub async fn report_pdf(&self, session_id: &str, out: Option<PathBuf>) -> Result<PathBuf, ApiError> {
        checked_id(session_id)?;
        let browser = specwright_runtime::browser_config(&self.settings()).map_err(api_error)?;
        self.runtime.report_pdf(session_id, browser, out.as_deref()).await.map_err(api_error)
    }

    /// The address an imported session's bundle names, while nobody here has agreed to send its
    /// steps there.
    pub fn untrusted_import_target(&self, session_id: &str) -> Result<Option<String>, ApiError> {
        checked_id(session_id)?;
        self.runtime.untrusted_import_target(session_id).map_err(api_error)
    }

    /// The person agreed to send an imported session's steps to the address its bundle names.
    pub fn trust_imported_target(&self, session_id: &str) -> Result<(), ApiError> {
        checked_id(session_id)?;
        self.runtime.trust_imported_target(session_id).map_err(api_error)
    }

    /// The whole session (no secrets) in one file; `<session id>.swbundle` by default.
    pub fn bundle(&self, session_id: &str, file: Option<PathBuf>) -> Result<PathBuf, ApiError> {
        checked_id(session_id)?;
        let file = file.unwrap_or_else(|| PathBuf::from(format!("{session_id}.swbundle")));
        self.runtime.bundle(session_id, &file).map_err(api_error)
    }

    /// A bundle opened as a session of this machine; its id.
    pub fn import_bundle(&self, file: &Path) -> Result<String, ApiError> {
        self.runtime.import_bundle(file).map_err(api_error)
    }

    /// A session's documents searched; every hit carries its citation.
    pub fn search(&self, session_id: &str, query: &str, mode: &str, k: usize) -> Result<Search, ApiError> {
        let mode = SearchMode::parse(mode).ok_or_else(|| {
            api_error(RuntimeError::BadArgument(format!("--mode {mode} (keyword, semantic, hybrid)")))
        })?;
        self.runtime.store().session(session_id).map_err(|e| api_error(e.into()))?;
        let semantic_off = match mode {
            SearchMode::Keyword => None,
            _ => self.runtime.knowledge().embedder().err().map(|off| off.to_string()),
        };
        let hits = self.runtime.knowledge().search(session_id, query, mode, k).map_err(|e| api_error(e.into()))?;
        Ok(Search { hits, semantic_off })
    }

    /// Whether a key was stored for the endpoint, then removed.
    pub fn forget_key(&self, base_url: &str) -> Result<bool, ApiError> {
        self.keychain.forget_api_key(base_url).map_err(|e| e.to_api())
    }

    /// One small request to the endpoint and model the flags name, with the key of the
    /// environment or the keychain.
    pub async fn check_key(&self, engine: &EngineFlags) -> Result<KeyCheck, ApiError> {
        let mut settings = engine.clone();
        settings.provider = match settings.provider {
            specwright_protocol::ProviderKind::Offline => specwright_protocol::ProviderKind::OpenAi,
            other => other,
        };
        let settings = specwright_runtime::check_settings(&settings).map_err(api_error)?;
        let Some(config) = specwright_runtime::llm_config(&settings, &self.keychain) else {
            return Err(api_error(RuntimeError::BadArgument("--base-url".into())));
        };
        let key_from = match specwright_runtime::api_key_for(&settings.base_url, &self.keychain).1 {
            KeySource::Environment => specwright_runtime::API_KEY_ENV,
            KeySource::Keychain => "keychain",
            KeySource::None => "no key",
        };
        let reply = specwright_runtime::check_provider(config).await.map_err(api_error)?;
        Ok(KeyCheck { reply, key_from })
    }
}

/// A spec file read on its own, nothing stored: what a person checks before a session.
pub fn ingest(path: &Path) -> Result<Document, ApiError> {
    specwright_intake::read_spec(path)
        .map_err(|e| ApiError { code: e.code().into(), message: specwright_runtime::intake_error_text(&e) })
}

fn parse_formats(text: &str) -> Result<Vec<ExportFormat>, RuntimeError> {
    if text.trim() == "all" {
        return Ok(ExportFormat::ALL.to_vec());
    }
    let known = || ExportFormat::ALL.iter().map(|f| f.name()).collect::<Vec<_>>().join(", ");
    text.split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| ExportFormat::parse(t).ok_or_else(|| RuntimeError::UnknownFormat(t.to_string(), known())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_parsed_by_name_and_an_unknown_one_is_named_with_the_known_ones() {
        assert_eq!(parse_formats("all").unwrap().len(), ExportFormat::ALL.len());
        let two = parse_formats(" playwright , junit ,").unwrap();
        assert_eq!(two.iter().map(|f| f.name()).collect::<Vec<_>>(), ["playwright", "junit"]);
        let e = parse_formats("playwright,cucumber").unwrap_err();
        assert_eq!(e.code(), "unknown_format");
        assert!(e.to_string().contains("cucumber") && e.to_string().contains("gherkin-ko"), "{e}");
    }

    fn proposal(step: u32, was: &str, found: &str) -> Proposal {
        let named = |name: &str| {
            Text::message("element-named", [("name", name.into()), ("kind", Text::message("kind-button", []).into())])
        };
        Proposal {
            step,
            intent: format!("'{was}' 버튼을 클릭한다."),
            was: format!("button \"{was}\""),
            relocation: specwright_scenario::Relocation {
                target: specwright_scenario::Target::default(),
                found: format!("button \"{found}\""),
                same_element: false,
            },
            was_words: Some(named(was)),
            found_words: Some(named(found)),
            code_was: String::new(),
            code_now: String::new(),
        }
    }

    #[test]
    fn an_answers_file_heals_a_drift_only_when_it_approves_every_new_element() {
        let dir = tempfile::tempdir().unwrap();
        let api = Api::open(&dir.path().join("data"), dir.path().join("out")).unwrap();
        let judgement = |relocations| Judgement {
            scenario_id: "ses_1-tc-01".into(),
            title: "TC-01".into(),
            outcome: specwright_scenario::CheckOutcome::Drifted,
            step: Some(4),
            message: None,
            relocations,
        };
        let both = judgement(vec![proposal(4, "로그인", "로그인하기"), proposal(9, "등록", "상품 등록")]);
        let file = |rules: &str| {
            let path = dir.path().join("answers.yaml");
            std::fs::write(&path, rules).unwrap();
            path
        };
        // A rule aimed at heals, or naming the new element, in either language.
        let every = file("- when: \"^heal:\"\n  answer: yes\n");
        assert!(api.heal_approved(&every, "ses_1", &both).unwrap());
        let one = file("- when: \"로그인하기\"\n  answer: yes\n");
        assert!(!api.heal_approved(&one, "ses_1", &both).unwrap(), "the second proposal was not approved");
        assert!(api.heal_approved(&one, "ses_1", &judgement(vec![proposal(4, "로그인", "로그인하기")])).unwrap());
        let english = file("- when: \"the 'Save contact' button\"\n  answer: yes\n");
        assert!(api.heal_approved(&english, "ses_1", &judgement(vec![proposal(9, "Save", "Save contact")])).unwrap());
        let refused = file("- when: \"로그인하기\"\n  answer: no\n- when: \"heal:\"\n  answer: yes\n");
        assert!(!api.heal_approved(&refused, "ses_1", &both).unwrap(), "the first matching rule answers");
        // A rule for other questions (the old element's name, a delete's confirmation, any
        // question's words) never approves a heal.
        let other = file("- when: \"등록|Use the new|바꿀까요|삭제\"\n  answer: yes\n");
        assert!(!api.heal_approved(&other, "ses_1", &judgement(vec![proposal(9, "등록", "저장")])).unwrap());
        let every_question = file("- when: \"Use the new element\"\n  answer: yes\n");
        assert!(!api.heal_approved(&every_question, "ses_1", &both).unwrap());
        assert!(!api.heal_approved(&every, "ses_1", &judgement(vec![])).unwrap(), "nothing to approve");
    }
}
