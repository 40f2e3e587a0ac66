//! What can stop a run of either engine, each told to a person with the step and line involved.
//! Callers branch on the variant (a question waits, a cancel ends quietly, a refusal fails).

use specwright_browser::BrowserError;

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("기획서에서 단계 목록이나 테스트 케이스 표를 찾지 못했습니다. '1. ...' 형식의 단계 목록이나 동작/기대결과 열이 있는 표를 추가하세요. / No step list or test-case sheet was found in the spec: add a list such as '1. ...' or a sheet with Action and Expected result columns.")]
    NoSteps,
    #[error("{line}행의 단계를 이해하지 못했습니다: \"{text}\". 대상은 따옴표로 감싸 주세요(예: '로그인' 버튼을 클릭한다). / Step on line {line} was not understood: \"{text}\". Quote the target, e.g. Click 'Sign in'.")]
    NotUnderstood { line: u32, text: String },
    #[error("{line}행: {message}")]
    Grounding { line: u32, message: String },
    #[error("{line}행 단계 실행 실패 / step on line {line} failed: {source}")]
    Browser { line: u32, source: BrowserError },
    #[error("{line}행: {reason}")]
    NeedsConfirmation { line: u32, reason: String },
    /// The application refused a step the spec expects to succeed; the message is its own.
    #[error("{line}행: 앱이 이 단계를 받아들이지 않았습니다: {message} / line {line}: the application refused this step: {message}")]
    Refused { line: u32, message: String },
    /// The run stopped at a question nobody could answer yet; the session is resumable.
    #[error(
        "답이 필요한 질문이 있습니다: {} / A question needs an answer: {}",
        specwright_catalog::render(&.0.text, specwright_catalog::Locale::Ko),
        specwright_catalog::render(&.0.text, specwright_catalog::Locale::En)
    )]
    Unanswered(Box<specwright_protocol::Question>),
    #[error("실행이 취소되었습니다. / The run was cancelled.")]
    Cancelled,
    /// A person answered to skip the step; it is recorded as an assumption and the run goes on.
    #[error("{line}행: 답변에 따라 건너뜀 / line {line}: skipped as answered")]
    Skipped { line: u32 },
    #[error("{0}")]
    Sink(String),
}

impl RunError {
    pub fn code(&self) -> &'static str {
        match self {
            RunError::NoSteps => "no_steps",
            RunError::NotUnderstood { .. } => "step_not_understood",
            RunError::Grounding { .. } => "grounding_failed",
            RunError::Browser { .. } => "browser_action_failed",
            RunError::NeedsConfirmation { .. } => "confirmation_required",
            RunError::Refused { .. } => "app_refused",
            RunError::Unanswered(_) => "needs_answer",
            RunError::Cancelled => "cancelled",
            RunError::Skipped { .. } => "skipped",
            RunError::Sink(_) => "storage_failed",
        }
    }
}
