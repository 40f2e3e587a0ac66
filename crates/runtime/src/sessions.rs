//! What is done with a stored session besides running it: its scenario as code, every export
//! saved into a picked folder, the section a citation points into, cancel and delete.

use crate::{ExportFormat, Runtime, RuntimeError};
use specwright_protocol::{CodeFile, SavedExports, SessionStatus, SourceLine, SourceSection, Text};
use std::path::Path;

impl Runtime {
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

    /// Cancels the session's running run (it still ends with its one terminal event,
    /// `run.cancelled`); a session waiting at a question is stopped there
    /// (the person chose "stop" rather than answer): it ends cancelled, its draft kept, and can be
    /// resumed later. False when there was nothing to stop.
    pub fn cancel_session(&self, session_id: &str) -> Result<bool, RuntimeError> {
        let runs = self.store().runs(session_id)?;
        let cancelled = runs.iter().filter(|r| r.status == "running").fold(false, |any, r| self.cancel(&r.id) || any);
        if cancelled || self.store().session(session_id)?.status != SessionStatus::Waiting {
            return Ok(cancelled);
        }
        // A run of its own with its one terminal event, so the log reads like any stop.
        let run_id = self.next_id("run");
        self.store().start_run(&run_id, session_id, "stop")?;
        let stopped = specwright_protocol::Event::RunCancelled { reason: Text::message("cancelled-at-question", []) };
        self.store().append_event(session_id, &run_id, stopped)?;
        self.store().finish_run(&run_id, "cancelled", None)?;
        self.store().set_status(session_id, SessionStatus::Cancelled)?;
        Ok(true)
    }

    /// Deletes a session that is not running: its documents, events, scenarios, runs, frames
    /// and its reports, downloads and files under the data folder. Exports already written to the output folder stay where they are.
    pub fn delete_session(&self, session_id: &str) -> Result<(), RuntimeError> {
        let summary = self.store().session(session_id)?;
        if summary.status == SessionStatus::Running {
            return Err(RuntimeError::Invalid(Text::message("invalid-delete-running", [])));
        }
        self.store().delete_session(session_id)?;
        let own = ["reports", "downloads", "files"].map(|kind| self.data_dir().join(kind).join(session_id));
        for folder in std::iter::once(self.frames_dir(session_id)).chain(own) {
            if folder.exists() {
                let _ = std::fs::remove_dir_all(folder);
            }
        }
        Ok(())
    }
}

/// A folder name from a session title that every file system accepts: letters (any script),
/// digits, `-` and `_`, spaces as `-`, at most 60 characters; `specwright-export` when nothing
/// is left.
pub(crate) fn folder_name(title: &str) -> String {
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
