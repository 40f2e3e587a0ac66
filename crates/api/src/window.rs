//! The window's commands: sessions started from dropped or picked files with the engine,
//! browser and origins of the saved settings; questions answered in the window, a password in
//! its masked field (kept in the OS keychain or in memory, never in the database). The desktop
//! shell forwards each IPC call here unchanged.

use crate::{api_error, checked_id, started, Api};
use specwright_browser::Secrets;
use specwright_intake::Document;
use specwright_protocol::{
    ApiError, ApiKeyStatus, CodeFile, Commands, Comparison, Event, EventChannel, FrameBytes, NewSessionRequest,
    QuestionKind, SavedExports, SessionDetail, SessionStatus, SessionSummary, Settings, SourceSection, SpecFile,
    StartedSession, Suite, SuiteCheckRun, SuiteExport, Text,
};
use specwright_rails::NoAnswers;
use specwright_runtime::{
    browser_config, engine_choice, note_remembered_secret, remembered_secret_names, secret_name, DemoApp, EngineChoice,
    KeychainError, OutDir, ReplayRequest, ResumeRequest, Runtime, RuntimeError, SafetyOptions, SessionRequest,
    DEMO_SPEC, DEMO_SPEC_NAME,
};
use std::sync::Arc;

/// Spec files a new session may have at once.
const MAX_FILES: usize = 20;

fn safety(settings: &Settings) -> SafetyOptions {
    SafetyOptions { extra_origins: settings.allowed_origins.clone(), ..SafetyOptions::default() }
}

/// Each file read on its own; the first that cannot be read is named in the error, and
/// nothing is stored. A path is read only when the person dropped that file on the window
/// (`dropped`): the window's own words never name a file to read.
fn read_files(files: &[SpecFile], dropped: &dyn Fn(&std::path::Path) -> bool) -> Result<Vec<Document>, RuntimeError> {
    if files.is_empty() {
        return Err(RuntimeError::NoSpecs);
    }
    if files.len() > MAX_FILES {
        return Err(RuntimeError::Invalid(Text::message("invalid-too-many-files", [("max", MAX_FILES.into())])));
    }
    files
        .iter()
        .map(|file| match file {
            SpecFile::Path { path } if !dropped(std::path::Path::new(path)) => {
                Err(RuntimeError::Invalid(Text::message("invalid-path-not-dropped", [("path", path.as_str().into())])))
            }
            SpecFile::Path { path } => specwright_intake::read_spec(std::path::Path::new(path)).map_err(Into::into),
            SpecFile::Bytes { name, bytes } => specwright_intake::parse(name, bytes).map_err(Into::into),
        })
        .collect()
}

fn keychain_error(e: KeychainError) -> ApiError {
    e.to_api()
}

impl Api {
    /// A session the window starts: questions wait for the person's answer in the window.
    fn window_session(
        &self,
        title: Option<String>,
        documents: Vec<Document>,
        target_url: String,
        settings: &Settings,
    ) -> Result<SessionRequest, RuntimeError> {
        Ok(SessionRequest {
            secrets: self.window_secrets(None, &target_url),
            title,
            documents,
            target_url,
            out_dir: OutDir::PerSession(self.out.clone()),
            browser: browser_config(settings)?,
            safety: safety(settings),
            answerer: Box::new(NoAnswers),
            engine: engine_choice(settings, &self.keychain),
        })
    }

    /// A session the window continues: its answers remembered, the secrets it knows, questions
    /// waiting for the person in the window.
    fn window_resume(
        &self,
        session_id: String,
        target_url: &str,
        settings: &Settings,
        engine: EngineChoice,
    ) -> Result<ResumeRequest, ApiError> {
        Ok(ResumeRequest {
            secrets: self.window_secrets(Some(&session_id), target_url),
            session_id,
            target_url: None,
            out_dir: OutDir::PerSession(self.out.clone()),
            browser: browser_config(settings).map_err(api_error)?,
            safety: safety(settings),
            answerer: Box::new(NoAnswers),
            engine,
            forget: Vec::new(),
        })
    }

