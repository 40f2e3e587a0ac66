//! Search: keyword (the session's word index in `lexicon.rs`: words found inside longer words,
//! BM25), semantic (cosine over the session's vectors) and hybrid (reciprocal rank fusion of both).
//! Every hit comes back with a citation a person can follow.

use crate::index::lock;
use crate::{Knowledge, KnowledgeError};
use serde::{Deserialize, Serialize};
use specwright_scenario::Citation;
use specwright_store::ChunkRecord;
use std::collections::HashMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SearchMode {
    Keyword,
    Semantic,
    #[default]
    Hybrid,
}

impl SearchMode {
    pub fn parse(text: &str) -> Option<SearchMode> {
        match text.trim().to_ascii_lowercase().as_str() {
            "keyword" => Some(SearchMode::Keyword),
            "semantic" => Some(SearchMode::Semantic),
            "hybrid" => Some(SearchMode::Hybrid),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Hit {
    pub document: String,
    /// Section path: `Title › Section`.
    pub section: String,
    pub anchor: String,
    pub start_line: u32,
    pub end_line: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<u32>,
    pub snippet: String,
    pub score: f64,
    /// Which rankers found it: `keyword`, `semantic`.
    pub found_by: Vec<String>,
    pub citation: Citation,
}

/// Reciprocal rank fusion's constant: the usual 60 keeps one ranker's top hit from drowning
/// the other's.
const RRF_K: f64 = 60.0;
const CANDIDATES: u32 = 50;

/// Korean particles and endings stripped from query words, longest first, so `비밀번호를`
/// finds `비밀번호는`.
const PARTICLES: &[&str] = &[
    "에서는",
    "으로는",
    "에서",
    "으로",
    "에게",
    "까지",
    "부터",
    "이나",
    "은",
    "는",
    "이",
    "가",
    "을",
    "를",
    "에",
    "의",
    "로",
    "와",
    "과",
    "도",
    "만",
];

/// The words of a query as keyword search looks for them: lower-case, Korean particles
/// stripped, stop words dropped.
pub fn terms(query: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in query.split(|c: char| !crate::lexicon::word_char(c)) {
        let word = word.trim_matches(|c: char| c == '.' || c == '-').to_lowercase();
        if word.is_empty() {
            continue;
        }
        let mut base = word.as_str();
        if specwright_vocabulary::is_hangul(base) {
            for p in PARTICLES {
                if let Some(stripped) = base.strip_suffix(p) {
                    if stripped.chars().count() >= 2 {
                        base = stripped;
                        break;
                    }
                }
            }
        }
        let base = base.to_string();
        if !out.contains(&base) && !STOP_WORDS.contains(&base.as_str()) {
            out.push(base);
        }
    }
    out
}

const STOP_WORDS: &[&str] = &[
    "the", "a", "an", "of", "to", "in", "is", "are", "and", "or", "for", "on", "what", "how", "which", "does", "do",
    "with",
];

impl Knowledge {
    pub fn search(
        &self,
        session_id: &str,
        query: &str,
        mode: SearchMode,
        k: usize,
    ) -> Result<Vec<Hit>, KnowledgeError> {
        let k = k.clamp(1, 50);
        let terms = terms(query);
        // The two rankers share nothing: in hybrid mode they run side by side (the query's
        // embedding and the vector scan on one core, the full-text query on the other).
        let (keyword, semantic) = match mode {
            SearchMode::Keyword => (self.keyword_ranking(session_id, &terms)?, Vec::new()),
            SearchMode::Semantic => (Vec::new(), self.semantic_ranking(session_id, query)?),
            SearchMode::Hybrid => std::thread::scope(|scope| {
                let semantic = scope.spawn(|| self.semantic_ranking(session_id, query));
                let keyword = self.keyword_ranking(session_id, &terms);
                // Hybrid degrades to keyword when semantic search is off.
                let semantic = semantic.join().ok().and_then(Result::ok).unwrap_or_default();
                keyword.map(|k| (k, semantic))
            })?,
        };
        let mut fused: HashMap<i64, (f64, Vec<String>)> = HashMap::new();
        for (ranker, list) in [("keyword", &keyword), ("semantic", &semantic)] {
            for (rank, id) in list.iter().enumerate() {
                let entry = fused.entry(*id).or_default();
                entry.0 += 1.0 / (RRF_K + rank as f64 + 1.0);
                entry.1.push(ranker.to_string());
            }
        }
        let mut ranked: Vec<(i64, f64, Vec<String>)> = fused.into_iter().map(|(id, (s, by))| (id, s, by)).collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        ranked.truncate(k);
        let ids: Vec<i64> = ranked.iter().map(|r| r.0).collect();
        let chunks: HashMap<i64, ChunkRecord> = self.store.chunks_by_id(&ids)?.into_iter().map(|c| (c.id, c)).collect();
        let documents = self.documents(session_id)?;
        let mut hits = Vec::new();
        for (id, score, found_by) in ranked {
            let Some(chunk) = chunks.get(&id) else { continue };
            let (line, snippet) = best_line(chunk, &terms);
            let citation =
                documents.iter().find(|d| d.name == chunk.document).and_then(|d| d.cite(line)).unwrap_or_else(|| {
                    Citation {
                        document: chunk.document.clone(),
                        anchor: chunk.anchor.clone(),
                        section: chunk.section.clone(),
                        line,
                        quote: snippet.clone(),
                        page: chunk.page,
                        sheet: None,
                        row: None,
                    }
                });
            hits.push(Hit {
                document: chunk.document.clone(),
                section: chunk.section.clone(),
                anchor: chunk.anchor.clone(),
                start_line: chunk.start_line,
                end_line: chunk.end_line,
                page: chunk.page,
                snippet,
                score,
                found_by,
                citation,
            });
        }
        Ok(hits)
    }

    /// Keyword ranking: chunks holding more of the query's words first, then by BM25, from the
    /// session's word index (built on first use, dropped when the session's chunks change).
    fn keyword_ranking(&self, session_id: &str, terms: &[String]) -> Result<Vec<i64>, KnowledgeError> {
        if terms.is_empty() {
            return Ok(Vec::new());
        }
        Ok(self.session_lexicon(session_id)?.rank(terms, CANDIDATES as usize))
    }

    fn semantic_ranking(&self, session_id: &str, query: &str) -> Result<Vec<i64>, KnowledgeError> {
        let embedder = self.embedder()?;
        let model_id = lock(&embedder).id().to_string();
        let vectors = self.session_vectors(session_id, &model_id)?;
        if vectors.ids.is_empty() {
            return Ok(Vec::new());
        }
        let q = lock(&embedder).query(query)?;
        if q.len() != vectors.dims {
            return Ok(Vec::new());
        }
        let mut scored: Vec<(i64, f32)> =
            vectors.flat.chunks_exact(vectors.dims).zip(&vectors.ids).map(|(v, id)| (*id, dot(v, &q))).collect();
        let n = (CANDIDATES as usize).min(scored.len());
        scored.select_nth_unstable_by(n - 1, |a, b| b.1.total_cmp(&a.1));
        scored.truncate(n);
        scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        Ok(scored.into_iter().map(|s| s.0).collect())
    }
}

/// A dot product in eight independent lanes, which the compiler turns into SIMD (a plain
/// iterator sum must add in order and cannot be vectorized).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0f32; 8];
    let (xs, ys) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = xs.remainder().iter().zip(ys.remainder()).map(|(x, y)| x * y).sum();
    for (x, y) in xs.zip(ys) {
        for (lane, (x, y)) in lanes.iter_mut().zip(x.iter().zip(y)) {
            *lane += x * y;
        }
    }
    lanes.iter().sum::<f32>() + tail
}

/// The chunk line most about the query (most of the query's words, longer words weighing more), with a short snippet around it.
fn best_line(chunk: &ChunkRecord, terms: &[String]) -> (u32, String) {
    let lines: Vec<&str> = chunk.text.split('\n').collect();
    let mut best = (0usize, 0usize);
    for (i, line) in lines.iter().enumerate() {
        let lower = line.to_lowercase();
        // Longer words are more specific: "duplicate_name" says more than "error".
        let score: usize = terms.iter().filter(|t| lower.contains(t.as_str())).map(|t| t.chars().count()).sum();
        if score > best.1 || (best.1 == 0 && lines[best.0].trim().is_empty() && !line.trim().is_empty()) {
            best = (i, score);
        }
    }
    let snippet: String = lines[best.0].trim().chars().take(240).collect();
    (chunk.start_line + best.0 as u32, snippet)
}
