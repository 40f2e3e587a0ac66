//! Spreadsheets (`.xlsx`, `.xls`, `.ods`, `.csv`): every sheet, merged cells filled from their
//! top-left cell, dates as dates, the header row detected (title rows above it are kept as text),
//! and one row = one addressable record (sheet + row number).

use crate::archive::Archive;
use crate::document::Builder;
use crate::{quiet, IntakeError, Limits};
use calamine::{Data, Dimensions, Ods, Range, Reader, Xls, Xlsx};
use specwright_scenario::Text;
use std::io::Cursor;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Xlsx,
    Ods,
}

/// Words that appear in test-case and requirement sheet headers, Korean and English.
const HEADER_WORDS: &[&str] = &[
    "번호",
    "no",
    "no.",
    "id",
    "#",
    "구분",
    "화면",
    "screen",
    "사전조건",
    "전제조건",
    "precondition",
    "preconditions",
    "단계",
    "step",
    "steps",
    "동작",
    "절차",
    "action",
    "actions",
    "입력값",
    "입력",
    "테스트 데이터",
    "test data",
    "data",
    "기대결과",
    "기대 결과",
    "예상결과",
    "expected",
    "expected result",
    "expected results",
    "비고",
    "note",
    "notes",
    "결과",
    "result",
    "항목",
    "item",
    "설명",
    "description",
    "요구사항",
    "requirement",
    "우선순위",
    "priority",
    "제목",
    "title",
    "name",
    "이름",
    "필드",
    "field",
    "작성자",
    "author",
    "일자",
    "날짜",
    "date",
    "버전",
    "version",
    "내용",
];

pub(crate) fn read_workbook(
    b: &mut Builder,
    name: &str,
    bytes: &[u8],
    kind: Kind,
    archive: &mut Archive,
    limits: &Limits,
) -> Result<(), IntakeError> {
    match kind {
        Kind::Xlsx if !archive.has("xl/workbook.xml") => {
            return Err(IntakeError::corrupt(name, "xl/workbook.xml is missing"));
        }
        Kind::Ods if !archive.has("content.xml") => return Err(IntakeError::corrupt(name, "content.xml is missing")),
        _ => {}
    }
    // calamine does not report ODS merges; they are read from the content directly.
    let content_xml = match kind {
        Kind::Ods => archive.entry("content.xml")?.map(|b| String::from_utf8_lossy(&b).into_owned()),
        Kind::Xlsx => None,
    };
    let max_area = limits.max_cells;
    let sheets = quiet::guarded(move || -> Result<Vec<Sheet>, Refusal> {
        match kind {
            Kind::Xlsx => {
                let mut book: Xlsx<_> = calamine::open_workbook_from_rs(Cursor::new(bytes))
                    .map_err(|e: calamine::XlsxError| Refusal::Corrupt(e.to_string()))?;
                let names = book.sheet_names();
                let mut out = Vec::new();
                for sheet in names {
                    let merges = book.merge_cells_by_sheet_name(&sheet).unwrap_or_default();
                    match xlsx_grid(&mut book, &sheet, max_area) {
                        Ok(grid) => out.push(Sheet { name: sheet, grid: Ok(grid), merges, lenient: false }),
                        Err(Refusal::TooManyCells(cells)) => return Err(Refusal::TooManyCells(cells)),
                        Err(Refusal::Corrupt(strict)) => {
                            // calamine refuses the whole sheet for one bad cell; read what makes sense.
                            let grid = crate::xlsx::sheet(archive, &sheet, max_area)
                                .map(|(rows, merges)| (Grid { rows, row0: 0, col0: 0 }, merges))
                                .map_err(|lenient| format!("{strict}; {lenient}"));
                            match grid {
                                Ok((grid, merges)) => {
                                    out.push(Sheet { name: sheet, grid: Ok(grid), merges, lenient: true })
                                }
                                Err(e) => out.push(Sheet { name: sheet, grid: Err(e), merges, lenient: false }),
                            }
                        }
                    }
                }
                Ok(out)
            }
            Kind::Ods => {
                // calamine builds every sheet's grid as it opens the file: its used range, with
                // repeated rows and columns counted out, is checked first.
                if let Some(area) = content_xml.as_deref().map(ods_used_area).filter(|a| *a > max_area) {
                    return Err(Refusal::TooManyCells(area));
                }
                let mut merges = content_xml.as_deref().map(ods_merges).unwrap_or_default();
                let mut book: Ods<_> = calamine::open_workbook_from_rs(Cursor::new(bytes))
                    .map_err(|e: calamine::OdsError| Refusal::Corrupt(e.to_string()))?;
                let names = book.sheet_names();
                Ok(names
                    .into_iter()
                    .map(|sheet| {
                        let grid = book.worksheet_range(&sheet).map(grid_of).map_err(|e| e.to_string());
                        let merges = merges.remove(&sheet).unwrap_or_default();
                        Sheet { name: sheet, grid, merges, lenient: false }
                    })
                    .collect())
            }
        }
    })
    .map_err(|panic| IntakeError::corrupt(name, panic))?
    .map_err(|refusal| refusal.into_error(name, limits))?;
    write_sheets(b, name, sheets, limits)
}

