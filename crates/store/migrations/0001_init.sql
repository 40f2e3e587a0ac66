-- Sessions, their documents, the append-only event log, scenarios and runs.
CREATE TABLE sessions (
    id            TEXT PRIMARY KEY,
    title         TEXT NOT NULL,
    status        TEXT NOT NULL,
    engine        TEXT NOT NULL,
    target_url    TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    updated_at_ms INTEGER NOT NULL
);

CREATE TABLE documents (
    id            TEXT PRIMARY KEY,
    session_id    TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    media_type    TEXT NOT NULL,
    sha256        TEXT NOT NULL,
    content       TEXT NOT NULL,
    outline_json  TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL
);
CREATE INDEX documents_by_session ON documents(session_id);

-- seq is gap-free per session: assigned as max(seq)+1 inside the inserting transaction.
CREATE TABLE events (
    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    run_id     TEXT NOT NULL,
    at_ms      INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    payload    TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;

CREATE TABLE scenarios (
    id             TEXT NOT NULL,
    version        INTEGER NOT NULL,
    session_id     TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    schema_version INTEGER NOT NULL,
    json           TEXT NOT NULL,
    created_at_ms  INTEGER NOT NULL,
    PRIMARY KEY (id, version)
);
CREATE INDEX scenarios_by_session ON scenarios(session_id);

CREATE TABLE runs (
    id             TEXT PRIMARY KEY,
    session_id     TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    kind           TEXT NOT NULL,
    status         TEXT NOT NULL,
    started_at_ms  INTEGER NOT NULL,
    finished_at_ms INTEGER,
    result_json    TEXT
);
CREATE INDEX runs_by_session ON runs(session_id);
