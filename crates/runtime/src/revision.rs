//! What a session learnt from the version of its spec it was explored from (the spec, its
//! scenarios, its answers), which a new version is compared with and explored from.

use specwright_engine::{apply_said, compare, plan_remembered, Earlier, Kept, PlannedScenario, SaidLine};
use specwright_intake::Document;
use specwright_protocol::{Envelope, Event};
use specwright_rails::Memory;
use specwright_scenario::{Comparison, Scenario};

/// Who answered a question of an imported session's log: someone on another machine.
pub(crate) const IMPORTED: &str = "imported";

/// What a session explored from its spec: the spec as it was, the scenarios and the answers.
#[derive(Clone)]
pub(crate) struct EarlierVersion {
    pub(crate) session: String,
    pub(crate) title: String,
    pub(crate) documents: Vec<Document>,
    pub(crate) scenarios: Vec<Scenario>,
    /// The answers the earlier session was given (never a secret's value).
    pub(crate) memory: Memory,
    /// What was said to the earlier session, which its scenarios hold.
    pub(crate) said: Vec<SaidLine>,
    /// The session itself as it stood before a person's message: its continuation keeps its
    /// steps, and no new version of a spec is compared.
    pub(crate) continues: bool,
}

impl EarlierVersion {
    /// How the new version's documents plan, with the tables answered as they were for this one.
    pub(crate) fn plan_next(&self, documents: &[Document]) -> Vec<PlannedScenario> {
        let title = documents.first().map(|d| d.title.as_str()).unwrap_or_default();
        plan_remembered(documents, title, &self.memory)
    }

    /// The new version's plans against this one's, and the steps unchanged sentences keep.
    pub(crate) fn compare(&self, plans: &[PlannedScenario]) -> (Comparison, Kept) {
        let mut earlier_plans = plan_remembered(&self.documents, &self.title, &self.memory);
        apply_said(&mut earlier_plans, &self.said, &self.title);
        let earlier = Earlier { session: &self.session, plans: &earlier_plans, scenarios: &self.scenarios };
        compare(&earlier, plans)
    }
}

/// The answers a session's log holds, as a run remembers them (secrets never are: they are not
/// in the log), but for the questions in `forget` and for confirmations an imported bundle
/// carried (a command or a risky step is confirmed by a person on this machine).
pub(crate) fn remembered(events: &[Envelope], forget: &[String]) -> Memory {
    let mut memory = Memory::default();
    for envelope in events {
        if let Event::QuestionAnswered { question_id, answer, source } = &envelope.event {
            // A confirmation in a bundle's log was given on another machine: asked again here.
            let foreign_confirmation = source == IMPORTED && question_id.starts_with("confirm:");
            if source != "secret"
                && !question_id.starts_with("secret:")
                && !forget.contains(question_id)
                && !foreign_confirmation
            {
                // Who gave it first is kept: a remembered answer is still theirs.
                memory.answers.record(question_id, answer, source);
            }
        }
    }
    memory
}