/// Why a workbook's sheets were not read.
enum Refusal {
    Corrupt(String),
    /// Its used range spans this many cells, over the limit: nothing was built.
    TooManyCells(u64),
}

impl Refusal {
    fn into_error(self, name: &str, limits: &Limits) -> IntakeError {
        match self {
            Refusal::Corrupt(reason) => IntakeError::corrupt(name, reason),
            Refusal::TooManyCells(cells) => {
                IntakeError::TooManyCells { name: name.to_string(), cells, limit: limits.max_cells }
            }
        }
    }
}

/// A sheet of an `.xlsx` read cell by cell (calamine's dense range would allocate the whole
/// used range first: two cells at A1 and XFD1048576 are 17 billion). Refused as soon as its
/// cells or its used range are over `max_area`; the grid is built only within it.
fn xlsx_grid<RS: std::io::Read + std::io::Seek>(
    book: &mut Xlsx<RS>,
    sheet: &str,
    max_area: u64,
) -> Result<Grid, Refusal> {
    let mut reader = match book.worksheet_cells_reader(sheet) {
        Ok(reader) => reader,
        Err(calamine::XlsxError::NotAWorksheet(_)) => return Ok(Grid { rows: Vec::new(), row0: 0, col0: 0 }),
        Err(e) => return Err(Refusal::Corrupt(e.to_string())),
    };
    let mut cells: Vec<((u32, u32), String)> = Vec::new();
    let (mut top, mut left, mut bottom, mut right) = (u32::MAX, u32::MAX, 0u32, 0u32);
    while let Some(cell) = reader.next_cell().map_err(|e| Refusal::Corrupt(e.to_string()))? {
        let value: Data = cell.get_value().clone().into();
        if matches!(value, Data::Empty) {
            continue;
        }
        let (r, c) = cell.get_position();
        (top, left, bottom, right) = (top.min(r), left.min(c), bottom.max(r), right.max(c));
        let area = (u64::from(bottom - top) + 1) * (u64::from(right - left) + 1);
        if area > max_area || cells.len() as u64 >= max_area {
            return Err(Refusal::TooManyCells(area.max(cells.len() as u64 + 1)));
        }
        cells.push(((r, c), cell_text(&value)));
    }
    if cells.is_empty() {
        return Ok(Grid { rows: Vec::new(), row0: 0, col0: 0 });
    }
    let width = (right - left + 1) as usize;
    let mut rows = vec![vec![String::new(); width]; (bottom - top + 1) as usize];
    for ((r, c), text) in cells {
        rows[(r - top) as usize][(c - left) as usize] = text;
    }
    Ok(Grid { rows, row0: top, col0: left })
}

