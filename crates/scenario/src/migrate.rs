//! Loading stored scenarios of any schema version this build knows, upgrading old shapes.

use crate::{Scenario, SCHEMA_VERSION};
use serde_json::{json, Value};

/// Why a stored scenario cannot be loaded; English, for logs and nested as the reason of a
/// catalog message where a person reads it.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("the scenario is not valid JSON: {0}")]
    Json(String),
    #[error(
        "the scenario was written by a newer Specwright (schema {found}, this build knows {known}): update the app"
    )]
    TooNew { found: u64, known: u32 },
    #[error("the scenario does not match its schema: {0}")]
    Shape(String),
}

/// Parses a stored scenario, migrating it step by step to the current schema.
pub fn load_scenario(json: &str) -> Result<Scenario, LoadError> {
    let mut value: Value = serde_json::from_str(json).map_err(|e| LoadError::Json(e.to_string()))?;
    let version = value.get("schema_version").and_then(Value::as_u64).unwrap_or(1);
    if version > u64::from(SCHEMA_VERSION) {
        return Err(LoadError::TooNew { found: version, known: SCHEMA_VERSION });
    }
    if version < 2 {
        value = v1_to_v2(value);
    }
    if version < 3 {
        // v2 → v3: targets gained `within` and `first_visible`, steps `expects_refusal`; all
        // default to what v2 meant (no container, one match, no refusal expected).
        if let Some(object) = value.as_object_mut() {
            object.insert("schema_version".into(), json!(3));
        }
    }
    if version < 4 {
        // v3 → v4: preconditions gained `reset` (a command run before every run); nothing
        // stored before it has one.
        if let Some(object) = value.as_object_mut() {
            object.insert("schema_version".into(), json!(4));
        }
    }
    serde_json::from_value(value).map_err(|e| LoadError::Shape(e.to_string()))
}

/// v1 → v2: variables gained a `source`, preconditions a typed `condition`, scenarios `data`.
fn v1_to_v2(mut value: Value) -> Value {
    if let Some(variables) = value.get_mut("variables").and_then(Value::as_array_mut) {
        for variable in variables {
            let kind = variable.get("kind").and_then(Value::as_str).unwrap_or("literal").to_string();
            let source =
                if kind == "secret" { json!({ "kind": "secret" }) } else { json!({ "kind": "literal", "value": "" }) };
            if let Some(object) = variable.as_object_mut() {
                object.remove("kind");
                object.insert("source".into(), source);
            }
        }
    }
    if let Some(preconditions) = value.get_mut("preconditions").and_then(Value::as_array_mut) {
        for precondition in preconditions {
            let provenance = precondition.get("provenance").cloned().unwrap_or(Value::Null);
            let condition = if provenance.get("question_id").and_then(Value::as_str) == Some("target_url") {
                json!({ "kind": "target_url", "url": provenance.get("answer").cloned().unwrap_or_default() })
            } else {
                json!({ "kind": "note" })
            };
            if let Some(object) = precondition.as_object_mut() {
                object.insert("condition".into(), condition);
            }
        }
    }
    if let Some(object) = value.as_object_mut() {
        object.entry("data").or_insert(Value::Null);
        object.insert("schema_version".into(), json!(2));
    }
    value
}
