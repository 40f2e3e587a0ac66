//! The offline engine's run: for each planned scenario, set up its preconditions, then for each
//! step look at the live page, ground the target, act, show a frame, and record the step with
//! its citation. What it cannot decide it asks; each step is acted and recorded on the shared
//! rails (`specwright-rails`).

use crate::plan::{setup_of, PlannedScenario, PlannedStep, Setup};
use crate::revision::{replay_kept, Kept};
use crate::sentence::run_planned;
use crate::{Context, RunError, TestEnvironment, Verb};
use specwright_browser::{BrowserSession, Secrets};
use specwright_protocol::{Event, Question, QuestionKind, Text};
use specwright_rails::{
    ask, empty_scenario, question_id, redacted, run_step, written, Answerer, Figures, Locale, Memory, Safety, Sink,
    TARGET_URL_QUESTION,
};
use specwright_scenario::{
    Action, Assertion, Assumption, AssumptionStatus, Citation, Condition, Locator, Precondition, Provenance, Scenario,
    Target,
};

pub struct ExploreInput<'a> {
    pub plans: &'a [PlannedScenario],
    /// What the spec's context says about addresses and accounts.
    pub environment: &'a TestEnvironment,
    pub base_url: &'a str,
    /// The scenario id when there is one scenario; the prefix of `<id>-<case>` ids otherwise.
    pub scenario_id: String,
    pub safety: Safety,
    /// The language the documents are written in: the scenario's.
    pub language: Locale,
    /// The steps kept from the earlier version of the spec (empty for a first version).
    pub kept: &'a Kept,
}

/// Explores every planned scenario in order, each from a fresh browser context, and returns
/// them with the figures (questions asked, targets grounded without asking).
pub async fn explore(
    session: &mut BrowserSession,
    input: ExploreInput<'_>,
    sink: &mut dyn Sink,
    secrets: &mut Secrets,
    answerer: &mut dyn Answerer,
    memory: &mut Memory,
) -> Result<(Vec<Scenario>, Figures), RunError> {
    if input.plans.is_empty() {
        return Err(RunError::NoSteps);
    }
    let mut cx = Context {
        sink,
        secrets,
        answerer,
        memory,
        figures: Figures::default(),
        safety: &input.safety,
        environment: input.environment,
        language: input.language,
    };
    let single = input.plans.len() == 1;
    let mut out = Vec::new();
    for (i, plan) in input.plans.iter().enumerate() {
        if i > 0 {
            session.fresh_context().await.map_err(|source| RunError::Browser { line: 0, source })?;
        }
        let id = if single {
            input.scenario_id.clone()
        } else {
            format!("{}-{}", input.scenario_id, crate::plan::slug(&plan.key))
        };
        if !single {
            cx.sink
                .emit(Event::MessageDone {
                    text: Text::message(
                        "explore-scenario-of",
                        [
                            ("n", (i + 1).into()),
                            ("total", input.plans.len().into()),
                            ("title", plan.title.as_str().into()),
                        ],
                    ),
                })
                .map_err(RunError::Sink)?;
        }
        let scenario = match explore_one(session, &mut cx, input.plans, (i, plan), id, input.base_url, input.kept).await
        {
            // The cases explored before the refused one go to their trials with it.
            Err(RunError::RefusedExploring { line, message, report, scenarios }) => {
                out.extend(scenarios);
                return Err(RunError::RefusedExploring { line, message, report, scenarios: out });
            }
            other => other?,
        };
        cx.figures.scenarios += 1;
        cx.figures.steps += scenario.steps.len() as u32;
        out.push(scenario);
    }
    // A name made unique per run is unique in every scenario that types it: a case explored
    // before the question (one the app refused) would otherwise collide on the next run with
    // the record a later case created.
    for scenario in &mut out {
        for step in &mut scenario.steps {
            step.action = crate::records::with_unique_names(step.action.clone(), cx.memory.records.unique());
        }
    }
    Ok((out, cx.figures))
}

