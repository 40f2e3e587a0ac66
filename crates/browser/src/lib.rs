//! The browser layer: the engine and the trial runner act on the real application through this
//! crate, and people watch it through the frames it takes.

mod act;
mod ai_tree;
mod compact;
mod config;
mod diff;
mod driver;
mod error;
mod locators;
mod login_form;
mod page;
mod page_events;
mod print;
mod prose;
mod refusal;
mod requests;
mod safety;
mod session;
mod snapshot;

pub use act::{resolve_url, selector, Resolve, Secrets};
pub use ai_tree::{is_interactive, looks_like_password, mask_secrets, INTERACTIVE_ROLES, MASK};
pub use compact::{
    compact_snapshot, compact_snapshot_masked, compact_snapshot_with, interactive_refs, refs_in, CompactOptions,
    CompactSnapshot, Elided,
};
pub use config::{find_chromium, BrowserConfig, ContextOptions, Folders};
pub use diff::{diff, NO_CHANGE};
pub use driver::{prepare_driver, Browser, DriverPaths};
pub use error::{BrowserError, Missing};
pub use login_form::{FormControl, LoginForm};
pub use page::{PageSession, FRAME_STYLE, MASKED};
pub use page_events::DialogAnswer;
pub use print::print_pdf;
pub use refusal::{reads_as_error, reads_as_success, Mark, Refusal};
pub use safety::{classify, origin, Allowlist, Environment, Risk};
pub use session::{BrowserSession, Performed};
pub use snapshot::{parse_snapshot, SnapshotNode};

/// Chromium flags that keep it quiet and working on offline, sandbox-less machines.
pub const CHROMIUM_ARGS: &[&str] = &[
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];
