//! Requirement coverage as people read it: each requirement the spec names, the scenarios and
//! steps that prove it and what their latest trial proved — or that nothing does ("no test").
//! A section of a run's report, and a page of its own.

use super::{esc, head, w};
use crate::export::{say, Words};
use crate::Verdict;
use std::fmt::Write;

/// One requirement and what covers it.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceRow {
    /// `REQ-2`, `TC-01`, `3.1`.
    pub requirement: String,
    pub title: String,
    /// Where it is written: `prd.md:12–18`.
    pub place: String,
    pub links: Vec<TraceLink>,
    /// Not a requirement of the spec: a message of the session's conversation (`title` its
    /// words, `place` who said it), whose steps the spec did not ask for. Listed apart.
    pub said: bool,
}

/// A scenario that covers a requirement: the steps citing it and its latest verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceLink {
    pub scenario: String,
    pub steps: Vec<u32>,
    pub verdict: Verdict,
}

/// The coverage table (`<section id="requirements">`), written into `out`.
pub fn trace_section(out: &mut String, rows: &[TraceRow], words: &dyn Words) {
    let uncovered = rows.iter().filter(|r| r.links.is_empty()).count();
    out.push_str("<section id=\"requirements\">\n");
    let _ = writeln!(out, "<h2>{}</h2>", w(words, "trace-title"));
    let _ = writeln!(
        out,
        "<p class=\"sub\">{}</p>",
        esc(&say(words, "trace-summary", [("count", rows.len().into()), ("uncovered", uncovered.into())]))
    );
    let _ = writeln!(
        out,
        "<table class=\"cases\">\n<thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead>\n<tbody>",
        w(words, "trace-requirement"),
        w(words, "trace-scenario"),
        w(words, "trace-steps"),
        w(words, "report-verdict")
    );
    for row in rows.iter().filter(|r| !r.said) {
        let requirement = format!(
            "<strong>{}</strong> {}<br><span class=\"dur\">{}</span>",
            esc(&row.requirement),
            esc(&row.title),
            esc(&row.place)
        );
        if row.links.is_empty() {
            let _ = writeln!(
                out,
                "<tr class=\"r-failed\"><td>{requirement}</td><td colspan=\"3\"><span class=\"missing\">{}</span></td></tr>",
                w(words, "trace-no-test")
            );
            continue;
        }
        link_rows(out, &requirement, &row.links, words);
    }
    out.push_str("</tbody>\n</table>\n");
    said_section(out, rows, words);
    out.push_str("</section>\n");
}

/// One row per covering scenario, the first holding `first` (what is covered) across them all.
fn link_rows(out: &mut String, first: &str, links: &[TraceLink], words: &dyn Words) {
    for (i, link) in links.iter().enumerate() {
        let head = if i == 0 { format!("<td rowspan=\"{}\">{first}</td>", links.len()) } else { String::new() };
        let steps: Vec<String> = link.steps.iter().map(u32::to_string).collect();
        let _ = writeln!(
            out,
            "<tr>{head}<td>{}</td><td class=\"num\">{}</td><td><span class=\"verdict v-{}\">{}</span></td></tr>",
            esc(&link.scenario),
            steps.join(", "),
            link.verdict.name(),
            w(words, link.verdict.word())
        );
    }
}

/// What the spec did not ask for: the steps a person's messages added, each message with its
/// steps, apart from the requirements they might be mistaken for.
fn said_section(out: &mut String, rows: &[TraceRow], words: &dyn Words) {
    let said: Vec<&TraceRow> = rows.iter().filter(|r| r.said).collect();
    if said.is_empty() {
        return;
    }
    let _ = writeln!(out, "<h3 id=\"said\">{}</h3>", w(words, "trace-said-title"));
    let _ = writeln!(
        out,
        "<p class=\"sub\">{}</p>",
        esc(&say(words, "trace-said-summary", [("count", said.len().into())]))
    );
    let _ = writeln!(
        out,
        "<table class=\"cases\" data-kind=\"said\">\n<thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead>\n<tbody>",
        w(words, "provenance-said"),
        w(words, "trace-scenario"),
        w(words, "trace-steps"),
        w(words, "report-verdict")
    );
    for row in said {
        let message = format!("<q>{}</q><br><span class=\"dur\">{}</span>", esc(&row.title), esc(&row.place));
        link_rows(out, &message, &row.links, words);
    }
    out.push_str("</tbody>\n</table>\n");
}

/// A self-contained page of the coverage table (same styles and policy as the reports).
pub fn traceability_html(title: &str, rows: &[TraceRow], words: &dyn Words) -> String {
    let mut out = head(title, "trace-title", words);
    let _ = writeln!(
        out,
        "<header>\n<h1><span class=\"kicker\">{}</span>{}</h1>\n</header>\n<main>",
        w(words, "trace-title"),
        esc(title)
    );
    trace_section(&mut out, rows, words);
    out.push_str("</main>\n");
    let _ = writeln!(out, "<footer><p>{}</p></footer>", w(words, "report-footer"));
    out.push_str("</body>\n</html>\n");
    out
}
