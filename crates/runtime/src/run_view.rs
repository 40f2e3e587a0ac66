//! What a run of several scenarios, or of a planner's workbook, leaves beside the scenarios' own
//! files: the run's report listing its cases (each with its verdict and a link to its report),
//! and the planner's workbook with each case's result on its own rows. Both are made from the
//! run's events, as persisted.

use crate::tail::RunContext;
use crate::RuntimeError;
use specwright_catalog::Locale;
use specwright_protocol::{Event, OutputFile};
use specwright_scenario::{IndexCase, Scenario, Verdict};
use std::collections::HashMap;
use std::path::Path;

/// What this run's trials proved, by scenario title (the latest trial of each), and the
/// scenarios as their trials left them (each step's verification), from the run's own events.
pub(crate) fn run_record(ctx: &RunContext) -> Result<(HashMap<String, Verdict>, Vec<Scenario>), RuntimeError> {
    let mut verdicts = HashMap::new();
    let mut scenarios: Vec<Scenario> = Vec::new();
    for envelope in ctx.store.events(&ctx.session_id, 0)?.into_iter().filter(|e| e.run_id == ctx.run_id) {
        match envelope.event {
            Event::TrialDone { scenario: Some(title), verdict, passed, flaky, .. } => {
                let verdict = Verdict::of_trial(verdict, passed, flaky);
                verdicts.insert(title, verdict);
            }
            Event::ScenarioDraft { scenario } => match scenarios.iter_mut().find(|s| s.id == scenario.id) {
                Some(known) => *known = scenario,
                None => scenarios.push(scenario),
            },
            _ => {}
        }
    }
    Ok((verdicts, scenarios))
}

/// The planner's workbooks among `documents`, each written back beside the run's files with
/// every case's verdict and each step's outcome on the rows they came from.
pub(crate) fn write_result_workbooks(
    ctx: &RunContext,
    documents: &[specwright_intake::Document],
    language: Locale,
) -> Result<Vec<OutputFile>, RuntimeError> {
    let workbooks: Vec<_> = documents.iter().filter(|d| crate::workbook::is_workbook(d)).collect();
    if workbooks.is_empty() {
        return Ok(Vec::new());
    }
    let (verdicts, scenarios) = run_record(ctx)?;
    let mut out = Vec::new();
    for document in workbooks {
        let made = crate::workbook::result_workbook(document, &scenarios, &verdicts, language)
            .map_err(|e| RuntimeError::OutDir { path: ctx.out_dir.display().to_string(), reason: e.to_string() })?;
        let Some((name, bytes)) = made else { continue };
        let path = ctx.out_dir.join(name);
        let fail = |e: std::io::Error| RuntimeError::OutDir { path: path.display().to_string(), reason: e.to_string() };
        std::fs::create_dir_all(&ctx.out_dir).map_err(fail)?;
        std::fs::write(&path, bytes).map_err(fail)?;
        out.push(OutputFile { kind: "workbook".into(), path: path.display().to_string() });
    }
    Ok(out)
}

/// After a run of several scenarios (a workbook's cases): `report.html` in the run's folder, the
/// run view — each case as this run's events tell it (its latest trial's verdict, its report) —
/// so "open report" opens the whole run.
pub(crate) fn write_run_index(
    ctx: &RunContext,
    title: &str,
    target_url: &str,
    trace: &[specwright_scenario::TraceRow],
    language: Locale,
) -> Result<OutputFile, RuntimeError> {
    let mut cases: Vec<IndexCase> = Vec::new();
    // Trials of cases side by side interleave their events: each case's latest verdict by title.
    let mut verdicts: std::collections::HashMap<String, Verdict> = std::collections::HashMap::new();
    for envelope in ctx.store.events(&ctx.session_id, 0)?.into_iter().filter(|e| e.run_id == ctx.run_id) {
        match envelope.event {
            Event::ScenarioDraft { scenario } => {
                if !cases.iter().any(|c| c.title == scenario.title) {
                    cases.push(IndexCase { title: scenario.title, verdict: Verdict::NotRun, report: None });
                }
            }
            Event::TrialDone { scenario: Some(scenario), verdict, passed, flaky, .. } => {
                let verdict = Verdict::of_trial(verdict, passed, flaky);
                verdicts.insert(scenario, verdict);
            }
            Event::ExportsWritten { scenario, out_dir, .. } => {
                let report = Path::new(&out_dir)
                    .join("report.html")
                    .strip_prefix(&ctx.out_dir)
                    .ok()
                    .map(|p| p.to_string_lossy().replace('\\', "/"));
                let verdict = verdicts.get(&scenario).copied();
                match cases.iter_mut().find(|c| c.title == scenario) {
                    Some(case) => {
                        case.report = report;
                        case.verdict = verdict.unwrap_or(case.verdict);
                    }
                    None => {
                        cases.push(IndexCase { title: scenario, verdict: verdict.unwrap_or(Verdict::NotRun), report })
                    }
                }
            }
            _ => {}
        }
    }
    let html = specwright_scenario::run_index_html(title, target_url, &cases, trace, &language);
    let path = ctx.out_dir.join("report.html");
    let fail = |e: std::io::Error| RuntimeError::OutDir { path: path.display().to_string(), reason: e.to_string() };
    std::fs::create_dir_all(&ctx.out_dir).map_err(fail)?;
    std::fs::write(&path, html).map_err(fail)?;
    Ok(OutputFile { kind: "report".into(), path: path.display().to_string() })
}
