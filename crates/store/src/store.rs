//! The store's tables behind one connection. Calls are short and synchronous; the async runtime
//! only ever holds the lock for a single statement or transaction.

use crate::{migrations, Clock, StoreError};
use rusqlite::{params, Connection, OptionalExtension};
use specwright_protocol::{Envelope, Event, SessionStatus, SessionSummary};
use specwright_scenario::Scenario;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::broadcast;

pub struct Store {
    conn: Mutex<Connection>,
    path: PathBuf,
    clock: Arc<dyn Clock>,
    pub(crate) live: broadcast::Sender<Envelope>,
}

pub struct NewSession {
    pub id: String,
    pub title: String,
    pub engine: String,
    pub target_url: String,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct DocumentRecord {
    pub id: String,
    pub name: String,
    pub media_type: String,
    pub sha256: String,
    pub content: String,
    pub outline_json: String,
}

/// A session opened from a share bundle: which of its events came with it, and whether a person
/// here agreed to send its steps to the address it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Import {
    /// Events with a sequence number up to this one came from the other machine.
    pub through_seq: u32,
    pub target_trusted: bool,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RunRecord {
    pub id: String,
    pub session_id: String,
    pub kind: String,
    pub status: String,
    pub result_json: Option<String>,
}

impl Store {
    /// Opens (creating if needed) the database at `path`, in WAL mode, with migrations applied.
    ///
    /// What the file is is read before anything in it changes: a file that is not a database or
    /// is damaged, a database of another program, or one a newer Specwright wrote is refused as
    /// such, and left exactly as it was.
    pub fn open(path: &Path, clock: Arc<dyn Clock>) -> Result<Arc<Self>, StoreError> {
        let shown = path.display().to_string();
        let damaged = |reason: String| StoreError::Damaged { path: shown.clone(), reason };
        if let Ok(mut file) = std::fs::File::open(path) {
            use std::io::Read;
            let mut header = Vec::with_capacity(16);
            (&mut file).take(16).read_to_end(&mut header).map_err(|e| damaged(e.to_string()))?;
            if !header.is_empty() && header != b"SQLite format 3\0" {
                return Err(damaged("it is not an SQLite database".into()));
            }
        }
        let open_err = |source| StoreError::Open { path: shown.clone(), source };
        let mut conn = Connection::open(path).map_err(open_err)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let at_path = |e: StoreError| match e {
            StoreError::Damaged { reason, .. } => damaged(reason),
            other => other,
        };
        migrations::check_owner(&conn, &shown).map_err(at_path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        migrations::apply(&mut conn).map_err(at_path)?;
        let (live, _) = broadcast::channel(1024);
        Ok(Arc::new(Self { conn: Mutex::new(conn), path: path.to_path_buf(), clock, live }))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    pub(crate) fn conn(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave SQLite inconsistent (transactions roll
        // back on drop), so a poisoned lock is still safe to use.
        self.conn.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn journal_mode(&self) -> Result<String, StoreError> {
        Ok(self.conn().query_row("PRAGMA journal_mode", [], |r| r.get(0))?)
    }

    /// Creates a session with its documents in one transaction: either all of it exists or none.
    pub fn create_session(
        &self,
        session: &NewSession,
        documents: &[DocumentRecord],
    ) -> Result<SessionSummary, StoreError> {
        let now = self.clock.now_ms();
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO sessions (id, title, status, engine, target_url, created_at_ms, updated_at_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
            params![
                session.id,
                session.title,
                SessionStatus::Running.as_str(),
                session.engine,
                session.target_url,
                now
            ],
        )?;
        for doc in documents {
            tx.execute(
                "INSERT INTO documents (id, session_id, name, media_type, sha256, content, outline_json, created_at_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![doc.id, session.id, doc.name, doc.media_type, doc.sha256, doc.content, doc.outline_json, now],
            )?;
        }
        tx.commit()?;
        drop(conn);
        self.session(&session.id)
    }

    pub fn set_status(&self, session_id: &str, status: SessionStatus) -> Result<(), StoreError> {
        let changed = self.conn().execute(
            "UPDATE sessions SET status = ?2, updated_at_ms = ?3 WHERE id = ?1",
            params![session_id, status.as_str(), self.clock.now_ms()],
        )?;
        if changed == 0 {
            return Err(StoreError::SessionNotFound(session_id.to_string()));
        }
        Ok(())
    }

    /// Sessions left `running` or `waiting` by a process that died become `interrupted`.
    /// Called once at start-up, before this process starts any run.
    pub fn mark_interrupted(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT id FROM sessions WHERE status = 'running'")?;
        let ids: Vec<String> = stmt.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
        drop(stmt);
        conn.execute(
            "UPDATE sessions SET status = 'interrupted', updated_at_ms = ?1 WHERE status = 'running'",
            [self.clock.now_ms()],
        )?;
        Ok(ids)
    }

    const SUMMARY_SQL: &'static str = "SELECT s.id, s.title, s.status, s.engine, s.target_url,
            s.created_at_ms, s.updated_at_ms,
            COALESCE((SELECT MAX(seq) FROM events e WHERE e.session_id = s.id), 0),
            (SELECT json_group_array(json(e.payload)) FROM events e WHERE e.session_id = s.id
                AND e.kind = 'trial.done' AND e.run_id = (SELECT e2.run_id FROM events e2
                    WHERE e2.session_id = s.id AND e2.kind = 'trial.done' ORDER BY e2.seq DESC LIMIT 1)),
            (SELECT name FROM documents d WHERE d.session_id = s.id ORDER BY d.created_at_ms, d.name LIMIT 1)
         FROM sessions s";

    fn summary_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<SessionSummary> {
        let status: String = row.get(2)?;
        // The trials of the latest run that had any (a workbook's cases, one each): the session
        // proved what its least proven case did. Trials recorded before verdicts were said
        // read as their plain outcome.
        let trials: Option<String> = row.get(8)?;
        let trials: Vec<Event> = trials.and_then(|json| serde_json::from_str(&json).ok()).unwrap_or_default();
        let verdict = specwright_scenario::Verdict::worst(trials.iter().filter_map(|event| match event {
            Event::TrialDone { verdict, passed, flaky, .. } => {
                Some(specwright_scenario::Verdict::of_trial(*verdict, *passed, *flaky))
            }
            _ => None,
        }));
        Ok(SessionSummary {
            verdict,
            document: row.get(9)?,
            id: row.get(0)?,
            title: row.get(1)?,
            status: SessionStatus::parse(&status).unwrap_or(SessionStatus::Failed),
            engine: row.get(3)?,
            target_url: row.get(4)?,
            created_at_ms: row.get(5)?,
            updated_at_ms: row.get(6)?,
            last_seq: row.get(7)?,
        })
    }

    pub fn session(&self, session_id: &str) -> Result<SessionSummary, StoreError> {
        self.conn()
            .query_row(&format!("{} WHERE s.id = ?1", Self::SUMMARY_SQL), [session_id], Self::summary_row)
            .optional()?
            .ok_or_else(|| StoreError::SessionNotFound(session_id.to_string()))
    }

    /// Deletes a session and, by cascade, everything recorded for it.
    pub fn delete_session(&self, session_id: &str) -> Result<(), StoreError> {
        let deleted = self.conn().execute("DELETE FROM sessions WHERE id = ?1", [session_id])?;
        if deleted == 0 {
            return Err(StoreError::SessionNotFound(session_id.to_string()));
        }
        Ok(())
    }

    /// Newest first.
    pub fn sessions(&self) -> Result<Vec<SessionSummary>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!("{} ORDER BY s.created_at_ms DESC, s.id DESC", Self::SUMMARY_SQL))?;
        let rows = stmt.query_map([], Self::summary_row)?.collect::<Result<_, _>>()?;
        Ok(rows)
    }

    pub fn documents(&self, session_id: &str) -> Result<Vec<DocumentRecord>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT id, name, media_type, sha256, content, outline_json FROM documents
             WHERE session_id = ?1 ORDER BY created_at_ms, name",
        )?;
        let rows = stmt
            .query_map([session_id], |r| {
                Ok(DocumentRecord {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    media_type: r.get(2)?,
                    sha256: r.get(3)?,
                    content: r.get(4)?,
                    outline_json: r.get(5)?,
                })
            })?
            .collect::<Result<_, _>>()?;
        Ok(rows)
    }

