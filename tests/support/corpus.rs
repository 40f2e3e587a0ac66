//! The real-application corpus: open-source apps nobody on the team wrote (`tests/corpus/apps`,
//! each installed by its `setup.sh` and started fresh by its `start.sh`), and specs written the
//! way planners write them (`tests/corpus/specs/<app>/`), each with the answers a planner gives
//! and the truthful outcome. This runs a spec on a fresh instance of its app and judges the run:
//! the outcome reached, questions asked, wrong groundings, and false greens — a run that passed
//! where the app contradicts the spec.

use serde::Deserialize;
use specwright_catalog::both_languages;
use specwright_protocol::{Envelope, Event, Question, QuestionKind};
use specwright_rails::{Answer, Answerer};
use specwright_runtime::{Answers, Runtime, SessionRequest};
use specwright_scenario::{Action, Locator, Provenance, Scenario};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Deserialize)]
pub struct AppInfo {
    pub name: String,
    pub title: String,
    pub language: String,
    pub kind: String,
    pub ready_path: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Passed,
    Failed,
    Waiting,
    /// Completed, but its review blocks it (e.g. it checks nothing): never a green.
    NotVerified,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Grounding {
    pub line: u32,
    pub name: String,
}

/// What a spec's `expect.yaml` says the truthful run ends with.
#[derive(Debug, Clone, Deserialize)]
pub struct Expect {
    pub app: String,
    pub target: String,
    pub outcome: Outcome,
    #[serde(default)]
    pub because: Vec<String>,
    #[serde(default)]
    pub secrets: BTreeMap<String, String>,
    #[serde(default)]
    pub creates_data: bool,
    #[serde(default)]
    pub grounding: Vec<Grounding>,
    #[serde(default)]
    pub note: String,
}

#[derive(Debug, Clone)]
pub struct Spec {
    pub app: String,
    /// `<app>/<file name>`.
    pub id: String,
    pub path: PathBuf,
    pub answers: PathBuf,
    pub expect: Expect,
}

pub fn corpus_root() -> PathBuf {
    crate::repo_root().join("tests/corpus")
}

/// Every app of the corpus, by name.
pub fn apps() -> BTreeMap<String, AppInfo> {
    let mut out = BTreeMap::new();
    let Ok(entries) = std::fs::read_dir(corpus_root().join("apps")) else { return out };
    for entry in entries.flatten() {
        let info = entry.path().join("app.json");
        if let Ok(text) = std::fs::read_to_string(&info) {
            let app: AppInfo = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", info.display()));
            out.insert(app.name.clone(), app);
        }
    }
    out
}

/// Every spec with an `expect.yaml`, in file order.
pub fn specs() -> Vec<Spec> {
    let mut out = Vec::new();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(corpus_root().join("specs"))
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    dirs.sort();
    for dir in dirs {
        let app = dir.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        let mut files: Vec<PathBuf> =
            std::fs::read_dir(&dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
        files.sort();
        for expect_path in files.iter().filter(|p| p.to_string_lossy().ends_with(".expect.yaml")) {
            let stem =
                expect_path.file_name().and_then(|n| n.to_str()).unwrap_or_default().trim_end_matches(".expect.yaml");
            let spec = files.iter().find(|p| {
                let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
                name.starts_with(&format!("{stem}.")) && !name.ends_with(".yaml")
            });
            let Some(spec) = spec else { panic!("{}: no spec file beside it", expect_path.display()) };
            let text = std::fs::read_to_string(expect_path).unwrap();
            let expect: Expect =
                serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", expect_path.display()));
            out.push(Spec {
                app: app.clone(),
                id: format!("{app}/{}", spec.file_name().and_then(|n| n.to_str()).unwrap_or_default()),
                path: spec.clone(),
                answers: dir.join(format!("{stem}.answers.yaml")),
                expect,
            });
        }
    }
    out
}

/// Longer than any spec's run takes here (the slowest, about 45 s): past it a run is stopped.
pub const SPEC_LIMIT: Duration = Duration::from_secs(240);

/// The messages of the last review's blocking findings.
fn blocking_findings(events: &[Envelope]) -> Vec<String> {
    events
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            Event::ReviewFindings { findings } => Some(
                findings
                    .iter()
                    .filter(|f| f.severity == specwright_scenario::Severity::Error)
                    .map(|f| both_languages(&f.message))
                    .collect(),
            ),
            _ => None,
        })
        .unwrap_or_default()
}

