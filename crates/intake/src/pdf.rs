//! PDF: text per page in reading order with headings inferred from font size (most specs have no
//! outline), each page isolated so a page that cannot be decoded is reported and skipped — never
//! the whole document lost. Korean Type0 fonts with a predefined UCS-2 CMap and no ToUnicode,
//! which make pdf-extract panic, are decoded as UTF-16BE by a fallback reader.

use crate::document::Builder;
use crate::{quiet, IntakeError};
use lopdf::content::Content;
use lopdf::{Document as Pdf, Object, ObjectId};
use pdf_extract::{MediaBox, OutputDev, OutputError, Transform};
use std::collections::HashMap;

/// Real PDFs nest objects a few levels deep; a parser that recurses per level must not be handed
/// thousands of levels (a stack overflow cannot be caught).
const MAX_NESTING: usize = 128;

#[derive(Debug, Clone, Default)]
struct Line {
    text: String,
    size: f64,
    gap_before: bool,
}

pub(crate) fn read(b: &mut Builder, name: &str, bytes: &[u8]) -> Result<(), IntakeError> {
    if nesting_depth(bytes) > MAX_NESTING {
        return Err(IntakeError::corrupt(name, format!("objects nested more than {MAX_NESTING} levels deep")));
    }
    let pdf = quiet::guarded(|| Pdf::load_mem(bytes))
        .map_err(|panic| IntakeError::corrupt(name, panic))?
        .map_err(|e| load_error(name, e))?;
    let mut pdf = pdf;
    if pdf.is_encrypted() && pdf.decrypt("").is_err() {
        return Err(IntakeError::Encrypted { name: name.to_string() });
    }
    let pages = pdf.get_pages();
    if pages.is_empty() {
        return Err(IntakeError::corrupt(name, "the PDF has no pages"));
    }
    let mut per_page: Vec<(u32, Result<Vec<Line>, String>)> = Vec::new();
    for (&number, &id) in &pages {
        per_page.push((number, page_lines(&pdf, number, id)));
    }
    let body = body_size(&per_page);
    let sizes = heading_sizes(&per_page, body);
    let mut any_text = false;
    for (number, lines) in per_page {
        b.begin_page(number);
        match lines {
            Ok(lines) => {
                for line in lines {
                    let text = line.text.trim();
                    if text.is_empty() {
                        continue;
                    }
                    any_text = true;
                    if let Some(level) = sizes.iter().position(|s| (line.size - s).abs() < 0.5).map(|l| l as u8 + 1) {
                        if looks_like_heading(text) {
                            b.heading(level, text);
                            continue;
                        }
                    }
                    if line.gap_before {
                        b.blank();
                    }
                    b.text(text);
                }
            }
            Err(reason) => b.problem(
                "page_unreadable",
                Some(number),
                None,
                format!(
                    "{number}쪽을 읽을 수 없어 건너뜁니다({reason}). / Page {number} cannot be read and was skipped ({reason})."
                ),
            ),
        }
        b.end_page();
    }
    if !any_text {
        return Err(IntakeError::ImageOnly { name: name.to_string() });
    }
    Ok(())
}

fn load_error(name: &str, error: lopdf::Error) -> IntakeError {
    match error {
        lopdf::Error::InvalidPassword | lopdf::Error::Decryption(_) => {
            IntakeError::Encrypted { name: name.to_string() }
        }
        other => {
            let text = other.to_string();
            if text.to_ascii_lowercase().contains("encrypt") || text.to_ascii_lowercase().contains("password") {
                IntakeError::Encrypted { name: name.to_string() }
            } else {
                IntakeError::corrupt(name, text)
            }
        }
    }
}

/// One page's lines: pdf-extract first; its panics and errors fall back to a plain content walk.
fn page_lines(pdf: &Pdf, number: u32, id: ObjectId) -> Result<Vec<Line>, String> {
    let mut dev = Lines::default();
    let extracted = quiet::guarded(|| pdf_extract::output_doc_page(pdf, &mut dev, number));
    let fallback = |why: String| -> Result<Vec<Line>, String> {
        match fallback_lines(pdf, id) {
            Ok(lines) if lines.iter().any(|l| !l.text.trim().is_empty()) => Ok(lines),
            Ok(_) => Err(why),
            Err(e) => Err(e),
        }
    };
    match extracted {
        Ok(Ok(())) => {
            let lines = dev.finish();
            if lines.iter().all(|l| l.text.trim().is_empty()) {
                // An empty page is fine; an undecodable content stream is a page error.
                let content = pdf.get_page_content(id).map_err(|e| e.to_string())?;
                if !content.is_empty() {
                    Content::decode(&content).map_err(|e| format!("content stream: {e}"))?;
                }
            }
            Ok(lines)
        }
        Ok(Err(e)) => fallback(e.to_string()),
        Err(panic) => fallback(panic),
    }
}

