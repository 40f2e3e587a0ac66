//! The tools the model may call, as one enum: each variant is a tool, its name is the variant's
//! (snake case), its description the variant's doc comment, and its JSON Schema derived from
//! the argument type (schemars), then cut to what OpenAI strict mode accepts (every property
//! required, nothing else allowed). A call is parsed into the enum; arguments that do not fit go
//! back to the model as a tool error, never into the browser. Each tool's handler lives in its
//! own file under `tools/`.

mod browser_check;
mod browser_click;
mod browser_fill;
mod browser_navigate;
mod browser_select;
mod browser_snapshot;
mod confirm_action;
mod expect_text;
mod expect_visible;
mod propose_options;
mod read_section;
mod record_assumption;
mod remove_step;
mod run_trial;
mod search_documents;
mod submit_scenario;

use crate::state::{refused, LoopState, Outcome, Turn};
use crate::AgentError;
use schemars::gen::SchemaSettings;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use specwright_browser::BrowserSession;
use specwright_llm::{Message, ToolCall, ToolSpec};
use specwright_rails::Context;
use specwright_scenario::Scenario;
use std::sync::OnceLock;

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(tag = "tool", content = "arguments", rename_all = "snake_case")]
pub(crate) enum Tool {
    /// See the current page: its accessibility tree with a ref for every element you can use.
    BrowserSnapshot(browser_snapshot::BrowserSnapshot),
    /// Open a URL or a path of the application.
    BrowserNavigate(browser_navigate::BrowserNavigate),
    /// Click an element.
    BrowserClick(browser_click::BrowserClick),
    /// Type a value into a field (replacing what is there). Passwords as {{secret.NAME}}.
    BrowserFill(browser_fill::BrowserFill),
    /// Choose an option of a select box by its label.
    BrowserSelect(browser_select::BrowserSelect),
    /// Check or uncheck a checkbox, radio or switch.
    BrowserCheck(browser_check::BrowserCheck),
    /// Add a check that an element is visible now (and in every run). Name it as the snapshot shows it: headings and texts have no ref.
    ExpectVisible(expect_visible::ExpectVisible),
    /// Add a check that an element contains a text; for a field (textbox, combobox) its value, for a checkbox the text "checked".
    ExpectText(expect_text::ExpectText),
    /// Ask the person to choose where the documents leave a branch open. Ends your turn until answered.
    ProposeOptions(propose_options::ProposeOptions),
    /// Search the documents (keyword and meaning). Each hit has a citation you can use in `cite`.
    SearchDocuments(search_documents::SearchDocuments),
    /// Read a whole section of a document by its anchor (from a search hit), in numbered lines.
    ReadSection(read_section::ReadSection),
    /// Ask the person before an action that deletes, sends, pays or cannot be undone. If they approve, do that action next; if not, leave it out.
    ConfirmAction(confirm_action::ConfirmAction),
    /// Replay the steps so far from a fresh browser, using only their recorded locators, and get each step's result. The browser stays where the replay ended.
    RunTrial(run_trial::RunTrial),
    /// Record a decision the documents do not make, before acting on it.
    RecordAssumption(record_assumption::RecordAssumption),
    /// Take a step out of the scenario because the person asked in the chat (cite their message).
    RemoveStep(remove_step::RemoveStep),
    /// Submit the finished scenario for trial and review.
    SubmitScenario(submit_scenario::SubmitScenario),
}

/// Fields several tools share are described once.
const SHARED_FIELDS: &[(&str, &str)] = &[
    ("intent", "The step as a person would write it, in the documents' language."),
    (
        "cite",
        "Where this step comes from: `document#L12`, `book.xlsx#Sheet!5`, `said:N` for the person's message N, or `assumption` after record_assumption.",
    ),
    ("ref", "The element's ref in the latest snapshot, e.g. e12."),
    ("role", "The element's role as the snapshot shows it: heading, button, text, paragraph, cell, dialog …"),
    ("name", "Its name or text as the snapshot shows it."),
];