    /// The run's end told to whoever follows it live when the log could not store it (a full
    /// disk, a folder made read-only): the event gets the next sequence number but is not kept,
    /// so a follower ends rather than waits forever; the log itself says the session was left
    /// running, and reopening the data folder marks it interrupted. The one event ever delivered
    /// without being stored.
    pub fn deliver_unstored(&self, session_id: &str, run_id: &str, event: Event) -> Envelope {
        let seq = self
            .conn()
            .query_row("SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE session_id = ?1", [session_id], |r| r.get(0))
            .unwrap_or(1);
        let envelope = Envelope {
            session_id: session_id.to_string(),
            run_id: run_id.to_string(),
            seq,
            at_ms: self.clock.now_ms(),
            event,
        };
        let _ = self.live.send(envelope.clone());
        envelope
    }

    /// Appends an event with the next sequence number, durably, then delivers it to live
    /// subscribers. Delivery never happens for an event that is not stored.
    pub fn append_event(&self, session_id: &str, run_id: &str, event: Event) -> Result<Envelope, StoreError> {
        let at_ms = self.clock.now_ms();
        let payload = serde_json::to_string(&event)?;
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let exists: Option<i64> =
            tx.query_row("SELECT 1 FROM sessions WHERE id = ?1", [session_id], |r| r.get(0)).optional()?;
        if exists.is_none() {
            return Err(StoreError::SessionNotFound(session_id.to_string()));
        }
        let seq: u32 =
            tx.query_row("SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE session_id = ?1", [session_id], |r| {
                r.get(0)
            })?;
        tx.execute(
            "INSERT INTO events (session_id, seq, run_id, at_ms, kind, payload) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![session_id, seq, run_id, at_ms, event.kind(), payload],
        )?;
        tx.execute("UPDATE sessions SET updated_at_ms = ?2 WHERE id = ?1", params![session_id, at_ms])?;
        tx.commit()?;
        drop(conn);
        let envelope = Envelope { session_id: session_id.to_string(), run_id: run_id.to_string(), seq, at_ms, event };
        // No receivers is normal (headless run, window closed): the log already has it.
        let _ = self.live.send(envelope.clone());
        Ok(envelope)
    }

