//! The embedding model's sentencepiece vocabulary as a compact Unigram model. The `tokenizers`
//! crate's own Unigram model keeps a trie with a hash map in every node: for this model's
//! 250,002 pieces that is about 290 MB resident, more than the model's weights. Here the pieces
//! sit in one hash map and the Viterbi search looks up each candidate piece directly, with the
//! same scores, the same tie-breaking and the same unknown-character rule, so the ids are the
//! same; normalization, pre-tokenization, special tokens, truncation and padding stay the
//! `tokenizers` crate's.

use serde::Deserialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use tokenizers::models::unigram::UnigramTrainer;
use tokenizers::{
    AddedToken, DecoderWrapper, Model, NormalizerWrapper, PaddingParams, PaddingStrategy, PostProcessorWrapper,
    PreTokenizerWrapper, Token, TokenizerImpl, TruncationParams,
};

/// The tokenizer the embedder runs: the model's own pipeline around the compact vocabulary.
pub(crate) type Tokenizer =
    TokenizerImpl<Vocabulary, NormalizerWrapper, PreTokenizerWrapper, PostProcessorWrapper, DecoderWrapper>;

/// sentencepiece's penalty for an unknown character, below the lowest piece score.
const UNKNOWN_PENALTY: f64 = 10.0;

pub(crate) struct Vocabulary {
    pieces: Vec<Box<str>>,
    scores: Vec<f64>,
    ids: HashMap<Box<str>, u32>,
    unknown: u32,
    unknown_score: f64,
    /// The longest piece in bytes: no candidate is longer.
    longest: usize,
}

impl Vocabulary {
    pub(crate) fn new(vocab: Vec<(String, f64)>, unknown: u32) -> Result<Vocabulary, String> {
        if unknown as usize >= vocab.len() {
            return Err(format!("unknown-token id {unknown} is outside the vocabulary ({} pieces)", vocab.len()));
        }
        let mut pieces = Vec::with_capacity(vocab.len());
        let mut scores = Vec::with_capacity(vocab.len());
        let mut ids = HashMap::with_capacity(vocab.len());
        let (mut min_score, mut longest) = (f64::INFINITY, 0);
        for (id, (piece, score)) in vocab.into_iter().enumerate() {
            min_score = min_score.min(score);
            longest = longest.max(piece.len());
            let piece = piece.into_boxed_str();
            // A later duplicate wins, as it does in the `tokenizers` crate's map.
            ids.insert(piece.clone(), id as u32);
            pieces.push(piece);
            scores.push(score);
        }
        Ok(Vocabulary { pieces, scores, ids, unknown, unknown_score: min_score - UNKNOWN_PENALTY, longest })
    }

    /// The best segmentation of `sentence` (sentencepiece's optimized Viterbi search): for each
    /// start, every piece beginning there in order of length; a character no piece covers is one
    /// unknown token, and runs of unknown characters are fused into one.
    fn segments(&self, sentence: &str) -> Vec<(usize, usize)> {
        #[derive(Clone, Copy)]
        struct Best {
            id: u32,
            score: f64,
            start: Option<usize>,
        }
        let size = sentence.len();
        let mut best = vec![Best { id: 0, score: 0.0, start: None }; size + 1];
        let mut start = 0;
        while start < size {
            let here = best[start].score;
            let first = sentence[start..].chars().next().map_or(1, char::len_utf8);
            let mut single = false;
            let mut end = start;
            for c in sentence[start..].chars() {
                end += c.len_utf8();
                if end - start > self.longest {
                    break;
                }
                if let Some(&id) = self.ids.get(&sentence[start..end]) {
                    let score = self.scores[id as usize] + here;
                    let node = &mut best[end];
                    if node.start.is_none() || score > node.score {
                        *node = Best { id, score, start: Some(start) };
                    }
                    single |= end - start == first;
                }
            }
            if !single {
                let score = self.unknown_score + here;
                let node = &mut best[start + first];
                if node.start.is_none() || score > node.score {
                    *node = Best { id: self.unknown, score, start: Some(start) };
                }
            }
            start += first;
        }
        let mut out: Vec<(usize, usize)> = Vec::new();
        let mut end = size;
        let mut fused_unknown: Option<usize> = None;
        while end > 0 {
            let node = best[end];
            let start = node.start.unwrap_or(0);
            if node.id == self.unknown {
                // Fused with the unknown run after it (seen first, walking backwards).
                fused_unknown.get_or_insert(end);
            } else {
                if let Some(run_end) = fused_unknown.take() {
                    out.push((end, run_end));
                }
                out.push((start, end));
            }
            end = start;
        }
        if let Some(run_end) = fused_unknown {
            out.push((0, run_end));
        }
        out.reverse();
        out
    }
}

impl Model for Vocabulary {
    type Trainer = UnigramTrainer;

    fn tokenize(&self, sentence: &str) -> tokenizers::Result<Vec<Token>> {
        Ok(self
            .segments(sentence)
            .into_iter()
            .map(|(start, end)| {
                let value = &sentence[start..end];
                let id = self.ids.get(value).copied().unwrap_or(self.unknown);
                Token::new(id, value.to_string(), (start, end))
            })
            .collect())
    }

    fn token_to_id(&self, token: &str) -> Option<u32> {
        self.ids.get(token).copied()
    }

    fn id_to_token(&self, id: u32) -> Option<String> {
        self.pieces.get(id as usize).map(|p| p.to_string())
    }

    fn get_vocab(&self) -> HashMap<String, u32> {
        self.ids.iter().map(|(p, id)| (p.to_string(), *id)).collect()
    }

