//! Test-case sheets: the columns a QA team writes (번호, 화면, 사전조건, 단계, 동작, 입력값,
//! 기대결과, 비고 — or the headers TestRail, Zephyr, Xray, qTest and Azure Test Plans export)
//! found by a table of header synonyms, and the rows grouped into test cases (a case spans the
//! rows that share its number; merged cells already carry the number down). Each row keeps the
//! citation of its sheet row. A header that means two things ("Step" is a number in one tool and
//! the action in another; "결과" is a pass/fail column in most sheets and the expected result in
//! Xray's) is decided by what its cells hold, and a sheet whose steps no column plainly holds is
//! a question for a person (see [`PendingTable`]).

use specwright_intake::{Document, Row, Table};
use specwright_scenario::Citation;
use std::collections::HashMap;

/// What a column of a test-case sheet holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    Id,
    /// The case's name ("Title", "Summary", "테스트 항목").
    Title,
    Screen,
    Precondition,
    /// The step's number within its case.
    Step,
    Action,
    Data,
    Expected,
    Note,
}

/// Header words per column, compared after lower-casing and dropping spaces and punctuation.
/// Data, not code: a new synonym is a new entry here. Deliberately absent: "description" (usually
/// the case's summary) and the words of [`BY_CONTENT`], which are decided by the cells.
pub const HEADER_SYNONYMS: &[(Column, &[&str])] = &[
    (
        Column::Id,
        &[
            "번호",
            "no",
            "id",
            "tcid",
            "tc",
            "tcno",
            "tc번호",
            "케이스id",
            "케이스번호",
            "테스트id",
            "테스트번호",
            "항목번호",
            "시나리오id",
            "testcaseid",
            "testcaseno",
            "testcasekey",
            "testid",
            "caseid",
            "caseno",
            "key",
            "issuekey",
            "issueid",
            "테스트케이스id",
            "테스트케이스번호",
        ],
    ),
    (
        Column::Title,
        &[
            "title",
            "name",
            "summary",
            "testcase",
            "testcasename",
            "testcasetitle",
            "testname",
            "testtitle",
            "casename",
            "scenario",
            "testscenario",
            "테스트항목",
            "테스트케이스",
            "테스트케이스명",
            "테스트명",
            "케이스명",
            "항목",
            "항목명",
            "시나리오",
            "시나리오명",
            "제목",
        ],
    ),
    (
        Column::Screen,
        &[
            "화면",
            "화면명",
            "구분",
            "기능",
            "기능명",
            "메뉴",
            "메뉴명",
            "모듈",
            "screen",
            "feature",
            "page",
            "module",
            "area",
            "section",
            "component",
            "folder",
        ],
    ),
    (
        Column::Precondition,
        &[
            "사전조건",
            "전제조건",
            "선행조건",
            "사전준비",
            "precondition",
            "preconditions",
            "prerequisite",
            "prerequisites",
            "setup",
        ],
    ),
    (Column::Step, &["stepno", "stepnumber", "stepnum", "step#", "#", "순번", "단계번호"]),
    (
        Column::Action,
        &[
            "동작",
            "절차",
            "테스트절차",
            "수행절차",
            "실행절차",
            "진행절차",
            "수행내용",
            "테스트내용",
            "테스트단계",
            "조작",
            "조작내용",
            "action",
            "actions",
            "stepaction",
            "stepsstep",
            "stepdescription",
            "teststepdescription",
            "teststepsdescription",
            "procedure",
            "teststeps",
            "testscript",
        ],
    ),
    (
        Column::Data,
        &[
            "입력값",
            "입력",
            "입력데이터",
            "테스트데이터",
            "데이터",
            "testdata",
            "data",
            "input",
            "inputs",
            "inputdata",
            "value",
            "stepdata",
            "teststepdata",
        ],
    ),
    (
        Column::Expected,
        &[
            "기대결과",
            "예상결과",
            "기대값",
            "기대동작",
            "예상동작",
            "expected",
            "expectedresult",
            "expectedresults",
            "expectedoutcome",
            "expectedbehavior",
            "expectedbehaviour",
            "stepexpected",
            "stepexpectedresult",
            "stepsexpectedresult",
            "teststepexpectedresult",
        ],
    ),
    (Column::Note, &["비고", "메모", "참고", "note", "notes", "remarks", "comment", "comments"]),
];

