//! Turns a snapshot ref (which dies with the page) into durable locators for the scenario: role
//! and name first, then label, placeholder, test id, text, and CSS only as the last resort, each
//! kept only if it matches exactly one element on the page right now.

use crate::{BrowserError, PageSession};
use serde::Deserialize;
use specwright_scenario::Locator;

/// What the page knows about the element behind a ref.
#[derive(Debug, Deserialize, Default)]
struct Facts {
    label: Option<String>,
    placeholder: Option<String>,
    test_id: Option<String>,
    text: Option<String>,
    id: Option<String>,
    /// A form field's `name` attribute, as a CSS selector (`input[name="wpNewTitle"]`): what the
    /// form submits it as, steadier than its place among the page's boxes.
    field: Option<String>,
}

/// A DOM path that names one element, used to check a candidate finds the same element.
const PATH_JS: &str = r#"(el) => {
  const path = [];
  for (let node = el; node && node.nodeType === 1 && node !== document.documentElement; node = node.parentElement) {
    let part = node.tagName.toLowerCase();
    const parent = node.parentElement;
    if (parent) {
      const same = Array.from(parent.children).filter((c) => c.tagName === node.tagName);
      if (same.length > 1) part += `:nth-of-type(${same.indexOf(node) + 1})`;
    }
    path.unshift(part);
  }
  return path.join(' > ');
}"#;

const FACTS_JS: &str = r#"(el) => {
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim() || null;
  const label = el.labels && el.labels.length ? clean(el.labels[0].innerText) : clean(el.getAttribute('aria-label'));
  const text = ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) ? null : clean(el.innerText);
  return {
    label,
    placeholder: clean(el.getAttribute('placeholder')),
    test_id: clean(el.getAttribute('data-testid')),
    text: text && text.length <= 80 ? text : null,
    id: el.id && /^[A-Za-z][\w-]*$/.test(el.id) ? el.id : null,
    field: ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) && /^[\w.:\[\]-]+$/.test(el.getAttribute('name') || '')
      ? `${el.tagName.toLowerCase()}[name="${el.getAttribute('name')}"]` : null,
  };
}"#;

impl PageSession {
    /// A CSS path to the element `reference` of the latest AI snapshot (a container with no
    /// role or name of its own, such as a sidebar's paragraph), when the page can say one.
    pub async fn css_path(&self, reference: &str) -> Option<String> {
        let element = self.locator_for(&format!("aria-ref={reference}"));
        let path: String = element.evaluate(PATH_JS, None::<()>).await.ok()?;
        (!path.is_empty()).then_some(path)
    }

    /// Whether the element `reference` of the latest AI snapshot belongs to the form that holds
    /// the focused field — the one a step just typed into.
    pub async fn in_focused_form(&self, reference: &str) -> bool {
        const IN_FORM_JS: &str = "(el) => { const a = document.activeElement; \
            const f = a && a !== document.body && (a.form || a.closest('form')); \
            return !!f && (el.form === f || el.closest('form') === f); }";
        let element = self.locator_for(&format!("aria-ref={reference}"));
        element.evaluate(IN_FORM_JS, None::<()>).await.unwrap_or(false)
    }

