//! What a person said to the session, applied to what the documents plan: steps added at the end
//! or after the line the person named, a line's steps left out, the last change taken back. A
//! message is read as a one-line spec, so what it asks for is the grammar's and is explored,
//! grounded and asked about like any spec line; its steps cite the message.

use crate::plan::{PlannedScenario, PlannedStep};
use crate::revision::same_place;
use specwright_protocol::SaidAs;
use specwright_scenario::Citation;

/// A message of the session's conversation: its place in the log and what it was taken as.
#[derive(Debug, Clone, PartialEq)]
pub struct SaidLine {
    pub seq: u32,
    pub taken: SaidAs,
}

/// The changes that stand: in the order said, each undo taking back the change before it.
pub fn standing(said: &[SaidLine]) -> Vec<&SaidLine> {
    let mut changes: Vec<&SaidLine> = Vec::new();
    for line in said {
        match &line.taken {
            SaidAs::Undo => {
                changes.pop();
            }
            SaidAs::Steps { .. } | SaidAs::Skip { .. } | SaidAs::Replace { .. } => changes.push(line),
            SaidAs::Answer { .. } | SaidAs::Talk | SaidAs::Turn => {}
        }
    }
    changes
}

/// `plans` with what the person said applied. With no plan at all (a session started from words
/// alone) the first steps said make the one scenario, titled `title`.
pub fn apply_said(plans: &mut Vec<PlannedScenario>, said: &[SaidLine], title: &str) {
    for line in standing(said) {
        match &line.taken {
            SaidAs::Steps { line: words, after } => add(plans, line.seq, words, after.as_ref(), title),
            SaidAs::Skip { citation } => {
                for plan in plans.iter_mut() {
                    plan.steps.retain(|s| !same_place(&s.citation, citation));
                    plan.preconditions.retain(|p| !same_place(&p.citation, citation));
                }
            }
            SaidAs::Replace { citation, line: words } => replace(plans, line.seq, words, citation),
            SaidAs::Undo | SaidAs::Answer { .. } | SaidAs::Talk | SaidAs::Turn => {}
        }
    }
}

/// The steps of the line `citation` cites give way to the message's words, where the first was.
fn replace(plans: &mut [PlannedScenario], seq: u32, words: &str, citation: &Citation) {
    for plan in plans.iter_mut() {
        let Some(at) = plan.steps.iter().position(|s| same_place(&s.citation, citation)) else { continue };
        plan.steps.retain(|s| !same_place(&s.citation, citation));
        let step = PlannedStep::read(words.to_string(), None, Citation::said(seq, words), false, false);
        plan.steps.insert(at, step);
        crate::referents::resolve(plan.steps.iter_mut().flat_map(|s| s.intents.iter_mut()));
        return;
    }
}

/// The message's words as steps: after the last step of the line `after` cites, in the scenario
/// holding it, else at the end of the last scenario.
fn add(plans: &mut Vec<PlannedScenario>, seq: u32, words: &str, after: Option<&Citation>, title: &str) {
    let citation = Citation::said(seq, words);
    let step = PlannedStep::read(words.to_string(), None, citation, false, false);
    if plans.is_empty() {
        plans.push(PlannedScenario {
            key: "spec".to_string(),
            title: title.to_string(),
            preconditions: Vec::new(),
            steps: Vec::new(),
        });
    }
    let placed = after.and_then(|after| {
        plans
            .iter()
            .enumerate()
            .find_map(|(n, plan)| plan.steps.iter().rposition(|s| same_place(&s.citation, after)).map(|i| (n, i + 1)))
    });
    let last = plans.len() - 1;
    let (n, at) = placed.unwrap_or((last, plans[last].steps.len()));
    let plan = &mut plans[n];
    plan.steps.insert(at, step);
    // "it", "that record": a said sentence may point back at a name the steps before it said.
    crate::referents::resolve(plan.steps.iter_mut().flat_map(|s| s.intents.iter_mut()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use specwright_scenario::Citation;

    fn spec_line(line: u32, text: &str) -> PlannedStep {
        let citation = Citation {
            document: "spec.md".into(),
            anchor: "spec.md#steps".into(),
            section: "Steps".into(),
            line,
            quote: text.into(),
            page: None,
            sheet: None,
            row: None,
        };
        PlannedStep::read(text.to_string(), None, citation, false, false)
    }

    fn plans() -> Vec<PlannedScenario> {
        vec![PlannedScenario {
            key: "spec".into(),
            title: "Orders".into(),
            preconditions: Vec::new(),
            steps: vec![spec_line(3, "Click 'New order'"), spec_line(4, "Click 'Save'")],
        }]
    }

    fn texts(plans: &[PlannedScenario]) -> Vec<&str> {
        plans[0].steps.iter().map(|s| s.text.as_str()).collect()
    }

    fn steps(seq: u32, line: &str, after: Option<Citation>) -> SaidLine {
        SaidLine { seq, taken: SaidAs::Steps { line: line.into(), after } }
    }

    #[test]
    fn said_steps_go_at_the_end_or_after_the_line_named() {
        let mut p = plans();
        let after_first = Some(p[0].steps[0].citation.clone());
        let said = [steps(7, "Check that 'Total 3' is shown", None), steps(9, "Type 2 into 'Quantity'", after_first)];
        apply_said(&mut p, &said, "Orders");
        assert_eq!(
            texts(&p),
            ["Click 'New order'", "Type 2 into 'Quantity'", "Click 'Save'", "Check that 'Total 3' is shown"]
        );
        // Each cites its message, never the spec.
        assert_eq!(p[0].steps[1].citation, Citation::said(9, "Type 2 into 'Quantity'"));
        assert!(p[0].steps[3].citation.is_said() && !p[0].steps[0].citation.is_said());
        assert!(!p[0].steps[3].intents.is_empty(), "a said sentence is read like a spec line");
    }

    #[test]
    fn a_skip_leaves_a_line_out_and_an_undo_takes_back_the_last_change() {
        let mut p = plans();
        let save = p[0].steps[1].citation.clone();
        let said = [
            SaidLine { seq: 5, taken: SaidAs::Skip { citation: save.clone() } },
            steps(6, "Check that 'Draft' is shown", None),
            SaidLine { seq: 7, taken: SaidAs::Undo },
            SaidLine { seq: 8, taken: SaidAs::Talk },
        ];
        apply_said(&mut p, &said, "Orders");
        assert_eq!(texts(&p), ["Click 'New order'"]);
        // Undone twice: the skip too.
        let mut p = plans();
        let said =
            [SaidLine { seq: 5, taken: SaidAs::Skip { citation: save } }, SaidLine { seq: 6, taken: SaidAs::Undo }];
        apply_said(&mut p, &said, "Orders");
        assert_eq!(texts(&p), ["Click 'New order'", "Click 'Save'"]);
    }

    #[test]
    fn a_replaced_line_is_done_by_the_message_in_its_place() {
        let mut p = plans();
        let first = p[0].steps[0].citation.clone();
        let said = [SaidLine { seq: 4, taken: SaidAs::Replace { citation: first, line: "Click 'New'".into() } }];
        apply_said(&mut p, &said, "Orders");
        assert_eq!(texts(&p), ["Click 'New'", "Click 'Save'"]);
        assert!(p[0].steps[0].citation.is_said());
    }

    #[test]
    fn words_alone_make_the_scenario() {
        let mut p = Vec::new();
        apply_said(&mut p, &[steps(2, "Click 'Products'", None)], "From words");
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].title, "From words");
        assert_eq!(texts(&p), ["Click 'Products'"]);
    }
}
