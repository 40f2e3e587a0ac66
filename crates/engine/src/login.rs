//! Logging in when the spec says to but does not spell out how ("관리자로 로그인되어 있다",
//! "Log in as admin", "올바른 비밀번호를 입력하고 로그인한다"): the login form on the page (or
//! behind its "로그인" link), the account from the spec's environment or a question, the
//! password as a secret (from the spec, `--secret`, or asked without echo), and the app's own
//! answer checked: a login the app refuses fails with its words.

use crate::fill::secret_variable;
use crate::RunError;
use specwright_browser::{parse_snapshot, BrowserSession, FormControl, SnapshotNode};
use specwright_protocol::Text;
use specwright_protocol::{Question, QuestionKind};
use specwright_rails::{ask, option, question_id};
use specwright_rails::{redacted, run_step, Context, TARGET_URL_QUESTION};
use specwright_reading::normalize;
use specwright_scenario::{Action, Citation, Locator, Provenance, Scenario, Target, Value};

/// Names of the button that submits a login form, and of links that lead to one.
const LOGIN_WORDS: &[&str] = &["로그인", "log in", "login", "sign in", "signin", "들어가기", "접속"];
const LOGOUT_WORDS: &[&str] = &["로그아웃", "log out", "logout", "sign out", "signout"];

fn has_word(label: &str, words: &[&str]) -> bool {
    let label = normalize(label);
    words.iter().any(|w| label.contains(w))
}

async fn nodes(session: &BrowserSession) -> Result<Vec<SnapshotNode>, RunError> {
    let yaml = session.page().snapshot().await.map_err(|source| RunError::Browser { line: 0, source })?;
    Ok(parse_snapshot(&yaml))
}

/// A durable target for one control of the login form: its label, its button text, or the CSS
/// of its id or `name` — whichever finds it alone.
pub(crate) async fn control_target(session: &BrowserSession, control: &FormControl, button: bool) -> Option<Target> {
    let mut tries = Vec::new();
    if button && !control.text.is_empty() {
        tries.push(Locator::Role { role: "button".into(), name: control.text.clone(), exact: true });
    }
    if !button && !control.label.is_empty() {
        tries.push(Locator::Role { role: "textbox".into(), name: control.label.clone(), exact: true });
        tries.push(Locator::Label { text: control.label.clone() });
    }
    tries.push(Locator::Css { selector: control.css.clone() });
    for locator in tries {
        let target = Target::new(vec![locator]);
        if session.page().count(&target.scoped_selector(&target.strategies[0])).await.unwrap_or(0) == 1 {
            return Some(target);
        }
    }
    None
}

fn control_name(control: &FormControl, fallback: &str) -> String {
    [&control.label, &control.text].into_iter().find(|t| !t.is_empty()).cloned().unwrap_or_else(|| fallback.to_string())
}

/// Logs in as `who` (an account or a role; `None`: the one the spec names, or the one filled in
/// already) on the login form of the current page. `negative`: the spec expects the login to
/// fail, so the app's refusal is the result.
pub(crate) async fn log_in(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    who: Option<&str>,
    password: Option<&str>,
    citation: &Citation,
    negative: bool,
) -> Result<(), RunError> {
    let line = citation.line;
    let cited = Provenance::Spec { citation: redacted(cx.secrets, citation) };
    let spec = || cited.clone();
    let text = cx.secrets.redact(&citation.quote);
    if !session.page().url().starts_with("http") {
        let url = scenario.target_url.clone();
        let answer = Provenance::answer(TARGET_URL_QUESTION, url.clone());
        run_step(session, cx, scenario, text.clone(), Action::Goto { url }, answer, line).await?;
    }
    let mut form = session.page().login_form().await;
    if form.is_none() {
        // Behind a "로그인" link or button; or already logged in.
        let page = nodes(session).await?;
        let named = |n: &SnapshotNode, words: &[&str]| {
            matches!(n.role.as_str(), "link" | "button" | "menuitem")
                && n.name.as_deref().is_some_and(|l| has_word(l, words))
        };
        // Logged in already: a logout link or button, shown or in a closed menu.
        let hidden_logout = session.page().links().await.iter().any(|(label, _)| has_word(label, LOGOUT_WORDS));
        if page.iter().any(|n| named(n, LOGOUT_WORDS)) || hidden_logout {
            return Ok(());
        }
        let entry = page.iter().find(|n| named(n, LOGIN_WORDS)).cloned();
        if let Some(entry) = entry {
            let target = Target::new(vec![Locator::Role {
                role: entry.role.clone(),
                name: entry.name.clone().unwrap_or_default(),
                exact: true,
            }]);
            if session.page().count(&target.scoped_selector(&target.strategies[0])).await.unwrap_or(0) == 1 {
                let entry_selector = target.scoped_selector(&target.strategies[0]);
                run_step(session, cx, scenario, text.clone(), Action::Click { target }, spec(), line).await?;
                session.page().wait_for_load().await;
                for _ in 0..10 {
                    form = session.page().login_form().await;
                    if form.is_some() {
                        break;
                    }
                    // A sign-in button that needs no form (single sign-on, a test backend):
                    // once it is gone and no form came, the app let the person in.
                    if session.page().count(&entry_selector).await.unwrap_or(1) == 0 {
                        return Ok(());
                    }
                    session.page().wait_for_change(std::time::Duration::from_millis(300)).await;
                }
            }
        }
    }
    let Some(form) = form else {
        return Err(RunError::Grounding {
            line,
            message: Text::message("login-no-form", [("url", session.page().url().into())]),
        });
    };
    // The account: already typed by an earlier clause, named by the spec, or asked.
    if let Some(user_field) = form.user.as_ref().filter(|u| !u.filled) {
        let (user, account) = account_to_use(cx, who, citation)?;
        let target =
            control_target(session, user_field, false).await.ok_or_else(|| field_missing(line, &user_field.css))?;
        let intent = format!("{text} — {} ← {user}", control_name(user_field, "user"));
        run_step(
            session,
            cx,
            scenario,
            intent,
            Action::Fill { target, value: Value::Literal { value: user.clone() } },
            spec(),
            line,
        )
        .await?;
        if let Some(password) = account.and_then(|a| a.password) {
            if cx.secrets.name_of(&password).is_none() {
                let name = crate::fill::secret_name(&cx.secrets.names());
                cx.secrets.insert(&name, &password);
            }
        }
    }
    if !form.password.filled {
        let target = control_target(session, &form.password, false)
            .await
            .ok_or_else(|| field_missing(line, &form.password.css))?;
        let name = control_name(&form.password, "password");
        // The password the spec gives ("with password 'wrong'") is typed as written, held as a
        // secret like any password; else the account's, asked when the run does not hold it.
        let value = match password {
            Some(given) => crate::fill::held_secret_as(cx, scenario, given, "SPEC_PASSWORD"),
            None => secret_variable(cx, scenario, None, &name, citation)?,
        };
        let intent = format!("{text} — {name} ← {}", value.display());
        run_step(session, cx, scenario, intent, Action::Fill { target, value }, spec(), line).await?;
    }
    submitted(session, cx, scenario, &form, &text, spec(), line, negative).await
}

