//! The context window a local model server runs with, asked the way each server says it:
//! llama.cpp's `/props`, Ollama's `/api/show`, LM Studio's `/api/v0/models`. Every request is
//! fitted to it; a server that says nothing leaves the engine's default budget.

use serde_json::{json, Value};
use std::time::Duration;

/// Ollama's context when a model sets none: it cuts longer prompts silently.
const OLLAMA_DEFAULT_CONTEXT: u32 = 4096;

/// The window in tokens, from the first server kind that answers.
pub(crate) async fn ask_server(base_url: &str, model: &str) -> Option<u32> {
    let root = base_url.trim_end_matches('/').trim_end_matches("/v1").trim_end_matches('/');
    let client = reqwest::Client::builder().timeout(Duration::from_secs(3)).build().ok()?;
    let get = |path: &str| {
        let request = client.get(format!("{root}{path}"));
        async move { read(request).await }
    };
    if let Some(props) = get("/props").await {
        let n_ctx = props["default_generation_settings"]["n_ctx"].as_u64().or_else(|| props["n_ctx"].as_u64());
        if let Some(n) = n_ctx.and_then(|n| u32::try_from(n).ok()).filter(|n| *n > 0) {
            return Some(n);
        }
    }
    if let Some(show) = read(client.post(format!("{root}/api/show")).json(&json!({"model": model}))).await {
        return Some(ollama_window(&show));
    }
    if let Some(models) = get("/api/v0/models").await {
        let listed = models["data"].as_array().into_iter().flatten();
        let entry = listed.clone().find(|m| m["id"].as_str() == Some(model)).or_else(|| listed.clone().next());
        let n = entry.and_then(|m| m["loaded_context_length"].as_u64().or_else(|| m["max_context_length"].as_u64()));
        if let Some(n) = n.and_then(|n| u32::try_from(n).ok()).filter(|n| *n > 0) {
            return Some(n);
        }
    }
    None
}

async fn read(request: reqwest::RequestBuilder) -> Option<Value> {
    let response = request.send().await.ok()?;
    if !response.status().is_success() {
        return None;
    }
    serde_json::from_str(&response.text().await.ok()?).ok()
}

/// `num_ctx` from the model's parameters (what it runs with), else Ollama's default, never more
/// than the model was trained for.
fn ollama_window(show: &Value) -> u32 {
    let configured = show["parameters"].as_str().and_then(|p| {
        p.lines().find_map(|line| {
            let mut words = line.split_whitespace();
            (words.next() == Some("num_ctx")).then(|| words.next()?.parse::<u32>().ok()).flatten()
        })
    });
    let trained = show["model_info"]
        .as_object()
        .and_then(|info| info.iter().find(|(k, _)| k.ends_with(".context_length")).and_then(|(_, v)| v.as_u64()));
    let window = configured.unwrap_or(OLLAMA_DEFAULT_CONTEXT);
    trained.and_then(|t| u32::try_from(t).ok()).map_or(window, |t| window.min(t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ollama_runs_with_num_ctx_else_its_default_within_the_trained_length() {
        let show =
            json!({"parameters": "stop \"<|im_end|>\"\nnum_ctx 8192", "model_info": {"qwen2.context_length": 32768}});
        assert_eq!(ollama_window(&show), 8192);
        let plain = json!({"model_info": {"llama.context_length": 131072}});
        assert_eq!(ollama_window(&plain), OLLAMA_DEFAULT_CONTEXT);
        let short = json!({"parameters": "num_ctx 8192", "model_info": {"gemma.context_length": 2048}});
        assert_eq!(ollama_window(&short), 2048);
    }
}