    /// A replay the window starts: the browser of the settings, the secrets the window knows
    /// (the rest from the stored spec), against where the scenario was recorded.
    fn window_replay(&self, session_id: String) -> Result<ReplayRequest, ApiError> {
        checked_id(&session_id)?;
        let settings = self.settings();
        let summary = self.runtime.store().session(&session_id).map_err(|e| api_error(e.into()))?;
        Ok(ReplayRequest {
            secrets: self.window_secrets(Some(&session_id), &summary.target_url),
            session_id,
            target_url: None,
            out_dir: OutDir::PerSession(self.out.clone()),
            browser: browser_config(&settings).map_err(api_error)?,
            check: false,
        })
    }

    /// The secrets a window run knows: those typed for this session (held in memory), then
    /// those remembered in the keychain for the app. A keychain that cannot be read only means
    /// the run asks again.
    fn window_secrets(&self, session_id: Option<&str>, target_url: &str) -> Secrets {
        let mut secrets = session_id
            .and_then(|id| self.session_secrets.lock().ok().and_then(|held| held.get(id).cloned()))
            .unwrap_or_default();
        for name in remembered_secret_names(self.runtime.data_dir(), target_url) {
            if secrets.get(&name).is_some() {
                continue;
            }
            match self.keychain.secret(target_url, &name) {
                Ok(Some(value)) => secrets.insert(&name, &value),
                Ok(None) => {}
                Err(e) => tracing::warn!(secret = %name, code = e.code(), "a remembered secret could not be read"),
            }
        }
        secrets
    }

    /// The engine that continues a session: the one it was started with (an LLM session
    /// needs the provider set up in the settings).
    pub fn engine_for(&self, session_engine: &str, settings: &Settings) -> Result<EngineChoice, ApiError> {
        match (session_engine.starts_with("llm"), engine_choice(settings, &self.keychain)) {
            (false, _) => Ok(EngineChoice::Offline),
            (true, EngineChoice::Offline) => {
                Err(api_error(RuntimeError::Invalid(Text::message("invalid-model-session", []))))
            }
            (true, llm) => Ok(llm),
        }
    }

    fn key_status(&self, base_url: &str) -> Result<ApiKeyStatus, ApiError> {
        let key = self.keychain.api_key(base_url).map_err(keychain_error)?;
        Ok(ApiKeyStatus {
            stored: key.is_some(),
            masked: key.as_deref().map(specwright_runtime::masked),
            from_environment: std::env::var(specwright_runtime::API_KEY_ENV).is_ok_and(|k| !k.trim().is_empty()),
        })
    }
}

impl Commands for Api {
    async fn list_sessions(&self) -> Result<Vec<SessionSummary>, ApiError> {
        self.runtime.sessions().map_err(api_error)
    }

    async fn get_session(&self, session_id: String) -> Result<SessionDetail, ApiError> {
        self.runtime.session_detail(&session_id).map_err(api_error)
    }

    /// The forwarding is its own task: the run does not depend on it, and a closed window only
    /// stops the forwarding.
    async fn subscribe(&self, session_id: String, after_seq: u32, on_event: EventChannel) -> Result<(), ApiError> {
        let store = Arc::clone(self.runtime.store());
        let mut events = self.events(&session_id, after_seq)?;
        tokio::spawn(async move {
            while let Ok(Some(envelope)) = events.next().await {
                let terminal = envelope.event.is_terminal();
                if !(on_event.0)(envelope) {
                    break;
                }
                let running = matches!(store.session(&session_id).map(|s| s.status), Ok(SessionStatus::Running));
                if terminal && !running {
                    break;
                }
            }
        });
        Ok(())
    }

    async fn answer_question(&self, session_id: String, question_id: String, answer: String) -> Result<(), ApiError> {
        let summary = self.runtime.store().session(&session_id).map_err(|e| api_error(e.into()))?;
        let settings = self.settings();
        let engine = self.engine_for(&summary.engine, &settings)?;
        let browser = browser_config(&settings).map_err(api_error)?;
        self.runtime
            .answer_question(
                &session_id,
                &question_id,
                &answer,
                OutDir::PerSession(self.out.clone()),
                engine,
                browser,
                safety(&settings),
                self.window_secrets(Some(&session_id), &summary.target_url),
            )
            .await
            .map(|_| ())
            .map_err(api_error)
    }

