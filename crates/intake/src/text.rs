//! Text decoding: planners' files arrive as UTF-8, UTF-16 with a BOM (Notepad, Excel "Unicode
//! text") or CP949/EUC-KR (older Korean Windows); each is detected and converted, never guessed
//! into mojibake.

use crate::IntakeError;
use encoding_rs::{Encoding, EUC_KR, UTF_16BE, UTF_16LE};

/// The decoded text and the encoding it was in.
/// With `allow_nul`, NUL characters are dropped instead of marking the file binary.
pub(crate) fn decode(name: &str, bytes: &[u8], allow_nul: bool) -> Result<(String, &'static str), IntakeError> {
    let owned;
    let bytes = if allow_nul
        && bytes.contains(&0)
        && bomless_utf16(bytes).is_none()
        && !bytes.starts_with(b"\xFF\xFE")
        && !bytes.starts_with(b"\xFE\xFF")
    {
        owned = bytes.iter().copied().filter(|b| *b != 0).collect::<Vec<u8>>();
        &owned[..]
    } else {
        bytes
    };
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return utf8(name, rest).map(|t| (t, "UTF-8"));
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        return utf16(name, rest, UTF_16LE).map(|t| (t, "UTF-16LE"));
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        return utf16(name, rest, UTF_16BE).map(|t| (t, "UTF-16BE"));
    }
    if let Some(encoding) = bomless_utf16(bytes) {
        return utf16(name, bytes, encoding).map(|t| (t, encoding.name()));
    }
    if bytes.contains(&0) {
        return Err(IntakeError::Binary(name.to_string()));
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return checked(name, text.to_string()).map(|t| (t, "UTF-8"));
    }
    // CP949 is EUC-KR's superset; encoding_rs's EUC-KR decoder is CP949 (WHATWG).
    match EUC_KR.decode_without_bom_handling_and_without_replacement(bytes) {
        Some(text) if looks_korean(&text) => checked(name, text.into_owned()).map(|t| (t, "CP949")),
        _ => Err(IntakeError::Encoding(name.to_string())),
    }
}

fn utf8(name: &str, bytes: &[u8]) -> Result<String, IntakeError> {
    let text = std::str::from_utf8(bytes).map_err(|_| IntakeError::Encoding(name.to_string()))?;
    if text.contains('\0') {
        return Err(IntakeError::Binary(name.to_string()));
    }
    checked(name, text.to_string())
}

fn utf16(name: &str, bytes: &[u8], encoding: &'static Encoding) -> Result<String, IntakeError> {
    let text = encoding
        .decode_without_bom_handling_and_without_replacement(bytes)
        .ok_or_else(|| IntakeError::Encoding(name.to_string()))?;
    if text.contains('\0') {
        return Err(IntakeError::Binary(name.to_string()));
    }
    checked(name, text.into_owned())
}

/// UTF-16 without a BOM shows as ASCII with every other byte zero.
fn bomless_utf16(bytes: &[u8]) -> Option<&'static Encoding> {
    if bytes.len() < 4 || bytes.len() % 2 != 0 {
        return None;
    }
    let sample = &bytes[..bytes.len().min(4096)];
    let pairs = sample.len() / 2;
    let even_zero = sample.chunks_exact(2).filter(|p| p[0] == 0 && p[1] != 0).count();
    let odd_zero = sample.chunks_exact(2).filter(|p| p[1] == 0 && p[0] != 0).count();
    if odd_zero * 10 >= pairs * 7 {
        Some(UTF_16LE)
    } else if even_zero * 10 >= pairs * 7 {
        Some(UTF_16BE)
    } else {
        None
    }
}

/// Random bytes decode as CP949 surprisingly often; real Korean text is mostly Hangul syllables,
/// ASCII and punctuation, not Hanja and rare symbols.
fn looks_korean(text: &str) -> bool {
    let mut hangul = 0usize;
    let mut other = 0usize;
    for c in text.chars() {
        if specwright_vocabulary::is_syllable(c) {
            hangul += 1;
        } else if !c.is_ascii() {
            other += 1;
        }
    }
    hangul > 0 && hangul >= other * 4
}

/// Text full of control characters is binary data with a text extension.
fn checked(name: &str, text: String) -> Result<String, IntakeError> {
    let total = text.chars().take(8192).count();
    let control =
        text.chars().take(8192).filter(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\u{c}')).count();
    if total > 0 && control * 20 > total {
        return Err(IntakeError::Binary(name.to_string()));
    }
    Ok(text)
}