/// One fresh instance of an app: its own port and data, stopped when dropped.
pub struct Instance {
    child: Child,
    pub origin: String,
    /// The command that puts this instance back to its seeded data (`tests/corpus/reset.sh`),
    /// what a planner names as their team's reset script.
    pub reset: String,
    _workdir: tempfile::TempDir,
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        // A reset restarted the server as a process group of its own.
        if let Ok(pid) = std::fs::read_to_string(self._workdir.path().join("server.pid")) {
            let pid = pid.trim();
            if pid != self.child.id().to_string() {
                let _ = Command::new("kill").arg("--").arg(format!("-{pid}")).status();
            }
        }
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).unwrap_or(0)
}

/// Starts `app` fresh (its seed copied into a new folder) and waits until it answers.
pub fn start(app: &AppInfo) -> Result<Instance, String> {
    let workdir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let port = free_port();
    let script = corpus_root().join("apps").join(&app.name).join("start.sh");
    let log = std::fs::File::create(workdir.path().join("server.log")).map_err(|e| e.to_string())?;
    let child = Command::new("bash")
        .arg(&script)
        .arg(port.to_string())
        .arg(workdir.path().join("data"))
        .stdout(log.try_clone().map_err(|e| e.to_string())?)
        .stderr(log)
        .stdin(Stdio::null())
        .spawn()
        .map_err(|e| format!("{}: {e}", script.display()))?;
    let origin = format!("http://127.0.0.1:{port}");
    // start.sh execs the server: the child is the server.
    std::fs::write(workdir.path().join("server.pid"), child.id().to_string()).map_err(|e| e.to_string())?;
    let reset =
        format!("bash {} {} {port} {}", corpus_root().join("reset.sh").display(), app.name, workdir.path().display());
    let mut instance = Instance { child, origin, reset, _workdir: workdir };
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if let Ok(Some(status)) = instance.child.try_wait() {
            let log = std::fs::read_to_string(instance._workdir.path().join("server.log")).unwrap_or_default();
            return Err(format!("{} exited ({status}) before answering:\n{log}", app.name));
        }
        if http_ok(port, &app.ready_path) {
            return Ok(instance);
        }
        std::thread::sleep(Duration::from_millis(150));
    }
    Err(format!("{} did not answer {} within 60 s", app.name, app.ready_path))
}

/// Whether `GET path` on the port answers 2xx or 3xx.
fn http_ok(port: u16, path: &str) -> bool {
    use std::io::{Read, Write};
    let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", port)) else { return false };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let request = format!("GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n\r\n");
    if stream.write_all(request.as_bytes()).is_err() {
        return false;
    }
    let mut head = [0u8; 16];
    let Ok(n) = stream.read(&mut head) else { return false };
    let line = String::from_utf8_lossy(&head[..n]);
    line.starts_with("HTTP/1.") && matches!(line.as_bytes().get(9), Some(b'2' | b'3'))
}

/// Answers as the planner: the spec's answers file, and the password they were given for a
/// secret question (by its name, or the only one they have). `{reset}` in an answer is the
/// instance's reset command, as the team's script is to a planner.
struct Planner {
    rules: Answers,
    secrets: BTreeMap<String, String>,
    reset: String,
}

impl Answerer for Planner {
    fn answer(&mut self, question: &Question) -> Option<Answer> {
        if question.kind == QuestionKind::Secret {
            let name = question.id.rsplit(':').next().unwrap_or_default();
            let value = self
                .secrets
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.clone())
                .or_else(|| (self.secrets.len() == 1).then(|| self.secrets.values().next().cloned()).flatten())?;
            return Some(Answer { value, source: "planner".into() });
        }
        self.rules.answer(question).map(|a| Answer { value: a.value.replace("{reset}", &self.reset), ..a })
    }
}

/// How one spec's run went, judged against its expectation.
#[derive(Debug, Clone)]
pub struct Judged {
    pub id: String,
    pub app: String,
    pub expected: Outcome,
    pub got: Outcome,
    /// The run's last sentence (its error, or the question it waits at).
    pub said: String,
    pub reached: bool,
    pub false_green: bool,
    pub questions: usize,
    /// `line: expected name → what the step used`.
    pub wrong_groundings: Vec<String>,
    pub seconds: f64,
    /// The run did not end within [`SPEC_LIMIT`] and was stopped: `Some(ended when stopped)`.
    pub hung: Option<bool>,
    /// The exported test's run against the same live app (specs that create data).
    pub rerun: Option<Result<(), String>>,
}

