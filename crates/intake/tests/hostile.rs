//! The hostile corpus: every malformed or hostile file gets its specific error (or, where the
//! file is damaged only in part, the readable rest), quickly, without a panic, and each is read
//! within 2 s and 300 MB, measured in a process of its own.

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

/// What a reader may take for any one hostile file: a person's laptop with the window open.
const TIME_LIMIT: Duration = Duration::from_secs(2);
const MEMORY_LIMIT_KB: u64 = 300 * 1024;
/// Set in the child process this test starts for one file.
const ONE_FILE: &str = "SPECWRIGHT_HOSTILE_FILE";

/// Each hostile file read in a process of its own, so its peak memory is its own (the kernel's
/// high-water mark, `VmHWM`, read by that process when the reader returns). A limit, not a
/// benchmark: a reader that allocates what a small file describes before checking it (a grid of
/// a sheet's used range, a PDF's inflated streams) fails here.
#[test]
fn every_hostile_file_is_read_within_two_seconds_and_300_mb() {
    if std::env::var_os(ONE_FILE).is_some() {
        return read_one_and_report();
    }
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(corpus().join("manifest.json")).unwrap()).unwrap();
    let scratch = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for entry in manifest["files"].as_array().unwrap() {
        let file = entry["file"].as_str().unwrap();
        let path = if entry["generated"].as_bool() == Some(true) {
            let path = scratch.path().join("huge.txt");
            std::fs::File::create(&path).unwrap().set_len(entry["size"].as_u64().unwrap()).unwrap();
            path
        } else {
            corpus().join(file)
        };
        let output = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "every_hostile_file_is_read_within_two_seconds_and_300_mb",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(ONE_FILE, &path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let Some(report) = stdout.lines().find_map(|l| l.split_once("HOSTILE ").map(|(_, r)| r)) else {
            failures.push(format!(
                "{file}: the reader did not come back ({}): {}",
                output.status,
                String::from_utf8_lossy(&output.stderr).lines().take(5).collect::<Vec<_>>().join(" | ")
            ));
            continue;
        };
        let report: Value = serde_json::from_str(report).unwrap();
        let (ms, kb) = (report["ms"].as_u64().unwrap(), report["peak_kb"].as_u64().unwrap());
        println!("{ms:>6} ms {:>8} KB  {file:<28} {}", kb, report["outcome"].as_str().unwrap_or_default());
        if ms > TIME_LIMIT.as_millis() as u64 {
            failures.push(format!("{file}: {ms} ms, more than {TIME_LIMIT:?}"));
        }
        if kb > MEMORY_LIMIT_KB {
            failures.push(format!("{file}: peak {kb} KB, more than {MEMORY_LIMIT_KB} KB"));
        }
    }
    assert!(failures.is_empty(), "{} files over the limits:\n{}", failures.len(), failures.join("\n"));
}

/// In the child: read the one file, then say how long it took and the process's peak memory.
fn read_one_and_report() {
    let path = PathBuf::from(std::env::var_os(ONE_FILE).unwrap());
    let started = Instant::now();
    let outcome = match std::panic::catch_unwind(|| read_spec(&path)) {
        Ok(Ok(_)) => "ok".to_string(),
        Ok(Err(e)) => e.code().to_string(),
        Err(_) => "panicked".to_string(),
    };
    let ms = started.elapsed().as_millis() as u64;
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let peak_kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
        .unwrap_or(0);
    println!("HOSTILE {}", serde_json::json!({ "ms": ms, "peak_kb": peak_kb, "outcome": outcome }));
}
