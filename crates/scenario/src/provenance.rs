//! Where a step came from — a spec line, a person's answer, what a person said in the
//! session's conversation, a recorded assumption, or what the page showed — and the citation a
//! person follows back to the sentence.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(tag = "source", rename_all = "snake_case")]
pub enum Provenance {
    Spec {
        citation: Citation,
    },
    Answer {
        question_id: String,
        /// The answer as the person gave or chose it (an option's words, not its number).
        answer: String,
        /// The question as the person read it, in the scenario's language; absent in scenarios
        /// recorded before it was kept.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        question: Option<String>,
        /// The spec's line the answer resolved ("which '회원가입' did the spec mean?"): the step
        /// still implements it, and the report shows both.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        citation: Option<Citation>,
        /// Who answered: `window` (a person in the window), `answers_file`, `terminal`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        by: Option<String>,
    },
    Assumption {
        assumption_id: String,
    },
    Observed {
        snapshot_ref: String,
    },
    /// What a person said in the session's conversation ("also check that the total shows 3"):
    /// their words, who said it and when. `citation` points at the message in the conversation
    /// (document [`SAID_DOCUMENT`], its line the message's place in the session's log), so a
    /// continuation keeps the steps it produced as it keeps a spec line's.
    Said {
        words: String,
        /// Where it was said: `window` or `terminal`.
        by: String,
        #[ts(type = "number")]
        at_ms: i64,
        citation: Citation,
    },
}

/// The name the conversation goes by in a said step's citation: never a file's name (a file's
/// name has an extension).
pub const SAID_DOCUMENT: &str = "said";

impl Provenance {
    /// An answer that is the step's only source (the app's address, a data reset).
    pub fn answer(question_id: impl Into<String>, answer: impl Into<String>) -> Self {
        Provenance::Answer {
            question_id: question_id.into(),
            answer: answer.into(),
            question: None,
            citation: None,
            by: None,
        }
    }

    /// An answer that resolved a line of the spec: the question as asked, and the line.
    pub fn answered(
        question_id: impl Into<String>,
        answer: impl Into<String>,
        question: impl Into<String>,
        citation: Citation,
    ) -> Self {
        Provenance::Answer {
            question_id: question_id.into(),
            answer: answer.into(),
            question: Some(question.into()),
            citation: Some(citation),
            by: None,
        }
    }

    pub fn label(&self) -> String {
        match self {
            Provenance::Spec { citation } => citation.label(),
            Provenance::Answer { answer, question: Some(question), citation, .. } => {
                let line = citation.as_ref().map(|c| format!(" · {}", c.label())).unwrap_or_default();
                format!("answer: \"{answer}\" to \"{question}\"{line}")
            }
            Provenance::Answer { question_id, .. } => format!("answer: {question_id}"),
            Provenance::Assumption { assumption_id } => format!("assumption: {assumption_id}"),
            Provenance::Observed { snapshot_ref } => format!("observed: {snapshot_ref}"),
            Provenance::Said { words, by, .. } => format!("said ({by}): \"{words}\""),
        }
    }

    /// The line this step implements: the spec's, one an answer resolved, or a message's.
    pub fn citation(&self) -> Option<&Citation> {
        match self {
            Provenance::Spec { citation } | Provenance::Said { citation, .. } => Some(citation),
            Provenance::Answer { citation, .. } => citation.as_ref(),
            Provenance::Assumption { .. } | Provenance::Observed { .. } => None,
        }
    }

    /// A short tag: `spec`, `answer`, `assumption`, `observed`, `said`.
    pub fn source(&self) -> &'static str {
        match self {
            Provenance::Spec { .. } => "spec",
            Provenance::Answer { .. } => "answer",
            Provenance::Assumption { .. } => "assumption",
            Provenance::Observed { .. } => "observed",
            Provenance::Said { .. } => "said",
        }
    }
}

/// A pointer into an attached document precise enough for a person to find the sentence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Citation {
    pub document: String,
    /// Stable anchor of the section (`document#slug`).
    pub anchor: String,
    pub section: String,
    /// 1-based line number in the document.
    pub line: u32,
    pub quote: String,
    /// 1-based page, for paged documents (PDF).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub page: Option<u32>,
    /// The sheet of a spreadsheet record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sheet: Option<String>,
    /// 1-based row in `sheet`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub row: Option<u32>,
}

impl Citation {
    /// A message of the session's conversation, cited as the line `seq` of the conversation
    /// (its place in the session's log), the words as its quote.
    pub fn said(seq: u32, words: &str) -> Self {
        Citation {
            document: SAID_DOCUMENT.to_string(),
            anchor: format!("{SAID_DOCUMENT}#{seq}"),
            section: String::new(),
            line: seq,
            quote: words.to_string(),
            page: None,
            sheet: None,
            row: None,
        }
    }

    /// Whether this cites a message of the conversation rather than a document.
    pub fn is_said(&self) -> bool {
        self.document == SAID_DOCUMENT && self.anchor.starts_with("said#")
    }

    pub fn label(&self) -> String {
        match (&self.sheet, self.row, self.page) {
            (Some(sheet), Some(row), _) => format!("{} › {sheet} (row {row})", self.document),
            (_, _, Some(page)) => format!("{} › {} (p. {page}, line {})", self.document, self.section, self.line),
            _ => format!("{} › {} (line {})", self.document, self.section, self.line),
        }
    }
}

/// A message of the session's conversation as the steps it produced cite it.
#[derive(Debug, Clone, PartialEq)]
pub struct SaidMessage {
    /// Its place in the session's log: the line a said step's citation names.
    pub seq: u32,
    pub words: String,
    pub by: String,
    pub at_ms: i64,
}

impl crate::Scenario {
    /// Every step and precondition the engine cited at a line of the conversation (it reads a
    /// message as a one-line spec) cites it as said: the person's words, where and when. A line
    /// no message has stays as it was.
    pub fn cite_said(&mut self, messages: &[SaidMessage]) {
        let said = |provenance: &mut Provenance| {
            let Provenance::Spec { citation } = provenance else { return };
            if !citation.is_said() {
                return;
            }
            if let Some(m) = messages.iter().find(|m| m.seq == citation.line) {
                *provenance = Provenance::Said {
                    words: m.words.clone(),
                    by: m.by.clone(),
                    at_ms: m.at_ms,
                    citation: citation.clone(),
                };
            }
        };
        for step in &mut self.steps {
            said(&mut step.provenance);
        }
        for precondition in &mut self.preconditions {
            said(&mut precondition.provenance);
        }
    }
}
