-- The latest checkpoint of each session: enough to continue a run where it stopped (the
-- scenario so far, and for the LLM engine the conversation) instead of starting over.
CREATE TABLE checkpoints (
    session_id    TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    run_id        TEXT NOT NULL,
    node          TEXT NOT NULL,
    state         TEXT NOT NULL,
    event_seq     INTEGER NOT NULL,
    created_at_ms INTEGER NOT NULL
);
