//! Trials of a session's scenarios side by side, in contexts of one browser, with the event log
//! still reading as if they ran one after another.
//!
//! The shared-data rule: a scenario whose exploration sent no request that may change the app's
//! data (a login's aside) runs beside others like it; one that changed data, or was not explored
//! in this run, or puts the data back with a command, runs alone. The rule is checked again on
//! the trial itself: a scenario that ran beside one whose trial did change data, or whose trial
//! did not pass beside others (an app whose server cannot take two logins at once), is trial-run
//! again alone, and from then on every scenario runs alone. Nothing a lane does reaches the timeline
//! before the scenarios ahead of it have ended: the scenario first in line streams live, the
//! others are held and written after it, so each scenario's events stay together and in order.

use crate::sink::RunSink;
use crate::tail::{sink_error, trial_review_export, Finished, Outcome, RunContext};
use crate::RuntimeError;
use futures::stream::{FuturesUnordered, StreamExt};
use specwright_browser::{BrowserSession, Secrets};
use specwright_protocol::{Event, FrameBox, Text};
use specwright_rails::{RunError, Sink};
use specwright_scenario::Scenario;
use std::collections::{BTreeMap, BTreeSet};
use std::future::Future;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The lanes this process uses: `SPECWRIGHT_TRIAL_LANES` (1 runs every trial alone), else one
/// more than the machine has cores, two to four. A trial mostly waits on the page (a frame, a
/// moment for the app to answer a click), so on two cores three lanes were the fastest measured
/// (the 20-case workbook's trials: 44.5 s alone, 25.8 s in two lanes, 16.9 s in three, 18.2 s in
/// four).
pub fn trial_lanes() -> usize {
    if let Some(n) = std::env::var("SPECWRIGHT_TRIAL_LANES").ok().and_then(|v| v.trim().parse::<usize>().ok()) {
        return n.clamp(1, 8);
    }
    std::thread::available_parallelism().map(|n| n.get() + 1).unwrap_or(2).clamp(2, 4)
}

/// One scenario to trial-run, with where its exports go.
#[derive(Clone)]
pub(crate) struct Case {
    pub scenario: Scenario,
    pub out_dir: PathBuf,
    pub trial_id: String,
    /// Explored in this run without a request that may change the app's data.
    pub reads_only: bool,
}

/// Where lanes' events go: the scenario first in line (`head`) writes to the run's sink, the
/// others are held until it is their turn.
struct Relay<'s> {
    live: &'s mut RunSink,
    head: usize,
    held: BTreeMap<usize, Vec<Event>>,
}

impl Relay<'_> {
    fn emit(&mut self, case: usize, event: Event) -> Result<(), String> {
        if case == self.head {
            self.live.emit_event(event)
        } else {
            self.held.entry(case).or_default().push(event);
            Ok(())
        }
    }

    /// The next scenario in line goes live: what it did so far is written first.
    fn advance(&mut self) -> Result<(), String> {
        self.head += 1;
        for event in self.held.remove(&self.head).unwrap_or_default() {
            self.live.emit_event(event)?;
        }
        Ok(())
    }
}

fn lock<'a, 's>(relay: &'a Mutex<Relay<'s>>) -> std::sync::MutexGuard<'a, Relay<'s>> {
    relay.lock().unwrap_or_else(|p| p.into_inner())
}

/// The sink of one scenario's trial.
pub(crate) struct LaneSink<'r, 's> {
    relay: &'r Mutex<Relay<'s>>,
    case: usize,
    cancel: Arc<AtomicBool>,
}

impl Sink for LaneSink<'_, '_> {
    fn emit(&mut self, event: Event) -> Result<(), String> {
        lock(self.relay).emit(self.case, event)
    }

    fn frame(
        &mut self,
        jpeg: &[u8],
        step_index: Option<u32>,
        intent: &str,
        url: &str,
        target: Option<FrameBox>,
    ) -> Result<String, String> {
        let mut relay = lock(self.relay);
        // The file is written now (numbered in the order frames were taken); its event waits
        // with the lane's others.
        let file = relay.live.store_frame(jpeg)?;
        let event = Event::MirrorFrame {
            file: file.clone(),
            step_index,
            intent: intent.to_string(),
            url: url.to_string(),
            target,
        };
        relay.emit(self.case, event)?;
        Ok(file)
    }

    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::SeqCst)
    }
}

type Lane<'r> = Pin<Box<dyn Future<Output = (usize, BrowserSession, Result<Finished, RuntimeError>)> + Send + 'r>>;

/// How one scenario's trial (the last one, when it ran again alone) ended.
pub(crate) struct Tried {
    pub outcome: Outcome,
    /// It sent a request that may change the app's data.
    pub changed_data: bool,
}

