//! A report printed to PDF by the same Chromium that ran the test: what a planner mails is the
//! page they would print, fonts, frames and page breaks included, with nothing else installed.

use crate::{Browser, BrowserConfig, BrowserError};
use playwright_rs::protocol::PdfOptions;

/// `html` (a self-contained page: inline styles, `data:` images) printed on A4 with its
/// backgrounds (verdict colours), in a fresh context of a browser started for it and closed
/// after.
pub async fn print_pdf(config: BrowserConfig, html: &str) -> Result<Vec<u8>, BrowserError> {
    let browser = Browser::launch(config).await?;
    let printed = async {
        let context = browser.raw().new_context().await.map_err(|e| BrowserError::Launch(e.to_string()))?;
        let page = context.new_page().await.map_err(|e| BrowserError::Launch(e.to_string()))?;
        page.set_content(html, None::<playwright_rs::protocol::GotoOptions>).await.map_err(|e| print_failed(e))?;
        let options = PdfOptions::builder().format("A4").print_background(true).build();
        page.pdf(options).await.map_err(|e| print_failed(e))
    }
    .await;
    browser.close().await;
    printed
}

fn print_failed(e: impl std::fmt::Display) -> BrowserError {
    BrowserError::Action { action: "print to PDF".into(), reason: e.to_string() }
}
