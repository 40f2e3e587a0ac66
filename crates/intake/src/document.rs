//! The structured document every format is read into, and the citations it can produce.
//!
//! Every format renders to numbered lines (a paragraph, a list item, a table row, a PDF text line):
//! one addressing scheme for citations, step extraction and chunking. Sections, tables and pages
//! are ranges over those lines.

use crate::outline::Section;
use serde::{Deserialize, Serialize};
use specwright_scenario::{Citation, Text};

/// A table: a spreadsheet sheet's records, or a table inside a document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Table {
    /// `document#slug`, unique within the document.
    pub anchor: String,
    /// The sheet name, or `Table N` for a table inside a document.
    pub title: String,
    /// Set for spreadsheets: rows are then addressed as sheet + row number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheet: Option<String>,
    /// 1-based sheet row (or table row) of the detected header, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub header_row: Option<u32>,
    pub header: Vec<String>,
    pub rows: Vec<Row>,
}

/// One record: never split across chunks, always citable on its own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// 1-based row number in the sheet (spreadsheets) or in the table.
    pub number: u32,
    /// The document line this row is rendered on.
    pub line: u32,
    /// Cell values; merged cells carry the value of the merge's top-left cell.
    pub cells: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Page {
    pub number: u32,
    pub start_line: u32,
    pub end_line: u32,
}

/// A part of the document that could not be read while the rest was (a damaged PDF page, an
/// unreadable sheet).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Problem {
    pub code: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheet: Option<String>,
    /// What is wrong, as a catalog message (the reader's language is the shell's to choose).
    pub message: Text,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Document {
    pub name: String,
    pub media_type: String,
    pub sha256: String,
    pub title: String,
    #[serde(skip)]
    pub lines: Vec<String>,
    pub sections: Vec<Section>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tables: Vec<Table>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pages: Vec<Page>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<Problem>,
}

impl Document {
    /// A document as the store keeps it: its text, and its structure as JSON (`structure()`).
    /// Structure stored by older versions (a bare list of sections) is still understood.
    pub fn restore(name: &str, media_type: &str, sha256: &str, text: &str, structure: &str) -> Option<Document> {
        let lines: Vec<String> = text.split('\n').map(str::to_string).collect();
        if let Ok(mut doc) = serde_json::from_str::<Document>(structure) {
            doc.lines = lines;
            return Some(doc);
        }
        let sections: Vec<Section> = serde_json::from_str(structure).ok()?;
        let title = sections.iter().find(|s| s.level == 1).map(|s| s.title.clone()).unwrap_or_else(|| name.to_string());
        Some(Document {
            name: name.to_string(),
            media_type: media_type.to_string(),
            sha256: sha256.to_string(),
            title,
            lines,
            sections,
            tables: Vec::new(),
            pages: Vec::new(),
            problems: Vec::new(),
        })
    }

