//! A new version of a spec explored from the earlier one: its sentences compared with the
//! earlier version's, the steps recorded for an unchanged sentence replayed as they were (their
//! citations moved to its new line) instead of grounded again, and only changed and added
//! sentences explored. A kept step the page no longer bears out is explored like a new one.

use crate::plan::{PlannedScenario, PlannedStep};
use crate::{Context, RunError};
use specwright_browser::BrowserSession;
use specwright_protocol::{Event, Text};
use specwright_rails::{
    guard, leave_check, path_of, redacted, refusal_words, run_step, sent_change, Memory, REFUSAL_SETTLE,
};
use specwright_scenario::{
    Action, Assertion, Citation, ComparedSentence, Comparison, Locator, Provenance, Scenario, SentenceChange, Step,
    Target, Value, RUN_TAG,
};
use std::collections::HashMap;

/// The steps kept from the earlier version, by the new version's planned scenario and step.
#[derive(Debug, Default)]
pub struct Kept {
    steps: HashMap<(usize, usize), Vec<Step>>,
    /// The earlier scenario each new planned scenario was matched with: the variables its kept
    /// steps type come from there.
    earlier: HashMap<usize, Scenario>,
}

impl Kept {
    pub(crate) fn of(&self, scenario: usize, step: usize) -> Option<&[Step]> {
        self.steps.get(&(scenario, step)).map(Vec::as_slice)
    }

    /// How many recorded steps are kept.
    pub fn len(&self) -> usize {
        self.steps.values().map(Vec::len).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
}

/// The earlier version: its planned scenarios (from its stored documents) and the scenarios
/// explored from them.
pub struct Earlier<'a> {
    pub session: &'a str,
    pub plans: &'a [PlannedScenario],
    pub scenarios: &'a [Scenario],
}

/// Compares the new version's plans with the earlier one's, sentence by sentence (a sentence is
/// the same when its words, its data cell and its kind are, spacing aside), and keeps the
/// recorded steps of the unchanged sentences of each case up to its first change: after one,
/// or in a case whose preconditions changed, an unchanged sentence is explored again, since
/// what it means may rest on what came before it.
pub fn compare(earlier: &Earlier<'_>, plans: &[PlannedScenario]) -> (Comparison, Kept) {
    let mut comparison = Comparison { earlier_session: earlier.session.to_string(), sentences: Vec::new() };
    let mut kept = Kept::default();
    let mut matched_old = vec![false; earlier.plans.len()];
    for (n, plan) in plans.iter().enumerate() {
        let Some(o) = counterpart(earlier.plans, plan, plans.len(), &matched_old) else {
            for step in &plan.steps {
                comparison.sentences.push(sentence(SentenceChange::Added, plan, None, Some(&step.citation), 0, false));
            }
            continue;
        };
        matched_old[o] = true;
        let old = &earlier.plans[o];
        let recorded = scenario_of(earlier, o);
        let groups = recorded.map(|s| grouped(old, s)).unwrap_or_else(|| vec![Vec::new(); old.steps.len()]);
        if let Some(s) = recorded {
            kept.earlier.insert(n, s.clone());
        }
        // The preconditions first: one changed, and nothing of the case is kept.
        let setup = |p: &PlannedScenario| p.preconditions.iter().map(|c| words(&c.text)).collect::<Vec<_>>();
        let mut keeping = true;
        for op in diff(&setup(old), &setup(plan)) {
            let (was, now) = match op {
                Op::Same(..) => continue,
                Op::Changed(i, j) => (Some(&old.preconditions[i].citation), Some(&plan.preconditions[j].citation)),
                Op::Removed(i) => (Some(&old.preconditions[i].citation), None),
                Op::Added(j) => (None, Some(&plan.preconditions[j].citation)),
            };
            keeping = false;
            comparison.sentences.push(sentence(change_of(&op), plan, was, now, 0, false));
        }
        let keys = |p: &PlannedScenario| p.steps.iter().map(key).collect::<Vec<_>>();
        for op in diff(&keys(old), &keys(plan)) {
            let was = |i: usize| Some(&old.steps[i].citation);
            let now = |j: usize| Some(&plan.steps[j].citation);
            let row = match op {
                Op::Same(i, j) => {
                    let steps = &groups[i];
                    let keep = keeping && !steps.is_empty();
                    if keep {
                        kept.steps.insert((n, j), steps.clone());
                    }
                    sentence(SentenceChange::Unchanged, plan, was(i), now(j), steps.len(), keep)
                }
                Op::Changed(i, j) => sentence(SentenceChange::Changed, plan, was(i), now(j), groups[i].len(), false),
                Op::Removed(i) => sentence(SentenceChange::Removed, plan, was(i), None, groups[i].len(), false),
                Op::Added(j) => sentence(SentenceChange::Added, plan, None, now(j), 0, false),
            };
            keeping &= row.change == SentenceChange::Unchanged;
            comparison.sentences.push(row);
        }
    }
    for (o, old) in earlier.plans.iter().enumerate().filter(|(o, _)| !matched_old[*o]) {
        let groups = scenario_of(earlier, o).map(|s| grouped(old, s)).unwrap_or_default();
        for (i, step) in old.steps.iter().enumerate() {
            let steps = groups.get(i).map_or(0, Vec::len);
            comparison.sentences.push(sentence(SentenceChange::Removed, old, Some(&step.citation), None, steps, false));
        }
    }
    (comparison, kept)
}

