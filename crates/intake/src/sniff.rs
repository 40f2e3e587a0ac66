//! What a file really is, from its first bytes: an extension can lie (a PDF renamed `.xlsx`), and
//! the error should say so instead of "damaged".

/// The container a file's bytes show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Content {
    Pdf,
    Zip,
    /// An OLE compound file: legacy `.xls`/`.doc`, or a password-protected Office file.
    Ole {
        encrypted: bool,
    },
    Image(&'static str),
    Html,
    Text,
}

impl Content {
    pub(crate) fn label(self) -> &'static str {
        match self {
            Content::Pdf => "PDF",
            Content::Zip => "ZIP",
            Content::Ole { .. } => "Office 97-2003 (OLE)",
            Content::Image(kind) => kind,
            Content::Html => "HTML",
            Content::Text => "text",
        }
    }
}

pub(crate) fn sniff(bytes: &[u8]) -> Content {
    let head = &bytes[..bytes.len().min(1024)];
    if find(head, b"%PDF-").is_some() {
        return Content::Pdf;
    }
    if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06") {
        return Content::Zip;
    }
    if bytes.starts_with(b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1") {
        // The stream name is stored in UTF-16LE in the directory.
        let marker: Vec<u8> = "EncryptedPackage".encode_utf16().flat_map(u16::to_le_bytes).collect();
        return Content::Ole { encrypted: find(bytes, &marker).is_some() };
    }
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return Content::Image("PNG image");
    }
    if bytes.starts_with(b"\xFF\xD8\xFF") {
        return Content::Image("JPEG image");
    }
    if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        return Content::Image("GIF image");
    }
    if bytes.starts_with(b"II*\0") || bytes.starts_with(b"MM\0*") {
        return Content::Image("TIFF image");
    }
    if bytes.len() > 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
        return Content::Image("WebP image");
    }
    let lower: Vec<u8> = head.iter().take(512).map(u8::to_ascii_lowercase).collect();
    if find(&lower, b"<!doctype html").is_some() || find(&lower, b"<html").is_some() {
        return Content::Html;
    }
    Content::Text
}

pub(crate) fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() || haystack.len() < needle.len() {
        return None;
    }
    haystack.windows(needle.len()).position(|w| w == needle)
}
