//! The window's commands: sessions started from dropped or picked files with the engine,
//! browser and origins of the saved settings; questions answered in the window; no secrets
//! known up front. The desktop shell forwards each IPC call here unchanged.

use crate::{api_error, checked_id, started, Api};
use specwright_intake::Document;
use specwright_protocol::{
    ApiError, ApiKeyStatus, CodeFile, Commands, EventChannel, FrameBytes, NewSessionRequest, SavedExports,
    SessionDetail, SessionStatus, SessionSummary, Settings, SourceSection, SpecFile, StartedSession, Text,
};
use specwright_rails::NoAnswers;
use specwright_runtime::{
    browser_config, engine_choice, DemoApp, EngineChoice, KeychainError, OutDir, ReplayRequest, ResumeRequest,
    RuntimeError, SafetyOptions, SessionRequest,
};
use std::sync::Arc;

/// Spec files a new session may have at once.
const MAX_FILES: usize = 20;

fn safety(settings: &Settings) -> SafetyOptions {
    SafetyOptions { extra_origins: settings.allowed_origins.clone(), ..SafetyOptions::default() }
}

/// Each file read on its own; the first that cannot be read is named in the error, and
/// nothing is stored.
fn read_files(files: &[SpecFile]) -> Result<Vec<Document>, RuntimeError> {
    if files.is_empty() {
        return Err(RuntimeError::NoSpecs);
    }
    if files.len() > MAX_FILES {
        return Err(RuntimeError::Invalid(Text::message("invalid-too-many-files", [("max", MAX_FILES.into())])));
    }
    files
        .iter()
        .map(|file| match file {
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
            title,
            documents,
            target_url,
            out_dir: OutDir::PerSession(self.out.clone()),
            browser: browser_config(settings)?,
            safety: safety(settings),
            answerer: Box::new(NoAnswers),
            secrets: Default::default(),
            engine: engine_choice(settings, &self.keychain),
        })
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
            )
            .await
            .map(|_| ())
            .map_err(api_error)
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
        let documents = read_files(&request.files).map_err(api_error)?;
        let demo =
            if request.demo_app { Some(DemoApp::serve(0).await.map_err(|e| api_error(e.into()))?) } else { None };
        let target_url = demo.as_ref().map(DemoApp::url).unwrap_or_else(|| request.target_url.trim().to_string());
        let title = request.title.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
        let session = self.window_session(title, documents, target_url, &settings).map_err(api_error)?;
        let run = self.runtime.start_session(session).await.map_err(api_error)?;
        if let Some(demo) = demo {
            self.keep(demo);
        }
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
        let request = ResumeRequest {
            session_id,
            target_url: None,
            out_dir: OutDir::PerSession(self.out.clone()),
            browser: browser_config(&settings).map_err(api_error)?,
            safety: safety(&settings),
            answerer: Box::new(NoAnswers),
            secrets: Default::default(),
            engine,
            forget: Vec::new(),
        };
        self.runtime.resume(request).await.map(started).map_err(api_error)
    }

    /// To try another engine, or run again from scratch.
    async fn duplicate_session(&self, session_id: String) -> Result<StartedSession, ApiError> {
        checked_id(&session_id)?;
        let settings = self.settings();
        let summary = self.runtime.store().session(&session_id).map_err(|e| api_error(e.into()))?;
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
        self.runtime.delete_session(&session_id).map_err(api_error)
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
    async fn replay_session(&self, session_id: String) -> Result<StartedSession, ApiError> {
        checked_id(&session_id)?;
        let settings = self.settings();
        let request = ReplayRequest {
            session_id,
            target_url: None,
            secrets: Default::default(),
            out_dir: OutDir::PerSession(self.out.clone()),
            browser: browser_config(&settings).map_err(api_error)?,
        };
        self.runtime.replay(request).await.map(started).map_err(api_error)
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
