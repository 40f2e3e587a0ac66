//! A record given to a person ("Assign the issue to John Smith", "Reassign it to 'carol'"): the
//! person is chosen in the field the verb itself names — the page's field whose name carries
//! "assign" ("Assignee", "Assigned To", "Assign to") — never one guessed from the record's noun.

use crate::quotes::Quoted;
use crate::words::EN_ASSIGN;
use crate::{Intent, RoleHint, Verb};

/// The words a field the verb names carries: grounding finds the field whose name holds them.
const ASSIGN_FIELD: &str = "assign";

/// First words that make a phrase the record the scenario is on ("it", "the issue", "this
/// ticket"), not a person.
const RECORD_LEADS: &[&str] = &["it", "this", "that", "the", "a", "an", "them", "these", "those"];

/// People a sentence means by who is reading ("to me"): the account logged in, which the page
/// names its own way; not read.
const READER: &[&str] = &["me", "myself", "yourself", "you"];

/// The choice of a person an "assign" clause says, or `None` when it says no one, or which side
/// of "to" is the person cannot be told.
pub(super) fn assigned(clause: &str, spans: &[Quoted]) -> Option<Intent> {
    // Lowered in ASCII only: positions found in it cut the clause itself (a letter such as 'İ'
    // lowers to more bytes).
    let lower = clause.to_ascii_lowercase();
    let lead_at = lower.len() - lower.trim_start().len();
    let mut at = lead_at;
    for filler in ["then ", "and "] {
        if lower[at..].starts_with(filler) {
            at += filler.len();
        }
    }
    let verb = EN_ASSIGN
        .iter()
        .find(|v| lower[at..].starts_with(**v) && !lower[at + v.len()..].starts_with(char::is_alphanumeric))?;
    let rest_at = at + verb.len();
    let to = lower[rest_at..].rfind(" to ").map(|i| rest_at + i)?;
    let (object, person) = (clause[rest_at..to].trim(), clause[to + " to ".len()..].trim());
    let record = |words: &str| {
        let first = words.split_whitespace().next().unwrap_or("").to_lowercase();
        RECORD_LEADS.contains(&first.as_str())
    };
    // "Assign John Smith to the issue" says it the other way round.
    let person = match (record(object), record(person)) {
        (true, false) => person,
        (false, true) => object,
        _ => return None,
    };
    let person = spans
        .iter()
        .find(|q| q.start >= rest_at && person.contains(q.text.as_str()))
        .map(|q| q.text.clone())
        .unwrap_or_else(|| person.trim_end_matches(['.', '!']).trim().to_string());
    let plain = person.to_lowercase();
    if person.is_empty() || person.split_whitespace().count() > 4 || READER.contains(&plain.as_str()) {
        return None;
    }
    Some(Intent {
        verb: Verb::Fill,
        target: Some(ASSIGN_FIELD.into()),
        value: Some(person),
        hint: Some(RoleHint::Field),
        scope: None,
    })
}

#[cfg(test)]
mod tests {
    use crate::{interpret_all, Intent, RoleHint, Verb};

    fn assign(person: &str) -> Vec<Intent> {
        vec![Intent {
            verb: Verb::Fill,
            target: Some("assign".into()),
            value: Some(person.into()),
            hint: Some(RoleHint::Field),
            scope: None,
        }]
    }

    #[test]
    fn a_record_given_to_a_person_is_that_person_chosen_in_the_assign_field() {
        // An issue tracker, a help desk, a task board: the person after "to", or before it.
        assert_eq!(interpret_all("Assign the issue to John Smith.", None), assign("John Smith"));
        assert_eq!(interpret_all("Reassign the ticket to 'carol'", None), assign("carol"));
        assert_eq!(interpret_all("Then assign it to Dana Park", None), assign("Dana Park"));
        assert_eq!(interpret_all("Assign \"Erin Lee\" to this task", None), assign("Erin Lee"));
        // Letters that lower to more bytes than they are ('İ') leave the cut where it was.
        assert_eq!(interpret_all("Assign the İstanbul issue to Çağla", None), assign("Çağla"));
    }

    #[test]
    fn an_assignment_that_does_not_say_who_is_not_guessed() {
        for sentence in
            ["Assign it to me", "Assign John to Mary", "Assign the bug to the team lead of the mobile squad"]
        {
            assert!(interpret_all(sentence, None).iter().all(|i| i.target.as_deref() != Some("assign")), "{sentence}");
        }
    }
}
