//! Tool calls a model wrote as text. Many small local models (and servers whose chat template
//! has no tool support) answer with the call in the message: `<tool_call>{…}</tool_call>`, a
//! fenced JSON block, or a bare JSON object naming a tool and its arguments. When an answer has
//! no structured call, these are taken as its calls, so the loop goes on instead of asking the
//! model again and again for what it already gave.

use crate::ToolCall;
use serde_json::Value;

/// The calls written in `text` to tools named in `known`, in the order they appear; none when
/// the text names no known tool. Ids are `text_call_N`.
pub fn calls_in_text(text: &str, known: &[&str]) -> Vec<ToolCall> {
    let mut values = Vec::new();
    let mut covered: Vec<(usize, usize)> = Vec::new();
    // Tagged and fenced blocks first: their JSON is exactly what the model meant as a call.
    for (open, close) in [("<tool_call>", "</tool_call>"), ("<function_call>", "</function_call>")] {
        let mut from = 0;
        while let Some(start) = text[from..].find(open).map(|i| from + i) {
            let body_start = start + open.len();
            let end = text[body_start..].find(close).map_or(text.len(), |i| body_start + i);
            values.extend(json_values(&text[body_start..end]).into_iter().map(|(_, v)| (start, v)));
            covered.push((start, end));
            from = end.max(body_start);
        }
    }
    let mut from = 0;
    while let Some(start) = text[from..].find("```").map(|i| from + i) {
        let Some(body_start) = text[start + 3..].find('\n').map(|i| start + 3 + i + 1) else { break };
        let end = text[body_start..].find("```").map_or(text.len(), |i| body_start + i);
        if !covered.iter().any(|(a, b)| start >= *a && start < *b) {
            values.extend(json_values(&text[body_start..end]).into_iter().map(|(_, v)| (start, v)));
            covered.push((start, end));
        }
        from = (end + 3).min(text.len());
    }
    // Bare objects outside those blocks.
    let mut outside = String::with_capacity(text.len());
    let mut last = 0;
    let mut spans = covered.clone();
    spans.sort_unstable();
    for (a, b) in spans {
        if a >= last {
            outside.push_str(&text[last..a]);
            outside.push_str(&" ".repeat(b.min(text.len()) - a));
            last = b.min(text.len());
        }
    }
    outside.push_str(&text[last.min(text.len())..]);
    values.extend(json_values(&outside));
    values.sort_by_key(|(at, _)| *at);

    let mut calls = Vec::new();
    for (_, value) in values {
        collect_calls(&value, known, &mut calls);
    }
    for (i, call) in calls.iter_mut().enumerate() {
        call.id = format!("text_call_{i}");
    }
    calls
}

/// Every top-level JSON object or array in `text`, with where it starts.
fn json_values(text: &str) -> Vec<(usize, Value)> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let Some(start) = text[at..].find(['{', '[']).map(|i| at + i) else { break };
        let mut stream = serde_json::Deserializer::from_str(&text[start..]).into_iter::<Value>();
        match stream.next() {
            Some(Ok(value)) => {
                out.push((start, value));
                at = start + stream.byte_offset().max(1);
            }
            _ => at = start + 1,
        }
    }
    out
}

