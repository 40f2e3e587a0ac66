//! Whether the application refused what a step just did: a validation or error message that
//! appeared (an alert, an error summary, a message beside a field), a field that became
//! invalid, a form the browser would not submit, or a request that answered 4xx/5xx. A step the
//! app refused must never pass: its check would otherwise be satisfied by the error page itself.
//!
//! The page is read before the step (a [`Mark`]) and after it; only what is new counts, so an
//! error shown before the step, or a required-field asterisk, is never taken for a refusal.

use crate::page_events::lock;
use crate::PageSession;
use std::time::Duration;

/// Reads the page's error signals as JSON `[{k, t, d, n}]`: `k` the kind (`alert`, `invalid`,
/// `class`, `native`), `t` its text, `d` whether its classes say error/danger, `n` whether the
/// field it is about was not on the page when it was last marked (a form the step opened). It
/// also starts listening for the `invalid` events a browser fires when its own validation stops
/// a submit. Called with `true` (a mark), it remembers the fields on the page now.
const READ_SIGNALS: &str = r#"((mark) => {
  const seen = window.__specwrightInvalid || (window.__specwrightInvalid = []);
  const known = window.__specwrightKnown || (window.__specwrightKnown = new WeakSet());
  const fresh = (f) => !known.has(f);
  if (!window.__specwrightListening) {
    window.__specwrightListening = true;
    document.addEventListener('invalid', (e) => {
      const f = e.target;
      const label = (f.labels && f.labels[0] && f.labels[0].innerText) || f.getAttribute('aria-label') || f.name || f.id || '';
      seen.push({ t: (label.trim() ? label.trim() + ': ' : '') + (f.validationMessage || 'invalid'), n: fresh(f) });
    }, true);
  }
  const visible = (e) => {
    const r = e.getBoundingClientRect();
    const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && s.opacity !== '0';
  };
  const bad = /error|danger|invalid|negative|fail/i;
  const classes = (e) => {
    let out = '';
    for (let x = e, i = 0; x && i < 3; x = x.parentElement, i++) out += ' ' + (typeof x.className === 'string' ? x.className : '');
    return out;
  };
  // An icon drawn from a font's ligature ("warning", "error_outline") is not the app's words.
  const text = (e) => {
    let t = e.innerText || e.textContent || '';
    // Styled in capitals (text-transform) is still written in the app's own case.
    const written = (e.textContent || '').replace(/\s+/g, ' ').trim();
    if (written && t.replace(/\s+/g, ' ').trim().toLowerCase() === written.toLowerCase()) t = written;
    for (const i of e.querySelectorAll('[aria-hidden=true],[class*=material-icons],[class*=material-symbols]')) {
      const s = (i.innerText || i.textContent || '').trim();
      if (s) t = t.replace(s, ' ');
    }
    return t.replace(/\s+/g, ' ').trim().slice(0, 300);
  };
  const out = [];
  for (const e of document.querySelectorAll('[role=alert],[role=alertdialog],[role=status],[aria-live=assertive]')) {
    if (visible(e) && text(e)) out.push({ k: 'alert', t: text(e), d: bad.test(classes(e)) });
  }
  const fields = document.querySelectorAll('input,select,textarea,[role=textbox],[role=combobox],[role=listbox]');
  for (const e of fields) {
    if (visible(e) && e.getAttribute('aria-invalid') === 'true') {
      const label = (e.labels && e.labels[0] && text(e.labels[0])) || e.getAttribute('aria-label') || e.name || e.id || '';
      out.push({ k: 'invalid', t: label, d: true, n: fresh(e) });
    }
  }
  // An error summary named by its id (Rails' "errorExplanation", "error_explanation") as much
  // as by its classes.
  for (const e of document.querySelectorAll('[class*=error],[class*=Error],[class*=invalid],[class*=danger],[class*=negative],[id*=error],[id*=Error]')) {
    if (e.matches('input,select,textarea,form,body,html,label') || !visible(e)) continue;
    // A button coloured "negative" (a delete button) says nothing about the last step.
    if (e.closest('button,a,[role=button],[role=link],[role=tab],[role=menuitem],[role=option],nav')) continue;
    const t = text(e);
    if (t && t.length < 300 && !e.querySelector('input,select,textarea,form')) out.push({ k: 'class', t, d: true });
  }
  // Messages of any kind (a success banner, a toast): read, never taken for a refusal.
  for (const e of document.querySelectorAll('[class*=success],[class*=message],[class*=notice],[class*=notification],[class*=toast],[class*=flash],[class*=alert],[class*=Notify],[class*=snackbar]')) {
    if (e.matches('input,select,textarea,form,body,html') || !visible(e)) continue;
    if (e.closest('button,a,[role=button],nav')) continue;
    const t = text(e);
    if (t && t.length < 300) out.push({ k: 'msg', t, d: false });
  }
  for (const s of seen.splice(0)) out.push({ k: 'native', t: s.t, d: true, n: s.n });
  if (mark) for (const e of fields) known.add(e);
  const secret = Array.from(document.querySelectorAll('input[type=password]')).filter((i) => i.value !== '').length;
  return JSON.stringify({ origin: performance.timeOrigin, signals: out, secret });
})"#;