fn change_of(op: &Op) -> SentenceChange {
    match op {
        Op::Same(..) => SentenceChange::Unchanged,
        Op::Changed(..) => SentenceChange::Changed,
        Op::Removed(_) => SentenceChange::Removed,
        Op::Added(_) => SentenceChange::Added,
    }
}

fn sentence(
    change: SentenceChange,
    plan: &PlannedScenario,
    was: Option<&Citation>,
    now: Option<&Citation>,
    steps: usize,
    kept: bool,
) -> ComparedSentence {
    ComparedSentence {
        change,
        case: plan.title.clone(),
        was: was.cloned(),
        now: now.cloned(),
        steps: steps as u32,
        kept,
    }
}

/// The earlier planned scenario a new one continues: the same case id, else the same title,
/// else the only one when each version has one.
fn counterpart(old: &[PlannedScenario], plan: &PlannedScenario, new_count: usize, taken: &[bool]) -> Option<usize> {
    let free = |i: &usize| !taken[*i];
    (0..old.len())
        .filter(free)
        .find(|&i| plan.key != "spec" && old[i].key == plan.key)
        .or_else(|| (0..old.len()).filter(free).find(|&i| old[i].title == plan.title))
        .or_else(|| (old.len() == 1 && new_count == 1 && !taken[0]).then_some(0))
}

/// The scenario explored from the earlier version's planned scenario `o` (ids as `explore`
/// gives them: the session's id alone for one scenario, `<id>-<case>` for several).
fn scenario_of<'a>(earlier: &Earlier<'a>, o: usize) -> Option<&'a Scenario> {
    if earlier.plans.len() == 1 {
        return match earlier.scenarios {
            [only] => Some(only),
            _ => None,
        };
    }
    // `<session's scenario id>-<case>`: the id before the first dash has none of its own.
    let case = crate::plan::slug(&earlier.plans[o].key);
    earlier.scenarios.iter().find(|s| s.id.split_once('-').is_some_and(|(_, rest)| rest == case))
}

