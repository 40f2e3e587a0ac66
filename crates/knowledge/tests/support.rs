//! A real store in a temporary folder with a session holding the sample specs.

#![allow(dead_code)]

use specwright_intake::Document;
use specwright_knowledge::{EmbedderSource, Knowledge, SemanticOff};
use specwright_store::{DocumentRecord, FixedClock, NewSession, Store};
use std::path::PathBuf;
use std::sync::Arc;

pub fn spec(name: &str) -> Document {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/specs").join(name);
    specwright_intake::read_spec(&path).unwrap()
}

pub fn store(dir: &tempfile::TempDir) -> Arc<Store> {
    Store::open(&dir.path().join("specwright.db"), Arc::new(FixedClock::new(1_700_000_000_000, 1))).unwrap()
}

pub fn session(store: &Store, id: &str, docs: &[Document]) {
    let records: Vec<DocumentRecord> = docs
        .iter()
        .enumerate()
        .map(|(i, d)| DocumentRecord {
            id: format!("{id}-doc{i}"),
            name: d.name.clone(),
            media_type: d.media_type.clone(),
            sha256: d.sha256.clone(),
            content: d.text(),
            outline_json: d.structure(),
        })
        .collect();
    let new = NewSession {
        id: id.into(),
        title: "t".into(),
        engine: "offline".into(),
        target_url: "http://127.0.0.1".into(),
    };
    store.create_session(&new, &records).unwrap();
}

pub fn keyword_only(store: Arc<Store>) -> Knowledge {
    Knowledge::new(store, EmbedderSource::Off(SemanticOff("test".into())))
}

/// The installed model (`make setup` installs it); tests of semantic search need it.
pub fn with_model(store: Arc<Store>) -> Knowledge {
    let knowledge = Knowledge::new(store, EmbedderSource::Shared { data_dir: None });
    if let Err(off) = knowledge.embedder() {
        panic!("the embedding model is not installed; run `make setup` ({off})");
    }
    knowledge
}

pub fn index_all(knowledge: &Knowledge, session: &str, docs: &[Document]) -> Vec<specwright_knowledge::IndexReport> {
    docs.iter().map(|d| knowledge.index_document(session, d, &mut |_, _, _| true).unwrap()).collect()
}
