//! A check of a whole suite: every session's check is its own run (its id, its events, its one
//! terminal event), and all of them drive contexts of one browser, side by side where the
//! shared-data rule allows.
//!
//! The rule across sessions is the one `lanes` keeps within a session: a session whose every
//! scenario's latest trial sent no request that may change the app's data takes as many seats as
//! it has such scenarios (up to the lanes this process uses) and runs beside others like it; any
//! other session takes every seat and runs alone. The rule is checked again on the trials
//! themselves: a session whose neighbour's trial did change data after all is trial-run again
//! alone, every scenario of it (the change may have made a wrong check pass), and one whose
//! scenarios did not pass beside others is trial-run again alone for those (an app may not take
//! two logins at once): a red never comes from running side by side, nor a green from a
//! neighbour's change made mid-trial (checked again alone, a session sees the app as checks one
//! after another would). A session waits for every neighbour's trials to end before it ends, and
//! what it judged before a check again after a change counts for nothing
//! (`Runtime::judgements`): a run that ends before the second trial leaves those cases blocked.
//! When the shared browser cannot start, each run starts its own, seated all the same.

use specwright_browser::{BrowserConfig, BrowserError, BrowserSession, ContextOptions};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::{Arc, Mutex};
use tokio::sync::Notify;

/// What a check says when its session is trial-run again alone after a session beside it
/// changed the app's data.
pub(crate) const AGAIN_AFTER_CHANGE: &str = "check-again-alone-changed";

/// The browser a suite's checks share, and who sits beside whom.
pub(crate) struct SuiteCheck {
    /// None when the shared browser did not start: each run then starts its own, seated all
    /// the same.
    root: Option<BrowserSession>,
    config: BrowserConfig,
    pub seating: Arc<Seating>,
}

impl SuiteCheck {
    /// `root` is the suite's browser (`config`'s); `lanes` how many trials may run at once in all.
    pub fn new(root: Option<BrowserSession>, config: BrowserConfig, lanes: usize) -> Arc<Self> {
        Arc::new(Self { root, config, seating: Seating::new(lanes) })
    }

    /// A context of the suite's browser for one run (the lanes its trials open come from it).
    /// Its contexts keep the run's own folders (`run`: the run's browser settings).
    pub async fn lane(&self, run: &BrowserConfig) -> Result<BrowserSession, BrowserError> {
        let folders =
            specwright_browser::Folders { downloads_dir: run.downloads_dir.clone(), files_dir: run.files_dir.clone() };
        match &self.root {
            Some(root) => root.lane_with(ContextOptions { folders: Some(folders), ..ContextOptions::default() }).await,
            None => {
                let config = BrowserConfig {
                    downloads_dir: folders.downloads_dir,
                    files_dir: folders.files_dir,
                    ..self.config.clone()
                };
                BrowserSession::start(config, ContextOptions::default()).await
            }
        }
    }

    /// Closes the suite's browser: by the last of its runs to end.
    pub async fn close(self) {
        if let Some(root) = self.root {
            root.close().await;
        }
    }
}

/// The seats of a suite's check (one per trial that may run at once), the runs waiting for
/// theirs in order, who sits beside whom, and whose trials ended.
pub(crate) struct Seating {
    lanes: usize,
    table: Mutex<Table>,
    changed: Notify,
}

#[derive(Default)]
struct Table {
    free: usize,
    /// Runs waiting for seats, served in this order (a run is never passed by one behind it).
    queue: VecDeque<String>,
    seated: BTreeSet<String>,
    /// Seats each seated run holds.
    taken: BTreeMap<String, usize>,
    beside: BTreeMap<String, BTreeSet<String>>,
    /// Runs whose trials ended, with whether they changed the app's data.
    ended: BTreeMap<String, bool>,
    /// Runs waiting for every seat, to be trial-run again alone: served before the queue.
    waiting_alone: usize,
}

/// A run's place: its seats, given back when its trials end (or when the run is dropped,
/// counted then as having changed data: nobody knows what it did).
pub(crate) struct Seat {
    seating: Arc<Seating>,
    run_id: String,
    /// How many trials of this run may run side by side now.
    pub lanes: usize,
    /// How many it may run side by side as more seats come free ([`Seating::more`]).
    pub most: usize,
    standing: bool,
}