    fn get_vocab_size(&self) -> usize {
        self.pieces.len()
    }

    fn save(&self, _folder: &Path, _prefix: Option<&str>) -> tokenizers::Result<Vec<PathBuf>> {
        Err("the embedding vocabulary is read from the model's tokenizer.json and never written".into())
    }

    fn get_trainer(&self) -> UnigramTrainer {
        UnigramTrainer::default()
    }
}

#[derive(Deserialize)]
struct TokenizerFile {
    normalizer: Option<NormalizerWrapper>,
    pre_tokenizer: Option<PreTokenizerWrapper>,
    post_processor: Option<PostProcessorWrapper>,
    decoder: Option<DecoderWrapper>,
    #[serde(default)]
    added_tokens: Vec<AddedTokenEntry>,
    model: ModelEntry,
}

#[derive(Deserialize)]
struct AddedTokenEntry {
    content: String,
    #[serde(default)]
    single_word: bool,
    #[serde(default)]
    lstrip: bool,
    #[serde(default)]
    rstrip: bool,
    #[serde(default)]
    normalized: bool,
    #[serde(default)]
    special: bool,
}

#[derive(Deserialize)]
struct ModelEntry {
    #[serde(rename = "type")]
    kind: String,
    unk_id: Option<u32>,
    vocab: Vec<(String, f64)>,
    #[serde(default)]
    byte_fallback: bool,
}

/// Padding and truncation as the embedder needs them.
pub(crate) struct Limits {
    pub max_length: usize,
    pub pad_token: String,
    pub pad_id: Option<u32>,
}

/// Reads a `tokenizer.json` of a Unigram model (as sentencepiece models such as XLM-R's are
/// exported) into the compact tokenizer.
pub(crate) fn load(bytes: &[u8], limits: Limits) -> Result<Tokenizer, String> {
    let file: TokenizerFile = serde_json::from_slice(bytes).map_err(|e| format!("tokenizer.json: {e}"))?;
    if file.model.kind != "Unigram" || file.model.byte_fallback {
        return Err(format!(
            "tokenizer.json: a {} model{} is not supported",
            file.model.kind,
            if file.model.byte_fallback { " with byte fallback" } else { "" }
        ));
    }
    let unknown = file.model.unk_id.ok_or("tokenizer.json: the model has no unknown-token id")?;
    let vocabulary = Vocabulary::new(file.model.vocab, unknown).map_err(|e| format!("tokenizer.json: {e}"))?;
    let mut tokenizer = Tokenizer::new(vocabulary);
    tokenizer.with_normalizer(file.normalizer).map_err(|e| format!("tokenizer.json: {e}"))?;
    tokenizer.with_pre_tokenizer(file.pre_tokenizer);
    tokenizer.with_post_processor(file.post_processor);
    tokenizer.with_decoder(file.decoder);
    let (special, plain): (Vec<AddedTokenEntry>, Vec<AddedTokenEntry>) =
        file.added_tokens.into_iter().partition(|t| t.special);
    let added = |entries: Vec<AddedTokenEntry>| {
        entries
            .into_iter()
            .map(|t| {
                AddedToken::from(t.content, t.special)
                    .single_word(t.single_word)
                    .lstrip(t.lstrip)
                    .rstrip(t.rstrip)
                    .normalized(t.normalized)
            })
            .collect::<Vec<_>>()
    };
    tokenizer.add_special_tokens(added(special)).map_err(|e| format!("tokenizer.json: {e}"))?;
    tokenizer.add_tokens(added(plain)).map_err(|e| format!("tokenizer.json: {e}"))?;
    let pad_id = limits.pad_id.or_else(|| tokenizer.token_to_id(&limits.pad_token)).unwrap_or(0);
    tokenizer.with_padding(Some(PaddingParams {
        strategy: PaddingStrategy::BatchLongest,
        pad_token: limits.pad_token,
        pad_id,
        ..Default::default()
    }));
    tokenizer
        .with_truncation(Some(TruncationParams { max_length: limits.max_length, ..Default::default() }))
        .map_err(|e| format!("tokenizer.json: {e}"))?;
    Ok(tokenizer)
}

#[cfg(test)]
mod tests {
    use super::Vocabulary;

    fn vocabulary() -> Vocabulary {
        let pieces = [("<unk>", 0.0), ("▁", -2.0), ("a", -3.0), ("b", -3.0), ("ab", -4.0), ("abc", -9.0), ("c", -5.0)];
        Vocabulary::new(pieces.iter().map(|(p, s)| (p.to_string(), *s)).collect(), 0).unwrap()
    }

    fn pieces(v: &Vocabulary, text: &str) -> Vec<String> {
        v.segments(text).into_iter().map(|(s, e)| text[s..e].to_string()).collect()
    }

    #[test]
    fn the_best_scoring_path_wins_and_unknown_runs_fuse() {
        let v = vocabulary();
        // "ab" (-4) beats "a" + "b" (-6); "abc" (-9) equals "ab" + "c" (-9): the first path
        // found (the longer piece, reached first at that end) is kept on a tie.
        assert_eq!(pieces(&v, "ab"), ["ab"]);
        assert_eq!(pieces(&v, "abc"), ["abc"]);
        // Characters no piece covers are one unknown token per run, on either side.
        assert_eq!(pieces(&v, "가나ab다"), ["가나", "ab", "다"]);
        assert_eq!(pieces(&v, "가"), ["가"]);
        assert!(pieces(&v, "").is_empty());
    }
}
