//! `specwright`: the headless shell over the runtime, for terminals, scripts and CI.

mod render;

use clap::{Parser, Subcommand};
use specwright_protocol::Event;
use specwright_runtime::{resolve_data_dir, OutDir, RunStarted, Runtime, RuntimeError, SessionRequest};
use specwright_store::{RandomIds, SystemClock};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Parser)]
#[command(
    name = "specwright",
    version,
    about = "Turns a planning document into a verified, runnable end-to-end browser test."
)]
struct Cli {
    /// Where sessions, frames and logs are kept (default: the platform data dir, or SPECWRIGHT_DATA_DIR).
    #[arg(long, global = true, value_name = "DIR")]
    data_dir: Option<PathBuf>,
    /// Print events as JSON lines instead of text.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the bundled demo app and run a session on the bundled sample spec.
    Demo {
        /// Output folder (default: out/<session id>).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Port for the demo app (default: any free port).
        #[arg(long, default_value_t = 0)]
        port: u16,
    },
    /// Run a session: read the specs, drive the application at URL, trial-run, export.
    Run {
        #[arg(long = "spec", value_name = "FILE", required = true, num_args = 1..)]
        specs: Vec<PathBuf>,
        #[arg(long, value_name = "URL")]
        url: String,
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        #[arg(long)]
        title: Option<String>,
    },
    /// List sessions, newest first.
    Sessions,
    /// Show one session and its event log.
    Show { id: String },
}

const EXIT_FAILED: u8 = 1;
const EXIT_BAD_INPUT: u8 = 2;
const EXIT_CANCELLED: u8 = 130;

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The driver's location goes into the environment before any thread exists.
    if matches!(cli.command, Command::Demo { .. } | Command::Run { .. }) {
        let _ = specwright_browser::prepare_driver();
    }
    let data_dir = resolve_data_dir(cli.data_dir.as_deref());
    let _log = match specwright_runtime::init_logging(&data_dir, false) {
        Ok(guard) => Some(guard),
        Err(e) => {
            eprintln!("warning: logging is off ({e})");
            None
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_FAILED);
        }
    };
    runtime.block_on(async move {
        match execute(cli, data_dir).await {
            Ok(code) => ExitCode::from(code),
            Err(e) => {
                tracing::warn!(code = e.code(), error = %e, "command failed");
                eprintln!("error: {e}");
                ExitCode::from(EXIT_BAD_INPUT)
            }
        }
    })
}

async fn execute(cli: Cli, data_dir: PathBuf) -> Result<u8, RuntimeError> {
    let runtime = Runtime::open(&data_dir, Arc::new(SystemClock), Arc::new(RandomIds))?;
    match cli.command {
        Command::Demo { out, port } => {
            let out = OutDir::PerSession(out.unwrap_or_else(|| PathBuf::from("out")));
            let (app, started) = runtime.start_demo(out, port).await?;
            if !cli.json {
                println!("데모 앱 / demo app: {}", app.url());
            }
            let code = follow(&runtime, &started, cli.json).await?;
            drop(app);
            if code == 0 {
                println!("출력 폴더 / output folder: {}", started.out_dir.display());
            }
            Ok(code)
        }
        Command::Run { specs, url, out, title } => {
            let mut documents = Vec::new();
            for path in &specs {
                documents.push(specwright_intake::read_spec(path)?);
            }
            let started = runtime
                .start_session(SessionRequest {
                    title,
                    documents,
                    target_url: url,
                    out_dir: OutDir::Exact(out.clone()),
                    browser: None,
                })
                .await?;
            let code = follow(&runtime, &started, cli.json).await?;
            if code == 0 {
                println!("출력 폴더 / output folder: {}", out.display());
            }
            Ok(code)
        }
        Command::Sessions => {
            let sessions = runtime.sessions()?;
            if cli.json {
                println!("{}", serde_json::to_string(&sessions).unwrap_or_default());
            } else {
                print!("{}", render::sessions_table(&sessions));
            }
            Ok(0)
        }
        Command::Show { id } => {
            let detail = runtime.session_detail(&id)?;
            if cli.json {
                println!("{}", serde_json::to_string(&detail).unwrap_or_default());
            } else {
                print!("{}", render::session(&detail));
            }
            Ok(0)
        }
    }
}

/// Prints the run's events until its terminal event; Ctrl-C cancels the run (the session keeps
/// everything recorded so far).
async fn follow(runtime: &Arc<Runtime>, started: &RunStarted, json: bool) -> Result<u8, RuntimeError> {
    let mut subscription = runtime.store().subscribe(&started.session_id, 0)?;
    let mut cancelled_by_user = false;
    loop {
        let next = tokio::select! {
            next = subscription.next() => next?,
            _ = tokio::signal::ctrl_c(), if !cancelled_by_user => {
                cancelled_by_user = true;
                runtime.cancel(&started.run_id);
                eprintln!("취소하는 중… / cancelling…");
                continue;
            }
        };
        let Some(envelope) = next else {
            return Ok(EXIT_FAILED);
        };
        if json {
            println!("{}", serde_json::to_string(&envelope).unwrap_or_default());
        } else if let Some(line) = render::event_line(&envelope) {
            println!("{line}");
        }
        if envelope.run_id == started.run_id && envelope.event.is_terminal() {
            runtime.wait(&started.run_id).await;
            return Ok(match envelope.event {
                Event::SessionCompleted { .. } => 0,
                Event::RunCancelled { .. } => EXIT_CANCELLED,
                _ => EXIT_FAILED,
            });
        }
    }
}
