//! The structured document and the citations it can produce.

use serde::Serialize;
use specwright_scenario::Citation;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Section {
    /// `document#slug`, unique within the document.
    pub anchor: String,
    pub title: String,
    /// Heading level (1–6); 0 for text before the first heading or a document without headings.
    pub level: u8,
    /// 1-based line of the heading (or of the first line), inclusive.
    pub start_line: u32,
    /// 1-based last line, inclusive.
    pub end_line: u32,
}

impl Section {
    pub(crate) fn whole(name: &str, lines: &[String]) -> Section {
        Section {
            anchor: format!("{name}#document"),
            title: name.to_string(),
            level: 0,
            start_line: 1,
            end_line: lines.len().max(1) as u32,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Document {
    pub name: String,
    pub media_type: String,
    pub sha256: String,
    pub title: String,
    #[serde(skip)]
    pub lines: Vec<String>,
    pub sections: Vec<Section>,
}

impl Document {
    pub(crate) fn new(
        name: String,
        media_type: String,
        sha256: String,
        lines: Vec<String>,
        sections: Vec<Section>,
    ) -> Self {
        let title =
            sections.iter().find(|s| s.level == 1).map(|s| s.title.clone()).unwrap_or_else(|| {
                name.rsplit_once('.').map(|(stem, _)| stem.to_string()).unwrap_or_else(|| name.clone())
            });
        Document { name, media_type, sha256, title, lines, sections }
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

    /// A citation of one line, quoting it as written.
    pub fn cite(&self, line: u32) -> Option<Citation> {
        let text = self.lines.get(line.checked_sub(1)? as usize)?;
        let section = self.section_of(line)?;
        Some(Citation {
            document: self.name.clone(),
            anchor: section.anchor.clone(),
            section: section.title.clone(),
            line,
            quote: text.trim().to_string(),
        })
    }

    /// `(line number, text)` pairs of the whole document.
    pub fn numbered_lines(&self) -> impl Iterator<Item = (u32, &str)> {
        self.lines.iter().enumerate().map(|(i, l)| (i as u32 + 1, l.as_str()))
    }
}
