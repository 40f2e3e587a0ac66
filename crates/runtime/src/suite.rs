//! Suites and their checks: the kept scenarios of one application, grouped by where it runs,
//! replayed with no model against the app as it is now (`ReplayRequest::check`), each judged
//! passed, drifted, failed or blocked from its run's report; and a drift's new elements put
//! into the scenario only when a person approves, recorded on each step.

use crate::runtime::PlannedReplay;
use crate::suite_check::{SuiteCheck, AGAIN_AFTER_CHANGE};
use crate::{ReplayRequest, RunStarted, Runtime, RuntimeError};
use specwright_browser::{BrowserSession, ContextOptions};
use specwright_protocol::{Event, Suite, SuiteSecret, Text};
use specwright_scenario::{judge, CheckOutcome, Heal, Judgement, Scenario, TrialReport, VariableSource};
use std::sync::Arc;

/// The longest name a suite may have, in characters.
pub const SUITE_NAME_MAX: usize = 80;

/// A URL's scheme, host and port: `http://h:1/app?x` → `http://h:1`.
pub fn origin_of(url: &str) -> String {
    let start = url.find("://").map_or(0, |i| i + 3);
    let end = url[start..].find(['/', '?', '#']).map_or(url.len(), |i| start + i);
    url[..end].to_string()
}

impl Runtime {
    /// Every suite, in the order their newest session was made (newest first), each with its
    /// sessions newest first.
    pub fn suites(&self) -> Result<Vec<Suite>, RuntimeError> {
        let names = self.store().suite_names()?;
        let mut suites: Vec<Suite> = Vec::new();
        for summary in self.store().sessions()? {
            let kept = self.store().session_scenarios(&summary.id)?;
            if kept.is_empty() {
                continue;
            }
            let origin = origin_of(&summary.target_url);
            let at = match suites.iter().position(|s| s.origin == origin) {
                Some(at) => at,
                None => {
                    let name = names.get(&origin).cloned();
                    suites.push(Suite { name, origin, sessions: vec![], scenarios: vec![], secrets: vec![] });
                    suites.len() - 1
                }
            };
            let suite = &mut suites[at];
            suite.sessions.push(summary);
            suite.scenarios.push(kept.len() as u32);
            let needed = kept.iter().flat_map(|s| &s.variables).filter(|v| v.source == VariableSource::Secret);
            for variable in needed {
                if !suite.secrets.iter().any(|s| s.name == variable.name) {
                    suite.secrets.push(SuiteSecret { name: variable.name.clone(), remembered: false });
                }
            }
        }
        for suite in &mut suites {
            let remembered = crate::keychain::remembered_secret_names(self.data_dir(), &suite.origin);
            for secret in &mut suite.secrets {
                secret.remembered = remembered.contains(&secret.name);
            }
            suite.secrets.sort_by(|a, b| a.name.cmp(&b.name));
        }
        Ok(suites)
    }

    /// The suite a name picks: the name a person gave it (case and spacing aside), its origin, or
    /// any URL on it.
    pub fn suite(&self, name: &str) -> Result<Suite, RuntimeError> {
        let wanted = name.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        let origin = origin_of(name.trim());
        let suites = self.suites()?;
        let named = suites.iter().position(|s| s.name.as_ref().is_some_and(|n| n.to_lowercase() == wanted));
        let at = named.or_else(|| suites.iter().position(|s| s.origin == origin));
        at.map(|i| suites[i].clone())
            .ok_or_else(|| RuntimeError::Invalid(Text::message("suite-unknown", [("name", name.into())])))
    }

