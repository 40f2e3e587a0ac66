//! Runtime errors: each maps to a stable code and a sentence a person can act on.

use specwright_agent::AgentError;
use specwright_browser::BrowserError;
use specwright_intake::IntakeError;
use specwright_knowledge::KnowledgeError;
use specwright_protocol::ApiError;
use specwright_rails::RunError;
use specwright_store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    #[error(transparent)]
    Spec(#[from] IntakeError),
    #[error("대상 URL이 올바르지 않습니다: {0}. http://host:port 형식으로 입력하세요. / Invalid target URL: {0}. Use http://host:port.")]
    InvalidUrl(String),
    #[error("대상 애플리케이션에 연결할 수 없습니다: {0}. 앱이 실행 중인지, 주소가 맞는지 확인하세요. / Cannot reach {0}: check that the application is running and the address is right.")]
    Unreachable(String),
    #[error("포트 {0}이(가) 이미 사용 중입니다. 다른 포트를 지정하거나 그 포트를 쓰는 프로그램을 종료하세요. / Port {0} is already in use: pick another port or stop the program using it.")]
    PortInUse(u16),
    #[error("출력 폴더를 만들 수 없습니다: {path} ({reason}). / Cannot write the output folder {path}: {reason}.")]
    OutDir { path: String, reason: String },
    #[error("세션을 찾을 수 없습니다: {0}. `specwright sessions`로 목록을 확인하세요. / Session {0} does not exist: list sessions with `specwright sessions`.")]
    SessionNotFound(String),
    #[error("세션 {0}에 저장된 시나리오가 없습니다. 먼저 세션을 완료하세요. / Session {0} has no stored scenario yet: complete a session first.")]
    NoScenario(String),
    #[error("인자가 올바르지 않습니다: {0} (NAME=VALUE 형식) / Invalid argument {0}: use NAME=VALUE.")]
    BadArgument(String),
    #[error("세션 번들을 열 수 없습니다: {0}. 파일이 Specwright에서 만든 .swbundle인지 확인하세요. / Cannot open the session bundle: {0}. Check that it is a .swbundle made by Specwright.")]
    Bundle(String),
    #[error("아직 시험 실행 결과가 없습니다. `specwright replay`로 먼저 실행하세요. / There is no trial run yet: run `specwright replay` first.")]
    NoTrial,
    #[error("알 수 없는 내보내기 형식입니다: {0}. 가능한 형식: {1} / Unknown export format {0}; use one of: {1}")]
    UnknownFormat(String, String),
    #[error("첨부된 기획서가 없습니다. --spec으로 파일을 지정하세요. / No spec attached: pass one with --spec.")]
    NoSpecs,
    #[error(transparent)]
    Knowledge(#[from] KnowledgeError),
    #[error("문서 색인이 중단되었습니다: {0}. 다시 실행하세요. / Indexing the documents stopped: {0}. Run it again.")]
    Indexing(String),
    #[error(transparent)]
    Browser(#[from] BrowserError),
    #[error(transparent)]
    Run(#[from] RunError),
    /// The LLM engine could not go on (the model server, the prompt, a loop that never ends).
    #[error("{message}")]
    Llm { code: &'static str, message: String },
    #[error(transparent)]
    Keychain(#[from] crate::KeychainError),
    #[error("모델 확인에 실패했습니다: {0} / The model check failed: {0}")]
    LlmCheck(String),
    #[error("저장소 오류: {0}. 데이터 폴더의 권한과 여유 공간을 확인하세요. / Storage error: {0}. Check the data folder's permissions and free space.")]
    Store(StoreError),
}

impl From<StoreError> for RuntimeError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::SessionNotFound(id) => RuntimeError::SessionNotFound(id),
            e => RuntimeError::Store(e),
        }
    }
}

impl From<AgentError> for RuntimeError {
    fn from(e: AgentError) -> Self {
        match e {
            AgentError::Run(e) => RuntimeError::Run(e),
            AgentError::Llm { code, message } => RuntimeError::Llm { code, message },
        }
    }
}

impl RuntimeError {
    pub fn code(&self) -> &'static str {
        match self {
            RuntimeError::Spec(_) => "spec_unreadable",
            RuntimeError::InvalidUrl(_) => "invalid_url",
            RuntimeError::Unreachable(_) => "target_unreachable",
            RuntimeError::PortInUse(_) => "port_in_use",
            RuntimeError::OutDir { .. } => "out_dir_unwritable",
            RuntimeError::SessionNotFound(_) => "session_not_found",
            RuntimeError::NoSpecs => "no_specs",
            RuntimeError::NoTrial => "no_trial",
            RuntimeError::Bundle(_) => "bundle_invalid",
            RuntimeError::BadArgument(_) => "bad_argument",
            RuntimeError::UnknownFormat(..) => "unknown_format",
            RuntimeError::NoScenario(_) => "no_scenario",
            RuntimeError::Browser(BrowserError::ChromiumMissing) => "chromium_missing",
            RuntimeError::Browser(BrowserError::DriverMissing) => "driver_missing",
            RuntimeError::Browser(BrowserError::NodeMissing) => "node_missing",
            RuntimeError::Browser(BrowserError::MissingValue(_)) => "missing_value",
            RuntimeError::Browser(_) => "browser_failed",
            RuntimeError::Run(e) => e.code(),
            RuntimeError::Llm { code, .. } => code,
            RuntimeError::Knowledge(e) => e.code(),
            RuntimeError::Indexing(_) => "indexing_failed",
            RuntimeError::Store(_) => "storage_failed",
            RuntimeError::Keychain(e) => e.code(),
            RuntimeError::LlmCheck(_) => "llm_check_failed",
        }
    }

    pub fn to_api(&self) -> ApiError {
        ApiError { code: self.code().to_string(), message: self.to_string() }
    }
}