/// The account to log in as: the one the spec's environment names for `who`, a login name said
/// as one word, or the person's answer (the environment's accounts offered).
fn account_to_use(
    cx: &mut Context<'_>,
    who: Option<&str>,
    citation: &Citation,
) -> Result<(String, Option<specwright_reading::Account>), RunError> {
    let account = cx.environment.account(who).cloned();
    let user = match (&account, who) {
        (Some(a), _) => a.user.clone(),
        (None, Some(w)) if w.is_ascii() && !w.contains(' ') => w.to_string(),
        _ => {
            let options =
                cx.environment.accounts.iter().take(5).map(|a| option(a.user.clone(), a.user.as_str())).collect();
            let about = who.unwrap_or("");
            let question = Question {
                id: question_id("account", "", about),
                kind: QuestionKind::Choice,
                text: if about.is_empty() {
                    Text::message("q-account", [])
                } else {
                    Text::message("q-account-for", [("who", about.into())])
                },
                target: Some(about.to_string()),
                options,
                why: Text::message("why-account", []),
                source: Some(citation.label()),
            };
            ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?
        }
    };
    Ok((user, account))
}

/// Presses the form's button; the app's refusal is the result when the spec expects the login
/// to fail, and an error with the app's own words when it does not.
#[allow(clippy::too_many_arguments)]
async fn submitted(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    form: &specwright_browser::LoginForm,
    text: &str,
    spec: Provenance,
    line: u32,
    negative: bool,
) -> Result<(), RunError> {
    let spec = || spec.clone();
    let submit = form
        .submit
        .as_ref()
        .ok_or_else(|| RunError::Grounding { line, message: Text::message("login-no-button", []) })?;
    let target = control_target(session, submit, true).await.ok_or_else(|| field_missing(line, &submit.css))?;
    let mark = session.page().mark().await;
    let intent = format!("{text} — {}", control_name(submit, "submit"));
    run_step(session, cx, scenario, intent, Action::Click { target }, spec(), line).await?;
    let refusal = session.page().refusal_since(&mark, specwright_rails::REFUSAL_SETTLE).await;
    match (refusal, negative) {
        (Some(refusal), true) => {
            if let Some(step) = scenario.steps.last_mut() {
                step.expects_refusal = true;
                step.response = None;
            }
            cx.memory.recent.set_refusal(Some(specwright_rails::refusal_words(&refusal, cx.language)));
            Ok(())
        }
        (Some(refusal), false) => Err(RunError::Refused {
            line,
            // The application's own words; the line says it was the login.
            message: specwright_rails::refusal_words(&refusal, cx.language),
        }),
        (None, _) => {
            if let Some(step) = scenario.steps.last_mut().filter(|s| s.response.is_none()) {
                step.response = specwright_rails::sent_change(session.page(), mark.answered());
            }
            Ok(())
        }
    }
}

fn field_missing(line: u32, name: &str) -> RunError {
    RunError::Grounding { line, message: Text::message("login-field-unclear", [("name", name.into())]) }
}
