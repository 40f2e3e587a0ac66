//! The offline engine: reads numbered steps from specs, understands them with data tables of
//! verbs and nouns (Korean and English), grounds each target in the live page's accessibility
//! snapshot, and executes it, producing a scenario whose every step cites its source line.

mod ask;
mod bare;
mod cases;
mod clauses;
mod data;
mod environment;
mod error;
mod explore;
mod fill;
mod grammar;
mod grounding;
mod lists;
mod locate;
mod login;
mod messages;
mod opener;
mod plan;
mod records;
mod reset;
mod screen;
mod sentence;
mod steps;
mod trial;

pub use ask::{ask, confirm_options, is_yes, option, question_id, Answer, Answerer, Figures, Memory, NoAnswers};
pub use cases::{
    classify_header, test_cases, test_cases_with, CaseRow, Column, PendingTable, TestCase, HEADER_SYNONYMS,
};
pub use environment::{environment, Account, Place, TestEnvironment};
pub use error::EngineError;
pub use explore::{
    empty_scenario, explore, guard, leave_check, login_recipe, missing_secret, path_of, recovered_message, redacted,
    run_step, secret_resolver, Context, ExploreInput, Safety, Sink, TARGET_URL_QUESTION,
};
pub use grammar::{interpret, interpret_all, verb_pattern_count, Intent, RoleHint, Scope, Verb};
pub use grounding::{closest, ground, ground_tiered, jamo_key, normalize, Candidate, Grounding, MatchTier};
pub use locate::durable;
pub use plan::{
    is_negative, plan, plan_asking, plan_with, setup_of, Plan, PlannedPrecondition, PlannedScenario, PlannedStep, Setup,
};
pub use records::reset_after_failed_trial;
pub use steps::{spec_steps, SpecStep};
pub use trial::{new_run_tag, run_trial};