/// The recorded steps of each planned step: those citing its line (a step a person's answer
/// resolved cites it too). Of planned steps on one line (a sheet row's action and its expected
/// result), a step goes to the one it quotes, else the first.
fn grouped(plan: &PlannedScenario, scenario: &Scenario) -> Vec<Vec<Step>> {
    let mut groups = vec![Vec::new(); plan.steps.len()];
    // The application opened at the target a person gave ("Open the app and log in") cites no
    // line: it belongs to the sentence whose steps follow it.
    let mut opening: Vec<Step> = Vec::new();
    for step in &scenario.steps {
        let citation = match &step.provenance {
            Provenance::Spec { citation } | Provenance::Said { citation, .. } => citation,
            Provenance::Answer { citation: Some(citation), .. } => citation,
            Provenance::Answer { citation: None, .. } if matches!(step.action, Action::Goto { .. }) => {
                opening.push(step.clone());
                continue;
            }
            _ => {
                opening.clear();
                continue;
            }
        };
        let at_line: Vec<usize> =
            (0..plan.steps.len()).filter(|&i| same_place(&plan.steps[i].citation, citation)).collect();
        let owner = at_line
            .iter()
            .copied()
            .find(|&i| plan.steps[i].citation.quote == citation.quote)
            .or(at_line.first().copied());
        match owner {
            Some(i) => {
                groups[i].append(&mut opening);
                groups[i].push(step.clone());
            }
            None => opening.clear(),
        }
    }
    groups
}

pub(crate) fn same_place(a: &Citation, b: &Citation) -> bool {
    a.document == b.document && a.line == b.line && a.sheet == b.sheet && a.row == b.row
}

/// A sentence's words, spacing aside.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What makes two sentences the same: their words (spacing aside), their data and their kind.
fn key(step: &PlannedStep) -> String {
    format!(
        "{}\u{1f}{}\u{1f}{}{}",
        words(&step.text),
        step.data.as_deref().map(words).unwrap_or_default(),
        step.expected,
        step.negative
    )
}

#[derive(Debug, PartialEq)]
enum Op {
    Same(usize, usize),
    Changed(usize, usize),
    Removed(usize),
    Added(usize),
}

/// The longest common run of sentences, with what lies between two kept sentences paired as
/// changed in order (a reworded sentence stays in its place) and the rest removed or added.
fn diff(a: &[String], b: &[String]) -> Vec<Op> {
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    let mut lcs = vec![vec![0u32; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] { lcs[i + 1][j + 1] + 1 } else { lcs[i + 1][j].max(lcs[i][j + 1]) };
        }
    }
    let mut ops = Vec::new();
    let (mut i, mut j) = (0, 0);
    let (mut gone, mut came) = (Vec::new(), Vec::new());
    let flush = |ops: &mut Vec<Op>, gone: &mut Vec<usize>, came: &mut Vec<usize>| {
        let pairs = gone.len().min(came.len());
        for k in 0..pairs {
            ops.push(Op::Changed(gone[k], came[k]));
        }
        ops.extend(gone[pairs..].iter().map(|&i| Op::Removed(i)));
        ops.extend(came[pairs..].iter().map(|&j| Op::Added(j)));
        gone.clear();
        came.clear();
    };
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            flush(&mut ops, &mut gone, &mut came);
            ops.push(Op::Same(i, j));
            i += 1;
            j += 1;
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            came.push(j);
            j += 1;
        } else {
            gone.push(i);
            i += 1;
        }
    }
    flush(&mut ops, &mut gone, &mut came);
    ops
}

