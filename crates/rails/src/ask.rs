//! Questions an engine cannot answer alone, and where their answers come from: a
//! person (UI or terminal), an answers file, a secret given on the command line, or an answer
//! given earlier in the session. Every question is an event before it is answered, and an
//! answer is remembered for the rest of the session.

use crate::{Memory, RunError, Sink};
use specwright_catalog::{both_languages, Locale};
use specwright_protocol::{Arg, Event, Question, QuestionKind, QuestionOption, Text};

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
    /// Steps kept from the earlier version of the spec: replayed as recorded, not grounded.
    pub kept: u32,
}

/// Asks `question` unless the session already knows the answer; emits `question.asked` and
/// `question.answered`. A secret's value never reaches an event.
pub fn ask(
    question: Question,
    memory: &mut Memory,
    answerer: &mut dyn Answerer,
    sink: &mut dyn Sink,
    figures: &mut Figures,
) -> Result<String, RunError> {
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
        .map_err(RunError::Sink)?;
        return Ok(known);
    }
    figures.questions += 1;
    sink.emit(Event::QuestionAsked { question: question.clone() }).map_err(RunError::Sink)?;
    let Some(answer) = answerer.answer(&question) else {
        return Err(RunError::Unanswered(Box::new(question)));
    };
    // An option may be answered by its label or its value, or in the person's own words that
    // name one option alone ("Groups", "사용자 행의 추가 링크"); keep the value.
    let value = question
        .options
        .iter()
        .find(|o| o.value == answer.value || label_says(o, &answer.value))
        .or_else(|| {
            if question.kind == QuestionKind::Secret {
                None
            } else {
                named_option(&question.options, &answer.value)
            }
        })
        .map(|o| o.value.clone())
        .unwrap_or(answer.value);
    sink.emit(Event::QuestionAnswered {
        question_id: question.id.clone(),
        answer: shown(&value, question.kind),
        source: answer.source.clone(),
    })
    .map_err(RunError::Sink)?;
    if question.kind != QuestionKind::Secret {
        memory.answers.record(&question.id, &value, &answer.source);
    }
    Ok(value)
}

/// What a step resolved by `question` cites: the question as it was asked, the option chosen in
/// its own words (its label, never its number), and the spec's line the answer resolved, all in
/// the scenario's language.
pub fn answer_provenance(
    question: &Question,
    value: &str,
    citation: &specwright_scenario::Citation,
    language: Locale,
    memory: &Memory,
) -> specwright_scenario::Provenance {
    let chosen = question
        .options
        .iter()
        .find(|o| o.value == value)
        .map(|o| specwright_catalog::render(&o.label, language))
        .unwrap_or_else(|| value.to_string());
    let mut provenance = specwright_scenario::Provenance::answered(
        question.id.clone(),
        chosen,
        specwright_catalog::render(&question.text, language),
        citation.clone(),
    );
    if let specwright_scenario::Provenance::Answer { by, .. } = &mut provenance {
        by.clone_from(&memory.answers.given_by(&question.id).cloned());
    }
    provenance
}

/// Words too common to tell options apart.
const COMMON_WORDS: &[&str] = &[
    "the",
    "a",
    "an",
    "in",
    "of",
    "on",
    "to",
    "and",
    "is",
    "link",
    "button",
    "row",
    "menu",
    "click",
    "field",
    "행의",
    "행",
    "링크",
    "버튼",
    "메뉴",
    "입력란",
    "누르기",
    "클릭",
    "the'",
    "page",
    "화면",
    "yes",
    "no",
];

fn answer_words(text: &str) -> Vec<String> {
    specwright_reading::normalize(text)
        .split_whitespace()
        .map(|w| w.trim_end_matches(['의', '에']).to_string())
        .filter(|w| w.chars().count() >= 2 && !COMMON_WORDS.contains(&w.as_str()))
        .collect()
}

/// The one option whose label holds the most of the answer's words, when one does.
fn named_option<'a>(options: &'a [QuestionOption], answer: &str) -> Option<&'a QuestionOption> {
    let wanted = answer_words(answer);
    if wanted.is_empty() {
        return None;
    }
    let scores: Vec<usize> = options
        .iter()
        .map(|o| {
            let label = specwright_reading::normalize(&both_languages(&o.label));
            let words: Vec<&str> = label.split_whitespace().collect();
            wanted.iter().filter(|w| words.iter().any(|l| l.trim_matches(['\'', '"']).starts_with(w.as_str()))).count()
        })
        .collect();
    let best = *scores.iter().max()?;
    // The option must carry most of what the person said: an answer that says more than any
    // option ("신규 고객사 미팅 행의 수정 버튼") is their own words, not a vote for a vaguer one.
    if best == 0 || scores.iter().filter(|s| **s == best).count() > 1 || best * 2 < wanted.len() {
        return None;
    }
    scores.iter().position(|s| *s == best).map(|i| &options[i])
}

/// An answer that is an option's label as a person read it, in either language or both.
pub fn label_says(option: &QuestionOption, answer: &str) -> bool {
    let both = both_languages(&option.label);
    both == answer || both.split(" / ").any(|half| half == answer)
}

/// The option that skips a step, recording it as an assumption.
pub const SKIP: &str = "skip";

/// The option that says the element is not there: a defect of the app.
pub const DEFECT: &str = "defect";

pub fn skip_option() -> QuestionOption {
    option(Text::message("opt-skip", []), SKIP)
}

