//! The reading benchmark: corpus spec sentences labelled by hand from the sentence alone (what
//! it does, to what, with which value, where), compared with what the offline engine's plan
//! reads them as (each sentence read once, what it refers to in an earlier step resolved). The labels live beside the specs (`tests/corpus/reading/<app>.yaml`); a label
//! is never copied from the engine's output, so a reading rule that fits one app's words shows
//! here as a miss on another's.

use crate::corpus::{corpus_root, specs, Spec};
use serde::Deserialize;
use specwright_reading::{describes_value, normalize, Intent, Scope, Verb};
use std::collections::BTreeMap;

/// One spec sentence as a person reads it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Label {
    /// The spec's file name inside its app's folder.
    pub spec: String,
    /// The 1-based line (a sheet's row) the sentence is cited at.
    pub line: u32,
    /// The sentence's words, as the spec writes them (enough to tell it from others on the line).
    pub sentence: String,
    /// What it asks for, clause by clause, in order.
    pub read: Vec<Expected>,
}

/// One clause as a person reads it. Absent fields mean the clause has none: a reading that adds
/// a target, a value or a place the sentence does not give is a misreading too.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expected {
    /// The action: `click`, `fill`, `select`, `log_in`, `expect_visible`, `expect_message`, …
    #[serde(rename = "do")]
    pub verb: String,
    pub target: Option<String>,
    pub value: Option<String>,
    /// `literal` (typed as written) or `described` (words saying what to type: "a wrong
    /// password"); only checked when labelled.
    pub kind: Option<String>,
    /// Where: `row:<text>`, `region:<text>`, `dialog`, `dialog:<title>`, `first`, `last`.
    pub within: Option<String>,
}

/// A labelled sentence and how it was read.
#[derive(Debug, Clone)]
pub struct Reading {
    pub app: String,
    pub label: Label,
    /// What the reading made of it, in the labels' terms.
    pub read: Vec<String>,
    /// Why it differs from the label; `None` when it was read right.
    pub miss: Option<String>,
}

/// Per app: sentences labelled, read right, and the planned sentences of its specs (so a partly
/// labelled app shows how much of it the figure covers).
#[derive(Debug, Clone, Default)]
pub struct AppFigures {
    pub labelled: usize,
    pub right: usize,
    pub sentences: usize,
}

pub fn verb_name(verb: Verb) -> &'static str {
    match verb {
        Verb::Navigate => "navigate",
        Verb::Back => "back",
        Verb::Reload => "reload",
        Verb::Drag => "drag",
        Verb::Click => "click",
        Verb::DoubleClick => "double_click",
        Verb::Hover => "hover",
        Verb::Fill => "fill",
        Verb::Clear => "clear",
        Verb::Select => "select",
        Verb::Check => "check",
        Verb::Uncheck => "uncheck",
        Verb::Upload => "upload",
        Verb::Look => "look",
        Verb::ExpectVisible => "expect_visible",
        Verb::ExpectHidden => "expect_hidden",
        Verb::ExpectChecked => "expect_checked",
        Verb::ExpectEnabled => "expect_enabled",
        Verb::ExpectDisabled => "expect_disabled",
        Verb::ExpectValue => "expect_value",
        Verb::ExpectScreen => "expect_screen",
        Verb::LogIn => "log_in",
        Verb::ExpectError => "expect_error",
        Verb::ExpectMessage => "expect_message",
        Verb::PressKey => "press_key",
        Verb::Append => "append",
        Verb::ExpectFirst => "expect_first",
    }
}

fn scope_name(scope: &Scope) -> String {
    match scope {
        Scope::Row(text) => format!("row:{text}"),
        Scope::Region(text) => format!("region:{text}"),
        Scope::Dialog(None) => "dialog".into(),
        Scope::Dialog(Some(title)) => format!("dialog:{title}"),
        Scope::First => "first".into(),
        Scope::Last => "last".into(),
    }
}

/// Words compared the way a person would: case, spacing, surrounding quotes and a final period
/// do not matter, nor a leading article. A label may list the readings it accepts as one, separated by `|` (`~` for
/// none: "검색한다" is Enter pressed or the search button clicked).
fn same(labelled: &str, read: &str) -> bool {
    let clean = |s: &str| {
        let s = normalize(s).to_lowercase();
        let s = s.trim_matches(|c: char| matches!(c, '"' | '\'' | '“' | '”' | '‘' | '’' | '`' | '.' | ' '));
        // An article leading a gist ("the range was created") says nothing a label must repeat.
        ["the ", "a ", "an "].iter().find_map(|a| s.strip_prefix(a)).unwrap_or(s).to_string()
    };
    labelled.split('|').any(|one| clean(one) == clean(read))
}