    /// Names the suite `suite` picks (see [`Runtime::suite`]); an empty name gives it back its
    /// origin as its name. A name is one line of at most [`SUITE_NAME_MAX`] characters, and no
    /// two suites share one.
    pub fn rename_suite(&self, suite: &str, name: &str) -> Result<Suite, RuntimeError> {
        let found = self.suite(suite)?;
        let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
        if name.chars().count() > SUITE_NAME_MAX {
            return Err(RuntimeError::Invalid(Text::message("suite-name-too-long", [("max", SUITE_NAME_MAX.into())])));
        }
        let taken = self.suites()?.into_iter().any(|s| {
            s.origin != found.origin && s.name.as_ref().is_some_and(|n| n.to_lowercase() == name.to_lowercase())
        });
        if taken {
            return Err(RuntimeError::Invalid(Text::message("suite-name-taken", [("name", name.as_str().into())])));
        }
        self.store().set_suite_name(&found.origin, (!name.is_empty()).then_some(name.as_str()))?;
        self.suite(&found.origin)
    }

    /// Checks several sessions (a suite's) at once: each its own run, as
    /// [`Runtime::replay`] with `check` starts one, all of them in contexts of one browser, side
    /// by side where the shared-data rule allows (see `suite_check`). Returns, in the order
    /// asked, each session's run or why it could not start (the app unreachable, a secret
    /// missing); the others start all the same.
    pub async fn check_all(self: &Arc<Self>, requests: Vec<ReplayRequest>) -> Vec<Result<RunStarted, RuntimeError>> {
        let mut planned = Vec::new();
        for request in requests {
            let request = ReplayRequest { check: true, ..request };
            let plan = match self.store().session_scenarios(&request.session_id) {
                Ok(scenarios) => self.plan_replay(request, scenarios, Vec::new()).await,
                Err(error) => Err(error.into()),
            };
            planned.push(plan);
        }
        // One browser for them all; should it not start, each run starts its own (and says why
        // it could not, as its end), seated all the same.
        let config = planned.iter().find_map(|p| p.as_ref().ok().map(|p| p.browser.clone()));
        let suite = match config {
            Some(config) => {
                let root = match BrowserSession::start(config.clone(), ContextOptions::default()).await {
                    Ok(root) => Some(root),
                    Err(error) => {
                        tracing::warn!(error = %error, "the suite's browser did not start; each check starts its own");
                        None
                    }
                };
                Some(SuiteCheck::new(root, config, crate::lanes::trial_lanes()))
            }
            None => None,
        };
        // Sessions that read only are queued first, so they find each other, the smallest first
        // (a sheet of many cases starts in the seats left and takes more as they come free);
        // each session's run is returned in the order asked.
        let reads_only: Vec<bool> = planned
            .iter()
            .map(|plan| {
                plan.as_ref().is_ok_and(|p| {
                    let events = self.store().events(&p.session_id, 0).unwrap_or_default();
                    crate::lanes::read_only_before(&events, &p.scenarios).iter().all(|r| *r)
                })
            })
            .collect();
        let mut order: Vec<usize> = (0..planned.len()).collect();
        let size = |i: usize| planned[i].as_ref().map_or(0, |p| p.scenarios.len());
        order.sort_by_key(|&i| (!reads_only[i], size(i)));
        let mut planned: Vec<Option<Result<PlannedReplay, RuntimeError>>> = planned.into_iter().map(Some).collect();
        let mut started: Vec<Option<Result<RunStarted, RuntimeError>>> = (0..planned.len()).map(|_| None).collect();
        for i in order {
            if let Some(plan) = planned[i].take() {
                started[i] = Some(plan.and_then(|p| self.start_replay(p, suite.clone())));
            }
        }
        let started = started.into_iter().flatten().collect();
        // Every run ended already (none started): the browser is closed here.
        if let Some(suite) = suite.and_then(Arc::into_inner) {
            suite.close().await;
        }
        started
    }

