//! Test-case sheets: headers by name, by their cells and by the words inside them; cases and rows.

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
    assert_eq!(classify_header(&azure), vec![Some(Id), None, Some(Title), Some(Step), Some(Action), Some(Expected)]);
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
fn a_case_of_one_numbered_step_is_that_step() {
    let one = sheet("ID,Title,Steps,Expected Result\nC9,List,1. Click Show All under Issues,The issue is listed\n");
    let rows = &test_cases(&one)[0].rows;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].action, "Click Show All under Issues");
    assert_eq!(rows[0].expected.as_deref(), Some("The issue is listed"));
    // A number that is the text itself stays.
    let year = sheet("ID,Title,Steps\nC10,Year,2024년 목록을 연다\n");
    assert_eq!(test_cases(&year)[0].rows[0].action, "2024년 목록을 연다");
}

#[test]
fn no_expected_line_is_ever_dropped_from_a_whole_case_cell() {
    // Lines with no number go after the last step, each still its own statement; a number no
    // step has goes there too.
    let cell = sheet(
        "번호,절차,기대 결과\n\
         1,\"1. 목록을 연다\n2. 추가를 누른다\n3. 저장을 누른다\",\"저장되었습니다 안내가 보인다\n목록에 새 항목이 보인다\"\n\
         2,\"1. 목록을 연다\n2. 삭제를 누른다\",\"2. 삭제 확인 창이 열린다\n5. 항목이 사라진다\"\n",
    );
    let cases = test_cases(&cell);
    assert_eq!(cases[0].rows[2].expected.as_deref(), Some("저장되었습니다 안내가 보인다\n목록에 새 항목이 보인다"));
    assert_eq!(cases[0].rows[0].expected, None);
    assert_eq!(cases[1].rows[1].expected.as_deref(), Some("삭제 확인 창이 열린다\n항목이 사라진다"));
}

#[test]
fn a_sheet_whose_step_column_has_an_unknown_name_is_a_question() {
    let doc = sheet(
            "TC ID,Title,Walkthrough,Expected Result\nT1,Log in,Type the user name and press enter,The dashboard opens\nT2,Log out,Press the sign out link at the top,The login page opens\n",
        );
    let (cases, pending) = test_cases_with(&doc, &HashMap::new());
    assert!(cases.is_empty());
    assert_eq!(pending.len(), 1);
    assert!(pending[0].header.contains(&"Walkthrough".to_string()));
    let mut choices = HashMap::new();
    choices.insert(pending[0].question_id.clone(), "Walkthrough".to_string());
    let (cases, pending) = test_cases_with(&doc, &choices);
    assert!(pending.is_empty());
    assert_eq!(cases.len(), 2);
    assert_eq!(cases[1].rows[0].action, "Press the sign out link at the top");
}

#[test]
fn headers_a_team_names_its_own_way_are_read_by_the_words_inside_them() {
    let ko = sheet(
            "순번,검사 내용,수행 방법,판정 기준,수행 결과,작성자\n1,목록,상품 목록 화면을 연다,상품 목록이 보인다,,김\n2,검색,검색창에 키보드를 입력한다,키보드만 보인다,,김\n",
        );
    let (cases, pending) = test_cases_with(&ko, &HashMap::new());
    assert!(pending.is_empty());
    assert_eq!(cases.len(), 1, "numbered steps of one check: {cases:?}");
    assert_eq!(cases[0].rows[1].action, "검색창에 키보드를 입력한다");
    assert_eq!(cases[0].rows[1].expected.as_deref(), Some("키보드만 보인다"));
    let en = sheet(
            "ID,Checkpoint,How to test,Pass criteria,Actual result,Done?\nR1,Search,Type keyboard in the search box,Only keyboards are listed,,\nR2,Cart,Add the first keyboard to the cart,The cart shows 1 item,,yes\n",
        );
    let (cases, _) = test_cases_with(&en, &HashMap::new());
    assert_eq!(cases.len(), 2, "{cases:?}");
    assert_eq!(cases[1].title.as_deref(), Some("Cart"));
    assert_eq!(cases[1].rows[0].expected.as_deref(), Some("The cart shows 1 item"));
    // A record of the run is never the steps, however it is worded.
    let columns = classify_header(&strings(&["No", "Action", "수행 결과", "Actual action taken"]));
    assert_eq!(columns, vec![Some(Column::Id), Some(Column::Action), None, None]);
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
    let csv =
        "Step,Action,Expected\n1,Open '/login',\n2,Click '로그인',Dashboard\n1,Open '/items',\n2,Click '삭제',Gone\n";
    let doc = sheet(csv);
    let cases = test_cases(&doc);
    assert_eq!(cases.len(), 2);
    assert_eq!(cases[1].rows[1].expected.as_deref(), Some("Gone"));
    assert_eq!(cases[1].id, "cases#4");
}

#[test]
fn a_procedures_counted_rows_are_its_steps_not_cases() {
    // A wiki guide's table, a CMS checklist and a shop's English one: 1, 2, 3 … and no title.
    for text in [
        "| 번호 | 절차 | 기대 결과 |\n|---|---|---|\n| 1 | 로그인한다 | |\n| 2 | \"제품 출시 일정\" 문서를 연다 | |\n| 3 | 편집을 누른다 | 편집 화면이 열린다 |\n",
        "| 번호 | 동작 | 기대결과 |\n|---|---|---|\n| 1 | 스니펫을 누른다 | |\n| 2 | 저장을 누른다 | 생성됨이 보인다 |\n",
        "| No. | Step | Expected result |\n|---|---|---|\n| 1 | Log in | |\n| 2 | Click Save | Saved is shown |\n",
    ] {
        let doc = specwright_intake::parse("procedure.md", text.as_bytes()).unwrap();
        let cases = test_cases(&doc);
        assert_eq!(cases.len(), 1, "{text}: {cases:?}");
    }
    // Numbered cases with titles, or each judged Pass/Fail, stay cases.
    let doc = specwright_intake::parse(
        "cases.md",
        "| 번호 | 제목 | 절차 | 기대 결과 |\n|---|---|---|---|\n| 1 | 로그인 | 로그인한다 | 대시보드가 보인다 |\n| 2 | 로그아웃 | 로그아웃을 누른다 | 로그인 화면이 보인다 |\n".as_bytes(),
    )
    .unwrap();
    assert_eq!(test_cases(&doc).len(), 2);
}