    /// The structure to store beside the text (everything but the lines).
    pub fn structure(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "[]".into())
    }

    pub fn text(&self) -> String {
        self.lines.join("\n")
    }

    /// The innermost section containing the 1-based `line`.
    pub fn section_of(&self, line: u32) -> Option<&Section> {
        self.sections
            .iter()
            .filter(|s| s.start_line <= line && line <= s.end_line)
            .max_by_key(|s| (s.start_line, s.level))
    }

    pub fn section(&self, anchor_or_title: &str) -> Option<&Section> {
        let wanted = anchor_or_title.trim();
        self.sections
            .iter()
            .find(|s| s.anchor == wanted || s.anchor.rsplit_once('#').is_some_and(|(_, slug)| slug == wanted))
            .or_else(|| self.sections.iter().find(|s| s.title.trim() == wanted))
    }

    pub fn page_of(&self, line: u32) -> Option<u32> {
        self.pages.iter().find(|p| p.start_line <= line && line <= p.end_line).map(|p| p.number)
    }

    /// The table record rendered on `line`, with its table.
    pub fn row_at(&self, line: u32) -> Option<(&Table, &Row)> {
        self.tables.iter().find_map(|t| t.rows.iter().find(|r| r.line == line).map(|r| (t, r)))
    }

    /// A citation of one line, quoting it as written, with its page or sheet row when it has one.
    pub fn cite(&self, line: u32) -> Option<Citation> {
        let text = self.lines.get(line.checked_sub(1)? as usize)?;
        let section = self.section_of(line)?;
        let row = self.row_at(line);
        Some(Citation {
            document: self.name.clone(),
            anchor: section.anchor.clone(),
            section: section.title.clone(),
            line,
            quote: text.trim().to_string(),
            page: self.page_of(line),
            sheet: row.and_then(|(t, _)| t.sheet.clone()),
            row: row.filter(|(t, _)| t.sheet.is_some()).map(|(_, r)| r.number),
        })
    }

    /// `(line number, text)` pairs of the whole document.
    pub fn numbered_lines(&self) -> impl Iterator<Item = (u32, &str)> {
        self.lines.iter().enumerate().map(|(i, l)| (i as u32 + 1, l.as_str()))
    }

    /// The lines of a section, heading included.
    pub fn section_lines(&self, section: &Section) -> impl Iterator<Item = (u32, &str)> {
        self.numbered_lines()
            .skip(section.start_line.saturating_sub(1) as usize)
            .take((section.end_line.saturating_sub(section.start_line) + 1) as usize)
    }
}

/// Accumulates lines, headings, tables and pages while a format is read, then cuts sections.
pub(crate) struct Builder {
    name: String,
    lines: Vec<String>,
    headings: Vec<(u32, u8, String)>,
    tables: Vec<Table>,
    pages: Vec<Page>,
    page_start: Option<(u32, u32)>,
    problems: Vec<Problem>,
    used_anchors: std::collections::HashMap<String, u32>,
    title: Option<String>,
}

impl Builder {
    pub(crate) fn new(name: &str) -> Builder {
        Builder {
            name: name.to_string(),
            lines: Vec::new(),
            headings: Vec::new(),
            tables: Vec::new(),
            pages: Vec::new(),
            page_start: None,
            problems: Vec::new(),
            used_anchors: Default::default(),
            title: None,
        }
    }

    /// A title that is not a heading (a workbook is titled by its file, not its first sheet).
    pub(crate) fn set_title(&mut self, title: &str) {
        self.title = Some(title.to_string());
    }

    pub(crate) fn line_count(&self) -> u32 {
        self.lines.len() as u32
    }

    /// Adds text; embedded newlines become separate lines. Returns the first line's number.
    pub(crate) fn text(&mut self, text: &str) -> u32 {
        let first = self.line_count() + 1;
        for line in text.split('\n') {
            self.lines.push(clean_line(line));
        }
        first
    }

    /// Separates blocks the way a blank line does in Markdown.
    pub(crate) fn blank(&mut self) {
        if self.lines.last().is_some_and(|l| !l.trim().is_empty()) {
            self.lines.push(String::new());
        }
    }

    pub(crate) fn heading(&mut self, level: u8, title: &str) -> u32 {
        let title = clean_line(title).trim().to_string();
        if title.is_empty() {
            return self.line_count();
        }
        self.blank();
        let line = self.text(&title);
        self.headings.push((line, level.clamp(1, 6), title));
        line
    }

    /// A heading on the next line, with no blank line inserted before it.
    pub(crate) fn heading_here(&mut self, level: u8, title: &str, raw: &str) -> u32 {
        let line = self.line_count() + 1;
        self.lines.push(clean_line(raw));
        let title = clean_line(title).trim().to_string();
        if !title.is_empty() {
            self.headings.push((line, level.clamp(1, 6), title));
        }
        line
    }

