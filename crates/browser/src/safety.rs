//! Safety rails for acting on a real application: which origins the session may visit, and
//! which actions could change or destroy data and so need a person's confirmation first.
//! The vocabulary is data (tables below), in Korean and English.

use specwright_scenario::{Action, Locator};

/// Words that make a click (or key press) destructive or irreversible wherever it runs.
const ALWAYS_RISKY: &[(&str, &str)] = &[
    ("삭제", "삭제"),
    ("제거", "제거"),
    ("탈퇴", "탈퇴"),
    ("해지", "해지"),
    ("결제", "결제"),
    ("구매", "구매"),
    ("주문", "주문"),
    ("송금", "송금"),
    ("이체", "이체"),
    ("초기화", "초기화"),
    ("delete", "delete"),
    ("remove", "remove"),
    ("destroy", "destroy"),
    ("erase", "erase"),
    ("wipe", "wipe"),
    ("unsubscribe", "unsubscribe"),
    ("pay", "pay"),
    ("purchase", "purchase"),
    ("buy", "buy"),
    ("checkout", "checkout"),
    ("place order", "place order"),
    ("transfer", "transfer"),
    ("reset", "reset"),
];

/// Words that are risky only against an environment marked as production: they send or store
/// something real.
const RISKY_IN_PRODUCTION: &[&str] = &[
    "전송",
    "발송",
    "보내기",
    "등록",
    "저장",
    "제출",
    "신청",
    "send",
    "submit",
    "save",
    "publish",
    "post",
    "register",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Environment {
    #[default]
    Test,
    Production,
}

/// Why an action needs confirmation, for the person asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Risk {
    /// The word that makes it risky ("삭제", "pay").
    pub word: String,
    /// The name of the element acted on.
    pub name: String,
    /// Whether it is risky anywhere or only on production.
    pub production_only: bool,
}

impl std::fmt::Display for Risk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Risk { word, name, production_only } = self;
        if *production_only {
            write!(f, "On production, '{name}' sends real data ('{word}'); it needs your confirmation.")
        } else {
            write!(f, "'{name}' may change or delete data ('{word}'); it needs your confirmation.")
        }
    }
}

fn label(locator: &Locator) -> String {
    match locator {
        Locator::Role { name, .. } => name.clone(),
        Locator::Label { text } | Locator::Placeholder { text } | Locator::Text { text, .. } => text.clone(),
        Locator::TestId { id } => id.clone(),
        Locator::Css { selector } => selector.clone(),
    }
}

/// Whether `action` may change or destroy data: judged from what it acts on (the element's
/// name) and the step's sentence. Checks, hovers and navigation are never risky.
pub fn classify(action: &Action, intent: &str, environment: Environment) -> Option<Risk> {
    let acting = matches!(action, Action::Click { .. } | Action::DoubleClick { .. } | Action::Press { .. });
    if !acting {
        return None;
    }
    let name = action.target().and_then(|t| t.primary()).map(label).unwrap_or_default();
    let text = format!("{} {}", name, intent).to_lowercase();
    let contains_word = |word: &str| {
        // English words must stand alone ("pay" is not in "display"); Korean stems are matched inside words.
        if word.is_ascii() {
            text.split(|c: char| !c.is_alphanumeric())
                .collect::<Vec<_>>()
                .windows(word.split(' ').count())
                .any(|w| w.join(" ") == word)
        } else {
            text.contains(word)
        }
    };
    if let Some((word, _)) = ALWAYS_RISKY.iter().find(|(word, _)| contains_word(word)) {
        return Some(Risk { word: word.to_string(), name, production_only: false });
    }
    if environment == Environment::Production {
        if let Some(word) = RISKY_IN_PRODUCTION.iter().find(|word| contains_word(word)) {
            return Some(Risk { word: word.to_string(), name, production_only: true });
        }
    }
    None
}

/// The origins (scheme://host:port) a session may visit without asking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allowlist {
    origins: Vec<String>,
}

/// `scheme://host[:port]` of an absolute http(s) URL as a browser reads it (the WHATWG URL
/// standard, through the `url` crate): `\\` is `/`, credentials before `@` are not the host,
/// hosts are lower-cased and IDNA-encoded, IPv6 stays in brackets, a default port is dropped.
/// `None` for anything else. The guard decides on exactly the origin Chromium will go to.
pub fn origin(url: &str) -> Option<String> {
    let parsed = url::Url::parse(url.trim()).ok()?;
    let scheme = parsed.scheme();
    if !matches!(scheme, "http" | "https") {
        return None;
    }
    let host = parsed.host_str().filter(|h| !h.is_empty())?;
    Some(match parsed.port() {
        Some(port) => format!("{scheme}://{host}:{port}"),
        None => format!("{scheme}://{host}"),
    })
}