/// Text lines with their font size, broken the way pdf-extract's plain-text output breaks them.
#[derive(Default)]
struct Lines {
    lines: Vec<Line>,
    current: Line,
    height: f64,
    last_end: f64,
    last_y: f64,
    first_char: bool,
}

impl Lines {
    fn finish(mut self) -> Vec<Line> {
        self.break_line(false);
        self.lines
    }

    fn break_line(&mut self, gap: bool) {
        let line = std::mem::take(&mut self.current);
        if !line.text.trim().is_empty() {
            self.lines.push(line);
        }
        self.current.gap_before = gap;
    }
}

impl OutputDev for Lines {
    fn begin_page(
        &mut self,
        _page: u32,
        media_box: &MediaBox,
        _art: Option<(f64, f64, f64, f64)>,
    ) -> Result<(), OutputError> {
        self.height = media_box.ury - media_box.lly;
        self.last_end = 100_000.0;
        Ok(())
    }

    fn end_page(&mut self) -> Result<(), OutputError> {
        Ok(())
    }

    fn output_character(
        &mut self,
        trm: &Transform,
        width: f64,
        _spacing: f64,
        font_size: f64,
        c: &str,
    ) -> Result<(), OutputError> {
        let x = trm.m31;
        let y = self.height - trm.m32;
        let sx = font_size * trm.m11 + font_size * trm.m21;
        let sy = font_size * trm.m12 + font_size * trm.m22;
        let size = (sx * sy).abs().sqrt();
        if self.first_char {
            let dy = (y - self.last_y).abs();
            if dy > size * 1.5 {
                self.break_line(dy > size * 2.2);
            } else if x < self.last_end && dy > size * 0.5 {
                self.break_line(false);
            } else if x > self.last_end + size * 0.1 && !self.current.text.ends_with(' ') {
                self.current.text.push(' ');
            }
        }
        self.current.text.push_str(c);
        if size.is_finite() {
            self.current.size = self.current.size.max((size * 10.0).round() / 10.0);
        }
        self.first_char = false;
        self.last_y = y;
        self.last_end = x + width * size;
        Ok(())
    }

    fn begin_word(&mut self) -> Result<(), OutputError> {
        self.first_char = true;
        Ok(())
    }

    fn end_word(&mut self) -> Result<(), OutputError> {
        Ok(())
    }

    fn end_line(&mut self) -> Result<(), OutputError> {
        Ok(())
    }
}

/// The font size most characters are set in.
fn body_size(pages: &[(u32, Result<Vec<Line>, String>)]) -> f64 {
    let mut weight: HashMap<i64, usize> = HashMap::new();
    for line in pages.iter().filter_map(|(_, l)| l.as_ref().ok()).flatten() {
        *weight.entry((line.size * 10.0).round() as i64).or_default() += line.text.chars().count();
    }
    weight.into_iter().max_by_key(|(size, count)| (*count, -*size)).map(|(s, _)| s as f64 / 10.0).unwrap_or(0.0)
}

/// Distinct sizes clearly above the body size, largest first: heading levels 1, 2, 3.
fn heading_sizes(pages: &[(u32, Result<Vec<Line>, String>)], body: f64) -> Vec<f64> {
    let mut sizes: Vec<f64> = pages
        .iter()
        .filter_map(|(_, l)| l.as_ref().ok())
        .flatten()
        .filter(|l| body > 0.0 && l.size >= body * 1.15 && looks_like_heading(l.text.trim()))
        .map(|l| l.size)
        .collect();
    sizes.sort_by(|a, b| b.total_cmp(a));
    sizes.dedup_by(|a, b| (*a - *b).abs() < 0.5);
    sizes.truncate(3);
    sizes
}

