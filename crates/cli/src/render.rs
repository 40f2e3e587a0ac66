//! Human-readable terminal output for events and sessions.

use specwright_api::{render, Answer, Answerer, Locale};
use specwright_protocol::{
    Arg, Envelope, Event, IngestStage, Question, QuestionKind, SessionDetail, SessionSummary, StepStatus, Text,
};
use std::io::{BufRead, Write};
use std::sync::OnceLock;

/// The language this process prints in, chosen once from `--lang` or the environment.
static LOCALE: OnceLock<Locale> = OnceLock::new();

pub fn set_locale(locale: Locale) {
    let _ = LOCALE.set(locale);
}

fn locale() -> Locale {
    *LOCALE.get_or_init(Locale::from_env)
}

/// A sentence in this process's language.
pub fn text(text: &Text) -> String {
    render(text, locale())
}

/// A catalog message in this process's language.
pub fn say<const N: usize>(id: &str, args: [(&str, Arg); N]) -> String {
    render(&Text::message(id, args), locale())
}

/// A spec's new version against the earlier one: the counts, then every sentence that changed,
/// came or went, with its line (unchanged ones are only counted).
pub fn comparison(c: &specwright_protocol::Comparison) -> String {
    use specwright_protocol::SentenceChange as Change;
    if c.is_same() {
        return say("revision-same", []);
    }
    let mut out = say(
        "revision-compared",
        [
            ("unchanged", c.count(Change::Unchanged).into()),
            ("kept", c.kept().into()),
            ("changed", c.count(Change::Changed).into()),
            ("added", c.count(Change::Added).into()),
            ("removed", c.count(Change::Removed).into()),
        ],
    );
    let cases: std::collections::BTreeSet<&str> = c.sentences.iter().map(|s| s.case.as_str()).collect();
    // A spec of several documents in either version (a file renamed between them is one).
    let in_version = |version: fn(&specwright_protocol::ComparedSentence) -> &Option<specwright_protocol::Citation>| {
        c.sentences
            .iter()
            .filter_map(|s| version(s).as_ref())
            .map(|c| c.document.as_str())
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    };
    let several_documents = in_version(|s| &s.now) > 1 || in_version(|s| &s.was) > 1;
    for s in &c.sentences {
        let line = |c: &Option<specwright_protocol::Citation>| c.as_ref().map_or(0, |c| c.line);
        let quote = |c: &Option<specwright_protocol::Citation>| c.as_ref().map(|c| c.quote.clone()).unwrap_or_default();
        let (mark, row) = match s.change {
            Change::Unchanged => continue,
            Change::Changed => (
                "~",
                say(
                    "revision-row-changed",
                    [
                        ("line", line(&s.now).into()),
                        ("was", line(&s.was).into()),
                        ("now", quote(&s.now).into()),
                        ("before", quote(&s.was).into()),
                    ],
                ),
            ),
            Change::Added => {
                ("+", say("revision-row-added", [("line", line(&s.now).into()), ("now", quote(&s.now).into())]))
            }
            Change::Removed => (
                "-",
                say(
                    "revision-row-removed",
                    [("was", line(&s.was).into()), ("before", quote(&s.was).into()), ("steps", s.steps.into())],
                ),
            ),
        };
        // Several cases, or documents: each row says which (a line number alone is ambiguous).
        let case = if cases.len() > 1 { format!("[{}] ", s.case) } else { String::new() };
        let document = match s.now.as_ref().or(s.was.as_ref()) {
            Some(cited) if several_documents => format!("{}: ", cited.document),
            _ => String::new(),
        };
        out.push_str(&format!("\n  {mark} {case}{document}{row}"));
    }
    out
}

/// A person at the terminal answers: an option's number, or free text; an empty line leaves
/// the question open (the run waits and can be resumed). Secrets are read without echo only
/// where the terminal allows it, so they are never asked for here: use --secret.
pub struct TerminalAnswers;

