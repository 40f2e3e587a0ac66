//! Menus and paths through them: "Catalog > Products" and the ways specs say one ("the contact
//! list from the Contacts menu", "설정 메뉴에서 그룹 관리", "Settings의 Site Settings"), and of
//! same-named controls the one that opens a menu rather than leaving the page.

use specwright_browser::{BrowserSession, SnapshotNode};
use specwright_scenario::{Locator, Target};

/// Separators of a menu path ("Catalog > Products", "설정 → 사용자").
pub(crate) const PATH_SEPARATORS: &[&str] = &[" > ", " → ", " › ", " >> ", ">", "→", "›"];

/// "contact list from the Contacts menu" → "Contacts > contact list"; "설정 메뉴에서 그룹 관리" →
/// "설정 > 그룹 관리".
pub(crate) fn menu_path(name: &str) -> Option<String> {
    // "the user list (Security menu)".
    if let (Some(open), true) = (name.find('('), name.ends_with(')')) {
        let inner = name[open + 1..name.len() - 1].trim();
        // "the product list (Catalog > Products)": the path in brackets is the way there.
        if PATH_SEPARATORS.iter().any(|sep| inner.contains(sep)) {
            return Some(inner.to_string());
        }
        let menu = inner.strip_suffix(" menu").or_else(|| inner.strip_suffix(" 메뉴")).unwrap_or(inner);
        let screen = name[..open].trim();
        if !menu.is_empty() && !screen.is_empty() && inner != menu {
            return Some(format!("{menu} > {screen}"));
        }
    }
    let lower = name.to_lowercase();
    if lower.ends_with(" menu") {
        for marker in [" from the ", " in the ", " under the ", " via the ", " from ", " in ", " under "] {
            if let Some(at) = lower.rfind(marker) {
                let (screen, menu) = (&name[..at], &name[at + marker.len()..name.len() - " menu".len()]);
                if !screen.trim().is_empty() && !menu.trim().is_empty() {
                    return Some(format!("{} > {}", menu.trim(), screen.trim()));
                }
            }
        }
    }
    for marker in [" 메뉴에서 ", " 메뉴의 ", " 메뉴 ", " 메뉴에 있는 "] {
        if let Some((menu, screen)) = name.split_once(marker) {
            if !menu.trim().is_empty() && !screen.trim().is_empty() {
                return Some(format!("{} > {}", menu.trim(), screen.trim()));
            }
        }
    }
    // "Settings의 Site Settings", "환경 설정의 그룹 관리": the place it is reached from, then the
    // screen ("회의 목록" keeps its 의: a one-syllable stem before it is a word of its own).
    let words: Vec<&str> = name.split_whitespace().collect();
    let at = words.iter().position(|w| specwright_reading::strip_particle(w).1 == Some("의"))?;
    if at + 1 >= words.len() {
        return None;
    }
    let mut place: Vec<&str> = words[..at].to_vec();
    place.push(specwright_reading::strip_particle(words[at]).0);
    Some(format!("{} > {}", place.join(" "), words[at + 1..].join(" ")))
}

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
