//! Sections from headings: one cutting rule for every format, so anchors look the same whether a
//! heading came from Markdown, a Word style, an HTML tag or a PDF font size.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The part of a document under one heading, as citations and chunks address it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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

/// `headings` are `(1-based line, level, title)` in document order.
pub(crate) fn sections(name: &str, headings: &[(u32, u8, String)], lines: &[String]) -> Vec<Section> {
    let total = lines.len() as u32;
    let mut used: HashMap<String, u32> = HashMap::new();
    let mut out = Vec::new();
    let first = headings.first().map(|h| h.0).unwrap_or(total + 1);
    if !headings.is_empty() && first > 1 && lines[..(first - 1) as usize].iter().any(|l| !l.trim().is_empty()) {
        out.push(Section {
            anchor: format!("{name}#preamble"),
            title: name.to_string(),
            level: 0,
            start_line: 1,
            end_line: first - 1,
        });
    }
    for (idx, (start, level, title)) in headings.iter().enumerate() {
        // A section runs until the next heading of the same or a higher level.
        let end = headings[idx + 1..].iter().find(|(_, l, _)| l <= level).map(|(s, _, _)| s - 1).unwrap_or(total);
        let base = slug(title);
        let n = used.entry(base.clone()).or_insert(0);
        *n += 1;
        let slug = if *n == 1 { base } else { format!("{base}-{n}") };
        out.push(Section {
            anchor: format!("{name}#{slug}"),
            title: title.clone(),
            level: *level,
            start_line: *start,
            end_line: end.max(*start),
        });
    }
    if out.is_empty() {
        out.push(Section {
            anchor: format!("{name}#document"),
            title: name.to_string(),
            level: 0,
            start_line: 1,
            end_line: total.max(1),
        });
    }
    out
}

/// Lower-case words joined by `-`; letters of every script are kept, so Korean titles stay readable.
pub(crate) fn slug(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if (c.is_whitespace() || c == '-' || c == '_') && !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
        if out.len() > 80 {
            break;
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        "section".to_string()
    } else {
        out
    }
}
