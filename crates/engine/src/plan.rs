//! What scenarios a set of documents asks for, before any browser is involved: each test case
//! of a test-case sheet is a scenario of its own (preconditions, then each row's action and
//! expected result); the step lists of prose specs (PRDs) make one scenario together.

use crate::{interpret_all, spec_steps, Intent, Verb};
use specwright_intake::Document;
use specwright_reading::{test_cases_with, PendingTable};
use specwright_scenario::Citation;
use std::collections::HashMap;

#[derive(Debug, Clone, PartialEq)]
pub struct PlannedStep {
    /// The sentence (an action, or an expected result).
    pub text: String,
    /// The test-data cell that goes with an action row.
    pub data: Option<String>,
    pub citation: Citation,
    /// From an expected-result cell: only checks, never acts.
    pub expected: bool,
    /// Part of a negative test (a failed login, a rejected form): the data it types is written
    /// to be wrong and stays data, and the app refusing it is the expected result.
    pub negative: bool,
    /// What the sentence asks for, read once when it is planned: every later part acts on these,
    /// never on the sentence read again.
    pub intents: Vec<Intent>,
}

impl PlannedStep {
    /// A sentence of the spec (or a person's words standing for one), read once.
    pub fn read(text: String, data: Option<String>, citation: Citation, expected: bool, negative: bool) -> Self {
        let intents = interpret_all(&text, data.as_deref());
        PlannedStep { text, data, citation, expected, negative, intents }
    }

