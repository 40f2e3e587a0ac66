//! A list's order, checked by its head: "grouped by priority, with critical first" holds when the
//! list's first entry (after its column headers) shows "critical". The check is the entry at that
//! place, so a list that starts with anything else fails with what it does show. A list
//! expected as one text the page shows item by item is checked item by item.

use crate::{Intent, RunError};
use specwright_browser::PageSession;
use specwright_scenario::{Action, Assertion, Locator, Target};

/// Finds, in the page, the list whose entries show `words` (the one with most entries when
/// several do) and answers its kind, its place among the visible lists of that kind, and how many
/// header rows come before its first entry — the same counts Playwright's role selectors make.
const FIND_LIST_JS: &str = r#"(() => {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim().toLowerCase();
  const want = norm(WORDS);
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const kinds = [
    ['table', 'table, [role=table]', 'row', 'tr, [role=row]'],
    ['grid', '[role=grid]', 'row', 'tr, [role=row]'],
    ['list', 'ul, ol, [role=list]', 'listitem', 'li, [role=listitem]'],
  ];
  const presentational = (e) => ['presentation', 'none'].includes(e.getAttribute('role') || '');
  let best = null;
  // A layout table holds the list it lays out: the list is the innermost one showing the words.
  const holding = [...document.querySelectorAll(kinds.map((k) => k[1]).join(', '))]
    .filter((c) => shown(c) && norm(c.innerText).includes(want));
  const innermost = (c) => !holding.some((o) => o !== c && c.contains(o));
  for (const [kind, containers, entryRole, entries] of kinds) {
    const all = [...document.querySelectorAll(containers)]
      .filter((c) => shown(c) && !presentational(c))
      .filter((c) => kind !== 'table' || !['grid', 'treegrid'].includes(c.getAttribute('role') || ''))
      .filter((c) => kind !== 'list' || !c.getAttribute('role') || c.getAttribute('role') === 'list');
    all.forEach((c, index) => {
      const items = [...c.querySelectorAll(entries)].filter((r) => shown(r) && !presentational(r));
      if (items.length < 2 || !innermost(c) || !items.some((r) => norm(r.innerText).includes(want))) return;
      // Column headers lead a table: rows in its head, or a first row made only of headers.
      let head = 0;
      while (head < items.length) {
        const row = items[head];
        const cells = [...row.children];
        const headers = cells.filter((x) => x.tagName === 'TH' || x.getAttribute('role') === 'columnheader');
        const inHead = !!row.closest('thead');
        if (kind !== 'list' && (inHead || (head === 0 && cells.length >= 2 && headers.length === cells.length))) {
          head += 1;
        } else {
          break;
        }
      }
      if (head >= items.length) return;
      const size = items.length - head;
      if (!best || size > best.size) {
        best = { kind, entryRole, index, head, size };
      }
    });
  }
  return JSON.stringify(best);
})()"#;

#[derive(serde::Deserialize)]
struct Found {
    kind: String,
    #[serde(rename = "entryRole")]
    entry_role: String,
    index: usize,
    head: usize,
}

/// The check that the list showing the intent's words starts with them: the list's first entry
/// contains them. A sentence whose words no list shows is not understood: it is asked about.
pub(crate) async fn first_entry(
    page: &PageSession,
    intent: &Intent,
    line: u32,
    text: &str,
) -> Result<Action, RunError> {
    let words = intent.target.clone().unwrap_or_default();
    let script = FIND_LIST_JS.replace("WORDS", &serde_json::to_string(&words).unwrap_or_else(|_| "\"\"".into()));
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_millis(2500);
    let found = loop {
        let answer = page.evaluate_text(&script).await.map_err(|source| RunError::Browser { line, source })?;
        if let Ok(Some(found)) = serde_json::from_str::<Option<Found>>(&answer) {
            break found;
        }
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        if left.is_zero() {
            return Err(RunError::NotUnderstood { line, text: text.to_string() });
        }
        page.wait_for_change(left.min(std::time::Duration::from_millis(500))).await;
    };
    let selector =
        format!("role={} >> nth={} >> role={} >> nth={}", found.kind, found.index, found.entry_role, found.head);
    Ok(Action::Expect {
        target: Target { strategies: vec![Locator::Css { selector }], ..Default::default() },
        assertion: Assertion::ContainsText { expected: words },
    })
}

/// An expectation of a list the page does not show as one text ("the row shows 555-2202 and
/// Work", "회의와 디자인 리뷰가 보인다"), made one expectation per item, in the same place. A text
/// the page shows whole stays whole ("Terms and Conditions"); one the page shows neither whole
/// nor in part stays whole too, and fails as written.
pub(crate) async fn split_list(page: &PageSession, intent: &Intent) -> Vec<Intent> {
    let parts = match (&intent.verb, &intent.target) {
        (crate::Verb::ExpectVisible, Some(text)) => specwright_reading::list_parts(text),
        _ => Vec::new(),
    };
    if parts.is_empty() {
        return vec![intent.clone()];
    }
    let shown = |text: &str| Locator::Text { text: text.to_string(), exact: false }.playwright_selector();
    let whole = shown(intent.target.as_deref().unwrap_or_default());
    let deadline = tokio::time::Instant::now() + crate::resolution::SETTLE;
    loop {
        if page.count(&whole).await.unwrap_or(0) > 0 {
            return vec![intent.clone()];
        }
        for part in &parts {
            if page.count(&shown(part)).await.unwrap_or(0) > 0 {
                return parts.into_iter().map(|part| Intent { target: Some(part), ..intent.clone() }).collect();
            }
        }
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        if left.is_zero() {
            return vec![intent.clone()];
        }
        page.wait_for_change(left.min(std::time::Duration::from_millis(500))).await;
    }
}