/// The final version of every scenario the run drafted.
fn final_scenarios(events: &[Envelope]) -> Vec<Scenario> {
    let mut out: BTreeMap<String, Scenario> = BTreeMap::new();
    for e in events {
        if let Event::ScenarioDraft { scenario } = &e.event {
            out.insert(scenario.id.clone(), scenario.clone());
        }
    }
    out.into_values().collect()
}

/// The names a step's element is found by: its own, and the row or region it is found inside
/// (an unnamed combobox in the row "Contacts Group" is that row's).
fn names_of(action: &Action) -> Vec<String> {
    // The page a step went to by its address names what it opened ("/index.php/휴가_규정").
    if let Action::Goto { url } = action {
        let path = url.split(['?', '#']).next().unwrap_or_default();
        let last = path.trim_end_matches('/').rsplit('/').next().unwrap_or_default();
        return vec![percent_decoded(last).replace('_', " ")];
    }
    let Some(target) = action.target() else { return Vec::new() };
    target
        .strategies
        .iter()
        .chain(&target.within)
        .map(|l| match l {
            Locator::Role { name, .. } => name.clone(),
            Locator::Label { text } | Locator::Placeholder { text } | Locator::Text { text, .. } => text.clone(),
            Locator::TestId { id } => id.clone(),
            Locator::Css { selector } => selector.clone(),
        })
        .collect()
}

/// A step whose element the person chose by naming it ("List Groups in the Contacts menu") and
/// that the page holds only as a path (two links of that name, one in each menu): the answer
/// says which element it is.
fn chosen_by_name(step: &specwright_scenario::Step, wanted: &str) -> bool {
    let Provenance::Answer { answer, .. } = &step.provenance else { return false };
    let by_path = step.action.target().is_some_and(|t| t.strategies.iter().all(|l| matches!(l, Locator::Css { .. })));
    by_path && loose(answer).contains(wanted)
}

/// `%ED%9C%B4` → its UTF-8 text; anything not a valid escape stays as written.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn loose(text: &str) -> String {
    text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// Steps at a grounding line that acted on something else than the named element.
fn wrong_groundings(spec: &Spec, scenarios: &[Scenario]) -> Vec<String> {
    let sheet = matches!(spec.path.extension().and_then(|e| e.to_str()), Some("xlsx" | "xls" | "ods" | "csv"));
    let mut out = Vec::new();
    for expected in &spec.expect.grounding {
        // A step a person's answer resolved cites the line it stands for too.
        let cited = |s: &&specwright_scenario::Step| match &s.provenance {
            Provenance::Spec { citation } | Provenance::Answer { citation: Some(citation), .. } => {
                if sheet {
                    citation.row == Some(expected.line)
                } else {
                    citation.line == expected.line
                }
            }
            _ => false,
        };
        // The sentences of that line; a step of one of them that a person's answer chose
        // (which of two same-named links) is that line's step too.
        let sentences: Vec<&str> =
            scenarios.iter().flat_map(|s| &s.steps).filter(cited).map(|s| s.intent.as_str()).collect();
        let steps: Vec<_> = scenarios
            .iter()
            .flat_map(|s| &s.steps)
            .filter(|s| {
                cited(s)
                    || (matches!(s.provenance, Provenance::Answer { .. }) && sentences.contains(&s.intent.as_str()))
            })
            .filter(|s| s.action.target().is_some() || matches!(s.action, Action::Goto { .. }))
            .collect();
        // A step not reached (the run stopped before it, or asked) is not a wrong grounding.
        if steps.is_empty() {
            continue;
        }
        let wanted = loose(&expected.name.replace('*', ""));
        let right = steps.iter().any(|s| {
            names_of(&s.action).iter().any(|n| {
                let n = loose(&n.replace(specwright_scenario::RUN_TAG, ""));
                !n.is_empty() && (n.contains(&wanted) || wanted.contains(&n))
            }) || chosen_by_name(s, &wanted)
        });
        if !right {
            let used: Vec<String> =
                steps.iter().map(|s| s.action.target().map(|t| t.describe()).unwrap_or_default()).collect();
            out.push(format!("line {}: expected '{}', used {}", expected.line, expected.name, used.join("; ")));
        }
    }
    out
}

