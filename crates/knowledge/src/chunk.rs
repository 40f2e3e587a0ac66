//! Structure-aware chunking: a chunk never crosses a section, long sections are cut at paragraph
//! boundaries with a small overlap, and a table row is never split (each chunk of a table repeats
//! its header so a row keeps its meaning). Chunk text is the document's own lines, so any line of
//! a chunk maps back to a citable line.

use sha2::{Digest, Sha256};
use specwright_intake::Document;

#[derive(Debug, Clone, Copy)]
pub struct ChunkOptions {
    pub target_chars: usize,
    pub overlap_chars: usize,
}

impl Default for ChunkOptions {
    fn default() -> Self {
        ChunkOptions { target_chars: 1000, overlap_chars: 150 }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Chunk {
    pub ordinal: u32,
    /// The anchor of the innermost section the chunk is in.
    pub anchor: String,
    /// Section path, outermost first: `Title › 3. 상품 등록`.
    pub section: String,
    pub start_line: u32,
    pub end_line: u32,
    pub page: Option<u32>,
    /// The document's lines `start_line..=end_line`, as written.
    pub text: String,
    /// What the embedding model reads: section path, table header, then the text.
    pub passage: String,
    /// Hash of `passage`: the embedding cache key.
    pub hash: String,
}

/// A unit that is never split: a paragraph (or a piece of an overlong one) or a table row.
#[derive(Debug, Clone)]
struct Unit {
    start: u32,
    end: u32,
    chars: usize,
    header: Option<u32>,
}

pub fn chunk(doc: &Document, options: ChunkOptions) -> Vec<Chunk> {
    let mut starts: Vec<u32> = doc.sections.iter().map(|s| s.start_line).collect();
    starts.sort_unstable();
    starts.dedup();
    let total = doc.lines.len() as u32;
    let mut out = Vec::new();
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).map(|n| n - 1).unwrap_or(total);
        if end < start {
            continue;
        }
        let units = units(doc, start, end, options.target_chars);
        for (from, to, header) in pack(&units, options) {
            push_chunk(doc, &mut out, from, to, header);
        }
    }
    out
}

fn line(doc: &Document, n: u32) -> &str {
    doc.lines.get(n as usize - 1).map(String::as_str).unwrap_or("")
}

fn units(doc: &Document, start: u32, end: u32, target: usize) -> Vec<Unit> {
    let mut units = Vec::new();
    let mut paragraph: Option<Unit> = None;
    for n in start..=end {
        let text = line(doc, n);
        let row = doc.row_at(n);
        let is_header =
            doc.tables.iter().any(|t| t.rows.first().is_some_and(|r| r.line == n + 1) && !t.header.is_empty());
        if row.is_some() || is_header || text.trim().is_empty() {
            if let Some(p) = paragraph.take() {
                units.push(p);
            }
        }
        if let Some((table, _)) = row {
            let header = table.rows.first().map(|r| r.line - 1).filter(|_| !table.header.is_empty());
            units.push(Unit { start: n, end: n, chars: text.chars().count() + 1, header });
            continue;
        }
        if is_header || text.trim().is_empty() {
            continue;
        }
        let chars = text.chars().count() + 1;
        match paragraph.as_mut() {
            Some(p) if p.chars + chars <= target => {
                p.end = n;
                p.chars += chars;
            }
            Some(_) => {
                // An overlong paragraph is cut at a line boundary.
                units.extend(paragraph.take());
                paragraph = Some(Unit { start: n, end: n, chars, header: None });
            }
            None => paragraph = Some(Unit { start: n, end: n, chars, header: None }),
        }
    }
    units.extend(paragraph);
    units
}

/// Packs units into chunks of about `target_chars`; a new chunk starts with the last units of
/// the previous one, up to `overlap_chars`.
fn pack(units: &[Unit], options: ChunkOptions) -> Vec<(u32, u32, Option<u32>)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < units.len() {
        let mut j = i;
        let mut chars = 0;
        while j < units.len() && (j == i || chars + units[j].chars <= options.target_chars) {
            chars += units[j].chars;
            j += 1;
        }
        out.push((units[i].start, units[j - 1].end, units[i..j].iter().find_map(|u| u.header)));
        if j >= units.len() {
            break;
        }
        // Step back over trailing units that fit in the overlap, never back to where we began.
        let mut k = j;
        let mut overlap = 0;
        while k > i + 1 && overlap + units[k - 1].chars <= options.overlap_chars {
            overlap += units[k - 1].chars;
            k -= 1;
        }
        i = k;
    }
    out
}

fn push_chunk(doc: &Document, out: &mut Vec<Chunk>, from: u32, to: u32, header: Option<u32>) {
    let text = (from..=to).map(|n| line(doc, n)).collect::<Vec<_>>().join("\n");
    if text.trim().is_empty() {
        return;
    }
    let section = doc.section_of(from);
    let anchor = section.map(|s| s.anchor.clone()).unwrap_or_else(|| format!("{}#document", doc.name));
    let path = section_path(doc, from);
    let mut passage = path.clone();
    if let Some(h) = header {
        passage.push('\n');
        passage.push_str(line(doc, h));
    }
    passage.push('\n');
    passage.push_str(&text);
    let hash = Sha256::digest(passage.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    out.push(Chunk {
        ordinal: out.len() as u32,
        anchor,
        section: path,
        start_line: from,
        end_line: to,
        page: doc.page_of(from),
        text,
        passage,
        hash,
    });
}

/// `Document title › Section › Subsection` for the section containing `line`.
pub fn section_path(doc: &Document, line: u32) -> String {
    let mut chain: Vec<&specwright_intake::Section> =
        doc.sections.iter().filter(|s| s.start_line <= line && line <= s.end_line && s.level > 0).collect();
    chain.sort_by_key(|s| (s.level, s.start_line));
    let mut parts: Vec<&str> = Vec::new();
    if chain.first().is_none_or(|s| s.title != doc.title) {
        parts.push(doc.title.as_str());
    }
    parts.extend(chain.iter().map(|s| s.title.as_str()));
    parts.join(" › ")
}
