//! The offline engine: reads numbered steps from specs, understands them with data tables of
//! verbs and nouns (Korean and English), grounds each target in the live page's accessibility
//! snapshot, and executes it, producing a scenario whose every step cites its source line.

mod ask;
mod bare;
mod cases;
mod error;
mod explore;
mod grammar;
mod grounding;
mod locate;
mod plan;
mod steps;
mod trial;

pub use ask::{ask, confirm_options, is_yes, option, question_id, Answer, Answerer, Figures, Memory, NoAnswers};
pub use cases::{classify_header, test_cases, CaseRow, Column, TestCase, HEADER_SYNONYMS};
pub use error::EngineError;
pub use explore::{
    empty_scenario, explore, guard, leave_check, login_recipe, missing_secret, path_of, recovered_message, redacted,
    run_step, secret_resolver, Context, ExploreInput, Safety, Sink, TARGET_URL_QUESTION,
};
pub use grammar::{interpret, interpret_all, verb_pattern_count, Intent, RoleHint, Scope, Verb};
pub use grounding::{closest, ground, ground_tiered, jamo_key, normalize, Candidate, Grounding, MatchTier};
pub use locate::durable;
pub use plan::{plan, setup_of, PlannedPrecondition, PlannedScenario, PlannedStep, Setup};
pub use steps::{spec_steps, SpecStep};
pub use trial::run_trial;