    /// What a finished check run found, scenario by scenario in the order they ran, as its
    /// `check.judged` events said (each judged from its trial as it ended; a scenario trial-run
    /// again alone, by its last).
    pub fn judgements(&self, session_id: &str, run_id: &str) -> Result<Vec<Judgement>, RuntimeError> {
        let mut out: Vec<Judgement> = Vec::new();
        for envelope in self.store().events(session_id, 0)?.into_iter().filter(|e| e.run_id == run_id) {
            // Trial-run again alone after a neighbour's change: what was judged beside it stands
            // for nothing (a case the rerun never reached is blocked, below).
            if let Event::MessageDone { text: Text::Message(message) } = &envelope.event {
                if message.id == AGAIN_AFTER_CHANGE {
                    out.clear();
                }
            }
            if let Event::CheckJudged { judgement } = envelope.event {
                let again =
                    out.iter().position(|j| !j.scenario_id.is_empty() && j.scenario_id == judgement.scenario_id);
                match again {
                    Some(at) => out[at] = judgement,
                    None => out.push(judgement),
                }
            }
        }
        // A check recorded before its judgements named their scenario: its run's one report.
        if out.len() == 1 && out[0].scenario_id.is_empty() {
            let scenario =
                self.store().latest_scenario(session_id)?.ok_or_else(|| RuntimeError::NoScenario(session_id.into()))?;
            let report = self.run_report(session_id, run_id)?;
            return Ok(vec![judge(&scenario, &report)]);
        }
        // A check that ended before every scenario's trial (a browser gone, a stop) checked the
        // rest of them not at all: each is blocked, never left out of the count.
        let ended = self.store().runs(session_id)?.into_iter().any(|r| r.id == run_id && r.status != "running");
        if ended {
            for scenario in self.store().session_scenarios(session_id)? {
                if !out.iter().any(|j| j.scenario_id == scenario.id) {
                    out.push(Judgement {
                        scenario_id: scenario.id,
                        title: scenario.title,
                        outcome: CheckOutcome::Blocked,
                        step: None,
                        message: None,
                        relocations: vec![],
                    });
                }
            }
        }
        if out.is_empty() {
            return Err(RuntimeError::NoTrial);
        }
        Ok(out)
    }

    fn run_report(&self, session_id: &str, run_id: &str) -> Result<TrialReport, RuntimeError> {
        let run = self.store().runs(session_id)?.into_iter().find(|r| r.id == run_id);
        run.and_then(|r| r.result_json).and_then(|json| serde_json::from_str(&json).ok()).ok_or(RuntimeError::NoTrial)
    }

