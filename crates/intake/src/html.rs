//! HTML specs (wiki exports, saved pages): headings, paragraphs, lists and tables, read with a
//! lenient tokenizer — real-world HTML is rarely well-formed, and only the text structure matters.

use crate::document::Builder;

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
    let mut r = Reader {
        b,
        text: String::new(),
        heading: None,
        lists: Vec::new(),
        tables: Vec::new(),
        in_caption: false,
        pre: 0,
    };
    let mut rest = html;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            r.chars(rest);
            break;
        };
        r.chars(&rest[..lt]);
        rest = &rest[lt..];
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map(|i| &after[i + 3..]).unwrap_or("");
            continue;
        }
        let Some(gt) = rest.find('>') else {
            r.chars(rest);
            break;
        };
        let tag = &rest[1..gt];
        rest = &rest[gt + 1..];
        if tag.starts_with('!') || tag.starts_with('?') {
            continue;
        }
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if name.is_empty() {
            r.chars("<");
            r.chars(tag);
            r.chars(">");
            continue;
        }
        if !closing && matches!(name.as_str(), "script" | "style" | "noscript" | "template" | "head" | "svg") {
            rest = skip_raw_text(rest, &name);
            continue;
        }
        if closing {
            r.close(&name);
        } else {
            r.open(&name, tag);
        }
    }
    r.flush();
    while !r.tables.is_empty() {
        r.close("table");
    }
}

impl Reader<'_> {
    fn chars(&mut self, raw: &str) {
        let decoded = decode_entities(raw);
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

    fn open(&mut self, name: &str, tag: &str) {
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
                let depth = self.lists.len().saturating_sub(1);
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
                    t.cell = Some((String::new(), span(tag, "colspan"), span(tag, "rowspan")));
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
fn span(tag: &str, attribute: &str) -> usize {
    let lower = tag.to_ascii_lowercase();
    let Some(at) = lower.find(attribute) else { return 1 };
    let rest = lower[at + attribute.len()..].trim_start().trim_start_matches('=').trim_start();
    let digits: String = rest.trim_start_matches(['"', '\'']).chars().take_while(char::is_ascii_digit).collect();
    digits.parse::<usize>().unwrap_or(1).clamp(1, 100)
}

/// Skips past `</name ...>` (any case) without copying the rest of the document.
fn skip_raw_text<'a>(rest: &'a str, name: &str) -> &'a str {
    let bytes = rest.as_bytes();
    let mut from = 0;
    while let Some(i) = rest[from..].find("</") {
        let at = from + i + 2;
        if bytes.len() >= at + name.len() && bytes[at..at + name.len()].eq_ignore_ascii_case(name.as_bytes()) {
            return rest[at..].find('>').map(|j| &rest[at + j + 1..]).unwrap_or("");
        }
        from = at;
    }
    ""
}

pub(crate) fn decode_entities(raw: &str) -> String {
    if !raw.contains('&') {
        return raw.to_string();
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let end = rest[1..].find(|c: char| c == ';' || c == '&' || c.is_whitespace()).map(|i| i + 1);
        let decoded = match end {
            Some(end) if rest.as_bytes().get(end) == Some(&b';') && end <= 12 => {
                let entity = &rest[1..end];
                let c = match entity {
                    "amp" => Some('&'),
                    "lt" => Some('<'),
                    "gt" => Some('>'),
                    "quot" => Some('"'),
                    "apos" => Some('\''),
                    "nbsp" => Some(' '),
                    "middot" => Some('·'),
                    "hellip" => Some('…'),
                    "ndash" => Some('–'),
                    "mdash" => Some('—'),
                    "laquo" => Some('«'),
                    "raquo" => Some('»'),
                    "copy" => Some('©'),
                    _ => entity
                        .strip_prefix("#x")
                        .or_else(|| entity.strip_prefix("#X"))
                        .and_then(|h| u32::from_str_radix(h, 16).ok())
                        .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                        .and_then(char::from_u32)
                        .filter(|c| *c != '\0'),
                };
                c.map(|c| (c, end + 1))
            }
            _ => None,
        };
        match decoded {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}