    /// An action a person's answer stands for, already read: the words it shows as, and what
    /// it does.
    pub(crate) fn answered(text: String, intents: Vec<Intent>, citation: Citation) -> Self {
        PlannedStep { text, data: None, citation, expected: false, negative: false, intents }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct PlannedPrecondition {
    pub text: String,
    pub citation: Citation,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PlannedScenario {
    /// The case number (`TC-01`), or `spec` for the step lists of prose documents.
    pub key: String,
    pub title: String,
    pub preconditions: Vec<PlannedPrecondition>,
    pub steps: Vec<PlannedStep>,
}

/// What the documents ask for, and the tables a person must first say more about.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Plan {
    pub scenarios: Vec<PlannedScenario>,
    pub pending: Vec<PendingTable>,
}

/// An action cell that asks to check something it does not name ("가격 표시를 확인한다",
/// "Verify the totals"): nothing the grammar can act on or check by itself.
fn only_says_to_look(action: &str) -> bool {
    let lower = action.to_lowercase();
    let checks = lower.contains("확인")
        || ["check", "verify", "confirm", "look", "review", "observe"]
            .iter()
            .any(|w| lower.trim_start().starts_with(w));
    checks && interpret_all(action, None).is_empty()
}

/// Words of a precondition that says a case goes on where another left off.
const CONTINUES: &[&str] = &["이어서", "연속", "계속", "continue", "continues", "continuing", "following on"];

/// "2번 케이스에 이어서 진행", "Continues from TC-02": the case starts as that case ends, so its
/// scenario is that case's steps (and preconditions), then its own. Each scenario runs alone.
fn continue_cases(scenarios: &mut [PlannedScenario]) {
    let digits = |t: &str| -> String {
        t.chars().filter(char::is_ascii_digit).collect::<String>().trim_start_matches('0').to_string()
    };
    for i in 0..scenarios.len() {
        let Some(at) = scenarios[i].preconditions.iter().position(|p| {
            let lower = p.text.to_lowercase();
            CONTINUES.iter().any(|w| lower.contains(w))
        }) else {
            continue;
        };
        let text = scenarios[i].preconditions[at].text.clone();
        // The number the precondition names ("2번", "TC-02", "case 2"): the first one in it.
        let named = text.split(|c: char| !c.is_ascii_alphanumeric() && c != '-').map(digits).find(|d| !d.is_empty());
        let Some(named) = named else { continue };
        let earlier: Vec<usize> = (0..i).filter(|&j| digits(&scenarios[j].key) == named).collect();
        let [from] = earlier[..] else { continue };
        let (before, rest) = scenarios.split_at_mut(i);
        let (source, this) = (&before[from], &mut rest[0]);
        let mut preconditions = source.preconditions.clone();
        preconditions.extend(this.preconditions.iter().enumerate().filter(|(k, _)| *k != at).map(|(_, p)| p.clone()));
        let mut steps = source.steps.clone();
        steps.append(&mut this.steps);
        this.preconditions = preconditions;
        this.steps = steps;
    }
}

/// Whether a step only gets somewhere: logs in, or opens a screen.
fn only_gets_there(step: &PlannedStep) -> bool {
    let intents = &step.intents;
    !intents.is_empty() && intents.iter().all(|i| matches!(i.verb, crate::Verb::LogIn | crate::Verb::Navigate))
}

/// A case of a sheet with no precondition and no step that logs in or opens a screen ("Search
/// the product list by title" after a case that logged in and opened the product list) starts
/// where the case before it started: that case's first steps, which got it there, cited to its
/// own rows, come first. Each scenario runs alone, from a fresh browser.
fn start_where_the_last_case_started(scenarios: &mut [PlannedScenario]) {
    for i in 1..scenarios.len() {
        let this = &scenarios[i];
        let acts = this.steps.iter().filter(|s| !s.expected).collect::<Vec<_>>();
        let same_sheet = scenarios[i - 1].steps.first().map(|s| (&s.citation.document, &s.citation.sheet))
            == this.steps.first().map(|s| (&s.citation.document, &s.citation.sheet));
        if !this.preconditions.is_empty() || acts.is_empty() || acts.iter().any(|s| only_gets_there(s)) || !same_sheet {
            continue;
        }
        let previous = &scenarios[i - 1].steps;
        let setup = previous.iter().position(|s| !s.expected && !only_gets_there(s)).unwrap_or(previous.len());
        if setup == 0 || !previous[..setup].iter().any(|s| !s.expected) {
            continue;
        }
        let mut steps = previous[..setup].to_vec();
        steps.append(&mut scenarios[i].steps);
        scenarios[i].steps = steps;
    }
}

/// Words of a negative test, in a case's title or expected results or a section's title.
const NEGATIVE_WORDS: &[&str] = &[
    "실패",
    "오류",
    "에러",
    "잘못",
    "틀린",
    "틀리게",
    "거부",
    "불가",
    "유효하지 않",
    "올바르지 않",
    "일치하지 않",
    "경고",
    "예외",
    "비정상",
    "차단",
    "error",
    "invalid",
    "incorrect",
    "wrong",
    "fail",
    "denied",
    "rejected",
    "refused",
    "not allowed",
    "too short",
    "too long",
    "is required",
    "are required",
    "required field",
    "cannot",
    "can't",
    "unable",
    "negative",
    "mismatch",
    "does not match",
    "doesn't match",
    "warning",
];

/// Whether a text speaks of a failure, an error or a refusal.
pub fn is_negative(text: &str) -> bool {
    let lower = text.to_lowercase();
    NEGATIVE_WORDS.iter().any(|w| lower.contains(w))
}

/// The scenarios of a session, in document order: test cases first by workbook, then one
/// scenario from every numbered or bulleted step list of the other documents.
pub fn plan(documents: &[Document], title: &str) -> Vec<PlannedScenario> {
    plan_with(documents, title, &HashMap::new()).scenarios
}

/// [`plan`], with the answers people gave about tables (question id → the steps' column).
pub fn plan_with(documents: &[Document], title: &str, choices: &HashMap<String, String>) -> Plan {
    let mut out = Vec::new();
    let mut pending = Vec::new();
    let mut prose = Vec::new();
    for doc in documents {
        let (cases, mut unknown) = test_cases_with(doc, choices);
        pending.append(&mut unknown);
        if cases.is_empty() {
            prose.push(doc.clone());
            continue;
        }
        for case in cases {
            let negative = case.title.as_deref().is_some_and(is_negative)
                || case.rows.iter().any(|r| r.expected.as_deref().is_some_and(is_negative));
            let first = case.rows.first().map(|r| r.citation.clone());
            let mut steps = Vec::new();
            for row in &case.rows {
                // "가격 표시를 확인한다" beside an expected result that says what to see: the
                // row's check is that result; the action only says where to look.
                if row.expected.is_none() || !only_says_to_look(&row.action) {
                    steps.push(PlannedStep::read(
                        row.action.clone(),
                        row.data.clone(),
                        quoted(&row.citation, &row.action),
                        false,
                        negative,
                    ));
                }
                if let Some(expected) = &row.expected {
                    steps.push(PlannedStep::read(
                        expected.clone(),
                        None,
                        quoted(&row.citation, expected),
                        true,
                        negative,
                    ));
                }
            }
            let preconditions = match (&case.precondition, first) {
                (Some(text), Some(citation)) => split_conditions(text)
                    .into_iter()
                    .map(|part| PlannedPrecondition { citation: quoted(&citation, &part), text: part })
                    .collect(),
                // A procedure table under a labelled precondition paragraph ("**사전 조건:**
                // 관리자로 로그인되어 있다" above the table): the document's, unless its steps log
                // in themselves.
                _ => {
                    let logs_in =
                        steps.iter().any(|s: &PlannedStep| s.intents.iter().any(|i| i.verb == crate::Verb::LogIn));
                    let sheet = ["sheet", "excel", "csv"].iter().any(|k| doc.media_type.contains(k));
                    if logs_in || sheet {
                        Vec::new()
                    } else {
                        stated_preconditions(doc)
                    }
                }
            };
            let what = case.title.as_deref().or(case.screen.as_deref()).unwrap_or(&case.sheet);
            out.push(PlannedScenario {
                title: format!("{} {what}", case.id),
                key: case.id.clone(),
                preconditions,
                steps,
            });
        }
    }
    continue_cases(&mut out);
    start_where_the_last_case_started(&mut out);
    let found = spec_steps(&prose);
    // A prose section is a negative test when its title says so or one of its steps expects an
    // error ("… 오류 메시지가 표시된다").
    let negative_sections: std::collections::HashSet<String> = found
        .iter()
        .filter(|s| is_negative(&s.citation.section) || (is_negative(&s.text) && expects(&s.text)))
        .map(|s| s.citation.anchor.clone())
        .collect();
    // A Scenario Outline's steps run once per row of its Examples, each row's values in place
    // of the `<column>` the steps name.
    let rows = prose.iter().map(specwright_reading::examples).find(|rows| !rows.is_empty()).unwrap_or_default();
    let outlined = rows.first().is_some_and(|row| found.iter().any(|s| row.filled(&s.text).is_some()));
    let runs: Vec<Option<&specwright_reading::Example>> =
        if outlined { rows.iter().map(Some).collect() } else { vec![None] };
    for (n, row) in runs.into_iter().enumerate() {
        let steps: Vec<PlannedStep> = found
            .iter()
            .map(|s| {
                let negative = negative_sections.contains(&s.citation.anchor);
                let data = prose.iter().find(|d| d.name == s.citation.document).and_then(data_table);
                let text = row.and_then(|r| r.filled(&s.text)).unwrap_or_else(|| s.text.clone());
                PlannedStep::read(text, data, s.citation.clone(), false, negative)
            })
            .collect();
        if steps.is_empty() {
            break;
        }
        // A prose spec's "사전 조건" / "Preconditions" section sets the stage as a sheet's
        // precondition cell does ("편집자로 CMS에 로그인되어 있다"), unless the steps log in
        // themselves.
        let logs_in = steps.iter().any(|s| s.intents.iter().any(|i| i.verb == crate::Verb::LogIn));
        let preconditions = if logs_in { Vec::new() } else { prose.iter().flat_map(stated_preconditions).collect() };
        let (key, title) = match row {
            Some(row) => (format!("example-{}", n + 1), format!("{title} ({})", row.label())),
            None => ("spec".to_string(), title.to_string()),
        };
        out.insert(n, PlannedScenario { key, title, preconditions, steps });
    }
    for scenario in &mut out {
        crate::referents::resolve(scenario.steps.iter_mut().flat_map(|s| s.intents.iter_mut()));
    }
    Plan { scenarios: out, pending }
}

/// [`plan_with`] with the answers a session was given about tables (what a run of it planned),
/// asking nobody: a table still unanswered is left out.
pub fn plan_remembered(documents: &[Document], title: &str, memory: &specwright_rails::Memory) -> Vec<PlannedScenario> {
    plan_with(documents, title, &table_choices(memory)).scenarios
}

/// The answers about tables' steps columns, by question id.
fn table_choices(memory: &specwright_rails::Memory) -> HashMap<String, String> {
    memory.answers.of_kind("columns:").map(|(k, v)| (k.clone(), v.clone())).collect()
}

/// [`plan_with`], asking a person about each table whose steps column the engine cannot tell
/// (the answer is remembered, so a resumed run plans the same).
pub fn plan_asking(
    documents: &[Document],
    title: &str,
    memory: &mut specwright_rails::Memory,
    answerer: &mut dyn specwright_rails::Answerer,
    sink: &mut dyn specwright_rails::Sink,
    figures: &mut specwright_rails::Figures,
) -> Result<Vec<PlannedScenario>, crate::RunError> {
    loop {
        let choices = table_choices(memory);
        let planned = plan_with(documents, title, &choices);
        let Some(table) = planned.pending.into_iter().find(|t| !choices.contains_key(&t.question_id)) else {
            return Ok(planned.scenarios);
        };
        let question = specwright_protocol::Question {
            id: table.question_id.clone(),
            kind: specwright_protocol::QuestionKind::Choice,
            text: specwright_protocol::Text::message(
                "q-step-column",
                [("sheet", table.sheet.as_str().into()), ("header", table.header.join(" | ").into())],
            ),
            target: Some(table.sheet.clone()),
            options: table
                .header
                .iter()
                .filter(|h| !h.trim().is_empty())
                .take(8)
                .map(|h| specwright_rails::option(h.clone(), h.as_str()))
                .collect(),
            why: specwright_protocol::Text::message("why-step-column", []),
            source: table.citation.as_ref().map(|c| c.label()),
        };
        specwright_rails::ask(question, memory, answerer, sink, figures)?;
    }
}

/// Whether a sentence checks rather than acts.
fn expects(text: &str) -> bool {
    interpret_all(text, None).iter().any(|i| i.verb.is_expectation())
}

/// The citation of a row, quoting the one cell that matters.
fn quoted(citation: &Citation, text: &str) -> Citation {
    let mut c = citation.clone();
    if c.quote.contains(text) {
        c.quote = text.to_string();
    }
    c
}

/// "로그아웃 상태, '/login' 페이지가 열려 있음" → two conditions (never split inside quotes).
fn split_conditions(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match (quote, c) {
            (None, '\'' | '"' | '‘' | '“') => quote = Some(c),
            (Some('\''), '\'') | (Some('"'), '"') | (Some('‘'), '’') | (Some('“'), '”') => quote = None,
            (None, ',' | ';' | '\n') => {
                out.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    out.push(current);
    out.into_iter().map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()
}

/// Titles of a prose document's section of preconditions.
const PRECONDITION_TITLES: &[&str] = &[
    "사전 조건",
    "사전조건",
    "전제 조건",
    "전제조건",
    "precondition",
    "pre-condition",
    "prerequisite",
    "before you start",
];

/// The lines of a prose document's precondition sections, each a precondition (its bullet or
/// number taken off).
fn stated_preconditions(doc: &Document) -> Vec<PlannedPrecondition> {
    let mut out = Vec::new();
    for section in doc.sections.iter().filter(|s| s.level > 0) {
        let title = section.title.to_lowercase();
        if !PRECONDITION_TITLES.iter().any(|t| title.contains(t)) {
            continue;
        }
        for line in section.start_line + 1..=section.end_line {
            let Some(text) = doc.lines.get(line as usize - 1) else { continue };
            let text = text.trim().trim_start_matches(['-', '*', '•', '·']).trim();
            let text =
                text.split_once(". ").filter(|(n, _)| n.chars().all(|c| c.is_ascii_digit())).map_or(text, |(_, t)| t);
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            if let Some(citation) = doc.cite(line) {
                out.push(PlannedPrecondition { text: text.to_string(), citation });
            }
        }
    }
    // "**사전 조건:** 관리자(admin)로 로그인되어 있다.", "Precondition: dave is registered": a
    // paragraph labelled as one, wherever it stands.
    if out.is_empty() {
        for (at, line) in doc.lines.iter().enumerate() {
            let plain = line.replace("**", "").replace("__", "");
            let plain = plain.trim().trim_start_matches(['-', '*', '•', '·']).trim();
            let Some((label, rest)) = plain.split_once(':') else { continue };
            let label = label.trim().to_lowercase();
            let labelled = PRECONDITION_TITLES.iter().any(|t| label == *t || label == format!("{t}s"));
            let rest = rest.trim();
            if labelled && !rest.is_empty() {
                if let Some(citation) = doc.cite(at as u32 + 1) {
                    out.push(PlannedPrecondition { text: rest.to_string(), citation });
                }
            }
        }
    }
    out
}

/// What a precondition asks for before the first step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Setup {
    /// Logged in as this user (an e-mail or a user name).
    LoggedIn(String),
    /// Logged in, the precondition naming no account ("TC-CMS-002 로그인 상태", "Logged in to
    /// the portal"): the login form with the account a person names.
    LoggedInUnnamed,
    /// Logged out: a fresh browser context is exactly that.
    LoggedOut,
    /// This URL, or this named screen, is open.
    Open(String),
    /// Anything else: recorded, not acted on.
    Note,
}

/// Reads one precondition: the patterns are few and written as data.
pub fn setup_of(text: &str) -> Setup {
    let lower = text.to_lowercase();
    const LOGGED_OUT: &[&str] =
        &["로그아웃 상태", "로그인하지 않은", "비로그인", "logged out", "not logged in", "signed out"];
    if LOGGED_OUT.iter().any(|p| lower.contains(p)) {
        return Setup::LoggedOut;
    }
    // "ada@example.com으로 로그인한 상태", "관리자(admin)로 로그인되어 있다", "Logged in to the
    // dashboard as admin": who logs in, read as the steps' logins are read.
    let who = text
        .split(". ")
        .flat_map(|sentence| interpret_all(sentence, None))
        .find(|i| i.verb == Verb::LogIn)
        .and_then(|i| i.target);
    if let Some(user) = who.filter(|u| !u.trim().is_empty()) {
        return Setup::LoggedIn(user);
    }
    const LOGGED_IN: &[&str] =
        &["로그인 상태", "로그인된 상태", "로그인되어 있", "로그인한 상태", "logged in", "signed in", "logged on"];
    if LOGGED_IN.iter().any(|p| lower.contains(p)) {
        return Setup::LoggedInUnnamed;
    }
    // "'상품 목록' 화면이 열려 있음", "the '/login' page is open".
    let opened = ["열려 있", "열린 상태", "is open", "is opened", "is shown"].iter().any(|p| lower.contains(p));
    // The screen is the quoted name, as written.
    if let Some(name) = quoted_name(text).map(|n| n.trim().to_string()).filter(|n| opened && !n.is_empty()) {
        return Setup::Open(name);
    }
    Setup::Note
}

fn quoted_name(text: &str) -> Option<String> {
    let start = text.find(['\'', '"', '‘', '“'])?;
    let open = text[start..].chars().next()?;
    let close = match open {
        '‘' => '’',
        '“' => '”',
        c => c,
    };
    let body = &text[start + open.len_utf8()..];
    Some(body[..body.find(close)?].to_string())
}

/// A case's key as it ends a scenario's id (`<id>-tc-01`).
pub(crate) fn slug(key: &str) -> String {
    let s: String = key.chars().map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
    s.trim_matches('-').to_string()
}

/// A planned sentence of a one-section spec, at `line`, for tests.
#[cfg(test)]
pub(crate) fn planned_at(line: u32, text: &str) -> PlannedStep {
    let citation = Citation {
        document: "spec.md".into(),
        anchor: "spec.md#steps".into(),
        section: "Steps".into(),
        line,
        quote: text.into(),
        page: None,
        sheet: None,
        row: None,
    };
    PlannedStep::read(text.into(), None, citation, false, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_that_goes_on_from_another_starts_with_its_steps() {
        let citation = Citation {
            document: "cases.xlsx".into(),
            anchor: "cases.xlsx#cases".into(),
            section: "cases".into(),
            line: 1,
            quote: String::new(),
            page: None,
            sheet: Some("cases".into()),
            row: Some(2),
        };
        let step = |text: &str| PlannedStep::read(text.into(), None, citation.clone(), false, false);
        let condition = |text: &str| PlannedPrecondition { text: text.into(), citation: citation.clone() };
        let case = |key: &str, conditions: Vec<PlannedPrecondition>, steps: Vec<PlannedStep>| PlannedScenario {
            key: key.into(),
            title: key.into(),
            preconditions: conditions,
            steps,
        };
        let mut scenarios = vec![
            case("TC-01", vec![condition("관리자 로그인 상태")], vec![step("A"), step("B")]),
            case("TC-02", vec![condition("TC-01에 이어서 진행 (편집 창이 열린 상태)")], vec![step("C")]),
            case("TC-03", vec![condition("관리자 로그인 상태")], vec![step("D")]),
        ];
        continue_cases(&mut scenarios);
        let texts: Vec<&str> = scenarios[1].steps.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(texts, ["A", "B", "C"]);
        assert_eq!(scenarios[1].preconditions, vec![condition("관리자 로그인 상태")]);
        assert_eq!(scenarios[2].steps.len(), 1);

        // A case that names no precondition and never gets anywhere starts as the case before.
        let mut scenarios = vec![
            case(
                "QA-7",
                vec![],
                vec![step("Sign in as the clerk"), step("Open the Invoices page"), step("Click Export")],
            ),
            case("QA-8", vec![], vec![step("Click Archive")]),
            case("QA-9", vec![], vec![step("Open the Reports page"), step("Click Print")]),
        ];
        start_where_the_last_case_started(&mut scenarios);
        let texts: Vec<&str> = scenarios[1].steps.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(texts, ["Sign in as the clerk", "Open the Invoices page", "Click Archive"]);
        // One that opens its own screen starts there.
        assert_eq!(scenarios[2].steps.len(), 2);
    }

    #[test]
    fn an_action_that_only_says_to_check_leaves_the_check_to_its_expected_result() {
        assert!(only_says_to_look("재고 수량 표시를 확인한다"));
        assert!(only_says_to_look("Verify the order totals"));
        // A look the grammar knows, an action, and a check that names its text stay steps.
        assert!(!only_says_to_look("목록을 확인한다"));
        assert!(!only_says_to_look("'저장' 버튼을 클릭한다"));
        assert!(!only_says_to_look("'합계'가 표시되는지 확인한다"));
    }

    fn fixture(name: &str) -> Document {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/specs").join(name);
        specwright_intake::read_spec(&path).unwrap()
    }

    #[test]
    fn a_workbook_plans_one_scenario_per_case_with_rows_and_expectations() {
        let plans = plan(&[fixture("shop-admin-testcases.ko.xlsx")], "t");
        assert_eq!(plans.len(), 20);
        let tc1 = &plans[0];
        assert_eq!(tc1.key, "TC-01");
        assert_eq!(tc1.title, "TC-01 로그인");
        // 5 action rows, 3 of them with an expected result.
        assert_eq!(tc1.steps.len(), 8);
        assert_eq!(tc1.steps[1].text, "'로그인' 제목이 표시된다");
        assert!(tc1.steps[1].expected && tc1.steps[1].citation.row == Some(3));
        assert_eq!(tc1.steps[2].data.as_deref(), Some("ada@example.com"));
        assert_eq!(tc1.preconditions.len(), 1);
        assert_eq!(setup_of(&tc1.preconditions[0].text), Setup::LoggedOut);
        let tc2 = &plans[1];
        let setups: Vec<Setup> = tc2.preconditions.iter().map(|p| setup_of(&p.text)).collect();
        assert_eq!(setups, vec![Setup::LoggedOut, Setup::Open("/login".into())]);
    }

    #[test]
    fn an_outline_plans_one_scenario_per_example_with_its_values() {
        let feature = "Feature: Sign in\n\n  Scenario Outline: Refused\n    When I enter \"<login>\" and \"<password>\"\n    And I click \"Login\"\n    Then I see \"<message>\"\n\n    Examples:\n      | login | password | message |\n      | ann | x1 | Invalid |\n      | bob | y2 | Unknown |\n";
        let doc = specwright_intake::parse("refused.feature", feature.as_bytes()).unwrap();
        let plans = plan(&[doc], "t");
        let keys: Vec<(&str, &str)> = plans.iter().map(|p| (p.key.as_str(), p.title.as_str())).collect();
        assert_eq!(
            keys,
            vec![
                ("example-1", "t (login=ann, password=x1, message=Invalid)"),
                ("example-2", "t (login=bob, password=y2, message=Unknown)")
            ]
        );
        let typed: Vec<(Option<&str>, Option<&str>)> =
            plans[1].steps[0].intents.iter().map(|i| (i.target.as_deref(), i.value.as_deref())).collect();
        assert_eq!(typed, vec![(Some("login"), Some("bob")), (Some("password"), Some("y2"))]);
        assert_eq!(plans[1].steps[2].intents[0].target.as_deref(), Some("Unknown"));
        // Every step cites the outline's own line.
        assert_eq!(plans[0].steps[0].citation.line, plans[1].steps[0].citation.line);
    }

    #[test]
    fn preconditions_in_both_languages() {
        assert_eq!(setup_of("ada@example.com으로 로그인한 상태"), Setup::LoggedIn("ada@example.com".into()));
        assert_eq!(setup_of("박서연 계정으로 로그인한 상태"), Setup::LoggedIn("박서연".into()));
        assert_eq!(setup_of("운영자계정으로 로그인한 상태"), Setup::LoggedIn("운영자".into()));
        assert_eq!(setup_of("Logged in as ada@example.com"), Setup::LoggedIn("ada@example.com".into()));
        // Read as a step's login is read: a name in brackets, a role in words, a dashboard between.
        assert_eq!(setup_of("관리자(admin)로 로그인되어 있다."), Setup::LoggedIn("admin".into()));
        assert_eq!(
            setup_of("관리자(admin)로 로그인되어 있다. 회사 소개 페이지가 게시되어 있다."),
            Setup::LoggedIn("admin".into())
        );
        assert_eq!(setup_of("관리자 계정(Admin)으로 로그인되어 있어야 합니다."), Setup::LoggedIn("Admin".into()));
        assert_eq!(setup_of("Logged in to the dashboard as admin"), Setup::LoggedIn("admin".into()));
        assert_eq!(setup_of("'상품 목록' 화면이 열려 있음"), Setup::Open("상품 목록".into()));
        assert_eq!(setup_of("the '상품 목록' page is open"), Setup::Open("상품 목록".into()));
        assert_eq!(setup_of("Logged out"), Setup::LoggedOut);
        assert_eq!(setup_of("초기 상품 3개"), Setup::Note);
        assert_eq!(setup_of("Ⱥ logged in as 中"), Setup::LoggedIn("中".into()));
        assert_eq!(setup_of("Signed in to the portal as clerk2."), Setup::LoggedIn("clerk2".into()));
        assert_eq!(setup_of("TC-7 완료 후 로그인된 상태"), Setup::LoggedInUnnamed);
        assert_eq!(setup_of("The clerk is logged in"), Setup::LoggedInUnnamed);
        assert_eq!(setup_of("로그인하지 않은 상태"), Setup::LoggedOut);
        assert_eq!(
            split_conditions("Logged in as ada@example.com; the '상품 목록, 신규' page is open"),
            vec!["Logged in as ada@example.com", "the '상품 목록, 신규' page is open"]
        );
    }
}

/// A document's table of test data — two columns, a field and its value, under a section
/// that says it holds data ("Test data", "테스트 데이터", "입력 데이터") — as the "label: value"
/// lines a test-case sheet's data cell holds: a step that names fields without values, or says
/// to type the test data, takes each value from there. (A table of the environment or of the
/// document's own facts is no data to type.)
fn data_table(doc: &Document) -> Option<String> {
    const DATA: &[&str] = &["test data", "data", "데이터", "입력값", "입력 값", "테스트 값"];
    let table = doc.tables.iter().find(|t| {
        let Some(first) = t.rows.first() else { return false };
        t.header.len() == 2
            && doc.sections.iter().filter(|s| s.level > 0).any(|s| {
                s.start_line <= first.line
                    && first.line <= s.end_line
                    && DATA.iter().any(|w| s.title.to_lowercase().contains(w))
            })
    })?;
    let lines: Vec<String> = table
        .rows
        .iter()
        .filter(|r| r.cells != table.header)
        .filter_map(|r| match r.cells.as_slice() {
            [f, v] if !f.trim().is_empty() && !v.trim().is_empty() => Some(format!("{}: {}", f.trim(), v.trim())),
            _ => None,
        })
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}
