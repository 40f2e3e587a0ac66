//! Markdown, read by pulldown-cmark (CommonMark with GFM tables): headings (ATX and setext; none
//! inside code, HTML blocks or quotes taken for one) and pipe tables, found by the parser and
//! placed by its source offsets. Lines are kept exactly as written so a citation's line number is
//! the file's, and a heading's title or a cell's text is its source as written.

use crate::document::Builder;
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::collections::BTreeMap;
use std::ops::Range;

/// A table's rows by their line: the cells of each.
type Rows = BTreeMap<usize, Vec<String>>;

/// A block the document records besides its lines, by its first and last line.
enum Block {
    Heading { level: u8, title: String, last: usize },
    Table { header: Vec<String>, rows: Rows, last: usize },
}

pub(crate) fn read(b: &mut Builder, text: &str) {
    let lines: Vec<&str> = text.lines().collect();
    let blocks = blocks(text);
    let mut i = 0;
    while i < lines.len() {
        match blocks.get(&i) {
            Some(Block::Heading { level, title, last }) => {
                b.heading_here(*level, title, lines[i]);
                for line in &lines[i + 1..=(*last).min(lines.len() - 1)] {
                    b.text(line);
                }
                i = last + 1;
            }
            Some(Block::Table { header, rows, last }) => {
                let mut found = Vec::new();
                for (j, line) in lines.iter().enumerate().take((*last).min(lines.len() - 1) + 1).skip(i) {
                    let at = b.text(line);
                    if let Some(cells) = rows.get(&j) {
                        found.push(((found.len() + 1) as u32, at, cells.clone()));
                    }
                }
                let title = format!("Table {}", b.table_count() + 1);
                b.table_in_place(&title, header.clone(), found);
                i = last + 1;
            }
            None => {
                b.text(lines[i]);
                i += 1;
            }
        }
    }
}

/// Headings and tables by their first line (0-based).
fn blocks(text: &str) -> BTreeMap<usize, Block> {
    let starts: Vec<usize> = std::iter::once(0).chain(text.match_indices('\n').map(|(at, _)| at + 1)).collect();
    let line_of = |offset: usize| starts.partition_point(|&start| start <= offset).saturating_sub(1);
    // The source of an element's content, as written (`**Bold** title`, `a \| b`).
    let source = |range: &Range<usize>| text.get(range.clone()).unwrap_or_default().trim().to_string();

    let mut blocks = BTreeMap::new();
    // The open heading: its level, first line and the span of its inline content.
    let mut heading: Option<(u8, usize, Option<Range<usize>>)> = None;
    // The open table: its header, rows by line, the cells of the open row, the open cell's span.
    let mut table: Option<(usize, Vec<String>, Rows)> = None;
    let mut row: Option<(usize, Vec<String>)> = None;
    let mut cell: Option<Range<usize>> = None;
    // A heading quoted from elsewhere is part of the quote, not of the document's outline.
    let mut quoted = 0usize;
    for (event, range) in Parser::new_ext(text, Options::ENABLE_TABLES).into_offset_iter() {
        match event {
            Event::Start(Tag::BlockQuote(_)) => quoted += 1,
            Event::End(TagEnd::BlockQuote(_)) => quoted = quoted.saturating_sub(1),
            Event::Start(Tag::Heading { level, .. }) if quoted == 0 => {
                heading = Some((depth(level), line_of(range.start), None))
            }
            Event::End(TagEnd::Heading(_)) => {
                if let Some((level, first, content)) = heading.take() {
                    let title = content.map(|c| one_line(&source(&c))).unwrap_or_default();
                    let last = line_of(range.end.saturating_sub(1).max(range.start));
                    blocks.insert(first, Block::Heading { level, title, last });
                }
            }
            Event::Start(Tag::Table(_)) => table = Some((line_of(range.start), Vec::new(), BTreeMap::new())),
            Event::End(TagEnd::Table) => {
                if let Some((first, header, rows)) = table.take() {
                    let last = line_of(range.end.saturating_sub(1).max(range.start));
                    blocks.insert(first, Block::Table { header, rows, last });
                }
            }
            Event::Start(Tag::TableHead) | Event::Start(Tag::TableRow) => {
                row = Some((line_of(range.start), Vec::new()))
            }
            Event::End(TagEnd::TableHead) => {
                if let (Some((_, cells)), Some((_, header, _))) = (row.take(), table.as_mut()) {
                    *header = cells;
                }
            }
            Event::End(TagEnd::TableRow) => {
                if let (Some((line, cells)), Some((_, _, rows))) = (row.take(), table.as_mut()) {
                    rows.insert(line, cells);
                }
            }
            Event::Start(Tag::TableCell) => cell = None,
            Event::End(TagEnd::TableCell) => {
                if let Some((_, cells)) = row.as_mut() {
                    cells.push(cell.take().map(|c| source(&c).replace("\\|", "|")).unwrap_or_default());
                }
            }
            _ => {
                // Inline content widens the span of the open cell or heading.
                if let Some(cell) = cell.as_mut().filter(|_| row.is_some()) {
                    *cell = cell.start.min(range.start)..cell.end.max(range.end);
                } else if row.is_some() {
                    cell = Some(range.clone());
                }
                if let Some((_, _, content)) = heading.as_mut() {
                    *content = Some(match content.take() {
                        Some(c) => c.start.min(range.start)..c.end.max(range.end),
                        None => range.clone(),
                    });
                }
            }
        }
    }
    blocks
}

fn depth(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// A title written over several lines (a setext heading's paragraph) reads as one.
fn one_line(text: &str) -> String {
    text.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ")
}
