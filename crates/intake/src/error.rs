//! Intake errors: each says what is wrong and what to do next (in English, for logs; a person reads
//! the catalog's sentence the runtime makes of it), and carries
//! a stable code that tests and the UI branch on.

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IntakeError {
    #[error("Spec file not found: {0}. Check the path.")]
    NotFound(String),
    #[error("Cannot read {name}: {reason}.")]
    Unreadable { name: String, reason: String },
    #[error("{name} is too large ({size} bytes, limit {limit} bytes): split it and attach the parts.")]
    TooLarge { name: String, size: u64, limit: u64 },
    #[error(
        "Unsupported format: {name} (.{extension}). Attach Markdown, text, HTML, Word (.docx), \
         a spreadsheet (.xlsx/.xls/.ods/.csv) or a PDF."
    )]
    Unsupported { name: String, extension: String },
    #[error(
        "{name}: scanned images are out of scope (there is no text). Attach the original document or a PDF with text."
    )]
    ImageOnly { name: String },
    #[error("{name} is named .{extension} but is really {actual}: fix the extension or attach the original file.")]
    Mismatch { name: String, extension: String, actual: String },
    #[error("{name} is damaged and cannot be read ({reason}): save it again from the original program and attach it.")]
    Corrupt { name: String, reason: String },
    #[error("{name} is password-protected: attach a copy without the password.")]
    Encrypted { name: String },
    #[error("{name} expands beyond {limit} bytes when unpacked (a possible zip bomb): check the document.")]
    Bomb { name: String, limit: u64 },
    #[error("{name} has too many cells ({cells}, limit {limit}): keep only the sheets you need and attach it again.")]
    TooManyCells { name: String, cells: u64, limit: u64 },
    #[error("{0} is empty: attach a spec with content.")]
    Empty(String),
    #[error("{0} is not a text file (it contains binary data): attach the original document.")]
    Binary(String),
    #[error("{0}: unknown text encoding (not UTF-8, UTF-16 or CP949/EUC-KR): save it as UTF-8 and attach it again.")]
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
