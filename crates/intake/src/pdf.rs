//! PDF: text per page in reading order with headings inferred from font size (most specs have no
//! outline), each page isolated so a page that cannot be decoded is reported and skipped — never
//! the whole document lost. Korean Type0 fonts with a predefined UCS-2 CMap and no ToUnicode,
//! which make pdf-extract panic, are decoded as UTF-16BE by a fallback reader.

use crate::document::Builder;
use crate::{quiet, sniff, IntakeError};
use lopdf::content::Content;
use lopdf::{Document as Pdf, Object, ObjectId};
use pdf_extract::{MediaBox, OutputDev, OutputError, Transform};
use specwright_scenario::Text;
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

pub(crate) fn read(b: &mut Builder, name: &str, bytes: &[u8], max_inflated: u64) -> Result<(), IntakeError> {
    // Streams are inflated whole by the readers below (an object stream as the file loads):
    // what they inflate to is counted first, as an archive's entries are.
    if inflated_over(bytes, max_inflated) {
        return Err(IntakeError::Bomb { name: name.to_string(), limit: max_inflated });
    }
    if nesting_depth(bytes) > MAX_NESTING {
        return Err(IntakeError::corrupt(name, format!("objects nested more than {MAX_NESTING} levels deep")));
    }
    let load = |bytes: &[u8]| {
        quiet::guarded(|| Pdf::load_mem(bytes))
            .map_err(|panic| IntakeError::corrupt(name, panic))?
            .map_err(|e| load_error(name, e))
    };
    let mut pdf = match load(bytes) {
        Ok(pdf) if page_tree(&pdf).is_ok_and(|n| n > 0) => pdf,
        // Wrong xref offsets are common (files edited by hand or by a broken tool): rebuild the
        // table from the objects themselves, as viewers do, before giving up.
        Err(e @ IntakeError::Encrypted { .. }) => return Err(e),
        first if sniff::find(bytes, b"/Encrypt").is_some() => first?,
        first => match repaired(bytes).map(|fixed| load(&fixed)) {
            Some(Ok(pdf)) if page_tree(&pdf).is_ok_and(|n| n > 0) => pdf,
            _ => first?,
        },
    };
    if pdf.is_encrypted() && pdf.decrypt("").is_err() {
        return Err(IntakeError::Encrypted { name: name.to_string() });
    }
    page_tree(&pdf).map_err(|e| IntakeError::corrupt(name, e))?;
    let pages = pdf.get_pages();
    if pages.is_empty() {
        return Err(IntakeError::corrupt(name, "the PDF has no pages"));
    }
    let mut per_page: Vec<(u32, Result<Vec<Line>, String>)> = Vec::new();
    for (&number, &id) in &pages {
        per_page.push((number, page_lines(&pdf, number, id)));
    }
    drop_running_lines(&mut per_page);
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
                Text::message(
                    "problem-page-unreadable",
                    [("page", number.into()), ("reason", reason.to_string().into())],
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
    // A content stream that does not inflate is a damaged page, whatever the extractor made of it.
    for content in pdf.get_page_contents(id) {
        if let Ok(stream) = pdf.get_object(content).and_then(Object::as_stream) {
            if !inflates(stream) {
                return Err("content stream does not decompress".into());
            }
        }
    }
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

/// Running headers and footers ("Spec v2 — page 3") repeat on most pages at the top or bottom;
/// they are noise in every section they would land in, so they are dropped.
fn drop_running_lines(pages: &mut [(u32, Result<Vec<Line>, String>)]) {
    let readable = pages.iter().filter(|(_, l)| l.is_ok()).count();
    if readable < 2 {
        return;
    }
    let key =
        |text: &str| -> String { text.trim().chars().map(|c| if c.is_ascii_digit() { '#' } else { c }).collect() };
    let edge = |lines: &Vec<Line>| -> Vec<String> {
        let n = lines.len();
        lines.iter().enumerate().filter(|(i, _)| *i < 2 || *i + 2 >= n).map(|(_, l)| key(&l.text)).collect()
    };
    let mut count: HashMap<String, usize> = HashMap::new();
    for (_, lines) in pages.iter() {
        if let Ok(lines) = lines {
            let mut seen: Vec<String> = edge(lines);
            seen.sort();
            seen.dedup();
            for k in seen {
                *count.entry(k).or_default() += 1;
            }
        }
    }
    let running: Vec<String> = count
        .into_iter()
        .filter(|(k, n)| *n >= 2 && *n * 2 >= readable && !k.is_empty() && k.chars().count() <= 80)
        .map(|(k, _)| k)
        .collect();
    if running.is_empty() {
        return;
    }
    for (_, lines) in pages.iter_mut() {
        if let Ok(lines) = lines {
            let n = lines.len();
            let mut i = 0;
            lines.retain(|l| {
                let at_edge = i < 2 || i + 2 >= n;
                i += 1;
                !(at_edge && running.contains(&key(&l.text)))
            });
        }
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
    // A sentence (ending in a period or the Korean declarative 다) is body text, whatever its size.
    (1..=80).contains(&n) && !text.ends_with(['.', ',', ';', '다'])
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

/// Whether the PDF's streams inflate to more than `limit` bytes in all, counted without keeping
/// them: every stream's data is read through a zlib decoder (and, where it inflates to zlib
/// data again, through one more, as a filter list of two FlateDecode does; its raw-deflate
/// fallback as lopdf tries it), and an LZW stream through an LZW decoder.
fn inflated_over(bytes: &[u8], limit: u64) -> bool {
    use std::io::Read;
    let mut budget = limit;
    let mut from = 0;
    while let Some(at) = sniff::find(&bytes[from..], b"stream").map(|i| from + i) {
        from = at + 6;
        if at >= 3 && &bytes[at - 3..at] == b"end" {
            continue;
        }
        let mut start = from;
        if bytes.get(start) == Some(&b'\r') {
            start += 1;
        }
        if bytes.get(start) != Some(&b'\n') && start == from {
            continue;
        }
        if bytes.get(start) == Some(&b'\n') {
            start += 1;
        }
        let data = &bytes[start.min(bytes.len())..];
        let dictionary = &bytes[at.saturating_sub(400)..at];
        let used = if sniff::find(dictionary, b"LZWDecode").is_some() {
            lzw_count(data, budget)
        } else {
            let zlib = flate2::read::ZlibDecoder::new(data);
            match counted(zlib, budget) {
                Some(0) if data.len() > 2 => counted(flate2::read::DeflateDecoder::new(&data[2..]), budget),
                other => other,
            }
        };
        match used {
            Some(n) => budget -= n,
            None => return true,
        }
        // A stream that inflates to zlib data is inflated once more (a second FlateDecode).
        let mut head = [0u8; 2];
        if flate2::read::ZlibDecoder::new(data).read_exact(&mut head).is_ok()
            && head[0] & 0x0f == 8
            && (u16::from(head[0]) << 8 | u16::from(head[1])) % 31 == 0
        {
            let twice = flate2::read::ZlibDecoder::new(flate2::read::ZlibDecoder::new(data));
            match counted(twice, budget) {
                Some(n) => budget -= n,
                None => return true,
            }
        }
    }
    false
}

/// How many bytes `reader` gives, up to `budget`; `None` past it. A read error ends the count
/// (a damaged stream is the page reader's to report).
fn counted(mut reader: impl std::io::Read, budget: u64) -> Option<u64> {
    let mut buffer = [0u8; 64 * 1024];
    let mut total = 0u64;
    loop {
        match reader.read(&mut buffer) {
            Ok(0) | Err(_) => return Some(total),
            Ok(n) => {
                total += n as u64;
                if total > budget {
                    return None;
                }
            }
        }
    }
}

/// What an LZW stream decodes to, counted in chunks up to `budget`.
fn lzw_count(data: &[u8], budget: u64) -> Option<u64> {
    let mut decoder = weezl::decode::Decoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8);
    let mut buffer = vec![0u8; 64 * 1024];
    let (mut input, mut total) = (data, 0u64);
    loop {
        let result = decoder.decode_bytes(input, &mut buffer);
        total += result.consumed_out as u64;
        if total > budget {
            return None;
        }
        input = &input[result.consumed_in..];
        match result.status {
            Ok(weezl::LzwStatus::Ok) if result.consumed_in > 0 || result.consumed_out > 0 => {}
            _ => return Some(total),
        }
    }
}

/// lopdf quietly turns a stream that fails to inflate into empty content; this tells the two apart.
fn inflates(stream: &lopdf::Stream) -> bool {
    use std::io::Read;
    let first_filter = stream.filters().ok().and_then(|f| f.first().map(|f| f.to_vec()));
    if first_filter.as_deref() != Some(b"FlateDecode".as_slice()) || stream.content.is_empty() {
        return true;
    }
    let mut sink = Vec::new();
    if flate2::read::ZlibDecoder::new(stream.content.as_slice()).read_to_end(&mut sink).is_ok() {
        return true;
    }
    sink.clear();
    stream.content.len() > 2
        && flate2::read::DeflateDecoder::new(&stream.content[2..]).read_to_end(&mut sink).is_ok()
        && !sink.is_empty()
}

/// Walks the page tree without recursion, refusing cycles and absurd depth; returns the number
/// of pages.
fn page_tree(pdf: &Pdf) -> Result<usize, String> {
    const MAX_DEPTH: usize = 64;
    let root = pdf
        .catalog()
        .and_then(|c| c.get(b"Pages"))
        .and_then(Object::as_reference)
        .map_err(|e| format!("no page tree: {e}"))?;
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![(root, 0usize)];
    let mut pages = 0;
    while let Some((id, depth)) = stack.pop() {
        if depth > MAX_DEPTH {
            return Err(format!("page tree nested more than {MAX_DEPTH} levels deep"));
        }
        if !seen.insert(id) {
            return Err("page tree has a cycle".into());
        }
        let Ok(node) = pdf.get_dictionary(id) else { continue };
        match node.get(b"Kids").and_then(Object::as_array) {
            Ok(kids) => {
                for kid in kids.iter().rev() {
                    if let Ok(kid) = kid.as_reference() {
                        stack.push((kid, depth + 1));
                    }
                }
            }
            Err(_) => pages += 1,
        }
        if seen.len() > 1_000_000 {
            return Err("page tree too large".into());
        }
    }
    Ok(pages)
}

/// The file with a fresh cross-reference table appended, built by finding every `N G obj`.
fn repaired(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut offsets: std::collections::BTreeMap<u32, (u16, usize)> = Default::default();
    let mut from = 0;
    while let Some(at) = crate::sniff::find(&bytes[from..], b" obj").map(|i| from + i) {
        from = at + 4;
        // Back over "N G" before " obj".
        let mut j = at;
        let digits_back = |j: &mut usize| {
            let end = *j;
            while *j > 0 && bytes[*j - 1].is_ascii_digit() {
                *j -= 1;
            }
            std::str::from_utf8(&bytes[*j..end]).ok().and_then(|d| d.parse::<u64>().ok())
        };
        let Some(generation) = digits_back(&mut j) else { continue };
        if j == 0 || bytes[j - 1] != b' ' {
            continue;
        }
        j -= 1;
        let Some(number) = digits_back(&mut j) else { continue };
        if j > 0 && !bytes[j - 1].is_ascii_whitespace() {
            continue;
        }
        if let (Ok(number), Ok(generation)) = (u32::try_from(number), u16::try_from(generation)) {
            offsets.insert(number, (generation, j));
        }
    }
    let catalog = offsets.iter().find(|(_, (_, at))| {
        let end = (*at + 200).min(bytes.len());
        let window = &bytes[*at..end];
        crate::sniff::find(window, b"/Catalog").is_some()
    })?;
    let size = offsets.keys().max()? + 1;
    if size > 10_000_000 {
        return None;
    }
    let mut out = bytes.to_vec();
    let xref_at = out.len() + 1;
    out.extend_from_slice(format!("\nxref\n0 {size}\n").as_bytes());
    for n in 0..size {
        let entry = match offsets.get(&n) {
            Some((generation, at)) => format!("{at:010} {generation:05} n\r\n"),
            None => "0000000000 65535 f\r\n".to_string(),
        };
        out.extend_from_slice(entry.as_bytes());
    }
    out.extend_from_slice(
        format!("trailer\n<< /Size {size} /Root {} {} R >>\nstartxref\n{xref_at}\n%%EOF\n", catalog.0, catalog.1 .0)
            .as_bytes(),
    );
    Some(out)
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
