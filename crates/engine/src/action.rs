//! The scenario action for one intent: its target grounded on the live page, or written where
//! the page cannot show it (a scoped text, what has vanished, the dialog or checkbox just used),
//! and the answer that decided it when a person had to.

use crate::fill::{fill_value, Filled};
use crate::locate::{locate, Located};
use crate::plan::PlannedStep;
use crate::resolution::{resolve, Look, Resolution};
use crate::{Intent, RoleHint, RunError, Scope, Verb};
use specwright_browser::{parse_snapshot, BrowserSession, PageSession};
use specwright_protocol::Text;
use specwright_rails::{path_of, Context};
use specwright_scenario::{Action, Assertion, Locator, Provenance, Scenario, Target, Value};

/// The scenario action for one intent, its target grounded on the live page, and the answer
/// that decided it when a person did; `None` when a person said to skip it.
pub(crate) async fn action_for(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    intent: &Intent,
    step: &PlannedStep,
) -> Result<Option<(Action, Option<Provenance>)>, RunError> {
    let line = step.citation.line;
    if let Some(action) = without_an_element(session, cx, scenario, intent, step).await? {
        return Ok(Some((action, None)));
    }
    // Checks on a container ("the 'A' row shows 'B'") and checks that something is gone are
    // built from the sentence itself: what is gone cannot be found on the page.
    if let Some(action) = direct_expectation(session.page(), cx, scenario, intent, line).await? {
        return Ok(Some((action, None)));
    }
    if intent.target.as_deref().is_none_or(str::is_empty) {
        // The switch or checkbox the scenario used last.
        if matches!(intent.verb, Verb::Check | Verb::Uncheck) {
            let previous = scenario.steps.iter().rev().find_map(|s| match &s.action {
                Action::Check { target } | Action::Uncheck { target } => Some(target.clone()),
                _ => None,
            });
            if let Some(target) = previous {
                let action =
                    if intent.verb == Verb::Check { Action::Check { target } } else { Action::Uncheck { target } };
                return Ok(Some((action, None)));
            }
        }
        return Err(RunError::NotUnderstood { line, text: cx.secrets.redact(&step.text) });
    }
    cx.figures.targets += 1;
    // Exploration spells names made unique per run as written; the recorded target carries
    // their `{{run}}` form.
    // "홈을 선택한다" with no value to choose: picking an item of a list or menu, unless a
    // field of that name is on the page to choose in.
    let picked = choice_pressed(session, intent, line).await?;
    let intent = picked.as_ref().unwrap_or(intent);
    let plain = cx.memory.plain_names(intent);
    if matches!(
        intent.verb,
        Verb::Click
            | Verb::DoubleClick
            | Verb::Hover
            | Verb::Fill
            | Verb::Select
            | Verb::Check
            | Verb::Uncheck
            | Verb::Upload
            | Verb::Clear
    ) {
        Box::pin(crate::opener::open_named_menu(session, cx, scenario, &plain, step)).await?;
    }
    // "The spent time list shows …": the list the sentence names is where it looks.
    if intent.verb == Verb::ExpectVisible && matches!(intent.scope, None | Some(Scope::Region(_))) {
        Box::pin(crate::places::open_place_of_check(session, cx, scenario, &plain, step)).await?;
    }
    let Located { target, answer, fuzzy, goto, typed, check } = locate(session.page(), cx, &plain, step).await?;
    let typed_intent;
    let intent = match typed {
        Some(words) => {
            typed_intent = Intent { value: Some(words), ..intent.clone() };
            &typed_intent
        }
        None => intent,
    };
    if answer.is_none() {
        cx.figures.grounded_automatically += 1;
    }
    if fuzzy {
        cx.figures.fuzzy += 1;
    }
    if let Some(href) = goto {
        let url = if href.starts_with('/') || href.starts_with("http") {
            href
        } else {
            specwright_browser::resolve_url(&session.page().url(), &href)
        };
        return Ok(Some((Action::Goto { url: path_of(&url) }, None)));
    }
    // A step whose element a person chose cites that answer (a value answered too cites its own).
    let chosen = |(action, provenance): (Action, Option<Provenance>)| (action, provenance.or(answer.clone()));
    let action = Box::pin(action_on(session, cx, scenario, intent, step, target, check)).await?;
    Ok(action.map(chosen))
}