/// The tools as the model is offered them, derived once from [`Tool`].
pub fn tool_specs() -> Vec<ToolSpec> {
    specs().to_vec()
}

/// Tools a small context window goes without: the rails ask before a risky action anyway,
/// and a whole-section read or a draft trial would not fit the window.
const NOT_IN_COMPACT: &[&str] = &["confirm_action", "read_section", "run_trial"];

/// The tools for a small context window: each description cut to its first sentence, the
/// fields without theirs (the compact prompt says what `ref`, `cite` and `intent` are).
pub fn compact_tool_specs() -> Vec<ToolSpec> {
    fn undescribed(schema: &Value) -> Value {
        match schema {
            Value::Object(map) => Value::Object(
                map.iter()
                    .filter(|(k, _)| k.as_str() != "description")
                    .map(|(k, v)| {
                        let v = if k == "properties" {
                            Value::Object(
                                v.as_object()
                                    .into_iter()
                                    .flatten()
                                    .map(|(name, field)| (name.clone(), undescribed(field)))
                                    .collect(),
                            )
                        } else {
                            undescribed(v)
                        };
                        (k.clone(), v)
                    })
                    .collect(),
            ),
            other => other.clone(),
        }
    }
    specs()
        .iter()
        .filter(|spec| !NOT_IN_COMPACT.contains(&spec.name.as_str()))
        .map(|spec| ToolSpec {
            name: spec.name.clone(),
            description: spec.description.split_inclusive(". ").next().unwrap_or_default().trim().to_string(),
            parameters: undescribed(&spec.parameters),
        })
        .collect()
}

/// About how many tokens the tool schemas take in every request (three bytes a token).
pub(crate) fn specs_tokens(compact: bool) -> u32 {
    let specs = if compact { compact_tool_specs() } else { tool_specs() };
    let bytes: usize =
        specs.iter().map(|s| s.name.len() + s.description.len() + s.parameters.to_string().len() + 40).sum();
    (bytes / 3) as u32
}

fn specs() -> &'static [ToolSpec] {
    static SPECS: OnceLock<Vec<ToolSpec>> = OnceLock::new();
    SPECS.get_or_init(|| {
        let generator = SchemaSettings::draft07()
            .with(|s| {
                s.inline_subschemas = true;
                s.option_add_null_type = false;
            })
            .into_generator();
        let root = serde_json::to_value(generator.into_root_schema_for::<Tool>()).unwrap_or(Value::Null);
        root["oneOf"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|variant| {
                let name = variant["properties"]["tool"]["enum"][0].as_str()?;
                let description = variant["description"].as_str().unwrap_or_default();
                let arguments = &variant["properties"]["arguments"];
                Some(ToolSpec { name: name.into(), description: description.into(), parameters: strict(arguments) })
            })
            .collect()
    })
}

/// A schema cut to OpenAI strict mode's subset: objects require every property and allow no
/// other; keywords strict mode rejects or ignores (`format`, `minimum`, `title`, `default`) go.
fn strict(schema: &Value) -> Value {
    let Some(fields) = schema.as_object() else { return schema.clone() };
    let mut out = Map::new();
    for (key, value) in fields {
        match key.as_str() {
            "type" | "description" | "enum" => {
                out.insert(key.clone(), value.clone());
            }
            "items" => {
                out.insert(key.clone(), strict(value));
            }
            _ => {}
        }
    }
    if out.get("type").and_then(Value::as_str) == Some("object") {
        let properties: Map<String, Value> = fields
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .map(|(name, schema)| {
                let mut schema = strict(schema);
                if let (Some(map), Some((_, shared))) =
                    (schema.as_object_mut(), SHARED_FIELDS.iter().find(|(field, _)| field == name))
                {
                    map.entry("description").or_insert_with(|| json!(shared));
                }
                (name.clone(), schema)
            })
            .collect();
        out.insert("required".into(), json!(properties.keys().collect::<Vec<_>>()));
        out.insert("properties".into(), Value::Object(properties));
        out.insert("additionalProperties".into(), json!(false));
    }
    Value::Object(out)
}

