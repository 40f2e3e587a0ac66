//! Requirement coverage of a run: each requirement the spec names (`reading::requirements`) with
//! the scenarios and steps whose citations fall inside it and what their latest trial proved,
//! or "no test" — as a page a planner opens and as a workbook for Excel, beside the run's files.

use crate::tail::RunContext;
use crate::RuntimeError;
use specwright_catalog::{render, Locale};
use specwright_intake::Document;
use specwright_protocol::{OutputFile, Text};
use specwright_scenario::{Provenance, Scenario, TraceLink, TraceRow, Verdict};
use std::collections::HashMap;

/// Every requirement of `documents` and what covers it among `scenarios` (`verdicts` by title).
pub(crate) fn trace_rows(
    documents: &[Document],
    scenarios: &[Scenario],
    verdicts: &HashMap<String, Verdict>,
) -> Vec<TraceRow> {
    let mut rows = Vec::new();
    for document in documents {
        for requirement in specwright_reading::requirements(document) {
            let mut links = Vec::new();
            for scenario in scenarios {
                let steps: Vec<u32> = scenario
                    .steps
                    .iter()
                    .filter(|step| match &step.provenance {
                        Provenance::Spec { citation } | Provenance::Answer { citation: Some(citation), .. } => {
                            requirement.covers(&citation.document, citation.line)
                        }
                        _ => false,
                    })
                    .map(|step| step.index)
                    .collect();
                if !steps.is_empty() {
                    let verdict = verdicts.get(&scenario.title).copied().unwrap_or(Verdict::NotRun);
                    links.push(TraceLink { scenario: scenario.title.clone(), steps, verdict });
                }
            }
            let place = if requirement.start_line == requirement.end_line {
                format!("{}:{}", requirement.document, requirement.start_line)
            } else {
                format!("{}:{}–{}", requirement.document, requirement.start_line, requirement.end_line)
            };
            rows.push(TraceRow { requirement: requirement.id, title: requirement.title, place, links, said: false });
        }
    }
    rows.extend(said_rows(scenarios, verdicts));
    rows
}

/// Each message of the conversation that produced steps, with those steps: what the spec did
/// not ask for, listed apart from its requirements.
fn said_rows(scenarios: &[Scenario], verdicts: &HashMap<String, Verdict>) -> Vec<TraceRow> {
    let mut rows: Vec<(u32, TraceRow)> = Vec::new();
    for scenario in scenarios {
        for step in &scenario.steps {
            let Provenance::Said { words, by, citation, .. } = &step.provenance else { continue };
            let at = match rows.iter().position(|(seq, _)| *seq == citation.line) {
                Some(at) => at,
                None => {
                    let row = TraceRow {
                        requirement: String::new(),
                        title: words.clone(),
                        place: by.clone(),
                        links: Vec::new(),
                        said: true,
                    };
                    rows.push((citation.line, row));
                    rows.len() - 1
                }
            };
            let links = &mut rows[at].1.links;
            match links.iter_mut().find(|l| l.scenario == scenario.title) {
                Some(link) => link.steps.push(step.index),
                None => {
                    let verdict = verdicts.get(&scenario.title).copied().unwrap_or(Verdict::NotRun);
                    links.push(TraceLink { scenario: scenario.title.clone(), steps: vec![step.index], verdict });
                }
            }
        }
    }
    rows.sort_by_key(|(seq, _)| *seq);
    rows.into_iter().map(|(_, row)| row).collect()
}

/// `traceability.html` and `traceability.xlsx` in the run's folder, when the spec names any
/// requirement; the rows, for the run's own report.
pub(crate) fn write_traceability(
    ctx: &RunContext,
    title: &str,
    rows: &[TraceRow],
    language: Locale,
) -> Result<Vec<OutputFile>, RuntimeError> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let fail =
        |path: &std::path::Path, reason: String| RuntimeError::OutDir { path: path.display().to_string(), reason };
    std::fs::create_dir_all(&ctx.out_dir).map_err(|e| fail(&ctx.out_dir, e.to_string()))?;
    let html = ctx.out_dir.join("traceability.html");
    std::fs::write(&html, specwright_scenario::traceability_html(title, rows, &language))
        .map_err(|e| fail(&html, e.to_string()))?;
    let xlsx = ctx.out_dir.join("traceability.xlsx");
    let bytes = workbook(rows, language).map_err(|e| fail(&xlsx, e.to_string()))?;
    std::fs::write(&xlsx, bytes).map_err(|e| fail(&xlsx, e.to_string()))?;
    Ok(vec![
        OutputFile { kind: "traceability".into(), path: html.display().to_string() },
        OutputFile { kind: "traceability-workbook".into(), path: xlsx.display().to_string() },
    ])
}

/// One sheet: a row per requirement and covering scenario, "no test" where none covers it.
fn workbook(rows: &[TraceRow], language: Locale) -> Result<Vec<u8>, rust_xlsxwriter::XlsxError> {
    use rust_xlsxwriter::{Color, Format, Workbook};
    let say = |id: &str| render(&Text::message(id, []), language);
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name(say("trace-sheet"))?;
    let bold = Format::new().set_bold();
    let missing = Format::new().set_font_color(Color::RGB(0xCF222E)).set_bold();
    let heads = ["trace-requirement", "doc-intent", "trace-place", "trace-scenario", "trace-steps", "report-verdict"];
    for (column, id) in heads.iter().enumerate() {
        sheet.write_with_format(0, column as u16, say(id), &bold)?;
    }
    let mut at = 1u32;
    for row in rows {
        let links: Vec<Option<&TraceLink>> =
            if row.links.is_empty() { vec![None] } else { row.links.iter().map(Some).collect() };
        for link in links {
            let requirement = if row.said { say("provenance-said") } else { row.requirement.clone() };
            sheet.write(at, 0, &requirement)?;
            sheet.write(at, 1, &row.title)?;
            sheet.write(at, 2, &row.place)?;
            match link {
                Some(link) => {
                    let steps: Vec<String> = link.steps.iter().map(u32::to_string).collect();
                    sheet.write(at, 3, &link.scenario)?;
                    sheet.write(at, 4, steps.join(", "))?;
                    sheet.write(at, 5, say(link.verdict.word()))?;
                }
                None => {
                    sheet.write_with_format(at, 3, say("trace-no-test"), &missing)?;
                }
            }
            at += 1;
        }
    }
    sheet.set_column_width(1, 40)?;
    sheet.set_column_width(3, 40)?;
    book.save_to_buffer()
}
