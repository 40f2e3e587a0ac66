//! Logging in when the spec says to but does not spell out how ("관리자로 로그인되어 있다",
//! "Log in as admin", "올바른 비밀번호를 입력하고 로그인한다"): the login form on the page (or
//! behind its "로그인" link), the account from the spec's environment or a question, the
//! password as a secret (from the spec, `--secret`, or asked without echo), and the app's own
//! answer checked: a login the app refuses fails with its words.

use crate::ask::{ask, option, question_id};
use crate::explore::{redacted, run_step, Context, TARGET_URL_QUESTION};
use crate::sentence::secret_variable;
use crate::grounding::normalize;
use crate::EngineError;
use specwright_browser::{parse_snapshot, BrowserSession, SnapshotNode};
use specwright_protocol::{Question, QuestionKind};
use specwright_scenario::{Action, Citation, Locator, Provenance, Scenario, Target, Value};

/// Labels of the field that takes the account.
const USER_FIELDS: &[&str] = &[
    "아이디", "사용자", "이메일", "계정", "id", "user", "username", "user name", "email", "e-mail", "login", "name", "사번",
];
/// Labels of the password field.
pub(crate) const PASSWORD_FIELDS: &[&str] = &["비밀번호", "패스워드", "암호", "password", "passwd", "pw"];
/// Names of the button that submits a login form, and of links that lead to one.
const LOGIN_WORDS: &[&str] = &["로그인", "log in", "login", "sign in", "signin", "들어가기", "접속"];
const LOGOUT_WORDS: &[&str] = &["로그아웃", "log out", "logout", "sign out", "signout"];

fn has_word(label: &str, words: &[&str]) -> bool {
    let label = normalize(label);
    words.iter().any(|w| label.contains(w))
}

async fn nodes(session: &BrowserSession) -> Result<Vec<SnapshotNode>, EngineError> {
    let yaml = session.page().snapshot().await.map_err(|source| EngineError::Browser { line: 0, source })?;
    Ok(parse_snapshot(&yaml))
}

fn fillable(node: &SnapshotNode) -> bool {
    matches!(node.role.as_str(), "textbox" | "searchbox" | "combobox") && node.name.is_some()
}

/// A locator for a node by role and name, when it finds that node alone.
async fn unique(session: &BrowserSession, node: &SnapshotNode) -> Option<Target> {
    let name = node.name.clone()?;
    for locator in [
        Locator::Role { role: node.role.clone(), name: name.clone(), exact: true },
        Locator::Label { text: name.clone() },
    ] {
        let target = Target::new(vec![locator]);
        if session.page().count(&target.scoped_selector(&target.strategies[0])).await.unwrap_or(0) == 1 {
            return Some(target);
        }
    }
    None
}

