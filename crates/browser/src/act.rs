//! Executes one scenario action on a page: the single place where the model meets the browser,
//! shared by exploration, trial runs and replays so all three behave the same.

use crate::{BrowserError, DialogAnswer, PageSession};
use playwright_rs::WaitForState;
use specwright_scenario::{Action, Assertion, ElementState, PageAssertion, Target, Value, WaitCondition};
use std::collections::HashMap;

/// Secret values by name, held in memory for a run only.
#[derive(Default, Clone)]
pub struct Secrets(HashMap<String, String>);

impl Secrets {
    pub fn insert(&mut self, name: &str, value: &str) {
        self.0.insert(name.to_string(), value.to_string());
    }

    /// The value of `name`; a spec's `{{secret.admin_password}}` and `--secret ADMIN_PASSWORD=…`
    /// are the same secret, so a name that differs only in case finds it too.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str).or_else(|| {
            let mut names: Vec<&String> = self.0.keys().filter(|k| k.eq_ignore_ascii_case(name)).collect();
            names.sort();
            names.first().and_then(|k| self.0.get(*k)).map(String::as_str)
        })
    }

    /// The name a value is already known under (the same password typed again is one secret).
    pub fn name_of(&self, value: &str) -> Option<&str> {
        let mut names: Vec<&String> = self.0.iter().filter(|(_, v)| v.as_str() == value).map(|(k, _)| k).collect();
        names.sort();
        names.first().map(|n| n.as_str())
    }

    /// The values, for masking what the model reads.
    pub fn values(&self) -> Vec<&str> {
        self.0.values().map(String::as_str).filter(|v| !v.is_empty()).collect()
    }

    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.0.keys().cloned().collect();
        names.sort();
        names
    }

    /// Replaces every known secret value in `text` with its `{{secret.NAME}}` placeholder.
    pub fn redact(&self, text: &str) -> String {
        let mut out = text.to_string();
        let mut values: Vec<_> = self.0.iter().filter(|(_, v)| !v.is_empty()).collect();
        // Longest first, so a secret that contains another is replaced whole.
        values.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
        for (name, value) in values {
            out = out.replace(value.as_str(), &format!("{{{{secret.{name}}}}}"));
        }
        out
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::fmt::Debug for Secrets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.0.keys()).finish()
    }
}

/// Turns a step's `Value` into the text to type: the caller knows the secrets, variables and
/// the current test-data row.
pub type Resolve<'a> = dyn Fn(&Value) -> Result<String, BrowserError> + Send + Sync + 'a;

