//! The words under every reader, at the bottom of the house: how names compare (`names.rs`),
//! the Hangul syllable and its letters (`hangul.rs`), the Korean particles that agree with the
//! word before them (`particle.rs`), the word tables the grammar reads by (`words.rs`: verbs,
//! role nouns, the ways a check or a change is said, in Korean and English) with their senses
//! (`senses.rs`), and the quotes planners put around names (`quotes.rs`). Reading, grounding, the catalog and the rails all take
//! these from here, so a rule about how Korean is written lives in one place.

mod hangul;
mod names;
mod particle;
pub mod quotes;
mod senses;
pub mod words;

pub use hangul::{all_hangul, ends_in_consonant, final_consonant, is_hangul, is_syllable, jamo_key};
pub use names::normalize;
pub use particle::particle;
pub use senses::{RoleHint, Verb};
