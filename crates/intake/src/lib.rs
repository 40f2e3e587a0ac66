//! Intake turns an attached file into a structured document — outline, sections, tables with
//! addressable rows, pages, stable anchors — so every fact taken from it can be cited precisely.
//! Each format has its own reader; all of them write through one `Builder`.

mod archive;
mod document;
mod docx;
mod error;
mod html;
mod markdown;
mod outline;
mod pdf;
mod quiet;
mod sheet;
mod sniff;
mod text;
mod xlsx;

pub use document::{Document, Page, Problem, Row, Table};
pub use error::IntakeError;
pub use outline::Section;

use document::Builder;
use sha2::{Digest, Sha256};
use sniff::Content;
use std::path::Path;

/// Resource limits applied before and while a file is read; hostile files hit one of them
/// instead of exhausting memory or time.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Files larger than this are refused before they are read.
    pub max_file_bytes: u64,
    /// An archive (docx, xlsx, ods) whose entries inflate to more than this is refused.
    pub max_unpacked_bytes: u64,
    /// A spreadsheet with more non-empty cells than this is refused.
    pub max_cells: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_file_bytes: 50 * 1024 * 1024, max_unpacked_bytes: 100 * 1024 * 1024, max_cells: 2_000_000 }
    }
}

/// The formats intake reads, by extension.
pub const SUPPORTED_EXTENSIONS: &[&str] = &[
    "md", "markdown", "txt", "text", "feature", "html", "htm", "docx", "xlsx", "xlsm", "xls", "ods", "csv", "tsv",
    "pdf",
];

/// Reads and parses one spec file with the default limits.
pub fn read_spec(path: &Path) -> Result<Document, IntakeError> {
    read_spec_with(path, &Limits::default())
}

pub fn read_spec_with(path: &Path, limits: &Limits) -> Result<Document, IntakeError> {
    let shown = path.display().to_string();
    let meta = std::fs::metadata(path).map_err(|_| IntakeError::NotFound(shown.clone()))?;
    if !meta.is_file() {
        return Err(IntakeError::NotFound(shown));
    }
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or(shown);
    if meta.len() > limits.max_file_bytes {
        return Err(IntakeError::TooLarge { name, size: meta.len(), limit: limits.max_file_bytes });
    }
    let bytes =
        std::fs::read(path).map_err(|e| IntakeError::Unreadable { name: name.clone(), reason: e.to_string() })?;
    parse_with(&name, &bytes, limits)
}

/// Parses file contents; `name` (with its extension) picks the format.
pub fn parse(name: &str, bytes: &[u8]) -> Result<Document, IntakeError> {
    parse_with(name, bytes, &Limits::default())
}

/// The lower-case extension of a file name, without the dot.
pub fn extension(name: &str) -> String {
    name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default()
}