impl PageSession {
    /// Runs `action`; `base_url` resolves relative URLs, and a name made unique per run
    /// ([`specwright_scenario::RUN_TAG`]) is given `run_tag`.
    pub async fn perform(
        &self,
        action: &Action,
        base_url: &str,
        resolve: &Resolve<'_>,
        run_tag: &str,
    ) -> Result<(), BrowserError> {
        let tagged;
        let action = match with_run_tag(action, run_tag) {
            Some(a) => {
                tagged = a;
                &tagged
            }
            None => action,
        };
        let resolve = |value: &Value| resolve(value).map(|v| v.replace(specwright_scenario::RUN_TAG, run_tag));
        let resolve: &Resolve<'_> = &resolve;
        match action {
            Action::Goto { url } => self.goto(&resolve_url(base_url, url)).await,
            Action::Click { target } => {
                let (selector, describe) = selector(target)?;
                self.click(&selector, &describe).await
            }
            Action::Fill { target, value } => {
                let (selector, describe) = selector(target)?;
                self.fill(&selector, &describe, &resolve(value)?).await
            }
            Action::Select { target, value } => {
                let (selector, describe) = selector(target)?;
                self.select(&selector, &describe, &resolve(value)?).await
            }
            Action::Check { target } => {
                let (selector, describe) = selector(target)?;
                self.set_checked(&selector, &describe, true).await
            }
            Action::Uncheck { target } => {
                let (selector, describe) = selector(target)?;
                self.set_checked(&selector, &describe, false).await
            }
            Action::Press { target, key } => {
                let (selector, describe) = selector(target)?;
                self.press(&selector, &describe, key).await
            }
            Action::Hover { target } => {
                let (selector, describe) = selector(target)?;
                self.hover(&selector, &describe).await
            }
            Action::DoubleClick { target } => {
                let (selector, describe) = selector(target)?;
                self.double_click(&selector, &describe).await
            }
            Action::Type { target, value } => {
                let (selector, describe) = selector(target)?;
                self.type_text(&selector, &describe, &resolve(value)?).await
            }
            Action::Upload { target, files } => {
                let (selector, describe) = selector(target)?;
                let files = files.iter().map(|f| inside(self.files_dir(), f)).collect::<Result<Vec<_>, _>>()?;
                self.upload(&selector, &describe, &files).await
            }
            Action::Drag { target, to } => {
                let (from, describe) = selector(target)?;
                let (to, _) = selector(to)?;
                self.drag(&from, &describe, &to).await
            }
            Action::ScrollIntoView { target } => {
                let (selector, describe) = selector(target)?;
                self.scroll_into_view(&selector, &describe).await
            }
            Action::Back => self.go_back().await,
            Action::Reload => self.reload().await,
            Action::WaitFor { condition } => match condition {
                WaitCondition::Element { target, state } => {
                    let (selector, describe) = selector(target)?;
                    let state = match state {
                        ElementState::Visible => WaitForState::Visible,
                        ElementState::Hidden => WaitForState::Hidden,
                        ElementState::Attached => WaitForState::Attached,
                        ElementState::Detached => WaitForState::Detached,
                    };
                    self.wait_for_element(&selector, &describe, state).await
                }
                WaitCondition::Url { expected } => self.wait_for_url(&resolve_url(base_url, expected)).await,
                WaitCondition::NetworkIdle => self.wait_for_network_idle().await,
            },
            Action::Dialog { accept, prompt_text } => {
                self.answer_next_dialog(DialogAnswer { accept: *accept, prompt_text: prompt_text.clone() });
                Ok(())
            }
            Action::SwitchPage { index } => self.switch_page(*index as usize).await,
            Action::Expect { target, assertion } => {
                let (selector, describe) = selector(target)?;
                match assertion {
                    Assertion::Visible => self.expect_visible(&selector, &describe).await,
                    other => self.expect(&selector, &describe, other).await,
                }
            }
            Action::ExpectPage { assertion } => match assertion {
                PageAssertion::Url { expected } => self.expect_url(&resolve_url(base_url, expected)).await,
                PageAssertion::Title { expected } => self.expect_title(expected).await,
                PageAssertion::Download { file_name } => self.expect_download(file_name).await,
            },
        }
    }
}

