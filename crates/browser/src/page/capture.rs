//! What a page looks like, for machines and for people: Playwright's AI-mode snapshot, and the
//! JPEG frames of the live mirror (scaled, masked, the candidates of a question outlined).

use super::*;
use crate::{FRAME_STYLE, MASKED};

impl PageSession {
    /// Playwright's AI-mode ARIA snapshot: YAML with `[ref=eN]` for every element.
    pub async fn snapshot(&self) -> Result<String, BrowserError> {
        // A page caught between documents (a submit's answer still loading) has no body yet:
        // read it again once the next document has loaded, a few times at most.
        let mut tries = 0;
        loop {
            let read = self
                .bounded("snapshot", async {
                    self.tab()
                        .aria_snapshot(AriaSnapshotOptions::default().mode(AriaSnapshotMode::Ai))
                        .await
                        .map_err(|e| action_error("snapshot", e))
                })
                .await;
            let between = |e: &BrowserError| {
                let said = e.to_string();
                ["does not match any element", "Execution context was destroyed", "navigat"]
                    .iter()
                    .any(|w| said.contains(w))
            };
            match read {
                Err(e) if tries < 3 && between(&e) => {
                    tries += 1;
                    let _ = tokio::time::timeout(Duration::from_secs(5), self.wait_for_load()).await;
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                other => return other,
            }
        }
    }

    /// A JPEG of the viewport with password fields masked and the focused element outlined.
    pub async fn frame_jpeg(&self) -> Result<Vec<u8>, BrowserError> {
        self.bounded("screenshot", self.frame_jpeg_unbounded()).await
    }

    async fn frame_jpeg_unbounded(&self) -> Result<Vec<u8>, BrowserError> {
        // Downscaled through Chromium itself (no image library): a quarter of the pixels for a
        // panel that shows the page at well under full size. Other browsers take the full frame.
        if self.frame_scale < 1.0 {
            if let Ok(jpeg) = self.scaled_frame().await {
                return Ok(jpeg);
            }
        }
        let options = ScreenshotOptions::builder()
            .screenshot_type(ScreenshotType::Jpeg)
            .quality(70)
            .style(FRAME_STYLE)
            .mask(vec![self.tab().locator(MASKED)])
            .mask_color("#5b6170")
            .build();
        self.tab().screenshot(Some(options)).await.map_err(|e| action_error("screenshot", e))
    }

    /// A frame with the elements behind these snapshot refs outlined (dashed), for a question
    /// that asks which of them is meant. The marks are removed afterwards.
    pub async fn frame_with_candidates(&self, refs: &[String]) -> Result<Vec<u8>, BrowserError> {
        let mark = async {
            for reference in refs {
                let element = self.locator_for(&format!("aria-ref={reference}"));
                let _: Result<bool, _> = element
                    .evaluate("(el) => { el.setAttribute('data-specwright-candidate', ''); return true; }", None::<()>)
                    .await;
            }
            Ok(())
        };
        self.bounded("screenshot", mark).await?;
        let jpeg = self.frame_jpeg().await;
        let clear = "(() => { document.querySelectorAll('[data-specwright-candidate]').forEach((e) => e.removeAttribute('data-specwright-candidate')); return 1; })()";
        let _ = self.evaluate_text(clear).await;
        jpeg
    }

    /// The frame through CDP `Page.captureScreenshot` at `frame_scale`, with the same outline and
    /// password mask the full-size path gets, applied by a style that lives only for the capture.
    async fn scaled_frame(&self) -> Result<Vec<u8>, BrowserError> {
        use base64::Engine as _;
        let tab = self.tab();
        let style = format!("{FRAME_STYLE} {MASKED} {{ background: #5b6170 !important; color: transparent !important; -webkit-text-fill-color: transparent !important; caret-color: transparent !important; text-shadow: none !important; }}");
        let add = format!(
            "(() => {{ const s = document.createElement('style'); s.id = '__specwright_frame'; s.textContent = {}; document.documentElement.appendChild(s); return 1; }})()",
            serde_json::to_string(&style).unwrap_or_default()
        );
        let remove =
            "(() => { const s = document.getElementById('__specwright_frame'); if (s) s.remove(); return 1; })()";
        tab.evaluate_value(&add).await.map_err(|e| action_error("screenshot", e))?;
        let captured = async {
            let (width, height) = self.viewport;
            use playwright_rs::server::channel_owner::ChannelOwner;
            let guid = tab.guid().to_string();
            let cached = self
                .cdp
                .lock()
                .ok()
                .and_then(|c| c.as_ref().filter(|(g, _)| *g == guid).map(|(_, session)| session.clone()));
            let session = match cached {
                Some(session) => session,
                None => {
                    let session =
                        self.context.new_cdp_session(&tab).await.map_err(|e| action_error("screenshot", e))?;
                    if let Ok(mut slot) = self.cdp.lock() {
                        *slot = Some((guid, session.clone()));
                    }
                    session
                }
            };
            let params = serde_json::json!({
                "format": "jpeg",
                "quality": 70,
                "clip": { "x": 0, "y": 0, "width": width, "height": height, "scale": self.frame_scale },
            });
            let result = session.send("Page.captureScreenshot", Some(params)).await;
            if result.is_err() {
                // A session of a closed or crashed tab: the next frame opens a new one.
                if let Ok(mut slot) = self.cdp.lock() {
                    *slot = None;
                }
            }
            let data = result.map_err(|e| action_error("screenshot", e))?;
            // The driver wraps the CDP answer as `{ result: { data } }`.
            let text = data
                .get("result")
                .unwrap_or(&data)
                .get("data")
                .and_then(|d| d.as_str())
                .filter(|t| !t.is_empty())
                .ok_or_else(|| action_error_text("screenshot", "Chromium returned no image"))?;
            base64::engine::general_purpose::STANDARD
                .decode(text)
                .map_err(|e| action_error_text("screenshot", &e.to_string()))
        }
        .await;
        let _ = tab.evaluate_value(remove).await;
        captured
    }
}
