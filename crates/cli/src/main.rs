//! `specwright`: the headless shell over the runtime, for terminals, scripts and CI.

mod check;
mod key;
mod render;

use clap::{Parser, Subcommand};
use specwright_api::{
    Answerer, Api, EngineFlags, Locale, ReplayOptions, ResumeOptions, RunOptions, SafetyFlags, Target,
};
use specwright_protocol::{ApiError, Commands, Event, ProviderKind, Settings, StartedSession};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

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
    /// A session opened from a share bundle: agree to send its steps to the address the bundle
    /// names (asked at a terminal otherwise).
    #[arg(long, global = true)]
    trust_target: bool,
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
        #[arg(long = "spec", value_name = "FILE", required_unless_present = "say", num_args = 1..)]
        specs: Vec<PathBuf>,
        /// Say what to test in your own words ("Log in, add a product and check it is listed"):
        /// with no --spec, the session is built from these words alone.
        #[arg(long, value_name = "WORDS")]
        say: Option<String>,
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
        #[command(flatten)]
        on: Continuing,
    },
    /// Say something to a session in your own words: add a step or a check ("Check that
    /// 'Saved' is shown", "After step 3, click 'Save'"), skip a step ("skip step 4"), undo the
    /// last change, answer the question it waits at, ask why a step failed, or run it again.
    /// Exit codes as `resume`.
    Say {
        id: String,
        /// The message, in your words (Korean or English).
        words: String,
        #[command(flatten)]
        on: Continuing,
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
    /// Write a suite's kept scenarios as one Playwright project: a test file per scenario, one
    /// playwright.config.ts, a README, and CI files (GitHub Actions, GitLab CI) that shard it.
    ExportSuite {
        /// The suite: its name, its address, or any URL on it (`specwright suites` lists them).
        suite: String,
        /// The project's folder (default: out/suite-<name>).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
    /// Write a whole session (documents, events, scenario, trial results, frames; no secrets)
    /// to one file another machine can import.
    Bundle {
        id: String,
        /// The bundle file (default: <session id>.swbundle).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Print a session's report to PDF with the same Chromium that ran it (beside report.html in
    /// its output folder, or to --out).
    Pdf {
        id: String,
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
    /// List the suites: the kept scenarios of each application, by the address it runs at (or
    /// the name given it); `suites rename SUITE NAME` names one.
    Suites {
        #[command(subcommand)]
        action: Option<SuiteAction>,
    },
    /// Check kept scenarios against the app as it is now, with no model: each passed, drifted (an
    /// element renamed or moved: the new one is proposed), failed or blocked, in the app's words.
    Check {
        /// A suite (its address, or any URL on it) or a session id (default: every suite).
        suite: Option<String>,
        /// Where the application is now (default: where each scenario was recorded).
        #[arg(long)]
        url: Option<String>,
        /// Serve the bundled demo app and check against it.
        #[arg(long)]
        serve_demo: bool,
        /// A secret the scenarios need, as NAME=VALUE (or set SPECWRIGHT_SECRET_<NAME>).
        #[arg(long = "secret", value_name = "NAME=VALUE")]
        secrets: Vec<String>,
        /// Approve every proposed new element of a drift; a healed scenario must then pass its
        /// trial, or it is put back as it was.
        #[arg(long, conflicts_with = "answers")]
        approve: bool,
        /// Approve a drift's new elements by the rules of an answers file (YAML `{when, answer}`,
        /// each new element asked as "Step 4: '로그인' button → '로그인하기' button. Use the new
        /// element?"); a scenario is healed only when every one of its new elements is approved.
        #[arg(long, value_name = "FILE")]
        answers: Option<PathBuf>,
        /// Output folder (default: out/<session id>/<run id>).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Explore a new version of a session's spec: compared sentence by sentence with the version
    /// the session was explored from, unchanged sentences keep their recorded steps (their
    /// citations moved to the new lines), changed and new ones are explored, removed ones are
    /// said; the earlier answers are remembered. A new session.
    Revise {
        /// The session explored from the earlier version.
        id: String,
        #[arg(long = "spec", value_name = "FILE", required = true, num_args = 1..)]
        specs: Vec<PathBuf>,
        /// Only print the comparison; nothing runs.
        #[arg(long)]
        compare: bool,
        /// Where the application is now (default: the earlier session's target).
        #[arg(long, value_name = "URL", conflicts_with = "serve_demo")]
        url: Option<String>,
        /// Serve the bundled demo app and run against it.
        #[arg(long)]
        serve_demo: bool,
        #[arg(long, value_name = "DIR", required_unless_present = "compare")]
        out: Option<PathBuf>,
        /// Approve risky actions (delete, pay, send on production …) without asking.
        #[arg(long)]
        allow_risky: bool,
        #[command(flatten)]
        answers: AnswerArgs,
        #[command(flatten)]
        engine: EngineArgs,
    },
    /// List sessions, newest first.
    Sessions,
    /// Show one session and its event log.
    Show { id: String },
}

#[derive(Subcommand)]
enum SuiteAction {
    /// Name a suite (picked by its address, any URL on it, or its name); an empty name gives it
    /// back its address as its name.
    Rename { suite: String, name: String },
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
    /// Seconds the model may take before its answer starts (default: 900 for a server on this
    /// machine or network, 120 otherwise).
    #[arg(long, value_name = "SECONDS")]
    first_answer_wait: Option<u32>,
    /// The model's context window in tokens (default: asked from the server).
    #[arg(long, value_name = "TOKENS")]
    context_window: Option<u32>,
}

impl EngineArgs {
    /// The engine as the settings name it; the API key comes from SPECWRIGHT_LLM_API_KEY or the
    /// OS keychain (`specwright key set`), never from a flag (flags end up in shell history and
    /// process lists).
    fn flags(&self) -> EngineFlags {
        match (self.engine.as_str(), &self.base_url, &self.model) {
            ("llm", Some(base_url), Some(model)) => Settings {
                provider: if self.azure_api_version.is_some() { ProviderKind::Azure } else { ProviderKind::OpenAi },
                base_url: base_url.clone(),
                model: model.clone(),
                azure_api_version: self.azure_api_version.clone().unwrap_or_default(),
                first_answer_wait_secs: self.first_answer_wait.unwrap_or(0),
                context_window: self.context_window.unwrap_or(0),
                ..Settings::default()
            },
            _ => Settings::default(),
        }
    }
}

/// How an unattended run gets its answers.
/// How a stopped session goes on (`resume`, `say`): where, into which folder, with what answers.
#[derive(clap::Args)]
struct Continuing {
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
}

impl Continuing {
    fn options(self, session_id: String) -> ResumeOptions {
        ResumeOptions {
            session_id,
            target: if self.serve_demo { Some(Target::DemoApp) } else { self.url.map(Target::Url) },
            out: self.out,
            allow_risky: self.allow_risky,
            answers_file: self.answers.answers,
            secrets: self.answers.secrets,
            engine: self.engine.flags(),
        }
    }
}

#[derive(clap::Args)]
struct AnswerArgs {
    /// Answers for the run's questions: a YAML list of {when: <regex>, answer: <option>}.
    #[arg(long, value_name = "FILE")]
    answers: Option<PathBuf>,
    /// A secret value, as NAME=VALUE (or set SPECWRIGHT_SECRET_<NAME>); repeatable.
    #[arg(long = "secret", value_name = "NAME=VALUE")]
    secrets: Vec<String>,
}

/// On a terminal, a person answers what the answers file does not.
fn terminal(json: bool) -> Option<Box<dyn Answerer>> {
    (!json && std::io::stdin().is_terminal() && std::io::stdout().is_terminal())
        .then(|| Box::new(render::TerminalAnswers) as Box<dyn Answerer>)
}

/// Before a run of a session opened from a share bundle sends its steps to the address the
/// bundle names: agreed with `--trust-target`, or asked at a terminal with the address shown.
/// Otherwise the run itself refuses, saying how to agree.
pub(crate) fn agree_target(api: &Api, session: &str, trust: bool, json: bool) -> Result<(), ApiError> {
    let Some(url) = api.untrusted_import_target(session)? else { return Ok(()) };
    if trust {
        return api.trust_imported_target(session);
    }
    if json || !std::io::stdin().is_terminal() {
        return Ok(());
    }
    use std::io::{BufRead, Write};
    let mut err = std::io::stderr();
    let _ = write!(err, "{} ", render::say("cli-trust-target", [("url", url.as_str().into())]));
    let _ = err.flush();
    let mut line = String::new();
    if std::io::stdin().lock().read_line(&mut line).is_ok() && specwright_api::is_yes(line.trim()) {
        api.trust_imported_target(session)?;
    }
    Ok(())
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
    if matches!(
        cli.command,
        Command::Demo { .. } | Command::Run { .. } | Command::Resume { .. } | Command::Say { .. } | Command::Pdf { .. }
    ) {
        let _ = specwright_api::prepare_driver();
    }
    let data_dir = specwright_api::resolve_data_dir(cli.data_dir.as_deref());
    let _log = match specwright_api::init_logging(&data_dir, false) {
        Ok(guard) => Some(guard),
        Err(e) => {
            eprintln!("warning: logging is off ({e})");
            None
        }
    };
    // A sentence answered by another sentence nests the engine's steps: room for that depth.
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_stack_size(specwright_api::RUN_STACK)
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
                tracing::warn!(code = %e.code, "command failed");
                eprintln!("error: {}", render::text(&e.message));
                ExitCode::from(EXIT_BAD_INPUT)
            }
        }
    })
}