impl Tool {
    /// A call of the model as a tool, or what to tell it: no tool has that name, or the
    /// arguments do not fit the tool's schema.
    pub(crate) fn parse(name: &str, arguments: Value) -> Result<Tool, String> {
        if !specs().iter().any(|s| s.name == name) {
            let names: Vec<&str> = specs().iter().map(|s| s.name.as_str()).collect();
            return Err(format!("there is no tool named {name}; the tools are: {}", names.join(", ")));
        }
        serde_json::from_value(json!({"tool": name, "arguments": arguments}))
            .map_err(|e| format!("the arguments of {name} do not fit its schema ({e})"))
    }

    async fn run(self, t: &mut Turn<'_, '_, '_>) -> Result<Outcome, AgentError> {
        match self {
            Tool::BrowserSnapshot(a) => a.run(t).await,
            Tool::BrowserNavigate(a) => a.run(t).await,
            Tool::BrowserClick(a) => a.run(t).await,
            Tool::BrowserFill(a) => a.run(t).await,
            Tool::BrowserSelect(a) => a.run(t).await,
            Tool::BrowserCheck(a) => a.run(t).await,
            Tool::ExpectVisible(a) => a.run(t).await,
            Tool::ExpectText(a) => a.run(t).await,
            Tool::ProposeOptions(a) => a.run(t).await,
            Tool::SearchDocuments(a) => a.run(t).await,
            Tool::ReadSection(a) => a.run(t).await,
            Tool::ConfirmAction(a) => a.run(t).await,
            Tool::RunTrial(a) => a.run(t).await,
            Tool::RecordAssumption(a) => a.run(t).await,
            Tool::RemoveStep(a) => a.run(t).await,
            Tool::SubmitScenario(a) => a.run(t).await,
        }
    }
}