    /// Adds a table: the header (when known) and every record each on one line, cells joined by ` | `.
    pub(crate) fn table(
        &mut self,
        title: &str,
        sheet: Option<&str>,
        header: Option<(u32, Vec<String>)>,
        rows: Vec<(u32, Vec<String>)>,
    ) {
        self.blank();
        let (header_row, header) = match header {
            Some((n, cells)) => {
                self.text(&join_cells(&cells));
                (Some(n), cells)
            }
            None => (None, Vec::new()),
        };
        let mut out = Vec::with_capacity(rows.len());
        for (number, cells) in rows {
            let line = self.text(&join_cells(&cells));
            out.push(Row { number, line, cells });
        }
        let anchor = self.anchor(&format!("table-{}", crate::outline::slug(title)));
        self.tables.push(Table {
            anchor,
            title: title.to_string(),
            sheet: sheet.map(str::to_string),
            header_row,
            header,
            rows: out,
        });
        self.blank();
    }

    /// Registers a table whose lines are already written (Markdown keeps the file's numbering).
    pub(crate) fn table_in_place(&mut self, title: &str, header: Vec<String>, rows: Vec<(u32, u32, Vec<String>)>) {
        let rows = rows.into_iter().map(|(number, line, cells)| Row { number, line, cells }).collect();
        let anchor = self.anchor(&format!("table-{}", crate::outline::slug(title)));
        self.tables.push(Table { anchor, title: title.to_string(), sheet: None, header_row: None, header, rows });
    }

    pub(crate) fn table_count(&self) -> usize {
        self.tables.len()
    }

    pub(crate) fn begin_page(&mut self, number: u32) {
        self.end_page();
        self.page_start = Some((number, self.line_count() + 1));
    }

    pub(crate) fn end_page(&mut self) {
        if let Some((number, start)) = self.page_start.take() {
            let end = self.line_count().max(start);
            if self.line_count() < start {
                // An empty page still gets a line so it can be cited and counted.
                self.lines.push(String::new());
            }
            self.pages.push(Page { number, start_line: start, end_line: end });
        }
    }

    pub(crate) fn problem(&mut self, code: &str, page: Option<u32>, sheet: Option<&str>, message: Text) {
        self.problems.push(Problem { code: code.to_string(), page, sheet: sheet.map(str::to_string), message });
    }

    fn anchor(&mut self, base: &str) -> String {
        let n = self.used_anchors.entry(base.to_string()).or_insert(0);
        *n += 1;
        if *n == 1 {
            format!("{}#{base}", self.name)
        } else {
            format!("{}#{base}-{n}", self.name)
        }
    }

    /// Finishes the document; a document with no text at all is refused as empty.
    pub(crate) fn finish(mut self, media_type: &str, sha256: String) -> Result<Document, crate::IntakeError> {
        self.end_page();
        while self.lines.last().is_some_and(|l| l.trim().is_empty())
            && self.pages.last().is_none_or(|p| p.end_line < self.lines.len() as u32)
        {
            self.lines.pop();
        }
        if self.lines.iter().all(|l| l.trim().is_empty()) {
            return Err(crate::IntakeError::Empty(self.name));
        }
        let total = self.lines.len() as u32;
        self.headings.retain(|(line, _, _)| *line <= total);
        let sections = crate::outline::sections(&self.name, &self.headings, &self.lines);
        let title = self
            .title
            .clone()
            .or_else(|| sections.iter().find(|s| s.level == 1).map(|s| s.title.clone()))
            .unwrap_or_else(|| {
                self.name.rsplit_once('.').map(|(stem, _)| stem.to_string()).unwrap_or_else(|| self.name.clone())
            });
        Ok(Document {
            name: self.name,
            media_type: media_type.to_string(),
            sha256,
            title,
            lines: self.lines,
            sections,
            tables: self.tables,
            pages: self.pages,
            problems: self.problems,
        })
    }
}

fn join_cells(cells: &[String]) -> String {
    cells.iter().map(|c| c.replace('\n', " ").trim().to_string()).collect::<Vec<_>>().join(" | ")
}

/// Control characters (a NUL inside a CSV, a form feed in a PDF) never reach a line.
fn clean_line(line: &str) -> String {
    line.trim_end_matches('\r').chars().map(|c| if c.is_control() && c != '\t' { ' ' } else { c }).collect()
}