/// The cells an `.ods` content describes, repeated rows and columns counted out: per table, its
/// rows through the last one holding a value by its columns through the last cell holding one
/// (the trailing empty rows and columns spreadsheets write are not counted, as calamine trims
/// them).
fn ods_used_area(xml: &str) -> u64 {
    use quick_xml::events::Event;
    let repeated = |e: &quick_xml::events::BytesStart, key: &str| -> u64 {
        e.attributes()
            .flatten()
            .find(|a| a.key.as_ref() == key)
            .and_then(|a| a.value.trim().parse::<u64>().ok())
            .unwrap_or(1)
            .max(1)
    };
    let has_value =
        |e: &quick_xml::events::BytesStart| e.attributes().flatten().any(|a| a.key.as_ref() == "office:value-type");
    let mut reader = quick_xml::Reader::from_str(xml);
    let (mut area, mut rows, mut rows_used, mut widest) = (0u64, 0u64, 0u64, 0u64);
    let (mut row_repeat, mut col, mut last) = (1u64, 0u64, 0u64);
    // The end column of the cell being read, while inside it.
    let mut open_cell: Option<u64> = None;
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) if e.name().as_ref() == "table:table" => {
                (rows, rows_used, widest) = (0, 0, 0);
            }
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) if e.name().as_ref() == "table:table-row" => {
                (row_repeat, col, last) = (repeated(&e, "table:number-rows-repeated"), 0, 0);
            }
            Ok(Event::Start(e)) if matches!(e.name().as_ref(), "table:table-cell" | "table:covered-table-cell") => {
                col = col.saturating_add(repeated(&e, "table:number-columns-repeated"));
                if has_value(&e) {
                    last = col;
                }
                open_cell = Some(col);
            }
            Ok(Event::Empty(e)) if matches!(e.name().as_ref(), "table:table-cell" | "table:covered-table-cell") => {
                col = col.saturating_add(repeated(&e, "table:number-columns-repeated"));
                if has_value(&e) {
                    last = col;
                }
            }
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) if e.name().as_ref() == "text:p" => {
                if let Some(end) = open_cell {
                    last = end;
                }
            }
            Ok(Event::End(e)) => match e.name().as_ref() {
                "table:table-cell" | "table:covered-table-cell" => open_cell = None,
                "table:table-row" => {
                    rows = rows.saturating_add(row_repeat);
                    if last > 0 {
                        rows_used = rows;
                        widest = widest.max(last);
                    }
                }
                "table:table" => area = area.saturating_add(rows_used.saturating_mul(widest)),
                _ => {}
            },
            Ok(Event::Eof) | Err(_) => break,
            _ => {}
        }
    }
    area
}

pub(crate) fn read_xls(b: &mut Builder, name: &str, bytes: &[u8], limits: &Limits) -> Result<(), IntakeError> {
    // calamine reads every sheet as it opens the file, reserving room for the range a sheet's
    // DIMENSIONS record claims and building a grid of its cells' used range: both are checked
    // first.
    if let Some(area) = xls_used_area(bytes).filter(|a| *a > limits.max_cells) {
        return Err(IntakeError::TooManyCells { name: name.to_string(), cells: area, limit: limits.max_cells });
    }
    let sheets = quiet::guarded(|| -> Result<Vec<Sheet>, String> {
        let mut book: Xls<_> =
            calamine::open_workbook_from_rs(Cursor::new(bytes)).map_err(|e: calamine::XlsError| e.to_string())?;
        let names = book.sheet_names();
        Ok(names
            .into_iter()
            .map(|sheet| {
                let merges = book.merge_cells_by_sheet_name(&sheet).unwrap_or_default();
                let grid = book.worksheet_range(&sheet).map(grid_of).map_err(|e| e.to_string());
                Sheet { name: sheet, grid, merges, lenient: false }
            })
            .collect())
    })
    .map_err(|panic| IntakeError::corrupt(name, panic))?
    .map_err(|e| {
        if e.to_ascii_lowercase().contains("password") || e.to_ascii_lowercase().contains("encrypt") {
            IntakeError::Encrypted { name: name.to_string() }
        } else {
            IntakeError::corrupt(name, e)
        }
    })?;
    write_sheets(b, name, sheets, limits)
}

pub(crate) fn read_csv(
    b: &mut Builder,
    name: &str,
    text: &str,
    delimiter: u8,
    limits: &Limits,
) -> Result<(), IntakeError> {
    let mut reader =
        csv::ReaderBuilder::new().has_headers(false).flexible(true).delimiter(delimiter).from_reader(text.as_bytes());
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut cells: u64 = 0;
    for record in reader.records() {
        let record = record.map_err(|e| IntakeError::corrupt(name, e))?;
        cells += record.len() as u64;
        if cells > limits.max_cells {
            return Err(IntakeError::TooManyCells { name: name.to_string(), cells, limit: limits.max_cells });
        }
        rows.push(record.iter().map(|c| c.trim().to_string()).collect());
    }
    let stem = name.rsplit_once('.').map(|(s, _)| s).unwrap_or(name).to_string();
    b.set_title(&stem);
    write_grid(b, &stem, rows, 0);
    Ok(())
}