/// How many trials of a run may go side by side: `lanes` now, up to `most` as `more` gives
/// further lanes (a suite's check: seats other sessions gave back).
pub(crate) struct Room<'m> {
    pub lanes: usize,
    pub most: usize,
    /// Asked for one more lane when every lane is busy and a case waits; says whether it is given.
    pub more: Option<&'m (dyn Fn() -> bool + Sync)>,
}

impl Room<'_> {
    /// A fixed number of lanes (a session's own trials).
    pub fn fixed(lanes: usize) -> Self {
        Room { lanes, most: lanes, more: None }
    }
}

/// Trial-runs `cases` (each with its review and exports) side by side where the shared-data
/// rule allows, as many at once as `room` gives, in contexts of `browser`'s browser, and returns
/// how each ended, in order.
///
/// `again` is asked, in order, about each scenario whose trial did not pass: a scenario and a
/// trial id to run once more, alone (on data put back), or none.
pub(crate) async fn trial_cases<A>(
    ctx: &RunContext,
    live: &mut RunSink,
    browser: &BrowserSession,
    cases: Vec<Case>,
    secrets: &Secrets,
    room: Room<'_>,
    mut again: A,
) -> Result<Vec<Tried>, RuntimeError>
where
    A: FnMut(&Case, &Outcome, &mut dyn Sink) -> Result<Option<(Scenario, String)>, RuntimeError>,
{
    let cancel = Arc::clone(&live.cancel);
    let n = cases.len();
    let side_by_side = room.most > 1 && cases.iter().filter(|c| c.reads_only).count() > 1;
    let mut lanes = if side_by_side { room.lanes.clamp(1, room.most) } else { 1 };
    let mut most = if side_by_side { room.most } else { 1 };
    if side_by_side {
        let text = Text::message("trial-side-by-side", [("lanes", (most as u32).into())]);
        live.emit_event(Event::MessageDone { text }).map_err(sink_error)?;
    }
    // Contexts of the run's browser, one per lane.
    let mut pool = Vec::new();
    for _ in 0..lanes {
        pool.push(browser.lane().await?);
    }
    let relay = Mutex::new(Relay { live, head: 0, held: BTreeMap::new() });
    let relay = &relay;
    let start = |case: usize, mut browser: BrowserSession, scenario: Scenario, out: PathBuf, id: String| -> Lane<'_> {
        let mut sink = LaneSink { relay, case, cancel: Arc::clone(&cancel) };
        Box::pin(async move {
            let result = trial_review_export(ctx, &mut sink, &mut browser, scenario, secrets, &out, &id).await;
            (case, browser, result)
        })
    };
    let mut running: FuturesUnordered<Lane<'_>> = FuturesUnordered::new();
    let mut state = Lanes { busy: BTreeSet::new(), changed: vec![false; n], done: BTreeMap::new() };
    let mut beside: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); n];
    let mut outcomes = Vec::new();
    let mut next = 0;
    let mut head = 0;
    let result: Result<(), RuntimeError> = async {
        loop {
            // Start what the rule lets start, in order.
            while next < n && !cancel.load(Ordering::SeqCst) {
                // Every lane busy with trials that read only, and the next reads only too: one
                // more lane, if the room grew.
                let reading = cases[next].reads_only && state.busy.iter().all(|&c| cases[c].reads_only);
                if pool.is_empty() && lanes < most && reading && room.more.is_some_and(|more| more()) {
                    pool.push(browser.lane().await?);
                    lanes += 1;
                }
                let alone = lanes == 1 || !cases[next].reads_only;
                let may = state.busy.is_empty()
                    || (!alone && state.busy.len() < lanes && state.busy.iter().all(|&c| cases[c].reads_only));
                if !may {
                    break;
                }
                let Some(browser) = pool.pop() else { break };
                for &other in &state.busy {
                    beside[other].insert(next);
                    beside[next].insert(other);
                }
                state.busy.insert(next);
                let case = &cases[next];
                running.push(start(next, browser, case.scenario.clone(), case.out_dir.clone(), case.trial_id.clone()));
                next += 1;
            }
            // End, in order, each scenario whose trial and its neighbours' trials have ended.
            while head < n && state.done.contains_key(&head) && beside[head].iter().all(|c| !state.busy.contains(c)) {
                let Some(finished) = state.done.remove(&head) else { break };
                let mut finished = finished?;
                let case = &cases[head];
                // A neighbour changed data after all (this trial may have seen the change), or
                // this trial did not pass beside others (an app may not take two at once): it
                // runs again alone, and so does every trial after it. A red never comes from
                // running side by side.
                let changed = beside[head].iter().any(|&c| state.changed[c]);
                let failed = !beside[head].is_empty() && !matches!(finished.outcome, Outcome::Completed(_));
                if changed || failed {
                    lanes = 1;
                    most = 1;
                    state.drain(&mut running, &mut pool).await;
                    let why = if changed { "trial-again-alone-changed" } else { "trial-again-alone-failed" };
                    let text = Text::message(why, []);
                    lock(relay).emit(head, Event::MessageDone { text }).map_err(sink_error)?;
                    let browser = pool.pop().ok_or_else(no_lane)?;
                    let id = format!("{}-alone", case.trial_id);
                    let (_, browser, rerun) =
                        start(head, browser, case.scenario.clone(), case.out_dir.clone(), id).await;
                    pool.push(browser);
                    finished = rerun?;
                }
                let mut sink = LaneSink { relay, case: head, cancel: Arc::clone(&cancel) };
                if let Some((scenario, id)) = again(case, &finished.outcome, &mut sink)? {
                    state.drain(&mut running, &mut pool).await;
                    let browser = pool.pop().ok_or_else(no_lane)?;
                    let (_, browser, rerun) = start(head, browser, scenario, case.out_dir.clone(), id).await;
                    pool.push(browser);
                    finished = rerun?;
                }
                if let Some(json) = &finished.report_json {
                    ctx.store.set_run_result(&ctx.run_id, json)?;
                    // A check: what this scenario's trial found, said with its own events.
                    if ctx.relocate {
                        if let Ok(report) = serde_json::from_str::<specwright_scenario::TrialReport>(json) {
                            let judgement = specwright_scenario::judge(&case.scenario, &report);
                            lock(relay).emit(head, Event::CheckJudged { judgement }).map_err(sink_error)?;
                        }
                    }
                }
                // Any of its trials here that changed data counts, not only the last.
                let changed_data = state.changed[head] || finished.changed_data;
                outcomes.push(Tried { outcome: finished.outcome, changed_data });
                head += 1;
                lock(relay).advance().map_err(sink_error)?;
            }
            if head == n {
                return Ok(());
            }
            match running.next().await {
                Some(ended) => state.ended(ended, &mut pool),
                // Nothing runs and the next in line has not ended: the run was stopped.
                None => return Err(RuntimeError::Run(RunError::Cancelled)),
            }
        }
    }
    .await;
    // A failure ends the others too: every lane is back before they are closed.
    state.drain(&mut running, &mut pool).await;
    for lane in pool {
        lane.close().await;
    }
    result.map(|()| outcomes)
}

