//! Writes what a user takes away: the scenario, the Playwright test and its config, the test
//! plan and the trial-run result, into one output folder.

use crate::RuntimeError;
use specwright_protocol::OutputFile;
use specwright_scenario::{markdown_plan, playwright_config, playwright_test, Scenario, TrialReport};
use std::path::Path;

pub struct ExportedFiles(pub Vec<OutputFile>);

/// Reads a mirror frame's bytes by file name (for reports that embed frames).
pub type FrameReader<'a> = dyn Fn(&str) -> Option<Vec<u8>> + 'a;

pub fn write_exports(
    out_dir: &Path,
    scenario: &Scenario,
    trial: Option<&TrialReport>,
    _frames: &FrameReader<'_>,
) -> Result<ExportedFiles, RuntimeError> {
    let fail = |e: std::io::Error| RuntimeError::OutDir { path: out_dir.display().to_string(), reason: e.to_string() };
    std::fs::create_dir_all(out_dir).map_err(fail)?;
    let mut files = vec![
        ("scenario", "scenario.json", serde_json::to_string_pretty(scenario).unwrap_or_default()),
        ("playwright", "scenario.spec.ts", playwright_test(scenario)),
        ("playwright_config", "playwright.config.ts", playwright_config()),
        ("plan", "test-plan.md", markdown_plan(scenario)),
    ];
    if let Some(trial) = trial {
        files.push(("trial", "trial-run.json", serde_json::to_string_pretty(trial).unwrap_or_default()));
    }
    let mut out = Vec::new();
    for (kind, name, content) in files {
        let path = out_dir.join(name);
        // Write then rename: a crash never leaves a half-written export behind.
        let tmp = out_dir.join(format!(".{name}.tmp"));
        std::fs::write(&tmp, content).map_err(fail)?;
        std::fs::rename(&tmp, &path).map_err(fail)?;
        out.push(OutputFile { kind: kind.to_string(), path: path.display().to_string() });
    }
    Ok(ExportedFiles(out))
}
