//! Word `.docx`: headings from paragraph styles (or outline levels), numbered and bulleted lists
//! numbered the way Word shows them, and tables cell by cell with merged cells filled.

use crate::archive::Archive;
use crate::document::Builder;
use crate::{IntakeError, Limits};
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;
use std::collections::HashMap;

#[derive(Default, Clone)]
struct Style {
    name: String,
    outline: Option<u8>,
    num: Option<(String, u8)>,
    based_on: Option<String>,
}

#[derive(Default)]
struct Paragraph {
    style: Option<String>,
    outline: Option<u8>,
    num: Option<(Option<String>, u8)>,
    text: String,
}

#[derive(Default)]
struct Cell {
    text: String,
    span: usize,
    merge: Option<bool>,
}

pub(crate) fn read(b: &mut Builder, name: &str, bytes: &[u8], limits: &Limits) -> Result<(), IntakeError> {
    let mut archive = Archive::open(name, bytes, limits.max_unpacked_bytes)?;
    let document = archive
        .entry("word/document.xml")?
        .ok_or_else(|| IntakeError::corrupt(name, "word/document.xml is missing"))?;
    let styles = match archive.entry("word/styles.xml")? {
        Some(xml) => styles(&String::from_utf8_lossy(&xml)),
        None => HashMap::new(),
    };
    let numbering = match archive.entry("word/numbering.xml")? {
        Some(xml) => numbering(&String::from_utf8_lossy(&xml)),
        None => HashMap::new(),
    };
    let xml = String::from_utf8_lossy(&document);
    Body::new(b, &styles, &numbering).read(&xml).map_err(|e| IntakeError::corrupt(name, e))
}

fn attr(e: &BytesStart, local: &str) -> Option<String> {
    e.attributes().flatten().find(|a| a.key.local_name().as_ref() == local).map(|a| {
        a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
            .map(|v| v.into_owned())
            .unwrap_or_else(|_| a.value.to_string())
    })
}

fn local(e: &BytesStart) -> String {
    e.local_name().as_ref().to_string()
}

/// `styleId → style`, following nothing yet: inheritance is resolved at lookup.
fn styles(xml: &str) -> HashMap<String, Style> {
    let mut out = HashMap::new();
    let mut reader = Reader::from_str(xml);
    let mut current: Option<(String, Style)> = None;
    let mut num_id: Option<String> = None;
    let mut ilvl = 0u8;
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) => match local(&e).as_str() {
                "style" => current = attr(&e, "styleId").map(|id| (id, Style::default())),
                "name" => {
                    if let Some((_, s)) = current.as_mut() {
                        s.name = attr(&e, "val").unwrap_or_default().to_lowercase();
                    }
                }
                "basedOn" => {
                    if let Some((_, s)) = current.as_mut() {
                        s.based_on = attr(&e, "val");
                    }
                }
                "outlineLvl" => {
                    if let Some((_, s)) = current.as_mut() {
                        s.outline = attr(&e, "val").and_then(|v| v.parse::<u8>().ok()).filter(|l| *l < 9);
                    }
                }
                "numId" => num_id = attr(&e, "val"),
                "ilvl" => ilvl = attr(&e, "val").and_then(|v| v.parse().ok()).unwrap_or(0),
                _ => {}
            },
            Ok(Event::End(e)) if e.local_name().as_ref() == "style" => {
                if let Some((id, mut s)) = current.take() {
                    s.num = num_id.take().map(|n| (n, ilvl));
                    ilvl = 0;
                    out.insert(id, s);
                }
            }
            Ok(Event::Eof) | Err(_) => break,
            _ => {}
        }
    }
    out
}