async fn explore_one(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    plans: &[PlannedScenario],
    (plan_index, plan): (usize, &PlannedScenario),
    id: String,
    base_url: &str,
    kept: &Kept,
) -> Result<Scenario, RunError> {
    let mut scenario = empty_scenario(id, plan.title.clone(), base_url, cx.language);
    // Exploration types names as the spec writes them; trials give each run its own tag.
    session.set_run_tag("");

    // The first thing done: a precondition that navigates, the plan's first navigation, or
    // opening the application.
    let setups: Vec<Setup> = plan.preconditions.iter().map(|p| setup_of(&p.text)).collect();
    let first_navigates =
        setups.iter().any(|s| matches!(s, Setup::LoggedIn(_) | Setup::LoggedInUnnamed | Setup::Open(_)))
            || plan.steps.first().is_some_and(|s| s.intents.first().is_some_and(|i| i.verb == Verb::Navigate));
    if !first_navigates {
        let action = Action::Goto { url: base_url.to_string() };
        let intent = written(cx.language, "intent-open-application", [("url", base_url.into())]);
        let provenance = Provenance::answer(TARGET_URL_QUESTION, base_url);
        run_step(session, cx, &mut scenario, intent, action, provenance, 0).await?;
    }

    for (pre, setup) in plan.preconditions.iter().zip(setups) {
        let provenance = Provenance::Spec { citation: redacted(cx.secrets, &pre.citation) };
        let condition = match &setup {
            Setup::LoggedIn(user) => {
                log_in(session, cx, plans, &mut scenario, user, &pre.citation).await?;
                Condition::Role { role: user.clone() }
            }
            Setup::LoggedInUnnamed => {
                crate::login::log_in(session, cx, &mut scenario, None, None, &pre.citation, false).await?;
                Condition::Note
            }
            Setup::Open(screen) => {
                open_screen(session, cx, &mut scenario, screen, &pre.citation).await?;
                Condition::Note
            }
            Setup::LoggedOut => Condition::Note,
            Setup::Note => {
                let n = scenario.assumptions.len() + 1;
                scenario.assumptions.push(Assumption {
                    id: format!("A{n}"),
                    text: written(
                        cx.language,
                        "assumption-precondition-holds",
                        [("text", cx.secrets.redact(&pre.text).into())],
                    ),
                    made_by: "offline".into(),
                    status: AssumptionStatus::Open,
                });
                Condition::Note
            }
        };
        scenario.preconditions.push(Precondition { condition, text: cx.secrets.redact(&pre.text), provenance });
    }

    for (i, step) in plan.steps.iter().enumerate() {
        // A sentence the earlier version of the spec wrote the same keeps the steps recorded
        // for it, unless the page no longer bears them out.
        let done = async {
            if let Some(recorded) = kept.of(plan_index, i) {
                let rest = &plan.steps[i + 1..];
                if replay_kept(session, cx, &mut scenario, kept, plan_index, recorded, step, rest).await? {
                    return Ok(());
                }
            }
            run_planned(session, cx, &mut scenario, step, &plan.steps[i + 1..]).await
        }
        .await;
        match done {
            // The app refused what the spec's own step sent: the scenario so far ends there, as
            // a red verdict with its report, never a dead end.
            Err(RunError::Refused { line, message }) => {
                let scenario = refused_here(scenario, step, &message, cx.language);
                let report = Text::message(
                    "explore-refused-report",
                    [("line", line.into()), ("message", message.as_str().into())],
                );
                return Err(RunError::RefusedExploring { line, message, report, scenarios: vec![scenario] });
            }
            other => other?,
        }
    }
    Ok(scenario)
}

/// The scenario explored up to a step the app refused, ending with a check that the app's own
/// words are not shown: the trial fails at the refused step, and the exported test, which does
/// not read refusals, fails at that check for the same reason.
fn refused_here(mut scenario: Scenario, step: &PlannedStep, message: &str, language: Locale) -> Scenario {
    // The words the page showed (the first of them); a refused request or an invalid field has
    // none to look for.
    let shown = message.split(" / ").next().unwrap_or_default().trim();
    if !shown.is_empty() && !shown.starts_with("HTTP ") {
        let index = scenario.steps.len() as u32 + 1;
        let provenance = scenario
            .steps
            .last()
            .map(|s| s.provenance.clone())
            .unwrap_or(Provenance::Spec { citation: step.citation.clone() });
        scenario.steps.push(specwright_scenario::Step {
            index,
            intent: written(language, "intent-not-refused", [("message", shown.into())]),
            action: Action::Expect {
                target: Target::new(vec![Locator::Text { text: shown.to_string(), exact: false }]),
                assertion: Assertion::Hidden,
            },
            provenance,
            verification: specwright_scenario::Verification::Unverified,
            expects_refusal: false,
            response: None,
            heals: Vec::new(),
        });
    }
    scenario
}

