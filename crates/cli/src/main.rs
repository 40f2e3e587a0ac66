//! `specwright`: the headless shell over the runtime, for terminals, scripts and CI.

mod key;
mod render;

use clap::{Parser, Subcommand};
use specwright_browser::{Environment, Secrets};
use specwright_catalog::Locale;
use specwright_knowledge::SearchMode;
use specwright_llm::{LlmConfig, Provider};
use specwright_protocol::Event;
use specwright_runtime::EngineChoice;
use specwright_runtime::{
    resolve_data_dir, secrets_from, Answers, DemoApp, ExportFormat, Keychain, OutDir, ReplayRequest, ResumeRequest,
    RunStarted, Runtime, RuntimeError, SafetyOptions, SessionRequest,
};
use specwright_scenario::{Scenario, VariableSource};
use specwright_store::{RandomIds, SystemClock};
use std::io::IsTerminal;
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
    /// The language of what is printed: ko or en (default: from LC_ALL, LC_MESSAGES or LANG).
    #[arg(long, global = true, value_name = "LANG")]
    lang: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the bundled demo app and run the bundled sample PRD, then the sample test-case workbook.
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
        #[arg(long, value_name = "URL", required_unless_present = "serve_demo", conflicts_with = "serve_demo")]
        url: Option<String>,
        /// Serve the bundled demo app and run against it.
        #[arg(long)]
        serve_demo: bool,
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        #[arg(long)]
        title: Option<String>,
        /// Approve risky actions (delete, pay, send on production …) without asking.
        #[arg(long)]
        allow_risky: bool,
        /// Another origin pages may visit (an SSO provider, say); repeatable.
        #[arg(long = "allow-origin", value_name = "URL")]
        allow_origins: Vec<String>,
        /// The target is production: sending and saving also need confirmation.
        #[arg(long)]
        production: bool,
        #[command(flatten)]
        answers: AnswerArgs,
        #[command(flatten)]
        engine: EngineArgs,
    },
    /// Continue a session that stopped at a question (exit code 3), with answers for it.
    Resume {
        id: String,
        /// Where the application is now (default: the session's target).
        #[arg(long, value_name = "URL", conflicts_with = "serve_demo")]
        url: Option<String>,
        /// Serve the bundled demo app and continue against it.
        #[arg(long)]
        serve_demo: bool,
        /// Output folder (default: out/<session id>).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Approve risky actions (delete, pay, send on production …) without asking.
        #[arg(long)]
        allow_risky: bool,
        #[command(flatten)]
        answers: AnswerArgs,
        #[command(flatten)]
        engine: EngineArgs,
    },
    /// Re-run a session's stored scenario with no engine and no LLM: trial, review, exports.
    Replay {
        id: String,
        /// Where the application is now (default: the URL it was recorded against).
        #[arg(long, value_name = "URL", conflicts_with = "serve_demo")]
        url: Option<String>,
        /// Serve the bundled demo app and replay against it.
        #[arg(long)]
        serve_demo: bool,
        /// A secret the scenario needs, as NAME=VALUE (or set SPECWRIGHT_SECRET_<NAME>).
        #[arg(long = "secret", value_name = "NAME=VALUE")]
        secrets: Vec<String>,
        /// Output folder (default: out/<session id>/<run id>).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Write a session's scenario and latest trial in other formats.
    Export {
        id: String,
        /// Comma-separated: json, playwright, robot, gherkin-ko, gherkin-en, markdown, mermaid, junit, html, trial, or all.
        #[arg(long, value_name = "FORMATS", default_value = "all")]
        format: String,
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
    /// Write a whole session (documents, events, scenario, trial results, frames; no secrets)
    /// to one file another machine can import.
    Bundle {
        id: String,
        /// The bundle file (default: <session id>.swbundle).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Open a session bundle as a session of this machine, to inspect and replay it.
    Import { file: PathBuf },
    /// Read spec files and print what was understood: outline, sections, tables, pages and any
    /// part that could not be read. Nothing is stored.
    Ingest {
        #[arg(value_name = "FILE", required = true, num_args = 1..)]
        files: Vec<PathBuf>,
    },
    /// Search a session's documents; every hit comes with its citation.
    Search {
        session: String,
        query: String,
        /// keyword, semantic or hybrid.
        #[arg(long, default_value = "hybrid")]
        mode: String,
        /// How many hits.
        #[arg(short, long, default_value_t = 5)]
        k: usize,
    },
    /// The model provider's API key in the OS keychain: set, show (masked), forget, check.
    Key {
        #[command(subcommand)]
        action: key::KeyAction,
    },
    /// List sessions, newest first.
    Sessions,
    /// Show one session and its event log.
    Show { id: String },
}

/// Which engine builds the scenario.
#[derive(clap::Args)]
struct EngineArgs {
    /// offline (rules, no model; the default) or llm (a model at --base-url).
    #[arg(long, default_value = "offline", value_parser = ["offline", "llm"])]
    engine: String,
    /// The OpenAI-compatible endpoint, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama).
    #[arg(long, value_name = "URL", required_if_eq("engine", "llm"))]
    base_url: Option<String>,
    /// The model (for Azure OpenAI: the deployment).
    #[arg(long, value_name = "NAME", required_if_eq("engine", "llm"))]
    model: Option<String>,
    /// Azure OpenAI: the API version; --base-url is then the resource endpoint.
    #[arg(long, value_name = "VERSION")]
    azure_api_version: Option<String>,
}

impl EngineArgs {
    /// The engine; the API key comes from SPECWRIGHT_LLM_API_KEY or the OS keychain
    /// (`specwright key set`), never from a flag (flags end up in shell history and process
    /// lists).
    fn choice(&self) -> EngineChoice {
        match (self.engine.as_str(), &self.base_url, &self.model) {
            ("llm", Some(base_url), Some(model)) => {
                let mut config = LlmConfig::new(base_url.clone(), model.clone());
                config.api_key = specwright_runtime::api_key_for(base_url, &Keychain::default()).0;
                if let Some(version) = &self.azure_api_version {
                    config.provider = Provider::Azure { api_version: version.clone() };
                }
                EngineChoice::Llm(config)
            }
            _ => EngineChoice::Offline,
        }
    }
}

/// How an unattended run gets its answers.
#[derive(clap::Args)]
struct AnswerArgs {
    /// Answers for the run's questions: a YAML list of {when: <regex>, answer: <option>}.
    #[arg(long, value_name = "FILE")]
    answers: Option<PathBuf>,
    /// A secret value, as NAME=VALUE (or set SPECWRIGHT_SECRET_<NAME>); repeatable.
    #[arg(long = "secret", value_name = "NAME=VALUE")]
    secrets: Vec<String>,
}

impl AnswerArgs {
    /// The answers file and secrets; on a terminal, a person answers what they do not.
    fn answerer(&self, json: bool) -> Result<(Box<dyn specwright_rails::Answerer>, Secrets), RuntimeError> {
        let rules = match &self.answers {
            Some(path) => Answers::load_rules(path)?,
            None => Vec::new(),
        };
        let secrets = secrets_from(&self.secrets)?;
        let mut answers = Answers::new(rules, secrets.clone());
        if !json && std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
            answers = answers.with_fallback(Box::new(render::TerminalAnswers));
        }
        Ok((Box::new(answers), secrets))
    }
}

const EXIT_FAILED: u8 = 1;
/// The run stopped at a question nobody answered; the question is on stdout as JSON.
const EXIT_WAITING: u8 = 3;
const EXIT_BAD_INPUT: u8 = 2;
const EXIT_CANCELLED: u8 = 130;

fn main() -> ExitCode {
    let cli = Cli::parse();
    render::set_locale(cli.lang.as_deref().map(Locale::from_tag).unwrap_or_else(Locale::from_env));
    // The driver's location goes into the environment before any thread exists.
    if matches!(cli.command, Command::Demo { .. } | Command::Run { .. } | Command::Resume { .. }) {
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
    // A sentence answered by another sentence nests the engine's steps: room for that depth.
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_stack_size(8 * 1024 * 1024)
        .enable_all()
        .build()
    {
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
                eprintln!("error: {}", render::text(&e.text()));
                ExitCode::from(EXIT_BAD_INPUT)
            }
        }
    })
}