fn described(intent: &Intent) -> String {
    let mut out = verb_name(intent.verb).to_string();
    if let Some(target) = &intent.target {
        out.push_str(&format!(" target={target:?}"));
    }
    if let Some(value) = &intent.value {
        out.push_str(&format!(" value={value:?}"));
    }
    if let Some(scope) = &intent.scope {
        out.push_str(&format!(" within={:?}", scope_name(scope)));
    }
    out
}

fn differs(expected: &Expected, intent: &Intent) -> Option<String> {
    if !expected.verb.split('|').any(|verb| verb.trim() == verb_name(intent.verb)) {
        return Some(format!("action {} (labelled {})", verb_name(intent.verb), expected.verb));
    }
    let field = |name: &str, want: &Option<String>, got: &Option<String>| match (want, got) {
        (None, None) => None,
        (Some(w), Some(g)) if same(w, g) => None,
        (Some(w), None) if w.split('|').any(|one| one.trim() == "~") => None,
        _ => Some(format!("{name} {got:?} (labelled {want:?})")),
    };
    // "설정 > 사용자 화면으로 이동해서": the screen is the path's last level, reached through
    // the levels before it, as a screen reached from a menu is.
    let last_level = match (intent.verb, &intent.target) {
        (Verb::Navigate, Some(path)) if path.contains(" > ") && expected.within.is_none() => {
            path.rsplit(" > ").next().map(|l| l.trim().to_string())
        }
        _ => None,
    };
    let target = match (&expected.target, &last_level) {
        (Some(want), Some(level)) if same(want, level) => last_level.clone(),
        _ => intent.target.clone(),
    };
    field("target", &expected.target, &target)
        .or_else(|| field("value", &expected.value, &intent.value))
        .or_else(|| field("within", &expected.within, &intent.scope.as_ref().map(scope_name)))
        .or_else(|| {
            let kind = expected.kind.as_deref()?;
            let value = intent.value.as_deref().unwrap_or_default();
            let target = intent.target.as_deref().unwrap_or_default();
            let got = if describes_value(value, target) { "described" } else { "literal" };
            (got != kind).then(|| format!("value kind {got} (labelled {kind})"))
        })
}

/// The intents with every expected list spread into its items, in the same place.
fn listed_items(intents: &[Intent]) -> Vec<Intent> {
    intents
        .iter()
        .flat_map(|intent| {
            let parts = match (intent.verb, &intent.target) {
                (Verb::ExpectVisible, Some(text)) => specwright_reading::list_parts(text),
                _ => Vec::new(),
            };
            if parts.is_empty() {
                vec![intent.clone()]
            } else {
                parts.into_iter().map(|part| Intent { target: Some(part), ..intent.clone() }).collect()
            }
        })
        .collect()
}

/// The intents with every menu path ("Open Offers > Coupons") spread into its levels, each
/// pressed in turn: the path is how the engine goes there, level by level.
fn path_levels(intents: &[Intent]) -> Vec<Intent> {
    intents
        .iter()
        .flat_map(|intent| {
            let levels: Vec<String> = match (intent.verb, &intent.target) {
                (Verb::Navigate, Some(text)) if text.contains(" > ") => {
                    text.split(" > ").map(|l| l.trim().to_string()).filter(|l| !l.is_empty()).collect()
                }
                _ => Vec::new(),
            };
            if levels.len() < 2 {
                return vec![intent.clone()];
            }
            levels.into_iter().map(|level| Intent::click(&level)).collect()
        })
        .collect()
}

/// Whether a planned sentence is the labelled one: the plan words a step its own way ("Given I
/// am logged in" plans as "am logged in"), so either holds the other, or most of the planned
/// sentence's words are the label's.
fn holds(planned: &str, sentence: &str) -> bool {
    let words = |s: &str| -> Vec<String> {
        normalize(s)
            .to_lowercase()
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string())
            .filter(|w| !w.is_empty())
            .collect()
    };
    let (planned, sentence) = (words(planned), words(sentence));
    let (p, s) = (planned.join(" "), sentence.join(" "));
    if p.contains(&s) || s.contains(&p) {
        return true;
    }
    let shared = planned.iter().filter(|w| sentence.contains(w)).count();
    shared * 2 >= planned.len().max(1) && shared * 2 >= sentence.len().max(1)
}

/// Whether either sentence holds the other's words whole.
fn contains_words(planned: &str, sentence: &str) -> bool {
    let words = |s: &str| -> String {
        normalize(s)
            .to_lowercase()
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string())
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (p, s) = (words(planned), words(sentence));
    p.contains(&s) || s.contains(&p)
}