/// Runs `spec` on a fresh instance of its app and judges it; exports go to `out`.
/// Starts a session on `spec` against `instance`, answered as its planner answers: the run, to
/// follow and wait for (what `run_spec` does and judges).
pub async fn start_spec(
    runtime: &Arc<Runtime>,
    spec: &Spec,
    instance: &Instance,
    out: &Path,
) -> Result<specwright_runtime::RunStarted, String> {
    let document = specwright_intake::read_spec(&spec.path).map_err(|e| format!("{}: {e}", spec.id))?;
    let rules =
        if spec.answers.exists() { Answers::load_rules(&spec.answers).map_err(|e| e.to_string())? } else { Vec::new() };
    let planner = Planner {
        rules: Answers::new(rules, Default::default()),
        secrets: spec.expect.secrets.clone(),
        reset: instance.reset.clone(),
    };
    let target = format!("{}{}", instance.origin, spec.expect.target);
    runtime
        .start_session(SessionRequest {
            answerer: Box::new(planner),
            secrets: spec_secrets(spec),
            ..crate::session_request(vec![document], target, out)
        })
        .await
        .map_err(|e| format!("{}: {e}", spec.id))
}

/// The passwords the planner was given for `spec`, by name.
pub fn spec_secrets(spec: &Spec) -> specwright_browser::Secrets {
    let mut secrets = specwright_browser::Secrets::default();
    for (name, value) in &spec.expect.secrets {
        secrets.insert(name, value);
    }
    secrets
}

/// A scripted change of a running corpus app (`tests/corpus/change-proxy.py`): a reverse proxy
/// on 127.0.0.1 that rewrites what the app says (a button renamed, a row gone, a form refused),
/// stopped when dropped.
pub struct Changed {
    child: Child,
    pub origin: String,
}

