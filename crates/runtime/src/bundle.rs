//! Session bundles: one file holding a whole session (documents, event log, scenario, trial
//! results, frames) that another machine imports to inspect and replay. Secrets stay behind:
//! the spec's passwords are cut out of every field, and frames were masked. An imported bundle is
//! data: it never becomes a command, a path outside its own folder, or a request to its address
//! before a person here agrees (`Runtime::trust_imported_target`).

use crate::{Runtime, RuntimeError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use specwright_protocol::{Envelope, Event, SessionSummary};
use specwright_scenario::Scenario;
use specwright_store::{DocumentRecord, RunRecord};
use std::collections::HashMap;
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
    /// Writes the session to one `.swbundle` file (a zip archive). The passwords its spec gave are
    /// cut out of every field that could quote them — documents, their outline and tables, the
    /// event log, the scenario, the trial reports — not only the documents' text.
    pub fn bundle(&self, session_id: &str, file: &Path) -> Result<PathBuf, RuntimeError> {
        let session = self.store().session(session_id)?;
        let scenario = self.store().latest_scenario(session_id)?;
        let mut documents = self.store().documents(session_id)?;
        let mut values: Vec<String> = Vec::new();
        for scenario in self.store().session_scenarios(session_id)?.iter().chain(scenario.iter()) {
            for (_, value) in crate::spec_secrets::spec_secrets(scenario, &documents) {
                if !value.is_empty() && !values.contains(&value) {
                    values.push(value);
                }
            }
        }
        let scrub = Scrub { values };
        for doc in &mut documents {
            doc.content = scrub.text(&doc.content);
            doc.name = scrub.text(&doc.name);
            doc.outline_json = scrub.json_text(&doc.outline_json);
        }
        let scenario = scenario.map(|s| scrub.typed(&s)).transpose()?;
        let events: Vec<Envelope> =
            self.store().events(session_id, 0)?.iter().map(|e| scrub.typed(e)).collect::<Result<_, _>>()?;
        let mut runs = self.store().runs(session_id)?;
        for run in &mut runs {
            run.result_json = run.result_json.as_deref().map(|json| scrub.json_text(json));
        }
        let session = scrub.typed(&session)?;
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

    /// Opens a bundle as a new session of this machine, every id in it made anew (importing the
    /// same bundle twice gives two sessions). Returns the session id. Nothing is stored unless
    /// all of it can be.
    ///
    /// A bundle is data from someone else: its answers are marked as imported (never a reset
    /// command, never a confirmation given here), its reset commands become notes, every frame
    /// name it carries must be one file name, and the session remembers which events came with
    /// it, so no output folder, answer or confirmation is ever taken from them.
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
        let seqs_ok = events.iter().enumerate().all(|(i, e)| e.seq == i as u32 + 1);
        if !seqs_ok {
            return Err(bundle_error("the event log has gaps"));
        }
        // Every frame a report or an event names is one file of the session's frame folder.
        let named_frames = events.iter().filter_map(|e| match &e.event {
            Event::MirrorFrame { file, .. } => Some(file.clone()),
            Event::TrialStep { result, .. } => result.frame.clone(),
            _ => None,
        });
        let reported_frames = manifest
            .runs
            .iter()
            .filter_map(|r| r.result_json.as_deref())
            .filter_map(|json| serde_json::from_str::<serde_json::Value>(json).ok())
            .flat_map(|json| strings_under(&json, "frame"));
        if let Some(bad) = named_frames.chain(reported_frames).find(|name| !safe_name(name)) {
            return Err(bundle_error(format!("a frame named '{bad}' is not a file name")));
        }

        // Every id is made here: a bundle names nothing on this machine.
        let mut renamed: HashMap<String, String> = HashMap::new();
        renamed.insert(manifest.session.id.clone(), self.next_id("ses"));
        let scenario_ids =
            manifest.scenario.iter().map(|s| s.id.clone()).chain(events.iter().filter_map(|e| match &e.event {
                Event::ScenarioDraft { scenario } => Some(scenario.id.clone()),
                _ => None,
            }));
        for id in scenario_ids.collect::<Vec<_>>() {
            if !renamed.contains_key(&id) {
                renamed.insert(id, self.next_id("scn"));
            }
        }
        let run_ids: Vec<String> =
            manifest.runs.iter().map(|r| r.id.clone()).chain(events.iter().map(|e| e.run_id.clone())).collect();
        for id in run_ids {
            if !renamed.contains_key(&id) {
                renamed.insert(id, self.next_id("run"));
            }
        }
        let rename = Rename(&renamed);
        manifest.session = rename.typed(&manifest.session)?;
        if let Some(scenario) = &manifest.scenario {
            let mut scenario = rename.typed(scenario)?;
            disarm(&mut scenario);
            manifest.scenario = Some(scenario);
        }
        for run in &mut manifest.runs {
            run.id = renamed.get(&run.id).cloned().unwrap_or_else(|| self.next_id("run"));
            run.result_json = run.result_json.as_deref().map(|json| rename.json_text(json));
        }
        let id = manifest.session.id.clone();
        let mut imported = Vec::with_capacity(events.len());
        for envelope in &events {
            let mut envelope = rename.typed(envelope)?;
            envelope.session_id = id.clone();
            match &mut envelope.event {
                Event::ScenarioDraft { scenario } => disarm(scenario),
                // What someone else answered stays readable, but is theirs: never a command or a
                // confirmation given on this machine (`revision::remembered`).
                Event::QuestionAnswered { source, .. } if source != "secret" => {
                    *source = crate::revision::IMPORTED.to_string()
                }
                _ => {}
            }
            imported.push(envelope);
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
            &imported,
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

impl Runtime {
    /// Before a run of an imported session sends anything to `url`: refused while `url` is an
    /// address its bundle named (the session's or a scenario's) and nobody on this machine has
    /// agreed to it (`trust_imported_target`). An address the person gave here is theirs.
    pub fn check_imported_target(&self, session_id: &str, url: &str) -> Result<(), RuntimeError> {
        let Some(import) = self.store().import_of(session_id)? else { return Ok(()) };
        if import.target_trusted {
            return Ok(());
        }
        let summary = self.store().session(session_id)?;
        let named: Vec<String> = std::iter::once(summary.target_url.clone())
            .chain(self.store().session_scenarios(session_id)?.into_iter().map(|s| s.target_url))
            .filter_map(|u| specwright_browser::origin(&u))
            .collect();
        match specwright_browser::origin(url) {
            Some(origin) if !named.contains(&origin) => Ok(()),
            _ => Err(RuntimeError::UntrustedTarget { session: session_id.to_string(), url: url.to_string() }),
        }
    }

    /// The address an imported session's bundle names, while nobody here has agreed to it.
    pub fn untrusted_import_target(&self, session_id: &str) -> Result<Option<String>, RuntimeError> {
        match self.store().import_of(session_id)? {
            Some(import) if !import.target_trusted => Ok(Some(self.store().session(session_id)?.target_url)),
            _ => Ok(None),
        }
    }

    /// A person on this machine agreed to send the imported session's steps to the address its
    /// bundle names. Does nothing for a session made here.
    pub fn trust_imported_target(&self, session_id: &str) -> Result<(), RuntimeError> {
        self.store().session(session_id)?;
        Ok(self.store().trust_import_target(session_id)?)
    }
}

/// Every string found under `key` anywhere in `json`.
fn strings_under(json: &serde_json::Value, key: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![json];
    while let Some(value) = stack.pop() {
        match value {
            serde_json::Value::Object(map) => {
                for (k, v) in map {
                    if k == key {
                        if let Some(s) = v.as_str() {
                            out.push(s.to_string());
                        }
                    }
                    stack.push(v);
                }
            }
            serde_json::Value::Array(items) => stack.extend(items),
            _ => {}
        }
    }
    out
}

/// Rewrites every string value of a JSON tree.
fn map_strings(json: &mut serde_json::Value, f: &dyn Fn(&str) -> Option<String>) {
    match json {
        serde_json::Value::String(s) => {
            if let Some(new) = f(s) {
                *s = new;
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(|v| map_strings(v, f)),
        serde_json::Value::Object(map) => map.values_mut().for_each(|v| map_strings(v, f)),
        _ => {}
    }
}

/// A rewrite of the string values of typed data and of stored JSON text.
trait Rewrite {
    fn string(&self, s: &str) -> Option<String>;

    fn typed<T: Serialize + DeserializeOwned>(&self, value: &T) -> Result<T, RuntimeError> {
        let mut json = serde_json::to_value(value).map_err(bundle_error)?;
        map_strings(&mut json, &|s| self.string(s));
        serde_json::from_value(json).map_err(bundle_error)
    }

    /// Stored JSON text rewritten; text that is not JSON is rewritten as text.
    fn json_text(&self, text: &str) -> String {
        match serde_json::from_str::<serde_json::Value>(text) {
            Ok(mut json) => {
                map_strings(&mut json, &|s| self.string(s));
                json.to_string()
            }
            Err(_) => self.string(text).unwrap_or_else(|| text.to_string()),
        }
    }
}

/// Ids of the bundle → ids made on this machine (a string equal to an old id is that id).
struct Rename<'a>(&'a HashMap<String, String>);

impl Rewrite for Rename<'_> {
    fn string(&self, s: &str) -> Option<String> {
        self.0.get(s).cloned()
    }
}

/// The passwords a spec gave, cut out wherever they are quoted.
struct Scrub {
    values: Vec<String>,
}

impl Scrub {
    fn text(&self, text: &str) -> String {
        self.string(text).unwrap_or_else(|| text.to_string())
    }
}

impl Rewrite for Scrub {
    fn string(&self, s: &str) -> Option<String> {
        let hit = self.values.iter().any(|v| s.contains(v.as_str()));
        hit.then(|| self.values.iter().fold(s.to_string(), |acc, v| acc.replace(v.as_str(), "{{secret}}")))
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

use specwright_protocol::safe_name;

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