/// Replays the steps an unchanged sentence recorded, each cited at the sentence's new line, on
/// the same rails as exploring it: the guard on risky actions and leaving the allowed origins
/// first, the app's answer read after each click or key press (a refusal fails with the app's
/// words unless the new version's sentences expect it), and what it teaches the session. Returns
/// false, with nothing recorded, when the sentence must be explored instead: its first step's
/// element is gone, it types a secret the run does not know yet, or a click opened the
/// browser's own confirm box (exploring answers it as the next sentence says).
#[allow(clippy::too_many_arguments)]
pub(crate) async fn replay_kept(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    kept: &Kept,
    plan_index: usize,
    recorded: &[Step],
    step: &PlannedStep,
    rest: &[PlannedStep],
) -> Result<bool, RunError> {
    // A secret the sentence writes is learnt by exploring it (a run never keeps one): it
    // types the same value the sentence says.
    let unknown_secret = recorded.iter().any(|old| match old.action.value() {
        Some(Value::Secret { name }) => cx.secrets.get(name).is_none(),
        _ => false,
    });
    if unknown_secret {
        return Ok(false);
    }
    // The earlier version's server addresses are paths on this one's (a revision may run
    // against another server).
    let recorded = match kept.earlier.get(&plan_index) {
        Some(earlier) => {
            let mut moved = Scenario { steps: recorded.to_vec(), ..earlier.clone() };
            moved.moved_to(&scenario.target_url);
            moved.steps
        }
        None => recorded.to_vec(),
    };
    let before = scenario.steps.len();
    let line = step.citation.line;
    let text = cx.secrets.redact(&step.text);
    let intents = step.intents.clone();
    let explore_instead = |scenario: &mut Scenario| scenario.steps.truncate(before);
    // Whether a kept step of this sentence moved the page on (a click, a key, an address): until
    // one did, the sentence can still be explored from where it began — what was typed is typed
    // again — so a vanished element sends it back to exploration; after one, the page is
    // somewhere exploring the sentence would not start from, and the failure is the sentence's.
    let mut moved = false;
    // What the sentence says after its last action (the checks that follow it) is what a refusal
    // after that action is read against, as exploring reads the clauses after each one: the
    // line's own earlier actions are not what the app answered.
    let last_acting = recorded.iter().rposition(|s| !s.action.is_assertion());
    let trailing: Vec<_> =
        intents.iter().rev().take_while(|i| i.verb.is_expectation() || i.verb == crate::Verb::Look).cloned().collect();
    for (k, old) in recorded.iter().enumerate() {
        // The application opened where the person said, kept with the sentence after it: this
        // run opened it there already (a second opening would shift every step's number).
        let opening = |s: &Step| {
            matches!(s.provenance, Provenance::Answer { citation: None, .. }) && matches!(s.action, Action::Goto { .. })
        };
        let opened = opening(old) && scenario.steps.last().is_some_and(opening);
        if opened {
            continue;
        }
        let later = if Some(k) == last_acting { &trailing[..] } else { &intents[..] };
        let provenance = match &old.provenance {
            Provenance::Answer { question_id, answer, question, by, .. } => Provenance::Answer {
                question_id: question_id.clone(),
                answer: answer.clone(),
                question: question.clone(),
                citation: Some(redacted(cx.secrets, &step.citation)),
                by: by.clone(),
            },
            _ => Provenance::Spec { citation: redacted(cx.secrets, &step.citation) },
        };
        guard(cx, &old.action, &text, &scenario.target_url, line, session.page().url()).await?;
        let submits = matches!(old.action, Action::Click { .. } | Action::Press { .. });
        let mark = if submits { Some(session.page().mark().await) } else { None };
        let path_before = path_of(&session.page().url());
        let dialogs_before = session.page().dialogs().len();
        let writes = session.page().data_requests();
        match run_step(session, cx, scenario, old.intent.clone(), old.action.clone(), provenance, line).await {
            Ok(()) => {}
            // Only the element gone (or now one of several) of a step that acts: a check that
            // failed is the app's answer, never a reason to explore the sentence anew.
            Err(RunError::Browser {
                source:
                    specwright_browser::BrowserError::NotFound { .. } | specwright_browser::BrowserError::Ambiguous { .. },
                ..
            }) if !moved && !old.action.is_assertion() => {
                explore_instead(scenario);
                let text = Text::message("revision-explore-again", [("line", line.into())]);
                cx.sink.emit(Event::MessageDone { text }).map_err(RunError::Sink)?;
                return Ok(false);
            }
            Err(e) => return Err(e),
        }
        if session.page().dialogs().len() > dialogs_before {
            explore_instead(scenario);
            return Ok(false);
        }
        // A step that sent a change (an autosave) moved on too: the app holds it now.
        moved |= !old.action.stays_on_page()
            || path_of(&session.page().url()) != path_before
            || session.page().data_requests() > writes;
        if let Some(earlier) = kept.earlier.get(&plan_index) {
            carry_variables(scenario, earlier, &old.action);
        }
        remember(cx.memory, &old.action, &path_before, &path_of(&session.page().url()));
        if let Some(mark) = mark {
            let heard = Heard { later, rest, line, step };
            read_answer(session, cx, scenario, &mark, &old.action, heard).await?;
        }
        leave_check(session.page(), cx.safety, line).await?;
    }
    cx.figures.kept += recorded.len() as u32;
    Ok(true)
}

