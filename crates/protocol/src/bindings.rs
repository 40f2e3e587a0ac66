//! Generates `ui/src/lib/bindings.ts` from the Rust types and the command contract; a test fails
//! when the checked-in file is stale, so the UI and the core cannot drift apart.

use crate::contract::{camel, commands};
use crate::{
    ApiError, ApiKeyStatus, Arg, CodeFile, Envelope, Event, FrameBox, IngestStage, Message, NewSessionRequest,
    OutputFile, ProviderKind, Question, QuestionKind, QuestionOption, SavedExports, SessionDetail, SessionStatus,
    SessionSummary, Settings, SourceLine, SourceSection, SpecFile, StartedSession, Suite, SuiteCheckRun, SuiteExport,
    SuiteSecret, Text, Theme,
};
use specwright_scenario as scenario;
use ts_rs::{Config, TS};

/// The whole generated TypeScript module.
pub fn typescript_bindings() -> String {
    let cfg = Config::default();
    let decls = [
        scenario::Scenario::decl(&cfg),
        scenario::Variable::decl(&cfg),
        scenario::VariableSource::decl(&cfg),
        scenario::TestData::decl(&cfg),
        scenario::Precondition::decl(&cfg),
        scenario::Condition::decl(&cfg),
        scenario::Step::decl(&cfg),
        scenario::ResponseCheck::decl(&cfg),
        scenario::Heal::decl(&cfg),
        scenario::Action::decl(&cfg),
        scenario::WaitCondition::decl(&cfg),
        scenario::ElementState::decl(&cfg),
        scenario::Target::decl(&cfg),
        scenario::Locator::decl(&cfg),
        scenario::Value::decl(&cfg),
        scenario::Assertion::decl(&cfg),
        scenario::PageAssertion::decl(&cfg),
        scenario::Provenance::decl(&cfg),
        scenario::Citation::decl(&cfg),
        scenario::Assumption::decl(&cfg),
        scenario::AssumptionStatus::decl(&cfg),
        scenario::Verification::decl(&cfg),
        scenario::StepStatus::decl(&cfg),
        scenario::DiagnosisKind::decl(&cfg),
        scenario::Diagnosis::decl(&cfg),
        scenario::RequestRecord::decl(&cfg),
        scenario::Relocation::decl(&cfg),
        scenario::CheckOutcome::decl(&cfg),
        scenario::Judgement::decl(&cfg),
        scenario::Proposal::decl(&cfg),
        scenario::SentenceChange::decl(&cfg),
        scenario::ComparedSentence::decl(&cfg),
        scenario::Comparison::decl(&cfg),
        scenario::TrialStepResult::decl(&cfg),
        scenario::TrialRun::decl(&cfg),
        scenario::TrialReport::decl(&cfg),
        scenario::Severity::decl(&cfg),
        scenario::Finding::decl(&cfg),
        scenario::Verdict::decl(&cfg),
        Text::decl(&cfg),
        Message::decl(&cfg),
        Arg::decl(&cfg),
        Envelope::decl(&cfg),
        Event::decl(&cfg),
        crate::SaidAs::decl(&cfg),
        FrameBox::decl(&cfg),
        IngestStage::decl(&cfg),
        Question::decl(&cfg),
        QuestionKind::decl(&cfg),
        QuestionOption::decl(&cfg),
        OutputFile::decl(&cfg),
        SessionStatus::decl(&cfg),
        SessionSummary::decl(&cfg),
        Suite::decl(&cfg),
        SuiteCheckRun::decl(&cfg),
        SuiteExport::decl(&cfg),
        SuiteSecret::decl(&cfg),
        SessionDetail::decl(&cfg),
        ApiError::decl(&cfg),
        ProviderKind::decl(&cfg),
        Theme::decl(&cfg),
        Settings::decl(&cfg),
        ApiKeyStatus::decl(&cfg),
        SpecFile::decl(&cfg),
        NewSessionRequest::decl(&cfg),
        StartedSession::decl(&cfg),
        CodeFile::decl(&cfg),
        SavedExports::decl(&cfg),
        SourceSection::decl(&cfg),
        SourceLine::decl(&cfg),
    ];
    let mut out = String::from(
        "// Generated from the Rust types in crates/protocol and crates/scenario.\n\
         // Do not edit: run `make bindings` after changing them (CI fails when this file is stale).\n\
         /* eslint-disable */\n\
         import { invoke, Channel } from '@tauri-apps/api/core';\n\n",
    );
    for decl in decls {
        out.push_str("export ");
        out.push_str(decl.trim());
        out.push_str("\n\n");
    }
    out.push_str("export type EventType = Event['type'];\n\n");
    out.push_str("export const commands = {\n");
    for command in commands() {
        let params: Vec<String> = command.args.iter().map(|(name, ty)| format!("{name}: {ty}")).collect();
        let names: Vec<&str> = command.args.iter().map(|(name, _)| name.as_str()).collect();
        let payload = if names.is_empty() { String::new() } else { format!(", {{ {} }}", names.join(", ")) };
        out.push_str(&format!(
            "  /** {} */\n  {}: ({}): Promise<{}> => invoke<{}>('{}'{}),\n",
            command.doc,
            camel(command.name),
            params.join(", "),
            command.returns,
            command.returns,
            command.name,
            payload
        ));
    }
    out.push_str("};\n\nexport { Channel };\n");
    out
}
