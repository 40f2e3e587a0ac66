//! `specwright suites` and `specwright check`: the kept scenarios of each application, and each
//! of them replayed with no model against the app as it is now — passed, drifted (an element
//! renamed or moved, shown as the exported test's line before and after), failed or blocked, in
//! the app's own words. A drift's new elements go into the scenario only when approved
//! (`--approve`, or every one of them by an answers file's rules with `--answers`), and only if
//! the healed scenario then passes its trial; otherwise it is put back.

use crate::render::{say, text};
use crate::{EXIT_BAD_INPUT, EXIT_FAILED};
use specwright_api::{Api, CheckOutcome, Judgement, ReplayOptions, Target};
use specwright_protocol::{ApiError, Commands, Event, StartedSession, Suite};
use std::path::PathBuf;

/// What `specwright check` was asked.
pub struct CheckArgs {
    /// A suite (its origin or any URL on it) or a session id; `None`: every suite.
    pub suite: Option<String>,
    pub target: Option<Target>,
    pub secrets: Vec<String>,
    pub approve: bool,
    /// An answers file whose rules approve a drift's new elements.
    pub answers: Option<PathBuf>,
    pub out: Option<PathBuf>,
    pub json: bool,
    /// Agree to send imported sessions' steps to the addresses their bundles name.
    pub trust: bool,
}

pub fn suites(api: &Api, json: bool) -> Result<u8, ApiError> {
    let suites = api.suites()?;
    if json {
        println!("{}", serde_json::to_string(&suites).unwrap_or_default());
        return Ok(0);
    }
    if suites.is_empty() {
        println!("{}", say("cli-suites-none", []));
    }
    for suite in &suites {
        println!("{}", suite_line(suite));
        if !suite.secrets.is_empty() {
            let names: Vec<String> = suite
                .secrets
                .iter()
                .map(|s| match s.remembered {
                    true => say("cli-suite-secret-remembered", [("name", s.name.as_str().into())]),
                    false => s.name.clone(),
                })
                .collect();
            println!("  {}", say("cli-suite-secrets", [("names", names.join(", ").into())]));
        }
        for session in &suite.sessions {
            println!("  {}  {}", session.id, session.title);
        }
    }
    Ok(0)
}

/// A suite as a heading: its name and address, and how many scenarios it keeps.
fn suite_line(suite: &Suite) -> String {
    let (origin, count) = (suite.origin.as_str().into(), suite.scenarios.iter().sum::<u32>().into());
    match &suite.name {
        Some(name) => {
            say("cli-suite-named-line", [("name", name.as_str().into()), ("origin", origin), ("count", count)])
        }
        None => say("cli-suite-line", [("origin", origin), ("count", count)]),
    }
}

/// `specwright suites rename SUITE NAME`.
pub async fn rename(api: &Api, suite: &str, name: &str, json: bool) -> Result<u8, ApiError> {
    let renamed = api.rename_suite(suite.to_string(), name.to_string()).await?;
    if json {
        println!("{}", serde_json::to_string(&renamed).unwrap_or_default());
    } else {
        match &renamed.name {
            Some(name) => println!(
                "{}",
                say("cli-suite-renamed", [("name", name.as_str().into()), ("origin", renamed.origin.as_str().into())])
            ),
            None => println!("{}", say("cli-suite-unnamed", [("origin", renamed.origin.as_str().into())])),
        }
    }
    Ok(0)
}

/// The sessions `name` picks: a session id alone, else a suite's.
fn chosen(api: &Api, name: Option<&str>) -> Result<Vec<Suite>, ApiError> {
    match name {
        None => api.suites(),
        Some(name) if !name.contains("://") => {
            let suite = api.suites()?.into_iter().find_map(|s| {
                let at = s.sessions.iter().position(|x| x.id == name)?;
                let (session, kept) = (s.sessions[at].clone(), s.scenarios.get(at).copied().unwrap_or(1));
                Some(Suite { sessions: vec![session], scenarios: vec![kept], ..s.clone() })
            });
            // Not a session's id: a suite's name.
            match suite {
                Some(suite) => Ok(vec![suite]),
                None => Ok(vec![api.suite(name)?]),
            }
        }
        Some(name) => Ok(vec![api.suite(name)?]),
    }
}

/// Waits for the run's terminal event (its events are kept in the session, not printed).
async fn finished(api: &Api, started: &StartedSession, after_seq: u32) -> Result<Event, ApiError> {
    let mut events = api.events(&started.session_id, after_seq)?;
    while let Some(envelope) = events.next().await? {
        if envelope.run_id == started.run_id && envelope.event.is_terminal() {
            api.wait(&started.run_id).await;
            return Ok(envelope.event);
        }
    }
    Ok(Event::MessageDone { text: specwright_protocol::Text::said("") })
}

fn options(args: &CheckArgs, session: &str) -> ReplayOptions {
    ReplayOptions {
        session_id: session.to_string(),
        target: args.target.clone(),
        secrets: args.secrets.clone(),
        out: args.out.clone(),
    }
}

fn outcome_word(outcome: CheckOutcome) -> String {
    let sign = match outcome {
        CheckOutcome::Passed => "✓",
        CheckOutcome::Drifted => "~",
        CheckOutcome::Failed => "✗",
        CheckOutcome::Blocked => "!",
        CheckOutcome::NotVerified => "?",
    };
    format!("{sign} {}", say(outcome.word(), []))
}

