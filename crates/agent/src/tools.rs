//! The tools the model may call, as JSON Schemas valid in OpenAI strict mode (every property
//! required, nothing else allowed), and their arguments as Rust types: arguments that do not fit
//! go back to the model as a tool error, never into the browser.

use serde::Deserialize;
use serde_json::{json, Value};
use specwright_llm::ToolSpec;

fn object(properties: Value) -> Value {
    let required: Vec<String> = properties.as_object().map(|o| o.keys().cloned().collect()).unwrap_or_default();
    json!({"type": "object", "properties": properties, "required": required, "additionalProperties": false})
}

fn string(description: &str) -> Value {
    json!({"type": "string", "description": description})
}

const CITE: &str =
    "Where this step comes from: `document#L12`, `book.xlsx#Sheet!5`, or `assumption` after record_assumption.";
const INTENT: &str = "The step as a person would write it, in the documents' language.";
const REF: &str = "The element's ref in the latest snapshot, e.g. e12.";
const ROLE: &str = "The element's role as the snapshot shows it: heading, button, text, paragraph, cell, dialog …";
const NAME: &str = "Its name or text as the snapshot shows it.";

fn spec(name: &str, description: &str, properties: Value) -> ToolSpec {
    ToolSpec { name: name.into(), description: description.into(), parameters: object(properties) }
}

pub fn tool_specs() -> Vec<ToolSpec> {
    vec![
        spec("browser_snapshot", "See the current page: its accessibility tree with a ref for every element you can use.", json!({})),
        spec(
            "browser_navigate",
            "Open a URL or a path of the application.",
            json!({"url": string("Absolute URL or a path such as /login."), "intent": string(INTENT), "cite": string(CITE)}),
        ),
        spec("browser_click", "Click an element.", json!({"ref": string(REF), "intent": string(INTENT), "cite": string(CITE)})),
        spec(
            "browser_fill",
            "Type a value into a field (replacing what is there). Passwords as {{secret.NAME}}.",
            json!({"ref": string(REF), "value": string("The text, or {{secret.NAME}}."), "intent": string(INTENT), "cite": string(CITE)}),
        ),
        spec(
            "browser_select",
            "Choose an option of a select box by its label.",
            json!({"ref": string(REF), "value": string("The option's label."), "intent": string(INTENT), "cite": string(CITE)}),
        ),
        spec(
            "browser_check",
            "Check or uncheck a checkbox, radio or switch.",
            json!({"ref": string(REF), "checked": {"type": "boolean"}, "intent": string(INTENT), "cite": string(CITE)}),
        ),
        spec(
            "expect_visible",
            "Add a check that an element is visible now (and in every run). Name it as the snapshot shows it: headings and texts have no ref.",
            json!({"role": string(ROLE), "name": string(NAME), "intent": string(INTENT), "cite": string(CITE)}),
        ),
        spec(
            "expect_text",
            "Add a check that an element contains a text.",
            json!({"role": string(ROLE), "name": string(NAME), "text": string("The text it must contain."), "intent": string(INTENT), "cite": string(CITE)}),
        ),
        spec(
            "propose_options",
            "Ask the person to choose where the documents leave a branch open. Ends your turn until answered.",
            json!({
                "question": string("The question, in the documents' language."),
                "options": {"type": "array", "items": {"type": "string"}, "description": "2 to 6 options."},
                "why": string("Why the documents do not decide it.")
            }),
        ),
        spec(
            "search_documents",
            "Search the documents (keyword and meaning). Each hit has a citation you can use in `cite`.",
            json!({"query": string("What to look for, in the documents' language.")}),
        ),
        spec(
            "read_section",
            "Read a whole section of a document by its anchor (from a search hit), in numbered lines.",
            json!({"anchor": string("The section's anchor, e.g. spec.md#login."), "offset": {"type": "integer", "description": "0, or next_offset from the previous read."}}),
        ),
        spec(
            "confirm_action",
            "Ask the person before an action that deletes, sends, pays or cannot be undone. If they approve, do that action next; if not, leave it out.",
            json!({
                "action": string("The action you are about to take, in the documents' language."),
                "why": string("What it changes that cannot be undone.")
            }),
        ),
        spec(
            "run_trial",
            "Replay the steps so far from a fresh browser, using only their recorded locators, and get each step's result. The browser stays where the replay ended.",
            json!({}),
        ),
        spec("record_assumption", "Record a decision the documents do not make, before acting on it.", json!({"text": string("The assumption.")})),
        spec("submit_scenario", "Submit the finished scenario for trial and review.", json!({"title": string("A short title.")})),
    ]
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Navigate {
    pub url: String,
    pub intent: String,
    pub cite: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct OnElement {
    #[serde(rename = "ref")]
    pub reference: String,
    pub intent: String,
    pub cite: String,
    #[serde(default)]
    pub value: Option<String>,
    #[serde(default)]
    pub checked: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Expectation {
    pub role: String,
    pub name: String,
    pub intent: String,
    pub cite: String,
    #[serde(default)]
    pub text: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ProposeOptions {
    pub question: String,
    pub options: Vec<String>,
    pub why: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Search {
    pub query: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ReadSection {
    pub anchor: String,
    #[serde(default)]
    pub offset: usize,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ConfirmAction {
    pub action: String,
    pub why: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RecordAssumption {
    pub text: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Submit {
    pub title: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OpenAI strict mode: objects close their properties and require every one of them.
    fn strict(schema: &Value) -> bool {
        match schema.get("type").and_then(Value::as_str) {
            Some("object") => {
                let props = schema["properties"].as_object().cloned().unwrap_or_default();
                let required: Vec<&str> = schema["required"]
                    .as_array()
                    .map(|r| r.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                schema["additionalProperties"] == json!(false)
                    && props.keys().all(|k| required.contains(&k.as_str()))
                    && props.values().all(strict)
            }
            Some("array") => strict(&schema["items"]),
            _ => true,
        }
    }

    #[test]
    fn every_tool_schema_is_valid_in_strict_mode_and_names_are_unique() {
        let specs = tool_specs();
        assert_eq!(specs.len(), 15);
        for spec in &specs {
            assert!(strict(&spec.parameters), "{}: {}", spec.name, spec.parameters);
            assert!(spec.name.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{}", spec.name);
        }
        let names: std::collections::BTreeSet<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names.len(), specs.len(), "a tool name is used twice");
    }
}