    /// Stored events with `seq > after_seq`, in order.
    pub fn events(&self, session_id: &str, after_seq: u32) -> Result<Vec<Envelope>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT seq, run_id, at_ms, payload FROM events WHERE session_id = ?1 AND seq > ?2 ORDER BY seq",
        )?;
        let rows = stmt.query_map(params![session_id, after_seq], |r| {
            Ok((r.get::<_, u32>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?, r.get::<_, String>(3)?))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (seq, run_id, at_ms, payload) = row?;
            out.push(Envelope {
                session_id: session_id.to_string(),
                run_id,
                seq,
                at_ms,
                event: serde_json::from_str(&payload)?,
            });
        }
        Ok(out)
    }

    /// Stores a new version of the scenario; returns the version number.
    pub fn save_scenario(&self, session_id: &str, scenario: &Scenario) -> Result<u32, StoreError> {
        let json = serde_json::to_string(scenario)?;
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let version: u32 =
            tx.query_row("SELECT COALESCE(MAX(version), 0) + 1 FROM scenarios WHERE id = ?1", [&scenario.id], |r| {
                r.get(0)
            })?;
        tx.execute(
            "INSERT INTO scenarios (id, version, session_id, schema_version, json, created_at_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![scenario.id, version, session_id, scenario.schema_version, json, self.clock.now_ms()],
        )?;
        tx.commit()?;
        Ok(version)
    }

