//! Local multilingual embeddings (multilingual-e5-small, int8) through fastembed and an ONNX
//! Runtime library loaded at run time. Both come from the project's setup; when either is
//! missing, semantic search is off with a reason the user can act on, and keyword search still
//! works. One model per process: it costs most of a gigabyte.

use fastembed::{InitOptionsUserDefined, Pooling, TextEmbedding, TokenizerFiles, UserDefinedEmbeddingModel};
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
    model: TextEmbedding,
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

/// The first candidate that holds every model file and an ONNX Runtime library.
pub fn locate(data_dir: Option<&Path>) -> Result<(PathBuf, PathBuf), SemanticOff> {
    let candidates = model_dir_candidates(data_dir);
    for dir in &candidates {
        if FILES.iter().all(|f| dir.join(f).is_file()) {
            let library = std::env::var_os("ORT_DYLIB_PATH")
                .map(PathBuf::from)
                .filter(|p| p.is_file())
                .or_else(|| Some(dir.join("libonnxruntime.so")).filter(|p| p.is_file()));
            return match library {
                Some(lib) => Ok((dir.clone(), lib)),
                None => Err(SemanticOff(format!("ONNX Runtime library not found in {}", dir.display()))),
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
        static RUNTIME: OnceLock<Result<(), String>> = OnceLock::new();
        RUNTIME
            .get_or_init(|| ort::init_from(library).map(|_| ()).map_err(|e| e.to_string()))
            .clone()
            .map_err(|e| SemanticOff(format!("ONNX Runtime could not be loaded: {e}")))?;
        let read = |f: &str| std::fs::read(dir.join(f)).map_err(|e| SemanticOff(format!("{f}: {e}")));
        let onnx = read("model.onnx")?;
        let files = TokenizerFiles {
            tokenizer_file: read("tokenizer.json")?,
            config_file: read("config.json")?,
            special_tokens_map_file: read("special_tokens_map.json")?,
            tokenizer_config_file: read("tokenizer_config.json")?,
        };
        let digest: String = {
            use sha2::Digest;
            sha2::Sha256::digest(&onnx).iter().take(6).map(|b| format!("{b:02x}")).collect()
        };
        let model = UserDefinedEmbeddingModel::new(onnx, files).with_pooling(Pooling::Mean);
        let options = InitOptionsUserDefined::new().with_max_length(512).with_intra_threads(2);
        let model = TextEmbedding::try_new_from_user_defined(model, options)
            .map_err(|e| SemanticOff(format!("the model could not be loaded: {e}")))?;
        Ok(Embedder { model, id: format!("{MODEL_NAME}@{digest}"), dir: dir.to_path_buf() })
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

    pub fn query(&mut self, text: &str) -> Result<Vec<f32>, SemanticOff> {
        let mut out = self.run(&[format!("query: {text}")])?;
        out.pop().ok_or_else(|| SemanticOff("the model returned nothing".into()))
    }

    fn run(&mut self, inputs: &[String]) -> Result<Vec<Vec<f32>>, SemanticOff> {
        let mut out = Vec::with_capacity(inputs.len());
        for batch in batches(inputs) {
            let vectors = self
                .model
                .embed(batch, Some(batch.len()))
                .map_err(|e| SemanticOff(format!("embedding failed: {e}")))?;
            out.extend(vectors.into_iter().map(normalized));
        }
        Ok(out)
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
    use super::batches;

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
}