    async fn say_to_session(&self, session_id: String, words: String) -> Result<(), ApiError> {
        checked_id(&session_id)?;
        let summary = self.runtime.store().session(&session_id).map_err(|e| api_error(e.into()))?;
        let settings = self.settings();
        let engine = self.engine_for(&summary.engine, &settings)?;
        let request = self.window_resume(session_id, &summary.target_url, &settings, engine)?;
        self.runtime.say(request, &words, "window").await.map(|_| ()).map_err(api_error)
    }

    /// Only for the secret question the session waits at. The value is checked, kept (keychain
    /// or memory), and handed to the resumed run; the log says only that it was given (`••••`).
    async fn answer_secret(
        &self,
        session_id: String,
        question_id: String,
        value: String,
        remember: bool,
    ) -> Result<(), ApiError> {
        checked_id(&session_id)?;
        if value.is_empty() || value.len() > 4096 {
            return Err(api_error(RuntimeError::Invalid(Text::message("invalid-secret-length", []))));
        }
        let summary = self.runtime.store().session(&session_id).map_err(|e| api_error(e.into()))?;
        let waiting = self
            .runtime
            .store()
            .events(&session_id, summary.last_seq.saturating_sub(1))
            .map_err(|e| api_error(e.into()))?
            .into_iter()
            .last()
            .and_then(|envelope| match envelope.event {
                Event::SessionWaiting { question } if question.kind == QuestionKind::Secret => Some(question),
                _ => None,
            });
        let name = match (&waiting, summary.status) {
            (Some(question), SessionStatus::Waiting) if question.id == question_id => secret_name(&question.id),
            _ => None,
        }
        .ok_or_else(|| api_error(RuntimeError::Invalid(Text::message("invalid-not-secret-question", []))))?;
        let settings = self.settings();
        let engine = self.engine_for(&summary.engine, &settings)?;
        if remember {
            self.keychain.store_secret(&summary.target_url, name, &value).map_err(keychain_error)?;
            if let Err(e) = note_remembered_secret(self.runtime.data_dir(), &summary.target_url, name, true) {
                tracing::warn!(error = %e, "could not note which secret was remembered");
            }
        }
        if let Ok(mut held) = self.session_secrets.lock() {
            held.entry(session_id.clone()).or_default().insert(name, &value);
        }
        let request = self.window_resume(session_id, &summary.target_url, &settings, engine)?;
        self.runtime.resume(request).await.map(|_| ()).map_err(api_error)
    }

    async fn read_frame(&self, session_id: String, file: String) -> Result<FrameBytes, ApiError> {
        let path = self.runtime.frame_path(&session_id, &file).map_err(api_error)?;
        let bytes = std::fs::read(&path).map_err(|_| ApiError {
            code: "frame_missing".into(),
            message: Text::message("error-frame-missing", []),
        })?;
        Ok(FrameBytes(bytes))
    }

    /// The files, the target (or the bundled demo app, alive as long as the API), the engine
    /// and browser of the settings.
    async fn start_session(&self, request: NewSessionRequest) -> Result<StartedSession, ApiError> {
        let settings = self.settings();
        let words = request.words.as_deref().map(str::trim).filter(|w| !w.is_empty());
        // Words alone are a session's spec too; with neither, the files are asked for.
        let documents = match (words, request.files.is_empty()) {
            (Some(_), true) => Vec::new(),
            _ => read_files(&request.files, &|p| self.was_dropped(p)).map_err(api_error)?,
        };
        let demo =
            if request.demo_app { Some(DemoApp::serve(0).await.map_err(|e| api_error(e.into()))?) } else { None };
        let target_url = demo.as_ref().map(DemoApp::url).unwrap_or_else(|| request.target_url.trim().to_string());
        let title = request.title.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
        let session = self.window_session(title, documents, target_url, &settings).map_err(api_error)?;
        let run = match words {
            Some(words) => self.runtime.start_saying(session, words, "window").await,
            None => self.runtime.start_session(session).await,
        }
        .map_err(api_error)?;
        if let Some(demo) = demo {
            self.keep(demo);
        }
        Ok(started(run))
    }

