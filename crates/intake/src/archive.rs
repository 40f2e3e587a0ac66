//! Office files are ZIP archives; this guards them before any reader unpacks them: a truncated
//! archive is "damaged", an entry that expands past the limit is a bomb, and both are found by
//! actually inflating (declared sizes can lie) with a hard cap.

use crate::IntakeError;
use std::io::{Cursor, Read};

pub(crate) struct Archive<'a> {
    name: String,
    zip: zip::ZipArchive<Cursor<&'a [u8]>>,
    limit: u64,
}

impl<'a> Archive<'a> {
    /// Opens the archive and inflates every entry into a counting sink, refusing the whole file
    /// when the total passes `limit` bytes.
    pub(crate) fn open(name: &str, bytes: &'a [u8], limit: u64) -> Result<Archive<'a>, IntakeError> {
        let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| zip_error(name, e))?;
        let mut total: u64 = 0;
        for i in 0..zip.len() {
            let mut entry = zip.by_index(i).map_err(|e| zip_error(name, e))?;
            if entry.encrypted() {
                return Err(IntakeError::Encrypted { name: name.to_string() });
            }
            if entry.is_dir() {
                continue;
            }
            let budget = limit.saturating_sub(total);
            let read = std::io::copy(&mut (&mut entry).take(budget + 1), &mut std::io::sink())
                .map_err(|e| IntakeError::corrupt(name, e))?;
            total += read;
            if total > limit {
                return Err(IntakeError::Bomb { name: name.to_string(), limit });
            }
        }
        Ok(Archive { name: name.to_string(), zip, limit })
    }

    pub(crate) fn has(&self, entry: &str) -> bool {
        self.zip.index_for_name(entry).is_some()
    }

    /// One entry as bytes; `None` when the archive has no such entry.
    pub(crate) fn entry(&mut self, entry: &str) -> Result<Option<Vec<u8>>, IntakeError> {
        let Some(index) = self.zip.index_for_name(entry) else { return Ok(None) };
        let file = self.zip.by_index(index).map_err(|e| zip_error(&self.name, e))?;
        let mut out = Vec::new();
        file.take(self.limit).read_to_end(&mut out).map_err(|e| IntakeError::corrupt(&self.name, e))?;
        Ok(Some(out))
    }
}

fn zip_error(name: &str, error: zip::result::ZipError) -> IntakeError {
    match error {
        zip::result::ZipError::InvalidPassword => IntakeError::Encrypted { name: name.to_string() },
        zip::result::ZipError::UnsupportedArchive(msg) if msg.to_ascii_lowercase().contains("password") => {
            IntakeError::Encrypted { name: name.to_string() }
        }
        other => IntakeError::corrupt(name, other),
    }
}
