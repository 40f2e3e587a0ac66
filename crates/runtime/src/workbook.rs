//! The planner's own workbook given back with its results: every sheet as it was read (its
//! header and rows at their row numbers), with two columns added beside each case — what its
//! trial proved, and how each step's row went — so the run reads where the cases were written.
//! Values only: the file is rebuilt from what was read, not the original's formatting.

use specwright_catalog::{render, Locale};
use specwright_intake::Document;
use specwright_protocol::Text;
use specwright_scenario::{Scenario, Verdict, Verification};
use std::collections::HashMap;

/// Spreadsheet documents a result workbook is made for.
pub(crate) fn is_workbook(document: &Document) -> bool {
    document.tables.iter().any(|t| t.sheet.is_some())
}

/// `<name>-결과.xlsx` / `<name>-results.xlsx` for the spreadsheet `document`: each sheet's cells,
/// then the case's verdict and the step's outcome on every row a scenario's step cites.
/// `verdicts` holds each scenario's latest verdict by title. `None` when no row was cited.
pub(crate) fn result_workbook(
    document: &Document,
    scenarios: &[Scenario],
    verdicts: &HashMap<String, Verdict>,
    language: Locale,
) -> Result<Option<(String, Vec<u8>)>, rust_xlsxwriter::XlsxError> {
    use rust_xlsxwriter::{Color, Format, Workbook};
    let say = |id: &str| render(&Text::message(id, []), language);
    // (sheet, row) → (case verdict, step outcome).
    let mut results: HashMap<(String, u32), (Verdict, Verification)> = HashMap::new();
    for scenario in scenarios {
        let verdict = verdicts.get(&scenario.title).copied().unwrap_or(Verdict::NotRun);
        for step in &scenario.steps {
            let citation = match &step.provenance {
                specwright_scenario::Provenance::Spec { citation }
                | specwright_scenario::Provenance::Answer { citation: Some(citation), .. } => citation,
                _ => continue,
            };
            if citation.document != document.name {
                continue;
            }
            if let (Some(sheet), Some(row)) = (&citation.sheet, citation.row) {
                results.insert((sheet.clone(), row), (verdict, step.verification));
            }
        }
    }
    if results.is_empty() {
        return Ok(None);
    }
    let bold = Format::new().set_bold().set_background_color(Color::RGB(0xE8F0FE));
    let tone = |verdict: Verdict| {
        let color = match verdict {
            Verdict::Passed => 0xE6F4EA,
            Verdict::Failed => 0xFCE8E6,
            Verdict::NotRun => 0xECEFF1,
            _ => 0xFEF3D6,
        };
        Format::new().set_background_color(Color::RGB(color))
    };
    let mut workbook = Workbook::new();
    for table in document.tables.iter().filter(|t| t.sheet.is_some()) {
        let sheet_name = table.sheet.clone().unwrap_or_default();
        let sheet = workbook.add_worksheet();
        // Excel limits sheet names; a name it refuses keeps the default one.
        let _ = sheet.set_name(&sheet_name);
        let width = table.rows.iter().map(|r| r.cells.len()).chain([table.header.len()]).max().unwrap_or(0);
        if let Some(header_row) = table.header_row {
            for (col, cell) in table.header.iter().enumerate() {
                sheet.write_string(header_row - 1, col as u16, cell)?;
            }
            sheet.write_string_with_format(header_row - 1, width as u16, say("workbook-verdict"), &bold)?;
            sheet.write_string_with_format(header_row - 1, width as u16 + 1, say("workbook-step"), &bold)?;
        }
        for row in &table.rows {
            let at = row.number.saturating_sub(1);
            for (col, cell) in row.cells.iter().enumerate() {
                if !cell.is_empty() {
                    sheet.write_string(at, col as u16, cell)?;
                }
            }
            if let Some((verdict, step)) = results.get(&(sheet_name.clone(), row.number)) {
                sheet.write_string_with_format(at, width as u16, say(verdict.word()), &tone(*verdict))?;
                sheet.write_string(at, width as u16 + 1, specwright_scenario::verification_word(&language, *step))?;
            }
        }
        sheet.set_column_width(width as u16, 16)?;
        sheet.set_column_width(width as u16 + 1, 12)?;
    }
    let stem = document.name.rsplit_once('.').map_or(document.name.as_str(), |(stem, _)| stem);
    let name = format!("{stem}-{}.xlsx", say("workbook-suffix"));
    Ok(Some((name, workbook.save_to_buffer()?)))
}
