//! What a session learns as it runs, in facets: the answers it was given, the screens it has
//! seen, what the page said last, the records it made and the values it typed. Each facet is
//! changed only through its own methods, so what a facet may hold is decided here, once, not at
//! each of the places that learn something.

use specwright_scenario::{Citation, Precondition, Target};
use std::collections::{BTreeSet, HashMap};

/// What the session has learned so far, carried from one scenario to the next (and, through
/// the answers, into a resumed run).
#[derive(Debug, Default, Clone)]
pub struct Memory {
    pub answers: Answers,
    pub screens: Screens,
    pub recent: Recent,
    pub records: Records,
    pub typed: Typed,
}

impl Memory {
    /// The intent with any per-run name spelled as written: what this exploration created.
    pub fn plain_names(&self, intent: &specwright_reading::Intent) -> specwright_reading::Intent {
        let plain = |t: &Option<String>| t.as_ref().map(|t| t.replace(specwright_scenario::RUN_TAG, ""));
        specwright_reading::Intent { target: plain(&intent.target), value: plain(&intent.value), ..intent.clone() }
    }
}

/// The answers given, by question id, and who gave each (`window`, `answers_file`, `terminal`,
/// `imported`). A secret is never held here: its value lives only in the run's secrets.
#[derive(Debug, Default, Clone)]
pub struct Answers {
    values: HashMap<String, String>,
    by: HashMap<String, String>,
}

impl Answers {
    pub fn get(&self, question_id: &str) -> Option<&String> {
        self.values.get(question_id)
    }

    /// Who gave the answer first: an answer remembered later is still theirs.
    pub fn given_by(&self, question_id: &str) -> Option<&String> {
        self.by.get(question_id)
    }

    /// An answer and its source; `remembered` keeps whoever gave it first.
    pub fn record(&mut self, question_id: &str, value: &str, source: &str) {
        if source != "remembered" {
            self.by.insert(question_id.to_string(), source.to_string());
        }
        self.values.insert(question_id.to_string(), value.to_string());
    }

    /// An answer that chose nothing is asked again.
    pub fn forget(&mut self, question_id: &str) {
        self.values.remove(question_id);
        self.by.remove(question_id);
    }

    /// Another run's answers, but for those the person asked to be asked again.
    pub fn merge(&mut self, other: Answers, forget: &[String]) {
        self.values.extend(other.values);
        self.by.extend(other.by);
        self.values.retain(|question, _| !forget.contains(question));
        self.by.retain(|question, _| !forget.contains(question));
    }

    /// The answers to questions of one kind (their ids start with `prefix`).
    pub fn of_kind<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = (&'a String, &'a String)> + 'a {
        self.values.iter().filter(move |(id, _)| id.starts_with(prefix))
    }
}

/// Screens by name (their heading, a link's words, the name a person gave) → the URL path where
/// each was seen.
#[derive(Debug, Default, Clone)]
pub struct Screens {
    paths: HashMap<String, String>,
}

impl Screens {
    pub fn path(&self, name: &str) -> Option<&String> {
        self.paths.get(name)
    }

    /// Where a screen is, as seen last.
    pub fn remember(&mut self, name: &str, path: &str) {
        self.paths.insert(name.to_string(), path.to_string());
    }

    /// Where a screen is, unless it was seen elsewhere already (a link's words are a weaker
    /// name than the heading seen on the screen).
    pub fn remember_first(&mut self, name: &str, path: &str) {
        self.paths.entry(name.to_string()).or_insert_with(|| path.to_string());
    }

    pub fn iter(&self) -> impl Iterator<Item = (&String, &String)> {
        self.paths.iter()
    }

    pub fn extend(&mut self, other: Screens) {
        self.paths.extend(other.paths);
    }
}

/// What the page said or did last, for the next sentence that refers to it: the dialog open
/// ("the dialog closes"), the app's refusal (a negative test expects it), the sentence that
/// already answered the browser's confirm box, and what was clicked without leaving the page.
#[derive(Debug, Default, Clone)]
pub struct Recent {
    dialog: Option<String>,
    refusal: Option<String>,
    answered_dialog: Option<Citation>,
    in_place: Vec<Target>,
}