/// "홈을 선택한다" with no value to choose: picking an item of a list or menu, unless a field of
/// that name is on the page to choose in; "페이지 유형으로 일반 페이지를 선택한다" where the types
/// are links: the one item of that name. `Some`: the press that makes the choice.
async fn choice_pressed(session: &BrowserSession, intent: &Intent, line: u32) -> Result<Option<Intent>, RunError> {
    Ok(if intent.verb == Verb::Select && intent.value.is_none() {
        let yaml = session.page().snapshot().await.map_err(|source| RunError::Browser { line, source })?;
        let nodes = specwright_browser::parse_snapshot(&yaml);
        let field_there = resolve(intent, &nodes, &Look::NOW).is_here();
        let picked =
            Intent { verb: Verb::Click, hint: intent.hint.filter(|h| *h != RoleHint::Field), ..intent.clone() };
        (!field_there).then_some(picked)
    } else if intent.verb == Verb::Select {
        // "페이지 유형으로 일반 페이지를 선택한다" where the types are links, not a field: the one
        // item of that name is the choice.
        let yaml = session.page().snapshot().await.map_err(|source| RunError::Browser { line, source })?;
        let nodes = specwright_browser::parse_snapshot(&yaml);
        let field_there = resolve(intent, &nodes, &Look::NOW).is_here();
        let picked =
            Intent { verb: Verb::Click, target: intent.value.clone(), value: None, hint: None, ..intent.clone() };
        // An item people pick by pressing it (a link, a tab, a radio), never an option hidden
        // inside a widget that the field's own choosing opens.
        let pressable = ["link", "button", "radio", "tab", "menuitem", "menuitemradio", "treeitem"];
        let item_there = matches!(
            resolve(&picked, &nodes, &Look::NOW),
            Resolution::Unique(c, _) if pressable.contains(&c.role.as_str())
        );
        (!field_there && item_there).then_some(picked)
    } else {
        None
    })
}

/// An action no element of the page is looked for: a key pressed where the scenario typed last,
/// an address, a step back, a list's first entry.
async fn without_an_element(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &Scenario,
    intent: &Intent,
    step: &PlannedStep,
) -> Result<Option<Action>, RunError> {
    let line = step.citation.line;
    match intent.verb {
        Verb::PressKey => {
            // In the field the scenario typed into last; on the page when it typed nothing.
            let target = scenario
                .steps
                .iter()
                .rev()
                .find_map(|s| match &s.action {
                    Action::Fill { target, .. } => Some(target.clone()),
                    _ => None,
                })
                .unwrap_or_else(|| Target::new(vec![Locator::Css { selector: "body".into() }]));
            Ok(Some(Action::Press { target, key: intent.value.clone().unwrap_or_else(|| "Enter".into()) }))
        }
        Verb::Navigate => Ok(Some(Action::Goto { url: intent.target.clone().unwrap_or_default() })),
        Verb::Back => Ok(Some(Action::Back)),
        Verb::Reload => Ok(Some(Action::Reload)),
        Verb::ExpectFirst => {
            let text = cx.secrets.redact(&step.text);
            Ok(Some(crate::lists::first_entry(session.page(), intent, line, &text).await?))
        }
        _ => Ok(None),
    }
}

/// The one row of the page whose first cell is `name` ("erin", where "Acme Engineering" holds
/// the same letters), found by its first cells' words, as few as find it alone.
async fn row_starting_with(page: &PageSession, name: &str) -> Option<Locator> {
    let cells = row_starting_with_in(&parse_snapshot(&page.snapshot().await.ok()?), name)?;
    for k in 2..=4 {
        if cells.len() < k {
            break;
        }
        let locator = Locator::Role { role: "row".into(), name: cells[..k].join(" "), exact: false };
        if page.count(&locator.playwright_selector()).await.ok()? == 1 {
            return Some(locator);
        }
    }
    None
}

