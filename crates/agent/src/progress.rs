//! Turns that move nothing: an answer with no call, or the same calls with the same arguments
//! as the turn before. The first such turn gets one corrective nudge; a run of them ends the
//! session with a sentence naming the model and what it did, never a loop until the limit.

use serde_json::Value;
use specwright_llm::ToolCall;

/// No-progress turns in a row that end the session.
pub(crate) const NO_PROGRESS_TURNS: u32 = 3;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Stall {
    /// The answer called no tool (structured or written as text).
    NoCall,
    /// The same calls, same arguments, as the turn before: the tools' names.
    SameCall(String),
}

#[derive(Debug, Default)]
pub(crate) struct Progress {
    last: Option<Vec<(String, String)>>,
    /// No-progress turns in a row.
    idle: u32,
}

impl Progress {
    /// Notes one turn's calls; what stalled, if it did.
    pub(crate) fn observe(&mut self, calls: &[ToolCall]) -> Option<Stall> {
        if calls.is_empty() {
            self.idle += 1;
            return Some(Stall::NoCall);
        }
        // Arguments compared as JSON, so spacing and key order do not make a call new.
        let signature: Vec<(String, String)> = calls
            .iter()
            .map(|c| {
                let arguments = serde_json::from_str::<Value>(&c.arguments)
                    .map_or_else(|_| c.arguments.trim().to_string(), |v| v.to_string());
                (c.name.clone(), arguments)
            })
            .collect();
        if self.last.as_ref() == Some(&signature) {
            self.idle += 1;
            let mut names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
            names.dedup();
            return Some(Stall::SameCall(names.join(", ")));
        }
        self.last = Some(signature);
        self.idle = 0;
        None
    }

    pub(crate) fn idle(&self) -> u32 {
        self.idle
    }

    /// What the model is told after a stalled turn: the whole correction the first time, a
    /// short reminder after.
    pub(crate) fn nudge(&self, stall: &Stall) -> String {
        match (stall, self.idle) {
            (Stall::NoCall, 1) => "You answered without calling a tool. Reply with one tool call and no prose: \
                for example browser_snapshot with {} to see the page. Call submit_scenario when the scenario is complete."
                .into(),
            (Stall::SameCall(tools), 1) => format!(
                "You called {tools} again with the same arguments and got the same result. Do something else: \
                 act on an element of the latest snapshot, add a check, or call submit_scenario."
            ),
            _ => "Call a tool now.".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(name: &str, arguments: &str) -> ToolCall {
        ToolCall { id: "c".into(), name: name.into(), arguments: arguments.into() }
    }

    #[test]
    fn silence_and_repeats_count_and_a_new_call_resets() {
        let mut progress = Progress::default();
        assert_eq!(progress.observe(&[call("browser_snapshot", "{}")]), None);
        let again = progress.observe(&[call("browser_snapshot", " { } ")]);
        assert_eq!(again, Some(Stall::SameCall("browser_snapshot".into())));
        assert!(progress.nudge(&Stall::SameCall("browser_snapshot".into())).contains("same arguments"));
        assert_eq!(progress.observe(&[]), Some(Stall::NoCall));
        assert_eq!(progress.idle(), 2);
        assert_eq!(progress.nudge(&Stall::NoCall), "Call a tool now.", "one full correction per run of stalls");
        // The same tool with other arguments is progress.
        let click = |r: &str| call("browser_click", &format!("{{\"ref\": \"{r}\", \"intent\": \"i\"}}"));
        assert_eq!(progress.observe(&[click("e1")]), None);
        assert_eq!(progress.idle(), 0);
        assert_eq!(progress.observe(&[click("e2")]), None);
        assert_eq!(progress.observe(&[click("e2")]).map(|_| progress.idle()), Some(1));
    }
}
