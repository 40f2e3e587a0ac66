//! Intake errors: each says, in Korean and English, what is wrong and what to do next, and carries
//! a stable code that tests and the UI branch on.

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IntakeError {
    #[error("기획서 파일을 찾을 수 없습니다: {0}. 경로를 확인하세요. / Spec file not found: {0}. Check the path.")]
    NotFound(String),
    #[error("파일을 읽을 수 없습니다: {name} ({reason}). / Cannot read {name}: {reason}.")]
    Unreadable { name: String, reason: String },
    #[error(
        "파일이 너무 큽니다: {name} ({size} bytes, 한도 {limit} bytes). 문서를 나누어 첨부하세요. \
         / {name} is too large ({size} bytes, limit {limit} bytes): split it and attach the parts."
    )]
    TooLarge { name: String, size: u64, limit: u64 },
    #[error(
        "지원하지 않는 형식입니다: {name} (.{extension}). Markdown, 텍스트, HTML, Word(.docx), 엑셀(.xlsx/.xls/.ods/.csv), \
         PDF를 첨부하세요. / Unsupported format: {name} (.{extension}). Attach Markdown, text, HTML, Word (.docx), \
         a spreadsheet (.xlsx/.xls/.ods/.csv) or a PDF."
    )]
    Unsupported { name: String, extension: String },
    #[error(
        "{name}: 스캔한 이미지는 읽을 수 없습니다(텍스트가 없음). 원본 문서나 텍스트가 있는 PDF를 첨부하세요. \
         / {name}: scanned images are out of scope (there is no text). Attach the original document or a PDF with text."
    )]
    ImageOnly { name: String },
    #[error(
        "{name}: 확장자는 .{extension}이지만 실제 내용은 {actual}입니다. 확장자를 고치거나 원본 파일을 첨부하세요. \
         / {name} is named .{extension} but is really {actual}: fix the extension or attach the original file."
    )]
    Mismatch { name: String, extension: String, actual: String },
    #[error(
        "{name}: 파일이 손상되어 읽을 수 없습니다({reason}). 원본 프로그램에서 다시 저장해 첨부하세요. \
         / {name} is damaged and cannot be read ({reason}): save it again from the original program and attach it."
    )]
    Corrupt { name: String, reason: String },
    #[error(
        "{name}: 암호로 보호된 파일입니다. 암호를 해제한 사본을 첨부하세요. \
         / {name} is password-protected: attach a copy without the password."
    )]
    Encrypted { name: String },
    #[error(
        "{name}: 압축을 풀면 {limit} bytes를 넘습니다(압축 폭탄 의심). 문서를 확인하세요. \
         / {name} expands beyond {limit} bytes when unpacked (a possible zip bomb): check the document."
    )]
    Bomb { name: String, limit: u64 },
    #[error(
        "{name}: 셀이 너무 많습니다({cells}개, 한도 {limit}개). 필요한 시트만 남겨 첨부하세요. \
         / {name} has too many cells ({cells}, limit {limit}): keep only the sheets you need and attach it again."
    )]
    TooManyCells { name: String, cells: u64, limit: u64 },
    #[error("빈 파일입니다: {0}. 내용이 있는 기획서를 첨부하세요. / {0} is empty: attach a spec with content.")]
    Empty(String),
    #[error(
        "텍스트 파일이 아닙니다(바이너리 데이터 포함): {0}. 원본 문서를 첨부하세요. \
         / {0} is not a text file (it contains binary data): attach the original document."
    )]
    Binary(String),
    #[error(
        "{0}: 글자 인코딩을 알 수 없습니다(UTF-8, UTF-16, CP949/EUC-KR 아님). UTF-8로 저장한 뒤 다시 첨부하세요. \
         / {0}: unknown text encoding (not UTF-8, UTF-16 or CP949/EUC-KR): save it as UTF-8 and attach it again."
    )]
    Encoding(String),
}

impl IntakeError {
    /// The stable machine-readable code (`too_large`, `corrupt`, …) shown next to the sentence.
    pub fn code(&self) -> &'static str {
        match self {
            IntakeError::NotFound(_) => "not_found",
            IntakeError::Unreadable { .. } => "unreadable",
            IntakeError::TooLarge { .. } | IntakeError::TooManyCells { .. } => "too_large",
            IntakeError::Unsupported { .. } => "unsupported",
            IntakeError::ImageOnly { .. } => "image_only",
            IntakeError::Mismatch { .. } => "mismatch",
            IntakeError::Corrupt { .. } => "corrupt",
            IntakeError::Encrypted { .. } => "encrypted",
            IntakeError::Bomb { .. } => "bomb",
            IntakeError::Empty(_) => "empty",
            IntakeError::Binary(_) => "binary",
            IntakeError::Encoding(_) => "encoding",
        }
    }

    pub(crate) fn corrupt(name: &str, reason: impl std::fmt::Display) -> IntakeError {
        let mut reason = reason.to_string();
        if reason.chars().count() > 160 {
            reason = reason.chars().take(160).collect::<String>() + "…";
        }
        IntakeError::Corrupt { name: name.to_string(), reason }
    }
}
