//! Where a sentence says an element is ("at the top right of the page", "상단의"): the one the
//! page draws there, and how it is still called by its name once chosen by its place.

use crate::Candidate;
use specwright_browser::PageSession;
use specwright_scenario::{Locator, Target};

/// An element chosen by where the page draws it, still called by its name: its role and name
/// inside the nearest box around it where that name is one, so the plan, the report and the
/// exported test still say what is pressed ("the link Edit in the top-right box"), not a path.
pub(super) async fn named_in_its_box(page: &PageSession, chosen: &Candidate) -> Option<Target> {
    let reference = chosen.reference.as_deref()?;
    let role = chosen.locators.iter().find(|l| matches!(l, Locator::Role { .. }))?.clone();
    let path = page.css_path(reference).await?;
    let mut parts: Vec<&str> = path.split(" > ").collect();
    while parts.len() > 1 {
        parts.pop();
        let within = vec![Locator::Css { selector: parts.join(" > ") }];
        let target = Target { strategies: vec![role.clone()], within, ..Target::default() };
        if page.count(&target.scoped_selector(&role)).await.ok()? == 1 {
            return Some(target);
        }
    }
    None
}

pub(crate) fn said_position(sentence: &str) -> Option<(i8, i8)> {
    let lower = sentence.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric() && c != '-').filter(|w| !w.is_empty()).collect();
    let has = |list: &[&str]| words.iter().any(|w| list.iter().any(|l| w == l || w.starts_with(&format!("{l}-"))));
    let korean = |list: &[&str]| list.iter().any(|l| lower.contains(l));
    let vertical = if has(&["top", "upper"]) || korean(&["상단", "위쪽", "맨 위", "화면 위", "페이지 위"])
    {
        -1
    } else if has(&["bottom", "lower"]) || korean(&["하단", "아래쪽", "맨 아래", "화면 아래", "페이지 아래"])
    {
        1
    } else {
        0
    };
    let horizontal = if has(&["right", "top-right", "bottom-right"]) || korean(&["오른쪽", "우측", "우상단", "우하단"])
    {
        1
    } else if has(&["left", "top-left", "bottom-left"]) || korean(&["왼쪽", "좌측", "좌상단", "좌하단"]) {
        -1
    } else {
        0
    };
    (vertical != 0 || horizontal != 0).then_some((vertical, horizontal))
}

/// Of elements and their boxes (`[x, y, width, height]`), the one furthest to the side said,
/// clearly apart from the next (a row's height): the vertical side first, then the horizontal.
pub(crate) fn placed_at<'a>(placed: &[(&'a Candidate, [f32; 4])], side: (i8, i8)) -> Option<&'a Candidate> {
    const APART: f32 = 16.0;
    let mut left: Vec<(&Candidate, [f32; 4])> = placed.to_vec();
    for (axis, sign) in [(1usize, side.0), (0usize, side.1)] {
        if sign == 0 || left.len() < 2 {
            continue;
        }
        let key = |b: &[f32; 4]| f32::from(sign) * (b[axis] + b[axis + 2] / 2.0);
        let best = left.iter().map(|(_, b)| key(b)).fold(f32::MIN, f32::max);
        left.retain(|(_, b)| best - key(b) < APART);
    }
    match left.as_slice() {
        [(one, _)] => Some(*one),
        _ => None,
    }
}
