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

fn synonym(header: &str) -> Option<Column> {
    keys(header)
        .iter()
        .find_map(|k| HEADER_SYNONYMS.iter().find(|(_, words)| words.contains(&k.as_str())).map(|(column, _)| *column))
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
        return vec![CaseRow { action, data, expected, note, citation }];
    }
    let expectations = expected.as_deref().map(numbered_lines).unwrap_or_default();
    let numbered_expectations = expectations.len() >= 2 || expectations.first().is_some_and(|(n, _)| n.is_some());
    let last = steps.len() - 1;
    steps
        .iter()
        .enumerate()
        .map(|(i, (number, text))| {
            let expected = if numbered_expectations {
                let mine: Vec<&str> =
                    expectations.iter().filter(|(n, _)| n.is_some() && n == number).map(|(_, t)| t.as_str()).collect();
                (!mine.is_empty()).then(|| mine.join(" "))
            } else if i == last {
                expected.clone()
            } else {
                None
            };
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
mod tests {
    use super::*;

    fn fixture(name: &str) -> Document {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/specs").join(name);
        specwright_intake::read_spec(&path).unwrap()
    }

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn korean_and_english_headers_map_to_the_same_columns() {
        let ko = strings(&["번호", "화면", "사전조건", "단계", "동작", "입력값", "기대결과", "비고"]);
        let en = strings(&["No", "Screen", "Precondition", "Step", "Action", "Test data", "Expected result", "Note"]);
        assert_eq!(classify_header(&ko), classify_header(&en));
        assert!(classify_header(&ko).iter().all(Option::is_some));
        let odd = strings(&["TC ID", "테스트 절차", "기대 결과", "Remarks", "작성자"]);
        assert_eq!(
            classify_header(&odd),
            vec![Some(Column::Id), Some(Column::Action), Some(Column::Expected), Some(Column::Note), None]
        );
    }

    #[test]
    fn the_headers_test_management_tools_export() {
        use Column::*;
        let zephyr = strings(&[
            "Key",
            "Name",
            "Precondition",
            "Test Script (Step-by-Step) - Step",
            "Test Script (Step-by-Step) - Test Data",
            "Test Script (Step-by-Step) - Expected Result",
        ]);
        assert_eq!(
            classify_header(&zephyr),
            vec![Some(Id), Some(Title), Some(Precondition), Some(Action), Some(Data), Some(Expected)]
        );
        let azure = strings(&["ID", "Work Item Type", "Title", "Test Step", "Step Action", "Step Expected"]);
        assert_eq!(
            classify_header(&azure),
            vec![Some(Id), None, Some(Title), Some(Step), Some(Action), Some(Expected)]
        );
        let testrail = strings(&["ID", "Title", "Section", "Preconditions", "Steps (Step)", "Steps (Expected Result)"]);
        assert_eq!(
            classify_header(&testrail),
            vec![Some(Id), Some(Title), Some(Screen), Some(Precondition), Some(Action), Some(Expected)]
        );
        let qtest = strings(&["Id", "Name", "Test Step Description", "Test Step Expected Result"]);
        assert_eq!(classify_header(&qtest), vec![Some(Id), Some(Title), Some(Action), Some(Expected)]);
        let korean =
            strings(&["번호", "테스트 항목", "사전조건", "테스트 절차", "입력 데이터", "기대 결과", "결과", "비고"]);
        assert_eq!(
            classify_header(&korean),
            vec![Some(Id), Some(Title), Some(Precondition), Some(Action), Some(Data), Some(Expected), None, Some(Note)]
        );
    }

    fn sheet(csv: &str) -> Document {
        specwright_intake::parse("cases.csv", csv.as_bytes()).unwrap()
    }

    #[test]
    fn ambiguous_headers_are_decided_by_their_cells() {
        // Xray: "Result" holds sentences, so it is the expected result; "Step" holds sentences.
        let xray = sheet(
            "Issue Key,Summary,Step,Data,Result\nQA-1,Login,Open the login page,,The login form is shown\nQA-1,Login,Enter the user name,admin,\n",
        );
        let cases = test_cases(&xray);
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].title.as_deref(), Some("Login"));
        assert_eq!(cases[0].rows[0].action, "Open the login page");
        assert_eq!(cases[0].rows[0].expected.as_deref(), Some("The login form is shown"));
        // A Korean template: "결과" is the pass/fail column and is not read.
        let korean = sheet("번호,테스트 절차,기대 결과,결과\n1,로그인 버튼을 누른다,대시보드가 보인다,Pass\n2,로그아웃 버튼을 누른다,로그인 화면이 보인다,Fail\n");
        let cases = test_cases(&korean);
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[1].rows[0].expected.as_deref(), Some("로그인 화면이 보인다"));
    }

    #[test]
    fn a_title_row_above_the_header_and_a_case_on_rows_of_its_own() {
        // Azure Test Plans: the case's row carries its id and title, its steps follow without.
        let azure = sheet(
            "회의실 예약 테스트,,,,,\n\
             ID,Work Item Type,Title,Test Step,Step Action,Step Expected\n\
             101,Test Case,Book a room,,,\n\
             ,,,1,Open the booking page,The booking form is shown\n\
             ,,,2,Click Save,Saved\n\
             102,Test Case,Cancel a booking,,,\n\
             ,,,1,Open the list,\n",
        );
        let cases = test_cases(&azure);
        assert_eq!(cases.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(), vec!["101", "102"]);
        assert_eq!(cases[0].title.as_deref(), Some("Book a room"));
        assert_eq!(cases[0].rows.len(), 2);
        assert_eq!(cases[0].rows[1].expected.as_deref(), Some("Saved"));
    }

    #[test]
    fn a_whole_case_in_one_cell_becomes_one_step_per_numbered_line() {
        let testrail = sheet(
            "ID,Title,Steps,Expected Result\n\
             C1,Add a contact,\"1. Open the contact list\n2. Click Add\n3. Enter Ada in Name\n4. Click Save\",\"2. The add form is shown\n4. Added Row\"\n",
        );
        let cases = test_cases(&testrail);
        let rows = &cases[0].rows;
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[2].action, "Enter Ada in Name");
        assert_eq!(rows[1].expected.as_deref(), Some("The add form is shown"));
        assert_eq!(rows[0].expected, None);
        assert_eq!(rows[3].expected.as_deref(), Some("Added Row"));
        assert_eq!(rows[3].citation.quote, "Click Save");
    }

    #[test]
    fn a_sheet_whose_step_column_has_an_unknown_name_is_a_question() {
        let doc = sheet(
            "TC ID,Title,What to do,Expected Result\nT1,Log in,Type the user name and press enter,The dashboard opens\nT2,Log out,Press the sign out link at the top,The login page opens\n",
        );
        let (cases, pending) = test_cases_with(&doc, &HashMap::new());
        assert!(cases.is_empty());
        assert_eq!(pending.len(), 1);
        assert!(pending[0].header.contains(&"What to do".to_string()));
        let mut choices = HashMap::new();
        choices.insert(pending[0].question_id.clone(), "What to do".to_string());
        let (cases, pending) = test_cases_with(&doc, &choices);
        assert!(pending.is_empty());
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[1].rows[0].action, "Press the sign out link at the top");
    }

    #[test]
    fn the_workbooks_hold_twenty_cases_each_with_cited_rows() {
        for name in ["shop-admin-testcases.ko.xlsx", "shop-admin-testcases.en.xlsx"] {
            let doc = fixture(name);
            let cases = test_cases(&doc);
            assert_eq!(cases.len(), 20, "{name}: {:?}", cases.iter().map(|c| &c.id).collect::<Vec<_>>());
            let first = &cases[0];
            assert_eq!(first.id, "TC-01");
            assert!(first.rows.len() >= 3 && first.precondition.is_some() && first.screen.is_some(), "{first:?}");
            assert_eq!(first.rows[1].data.as_deref(), Some("ada@example.com"));
            let cited = &first.rows[0].citation;
            assert!(cited.sheet.is_some() && cited.row == Some(3), "{cited:?}");
            // The change-history sheet has no action column: it holds no cases.
            assert!(cases.iter().all(|c| c.sheet != "변경 이력" && c.sheet != "Change history"));
        }
    }

    #[test]
    fn without_a_number_column_a_case_starts_when_the_steps_start_over() {
        let csv = "Step,Action,Expected\n1,Open '/login',\n2,Click '로그인',Dashboard\n1,Open '/items',\n2,Click '삭제',Gone\n";
        let doc = sheet(csv);
        let cases = test_cases(&doc);
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[1].rows[1].expected.as_deref(), Some("Gone"));
        assert_eq!(cases[1].id, "cases#4");
    }
}
