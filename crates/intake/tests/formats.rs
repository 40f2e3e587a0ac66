//! Every sample spec format against what a person reading it sees, written down independently in
//! `tests/fixtures/specs/expected.json` by the script that made the files.

use serde_json::Value;
use specwright_intake::{read_spec, Document};
use std::path::PathBuf;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/specs")
}

fn expected() -> serde_json::Map<String, Value> {
    let text = std::fs::read_to_string(fixtures().join("expected.json")).unwrap();
    let value: Value = serde_json::from_str(&text).unwrap();
    value["files"].as_object().unwrap().clone()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect()
}

/// Headings in order with levels relative to the shallowest, the title excluded.
fn headings(doc: &Document) -> Vec<(u8, String)> {
    let mut out: Vec<(u8, String)> = doc
        .sections
        .iter()
        .filter(|s| s.level > 0 && s.title != doc.title)
        .map(|s| (s.level, s.title.clone()))
        .collect();
    let min = out.iter().map(|h| h.0).min().unwrap_or(1);
    for h in out.iter_mut() {
        h.0 -= min - 1;
    }
    out
}

fn numbered_items(doc: &Document) -> Vec<(u32, String)> {
    let heading_lines: Vec<u32> = doc.sections.iter().map(|s| s.start_line).collect();
    doc.numbered_lines()
        .filter(|(n, _)| !heading_lines.contains(n) && doc.row_at(*n).is_none())
        .filter_map(|(_, line)| {
            let t = line.trim_start();
            let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
            let rest = t[digits.len()..].strip_prefix(". ")?;
            Some((digits.parse().ok()?, rest.trim().to_string()))
        })
        .collect()
}

fn check(file: &str, want: &Value) -> Vec<String> {
    let mut failures = Vec::new();
    let mut fail = |what: String| failures.push(format!("{file}: {what}"));
    let doc = match read_spec(&fixtures().join(file)) {
        Ok(doc) => doc,
        Err(e) => {
            fail(format!("did not parse: {e}"));
            return failures;
        }
    };
    let text = doc.text();
    if let Some(title) = want.get("title").and_then(Value::as_str) {
        if doc.title != title {
            fail(format!("title {:?}, want {title:?}", doc.title));
        }
    }
    if let Some(list) = want.get("headings").and_then(Value::as_array).filter(|l| !l.is_empty()) {
        let min = list.iter().map(|h| h["level"].as_u64().unwrap()).min().unwrap_or(1);
        let expected: Vec<(u8, String)> = list
            .iter()
            .map(|h| ((h["level"].as_u64().unwrap() - min + 1) as u8, h["text"].as_str().unwrap().to_string()))
            .collect();
        let got = headings(&doc);
        if got != expected {
            fail(format!("headings\n  got  {got:?}\n  want {expected:?}"));
        }
    }
    if let Some(items) = want.get("numbered_items").and_then(Value::as_array) {
        let expected: Vec<(u32, String)> = items
            .iter()
            .map(|i| (i["number"].as_u64().unwrap() as u32, i["text"].as_str().unwrap().to_string()))
            .collect();
        let got = numbered_items(&doc);
        if got != expected {
            fail(format!("numbered items\n  got  {got:?}\n  want {expected:?}"));
        }
    }
    for snippet in want.get("snippets").map(strings).unwrap_or_default() {
        if !text.contains(&snippet)
            && !doc.tables.iter().flat_map(|t| &t.rows).any(|r| r.cells.iter().any(|c| c.contains(&snippet)))
        {
            fail(format!("missing snippet {snippet:?}"));
        }
    }
    for absent in want.get("absent").map(strings).unwrap_or_default() {
        if text.contains(&absent) {
            fail(format!("text that must not appear: {absent:?}"));
        }
    }
    if let Some(pages) = want.get("pages").and_then(Value::as_u64) {
        if doc.pages.len() as u64 != pages {
            fail(format!("{} pages, want {pages}", doc.pages.len()));
        }
    }
    if let Some(map) = want.get("heading_pages").and_then(Value::as_object) {
        for (title, page) in map {
            let got = doc.sections.iter().find(|s| &s.title == title).and_then(|s| doc.page_of(s.start_line));
            if got != page.as_u64().map(|p| p as u32) {
                fail(format!("heading {title:?} on page {got:?}, want {page}"));
            }
        }
    }
    if let Some(tables) = want.get("tables").and_then(Value::as_array) {
        for (i, table) in tables.iter().enumerate() {
            let expected: Vec<Vec<String>> = table["rows"].as_array().unwrap().iter().map(strings).collect();
            let got: Option<Vec<Vec<String>>> = doc
                .tables
                .get(i)
                .map(|t| std::iter::once(t.header.clone()).chain(t.rows.iter().map(|r| r.cells.clone())).collect());
            if got.as_ref() != Some(&expected) {
                fail(format!("table {i}\n  got  {got:?}\n  want {expected:?}"));
            }
        }
    }
    if let Some(sheets) = want.get("sheets").and_then(Value::as_array) {
        for sheet in sheets {
            let name = sheet["name"].as_str().unwrap();
            let Some(table) = doc.tables.iter().find(|t| t.sheet.as_deref() == Some(name)) else {
                fail(format!("no sheet {name:?}"));
                continue;
            };
            let header_row = sheet["header_row"].as_u64().map(|n| n as u32);
            if table.header_row != header_row || table.header != strings(&sheet["header"]) {
                fail(format!("sheet {name:?} header {:?} at {:?}", table.header, table.header_row));
            }
            if table.rows.len() as u64 != sheet["data_rows"].as_u64().unwrap() {
                fail(format!("sheet {name:?} has {} data rows, want {}", table.rows.len(), sheet["data_rows"]));
            }
        }
    }
    for sample in want.get("sample_rows").and_then(Value::as_array).cloned().unwrap_or_default() {
        let sheet = sample["sheet"].as_str().unwrap();
        let number = sample["row"].as_u64().unwrap() as u32;
        let row = doc
            .tables
            .iter()
            .filter(|t| t.sheet.as_deref() == Some(sheet))
            .flat_map(|t| &t.rows)
            .find(|r| r.number == number);
        let expected = strings(&sample["cells"]);
        match row {
            Some(r) if r.cells == expected => {
                let citation = doc.cite(r.line).unwrap();
                if citation.sheet.as_deref() != Some(sheet) || citation.row != Some(number) {
                    fail(format!("row {sheet}!{number} cites as {citation:?}"));
                }
            }
            other => fail(format!("row {sheet}!{number}\n  got  {:?}\n  want {expected:?}", other.map(|r| &r.cells))),
        }
    }
    failures
}

#[test]
fn every_sample_format_reads_as_a_person_sees_it() {
    let mut failures = Vec::new();
    let all = expected();
    for (file, want) in &all {
        failures.extend(check(file, want));
    }
    assert!(all.len() >= 11, "expected.json lists {} files", all.len());
    assert!(failures.is_empty(), "{} problems:\n{}", failures.len(), failures.join("\n"));
}

#[test]
#[ignore = "prints a document's lines: cargo test -p specwright-intake --test formats dump -- --ignored --nocapture"]
fn dump() {
    let name = std::env::var("DUMP").unwrap_or_else(|_| "shop-api.en.pdf".into());
    let doc = read_spec(&fixtures().join(name)).unwrap();
    for (n, l) in doc.numbered_lines() {
        println!("{n:>4}| {l}");
    }
}
