//! Session bundles: one file holding a whole session (documents, event log, scenario, trial
//! results, frames) that another machine imports to inspect and replay. Secrets stay behind:
//! values typed into password fields are cut out of the documents, and frames were masked.

use crate::{Runtime, RuntimeError};
use serde::{Deserialize, Serialize};
use specwright_protocol::{Envelope, SessionSummary};
use specwright_scenario::Scenario;
use specwright_store::{DocumentRecord, RunRecord};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

const FORMAT: &str = "specwright.bundle";
const VERSION: u32 = 1;
/// What an import reads at most, whatever the archive claims: bundles are sessions, not disks.
const MAX_TOTAL_BYTES: u64 = 512 * 1024 * 1024;
const MAX_ENTRIES: usize = 20_000;

#[derive(Serialize, Deserialize)]
struct Manifest {
    format: String,
    version: u32,
    session: SessionSummary,
    documents: Vec<DocumentRecord>,
    scenario: Option<Scenario>,
    runs: Vec<RunRecord>,
}

fn bundle_error(reason: impl std::fmt::Display) -> RuntimeError {
    RuntimeError::Bundle(reason.to_string())
}

impl Runtime {
    /// Writes the session to one `.swbundle` file (a zip archive).
    pub fn bundle(&self, session_id: &str, file: &Path) -> Result<PathBuf, RuntimeError> {
        let session = self.store().session(session_id)?;
        let scenario = self.store().latest_scenario(session_id)?;
        let mut documents = self.store().documents(session_id)?;
        if let Some(scenario) = &scenario {
            for (_, value) in crate::spec_secrets::spec_secrets(scenario, &documents) {
                for doc in &mut documents {
                    doc.content = doc.content.replace(&value, "{{secret}}");
                }
            }
        }
        let events = self.store().events(session_id, 0)?;
        let runs = self.store().runs(session_id)?;
        let manifest = Manifest { format: FORMAT.into(), version: VERSION, session, documents, scenario, runs };

        if let Some(parent) = file.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(bundle_error)?;
        }
        let tmp = file.with_extension("swbundle.tmp");
        let out = std::fs::File::create(&tmp).map_err(bundle_error)?;
        let mut zip = zip::ZipWriter::new(out);
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        zip.start_file("bundle.json", options).map_err(bundle_error)?;
        zip.write_all(&serde_json::to_vec_pretty(&manifest).map_err(bundle_error)?).map_err(bundle_error)?;
        zip.start_file("events.jsonl", options).map_err(bundle_error)?;
        for envelope in &events {
            let mut line = serde_json::to_vec(envelope).map_err(bundle_error)?;
            line.push(b'\n');
            zip.write_all(&line).map_err(bundle_error)?;
        }
        // Frames are JPEG already: store them as they are.
        let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
        if let Ok(entries) = std::fs::read_dir(self.frames_dir(session_id)) {
            let mut names: Vec<String> =
                entries.filter_map(Result::ok).filter_map(|e| e.file_name().into_string().ok()).collect();
            names.sort();
            for name in names.into_iter().filter(|n| safe_name(n)) {
                let bytes = std::fs::read(self.frames_dir(session_id).join(&name)).map_err(bundle_error)?;
                zip.start_file(format!("frames/{name}"), stored).map_err(bundle_error)?;
                zip.write_all(&bytes).map_err(bundle_error)?;
            }
        }
        zip.finish().map_err(bundle_error)?;
        std::fs::rename(&tmp, file).map_err(bundle_error)?;
        Ok(file.to_path_buf())
    }

    /// Opens a bundle as a new session of this machine (a new id if the original is taken).
    /// Returns the session id. Nothing is stored unless all of it can be.
    pub fn import_bundle(&self, file: &Path) -> Result<String, RuntimeError> {
        let reader =
            std::fs::File::open(file).map_err(|_| RuntimeError::Bundle(format!("{} not found", file.display())))?;
        let mut zip =
            zip::ZipArchive::new(reader).map_err(|e| bundle_error(format!("not a Specwright bundle ({e})")))?;
        if zip.len() > MAX_ENTRIES {
            return Err(bundle_error(format!("too many entries ({})", zip.len())));
        }
        let mut budget = MAX_TOTAL_BYTES;
        let mut manifest: Option<Manifest> = None;
        let mut events: Vec<Envelope> = Vec::new();
        let mut frames: Vec<(String, Vec<u8>)> = Vec::new();
        for i in 0..zip.len() {
            let mut entry = zip.by_index(i).map_err(bundle_error)?;
            let name = entry.name().map(|n| n.to_string()).map_err(bundle_error)?;
            let mut bytes = Vec::new();
            // Read at most the remaining budget + 1 byte, whatever the header says (zip bombs).
            (&mut entry).take(budget + 1).read_to_end(&mut bytes).map_err(bundle_error)?;
            if bytes.len() as u64 > budget {
                return Err(bundle_error("the bundle unpacks to more than 512 MB"));
            }
            budget -= bytes.len() as u64;
            match name.as_str() {
                "bundle.json" => {
                    manifest =
                        Some(serde_json::from_slice(&bytes).map_err(|e| bundle_error(format!("bundle.json: {e}")))?)
                }
                "events.jsonl" => {
                    for line in bytes.split(|b| *b == b'\n').filter(|l| !l.is_empty()) {
                        events.push(
                            serde_json::from_slice(line).map_err(|e| bundle_error(format!("events.jsonl: {e}")))?,
                        );
                    }
                }
                other => match other.strip_prefix("frames/") {
                    Some(frame) if safe_name(frame) => frames.push((frame.to_string(), bytes)),
                    _ => return Err(bundle_error(format!("unexpected entry '{other}'"))),
                },
            }
        }
        let mut manifest = manifest.ok_or_else(|| bundle_error("bundle.json is missing"))?;
        if manifest.format != FORMAT || manifest.version > VERSION {
            return Err(bundle_error(format!(
                "format {} v{} is not one this version reads",
                manifest.format, manifest.version
            )));
        }
        let original = manifest.session.id.clone();
        if !safe_name(&original) {
            return Err(bundle_error("invalid session id"));
        }
        if self.store().session(&original).is_ok() {
            // A second copy of the same session: everything keyed by id gets a fresh one.
            manifest.session.id = self.next_id("ses");
            if let Some(scenario) = &mut manifest.scenario {
                scenario.id = self.next_id("scn");
            }
            let mut renamed = std::collections::HashMap::new();
            for run in &mut manifest.runs {
                let fresh = self.next_id("run");
                renamed.insert(std::mem::replace(&mut run.id, fresh.clone()), fresh);
            }
            for envelope in &mut events {
                if let Some(fresh) = renamed.get(&envelope.run_id) {
                    envelope.run_id = fresh.clone();
                }
            }
        }
        let id = manifest.session.id.clone();
        for envelope in &mut events {
            envelope.session_id = id.clone();
            if let specwright_protocol::Event::ScenarioDraft { scenario } = &mut envelope.event {
                disarm(scenario);
            }
        }
        if let Some(scenario) = &mut manifest.scenario {
            disarm(scenario);
        }
        let seqs_ok = events.iter().enumerate().all(|(i, e)| e.seq == i as u32 + 1);
        if !seqs_ok {
            return Err(bundle_error("the event log has gaps"));
        }
        for doc in &mut manifest.documents {
            doc.id = self.next_id("doc");
        }
        // Frames first: the database never points at a frame that is not there.
        let frames_dir = self.frames_dir(&id);
        std::fs::create_dir_all(&frames_dir).map_err(bundle_error)?;
        for (name, bytes) in &frames {
            std::fs::write(frames_dir.join(name), bytes).map_err(bundle_error)?;
        }
        let stored = self.store().import_session(
            &manifest.session,
            &manifest.documents,
            &events,
            manifest.scenario.as_ref(),
            &manifest.runs,
        );
        if let Err(e) = stored {
            let _ = std::fs::remove_dir_all(&frames_dir);
            return Err(e.into());
        }
        Ok(id)
    }
}