    async fn start_sample(&self) -> Result<StartedSession, ApiError> {
        let settings = self.settings();
        let spec = specwright_intake::parse(DEMO_SPEC_NAME, DEMO_SPEC.as_bytes()).map_err(|e| api_error(e.into()))?;
        let demo = DemoApp::serve(0).await.map_err(|e| api_error(e.into()))?;
        let session = self.window_session(None, vec![spec], demo.url(), &settings).map_err(api_error)?;
        let run = self.runtime.start_session(session).await.map_err(api_error)?;
        self.keep(demo);
        Ok(started(run))
    }

    /// With its answers remembered; an LLM session continues its conversation from the
    /// checkpoint.
    async fn resume_session(&self, session_id: String) -> Result<StartedSession, ApiError> {
        checked_id(&session_id)?;
        let settings = self.settings();
        let summary = self.runtime.store().session(&session_id).map_err(|e| api_error(e.into()))?;
        if summary.status == SessionStatus::Running {
            return Err(api_error(RuntimeError::Invalid(Text::message("invalid-session-running", []))));
        }
        let engine = self.engine_for(&summary.engine, &settings)?;
        let request = self.window_resume(session_id, &summary.target_url, &settings, engine)?;
        self.runtime.resume(request).await.map(started).map_err(api_error)
    }

    /// To try another engine, or run again from scratch.
    async fn duplicate_session(&self, session_id: String) -> Result<StartedSession, ApiError> {
        checked_id(&session_id)?;
        let settings = self.settings();
        let summary = self.runtime.store().session(&session_id).map_err(|e| api_error(e.into()))?;
        self.runtime.check_imported_target(&session_id, &summary.target_url).map_err(api_error)?;
        let documents = self.runtime.stored_documents(&session_id).map_err(api_error)?;
        let request =
            self.window_session(Some(summary.title), documents, summary.target_url, &settings).map_err(api_error)?;
        self.runtime.start_session(request).await.map(started).map_err(api_error)
    }

    async fn cancel_session(&self, session_id: String) -> Result<bool, ApiError> {
        checked_id(&session_id)?;
        self.runtime.cancel_session(&session_id).map_err(api_error)
    }

    async fn delete_session(&self, session_id: String) -> Result<(), ApiError> {
        checked_id(&session_id)?;
        self.runtime.delete_session(&session_id).map_err(api_error)?;
        if let Ok(mut held) = self.session_secrets.lock() {
            held.remove(&session_id);
        }
        Ok(())
    }

    async fn export_code(&self, session_id: String, format: String) -> Result<Vec<CodeFile>, ApiError> {
        checked_id(&session_id)?;
        self.runtime.export_code(&session_id, &format).map_err(api_error)
    }

    /// Nothing to save is said before the picker opens, not after a folder was chosen; the
    /// writing happens off the async threads.
    async fn save_exports(&self, session_id: String) -> Result<Option<SavedExports>, ApiError> {
        checked_id(&session_id)?;
        if self.runtime.store().latest_scenario(&session_id).map_err(|e| api_error(e.into()))?.is_none() {
            return Err(api_error(RuntimeError::NoScenario(session_id)));
        }
        let unavailable =
            || ApiError { code: "dialog_unavailable".into(), message: Text::message("error-dialog-unavailable", []) };
        let picker = self.picker.as_ref().ok_or_else(unavailable)?;
        let title = specwright_catalog::render(&Text::message("dialog-choose-export-folder", []), self.locale());
        let Some(parent) = picker.pick(title).await? else { return Ok(None) };
        let runtime = Arc::clone(&self.runtime);
        tokio::task::spawn_blocking(move || runtime.save_exports(&session_id, &parent))
            .await
            .map_err(|_| ApiError { code: "internal".into(), message: Text::message("error-export-unfinished", []) })?
            .map(Some)
            .map_err(api_error)
    }

