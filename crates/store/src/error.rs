//! Store errors callers branch on (missing session vs. a broken database).

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("session {0} does not exist")]
    SessionNotFound(String),
    #[error("the database at {path} could not be opened: {source}")]
    Open { path: String, source: rusqlite::Error },
    #[error(
        "migration {version} ({name}) differs from the one applied to this database; \
         shipped migrations are append-only"
    )]
    MigrationChanged { version: u32, name: &'static str },
    #[error("the database was written by a newer Specwright (schema {found}, this build knows {known})")]
    TooNew { found: u32, known: u32 },
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("a stored scenario cannot be read: {0}")]
    Scenario(String),
    #[error("stored data is not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
}