/// `numId → ilvl → numFmt` (`decimal`, `bullet`, …).
fn numbering(xml: &str) -> HashMap<String, HashMap<u8, String>> {
    let mut abstracts: HashMap<String, HashMap<u8, String>> = HashMap::new();
    let mut nums: HashMap<String, String> = HashMap::new();
    let mut reader = Reader::from_str(xml);
    let mut abstract_id: Option<String> = None;
    let mut num_id: Option<String> = None;
    let mut level: u8 = 0;
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) => match local(&e).as_str() {
                "abstractNum" => abstract_id = attr(&e, "abstractNumId"),
                "lvl" => level = attr(&e, "ilvl").and_then(|v| v.parse().ok()).unwrap_or(0),
                "numFmt" => {
                    if let (Some(id), Some(fmt)) = (abstract_id.as_ref(), attr(&e, "val")) {
                        abstracts.entry(id.clone()).or_default().insert(level, fmt);
                    }
                }
                "num" => num_id = attr(&e, "numId"),
                "abstractNumId" => {
                    if let (Some(n), Some(a)) = (num_id.as_ref(), attr(&e, "val")) {
                        nums.insert(n.clone(), a);
                    }
                }
                _ => {}
            },
            Ok(Event::End(e)) => match e.local_name().as_ref() {
                "abstractNum" => abstract_id = None,
                "num" => num_id = None,
                _ => {}
            },
            Ok(Event::Eof) | Err(_) => break,
            _ => {}
        }
    }
    nums.into_iter().filter_map(|(n, a)| abstracts.get(&a).map(|levels| (n, levels.clone()))).collect()
}

struct Body<'a> {
    b: &'a mut Builder,
    styles: &'a HashMap<String, Style>,
    numbering: &'a HashMap<String, HashMap<u8, String>>,
    counters: HashMap<(String, u8), u32>,
    shift: u8,
}

/// One table being read; nested tables write their text into the enclosing cell.
#[derive(Default)]
struct TableState {
    rows: Vec<Vec<Cell>>,
}

impl<'a> Body<'a> {
    fn new(
        b: &'a mut Builder,
        styles: &'a HashMap<String, Style>,
        numbering: &'a HashMap<String, HashMap<u8, String>>,
    ) -> Self {
        Body { b, styles, numbering, counters: HashMap::new(), shift: 0 }
    }

