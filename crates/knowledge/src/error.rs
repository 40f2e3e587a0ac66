//! Knowledge errors: the ones a tool caller branches on, each a sentence in Korean and English.

use crate::SemanticOff;

#[derive(Debug, thiserror::Error)]
pub enum KnowledgeError {
    #[error("세션 저장소 오류: {0} / Session store error: {0}")]
    Store(#[from] specwright_store::StoreError),
    #[error(
        "'{0}' 문서가 이 세션에 없습니다. list_documents로 이름을 확인하세요. \
         / There is no document '{0}' in this session: check the names with list_documents."
    )]
    NoDocument(String),
    #[error(
        "'{document}'에 '{section}' 절이 없습니다. outline으로 절 목록을 확인하세요. \
         / '{document}' has no section '{section}': check the sections with outline."
    )]
    NoSection { document: String, section: String },
    #[error(
        "'{0}'는 인용 위치가 아닙니다(예: 문서.md#절, 문서.md#L12, 문서.xlsx#시트!5). \
         / '{0}' is not a citable anchor (e.g. doc.md#section, doc.md#L12, book.xlsx#Sheet!5)."
    )]
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
