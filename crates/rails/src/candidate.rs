//! An element a step acts on, as found in the page's snapshot, and the durable locators that
//! find it again in a later run: what both engines record instead of a snapshot ref.

use crate::RunError;
use specwright_browser::PageSession;
use specwright_scenario::{Locator, Target};

/// How a container found only in the snapshot is named until `durable` gives it a path.
pub const SNAPSHOT_REF: &str = "aria-ref=";

/// An element found for a target: its role and name, and the locators that find it again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub role: String,
    /// The role of the snapshot node that matched (a dialog is matched through its heading).
    pub node_role: String,
    /// The name or text that matched.
    pub label: String,
    pub reference: Option<String>,
    /// Durable locators, best first.
    pub locators: Vec<Locator>,
    /// The container the spec placed it in (its row, section, list item), as a locator.
    pub within: Vec<Locator>,
    /// Where it is, in the person's words ("'Groups' 행", "the 'Groups' row"), for questions.
    pub place: Option<specwright_protocol::Text>,
}

/// Locators derived from the element itself, each verified to find it alone; for a dialog
/// matched through its heading, or with no ref, the candidate's own locators if unique.
pub async fn durable(page: &PageSession, candidate: &Candidate, line: u32) -> Result<Option<Target>, RunError> {
    let browser = |source| RunError::Browser { line, source };
    // A container known only by its snapshot ref: its path on the page, which outlives it.
    let mut candidate = candidate.clone();
    let mut within = Vec::new();
    for locator in std::mem::take(&mut candidate.within) {
        match &locator {
            Locator::Css { selector } if selector.starts_with(SNAPSHOT_REF) => {
                if let Some(path) = page.css_path(&selector[SNAPSHOT_REF.len()..]).await {
                    within.push(Locator::Css { selector: path });
                }
            }
            _ => within.push(locator),
        }
    }
    candidate.within = within;
    let candidate = &candidate;
    // Inside the container the spec named: the element's own locators, looked up there.
    if !candidate.within.is_empty() {
        let mut unique = Vec::new();
        for locator in &candidate.locators {
            let target =
                Target { strategies: vec![locator.clone()], within: candidate.within.clone(), ..Target::default() };
            if page.count(&target.scoped_selector(locator)).await.map_err(browser)? == 1 {
                unique.push(locator.clone());
            }
        }
        if !unique.is_empty() {
            return Ok(Some(Target { strategies: unique, within: candidate.within.clone(), ..Target::default() }));
        }
    }
    if let (Some(reference), true) = (&candidate.reference, candidate.role == candidate.node_role) {
        let name = candidate.locators.iter().find_map(|l| match l {
            Locator::Role { name, exact, .. } => Some((name.as_str(), *exact)),
            _ => None,
        });
        if let Ok(found) = page.durable_locators(reference, &candidate.role, name).await {
            if !found.is_empty() {
                return Ok(Some(Target { strategies: found, frame_path: Vec::new(), ..Default::default() }));
            }
        }
    }
    let mut unique = Vec::new();
    for locator in &candidate.locators {
        if page.count(&locator.playwright_selector()).await.map_err(browser)? == 1 {
            unique.push(locator.clone());
        } else if let Locator::Text { text, exact: true } = locator {
            // A text beside other text in its element ("× Added Row"): found as part of it.
            let loose = Locator::Text { text: text.clone(), exact: false };
            if page.count(&loose.playwright_selector()).await.map_err(browser)? == 1 {
                unique.push(loose);
            }
        }
    }
    Ok((!unique.is_empty()).then_some(Target { strategies: unique, frame_path: Vec::new(), ..Default::default() }))
}
