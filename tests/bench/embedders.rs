//! fastembed (the crate the product's dependency list names) against the knowledge crate's own
//! loader, on the same multilingual-e5-small files and the same texts: passages per second, the
//! vectors' agreement (cosine) and peak memory — each in a process of its own, so neither's
//! memory counts against the other. The figures decide which loader the product ships.

use std::path::Path;
use std::time::Instant;

/// Set in a child process: which loader it runs (`ours`, `fastembed`), and where it writes.
const CHILD: &str = "SPECWRIGHT_BENCH_EMBEDDER";
const CHILD_OUT: &str = "SPECWRIGHT_BENCH_EMBEDDER_OUT";

/// The texts both embed: 200 passages of ~1,000 characters (the knowledge part's), shortest
/// first, so each loader's batches of four are padded alike.
fn passages() -> Vec<String> {
    let mut texts: Vec<String> = (0..200).map(|i| crate::knowledge::text(i, 300 + (i * 37) % 700)).collect();
    texts.sort_by_key(String::len);
    texts.into_iter().map(|t| format!("passage: {t}")).collect()
}

/// The process's peak resident memory (MB).
fn peak_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .unwrap_or(f64::NAN);
    kb / 1024.0
}

/// In a child process: loads one loader, embeds the passages (after one warm-up call), and
/// writes the seconds, the peak memory and the vectors. Returns false when this is no child.
pub fn child() -> bool {
    let (Ok(which), Ok(out)) = (std::env::var(CHILD), std::env::var(CHILD_OUT)) else { return false };
    let (dir, library) = specwright_knowledge::locate(None).expect("the model (make setup)");
    let texts = passages();
    let (seconds, vectors) = match which.as_str() {
        "ours" => {
            let mut embedder = specwright_knowledge::Embedder::load(&dir, &library).expect("our loader");
            // The loader adds e5's `passage: ` itself.
            let bare: Vec<&str> = texts.iter().map(|t| t.trim_start_matches("passage: ")).collect();
            embedder.passages(&bare[..1]).expect("warm-up");
            let started = Instant::now();
            let vectors = embedder.passages(&bare).expect("embedding");
            (started.elapsed().as_secs_f64(), vectors)
        }
        _ => {
            let environment = ort::init_from(&library).expect("ONNX Runtime").build().expect("ONNX Runtime");
            let read = |f: &str| std::fs::read(dir.join(f)).expect(f);
            let files = fastembed::TokenizerFiles {
                tokenizer_file: read("tokenizer.json"),
                config_file: read("config.json"),
                special_tokens_map_file: read("special_tokens_map.json"),
                tokenizer_config_file: read("tokenizer_config.json"),
            };
            let model = fastembed::UserDefinedEmbeddingModel::new(read("model.onnx"), files)
                .with_pooling(fastembed::Pooling::Mean);
            let options = fastembed::InitOptionsUserDefined::new()
                .with_environment(environment)
                .with_max_length(512)
                .with_intra_threads(2);
            let mut embedder =
                fastembed::TextEmbedding::try_new_from_user_defined(model, options).expect("fastembed's loader");
            embedder.embed(&texts[..1], Some(4)).expect("warm-up");
            let started = Instant::now();
            let vectors = embedder.embed(&texts, Some(4)).expect("embedding");
            (started.elapsed().as_secs_f64(), vectors)
        }
    };
    let report = serde_json::json!({ "seconds": seconds, "peak_mb": peak_mb(), "vectors": vectors });
    std::fs::write(out, report.to_string()).expect("the report");
    true
}

fn run(which: &str, out: &Path) -> serde_json::Value {
    let status = std::process::Command::new(std::env::current_exe().expect("this binary"))
        .env(CHILD, which)
        .env(CHILD_OUT, out)
        .status()
        .expect("the child runs");
    assert!(status.success(), "{which}: {status}");
    serde_json::from_str(&std::fs::read_to_string(out).expect("the child's report")).expect("JSON")
}

fn normalized(v: &[f64]) -> Vec<f64> {
    let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt().max(1e-12);
    v.iter().map(|x| x / norm).collect()
}

pub fn measure() -> Vec<serde_json::Value> {
    if let Err(off) = specwright_knowledge::locate(None) {
        println!("\nembedders: skipped — {off}");
        return Vec::new();
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let ours = run("ours", &dir.path().join("ours.json"));
    let theirs = run("fastembed", &dir.path().join("fastembed.json"));
    let vectors =
        |r: &serde_json::Value| -> Vec<Vec<f64>> { serde_json::from_value(r["vectors"].clone()).expect("vectors") };
    let (a, b) = (vectors(&ours), vectors(&theirs));
    assert_eq!(a.len(), b.len());
    let cosines: Vec<f64> = a
        .iter()
        .zip(&b)
        .map(|(x, y)| normalized(x).iter().zip(normalized(y)).map(|(p, q)| p * q).sum::<f64>())
        .collect();
    let least = cosines.iter().copied().fold(f64::INFINITY, f64::min);
    let n = a.len() as f64;
    let rate = |r: &serde_json::Value| n / r["seconds"].as_f64().unwrap_or(f64::NAN);
    let (our_rate, their_rate) = (rate(&ours), rate(&theirs));
    let (our_mb, their_mb) =
        (ours["peak_mb"].as_f64().unwrap_or(f64::NAN), theirs["peak_mb"].as_f64().unwrap_or(f64::NAN));
    println!("\n{:<34} {:>10} {:>12} {:>8}", "embedders (ours vs fastembed)", "ours", "fastembed", "ratio");
    println!(
        "{:<34} {:>10.1} {:>12.1} {:>7.2}x",
        "embedders.passages_per_s",
        our_rate,
        their_rate,
        our_rate / their_rate
    );
    println!("{:<34} {:>10.0} {:>12.0} {:>7.2}x", "embedders.peak_mb", our_mb, their_mb, our_mb / their_mb);
    println!("{:<34} {:>10.6}", "embedders.least_cosine", least);
    let reference = "fastembed 7.7.0 user-defined model, same model.onnx and tokenizer files, batch 4, 2 threads";
    vec![
        serde_json::json!({ "name": "embedders.passages_per_s", "ours": our_rate, "reference": their_rate,
            "unit": "passages/s", "ratio": our_rate / their_rate, "reference_name": reference }),
        serde_json::json!({ "name": "embedders.peak_mb", "ours": our_mb, "reference": their_mb,
            "unit": "MB", "ratio": our_mb / their_mb, "reference_name": reference }),
        serde_json::json!({ "name": "embedders.least_cosine", "ours": least, "unit": "cosine",
            "reference_name": "the same passage's vector from each loader" }),
    ]
}
