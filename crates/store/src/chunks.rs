//! Storage of the knowledge index: chunks with their full-text index, and the embedding cache.
//! Ranking and fusion live in the knowledge crate; this is only rows in and rows out.

use crate::{Store, StoreError};
use rusqlite::{params, OptionalExtension};

/// A chunk to store; `hash` is the content hash embeddings are cached under.
#[derive(Debug, Clone, PartialEq)]
pub struct NewChunk {
    pub ordinal: u32,
    pub anchor: String,
    pub section: String,
    pub start_line: u32,
    pub end_line: u32,
    pub page: Option<u32>,
    pub text: String,
    pub hash: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ChunkRecord {
    pub id: i64,
    pub document: String,
    pub ordinal: u32,
    pub anchor: String,
    pub section: String,
    pub start_line: u32,
    pub end_line: u32,
    pub page: Option<u32>,
    pub text: String,
    pub hash: String,
}

const CHUNK_COLUMNS: &str = "id, document, ordinal, anchor, section, start_line, end_line, page, text, hash";

fn chunk_row(r: &rusqlite::Row) -> rusqlite::Result<ChunkRecord> {
    Ok(ChunkRecord {
        id: r.get(0)?,
        document: r.get(1)?,
        ordinal: r.get(2)?,
        anchor: r.get(3)?,
        section: r.get(4)?,
        start_line: r.get(5)?,
        end_line: r.get(6)?,
        page: r.get(7)?,
        text: r.get(8)?,
        hash: r.get(9)?,
    })
}

impl Store {
    /// The content hash of a document's stored chunks, if it was indexed in this session.
    pub fn indexed_document_sha(&self, session_id: &str, document: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                "SELECT doc_sha256 FROM chunks WHERE session_id = ?1 AND document = ?2 LIMIT 1",
                params![session_id, document],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Replaces a document's chunks in one transaction.
    pub fn replace_chunks(
        &self,
        session_id: &str,
        document: &str,
        doc_sha256: &str,
        chunks: &[NewChunk],
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute("DELETE FROM chunks WHERE session_id = ?1 AND document = ?2", params![session_id, document])?;
        {
            let mut insert = tx.prepare(
                "INSERT INTO chunks (session_id, document, doc_sha256, ordinal, anchor, section, start_line, end_line, page, text, hash)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            )?;
            for c in chunks {
                insert.execute(params![
                    session_id,
                    document,
                    doc_sha256,
                    c.ordinal,
                    c.anchor,
                    c.section,
                    c.start_line,
                    c.end_line,
                    c.page,
                    c.text,
                    c.hash
                ])?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    pub fn chunks(&self, session_id: &str) -> Result<Vec<ChunkRecord>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(&format!("SELECT {CHUNK_COLUMNS} FROM chunks WHERE session_id = ?1 ORDER BY document, ordinal"))?;
        let rows = stmt.query_map([session_id], chunk_row)?.collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    pub fn chunks_by_id(&self, ids: &[i64]) -> Result<Vec<ChunkRecord>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!("SELECT {CHUNK_COLUMNS} FROM chunks WHERE id = ?1"))?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(c) = stmt.query_row([id], chunk_row).optional()? {
                out.push(c);
            }
        }
        Ok(out)
    }

    pub fn chunk_count(&self, session_id: &str) -> Result<u32, StoreError> {
        Ok(self.conn().query_row("SELECT COUNT(*) FROM chunks WHERE session_id = ?1", [session_id], |r| r.get(0))?)
    }

    /// Full-text matches of an FTS5 query, best first (`bm25`, lower is better).
    pub fn match_chunks(&self, session_id: &str, fts_query: &str, limit: u32) -> Result<Vec<(i64, f64)>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT chunks.id, bm25(chunks_fts) FROM chunks_fts JOIN chunks ON chunks.id = chunks_fts.rowid
             WHERE chunks_fts MATCH ?1 AND chunks.session_id = ?2 ORDER BY bm25(chunks_fts) LIMIT ?3",
        )?;
        let rows = stmt.query_map(params![fts_query, session_id, limit], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// Chunks containing `needle` anywhere: for terms too short for trigrams (two-syllable
    /// Korean words).
    pub fn chunks_containing(&self, session_id: &str, needle: &str, limit: u32) -> Result<Vec<i64>, StoreError> {
        let conn = self.conn();
        // SQLite's lower() folds ASCII letters only: a needle without any (Hangul, digits) is
        // found in the text as it is, without a lowered copy of every chunk.
        let sql = if needle.chars().any(|c| c.is_ascii_alphabetic()) {
            "SELECT id FROM chunks WHERE session_id = ?1 AND instr(lower(text), lower(?2)) > 0 ORDER BY document, ordinal LIMIT ?3"
        } else {
            "SELECT id FROM chunks WHERE session_id = ?1 AND instr(text, ?2) > 0 ORDER BY document, ordinal LIMIT ?3"
        };
        let mut stmt = conn.prepare(sql)?;
        let rows = stmt.query_map(params![session_id, needle, limit], |r| r.get(0))?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    pub fn cached_embeddings(&self, model: &str, hashes: &[String]) -> Result<Vec<Option<Vec<f32>>>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT vector FROM embeddings WHERE hash = ?1 AND model = ?2")?;
        let mut out = Vec::with_capacity(hashes.len());
        for hash in hashes {
            let blob: Option<Vec<u8>> = stmt.query_row(params![hash, model], |r| r.get(0)).optional()?;
            out.push(blob.map(|b| b.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()));
        }
        Ok(out)
    }

    pub fn put_embeddings(&self, model: &str, items: &[(String, Vec<f32>)]) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        {
            let mut stmt = tx.prepare("INSERT OR REPLACE INTO embeddings (hash, model, vector) VALUES (?1, ?2, ?3)")?;
            for (hash, vector) in items {
                let blob: Vec<u8> = vector.iter().flat_map(|f| f.to_le_bytes()).collect();
                stmt.execute(params![hash, model, blob])?;
            }
        }
        tx.commit()?;
        Ok(())
    }
}