fn print_judgement(title: &str, session: &str, judgement: &Judgement) {
    println!(
        "{}",
        say(
            "cli-check-row",
            [("outcome", outcome_word(judgement.outcome).into()), ("title", title.into()), ("session", session.into())]
        )
    );
    if let (Some(step), Some(message), true) =
        (judgement.step, &judgement.message, judgement.outcome != CheckOutcome::Drifted)
    {
        println!("    {}", say("cli-check-step", [("step", step.into()), ("message", message.as_str().into())]));
    }
    for proposal in &judgement.relocations {
        let how = if proposal.relocation.same_element { "cli-check-same-element" } else { "cli-check-near-name" };
        println!(
            "    {}",
            say(
                "cli-check-proposal",
                [
                    ("step", proposal.step.into()),
                    ("was", proposal.was_words.as_ref().map_or_else(|| proposal.was.clone(), text).into()),
                    (
                        "found",
                        proposal.found_words.as_ref().map_or_else(|| proposal.relocation.found.clone(), text).into()
                    ),
                    ("how", say(how, []).into()),
                ]
            )
        );
        println!("      - {}", proposal.code_was);
        println!("      + {}", proposal.code_now);
    }
}

pub async fn check(api: &Api, args: CheckArgs) -> Result<u8, ApiError> {
    let suites = chosen(api, args.suite.as_deref())?;
    if suites.is_empty() {
        println!("{}", say("cli-suites-none", []));
        return Ok(EXIT_BAD_INPUT);
    }
    let mut counts = [0usize; 5];
    let mut results = Vec::new();
    for suite in &suites {
        if !args.json {
            println!("{}", suite_line(suite));
        }
        // Every session of the suite at once, in contexts of one browser; then each, in order.
        let mut after = Vec::new();
        for session in &suite.sessions {
            crate::agree_target(api, &session.id, args.trust, args.json)?;
            after.push(api.last_seq(&session.id)?);
        }
        let asked: Vec<ReplayOptions> = suite.sessions.iter().map(|s| options(&args, &s.id)).collect();
        let starts = api.check_all(asked).await;
        for ((session, start), after) in suite.sessions.iter().zip(starts).zip(after) {
            let blocked = |error: ApiError| Judgement {
                scenario_id: String::new(),
                title: session.title.clone(),
                outcome: CheckOutcome::Blocked,
                step: None,
                message: Some(text(&error.message)),
                relocations: vec![],
            };
            // A check that cannot start (the app unreachable, a secret missing) blocks that
            // session's scenarios; the others are still checked.
            let ended = match start {
                Ok(started) => finished(api, &started, after).await.map(|_| started),
                Err(error) => Err(error),
            };
            let (run_id, mut judgements) = match ended {
                Ok(started) => match api.judgements(&session.id, &started.run_id) {
                    Ok(judgements) => (started.run_id, judgements),
                    // The run ended before any trial.
                    Err(error) => (started.run_id, vec![blocked(error)]),
                },
                Err(error) => (String::new(), vec![blocked(error)]),
            };
            // A drift's new elements, each scenario's approved or not as a whole.
            let mut approved: Vec<String> = Vec::new();
            for judgement in &judgements {
                let title = if judgement.title.is_empty() { &session.title } else { &judgement.title };
                if !args.json {
                    print_judgement(title, &session.id, judgement);
                }
                if judgement.outcome != CheckOutcome::Drifted {
                    continue;
                }
                let yes = match &args.answers {
                    Some(file) => {
                        let yes = api.heal_approved(file, &session.id, judgement)?;
                        if !yes && !args.json {
                            println!("    {}", say("cli-heal-declined", []));
                        }
                        yes
                    }
                    None => args.approve,
                };
                if yes {
                    approved.push(judgement.scenario_id.clone());
                }
            }
            if !approved.is_empty() {
                // The healed scenarios' trials; one that does not pass is put back.
                let after = api.last_seq(&session.id)?;
                let healing = api.heal(&run_id, &approved, options(&args, &session.id)).await?;
                finished(api, &healing, after).await?;
                for judgement in judgements.iter_mut().filter(|j| approved.contains(&j.scenario_id)) {
                    let held = api.heal_held(&session.id, &judgement.scenario_id, &run_id)?;
                    if held {
                        judgement.outcome = CheckOutcome::Passed;
                    }
                    if !args.json {
                        let title = if judgement.title.is_empty() { &session.title } else { &judgement.title };
                        let said = say(if held { "cli-heal-held" } else { "cli-heal-not-held" }, []);
                        println!("    {title}: {said}");
                    }
                }
            }
            for judgement in judgements {
                counts[judgement.outcome as usize] += 1;
                results.push((session.id.clone(), run_id.clone(), judgement));
            }
        }
    }
    if args.json {
        let rows: Vec<serde_json::Value> = results
            .iter()
            .map(
                |(session, run, judgement)| serde_json::json!({"session": session, "run": run, "judgement": judgement}),
            )
            .collect();
        println!("{}", serde_json::Value::Array(rows));
    } else {
        println!(
            "{}",
            say(
                "cli-check-summary",
                [
                    ("passed", counts[0].into()),
                    ("drifted", counts[1].into()),
                    ("failed", counts[2].into()),
                    ("blocked", counts[3].into()),
                    ("unverified", counts[4].into())
                ]
            )
        );
    }
    Ok(if counts[0] == results.len() { 0 } else { EXIT_FAILED })
}