impl Answerer for TerminalAnswers {
    fn answer(&mut self, question: &Question) -> Option<Answer> {
        if question.kind == QuestionKind::Secret {
            return None;
        }
        let read = || {
            let mut err = std::io::stderr();
            let _ = write!(err, "{} ", say("cli-answer-prompt", [("count", question.options.len().max(1).into())]));
            let _ = err.flush();
            let mut line = String::new();
            std::io::stdin().lock().read_line(&mut line).ok()?;
            let line = line.trim().to_string();
            (!line.is_empty()).then_some(line)
        };
        // Reading the terminal blocks: tell the runtime so its other tasks keep running.
        let line = tokio::task::block_in_place(read)?;
        let value = line
            .parse::<usize>()
            .ok()
            .and_then(|n| question.options.get(n.wrapping_sub(1)))
            .map(|o| o.value.clone())
            .unwrap_or(line);
        Some(Answer { value, source: "terminal".into() })
    }
}

pub fn event_line(envelope: &Envelope) -> Option<String> {
    let seq = envelope.seq;
    let text = match &envelope.event {
        Event::SessionStarted { title, target_url, .. } => {
            say("cli-session-started", [("title", title.into()), ("url", target_url.into())])
        }
        Event::IngestProgress { document, stage, sections, chunks, embedded } => match stage {
            IngestStage::Read => return None,
            IngestStage::Parsed => {
                say("cli-ingest-parsed", [("document", document.into()), ("sections", (*sections).into())])
            }
            IngestStage::Chunked => format!("  {}", say("cli-ingest-chunked", [("chunks", (*chunks).into())])),
            IngestStage::Embedding if embedded == chunks => format!(
                "  {}",
                say("cli-ingest-embedded", [("embedded", (*embedded).into()), ("chunks", (*chunks).into())])
            ),
            IngestStage::Embedding => return None,
            IngestStage::Unchanged => format!("  {}", say("cli-ingest-unchanged", [("document", document.into())])),
        },
        Event::IngestDone { steps_found, chunks, semantic, .. } => say(
            if *semantic { "cli-ingest-done" } else { "cli-ingest-done-keyword" },
            [("steps", (*steps_found).into()), ("chunks", (*chunks).into())],
        ),
        Event::MessageDone { text } => render(text, locale()),
        // The whole message follows as message.done; the terminal shows it once.
        Event::MessageDelta { .. } => return None,
        Event::Usage { model, prompt_tokens, completion_tokens, cost_usd, .. } => format!(
            "  {}",
            say(
                "cli-usage",
                [
                    ("prompt", (*prompt_tokens).into()),
                    ("completion", (*completion_tokens).into()),
                    ("model", model.into()),
                    ("cost", cost_usd.map(|c| format!(", ~${c:.4}")).unwrap_or_default().into()),
                ],
            )
        ),
        Event::LlmRetrying { attempt, reason, delay_ms } => format!(
            "  {}",
            say(
                "cli-retrying",
                [("attempt", (*attempt).into()), ("delay", (*delay_ms).into()), ("reason", reason.into())],
            )
        ),
        Event::ToolCall { tool, summary, .. } if tool != "browser.snapshot" => {
            format!("  → {tool} {}", render(summary, locale()))
        }
        Event::ToolCall { .. } => return None,
        Event::ToolResult { ok: false, summary, .. } => format!("  ✗ {}", render(summary, locale())),
        Event::ToolResult { .. } => return None,
        Event::MirrorFrame { step_index, intent, .. } => {
            format!("  ▣ {}{intent}", step_index.map(|i| format!("#{i} ")).unwrap_or_default())
        }
        Event::ScenarioDraft { scenario } => say("cli-draft", [("steps", scenario.steps.len().into())]),
        Event::TrialStep { attempt, row, result, .. } => {
            let mark = match result.status {
                StepStatus::Passed => "✓",
                StepStatus::Failed => "✗",
                StepStatus::Skipped => return None,
            };
            let common = [
                ("attempt", (*attempt).into()),
                ("index", result.index.into()),
                ("intent", result.intent.as_str().into()),
                ("ms", result.duration_ms.into()),
            ];
            let step = match row {
                Some(r) => {
                    let [a, b, c, d] = common;
                    say("cli-trial-step-row", [a, b, c, d, ("row", (r + 1).into())])
                }
                None => say("cli-trial-step", common),
            };
            let mut line = format!("  {mark} {step}");
            if let Some(d) = &result.diagnosis {
                line.push_str(&format!("\n         {}", d.message));
                if !d.candidates.is_empty() {
                    line.push_str(&format!(
                        "\n         {}",
                        say("cli-closest", [("candidates", d.candidates.join(", ").into())])
                    ));
                }
            }
            line
        }
        Event::TrialDone { passed, flaky, runs, failed_steps, duration_ms, verdict, .. } => {
            use specwright_protocol::Verdict;
            // A pass that proves nothing the spec asks is said as that, never as a pass.
            let verdict = match (passed, flaky, verdict) {
                (true, _, Some(Verdict::NotVerified)) => say("verdict-not-verified", []),
                (true, _, Some(Verdict::PassedWithWarnings)) => say("verdict-passed-with-warnings", []),
                (true, _, _) => say("verdict-passed", []),
                (false, true, _) => say("verdict-flaky", []),
                (false, false, _) => say("verdict-failed", []),
            };
            say(
                "cli-trial-done",
                [
                    ("verdict", verdict.into()),
                    ("runs", (*runs).into()),
                    ("failed", (*failed_steps).into()),
                    ("ms", (*duration_ms).into()),
                ],
            )
        }
        Event::ReviewFindings { findings } if findings.is_empty() => say("cli-review-clean", []),
        Event::ReviewFindings { findings } => {
            let lines: Vec<String> =
                findings.iter().map(|f| format!("  [{:?}] {}", f.severity, render(&f.message, locale()))).collect();
            format!("{}\n{}", say("cli-review", []), lines.join("\n"))
        }
        // Where a scenario's report went: said once the run ends (completed), or here when its
        // trial failed and the report is what to open.
        Event::ExportsWritten { .. } => return None,
        Event::SpecCompared { comparison: c } => comparison(c),
        Event::CheckJudged { judgement } => {
            say("cli-check-judged", [("outcome", say(judgement.outcome.word(), []).into())])
        }
        Event::HealStarted { scenario_ids, .. } => say("cli-heal-started", [("cases", scenario_ids.len().into())]),
        Event::SessionCompleted { outputs, out_dir } => {
            // Several scenarios write a folder each: name the folder once, not every file.
            let files: Vec<_> = outputs
                .iter()
                .map(|o| o.path.strip_prefix(out_dir.as_str()).unwrap_or(&o.path).trim_start_matches('/').to_string())
                .collect();
            if files.len() > 12 {
                let folders: std::collections::BTreeSet<&str> =
                    files.iter().filter_map(|f| f.split_once('/').map(|(d, _)| d)).collect();
                say("cli-completed-folders", [("files", files.len().into()), ("folders", folders.len().into())])
            } else {
                say("cli-completed-files", [("files", files.join(", ").into())])
            }
        }
        Event::ConfirmRequested { action, reason } => {
            format!("{}\n         {}", say("cli-confirm", [("action", action.into())]), render(reason, locale()))
        }
        Event::RunCancelled { reason } => say("cli-cancelled", [("reason", reason.clone().into())]),
        Event::QuestionAsked { question } => {
            let mut line = format!("? {}", render(&question.text, locale()));
            for (i, option) in question.options.iter().enumerate() {
                line.push_str(&format!("\n    {}) {}", i + 1, render(&option.label, locale())));
            }
            line
        }
        Event::QuestionAnswered { answer, source, .. } => format!("  ↳ {answer} ({source})"),
        Event::SessionWaiting { question } => {
            say("cli-waiting", [("question", render(&question.text, locale()).into())])
        }
        Event::Error { message, .. } => say("cli-error", [("message", message.clone().into())]),
        Event::UserSaid { text, .. } => say("cli-said", [("words", text.as_str().into())]),
        Event::Replied { text } => say("cli-replied", [("reply", text.clone().into())]),
    };
    Some(format!("[{seq:>4}] {text}"))
}

