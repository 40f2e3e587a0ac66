//! Where a step's element went when the app changed: in a check, a step that acts on an element
//! its recorded locators no longer find looks for the same control under a new name or in a new
//! place, so a renamed button is told from a broken feature. A check is never relocated (what
//! the app shows is the result), and nothing here makes a step pass: the step stays failed as
//! recorded, and a person approves the new element or not.

use crate::{CLICKABLE, FILLABLE};
use specwright_browser::{parse_snapshot, PageSession, SnapshotNode};
use specwright_reading::{jamo_key, normalize};
use specwright_scenario::{Action, Locator, Relocation, Step, Target};

/// How close a new name must come to the recorded one when the element is not found by a
/// locator recorded with it: "로그인" → "로그인하기", "상품명" → "상품 이름", not "Sign in" → "Cancel".
const NEAR: f64 = 0.6;
/// How far ahead of the next element the closest must be: two near names are a question, never
/// a pick.
const MARGIN: f64 = 0.15;
/// At most this many near names are looked at (each is looked up on the page).
const LOOKED_AT: usize = 4;

/// The step's action on another element; `None` for a step that does not act on one (a check,
/// a wait, a drag between two).
pub fn acting_on(action: &Action, target: Target) -> Option<Action> {
    action.on_target(target)
}

/// The role and name the step recorded for its element, and the roles it may have now.
fn recorded(target: &Target) -> Option<(Vec<String>, String)> {
    let any = |roles: &[&str]| roles.iter().map(|r| r.to_string()).collect::<Vec<_>>();
    target
        .strategies
        .iter()
        .find_map(|locator| match locator {
            Locator::Role { role, name, .. } if !name.is_empty() => Some((vec![role.clone()], name.clone())),
            _ => None,
        })
        .or_else(|| match target.primary()? {
            Locator::Label { text } | Locator::Placeholder { text } => Some((any(FILLABLE), text.clone())),
            Locator::Text { text, .. } => Some((any(CLICKABLE), text.clone())),
            _ => None,
        })
}

/// What may be added to a control's name and leave it the same control: a verb's ending
/// ("로그인" → "로그인하기"), politeness, punctuation.
const SAME_WITH: &[&str] = &["하기", "합니다", "하세요", "해요", "하다", "기", "요"];
/// What turns a control into another one when added or swapped in: "Publish" → "Unpublish",
/// "구독" → "구독 해지", "Delete" → "Delete all", "Sign in" → "Sign out".
const OTHER_WITH: &[&str] = &[
    "un", "dis", "de", "re", "no", "not", "non", "all", "cancel", "undo", "off", "out", "취소", "해지", "해제", "안",
    "않", "미", "비", "전체", "모두", "삭제", "닫기", "아웃", "종료",
];

/// The parts of two names that differ, once what they share at both ends is set aside:
/// ("sign in", "sign out") → ("in", "out").
fn differing<'a>(a: &'a str, b: &'a str) -> (&'a str, &'a str) {
    let prefix: usize = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).map(|(x, _)| x.len_utf8()).sum();
    let (a, b) = (&a[prefix..], &b[prefix..]);
    let suffix: usize =
        a.chars().rev().zip(b.chars().rev()).take_while(|(x, y)| x == y).map(|(x, _)| x.len_utf8()).sum();
    (&a[..a.len() - suffix], &b[..b.len() - suffix])
}

/// How alike two control names are to a person, 0 to 1. Equal is 1; a name that only gained or
/// lost spacing, punctuation or a verb's ending ("로그인" → "로그인하기") is close; a part added
/// or swapped that may make it another control ("Unpublish", "구독 해지", "Sign out") is 0, as is
/// any swap longer than a slip of two letters; otherwise their letters (Hangul split into jamo)
/// decide.
pub fn likeness(a: &str, b: &str) -> f64 {
    let (a, b) = (normalize(a), normalize(b));
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    if a == b {
        return 1.0;
    }
    let (x, y) = differing(&a, &b);
    let (x, y) = (x.trim(), y.trim());
    let other = |part: &str| part.split_whitespace().any(|w| OTHER_WITH.iter().any(|o| w == *o || w.starts_with(o)));
    if other(x) || other(y) || OTHER_WITH.iter().any(|o| x.starts_with(o) || y.starts_with(o)) {
        return 0.0;
    }
    match (x.is_empty(), y.is_empty()) {
        // Only spacing or punctuation differed (normalized away to nothing but a space).
        (true, true) => 0.95,
        (true, false) | (false, true) => {
            let added = if x.is_empty() { y } else { x };
            if SAME_WITH.contains(&added) {
                0.8
            } else {
                jamo_likeness(&a, &b)
            }
        }
        // Swapped: a slip of a letter or two is a rename; more is another name.
        (false, false) if x.chars().count() + y.chars().count() <= 2 => jamo_likeness(&a, &b),
        (false, false) => 0.0,
    }
}

fn jamo_likeness(a: &str, b: &str) -> f64 {
    let (a, b): (String, String) = (jamo_key(a).into_iter().collect(), jamo_key(b).into_iter().collect());
    strsim::normalized_levenshtein(&a, &b)
}

/// A locator that names the element itself rather than what it says: found again, it is the
/// same element whatever its name became.
fn identifies(locator: &Locator) -> bool {
    match locator {
        // A label or a placeholder is only what a field says ("Enter a value"): another field may
        // say it once the recorded one is gone.
        Locator::TestId { .. } => true,
        // An id (`#save`), not a path of positions, which a missing row shifts onto its neighbour.
        Locator::Css { selector } => selector.starts_with('#') && !selector.contains([' ', '>', ':', '.', '[']),
        _ => false,
    }
}

