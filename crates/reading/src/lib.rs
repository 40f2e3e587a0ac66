//! Reading a spec: which of its lines are steps (numbered lists, acceptance criteria, test-case
//! sheets), what each sentence asks for as intents (verb, target, value, scope), and what its
//! environment section says about addresses and accounts. No browser and no model: both engines
//! read the spec through this crate, and the offline engine grounds what it reads.

mod bare;
mod cases;
mod clauses;
mod data;
mod environment;
mod examples;
mod grammar;
mod intent;
mod mentions;
mod paths;
mod press;
mod requirements;
mod said;
mod sentence;
mod steps;
mod values;

pub use bare::strip_particle;
pub use cases::{
    classify_header, test_cases, test_cases_with, CaseRow, Column, PendingTable, TestCase, HEADER_SYNONYMS,
};
pub use clauses::split_words;
pub use environment::{environment, Account, Place, TestEnvironment};
pub use examples::{examples, Example};
pub use grammar::{interpret, interpret_all, seen_list, verb_pattern_count, without_modifiers};
pub use intent::{Intent, RoleHint, Scope, Verb};
pub use paths::{menu_path, PATH_SEPARATORS};
pub use press::{press_sentence, pressed};
pub use requirements::{requirements, Requirement};
pub use said::{spoken, verdict, Spoken};
pub use specwright_vocabulary::{all_hangul, is_hangul, jamo_key, normalize};
pub use steps::{spec_steps, SpecStep};
pub use values::{describes_value, describes_wrong_value};
pub use words::{list_parts, APP_WORDS};
// The word tables and the quotes live in the vocabulary crate, under every reader; the grammar
// names them as its own modules.
pub(crate) use specwright_vocabulary::{quotes, words};