/// What exploring the step would have taught the session, learnt from the step as recorded:
/// the screen a heading shows or a link led to (a later case's "the list is open"), the fields
/// typed into and what was typed (a later case that lists only values, a check of "his number").
fn remember(memory: &mut Memory, action: &Action, before: &str, after: &str) {
    let name = |target: &Target| match target.primary() {
        Some(
            Locator::Role { name, .. }
            | Locator::Label { text: name }
            | Locator::Placeholder { text: name }
            | Locator::Text { text: name, .. },
        ) => Some(name.replace(RUN_TAG, "")),
        _ => None,
    };
    match action {
        Action::Fill { target, value: Value::Literal { value } } => {
            let plain = value.replace(RUN_TAG, "");
            // A name each run makes anew stays so wherever a later sentence types or checks it.
            if value.contains(RUN_TAG) {
                memory.records.name_anew(&plain, value);
                memory.records.set_created(&plain);
            }
            if let Some(field) = name(target) {
                memory.typed.field(before, &field);
                memory.typed.value(&field, &plain);
            }
        }
        Action::Click { target } if before != after => {
            if let Some(link) = name(target) {
                memory.screens.remember_first(&link, after);
            }
        }
        Action::Expect { target, assertion: Assertion::Visible } if matches!(target.primary(), Some(Locator::Role { role, .. }) if role == "heading") => {
            if let Some(heading) = name(target) {
                memory.screens.remember(&heading, after);
            }
        }
        _ => {}
    }
}

/// The variable a kept step types (a secret's name, a test-data column) is declared in the new
/// scenario as it was in the earlier one.
fn carry_variables(scenario: &mut Scenario, earlier: &Scenario, action: &Action) {
    let name = match action.value() {
        Some(Value::Variable { name } | Value::Secret { name }) => name,
        _ => return,
    };
    if scenario.variables.iter().any(|v| &v.name == name) {
        return;
    }
    if let Some(variable) = earlier.variables.iter().find(|v| &v.name == name) {
        scenario.variables.push(variable.clone());
    }
}

/// What a kept step's answer is read against: the sentence's clauses after it, the sentences
/// after it, its line, and the planned step.
struct Heard<'a> {
    later: &'a [specwright_reading::Intent],
    rest: &'a [PlannedStep],
    line: u32,
    step: &'a PlannedStep,
}

