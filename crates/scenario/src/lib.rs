//! The scenario is the product's output: structured steps that each say where they came from.
//! Code and plans are generated from this model, never by rewriting a log.

mod export;
mod model;

pub use export::{markdown_plan, playwright_config, playwright_test, ts_string};
pub use model::*;