/// Headers whose meaning depends on their cells: "Step" (a step number, or the step itself as
/// Zephyr and TestRail write it) and "Result"/"결과" (a pass/fail column, or Xray's expected
/// result).
const BY_CONTENT: &[(&[&str], ContentRule)] = &[
    (&["step", "steps", "teststep", "단계", "순서", "스텝"], ContentRule::NumberOrAction),
    (&["result", "results", "결과", "결과값", "확인결과"], ContentRule::StatusOrExpected),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ContentRule {
    /// Small whole numbers: the step number; sentences: the action.
    NumberOrAction,
    /// Pass/fail words (or nothing): a status column, not read; sentences: the expected result.
    StatusOrExpected,
}

/// Words a pass/fail column holds.
const STATUS_WORDS: &[&str] = &[
    "pass",
    "passed",
    "fail",
    "failed",
    "ok",
    "ng",
    "na",
    "n/a",
    "blocked",
    "untested",
    "skip",
    "skipped",
    "통과",
    "실패",
    "성공",
    "보류",
    "미수행",
    "해당없음",
    "o",
    "x",
    "p",
    "f",
    "-",
];

#[derive(Debug, Clone, PartialEq)]
pub struct CaseRow {
    pub action: String,
    pub data: Option<String>,
    pub expected: Option<String>,
    pub note: Option<String>,
    /// The sheet row this step came from.
    pub citation: Citation,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TestCase {
    /// The case number as written (`TC-01`), or `<sheet>#<first row>` when the sheet has none.
    pub id: String,
    pub title: Option<String>,
    pub sheet: String,
    pub screen: Option<String>,
    pub precondition: Option<String>,
    pub rows: Vec<CaseRow>,
}

/// A table that looks like a test-case sheet but has no column that plainly holds the steps:
/// a person says which one does.
#[derive(Debug, Clone, PartialEq)]
pub struct PendingTable {
    /// The question's id; its answer is the chosen header.
    pub question_id: String,
    pub sheet: String,
    /// The header cells, each an option.
    pub header: Vec<String>,
    pub citation: Option<Citation>,
}

fn key(header: &str) -> String {
    header.chars().filter(|c| c.is_alphanumeric() || *c == '#').flat_map(char::to_lowercase).collect()
}

/// The keys a header cell can be known by, most specific first: the whole header, the part
/// after the last " - " (Zephyr's "Test Script (Step-by-Step) - Expected Result"), the part
/// inside brackets (TestRail's "Steps (Expected Result)"), the part before them.
fn keys(header: &str) -> Vec<String> {
    let mut out = vec![key(header)];
    if let Some((_, tail)) = header.rsplit_once(" - ") {
        out.push(key(tail));
    }
    if let (Some(open), Some(close)) = (header.find('('), header.rfind(')')) {
        if open < close {
            out.push(key(&header[..open]) + &key(&header[open + 1..close]));
            out.push(key(&header[open + 1..close]));
        }
    }
    out.push(key(header.split(['(', '/', '\n']).next().unwrap_or(header)));
    out.retain(|k| !k.is_empty());
    out
}

/// Words inside a header that say what its column holds, for the headers a team names its own
/// way ("확인 방법", "정상 기준", "What to do", "What you should see", "점검 항목"); tried only
/// after [`HEADER_SYNONYMS`] and [`BY_CONTENT`], in this order (an "expected action" is expected).
pub const HEADER_PHRASES: &[(Column, &[&str])] = &[
    (
        Column::Expected,
        &[
            "expected",
            "shouldsee",
            "shouldhappen",
            "shouldbe",
            "expect",
            "outcome",
            "criteria",
            "criterion",
            "passif",
            "기대",
            "예상",
            "기준",
            "판정",
        ],
    ),
    (Column::Precondition, &["precondition", "prerequisite", "사전", "전제", "선행"]),
    (
        Column::Action,
        &[
            "whattodo",
            "todo",
            "howto",
            "howtotest",
            "howtocheck",
            "instruction",
            "procedure",
            "action",
            "방법",
            "절차",
            "수행",
            "조작",
        ],
    ),
    (Column::Data, &["testdata", "inputdata", "입력", "데이터"]),
    (Column::Title, &["항목", "checkpoint", "check", "scenario", "시나리오", "점검"]),
];

fn synonym(header: &str) -> Option<Column> {
    keys(header)
        .iter()
        .find_map(|k| HEADER_SYNONYMS.iter().find(|(_, words)| words.contains(&k.as_str())).map(|(column, _)| *column))
}

/// Words that make a header a record of the run ("수행 결과", "Actual result", "Status",
/// "담당"), whatever else it says: never the steps.
const RECORD_WORDS: &[&str] =
    &["결과", "result", "status", "actual", "실제", "담당", "owner", "assignee", "작성", "date", "일자"];

fn phrase(header: &str) -> Option<Column> {
    let k = key(header);
    let record = RECORD_WORDS.iter().any(|w| k.contains(w));
    HEADER_PHRASES
        .iter()
        .filter(|(column, _)| !record || *column == Column::Expected)
        .find(|(_, words)| words.iter().any(|w| k.contains(w)))
        .map(|(column, _)| *column)
}

fn content_rule(header: &str) -> Option<ContentRule> {
    keys(header).iter().find_map(|k| BY_CONTENT.iter().find(|(words, _)| words.contains(&k.as_str())).map(|(_, r)| *r))
}

/// Which column each header cell is, from the header alone (an ambiguous "Step" is the number,
/// an ambiguous "Result" a status column); `None` for columns this engine does not read.
pub fn classify_header(header: &[String]) -> Vec<Option<Column>> {
    classify(header, &[])
}

/// Which column each header cell is, deciding ambiguous headers by the cells under them.
fn classify(header: &[String], rows: &[&Row]) -> Vec<Option<Column>> {
    let cells = |i: usize| rows.iter().filter_map(move |r| r.cells.get(i)).map(|c| c.trim()).filter(|c| !c.is_empty());
    let mut taken: Vec<Column> = Vec::new();
    let mut out: Vec<Option<Column>> = Vec::with_capacity(header.len());
    // Plain synonyms first, so a sheet with both "Step" and "Action" reads "Step" as the number.
    for cell in header {
        let found = synonym(cell).filter(|c| !taken.contains(c));
        if let Some(c) = found {
            taken.push(c);
        }
        out.push(found);
    }
    for (i, cell) in header.iter().enumerate() {
        if out[i].is_some() {
            continue;
        }
        let Some(rule) = content_rule(cell) else { continue };
        let values: Vec<&str> = cells(i).collect();
        let decided = match rule {
            ContentRule::NumberOrAction => {
                let numbers = values.iter().filter(|v| v.trim_end_matches('.').parse::<u32>().is_ok()).count();
                if values.is_empty() || numbers * 2 >= values.len() {
                    Column::Step
                } else {
                    Column::Action
                }
            }
            ContentRule::StatusOrExpected => {
                let status = values.iter().filter(|v| STATUS_WORDS.contains(&v.to_lowercase().as_str())).count();
                if values.is_empty() || status * 2 >= values.len() {
                    continue;
                }
                Column::Expected
            }
        };
        if !taken.contains(&decided) {
            taken.push(decided);
            out[i] = Some(decided);
        }
    }
    // "번호 | 절차 | 기대 결과" with 1, 2, 3 … down the first column: the numbers of one
    // procedure's steps, not of as many cases (a case sheet's numbers come with titles).
    if let Some(id) = out.iter().position(|c| *c == Some(Column::Id)) {
        let numbers: Vec<Option<u32>> = cells(id).map(|v| v.trim_end_matches('.').parse::<u32>().ok()).collect();
        let counted = numbers.len() >= 2 && numbers.iter().enumerate().all(|(i, n)| *n == Some(i as u32 + 1));
        // Each row judged on its own (a Pass/Fail column), or a whole case in a cell: cases.
        let judged = (0..header.len()).any(|i| {
            let values: Vec<&str> = cells(i).collect();
            !values.is_empty() && values.iter().all(|v| STATUS_WORDS.contains(&v.to_lowercase().as_str()))
        });
        let whole_cases = rows.iter().any(|r| r.cells.iter().any(|c| c.trim().contains('\n')));
        if counted && !judged && !whole_cases && !taken.contains(&Column::Step) && !taken.contains(&Column::Title) {
            out[id] = Some(Column::Step);
            taken.retain(|c| *c != Column::Id);
            taken.push(Column::Step);
        }
    }
    // Last, the words inside the headers still unknown ("What you should see"); a status
    // column ("점검 결과", "OK?") is decided by its cells above and stays unread.
    for (i, cell) in header.iter().enumerate() {
        if out[i].is_some() || content_rule(cell).is_some() {
            continue;
        }
        // A column of nothing but ticks holds neither steps nor results.
        let values: Vec<&str> = cells(i).collect();
        if !rows.is_empty() && values.iter().all(|v| STATUS_WORDS.contains(&v.to_lowercase().trim_end_matches('?'))) {
            continue;
        }
        if let Some(c) = phrase(cell).filter(|c| !taken.contains(c)) {
            taken.push(c);
            out[i] = Some(c);
        }
    }
    out
}

/// Where a table's header is and what its columns hold.
struct Layout {
    /// Index into `table.rows` of the header row; `None` when it is `table.header`.
    header_at: Option<usize>,
    header: Vec<String>,
    columns: Vec<Option<Column>>,
}

impl Layout {
    fn at(&self, column: Column) -> Option<usize> {
        self.columns.iter().position(|c| *c == Some(column))
    }

    fn recognized(&self) -> usize {
        self.columns.iter().filter(|c| c.is_some()).count()
    }
}

/// The header among the table's first rows (a title row or two often sits above it): the row
/// whose cells read most as a test-case header.
fn layout(table: &Table, chosen: Option<&str>) -> Option<Layout> {
    let mut candidates: Vec<(Option<usize>, Vec<String>)> = vec![(None, table.header.clone())];
    candidates.extend(table.rows.iter().take(5).enumerate().map(|(i, r)| (Some(i), r.cells.clone())));
    let mut best: Option<Layout> = None;
    for (header_at, header) in candidates {
        let start = header_at.map_or(0, |i| i + 1);
        let below: Vec<&Row> = table.rows.iter().skip(start).take(50).collect();
        let mut columns = classify(&header, &below);
        if let Some(chosen) = chosen {
            if let Some(i) = header.iter().position(|h| h.trim() == chosen.trim()) {
                for c in columns.iter_mut() {
                    if *c == Some(Column::Action) {
                        *c = None;
                    }
                }
                columns[i] = Some(Column::Action);
            }
        }
        let candidate = Layout { header_at, header, columns };
        let score = |l: &Layout| (l.at(Column::Action).is_some(), l.recognized());
        if best.as_ref().is_none_or(|b| score(&candidate) > score(b)) {
            best = Some(candidate);
        }
    }
    best
}

/// The test cases of every sheet that looks like a test-case sheet (it has an action column).
pub fn test_cases(doc: &Document) -> Vec<TestCase> {
    test_cases_with(doc, &HashMap::new()).0
}

/// The test cases, with the column choices people made (question id → header), and the tables
/// that look like test-case sheets but whose steps column is for a person to say.
pub fn test_cases_with(doc: &Document, choices: &HashMap<String, String>) -> (Vec<TestCase>, Vec<PendingTable>) {
    let mut cases = Vec::new();
    let mut pending = Vec::new();
    for table in &doc.tables {
        let sheet = table.sheet.clone().unwrap_or_else(|| table.title.clone());
        let question_id = format!("columns:{}:{sheet}", doc.name);
        let Some(layout) = layout(table, choices.get(&question_id).map(String::as_str)) else { continue };
        if layout.at(Column::Action).is_some() {
            cases.extend(cases_of(doc, table, &layout, &sheet));
        } else if looks_like_cases(table, &layout) {
            let citation = layout
                .header_at
                .and_then(|i| table.rows.get(i))
                .map(|r| r.line)
                .or_else(|| table.rows.first().map(|r| r.line.saturating_sub(1)))
                .and_then(|line| doc.cite(line));
            pending.push(PendingTable { question_id, sheet, header: layout.header.clone(), citation });
        }
    }
    (cases, pending)
}

/// A sheet with an expected-result column (or an id and a title) and a column of sentences is
/// a test-case sheet whose step column has a name this engine does not know.
fn looks_like_cases(table: &Table, layout: &Layout) -> bool {
    let has = |c| layout.at(c).is_some();
    let shaped = has(Column::Expected) || (has(Column::Id) && (has(Column::Title) || has(Column::Precondition)));
    if !shaped || table.rows.len() < 2 {
        return false;
    }
    let start = layout.header_at.map_or(0, |i| i + 1);
    (0..layout.header.len()).filter(|i| layout.columns[*i].is_none()).any(|i| {
        let texts: Vec<&String> = table.rows.iter().skip(start).filter_map(|r| r.cells.get(i)).collect();
        texts.iter().filter(|t| t.split_whitespace().count() >= 3).count() * 2 >= texts.len().max(1)
    })
}

fn cases_of(doc: &Document, table: &Table, layout: &Layout, sheet: &str) -> Vec<TestCase> {
    let Some(action) = layout.at(Column::Action) else { return Vec::new() };
    let cell = |row: &[String], c: Column| -> Option<String> {
        layout.at(c).and_then(|i| row.get(i)).map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
    };
    let start = layout.header_at.map_or(0, |i| i + 1);
    let mut cases: Vec<TestCase> = Vec::new();
    let mut last_step: Option<u32> = None;
    for row in table.rows.iter().skip(start) {
        let id = cell(&row.cells, Column::Id);
        let action_text = row.cells.get(action).map(|a| a.trim().to_string()).filter(|a| !a.is_empty());
        let step: Option<u32> = cell(&row.cells, Column::Step).and_then(|s| s.trim_end_matches('.').parse().ok());
        // A new case: a new number, or (without a number column) the step count starting over.
        let starts = match (&id, cases.last()) {
            (None, None) => action_text.is_some(),
            (Some(_), None) => true,
            (Some(id), Some(last)) => &last.id != id,
            (None, Some(_)) => action_text.is_some() && matches!((step, last_step), (Some(s), Some(prev)) if s <= prev),
        };
        if starts {
            last_step = None;
            cases.push(TestCase {
                id: id.clone().unwrap_or_else(|| format!("{sheet}#{}", row.number)),
                title: cell(&row.cells, Column::Title),
                sheet: sheet.to_string(),
                screen: cell(&row.cells, Column::Screen),
                precondition: cell(&row.cells, Column::Precondition),
                rows: Vec::new(),
            });
        }
        if let Some(case) = cases.last_mut() {
            // Azure and qTest put the case's name and precondition on a row of their own.
            if case.title.is_none() {
                case.title = cell(&row.cells, Column::Title);
            }
            if case.precondition.is_none() {
                case.precondition = cell(&row.cells, Column::Precondition);
            }
        }
        let Some(action_text) = action_text else { continue };
        let Some(citation) = doc.cite(row.line) else { continue };
        last_step = step;
        let data = cell(&row.cells, Column::Data);
        let expected = cell(&row.cells, Column::Expected);
        let note = cell(&row.cells, Column::Note);
        if let Some(case) = cases.last_mut() {
            case.rows.extend(split_rows(action_text, data, expected, note, citation));
        }
    }
    cases.retain(|c| !c.rows.is_empty());
    cases
}

/// One sheet row, or several when its step cell holds numbered lines ("1. Open …\n2. Click …",
/// as TestRail's text template writes a whole case in one cell): each numbered expectation goes
/// after the step of the same number, an unnumbered one after the last step.
fn split_rows(
    action: String,
    data: Option<String>,
    expected: Option<String>,
    note: Option<String>,
    citation: Citation,
) -> Vec<CaseRow> {
    let steps = numbered_lines(&action);
    if steps.len() < 2 {
        // "1. Click Show All": a case of one numbered step is that step, its number no word of it.
        let action = match steps.as_slice() {
            [(Some(_), text)] if action.trim().lines().count() == 1 => text.clone(),
            _ => action,
        };
        return vec![CaseRow { action, data, expected, note, citation }];
    }
    let expectations = expected.as_deref().map(numbered_lines).unwrap_or_default();
    let last = steps.len() - 1;
    // Every expectation goes somewhere: a numbered one after its step, one with no number (or a
    // number no step has) after the last step. None is ever dropped: a dropped check is a green
    // that checked nothing.
    let numbers: Vec<Option<u32>> = steps.iter().map(|(n, _)| *n).collect();
    let owner = |n: &Option<u32>| match n {
        Some(_) => numbers.iter().position(|m| m == n).unwrap_or(last),
        None => last,
    };
    steps
        .iter()
        .enumerate()
        .map(|(i, (_, text))| {
            let mine: Vec<&str> = expectations.iter().filter(|(n, _)| owner(n) == i).map(|(_, t)| t.as_str()).collect();
            // Lines stay lines: each is a statement of its own.
            let expected = (!mine.is_empty()).then(|| mine.join("\n"));
            let mut cited = citation.clone();
            cited.quote = text.clone();
            CaseRow {
                action: text.clone(),
                // The data cell serves whichever numbered step types it.
                data: data.clone(),
                expected,
                note: if i == 0 { note.clone() } else { None },
                citation: cited,
            }
        })
        .collect()
}

/// The non-empty lines of a cell, each with its leading number when it has one.
fn numbered_lines(cell: &str) -> Vec<(Option<u32>, String)> {
    cell.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|line| {
            let digits = line.chars().take_while(char::is_ascii_digit).count();
            let rest = &line[digits..];
            match (digits, rest.strip_prefix(['.', ')'])) {
                (1..=3, Some(rest)) => (line[..digits].parse().ok(), rest.trim().to_string()),
                _ => (None, line.trim_start_matches(['-', '*', '•']).trim().to_string()),
            }
        })
        .filter(|(_, text)| !text.is_empty())
        .collect()
}

#[cfg(test)]
mod tests;
