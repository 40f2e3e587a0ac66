//! What the desktop workspace does with sessions besides running them: start one from dropped
//! or picked files with the engine and browser of the settings, duplicate, resume, cancel and
//! delete. The CLI has its own flags for the same; both end in the same runtime calls.

use crate::settings::{browser_config, engine_choice};
use crate::SessionRequest;
use crate::{
    DemoApp, EngineChoice, ExportFormat, Keychain, OutDir, ReplayRequest, ResumeRequest, RunStarted, Runtime,
    RuntimeError, SafetyOptions,
};
use specwright_intake::Document;
use specwright_protocol::{
    CodeFile, NewSessionRequest, SavedExports, SessionStatus, Settings, SourceLine, SourceSection, SpecFile, Text,
};
use specwright_rails::NoAnswers;
use std::path::{Path, PathBuf};
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

/// A session the window starts: the engine, browser and origins of the settings, questions
/// left for the person to answer in the window, no secrets known up front.
fn window_session(
    title: Option<String>,
    documents: Vec<Document>,
    target_url: String,
    settings: &Settings,
    keychain: &Keychain,
    out: PathBuf,
) -> Result<SessionRequest, RuntimeError> {
    Ok(SessionRequest {
        title,
        documents,
        target_url,
        out_dir: OutDir::PerSession(out),
        browser: browser_config(settings)?,
        safety: safety(settings),
        answerer: Box::new(NoAnswers),
        secrets: Default::default(),
        engine: engine_choice(settings, keychain),
    })
}

impl Runtime {
    /// A new session from the window: the files, the target (or the bundled demo app, whose
    /// server the caller keeps alive), the engine and browser of the settings. Questions make
    /// it wait for the person's answer in the window.
    pub async fn start_workspace_session(
        self: &Arc<Self>,
        request: NewSessionRequest,
        settings: &Settings,
        keychain: &Keychain,
        out: PathBuf,
    ) -> Result<(RunStarted, Option<DemoApp>), RuntimeError> {
        let documents = read_files(&request.files)?;
        let demo = if request.demo_app { Some(DemoApp::serve(0).await?) } else { None };
        let target_url = demo.as_ref().map(DemoApp::url).unwrap_or_else(|| request.target_url.trim().to_string());
        let title = request.title.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
        let request = window_session(title, documents, target_url, settings, keychain, out)?;
        Ok((self.start_session(request).await?, demo))
    }

    /// A new session with the same documents and target as another (to try another engine,
    /// or run again from scratch).
    pub async fn duplicate_session(
        self: &Arc<Self>,
        session_id: &str,
        settings: &Settings,
        keychain: &Keychain,
        out: PathBuf,
    ) -> Result<RunStarted, RuntimeError> {
        let summary = self.store().session(session_id)?;
        let documents = self.stored_documents(session_id)?;
        let request = window_session(Some(summary.title), documents, summary.target_url, settings, keychain, out)?;
        self.start_session(request).await
    }

    /// Runs a stopped session again (waiting, interrupted, failed, cancelled) with its answers
    /// remembered; an LLM session continues its conversation from the checkpoint.
    pub async fn resume_workspace_session(
        self: &Arc<Self>,
        session_id: &str,
        settings: &Settings,
        keychain: &Keychain,
        out: PathBuf,
    ) -> Result<RunStarted, RuntimeError> {
        let summary = self.store().session(session_id)?;
        if summary.status == SessionStatus::Running {
            return Err(RuntimeError::Invalid(Text::message("invalid-session-running", [])));
        }
        let engine = self.engine_for(&summary.engine, settings, keychain)?;
        self.resume(ResumeRequest {
            session_id: session_id.to_string(),
            target_url: None,
            out_dir: OutDir::PerSession(out),
            browser: browser_config(settings)?,
            safety: safety(settings),
            answerer: Box::new(NoAnswers),
            secrets: Default::default(),
            engine,
            forget: Vec::new(),
        })
        .await
    }

    /// The engine that continues a session: the one it was started with (an LLM session
    /// needs the provider set up in the settings).
    pub fn engine_for(
        &self,
        session_engine: &str,
        settings: &Settings,
        keychain: &Keychain,
    ) -> Result<EngineChoice, RuntimeError> {
        match (session_engine.starts_with("llm"), engine_choice(settings, keychain)) {
            (false, _) => Ok(EngineChoice::Offline),
            (true, EngineChoice::Offline) => Err(RuntimeError::Invalid(Text::message("invalid-model-session", []))),
            (true, llm) => Ok(llm),
        }
    }

    /// The stored scenario as code, for reading in the window (the files themselves are in the
    /// output folder). Formats made from a trial are not code and are refused.
    pub fn export_code(&self, session_id: &str, format: &str) -> Result<Vec<CodeFile>, RuntimeError> {
        const CODE: [&str; 6] = ["playwright", "robot", "gherkin-ko", "gherkin-en", "markdown", "mermaid"];
        let chosen = ExportFormat::parse(format)
            .filter(|_| CODE.contains(&format))
            .ok_or_else(|| RuntimeError::UnknownFormat(format.to_string(), CODE.join(", ")))?;
        self.store().session(session_id)?;
        let scenario = self
            .store()
            .latest_scenario(session_id)?
            .ok_or_else(|| RuntimeError::NoScenario(session_id.to_string()))?;
        let no_frames = |_: &str| None;
        Ok(chosen
            .render(&scenario, None, &no_frames)
            .into_iter()
            .map(|(_, name, content)| CodeFile { name: name.to_string(), content })
            .collect())
    }

