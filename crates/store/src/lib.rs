//! App-local SQLite: the session's memory. Everything a run produces is appended here before
//! anyone sees it, so a closed window or a crash loses nothing.

mod chunks;
mod clock;
mod error;
mod event_log;
mod migrations;
mod store;

pub use chunks::{ChunkRecord, NewChunk};
pub use clock::{Clock, FixedClock, Ids, RandomIds, SequentialIds, SystemClock};
pub use error::StoreError;
pub use event_log::Subscription;
pub use migrations::{Migration, MIGRATIONS};
pub use store::{DocumentRecord, Import, NewSession, RunRecord, Store};
