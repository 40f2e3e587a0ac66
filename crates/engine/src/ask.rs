//! Questions the offline engine cannot answer alone, and where their answers come from: a
//! person (UI or terminal), an answers file, a secret given on the command line, or an answer
//! given earlier in the session. Every question is an event before it is answered, and an
//! answer is remembered for the rest of the session.

use crate::{EngineError, Sink};
use specwright_protocol::{Event, Question, QuestionKind, QuestionOption};
use std::collections::HashMap;

/// An answer and who gave it (`answers_file`, `terminal`, `ui`, `secret`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub value: String,
    pub source: String,
}

/// Whoever answers a run's questions. `None` means nobody can answer now: the run stops,
/// waiting, and is resumed once the answer is known.
pub trait Answerer: Send {
    fn answer(&mut self, question: &Question) -> Option<Answer>;
}

/// Answers nothing: every question makes the run wait.
pub struct NoAnswers;

impl Answerer for NoAnswers {
    fn answer(&mut self, _question: &Question) -> Option<Answer> {
        None
    }
}

/// What the session has learned so far, carried from one scenario to the next (and, through
/// the answers, into a resumed run).
#[derive(Debug, Default, Clone)]
pub struct Memory {
    /// Question id → the answer's value.
    pub answers: HashMap<String, String>,
    /// Screen name (its heading) → the URL path where it was seen.
    pub screens: HashMap<String, String>,
    /// The title of the dialog seen last, for "the dialog closes".
    pub last_dialog: Option<String>,
}

/// How many questions were asked and how targets were grounded, for the engine's figures.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Figures {
    pub scenarios: u32,
    pub steps: u32,
    /// Steps whose target had to be found on the page.
    pub targets: u32,
    /// Of those, found without asking anyone.
    pub grounded_automatically: u32,
    /// Found only by the jamo-fuzzy tier.
    pub fuzzy: u32,
    /// Questions put to a person or an answers file (remembered answers not counted again).
    pub questions: u32,
    pub answered_from_memory: u32,
}

/// Asks `question` unless the session already knows the answer; emits `question.asked` and
/// `question.answered`. A secret's value never reaches an event.
pub fn ask(
    question: Question,
    memory: &mut Memory,
    answerer: &mut dyn Answerer,
    sink: &mut dyn Sink,
    figures: &mut Figures,
) -> Result<String, EngineError> {
    let shown = |value: &str, kind: QuestionKind| {
        if kind == QuestionKind::Secret {
            "••••".to_string()
        } else {
            value.to_string()
        }
    };
    if let Some(known) = memory.answers.get(&question.id).cloned() {
        figures.answered_from_memory += 1;
        sink.emit(Event::QuestionAnswered {
            question_id: question.id.clone(),
            answer: shown(&known, question.kind),
            source: "remembered".into(),
        })
        .map_err(EngineError::Sink)?;
        return Ok(known);
    }
    figures.questions += 1;
    sink.emit(Event::QuestionAsked { question: question.clone() }).map_err(EngineError::Sink)?;
    let Some(answer) = answerer.answer(&question) else {
        return Err(EngineError::Unanswered(Box::new(question)));
    };
    // An option may be answered by its label or its value; keep the value.
    let value = question
        .options
        .iter()
        .find(|o| o.value == answer.value || o.label == answer.value)
        .map(|o| o.value.clone())
        .unwrap_or(answer.value);
    sink.emit(Event::QuestionAnswered {
        question_id: question.id.clone(),
        answer: shown(&value, question.kind),
        source: answer.source,
    })
    .map_err(EngineError::Sink)?;
    if question.kind != QuestionKind::Secret {
        memory.answers.insert(question.id.clone(), value.clone());
    }
    Ok(value)
}

pub fn option(label: String, value: impl Into<String>) -> QuestionOption {
    QuestionOption { label, value: value.into() }
}

/// Stable ids: the same question about the same thing on the same page is the same question.
pub fn question_id(kind: &str, path: &str, target: &str) -> String {
    format!("{kind}:{path}:{target}")
}

pub fn confirm_options() -> Vec<QuestionOption> {
    vec![option("실행 / Proceed".into(), "yes"), option("중단 / Stop".into(), "no")]
}

/// Yes in the words people use (answers files say "yes", "y", "예", "승인", "proceed").
pub fn is_yes(answer: &str) -> bool {
    matches!(
        answer.trim().to_lowercase().as_str(),
        "yes" | "y" | "예" | "네" | "승인" | "실행" | "proceed" | "approve" | "ok" | "true" | "실행 / proceed"
    )
}