    fn read(&mut self, xml: &str) -> Result<(), String> {
        // A document that uses the Title style puts Heading 1 one level below it.
        if self.styles.iter().any(|(id, s)| s.name == "title" && xml.contains(&format!("w:val=\"{id}\""))) {
            self.shift = 1;
        }
        let mut reader = Reader::from_str(xml);
        let mut para: Option<Paragraph> = None;
        let mut tables: Vec<TableState> = Vec::new();
        let mut in_ppr = false;
        let mut in_deleted = 0u32;
        let mut in_text = false;
        let mut open = 0usize;
        loop {
            let event = reader.read_event().map_err(|e| e.to_string())?;
            match &event {
                Event::Start(_) => open += 1,
                Event::End(_) => open = open.saturating_sub(1),
                // OOXML forbids DTDs; one in a document is an entity-expansion attack.
                Event::DocType(_) => return Err("word/document.xml declares a DTD, which Word never writes".into()),
                Event::Eof if open > 0 => return Err("word/document.xml ends before its elements close".into()),
                _ => {}
            }
            match event {
                Event::Start(ref e) | Event::Empty(ref e) => {
                    let empty = matches!(event, Event::Empty(_));
                    match local(e).as_str() {
                        "p" if !empty => para = Some(Paragraph::default()),
                        "pPr" if !empty => in_ppr = true,
                        "pStyle" if in_ppr => {
                            if let Some(p) = para.as_mut() {
                                p.style = attr(e, "val");
                            }
                        }
                        "outlineLvl" if in_ppr => {
                            if let Some(p) = para.as_mut() {
                                p.outline = attr(e, "val").and_then(|v| v.parse().ok()).filter(|l: &u8| *l < 9);
                            }
                        }
                        "numId" if in_ppr => {
                            if let Some(p) = para.as_mut() {
                                let level = p.num.as_ref().map(|n| n.1).unwrap_or(0);
                                p.num = Some((attr(e, "val"), level));
                            }
                        }
                        "ilvl" if in_ppr => {
                            if let Some(p) = para.as_mut() {
                                let level = attr(e, "val").and_then(|v| v.parse().ok()).unwrap_or(0);
                                let id = p.num.take().and_then(|n| n.0);
                                p.num = Some((id, level));
                            }
                        }
                        "del" | "moveFrom" if !empty => in_deleted += 1,
                        "t" if !empty && in_deleted == 0 => in_text = true,
                        "tab" if !in_ppr => push(&mut para, &mut tables, "\t"),
                        "br" | "cr" => push(&mut para, &mut tables, "\n"),
                        "tbl" if !empty => {
                            self.flush(para.take(), &mut tables);
                            tables.push(TableState::default());
                        }
                        "tr" if !empty && tables.len() == 1 => {
                            if let Some(t) = tables.last_mut() {
                                t.rows.push(Vec::new());
                            }
                        }
                        "tc" if !empty && tables.len() == 1 => {
                            if let Some(row) = tables.last_mut().and_then(|t| t.rows.last_mut()) {
                                row.push(Cell { span: 1, ..Default::default() });
                            }
                        }
                        "gridSpan" if tables.len() == 1 => {
                            if let Some(cell) = current_cell(&mut tables) {
                                cell.span = attr(e, "val").and_then(|v| v.parse().ok()).unwrap_or(1).clamp(1, 64);
                            }
                        }
                        "vMerge" if tables.len() == 1 => {
                            if let Some(cell) = current_cell(&mut tables) {
                                cell.merge = Some(attr(e, "val").as_deref() == Some("restart"));
                            }
                        }
                        _ => {}
                    }
                }
                Event::Text(t) if in_text => push(&mut para, &mut tables, &t.xml10_content()),
                Event::GeneralRef(r) if in_text => {
                    let c = match &*r {
                        "amp" => Some('&'),
                        "lt" => Some('<'),
                        "gt" => Some('>'),
                        "quot" => Some('"'),
                        "apos" => Some('\''),
                        _ => r.resolve_char_ref().ok().flatten(),
                    };
                    if let Some(c) = c {
                        push(&mut para, &mut tables, c.encode_utf8(&mut [0; 4]));
                    }
                }
                Event::End(e) => match e.local_name().as_ref() {
                    "t" => in_text = false,
                    "pPr" => in_ppr = false,
                    "del" | "moveFrom" => in_deleted = in_deleted.saturating_sub(1),
                    "p" => {
                        let p = para.take();
                        self.flush(p, &mut tables);
                    }
                    "tc" if tables.len() > 1 => {}
                    "tbl" => {
                        if tables.len() > 1 {
                            tables.pop();
                            push(&mut para, &mut tables, " ");
                        } else if let Some(t) = tables.pop() {
                            self.table(t);
                        }
                    }
                    _ => {}
                },
                Event::Eof => break,
                _ => {}
            }
        }
        Ok(())
    }

