//! Putting an application's data back before a run: a scenario that creates or deletes records
//! runs again on the data it was written for only if something resets that data. The person
//! names the command their team uses; every trial runs it, then waits until the app answers
//! again (a reset often restarts the server).

use crate::{written, Sink};
use specwright_catalog::Locale;
use std::time::{Duration, Instant};

/// Longer than a database reload or a server restart takes; past it the reset has failed.
const RESET_LIMIT: Duration = Duration::from_secs(300);
/// How long a restarted app may take to answer again.
const ANSWER_LIMIT: Duration = Duration::from_secs(90);

/// Runs `command` in a shell and waits until `target_url` answers. On failure: the sentence a
/// person reads (the command's exit and the last thing it printed).
pub async fn reset_app(command: &str, target_url: &str, sink: &mut dyn Sink, language: Locale) -> Result<(), String> {
    let mut child = tokio::process::Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| failed(language, command, &e.to_string()))?;
    let output = {
        let mut stdout = child.stdout.take();
        let mut stderr = child.stderr.take();
        let read = async move {
            use tokio::io::AsyncReadExt;
            let (mut out, mut err) = (Vec::new(), Vec::new());
            if let Some(s) = stdout.as_mut() {
                let _ = s.read_to_end(&mut out).await;
            }
            if let Some(s) = stderr.as_mut() {
                let _ = s.read_to_end(&mut err).await;
            }
            (out, err)
        };
        tokio::pin!(read);
        let started = Instant::now();
        // The person may press stop while a reset runs: polled, as every other wait is.
        loop {
            tokio::select! {
                texts = &mut read => break texts,
                _ = tokio::time::sleep(Duration::from_millis(200)) => {
                    if sink.cancelled() {
                        let _ = child.kill().await;
                        return Err(failed(language, command, "stopped"));
                    }
                    if started.elapsed() > RESET_LIMIT {
                        let _ = child.kill().await;
                        return Err(failed(language, command, &format!("no end within {} s", RESET_LIMIT.as_secs())));
                    }
                }
            }
        }
    };
    let status = child.wait().await.map_err(|e| failed(language, command, &e.to_string()))?;
    if !status.success() {
        let said = last_line(&output.1).or_else(|| last_line(&output.0)).unwrap_or_default();
        let code = status.code().map_or_else(|| "a signal".to_string(), |c| format!("exit {c}"));
        return Err(failed(
            language,
            command,
            &format!("{code}{}", if said.is_empty() { String::new() } else { format!(": {said}") }),
        ));
    }
    until_answers(target_url, sink, language).await
}

fn failed(language: Locale, command: &str, why: &str) -> String {
    written(language, "trial-reset-failed", [("why", why.into()), ("command", command.into())])
}

fn last_line(bytes: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    let line = text.lines().rev().map(str::trim).find(|l| !l.is_empty())?;
    Some(line.chars().take(200).collect())
}

/// `host:port` of an http(s) URL.
fn authority(url: &str) -> Option<(String, u16)> {
    let (scheme, rest) = url.split_once("://")?;
    let host_port = rest.split(['/', '?', '#']).next()?;
    let host_port = host_port.rsplit_once('@').map_or(host_port, |(_, h)| h);
    let default = if scheme.eq_ignore_ascii_case("https") { 443 } else { 80 };
    if let Some(bracketed) = host_port.strip_prefix('[') {
        let (host, rest) = bracketed.split_once(']')?;
        let port = rest.strip_prefix(':').map_or(Some(default), |p| p.parse().ok())?;
        return Some((host.to_string(), port));
    }
    match host_port.split_once(':') {
        Some((host, port)) => Some((host.to_string(), port.parse().ok()?)),
        None => Some((host_port.to_string(), default)),
    }
}

/// Waits until the app accepts connections and answers an HTTP request (any status: a login
/// redirect or a 404 is an app that is up).
async fn until_answers(target_url: &str, sink: &mut dyn Sink, language: Locale) -> Result<(), String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let Some((host, port)) = authority(target_url) else { return Ok(()) };
    let started = Instant::now();
    loop {
        if let Ok(Ok(mut stream)) =
            tokio::time::timeout(Duration::from_secs(2), tokio::net::TcpStream::connect((host.as_str(), port))).await
        {
            let request = format!("HEAD / HTTP/1.0\r\nHost: {host}:{port}\r\n\r\n");
            let mut head = [0u8; 12];
            let answered = stream.write_all(request.as_bytes()).await.is_ok()
                && matches!(
                    tokio::time::timeout(Duration::from_secs(5), stream.read(&mut head)).await,
                    Ok(Ok(n)) if head[..n].starts_with(b"HTTP/")
                );
            if answered {
                return Ok(());
            }
        }
        if sink.cancelled() {
            return Err("stopped".into());
        }
        if started.elapsed() > ANSWER_LIMIT {
            return Err(written(
                language,
                "trial-reset-no-answer",
                [("url", target_url.into()), ("seconds", ANSWER_LIMIT.as_secs().into())],
            ));
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn authorities() {
        assert_eq!(authority("http://127.0.0.1:8080/admin/?x=1"), Some(("127.0.0.1".into(), 8080)));
        assert_eq!(authority("https://shop.example"), Some(("shop.example".into(), 443)));
        assert_eq!(authority("http://[::1]:3000/"), Some(("::1".into(), 3000)));
        assert_eq!(authority("about:blank"), None);
    }

    #[test]
    fn last_lines() {
        assert_eq!(last_line(b"copying\nERROR: no seed\n\n").as_deref(), Some("ERROR: no seed"));
        assert_eq!(last_line(b"  \n"), None);
    }
}