/// One tool call of the model, executed: browser actions go through the rails (the allowlist,
/// risky-action questions, durable locators, recorded steps with frames), questions go to the
/// person, document tools read the index, and a submission meets the review.
pub(crate) async fn execute(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    state: &mut LoopState<'_>,
    call: &ToolCall,
    messages: &mut [Message],
) -> Result<Outcome, AgentError> {
    // A tool without arguments is often called with none at all, not `{}`.
    let arguments = if call.arguments.trim().is_empty() {
        json!({})
    } else {
        match call.parsed_arguments() {
            Ok(arguments) => arguments,
            Err(e) => return Ok(refused(e)),
        }
    };
    let tool = match Tool::parse(&call.name, arguments) {
        Ok(tool) => tool,
        Err(message) => return Ok(refused(message)),
    };
    tool.run(&mut Turn { session, cx, scenario, state, messages }).await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OpenAI strict mode: objects close their properties and require every one of them, and
    /// use only the keywords it knows.
    fn is_strict(schema: &Value) -> bool {
        let known = ["type", "description", "enum", "items", "properties", "required", "additionalProperties"];
        let Some(fields) = schema.as_object() else { return false };
        if !fields.keys().all(|k| known.contains(&k.as_str())) {
            return false;
        }
        match schema.get("type").and_then(Value::as_str) {
            Some("object") => {
                let props = schema["properties"].as_object().cloned().unwrap_or_default();
                let required: Vec<&str> = schema["required"]
                    .as_array()
                    .map(|r| r.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                schema["additionalProperties"] == json!(false)
                    && props.keys().all(|k| required.contains(&k.as_str()))
                    && required.len() == props.len()
                    && props.values().all(|p| is_strict(p) && p.get("description").is_some())
            }
            Some("array") => is_strict(&schema["items"]),
            Some(_) => true,
            None => false,
        }
    }

    /// Arguments that fill every property of a schema with a value of its type.
    fn example(schema: &Value) -> Value {
        match schema["type"].as_str() {
            Some("object") => Value::Object(
                schema["properties"].as_object().into_iter().flatten().map(|(k, v)| (k.clone(), example(v))).collect(),
            ),
            Some("array") => json!([example(&schema["items"]), example(&schema["items"])]),
            Some("boolean") => json!(false),
            Some("integer") => json!(3),
            _ => json!("x"),
        }
    }

    #[test]
    fn every_tool_schema_is_strict_described_and_names_are_unique() {
        let specs = tool_specs();
        assert_eq!(specs.len(), 16);
        for spec in &specs {
            assert!(is_strict(&spec.parameters), "{}: {}", spec.name, spec.parameters);
            assert!(spec.name.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{}", spec.name);
            assert!(spec.description.len() > 10, "{} has no description", spec.name);
        }
        let names: std::collections::BTreeSet<&str> = specs.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names.len(), specs.len(), "a tool name is used twice");
    }

    #[test]
    fn compact_schemas_are_smaller_and_accept_the_same_calls() {
        let (full, compact) = (specs_tokens(false), specs_tokens(true));
        assert!(compact * 2 < full, "compact {compact} tokens, full {full}");
        let full_specs = tool_specs();
        for small in compact_tool_specs() {
            let spec = full_specs.iter().find(|s| s.name == small.name).unwrap();
            assert_eq!(spec.parameters["required"], small.parameters["required"]);
            assert!(!small.parameters.to_string().contains("\"description\""), "{}", small.parameters);
            let arguments = example(&small.parameters);
            assert!(Tool::parse(&small.name, arguments).is_ok(), "{}", small.name);
        }
    }

    #[test]
    fn what_a_schema_allows_parses_into_its_tool() {
        for spec in tool_specs() {
            let arguments = example(&spec.parameters);
            let parsed = Tool::parse(&spec.name, arguments.clone());
            assert!(parsed.is_ok(), "{} {arguments}: {parsed:?}", spec.name);
        }
        let Ok(Tool::BrowserCheck(check)) =
            Tool::parse("browser_check", json!({"ref": "e3", "checked": false, "intent": "i", "cite": "c"}))
        else {
            panic!("browser_check did not parse");
        };
        assert!(!check.checked);
        assert_eq!(check.reference, "e3");
    }

    #[test]
    fn the_schema_lists_what_the_handler_needs() {
        let specs = tool_specs();
        let fill = specs.iter().find(|s| s.name == "browser_fill").map(|s| &s.parameters["required"]);
        assert_eq!(fill, Some(&json!(["cite", "intent", "ref", "value"])));
        let snapshot = specs.iter().find(|s| s.name == "browser_snapshot").map(|s| &s.parameters);
        assert_eq!(
            snapshot,
            Some(&json!({"type": "object", "properties": {}, "required": [], "additionalProperties": false}))
        );
        let read =
            specs.iter().find(|s| s.name == "read_section").map(|s| s.parameters["properties"]["offset"].clone());
        assert_eq!(read.and_then(|o| o["type"].as_str().map(String::from)).as_deref(), Some("integer"));
    }

    #[test]
    fn a_wrong_name_or_arguments_are_told_to_the_model() {
        let unknown = Tool::parse("browser_clik", json!({})).err().unwrap_or_default();
        assert!(unknown.contains("there is no tool named browser_clik"), "{unknown}");
        assert!(unknown.contains("browser_click"), "{unknown}");
        let missing =
            Tool::parse("browser_fill", json!({"ref": "e1", "intent": "i", "cite": "c"})).err().unwrap_or_default();
        assert!(missing.contains("browser_fill") && missing.contains("value"), "{missing}");
        let extra = Tool::parse("browser_navigate", json!({"url": "/", "intent": "i", "cite": "c", "force": true}))
            .err()
            .unwrap_or_default();
        assert!(extra.contains("force"), "{extra}");
        // Left-out defaults a lenient server lets through.
        assert!(Tool::parse("read_section", json!({"anchor": "a#b"})).is_ok());
        assert!(matches!(
            Tool::parse("browser_check", json!({"ref": "e1", "intent": "i", "cite": "c"})),
            Ok(Tool::BrowserCheck(c)) if c.checked
        ));
    }
}