/// Logs in as `user` the way the workbook itself does it: the first case that types this user
/// into a field, up to the click that submits, replayed with that case's citations.
async fn log_in(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    plans: &[PlannedScenario],
    scenario: &mut Scenario,
    user: &str,
    citation: &Citation,
) -> Result<(), RunError> {
    // Without a case that shows how, the login form on the page, with the spec's account or
    // a person's answer.
    let Some(recipe) = login_recipe(plans, user) else {
        return crate::login::log_in(session, cx, scenario, Some(user), None, citation, false).await;
    };
    // A login case that starts on its page through a precondition ("'/login' 페이지가 열려
    // 있음") has no navigation row: open that page (or the application) first.
    let navigates = recipe.first().is_some_and(|s| s.intents.first().is_some_and(|i| i.verb == Verb::Navigate));
    if !navigates {
        let start = plans
            .iter()
            .find(|p| p.steps.first().map(|s| &s.citation) == recipe.first().map(|s| &s.citation))
            .and_then(|p| {
                p.preconditions.iter().find_map(|pre| match setup_of(&pre.text) {
                    Setup::Open(url) if url.starts_with('/') || url.starts_with("http") => {
                        Some((url, pre.citation.clone()))
                    }
                    _ => None,
                })
            });
        let (url, provenance) = match start {
            Some((url, citation)) => (url, Provenance::Spec { citation: redacted(cx.secrets, &citation) }),
            None => (scenario.target_url.clone(), Provenance::answer(TARGET_URL_QUESTION, scenario.target_url.clone())),
        };
        let intent = written(cx.language, "intent-open-sign-in", [("url", url.as_str().into())]);
        run_step(session, cx, scenario, intent, Action::Goto { url }, provenance, citation.line).await?;
    }
    for step in recipe {
        run_planned(session, cx, scenario, &step, &[]).await?;
    }
    Ok(())
}

/// The action rows of the first case that types `user` into a field: from its first row
/// through the first click after that (the submit). Expected results are left out.
pub fn login_recipe(plans: &[PlannedScenario], user: &str) -> Option<Vec<PlannedStep>> {
    for plan in plans {
        // A negative test's login is written to fail: it shows no way in.
        let actions: Vec<&PlannedStep> = plan.steps.iter().filter(|s| !s.expected && !s.negative).collect();
        let typed = actions.iter().position(|s| {
            s.intents.iter().any(|i| i.verb == Verb::Fill && i.value.as_deref().map(str::trim) == Some(user))
        });
        let Some(typed) = typed else { continue };
        let submit =
            actions.iter().enumerate().skip(typed + 1).find(|(_, s)| s.intents.iter().any(|i| i.verb == Verb::Click));
        if let Some((submit, _)) = submit {
            return Some(actions[..=submit].iter().map(|s| (*s).clone()).collect());
        }
    }
    None
}

/// Opens a screen a precondition names: a URL as is; a screen by the URL where the session saw
/// its heading, or, not seen yet, the URL a person gives.
async fn open_screen(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    screen: &str,
    citation: &Citation,
) -> Result<(), RunError> {
    let url = if screen.starts_with('/') || screen.starts_with("http") {
        screen.to_string()
    } else if let Some(path) = cx.memory.screens.path(screen) {
        path.clone()
    } else {
        let mut known: Vec<(&String, &String)> = cx.memory.screens.iter().collect();
        known.sort();
        let question = Question {
            id: question_id("screen", "", screen),
            kind: QuestionKind::Screen,
            text: Text::message("q-screen-url", [("screen", screen.into())]),
            target: Some(screen.to_string()),
            options: known
                .iter()
                .take(6)
                .map(|(name, path)| specwright_rails::option(format!("{path} ({name})"), path.as_str()))
                .collect(),
            why: Text::message("why-screen-url", []),
            source: Some(citation.label()),
        };
        ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?
    };
    let action = Action::Goto { url };
    let provenance = Provenance::Spec { citation: redacted(cx.secrets, citation) };
    let text = cx.secrets.redact(&citation.quote);
    run_step(session, cx, scenario, text, action, provenance, citation.line).await?;
    let is_url = screen.starts_with('/') || screen.starts_with("http");
    if let Some(heading) = (!is_url).then_some(screen) {
        let locator = Locator::Role { role: "heading".into(), name: heading.to_string(), exact: true };
        let action = Action::Expect {
            target: Target { strategies: vec![locator], frame_path: Vec::new(), ..Default::default() },
            assertion: Assertion::Visible,
        };
        let provenance = Provenance::Spec { citation: redacted(cx.secrets, citation) };
        let text = cx.secrets.redact(&citation.quote);
        run_step(session, cx, scenario, text, action, provenance, citation.line).await?;
    }
    Ok(())
}