impl Changed {
    /// `changes`: the proxy's JSON list (`replace`, `refuse`, `redirect`).
    pub fn start(backend_origin: &str, changes: &serde_json::Value) -> Result<Changed, String> {
        use std::io::BufRead;
        let script = corpus_root().join("change-proxy.py");
        let mut child = Command::new("python3")
            .arg(&script)
            .arg(backend_origin)
            .arg(changes.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .stdin(Stdio::null())
            .spawn()
            .map_err(|e| format!("{}: {e}", script.display()))?;
        let stdout = child.stdout.take().ok_or("the proxy's stdout")?;
        let mut line = String::new();
        std::io::BufReader::new(stdout).read_line(&mut line).map_err(|e| e.to_string())?;
        match line.trim().strip_prefix("ready ") {
            Some(port) => Ok(Changed { child, origin: format!("http://127.0.0.1:{port}") }),
            None => {
                let _ = child.kill();
                Err(format!("the change proxy did not start: {line:?}"))
            }
        }
    }
}

impl Drop for Changed {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub async fn run_spec(runtime: &Arc<Runtime>, spec: &Spec, app: &AppInfo, out: &Path) -> Judged {
    let started = Instant::now();
    let app_info = app.clone();
    let instance = tokio::task::spawn_blocking(move || start(&app_info))
        .await
        .map_err(|e| e.to_string())
        .and_then(|started| started)
        .unwrap_or_else(|e| panic!("{}: {e}", spec.id));
    let target = format!("{}{}", instance.origin, spec.expect.target);
    let out_dir = out.join(spec.id.replace('/', "__"));
    let run = start_spec(runtime, spec, &instance, &out_dir).await.unwrap_or_else(|e| panic!("{e}"));
    // A run that never ends is a defect to report, not a reason for the suite to never end: past
    // the limit the run is stopped, as a person would press stop, and must then end at once.
    let (events, hung) =
        match tokio::time::timeout(SPEC_LIMIT, crate::events_until_terminal(runtime, &run.session_id, 0)).await {
            Ok(events) => (events, None),
            Err(_) => {
                runtime.cancel(&run.run_id);
                let after_stop = tokio::time::timeout(
                    Duration::from_secs(10),
                    crate::events_until_terminal(runtime, &run.session_id, 0),
                )
                .await;
                let events = match after_stop {
                    Ok(events) => events,
                    Err(_) => runtime.store().events(&run.session_id, 0).unwrap_or_default(),
                };
                let ended = events.last().is_some_and(|e| e.event.is_terminal());
                (events, Some(ended))
            }
        };
    if hung != Some(false) {
        runtime.wait(&run.run_id).await;
    }
    // The run's timeline beside its exports, for a person reading why a spec went as it did.
    let _ = std::fs::create_dir_all(&out_dir);
    // Each line after the seconds since the run started: where a slow spec spends its time.
    let start_ms = events.first().map_or(0, |e| e.at_ms);
    let timeline: String = events
        .iter()
        .map(|e| format!("{:>6.1}  {}\n", (e.at_ms - start_ms) as f64 / 1000.0, timeline_line(&e.event)))
        .collect();
    let _ = std::fs::write(out_dir.join("timeline.txt"), timeline);
    let (got, said) = match &events.last().map(|e| &e.event) {
        _ if hung.is_some() => {
            let tail: Vec<String> = events.iter().rev().take(12).rev().map(|e| timeline_line(&e.event)).collect();
            let stop = if hung == Some(true) { "it ended when stopped" } else { "IT DID NOT END WHEN STOPPED" };
            (
                Outcome::Failed,
                format!(
                    "HUNG: no end within {} s ({stop}); its last events:\n{}",
                    SPEC_LIMIT.as_secs(),
                    tail.join("\n")
                ),
            )
        }
        // A scenario its own review blocks (it checks nothing, an assumption is open) is not
        // verified, whatever its trial said: never counted as a green.
        Some(Event::SessionCompleted { .. }) => match blocking_findings(&events) {
            findings if findings.is_empty() => (Outcome::Passed, String::new()),
            findings => (Outcome::NotVerified, findings.join(" ")),
        },
        Some(Event::SessionWaiting { question }) => (Outcome::Waiting, both_languages(&question.text)),
        Some(Event::Error { message, .. }) => (Outcome::Failed, both_languages(message)),
        other => (Outcome::Failed, format!("{other:?}")),
    };
    let because_ok = spec.expect.because.iter().all(|w| said.to_lowercase().contains(&w.to_lowercase()));
    let reached = hung.is_none() && got == spec.expect.outcome && (got == Outcome::Passed || because_ok);
    let false_green = got == Outcome::Passed && spec.expect.outcome != Outcome::Passed;
    let questions = events.iter().filter(|e| matches!(e.event, Event::QuestionAsked { .. })).count();
    let scenarios = final_scenarios(&events);
    let wrong = wrong_groundings(spec, &scenarios);
    // A spec that creates data must be re-runnable: its exported test, run on its own, passes on
    // the same live app after the exploration and both trials have left their data there (a
    // fourth pass on that data: a second would prove nothing the first did not).
    let rerun = (got == Outcome::Passed && spec.expect.creates_data).then(|| {
        let env: Vec<(String, String)> = spec
            .expect
            .secrets
            .iter()
            .map(|(k, v)| (format!("SPECWRIGHT_SECRET_{}", k.to_uppercase()), v.clone()))
            .collect();
        let mut env: Vec<(String, String)> = env;
        if let Some(value) = spec.expect.secrets.values().next() {
            env.push(("SPECWRIGHT_SECRET_PASSWORD".into(), value.clone()));
        }
        // Passwords the spec itself wrote (a new user's) the person knows from the spec.
        for (name, value) in runtime.spec_secrets(&run.session_id, &scenarios).unwrap_or_default() {
            env.push((format!("SPECWRIGHT_SECRET_{name}"), value));
        }
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let config = rerun_config(&out_dir)?;
        let output = crate::run_playwright_bin(&config, &target, &env);
        if !output.status.success() {
            return Err(format!(
                "the exported test failed in {}:\n{}",
                out_dir.display(),
                String::from_utf8_lossy(&output.stdout).lines().rev().take(30).collect::<Vec<_>>().join("\n")
            ));
        }
        Ok(())
    });
    drop(instance);
    Judged {
        id: spec.id.clone(),
        app: spec.app.clone(),
        expected: spec.expect.outcome.clone(),
        got,
        said,
        reached,
        false_green,
        questions,
        wrong_groundings: wrong,
        seconds: started.elapsed().as_secs_f64(),
        hung,
        rerun,
    }
}

fn timeline_line(event: &Event) -> String {
    match event {
        Event::ToolCall { tool, summary, .. } => format!("call   {tool} {}", both_languages(summary)),
        Event::ToolResult { ok, summary, .. } => {
            format!("result {} {}", if *ok { "ok" } else { "FAILED" }, both_languages(summary))
        }
        Event::QuestionAsked { question } => {
            let options: Vec<String> = question.options.iter().map(|o| both_languages(&o.label)).collect();
            format!("ASK    [{}] {} options: {options:?}", question.id, both_languages(&question.text))
        }
        Event::QuestionAnswered { answer, source, .. } => format!("answer {answer} ({source})"),
        Event::MessageDone { text } => {
            format!("say    {}", specwright_catalog::render(text, specwright_catalog::Locale::En))
        }
        Event::TrialStep { attempt, result, .. } => format!(
            "trial  #{attempt} {} {:?} {}",
            result.intent,
            result.status,
            result.diagnosis.as_ref().map(|d| d.message.as_str()).unwrap_or("")
        ),
        Event::Error { code, message } => format!("ERROR  {code}: {}", both_languages(message)),
        Event::MirrorFrame { .. } | Event::IngestProgress { .. } | Event::MessageDelta { .. } => String::new(),
        other => {
            format!("event  {}", serde_json::to_string(other).unwrap_or_default().chars().take(300).collect::<String>())
        }
    }
}

/// The configuration that runs every exported test of the spec in one runner: the export's own
/// when there is one folder; for a workbook's cases (a folder each), the first case's
/// configuration beside them, which finds every case's test below it. The runner is started once
/// once rather than once per case.
fn rerun_config(out: &Path) -> Result<PathBuf, String> {
    if out.join("playwright.config.ts").exists() {
        return Ok(out.join("playwright.config.ts"));
    }
    let dirs = exported_dirs(out);
    match dirs.as_slice() {
        [] => Err(format!("no exported Playwright test in {}", out.display())),
        [one] => Ok(one.join("playwright.config.ts")),
        [first, ..] => {
            let config = out.join("all-cases.config.ts");
            std::fs::copy(first.join("playwright.config.ts"), &config).map_err(|e| e.to_string())?;
            Ok(config)
        }
    }
}

/// The folders holding an exported Playwright test (one per case for a workbook).
fn exported_dirs(out: &Path) -> Vec<PathBuf> {
    let mut out_dirs = Vec::new();
    if out.join("playwright.config.ts").exists() {
        out_dirs.push(out.to_path_buf());
    }
    if let Ok(entries) = std::fs::read_dir(out) {
        let mut sub: Vec<PathBuf> =
            entries.flatten().map(|e| e.path()).filter(|p| p.join("playwright.config.ts").exists()).collect();
        sub.sort();
        out_dirs.extend(sub);
    }
    out_dirs
}

/// The figures per application, as `make bench` and the corpus test print them.
pub fn report(results: &[Judged]) -> String {
    let mut by_app: BTreeMap<&str, Vec<&Judged>> = BTreeMap::new();
    for r in results {
        by_app.entry(r.app.as_str()).or_default().push(r);
    }
    let mut out =
        String::from("app         specs  expected outcome  questions/spec  wrong groundings  false greens  re-runs\n");
    let line = |name: &str, rs: &[&Judged]| {
        let reached = rs.iter().filter(|r| r.reached).count();
        let questions = rs.iter().map(|r| r.questions).sum::<usize>() as f64 / rs.len().max(1) as f64;
        let wrong = rs.iter().map(|r| r.wrong_groundings.len()).sum::<usize>();
        let green = rs.iter().filter(|r| r.false_green).count();
        let reruns = rs.iter().filter(|r| r.rerun.is_some()).count();
        let reruns_ok = rs.iter().filter(|r| matches!(r.rerun, Some(Ok(())))).count();
        format!(
            "{name:<11} {:>5}  {reached:>7}/{:<9} {questions:>14.2}  {wrong:>16}  {green:>12}  {reruns_ok}/{reruns}\n",
            rs.len(),
            rs.len()
        )
    };
    for (app, rs) in &by_app {
        out.push_str(&line(app, rs));
    }
    let all: Vec<&Judged> = results.iter().collect();
    out.push_str(&line("all", &all));
    out
}