/// The app's answer to a kept step that submits: a refusal fails with the app's words unless the
/// new version's sentences expect it (then the step expects it too); a change the app took is
/// what the step waits for from now on, and keeps the runs repeatable.
async fn read_answer(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    mark: &specwright_browser::Mark,
    action: &Action,
    heard: Heard<'_>,
) -> Result<(), RunError> {
    let Heard { later, rest, line, step } = heard;
    if let Some(refusal) = session.page().refusal_since(mark, REFUSAL_SETTLE).await {
        let said = refusal_words(&refusal, cx.language);
        // Whether the app may refuse is the new version's to say, as exploring reads it.
        if !crate::sentence::refusal_expected(later, rest, Some(&said)) {
            return Err(RunError::Refused { line, message: said });
        }
        if let Some(last) = scenario.steps.last_mut() {
            last.expects_refusal = true;
            last.response = None;
        }
        cx.memory.recent.set_refusal(Some(said));
    } else {
        cx.memory.recent.set_refusal(None);
        if let Some(last) = scenario.steps.last_mut().filter(|s| s.response.is_none()) {
            last.response = sent_change(session.page(), mark.answered());
        }
        if !crate::sentence::refusal_expected(later, rest, None) && session.page().sent_since(mark) {
            crate::records::keep_runs_repeatable(cx, scenario, action, step)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn planned(line: u32, text: &str) -> PlannedStep {
        crate::plan::planned_at(line, text)
    }

    fn steps(lines: &[(u32, &str)]) -> Vec<PlannedStep> {
        lines.iter().map(|(l, t)| planned(*l, t)).collect()
    }

    fn keys(steps: &[PlannedStep]) -> Vec<String> {
        steps.iter().map(key).collect()
    }

    #[test]
    fn a_kept_sentence_can_start_over_only_while_its_steps_stayed_on_the_page() {
        let field = Target::new(vec![Locator::Label { text: "가격".into() }]);
        let typed = Action::Fill { target: field.clone(), value: Value::Literal { value: "1000".into() } };
        assert!(typed.stays_on_page());
        assert!(Action::Expect { target: field.clone(), assertion: specwright_scenario::Assertion::Visible }
            .stays_on_page());
        assert!(!Action::Click { target: field.clone() }.stays_on_page(), "a click may take the page elsewhere");
        assert!(!Action::Press { target: field, key: "Enter".into() }.stays_on_page());
        assert!(!Action::Goto { url: "/items".into() }.stays_on_page());
    }

    #[test]
    fn a_reworded_sentence_in_its_place_is_changed_and_the_rest_kept_in_order() {
        let old = steps(&[(1, "A를 클릭한다."), (2, "B에 1을 입력한다."), (3, "C가 보인다."), (4, "D를 클릭한다.")]);
        let new = steps(&[
            (3, "A를 클릭한다."),
            (4, "B에  2를 입력한다."),
            (5, "C가 보인다."),
            (6, "E를 클릭한다."),
            (7, "F가   보인다."),
        ]);
        let ops = diff(&keys(&old), &keys(&new));
        assert_eq!(ops, vec![Op::Same(0, 0), Op::Changed(1, 1), Op::Same(2, 2), Op::Changed(3, 3), Op::Added(4)]);
        // Spacing is no change.
        let spaced = steps(&[(1, "A를  클릭한다."), (2, "B에 1을 입력한다."), (3, "C가 보인다.")]);
        assert_eq!(diff(&keys(&old[..3]), &keys(&spaced)), vec![Op::Same(0, 0), Op::Same(1, 1), Op::Same(2, 2)]);
        // A sentence taken out is removed, never paired with a later one.
        let shorter = steps(&[(1, "A를 클릭한다."), (2, "C가 보인다."), (3, "D를 클릭한다.")]);
        assert_eq!(
            diff(&keys(&old), &keys(&shorter)),
            vec![Op::Same(0, 0), Op::Removed(1), Op::Same(2, 1), Op::Same(3, 2)]
        );
    }

    #[test]
    fn the_opening_of_the_application_belongs_to_the_sentence_whose_steps_follow_it() {
        let plan = PlannedScenario {
            key: "spec".into(),
            title: "T".into(),
            preconditions: vec![],
            steps: steps(&[(31, "Open the app and log in as admin."), (32, "Go to the contact list.")]),
        };
        let mut scenario = specwright_rails::empty_scenario(
            "scn".into(),
            "T".into(),
            "http://127.0.0.1:1/",
            specwright_rails::Locale::En,
        );
        let recorded = |index: u32, action: Action, provenance: Provenance| Step {
            index,
            intent: String::new(),
            action,
            provenance,
            verification: specwright_scenario::Verification::Explored,
            expects_refusal: false,
            response: None,
            heals: vec![],
        };
        let cited = |i: usize| Provenance::Spec { citation: plan.steps[i].citation.clone() };
        scenario.steps = vec![
            recorded(1, Action::Goto { url: "http://127.0.0.1:1/".into() }, Provenance::answer("target_url", "x")),
            recorded(2, Action::Goto { url: "/login".into() }, cited(0)),
            recorded(3, Action::Goto { url: "/contacts".into() }, cited(1)),
        ];
        let groups = grouped(&plan, &scenario);
        assert_eq!(groups[0].iter().map(|s| s.index).collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(groups[1].iter().map(|s| s.index).collect::<Vec<_>>(), vec![3]);
    }

    #[test]
    fn unchanged_sentences_keep_their_recorded_steps_and_removed_ones_are_said() {
        let old_plan = PlannedScenario {
            key: "spec".into(),
            title: "T".into(),
            preconditions: vec![],
            steps: steps(&[(10, "A를 클릭한다."), (11, "B에 1을 입력한다."), (12, "C가 보인다.")]),
        };
        let mut scenario = specwright_rails::empty_scenario(
            "scn".into(),
            "T".into(),
            "http://127.0.0.1:1/",
            specwright_rails::Locale::Ko,
        );
        for (i, planned) in old_plan.steps.iter().enumerate() {
            scenario.steps.push(Step {
                index: i as u32 + 1,
                intent: planned.text.clone(),
                action: Action::Goto { url: format!("/{i}") },
                provenance: Provenance::Spec { citation: planned.citation.clone() },
                verification: specwright_scenario::Verification::Explored,
                expects_refusal: false,
                response: None,
                heals: vec![],
            });
        }
        let new_plan = PlannedScenario {
            key: "spec".into(),
            title: "T v2".into(),
            preconditions: vec![],
            steps: steps(&[(20, "A를 클릭한다."), (21, "C가 보인다."), (22, "G가 보인다.")]),
        };
        let earlier = Earlier { session: "ses_1", plans: std::slice::from_ref(&old_plan), scenarios: &[scenario] };
        let (comparison, kept) = compare(&earlier, std::slice::from_ref(&new_plan));
        let changes: Vec<_> = comparison
            .sentences
            .iter()
            .map(|s| (s.change, s.was.as_ref().map(|c| c.line), s.now.as_ref().map(|c| c.line), s.steps, s.kept))
            .collect();
        assert_eq!(
            changes,
            vec![
                (SentenceChange::Unchanged, Some(10), Some(20), 1, true),
                (SentenceChange::Removed, Some(11), None, 1, false),
                // Written the same, but after a change in its case: explored again.
                (SentenceChange::Unchanged, Some(12), Some(21), 1, false),
                (SentenceChange::Added, None, Some(22), 0, false),
            ]
        );
        assert_eq!(kept.of(0, 0).map(|s| s[0].action.clone()), Some(Action::Goto { url: "/0".into() }));
        assert!(kept.of(0, 1).is_none() && kept.of(0, 2).is_none());
        assert_eq!(kept.len(), 1);
        assert_eq!(comparison.kept(), 1);

        // A changed precondition keeps nothing of its case, and is said.
        let mut logged_in = new_plan.clone();
        logged_in.preconditions.push(crate::plan::PlannedPrecondition {
            text: "viewer로 로그인한 상태".into(),
            citation: planned(19, "viewer로 로그인한 상태").citation,
        });
        let (comparison, kept) = compare(&earlier, std::slice::from_ref(&logged_in));
        assert!(kept.is_empty(), "{comparison:?}");
        assert_eq!(comparison.sentences[0].change, SentenceChange::Added);
        assert_eq!(comparison.sentences[0].now.as_ref().map(|c| c.line), Some(19));
        assert!(!comparison.is_same());
    }
}
