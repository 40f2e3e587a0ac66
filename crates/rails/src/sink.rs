//! Where a run's events and frames go: the runtime persists each before it is delivered.

use specwright_protocol::{Event, FrameBox};

/// Where the engine's events and frames go. The runtime persists them before delivery.
pub trait Sink: Send {
    fn emit(&mut self, event: Event) -> Result<(), String>;
    /// Stores a frame and announces it with a `mirror.frame` event; returns the frame's file name.
    /// `target` is where the element the step acted on sits in the frame, for the outline.
    fn frame(
        &mut self,
        jpeg: &[u8],
        step_index: Option<u32>,
        intent: &str,
        url: &str,
        target: Option<FrameBox>,
    ) -> Result<String, String>;
    fn cancelled(&self) -> bool;
    /// Stores where the run is (`node` of the graph, its state as JSON), replacing the previous
    /// checkpoint, so a crash or a question costs a resume, not the run.
    fn checkpoint(&mut self, _node: &str, _state: &serde_json::Value) -> Result<(), String> {
        Ok(())
    }
}
