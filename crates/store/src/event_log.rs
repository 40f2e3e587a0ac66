//! Subscriptions: replay what a subscriber missed, then stream live events, with no gap and no
//! duplicate even when an event lands while the replay is being read.

use crate::{Store, StoreError};
use specwright_protocol::Envelope;
use std::collections::VecDeque;
use std::sync::Arc;
use tokio::sync::broadcast::{self, error::RecvError};

pub struct Subscription {
    store: Arc<Store>,
    session_id: String,
    last_seq: u32,
    backlog: VecDeque<Envelope>,
    live: broadcast::Receiver<Envelope>,
}

impl Store {
    /// Events of `session_id` with `seq > after_seq`: first the stored ones, then live ones.
    pub fn subscribe(self: &Arc<Self>, session_id: &str, after_seq: u32) -> Result<Subscription, StoreError> {
        // Listen before reading the log: an event committed in between is then seen twice
        // (and deduplicated by seq) rather than not at all.
        let live = self.live.subscribe();
        self.session(session_id)?;
        let backlog = self.events(session_id, after_seq)?.into();
        Ok(Subscription {
            store: Arc::clone(self),
            session_id: session_id.to_string(),
            last_seq: after_seq,
            backlog,
            live,
        })
    }
}

impl Subscription {
    /// The next event in sequence order; waits for a live one when the backlog is drained.
    /// `None` once the store is gone.
    pub async fn next(&mut self) -> Result<Option<Envelope>, StoreError> {
        loop {
            if let Some(envelope) = self.backlog.pop_front() {
                if envelope.seq <= self.last_seq {
                    continue;
                }
                self.last_seq = envelope.seq;
                return Ok(Some(envelope));
            }
            match self.live.recv().await {
                Ok(envelope) if envelope.session_id != self.session_id => continue,
                Ok(envelope) if envelope.seq <= self.last_seq => continue,
                Ok(envelope) if envelope.seq == self.last_seq + 1 => {
                    self.last_seq = envelope.seq;
                    return Ok(Some(envelope));
                }
                // Out of order or lagged: the log is the source of truth, read the gap from it.
                Ok(_) | Err(RecvError::Lagged(_)) => {
                    self.backlog = self.store.events(&self.session_id, self.last_seq)?.into();
                }
                Err(RecvError::Closed) => return Ok(None),
            }
        }
    }

    /// Whatever is already available without waiting.
    pub fn last_seq(&self) -> u32 {
        self.last_seq
    }
}
