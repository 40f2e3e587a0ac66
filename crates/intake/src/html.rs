//! HTML specs (wiki exports, saved pages): headings, paragraphs, lists and tables, read with a
//! lenient tokenizer — real-world HTML is rarely well-formed, and only the text structure matters.

use crate::document::Builder;

#[derive(Default)]
struct TableState {
    rows: Vec<(bool, Vec<String>)>,
    row: Option<(bool, Vec<String>)>,
    cell: Option<String>,
    caption: Option<String>,
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
            r.open(&name, tag.ends_with('/'));
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
                Some(cell) => cell,
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

    fn open(&mut self, name: &str, self_closing: bool) {
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
            "br" => match self.tables.last_mut().and_then(|t| t.cell.as_mut()) {
                Some(cell) => cell.push('\n'),
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
                    t.cell = Some(String::new());
                }
            }
            "p" | "div" | "section" | "article" | "blockquote" | "dt" | "dd" | "header" | "footer" | "main" | "nav"
            | "aside" | "hr" | "tr" | "td" | "th" | "li" => {
                if self.tables.is_empty() {
                    self.flush();
                } else if let Some(cell) = self.tables.first_mut().and_then(|t| t.cell.as_mut()) {
                    if !cell.ends_with([' ', '\n']) && !cell.is_empty() {
                        cell.push(' ');
                    }
                }
            }
            _ => {}
        }
        let _ = self_closing;
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
            if let Some(cell) = t.cell.take() {
                let cell = cell.trim().to_string();
                match t.row.as_mut() {
                    Some(row) => row.1.push(cell),
                    None => t.row = Some((false, vec![cell])),
                }
            }
        }
    }

    fn end_row(&mut self) {
        self.end_cell();
        if let Some(t) = self.tables.last_mut() {
            if let Some(row) = t.row.take() {
                if !row.1.is_empty() {
                    t.rows.push(row);
                }
            }
        }
    }
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
