//! The document tools the agent reads specs with: what is attached, each document's outline,
//! a whole section at a time (capped, with a continuation), and a citation for any anchor.

use crate::{Knowledge, KnowledgeError};
use serde::Serialize;
use specwright_intake::{Document, Problem};
use specwright_scenario::Citation;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DocumentSummary {
    pub name: String,
    pub title: String,
    pub media_type: String,
    pub sections: u32,
    pub tables: u32,
    pub pages: u32,
    pub lines: u32,
    pub problems: Vec<Problem>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OutlineEntry {
    pub anchor: String,
    pub title: String,
    pub level: u8,
    pub start_line: u32,
    pub end_line: u32,
    pub chars: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SectionText {
    pub document: String,
    pub anchor: String,
    pub title: String,
    /// The section's lines as `N| text`, so any of them can be cited by line.
    pub text: String,
    pub offset: usize,
    /// Where to continue when the section was longer than the cap.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_offset: Option<usize>,
    pub total_chars: usize,
}

impl Knowledge {
    pub fn list_documents(&self, session_id: &str) -> Result<Vec<DocumentSummary>, KnowledgeError> {
        Ok(self
            .documents(session_id)?
            .iter()
            .map(|d| DocumentSummary {
                name: d.name.clone(),
                title: d.title.clone(),
                media_type: d.media_type.clone(),
                sections: d.sections.len() as u32,
                tables: d.tables.len() as u32,
                pages: d.pages.len() as u32,
                lines: d.lines.len() as u32,
                problems: d.problems.clone(),
            })
            .collect())
    }

    fn document(&self, session_id: &str, name: &str) -> Result<Document, KnowledgeError> {
        let docs = self.documents(session_id)?;
        docs.iter()
            .find(|d| d.name == name)
            .or_else(|| docs.iter().find(|d| d.title == name))
            .cloned()
            .ok_or_else(|| KnowledgeError::NoDocument(name.to_string()))
    }

    pub fn outline(&self, session_id: &str, document: &str) -> Result<Vec<OutlineEntry>, KnowledgeError> {
        let doc = self.document(session_id, document)?;
        Ok(doc
            .sections
            .iter()
            .map(|s| OutlineEntry {
                anchor: s.anchor.clone(),
                title: s.title.clone(),
                level: s.level,
                start_line: s.start_line,
                end_line: s.end_line,
                chars: doc.section_lines(s).map(|(_, l)| l.chars().count() as u32 + 1).sum(),
            })
            .collect())
    }

    /// A whole section, subsections included, up to `max_chars` from `offset` (in characters of
    /// the returned text), cut at a line boundary.
    pub fn read_section(
        &self,
        session_id: &str,
        document: &str,
        section: &str,
        offset: usize,
        max_chars: usize,
    ) -> Result<SectionText, KnowledgeError> {
        let doc = self.document(session_id, document)?;
        let s = doc.section(section).cloned().ok_or_else(|| KnowledgeError::NoSection {
            document: document.to_string(),
            section: section.to_string(),
        })?;
        let numbered: Vec<String> = doc.section_lines(&s).map(|(n, l)| format!("{n}| {l}")).collect();
        let total_chars: usize = numbered.iter().map(|l| l.chars().count() + 1).sum();
        let mut text = String::new();
        let mut position = 0usize;
        let mut next_offset = None;
        for line in &numbered {
            let len = line.chars().count() + 1;
            if position + len <= offset {
                position += len;
                continue;
            }
            if !text.is_empty() && text.chars().count() + len > max_chars.max(1) {
                next_offset = Some(position);
                break;
            }
            text.push_str(line);
            text.push('\n');
            position += len;
        }
        Ok(SectionText {
            document: doc.name.clone(),
            anchor: s.anchor,
            title: s.title,
            text,
            offset,
            next_offset,
            total_chars,
        })
    }

    /// Resolves `doc#section`, `doc#L12` (a line) or `book.xlsx#Sheet!5` (a sheet row) to a
    /// citation with the quoted text.
    pub fn cite(&self, session_id: &str, anchor: &str) -> Result<Citation, KnowledgeError> {
        let bad = || KnowledgeError::BadAnchor(anchor.to_string());
        let (name, fragment) = anchor.rsplit_once('#').ok_or_else(bad)?;
        let doc = self.document(session_id, name)?;
        if let Some(line) = fragment.strip_prefix('L').and_then(|n| n.parse::<u32>().ok()) {
            return doc.cite(line).ok_or_else(bad);
        }
        if let Some((sheet, row)) = fragment.rsplit_once('!') {
            let row: u32 = row.parse().map_err(|_| bad())?;
            let line = doc
                .tables
                .iter()
                .filter(|t| t.sheet.as_deref() == Some(sheet))
                .flat_map(|t| &t.rows)
                .find(|r| r.number == row)
                .map(|r| r.line)
                .ok_or_else(bad)?;
            return doc.cite(line).ok_or_else(bad);
        }
        if let Some(table) = doc.tables.iter().find(|t| t.anchor == anchor) {
            return table.rows.first().and_then(|r| doc.cite(r.line)).ok_or_else(bad);
        }
        let section = doc.section(fragment).or_else(|| doc.section(anchor)).ok_or_else(bad)?;
        // The section's first line of content, not its heading.
        let line = doc
            .section_lines(section)
            .skip(1)
            .find(|(_, l)| !l.trim().is_empty())
            .map(|(n, _)| n)
            .unwrap_or(section.start_line);
        doc.cite(line).ok_or_else(bad)
    }
}
