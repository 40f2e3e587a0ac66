//! Local multilingual embeddings (multilingual-e5-small, int8) through an ONNX Runtime library
//! loaded at run time. Both come from the project's setup; when either is missing, semantic
//! search is off with a reason the user can act on, and keyword search still works. One model
//! per process: the session is built from the file (not a copy in memory) and the vocabulary is
//! the compact one in `vocabulary.rs`, so it costs about 200 MB rather than most of a gigabyte.

use crate::vocabulary::{self, Limits, Tokenizer};
use ort::session::builder::GraphOptimizationLevel;
use ort::session::Session;
use ort::value::Tensor;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// The folder name the setup writes the model into.
pub const MODEL_NAME: &str = "multilingual-e5-small";

const FILES: [&str; 5] =
    ["model.onnx", "tokenizer.json", "config.json", "special_tokens_map.json", "tokenizer_config.json"];

/// Why semantic search is off, as a sentence for the user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "의미 검색이 꺼져 있습니다({0}). 키워드 검색은 그대로 동작합니다. `make setup`으로 모델을 설치하세요. \
     / Semantic search is off ({0}); keyword search still works. Run `make setup` to install the model."
)]
pub struct SemanticOff(pub String);

pub struct Embedder {
    session: Session,
    tokenizer: Tokenizer,
    /// BERT-style exports take a `token_type_ids` input; others do not.
    token_types: bool,
    id: String,
    dir: PathBuf,
}

/// Where the model may be: `SPECWRIGHT_MODEL_DIR`, the app's data dir, then the user's data dir
/// (where `scripts/setup-models.sh` installs it).
pub fn model_dir_candidates(data_dir: Option<&Path>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Some(dir) = std::env::var_os("SPECWRIGHT_MODEL_DIR").filter(|d| !d.is_empty()) {
        out.push(PathBuf::from(dir));
    }
    if let Some(data) = data_dir {
        out.push(data.join("models").join(MODEL_NAME));
    }
    if let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty()) {
        out.push(PathBuf::from(home).join(".local/share/specwright/models").join(MODEL_NAME));
    }
    out
}

/// Where the ONNX Runtime library, native code, may be loaded from: `ORT_DYLIB_PATH` when the
/// person set it, else where it is installed — beside the app (`<exe dir>`, or
/// `<exe dir>/../lib/specwright` for a package) or where the setup puts it
/// (`SPECWRIGHT_LIB_DIR`, default `~/.local/lib/specwright`). Never a data folder, nor the model's
/// folder: those take files from outside (imported bundles, downloads), and a library found there
/// would run as the app.
pub fn library_candidates() -> Vec<PathBuf> {
    const LIBRARY: &str = "libonnxruntime.so";
    if let Some(path) = std::env::var_os("ORT_DYLIB_PATH").filter(|p| !p.is_empty()) {
        return vec![PathBuf::from(path)];
    }
    let mut out = Vec::new();
    if let Some(exe_dir) = std::env::current_exe().ok().and_then(|e| e.parent().map(Path::to_path_buf)) {
        out.push(exe_dir.join(LIBRARY));
        out.push(exe_dir.join("../lib/specwright").join(LIBRARY));
    }
    match std::env::var_os("SPECWRIGHT_LIB_DIR").filter(|d| !d.is_empty()) {
        Some(dir) => out.push(PathBuf::from(dir).join(LIBRARY)),
        None => {
            if let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty()) {
                out.push(PathBuf::from(home).join(".local/lib/specwright").join(LIBRARY));
            }
        }
    }
    out
}

/// The first candidate that holds every model file, and the ONNX Runtime library from where it
/// is installed (`library_candidates`).
pub fn locate(data_dir: Option<&Path>) -> Result<(PathBuf, PathBuf), SemanticOff> {
    let candidates = model_dir_candidates(data_dir);
    for dir in &candidates {
        if FILES.iter().all(|f| dir.join(f).is_file()) {
            let libraries = library_candidates();
            return match libraries.iter().find(|p| p.is_file()) {
                Some(lib) => Ok((dir.clone(), lib.clone())),
                None => Err(SemanticOff(format!(
                    "ONNX Runtime library not found (looked in {})",
                    libraries.first().map(|p| p.display().to_string()).unwrap_or_default()
                ))),
            };
        }
    }
    Err(SemanticOff(match candidates.first() {
        Some(first) => format!("model files not found (looked in {})", first.display()),
        None => "model files not found".into(),
    }))
}

