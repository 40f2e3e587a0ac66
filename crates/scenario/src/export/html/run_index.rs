//! The report of a run of several scenarios (a workbook's cases), as a test-management tool's run
//! view: each case, what it proved, and a link to its own report beside this file. A planner
//! opens one file and sees the whole run.

use super::{esc, head, w};
use crate::export::{say, Words};
use crate::Verdict;
use std::fmt::Write;

/// One case of the run: its title, what its trial proved, and its report relative to this file.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexCase {
    pub title: String,
    pub verdict: Verdict,
    /// `01-tc-01/report.html`, or `None` when the case wrote none (it never reached a trial).
    pub report: Option<String>,
}

/// A self-contained page (same styles and policy as a scenario's report) listing the cases.
/// With `trace`, the requirements the spec names and what covers each follow the cases.
pub fn run_index_html(
    title: &str,
    target_url: &str,
    cases: &[IndexCase],
    trace: &[super::TraceRow],
    words: &dyn Words,
) -> String {
    let mut out = head(title, "report-run-kicker", words);
    out.push_str("<header>\n");
    let _ = writeln!(out, "<h1><span class=\"kicker\">{}</span>{}</h1>", w(words, "report-run-kicker"), esc(title));
    let overall = Verdict::worst(cases.iter().map(|c| c.verdict)).unwrap_or(Verdict::NotRun);
    let failed = cases.iter().filter(|c| matches!(c.verdict, Verdict::Failed | Verdict::Flaky)).count();
    out.push_str("<dl class=\"summary\">\n");
    let _ = writeln!(out, "<dt>{}</dt><dd><code>{}</code></dd>", w(words, "doc-target"), esc(target_url));
    let _ = writeln!(
        out,
        "<dt>{}</dt><dd><span class=\"verdict v-{}\">{}</span> {}</dd>",
        w(words, "report-verdict"),
        overall.name(),
        w(words, overall.word()),
        esc(&say(words, "report-run-cases", [("count", cases.len().into()), ("failed", failed.into())]))
    );
    out.push_str("</dl>\n</header>\n<main>\n<section id=\"cases\">\n");
    let _ = writeln!(out, "<h2>{}</h2>", w(words, "report-run-case-list"));
    let _ = writeln!(
        out,
        "<table class=\"cases\">\n<thead><tr><th>#</th><th>{}</th><th>{}</th><th>{}</th></tr></thead>\n<tbody>",
        w(words, "report-run-case"),
        w(words, "report-verdict"),
        w(words, "report-run-report")
    );
    for (i, case) in cases.iter().enumerate() {
        let link = match &case.report {
            Some(path) => format!("<a href=\"{}\">{}</a>", esc(path), w(words, "report-run-open")),
            None => format!("<span class=\"missing\">{}</span>", w(words, "report-run-no-report")),
        };
        let _ = writeln!(
            out,
            "<tr><td class=\"num\">{}</td><td>{}</td><td><span class=\"verdict v-{}\">{}</span></td><td>{link}</td></tr>",
            i + 1,
            esc(&case.title),
            case.verdict.name(),
            w(words, case.verdict.word()),
        );
    }
    out.push_str("</tbody>\n</table>\n</section>\n");
    if !trace.is_empty() {
        super::trace_section(&mut out, trace, words);
    }
    out.push_str("</main>\n");
    let _ = writeln!(out, "<footer><p>{}</p></footer>", w(words, "report-footer"));
    out.push_str("</body>\n</html>\n");
    out
}