/// `action` with every `{{run}}` in its names and texts replaced by `tag`; `None` when it has none.
pub fn with_run_tag(action: &Action, tag: &str) -> Option<Action> {
    fn walk(value: &mut serde_json::Value, tag: &str) {
        match value {
            serde_json::Value::String(s) if s.contains(specwright_scenario::RUN_TAG) => {
                *s = s.replace(specwright_scenario::RUN_TAG, tag);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(|v| walk(v, tag)),
            serde_json::Value::Object(map) => map.values_mut().for_each(|v| walk(v, tag)),
            _ => {}
        }
    }
    let mut json = serde_json::to_value(action).ok()?;
    if !json.to_string().contains(specwright_scenario::RUN_TAG) {
        return None;
    }
    walk(&mut json, tag);
    serde_json::from_value(json).ok()
}

impl PageSession {
    /// Where the element `action` acted on (or checked) now sits in the viewport, for the
    /// mirror's outline; see [`PageSession::viewport_box`].
    pub async fn acted_box(&self, action: &Action) -> Option<[f32; 4]> {
        let (selector, _) = selector(action.target()?).ok()?;
        self.viewport_box(&selector).await
    }
}

/// The Playwright selector of the target's primary locator, inside its frames, and a short
/// description for messages.
pub fn selector(target: &Target) -> Result<(String, String), BrowserError> {
    let locator = target.primary().ok_or_else(|| BrowserError::NotFound { target: "(no locator)".into() })?;
    let mut selector = String::new();
    for frame in &target.frame_path {
        selector.push_str(frame);
        selector.push_str(" >> internal:control=enter-frame >> ");
    }
    selector.push_str(&target.scoped_selector(locator));
    Ok((selector, target.describe()))
}

/// `url` as is when absolute, else joined to `base` (`/login` on `http://h:1/app` → `http://h:1/login`).
pub fn resolve_url(base: &str, url: &str) -> String {
    // As the browser resolves it (WHATWG), so the guard and Chromium agree on where it goes.
    if let Ok(joined) = url::Url::parse(base).and_then(|b| b.join(url)) {
        return joined.to_string();
    }
    if url.starts_with("http://") || url.starts_with("https://") {
        return url.to_string();
    }
    let origin_end =
        base.find("://").map(|i| i + 3).and_then(|s| base[s..].find('/').map(|p| s + p)).unwrap_or(base.len());
    if url.starts_with('/') {
        format!("{}{}", &base[..origin_end], url)
    } else {
        let dir_end = base.rfind('/').filter(|i| *i >= origin_end).map(|i| i + 1);
        match dir_end {
            Some(end) => format!("{}{}", &base[..end], url),
            None => format!("{}/{}", base, url),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_relative_urls_against_the_base() {
        assert_eq!(resolve_url("http://127.0.0.1:8080", "/login"), "http://127.0.0.1:8080/login");
        assert_eq!(resolve_url("http://127.0.0.1:8080/app/", "/login"), "http://127.0.0.1:8080/login");
        assert_eq!(resolve_url("http://127.0.0.1:8080/app/", "items"), "http://127.0.0.1:8080/app/items");
        assert_eq!(resolve_url("http://h", "https://x/y"), "https://x/y");
    }

    #[test]
    fn run_tags_fill_every_name_and_value() {
        use specwright_scenario::{Locator, Target};
        let target = Target::new(vec![Locator::Text { text: "planner01{{run}}".into(), exact: true }]);
        let action = Action::Expect { target, assertion: specwright_scenario::Assertion::Visible };
        let tagged = with_run_tag(&action, "k3x9").unwrap();
        assert!(format!("{tagged:?}").contains("planner01k3x9"), "{tagged:?}");
        assert!(with_run_tag(&Action::Back, "k3x9").is_none());
    }

    #[test]
    fn secret_names_match_whatever_their_case() {
        let mut secrets = Secrets::default();
        secrets.insert("admin_password", "s3cret!");
        assert_eq!(secrets.get("ADMIN_PASSWORD"), Some("s3cret!"));
        assert_eq!(secrets.get("admin_password"), Some("s3cret!"));
        assert_eq!(secrets.get("OTHER"), None);
    }

    #[test]
    fn redacts_secret_values_longest_first() {
        let mut secrets = Secrets::default();
        secrets.insert("A", "demo");
        secrets.insert("B", "demo1234");
        assert_eq!(secrets.redact("pw 'demo1234' or demo"), "pw '{{secret.B}}' or {{secret.A}}");
        assert!(!format!("{secrets:?}").contains("demo"));
    }
}

/// An upload step's file, inside `folder`: a scenario may come from a share bundle, so its path
/// must be relative, without `..`, and must not lead out of the folder through a link. Anything
/// else is refused before the browser reads a byte (no local file is ever sent elsewhere).
pub(crate) fn inside(folder: &std::path::Path, file: &str) -> Result<std::path::PathBuf, BrowserError> {
    use std::path::Component;
    let outside = || BrowserError::MissingValue(crate::Missing::FileOutside(file.to_string()));
    let path = std::path::Path::new(file);
    let plain = !file.is_empty()
        && !file.contains('\\')
        && !file.contains('\0')
        && path.components().all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
    if !plain {
        return Err(outside());
    }
    let joined = folder.join(path);
    let Ok(real) = joined.canonicalize() else {
        return Err(BrowserError::MissingValue(crate::Missing::File(file.to_string())));
    };
    let root = folder.canonicalize().map_err(|_| BrowserError::MissingValue(crate::Missing::File(file.to_string())))?;
    if !real.starts_with(&root) {
        return Err(outside());
    }
    Ok(real)
}

#[cfg(test)]
mod upload_tests {
    use super::inside;

    #[test]
    fn an_upload_never_leaves_its_folder() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("session");
        std::fs::create_dir_all(folder.join("docs")).unwrap();
        std::fs::write(folder.join("docs/note.txt"), "x").unwrap();
        std::fs::write(dir.path().join("secret.txt"), "s").unwrap();
        assert!(inside(&folder, "docs/note.txt").is_ok());
        assert!(inside(&folder, "./docs/note.txt").is_ok());
        for hostile in ["../secret.txt", "docs/../../secret.txt", "/etc/hostname", "", "docs\\..\\..\\secret.txt"] {
            let error = inside(&folder, hostile).unwrap_err().to_string();
            assert!(error.contains("not inside"), "{hostile}: {error}");
        }
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.path().join("secret.txt"), folder.join("link.txt")).unwrap();
            assert!(inside(&folder, "link.txt").unwrap_err().to_string().contains("not inside"));
        }
        assert!(inside(&folder, "missing.txt").unwrap_err().to_string().contains("does not exist"));
    }
}