impl Embedder {
    /// Loads the model. The runtime library is checked and loaded first: with a missing or
    /// wrong library, model creation would panic instead of failing.
    pub fn load(dir: &Path, library: &Path) -> Result<Embedder, SemanticOff> {
        static RUNTIME: OnceLock<Result<ort::environment::Environment, String>> = OnceLock::new();
        let environment = RUNTIME
            .get_or_init(|| ort::init_from(library).map_err(|e| e.to_string())?.build().map_err(|e| e.to_string()))
            .clone()
            .map_err(|e| SemanticOff(format!("ONNX Runtime could not be loaded: {e}")))?;
        let read = |f: &str| std::fs::read(dir.join(f)).map_err(|e| SemanticOff(format!("{f}: {e}")));
        let json = |f: &str| -> Result<serde_json::Value, SemanticOff> {
            serde_json::from_slice(&read(f)?).map_err(|e| SemanticOff(format!("{f}: {e}")))
        };
        let config = json("config.json")?;
        let tokenizer_config = json("tokenizer_config.json")?;
        let model_path = dir.join("model.onnx");
        let digest: String = {
            use sha2::Digest;
            let mut hasher = sha2::Sha256::new();
            let mut file = std::fs::File::open(&model_path).map_err(|e| SemanticOff(format!("model.onnx: {e}")))?;
            std::io::copy(&mut file, &mut hasher).map_err(|e| SemanticOff(format!("model.onnx: {e}")))?;
            hasher.finalize().iter().take(6).map(|b| format!("{b:02x}")).collect()
        };
        let failed = |e: ort::Error<ort::session::builder::SessionBuilder>| {
            SemanticOff(format!("the model could not be loaded: {e}"))
        };
        // The session first: it is the larger allocation, and its load peak should not stack on
        // the tokenizer's. Memory patterns are off: they keep one buffer per input shape seen,
        // and passages come in every length.
        let session = Session::builder(&environment)
            .map_err(|e| SemanticOff(format!("the model could not be loaded: {e}")))?
            .with_optimization_level(GraphOptimizationLevel::Level3)
            .map_err(failed)?
            .with_intra_threads(2)
            .map_err(failed)?
            .with_memory_pattern(false)
            .map_err(failed)?
            .commit_from_file(&model_path)
            .map_err(|e| SemanticOff(format!("the model could not be loaded: {e}")))?;
        let max_length = tokenizer_config["model_max_length"].as_f64().map_or(512, |m| (m as usize).min(512));
        let pad_token = tokenizer_config["pad_token"]
            .as_str()
            .or_else(|| tokenizer_config["pad_token"]["content"].as_str())
            .unwrap_or("<pad>")
            .to_string();
        let pad_id = config["pad_token_id"].as_u64().map(|id| id as u32);
        let tokenizer = vocabulary::load(&read("tokenizer.json")?, Limits { max_length, pad_token, pad_id })
            .map_err(|e| SemanticOff(format!("the model could not be loaded: {e}")))?;
        let token_types = session.inputs().iter().any(|input| input.name() == "token_type_ids");
        Ok(Embedder { session, tokenizer, token_types, id: format!("{MODEL_NAME}@{digest}"), dir: dir.to_path_buf() })
    }

