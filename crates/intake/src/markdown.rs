//! Markdown: ATX and setext headings (ignoring anything inside fenced code) and pipe tables. Lines
//! are kept exactly as written so a citation's line number is the file's.

use crate::document::Builder;

pub(crate) fn read(b: &mut Builder, text: &str) {
    let lines: Vec<&str> = text.lines().collect();
    let mut fence: Option<&str> = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim_start();
        if let Some(open) = fence {
            if trimmed.starts_with(open) {
                fence = None;
            }
            b.text(line);
            i += 1;
            continue;
        }
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fence = Some(&trimmed[..3]);
            b.text(line);
            i += 1;
            continue;
        }
        if let Some((level, title)) = atx(line) {
            b.heading_here(level, &title, line);
            i += 1;
            continue;
        }
        if let Some(next) = lines.get(i + 1) {
            if let Some(level) = setext(line, next) {
                b.heading_here(level, line.trim(), line);
                b.text(next);
                i += 2;
                continue;
            }
            if is_table_row(line) && is_separator(next) {
                let header = cells(line);
                b.text(line);
                b.text(next);
                let mut rows = Vec::new();
                let mut j = i + 2;
                while j < lines.len() && is_table_row(lines[j]) {
                    let at = b.text(lines[j]);
                    rows.push(((rows.len() + 1) as u32, at, cells(lines[j])));
                    j += 1;
                }
                let title = format!("Table {}", b.table_count() + 1);
                b.table_in_place(&title, header, rows);
                i = j;
                continue;
            }
        }
        b.text(line);
        i += 1;
    }
}

fn setext(line: &str, next: &str) -> Option<u8> {
    if line.trim().is_empty() || atx(line).is_some() || line.trim_start().starts_with(['-', '*', '>', '|']) {
        return None;
    }
    let underline = next.trim();
    if underline.len() >= 2 && underline.chars().all(|c| c == '=') {
        Some(1)
    } else if underline.len() >= 2 && underline.chars().all(|c| c == '-') {
        Some(2)
    } else {
        None
    }
}

fn atx(line: &str) -> Option<(u8, String)> {
    let trimmed = line.trim_start();
    if line.len() - trimmed.len() > 3 {
        return None;
    }
    let hashes = trimmed.chars().take_while(|c| *c == '#').count();
    if !(1..=6).contains(&hashes) {
        return None;
    }
    let rest = &trimmed[hashes..];
    if !rest.is_empty() && !rest.starts_with([' ', '\t']) {
        return None;
    }
    let title = rest.trim().trim_end_matches('#').trim().to_string();
    Some((hashes as u8, title))
}

fn is_table_row(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('|') && t.len() > 1
}

fn is_separator(line: &str) -> bool {
    let t = line.trim();
    is_table_row(t) && t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' ')) && t.contains('-')
}

fn cells(line: &str) -> Vec<String> {
    let t = line.trim().trim_start_matches('|');
    let t = t.strip_suffix('|').unwrap_or(t);
    t.split('|').map(|c| c.trim().to_string()).collect()
}
