//! The request a step must send and the app must accept: what a screen says after "save" can be
//! drawn by the page alone, so a step that sent a change to the server when it was recorded is
//! held to sending it again — in every trial and in the exported test (`page.waitForResponse`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A request the step's action sends to the app's own origin, answered with a success (a status
/// below 400: a form's post that redirects is accepted as much as a fetch answered 201).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ResponseCheck {
    /// `POST`, `PUT`, `PATCH`, `DELETE`.
    pub method: String,
    /// The path on the app's origin, without its query; a segment that may name a record — one
    /// holding a digit, a dash or an underscore (a number, a slug, a run's tag, a version) — is
    /// `*`, any one segment: `/api/items/*`.
    pub path: String,
}

impl ResponseCheck {
    /// The check a recorded request becomes: only a request that may change the app's data
    /// (never GET, HEAD or OPTIONS), on the app's origin (`path` starts with `/`), that the app
    /// accepted. Anything else says nothing about what the step did.
    pub fn from_request(method: &str, path: &str, status: u16) -> Option<Self> {
        let method = method.to_ascii_uppercase();
        if matches!(method.as_str(), "GET" | "HEAD" | "OPTIONS") || !path.starts_with('/') || status >= 400 {
            return None;
        }
        let path = path.split(['?', '#']).next().unwrap_or_default();
        let names_a_record = |s: &str| s.chars().any(|c| c.is_ascii_digit() || c == '-' || c == '_') || s.len() > 24;
        let segments: Vec<&str> = path.split('/').map(|s| if names_a_record(s) { "*" } else { s }).collect();
        Some(Self { method, path: segments.join("/") })
    }

    /// Whether a request (`path` on the app's origin, query allowed) is the one this check waits for.
    pub fn matches(&self, method: &str, path: &str) -> bool {
        if !method.eq_ignore_ascii_case(&self.method) {
            return false;
        }
        let path = path.split(['?', '#']).next().unwrap_or_default();
        let want: Vec<&str> = self.path.split('/').collect();
        let got: Vec<&str> = path.split('/').collect();
        want.len() == got.len() && want.iter().zip(&got).all(|(w, g)| *w == "*" || w == g)
    }

    /// `POST /api/items/*`, as reports and messages name it.
    pub fn describe(&self) -> String {
        format!("{} {}", self.method, self.path)
    }

    /// A JavaScript regular expression literal for the path (`/^\/api\/items\/[^/]+$/`), for the
    /// exported test.
    pub fn path_regex(&self) -> String {
        let mut out = String::from("/^");
        for (i, segment) in self.path.split('/').enumerate() {
            if i > 0 {
                out.push_str("\\/");
            }
            if segment == "*" {
                out.push_str("[^/]+");
                continue;
            }
            for c in segment.chars() {
                if "\\^$.|?*+()[]{}/".contains(c) {
                    out.push('\\');
                    out.push(c);
                } else if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '~' || c == '%' {
                    out.push(c);
                } else {
                    // Anything else (a line break, a quote, a letter of another script) as its
                    // UTF-16 units: the pattern stays one line of plain ASCII.
                    let mut units = [0u16; 2];
                    for unit in c.encode_utf16(&mut units) {
                        out.push_str(&format!("\\u{unit:04x}"));
                    }
                }
            }
        }
        out.push_str("$/");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_accepted_change_on_the_apps_origin_becomes_a_check() {
        assert_eq!(
            ResponseCheck::from_request("post", "/api/items?draft=1", 201),
            Some(ResponseCheck { method: "POST".into(), path: "/api/items".into() })
        );
        assert_eq!(ResponseCheck::from_request("POST", "/login", 303).map(|c| c.path), Some("/login".into()));
        assert_eq!(ResponseCheck::from_request("GET", "/api/items", 200), None);
        assert_eq!(ResponseCheck::from_request("HEAD", "/", 200), None);
        assert_eq!(ResponseCheck::from_request("POST", "https://sso.example.com/token", 200), None);
        assert_eq!(ResponseCheck::from_request("POST", "/api/items", 500), None);
        assert_eq!(ResponseCheck::from_request("PUT", "/api/items", 409), None);
    }

    #[test]
    fn record_numbers_and_run_tags_match_any_segment_and_nothing_else() {
        // A slug made of a typed name and the run's tag, digits or none.
        let slug = ResponseCheck::from_request("POST", "/api/notes/note-abcde/publish", 200).unwrap();
        assert_eq!(slug.path, "/api/notes/*/publish");
        let check = ResponseCheck::from_request("DELETE", "/api/items/42/tags/note-k3x9", 204).unwrap();
        assert_eq!(check.path, "/api/items/*/tags/*");
        assert!(check.matches("DELETE", "/api/items/7/tags/note-zz1q"));
        assert!(check.matches("delete", "/api/items/7/tags/x?force=1"));
        assert!(!check.matches("POST", "/api/items/7/tags/x"));
        assert!(!check.matches("DELETE", "/api/items/7/tags"));
        assert!(!check.matches("DELETE", "/api/items/7/tags/x/y"));
        assert!(!check.matches("DELETE", "/api/users/7/tags/x"));
        assert_eq!(check.describe(), "DELETE /api/items/*/tags/*");
    }

    #[test]
    fn the_exported_pattern_escapes_what_javascript_reads_as_syntax() {
        let check = ResponseCheck::from_request("POST", "/index.php/Special:Edit(1)", 302).unwrap();
        assert_eq!(check.path, "/index.php/*");
        assert_eq!(check.path_regex(), "/^\\/index\\.php\\/[^/]+$/");
        let root = ResponseCheck::from_request("POST", "/", 200).unwrap();
        assert_eq!(root.path_regex(), "/^\\/$/");
        let plus = ResponseCheck { method: "POST".into(), path: "/a+b/c.d".into() };
        assert_eq!(plus.path_regex(), "/^\\/a\\+b\\/c\\.d$/");
        let hostile = ResponseCheck { method: "POST".into(), path: "/a\n'b/상".into() };
        assert_eq!(hostile.path_regex(), "/^\\/a\\u000a\\u0027b\\/\\uc0c1$/");
    }
}
