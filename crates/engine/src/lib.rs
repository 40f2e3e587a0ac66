//! The offline engine: reads numbered steps from specs, understands them with data tables of
//! verbs and nouns (Korean and English), grounds each target in the live page's accessibility
//! snapshot, and executes it, producing a scenario whose every step cites its source line.

mod cases;
mod error;
mod explore;
mod grammar;
mod grounding;
mod steps;

pub use cases::{classify_header, test_cases, CaseRow, Column, TestCase, HEADER_SYNONYMS};
pub use error::EngineError;
pub use explore::{explore, missing_secret, recovered_message, secret_resolver, ExploreInput, Safety, Sink};
pub use grammar::{interpret, Intent, RoleHint, Verb};
pub use grounding::{closest, ground, normalize, Candidate, Grounding};
pub use steps::{spec_steps, SpecStep};
