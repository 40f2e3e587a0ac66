//! HTML specs (wiki exports, saved pages): headings, paragraphs, lists and tables, read from
//! html5ever's tokenizer (the HTML standard's, every named entity included) — real-world HTML is
//! rarely well-formed, and only the text structure matters, so no tree is built.

use crate::document::Builder;
use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts};
use html5ever::Attribute;
use std::cell::RefCell;

/// List levels written out as indentation; deeper items are indented as the deepest.
const MAX_INDENT: usize = 16;

#[derive(Default)]
struct TableState {
    rows: Vec<(bool, Vec<String>)>,
    /// The row being read: whether all its cells are `th`, and each cell with its col/row span.
    row: Option<(bool, Vec<(String, usize, usize)>)>,
    cell: Option<(String, usize, usize)>,
    caption: Option<String>,
    /// Cells of earlier rows still spanning down: `(column, rows left, value)`.
    pending: Vec<(usize, usize, String)>,
}

struct Reader<'a> {
    b: &'a mut Builder,
    text: String,
    heading: Option<u8>,
    lists: Vec<(bool, u32)>,
    tables: Vec<TableState>,
    in_caption: bool,
    pre: u32,
}

pub(crate) fn read(b: &mut Builder, html: &str) {
    let reader = Reader {
        b,
        text: String::new(),
        heading: None,
        lists: Vec::new(),
        tables: Vec::new(),
        in_caption: false,
        pre: 0,
    };
    let tokenizer =
        Tokenizer::new(Sink { reader: RefCell::new(reader), skipping: RefCell::new(None) }, TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    let mut r = tokenizer.sink.reader.borrow_mut();
    r.flush();
    while !r.tables.is_empty() {
        r.close("table");
    }
}

/// Receives html5ever's tokens (text with every HTML entity decoded, tags with their attributes)
/// and hands the ones that carry a spec's structure to the reader.
struct Sink<'a> {
    reader: RefCell<Reader<'a>>,
    /// An element whose whole content is no spec text (a script, the head, an SVG), until its end.
    skipping: RefCell<Option<String>>,
}

impl TokenSink for Sink<'_> {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        let mut skipping = self.skipping.borrow_mut();
        if let Some(name) = skipping.as_deref() {
            if matches!(&token, Token::TagToken(tag) if tag.kind == TagKind::EndTag && &*tag.name == name) {
                *skipping = None;
            }
            return TokenSinkResult::Continue;
        }
        let mut r = self.reader.borrow_mut();
        match token {
            Token::CharacterTokens(text) => r.chars(&text),
            Token::TagToken(tag) => {
                let name: &str = &tag.name;
                match tag.kind {
                    TagKind::StartTag
                        if matches!(name, "script" | "style" | "noscript" | "template" | "head" | "svg") =>
                    {
                        if !tag.self_closing {
                            *skipping = Some(name.to_string());
                        }
                        // Their text is raw: a `<` inside a script opens no tag.
                        return match name {
                            "script" => TokenSinkResult::RawData(RawKind::ScriptData),
                            "style" | "noscript" => TokenSinkResult::RawData(RawKind::Rawtext),
                            _ => TokenSinkResult::Continue,
                        };
                    }
                    TagKind::StartTag => r.open(name, &tag.attrs),
                    TagKind::EndTag => r.close(name),
                }
            }
            _ => {}
        }
        TokenSinkResult::Continue
    }
}

