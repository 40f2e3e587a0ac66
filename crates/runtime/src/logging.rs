//! Tracing to a daily-rotating log file in the data dir (a week kept); `RUST_LOG` filters it.

use std::path::Path;
use tracing_appender::non_blocking::WorkerGuard;
use tracing_subscriber::{fmt, prelude::*, EnvFilter};

/// Installs the global subscriber. Keep the guard alive until exit so buffered lines are written.
/// With `console`, warnings also go to stderr.
pub fn init_logging(data_dir: &Path, console: bool) -> anyhow::Result<WorkerGuard> {
    let logs = data_dir.join("logs");
    std::fs::create_dir_all(&logs)?;
    let appender = tracing_appender::rolling::Builder::new()
        .rotation(tracing_appender::rolling::Rotation::DAILY)
        .filename_prefix("specwright")
        .filename_suffix("log")
        .max_log_files(7)
        .build(&logs)?;
    let (writer, guard) = tracing_appender::non_blocking(appender);
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,playwright_rs=warn"));
    let file_layer = fmt::layer().with_writer(writer).with_ansi(false);
    let console_layer = console.then(|| {
        fmt::layer().with_writer(std::io::stderr).with_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("warn,playwright_rs=error")),
        )
    });
    // A second init (tests, embedded use) keeps the first subscriber.
    let _ = tracing_subscriber::registry().with(filter).with(file_layer).with(console_layer).try_init();
    Ok(guard)
}
