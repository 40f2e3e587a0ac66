-- The knowledge index: chunks of each session's documents, a trigram full-text index over them
-- (trigrams match Hangul without a Korean tokenizer), and embeddings cached by content hash so
-- the same text is never embedded twice, whichever session or file it comes from.
CREATE TABLE chunks (
    id          INTEGER PRIMARY KEY,
    session_id  TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    document    TEXT NOT NULL,
    doc_sha256  TEXT NOT NULL,
    ordinal     INTEGER NOT NULL,
    anchor      TEXT NOT NULL,
    section     TEXT NOT NULL,
    start_line  INTEGER NOT NULL,
    end_line    INTEGER NOT NULL,
    page        INTEGER,
    text        TEXT NOT NULL,
    hash        TEXT NOT NULL
);
CREATE INDEX chunks_by_document ON chunks(session_id, document, ordinal);

CREATE VIRTUAL TABLE chunks_fts USING fts5(
    text, section, content = 'chunks', content_rowid = 'id', tokenize = 'trigram'
);
CREATE TRIGGER chunks_fts_insert AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts (rowid, text, section) VALUES (new.id, new.text, new.section);
END;
CREATE TRIGGER chunks_fts_delete AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts (chunks_fts, rowid, text, section) VALUES ('delete', old.id, old.text, old.section);
END;

CREATE TABLE embeddings (
    hash   TEXT NOT NULL,
    model  TEXT NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY (hash, model)
) WITHOUT ROWID;
