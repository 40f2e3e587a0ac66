//! Whether the application answers at its address, asked before a session or a run exists so a
//! wrong address is a sentence at once, not a run that fails later.

use crate::RuntimeError;
use std::time::Duration;

/// A TCP connection to the target's host and port, so a wrong URL fails before a session exists.
pub(crate) async fn check_reachable(url: &str) -> Result<(), RuntimeError> {
    let rest = url.strip_prefix("http://").map(|r| (r, 80)).or_else(|| url.strip_prefix("https://").map(|r| (r, 443)));
    let Some((rest, default_port)) = rest else {
        return Err(RuntimeError::InvalidUrl(url.to_string()));
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    if authority.is_empty() {
        return Err(RuntimeError::InvalidUrl(url.to_string()));
    }
    let address = if authority.rsplit_once(':').is_some_and(|(_, p)| p.parse::<u16>().is_ok()) {
        authority.to_string()
    } else {
        format!("{authority}:{default_port}")
    };
    match tokio::time::timeout(Duration::from_secs(3), tokio::net::TcpStream::connect(&address)).await {
        Ok(Ok(_)) => Ok(()),
        _ => Err(RuntimeError::Unreachable(url.to_string())),
    }
}