/// Every app's labels, by app.
pub fn labels() -> BTreeMap<String, Vec<Label>> {
    let mut out = BTreeMap::new();
    let dir = corpus_root().join("reading");
    let Ok(entries) = std::fs::read_dir(&dir) else { return out };
    for entry in entries.flatten() {
        let path = entry.path();
        let Some(app) = path.file_stem().and_then(|s| s.to_str()).map(str::to_string) else { continue };
        if path.extension().and_then(|e| e.to_str()) != Some("yaml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let labels: Vec<Label> = serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        out.insert(app, labels);
    }
    out
}

/// The sentences the engine plans from a spec: every step (action or expected result) with the
/// line it cites and what the plan read it as (what a step refers to in an earlier one
/// resolved).
fn planned(spec: &Spec) -> Vec<(u32, String, Vec<Intent>)> {
    let Ok(document) = specwright_intake::read_spec(&spec.path) else { return Vec::new() };
    let mut out: Vec<(u32, String, Vec<Intent>)> = Vec::new();
    for step in specwright_engine::plan(&[document], &spec.id).into_iter().flat_map(|scenario| scenario.steps) {
        // A Scenario Outline plans its steps once per example: a sentence the same in each is
        // one sentence of the spec.
        let planned = (step.citation.line, step.text, step.intents);
        if !out.contains(&planned) {
            out.push(planned);
        }
    }
    out
}

/// Reads every labelled sentence. Panics, listing them all, on labels that name no planned
/// sentence (a label must stay true to its spec).
pub fn read_all() -> (Vec<Reading>, BTreeMap<String, AppFigures>) {
    let labels = labels();
    let mut figures: BTreeMap<String, AppFigures> = BTreeMap::new();
    let mut readings = Vec::new();
    let specs = specs();
    let mut unplanned = Vec::new();
    for spec in &specs {
        let steps = planned(spec);
        let entry = figures.entry(spec.app.clone()).or_default();
        entry.sentences += steps.len();
        let file = spec.path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        for label in labels.get(&spec.app).into_iter().flatten().filter(|l| l.spec == file) {
            // The sentence the label names: one holding its words whole when there is one (a
            // row of "Click Edit", "Click Submit" names each apart), else those sharing most.
            let held: Vec<&(u32, String, Vec<Intent>)> =
                steps.iter().filter(|(line, text, _)| *line == label.line && holds(text, &label.sentence)).collect();
            let whole: Vec<&(u32, String, Vec<Intent>)> =
                held.iter().copied().filter(|(_, text, _)| contains_words(text, &label.sentence)).collect();
            let at_line = if whole.is_empty() { held } else { whole };
            if at_line.is_empty() {
                unplanned.push(format!(
                    "{}/{} line {}: no planned sentence there holds {:?}; planned: {:#?}",
                    spec.app,
                    file,
                    label.line,
                    label.sentence,
                    steps.iter().map(|(line, t, _)| format!("{line}: {t}")).collect::<Vec<_>>()
                ));
                continue;
            }
            let intents: Vec<Intent> = at_line.iter().flat_map(|(_, _, intents)| intents.iter().cloned()).collect();
            // A list written as one expected text ("Family, Friends and Work") is read whole and
            // as its items, and the page says which it shows (the engine checks it item by item
            // when it is not one text there): a label of its items is read right by the items.
            let items = listed_items(&intents);
            let intents =
                if items.len() == label.read.len() && intents.len() != label.read.len() { items } else { intents };
            let levels = path_levels(&intents);
            let intents =
                if levels.len() == label.read.len() && intents.len() != label.read.len() { levels } else { intents };
            let miss = if intents.len() != label.read.len() {
                Some(format!("{} clauses read (labelled {})", intents.len(), label.read.len()))
            } else {
                label.read.iter().zip(&intents).find_map(|(expected, intent)| differs(expected, intent))
            };
            entry.labelled += 1;
            if miss.is_none() {
                entry.right += 1;
            }
            readings.push(Reading {
                app: spec.app.clone(),
                label: label.clone(),
                read: intents.iter().map(described).collect(),
                miss,
            });
        }
    }
    for (app, labels) in &labels {
        for label in labels {
            if !specs.iter().any(|s| &s.app == app && s.path.file_name().and_then(|n| n.to_str()) == Some(&label.spec))
            {
                unplanned.push(format!("{app}/{}: not a spec of the corpus", label.spec));
            }
        }
    }
    assert!(unplanned.is_empty(), "reading labels that name no planned sentence:\n{}", unplanned.join("\n"));
    (readings, figures)
}
