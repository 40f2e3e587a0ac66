//! Writes what a user takes away into one output folder: the scenario, runnable code in three
//! dialects, documents people read, and the trial's reports.

use crate::RuntimeError;
use specwright_catalog::Locale;
use specwright_protocol::OutputFile;
use specwright_scenario::{
    gherkin_feature, html_report, junit_report, markdown_plan, mermaid_flow, playwright_config, playwright_test,
    robot_suite, GherkinLanguage, Scenario, TrialReport,
};
use std::path::Path;

pub struct ExportedFiles(pub Vec<OutputFile>);

/// Reads a mirror frame's bytes by file name (for reports that embed frames).
pub type FrameReader<'a> = dyn Fn(&str) -> Option<Vec<u8>> + 'a;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    /// `scenario.json`, the canonical model.
    Scenario,
    /// `scenario.spec.ts` and `playwright.config.ts`.
    Playwright,
    /// `scenario.robot` (Robot Framework, Browser library).
    Robot,
    /// `scenario.ko.feature`.
    GherkinKo,
    /// `scenario.en.feature`.
    GherkinEn,
    /// `test-plan.md`.
    Markdown,
    /// `flow.mmd`.
    Mermaid,
    /// `junit.xml` of the latest trial.
    Junit,
    /// `report.html`, self-contained with the frames.
    Html,
    /// `trial-run.json`.
    Trial,
}

impl ExportFormat {
    pub const ALL: [ExportFormat; 10] = [
        ExportFormat::Scenario,
        ExportFormat::Playwright,
        ExportFormat::Robot,
        ExportFormat::GherkinKo,
        ExportFormat::GherkinEn,
        ExportFormat::Markdown,
        ExportFormat::Mermaid,
        ExportFormat::Junit,
        ExportFormat::Html,
        ExportFormat::Trial,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ExportFormat::Scenario => "json",
            ExportFormat::Playwright => "playwright",
            ExportFormat::Robot => "robot",
            ExportFormat::GherkinKo => "gherkin-ko",
            ExportFormat::GherkinEn => "gherkin-en",
            ExportFormat::Markdown => "markdown",
            ExportFormat::Mermaid => "mermaid",
            ExportFormat::Junit => "junit",
            ExportFormat::Html => "html",
            ExportFormat::Trial => "trial",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Whether the format is made from a trial report (and so needs one).
    fn needs_trial(self) -> bool {
        matches!(self, ExportFormat::Junit | ExportFormat::Trial)
    }

    /// `(kind, file name, contents)` of what this format writes.
    pub(crate) fn render(
        self,
        scenario: &Scenario,
        trial: Option<&TrialReport>,
        frames: &FrameReader<'_>,
    ) -> Vec<(&'static str, &'static str, String)> {
        // A document reads in one language: the scenario's (its spec's). Gherkin files come in
        // both, each in its own.
        let words = specwright_rails::scenario_language(scenario);
        match (self, trial) {
            (ExportFormat::Scenario, _) => {
                vec![("scenario", "scenario.json", serde_json::to_string_pretty(scenario).unwrap_or_default())]
            }
            (ExportFormat::Playwright, _) => vec![
                ("playwright", "scenario.spec.ts", playwright_test(scenario)),
                ("playwright_config", "playwright.config.ts", playwright_config()),
            ],
            (ExportFormat::Robot, _) => vec![("robot", "scenario.robot", robot_suite(scenario, &words))],
            (ExportFormat::GherkinKo, _) => {
                vec![(
                    "gherkin",
                    "scenario.ko.feature",
                    gherkin_feature(scenario, GherkinLanguage::Korean, &Locale::Ko),
                )]
            }
            (ExportFormat::GherkinEn, _) => {
                vec![(
                    "gherkin",
                    "scenario.en.feature",
                    gherkin_feature(scenario, GherkinLanguage::English, &Locale::En),
                )]
            }
            (ExportFormat::Markdown, _) => vec![("plan", "test-plan.md", markdown_plan(scenario, &words))],
            (ExportFormat::Mermaid, _) => vec![("mermaid", "flow.mmd", mermaid_flow(scenario, &words))],
            (ExportFormat::Html, trial) => {
                vec![("report", "report.html", html_report(scenario, trial, frames, &words))]
            }
            (ExportFormat::Junit, Some(trial)) => vec![("junit", "junit.xml", junit_report(scenario, trial))],
            (ExportFormat::Trial, Some(trial)) => {
                vec![("trial", "trial-run.json", serde_json::to_string_pretty(trial).unwrap_or_default())]
            }
            (ExportFormat::Junit | ExportFormat::Trial, None) => vec![],
        }
    }
}

/// Writes the chosen formats. Formats made from a trial are skipped when there is none, unless
/// asked for alone (then it is an error the user can act on).
pub fn write_exports(
    out_dir: &Path,
    scenario: &Scenario,
    trial: Option<&TrialReport>,
    formats: &[ExportFormat],
    frames: &FrameReader<'_>,
) -> Result<ExportedFiles, RuntimeError> {
    if trial.is_none() && !formats.is_empty() && formats.iter().all(|f| f.needs_trial()) {
        return Err(RuntimeError::NoTrial);
    }
    let fail = |e: std::io::Error| RuntimeError::OutDir { path: out_dir.display().to_string(), reason: e.to_string() };
    std::fs::create_dir_all(out_dir).map_err(fail)?;
    let mut out = Vec::new();
    for format in formats {
        for (kind, name, content) in format.render(scenario, trial, frames) {
            let path = out_dir.join(name);
            // Write then rename: a crash never leaves a half-written export behind.
            let tmp = out_dir.join(format!(".{name}.tmp"));
            std::fs::write(&tmp, content).map_err(fail)?;
            std::fs::rename(&tmp, &path).map_err(fail)?;
            out.push(OutputFile { kind: kind.to_string(), path: path.display().to_string() });
        }
    }
    Ok(ExportedFiles(out))
}

/// Reads a session's mirror frames by the names a trial report gives them. A report may come from
/// a share bundle: a name that is not one safe file name of the folder reads nothing, so no
/// report ever embeds a file from elsewhere on this machine.
pub(crate) fn frame_reader(frames_dir: std::path::PathBuf) -> impl Fn(&str) -> Option<Vec<u8>> {
    move |file: &str| {
        if !specwright_protocol::safe_name(file) {
            return None;
        }
        let path = frames_dir.join(file);
        // A frame is a file we wrote, never a link to one elsewhere.
        let meta = std::fs::symlink_metadata(&path).ok()?;
        if !meta.file_type().is_file() {
            return None;
        }
        std::fs::read(path).ok()
    }
}

#[cfg(test)]
mod tests {
    /// A report names its frames; whatever it names, only a file of the session's frame folder
    /// is read (a bundle's report named a secrets file, and main embedded it in report.html).
    #[test]
    fn a_report_reads_only_frames_of_its_own_folder() {
        let dir = tempfile::tempdir().unwrap();
        let frames = dir.path().join("frames");
        std::fs::create_dir_all(&frames).unwrap();
        std::fs::write(frames.join("f1.jpg"), b"jpeg").unwrap();
        let secret = dir.path().join("secrets.txt");
        std::fs::write(&secret, b"hunter2").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(&secret, frames.join("f2.jpg")).unwrap();
        let read = super::frame_reader(frames.clone());
        assert_eq!(read("f1.jpg").as_deref(), Some(&b"jpeg"[..]));
        for hostile in [secret.display().to_string(), "../secrets.txt".into(), "f2.jpg".into(), String::new()] {
            assert_eq!(read(&hostile), None, "{hostile}");
        }
    }
}
