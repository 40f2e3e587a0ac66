//! Time and ids are injected so tests are deterministic.

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};

pub trait Clock: Send + Sync {
    /// Milliseconds since the Unix epoch.
    fn now_ms(&self) -> i64;
}

pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
    }
}

/// A clock that advances by `step_ms` on every read.
pub struct FixedClock {
    now: AtomicI64,
    step_ms: i64,
}

impl FixedClock {
    pub fn new(start_ms: i64, step_ms: i64) -> Self {
        Self { now: AtomicI64::new(start_ms), step_ms }
    }
}

impl Clock for FixedClock {
    fn now_ms(&self) -> i64 {
        self.now.fetch_add(self.step_ms, Ordering::SeqCst)
    }
}

pub trait Ids: Send + Sync {
    /// A new unique id starting with `prefix` (`ses`, `run`, `doc`, ...).
    fn next_id(&self, prefix: &str) -> String;
}

pub struct RandomIds;

impl Ids for RandomIds {
    fn next_id(&self, prefix: &str) -> String {
        let uuid = uuid::Uuid::new_v4().simple().to_string();
        format!("{prefix}_{}", &uuid[..12])
    }
}

/// `prefix_1`, `prefix_2`, ...: one counter shared by all prefixes.
#[derive(Default)]
pub struct SequentialIds {
    next: AtomicU64,
}

impl Ids for SequentialIds {
    fn next_id(&self, prefix: &str) -> String {
        format!("{prefix}_{}", self.next.fetch_add(1, Ordering::SeqCst) + 1)
    }
}
