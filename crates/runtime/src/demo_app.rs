//! The bundled demo web app, served on 127.0.0.1 so `make demo`, tests and benchmarks have a
//! real application to drive with no network. Files are embedded: the binary needs no checkout.

use crate::RuntimeError;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

pub const DEMO_SPEC_NAME: &str = "shop-admin-prd.ko.md";
/// The sample PRD (Korean) that targets the demo app.
pub const DEMO_SPEC: &str = include_str!("../../../tests/fixtures/specs/shop-admin-prd.ko.md");

pub const DEMO_WORKBOOK_NAME: &str = "shop-admin-testcases.ko.xlsx";
/// The sample test-case workbook (Korean, 20 cases on two sheets) for the same app.
pub const DEMO_WORKBOOK: &[u8] = include_bytes!("../../../tests/fixtures/specs/shop-admin-testcases.ko.xlsx");
/// How the demo answers its own questions, as an answers file would: the bundled app is a
/// sandbox, so deleting its sample products is approved.
pub const DEMO_ANSWERS: &[(&str, &str)] = &[("삭제|delete", "yes")];

const FILES: &[(&str, &str, &[u8])] = &[
    ("/index.html", "text/html; charset=utf-8", include_bytes!("../../../tests/demo-app/index.html")),
    ("/app.js", "text/javascript; charset=utf-8", include_bytes!("../../../tests/demo-app/app.js")),
    ("/style.css", "text/css; charset=utf-8", include_bytes!("../../../tests/demo-app/style.css")),
];

/// Reference pages for the browser layer's tests and benchmarks, served under `/reference/`.
const REFERENCE: &[(&str, &str, &[u8])] = &[
    (
        "/reference/interactions.html",
        "text/html; charset=utf-8",
        include_bytes!("../../../tests/reference-pages/interactions.html"),
    ),
    ("/reference/help.html", "text/html; charset=utf-8", include_bytes!("../../../tests/reference-pages/help.html")),
    // What real apps throw at a snapshot: a 500-row table, a 40-field form, an iframe, a shadow root.
    (
        "/reference/long-table.html",
        "text/html; charset=utf-8",
        include_bytes!("../../../tests/reference-pages/long-table.html"),
    ),
    (
        "/reference/form-heavy.html",
        "text/html; charset=utf-8",
        include_bytes!("../../../tests/reference-pages/form-heavy.html"),
    ),
    (
        "/reference/iframe.html",
        "text/html; charset=utf-8",
        include_bytes!("../../../tests/reference-pages/iframe.html"),
    ),
    (
        "/reference/iframe-inner.html",
        "text/html; charset=utf-8",
        include_bytes!("../../../tests/reference-pages/iframe-inner.html"),
    ),
    // Grounding traps for the offline engine: same-named fields and buttons in different regions.
    ("/reference/traps.html", "text/html; charset=utf-8", include_bytes!("../../../tests/reference-pages/traps.html")),
    (
        "/reference/shadow.html",
        "text/html; charset=utf-8",
        include_bytes!("../../../tests/reference-pages/shadow.html"),
    ),
];

/// Deliberate defects the demo app can be served with, so tests can prove that a scenario which
/// passes on the correct app fails on a broken one (no false greens).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The login button reads "로그인하기" instead of "로그인".
    RenamedButton,
    /// A created item is confirmed but never appears in the list.
    MissingRow,
    /// The "product name is required" message is not shown.
    BrokenValidation,
    /// Logging in lands on the item list instead of the dashboard.
    WrongRedirect,
}

impl Fault {
    pub const ALL: [Fault; 4] =
        [Fault::RenamedButton, Fault::MissingRow, Fault::BrokenValidation, Fault::WrongRedirect];

    pub fn as_str(self) -> &'static str {
        match self {
            Fault::RenamedButton => "renamed_button",
            Fault::MissingRow => "missing_row",
            Fault::BrokenValidation => "broken_validation",
            Fault::WrongRedirect => "wrong_redirect",
        }
    }
}

/// A running demo server; it stops when dropped.
pub struct DemoApp {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
}

impl DemoApp {
    /// Serves on `port` (0 picks a free one).
    pub async fn serve(port: u16) -> Result<Self, RuntimeError> {
        Self::serve_with_faults(port, &[]).await
    }

    /// Serves the app with deliberate defects switched on.
    pub async fn serve_with_faults(port: u16, faults: &[Fault]) -> Result<Self, RuntimeError> {
        let index = index_html(faults);
        let listener = TcpListener::bind(("127.0.0.1", port)).await.map_err(|e| {
            if e.kind() == std::io::ErrorKind::AddrInUse {
                RuntimeError::PortInUse(port)
            } else {
                RuntimeError::Unreachable(format!("127.0.0.1:{port} ({e})"))
            }
        })?;
        let addr = listener.local_addr().map_err(|e| RuntimeError::Unreachable(e.to_string()))?;
        let (stop, mut stopped) = watch::channel(false);
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = stopped.changed() => break,
                    accepted = listener.accept() => {
                        if let Ok((stream, _)) = accepted {
                            tokio::spawn(respond(stream, Arc::clone(&index)));
                        }
                    }
                }
            }
        });
        tracing::info!(%addr, "demo app serving");
        Ok(Self { addr, stop })
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn port(&self) -> u16 {
        self.addr.port()
    }
}

impl Drop for DemoApp {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
    }
}

/// The page, with the fault switches set before the app's script runs.
fn index_html(faults: &[Fault]) -> Arc<Vec<u8>> {
    let page = String::from_utf8_lossy(FILES[0].2).into_owned();
    if faults.is_empty() {
        return Arc::new(page.into_bytes());
    }
    let names: Vec<String> = faults.iter().map(|f| format!("\"{}\"", f.as_str())).collect();
    let switch =
        format!("<script>window.SPECWRIGHT_FAULTS = [{}];</script>\n  <script src=\"/app.js\">", names.join(", "));
    Arc::new(page.replace("<script src=\"/app.js\">", &switch).into_bytes())
}

async fn respond(mut stream: TcpStream, index: Arc<Vec<u8>>) {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    // Requests are a line and a few headers; anything larger is not a browser talking to us.
    while !buf.windows(4).any(|w| w == b"\r\n\r\n") && buf.len() < 16 * 1024 {
        match stream.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    }
    let request = String::from_utf8_lossy(&buf);
    let mut parts = request.lines().next().unwrap_or("").split_whitespace();
    let method = parts.next().unwrap_or("");
    let path = parts.next().unwrap_or("/").split(['?', '#']).next().unwrap_or("/");
    let (status, content_type, body): (&str, &str, &[u8]) = if method != "GET" && method != "HEAD" {
        ("405 Method Not Allowed", "text/plain", b"method not allowed")
    } else if path == "/index.html" {
        ("200 OK", FILES[0].1, index.as_slice())
    } else if let Some((_, ty, body)) = FILES.iter().chain(REFERENCE).find(|(p, _, _)| *p == path) {
        ("200 OK", ty, body)
    } else if path.rsplit('/').next().is_some_and(|last| last.contains('.')) {
        ("404 Not Found", "text/plain", b"not found")
    } else {
        // Client-side routes (/login, /items/new) all load the single page.
        ("200 OK", FILES[0].1, index.as_slice())
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes()).await;
    if method != "HEAD" {
        let _ = stream.write_all(body).await;
    }
    let _ = stream.shutdown().await;
}