/// Every seat, held by a run trial-run again alone until dropped.
pub(crate) struct Alone {
    seating: Arc<Seating>,
}

/// A run's place in the queue, given up when the run ends however it ends.
pub(crate) struct Ticket {
    seating: Arc<Seating>,
    run_id: String,
}

/// What the neighbours of a run did, once all of their trials ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Neighbours {
    /// Another session's trials ran while this one's did.
    pub any: bool,
    /// One of them sent a request that may change the app's data.
    pub changed: bool,
}

impl Seating {
    pub fn new(lanes: usize) -> Arc<Self> {
        let lanes = lanes.max(1);
        Arc::new(Self { lanes, table: Mutex::new(Table { free: lanes, ..Table::default() }), changed: Notify::new() })
    }

    fn table(&self) -> std::sync::MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Puts a run in the queue (in the order the suite's check chose: those that read only
    /// first, so they find each other); the ticket takes it out again when dropped.
    pub fn ticket(self: &Arc<Self>, run_id: &str) -> Ticket {
        self.table().queue.push_back(run_id.to_string());
        Ticket { seating: Arc::clone(self), run_id: run_id.to_string() }
    }

    /// Waits for a place, in the queue's order: beside others when the run reads only (up to
    /// `side_by_side` trials of it may run at once: it sits as soon as one seat is free, and
    /// takes more as they come free, [`Seating::more`]), else every seat, alone.
    pub async fn sit(self: &Arc<Self>, run_id: &str, reads_only: bool, side_by_side: usize) -> Seat {
        let wanted = if reads_only { side_by_side.clamp(1, self.lanes) } else { self.lanes };
        let least = if reads_only { 1 } else { self.lanes };
        loop {
            let waiting = self.changed.notified();
            {
                let mut table = self.table();
                if !table.queue.iter().any(|r| r == run_id) {
                    table.queue.push_back(run_id.to_string());
                }
                let next = table.queue.front().is_some_and(|r| r == run_id);
                if next && table.waiting_alone == 0 && table.free >= least {
                    table.queue.pop_front();
                    let taken = wanted.min(table.free);
                    table.free -= taken;
                    table.taken.insert(run_id.to_string(), taken);
                    let others: Vec<String> = table.seated.iter().cloned().collect();
                    for other in &others {
                        table.beside.entry(other.clone()).or_default().insert(run_id.to_string());
                    }
                    table.beside.entry(run_id.to_string()).or_default().extend(others);
                    table.seated.insert(run_id.to_string());
                    drop(table);
                    // The next in line may fit in what is left.
                    self.changed.notify_waiters();
                    return Seat {
                        seating: Arc::clone(self),
                        run_id: run_id.to_string(),
                        lanes: if reads_only { taken } else { 1 },
                        most: if reads_only { wanted } else { 1 },
                        standing: false,
                    };
                }
            }
            waiting.await;
        }
    }

    /// Takes every seat, ahead of the queue (no run sits while one waits for them all): a run
    /// trial-run again alone.
    pub async fn alone(self: &Arc<Self>) -> Alone {
        self.table().waiting_alone += 1;
        // Stopped while waiting: the queue is not held up by it.
        let waiter = AloneWaiter { seating: Arc::clone(self) };
        loop {
            let waiting = self.changed.notified();
            {
                let mut table = self.table();
                if table.free == self.lanes {
                    table.free = 0;
                    drop(table);
                    drop(waiter);
                    return Alone { seating: Arc::clone(self) };
                }
            }
            waiting.await;
        }
    }

    /// Up to `n` more seats for a seated run, of those free while nobody waits for them.
    pub fn more(&self, run_id: &str, n: usize) -> usize {
        let mut table = self.table();
        if !table.queue.is_empty() || table.waiting_alone > 0 || !table.seated.contains(run_id) {
            return 0;
        }
        let given = n.min(table.free);
        table.free -= given;
        *table.taken.entry(run_id.to_string()).or_default() += given;
        given
    }

    fn give_back(&self, seats: usize) {
        self.table().free += seats;
        self.changed.notify_waiters();
    }

    /// A run's trials ended: its seats go back, and its neighbours learn what it did.
    fn end(&self, run_id: &str, changed: bool) {
        let mut table = self.table();
        if table.seated.remove(run_id) {
            table.ended.insert(run_id.to_string(), changed);
        }
        let taken = table.taken.remove(run_id).unwrap_or(0);
        table.free += taken;
        drop(table);
        self.changed.notify_waiters();
    }
}

impl Seat {
    /// The run's trials ended (`changed`: one of them sent a request that may change the app's
    /// data): its seats go back, and once every neighbour's trials ended too, says what they did.
    pub async fn stand(mut self, changed: bool) -> Neighbours {
        self.standing = true;
        self.seating.end(&self.run_id, changed);
        loop {
            let waiting = self.seating.changed.notified();
            {
                let table = self.seating.table();
                let beside = table.beside.get(&self.run_id).cloned().unwrap_or_default();
                if beside.iter().all(|other| table.ended.contains_key(other)) {
                    let changed = beside.iter().any(|other| table.ended.get(other) == Some(&true));
                    return Neighbours { any: !beside.is_empty(), changed };
                }
            }
            waiting.await;
        }
    }
}

impl Drop for Seat {
    fn drop(&mut self) {
        // Dropped mid-trial (a stop, a browser gone): its seats go back and its neighbours stop
        // waiting, told it may have changed data.
        if !self.standing {
            self.seating.end(&self.run_id, true);
        }
    }
}

/// A run waiting in [`Seating::alone`]; the queue moves again once it has its seats or is gone.
struct AloneWaiter {
    seating: Arc<Seating>,
}

impl Drop for AloneWaiter {
    fn drop(&mut self) {
        let mut table = self.seating.table();
        table.waiting_alone = table.waiting_alone.saturating_sub(1);
        drop(table);
        self.seating.changed.notify_waiters();
    }
}

impl Drop for Alone {
    fn drop(&mut self) {
        self.seating.give_back(self.seating.lanes);
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        // A run that ended before it sat (it could not start, it was stopped) holds up nobody.
        self.seating.table().queue.retain(|r| r != &self.run_id);
        self.seating.changed.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    async fn within<T>(future: impl std::future::Future<Output = T>) -> Option<T> {
        tokio::time::timeout(Duration::from_millis(200), future).await.ok()
    }

    #[tokio::test]
    async fn sessions_that_read_only_sit_together_and_one_that_changes_data_waits_for_them() {
        let seating = Seating::new(3);
        let _tickets = [seating.ticket("a"), seating.ticket("b"), seating.ticket("c")];
        // `c` changes data: it asks first, but its turn comes after `a` and `b`, who ask later.
        let waiting = Arc::clone(&seating);
        let c = tokio::spawn(async move { waiting.sit("c", false, 1).await });
        let b = {
            let waiting = Arc::clone(&seating);
            tokio::spawn(async move { waiting.sit("b", true, 2).await })
        };
        tokio::task::yield_now().await;
        assert!(!b.is_finished(), "b waits for a, ahead of it in the queue");
        let a = within(seating.sit("a", true, 1)).await.expect("a sits at once");
        let b = within(b).await.and_then(Result::ok).expect("b sits beside a");
        assert_eq!((a.lanes, a.most, b.lanes, b.most), (1, 1, 2, 2));
        assert!(!c.is_finished(), "every seat is taken: c waits for them all");
        assert_eq!(seating.more("b", 1), 0, "no seat is free, and c waits for them");
        // `a` ends first, and waits for `b`, its neighbour.
        let a = tokio::spawn(a.stand(false));
        tokio::task::yield_now().await;
        assert!(!a.is_finished(), "a session ends only once its neighbours' trials have");
        assert_eq!(within(b.stand(true)).await, Some(Neighbours { any: true, changed: false }));
        // `b` changed data after all: `a` learns it.
        assert_eq!(within(a).await.and_then(Result::ok), Some(Neighbours { any: true, changed: true }));
        let c = within(c).await.and_then(Result::ok).expect("c sits once a and b stood");
        assert_eq!(c.lanes, 1);
        assert_eq!(within(c.stand(true)).await, Some(Neighbours { any: false, changed: false }));
    }

    #[tokio::test]
    async fn a_session_that_reads_only_sits_in_one_free_seat_and_takes_more_as_they_come_free() {
        let seating = Seating::new(3);
        let _tickets = [seating.ticket("small"), seating.ticket("sheet")];
        let small = within(seating.sit("small", true, 2)).await.expect("small sits");
        assert_eq!(small.lanes, 2);
        // One seat is left: the sheet of twenty cases starts in it rather than waiting.
        let sheet = within(seating.sit("sheet", true, 20)).await.expect("the sheet sits in the seat left");
        assert_eq!((sheet.lanes, sheet.most), (1, 3));
        assert_eq!(seating.more("sheet", 2), 0, "nothing is free yet");
        let small = tokio::spawn(small.stand(false));
        tokio::task::yield_now().await;
        assert_eq!(seating.more("sheet", 2), 2, "the small session's seats came back");
        assert_eq!(seating.more("sheet", 1), 0);
        assert_eq!(within(sheet.stand(false)).await, Some(Neighbours { any: true, changed: false }));
        assert_eq!(within(small).await.and_then(Result::ok), Some(Neighbours { any: true, changed: false }));
        assert_eq!(seating.table().free, 3, "every seat is back");
    }

    #[tokio::test]
    async fn a_run_checked_again_alone_goes_before_the_queue() {
        let seating = Seating::new(2);
        let _tickets = [seating.ticket("a"), seating.ticket("b"), seating.ticket("c"), seating.ticket("d")];
        let a = within(seating.sit("a", true, 1)).await.expect("a sits");
        let b = within(seating.sit("b", true, 1)).await.expect("b sits");
        // `a` ends first: its seat goes to `c`, next in the queue.
        let a = tokio::spawn(a.stand(false));
        let c = within(seating.sit("c", true, 1)).await.expect("c sits in a's seat");
        // `b` changed data (and waits for `c`, its neighbour): `a` is to be checked again alone,
        // and waits for every seat.
        let b = tokio::spawn(b.stand(true));
        assert_eq!(within(a).await.and_then(Result::ok), Some(Neighbours { any: true, changed: true }));
        let waiting = Arc::clone(&seating);
        let again = tokio::spawn(async move { waiting.alone().await });
        tokio::task::yield_now().await;
        // `d` is next in the queue and a seat is free, but `a` goes first.
        let queued = Arc::clone(&seating);
        let d = tokio::spawn(async move { queued.sit("d", true, 1).await });
        tokio::task::yield_now().await;
        assert!(!d.is_finished(), "d sat while a waited for every seat");
        assert!(within(c.stand(false)).await.is_some());
        assert!(within(b).await.is_some());
        let alone = within(again).await.and_then(Result::ok).expect("a gets every seat once c stood");
        assert!(!d.is_finished(), "d waits for a's second trial");
        drop(alone);
        assert!(within(d).await.is_some(), "then d sits");
    }

    #[tokio::test]
    async fn a_session_dropped_mid_trial_counts_as_having_changed_data_and_one_never_seated_holds_up_nobody() {
        let seating = Seating::new(2);
        let gone = seating.ticket("gone");
        let _tickets = [seating.ticket("a"), seating.ticket("b")];
        // `gone` ended before it sat: its ticket is dropped, and the queue moves on.
        drop(gone);
        let a = within(seating.sit("a", true, 1)).await.expect("the queue moved on");
        let b = within(seating.sit("b", true, 1)).await.expect("b beside a");
        drop(b);
        assert_eq!(within(a.stand(false)).await, Some(Neighbours { any: true, changed: true }));
        // Every seat came back: a run alone gets them all, and gives them back.
        let alone = within(seating.alone()).await.expect("every seat is free");
        assert_eq!(seating.table().free, 0);
        drop(alone);
        assert_eq!(seating.table().free, 2);
    }
}