/// The texts of the cells of the one row whose first cell reads `name`.
fn row_starting_with_in(nodes: &[specwright_browser::SnapshotNode], name: &str) -> Option<Vec<String>> {
    let wanted = specwright_reading::normalize(name);
    let cells = |row: usize| -> Vec<String> {
        (row + 1..nodes.len())
            .filter(|&c| nodes[c].parents.last() == Some(&row))
            .filter_map(|c| crate::grounding::container_label(nodes, c))
            .collect()
    };
    let mut rows = (0..nodes.len())
        .filter(|&i| nodes[i].role == "row")
        .map(cells)
        .filter(|cells| cells.first().is_some_and(|first| specwright_reading::normalize(first) == wanted));
    let row = rows.next()?;
    rows.next().is_none().then_some(row)
}

/// Expectations whose target is written, not found: a scoped text, a vanished element, the
/// dialog or checkbox the previous step used.
async fn direct_expectation(
    page: &PageSession,
    cx: &mut Context<'_>,
    scenario: &Scenario,
    intent: &Intent,
    line: u32,
) -> Result<Option<Action>, RunError> {
    let target_of = |strategies: Vec<Locator>| Target { strategies, frame_path: Vec::new(), ..Default::default() };
    let text = intent.target.clone();
    match (&intent.verb, &intent.scope, &text) {
        (Verb::ExpectVisible, Some(Scope::Row(row)), Some(text)) => {
            let mut locator = Locator::Role { role: "row".into(), name: row.clone(), exact: false };
            if let Err(several) = unique_or_wait(page, &locator, line).await {
                // "erin" is also inside "Acme Engineering": the row that starts with it is meant.
                locator = row_starting_with(page, row).await.ok_or(several)?;
                unique_or_wait(page, &locator, line).await?;
            }
            Ok(Some(Action::Expect {
                target: target_of(vec![locator]),
                assertion: Assertion::ContainsText { expected: text.clone() },
            }))
        }
        (Verb::ExpectVisible, Some(Scope::Dialog(Some(dialog))), Some(text)) => {
            let locator = Locator::Role { role: "dialog".into(), name: dialog.clone(), exact: true };
            unique_or_wait(page, &locator, line).await?;
            cx.memory.recent.set_dialog(Some(dialog.clone()));
            Ok(Some(Action::Expect {
                target: target_of(vec![locator]),
                assertion: Assertion::ContainsText { expected: text.clone() },
            }))
        }
        (Verb::ExpectHidden, _, Some(text)) => {
            let locator = match intent.hint {
                Some(RoleHint::Dialog) => Locator::Role { role: "dialog".into(), name: text.clone(), exact: true },
                Some(RoleHint::Button) => Locator::Role { role: "button".into(), name: text.clone(), exact: true },
                Some(RoleHint::Link) => Locator::Role { role: "link".into(), name: text.clone(), exact: true },
                Some(RoleHint::Heading | RoleHint::Screen) => {
                    Locator::Role { role: "heading".into(), name: text.clone(), exact: true }
                }
                _ => Locator::Text { text: text.clone(), exact: true },
            };
            Ok(Some(Action::Expect { target: target_of(vec![locator]), assertion: Assertion::Hidden }))
        }
        // The dialog on screen is still open: the one the scenario last saw by name, else any.
        (Verb::ExpectVisible, _, None) if intent.hint == Some(RoleHint::Dialog) => {
            let name = cx.memory.recent.dialog().cloned().unwrap_or_default();
            let target = Target {
                first_visible: name.is_empty(),
                ..target_of(vec![Locator::Role { role: "dialog".into(), name, exact: true }])
            };
            Ok(Some(Action::Expect { target, assertion: Assertion::Visible }))
        }
        // The dialog closes: the one the scenario last saw by name, else no dialog stays shown
        // ("팝업 닫힘" after a dialog seen only by its words).
        (Verb::ExpectHidden, _, None) if intent.hint == Some(RoleHint::Dialog) => {
            let name = cx.memory.recent.dialog().cloned().unwrap_or_default();
            let target = Target {
                first_visible: name.is_empty(),
                ..target_of(vec![Locator::Role { role: "dialog".into(), name, exact: true }])
            };
            Ok(Some(Action::Expect { target, assertion: Assertion::Hidden }))
        }
        (Verb::ExpectChecked | Verb::ExpectEnabled | Verb::ExpectDisabled, _, None) => {
            // "체크박스가 선택된다": the element the previous steps acted on.
            let previous = scenario.steps.iter().rev().find_map(|s| match &s.action {
                Action::Check { target }
                | Action::Uncheck { target }
                | Action::Click { target }
                | Action::Fill { target, .. } => Some(target.clone()),
                _ => None,
            });
            let Some(target) = previous else {
                return Err(RunError::Grounding { line, message: Text::message("check-no-earlier", []) });
            };
            let assertion = match intent.verb {
                Verb::ExpectChecked => Assertion::Checked,
                Verb::ExpectEnabled => Assertion::Enabled,
                _ => Assertion::Disabled,
            };
            Ok(Some(Action::Expect { target, assertion }))
        }
        _ => Ok(None),
    }
}

