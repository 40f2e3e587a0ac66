//! Menus on the page: of same-named controls, the one that opens a menu rather than leaving the
//! page (the paths through menus a spec says are read in `specwright_reading::paths`).

use specwright_browser::{BrowserSession, SnapshotNode};
use specwright_scenario::{Locator, Target};

/// Of the elements named like a menu, the one that opens it: a button, or a link that leads
/// nowhere (`#`) — not a same-named link that goes to a page.
pub(crate) async fn menu_opener(session: &BrowserSession, candidates: &[&SnapshotNode]) -> Option<Target> {
    let mut targets = Vec::new();
    for node in candidates {
        if let Some(target) = unique_target(session, &node.role, node.name.as_deref().unwrap_or_default()).await {
            let selector = target.scoped_selector(&target.strategies[0]);
            let href = session.page().attribute(&selector, "href").await.ok().flatten();
            let opens = node.role != "link"
                || href.as_deref().is_none_or(|h| h.is_empty() || h.starts_with('#') || h.starts_with("javascript"));
            targets.push((target, opens));
        }
    }
    if targets.len() == 1 {
        return targets.pop().map(|(t, _)| t);
    }
    let mut opening: Vec<Target> = targets.into_iter().filter(|(_, opens)| *opens).map(|(t, _)| t).collect();
    (opening.len() == 1).then(|| opening.remove(0))
}

/// The element of that role and name when the page has exactly one.
pub(crate) async fn unique_target(session: &BrowserSession, role: &str, label: &str) -> Option<Target> {
    let target = Target::new(vec![Locator::Role { role: role.to_string(), name: label.to_string(), exact: true }]);
    (session.page().count(&target.scoped_selector(&target.strategies[0])).await.ok()? == 1).then_some(target)
}
