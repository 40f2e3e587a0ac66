//! Intake errors: each says, in Korean and English, what is wrong and what to do.

#[derive(Debug, thiserror::Error)]
pub enum IntakeError {
    #[error("기획서 파일을 찾을 수 없습니다: {0}. 경로를 확인하세요. / Spec file not found: {0}. Check the path.")]
    NotFound(String),
    #[error("파일을 읽을 수 없습니다: {name} ({reason}). / Cannot read {name}: {reason}.")]
    Unreadable { name: String, reason: String },
    #[error(
        "파일이 너무 큽니다: {name} ({size} bytes, 한도 {limit}). / {name} is too large ({size} bytes, limit {limit})."
    )]
    TooLarge { name: String, size: u64, limit: u64 },
    #[error(
        "지원하지 않는 형식입니다: {name} (.{extension}). 이 버전은 Markdown(.md)과 텍스트(.txt)를 읽습니다. \
         / Unsupported format: {name} (.{extension}). This version reads Markdown (.md) and plain text (.txt)."
    )]
    Unsupported { name: String, extension: String },
    #[error("빈 파일입니다: {0}. 내용이 있는 기획서를 첨부하세요. / {0} is empty: attach a spec with content.")]
    Empty(String),
    #[error("텍스트 파일이 아닙니다(바이너리 데이터 포함): {0}. / {0} is not a text file (it contains binary data).")]
    NotText(String),
    #[error("UTF-8 텍스트가 아닙니다: {0}. UTF-8로 저장한 뒤 다시 첨부하세요. / {0} is not UTF-8 text: save it as UTF-8 and attach it again.")]
    NotUtf8(String),
}