/// Whether an answer says to skip the step.
pub fn is_skip(answer: &str) -> bool {
    let a = answer.trim().to_lowercase();
    a == SKIP
        || label_says(&skip_option(), answer.trim())
        || ["건너뛰", "생략", "skip"].iter().any(|w| a.starts_with(w))
}

/// Records that a step was skipped by a person's answer, as an open assumption.
pub fn skipped(scenario: &mut specwright_scenario::Scenario, text: &str, source: &str, language: Locale) {
    let n = scenario.assumptions.len() + 1;
    scenario.assumptions.push(specwright_scenario::Assumption {
        id: format!("A{n}"),
        text: crate::written(language, "assumption-skipped", [("text", text.into()), ("source", source.into())]),
        made_by: "offline".into(),
        status: specwright_scenario::AssumptionStatus::Open,
    });
}

/// What people call an element of this role, Korean and English.
pub fn kind_words(role: &str) -> (&'static str, &'static str) {
    match role {
        "button" => ("버튼", "button"),
        "link" => ("링크", "link"),
        "textbox" | "searchbox" | "spinbutton" => ("입력란", "field"),
        "combobox" | "listbox" => ("선택 목록", "list"),
        "checkbox" => ("체크박스", "checkbox"),
        "radio" => ("라디오 버튼", "option"),
        "switch" => ("스위치", "switch"),
        "tab" => ("탭", "tab"),
        "menuitem" | "menuitemcheckbox" | "menuitemradio" => ("메뉴 항목", "menu item"),
        "heading" => ("제목", "heading"),
        "cell" | "gridcell" => ("표 칸", "table cell"),
        "row" => ("행", "row"),
        "dialog" | "alertdialog" => ("대화상자", "dialog"),
        "option" => ("선택지", "option"),
        "img" => ("그림", "image"),
        "listitem" => ("목록 항목", "list item"),
        _ => ("문구", "text"),
    }
}

/// What a person calls an element of this role ("버튼", "button"), as a catalog message to
/// put in another one.
pub fn kind(role: &str) -> Arg {
    Text::message(specwright_scenario::role_kind(role), []).into()
}

/// What a person calls a container an element sits in ("행", "row").
pub fn container(role: &str) -> Arg {
    let id = match role {
        "row" => "container-row",
        "listitem" => "container-item",
        "dialog" | "alertdialog" => "container-dialog",
        "navigation" | "menu" | "menubar" => "container-menu",
        "table" | "grid" => "container-table",
        _ => "container-section",
    };
    Text::message(id, []).into()
}

pub fn option(label: impl Into<Text>, value: impl Into<String>) -> QuestionOption {
    QuestionOption { label: label.into(), value: value.into(), target: None }
}

/// Stable ids: the same question about the same thing on the same page is the same question.
pub fn question_id(kind: &str, path: &str, target: &str) -> String {
    format!("{kind}:{path}:{target}")
}

/// Whether an answer's source is a person on this machine: the window, the terminal or an
/// answers file they passed. An imported bundle's answers (`imported`), secrets and answers
/// replayed without their origin (`remembered`) are not.
pub fn typed_here(source: &str) -> bool {
    matches!(source, "window" | "ui" | "terminal" | "answers_file")
}

pub fn confirm_options() -> Vec<QuestionOption> {
    vec![option(Text::message("opt-proceed", []), "yes"), option(Text::message("opt-stop", []), "no")]
}

/// Yes in the words people use (answers files say "yes", "y", "예", "승인", "proceed").
pub fn is_yes(answer: &str) -> bool {
    const YES: &[&str] = &[
        "yes",
        "y",
        "예",
        "네",
        "승인",
        "실행",
        "proceed",
        "approve",
        "ok",
        "true",
        "실행 / proceed",
        "좋아요",
        "진행",
    ];
    let a = answer.trim().to_lowercase();
    // "예, 삭제합니다", "Yes, delete Henry Davis": the first word says it.
    let first = a.split([',', ' ', '.', '!']).next().unwrap_or("");
    YES.contains(&a.as_str()) || YES.contains(&first)
}

#[cfg(test)]
mod tests {
    use super::{container, kind, skip_option};
    use specwright_catalog::{render, Locale};
    use specwright_protocol::{Arg, Text};

    #[test]
    fn every_kind_of_element_has_words_in_both_languages_and_the_old_matching_still_holds() {
        let roles = ["button", "link", "textbox", "combobox", "checkbox", "radio", "switch", "tab", "menuitem"];
        let more = ["heading", "cell", "row", "dialog", "option", "img", "listitem", "generic", "navigation", "table"];
        for role in roles.iter().chain(more.iter()) {
            for arg in [kind(role), container(role)] {
                let Arg::Message(message) = arg else { panic!("{role}: not a message") };
                let text = Text::Message(message);
                let (ko, en) = (render(&text, Locale::Ko), render(&text, Locale::En));
                // Words, not the id shown when the catalog lacks it.
                assert!(ko.chars().all(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c) || c == ' '), "{role}: {ko}");
                assert!(en.chars().all(|c| c.is_ascii_lowercase() || c == ' '), "{role}: {en}");
            }
        }
        let button = Text::message("element-named", [("name", "저장".into()), ("kind", kind("button"))]);
        assert_eq!(specwright_catalog::both_languages(&button), "'저장' 버튼 / the '저장' button");
        assert!(super::is_skip("이 단계 건너뛰기 (가정으로 기록) / Skip this step (recorded as an assumption)"));
        assert!(super::label_says(&skip_option(), "Skip this step (recorded as an assumption)"));
    }
}