/// Whether the element is in the form (or the part of the page) of the one typed password.
const IN_LOGIN_FORM: &str = "(el) => { \
  const typed = Array.from(document.querySelectorAll('input[type=password]')).filter((i) => i.value !== ''); \
  if (typed.length !== 1) return false; \
  const scope = typed[0].form || typed[0].closest('form, [role=form], [role=dialog], fieldset, section') || document.body; \
  return scope.contains(el); }";

/// Words of a message that says the step worked: such a message is never a refusal, even in
/// an element styled as an alert.
const SUCCESS_WORDS: &[&str] = &[
    "성공",
    "완료",
    "되었습니다",
    "됐습니다",
    "저장했",
    "등록했",
    "추가했",
    "환영",
    "success",
    "saved",
    "created",
    "added",
    "updated",
    "deleted",
    "removed",
    "welcome",
    "logged in",
    "signed in",
    "done",
    "complete",
];
/// Words of a message that says the step did not work.
const ERROR_WORDS: &[&str] = &[
    "오류",
    "에러",
    "실패",
    "잘못",
    "올바르지",
    "유효하지",
    "일치하지",
    "필수",
    "입력해",
    "입력하세요",
    "선택해",
    "확인해",
    "않습니다",
    "없습니다",
    "수 없",
    "못했",
    "짧습니다",
    "깁니다",
    "이미",
    "거부",
    "권한",
    "error",
    "invalid",
    "incorrect",
    "wrong",
    "failed",
    "fail",
    "required",
    "must",
    "please",
    "cannot",
    "can't",
    "not allowed",
    "denied",
    "too short",
    "too long",
    "already",
    "exists",
    "forbidden",
    "unauthorized",
    "not found",
];

/// How long a page with no request in flight gets to show a message it renders by itself.
const QUIET: Duration = Duration::from_millis(200);
/// How long a step's request may keep the server busy before its answer is read anyway.
const IN_FLIGHT_LIMIT: Duration = Duration::from_secs(8);

#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
struct Signal {
    k: String,
    t: String,
    d: bool,
    /// The field it is about was not on the page before the step: a form the step opened,
    /// untouched.
    #[serde(default)]
    n: bool,
}

#[derive(Debug, serde::Deserialize)]
struct Reading {
    origin: f64,
    signals: Vec<Signal>,
    /// How many password fields hold a typed value.
    #[serde(default)]
    secret: usize,
}

/// The page as it was before a step.
#[derive(Debug, Clone, Default)]
pub struct Mark {
    origin: f64,
    signals: Vec<Signal>,
    responses: usize,
    /// How many requests had been sent: only the step's own are waited for.
    requests: usize,
    /// How many password fields held a typed value (one, before a login's submit).
    secret: usize,
    /// How many requests that may change data had been sent ([`EventLog::data_requests`]).
    data: usize,
}

impl Mark {
    /// How many requests the page had had answered before the step ([`PageSession::requests_since`]).
    pub fn answered(&self) -> usize {
        self.responses
    }
}

