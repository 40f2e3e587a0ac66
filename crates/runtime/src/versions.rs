//! A new version of a spec dropped onto a session: compared with the version the session was
//! explored from (a person reads the comparison before anything runs), then explored in a new
//! session that keeps the steps of unchanged sentences, the earlier answers remembered.

use crate::revision::{remembered, EarlierVersion};
use crate::{RunStarted, Runtime, RuntimeError, SessionRequest};
use specwright_intake::Document;
use specwright_protocol::Text;
use specwright_scenario::Comparison;
use std::sync::Arc;

impl Runtime {
    pub(crate) fn earlier_version(&self, session_id: &str) -> Result<EarlierVersion, RuntimeError> {
        let summary = self.store().session(session_id)?;
        let documents = self.stored_documents(&summary.id)?;
        let scenarios = self.store().session_scenarios(&summary.id)?;
        // Nothing explored yet: there is nothing to keep, and a comparison would say otherwise.
        if scenarios.is_empty() {
            return Err(RuntimeError::Invalid(Text::message(
                "revision-no-scenario",
                [("id", summary.id.as_str().into())],
            )));
        }
        let events = self.store().events(&summary.id, 0)?;
        Ok(EarlierVersion {
            session: summary.id,
            title: summary.title,
            documents,
            scenarios,
            memory: remembered(&events, &[]),
            said: crate::said::said_lines(&events),
            continues: false,
        })
    }

    /// How `documents` (a new version of the session's spec) differ from the version the session
    /// was explored from, sentence by sentence; nothing is created or run.
    pub fn compare_spec(&self, session_id: &str, documents: &[Document]) -> Result<Comparison, RuntimeError> {
        if documents.is_empty() {
            return Err(RuntimeError::NoSpecs);
        }
        let earlier = self.earlier_version(session_id)?;
        Ok(earlier.compare(&earlier.plan_next(documents)).0)
    }

    /// Starts a new session on `request`'s documents, a new version of `earlier_session`'s spec:
    /// it says the comparison first, keeps the recorded steps of unchanged sentences (replayed,
    /// their citations moved to the new lines), explores only changed and added ones, and
    /// remembers the answers the earlier session was given.
    pub async fn start_revision(
        self: &Arc<Self>,
        earlier_session: &str,
        request: SessionRequest,
    ) -> Result<RunStarted, RuntimeError> {
        let earlier = self.earlier_version(earlier_session)?;
        self.check_imported_target(earlier_session, &request.target_url)?;
        self.start(request, Some(earlier)).await
    }
}