/// Waits (bounded, by page changes) until `locator` matches exactly one element.
async fn unique_or_wait(page: &PageSession, locator: &Locator, line: u32) -> Result<(), RunError> {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_millis(2500);
    loop {
        let n =
            page.count(&locator.playwright_selector()).await.map_err(|source| RunError::Browser { line, source })?;
        if n == 1 {
            return Ok(());
        }
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        if left.is_zero() {
            return Err(RunError::Grounding {
                line,
                message: Text::message("elements-several", [("target", locator.describe().into()), ("n", n.into())]),
            });
        }
        page.wait_for_change(left.min(std::time::Duration::from_millis(1000))).await;
    }
}

/// The action on the element found: a press, a choice, what is typed (a value a button of the
/// field gives is pressed), or a check with the assertion the sentence makes.
async fn action_on(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    intent: &Intent,
    step: &PlannedStep,
    target: Target,
    check: Option<Assertion>,
) -> Result<Option<(Action, Option<Provenance>)>, RunError> {
    // Read once: the button in the field's box that gives the value ("Now" beside a date).
    let value_given = match intent.verb {
        Verb::Fill if intent.value.is_some() => value_button(session, &target, intent.value.as_deref()).await,
        _ => None,
    };
    Ok(Some(match intent.verb {
        Verb::Click => (Action::Click { target }, None),
        Verb::DoubleClick => (Action::DoubleClick { target }, None),
        Verb::Hover => (Action::Hover { target }, None),
        Verb::Check => (Action::Check { target }, None),
        Verb::Uncheck => (Action::Uncheck { target }, None),
        Verb::Select => {
            (Action::Select { target, value: Value::Literal { value: intent.value.clone().unwrap_or_default() } }, None)
        }
        Verb::Upload => (Action::Upload { target, files: intent.value.iter().cloned().collect() }, None),
        // The place it lands on is found as the thing moved was (a person picks it when several fit).
        Verb::Drag => {
            let Some(onto) = intent.value.clone().filter(|v| !v.is_empty()) else {
                return Err(RunError::NotUnderstood { line: step.citation.line, text: cx.secrets.redact(&step.text) });
            };
            let place = Intent { verb: Verb::Drag, target: Some(onto), value: None, hint: None, scope: None };
            let landed = locate(session.page(), cx, &place, step).await?;
            (Action::Drag { target, to: landed.target }, landed.answer)
        }
        // A value for a combobox ("회의실: 화상회의실", "Set Status to in-progress") is chosen,
        // not typed; a native select found by its place (its path) is one too.
        Verb::Fill
            if intent.value.is_some()
                && (matches!(target.primary(), Some(Locator::Role { role, .. }) if role == "combobox")
                    || match specwright_browser::selector(&target) {
                        Ok((selector, _)) => session.page().is_select(&selector).await,
                        Err(_) => false,
                    }) =>
        {
            (Action::Select { target, value: Value::Literal { value: intent.value.clone().unwrap_or_default() } }, None)
        }
        // "Set the Publish Date to now" beside a "Now" button of that field: the button is how
        // the field takes that value.
        Verb::Fill if value_given.is_some() => (Action::Click { target: value_given.unwrap_or(target) }, None),
        // Typed after what the field holds: a new line at its end (the caret is put there first).
        Verb::Append => {
            let text = intent.value.clone().unwrap_or_default();
            (Action::Type { target, value: Value::Literal { value: format!("\n{text}") } }, None)
        }
        Verb::Fill | Verb::Clear => match fill_value(session.page(), cx, scenario, &target, intent, step).await? {
            Filled::Value(value) => (Action::Fill { target, value }, None),
            Filled::Answered(value, provenance) => (Action::Fill { target, value }, Some(provenance)),
            Filled::Skipped => return Ok(None),
        },
        Verb::ExpectHidden => (Action::Expect { target, assertion: Assertion::Hidden }, None),
        Verb::ExpectChecked => (Action::Expect { target, assertion: Assertion::Checked }, None),
        Verb::ExpectEnabled => (Action::Expect { target, assertion: Assertion::Enabled }, None),
        Verb::ExpectDisabled => (Action::Expect { target, assertion: Assertion::Disabled }, None),
        // A value the page shows beside its label is checked as the page shows it (its line of
        // text, the option its select shows), a field's as the field's value.
        Verb::ExpectValue => {
            let expected = intent.value.clone().unwrap_or_default();
            let assertion = match check {
                Some(check) => check,
                None if matches!(target.primary(), Some(Locator::Text { .. })) => Assertion::Visible,
                None => Assertion::Value { expected },
            };
            (Action::Expect { target, assertion }, None)
        }
        _ => (Action::Expect { target, assertion: check.unwrap_or(Assertion::Visible) }, None),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_is_the_one_whose_first_cell_is_the_name() {
        let nodes = parse_snapshot(
            "- table [ref=e1]:\n  - rowgroup [ref=e2]:\n    - row [ref=e3]:\n      - cell [ref=e4]:\n        - link \"bob\" [ref=e5]\n      - cell \"Acme Engineering\" [ref=e6]\n    - row [ref=e7]:\n      - cell [ref=e8]:\n        - link \"erin\" [ref=e9]\n      - cell \"Acme Support\" [ref=e10]\n",
        );
        let cells = row_starting_with_in(&nodes, "erin");
        assert_eq!(cells, Some(vec!["erin".to_string(), "Acme Support".to_string()]));
        assert_eq!(row_starting_with_in(&nodes, "Acme"), None);
    }
}

/// The button inside a field's own box that gives it `value` ("Now" beside a date, "Today",
/// "Clear"): its name or the words it shows are the value; `None` when the box has none or more.
async fn value_button(session: &BrowserSession, field: &Target, value: Option<&str>) -> Option<Target> {
    let value = specwright_reading::normalize(value?);
    if value.is_empty() || value.split_whitespace().count() > 3 {
        return None;
    }
    let Some(Locator::Role { role, name, .. }) = field.primary() else { return None };
    let yaml = session.page().snapshot().await.ok()?;
    let nodes = specwright_browser::parse_snapshot(&yaml);
    let at = nodes.iter().position(|n| &n.role == role && n.name.as_deref() == Some(name.as_str()))?;
    let parent = *nodes[at].parents.last()?;
    let says = |n: &specwright_browser::SnapshotNode| {
        [&n.name, &n.text].into_iter().flatten().any(|t| specwright_reading::normalize(t) == value)
    };
    let buttons: Vec<&specwright_browser::SnapshotNode> = nodes
        .iter()
        .skip(parent + 1)
        .take_while(|n| n.parents.contains(&parent))
        .filter(|n| n.role == "button" && says(n))
        .collect();
    let [button] = buttons.as_slice() else { return None };
    let name = button.name.clone()?;
    Some(Target::new(vec![Locator::Role { role: "button".into(), name, exact: true }]))
}