/// The largest range an `.xls` sheet claims or uses: per worksheet substream of its BIFF
/// records, the range its DIMENSIONS record gives, and the range its cells span. `None` when the
/// file is not a compound file with a workbook stream (calamine then says what is wrong).
fn xls_used_area(bytes: &[u8]) -> Option<u64> {
    use std::io::Read;
    let mut file = cfb::CompoundFile::open(Cursor::new(bytes)).ok()?;
    let name = ["/Workbook", "/Book"].into_iter().find(|n| file.is_stream(n))?;
    let mut stream = Vec::new();
    // The stream is at most the file's size, which intake already limited.
    file.open_stream(name).ok()?.take(bytes.len() as u64).read_to_end(&mut stream).ok()?;
    let u16_at = |data: &[u8], at: usize| data.get(at..at + 2).map(|b| u16::from_le_bytes([b[0], b[1]]));
    let u32_at = |data: &[u8], at: usize| data.get(at..at + 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    let (mut largest, mut at) = (0u64, 0usize);
    // The span of the current substream's cells: first row, last row, first column, last column.
    let mut span: Option<(u32, u32, u32, u32)> = None;
    let area = |s: Option<(u32, u32, u32, u32)>| {
        s.map_or(0, |(top, bottom, left, right)| (u64::from(bottom - top) + 1) * (u64::from(right - left) + 1))
    };
    while at + 4 <= stream.len() {
        let (Some(kind), Some(len)) = (u16_at(&stream, at), u16_at(&stream, at + 2)) else { break };
        let data = stream.get(at + 4..(at + 4 + len as usize).min(stream.len())).unwrap_or_default();
        at += 4 + len as usize;
        let mut cell = |row: u32, first: u32, last: u32| {
            span = Some(match span {
                None => (row, row, first, last.max(first)),
                Some((t, b, l, r)) => (t.min(row), b.max(row), l.min(first), r.max(last)),
            });
        };
        match kind {
            // BOF: a new substream; EOF: the end of one.
            0x0809 | 0x000A => {
                largest = largest.max(area(span));
                span = None;
            }
            // DIMENSIONS: BIFF8 rows as 32 bits, earlier versions 16.
            0x0200 => {
                let (top, bottom, left, right) = if len >= 14 {
                    (u32_at(data, 0), u32_at(data, 4), u16_at(data, 8).map(u32::from), u16_at(data, 10).map(u32::from))
                } else {
                    (
                        u16_at(data, 0).map(u32::from),
                        u16_at(data, 2).map(u32::from),
                        u16_at(data, 4).map(u32::from),
                        u16_at(data, 6).map(u32::from),
                    )
                };
                if let (Some(top), Some(bottom), Some(left), Some(right)) = (top, bottom, left, right) {
                    let claimed = u64::from(bottom.saturating_sub(top)) * u64::from(right.saturating_sub(left));
                    largest = largest.max(claimed);
                }
            }
            // Cells with a row and a column: number, label, rich label, bool/error, RK, label
            // from the string table, formula.
            0x0203 | 0x0204 | 0x00D6 | 0x0205 | 0x027E | 0x00FD | 0x0006 => {
                if let (Some(row), Some(col)) = (u16_at(data, 0), u16_at(data, 2)) {
                    cell(u32::from(row), u32::from(col), u32::from(col));
                }
            }
            // MULRK: a row, its first column, then its last column in the record's last 2 bytes.
            0x00BD => {
                if let (Some(row), Some(first), Some(last)) =
                    (u16_at(data, 0), u16_at(data, 2), u16_at(data, data.len().saturating_sub(2)))
                {
                    cell(u32::from(row), u32::from(first), u32::from(last));
                }
            }
            _ => {}
        }
    }
    Some(largest.max(area(span)))
}

struct Sheet {
    name: String,
    grid: Result<Grid, String>,
    merges: Vec<Dimensions>,
    /// Read by the lenient reader after calamine refused it.
    lenient: bool,
}

/// Cell texts and where the first of them sits in the sheet (0-based).
struct Grid {
    rows: Vec<Vec<String>>,
    row0: u32,
    col0: u32,
}

fn grid_of(range: Range<Data>) -> Grid {
    let (row0, col0) = range.start().unwrap_or((0, 0));
    Grid { rows: range.rows().map(|r| r.iter().map(cell_text).collect()).collect(), row0, col0 }
}

fn write_sheets(b: &mut Builder, name: &str, sheets: Vec<Sheet>, limits: &Limits) -> Result<(), IntakeError> {
    let stem = name.rsplit_once('.').map(|(s, _)| s).unwrap_or(name);
    b.set_title(stem);
    let mut total: u64 = 0;
    let mut readable = 0;
    let count = sheets.len();
    for sheet in sheets {
        let Grid { mut rows, row0, col0 } = match sheet.grid {
            Ok(grid) => grid,
            Err(e) => {
                b.problem(
                    "corrupt",
                    None,
                    Some(&sheet.name),
                    Text::message(
                        "problem-sheet-unreadable",
                        [("sheet", sheet.name.as_str().into()), ("reason", e.to_string().into())],
                    ),
                );
                continue;
            }
        };
        readable += 1;
        total += rows.iter().map(|r| r.len() as u64).sum::<u64>();
        if total > limits.max_cells * 4 {
            return Err(IntakeError::TooManyCells { name: name.to_string(), cells: total, limit: limits.max_cells });
        }
        if sheet.lenient {
            b.problem(
                "cells_skipped",
                None,
                Some(&sheet.name),
                Text::message("problem-cells-skipped", [("sheet", sheet.name.as_str().into())]),
            );
        }
        for m in &sheet.merges {
            fill_merge(&mut rows, m, row0, col0);
        }
        let grid = rows;
        b.heading(1, &sheet.name);
        write_grid(b, &sheet.name, grid, row0);
    }
    if readable == 0 && count > 0 {
        return Err(IntakeError::corrupt(name, "no sheet could be read"));
    }
    Ok(())
}

/// Writes a sheet's rows: title rows above the header as text, then one table.
fn write_grid(b: &mut Builder, sheet: &str, grid: Vec<Vec<String>>, row0: u32) {
    let numbered: Vec<(u32, Vec<String>)> = grid
        .into_iter()
        .enumerate()
        .map(|(i, mut cells)| {
            while cells.last().is_some_and(|c| c.is_empty()) {
                cells.pop();
            }
            (row0 + i as u32 + 1, cells)
        })
        .filter(|(_, cells)| cells.iter().any(|c| !c.is_empty()))
        .collect();
    if numbered.is_empty() {
        return;
    }
    let header_at = header_index(&numbered);
    for (_, cells) in &numbered[..header_at] {
        b.text(&cells.iter().filter(|c| !c.is_empty()).cloned().collect::<Vec<_>>().join(" "));
    }
    let width = numbered[header_at..].iter().map(|(_, c)| c.len()).max().unwrap_or(0);
    let mut rows = numbered[header_at..].to_vec();
    for (_, cells) in rows.iter_mut() {
        cells.resize(width, String::new());
    }
    let mut rows = rows.into_iter();
    let header = rows.next().map(|(n, mut cells)| {
        while cells.last().is_some_and(String::is_empty) {
            cells.pop();
        }
        (n, cells)
    });
    b.table(sheet, Some(sheet), header, rows.collect());
}

/// The row most like a header among the first rows: header words, several short text cells.
fn header_index(rows: &[(u32, Vec<String>)]) -> usize {
    let mut best = (i32::MIN, 0usize);
    for (i, (_, cells)) in rows.iter().enumerate().take(15) {
        let filled: Vec<&String> = cells.iter().filter(|c| !c.is_empty()).collect();
        if filled.len() < 2 {
            continue;
        }
        let words = filled.iter().filter(|c| HEADER_WORDS.contains(&normalize(c).as_str())).count() as i32;
        let texty = filled.iter().filter(|c| c.chars().count() <= 30 && c.parse::<f64>().is_err()).count() as i32;
        let score = words * 4 + texty * 2 - (cells.len() as i32 - filled.len() as i32) - i as i32;
        if score > best.0 {
            best = (score, i);
        }
    }
    best.1
}

fn normalize(cell: &str) -> String {
    cell.trim().trim_end_matches([':', '.', ')']).split(['(', '/', '\n']).next().unwrap_or("").trim().to_lowercase()
}

/// `sheet name → merged regions` from an ODS `content.xml`.
fn ods_merges(xml: &str) -> std::collections::HashMap<String, Vec<Dimensions>> {
    use quick_xml::events::Event;
    let mut out: std::collections::HashMap<String, Vec<Dimensions>> = Default::default();
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut sheet: Option<String> = None;
    let (mut row, mut col, mut repeat) = (0u32, 0u32, 1u32);
    let attr = |e: &quick_xml::events::BytesStart, key: &str| -> Option<String> {
        e.attributes().flatten().find(|a| a.key.0 == key).map(|a| a.value.to_string())
    };
    let number = |v: Option<String>| v.and_then(|v| v.parse::<u32>().ok()).unwrap_or(1).max(1);
    loop {
        match reader.read_event() {
            Ok(Event::Empty(e)) if e.name().0 == "table:table-row" => {
                row = row.saturating_add(number(attr(&e, "table:number-rows-repeated")));
            }
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) => match e.name().0 {
                "table:table" => {
                    sheet = attr(&e, "table:name");
                    row = 0;
                }
                "table:table-row" => {
                    col = 0;
                    repeat = number(attr(&e, "table:number-rows-repeated"));
                }
                "table:table-cell" | "table:covered-table-cell" => {
                    let rows = attr(&e, "table:number-rows-spanned").map(|v| number(Some(v)));
                    let cols = attr(&e, "table:number-columns-spanned").map(|v| number(Some(v)));
                    if let (Some(name), true) = (sheet.as_ref(), rows.unwrap_or(1) > 1 || cols.unwrap_or(1) > 1) {
                        out.entry(name.clone()).or_default().push(Dimensions {
                            start: (row, col),
                            end: (row + rows.unwrap_or(1) - 1, col + cols.unwrap_or(1) - 1),
                        });
                    }
                    col = col.saturating_add(number(attr(&e, "table:number-columns-repeated")));
                }
                _ => {}
            },
            Ok(Event::End(e)) => match e.name().0 {
                "table:table-row" => row = row.saturating_add(repeat),
                "table:table" => sheet = None,
                _ => {}
            },
            Ok(Event::Eof) | Err(_) => break,
            _ => {}
        }
    }
    out
}