impl Recent {
    pub fn dialog(&self) -> Option<&String> {
        self.dialog.as_ref()
    }

    pub fn set_dialog(&mut self, title: Option<String>) {
        self.dialog = title;
    }

    pub fn refusal(&self) -> Option<&String> {
        self.refusal.as_ref()
    }

    pub fn set_refusal(&mut self, words: Option<String>) {
        self.refusal = words;
    }

    /// Whether `citation`'s sentence already answered the browser's confirm box (once).
    pub fn take_answered_dialog(&mut self, citation: &Citation) -> bool {
        let answered = self.answered_dialog.as_ref() == Some(citation);
        if answered {
            self.answered_dialog = None;
        }
        answered
    }

    pub fn set_answered_dialog(&mut self, citation: Option<Citation>) {
        self.answered_dialog = citation;
    }

    /// A click that stayed on its page (a form's tab, a menu opened): the form typed into
    /// before is still the one a later save sends.
    pub fn stayed(&mut self, target: &Target) {
        if !self.in_place.contains(target) {
            self.in_place.push(target.clone());
        }
    }

    pub fn stayed_on(&self, target: &Target) -> bool {
        self.in_place.contains(target)
    }
}

/// What the scenarios did to the app's data: the names made anew on every run, the record made
/// last, how the data is put back, and which scenarios changed it.
#[derive(Debug, Default, Clone)]
pub struct Records {
    unique: Vec<(String, String)>,
    created: Option<String>,
    reset: Option<Precondition>,
    changed_data: BTreeSet<String>,
}

impl Records {
    /// Names the scenario creates, as written → as named anew on every run (with `{{run}}`).
    pub fn unique(&self) -> &[(String, String)] {
        &self.unique
    }

    /// A name made anew on every run; the first way it was made anew stays.
    pub fn name_anew(&mut self, written: &str, fresh: &str) {
        if !self.unique.iter().any(|(w, _)| w == written) {
            self.unique.push((written.to_string(), fresh.to_string()));
        }
    }

    /// The name of the record the scenario created last (what was typed into its name or title
    /// field before a submit the app kept): "the book appears in the list" checks it.
    pub fn created(&self) -> Option<&String> {
        self.created.as_ref()
    }

    pub fn set_created(&mut self, name: &str) {
        self.created = Some(name.to_string());
    }

    /// How the app's data is put back before every run, once a person said so: every scenario
    /// of the session that changes data starts with it.
    pub fn reset(&self) -> Option<&Precondition> {
        self.reset.as_ref()
    }

    pub fn set_reset(&mut self, reset: Precondition) {
        self.reset = Some(reset);
    }

    /// A scenario whose exploration sent a request that may change the app's data (a login's
    /// aside): its trials never run beside another scenario's.
    pub fn changed(&mut self, scenario_id: &str) {
        self.changed_data.insert(scenario_id.to_string());
    }

    pub fn changed_data(&self, scenario_id: &str) -> bool {
        self.changed_data.contains(scenario_id)
    }
}

/// What was typed: the fields in order with the screen (URL path) each was on — a later case
/// that lists only values ("Tom / Weak / weak01") is offered the same fields — and each value as
/// the spec named its field ("his mobile number" in a later check is the value typed into the
/// field the spec called "mobile number").
#[derive(Debug, Default, Clone)]
pub struct Typed {
    fields: Vec<(String, String)>,
    values: Vec<(String, String)>,
}

impl Typed {
    /// A field typed into on the screen at `path`, by its name on the page.
    pub fn field(&mut self, path: &str, name: &str) {
        self.fields.push((path.to_string(), name.to_string()));
    }

    /// A value typed, by the field's name in the spec's words.
    pub fn value(&mut self, field: &str, value: &str) {
        self.values.push((field.to_string(), value.to_string()));
    }

    /// (screen path, field name), in the order typed.
    pub fn fields(&self) -> &[(String, String)] {
        &self.fields
    }

    /// (field as the spec named it, value), in the order typed.
    pub fn values(&self) -> &[(String, String)] {
        &self.values
    }
}
