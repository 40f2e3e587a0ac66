//! The rails a run goes on, whichever engine decides its steps: each step is guarded, performed,
//! announced and recorded with its source here; questions go out and answers are remembered
//! here; a trial replays the result here. The offline engine and the LLM engine are siblings on
//! top of this crate, and neither imports the other.

mod ask;
mod candidate;
mod context;
mod drift;
mod error;
mod guard;
mod language;
mod memory;
mod nearby;
mod reset;
mod secrets;
mod sink;
mod step;
mod trial;

pub use ask::{
    answer_provenance, ask, confirm_options, container, is_skip, is_yes, kind, kind_words, label_says, option,
    question_id, skip_option, skipped, typed_here, Answer, Answerer, Figures, NoAnswers, DEFECT, SKIP,
};
pub use candidate::{durable, Candidate, SNAPSHOT_REF};
pub use context::{Context, Safety};
pub use drift::{acting_on, likeness, relocate};
pub use error::{browser_error_text, RunError};
pub use guard::{guard, leave_check};
pub use language::{refusal_words, scenario_language, written};
pub use memory::{Answers, Memory, Recent, Records, Screens, Typed};
pub use nearby::{closest, CLICKABLE, FILLABLE};
pub use reset::reset_app;
pub use secrets::{missing_secret, secret_resolver};
pub use sink::Sink;
pub use specwright_catalog::{particle, Locale};
pub use step::{
    acted_box, changed_data, empty_scenario, is_password, path_of, recovered_message, redacted, run_step, sent_change,
    submits_login, TARGET_URL_QUESTION,
};
pub use trial::{new_run_tag, run_trial, watches_refusal, Trial, REFUSAL_SETTLE};