    pub fn latest_scenario(&self, session_id: &str) -> Result<Option<Scenario>, StoreError> {
        let json: Option<String> = self
            .conn()
            .query_row(
                "SELECT json FROM scenarios WHERE session_id = ?1 ORDER BY created_at_ms DESC, version DESC LIMIT 1",
                [session_id],
                |r| r.get(0),
            )
            .optional()?;
        // Stored scenarios may predate the current schema: load through the migrations.
        match json {
            Some(json) => {
                specwright_scenario::load_scenario(&json).map(Some).map_err(|e| StoreError::Scenario(e.to_string()))
            }
            None => Ok(None),
        }
    }

    /// Every scenario of the session, each in its latest version, in the order they were first
    /// saved (a workbook's cases as explored).
    pub fn session_scenarios(&self, session_id: &str) -> Result<Vec<Scenario>, StoreError> {
        let conn = self.conn();
        let mut statement = conn.prepare(
            "SELECT s.json FROM scenarios s
             WHERE s.session_id = ?1 AND s.version = (SELECT MAX(version) FROM scenarios WHERE id = s.id)
             ORDER BY (SELECT MIN(rowid) FROM scenarios WHERE id = s.id)",
        )?;
        let rows = statement.query_map([session_id], |r| r.get::<_, String>(0))?;
        let mut out = Vec::new();
        for json in rows {
            let json = json?;
            out.push(specwright_scenario::load_scenario(&json).map_err(|e| StoreError::Scenario(e.to_string()))?);
        }
        Ok(out)
    }

    /// The names people gave suites, by origin.
    pub fn suite_names(&self) -> Result<std::collections::HashMap<String, String>, StoreError> {
        let conn = self.conn();
        let mut statement = conn.prepare("SELECT origin, name FROM suite_names")?;
        let rows = statement.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
        rows.collect::<Result<_, _>>().map_err(Into::into)
    }

    /// Names the suite at `origin`; `None` gives it back its origin as its name.
    pub fn set_suite_name(&self, origin: &str, name: Option<&str>) -> Result<(), StoreError> {
        match name {
            Some(name) => self.conn().execute(
                "INSERT INTO suite_names (origin, name) VALUES (?1, ?2)
                 ON CONFLICT(origin) DO UPDATE SET name = excluded.name",
                params![origin, name],
            )?,
            None => self.conn().execute("DELETE FROM suite_names WHERE origin = ?1", [origin])?,
        };
        Ok(())
    }