fn fill_merge(grid: &mut [Vec<String>], m: &Dimensions, row0: u32, col0: u32) {
    let (Some(top), Some(left)) = (m.start.0.checked_sub(row0), m.start.1.checked_sub(col0)) else { return };
    let value = grid.get(top as usize).and_then(|r| r.get(left as usize)).cloned().unwrap_or_default();
    if value.is_empty() {
        return;
    }
    for r in top..=m.end.0.saturating_sub(row0).min(top + 10_000) {
        let Some(row) = grid.get_mut(r as usize) else { break };
        for c in left..=m.end.1.saturating_sub(col0).min(left + 1_000) {
            if let Some(cell) = row.get_mut(c as usize) {
                if cell.is_empty() {
                    *cell = value.clone();
                }
            }
        }
    }
}

fn cell_text(cell: &Data) -> String {
    match cell {
        Data::Empty => String::new(),
        Data::String(s) => s.trim().to_string(),
        Data::Int(i) => i.to_string(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::Float(f) => f.to_string(),
        Data::Bool(b) => if *b { "TRUE" } else { "FALSE" }.to_string(),
        Data::DateTime(dt) if dt.is_datetime() => match dt.as_datetime() {
            Some(t) if t.format("%H:%M:%S").to_string() == "00:00:00" => t.format("%Y-%m-%d").to_string(),
            Some(t) => t.format("%Y-%m-%d %H:%M").to_string(),
            None => dt.as_f64().to_string(),
        },
        Data::DateTime(dt) => match dt.as_duration() {
            Some(d) => {
                let s = d.num_seconds();
                format!("{:02}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
            }
            None => dt.as_f64().to_string(),
        },
        Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        Data::Error(e) => format!("#{e:?}"),
    }
}