/// A bundle comes from someone else: a reset command in it would run on this machine at the
/// next trial. It stays as a note a person reads, never as a command.
fn disarm(scenario: &mut Scenario) {
    let language = specwright_rails::scenario_language(scenario);
    for precondition in &mut scenario.preconditions {
        if let specwright_scenario::Condition::Reset { command } = &precondition.condition {
            precondition.text = specwright_rails::written(
                language,
                "precondition-reset-disarmed",
                [("text", precondition.text.as_str().into()), ("command", command.as_str().into())],
            );
            precondition.condition = specwright_scenario::Condition::Note;
        }
    }
}

fn safe_name(name: &str) -> bool {
    !name.is_empty() && !name.contains("..") && name.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use specwright_scenario::{Condition, Precondition, Provenance};

    #[test]
    fn a_bundles_reset_command_is_never_run() {
        let mut scenario: Scenario = serde_json::from_value(serde_json::json!({
            "schema_version": 4, "id": "scn_1", "title": "t", "target_url": "http://127.0.0.1:1/",
            "variables": [], "data": null, "steps": [], "assumptions": [], "open_questions": [],
            "preconditions": [],
        }))
        .unwrap();
        scenario.preconditions.push(Precondition {
            condition: Condition::Reset { command: "rm -rf ~/work".into() },
            text: "reset".into(),
            provenance: Provenance::answer("data", "rm -rf ~/work"),
        });
        disarm(&mut scenario);
        assert_eq!(scenario.reset_command(), None);
        assert_eq!(scenario.preconditions[0].condition, Condition::Note);
        assert!(scenario.preconditions[0].text.contains("rm -rf ~/work"), "the person still reads what it was");
    }
}