/// Which trials run, which ended, and which changed the app's data.
struct Lanes {
    busy: BTreeSet<usize>,
    changed: Vec<bool>,
    done: BTreeMap<usize, Result<Finished, RuntimeError>>,
}

impl Lanes {
    fn ended(
        &mut self,
        (case, browser, result): (usize, BrowserSession, Result<Finished, RuntimeError>),
        pool: &mut Vec<BrowserSession>,
    ) {
        pool.push(browser);
        self.busy.remove(&case);
        self.changed[case] = result.as_ref().is_ok_and(|f| f.changed_data);
        self.done.insert(case, result);
    }

    /// Waits for every running trial to end (their events stay held until their turn).
    async fn drain(&mut self, running: &mut FuturesUnordered<Lane<'_>>, pool: &mut Vec<BrowserSession>) {
        while let Some(ended) = running.next().await {
            self.ended(ended, pool);
        }
    }
}

/// For a replay of stored scenarios, which ones read only, as the shared-data rule means it: the
/// latest trial of each, among `events` (the session's), said it sent no request that may change
/// the app's data, and no command puts it back. A scenario never trial-run, trial-run before
/// trials said so, or sharing its title with another, runs alone.
pub(crate) fn read_only_before(events: &[specwright_protocol::Envelope], scenarios: &[Scenario]) -> Vec<bool> {
    let mut said: std::collections::HashMap<&str, bool> = std::collections::HashMap::new();
    for envelope in events {
        if let Event::TrialDone { scenario: Some(title), changed_data, .. } = &envelope.event {
            match changed_data {
                Some(changed) => said.insert(title.as_str(), !changed),
                None => said.remove(title.as_str()),
            };
        }
    }
    scenarios
        .iter()
        .map(|scenario| {
            let unique = scenarios.iter().filter(|s| s.title == scenario.title).count() == 1;
            unique && scenario.reset_command().is_none() && said.get(scenario.title.as_str()) == Some(&true)
        })
        .collect()
}

/// Every lane's browser is back in the pool whenever one is taken outside the loop's start.
fn no_lane() -> RuntimeError {
    RuntimeError::Run(RunError::Sink("no trial lane is free".into()))
}
