//! Everything a run carries from step to step besides the browser: where events go, the
//! secrets, who answers questions and what was answered, what the engine may do without asking,
//! and what the spec says about addresses and accounts.

use crate::{Answerer, Figures, Memory, Sink};
use specwright_browser::{Allowlist, Environment, Secrets};
use specwright_catalog::Locale;
use specwright_reading::TestEnvironment;

/// What the engine may do without asking: where it may go and whether risky actions are
/// pre-approved (unattended runs that were told so).
#[derive(Debug, Clone)]
pub struct Safety {
    pub allowlist: Allowlist,
    pub environment: Environment,
    pub allow_risky: bool,
}

/// Everything a run needs besides the browser, bundled so helpers take one argument.
pub struct Context<'a> {
    pub sink: &'a mut dyn Sink,
    pub secrets: &'a mut Secrets,
    pub answerer: &'a mut dyn Answerer,
    pub memory: &'a mut Memory,
    pub figures: Figures,
    pub safety: &'a Safety,
    /// What the spec's context says about addresses and accounts.
    pub environment: &'a TestEnvironment,
    /// The language the scenario is written in, its documents': what the engine writes into it
    /// (an intent of its own, an assumption, a note) reads as the quoted spec does.
    pub language: Locale,
}