/// Logs in as `who` (an account or a role; `None`: the one the spec names, or the one filled in
/// already) on the login form of the current page. `negative`: the spec expects the login to
/// fail, so the app's refusal is the result.
pub(crate) async fn log_in(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    who: Option<&str>,
    citation: &Citation,
    negative: bool,
) -> Result<(), EngineError> {
    let line = citation.line;
    let cited = Provenance::Spec { citation: redacted(cx.secrets, citation) };
    let spec = || cited.clone();
    let text = cx.secrets.redact(&citation.quote);
    if !session.page().url().starts_with("http") {
        let url = scenario.target_url.clone();
        let answer = Provenance::Answer { question_id: TARGET_URL_QUESTION.into(), answer: url.clone() };
        run_step(session, cx, scenario, text.clone(), Action::Goto { url }, answer, line).await?;
    }
    let mut page = nodes(session).await?;
    let password_of = |nodes: &[SnapshotNode]| nodes.iter().position(|n| fillable(n) && n.name.as_deref().is_some_and(|l| has_word(l, PASSWORD_FIELDS)));
    if password_of(&page).is_none() {
        // Behind a "로그인" link or button; or already logged in.
        if page.iter().any(|n| matches!(n.role.as_str(), "link" | "button" | "menuitem") && n.name.as_deref().is_some_and(|l| has_word(l, LOGOUT_WORDS))) {
            return Ok(());
        }
        let entry = page
            .iter()
            .find(|n| matches!(n.role.as_str(), "link" | "button" | "menuitem") && n.name.as_deref().is_some_and(|l| has_word(l, LOGIN_WORDS)))
            .cloned();
        let Some(entry) = entry else {
            return Err(EngineError::Grounding {
                line,
                message: format!(
                    "로그인 양식을 찾지 못했습니다({}). 로그인 화면의 주소를 기획서의 환경 항목에 적어 주세요. / No login form was found on {}: give the login page's address in the spec's environment section.",
                    session.page().url(),
                    session.page().url()
                ),
            });
        };
        if let Some(target) = unique(session, &entry).await {
            run_step(session, cx, scenario, text.clone(), Action::Click { target }, spec(), line).await?;
            session.page().wait_for_load().await;
            let _ = session.page().wait_for_change(std::time::Duration::from_millis(800)).await;
            page = nodes(session).await?;
        }
    }
    let Some(password_at) = password_of(&page) else {
        return Err(EngineError::Grounding {
            line,
            message: "로그인 양식의 비밀번호 입력란을 찾지 못했습니다. / The login form's password field was not found.".into(),
        });
    };
    let user_node = page[..password_at]
        .iter()
        .rev()
        .filter(|n| fillable(n))
        .find(|n| n.name.as_deref().is_some_and(|l| has_word(l, USER_FIELDS)))
        .or_else(|| page[..password_at].iter().rev().find(|n| fillable(n)))
        .cloned();
    // The account: already typed by an earlier clause, named by the spec, or asked.
    let typed = user_node.as_ref().and_then(|n| n.text.clone()).filter(|t| !t.trim().is_empty());
    if let (Some(node), None) = (&user_node, &typed) {
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
                        "어떤 계정(아이디)으로 로그인할까요? / Which account (user name) should the test log in with?".into()
                    } else {
                        format!("'{about}'(으)로 로그인할 계정(아이디)은 무엇인가요? / Which account (user name) is '{about}'?")
                    },
                    target: Some(about.to_string()),
                    options,
                    why: "기획서가 로그인하라고 하지만 계정을 적지 않았습니다. / The spec says to log in but names no account.".into(),
                    source: Some(citation.label()),
                };
                ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?
            }
        };
        let target = unique(session, node).await.ok_or_else(|| field_missing(line, node))?;
        let intent = format!("{text} — {} ← {user}", node.name.clone().unwrap_or_default());
        run_step(session, cx, scenario, intent, Action::Fill { target, value: Value::Literal { value: user.clone() } }, spec(), line).await?;
        if let Some(password) = account.and_then(|a| a.password) {
            if cx.secrets.name_of(&password).is_none() {
                let name = crate::sentence::secret_name(&cx.secrets.names());
                cx.secrets.insert(&name, &password);
            }
        }
    }
    let password_node = page[password_at].clone();
    let password_typed = password_node.text.as_deref().is_some_and(|t| !t.trim().is_empty());
    if !password_typed {
        let target = unique(session, &password_node).await.ok_or_else(|| field_missing(line, &password_node))?;
        let value = secret_variable(cx, scenario, None, &password_node.name.clone().unwrap_or_default(), citation)?;
        let intent = format!("{text} — {} ← {}", password_node.name.clone().unwrap_or_default(), value.display());
        run_step(session, cx, scenario, intent, Action::Fill { target, value }, spec(), line).await?;
    }
    // Submit: the form's login button, else the first button after the password field.
    let submit = page[password_at..]
        .iter()
        .find(|n| n.role == "button" && n.name.as_deref().is_some_and(|l| has_word(l, LOGIN_WORDS)))
        .or_else(|| page[password_at..].iter().find(|n| n.role == "button" && n.name.is_some()))
        .cloned()
        .ok_or_else(|| EngineError::Grounding {
            line,
            message: "로그인 버튼을 찾지 못했습니다. / The login button was not found.".into(),
        })?;
    let target = unique(session, &submit).await.ok_or_else(|| field_missing(line, &submit))?;
    let mark = session.page().mark().await;
    let intent = format!("{text} — {}", submit.name.clone().unwrap_or_default());
    run_step(session, cx, scenario, intent, Action::Click { target }, spec(), line).await?;
    let refusal = session.page().refusal_since(&mark, crate::trial::REFUSAL_SETTLE).await;
    match (refusal, negative) {
        (Some(refusal), true) => {
            if let Some(step) = scenario.steps.last_mut() {
                step.expects_refusal = true;
            }
            cx.memory.last_refusal = Some(refusal.message);
            Ok(())
        }
        (Some(refusal), false) => Err(EngineError::Refused {
            line,
            message: format!("로그인하지 못했습니다: {} / The login failed: {}", refusal.message, refusal.message),
        }),
        (None, _) => Ok(()),
    }
}

fn field_missing(line: u32, node: &SnapshotNode) -> EngineError {
    let name = node.name.clone().unwrap_or_default();
    EngineError::Grounding {
        line,
        message: format!("로그인 양식의 '{name}'을(를) 하나로 찾을 수 없습니다. / The login form's '{name}' cannot be told apart."),
    }
}
