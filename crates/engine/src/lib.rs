//! The offline engine, with no model: the steps and intents `specwright-reading` finds in a spec,
//! each target grounded in the live page's accessibility snapshot by rules kept as data, acted
//! out on the shared rails (`specwright-rails`), producing a scenario whose every step cites its
//! source line. What it cannot decide is a question.

mod action;
mod explore;
mod fill;
mod grounding;
mod lists;
mod locate;
mod login;
mod menus;
mod messages;
mod near;
mod opener;
mod places;
mod plan;
mod records;
mod referents;
mod resolution;
mod revision;
mod said;
mod screen;
mod sentence;
mod value_shown;

// What the engine reads and the rails it runs on, by the names its modules use.
use specwright_rails::{Candidate, Context, RunError};
use specwright_reading::{interpret_all, spec_steps, Intent, RoleHint, Scope, TestEnvironment, Verb};

pub use explore::{explore, login_recipe, ExploreInput};
pub use grounding::{ground, ground_tiered, Grounding, MatchTier};
pub use plan::{
    is_negative, plan, plan_asking, plan_remembered, plan_with, setup_of, Plan, PlannedPrecondition, PlannedScenario,
    PlannedStep, Setup,
};
pub use records::reset_after_failed_trial;
pub use revision::{compare, Earlier, Kept};
pub use said::{apply_said, standing, SaidLine};
