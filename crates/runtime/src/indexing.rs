//! Embedding a run's documents in the background: a person who drops a 200-page spec sees the
//! browser start within seconds, not after a minute of embedding. The chunks are stored before
//! the run goes on (keyword search answers at once); the vectors follow batch by batch on a
//! blocking thread, with their progress events, while the engine works. Semantic search uses
//! what is embedded so far. The run's end (or a stop) ends the embedding at its next batch, and
//! no progress event is written after that point; what was embedded stays in the cache, and a
//! resume continues from there.

use specwright_knowledge::{Chunked, Knowledge};
use specwright_protocol::{Event, IngestStage, Text};
use specwright_store::Store;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Whose documents are embedded, and where its events go.
pub(crate) struct Owner {
    pub store: Arc<Store>,
    pub knowledge: Arc<Knowledge>,
    pub session_id: String,
    pub run_id: String,
    /// The run's stop.
    pub cancel: Arc<AtomicBool>,
}

/// One document, chunked, waiting for its vectors.
pub(crate) struct Pending {
    pub chunked: Chunked,
    pub sections: u32,
}

/// The background embedding of one run. Dropping it ends the embedding: the run's end, its
/// stop, or its future dropped after the stop's grace all pass through here.
pub(crate) struct Indexing {
    stop: Arc<AtomicBool>,
    /// Whether the thread may still write events. Closed under the lock, so no progress event
    /// lands after the run's terminal event.
    open: Arc<Mutex<bool>>,
}

impl Indexing {
    /// Starts embedding `documents` on a blocking thread. Nothing to do starts nothing.
    pub fn start(owner: Owner, documents: Vec<Pending>) -> Indexing {
        let indexing = Indexing { stop: Arc::new(AtomicBool::new(false)), open: Arc::new(Mutex::new(true)) };
        if documents.is_empty() {
            return indexing;
        }
        let Owner { store, knowledge, session_id, run_id, cancel } = owner;
        let (stop, open) = (Arc::clone(&indexing.stop), Arc::clone(&indexing.open));
        tokio::task::spawn_blocking(move || {
            let ended = || stop.load(Ordering::SeqCst) || cancel.load(Ordering::SeqCst);
            // Writes the event unless the run has ended; false once it has.
            let emit = |event: Event| {
                let open = open.lock().unwrap_or_else(|p| p.into_inner());
                if !*open || ended() {
                    return false;
                }
                if let Err(e) = store.append_event(&session_id, &run_id, event) {
                    tracing::warn!(error = %e, "could not record ingest progress");
                }
                true
            };
            for Pending { chunked, sections } in documents {
                if ended() {
                    return;
                }
                let document = chunked.document.clone();
                let mut progress = |done: u32, total: u32| {
                    let event = Event::IngestProgress {
                        document: document.clone(),
                        stage: IngestStage::Embedding,
                        sections,
                        chunks: total,
                        embedded: done,
                    };
                    emit(event)
                };
                let report = knowledge.embed_chunks(&session_id, &chunked, &mut progress);
                match report {
                    Ok(r) if r.unchanged => {
                        let _ = emit(Event::IngestProgress {
                            document: document.clone(),
                            stage: IngestStage::Unchanged,
                            sections,
                            chunks: r.chunks,
                            embedded: r.reused,
                        });
                    }
                    Ok(r) => {
                        if let Some(why) = r.semantic_off {
                            let _ = emit(Event::MessageDone {
                                text: Text::message("ingest-semantic-off", [("reason", why.into())]),
                            });
                            return;
                        }
                        if r.embedded == 0 {
                            // Every vector was cached: the document is complete already.
                            let _ = emit(Event::IngestProgress {
                                document: document.clone(),
                                stage: IngestStage::Embedding,
                                sections,
                                chunks: r.chunks,
                                embedded: r.reused,
                            });
                        }
                    }
                    Err(e) => {
                        // Semantic search stays partial; keyword search and the run go on.
                        tracing::warn!(error = %e, document = %document, "embedding stopped");
                        let _ = emit(Event::MessageDone {
                            text: Text::message("ingest-semantic-off", [("reason", e.to_string().into())]),
                        });
                        return;
                    }
                }
            }
        });
        indexing
    }
}

impl Drop for Indexing {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        *self.open.lock().unwrap_or_else(|p| p.into_inner()) = false;
    }
}
