//! The knowledge index of a session: documents cut into structure-aware chunks, a trigram
//! full-text index and local multilingual embeddings, fused by reciprocal rank into hybrid search
//! whose every hit carries a citation — and the document tools the agent reads specs with
//! (whole sections, not only fragments).

mod chunk;
mod embed;
mod error;
mod index;
mod lexicon;
mod search;
mod tools;
mod vocabulary;

pub use chunk::{chunk, section_path, Chunk, ChunkOptions};
pub use embed::{locate, model_dir_candidates, shared as shared_embedder, Embedder, SemanticOff, MODEL_NAME};
pub use error::KnowledgeError;
pub use index::{Chunked, Coverage, EmbedderSource, IndexReport, IndexStage, Knowledge};
pub use search::{terms as query_terms, Hit, SearchMode};
pub use tools::{DocumentSummary, OutlineEntry, SectionText};
