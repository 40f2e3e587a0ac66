//! The hostile corpus: every malformed or hostile file gets its specific error (or, where the
//! file is damaged only in part, the readable rest), quickly, without a panic.

use serde_json::Value;
use specwright_intake::read_spec;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/hostile")
}

#[test]
fn every_hostile_file_gets_its_specific_error_fast_and_nothing_panics() {
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(corpus().join("manifest.json")).unwrap()).unwrap();
    let entries = manifest["files"].as_array().unwrap();
    assert!(entries.len() >= 30, "the corpus has {} files", entries.len());
    let scratch = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    let mut slowest = (Duration::ZERO, String::new());
    for entry in entries {
        let file = entry["file"].as_str().unwrap();
        let expect = entry["expect"].as_str().unwrap();
        let path = if entry["generated"].as_bool() == Some(true) {
            let path = scratch.path().join("huge.txt");
            let f = std::fs::File::create(&path).unwrap();
            f.set_len(entry["size"].as_u64().unwrap()).unwrap();
            path
        } else {
            corpus().join(file)
        };
        let started = Instant::now();
        let result = std::panic::catch_unwind(|| read_spec(&path));
        let elapsed = started.elapsed();
        if elapsed > slowest.0 {
            slowest = (elapsed, file.to_string());
        }
        let result = match result {
            Ok(r) => r,
            Err(_) => {
                failures.push(format!("{file}: panicked"));
                continue;
            }
        };
        println!(
            "{:>6} ms  {file:<36} {}",
            elapsed.as_millis(),
            result.as_ref().map(|_| "ok").unwrap_or_else(|e| e.code())
        );
        // Not a performance claim (those are `make bench`, against a reference measured in the
        // same run): the bound only catches a hang or a blow-up, so it stays far above any
        // honest parse even on a loaded two-core CI machine.
        if elapsed > Duration::from_secs(30) {
            failures.push(format!("{file}: took {elapsed:?}"));
        }
        match (expect, result) {
            ("ok", Ok(doc)) => {
                let text = doc.text();
                let mut snippets: Vec<&str> = entry["snippet"].as_str().into_iter().collect();
                snippets.extend(entry["snippets"].as_array().into_iter().flatten().filter_map(Value::as_str));
                for s in snippets {
                    if !text.contains(s) {
                        failures.push(format!("{file}: missing {s:?}"));
                    }
                }
                for s in entry["absent"].as_array().into_iter().flatten().filter_map(Value::as_str) {
                    if text.contains(s) {
                        failures.push(format!("{file}: must not contain {s:?}"));
                    }
                }
                if let Some(rows) = entry["data_rows"].as_u64() {
                    let got = doc.tables.first().map(|t| t.rows.len() as u64);
                    if got != Some(rows) {
                        failures.push(format!("{file}: {got:?} data rows, want {rows}"));
                    }
                }
                if let Some(header) = entry["header"].as_array() {
                    let want: Vec<&str> = header.iter().filter_map(Value::as_str).collect();
                    let got = doc.tables.first().map(|t| t.header.iter().map(String::as_str).collect::<Vec<_>>());
                    if got.as_ref() != Some(&want) {
                        failures.push(format!("{file}: header {got:?}, want {want:?}"));
                    }
                }
                if let Some(pages) = entry["pages"].as_u64() {
                    if doc.pages.len() as u64 != pages {
                        failures.push(format!("{file}: {} pages, want {pages}", doc.pages.len()));
                    }
                }
                let page_errors: Vec<u64> =
                    entry["page_errors"].as_array().into_iter().flatten().filter_map(Value::as_u64).collect();
                let got: Vec<u64> = doc.problems.iter().filter_map(|p| p.page.map(u64::from)).collect();
                if got != page_errors {
                    failures.push(format!("{file}: page errors {got:?}, want {page_errors:?}"));
                }
                for p in &doc.problems {
                    // A catalog message, so the reader's language is chosen where it is shown.
                    if !matches!(p.message, specwright_scenario::Text::Message(_)) {
                        failures.push(format!("{file}: problem not a catalog message: {:?}", p.message));
                    }
                }
            }
            ("ok", Err(e)) => failures.push(format!("{file}: should read, got [{}] {e}", e.code())),
            (want, Ok(_)) => failures.push(format!("{file}: should fail with {want}, but parsed")),
            (want, Err(e)) => {
                if e.code() != want {
                    failures.push(format!("{file}: [{}] {e}, want {want}", e.code()));
                }
                // Specific: the error names the file (a person reads it in their language from the
                // catalog, which the runtime's tests hold to every variant).
                let message = e.to_string();
                let file_name = file.trim_start_matches("(generated) ");
                let name = std::path::Path::new(file_name).file_name().and_then(|n| n.to_str()).unwrap_or(file_name);
                if !message.contains(name) {
                    failures.push(format!("{file}: the message does not name the file: {message}"));
                }
            }
        }
    }
    println!("slowest: {} in {:?}", slowest.1, slowest.0);
    assert!(failures.is_empty(), "{} problems:\n{}", failures.len(), failures.join("\n"));
}

/// Inputs the fuzzers once crashed a parser with (`make fuzz`): each must now parse or fail cleanly.
#[test]
fn inputs_found_by_fuzzing_no_longer_panic() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-regressions");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let outcome = std::panic::catch_unwind(|| specwright_intake::parse(&name, &bytes).map(|d| d.sections.len()));
        assert!(outcome.is_ok(), "{name} panics");
        seen += 1;
    }
    assert!(seen >= 2);
}