    pub fn start_run(&self, run_id: &str, session_id: &str, kind: &str) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO runs (id, session_id, kind, status, started_at_ms) VALUES (?1, ?2, ?3, 'running', ?4)",
            params![run_id, session_id, kind, self.clock.now_ms()],
        )?;
        Ok(())
    }

    pub fn finish_run(&self, run_id: &str, status: &str, result_json: Option<&str>) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE runs SET status = ?2, result_json = COALESCE(?3, result_json), finished_at_ms = ?4 WHERE id = ?1",
            params![run_id, status, result_json, self.clock.now_ms()],
        )?;
        Ok(())
    }

    /// Records a run's result (the trial report) as soon as it exists, before the run ends.
    pub fn set_run_result(&self, run_id: &str, result_json: &str) -> Result<(), StoreError> {
        self.conn().execute("UPDATE runs SET result_json = ?2 WHERE id = ?1", params![run_id, result_json])?;
        Ok(())
    }

    /// Replaces the session's checkpoint: `node` names the step of the graph, `state` is its
    /// JSON, `event_seq` the last event it accounts for.
    pub fn save_checkpoint(
        &self,
        session_id: &str,
        run_id: &str,
        node: &str,
        state: &str,
        event_seq: u32,
    ) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO checkpoints (session_id, run_id, node, state, event_seq, created_at_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT(session_id) DO UPDATE SET run_id = ?2, node = ?3, state = ?4, event_seq = ?5, created_at_ms = ?6",
            params![session_id, run_id, node, state, event_seq, self.clock.now_ms()],
        )?;
        Ok(())
    }

    /// The session's checkpoint as (node, state JSON), if a run left one.
    pub fn checkpoint(&self, session_id: &str) -> Result<Option<(String, String)>, StoreError> {
        let row =
            self.conn().query_row("SELECT node, state FROM checkpoints WHERE session_id = ?1", [session_id], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
            });
        match row {
            Ok(found) => Ok(Some(found)),
            Err(rusqlite::Error::QueryReturnedNoRows) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    pub fn clear_checkpoint(&self, session_id: &str) -> Result<(), StoreError> {
        self.conn().execute("DELETE FROM checkpoints WHERE session_id = ?1", [session_id])?;
        Ok(())
    }

    /// The result of the session's latest run that recorded one.
    pub fn latest_run_result(&self, session_id: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                "SELECT result_json FROM runs WHERE session_id = ?1 AND result_json IS NOT NULL
                 ORDER BY started_at_ms DESC, rowid DESC LIMIT 1",
                [session_id],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Stores a whole session brought from elsewhere (a bundle) in one transaction: either all
    /// of it is there afterwards or none of it.
    pub fn import_session(
        &self,
        summary: &SessionSummary,
        documents: &[DocumentRecord],
        events: &[Envelope],
        scenario: Option<&Scenario>,
        runs: &[RunRecord],
    ) -> Result<(), StoreError> {
        let now = self.clock.now_ms();
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO sessions (id, title, status, engine, target_url, created_at_ms, updated_at_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                summary.id,
                summary.title,
                summary.status.as_str(),
                summary.engine,
                summary.target_url,
                summary.created_at_ms,
                summary.updated_at_ms
            ],
        )?;
        for doc in documents {
            tx.execute(
                "INSERT INTO documents (id, session_id, name, media_type, sha256, content, outline_json, created_at_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![doc.id, summary.id, doc.name, doc.media_type, doc.sha256, doc.content, doc.outline_json, now],
            )?;
        }
        for envelope in events {
            tx.execute(
                "INSERT INTO events (session_id, seq, run_id, at_ms, kind, payload) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    summary.id,
                    envelope.seq,
                    envelope.run_id,
                    envelope.at_ms,
                    envelope.event.kind(),
                    serde_json::to_string(&envelope.event)?
                ],
            )?;
        }
        if let Some(scenario) = scenario {
            tx.execute(
                "INSERT INTO scenarios (id, version, session_id, schema_version, json, created_at_ms)
                 VALUES (?1, 1, ?2, ?3, ?4, ?5)",
                params![scenario.id, summary.id, scenario.schema_version, serde_json::to_string(scenario)?, now],
            )?;
        }
        for run in runs {
            tx.execute(
                "INSERT INTO runs (id, session_id, kind, status, started_at_ms, finished_at_ms, result_json)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6)",
                params![run.id, summary.id, run.kind, run.status, now, run.result_json],
            )?;
        }
        let through_seq = events.iter().map(|e| e.seq).max().unwrap_or(0);
        tx.execute(
            "INSERT INTO imports (session_id, through_seq, target_trusted, imported_at_ms) VALUES (?1, ?2, 0, ?3)",
            params![summary.id, through_seq, now],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// How the session came from a share bundle, if it did.
    pub fn import_of(&self, session_id: &str) -> Result<Option<Import>, StoreError> {
        Ok(self
            .conn()
            .query_row("SELECT through_seq, target_trusted FROM imports WHERE session_id = ?1", [session_id], |r| {
                Ok(Import { through_seq: r.get(0)?, target_trusted: r.get::<_, i64>(1)? != 0 })
            })
            .optional()?)
    }

    /// A person on this machine agreed to send the imported session's steps to its address.
    pub fn trust_import_target(&self, session_id: &str) -> Result<(), StoreError> {
        self.conn().execute("UPDATE imports SET target_trusted = 1 WHERE session_id = ?1", [session_id])?;
        Ok(())
    }

    pub fn runs(&self, session_id: &str) -> Result<Vec<RunRecord>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT id, session_id, kind, status, result_json FROM runs WHERE session_id = ?1 ORDER BY started_at_ms, id",
        )?;
        let rows = stmt
            .query_map([session_id], |r| {
                Ok(RunRecord {
                    id: r.get(0)?,
                    session_id: r.get(1)?,
                    kind: r.get(2)?,
                    status: r.get(3)?,
                    result_json: r.get(4)?,
                })
            })?
            .collect::<Result<_, _>>()?;
        Ok(rows)
    }
}
