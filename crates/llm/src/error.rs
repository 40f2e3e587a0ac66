//! What can stop a model call, each with a stable code and a sentence a person can act on.
//! Failures that pass (rate limits, server errors, timeouts, cut streams) are retried before
//! they ever become one of these.

#[derive(Debug, thiserror::Error)]
pub enum LlmError {
    #[error("모델 서버가 API 키를 거부했습니다({status}). 설정에서 키를 확인하세요. / The model server refused the API key ({status}); check it in Settings.")]
    Unauthorized { status: u16 },
    #[error("모델 서버가 요청을 거부했습니다({status}): {message}. 모델 이름과 기본 URL을 확인하세요. / The model server rejected the request ({status}): {message}. Check the model name and base URL.")]
    Rejected { status: u16, message: String },
    #[error("모델 서버가 {attempts}번 시도에도 응답하지 않았습니다({last}). 잠시 후 다시 시도하거나 서버 상태를 확인하세요. / The model server failed {attempts} attempts ({last}); try again later or check the server.")]
    Exhausted { attempts: u32, last: String },
    #[error("모델 요청을 만들지 못했습니다: {0} / Could not build the model request: {0}")]
    Request(String),
}

impl LlmError {
    pub fn code(&self) -> &'static str {
        match self {
            LlmError::Unauthorized { .. } => "llm_unauthorized",
            LlmError::Rejected { .. } => "llm_rejected",
            LlmError::Exhausted { .. } => "llm_unavailable",
            LlmError::Request(_) => "llm_request",
        }
    }
}