/// Rows, cells and list entries hold one record each: an element in one whose name merely
/// comes close to the recorded one may be the next record's (a row gone missing), never a move.
fn in_a_record(node: &SnapshotNode) -> bool {
    node.ancestors.iter().any(|a| matches!(a.as_str(), "row" | "cell" | "gridcell" | "listitem" | "article"))
}

/// Looks for the element `step` acts on, which its recorded locators no longer find: the same
/// element found by a locator recorded with it that names the element itself (a test id, an id,
/// its label) under a new name, else the one element of its role whose name comes close to the
/// recorded name, ahead of every other, outside any record's row. `None` when the step does
/// not act on an element, or when nothing or more than one thing could be it.
pub async fn relocate(page: &PageSession, step: &Step) -> Option<Relocation> {
    let target = step.action.target()?;
    acting_on(&step.action, target.clone())?;
    if !target.frame_path.is_empty() {
        return None;
    }
    let (roles, name) = recorded(target)?;
    let own: Vec<&Locator> = target.strategies.iter().filter(|l| identifies(l)).collect();
    let nodes = parse_snapshot(&page.snapshot().await.ok()?);
    let mut near: Vec<(f64, &SnapshotNode, String)> = nodes
        .iter()
        .filter(|n| !n.hidden && n.reference.is_some() && roles.contains(&n.role))
        .filter_map(|n| {
            // A field's text is what was typed into it: never a name to compare or show.
            let text = if FILLABLE.contains(&n.role.as_str()) { None } else { n.text.clone() };
            let label = n.name.clone().filter(|l| !l.is_empty()).or(text)?;
            Some((likeness(&name, &label), n, label))
        })
        .collect();
    near.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut found: Vec<(bool, f64, Target, String, bool, Option<&str>)> = Vec::new();
    for (score, node, label) in near.iter().take(LOOKED_AT) {
        let Some(reference) = node.reference.as_deref() else { continue };
        let Ok(locators) = page.durable_locators(reference, &node.role, Some((label, true))).await else { continue };
        if locators.is_empty() {
            continue;
        }
        let same = locators.iter().any(|l| own.contains(&l));
        let target = Target { strategies: locators, ..Target::default() };
        let described = format!("{} \"{}\"", node.role, label);
        found.push((same, *score, target, described, in_a_record(node), node.reference.as_deref()));
    }
    // The recorded element itself, by what names it: only one can be.
    if let Some((_, _, target, label, _, _)) = found.iter().find(|f| f.0) {
        return Some(Relocation { target: target.clone(), found: label.clone(), same_element: true });
    }
    let (_, score, target, label, in_record, reference) = found.first()?;
    // The next closest of every element of the role, found again or not: two close names are
    // a question for a person, never a pick.
    let next = near.iter().filter(|n| n.1.reference.as_deref() != *reference).map(|n| n.0).fold(0.0, f64::max);
    (*score >= NEAR && score - next >= MARGIN && !in_record).then(|| Relocation {
        target: target.clone(),
        found: label.clone(),
        same_element: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renamed_controls_come_close_and_other_controls_do_not() {
        assert!(likeness("로그인", "로그인하기") >= NEAR);
        assert!(likeness("새 상품 등록", "새 상품 등록하기") >= NEAR);
        // A label reworded is too far by name alone (it is found again by its id, if it has one).
        assert!(likeness("상품명", "상품 이름") < NEAR);
        assert!(likeness("새 상품 등록", "새상품 등록") >= NEAR);
        assert!(likeness("저장", "취소") < NEAR);
        assert!(likeness("Sign in", "Cancel") < NEAR);
        assert!(likeness("로그인", "로그아웃") < NEAR, "{}", likeness("로그인", "로그아웃"));
        // A part that makes it another control, added or swapped in, is never a rename.
        for (was, now) in [
            ("Publish", "Unpublish"),
            ("Follow", "Unfollow"),
            ("구독", "구독 해지"),
            ("삭제", "삭제 취소"),
            ("Delete", "Delete all"),
            ("Sign in", "Sign out"),
            ("Save", "Save changes"),
        ] {
            assert!(likeness(was, now) < NEAR, "{was} → {now}: {}", likeness(was, now));
        }
        assert_eq!(likeness("", "저장"), 0.0);
    }

    #[test]
    fn only_ids_that_name_the_element_itself_identify_it() {
        assert!(identifies(&Locator::TestId { id: "save".into() }));
        assert!(!identifies(&Locator::Label { text: "Enter a value".into() }));
        assert!(identifies(&Locator::Css { selector: "#save".into() }));
        assert!(!identifies(&Locator::Css { selector: "main > div:nth-child(2) > button".into() }));
        assert!(!identifies(&Locator::Role { role: "button".into(), name: "저장".into(), exact: true }));
    }

    #[test]
    fn only_steps_that_act_on_an_element_are_relocated() {
        let button = Target::new(vec![Locator::Role { role: "button".into(), name: "저장".into(), exact: true }]);
        let click = Action::Click { target: button.clone() };
        assert!(acting_on(&click, Target::default()).is_some());
        let check = Action::Expect { target: button, assertion: specwright_scenario::Assertion::Visible };
        assert!(acting_on(&check, Target::default()).is_none(), "a check is never relocated");
        assert!(acting_on(&Action::Goto { url: "/".into() }, Target::default()).is_none());
    }
}
