//! Human-readable terminal output for events and sessions.

use specwright_catalog::{render, Locale};
use specwright_protocol::{
    Envelope, Event, IngestStage, Question, QuestionKind, SessionDetail, SessionSummary, StepStatus,
};
use specwright_rails::{Answer, Answerer};
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
            let _ = write!(err, "답 / answer [1-{}]: ", question.options.len().max(1));
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
            format!("세션 시작 / session started: {title} → {target_url}")
        }
        Event::IngestProgress { document, stage, sections, chunks, embedded } => match stage {
            IngestStage::Read => return None,
            IngestStage::Parsed => format!("기획서 읽음 / read {document}: {sections} sections"),
            IngestStage::Chunked => format!("  조각 {chunks}개 / {chunks} chunks"),
            IngestStage::Embedding if embedded == chunks => {
                format!("  임베딩 {embedded}/{chunks} / embedded {embedded}/{chunks}")
            }
            IngestStage::Embedding => return None,
            IngestStage::Unchanged => format!("  변경 없음 / unchanged: {document}"),
        },
        Event::IngestDone { steps_found, chunks, semantic, .. } => format!(
            "단계 {steps_found}개, 조각 {chunks}개{} / {steps_found} steps found, {chunks} chunks{}",
            if *semantic { "" } else { " (키워드 검색만)" },
            if *semantic { "" } else { " (keyword search only)" }
        ),
        Event::MessageDone { text } => render(text, locale()),
        // The whole message follows as message.done; the terminal shows it once.
        Event::MessageDelta { .. } => return None,
        Event::Usage { model, prompt_tokens, completion_tokens, cost_usd } => format!(
            "  토큰 / tokens: {prompt_tokens} + {completion_tokens} ({model}{})",
            cost_usd.map(|c| format!(", ~${c:.4}")).unwrap_or_default()
        ),
        Event::LlmRetrying { attempt, reason, delay_ms } => {
            format!("  다시 시도 / retrying ({attempt}, {delay_ms} ms): {reason}")
        }
        Event::ToolCall { tool, summary, .. } if tool != "browser.snapshot" => format!("  → {tool} {summary}"),
        Event::ToolCall { .. } => return None,
        Event::ToolResult { ok: false, summary, .. } => format!("  ✗ {summary}"),
        Event::ToolResult { .. } => return None,
        Event::MirrorFrame { step_index, intent, .. } => {
            format!("  ▣ {}{intent}", step_index.map(|i| format!("#{i} ")).unwrap_or_default())
        }
        Event::ScenarioDraft { scenario } => {
            format!("시나리오 초안 / scenario draft: {} steps, all cited", scenario.steps.len())
        }
        Event::TrialStep { attempt, row, result, .. } => {
            let mark = match result.status {
                StepStatus::Passed => "✓",
                StepStatus::Failed => "✗",
                StepStatus::Skipped => return None,
            };
            let row = row.map(|r| format!(" row {}", r + 1)).unwrap_or_default();
            let mut line = format!(
                "  {mark} trial {attempt}{row} #{} {} ({} ms)",
                result.index, result.intent, result.duration_ms
            );
            if let Some(d) = &result.diagnosis {
                line.push_str(&format!("\n         {}", d.message));
                if !d.candidates.is_empty() {
                    line.push_str(&format!("\n         비슷한 요소 / closest: {}", d.candidates.join(", ")));
                }
            }
            line
        }
        Event::TrialDone { passed, flaky, runs, failed_steps, duration_ms, .. } => format!(
            "시험 실행 / trial run: {} ({runs} runs, {failed_steps} failed steps, {duration_ms} ms)",
            match (passed, flaky) {
                (true, _) => "통과 / PASSED",
                (false, true) => "불안정 / FLAKY",
                (false, false) => "실패 / FAILED",
            }
        ),
        Event::ReviewFindings { findings } if findings.is_empty() => {
            "검토: 문제 없음 / review: no findings".to_string()
        }
        Event::ReviewFindings { findings } => {
            let lines: Vec<String> = findings.iter().map(|f| format!("  [{:?}] {}", f.severity, f.message)).collect();
            format!("검토 / review:\n{}", lines.join("\n"))
        }
        Event::SessionCompleted { outputs, out_dir } => {
            // Several scenarios write a folder each: name the folder once, not every file.
            let files: Vec<_> = outputs
                .iter()
                .map(|o| o.path.strip_prefix(out_dir.as_str()).unwrap_or(&o.path).trim_start_matches('/').to_string())
                .collect();
            if files.len() > 12 {
                let folders: std::collections::BTreeSet<&str> =
                    files.iter().filter_map(|f| f.split_once('/').map(|(d, _)| d)).collect();
                format!(
                    "완료 / completed: 파일 {}개, 시나리오 폴더 {}개 / {} files in {} scenario folders",
                    files.len(),
                    folders.len(),
                    files.len(),
                    folders.len()
                )
            } else {
                format!("완료 / completed: {}", files.join(", "))
            }
        }
        Event::ConfirmRequested { action, reason } => {
            format!("확인 필요 / confirmation needed: {action}\n         {reason}")
        }
        Event::RunCancelled { reason } => format!("취소됨 / cancelled: {reason}"),
        Event::QuestionAsked { question } => {
            let mut line = format!("? {}", render(&question.text, locale()));
            for (i, option) in question.options.iter().enumerate() {
                line.push_str(&format!("\n    {}) {}", i + 1, option.label));
            }
            line
        }
        Event::QuestionAnswered { answer, source, .. } => format!("  ↳ {answer} ({source})"),
        Event::SessionWaiting { question } => {
            format!("대기 / waiting for an answer: {}", render(&question.text, locale()))
        }
        Event::Error { message, .. } => format!("오류 / error: {message}"),
    };
    Some(format!("[{seq:>4}] {text}"))
}

pub fn sessions_table(sessions: &[SessionSummary]) -> String {
    if sessions.is_empty() {
        return "세션이 없습니다. `specwright demo`로 시작해 보세요. / No sessions yet: try `specwright demo`.\n"
            .into();
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
pub fn document(doc: &specwright_intake::Document) -> String {
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
        out.push_str(&format!("  ! [{}] {}\n", p.code, p.message));
    }
    out.push('\n');
    out
}

/// Search hits with what a person needs to check them: where, what, and how it was found.
pub fn hits(hits: &[specwright_knowledge::Hit]) -> String {
    if hits.is_empty() {
        return "찾은 내용이 없습니다. / Nothing found.\n".into();
    }
    let mut out = String::new();
    for (i, h) in hits.iter().enumerate() {
        out.push_str(&format!("{}. {} › {} [{}]\n", i + 1, h.document, h.section, h.found_by.join("+")));
        out.push_str(&format!("   {}\n", h.citation.label()));
        out.push_str(&format!("   “{}”\n", h.snippet));
    }
    out
}