async fn execute(cli: Cli, data_dir: PathBuf) -> Result<u8, ApiError> {
    if let Command::Ingest { files } = &cli.command {
        return Ok(ingest(files, cli.json));
    }
    let api = Api::open(&data_dir, PathBuf::from("out"))?;
    let output_folder = |started: &StartedSession| {
        println!("{}", render::say("cli-output-folder", [("path", started.out_dir.as_str().into())]));
    };
    match cli.command {
        Command::Demo { out, port } => {
            let (url, started) = api.demo(out.clone(), port).await?;
            if !cli.json {
                println!("{}", render::say("cli-demo-app", [("url", url.as_str().into())]));
            }
            let code = follow(&api, &started, cli.json, 0).await?;
            if code != 0 {
                return Ok(code);
            }
            output_folder(&started);
            // The same engine on a test-case workbook: one scenario per case.
            let workbook = api.demo_workbook(out, url).await?;
            let code = follow(&api, &workbook, cli.json, 0).await?;
            if code == 0 {
                output_folder(&workbook);
            }
            Ok(code)
        }
        Command::Run {
            specs,
            say,
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
            let options = RunOptions {
                specs,
                target: if serve_demo { Target::DemoApp } else { Target::Url(url.unwrap_or_default()) },
                out,
                title,
                safety: SafetyFlags { allow_risky, allow_origins, production },
                answers_file: answers.answers,
                secrets: answers.secrets,
                engine: engine.flags(),
                say,
            };
            let started = api.run(options, terminal(cli.json)).await?;
            let code = follow(&api, &started, cli.json, 0).await?;
            if code == 0 {
                output_folder(&started);
            }
            Ok(code)
        }
        Command::Revise { id, specs, compare, url, serve_demo, out, allow_risky, answers, engine } => {
            if !compare {
                agree_target(&api, &id, cli.trust_target, cli.json)?;
            }
            // Without --compare the run says the comparison itself, before the browser opens.
            if compare {
                let comparison = api.compare_spec_files(&id, &specs)?;
                if cli.json {
                    println!("{}", serde_json::to_string(&comparison).unwrap_or_default());
                } else {
                    println!("{}", render::comparison(&comparison));
                }
                return Ok(0);
            }
            let options = RunOptions {
                specs,
                target: if serve_demo { Target::DemoApp } else { Target::Url(url.unwrap_or_default()) },
                out: out.unwrap_or_else(|| PathBuf::from("out")),
                title: None,
                safety: SafetyFlags { allow_risky, allow_origins: Vec::new(), production: false },
                answers_file: answers.answers,
                secrets: answers.secrets,
                engine: engine.flags(),
                say: None,
            };
            let started = api.revise(&id, options, terminal(cli.json)).await?;
            let code = follow(&api, &started, cli.json, 0).await?;
            if code == 0 {
                output_folder(&started);
            }
            Ok(code)
        }
        Command::Resume { id, on } => continuing(&api, cli.trust_target, cli.json, id, on, None).await,
        Command::Say { id, words, on } => continuing(&api, cli.trust_target, cli.json, id, on, Some(words)).await,
        Command::Replay { id, url, serve_demo, secrets, out } => {
            agree_target(&api, &id, cli.trust_target, cli.json)?;
            // Events of this replay come after what the session already holds.
            let after = api.last_seq(&id)?;
            let options = ReplayOptions {
                session_id: id,
                target: if serve_demo { Some(Target::DemoApp) } else { url.map(Target::Url) },
                secrets,
                out,
            };
            let started = api.replay(options).await?;
            let code = follow(&api, &started, cli.json, after).await?;
            output_folder(&started);
            Ok(code)
        }
        Command::Export { id, format, out } => {
            let files = api.export(&id, &format, &out)?;
            if cli.json {
                println!("{}", serde_json::to_string(&files).unwrap_or_default());
            } else {
                for file in files {
                    println!("{:<18} {}", file.kind, file.path);
                }
            }
            Ok(0)
        }
        Command::ExportSuite { suite, out } => {
            let exported = api.export_suite_to(&suite, out)?;
            if cli.json {
                println!("{}", serde_json::to_string(&exported).unwrap_or_default());
            } else {
                for file in &exported.files {
                    println!("{:<18} {}", file.kind, file.path);
                }
                let args = [
                    ("tests", exported.tests.into()),
                    ("shards", exported.shards.into()),
                    ("path", exported.out_dir.as_str().into()),
                ];
                println!("{}", render::say("cli-suite-exported", args));
            }
            Ok(0)
        }
        Command::Pdf { id, out } => {
            let written = api.report_pdf(&id, out).await?;
            println!("{}", render::say("cli-pdf-written", [("path", written.display().to_string().into())]));
            Ok(0)
        }
        Command::Bundle { id, out } => {
            let written = api.bundle(&id, out)?;
            println!("{}", render::say("cli-bundle-written", [("path", written.display().to_string().into())]));
            Ok(0)
        }
        Command::Import { file } => {
            let id = api.import_bundle(&file)?;
            if cli.json {
                println!("{}", serde_json::json!({ "session_id": id }));
            } else {
                println!("{}", render::say("cli-imported", [("id", id.as_str().into())]));
            }
            Ok(0)
        }
        Command::Ingest { .. } => Ok(0),
        Command::Key { action } => key::run(action, &api).await,
        Command::Search { session, query, mode, k } => {
            let found = api.search(&session, &query, &mode, k)?;
            if let Some(off) = found.semantic_off {
                eprintln!("{off}");
            }
            if cli.json {
                println!("{}", serde_json::to_string(&found.hits).unwrap_or_default());
            } else {
                print!("{}", render::hits(&found.hits));
            }
            Ok(0)
        }
        Command::Suites { action: None } => check::suites(&api, cli.json),
        Command::Suites { action: Some(SuiteAction::Rename { suite, name }) } => {
            check::rename(&api, &suite, &name, cli.json).await
        }
        Command::Check { suite, url, serve_demo, secrets, approve, answers, out } => {
            let target = if serve_demo { Some(Target::DemoApp) } else { url.map(Target::Url) };
            let trust = cli.trust_target;
            check::check(
                &api,
                check::CheckArgs { suite, target, secrets, approve, answers, out, json: cli.json, trust },
            )
            .await
        }
        Command::Sessions => {
            let sessions = api.list_sessions().await?;
            if cli.json {
                println!("{}", serde_json::to_string(&sessions).unwrap_or_default());
            } else {
                print!("{}", render::sessions_table(&sessions));
            }
            Ok(0)
        }
        Command::Show { id } => {
            let detail = api.get_session(id).await?;
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
        let result = specwright_api::ingest(path);
        failed |= result.is_err();
        if json {
            let value = match &result {
                Ok(doc) => serde_json::json!({ "file": path.display().to_string(), "document": doc }),
                Err(e) => serde_json::json!({
                    "file": path.display().to_string(),
                    "error": { "code": e.code, "message": render::text(&e.message) },
                }),
            };
            println!("{}", serde_json::to_string(&value).unwrap_or_default());
        } else {
            match &result {
                Ok(doc) => print!("{}", render::document(doc)),
                Err(e) => println!("✗ {}\n  [{}] {}\n", path.display(), e.code, render::text(&e.message)),
            }
        }
    }
    if failed {
        EXIT_BAD_INPUT
    } else {
        0
    }
}

/// A stopped session goes on (`resume`), or is told something first (`say`): its events after
/// what it already holds, the output folder when the run completes.
async fn continuing(
    api: &Api,
    trust_target: bool,
    json: bool,
    id: String,
    on: Continuing,
    words: Option<String>,
) -> Result<u8, ApiError> {
    agree_target(api, &id, trust_target, json)?;
    let after = api.last_seq(&id)?;
    let options = on.options(id);
    if let Some(words) = &words {
        // "Check the suite": the reply, then every session of the suite checked as `check` does.
        if let Some((reply, suite)) = api.said_suite(&options, words).await? {
            let code = follow(api, &reply, json, after).await?;
            let Some(suite) = suite else { return Ok(code) };
            let args = check::CheckArgs {
                suite: Some(suite),
                target: options.target,
                secrets: options.secrets,
                approve: false,
                answers: None,
                out: options.out,
                json,
                trust: trust_target,
            };
            return check::check(api, args).await;
        }
    }
    let started = match words {
        Some(words) => api.say(options, &words, terminal(json)).await?,
        None => api.resume(options, terminal(json)).await?,
    };
    let code = follow(api, &started, json, after).await?;
    if code == 0 {
        println!("{}", render::say("cli-output-folder", [("path", started.out_dir.as_str().into())]));
    }
    Ok(code)
}

/// Prints the run's events after `after_seq` until its terminal event; Ctrl-C cancels the run
/// (the session keeps everything recorded so far).
async fn follow(api: &Api, started: &StartedSession, json: bool, after_seq: u32) -> Result<u8, ApiError> {
    let mut events = api.events(&started.session_id, after_seq)?;
    let mut cancelled_by_user = false;
    loop {
        let next = tokio::select! {
            next = events.next() => next?,
            _ = tokio::signal::ctrl_c(), if !cancelled_by_user => {
                cancelled_by_user = true;
                api.cancel_run(&started.run_id);
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
            api.wait(&started.run_id).await;
            return Ok(match envelope.event {
                Event::SessionCompleted { .. } | Event::Replied { .. } => 0,
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
