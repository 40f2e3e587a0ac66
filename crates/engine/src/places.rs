//! The place a check names ("the spent time list shows …", "the Posts collection lists …"),
//! opened first when the page does not show what is expected but links to that place.

use crate::menus::unique_target;
use crate::plan::PlannedStep;
use crate::resolution::{resolve, Look, Resolution};
use crate::screen::snapshot;
use crate::{Intent, RunError};
use specwright_browser::{BrowserSession, SnapshotNode};
use specwright_rails::{redacted, run_step, Context};
use specwright_reading::{normalize, Scope};
use specwright_scenario::{Action, Locator, Provenance, Scenario};

/// "The spent time list shows the comment …" read on a page that does not show it but links
/// to that list: the list is opened first — a step of its own, cited to the sentence — as a
/// person reading the sentence would, and the check is made there.
pub(crate) async fn open_place_of_check(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    intent: &Intent,
    step: &PlannedStep,
) -> Result<(), RunError> {
    let Some(expected) = intent.target.as_deref().filter(|t| !t.trim().is_empty()) else { return Ok(()) };
    let place = match &intent.scope {
        None => None,
        Some(Scope::Region(place)) => Some(place.as_str()),
        Some(_) => return Ok(()),
    };
    let nodes = match place {
        // "the Posts collection lists …" on the post's own editor, which shows the title too:
        // shown in the place the sentence names, or in none the page names, it is there.
        Some(_) => {
            let nodes = snapshot(session).await?;
            // (Inside a container the page gives no name a test can find again, the words are
            // not yet where the sentence looks: a place with a link of its own is opened.)
            let held = match resolve(intent, &nodes, &Look::NOW) {
                Resolution::NotFound | Resolution::WaitMore => false,
                Resolution::Unique(found, _) => !found
                    .within
                    .iter()
                    .any(|l| matches!(l, Locator::Css { selector } if selector.starts_with("aria-ref="))),
                _ => true,
            };
            if held {
                return Ok(());
            }
            nodes
        }
        None => {
            let shown =
                session.page().evaluate_text("document.body ? document.body.innerText : ''").await.unwrap_or_default();
            if normalize(&shown).contains(&normalize(expected)) {
                return Ok(());
            }
            snapshot(session).await?
        }
    };
    let link = place_named(&step.text, expected, &nodes).or_else(|| place.and_then(|p| link_named(p, &nodes)));
    let Some((role, label)) = link else { return Ok(()) };
    let Some(target) = unique_target(session, &role, &label).await else { return Ok(()) };
    let text = cx.secrets.redact(&step.text);
    let spec = Provenance::Spec { citation: redacted(cx.secrets, &step.citation) };
    run_step(session, cx, scenario, text, Action::Click { target }, spec, step.citation.line).await?;
    session.page().wait_for_change(std::time::Duration::from_millis(500)).await;
    Ok(())
}

/// The one link or tab named as the place ("Posts" for the Posts collection).
fn link_named(place: &str, nodes: &[SnapshotNode]) -> Option<(String, String)> {
    let wanted = normalize(place);
    let mut found = nodes.iter().filter(|n| {
        !n.hidden
            && n.reference.is_some()
            && matches!(n.role.as_str(), "link" | "tab")
            && n.name.as_deref().map(normalize).is_some_and(|name| name == wanted)
    });
    let node = found.next()?;
    found.next().is_none().then(|| (node.role.clone(), node.name.clone().unwrap_or_default()))
}

/// Nouns after a link's words that make them the name of a place to look in.
const PLACE_NOUNS: &[&str] = &[
    "list",
    "page",
    "tab",
    "screen",
    "view",
    "report",
    "table",
    "collection",
    "목록",
    "화면",
    "페이지",
    "탭",
    "표",
    "컬렉션",
];

/// The one link or tab whose words the sentence says before a noun of a place ("the spent
/// time list" beside a link "Spent time"), outside the text the sentence expects.
fn place_named(sentence: &str, expected: &str, nodes: &[SnapshotNode]) -> Option<(String, String)> {
    let said = normalize(sentence).replace(&normalize(expected), " ");
    let said: Vec<String> = said
        .split_whitespace()
        .map(|w| {
            let w = w.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
            let (stem, _) = specwright_reading::strip_particle(&w);
            if stem.is_empty() {
                w
            } else {
                stem.to_string()
            }
        })
        .collect();
    let mut found = nodes
        .iter()
        .filter(|n| !n.hidden && n.reference.is_some() && matches!(n.role.as_str(), "link" | "tab"))
        .filter(|n| {
            let name: Vec<String> =
                n.name.as_deref().map(normalize).unwrap_or_default().split_whitespace().map(str::to_string).collect();
            if name.is_empty() || name.join("").chars().count() < 3 {
                return false;
            }
            let named = said.windows(name.len() + 1).any(|w| {
                let (words, noun) = w.split_at(name.len());
                let same =
                    words.iter().zip(&name).all(|(a, b)| a == b || a.trim_end_matches('s') == b.trim_end_matches('s'));
                same && PLACE_NOUNS.contains(&noun[0].as_str())
            });
            // "← Writing in Posts collection" for "the Posts collection": a link back that says
            // the place's words, its noun included.
            let joined = format!(" {} ", name.join(" "));
            let back = (2..=4).any(|len| {
                said.windows(len).any(|w| {
                    PLACE_NOUNS.contains(&w[len - 1].as_str()) && joined.contains(&format!(" {} ", w.join(" ")))
                })
            });
            named || back
        });
    let node = found.next()?;
    if found.any(|n| n.name != node.name) {
        return None;
    }
    Some((node.role.clone(), node.name.clone()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use specwright_browser::parse_snapshot;

    /// A tracker's spent time, a shop's orders, a wiki's watchlist: the list the sentence names,
    /// a link of that name on the page; never a link the sentence names otherwise.
    #[test]
    fn the_list_a_check_names_is_the_link_of_its_words() {
        let page = parse_snapshot(
            "- link \"Spent time\" [ref=e1]\n- link \"Orders\" [ref=e2]\n- link \"주시문서 목록\" [ref=e3]\n- link \"Fixed\" [ref=e4]\n",
        );
        let place = |s: &str, e: &str| place_named(s, e, &page).map(|(_, l)| l);
        assert_eq!(
            place("The spent time list shows the comment \"Fixed the team link\"", "Fixed the team link"),
            Some("Spent time".into())
        );
        assert_eq!(place("the order list shows Order #100002", "Order #100002"), Some("Orders".into()));
        assert_eq!(place("Then 'Fixed' is shown", "Fixed"), None);
        assert_eq!(place("The page shows the spent time", "the spent time"), None);
        // A link back that says the place's words: a CMS's collection, a tracker's issue list,
        // a shop's order list.
        let back = parse_snapshot(
            "- link \"← Writing in Posts collection Changes saved\" [ref=e1]\n- link \"Back to the issue list\" [ref=e2]\n- link \"Return to Order list\" [ref=e3]\n",
        );
        let place = |s: &str, e: &str| place_named(s, e, &back).map(|(_, l)| l);
        assert_eq!(
            place("the Posts collection lists \"Spring hiring update\"", "Spring hiring update"),
            Some("← Writing in Posts collection Changes saved".into())
        );
        assert_eq!(
            place("The issue list shows 'Footer overlaps'", "Footer overlaps"),
            Some("Back to the issue list".into())
        );
        assert_eq!(place("the order list shows Order #100002", "Order #100002"), Some("Return to Order list".into()));
    }
}
