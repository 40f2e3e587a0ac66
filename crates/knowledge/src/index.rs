//! Indexing: a document's chunks replace its old ones, and only chunks whose text is new are
//! embedded — the same file twice costs nothing, a changed file re-embeds only what changed.
//! Embeddings are written batch by batch, so a crash or a cancel keeps what was done.

use crate::{chunk, ChunkOptions, Embedder, KnowledgeError, SemanticOff};
use specwright_intake::Document;
use specwright_store::{NewChunk, Store};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

/// Where the embedding model comes from.
#[derive(Clone)]
pub enum EmbedderSource {
    /// The process's shared model, loaded on first use from the usual places.
    Shared {
        data_dir: Option<PathBuf>,
    },
    Ready(Arc<Mutex<Embedder>>),
    Off(SemanticOff),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexStage {
    Chunked,
    Embedding,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct IndexReport {
    pub document: String,
    pub chunks: u32,
    /// Chunks embedded now.
    pub embedded: u32,
    /// Chunks whose vectors were already cached.
    pub reused: u32,
    /// The same content was already indexed in this session: nothing was done.
    pub unchanged: bool,
    /// Why there are no vectors, when semantic search is off.
    pub semantic_off: Option<String>,
}

/// The vectors of one session's chunks, row-major, for brute-force cosine search.
pub(crate) struct SessionVectors {
    pub ids: Vec<i64>,
    pub dims: usize,
    pub flat: Vec<f32>,
}

pub struct Knowledge {
    pub(crate) store: Arc<Store>,
    source: EmbedderSource,
    pub(crate) options: ChunkOptions,
    pub(crate) vectors: Mutex<HashMap<String, Arc<SessionVectors>>>,
    pub(crate) documents: Mutex<HashMap<String, Arc<Vec<Document>>>>,
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Knowledge {
    pub fn new(store: Arc<Store>, source: EmbedderSource) -> Knowledge {
        Knowledge {
            store,
            source,
            options: ChunkOptions::default(),
            vectors: Mutex::new(HashMap::new()),
            documents: Mutex::new(HashMap::new()),
        }
    }

    pub fn with_options(mut self, options: ChunkOptions) -> Knowledge {
        self.options = options;
        self
    }

    /// The embedder, or why there is none.
    pub fn embedder(&self) -> Result<Arc<Mutex<Embedder>>, SemanticOff> {
        match &self.source {
            EmbedderSource::Shared { data_dir } => crate::embed::shared(data_dir.as_deref()),
            EmbedderSource::Ready(e) => Ok(Arc::clone(e)),
            EmbedderSource::Off(why) => Err(why.clone()),
        }
    }

    /// Indexes one document of a session. `progress(stage, done, total)` is called after each
    /// step; returning `false` stops between batches (what was stored stays).
    pub fn index_document(
        &self,
        session_id: &str,
        doc: &Document,
        progress: &mut dyn FnMut(IndexStage, u32, u32) -> bool,
    ) -> Result<IndexReport, KnowledgeError> {
        let chunks = chunk(doc, self.options);
        let total = chunks.len() as u32;
        let embedder = self.embedder();
        let semantic_off = embedder.as_ref().err().map(|e| e.0.clone());
        let hashes: Vec<String> = chunks.iter().map(|c| c.hash.clone()).collect();
        let model_id = embedder.as_ref().ok().map(|e| lock(e).id().to_string());
        let cached = match &model_id {
            Some(id) => self.store.cached_embeddings(id, &hashes)?,
            None => vec![None; chunks.len()],
        };
        let already = self.store.indexed_document_sha(session_id, &doc.name)?;
        let mut missing: Vec<usize> = (0..chunks.len()).filter(|&i| cached[i].is_none()).collect();
        // Batches of similar length waste less on padding.
        missing.sort_by_key(|&i| chunks[i].passage.len());
        if already.as_deref() == Some(doc.sha256.as_str()) && (model_id.is_none() || missing.is_empty()) {
            return Ok(IndexReport {
                document: doc.name.clone(),
                chunks: total,
                embedded: 0,
                reused: total - missing.len() as u32,
                unchanged: true,
                semantic_off,
            });
        }
        let rows: Vec<NewChunk> = chunks
            .iter()
            .map(|c| NewChunk {
                ordinal: c.ordinal,
                anchor: c.anchor.clone(),
                section: c.section.clone(),
                start_line: c.start_line,
                end_line: c.end_line,
                page: c.page,
                text: c.text.clone(),
                hash: c.hash.clone(),
            })
            .collect();
        self.store.replace_chunks(session_id, &doc.name, &doc.sha256, &rows)?;
        self.forget(session_id);
        let keep_going = progress(IndexStage::Chunked, total, total);
        let mut embedded = 0u32;
        if let (Ok(embedder), Some(model_id), true) = (embedder, model_id, keep_going) {
            for batch in missing.chunks(4) {
                let texts: Vec<&str> = batch.iter().map(|&i| chunks[i].passage.as_str()).collect();
                let vectors = lock(&embedder).passages(&texts)?;
                let items: Vec<(String, Vec<f32>)> =
                    batch.iter().map(|&i| chunks[i].hash.clone()).zip(vectors).collect();
                self.store.put_embeddings(&model_id, &items)?;
                embedded += batch.len() as u32;
                let done = total - missing.len() as u32 + embedded;
                if !progress(IndexStage::Embedding, done, total) {
                    break;
                }
            }
            self.forget(session_id);
        }
        Ok(IndexReport {
            document: doc.name.clone(),
            chunks: total,
            embedded,
            reused: total - missing.len() as u32,
            unchanged: false,
            semantic_off,
        })
    }

    /// Drops the session's cached vectors and documents after its index changed.
    pub fn forget(&self, session_id: &str) {
        lock(&self.vectors).remove(session_id);
        lock(&self.documents).remove(session_id);
    }

    /// The session's documents as stored.
    pub fn documents(&self, session_id: &str) -> Result<Arc<Vec<Document>>, KnowledgeError> {
        if let Some(docs) = lock(&self.documents).get(session_id) {
            return Ok(Arc::clone(docs));
        }
        let docs: Vec<Document> = self
            .store
            .documents(session_id)?
            .into_iter()
            .filter_map(|r| Document::restore(&r.name, &r.media_type, &r.sha256, &r.content, &r.outline_json))
            .collect();
        let docs = Arc::new(docs);
        lock(&self.documents).insert(session_id.to_string(), Arc::clone(&docs));
        Ok(docs)
    }

    pub(crate) fn session_vectors(
        &self,
        session_id: &str,
        model_id: &str,
    ) -> Result<Arc<SessionVectors>, KnowledgeError> {
        if let Some(v) = lock(&self.vectors).get(session_id) {
            return Ok(Arc::clone(v));
        }
        let chunks = self.store.chunks(session_id)?;
        let hashes: Vec<String> = chunks.iter().map(|c| c.hash.clone()).collect();
        let vectors = self.store.cached_embeddings(model_id, &hashes)?;
        let mut ids = Vec::with_capacity(chunks.len());
        let mut flat = Vec::new();
        let mut dims = 0;
        for (c, v) in chunks.iter().zip(vectors) {
            let Some(v) = v else { continue };
            if dims == 0 {
                dims = v.len();
            }
            if v.len() == dims {
                ids.push(c.id);
                flat.extend_from_slice(&v);
            }
        }
        let v = Arc::new(SessionVectors { ids, dims, flat });
        lock(&self.vectors).insert(session_id.to_string(), Arc::clone(&v));
        Ok(v)
    }
}
