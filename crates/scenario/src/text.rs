//! A sentence for a person, kept language-neutral: a message of the catalog (its id and
//! arguments, rendered in the reader's language when shown), or words quoted as they were said
//! (the model's own, the application's), which no catalog translates. Events store this, so a
//! session started in Korean reads in English after a switch. It lives in the scenario crate,
//! the lowest layer, so that what a scenario's review says is a message too.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

/// What a person reads: a catalog message, or words quoted as they were said.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(untagged)]
pub enum Text {
    /// Words as they were said; also every sentence an older version stored.
    Said(String),
    Message(Message),
}

/// A message id of the catalog (`trial-start`) and its named arguments.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Message {
    pub id: String,
    pub args: BTreeMap<String, Arg>,
}

/// A message argument: counts stay numbers, so a catalog can choose a plural form; a phrase
/// of its own (where an element is) is a message rendered in the same language first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(untagged)]
pub enum Arg {
    Number(#[ts(type = "number")] i64),
    Text(String),
    Message(Message),
}

impl From<Text> for Arg {
    fn from(value: Text) -> Self {
        match value {
            Text::Said(words) => Arg::Text(words),
            Text::Message(message) => Arg::Message(message),
        }
    }
}

impl From<&str> for Arg {
    fn from(value: &str) -> Self {
        Arg::Text(value.to_string())
    }
}

impl From<String> for Arg {
    fn from(value: String) -> Self {
        Arg::Text(value)
    }
}

impl From<&String> for Arg {
    fn from(value: &String) -> Self {
        Arg::Text(value.clone())
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(value: $t) -> Self {
                Arg::Number(value as i64)
            }
        }
    )*};
}
number_args!(u32, u64, usize, i32, i64);

impl Text {
    /// A catalog message with its arguments: `Text::message("explore-scenario-of", [("n", 1.into())])`.
    pub fn message<const N: usize>(id: &str, args: [(&str, Arg); N]) -> Text {
        Text::Message(Message { id: id.to_string(), args: args.into_iter().map(|(k, v)| (k.to_string(), v)).collect() })
    }

    /// Words quoted as they were said.
    pub fn said(text: impl Into<String>) -> Text {
        Text::Said(text.into())
    }

    /// The quoted words, or the message's id: for logs and tests, never for a person.
    pub fn key(&self) -> &str {
        match self {
            Text::Said(text) => text,
            Text::Message(message) => &message.id,
        }
    }
}

impl From<String> for Text {
    fn from(text: String) -> Self {
        Text::Said(text)
    }
}

impl From<&str> for Text {
    fn from(text: &str) -> Self {
        Text::Said(text.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_sentence_reads_back_and_a_message_round_trips() {
        let old: Text = serde_json::from_str("\"기획서를 읽습니다. / Reading the spec.\"").unwrap();
        assert_eq!(old, Text::Said("기획서를 읽습니다. / Reading the spec.".into()));
        let message = Text::message("explore-scenario-of", [("n", 2u32.into()), ("title", "로그인".into())]);
        let json = serde_json::to_string(&message).unwrap();
        assert_eq!(json, r#"{"id":"explore-scenario-of","args":{"n":2,"title":"로그인"}}"#);
        assert_eq!(serde_json::from_str::<Text>(&json).unwrap(), message);
    }
}
