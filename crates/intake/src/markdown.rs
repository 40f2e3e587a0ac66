//! Markdown outline: ATX and setext headings, ignoring anything inside fenced code.

use crate::Section;
use std::collections::HashMap;

pub(crate) fn sections(name: &str, lines: &[String]) -> Vec<Section> {
    let mut headings: Vec<(u32, u8, String)> = Vec::new();
    let mut fence: Option<&str> = None;
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if let Some(open) = fence {
            if trimmed.starts_with(open) {
                fence = None;
            }
            continue;
        }
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fence = Some(&trimmed[..3]);
            continue;
        }
        if let Some((level, title)) = atx(line) {
            headings.push((i as u32 + 1, level, title));
        } else if i > 0 && !lines[i - 1].trim().is_empty() && atx(&lines[i - 1]).is_none() {
            let underline = line.trim();
            if underline.len() >= 2 && underline.chars().all(|c| c == '=') {
                headings.push((i as u32, 1, lines[i - 1].trim().to_string()));
            } else if underline.len() >= 2
                && underline.chars().all(|c| c == '-')
                && !lines[i - 1].trim_start().starts_with(['-', '*'])
            {
                headings.push((i as u32, 2, lines[i - 1].trim().to_string()));
            }
        }
    }

    let total = lines.len() as u32;
    let mut used: HashMap<String, u32> = HashMap::new();
    let mut out = Vec::new();
    let first = headings.first().map(|h| h.0).unwrap_or(total + 1);
    if first > 1 && lines[..(first - 1) as usize].iter().any(|l| !l.trim().is_empty()) {
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
        out.push(Section::whole(name, lines));
    }
    out
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

/// Lower-case words joined by `-`; letters of every script are kept, so Korean titles stay readable.
pub(crate) fn slug(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if (c.is_whitespace() || c == '-' || c == '_') && !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        "section".to_string()
    } else {
        out
    }
}