    fn flush(&mut self, para: Option<Paragraph>, tables: &mut [TableState]) {
        let Some(p) = para else { return };
        if !tables.is_empty() {
            // A paragraph inside a cell: its text already went to the cell; separate paragraphs.
            if let Some(cell) = current_cell(tables) {
                if !cell.text.is_empty() && !cell.text.ends_with('\n') {
                    cell.text.push('\n');
                }
            }
            return;
        }
        let text = p.text.trim_end().to_string();
        let style = p.style.as_ref().and_then(|id| self.resolve(id));
        let level = p.outline.or_else(|| style.as_ref().and_then(|s| heading_level(s, self.shift)));
        if let Some(level) = level.filter(|_| !text.trim().is_empty()) {
            self.b.heading(level, &text);
            return;
        }
        if text.trim().is_empty() {
            self.b.blank();
            return;
        }
        let num = p.num.clone().or_else(|| style.as_ref().and_then(|s| s.num.clone().map(|(n, l)| (Some(n), l))));
        let style_name = style.as_ref().map(|s| s.name.as_str()).unwrap_or("");
        let marker = match num {
            Some((Some(id), level)) if id != "0" => {
                let format = self.numbering.get(&id).and_then(|l| l.get(&level)).map(String::as_str);
                match format {
                    Some("bullet") | Some("none") => Some("- ".to_string()),
                    Some(_) => Some(format!("{}. ", self.next_number(&id, level))),
                    None if style_name.contains("bullet") => Some("- ".to_string()),
                    None => Some(format!("{}. ", self.next_number(&id, level))),
                }
                .map(|m| format!("{}{m}", "  ".repeat(level as usize)))
            }
            _ if style_name.contains("list bullet") => Some("- ".to_string()),
            _ if style_name.contains("list number") => Some(format!("{}. ", self.next_number("style", 0))),
            _ => None,
        };
        match marker {
            Some(m) => self.b.text(&format!("{m}{}", text.trim_start())),
            None => self.b.text(&text),
        };
    }

    fn next_number(&mut self, id: &str, level: u8) -> u32 {
        // A deeper level restarts whenever its parent advances, as Word numbers them.
        self.counters.retain(|(n, l), _| n != id || *l <= level);
        let n = self.counters.entry((id.to_string(), level)).or_insert(0);
        *n += 1;
        *n
    }

    fn resolve(&self, id: &str) -> Option<Style> {
        let mut style = self.styles.get(id)?.clone();
        let mut parent = style.based_on.clone();
        for _ in 0..8 {
            let Some(p) = parent.and_then(|p| self.styles.get(&p)) else { break };
            if style.outline.is_none() {
                style.outline = p.outline;
            }
            if style.num.is_none() {
                style.num = p.num.clone();
            }
            parent = p.based_on.clone();
        }
        Some(style)
    }

    fn table(&mut self, table: TableState) {
        let mut grid: Vec<Vec<String>> = Vec::new();
        for row in &table.rows {
            let mut cells: Vec<String> = Vec::new();
            for cell in row {
                let col = cells.len();
                let text = match cell.merge {
                    // A continued vertical merge shows the value of the cell where it started.
                    Some(false) => grid.last().and_then(|prev| prev.get(col).cloned()).unwrap_or_default(),
                    _ => cell.text.trim().to_string(),
                };
                for _ in 0..cell.span {
                    cells.push(text.clone());
                }
            }
            grid.push(cells);
        }
        let width = grid.iter().map(Vec::len).max().unwrap_or(0);
        if width == 0 {
            return;
        }
        for row in grid.iter_mut() {
            row.resize(width, String::new());
        }
        let mut rows = grid.into_iter();
        let header = rows.next().map(|h| (1, h));
        let rows: Vec<(u32, Vec<String>)> = rows.enumerate().map(|(i, r)| (i as u32 + 2, r)).collect();
        let title = format!("Table {}", self.b.table_count() + 1);
        self.b.table(&title, None, header, rows);
    }
}

fn heading_level(style: &Style, shift: u8) -> Option<u8> {
    let name = style.name.as_str();
    if name == "title" {
        return Some(1);
    }
    let number =
        name.strip_prefix("heading ").or_else(|| name.strip_prefix("제목 ")).and_then(|n| n.trim().parse::<u8>().ok());
    number.map(|n| n + shift).or(style.outline.map(|l| l + 1 + shift)).map(|l| l.clamp(1, 6))
}

fn current_cell(tables: &mut [TableState]) -> Option<&mut Cell> {
    tables.first_mut().and_then(|t| t.rows.last_mut()).and_then(|r| r.last_mut())
}

fn push(para: &mut Option<Paragraph>, tables: &mut [TableState], text: &str) {
    if !tables.is_empty() {
        if let Some(cell) = current_cell(tables) {
            cell.text.push_str(text);
        }
        return;
    }
    if let Some(p) = para.as_mut() {
        p.text.push_str(text);
    }
}
