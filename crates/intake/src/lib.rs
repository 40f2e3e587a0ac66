//! Intake turns an attached file into a structured document: lines, sections and stable anchors,
//! so every fact taken from it can be cited precisely.

mod document;
mod error;
mod markdown;

pub use document::{Document, Section};
pub use error::IntakeError;

use sha2::{Digest, Sha256};
use std::path::Path;

/// Files larger than this are refused before they are read.
pub const DEFAULT_SIZE_LIMIT: u64 = 20 * 1024 * 1024;

/// Reads and parses one spec file.
pub fn read_spec(path: &Path) -> Result<Document, IntakeError> {
    let shown = path.display().to_string();
    let meta = std::fs::metadata(path).map_err(|_| IntakeError::NotFound(shown.clone()))?;
    if !meta.is_file() {
        return Err(IntakeError::NotFound(shown));
    }
    if meta.len() > DEFAULT_SIZE_LIMIT {
        return Err(IntakeError::TooLarge { name: shown, size: meta.len(), limit: DEFAULT_SIZE_LIMIT });
    }
    let bytes =
        std::fs::read(path).map_err(|e| IntakeError::Unreadable { name: shown.clone(), reason: e.to_string() })?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or(shown);
    parse(&name, &bytes)
}

/// Parses file contents; `name` (with its extension) picks the format.
pub fn parse(name: &str, bytes: &[u8]) -> Result<Document, IntakeError> {
    let extension = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    let media_type = match extension.as_str() {
        "md" | "markdown" => "text/markdown",
        "txt" | "text" | "" => "text/plain",
        "docx" | "doc" | "xlsx" | "xls" | "ods" | "csv" | "pdf" | "html" | "htm" => {
            return Err(IntakeError::Unsupported { name: name.to_string(), extension });
        }
        _ => return Err(IntakeError::Unsupported { name: name.to_string(), extension }),
    };
    if bytes.is_empty() {
        return Err(IntakeError::Empty(name.to_string()));
    }
    let text = decode_text(name, bytes)?;
    let sha256 = Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect();
    let lines: Vec<String> = text.lines().map(|l| l.trim_end_matches('\r').to_string()).collect();
    if lines.iter().all(|l| l.trim().is_empty()) {
        return Err(IntakeError::Empty(name.to_string()));
    }
    let sections = if media_type == "text/markdown" {
        markdown::sections(name, &lines)
    } else {
        vec![Section::whole(name, &lines)]
    };
    Ok(Document::new(name.to_string(), media_type.to_string(), sha256, lines, sections))
}

fn decode_text(name: &str, bytes: &[u8]) -> Result<String, IntakeError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if bytes.contains(&0) {
        return Err(IntakeError::NotText(name.to_string()));
    }
    String::from_utf8(bytes.to_vec()).map_err(|_| IntakeError::NotUtf8(name.to_string()))
}
