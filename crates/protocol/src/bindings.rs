//! Generates `ui/src/lib/bindings.ts` from the Rust types; a test fails when the checked-in file
//! is stale, so the UI and the core cannot drift apart.

use crate::{
    ApiError, ApiKeyStatus, Arg, CodeFile, Envelope, Event, FrameBox, IngestStage, Message, NewSessionRequest,
    OutputFile, ProviderKind, Question, QuestionKind, QuestionOption, SavedExports, SessionDetail, SessionStatus,
    SessionSummary, Settings, SourceLine, SourceSection, SpecFile, StartedSession, Text, Theme,
};
use specwright_scenario as scenario;
use ts_rs::{Config, TS};

/// A command the desktop shell exposes. The shell registers exactly these names.
pub struct CommandSpec {
    pub name: &'static str,
    /// `(argument name, TypeScript type)`.
    pub args: &'static [(&'static str, &'static str)],
    pub returns: &'static str,
    pub doc: &'static str,
}

pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec { name: "list_sessions", args: &[], returns: "SessionSummary[]", doc: "All sessions, newest first." },
    CommandSpec {
        name: "get_session",
        args: &[("sessionId", "string")],
        returns: "SessionDetail",
        doc: "One session with its whole event log.",
    },
    CommandSpec {
        name: "subscribe",
        args: &[("sessionId", "string"), ("afterSeq", "number"), ("onEvent", "Channel<Envelope>")],
        returns: "void",
        doc: "Replays events after `afterSeq`, then streams live ones until the session's run ends.",
    },
    CommandSpec {
        name: "answer_question",
        args: &[("sessionId", "string"), ("questionId", "string"), ("answer", "string")],
        returns: "void",
        doc: "Answers the question a session waits at (an option's value or free text); the session resumes.",
    },
    CommandSpec {
        name: "read_frame",
        args: &[("sessionId", "string"), ("file", "string")],
        returns: "ArrayBuffer",
        doc: "A mirror frame's JPEG bytes (raw, never base64).",
    },
    CommandSpec {
        name: "start_session",
        args: &[("request", "NewSessionRequest")],
        returns: "StartedSession",
        doc: "Reads the files, checks the target, and starts a session with the engine of the settings.",
    },
    CommandSpec {
        name: "resume_session",
        args: &[("sessionId", "string")],
        returns: "StartedSession",
        doc: "Runs a waiting, interrupted, failed or cancelled session again, its answers remembered.",
    },
    CommandSpec {
        name: "duplicate_session",
        args: &[("sessionId", "string")],
        returns: "StartedSession",
        doc: "A new session from the same documents and target.",
    },
    CommandSpec {
        name: "cancel_session",
        args: &[("sessionId", "string")],
        returns: "boolean",
        doc: "Cancels the session's running run; false when none runs.",
    },
    CommandSpec {
        name: "delete_session",
        args: &[("sessionId", "string")],
        returns: "void",
        doc: "Deletes a session that is not running, with its events, scenario and frames.",
    },
    CommandSpec {
        name: "export_code",
        args: &[("sessionId", "string"), ("format", "string")],
        returns: "CodeFile[]",
        doc: "The session's scenario as code (playwright, robot, gherkin-ko, gherkin-en, markdown, mermaid).",
    },
    CommandSpec {
        name: "save_exports",
        args: &[("sessionId", "string")],
        returns: "SavedExports | null",
        doc: "Asks for a folder (the system's folder picker) and writes every export of the session into a new folder inside it; null when the person cancels.",
    },
    CommandSpec {
        name: "read_source",
        args: &[("sessionId", "string"), ("document", "string"), ("anchor", "string")],
        returns: "SourceSection",
        doc: "The section of a session's document a citation points into, line by line.",
    },
    CommandSpec {
        name: "replay_session",
        args: &[("sessionId", "string")],
        returns: "StartedSession",
        doc: "Trial-runs the stored scenario again (no engine), with per-step results as events.",
    },
    CommandSpec {
        name: "get_settings",
        args: &[],
        returns: "Settings",
        doc: "The saved settings (defaults when none).",
    },
    CommandSpec {
        name: "save_settings",
        args: &[("settings", "Settings")],
        returns: "Settings",
        doc: "Checks and saves the settings; returns them as stored.",
    },
    CommandSpec {
        name: "api_key_status",
        args: &[("baseUrl", "string")],
        returns: "ApiKeyStatus",
        doc: "Whether the OS keychain holds a key for this endpoint (masked).",
    },
    CommandSpec {
        name: "store_api_key",
        args: &[("baseUrl", "string"), ("key", "string")],
        returns: "ApiKeyStatus",
        doc: "Stores the key for this endpoint in the OS keychain.",
    },
    CommandSpec {
        name: "forget_api_key",
        args: &[("baseUrl", "string")],
        returns: "ApiKeyStatus",
        doc: "Removes the key for this endpoint from the OS keychain.",
    },
    CommandSpec {
        name: "check_provider",
        args: &[("settings", "Settings")],
        returns: "string",
        doc: "One small request with these settings and the stored key; the model's reply.",
    },
];

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
        scenario::TrialStepResult::decl(&cfg),
        scenario::TrialRun::decl(&cfg),
        scenario::TrialReport::decl(&cfg),
        scenario::Severity::decl(&cfg),
        scenario::Finding::decl(&cfg),
        Text::decl(&cfg),
        Message::decl(&cfg),
        Arg::decl(&cfg),
        Envelope::decl(&cfg),
        Event::decl(&cfg),
        FrameBox::decl(&cfg),
        IngestStage::decl(&cfg),
        Question::decl(&cfg),
        QuestionKind::decl(&cfg),
        QuestionOption::decl(&cfg),
        OutputFile::decl(&cfg),
        SessionStatus::decl(&cfg),
        SessionSummary::decl(&cfg),
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
    for command in COMMANDS {
        let params: Vec<String> = command.args.iter().map(|(name, ty)| format!("{name}: {ty}")).collect();
        let names: Vec<&str> = command.args.iter().map(|(name, _)| *name).collect();
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

fn camel(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}
