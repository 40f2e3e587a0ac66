//! One look at the page decides a target: the one element meant, several a person must choose
//! between, a page still on its way that is worth another look, or nothing of that name here.
//! Pure (the snapshot and what is known about the wait in, a decision out), so every path that
//! looks for a target — a step's element, the place a check looks in, the link that opens a
//! screen, the field a choice is made in — decides the same way, and the waiting is tested
//! without a browser.

use crate::grounding::{ground_tiered, Grounding, MatchTier};
use crate::Intent;
use specwright_browser::SnapshotNode;
use specwright_rails::Candidate;
use std::time::Duration;

/// How long a target may take to appear after the previous step.
pub(crate) const SETTLE: Duration = Duration::from_millis(2500);
/// How much longer an expected text is looked for while the page is visibly still working (a
/// call it awaits, a progress bar): a notice after a background save on a busy server.
pub(crate) const SERVER_WAIT: Duration = Duration::from_secs(6);

/// What one look at the page settles about a target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Resolution {
    /// The one element meant, and how closely its name matched.
    Unique(Candidate, Option<MatchTier>),
    /// Several fit equally, matched as closely as each other: a person chooses (after the
    /// engine's own tie-breaks).
    Ask(Vec<Candidate>, Option<MatchTier>),
    /// Nothing fits yet, and the page may still draw it: look again when it changes.
    WaitMore,
    /// Nothing of that name here, and waiting longer would not change it.
    NotFound,
}

impl Resolution {
    /// Whether anything on the page answers to the target (one element or several).
    pub(crate) fn is_here(&self) -> bool {
        matches!(self, Resolution::Unique(..) | Resolution::Ask(..))
    }
}

/// What is known about the wait when the page is looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Look {
    /// Time since the step began looking.
    pub waited: Duration,
    /// The page has sent a request that has not been answered.
    pub awaiting_server: bool,
}

impl Look {
    /// A single look with no waiting: is the target on the page as it stands?
    pub(crate) const NOW: Look = Look { waited: Duration::MAX, awaiting_server: false };

    /// Whether a look that found nothing (or nothing that holds) is worth repeating: any target
    /// within the settle time after the previous step; an expectation longer while the page is
    /// visibly still working, since what it expects may be the answer being waited for.
    pub(crate) fn worth_another(&self, intent: &Intent, nodes: &[SnapshotNode]) -> bool {
        if self.waited < SETTLE {
            return true;
        }
        let working = self.awaiting_server || shows_progress(nodes);
        intent.verb.is_expectation() && working && self.waited < SETTLE.saturating_add(SERVER_WAIT)
    }
}

/// A progress indicator on the page says it is still working (a spinner drawn as a
/// `progressbar`, as ARIA asks); its words are the app's and are not read.
fn shows_progress(nodes: &[SnapshotNode]) -> bool {
    nodes.iter().any(|n| n.role == "progressbar")
}

/// Decides a target from one look at the page.
pub(crate) fn resolve(intent: &Intent, nodes: &[SnapshotNode], look: &Look) -> Resolution {
    match ground_tiered(intent, nodes) {
        (Grounding::Unique(candidate), tier) => Resolution::Unique(candidate, tier),
        (Grounding::Ambiguous(candidates), tier) => Resolution::Ask(candidates, tier),
        (Grounding::NotFound, _) if look.worth_another(intent, nodes) => Resolution::WaitMore,
        (Grounding::NotFound, _) => Resolution::NotFound,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use specwright_browser::parse_snapshot;
    use specwright_reading::interpret;

    const FORM: &str = "- heading \"New contact\" [level=1]\n- textbox \"Name\"\n- button \"Save\"\n- button \"Save draft\"\n- link \"Save\"";
    const WORKING: &str = "- heading \"Orders\" [level=1]\n- progressbar \"Loading\"";

    fn look(ms: u64, awaiting_server: bool) -> Look {
        Look { waited: Duration::from_millis(ms), awaiting_server }
    }

    fn resolved(sentence: &str, snapshot: &str, at: Look) -> Resolution {
        resolve(&interpret(sentence).unwrap(), &parse_snapshot(snapshot), &at)
    }

    #[test]
    fn one_element_of_the_name_is_the_target() {
        let found = resolved("Type 'Ivy' in 'Name'", FORM, Look::NOW);
        assert!(matches!(&found, Resolution::Unique(c, _) if c.role == "textbox" && c.label == "Name"), "{found:?}");
        assert!(found.is_here());
    }

    #[test]
    fn several_equal_elements_are_a_question_at_once() {
        // A button and a link both read "Save": no wait makes one of them the meant one.
        let found = resolved("Click 'Save'", FORM, look(0, false));
        assert!(matches!(&found, Resolution::Ask(c, _) if c.len() == 2), "{found:?}");
        assert!(found.is_here());
    }

    #[test]
    fn a_missing_target_is_waited_for_only_within_the_settle_time() {
        assert_eq!(resolved("Click 'Delete'", FORM, look(100, false)), Resolution::WaitMore);
        assert_eq!(resolved("Click 'Delete'", FORM, look(2500, false)), Resolution::NotFound);
        assert!(!Resolution::NotFound.is_here() && !Resolution::WaitMore.is_here());
    }

    #[test]
    fn a_single_look_never_waits() {
        assert_eq!(resolved("Click 'Delete'", FORM, Look::NOW), Resolution::NotFound);
        assert_eq!(resolved("'Order placed' is shown", WORKING, Look::NOW), Resolution::NotFound);
    }

    #[test]
    fn an_expected_text_is_waited_for_longer_while_the_page_is_working() {
        // Past the settle time, a check waits on while a call is unanswered or a progress bar
        // shows, up to its bound; a press does not (nothing it sends is being waited on).
        let sentence = "'Order placed' is shown";
        assert_eq!(resolved(sentence, FORM, look(3000, true)), Resolution::WaitMore);
        assert_eq!(resolved(sentence, WORKING, look(3000, false)), Resolution::WaitMore);
        assert_eq!(resolved(sentence, FORM, look(3000, false)), Resolution::NotFound);
        assert_eq!(resolved(sentence, WORKING, look(8500, true)), Resolution::NotFound);
        assert_eq!(resolved("Click 'Delete'", WORKING, look(3000, true)), Resolution::NotFound);
    }
}
