//! The login form of a page, found the way a person finds it: the visible password field, the
//! text field before it in the same form (the account), and the form's submit button — labelled
//! or not (many real forms name their fields only by the text beside them, or not at all).

use crate::PageSession;

const FIND: &str = r#"(() => {
  const visible = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e); return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const pw = Array.from(document.querySelectorAll('input[type=password]')).find(visible);
  if (!pw) return JSON.stringify(null);
  const scope = pw.form || pw.closest('form, [role=form], [role=dialog], fieldset, table, section') || document.body;
  const inputs = Array.from(scope.querySelectorAll('input, textarea')).filter(visible);
  const texty = (i) => ['text', 'email', 'tel', 'search', ''].includes((i.getAttribute('type') || 'text').toLowerCase());
  const before = inputs.slice(0, inputs.indexOf(pw)).filter(texty);
  const user = before.length ? before[before.length - 1] : null;
  const buttons = Array.from(scope.querySelectorAll('button, input[type=submit], input[type=image], [role=button]')).filter(visible);
  const after = buttons.filter((b) => pw.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
  const submit = after.find((b) => (b.getAttribute('type') || (b.tagName === 'BUTTON' ? 'submit' : '')).toLowerCase() === 'submit') || after[0] || buttons[0] || null;
  const esc = (v) => (window.CSS && CSS.escape) ? CSS.escape(v) : v.replace(/["\\]/g, '\\$&');
  const css = (e) => {
    if (!e) return '';
    const tag = e.tagName.toLowerCase();
    if (e.id) return '#' + esc(e.id);
    if (e.getAttribute('name')) return tag + '[name="' + e.getAttribute('name').replace(/"/g, '\\"') + '"]';
    if (e.getAttribute('type')) return tag + '[type="' + e.getAttribute('type') + '"]';
    return tag;
  };
  const label = (e) => e ? (e.getAttribute('aria-label') || (e.labels && e.labels[0] && e.labels[0].innerText) || e.getAttribute('placeholder') || '').replace(/\s+/g, ' ').trim() : '';
  const text = (e) => e ? (e.innerText || e.value || e.getAttribute('aria-label') || '').replace(/\s+/g, ' ').trim() : '';
  const field = (e) => e && { css: css(e), label: label(e), text: text(e), filled: !!e.value };
  return JSON.stringify({ user: field(user), password: field(pw), submit: field(submit) });
})()"#;

/// One control of a login form.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct FormControl {
    /// A CSS selector for it: its id, else its `name`, else its type.
    pub css: String,
    /// Its label, `aria-label` or placeholder ("" when it has none).
    pub label: String,
    /// What it shows (a button's text).
    pub text: String,
    /// A field that already holds a value.
    pub filled: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct LoginForm {
    pub user: Option<FormControl>,
    pub password: FormControl,
    pub submit: Option<FormControl>,
}

impl PageSession {
    /// The page's visible login form, if it shows one.
    pub async fn login_form(&self) -> Option<LoginForm> {
        let json = self.evaluate_text(FIND).await.ok()?;
        serde_json::from_str::<Option<LoginForm>>(&json).ok().flatten()
    }
}
