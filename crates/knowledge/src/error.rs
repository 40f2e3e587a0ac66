//! Knowledge errors: the ones a tool caller branches on, each an English sentence for the model and
//! the logs.

use crate::SemanticOff;

#[derive(Debug, thiserror::Error)]
pub enum KnowledgeError {
    #[error("Session store error: {0}")]
    Store(#[from] specwright_store::StoreError),
    #[error("There is no document '{0}' in this session: check the names with list_documents.")]
    NoDocument(String),
    #[error("'{document}' has no section '{section}': check the sections with outline.")]
    NoSection { document: String, section: String },
    #[error("'{0}' is not a citable anchor (e.g. doc.md#section, doc.md#L12, book.xlsx#Sheet!5).")]
    BadAnchor(String),
    #[error("{0}")]
    Semantic(#[from] SemanticOff),
}

impl KnowledgeError {
    pub fn code(&self) -> &'static str {
        match self {
            KnowledgeError::Store(_) => "store",
            KnowledgeError::NoDocument(_) => "no_document",
            KnowledgeError::NoSection { .. } => "no_section",
            KnowledgeError::BadAnchor(_) => "bad_anchor",
            KnowledgeError::Semantic(_) => "semantic_off",
        }
    }
}
