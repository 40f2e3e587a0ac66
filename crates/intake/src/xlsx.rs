//! A lenient reader for `.xlsx` sheets calamine refuses (a shared-string index out of range, an
//! unknown cell type): the cells that make sense are kept, so one bad cell never costs the user
//! the whole workbook.

use crate::archive::Archive;
use calamine::Dimensions;
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

/// The sheet's cells from row 1 / column A, and its merged regions.
pub(crate) fn sheet(
    archive: &mut Archive,
    sheet: &str,
    max_area: u64,
) -> Result<(Vec<Vec<String>>, Vec<Dimensions>), String> {
    let path = sheet_path(archive, sheet)?;
    let strings = match archive.entry("xl/sharedStrings.xml").map_err(|e| e.to_string())? {
        Some(xml) => shared_strings(&String::from_utf8_lossy(&xml)),
        None => Vec::new(),
    };
    let xml = archive.entry(&path).map_err(|e| e.to_string())?.ok_or_else(|| format!("{path} is missing"))?;
    let xml = String::from_utf8_lossy(&xml);
    let mut reader = Reader::from_str(&xml);
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut merges = Vec::new();
    let mut row_index: u32 = 0;
    let mut cell: Option<(u32, u32, Option<String>)> = None;
    let mut value = String::new();
    let mut in_value = false;
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) => match e.local_name().as_ref() {
                "row" => {
                    row_index = attr(&e, "r").and_then(|r| r.parse::<u32>().ok()).map(|r| r - 1).unwrap_or(row_index);
                }
                "c" => {
                    let (r, c) = attr(&e, "r").and_then(|r| reference(&r)).unwrap_or((row_index, 0));
                    cell = Some((r, c, attr(&e, "t")));
                    value.clear();
                }
                "v" | "t" => in_value = cell.is_some(),
                "mergeCell" => {
                    if let Some((a, b)) = attr(&e, "ref").as_deref().and_then(|r| r.split_once(':')) {
                        if let (Some(start), Some(end)) = (reference(a), reference(b)) {
                            merges.push(Dimensions { start, end });
                        }
                    }
                }
                _ => {}
            },
            Ok(Event::Text(t)) if in_value => value.push_str(&t.xml10_content()),
            Ok(Event::GeneralRef(r)) if in_value => value.push_str(&entity_text(&format!("&{};", &*r))),
            Ok(Event::End(e)) => match e.local_name().as_ref() {
                "v" | "t" => in_value = false,
                "row" => row_index += 1,
                "c" => {
                    if let Some((r, c, kind)) = cell.take() {
                        let text = match kind.as_deref() {
                            Some("s") => value
                                .trim()
                                .parse::<usize>()
                                .ok()
                                .and_then(|i| strings.get(i).cloned())
                                .unwrap_or_default(),
                            Some("b") => if value.trim() == "1" { "TRUE" } else { "FALSE" }.to_string(),
                            _ => value.trim().to_string(),
                        };
                        if !text.is_empty() && r < 1_048_576 && c < 16_384 {
                            let (r, c) = (r as usize, c as usize);
                            if rows.len() <= r {
                                rows.resize(r + 1, Vec::new());
                            }
                            if rows[r].len() <= c {
                                rows[r].resize(c + 1, String::new());
                            }
                            rows[r][c] = text;
                        }
                    }
                }
                _ => {}
            },
            Ok(Event::Eof) => break,
            Err(e) => return Err(e.to_string()),
            _ => {}
        }
    }
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    // The grid is as wide as its widest row, all the way down: refused before it is built when
    // that is more cells than a sheet may have.
    let area = width as u64 * rows.len() as u64;
    if area > max_area {
        return Err(format!("its used range spans {area} cells, more than {max_area}"));
    }
    for row in rows.iter_mut() {
        row.resize(width, String::new());
    }
    Ok((rows, merges))
}

fn attr(e: &BytesStart, local: &str) -> Option<String> {
    e.attributes().flatten().find(|a| a.key.local_name().as_ref() == local).map(|a| a.value.to_string())
}

/// `B3` → `(2, 1)`, zero-based row and column.
fn reference(cell: &str) -> Option<(u32, u32)> {
    let letters: String = cell.chars().take_while(char::is_ascii_alphabetic).collect();
    let digits = &cell[letters.len()..];
    if letters.is_empty() || letters.len() > 3 {
        return None;
    }
    let col = letters.bytes().fold(0u32, |acc, b| acc * 26 + (b.to_ascii_uppercase() - b'A' + 1) as u32) - 1;
    let row = digits.parse::<u32>().ok()?.checked_sub(1)?;
    Some((row, col))
}

fn sheet_path(archive: &mut Archive, sheet: &str) -> Result<String, String> {
    let workbook = archive.entry("xl/workbook.xml").map_err(|e| e.to_string())?.ok_or("xl/workbook.xml is missing")?;
    let workbook = String::from_utf8_lossy(&workbook);
    let mut reader = Reader::from_str(&workbook);
    let mut id = None;
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) if e.local_name().as_ref() == "sheet" => {
                if attr(&e, "name").as_deref() == Some(sheet) {
                    id = attr(&e, "id");
                    break;
                }
            }
            Ok(Event::Eof) | Err(_) => break,
            _ => {}
        }
    }
    let id = id.ok_or_else(|| format!("sheet {sheet} is not in the workbook"))?;
    let rels = archive
        .entry("xl/_rels/workbook.xml.rels")
        .map_err(|e| e.to_string())?
        .ok_or("xl/_rels/workbook.xml.rels is missing")?;
    let rels = String::from_utf8_lossy(&rels);
    let mut reader = Reader::from_str(&rels);
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) if e.local_name().as_ref() == "Relationship" => {
                if attr(&e, "Id").as_deref() == Some(id.as_str()) {
                    let target = attr(&e, "Target").unwrap_or_default();
                    return Ok(match target.strip_prefix('/') {
                        Some(absolute) => absolute.to_string(),
                        None => format!("xl/{target}"),
                    });
                }
            }
            Ok(Event::Eof) | Err(_) => break,
            _ => {}
        }
    }
    Err(format!("sheet {sheet} has no part"))
}

fn shared_strings(xml: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut reader = Reader::from_str(xml);
    let mut current: Option<String> = None;
    let mut in_text = false;
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) => match e.local_name().as_ref() {
                "si" => current = Some(String::new()),
                "t" => in_text = true,
                _ => {}
            },
            Ok(Event::Empty(e)) if e.local_name().as_ref() == "si" => out.push(String::new()),
            Ok(Event::Text(t)) if in_text => {
                if let Some(c) = current.as_mut() {
                    c.push_str(&t.xml10_content());
                }
            }
            Ok(Event::GeneralRef(r)) if in_text => {
                if let Some(c) = current.as_mut() {
                    c.push_str(&entity_text(&format!("&{};", &*r)));
                }
            }
            Ok(Event::End(e)) => match e.local_name().as_ref() {
                "t" => in_text = false,
                "si" => out.extend(current.take()),
                _ => {}
            },
            Ok(Event::Eof) | Err(_) => break,
            _ => {}
        }
    }
    out
}

/// An XML reference (`&amp;`, `&#44032;`) as the text it stands for, by quick-xml's own rules;
/// one XML does not define stays as written.
fn entity_text(raw: &str) -> String {
    quick_xml::escape::unescape(raw).map(|text| text.into_owned()).unwrap_or_else(|_| raw.to_string())
}
