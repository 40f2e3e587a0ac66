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
    /// The file is not a database SQLite can read whole (cut short, overwritten, not SQLite).
    #[error("the database at {path} is damaged: {reason}")]
    Damaged { path: String, reason: String },
    /// A database of another program: it was not changed.
    #[error("{path} is a database of another program, not Specwright's; it was left unchanged")]
    Foreign { path: String },
    #[error("database error: {0}")]
    Sqlite(rusqlite::Error),
    #[error("a stored scenario cannot be read: {0}")]
    Scenario(String),
    #[error("stored data is not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
}

impl From<rusqlite::Error> for StoreError {
    /// A file SQLite finds damaged is said as such, wherever the damage is met.
    fn from(e: rusqlite::Error) -> Self {
        match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase) => {
                StoreError::Damaged { path: String::new(), reason: e.to_string() }
            }
            _ => StoreError::Sqlite(e),
        }
    }
}