pub fn sessions_table(sessions: &[SessionSummary]) -> String {
    if sessions.is_empty() {
        return format!("{}\n", say("cli-no-sessions", []));
    }
    let mut out = format!("{:<18} {:<12} {:>6}  {}\n", "ID", "STATUS", "EVENTS", "TITLE");
    for s in sessions {
        out.push_str(&format!("{:<18} {:<12} {:>6}  {}\n", s.id, s.status.as_str(), s.last_seq, s.title));
    }
    out
}

pub fn session(detail: &SessionDetail) -> String {
    let s = &detail.summary;
    let mut out = format!(
        "{}\n  id: {}\n  status: {}\n  target: {}\n  documents: {}\n  events: {}\n\n",
        s.title,
        s.id,
        s.status.as_str(),
        s.target_url,
        detail.documents.join(", "),
        s.last_seq
    );
    for envelope in &detail.events {
        if let Some(line) = event_line(envelope) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// A parsed document as a person checks it: outline, tables, pages, problems.
pub fn document(doc: &specwright_api::Document) -> String {
    let mut out = format!("✓ {} — {} ({}, {} lines)\n", doc.name, doc.title, doc.media_type, doc.lines.len());
    out.push_str("  outline:\n");
    for s in &doc.sections {
        let indent = "  ".repeat(s.level.max(1) as usize);
        out.push_str(&format!(
            "  {indent}{} [lines {}–{}] #{}\n",
            s.title,
            s.start_line,
            s.end_line,
            s.anchor.rsplit_once('#').map(|(_, a)| a).unwrap_or("")
        ));
    }
    for t in &doc.tables {
        out.push_str(&format!("  table {}: {} rows", t.title, t.rows.len()));
        if let Some(row) = t.header_row {
            out.push_str(&format!(", header at row {row}"));
        }
        out.push('\n');
        if !t.header.is_empty() {
            out.push_str(&format!("    header: {}\n", t.header.join(" | ")));
        }
        for r in t.rows.iter().take(3) {
            out.push_str(&format!("    row {}: {}\n", r.number, r.cells.join(" | ").replace('\n', " ")));
        }
    }
    if !doc.pages.is_empty() {
        out.push_str(&format!("  pages: {}\n", doc.pages.len()));
    }
    for p in &doc.problems {
        out.push_str(&format!("  ! [{}] {}\n", p.code, text(&p.message)));
    }
    out.push('\n');
    out
}

/// Search hits with what a person needs to check them: where, what, and how it was found.
pub fn hits(hits: &[specwright_api::Hit]) -> String {
    if hits.is_empty() {
        return format!("{}\n", say("cli-nothing-found", []));
    }
    let mut out = String::new();
    for (i, h) in hits.iter().enumerate() {
        out.push_str(&format!("{}. {} › {} [{}]\n", i + 1, h.document, h.section, h.found_by.join("+")));
        out.push_str(&format!("   {}\n", h.citation.label()));
        out.push_str(&format!("   “{}”\n", h.snippet));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use specwright_protocol::{Citation, ComparedSentence, Comparison, SentenceChange};

    fn cited(document: &str, line: u32, quote: &str) -> Option<Citation> {
        Some(Citation {
            document: document.into(),
            anchor: format!("{document}#x"),
            section: "x".into(),
            line,
            quote: quote.into(),
            page: None,
            sheet: None,
            row: None,
        })
    }

    #[test]
    fn a_comparison_of_several_documents_names_each_rows_document() {
        let row = |change, was, now| ComparedSentence { change, case: "spec".into(), was, now, steps: 1, kept: false };
        let mut compared = Comparison {
            earlier_session: "ses_1".into(),
            sentences: vec![
                row(SentenceChange::Changed, cited("login.md", 3, "Log in"), cited("login.md", 3, "Sign in")),
                row(SentenceChange::Added, None, cited("orders.md", 7, "Open the orders")),
            ],
        };
        let both = comparison(&compared);
        assert!(both.contains("login.md: ") && both.contains("orders.md: "), "{both}");
        compared.sentences.pop();
        let one = comparison(&compared);
        assert!(!one.contains("login.md"), "one document needs no name: {one}");
        // One document renamed between the versions is still one.
        compared.sentences[0].now = cited("login-v2.md", 3, "Sign in");
        let renamed = comparison(&compared);
        assert!(!renamed.contains(".md: "), "{renamed}");
    }
}
