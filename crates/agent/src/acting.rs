//! What every browser tool does the same way: a ref or a role and name turned into durable
//! locators checked to be unique, a typed value turned into a literal or a secret, and one step
//! run through the rails (allowlist, risky-action questions, recording with its citation).

use crate::state::{refused, Outcome, Turn, RISKY_STEPS_PER_APPROVAL};
use crate::AgentError;
use specwright_browser::{parse_snapshot, BrowserSession, SnapshotNode};
use specwright_protocol::{Question, QuestionKind, Text};
use specwright_rails::{ask, durable, guard, leave_check, question_id, run_step, Candidate, Context, RunError};
use specwright_scenario::{Action, Locator, Scenario, Value, Variable, VariableSource};

/// The element behind a ref of the current page, as durable locators checked to be unique.
pub(crate) async fn element(
    session: &BrowserSession,
    reference: &str,
) -> Result<Result<specwright_scenario::Target, String>, RunError> {
    let page = session.page();
    let yaml = page.snapshot().await.map_err(|source| RunError::Browser { line: 0, source })?;
    let nodes = parse_snapshot(&yaml);
    let Some(node) = nodes.iter().find(|n| n.reference.as_deref() == Some(reference)) else {
        return Ok(Err(format!("ref {reference} is not on the page now; take a new browser_snapshot")));
    };
    let candidate = candidate_of(node);
    match durable(page, &candidate, 0).await? {
        Some(target) => Ok(Ok(target)),
        None => Ok(Err(format!("no locator finds {reference} alone; pick another element"))),
    }
}

/// The one element with this role and name (or text) on the page now, for checks: headings and
/// texts carry no ref in what the model reads.
pub(crate) async fn named(
    session: &BrowserSession,
    role: &str,
    name: &str,
) -> Result<Result<specwright_scenario::Target, String>, RunError> {
    let page = session.page();
    let yaml = page.snapshot().await.map_err(|source| RunError::Browser { line: 0, source })?;
    let nodes = parse_snapshot(&yaml);
    let wanted = specwright_reading::normalize(name);
    let matches: Vec<&SnapshotNode> = nodes
        .iter()
        .filter(|n| n.role == role || (role == "text" && n.text.is_some()))
        .filter(|n| [&n.name, &n.text].into_iter().flatten().any(|v| specwright_reading::normalize(v) == wanted))
        .collect();
    match matches.as_slice() {
        [node] => match durable(page, &candidate_of(node), 0).await? {
            Some(target) => Ok(Ok(target)),
            None => Ok(Err(format!("no locator finds the {role} \"{name}\" alone"))),
        },
        [] => Ok(Err(format!("there is no {role} \"{name}\" on the page now; take a new browser_snapshot"))),
        several => Ok(Err(format!("{} elements are {role} \"{name}\"; check a more specific one", several.len()))),
    }
}

fn candidate_of(node: &SnapshotNode) -> Candidate {
    let label = node.name.clone().or_else(|| node.text.clone()).unwrap_or_default();
    let mut locators = Vec::new();
    if node.name.is_some() {
        locators.push(Locator::Role { role: node.role.clone(), name: label.clone(), exact: true });
    }
    if !label.is_empty() {
        locators.push(Locator::Text { text: label.clone(), exact: true });
    }
    Candidate {
        role: node.role.clone(),
        node_role: node.role.clone(),
        label,
        reference: node.reference.clone(),
        locators,
        within: Vec::new(),
        place: None,
    }
}

/// The field behind a ref and the value to type into it, or what the model is told: the ref is
/// gone, or a secret would go where the page shows it.
pub(crate) async fn field_and_value(
    t: &mut Turn<'_, '_, '_>,
    reference: &str,
    raw: &str,
) -> Result<Result<(specwright_scenario::Target, Value), Outcome>, AgentError> {
    let target = match element(t.session, reference).await? {
        Ok(target) => target,
        Err(message) => return Ok(Err(refused(message))),
    };
    match value_of(t.cx, t.scenario, raw, &target, t.session).await? {
        Some(value) => Ok(Ok((target, value))),
        None => Ok(Err(refused("{{secret.NAME}} goes only into a password field; type visible values as they are"))),
    }
}

