//! The page's own sentences in its content: a message an app writes as a plain paragraph of
//! the page it lands on (a wiki's "moved to …" under its "Move succeeded" heading), read as a
//! person reads it, with the names linked inside it.

use crate::PageSession;

/// Visible text blocks of the content, each whole with the links inside it, outside navigation,
/// headers, footers, side columns, forms' controls and buttons; at most 300 characters each.
const PROSE_JS: &str = r#"(() => {
  const out = [];
  const skip = 'nav,header,footer,aside,[role=navigation],[role=banner],[role=contentinfo],[role=complementary],button,a,label,select,textarea,input,script,style,noscript';
  const blocks = document.body ? document.body.querySelectorAll('*') : [];
  for (const el of blocks) {
    if (out.length >= 400) break;
    if (el.closest(skip)) continue;
    // A block that says something itself: a text of its own, not only boxes around others.
    const own = Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim().length > 1);
    if (!own) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || el.getClientRects().length === 0) continue;
    const text = (el.innerText || '').replace(/\s+/g, ' ').trim();
    if (text.length >= 2 && text.length <= 300 && !out.includes(text)) out.push(text);
  }
  return JSON.stringify(out);
})()"#;

impl PageSession {
    /// The sentences the page's content shows now, each block whole ("\"A\" 문서를 \"B\" 문서로
    /// 이동했습니다." with its two links), innermost first as the page nests them.
    pub async fn prose(&self) -> Vec<String> {
        let read = tokio::time::timeout(std::time::Duration::from_secs(3), self.evaluate_text(PROSE_JS)).await;
        match read {
            Ok(Ok(json)) => serde_json::from_str(&json).unwrap_or_default(),
            _ => Vec::new(),
        }
    }
}
