//! Test-case sheets: the columns a QA team writes (번호, 화면, 사전조건, 단계, 동작, 입력값,
//! 기대결과, 비고 — or their English names) found by a table of header synonyms, and the rows
//! grouped into test cases (a case spans the rows that share its number; merged cells already
//! carry the number down). Each row keeps the citation of its sheet row.

use specwright_intake::{Document, Table};
use specwright_scenario::Citation;

/// What a column of a test-case sheet holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    Id,
    Screen,
    Precondition,
    Step,
    Action,
    Data,
    Expected,
    Note,
}

/// Header words per column, compared after lower-casing and dropping spaces and punctuation.
/// Data, not code: a new synonym is a new entry here. Deliberately absent: "결과"/"result" (in
/// most sheets that is the pass/fail column) and "description" (usually the case's summary).
pub const HEADER_SYNONYMS: &[(Column, &[&str])] = &[
    (
        Column::Id,
        &["번호", "no", "id", "tcid", "tc번호", "케이스id", "케이스번호", "testcaseid", "caseid", "테스트케이스id"],
    ),
    (Column::Screen, &["화면", "구분", "기능", "메뉴", "screen", "feature", "page", "module", "area", "화면명"]),
    (
        Column::Precondition,
        &["사전조건", "전제조건", "선행조건", "precondition", "preconditions", "prerequisite", "prerequisites"],
    ),
    (Column::Step, &["단계", "순서", "step", "stepno", "#"]),
    (
        Column::Action,
        &[
            "동작",
            "절차",
            "테스트절차",
            "수행절차",
            "수행내용",
            "테스트단계",
            "action",
            "actions",
            "steps",
            "procedure",
            "teststeps",
        ],
    ),
    (Column::Data, &["입력값", "입력", "테스트데이터", "데이터", "testdata", "data", "input", "inputs", "value"]),
    (
        Column::Expected,
        &["기대결과", "예상결과", "기대값", "expected", "expectedresult", "expectedresults", "expectedoutcome"],
    ),
    (Column::Note, &["비고", "메모", "참고", "note", "notes", "remarks", "comment", "comments"]),
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
    pub sheet: String,
    pub screen: Option<String>,
    pub precondition: Option<String>,
    pub rows: Vec<CaseRow>,
}

fn key(header: &str) -> String {
    header.chars().filter(|c| c.is_alphanumeric() || *c == '#').flat_map(char::to_lowercase).collect()
}

/// Which column each header cell is; `None` for columns this engine does not read.
pub fn classify_header(header: &[String]) -> Vec<Option<Column>> {
    let mut taken: Vec<Column> = Vec::new();
    header
        .iter()
        .map(|cell| {
            let k = key(cell.split(['(', '/', '\n']).next().unwrap_or(cell));
            let found = HEADER_SYNONYMS
                .iter()
                .find(|(column, words)| !taken.contains(column) && words.contains(&k.as_str()))
                .map(|(column, _)| *column);
            if let Some(c) = found {
                taken.push(c);
            }
            found
        })
        .collect()
}

/// The test cases of every sheet that looks like a test-case sheet (it has an action column).
pub fn test_cases(doc: &Document) -> Vec<TestCase> {
    doc.tables.iter().filter_map(|t| cases_of(doc, t)).flatten().collect()
}

fn cases_of(doc: &Document, table: &Table) -> Option<Vec<TestCase>> {
    let columns = classify_header(&table.header);
    let at = |c: Column| columns.iter().position(|x| *x == Some(c));
    let action = at(Column::Action)?;
    let cell = |row: &[String], c: Column| -> Option<String> {
        at(c).and_then(|i| row.get(i)).map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
    };
    let sheet = table.sheet.clone().unwrap_or_else(|| table.title.clone());
    let mut cases: Vec<TestCase> = Vec::new();
    let mut last_step: Option<u32> = None;
    for row in &table.rows {
        let Some(action_text) = row.cells.get(action).map(|a| a.trim().to_string()).filter(|a| !a.is_empty()) else {
            continue;
        };
        let Some(citation) = doc.cite(row.line) else { continue };
        let id = cell(&row.cells, Column::Id);
        let step: Option<u32> = cell(&row.cells, Column::Step).and_then(|s| s.trim_end_matches('.').parse().ok());
        // A new case: a new number, or (without a number column) the step count starting over.
        let starts = match (&id, cases.last()) {
            (_, None) => true,
            (Some(id), Some(last)) => &last.id != id,
            (None, Some(_)) => matches!((step, last_step), (Some(s), Some(prev)) if s <= prev),
        };
        if starts {
            cases.push(TestCase {
                id: id.clone().unwrap_or_else(|| format!("{sheet}#{}", row.number)),
                sheet: sheet.clone(),
                screen: cell(&row.cells, Column::Screen),
                precondition: cell(&row.cells, Column::Precondition),
                rows: Vec::new(),
            });
        }
        last_step = step;
        if let Some(case) = cases.last_mut() {
            case.rows.push(CaseRow {
                action: action_text,
                data: cell(&row.cells, Column::Data),
                expected: cell(&row.cells, Column::Expected),
                note: cell(&row.cells, Column::Note),
                citation,
            });
        }
    }
    Some(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> Document {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/specs").join(name);
        specwright_intake::read_spec(&path).unwrap()
    }

    #[test]
    fn korean_and_english_headers_map_to_the_same_columns() {
        let ko: Vec<String> =
            ["번호", "화면", "사전조건", "단계", "동작", "입력값", "기대결과", "비고"].map(String::from).to_vec();
        let en: Vec<String> =
            ["No", "Screen", "Precondition", "Step", "Action", "Test data", "Expected result", "Note"]
                .map(String::from)
                .to_vec();
        assert_eq!(classify_header(&ko), classify_header(&en));
        assert!(classify_header(&ko).iter().all(Option::is_some));
        let odd: Vec<String> = ["TC ID", "테스트 절차", "기대 결과", "Remarks", "작성자"].map(String::from).to_vec();
        assert_eq!(
            classify_header(&odd),
            vec![Some(Column::Id), Some(Column::Action), Some(Column::Expected), Some(Column::Note), None]
        );
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
        let doc = specwright_intake::parse("cases.csv", csv.as_bytes()).unwrap();
        let cases = test_cases(&doc);
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[1].rows[1].expected.as_deref(), Some("Gone"));
        assert_eq!(cases[1].id, "cases#4");
    }
}
