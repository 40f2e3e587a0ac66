//! The engine's sink in a real run: events go to the store (persisted, then delivered) and
//! frames to files under the data dir.

use specwright_protocol::{Event, FrameBox};
use specwright_rails::Sink;
use specwright_store::Store;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

pub(crate) struct RunSink {
    pub store: Arc<Store>,
    pub session_id: String,
    pub run_id: String,
    pub frames_dir: PathBuf,
    pub frame_count: u32,
    pub cancel: Arc<AtomicBool>,
    /// Set when a message waits (see `RunContext::yielding`): the engines stop as for a stop.
    pub yielding: Arc<AtomicBool>,
}

impl RunSink {
    pub fn emit_event(&mut self, event: Event) -> Result<(), String> {
        self.store.append_event(&self.session_id, &self.run_id, event).map(|_| ()).map_err(|e| e.to_string())
    }

    /// Writes a frame under the session's next number and returns its file name; the event that
    /// announces it is the caller's.
    pub fn store_frame(&mut self, jpeg: &[u8]) -> Result<String, String> {
        std::fs::create_dir_all(&self.frames_dir).map_err(|e| e.to_string())?;
        self.frame_count += 1;
        let file = format!("{:04}.jpg", self.frame_count);
        std::fs::write(self.frames_dir.join(&file), jpeg).map_err(|e| e.to_string())?;
        Ok(file)
    }
}

impl Sink for RunSink {
    fn emit(&mut self, event: Event) -> Result<(), String> {
        self.emit_event(event)
    }

    fn frame(
        &mut self,
        jpeg: &[u8],
        step_index: Option<u32>,
        intent: &str,
        url: &str,
        target: Option<FrameBox>,
    ) -> Result<String, String> {
        let file = self.store_frame(jpeg)?;
        self.emit_event(Event::MirrorFrame {
            file: file.clone(),
            step_index,
            intent: intent.to_string(),
            url: url.to_string(),
            target,
        })?;
        Ok(file)
    }

    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::SeqCst) || self.yielding.load(Ordering::SeqCst)
    }

    fn checkpoint(&mut self, node: &str, state: &serde_json::Value) -> Result<(), String> {
        let seq = self.store.session(&self.session_id).map(|s| s.last_seq).map_err(|e| e.to_string())?;
        self.store
            .save_checkpoint(&self.session_id, &self.run_id, node, &state.to_string(), seq)
            .map_err(|e| e.to_string())
    }
}
