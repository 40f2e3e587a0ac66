//! Indexing: a document's chunks replace its old ones, and only chunks whose text is new are
//! embedded — the same file twice costs nothing, a changed file re-embeds only what changed.
//! Embeddings are written batch by batch, so a crash or a cancel keeps what was done.

use crate::lexicon::Lexicon;
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
    /// The session's chunks, with a vector or not yet.
    pub total: u32,
}

/// A document whose chunks are stored, ready to embed (`Knowledge::embed_chunks`).
pub struct Chunked {
    pub document: String,
    /// The session had indexed this very content before: its chunks were kept.
    pub same_content: bool,
    /// Each chunk's content hash and the text its vector is made of.
    passages: Vec<(String, String)>,
}

impl Chunked {
    pub fn chunks(&self) -> u32 {
        self.passages.len() as u32
    }
}

/// How much of a session's index has vectors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Coverage {
    pub embedded: u32,
    pub total: u32,
}

impl Coverage {
    pub fn complete(&self) -> bool {
        self.embedded >= self.total
    }
}

pub struct Knowledge {
    pub(crate) store: Arc<Store>,
    source: EmbedderSource,
    pub(crate) options: ChunkOptions,
    pub(crate) vectors: Mutex<HashMap<String, Arc<SessionVectors>>>,
    pub(crate) documents: Mutex<HashMap<String, Arc<Vec<Document>>>>,
    lexicons: Mutex<HashMap<String, Arc<Lexicon>>>,
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
            lexicons: Mutex::new(HashMap::new()),
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

    /// Indexes one document of a session: its chunks, then their vectors.
    /// `progress(stage, done, total)` is called after each step; returning `false` stops between
    /// batches (what was stored stays).
    pub fn index_document(
        &self,
        session_id: &str,
        doc: &Document,
        progress: &mut dyn FnMut(IndexStage, u32, u32) -> bool,
    ) -> Result<IndexReport, KnowledgeError> {
        let chunked = self.store_chunks(session_id, doc)?;
        if !progress(IndexStage::Chunked, chunked.chunks(), chunked.chunks()) {
            return Ok(IndexReport {
                document: doc.name.clone(),
                chunks: chunked.chunks(),
                embedded: 0,
                reused: 0,
                unchanged: false,
                semantic_off: None,
            });
        }
        self.embed_chunks(session_id, &chunked, &mut |done, total| progress(IndexStage::Embedding, done, total))
    }

    /// The first half of indexing, needing no model: the document's chunks replace its old ones
    /// (kept as they are when the content is the same), so keyword search answers at once.
    pub fn store_chunks(&self, session_id: &str, doc: &Document) -> Result<Chunked, KnowledgeError> {
        let chunks = chunk(doc, self.options);
        let same_content =
            self.store.indexed_document_sha(session_id, &doc.name)?.as_deref() == Some(doc.sha256.as_str());
        if !same_content {
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
        }
        Ok(Chunked {
            document: doc.name.clone(),
            same_content,
            passages: chunks.into_iter().map(|c| (c.hash, c.passage)).collect(),
        })
    }

    /// The second half: embeds the chunks whose vectors are not cached yet, shortest first, a
    /// small batch at a time, each batch stored as it is done (searches see it at once).
    /// `progress(done, total)` after each batch; `false` stops (what was stored stays, and the
    /// next call continues from there). Loads the model on first use.
    pub fn embed_chunks(
        &self,
        session_id: &str,
        chunked: &Chunked,
        progress: &mut dyn FnMut(u32, u32) -> bool,
    ) -> Result<IndexReport, KnowledgeError> {
        let total = chunked.chunks();
        let mut report = IndexReport {
            document: chunked.document.clone(),
            chunks: total,
            embedded: 0,
            reused: 0,
            unchanged: false,
            semantic_off: None,
        };
        let embedder = match self.embedder() {
            Ok(e) => e,
            Err(off) => {
                report.semantic_off = Some(off.0);
                report.unchanged = chunked.same_content;
                return Ok(report);
            }
        };
        let model_id = lock(&embedder).id().to_string();
        let hashes: Vec<String> = chunked.passages.iter().map(|(h, _)| h.clone()).collect();
        let cached = self.store.cached_embeddings(&model_id, &hashes)?;
        let mut missing: Vec<usize> = (0..hashes.len()).filter(|&i| cached[i].is_none()).collect();
        report.reused = total - missing.len() as u32;
        if missing.is_empty() {
            report.unchanged = chunked.same_content;
            return Ok(report);
        }
        // Batches of similar length waste less on padding.
        missing.sort_by_key(|&i| chunked.passages[i].1.len());
        for batch in missing.chunks(4) {
            let texts: Vec<&str> = batch.iter().map(|&i| chunked.passages[i].1.as_str()).collect();
            let vectors = lock(&embedder).passages(&texts)?;
            let items: Vec<(String, Vec<f32>)> =
                batch.iter().map(|&i| chunked.passages[i].0.clone()).zip(vectors).collect();
            self.store.put_embeddings(&model_id, &items)?;
            // Searches during indexing use what is embedded so far.
            lock(&self.vectors).remove(session_id);
            report.embedded += batch.len() as u32;
            if !progress(report.reused + report.embedded, total) {
                break;
            }
        }
        Ok(report)
    }

    /// Whether semantic search can be on, without loading the model: it is installed (or
    /// loaded already).
    pub fn semantic_available(&self) -> Result<(), SemanticOff> {
        match &self.source {
            EmbedderSource::Shared { data_dir } => crate::embed::locate(data_dir.as_deref()).map(|_| ()),
            EmbedderSource::Ready(_) => Ok(()),
            EmbedderSource::Off(why) => Err(why.clone()),
        }
    }

    /// How much of a session's index semantic search covers: chunks with vectors, of all.
    /// While documents are still being embedded, `embedded < total`.
    pub fn coverage(&self, session_id: &str) -> Result<Coverage, KnowledgeError> {
        let embedder = self.embedder()?;
        let model_id = lock(&embedder).id().to_string();
        let vectors = self.session_vectors(session_id, &model_id)?;
        Ok(Coverage { embedded: vectors.ids.len() as u32, total: vectors.total })
    }

    /// Drops the session's cached vectors, words and documents after its index changed.
    pub fn forget(&self, session_id: &str) {
        lock(&self.vectors).remove(session_id);
        lock(&self.lexicons).remove(session_id);
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

    /// The session's word index, built from its stored chunks on first use.
    pub(crate) fn session_lexicon(&self, session_id: &str) -> Result<Arc<Lexicon>, KnowledgeError> {
        if let Some(l) = lock(&self.lexicons).get(session_id) {
            return Ok(Arc::clone(l));
        }
        let chunks = self.store.chunks(session_id)?;
        let lexicon = Arc::new(Lexicon::build(chunks.iter().map(|c| (c.id, c.section.as_str(), c.text.as_str()))));
        lock(&self.lexicons).insert(session_id.to_string(), Arc::clone(&lexicon));
        Ok(lexicon)
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
        let v = Arc::new(SessionVectors { ids, dims, flat, total: chunks.len() as u32 });
        lock(&self.vectors).insert(session_id.to_string(), Arc::clone(&v));
        Ok(v)
    }
}
