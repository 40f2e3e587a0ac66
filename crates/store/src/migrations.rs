//! Numbered, append-only migrations. A checksum of each applied migration is stored so that an
//! edited shipped migration is detected instead of silently diverging.

use crate::StoreError;
use rusqlite::{params, Connection};

pub struct Migration {
    pub version: u32,
    pub name: &'static str,
    pub sql: &'static str,
}

pub const MIGRATIONS: &[Migration] = &[
    Migration { version: 1, name: "0001_init.sql", sql: include_str!("../migrations/0001_init.sql") },
    Migration { version: 2, name: "0002_knowledge.sql", sql: include_str!("../migrations/0002_knowledge.sql") },
    Migration { version: 3, name: "0003_checkpoints.sql", sql: include_str!("../migrations/0003_checkpoints.sql") },
    Migration { version: 4, name: "0004_suite_names.sql", sql: include_str!("../migrations/0004_suite_names.sql") },
    Migration { version: 5, name: "0005_imports.sql", sql: include_str!("../migrations/0005_imports.sql") },
];

/// FNV-1a: stable across builds and platforms, enough to detect an edit.
fn checksum(sql: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in sql.as_bytes() {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// Whether the database is Specwright's (or new), read without changing it: a database with
/// tables but not Specwright's migration record is another program's; one whose record is ahead
/// of this build was written by a newer Specwright.
pub(crate) fn check_owner(conn: &Connection, path: &str) -> Result<(), StoreError> {
    let mut statement = conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table'")?;
    let tables: Vec<String> = statement.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
    if tables.is_empty() {
        return Ok(());
    }
    let mut statement = conn.prepare("SELECT name FROM pragma_table_info('schema_migrations')")?;
    let columns: Vec<String> = statement.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
    let ours = ["version", "name", "checksum"].iter().all(|c| columns.iter().any(|x| x == c))
        && tables.iter().any(|t| t == "sessions");
    if !ours {
        return Err(StoreError::Foreign { path: path.to_string() });
    }
    let known = MIGRATIONS.last().map(|m| m.version).unwrap_or(0);
    let found: u32 = conn.query_row("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", [], |r| r.get(0))?;
    if found > known {
        return Err(StoreError::TooNew { found, known });
    }
    Ok(())
}

pub(crate) fn apply(conn: &mut Connection) -> Result<(), StoreError> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
            version INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            checksum TEXT NOT NULL,
            applied_at_ms INTEGER NOT NULL
        );",
    )?;
    let known = MIGRATIONS.last().map(|m| m.version).unwrap_or(0);
    let found: u32 = conn.query_row("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", [], |r| r.get(0))?;
    if found > known {
        return Err(StoreError::TooNew { found, known });
    }
    for migration in MIGRATIONS {
        let applied: Option<String> = conn
            .query_row("SELECT checksum FROM schema_migrations WHERE version = ?1", [migration.version], |r| r.get(0))
            .map(Some)
            .or_else(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => Ok(None),
                e => Err(e),
            })?;
        match applied {
            Some(sum) if sum == checksum(migration.sql) => {}
            Some(_) => {
                return Err(StoreError::MigrationChanged { version: migration.version, name: migration.name });
            }
            None => {
                let tx = conn.transaction()?;
                tx.execute_batch(migration.sql)?;
                tx.execute(
                    "INSERT INTO schema_migrations (version, name, checksum, applied_at_ms)
                     VALUES (?1, ?2, ?3, strftime('%s','now') * 1000)",
                    params![migration.version, migration.name, checksum(migration.sql)],
                )?;
                tx.commit()?;
                tracing::info!(version = migration.version, name = migration.name, "applied migration");
            }
        }
    }
    Ok(())
}