/// What the application said when it refused a step, in its own words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The app's messages (or the refused request), joined; empty when it only marked fields.
    pub message: String,
    /// Fields the app marked invalid without a message of its own, by name (empty when unnamed):
    /// the caller says so in the reader's language.
    pub invalid: Vec<String>,
}

/// Whether a text on the page reads as the app saying something did not work or is not there
/// ("검색어와 일치하는 결과가 없습니다", "No results found"): the app's own words beside a failed check.
pub fn reads_as_error(text: &str) -> bool {
    has_any(text, ERROR_WORDS) && !has_any(text, SUCCESS_WORDS)
}

/// Whether a text reads as the app saying something worked ("저장되었습니다", "Saved").
pub fn reads_as_success(text: &str) -> bool {
    has_any(text, SUCCESS_WORDS) && !has_any(text, ERROR_WORDS)
}

fn has_any(text: &str, words: &[&str]) -> bool {
    let lower = text.to_lowercase();
    words.iter().any(|w| lower.contains(w))
}

/// Whether a new signal says the app refused: an invalid field or a blocked submit always; an
/// error-styled message unless it reads as a success; an alert when it reads as an error.
fn refuses(signal: &Signal) -> bool {
    let error = has_any(&signal.t, ERROR_WORDS);
    // "잘못된 비밀번호가 입력되었습니다", "이미 등록되었습니다": a success's ending on an error.
    let success = has_any(&signal.t, SUCCESS_WORDS) && !error;
    match signal.k.as_str() {
        "msg" => false,
        "invalid" | "native" => true,
        "class" => !success,
        _ => (signal.d || error) && !success,
    }
}

impl PageSession {
    /// The messages the page shows now (alerts, banners, toasts, error texts), in its words:
    /// what a failed check reports beside what it expected.
    pub async fn messages(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for signal in self.read_signals().await.map(|r| r.signals).unwrap_or_default() {
            if signal.k != "native" && signal.k != "invalid" && !out.contains(&signal.t) {
                out.push(signal.t);
            }
        }
        out
    }

    async fn read_signals(&self) -> Option<Reading> {
        self.read_signals_marking(false).await
    }

    /// Reads the signals; `mark` also remembers the fields on the page now, so a field a later
    /// step's page draws anew is told from one the step acted on.
    async fn read_signals_marking(&self, mark: bool) -> Option<Reading> {
        let script = format!("({READ_SIGNALS})({mark})");
        let json = tokio::time::timeout(Duration::from_secs(3), self.evaluate_text(&script)).await.ok()?.ok()?;
        serde_json::from_str(&json).ok()
    }

    /// Reads the page before a step, so that [`PageSession::refusal_since`] sees only what the
    /// step caused.
    pub async fn mark(&self) -> Mark {
        let (responses, requests, data) = {
            let log = lock(&self.log);
            (log.responses.len(), log.requests.len(), log.data_requests)
        };
        match self.read_signals_marking(true).await {
            Some(reading) => Mark {
                origin: reading.origin,
                signals: reading.signals,
                responses,
                requests,
                secret: reading.secret,
                data,
            },
            None => Mark { responses, requests, data, ..Mark::default() },
        }
    }