fn looks_like_heading(text: &str) -> bool {
    let n = text.chars().count();
    (1..=80).contains(&n) && !text.ends_with(['.', ',', ';', '다']) || (n <= 40 && text.ends_with('다') && false)
}

/// The text of a page read straight from its content stream, for fonts pdf-extract cannot handle:
/// strings in a font with a UCS-2/UTF-16 CMap are UTF-16BE; others are taken byte by byte.
fn fallback_lines(pdf: &Pdf, id: ObjectId) -> Result<Vec<Line>, String> {
    let content = pdf.get_page_content(id).map_err(|e| e.to_string())?;
    let ops = Content::decode(&content).map_err(|e| format!("content stream: {e}"))?;
    let fonts = pdf.get_page_fonts(id).unwrap_or_default();
    let utf16: HashMap<Vec<u8>, bool> = fonts
        .iter()
        .map(|(name, dict)| {
            let encoding = dict.get(b"Encoding").ok().and_then(|e| e.as_name().ok()).unwrap_or_default();
            let wide = encoding.windows(4).any(|w| w == b"UCS2") || encoding.windows(5).any(|w| w == b"UTF16");
            (name.clone(), wide)
        })
        .collect();
    let mut lines = Vec::new();
    let mut current = String::new();
    let mut wide = false;
    let mut size = 0.0;
    let mut push_line = |current: &mut String, size: f64| {
        if !current.trim().is_empty() {
            lines.push(Line { text: std::mem::take(current), size, gap_before: false });
        }
        current.clear();
    };
    for op in &ops.operations {
        match op.operator.as_str() {
            "Tf" => {
                if let Some(Object::Name(font)) = op.operands.first() {
                    wide = utf16.get(font).copied().unwrap_or(false);
                }
                if let Some(s) = op.operands.get(1).and_then(|o| o.as_float().ok()) {
                    size = s as f64;
                }
            }
            "Td" | "TD" | "T*" | "Tm" | "ET" => push_line(&mut current, size),
            "Tj" | "'" | "\"" => {
                if op.operator != "Tj" {
                    push_line(&mut current, size);
                }
                if let Some(Object::String(bytes, _)) = op.operands.last() {
                    current.push_str(&decode_string(bytes, wide));
                }
            }
            "TJ" => {
                if let Some(Object::Array(items)) = op.operands.first() {
                    for item in items {
                        match item {
                            Object::String(bytes, _) => current.push_str(&decode_string(bytes, wide)),
                            other if other.as_float().is_ok_and(|n| n < -200.0) => current.push(' '),
                            _ => {}
                        }
                    }
                }
            }
            _ => {}
        }
    }
    push_line(&mut current, size);
    Ok(lines)
}

fn decode_string(bytes: &[u8], wide: bool) -> String {
    if wide {
        let units: Vec<u16> = bytes.chunks_exact(2).map(|p| u16::from_be_bytes([p[0], p[1]])).collect();
        String::from_utf16_lossy(&units)
    } else {
        bytes.iter().map(|&b| b as char).filter(|c| !c.is_control()).collect()
    }
}

/// The deepest nesting of arrays and dictionaries, skipping strings, comments and streams.
fn nesting_depth(bytes: &[u8]) -> usize {
    let mut depth = 0usize;
    let mut max = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                while i < bytes.len() && bytes[i] != b'\n' && bytes[i] != b'\r' {
                    i += 1;
                }
            }
            b'(' => {
                let mut level = 1;
                i += 1;
                while i < bytes.len() && level > 0 {
                    match bytes[i] {
                        b'\\' => i += 1,
                        b'(' => level += 1,
                        b')' => level -= 1,
                        _ => {}
                    }
                    i += 1;
                }
                continue;
            }
            b'[' => {
                depth += 1;
                max = max.max(depth);
            }
            b']' => depth = depth.saturating_sub(1),
            b'<' if bytes.get(i + 1) == Some(&b'<') => {
                depth += 1;
                max = max.max(depth);
                i += 1;
            }
            b'>' if bytes.get(i + 1) == Some(&b'>') => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            b's' if bytes[i..].starts_with(b"stream") && (i == 0 || !bytes[i - 1].is_ascii_alphabetic()) => {
                match crate::sniff::find(&bytes[i..], b"endstream") {
                    Some(end) => i += end + 9,
                    None => return max,
                }
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    max
}