impl Allowlist {
    /// The target application's origin plus any configured ones.
    pub fn new(target_url: &str, extra: &[String]) -> Self {
        let origins = std::iter::once(target_url).chain(extra.iter().map(String::as_str)).filter_map(origin).collect();
        Self { origins }
    }

    pub fn allows(&self, url: &str) -> bool {
        // Pages the browser makes itself (about:blank, data:, blob:) are not a place to leave to.
        if url.starts_with("about:") || url.starts_with("data:") || url.starts_with("blob:") {
            return true;
        }
        origin(url).is_some_and(|o| self.origins.contains(&o))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use specwright_scenario::Target;

    fn click(name: &str) -> Action {
        Action::Click {
            target: Target {
                strategies: vec![Locator::Role { role: "button".into(), name: name.into(), exact: true }],
                frame_path: vec![],
                ..Default::default()
            },
        }
    }

    #[test]
    fn destructive_actions_are_risky_anywhere() {
        for name in ["무선 키보드 삭제", "회원 탈퇴", "결제하기", "Delete account", "Pay now", "Remove", "Place order"]
        {
            assert!(classify(&click(name), "", Environment::Test).is_some(), "{name}");
        }
        let risk = classify(&click("무선 키보드 삭제"), "'삭제' 버튼을 클릭한다", Environment::Test).unwrap();
        assert_eq!(risk.word, "삭제");
        assert!(risk.to_string().contains("needs your confirmation"));
    }

    #[test]
    fn harmless_words_and_non_clicks_are_not() {
        for name in ["로그인", "Display settings", "Repayment history", "확인", "상품 관리", "Sign in"] {
            assert_eq!(classify(&click(name), "", Environment::Production), None, "{name}");
        }
        let hover = Action::Hover { target: click("삭제").target().unwrap().clone() };
        assert_eq!(classify(&hover, "", Environment::Test), None);
    }

    #[test]
    fn sending_and_saving_are_risky_only_on_production() {
        assert_eq!(classify(&click("등록"), "", Environment::Test), None);
        assert!(classify(&click("등록"), "", Environment::Production).is_some());
        assert!(classify(&click("Submit"), "", Environment::Production).is_some());
    }

    #[test]
    fn allowlist_is_by_origin() {
        let allow = Allowlist::new("http://127.0.0.1:8080/app", &["https://sso.example.com".into()]);
        assert!(allow.allows("http://127.0.0.1:8080/items?x=1"));
        assert!(allow.allows("https://SSO.example.com:443/login"));
        assert!(allow.allows("about:blank"));
        assert!(!allow.allows("http://127.0.0.1:8081/"));
        assert!(!allow.allows("https://evil.example/127.0.0.1:8080"));
        assert!(!allow.allows("http://user@evil.example/"));
        assert!(!allow.allows("file:///etc/passwd"));
        assert_eq!(origin("http://h:80/x"), Some("http://h".into()));
    }

    #[test]
    fn origins_are_read_as_the_browser_reads_them() {
        let allow = Allowlist::new("http://127.0.0.1:8080/", &[]);
        // Chromium reads a backslash as a slash: this goes to evil.example, whatever follows.
        assert_eq!(origin("http://evil.example\\@127.0.0.1:8080/"), Some("http://evil.example".into()));
        assert!(!allow.allows("http://evil.example\\@127.0.0.1:8080/"));
        // …and this one stays on the app: what follows the backslash is its path.
        assert_eq!(origin("http://127.0.0.1:8080\\@evil.example/"), Some("http://127.0.0.1:8080".into()));
        assert!(!allow.allows("http://evil.example@127.0.0.2:8080/"), "userinfo never makes the host");
        assert_eq!(origin("http://user:pw@127.0.0.1:8080/x"), Some("http://127.0.0.1:8080".into()));
        assert!(allow.allows("http://user:pw@127.0.0.1:8080/x"));
        assert_eq!(origin("HTTP://EXAMPLE.com:80/"), Some("http://example.com".into()));
        assert_eq!(origin("https://例え.jp/"), Some("https://xn--r8jz45g.jp".into()));
        assert_eq!(origin("http://[::1]:8080/a"), Some("http://[::1]:8080".into()));
        assert_eq!(origin("http://[0:0::1]:8080/a"), Some("http://[::1]:8080".into()));
        assert_eq!(
            origin("http://0x7f.1:8080/"),
            Some("http://127.0.0.1:8080".into()),
            "IPv4 as the browser parses it"
        );
        assert!(allow.allows("http://0x7f.1:8080/"));
        assert_eq!(origin("javascript:alert(1)"), None);
        assert_eq!(origin("file:///etc/passwd"), None);
        assert_eq!(origin("http://"), None);
    }
}
