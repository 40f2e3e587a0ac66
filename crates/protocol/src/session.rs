//! Session summaries and the error shape every shell shows.

use crate::Envelope;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SessionStatus {
    Running,
    /// Waiting for the user's answer.
    Waiting,
    Completed,
    Failed,
    Cancelled,
    /// Was running when its process died; resumable from its last checkpoint.
    Interrupted,
}

impl SessionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            SessionStatus::Running => "running",
            SessionStatus::Waiting => "waiting",
            SessionStatus::Completed => "completed",
            SessionStatus::Failed => "failed",
            SessionStatus::Cancelled => "cancelled",
            SessionStatus::Interrupted => "interrupted",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Some(match text {
            "running" => SessionStatus::Running,
            "waiting" => SessionStatus::Waiting,
            "completed" => SessionStatus::Completed,
            "failed" => SessionStatus::Failed,
            "cancelled" => SessionStatus::Cancelled,
            "interrupted" => SessionStatus::Interrupted,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SessionSummary {
    pub id: String,
    pub title: String,
    pub status: SessionStatus,
    pub engine: String,
    pub target_url: String,
    #[ts(type = "number")]
    pub created_at_ms: i64,
    #[ts(type = "number")]
    pub updated_at_ms: i64,
    pub last_seq: u32,
    /// What the latest trial proved, for the list's icon; absent before any trial.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub verdict: Option<specwright_scenario::Verdict>,
    /// The first attached document's name: sessions of the same title told apart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub document: Option<String>,
}

/// The kept scenarios of one application: every session with a scenario, by the origin it was
/// recorded against (which names the suite unless a person renamed it), newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Suite {
    pub origin: String,
    /// The name a person gave it; none: its origin names it.
    pub name: Option<String>,
    pub sessions: Vec<SessionSummary>,
    /// How many scenarios each session keeps (a test-case sheet's session: one per case), in
    /// the order of `sessions`.
    pub scenarios: Vec<u32>,
    /// The secrets its scenarios need, by name (never a value), and whether each is remembered
    /// in the keychain for this app: what a check of it asks for or finds.
    pub secrets: Vec<SuiteSecret>,
}

/// A secret a suite's scenarios need (see [`Suite::secrets`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SuiteSecret {
    pub name: String,
    /// Kept in the OS keychain for the suite's app: a check from the window finds it.
    pub remembered: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SessionDetail {
    pub summary: SessionSummary,
    pub documents: Vec<String>,
    pub events: Vec<Envelope>,
}

/// One session's part in a check of its suite ([`crate::contract`]'s `check_suite`): its run, or
/// why it could not start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SuiteCheckRun {
    pub session_id: String,
    /// The check's run; none when it could not start.
    pub run_id: Option<String>,
    /// Why it could not start (the app unreachable, a password missing).
    pub refused: Option<ApiError>,
}

/// A suite written as one Playwright project ([`crate::contract`]'s `export_suite`): where,
/// how many tests, the shards its CI files spread them over, and every file written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SuiteExport {
    pub out_dir: String,
    pub tests: u32,
    pub shards: u32,
    pub files: Vec<crate::OutputFile>,
}

/// The only error shape that crosses IPC: a machine code and a sentence for a person (a catalog
/// message the window renders in its language).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ApiError {
    pub code: String,
    pub message: crate::Text,
}
