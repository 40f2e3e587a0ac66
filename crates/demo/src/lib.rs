//! The bundled demo web app (a small shop admin), served on 127.0.0.1 so `make demo`, a
//! salesperson's offline demo, the tests and the benchmarks have a real application to drive with
//! no network, with the sample specs written for it. Its files are embedded: a binary needs no
//! checkout. Tests add their reference pages and the app's deliberate defects (`Extras`); shipped
//! builds serve the app alone.

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;
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

/// Why the demo app could not be served.
#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    #[error("port {0} is in use")]
    PortInUse(u16),
    #[error("127.0.0.1:{port} cannot be served ({reason})")]
    Unavailable { port: u16, reason: String },
}

const FILES: &[(&str, &str, &[u8])] = &[
    ("/index.html", "text/html; charset=utf-8", include_bytes!("../../../tests/demo-app/index.html")),
    ("/app.js", "text/javascript; charset=utf-8", include_bytes!("../../../tests/demo-app/app.js")),
    ("/style.css", "text/css; charset=utf-8", include_bytes!("../../../tests/demo-app/style.css")),
];

/// More for the server to serve than the app: files under their paths (a test's reference
/// pages) and switches the app's script reads before it runs (deliberate defects, so a test can
/// prove a scenario that passes on the app fails on a broken one). Shipped builds pass none.
#[derive(Debug, Default, Clone)]
pub struct Extras {
    /// `(path, content type, body)`.
    pub files: Vec<(&'static str, &'static str, &'static [u8])>,
    /// Names set in `window.SPECWRIGHT_FAULTS`.
    pub switches: Vec<&'static str>,
    /// Requests besides GET the server answers (a test's API), as `("POST /api/notes", 201)`;
    /// any other is 405.
    pub answers: Vec<(&'static str, u16)>,
}

/// A running demo server; it stops when dropped.
pub struct DemoApp {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
}

impl DemoApp {
    /// Serves on `port` (0 picks a free one).
    pub async fn serve(port: u16) -> Result<Self, DemoError> {
        Self::serve_with(port, Extras::default()).await
    }

    /// Serves the app and the extras.
    pub async fn serve_with(port: u16, extras: Extras) -> Result<Self, DemoError> {
        let site = Site { index: index_html(&extras.switches), extras: extras.files, answers: extras.answers };
        let listener = TcpListener::bind(("127.0.0.1", port)).await.map_err(|e| {
            if e.kind() == std::io::ErrorKind::AddrInUse {
                DemoError::PortInUse(port)
            } else {
                DemoError::Unavailable { port, reason: e.to_string() }
            }
        })?;
        let addr = listener.local_addr().map_err(|e| DemoError::Unavailable { port, reason: e.to_string() })?;
        let (stop, mut stopped) = watch::channel(false);
        let site = Arc::new(site);
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = stopped.changed() => break,
                    accepted = listener.accept() => {
                        if let Ok((stream, _)) = accepted {
                            tokio::spawn(serve_connection(stream, Arc::clone(&site)));
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

/// What the server answers with: the page (its switches set), the embedded files, the extras.
struct Site {
    index: Vec<u8>,
    extras: Vec<(&'static str, &'static str, &'static [u8])>,
    answers: Vec<(&'static str, u16)>,
}

/// One connection, one request: no connection outlives a stopped server (a test that stops the
/// app sees it gone at once, as a person would).
async fn serve_connection(stream: tokio::net::TcpStream, site: Arc<Site>) {
    let service = hyper::service::service_fn(move |request: Request<Incoming>| {
        let site = Arc::clone(&site);
        async move {
            let (parts, body) = request.into_parts();
            // What was sent is read before the answer: a browser still sending a form's body to
            // a server that has already answered and hung up sees the connection reset instead.
            let _ = body.collect().await;
            Ok::<_, Infallible>(site.respond(&parts.method, parts.uri.path()))
        }
    });
    let _ = hyper::server::conn::http1::Builder::new()
        .keep_alive(false)
        .serve_connection(TokioIo::new(stream), service)
        .await;
}

impl Site {
    fn respond(&self, method: &Method, path: &str) -> Response<Full<Bytes>> {
        let asked = format!("{method} {path}");
        let answer = self.answers.iter().find(|(request, _)| *request == asked);
        let (status, content_type, body): (StatusCode, &str, Bytes) = if let Some((_, status)) = answer {
            let status = StatusCode::from_u16(*status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            (status, "application/json", Bytes::from_static(b"{}"))
        } else if method != &Method::GET && method != &Method::HEAD {
            (StatusCode::METHOD_NOT_ALLOWED, "text/plain", Bytes::from_static(b"method not allowed"))
        } else if path == "/index.html" {
            (StatusCode::OK, FILES[0].1, Bytes::from(self.index.clone()))
        } else if let Some((_, ty, body)) = FILES.iter().chain(&self.extras).find(|(p, _, _)| *p == path) {
            (StatusCode::OK, ty, Bytes::from_static(body))
        } else if path.rsplit('/').next().is_some_and(|last| last.contains('.')) {
            (StatusCode::NOT_FOUND, "text/plain", Bytes::from_static(b"not found"))
        } else {
            // Client-side routes (/login, /items/new) all load the single page.
            (StatusCode::OK, FILES[0].1, Bytes::from(self.index.clone()))
        };
        let length = body.len();
        let body = if method == &Method::HEAD { Bytes::new() } else { body };
        let mut response = Response::new(Full::new(body));
        *response.status_mut() = status;
        let headers = response.headers_mut();
        headers.insert(hyper::header::CONTENT_TYPE, hyper::header::HeaderValue::from_static(content_type));
        headers.insert(hyper::header::CONTENT_LENGTH, hyper::header::HeaderValue::from(length));
        headers.insert(hyper::header::CACHE_CONTROL, hyper::header::HeaderValue::from_static("no-store"));
        response
    }
}

/// The page, with the fault switches set before the app's script runs.
fn index_html(faults: &[&str]) -> Vec<u8> {
    let page = String::from_utf8_lossy(FILES[0].2).into_owned();
    if faults.is_empty() {
        return page.into_bytes();
    }
    let names: Vec<String> = faults.iter().map(|f| format!("\"{f}\"")).collect();
    let switch =
        format!("<script>window.SPECWRIGHT_FAULTS = [{}];</script>\n  <script src=\"/app.js\">", names.join(", "));
    page.replace("<script src=\"/app.js\">", &switch).into_bytes()
}