    /// The names of the collapsed toggles whose own menu holds a control showing `text` not
    /// drawn yet (a footer's "more actions" arrow over its hidden "Publish"): for each, the box
    /// it controls (`aria-controls`), else the nearest box around it, three levels at most,
    /// that holds no other toggle. Read in one round trip.
    pub async fn menus_holding(&self, text: &str) -> Vec<String> {
        const HOLDING_JS: &str = r#"(text) => {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim().toLowerCase();
  const wanted = norm(text);
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const holds = (box) => Array.from(box.querySelectorAll('button,a,[role=menuitem],input[type=submit]'))
    .some((c) => !shown(c) && norm(c.textContent || c.value) === wanted);
  const toggles = Array.from(document.querySelectorAll('[aria-expanded=false],[aria-haspopup]:not([aria-haspopup=false])'))
    .filter((t) => shown(t) && t.getAttribute('aria-expanded') !== 'true');
  const holding = (el) => {
    const controlled = el.getAttribute('aria-controls');
    const own = controlled && document.getElementById(controlled);
    if (own) return holds(own);
    let box = el.parentElement;
    for (let level = 0; level < 3 && box; level += 1, box = box.parentElement) {
      if (toggles.some((t) => t !== el && !el.contains(t) && box.contains(t))) return false;
      if (holds(box)) return true;
    }
    return false;
  };
  return JSON.stringify(toggles.filter(holding).map((t) => norm(t.getAttribute('aria-label') || t.innerText || t.textContent)));
}"#;
        let script = format!("({HOLDING_JS})({})", serde_json::Value::String(text.to_string()));
        match tokio::time::timeout(std::time::Duration::from_secs(3), self.evaluate_text(&script)).await {
            Ok(Ok(json)) => serde_json::from_str(&json).unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// Whether the element `reference` sits in a page's side column (an `aside`, a
    /// complementary landmark, a box whose id or class says sidebar): beside the content, not
    /// in it.
    pub async fn in_sidebar(&self, reference: &str) -> bool {
        const SIDE_JS: &str = "(el) => !!el.closest('aside,[role=complementary],[id*=sidebar],[class*=sidebar],[id*=Sidebar],[class*=Sidebar]')";
        let element = self.locator_for(&format!("aria-ref={reference}"));
        element.evaluate(SIDE_JS, None::<()>).await.unwrap_or(false)
    }

    /// Durable locators for the element `reference` (`e12`) of the latest AI snapshot, best
    /// first, each unique on the page. `role` and `name` are what the snapshot showed for it, and whether the name was matched whole.
    pub async fn durable_locators(
        &self,
        reference: &str,
        role: &str,
        name: Option<(&str, bool)>,
    ) -> Result<Vec<Locator>, BrowserError> {
        let element = self.locator_for(&format!("aria-ref={reference}"));
        let ref_path: String = element.evaluate(PATH_JS, None::<()>).await.unwrap_or_default();
        let facts: Facts = element.evaluate(FACTS_JS, None::<()>).await.map_err(|e| BrowserError::NotFound {
            target: format!("ref {reference} ({})", e.to_string().lines().next().unwrap_or_default()),
        })?;
        let mut candidates = Vec::new();
        // As exact as the name was matched: a name read without the icon glyph drawn in it
        // ("\u{f0e0} List Groups") is found as part of the accessible name.
        if let Some((name, exact)) = name.filter(|(n, _)| !n.is_empty()) {
            candidates.push(Locator::Role { role: role.to_string(), name: name.to_string(), exact });
        }
        if let Some(label) = facts.label {
            candidates.push(Locator::Label { text: label });
        }
        if let Some(placeholder) = facts.placeholder {
            candidates.push(Locator::Placeholder { text: placeholder });
        }
        if let Some(id) = facts.test_id {
            candidates.push(Locator::TestId { id });
        }
        if let Some(text) = facts.text {
            candidates.push(Locator::Text { text, exact: true });
        }
        if let Some(id) = facts.id {
            candidates.push(Locator::Css { selector: format!("#{id}") });
        }
        if let Some(selector) = facts.field {
            candidates.push(Locator::Css { selector });
        }
        if !ref_path.is_empty() {
            candidates.push(Locator::Css { selector: ref_path.clone() });
        }
        let mut unique = Vec::new();
        for candidate in candidates {
            if unique.contains(&candidate) {
                continue;
            }
            // Unique, and the same element as the ref: a locator that finds a twin is wrong.
            let selector = candidate.playwright_selector();
            if self.count(&selector).await? != 1 {
                continue;
            }
            let path: String = self.locator_for(&selector).evaluate(PATH_JS, None::<()>).await.unwrap_or_default();
            if path == ref_path {
                unique.push(candidate);
            }
        }
        Ok(unique)
    }
}