    /// Whether the application refused the step taken since `mark`, waiting briefly for the
    /// answer of a page that updates itself (a form posted in the background, a toast): after a
    /// navigation the new page is read once it has loaded; otherwise it is read again for up to
    /// `settle`.
    pub async fn refusal_since(&self, mark: &Mark, settle: Duration) -> Option<Refusal> {
        let started = tokio::time::Instant::now();
        let deadline = started + settle;
        loop {
            if let Some(refusal) = self.refused_request(mark) {
                return Some(refusal);
            }
            let reading = self.read_signals().await?;
            if reading.origin != mark.origin {
                // A new document: let it finish loading, then read it once.
                let _ = tokio::time::timeout(Duration::from_secs(5), self.wait_for_load()).await;
                let reading = self.read_signals().await?;
                let sent = self.sent_data_since(mark);
                return self.refused_request(mark).or_else(|| new_refusal(&[], &reading.signals, sent));
            }
            if let Some(refusal) = new_refusal(&mark.signals, &reading.signals, self.sent_data_since(mark)) {
                return Some(refusal);
            }
            // The app said the step worked ("주시문서 목록에 추가했습니다", "Saved"): it has answered,
            // whatever else it still loads. Waiting on would let a short-lived notice go before
            // the check that follows reads it.
            if started.elapsed() >= QUIET && new_success(&mark.signals, &reading.signals) {
                return None;
            }
            // A page that has nothing in flight and has had a moment to render has answered; one
            // still waiting for its server (a form being validated) is waited for, up to a limit.
            let in_flight = lock(&self.log).requests.iter().skip(mark.requests).any(|(_, done, _)| !done);
            let quiet = !in_flight && started.elapsed() >= QUIET;
            let out_of_time =
                tokio::time::Instant::now() >= deadline && (!in_flight || started.elapsed() >= IN_FLIGHT_LIMIT);
            if quiet || out_of_time {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Whether a request the page sent is still unanswered: what it will draw when its server
    /// answers (a notice after a background call) is not there yet.
    pub fn awaiting_server(&self) -> bool {
        lock(&self.log).requests.iter().rev().take(200).any(|(_, done, _)| !done)
    }

    /// The error messages the page shows now (alerts, messages beside fields), in its words.
    pub async fn errors_shown(&self) -> Vec<String> {
        let Some(reading) = self.read_signals().await else { return Vec::new() };
        // A message styled as neither error nor success ("alert-warning") that reads as an error
        // ("Invalid login. Please try again.") is the error the spec expects; it is not taken
        // for a refusal of a step that expects none, where its kind is unknown.
        let reads_as_error = |s: &Signal| s.k == "msg" && has_any(&s.t, ERROR_WORDS) && !has_any(&s.t, SUCCESS_WORDS);
        reading
            .signals
            .iter()
            .filter(|s| s.k != "invalid" && (refuses(s) || reads_as_error(s)))
            .map(|s| s.t.clone())
            .fold(Vec::new(), |mut out: Vec<String>, t| {
                if !out.iter().any(|o| o.contains(&t)) {
                    out.retain(|o| !t.contains(o.as_str()));
                    out.push(t);
                }
                out
            })
    }

    /// Whether what happened since `mark` may have reached the application's server: a request
    /// other than a GET, or a page that talks to its server over a WebSocket. A step that sent
    /// nothing stored nothing a fresh browser would see.
    /// Whether acting on the element `selector` finds, on the page as `mark` read it, submits a
    /// login: exactly one password field holds a typed value and the element is in its form (or
    /// the part of the page around it). What a login sends starts a session and leaves the app's
    /// data as it was; a sign-up or a password change types two passwords, and a save elsewhere
    /// on a page that also shows a login is no login.
    pub async fn submits_login(&self, mark: &Mark, selector: &str) -> bool {
        if mark.secret != 1 {
            return false;
        }
        let element = self.locator_for(selector);
        let look = element.evaluate::<bool, ()>(IN_LOGIN_FORM, None);
        matches!(tokio::time::timeout(Duration::from_secs(2), look).await, Ok(Ok(true)))
    }

    /// How many requests the page has sent that may change the app's data (any method but GET,
    /// HEAD and OPTIONS), one more for each WebSocket it opened (what goes over one is unseen).
    pub fn data_requests(&self) -> usize {
        let log = lock(&self.log);
        log.data_requests + log.websockets
    }

    /// Whether a request that may change data left since `mark`: a form the step submitted, not
    /// a link it followed.
    fn sent_data_since(&self, mark: &Mark) -> bool {
        lock(&self.log).data_requests > mark.data
    }

    pub fn sent_since(&self, mark: &Mark) -> bool {
        let log = lock(&self.log);
        log.websockets > 0 || log.responses.iter().skip(mark.responses).any(|r| r.method != "GET")
    }

    /// Every message the page shows now (alerts, status lines, toasts, messages beside fields),
    /// whatever it says.
    pub async fn messages_shown(&self) -> Vec<String> {
        let Some(reading) = self.read_signals().await else { return Vec::new() };
        let mut out: Vec<String> = Vec::new();
        for t in
            reading.signals.iter().filter(|s| matches!(s.k.as_str(), "alert" | "class" | "msg")).map(|s| s.t.clone())
        {
            if !out.iter().any(|o| o.contains(&t)) {
                out.retain(|o| !t.contains(o.as_str()));
                out.push(t);
            }
        }
        out
    }

    /// A page load or a submitted request since `mark` that the server answered with an error.
    fn refused_request(&self, mark: &Mark) -> Option<Refusal> {
        let log = lock(&self.log);
        let refused = log.responses.iter().skip(mark.responses).find(|r| {
            r.status >= 400
                && (r.resource_type == "document"
                    || ((r.resource_type == "xhr" || r.resource_type == "fetch") && r.method != "GET"))
        })?;
        Some(Refusal {
            message: format!(
                "HTTP {} {} ({} {})",
                refused.status,
                refused.status_text,
                refused.method,
                path(&refused.url)
            ),
            invalid: Vec::new(),
        })
    }
}

fn path(url: &str) -> String {
    let after = url.split_once("://").map_or(url, |(_, rest)| rest);
    after.find('/').map_or("/".to_string(), |i| after[i..].split('?').next().unwrap_or("/").to_string())
}

/// The refusing signals in `after` that were not in `before` (as many times as they were).
/// Whether a signal the page did not show before reads as the app saying the step worked.
fn new_success(before: &[Signal], after: &[Signal]) -> bool {
    after.iter().any(|signal| {
        !before.iter().any(|o| o.k == signal.k && o.t == signal.t)
            && !refuses(signal)
            && has_any(&signal.t, SUCCESS_WORDS)
            && !has_any(&signal.t, ERROR_WORDS)
    })
}

/// `sent`: the step sent a request that may change data. Fields a page drew anew (a form a
/// link opened) that are invalid before anyone typed are the form's state, not an answer to the
/// step, unless the step submitted something.
fn new_refusal(before: &[Signal], after: &[Signal], sent: bool) -> Option<Refusal> {
    let mut old: Vec<&Signal> = before.iter().collect();
    let mut messages: Vec<String> = Vec::new();
    let mut invalid: Vec<String> = Vec::new();
    for signal in after {
        if let Some(i) = old.iter().position(|o| o.k == signal.k && o.t == signal.t) {
            old.remove(i);
            continue;
        }
        if signal.n && !sent && matches!(signal.k.as_str(), "invalid" | "native") {
            continue;
        }
        if refuses(signal) {
            if signal.k == "invalid" {
                if !invalid.contains(&signal.t) {
                    invalid.push(signal.t.clone());
                }
                continue;
            }
            let text = signal.t.clone();
            // An error summary repeats the messages inside it: keep each sentence once.
            if !messages.iter().any(|m| m.contains(&text) || text.contains(m.as_str())) {
                messages.push(text);
            } else if let Some(shorter) = messages.iter_mut().find(|m| text.contains(m.as_str())) {
                *shorter = text;
            }
        }
    }
    (!messages.is_empty() || !invalid.is_empty()).then(|| Refusal { message: messages.join(" / "), invalid })
}

/// `scheme://host:port` of a URL ("" when it has none).
pub(crate) fn origin_of(url: &str) -> String {
    let Some(start) = url.find("://").map(|i| i + 3) else { return String::new() };
    let end = url[start..].find(['/', '?', '#']).map_or(url.len(), |i| start + i);
    url[..end].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_shown_by_its_path_on_the_apps_origin() {
        assert_eq!(origin_of("http://127.0.0.1:8080/items?x=1"), "http://127.0.0.1:8080");
        assert_eq!(origin_of("https://shop.example.com"), "https://shop.example.com");
        assert_eq!(origin_of("about:blank"), "");
    }

    fn s(k: &str, t: &str, d: bool) -> Signal {
        Signal { k: k.into(), t: t.into(), d, n: false }
    }

    #[test]
    fn only_new_error_signals_refuse() {
        let before = vec![s("class", "*", true), s("alert", "Welcome back", false)];
        // The same asterisk again and a success toast: no refusal.
        assert_eq!(new_refusal(&before, &[s("class", "*", true), s("alert", "저장되었습니다.", false)], false), None);
        // A success message styled as an alert is not a refusal either.
        assert_eq!(new_refusal(&[], &[s("alert", "User 'planner01' created.", true)], false), None);
        let refused = new_refusal(
            &before,
            &[
                s("class", "*", true),
                s("class", "비밀번호가 너무 짧습니다.", true),
                s("alert", "오류가 있습니다. 비밀번호가 너무 짧습니다.", true),
                s("invalid", "비밀번호", true),
            ],
            false,
        )
        .expect("a refusal");
        assert!(refused.message.contains("비밀번호가 너무 짧습니다"), "{refused:?}");
        assert_eq!(refused.invalid, ["비밀번호"], "{refused:?}");
        // Fields marked invalid with no message of the app's are a refusal too, said by the caller.
        let marked = new_refusal(&[], &[s("invalid", "", true)], false).expect("a refusal");
        assert_eq!((marked.message.as_str(), marked.invalid.as_slice()), ("", &[String::new()][..]));
        // A neutral alert is not a refusal; one with error words is.
        assert_eq!(new_refusal(&[], &[s("alert", "3 items", false)], false), None);
        assert!(new_refusal(&[], &[s("alert", "This field is required.", false)], false).is_some());
        assert!(new_refusal(&[], &[s("native", "Name: Please fill out this field.", true)], false).is_some());
        // A success's ending on an error's words is the error.
        assert!(new_refusal(&[], &[s("class", "올바르지 않은 주문 번호가 입력되었습니다.", true)], false).is_some());
        assert!(new_refusal(&[], &[s("alert", "이미 등록되었습니다.", false)], false).is_some());
        assert_eq!(new_refusal(&[], &[s("class", "주문이 저장되었습니다.", true)], false), None);
    }

    /// A form a link opened may carry invalid fields before anyone typed (a multi-select whose
    /// widget asks the browser to validate it): its state, not the app refusing the click. The
    /// same fields after a step that submitted them, or fields that were there before the step,
    /// are a refusal.
    #[test]
    fn untouched_fields_of_a_form_the_step_opened_are_no_refusal() {
        let fresh = |k: &str, t: &str| Signal { k: k.into(), t: t.into(), d: true, n: true };
        let opened = [fresh("native", "Tags: Please select an item in the list."), fresh("invalid", "Owner")];
        assert_eq!(new_refusal(&[], &opened, false), None);
        assert!(new_refusal(&[], &opened, true).is_some(), "the step submitted the form");
        assert!(new_refusal(&[], &[s("invalid", "Owner", true)], false).is_some(), "a field the step acted on");
        // What the app says in words still counts, whatever opened the form.
        let said = [fresh("invalid", "Owner"), s("alert", "You are not allowed to edit this item.", true)];
        assert!(new_refusal(&[], &said, false).is_some());
    }

    #[test]
    fn a_new_notice_of_success_is_an_answer() {
        let before = vec![s("msg", "저장되었습니다.", false)];
        // The notice from the step before is no answer to this one.
        assert!(!new_success(&before, &before));
        assert!(new_success(&before, &[s("msg", "'제품 출시 일정' 문서를 주시문서 목록에 추가했습니다.", false)]));
        // Neutral words, or a success's ending on an error's words, are not.
        assert!(!new_success(&[], &[s("msg", "3 items", false)]));
        assert!(!new_success(&[], &[s("alert", "이미 등록되었습니다.", false)]));
        assert!(!new_success(&[], &[s("invalid", "Name", true)]));
    }

    #[test]
    fn paths_of_refused_requests() {
        assert_eq!(path("http://127.0.0.1:8000/admin/users/add/?next=1"), "/admin/users/add/");
        assert_eq!(path("http://h"), "/");
    }
}