/// A typed value: `{{secret.NAME}}` stays a placeholder (asked for when the run does not hold
/// it); a literal typed into a password field becomes a secret too.
async fn value_of(
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    raw: &str,
    target: &specwright_scenario::Target,
    session: &BrowserSession,
) -> Result<Option<Value>, RunError> {
    let named = raw.trim().strip_prefix("{{secret.").and_then(|r| r.strip_suffix("}}")).map(str::to_string);
    let password = match target.primary() {
        Some(l) => matches!(session.page().input_type(&l.playwright_selector()).await, Ok(Some(t)) if t == "password"),
        None => false,
    };
    let name = match (named, password) {
        // A secret is typed only where the page hides it: a visible field would show it in
        // every frame and report.
        (Some(_), false) => return Ok(None),
        (Some(name), true) => name,
        (None, true) if raw.is_empty() => return Ok(Some(Value::Literal { value: String::new() })),
        (None, true) => match cx.secrets.name_of(raw) {
            Some(name) => name.to_string(),
            None => {
                let name = free_secret_name(cx.secrets);
                cx.secrets.insert(&name, raw);
                name
            }
        },
        (None, false) => return Ok(Some(Value::Literal { value: raw.to_string() })),
    };
    if cx.secrets.get(&name).is_none() {
        let question = Question {
            id: question_id("secret", "", &name),
            kind: QuestionKind::Secret,
            text: Text::message("q-secret", [("name", name.as_str().into())]),
            target: Some(name.clone()),
            options: Vec::new(),
            why: Text::message("why-secret-model", []),
            source: None,
        };
        let value = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
        cx.secrets.insert(&name, &value);
    }
    if !scenario.variables.iter().any(|v| v.name == name) {
        scenario.variables.push(Variable { name: name.clone(), source: VariableSource::Secret });
    }
    Ok(Some(Value::Secret { name }))
}

/// One action run as a recorded step, citing its source; a refusal (the guard, the browser)
/// goes back to the model as a tool error.
pub(crate) async fn act(
    t: &mut Turn<'_, '_, '_>,
    action: Action,
    intent: &str,
    source: &str,
) -> Result<Outcome, AgentError> {
    let cx = &mut *t.cx;
    let intent = cx.secrets.redact(intent);
    let (provenance, line) = crate::drafter::cite(cx, t.scenario, t.state, source, &intent);
    // A person reads the steps in the documents' language: an intent in another one is the
    // cited line's own words, or the model is asked to write it again.
    let intent = match in_language(&intent, cx.language, &provenance) {
        Ok(intent) => intent,
        Err(message) => return Ok(refused(message)),
    };
    // What the person approved through confirm_action covers the risky clicks that carry it
    // out (the delete button, then the dialog's delete) only when the step cites that approval;
    // any other risky step is asked about as usual.
    let risky = !matches!(action, Action::Goto { .. })
        && specwright_browser::classify(&action, &intent, cx.safety.environment).is_some();
    if !risky {
        t.state.approved = None;
    }
    let covered = match &mut t.state.approved {
        Some((id, used)) if risky && source.trim() == format!("answer:{id}") && *used < RISKY_STEPS_PER_APPROVAL => {
            *used += 1;
            true
        }
        _ => false,
    };
    let checked = if covered {
        Ok(())
    } else {
        guard(cx, &action, &intent, &t.scenario.target_url, line, t.session.page().url()).await
    };
    match checked {
        Ok(()) => {}
        Err(RunError::NeedsConfirmation { reason, .. }) => {
            // The model reads English.
            let reason = specwright_catalog::render(&reason, specwright_catalog::Locale::En);
            return Ok(refused(format!(
                "the person did not approve this action ({reason}); do not do it, continue without it"
            )));
        }
        Err(e) => return Err(e.into()),
    }
    match run_step(t.session, cx, t.scenario, intent.clone(), action, provenance, line).await {
        Ok(()) => {}
        Err(RunError::Browser { source, .. }) => return Ok(refused(cx.secrets.redact(&source.to_string()))),
        Err(e) => return Err(e.into()),
    }
    if let Err(RunError::NeedsConfirmation { reason, .. }) = leave_check(t.session.page(), cx.safety, line).await {
        return Ok(refused(specwright_catalog::render(&reason, specwright_catalog::Locale::En)));
    }
    Ok(Outcome::Result(format!("Done: {intent}. Take a browser_snapshot to see the result.")))
}

/// `PASSWORD`, then `PASSWORD_2`, … : the first name no secret has.
pub(crate) fn free_secret_name(secrets: &specwright_browser::Secrets) -> String {
    let taken = secrets.names();
    std::iter::once("PASSWORD".to_string())
        .chain((2..).map(|n| format!("PASSWORD_{n}")))
        .find(|n| !taken.contains(n))
        .unwrap_or_else(|| "PASSWORD_X".into())
}

/// The step's intent in the documents' language: as written when it is, the cited line's quote
/// when the model wrote it in another language, else what to tell the model.
fn in_language(
    intent: &str,
    language: specwright_rails::Locale,
    provenance: &specwright_scenario::Provenance,
) -> Result<String, String> {
    if language != specwright_rails::Locale::Ko || specwright_rails::Locale::of_text(intent) == language {
        return Ok(intent.to_string());
    }
    match provenance {
        specwright_scenario::Provenance::Spec { citation } if !citation.quote.trim().is_empty() => {
            Ok(citation.quote.trim().to_string())
        }
        _ => Err(format!(
            "write `intent` in Korean, the documents' language (e.g. \"'로그인' 버튼을 누른다\"), not \"{intent}\"; call the tool again"
        )),
    }
}