/// The calls one JSON value describes: `{"name", "arguments"|"parameters"}`,
/// `{"function": {…}}`, `{"tool"|"tool_name", "arguments"}`, a list of those, or
/// `{"tool_calls": [...]}`.
fn collect_calls(value: &Value, known: &[&str], calls: &mut Vec<ToolCall>) {
    match value {
        Value::Array(items) => items.iter().for_each(|item| collect_calls(item, known, calls)),
        Value::Object(map) => {
            if let Some(list) = map.get("tool_calls") {
                return collect_calls(list, known, calls);
            }
            if let Some(function) = map.get("function").filter(|f| f.is_object()) {
                return collect_calls(function, known, calls);
            }
            let name = ["name", "tool", "tool_name", "function_name"]
                .iter()
                .find_map(|key| map.get(*key).and_then(Value::as_str))
                .map(|n| n.trim().replace(['.', '-'], "_"));
            let Some(name) = name.filter(|n| known.contains(&n.as_str())) else { return };
            let arguments = ["arguments", "parameters", "args", "input"]
                .iter()
                .find_map(|key| map.get(*key))
                .cloned()
                .unwrap_or(Value::Object(Default::default()));
            // Arguments written as a JSON string are the string's JSON.
            let arguments = match arguments {
                Value::String(s) => serde_json::from_str(&s).unwrap_or(Value::String(s)),
                other => other,
            };
            calls.push(ToolCall { id: String::new(), name, arguments: arguments.to_string() });
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNOWN: &[&str] = &["browser_snapshot", "browser_click", "submit_scenario"];

    fn names(calls: &[ToolCall]) -> Vec<(&str, &str)> {
        calls.iter().map(|c| (c.name.as_str(), c.arguments.as_str())).collect()
    }

    #[test]
    fn tagged_fenced_and_bare_calls_are_calls() {
        let tagged =
            "I will look first.\n<tool_call>\n{\"name\": \"browser_snapshot\", \"arguments\": {}}\n</tool_call>";
        assert_eq!(names(&calls_in_text(tagged, KNOWN)), [("browser_snapshot", "{}")]);
        let fenced = "```json\n{\"name\": \"browser_click\", \"arguments\": {\"ref\": \"e3\"}}\n```\nThen submit.";
        assert_eq!(names(&calls_in_text(fenced, KNOWN)), [("browser_click", "{\"ref\":\"e3\"}")]);
        let bare = "{\"name\": \"browser_snapshot\", \"parameters\": {}} and {\"function\": {\"name\": \"submit_scenario\", \"arguments\": \"{\\\"summary\\\": \\\"s\\\"}\"}}";
        assert_eq!(
            names(&calls_in_text(bare, KNOWN)),
            [("browser_snapshot", "{}"), ("submit_scenario", "{\"summary\":\"s\"}")]
        );
        let ids: Vec<String> = calls_in_text(bare, KNOWN).into_iter().map(|c| c.id).collect();
        assert_eq!(ids, ["text_call_0", "text_call_1"]);
    }

    #[test]
    fn a_block_is_not_counted_twice_and_unknown_names_are_not_calls() {
        let text = "<tool_call>{\"name\": \"browser_snapshot\", \"arguments\": {}}</tool_call>\n```json\n{\"name\": \"browser_snapshot\"}\n```";
        assert_eq!(calls_in_text(text, KNOWN).len(), 2, "two blocks, two calls");
        assert!(calls_in_text("{\"name\": \"fetch\", \"arguments\": {}}", KNOWN).is_empty());
        assert!(calls_in_text("The page shows {a cart}.", KNOWN).is_empty());
        assert!(calls_in_text("", KNOWN).is_empty());
        // A tag the answer ran out before closing still holds its call.
        let cut = "<tool_call>\n{\"name\": \"browser.snapshot\", \"arguments\": {}}";
        assert_eq!(names(&calls_in_text(cut, KNOWN)), [("browser_snapshot", "{}")]);
    }

    /// The shapes small local models are seen writing; the real server's own output is checked
    /// in the tests against llama.cpp (`tests/e2e/local_model.rs`).
    #[test]
    fn shapes_small_models_write() {
        // A fenced block with the call spread over lines (Qwen2.5 on llama.cpp).
        let qwen = "```json\n{\n  \"name\": \"browser_snapshot\",\n  \"arguments\": {}\n}\n```";
        assert_eq!(names(&calls_in_text(qwen, KNOWN)), [("browser_snapshot", "{}")]);
        // A tagged call with Korean arguments.
        let smollm = "<tool_call>\n{\"name\": \"browser_click\", \"arguments\": {\"ref\": \"e12\", \"intent\": \"'로그인' 버튼을 누른다\"}}\n</tool_call>";
        assert_eq!(calls_in_text(smollm, KNOWN)[0].name, "browser_click");
        assert!(calls_in_text(smollm, KNOWN)[0].arguments.contains("로그인"));
    }
}
