//! What a finished session leaves for people to open and send: the folder its last run wrote,
//! its report printed to PDF by the same Chromium, and a share bundle named after it.

use crate::sessions::folder_name;
use crate::{ExportFormat, Runtime, RuntimeError};
use specwright_browser::BrowserConfig;
use specwright_protocol::Event;
use std::path::{Path, PathBuf};

impl Runtime {
    /// The folder the session's last run on this machine wrote its exports to: the whole
    /// session's when it completed, else the last scenario's (a failed trial's report is written
    /// too). Only events this machine wrote count: an imported bundle's log names folders of
    /// another machine, never one to open or write into here.
    pub fn output_folder(&self, session_id: &str) -> Result<PathBuf, RuntimeError> {
        let after = self.store().import_of(session_id)?.map_or(0, |i| i.through_seq);
        let events = self.store().events(session_id, after)?;
        let last = |completed: bool| {
            events.iter().rev().find_map(|e| match &e.event {
                Event::SessionCompleted { out_dir, .. } if completed => Some(PathBuf::from(out_dir)),
                Event::ExportsWritten { out_dir, .. } if !completed => Some(PathBuf::from(out_dir)),
                _ => None,
            })
        };
        last(true)
            .or_else(|| last(false))
            .filter(|dir| dir.is_dir())
            .ok_or_else(|| RuntimeError::NoScenario(session_id.to_string()))
    }

    /// The session's report (written afresh from the stored scenario and latest trial) printed
    /// to A4 PDF, saved as `report.pdf` beside `report.html` in its output folder — or, with
    /// `out`, written to that file alone (the report it prints is made in the session's folder
    /// under the data folder, as for a session with no output folder on this machine).
    pub async fn report_pdf(
        &self,
        session_id: &str,
        browser: Option<BrowserConfig>,
        out: Option<&Path>,
    ) -> Result<PathBuf, RuntimeError> {
        let folder = match (out, self.output_folder(session_id)) {
            (None, Ok(folder)) => folder,
            _ => {
                self.store().session(session_id)?;
                let folder = self.data_dir().join("reports").join(session_id);
                std::fs::create_dir_all(&folder)
                    .map_err(|e| RuntimeError::OutDir { path: folder.display().to_string(), reason: e.to_string() })?;
                folder
            }
        };
        let written = self.export(session_id, &[ExportFormat::Html], &folder)?;
        let report = written.iter().find(|f| f.kind == "report").map(|f| PathBuf::from(&f.path));
        let report = report.ok_or_else(|| RuntimeError::NoScenario(session_id.to_string()))?;
        let html = std::fs::read_to_string(&report)
            .map_err(|e| RuntimeError::OutDir { path: report.display().to_string(), reason: e.to_string() })?;
        let config = match browser {
            Some(config) => config,
            None => BrowserConfig::detect()?,
        };
        let pdf = specwright_browser::print_pdf(config, &html).await?;
        let path = out.map_or_else(|| folder.join("report.pdf"), Path::to_path_buf);
        let fail = |e: std::io::Error| RuntimeError::OutDir { path: path.display().to_string(), reason: e.to_string() };
        let tmp = path.with_extension("pdf.tmp");
        std::fs::write(&tmp, &pdf).map_err(fail)?;
        std::fs::rename(&tmp, &path).map_err(fail)?;
        Ok(path)
    }

    /// The session's bundle written into `parent` under the session's title
    /// (`로그인.swbundle`, then `로그인-2.swbundle`: never over another file).
    pub fn share_bundle(&self, session_id: &str, parent: &Path) -> Result<PathBuf, RuntimeError> {
        let summary = self.store().session(session_id)?;
        if !parent.is_dir() {
            return Err(RuntimeError::OutDir { path: parent.display().to_string(), reason: "not a folder".into() });
        }
        let base = folder_name(&summary.title);
        let file = (1..1000)
            .map(|n| if n == 1 { format!("{base}.swbundle") } else { format!("{base}-{n}.swbundle") })
            .map(|name| parent.join(name))
            .find(|path| !path.exists())
            .ok_or_else(|| RuntimeError::OutDir {
                path: parent.join(&base).display().to_string(),
                reason: "too many bundles of that name".into(),
            })?;
        self.bundle(session_id, &file)
    }
}