impl Reader<'_> {
    /// Text as the page shows it (its entities decoded); a no-break space is a space.
    fn chars(&mut self, text: &str) {
        let decoded = text.replace('\u{a0}', " ");
        let nested = self.tables.len() > 1;
        let target = match self.tables.first_mut() {
            Some(t) if self.in_caption && !nested => t.caption.get_or_insert_with(String::new),
            Some(_) if self.in_caption => return,
            Some(t) => match t.cell.as_mut() {
                Some(cell) => &mut cell.0,
                None => return,
            },
            None => &mut self.text,
        };
        if self.pre > 0 {
            target.push_str(&decoded);
            return;
        }
        for c in decoded.chars() {
            if c.is_whitespace() {
                if !target.is_empty() && !target.ends_with([' ', '\n']) {
                    target.push(' ');
                }
            } else {
                target.push(c);
            }
        }
    }

    fn flush(&mut self) {
        let text = std::mem::take(&mut self.text);
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        match self.heading {
            Some(level) => {
                self.b.heading(level, text);
            }
            None => {
                self.b.text(text);
            }
        }
    }

    fn open(&mut self, name: &str, attrs: &[Attribute]) {
        match name {
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" if self.tables.is_empty() => {
                self.flush();
                self.heading = name[1..].parse().ok();
            }
            "ol" | "ul" => {
                self.flush();
                self.lists.push((name == "ol", 0));
            }
            "li" if self.tables.is_empty() => {
                self.flush();
                // The depth is a number; only so much of it is written out as indentation (a
                // list nested thousands deep must not cost its depth in spaces per item).
                let depth = self.lists.len().saturating_sub(1).min(MAX_INDENT);
                let marker = match self.lists.last_mut() {
                    Some((true, n)) => {
                        *n += 1;
                        format!("{n}. ")
                    }
                    _ => "- ".to_string(),
                };
                self.text = format!("{}{marker}", "  ".repeat(depth));
            }
            "br" => match self.tables.first_mut().and_then(|t| t.cell.as_mut()) {
                Some(cell) => cell.0.push('\n'),
                None => self.flush(),
            },
            "pre" => {
                self.flush();
                self.pre += 1;
            }
            "table" => {
                if self.tables.is_empty() {
                    self.flush();
                    self.tables.push(TableState::default());
                } else {
                    // A table inside a cell: its text stays in the outer cell.
                    self.tables.push(TableState { cell: None, ..Default::default() });
                }
            }
            "caption" => self.in_caption = true,
            "tr" if self.tables.len() == 1 => {
                self.end_row();
                if let Some(t) = self.tables.last_mut() {
                    t.row = Some((true, Vec::new()));
                }
            }
            "td" | "th" if self.tables.len() == 1 => {
                self.end_cell();
                if let Some(t) = self.tables.last_mut() {
                    if t.row.is_none() {
                        t.row = Some((true, Vec::new()));
                    }
                    if let Some(row) = t.row.as_mut() {
                        row.0 &= name == "th";
                    }
                    t.cell = Some((String::new(), span(attrs, "colspan"), span(attrs, "rowspan")));
                }
            }
            "p" | "div" | "section" | "article" | "blockquote" | "dt" | "dd" | "header" | "footer" | "main" | "nav"
            | "aside" | "hr" | "tr" | "td" | "th" | "li" => {
                if self.tables.is_empty() {
                    self.flush();
                } else if let Some((cell, _, _)) = self.tables.first_mut().and_then(|t| t.cell.as_mut()) {
                    if !cell.ends_with([' ', '\n']) && !cell.is_empty() {
                        cell.push(' ');
                    }
                }
            }
            _ => {}
        }
    }

    fn close(&mut self, name: &str) {
        match name {
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" if self.heading.is_some() => {
                self.flush();
                self.heading = None;
            }
            "ol" | "ul" => {
                self.flush();
                self.lists.pop();
            }
            "pre" => {
                self.flush();
                self.pre = self.pre.saturating_sub(1);
            }
            "caption" => self.in_caption = false,
            "td" | "th" if self.tables.len() == 1 => self.end_cell(),
            "tr" if self.tables.len() == 1 => self.end_row(),
            "table" => {
                if self.tables.len() > 1 {
                    self.tables.pop();
                    return;
                }
                self.end_row();
                let Some(table) = self.tables.pop() else { return };
                let width = table.rows.iter().map(|(_, r)| r.len()).max().unwrap_or(0);
                if width == 0 {
                    return;
                }
                let mut rows = table.rows;
                for (_, r) in rows.iter_mut() {
                    r.resize(width, String::new());
                }
                let header =
                    if rows.first().is_some_and(|(all_th, _)| *all_th) { Some((1, rows.remove(0).1)) } else { None };
                let first = if header.is_some() { 2 } else { 1 };
                let rows: Vec<(u32, Vec<String>)> =
                    rows.into_iter().enumerate().map(|(i, (_, cells))| (i as u32 + first, cells)).collect();
                let title = table
                    .caption
                    .map(|c| c.trim().to_string())
                    .filter(|c| !c.is_empty())
                    .unwrap_or_else(|| format!("Table {}", self.b.table_count() + 1));
                self.b.table(&title, None, header, rows);
            }
            "p" | "div" | "section" | "article" | "blockquote" | "li" | "dt" | "dd" | "header" | "footer" | "main"
            | "nav" | "aside"
                if self.tables.is_empty() =>
            {
                self.flush()
            }
            _ => {}
        }
    }

    fn end_cell(&mut self) {
        if let Some(t) = self.tables.last_mut() {
            if let Some((text, cols, rows)) = t.cell.take() {
                let cell = (text.trim().to_string(), cols, rows);
                match t.row.as_mut() {
                    Some(row) => row.1.push(cell),
                    None => t.row = Some((false, vec![cell])),
                }
            }
        }
    }

    /// Lays the row's cells onto the grid: spans to the right repeat the value, and cells of
    /// earlier rows that span down take their column first.
    fn end_row(&mut self) {
        self.end_cell();
        let Some(t) = self.tables.last_mut() else { return };
        let Some((all_th, cells)) = t.row.take() else { return };
        if cells.is_empty() {
            return;
        }
        let mut out: Vec<String> = Vec::new();
        let mut pending = std::mem::take(&mut t.pending);
        let take_pending = |out: &mut Vec<String>, pending: &mut Vec<(usize, usize, String)>| {
            while let Some(i) = pending.iter().position(|(col, _, _)| *col == out.len()) {
                let (col, left, value) = pending.remove(i);
                out.push(value.clone());
                if left > 1 {
                    pending.push((col, left - 1, value));
                }
            }
        };
        let mut next = Vec::new();
        for (text, cols, rows) in cells {
            take_pending(&mut out, &mut pending);
            for _ in 0..cols {
                if rows > 1 {
                    next.push((out.len(), rows - 1, text.clone()));
                }
                out.push(text.clone());
            }
        }
        take_pending(&mut out, &mut pending);
        pending.sort_by_key(|p| p.0);
        for (col, left, value) in pending {
            while out.len() < col {
                out.push(String::new());
            }
            out.push(value.clone());
            if left > 1 {
                next.push((col, left - 1, value));
            }
        }
        t.pending = next;
        t.rows.push((all_th, out));
    }
}

/// A `colspan`/`rowspan` attribute, bounded so a hostile table cannot multiply itself.
fn span(attrs: &[Attribute], name: &str) -> usize {
    let value = attrs.iter().find(|a| &*a.name.local == name).map(|a| a.value.trim().to_string());
    let digits: String = value.unwrap_or_default().chars().take_while(char::is_ascii_digit).collect();
    digits.parse::<usize>().unwrap_or(1).clamp(1, 100)
}