pub fn parse_with(name: &str, bytes: &[u8], limits: &Limits) -> Result<Document, IntakeError> {
    let extension = extension(name);
    if bytes.len() as u64 > limits.max_file_bytes {
        return Err(IntakeError::TooLarge {
            name: name.to_string(),
            size: bytes.len() as u64,
            limit: limits.max_file_bytes,
        });
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(IntakeError::Empty(name.to_string()));
    }
    let content = sniff::sniff(bytes);
    let mismatch = || IntakeError::Mismatch {
        name: name.to_string(),
        extension: extension.clone(),
        actual: content.label().to_string(),
    };
    const IMAGES: &[&str] = &["png", "jpg", "jpeg", "gif", "tif", "tiff", "bmp", "webp", "heic"];
    if let Content::Image(_) = content {
        return Err(if IMAGES.contains(&extension.as_str()) {
            IntakeError::ImageOnly { name: name.to_string() }
        } else {
            mismatch()
        });
    }
    let sha256: String = Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect();
    let mut b = Builder::new(name);
    let media_type = match extension.as_str() {
        // `.feature`: a Gherkin feature, plain text.
        "md" | "markdown" | "txt" | "text" | "feature" | "" | "html" | "htm" | "csv" | "tsv" => {
            match content {
                Content::Text | Content::Html => {}
                Content::Ole { encrypted: true } => return Err(IntakeError::Encrypted { name: name.to_string() }),
                _ => return Err(mismatch()),
            }
            // Database exports put stray NULs inside CSV fields; anywhere else NUL means binary.
            let csv = matches!(extension.as_str(), "csv" | "tsv");
            let (text, _) = text::decode(name, bytes, csv)?;
            match extension.as_str() {
                "md" | "markdown" => {
                    markdown::read(&mut b, &text);
                    "text/markdown"
                }
                "html" | "htm" => {
                    html::read(&mut b, &text);
                    "text/html"
                }
                "csv" | "tsv" => {
                    sheet::read_csv(&mut b, name, &text, if extension == "tsv" { b'\t' } else { b',' }, limits)?;
                    "text/csv"
                }
                _ if content == Content::Html => {
                    html::read(&mut b, &text);
                    "text/html"
                }
                _ => {
                    b.text(&text);
                    "text/plain"
                }
            }
        }
        "docx" => {
            match content {
                Content::Zip => zip_kind(name, &extension, bytes, limits)?,
                Content::Ole { encrypted: true } => return Err(IntakeError::Encrypted { name: name.to_string() }),
                Content::Text => return Err(IntakeError::corrupt(name, "not a ZIP archive")),
                _ => return Err(mismatch()),
            }
            docx::read(&mut b, name, bytes, limits)?;
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        }
        "xlsx" | "xlsm" | "ods" => {
            match content {
                Content::Zip => zip_kind(name, &extension, bytes, limits)?,
                // Random bytes are a damaged file, not some other format.
                Content::Text => return Err(IntakeError::corrupt(name, "not a ZIP archive")),
                Content::Ole { encrypted: true } => return Err(IntakeError::Encrypted { name: name.to_string() }),
                _ => return Err(mismatch()),
            }
            let mut archive = archive::Archive::open(name, bytes, limits.max_unpacked_bytes)?;
            if extension == "ods" {
                sheet::read_workbook(&mut b, name, bytes, sheet::Kind::Ods, &mut archive, limits)?;
                "application/vnd.oasis.opendocument.spreadsheet"
            } else {
                sheet::read_workbook(&mut b, name, bytes, sheet::Kind::Xlsx, &mut archive, limits)?;
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            }
        }
        "xls" => match content {
            Content::Ole { encrypted: true } => return Err(IntakeError::Encrypted { name: name.to_string() }),
            Content::Ole { encrypted: false } => {
                sheet::read_xls(&mut b, name, bytes, limits)?;
                "application/vnd.ms-excel"
            }
            // Many systems export an HTML table under an `.xls` name; Excel opens it, so do we.
            Content::Html => {
                let (text, _) = text::decode(name, bytes, false)?;
                html::read(&mut b, &text);
                "text/html"
            }
            _ => return Err(mismatch()),
        },
        "pdf" => {
            if content != Content::Pdf {
                return Err(mismatch());
            }
            pdf::read(&mut b, name, bytes, limits.max_unpacked_bytes)?;
            "application/pdf"
        }
        "png" | "jpg" | "jpeg" | "gif" | "tif" | "tiff" | "bmp" | "webp" | "heic" => {
            return Err(IntakeError::ImageOnly { name: name.to_string() });
        }
        _ => return Err(IntakeError::Unsupported { name: name.to_string(), extension }),
    };
    b.finish(media_type, sha256)
}

/// An Office archive whose entries show another kind than its extension says is a mismatch
/// (a Word document named `.xlsx`), not damage.
fn zip_kind(name: &str, extension: &str, bytes: &[u8], limits: &Limits) -> Result<(), IntakeError> {
    let archive = archive::Archive::open(name, bytes, limits.max_unpacked_bytes)?;
    let actual = if archive.has("word/document.xml") {
        Some(("docx", "Word (.docx)"))
    } else if archive.has("xl/workbook.xml") {
        Some(("xlsx", "Excel (.xlsx)"))
    } else if archive.has("ppt/presentation.xml") {
        Some(("pptx", "PowerPoint (.pptx)"))
    } else if archive.has("content.xml") && archive.has("mimetype") {
        Some(("ods", "OpenDocument"))
    } else {
        None
    };
    let expected = match extension {
        "xlsx" | "xlsm" => "xlsx",
        other => other,
    };
    match actual {
        Some((kind, label)) if kind != expected && !(kind == "ods" && expected == "ods") => {
            Err(IntakeError::Mismatch {
                name: name.to_string(),
                extension: extension.to_string(),
                actual: label.to_string(),
            })
        }
        _ => Ok(()),
    }
}