    /// The file is looked for in the session's output folder: nothing outside it is opened.
    async fn open_output(&self, session_id: String, kind: String) -> Result<String, ApiError> {
        checked_id(&session_id)?;
        let opener = self.opener.as_ref().ok_or_else(|| ApiError {
            code: "opener_unavailable".into(),
            message: Text::message("error-opener-unavailable", []),
        })?;
        let folder = self.runtime.output_folder(&session_id).map_err(api_error)?;
        let path = match kind.as_str() {
            "folder" => folder,
            "report" => folder.join("report.html"),
            "plan" => folder.join("test-plan.md"),
            "pdf" => {
                let browser = browser_config(&self.settings()).map_err(api_error)?;
                self.runtime.report_pdf(&session_id, browser, None).await.map_err(api_error)?
            }
            other => {
                return Err(api_error(RuntimeError::UnknownFormat(
                    other.to_string(),
                    "report, pdf, plan, folder".into(),
                )))
            }
        };
        if !path.exists() {
            return Err(ApiError {
                code: "output_missing".into(),
                message: Text::message("error-output-missing", [("path", path.display().to_string().into())]),
            });
        }
        opener.open(&path)?;
        Ok(path.display().to_string())
    }

    async fn share_bundle(&self, session_id: String) -> Result<Option<String>, ApiError> {
        checked_id(&session_id)?;
        self.runtime.store().session(&session_id).map_err(|e| api_error(e.into()))?;
        let unavailable =
            || ApiError { code: "dialog_unavailable".into(), message: Text::message("error-dialog-unavailable", []) };
        let picker = self.picker.as_ref().ok_or_else(unavailable)?;
        let title = specwright_catalog::render(&Text::message("dialog-choose-bundle-folder", []), self.locale());
        let Some(parent) = picker.pick(title).await? else { return Ok(None) };
        let runtime = Arc::clone(&self.runtime);
        tokio::task::spawn_blocking(move || runtime.share_bundle(&session_id, &parent))
            .await
            .map_err(|_| ApiError { code: "internal".into(), message: Text::message("error-export-unfinished", []) })?
            .map(|path| Some(path.display().to_string()))
            .map_err(api_error)
    }

    async fn read_source(
        &self,
        session_id: String,
        document: String,
        anchor: String,
    ) -> Result<SourceSection, ApiError> {
        checked_id(&session_id)?;
        self.runtime.source_section(&session_id, &document, &anchor).map_err(api_error)
    }

    /// With the browser of the settings; the secrets a window has no flag for come from the
    /// stored spec.
    async fn trust_import_target(&self, session_id: String) -> Result<(), ApiError> {
        checked_id(&session_id)?;
        self.runtime.trust_imported_target(&session_id).map_err(api_error)
    }

    async fn replay_session(&self, session_id: String) -> Result<StartedSession, ApiError> {
        let request = self.window_replay(session_id)?;
        self.runtime.replay(request).await.map(started).map_err(api_error)
    }

    async fn check_session(&self, session_id: String) -> Result<StartedSession, ApiError> {
        let request = self.window_replay(session_id)?;
        self.runtime.replay(ReplayRequest { check: true, ..request }).await.map(started).map_err(api_error)
    }

    async fn check_suite(&self, suite: String) -> Result<Vec<SuiteCheckRun>, ApiError> {
        let sessions = self.runtime.suite(&suite).map_err(api_error)?.sessions;
        let mut requests = Vec::new();
        let mut refused: Vec<Option<ApiError>> = Vec::new();
        for session in &sessions {
            match self.window_replay(session.id.clone()) {
                Ok(request) => {
                    requests.push(request);
                    refused.push(None);
                }
                Err(error) => refused.push(Some(error)),
            }
        }
        let mut runs = self.runtime.check_all(requests).await.into_iter();
        Ok(sessions
            .into_iter()
            .zip(refused)
            .map(|(session, refusal)| {
                let run = match refusal {
                    Some(error) => Err(error),
                    None => runs.next().map_or_else(|| Err(api_error(RuntimeError::NoTrial)), |r| r.map_err(api_error)),
                };
                match run {
                    Ok(run) => SuiteCheckRun { session_id: session.id, run_id: Some(run.run_id), refused: None },
                    Err(error) => SuiteCheckRun { session_id: session.id, run_id: None, refused: Some(error) },
                }
            })
            .collect())
    }