    /// The cache key of this model's vectors: name and weights digest.
    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Embeds passages (e5 wants the `passage: ` prefix). Small batches: on two cores they are
    /// faster than large ones and keep memory flat.
    /// Texts of similar length are batched together (a batch is padded to its longest text),
    /// and the vectors come back in the order of `texts`.
    pub fn passages(&mut self, texts: &[&str]) -> Result<Vec<Vec<f32>>, SemanticOff> {
        let mut order: Vec<usize> = (0..texts.len()).collect();
        order.sort_by_key(|&i| texts[i].len());
        let inputs: Vec<String> = order.iter().map(|&i| format!("passage: {}", texts[i])).collect();
        let vectors = self.run(&inputs)?;
        let mut out = vec![Vec::new(); texts.len()];
        for (vector, &i) in vectors.into_iter().zip(&order) {
            out[i] = vector;
        }
        Ok(out)
    }

    /// The model's token ids for `text`, with its special tokens and truncation.
    pub fn token_ids(&self, text: &str) -> Result<Vec<u32>, SemanticOff> {
        let encoding =
            self.tokenizer.encode(text, true).map_err(|e| SemanticOff(format!("tokenization failed: {e}")))?;
        Ok(encoding.get_ids().to_vec())
    }

    pub fn query(&mut self, text: &str) -> Result<Vec<f32>, SemanticOff> {
        let mut out = self.run(&[format!("query: {text}")])?;
        out.pop().ok_or_else(|| SemanticOff("the model returned nothing".into()))
    }

    fn run(&mut self, inputs: &[String]) -> Result<Vec<Vec<f32>>, SemanticOff> {
        let mut out = Vec::with_capacity(inputs.len());
        for batch in batches(inputs) {
            out.extend(self.embed(batch)?.into_iter().map(normalized));
        }
        Ok(out)
    }

    /// One model call: the batch tokenized and padded to its longest text, the token vectors
    /// averaged over the real (unpadded) tokens.
    fn embed(&mut self, batch: &[String]) -> Result<Vec<Vec<f32>>, SemanticOff> {
        let failed = |e: &dyn std::fmt::Display| SemanticOff(format!("embedding failed: {e}"));
        let texts: Vec<&str> = batch.iter().map(String::as_str).collect();
        let encodings = self.tokenizer.encode_batch(texts, true).map_err(|e| failed(&e))?;
        let (rows, width) = (encodings.len(), encodings.first().map_or(0, |e| e.len()));
        if rows == 0 || width == 0 {
            return Ok(vec![Vec::new(); rows]);
        }
        let column = |part: fn(&tokenizers::Encoding) -> &[u32]| -> Vec<i64> {
            encodings.iter().flat_map(|e| part(e).iter().map(|&x| i64::from(x))).collect()
        };
        let mask = column(tokenizers::Encoding::get_attention_mask);
        let tensor = |values: Vec<i64>| Tensor::from_array(([rows, width], values)).map_err(|e| failed(&e));
        let mut inputs = ort::inputs![
            "input_ids" => tensor(column(tokenizers::Encoding::get_ids))?,
            "attention_mask" => tensor(mask.clone())?,
        ];
        if self.token_types {
            inputs.push(("token_type_ids".into(), tensor(column(tokenizers::Encoding::get_type_ids))?.into()));
        }
        let outputs = self.session.run(inputs).map_err(|e| failed(&e))?;
        let output = if outputs.len() == 1 { Some(&outputs[0]) } else { outputs.get("last_hidden_state") }
            .ok_or_else(|| SemanticOff("embedding failed: the model has no `last_hidden_state` output".into()))?;
        let (shape, values) = output.try_extract_tensor::<f32>().map_err(|e| failed(&e))?;
        let dims: Vec<usize> = shape.iter().map(|&d| d.max(0) as usize).collect();
        match dims[..] {
            // Already pooled by the graph: one vector per text.
            [r, d] if r == rows && d > 0 && values.len() == r * d => {
                Ok(values.chunks(d).map(<[f32]>::to_vec).collect())
            }
            // One vector per token: averaged over each text's real (unpadded) tokens.
            [r, t, d] if r == rows && t == width && d > 0 && values.len() == r * t * d => Ok((0..rows)
                .map(|row| {
                    let mut sum = vec![0f32; d];
                    let mut count = 0f32;
                    for token in (0..t).filter(|&token| mask[row * width + token] != 0) {
                        count += 1.0;
                        let at = (row * t + token) * d;
                        sum.iter_mut().zip(&values[at..at + d]).for_each(|(s, v)| *s += v);
                    }
                    sum.iter_mut().for_each(|s| *s /= count.max(1e-9));
                    sum
                })
                .collect()),
            _ => Err(SemanticOff(format!("embedding failed: unexpected output shape {dims:?}"))),
        }
    }
}