    /// Every export of the session written into a new folder inside `parent` (the folder the
    /// person picked): named after the session's title, numbered rather than overwriting one
    /// that is there, so the exported test and its config stay together and nothing is lost.
    pub fn save_exports(&self, session_id: &str, parent: &Path) -> Result<SavedExports, RuntimeError> {
        let summary = self.store().session(session_id)?;
        if self.store().latest_scenario(session_id)?.is_none() {
            return Err(RuntimeError::NoScenario(session_id.to_string()));
        }
        if !parent.is_dir() {
            return Err(RuntimeError::OutDir { path: parent.display().to_string(), reason: "not a folder".into() });
        }
        // The folder is created here, not only looked for: two saves at once (the window and the
        // CLI) each get their own, and a name taken by anything (even a dangling link) is skipped.
        let base = folder_name(&summary.title);
        let mut folder = None;
        for n in 1..1000 {
            let candidate = if n == 1 { parent.join(&base) } else { parent.join(format!("{base}-{n}")) };
            match std::fs::create_dir(&candidate) {
                Ok(()) => {
                    folder = Some(candidate);
                    break;
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => {
                    return Err(RuntimeError::OutDir { path: candidate.display().to_string(), reason: e.to_string() })
                }
            }
        }
        let folder = folder.ok_or_else(|| RuntimeError::OutDir {
            path: parent.join(&base).display().to_string(),
            reason: "too many folders of that name".into(),
        })?;
        let written = self.export(session_id, &ExportFormat::ALL, &folder)?;
        let files = written
            .iter()
            .filter_map(|f| Path::new(&f.path).file_name().map(|n| n.to_string_lossy().into_owned()))
            .collect();
        Ok(SavedExports { folder: folder.display().to_string(), files })
    }

    /// The section of a session's document that a citation's anchor names, line by line.
    pub fn source_section(
        &self,
        session_id: &str,
        document: &str,
        anchor: &str,
    ) -> Result<SourceSection, RuntimeError> {
        let read = self.knowledge().read_section(session_id, document, anchor, 0, 400_000)?;
        let lines = read
            .text
            .lines()
            .filter_map(|l| {
                let (number, text) = l.split_once("| ")?;
                Some(SourceLine { number: number.trim().parse().ok()?, text: text.to_string() })
            })
            .collect();
        Ok(SourceSection { document: read.document, title: read.title, lines })
    }

    /// Trial-runs the stored scenario again with the browser of the settings: per-step results
    /// arrive as `trial.step` events, then review and exports.
    pub async fn replay_workspace_session(
        self: &Arc<Self>,
        session_id: &str,
        settings: &Settings,
        out: PathBuf,
    ) -> Result<RunStarted, RuntimeError> {
        self.replay(ReplayRequest {
            session_id: session_id.to_string(),
            target_url: None,
            secrets: Default::default(),
            out_dir: OutDir::PerSession(out),
            browser: browser_config(settings)?,
        })
        .await
    }

    /// Cancels the session's running run; false when none runs (the run still ends with its
    /// one terminal event, `run.cancelled`).
    pub fn cancel_session(&self, session_id: &str) -> Result<bool, RuntimeError> {
        let runs = self.store().runs(session_id)?;
        Ok(runs.iter().filter(|r| r.status == "running").fold(false, |any, r| self.cancel(&r.id) || any))
    }

    /// Deletes a session that is not running: its documents, events, scenarios, runs and
    /// frames. Exports already written to the output folder stay where they are.
    pub fn delete_session(&self, session_id: &str) -> Result<(), RuntimeError> {
        let summary = self.store().session(session_id)?;
        if summary.status == SessionStatus::Running {
            return Err(RuntimeError::Invalid(Text::message("invalid-delete-running", [])));
        }
        self.store().delete_session(session_id)?;
        let frames = self.frames_dir(session_id);
        if frames.exists() {
            let _ = std::fs::remove_dir_all(frames);
        }
        Ok(())
    }
}

/// A folder name from a session title that every file system accepts: letters (any script),
/// digits, `-` and `_`, spaces as `-`, at most 60 characters; `specwright-export` when nothing
/// is left.
fn folder_name(title: &str) -> String {
    let mut out = String::new();
    for c in title.trim().chars() {
        if c.is_alphanumeric() || c == '-' || c == '_' {
            out.push(c);
        } else if (c.is_whitespace() || c == '.' || c == '/') && !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
        if out.chars().count() >= 60 {
            break;
        }
    }
    let trimmed = out.trim_matches('-');
    // Names Windows reserves for devices, whatever the extension or case.
    const RESERVED: [&str; 22] = [
        "CON", "PRN", "AUX", "NUL", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9", "LPT1",
        "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9",
    ];
    if trimmed.is_empty() {
        "specwright-export".into()
    } else if RESERVED.contains(&trimmed.to_ascii_uppercase().as_str()) {
        format!("{trimmed}-export")
    } else {
        trimmed.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::folder_name;

    #[test]
    fn folder_names_keep_letters_of_any_script_and_drop_what_file_systems_refuse() {
        assert_eq!(folder_name("데모 상점 관리자 — 상품 등록 기능 기획서"), "데모-상점-관리자-상품-등록-기능-기획서");
        assert_eq!(folder_name("  ../../etc/passwd "), "etc-passwd");
        assert_eq!(folder_name("a:b*c?\\d"), "abcd");
        assert_eq!(folder_name("///"), "specwright-export");
        assert_eq!(folder_name(""), "specwright-export");
        assert_eq!(folder_name(&"가".repeat(100)).chars().count(), 60);
        assert_eq!(folder_name("con"), "con-export");
        assert_eq!(folder_name("Console"), "Console");
    }
}
