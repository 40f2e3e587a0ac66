//! The scenario is the product's output: structured steps that each say where they came from.
//! Code and plans are generated from this model, never by rewriting a log.

mod check;
mod export;
mod migrate;
mod model;
mod provenance;
mod response;
mod review;
mod revision;
mod text;
mod trial;
mod verdict;

pub use check::{judge, CheckOutcome, Judgement, Proposal};
pub use export::{
    gherkin_feature, html_report, junit_report, markdown_plan, markdown_text, mermaid_flow, playwright_config,
    playwright_statement, playwright_test, robot_suite, run_index_html, traceability_html, ts_string,
    verification_word, GherkinLanguage, IndexCase, TraceLink, TraceRow, Words,
};
pub use migrate::{load_scenario, LoadError};
pub use model::*;
pub use provenance::*;
pub use response::ResponseCheck;
pub use review::{review, validate, Finding, Severity};
pub use revision::{ComparedSentence, Comparison, SentenceChange};
pub use text::{Arg, Message, Text};
pub use trial::{
    Diagnosis, DiagnosisKind, Relocation, RequestRecord, StepStatus, TrialReport, TrialRun, TrialStepResult,
};
pub use verdict::{verdict, Verdict};

/// The JSON Schema of the current scenario version (checked in as `schema/scenario.schema.json`).
pub fn json_schema() -> String {
    let schema = schemars::schema_for!(Scenario);
    serde_json::to_string_pretty(&schema).unwrap_or_default()
}