/// Texts per model call, and the characters one call may hold. The model's working memory grows
/// with the batch times the square of its longest text: four passages of a thousand characters
/// at once took about 220 MB more than one at a time, for no gain in speed on two cores.
const BATCH: usize = 4;
const BATCH_CHARS: usize = 1_200;

/// Consecutive runs of `inputs` within both limits; a text longer than the budget goes alone.
fn batches(inputs: &[String]) -> Vec<&[String]> {
    let mut out = Vec::new();
    let (mut start, mut chars) = (0, 0);
    for (i, text) in inputs.iter().enumerate() {
        let len = text.chars().count();
        if i > start && (i - start == BATCH || chars + len > BATCH_CHARS) {
            out.push(&inputs[start..i]);
            (start, chars) = (i, 0);
        }
        chars += len;
    }
    if start < inputs.len() {
        out.push(&inputs[start..]);
    }
    out
}

fn normalized(mut v: Vec<f32>) -> Vec<f32> {
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if norm > 0.0 {
        v.iter_mut().for_each(|x| *x /= norm);
    }
    v
}

/// The process's embedder, loaded on first use; every index shares it.
pub fn shared(data_dir: Option<&Path>) -> Result<Arc<Mutex<Embedder>>, SemanticOff> {
    static SHARED: OnceLock<Result<Arc<Mutex<Embedder>>, SemanticOff>> = OnceLock::new();
    SHARED
        .get_or_init(|| {
            let (dir, library) = locate(data_dir)?;
            let embedder = Embedder::load(&dir, &library)?;
            tracing::info!(model = embedder.id(), dir = %dir.display(), "embedding model loaded");
            Ok(Arc::new(Mutex::new(embedder)))
        })
        .clone()
}

#[cfg(test)]
mod tests {
    use super::{batches, locate, FILES, MODEL_NAME};

    #[test]
    fn batches_keep_order_and_stay_within_both_limits() {
        let texts: Vec<String> = [10, 10, 10, 10, 10, 900, 500, 2000, 10].iter().map(|n| "가".repeat(*n)).collect();
        let sizes: Vec<usize> = batches(&texts).iter().map(|b| b.len()).collect();
        // Four short ones; then a short one with the 900; the 500 alone (900 + 500 is over); the
        // 2,000 alone though over the budget; the last one.
        assert_eq!(sizes, vec![4, 2, 1, 1, 1]);
        assert_eq!(batches(&texts).concat(), texts);
        assert!(batches(&[]).is_empty());
    }

    /// A library in a data folder (where imported files land) is never loaded: only the one
    /// where native code is installed.
    #[test]
    fn the_runtime_library_is_never_taken_from_a_data_folder() {
        let data = tempfile::tempdir().unwrap();
        let installed = tempfile::tempdir().unwrap();
        let model = data.path().join("models").join(MODEL_NAME);
        std::fs::create_dir_all(&model).unwrap();
        for file in FILES.iter().chain(["libonnxruntime.so"].iter()) {
            std::fs::write(model.join(file), b"x").unwrap();
        }
        std::env::remove_var("ORT_DYLIB_PATH");
        std::env::set_var("SPECWRIGHT_LIB_DIR", installed.path());
        let found = locate(Some(data.path()));
        assert!(found.as_ref().is_err_and(|e| e.0.contains("ONNX Runtime library not found")), "{found:?}");
        std::fs::write(installed.path().join("libonnxruntime.so"), b"x").unwrap();
        let (dir, library) = locate(Some(data.path())).unwrap();
        assert_eq!(dir, model);
        assert_eq!(library, installed.path().join("libonnxruntime.so"));
        std::env::remove_var("SPECWRIGHT_LIB_DIR");
    }
}