async fn execute(cli: Cli, data_dir: PathBuf) -> Result<u8, RuntimeError> {
    if let Command::Ingest { files } = &cli.command {
        return Ok(ingest(files, cli.json));
    }
    let runtime = Runtime::open(&data_dir, Arc::new(SystemClock), Arc::new(RandomIds))?;
    match cli.command {
        Command::Demo { out, port } => {
            let out = OutDir::PerSession(out.unwrap_or_else(|| PathBuf::from("out")));
            let (app, started) = runtime.start_demo(out.clone(), port).await?;
            if !cli.json {
                println!("{}", render::say("cli-demo-app", [("url", app.url().into())]));
            }
            let code = follow(&runtime, &started, cli.json).await?;
            if code != 0 {
                return Ok(code);
            }
            println!("{}", render::say("cli-output-folder", [("path", started.out_dir.display().to_string().into())]));
            // The same engine on a test-case workbook: one scenario per case.
            let workbook = runtime.start_demo_workbook(out.clone(), app.url()).await?;
            let code = follow(&runtime, &workbook, cli.json).await?;
            drop(app);
            if code == 0 {
                println!(
                    "{}",
                    render::say("cli-output-folder", [("path", workbook.out_dir.display().to_string().into())])
                );
            }
            Ok(code)
        }
        Command::Run {
            specs,
            url,
            serve_demo,
            out,
            title,
            allow_risky,
            allow_origins,
            production,
            answers,
            engine,
        } => {
            let mut documents = Vec::new();
            for path in &specs {
                documents.push(specwright_intake::read_spec(path)?);
            }
            let demo = if serve_demo { Some(DemoApp::serve(0).await?) } else { None };
            let url = demo.as_ref().map(DemoApp::url).or(url).unwrap_or_default();
            let (answerer, secrets) = answers.answerer(cli.json)?;
            let started = runtime
                .start_session(SessionRequest {
                    title,
                    documents,
                    target_url: url,
                    out_dir: OutDir::Exact(out.clone()),
                    browser: None,
                    safety: SafetyOptions {
                        extra_origins: allow_origins,
                        environment: if production { Environment::Production } else { Environment::Test },
                        allow_risky,
                    },
                    answerer,
                    secrets,
                    engine: engine.choice(),
                })
                .await?;
            let code = follow(&runtime, &started, cli.json).await?;
            drop(demo);
            if code == 0 {
                println!("{}", render::say("cli-output-folder", [("path", out.display().to_string().into())]));
            }
            Ok(code)
        }
        Command::Resume { id, url, serve_demo, out, allow_risky, answers, engine } => {
            let (answerer, secrets) = answers.answerer(cli.json)?;
            let demo = if serve_demo { Some(DemoApp::serve(0).await?) } else { None };
            let target_url = demo.as_ref().map(DemoApp::url).or(url);
            let out = out.map_or_else(|| OutDir::PerSession(PathBuf::from("out")), OutDir::Exact);
            let after = runtime.store().session(&id)?.last_seq;
            let started = runtime
                .resume(ResumeRequest {
                    session_id: id,
                    target_url,
                    out_dir: out,
                    browser: None,
                    safety: SafetyOptions { allow_risky, ..SafetyOptions::default() },
                    answerer,
                    secrets,
                    engine: engine.choice(),
                    forget: Vec::new(),
                })
                .await?;
            let code = follow_from(&runtime, &started, cli.json, after).await?;
            drop(demo);
            if code == 0 {
                println!(
                    "{}",
                    render::say("cli-output-folder", [("path", started.out_dir.display().to_string().into())])
                );
            }
            Ok(code)
        }
        Command::Replay { id, url, serve_demo, secrets, out } => {
            let scenario = runtime.store().latest_scenario(&id)?.ok_or_else(|| RuntimeError::NoScenario(id.clone()))?;
            let secrets = collect_secrets(&scenario, &secrets)?;
            let demo = if serve_demo { Some(DemoApp::serve(0).await?) } else { None };
            let target_url = demo.as_ref().map(DemoApp::url).or(url);
            let out = OutDir::PerSession(out.unwrap_or_else(|| PathBuf::from("out")));
            // Events of this replay come after what the session already holds.
            let after = runtime.store().session(&id)?.last_seq;
            let started = runtime
                .replay(ReplayRequest { session_id: id.clone(), target_url, secrets, out_dir: out, browser: None })
                .await?;
            let code = follow_from(&runtime, &started, cli.json, after).await?;
            drop(demo);
            println!("{}", render::say("cli-output-folder", [("path", started.out_dir.display().to_string().into())]));
            Ok(code)
        }
        Command::Export { id, format, out } => {
            let formats = parse_formats(&format)?;
            let files = runtime.export(&id, &formats, &out)?;
            if cli.json {
                println!("{}", serde_json::to_string(&files).unwrap_or_default());
            } else {
                for file in files {
                    println!("{:<18} {}", file.kind, file.path);
                }
            }
            Ok(0)
        }
        Command::Bundle { id, out } => {
            let file = out.unwrap_or_else(|| PathBuf::from(format!("{id}.swbundle")));
            let written = runtime.bundle(&id, &file)?;
            println!("{}", render::say("cli-bundle-written", [("path", written.display().to_string().into())]));
            Ok(0)
        }
        Command::Import { file } => {
            let id = runtime.import_bundle(&file)?;
            if cli.json {
                println!("{}", serde_json::json!({ "session_id": id }));
            } else {
                println!("{}", render::say("cli-imported", [("id", id.as_str().into())]));
            }
            Ok(0)
        }
        Command::Ingest { .. } => Ok(0),
        Command::Key { action } => key::run(action, &Keychain::default()).await,
        Command::Search { session, query, mode, k } => {
            let mode = SearchMode::parse(&mode)
                .ok_or_else(|| RuntimeError::BadArgument(format!("--mode {mode} (keyword, semantic, hybrid)")))?;
            runtime.store().session(&session)?;
            if mode != SearchMode::Keyword {
                if let Err(off) = runtime.knowledge().embedder() {
                    eprintln!("{off}");
                }
            }
            let hits = runtime.knowledge().search(&session, &query, mode, k)?;
            if cli.json {
                println!("{}", serde_json::to_string(&hits).unwrap_or_default());
            } else {
                print!("{}", render::hits(&hits));
            }
            Ok(0)
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

/// Parses each file on its own: one bad file is reported and the others are still read.
fn ingest(files: &[PathBuf], json: bool) -> u8 {
    let mut failed = false;
    for path in files {
        let result = specwright_intake::read_spec(path);
        failed |= result.is_err();
        if json {
            let value = match &result {
                Ok(doc) => serde_json::json!({ "file": path.display().to_string(), "document": doc }),
                Err(e) => serde_json::json!({
                    "file": path.display().to_string(),
                    "error": { "code": e.code(), "message": render::text(&specwright_runtime::intake_error_text(e)) },
                }),
            };
            println!("{}", serde_json::to_string(&value).unwrap_or_default());
        } else {
            match &result {
                Ok(doc) => print!("{}", render::document(doc)),
                Err(e) => println!(
                    "✗ {}\n  [{}] {}\n",
                    path.display(),
                    e.code(),
                    render::text(&specwright_runtime::intake_error_text(e))
                ),
            }
        }
    }
    if failed {
        EXIT_BAD_INPUT
    } else {
        0
    }
}

/// Secret values for the scenario's secret variables: `--secret NAME=VALUE` first, then the
/// `SPECWRIGHT_SECRET_<NAME>` environment variable.
fn collect_secrets(scenario: &Scenario, flags: &[String]) -> Result<Secrets, RuntimeError> {
    let mut secrets = Secrets::default();
    for flag in flags {
        let (name, value) =
            flag.split_once('=').ok_or_else(|| RuntimeError::BadArgument(format!("--secret {flag}")))?;
        secrets.insert(name.trim(), value);
    }
    for variable in scenario.variables.iter().filter(|v| v.source == VariableSource::Secret) {
        if secrets.get(&variable.name).is_none() {
            if let Ok(value) = std::env::var(format!("SPECWRIGHT_SECRET_{}", variable.name)) {
                secrets.insert(&variable.name, &value);
            }
        }
    }
    Ok(secrets)
}

fn parse_formats(text: &str) -> Result<Vec<ExportFormat>, RuntimeError> {
    if text.trim() == "all" {
        return Ok(ExportFormat::ALL.to_vec());
    }
    let known = || ExportFormat::ALL.iter().map(|f| f.name()).collect::<Vec<_>>().join(", ");
    text.split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| ExportFormat::parse(t).ok_or_else(|| RuntimeError::UnknownFormat(t.to_string(), known())))
        .collect()
}

/// Prints the run's events until its terminal event; Ctrl-C cancels the run (the session keeps
/// everything recorded so far).
async fn follow(runtime: &Arc<Runtime>, started: &RunStarted, json: bool) -> Result<u8, RuntimeError> {
    follow_from(runtime, started, json, 0).await
}

async fn follow_from(
    runtime: &Arc<Runtime>,
    started: &RunStarted,
    json: bool,
    after_seq: u32,
) -> Result<u8, RuntimeError> {
    let mut subscription = runtime.store().subscribe(&started.session_id, after_seq)?;
    let mut cancelled_by_user = false;
    loop {
        let next = tokio::select! {
            next = subscription.next() => next?,
            _ = tokio::signal::ctrl_c(), if !cancelled_by_user => {
                cancelled_by_user = true;
                runtime.cancel(&started.run_id);
                eprintln!("{}", render::say("cli-cancelling", []));
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
                Event::SessionWaiting { question } => {
                    // The question, alone on one line, for whatever drives this run; the way on
                    // goes to stderr.
                    if !json {
                        println!("{}", serde_json::to_string(&question).unwrap_or_default());
                    }
                    eprintln!(
                        "{}",
                        render::say("cli-answer-needed", [("session", started.session_id.as_str().into())])
                    );
                    EXIT_WAITING
                }
                _ => EXIT_FAILED,
            });
        }
    }
}
