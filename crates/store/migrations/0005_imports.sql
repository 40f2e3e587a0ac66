-- Sessions opened from a share bundle made on another machine. The events up to through_seq
-- came with the bundle: what they say is data to show, never an answer that runs a command, a
-- folder to write into or a confirmation given here. target_trusted: a person on this machine
-- agreed to send the bundle's steps to the address it names.
CREATE TABLE imports (
    session_id     TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    through_seq    INTEGER NOT NULL,
    target_trusted INTEGER NOT NULL DEFAULT 0,
    imported_at_ms INTEGER NOT NULL
);