    /// Puts a drifted check's new elements into the scenarios `scenarios` names (their ids; none
    /// names every drifted one), as a person approved: each moved step acts on the element found
    /// in its place, with the heal recorded on the step (the run, who approved, the locators it
    /// had). Only a drift is healed: a scenario whose check failed or was blocked is the app's
    /// doing and stays as it is. Each approved scenario is saved as its next version, and the
    /// ones before are returned so a heal that does not hold can be taken back
    /// ([`Runtime::restore_scenario`]), with the healed ones.
    pub fn approve_heals(
        &self,
        session_id: &str,
        run_id: &str,
        scenarios: &[String],
        approved_by: &str,
    ) -> Result<(Vec<Scenario>, Vec<Scenario>), RuntimeError> {
        // Only the session's latest check, with nothing run since but heals approved from it (one
        // case at a time): any other run may have met elements gone again.
        let runs = self.store().runs(session_id)?;
        let Some(at) = runs.iter().position(|run| run.id == run_id && run.kind == "check") else {
            return Err(RuntimeError::Invalid(Text::message("heal-not-latest", [])));
        };
        if runs[at + 1..].iter().any(|run| run.kind != "heal") {
            return Err(RuntimeError::Invalid(Text::message("heal-not-latest", [])));
        }
        // Only once the check and its heals have ended: its other scenarios' trials may still
        // change the app's data, and a heal's trial beside them would prove nothing.
        if runs[at..].iter().any(|run| run.status == "running") {
            return Err(RuntimeError::Invalid(Text::message("heal-check-running", [])));
        }
        let kept = self.store().session_scenarios(session_id)?;
        // A scenario already carrying this check's heal (approved and held) is healed once.
        let healed_by_it =
            |s: &Scenario| s.steps.iter().any(|step| step.heals.iter().any(|heal| heal.run_id == run_id));
        let judgements = self.judgements(session_id, run_id)?;
        let mut chosen: Vec<(&Scenario, &Judgement)> = Vec::new();
        for judgement in &judgements {
            let wanted = scenarios.is_empty() || scenarios.contains(&judgement.scenario_id);
            if !wanted {
                continue;
            }
            // A judgement from before they named their scenario is of the session's only one.
            let scenario = match kept.iter().find(|s| s.id == judgement.scenario_id) {
                Some(scenario) => scenario,
                None if judgement.scenario_id.is_empty() && kept.len() == 1 => &kept[0],
                None => continue,
            };
            if judgement.outcome == CheckOutcome::Drifted && healed_by_it(scenario) {
                if !scenarios.is_empty() {
                    return Err(RuntimeError::Invalid(Text::message("heal-already", [])));
                }
            } else if judgement.outcome == CheckOutcome::Drifted {
                chosen.push((scenario, judgement));
            } else if !scenarios.is_empty() {
                return Err(RuntimeError::Invalid(Text::message("heal-not-drift", [])));
            }
        }
        if chosen.is_empty() {
            return Err(RuntimeError::Invalid(Text::message("heal-not-drift", [])));
        }
        let at_ms = self.store().now_ms();
        let (mut before, mut after) = (Vec::new(), Vec::new());
        for (scenario, judgement) in chosen {
            let mut healed = scenario.clone();
            for proposal in &judgement.relocations {
                let relocation = &proposal.relocation;
                let Some(step) = healed.steps.iter_mut().find(|s| s.index == proposal.step) else { continue };
                let Some(was) = step.action.target().cloned() else { continue };
                // Only a step that acts is ever relocated: a check's expectation is never touched.
                let Some(action) = step.action.on_target(relocation.target.clone()) else {
                    continue;
                };
                step.action = action;
                step.heals.push(Heal { run_id: run_id.to_string(), approved_by: approved_by.to_string(), was, at_ms });
            }
            self.store().save_scenario(session_id, &healed)?;
            before.push(scenario.clone());
            after.push(healed);
        }
        Ok((before, after))
    }

    /// A drifted check's new elements approved by `approved_by` for `scenarios`
    /// ([`Runtime::approve_heals`]), then the healed scenarios' trials (`request`, a plain
    /// replay of them alone): each whose trial does not pass is put back as it was, and the run
    /// says so.
    pub async fn heal(
        self: &Arc<Self>,
        run_id: &str,
        scenarios: &[String],
        approved_by: &str,
        request: ReplayRequest,
    ) -> Result<RunStarted, RuntimeError> {
        let session_id = request.session_id.clone();
        let (before, healed) = self.approve_heals(&session_id, run_id, scenarios, approved_by)?;
        let request = ReplayRequest { check: false, ..request };
        let started = match self.plan_replay(request, healed, before.clone()).await {
            Ok(mut planned) => {
                planned.heal_of = Some(run_id.to_string());
                self.start_replay(planned, None)
            }
            Err(error) => Err(error),
        };
        match started {
            Ok(started) => Ok(started),
            // Not started (the app gone, a secret missing): nothing verified the heal.
            // Every one is put back, whichever could not be.
            Err(error) => {
                let restored: Vec<_> = before.iter().map(|s| self.restore_scenario(&session_id, s)).collect();
                restored.into_iter().find_map(Result::err).map_or(Err(error), Err)
            }
        }
    }

    /// Saves `scenario` as the session's next version: a heal taken back.
    pub fn restore_scenario(&self, session_id: &str, scenario: &Scenario) -> Result<(), RuntimeError> {
        self.store().save_scenario(session_id, scenario)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suite_is_named_by_its_origin() {
        assert_eq!(origin_of("http://127.0.0.1:8080/reference/notes.html?x=1"), "http://127.0.0.1:8080");
        assert_eq!(origin_of("https://shop.example.com"), "https://shop.example.com");
        assert_eq!(origin_of("http://h:1#top"), "http://h:1");
    }
}