    async fn approve_heals(
        &self,
        session_id: String,
        run_id: String,
        scenario_id: String,
    ) -> Result<StartedSession, ApiError> {
        checked_id(&run_id)?;
        let request = self.window_replay(session_id)?;
        let scenarios: Vec<String> = (!scenario_id.is_empty()).then_some(scenario_id).into_iter().collect();
        self.runtime.heal(&run_id, &scenarios, "window", request).await.map(started).map_err(api_error)
    }

    async fn list_suites(&self) -> Result<Vec<Suite>, ApiError> {
        self.runtime.suites().map_err(api_error)
    }

    async fn rename_suite(&self, suite: String, name: String) -> Result<Suite, ApiError> {
        self.runtime.rename_suite(&suite, &name).map_err(api_error)
    }

    async fn export_suite(&self, suite: String) -> Result<Option<SuiteExport>, ApiError> {
        let found = self.runtime.suite(&suite).map_err(api_error)?;
        let unavailable =
            || ApiError { code: "dialog_unavailable".into(), message: Text::message("error-dialog-unavailable", []) };
        let picker = self.picker.as_ref().ok_or_else(unavailable)?;
        let title = specwright_catalog::render(&Text::message("dialog-choose-export-folder", []), self.locale());
        let Some(parent) = picker.pick(title).await? else { return Ok(None) };
        let out = parent.join(Runtime::suite_folder(&found));
        let runtime = Arc::clone(&self.runtime);
        tokio::task::spawn_blocking(move || runtime.export_suite(&found.origin, &out))
            .await
            .map_err(|_| ApiError { code: "internal".into(), message: Text::message("error-export-unfinished", []) })?
            .map(Some)
            .map_err(api_error)
    }

    async fn compare_spec(&self, session_id: String, files: Vec<SpecFile>) -> Result<Comparison, ApiError> {
        checked_id(&session_id)?;
        let documents = read_files(&files, &|p| self.was_dropped(p)).map_err(api_error)?;
        self.runtime.compare_spec(&session_id, &documents).map_err(api_error)
    }

    /// On the earlier session's target, with the engine of the settings.
    async fn revise_session(&self, session_id: String, files: Vec<SpecFile>) -> Result<StartedSession, ApiError> {
        checked_id(&session_id)?;
        let settings = self.settings();
        let documents = read_files(&files, &|p| self.was_dropped(p)).map_err(api_error)?;
        let summary = self.runtime.store().session(&session_id).map_err(|e| api_error(e.into()))?;
        let request = self.window_session(None, documents, summary.target_url, &settings).map_err(api_error)?;
        self.runtime.start_revision(&session_id, request).await.map(started).map_err(api_error)
    }

    async fn get_settings(&self) -> Result<Settings, ApiError> {
        Ok(self.settings())
    }

    async fn save_settings(&self, settings: Settings) -> Result<Settings, ApiError> {
        specwright_runtime::save_settings(self.runtime.data_dir(), &settings).map_err(api_error)
    }

    async fn api_key_status(&self, base_url: String) -> Result<ApiKeyStatus, ApiError> {
        self.key_status(&base_url)
    }

    /// The key arrives once, goes to the keychain, and only its masked form comes back.
    async fn store_api_key(&self, base_url: String, key: String) -> Result<ApiKeyStatus, ApiError> {
        if key.len() > 4096 {
            return Err(keychain_error(KeychainError::Refused("the key is too long".into())));
        }
        self.keychain.store_api_key(&base_url, &key).map_err(keychain_error)?;
        self.key_status(&base_url)
    }

    async fn forget_api_key(&self, base_url: String) -> Result<ApiKeyStatus, ApiError> {
        self.keychain.forget_api_key(&base_url).map_err(keychain_error)?;
        self.key_status(&base_url)
    }

    /// `offline` for the rules engine, which needs no check.
    async fn check_provider(&self, settings: Settings) -> Result<String, ApiError> {
        let settings = specwright_runtime::check_settings(&settings).map_err(api_error)?;
        let Some(config) = specwright_runtime::llm_config(&settings, &self.keychain) else {
            return Ok("offline".into());
        };
        specwright_runtime::check_provider(config).await.map_err(api_error)
    }
}
