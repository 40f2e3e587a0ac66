//! Turns that move nothing: an answer with no call (text that only restates the tools is
//! one), calls none of whose arguments fit their tool's schema (an unknown tool, arguments that
//! are not an object, a required field missing), or the same calls with the same arguments as
//! the turn before. The first such turn gets one corrective nudge; a run of them ends the
//! session with a sentence naming the model and what it did, never a loop until the limit.

use serde_json::Value;
use specwright_llm::{ToolCall, ToolSpec};

/// No-progress turns in a row that end the session.
pub(crate) const NO_PROGRESS_TURNS: u32 = 3;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Stall {
    /// The answer called no tool (structured or written as text).
    NoCall,
    /// The same calls, same arguments, as the turn before: the tools' names.
    SameCall(String),
    /// Every call's arguments failed its tool's schema: the tools' names as called.
    BadCall(String),
}

/// Whether a call's arguments can be its tool's: a tool offered, an object (or nothing), and
/// when it names fields, at least one of the tool's own (an echoed schema names `type`,
/// `properties`, `additionalProperties` instead). Kept loose on purpose: a call the tool itself
/// can refuse with a reason still moves the conversation.
fn fits(call: &ToolCall, tools: &[ToolSpec]) -> bool {
    let Some(tool) = tools.iter().find(|t| t.name == call.name) else { return false };
    let own = tool.parameters["properties"].as_object();
    match serde_json::from_str::<Value>(&call.arguments) {
        Ok(Value::Object(arguments)) => {
            arguments.is_empty() || own.is_some_and(|own| arguments.keys().any(|k| own.contains_key(k)))
        }
        _ => call.arguments.trim().is_empty(),
    }
}

#[derive(Debug, Default)]
pub(crate) struct Progress {
    last: Option<Vec<(String, String)>>,
    /// No-progress turns in a row.
    idle: u32,
}

impl Progress {
    /// Notes one turn's calls; what stalled, if it did.
    pub(crate) fn observe(&mut self, calls: &[ToolCall], tools: &[ToolSpec]) -> Option<Stall> {
        if calls.is_empty() {
            self.idle += 1;
            return Some(Stall::NoCall);
        }
        if !calls.iter().any(|c| fits(c, tools)) {
            self.idle += 1;
            let mut names: Vec<&str> = calls.iter().map(|c| c.name.as_str()).collect();
            names.dedup();
            return Some(Stall::BadCall(names.join(", ")));
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
            (Stall::BadCall(tools), 1) => format!(
                "Your call to {tools} did not fit the tool's parameters. Call one of the offered tools with a JSON \
                 object holding its required fields, and write no schema."
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

    fn tools() -> Vec<ToolSpec> {
        crate::tools::tool_specs()
    }

    #[test]
    fn silence_and_repeats_count_and_a_new_call_resets() {
        let tools = tools();
        let mut progress = Progress::default();
        assert_eq!(progress.observe(&[call("browser_snapshot", "{}")], &tools), None);
        let again = progress.observe(&[call("browser_snapshot", " { } ")], &tools);
        assert_eq!(again, Some(Stall::SameCall("browser_snapshot".into())));
        assert!(progress.nudge(&Stall::SameCall("browser_snapshot".into())).contains("same arguments"));
        assert_eq!(progress.observe(&[], &tools), Some(Stall::NoCall));
        assert_eq!(progress.idle(), 2);
        assert_eq!(progress.nudge(&Stall::NoCall), "Call a tool now.", "one full correction per run of stalls");
        // The same tool with other arguments is progress.
        let click = |r: &str| call("browser_click", &format!("{{\"ref\": \"{r}\", \"intent\": \"i\"}}"));
        assert_eq!(progress.observe(&[click("e1")], &tools), None);
        assert_eq!(progress.idle(), 0);
        assert_eq!(progress.observe(&[click("e2")], &tools), None);
        assert_eq!(progress.observe(&[click("e2")], &tools).map(|_| progress.idle()), Some(1));
    }

    /// What a small model did here: the tools' own schemas written back as a call, a tool that
    /// is not offered, arguments that are not an object — none of it moves the session.
    #[test]
    fn calls_that_do_not_fit_their_schema_are_no_progress() {
        let tools = tools();
        let mut progress = Progress::default();
        let echo = call("submit_scenario", "{\"type\": \"object\", \"additionalProperties\": false}");
        assert_eq!(progress.observe(&[echo], &tools), Some(Stall::BadCall("submit_scenario".into())));
        assert!(progress.nudge(&Stall::BadCall("submit_scenario".into())).contains("did not fit"));
        assert_eq!(
            progress.observe(&[call("open_website", "{}")], &tools),
            Some(Stall::BadCall("open_website".into()))
        );
        assert_eq!(
            progress.observe(&[call("browser_click", "[1, 2]")], &tools),
            Some(Stall::BadCall("browser_click".into()))
        );
        assert_eq!(progress.idle(), 3, "three such turns end the session");
        // One fitting call among them is progress.
        let fitting = call("browser_snapshot", "{}");
        assert_eq!(progress.observe(&[call("open_website", "{}"), fitting], &tools), None);
        assert_eq!(progress.idle(), 0);
    }
}
