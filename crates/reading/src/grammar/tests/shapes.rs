//! Sentence shapes met on the real-application corpus: refusals, examples in brackets, places
//! said first, titles, lists of fields and values.

use crate::grammar::*;
use crate::{Intent, RoleHint, Scope, Verb};

#[test]
fn nothing_kept_is_the_refusal_the_app_shows() {
    let refused = interpret_all("No issue is created.", None);
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!((refused[0].verb, refused[0].hint), (Verb::ExpectError, Some(RoleHint::Message)));
    let cell = interpret_all("An error is shown (\"Title not supplied\").\nNo issue is created.", None);
    assert_eq!(cell.iter().map(|i| i.verb).collect::<Vec<_>>(), [Verb::ExpectVisible, Verb::ExpectError], "{cell:?}");
    assert!(interpret_all("No issue is open yet, so create one.", None).iter().all(|i| i.verb != Verb::ExpectError));
    assert!(interpret_all("No confirmation is needed, the record is saved.", None)
        .iter()
        .all(|i| i.verb != Verb::ExpectError));
}

#[test]
fn an_example_of_a_message_is_its_gist_not_its_text() {
    let said = interpret_all("A confirmation that the issue was created is shown (e.g. \"issue 8 created\").", None);
    assert_eq!(said.len(), 1, "{said:?}");
    assert_eq!((said[0].verb, said[0].target.as_deref()), (Verb::ExpectMessage, Some("the issue was created")));
    let only_example = interpret_all("A confirmation is shown (e.g. \"Saved 3 rows\").", None);
    assert_eq!((only_example[0].verb, only_example[0].target.as_deref()), (Verb::ExpectMessage, Some("Saved 3 rows")));
    let korean = interpret_all("완료 안내가 표시된다 (예: \"주문 12번이 접수되었습니다\")", None);
    assert_eq!(
        (korean[0].verb, korean[0].target.as_deref()),
        (Verb::ExpectMessage, Some("주문 12번이 접수되었습니다"))
    );
    // An example of what to type is no message: the sentence is read as it is.
    let typed = interpret_all("Enter '555-1234' in 'Phone' (e.g. a mobile number)", None);
    assert!(typed.iter().all(|i| i.verb != Verb::ExpectMessage), "{typed:?}");
}

#[test]
fn a_place_said_first_is_the_field_chosen_in_and_an_opening_on_the_way_is_checked() {
    let chosen = interpret_all("In Categories, select Books > Fiction.", None);
    assert_eq!(chosen.len(), 1, "{chosen:?}");
    assert_eq!(
        (chosen[0].verb, chosen[0].target.as_deref(), chosen[0].value.as_deref()),
        (Verb::Select, Some("Categories"), Some("Books > Fiction"))
    );
    let in_tab = interpret_all("In Attributes, enter Iris Chen as the author.", None);
    assert_eq!(in_tab.len(), 1, "{in_tab:?}");
    assert_eq!(
        (in_tab[0].verb, in_tab[0].target.as_deref(), in_tab[0].value.as_deref()),
        (Verb::Fill, Some("author"), Some("Iris Chen"))
    );
    let both = interpret_all("'대시보드' 화면이 열리고 '환영'이 보인다", None);
    assert_eq!(both.iter().map(|i| i.verb).collect::<Vec<_>>(), [Verb::ExpectScreen, Verb::ExpectVisible], "{both:?}");
}

#[test]
fn an_example_of_what_to_type_is_the_text_typed() {
    let typed = interpret_all(
        "편집 상자에 회의 일시, 참석자, 안건을 입력한다. (예: 일시 2024년 6월 10일 10:00, 참석 김민지·이준호)",
        None,
    );
    assert_eq!(typed.len(), 1, "{typed:?}");
    assert_eq!(
        (typed[0].verb, typed[0].target.as_deref(), typed[0].value.as_deref()),
        (Verb::Fill, Some("편집 상자"), Some("일시 2024년 6월 10일 10:00, 참석 김민지·이준호"))
    );
    let phone = interpret_all("Enter the phone number (e.g. 555-1234)", None);
    assert_eq!((phone[0].target.as_deref(), phone[0].value.as_deref()), (Some("phone number"), Some("555-1234")));
    // "회의" is one word, not 회 and a particle.
    let described = interpret_all("편집 상자에 회의 일시, 참석자, 안건을 입력한다.", None);
    assert_eq!(described[0].value.as_deref(), Some("회의 일시, 참석자, 안건"));
}

#[test]
fn reading_a_notice_is_a_look() {
    assert_eq!(interpret_all("목록 위의 안내 문구를 읽는다", None), vec![Intent::new(Verb::Look, None, None)]);
    assert_eq!(interpret_all("Read the notice above the list", None), vec![Intent::new(Verb::Look, None, None)]);
    // Read-only is no look.
    assert!(interpret_all("'이름' 칸이 읽기 전용으로 표시된다", None).iter().all(|i| i.verb != Verb::Look));
}

#[test]
fn a_page_shown_by_its_title_is_checked_by_that_title() {
    for sentence in [
        "제목이 회의록 2024-06-10 인 문서가 표시된다",
        "제목이 회의록 2024-06-10인 문서가 표시된다.",
        "A page titled 회의록 2024-06-10 is shown",
    ] {
        let got = interpret_all(sentence, None);
        assert_eq!(got.len(), 1, "{sentence}: {got:?}");
        assert_eq!(
            (got[0].verb, got[0].target.as_deref()),
            (Verb::ExpectVisible, Some("회의록 2024-06-10")),
            "{sentence}"
        );
    }
    let both = interpret_all("문서가 만들어졌습니다 안내가 보이고 제목이 회의록 2024-06-10 인 문서가 표시된다.", None);
    assert_eq!(both.len(), 2, "{both:?}");
    assert_eq!(both[1].target.as_deref(), Some("회의록 2024-06-10"));
}

#[test]
fn fields_and_values_listed_each_way_in_a_tab_said_first() {
    let got = interpret_all(
        "In Stock and pricing, choose Acme Book Distributors as the partner, enter SKU ACME-LK-005, 12 in stock and price 21.00.",
        None,
    );
    let pairs: Vec<(Verb, Option<&str>, Option<&str>)> =
        got.iter().map(|i| (i.verb, i.target.as_deref(), i.value.as_deref())).collect();
    assert_eq!(
        pairs,
        [
            (Verb::Select, Some("partner"), Some("Acme Book Distributors")),
            (Verb::Fill, Some("SKU"), Some("ACME-LK-005")),
            (Verb::Fill, Some("stock"), Some("12")),
            (Verb::Fill, Some("price"), Some("21.00")),
        ]
    );
    // A place named by its kind stays a place.
    let click = interpret_all("In the Administration section of the sidebar, click Add User.", None);
    assert_eq!(click[0].scope, Some(Scope::Region("Administration".into())));
}

#[test]
fn an_order_said_by_its_head_is_a_check_of_the_first_entry() {
    let head = |s: &str| {
        let intents = interpret_all(s, None);
        match intents.as_slice() {
            [i] if i.verb == Verb::ExpectFirst => i.target.clone(),
            _ => None,
        }
    };
    assert_eq!(head("The tickets are sorted by severity, with blocker first.").as_deref(), Some("blocker"));
    assert_eq!(head("Overdue invoices come first").as_deref(), Some("Overdue invoices"));
    assert_eq!(head("'Annual report' is listed first.").as_deref(), Some("Annual report"));
    assert_eq!(head("공지사항은 중요도순으로 묶이고, 긴급이 맨 위에 표시된다.").as_deref(), Some("긴급"));
    assert_eq!(head("'2024년 결산'이 가장 먼저 나온다").as_deref(), Some("2024년 결산"));
    assert_eq!(head("최신 글부터 나열된다").as_deref(), Some("최신 글"));
    // An order whose head is unnamed, or "first" that says when to act, is no such check.
    assert_eq!(head("The list is sorted by date."), None);
    assert_eq!(head("Log in first."), None);
    assert_eq!(head("먼저 로그인한다."), None);
    assert_eq!(head("Open the menu, with the mouse first"), None);
}

#[test]
fn a_record_named_by_its_kind_is_the_one_created() {
    let kind = |s: &str| {
        let intents = interpret_all(s, None);
        match intents.as_slice() {
            [i] if i.hint == Some(RoleHint::Record) => i.target.clone(),
            _ => None,
        }
    };
    assert_eq!(kind("The invoice appears in the billing overview.").as_deref(), Some("invoice"));
    assert_eq!(kind("the new supplier is listed").as_deref(), Some("supplier"));
    assert_eq!(kind("신규 거래처가 목록에 표시된다").as_deref(), Some("거래처"));
    // A name, quoted or capitalised, is a name; an error is no record.
    assert_eq!(kind("The Grand Hotel appears in the list"), None);
    assert_eq!(kind("'invoice' appears in the list"), None);
    assert_eq!(kind("The error appears under the field"), None);
    assert_eq!(kind("홍길동이 목록에 표시된다"), None);
}

#[test]
fn a_letters_requests_are_steps_in_their_order() {
    let said = |s: &str| {
        interpret_all(s, None)
            .into_iter()
            .map(|i| (i.verb, i.target.unwrap_or_default(), i.value.unwrap_or_default()))
            .collect::<Vec<_>>()
    };
    let s = |v: &str| v.to_string();
    assert_eq!(
        said("여기서 등록 버튼을 눌러 상품명은 무선 마우스, 분류는 주변기기, 재고 수량 15개로 넣고 저장해 주세요."),
        vec![
            (Verb::Click, s("등록"), s("")),
            (Verb::Fill, s("상품명"), s("무선 마우스")),
            (Verb::Fill, s("분류"), s("주변기기")),
            (Verb::Fill, s("재고 수량"), s("15")),
            (Verb::Click, s("저장"), s("")),
        ]
    );
    assert_eq!(
        said("그다음 같은 창에서 수량을 3, 단가를 1200으로 바꿔서 다시 저장해 주세요."),
        vec![(Verb::Fill, s("수량"), s("3")), (Verb::Fill, s("단가"), s("1200")), (Verb::Click, s("저장"), s(""))]
    );
    // A reason told before what the message says is not part of it.
    assert_eq!(
        said("재고가 남아 있기 때문에 이 경우는 주문 가능으로 보고 주문이 접수되었다는 안내가 나와야 합니다."),
        vec![(Verb::ExpectMessage, s("주문이 접수되었"), s(""))]
    );
}

/// "…을 비워 둔 채", "…를 체크한 채로": the state the next action is done in is a step of its
/// own before it — a board's post, a CMS's login, a booking form.
#[test]
fn a_state_kept_while_acting_is_set_first() {
    let verbs = |s: &str| interpret_all(s, None).iter().map(|i| (i.verb, i.target.clone())).collect::<Vec<_>>();
    let t = |s: &str| Some(s.to_string());
    assert_eq!(verbs("제목을 비운 채 저장 버튼을 누른다"), vec![(Verb::Clear, t("제목")), (Verb::Click, t("저장"))]);
    assert_eq!(
        verbs("로그인 상태 유지를 체크한 채 로그인 버튼을 누른다"),
        vec![(Verb::Check, t("로그인 상태 유지")), (Verb::Click, t("로그인"))]
    );
    assert_eq!(
        verbs("메모를 비워둔 채로 예약 버튼을 누른다"),
        vec![(Verb::Clear, t("메모")), (Verb::Click, t("예약"))]
    );
}

/// A value said after "a"/"an" describes what to type, to be asked: a shop's category, a
/// tracker's summary, a wiki's edit note; quoted, it is the text itself.
#[test]
fn a_value_said_with_an_article_is_described() {
    let value = |s: &str| interpret_all(s, None)[0].value.clone().unwrap_or_default();
    assert_eq!(value("Type a name for the new category in the Name box"), "a name for the new category");
    assert_eq!(value("Enter a short summary of the change in Summary"), "a short summary of the change");
    assert_eq!(value("Type an edit note in the Summary field"), "an edit note");
    assert_eq!(value("Type 'a new hope' in the Title field"), "a new hope");
    assert!(crate::describes_value(&value("Type an edit note in the Summary field"), "Summary"));
}

/// A label set in brackets is a name, as screens are written in Korean specs; a tag opening the
/// step is none — a shop's admin, an order page, a groupware form.
#[test]
fn a_name_in_brackets_is_quoted_and_a_leading_tag_dropped() {
    let read = |s: &str| interpret_all(s, None).iter().map(|i| (i.verb, i.target.clone())).collect::<Vec<_>>();
    let t = |s: &str| Some(s.to_string());
    assert_eq!(read("[저장 후 닫기] 버튼을 클릭한다")[0], (Verb::Click, t("저장 후 닫기")));
    assert_eq!(read("가장 최근 주문의 [상세보기]를 클릭한다.")[0], (Verb::Click, t("상세보기")));
    assert_eq!(read("【등록】을 누른다")[0], (Verb::Click, t("등록")));
    assert_eq!(read("Click [Save]")[0], (Verb::Click, t("Save")));
    assert_eq!(read("[필수] 제목을 입력한다")[0], (Verb::Fill, t("제목")));
}

/// "…을 클릭하면 … 화면으로 이동한다": where the press leads is a screen to check, never one
/// the engine goes to itself.
#[test]
fn where_a_press_leads_is_checked() {
    let read = |s: &str| interpret_all(s, None).iter().map(|i| (i.verb, i.target.clone())).collect::<Vec<_>>();
    let t = |s: &str| Some(s.to_string());
    assert_eq!(read("[저장] 버튼을 클릭하면 상품 목록 화면으로 이동한다.")[1], (Verb::ExpectScreen, t("상품 목록")));
    assert_eq!(read("로그인 버튼을 누르면 대시보드로 이동합니다.")[1], (Verb::ExpectScreen, t("대시보드")));
    assert_eq!(read("결재 버튼을 누르면 결재 완료 화면으로 이동한다")[1], (Verb::ExpectScreen, t("결재 완료")));
}

/// A field said plainly before its quoted value ("판매 상태를 '판매중'으로 설정한다") is the
/// field, whatever verb sets it: a shop's product, a tracker's priority, a groupware approval.
#[test]
fn a_field_said_plainly_before_its_quoted_value_is_the_field() {
    let fill = |s: &str| {
        let i = interpret_all(s, None);
        (i[0].verb, i[0].target.clone().unwrap_or_default(), i[0].value.clone().unwrap_or_default())
    };
    let want = |f: &str, v: &str| (Verb::Fill, f.to_string(), v.to_string());
    assert_eq!(fill("판매 상태를 '판매중'으로 설정한다."), want("판매 상태", "판매중"));
    assert_eq!(fill("우선순위를 '높음'으로 지정한다"), want("우선순위", "높음"));
    assert_eq!(fill("상세 화면에서 결재 의견을 '승인'으로 바꾼다"), want("결재 의견", "승인"));
}

/// What a state must be, said "…인지 확인한다", is shown: an order's status, a document's
/// approval, a ticket's state.
#[test]
fn what_a_state_must_be_is_shown() {
    let shown = |s: &str| {
        let i = interpret_all(s, None);
        (i[0].verb, i[0].target.clone().unwrap_or_default())
    };
    assert_eq!(shown("주문 상태가 배송 준비중인지 확인한다."), (Verb::ExpectVisible, "배송 준비중".into()));
    assert_eq!(shown("문서 상태가 승인 완료인지 확인한다"), (Verb::ExpectVisible, "승인 완료".into()));
    assert_eq!(shown("처리 상태가 '완료'인지 확인한다"), (Verb::ExpectVisible, "완료".into()));
}

/// "로그인 후 …", "팝업이 뜨면 닫기를 누른다": logging in said as a noun is done first; a
/// window that pops up is no part of what is pressed in it.
#[test]
fn a_login_said_as_a_noun_and_a_popup_that_appears_are_their_own_clauses() {
    let read = |s: &str| interpret_all(s, None).iter().map(|i| (i.verb, i.target.clone())).collect::<Vec<_>>();
    assert_eq!(read("로그인 후 마이페이지 > 주문 내역으로 들어간다.")[0].0, Verb::LogIn);
    assert_eq!(read("로그인 후 예약 목록으로 이동한다")[1], (Verb::Navigate, Some("예약 목록".into())));
    assert_eq!(read("팝업이 뜨면 닫기를 누른다.").last().cloned(), Some((Verb::Click, Some("닫기".into()))));
    assert_eq!(read("안내 창이 뜨면 확인 버튼을 누른다").last().cloned(), Some((Verb::Click, Some("확인".into()))));
}

/// Ways user guides write a press: by its look, a section to expand, a key chord, a command
/// chosen from a menu, a scroll on the way — a CMS's editor, a tracker's settings, a shop's admin.
#[test]
fn presses_as_user_guides_write_them() {
    let read = |s: &str| {
        interpret_all(s, None).iter().map(|i| (i.verb, i.target.clone(), i.value.clone())).collect::<Vec<_>>()
    };
    let click = |t: &str| (Verb::Click, Some(t.to_string()), None);
    assert_eq!(read("Click the blue Publish button in the top right corner."), vec![click("Publish")]);
    assert_eq!(read("파란색 저장 버튼을 누른다"), vec![click("저장")]);
    assert_eq!(read("Expand the Visibility section."), vec![click("Visibility")]);
    assert_eq!(read("Scroll down and click Save changes."), vec![click("Save changes")]);
    assert_eq!(read("Hover over the avatar and choose Sign out.")[1], click("Sign out"));
    assert_eq!(read("Choose Settings from the menu"), vec![click("Settings")]);
    assert_eq!(read("Press Ctrl+S to save."), vec![(Verb::PressKey, None, Some("Control+s".into()))]);
    assert_eq!(read("Cmd+Enter 키를 누른다"), vec![(Verb::PressKey, None, Some("Meta+Enter".into()))]);
    assert_eq!(read("Make sure the Remember me box is unchecked.")[0].0, Verb::Uncheck);
}

/// More of the ways guides write steps: a path chosen in a sidebar, a value described by its
/// purpose or owner, a search bar, a press repeated "until", a file to upload, a box to tick, a
/// press inside a named window, a check with an adverb, going back to a page.
#[test]
fn steps_as_user_guides_write_them() {
    let read = |s: &str| {
        interpret_all(s, None).iter().map(|i| (i.verb, i.target.clone(), i.value.clone())).collect::<Vec<_>>()
    };
    let t = |s: &str| Some(s.to_string());
    assert_eq!(
        read("On the left sidebar, select Settings > General.")[0],
        (Verb::Navigate, t("Settings > General"), None)
    );
    assert_eq!(read("Enter a title for your post.")[0], (Verb::Fill, t("title"), t("a title for your post")));
    assert_eq!(
        read("Type your search term into the search bar at the top.")[0],
        (Verb::Fill, t("search"), t("your search term"))
    );
    assert!(crate::describes_value("your search term", "search"));
    assert_eq!(read("Click Next until you reach the summary.")[0], (Verb::Click, t("Next"), None));
    assert_eq!(read("Upload the file sample.pdf.")[0], (Verb::Upload, t("file"), t("sample.pdf")));
    assert_eq!(read("첨부파일에 sample.pdf를 업로드한다")[0], (Verb::Upload, t("첨부파일"), t("sample.pdf")));
    assert_eq!(read("Check the \"I agree to the terms\" box.")[0], (Verb::Check, t("I agree to the terms"), None));
    assert_eq!(read("삭제를 누르고 확인 창에서 취소를 누른다.")[1], (Verb::Click, t("취소"), None));
    assert_eq!(read("The total should now read $25.00.")[0], (Verb::ExpectVisible, t("$25.00"), None));
    assert_eq!(read("Navigate back to the home page.")[0], (Verb::Navigate, t("home"), None));
}

/// Terse steps as Korean test-case sheets write them, read through: an admin's member search,
/// a board's notice, a shop's order — and typing the account's name and password with no
/// values, then its button, is the login.
#[test]
fn terse_sheet_steps_are_read() {
    let read = |s: &str| interpret_all(s, None).iter().map(|i| (i.verb, i.target.clone())).collect::<Vec<_>>();
    let t = |s: &str| Some(s.to_string());
    assert_eq!(read("ID/PW 입력 후 로그인 버튼 클릭"), vec![(Verb::LogIn, None)]);
    assert_eq!(read("Enter your username and password and click Log in."), vec![(Verb::LogIn, None)]);
    assert_eq!(
        read("검색조건에 '홍길동' 입력 후 조회 버튼 클릭"),
        vec![(Verb::Fill, t("검색조건")), (Verb::Click, t("조회"))]
    );
    assert_eq!(read("회원명 클릭하여 상세 팝업 오픈")[0], (Verb::Click, t("회원명")));
    assert_eq!(
        read("로그아웃 버튼 클릭 → 로그인 화면으로 이동됨"),
        vec![(Verb::Click, t("로그아웃")), (Verb::ExpectScreen, t("로그인"))]
    );
    assert_eq!(
        read("제목 미입력 시 \"제목을 입력해주세요\" 알림 노출"),
        vec![(Verb::Clear, t("제목")), (Verb::ExpectVisible, t("제목을 입력해주세요"))]
    );
    assert_eq!(read("주문 상세 팝업 닫기"), vec![(Verb::Click, t("닫기"))]);
    assert_eq!(read("공지사항 등록 버튼 클릭 시 등록 화면으로 이동")[1], (Verb::ExpectScreen, t("등록")));
}

/// A field said as what the value is typed as ("검색어로 '마우스'를 입력하고"), a figure raised
/// ("수량을 3개로 늘린다"), and the place such a change is made in: a shop's search and cart, a
/// CMS's settings.
#[test]
fn a_field_said_as_what_is_typed_and_a_figure_raised() {
    let fill = |s: &str| {
        let i = interpret_all(s, None);
        (i[0].verb, i[0].target.clone().unwrap_or_default(), i[0].value.clone().unwrap_or_default())
    };
    let want = |f: &str, v: &str| (Verb::Fill, f.to_string(), v.to_string());
    assert_eq!(fill("상품 목록 화면에서 검색어로 '마우스'를 입력하고 검색 버튼을 누른다."), want("검색어", "마우스"));
    assert_eq!(fill("장바구니에서 수량을 3개로 늘린다."), want("수량", "3"));
    // A count typed is its number, whatever is counted: people booked, nights stayed, copies lent.
    assert_eq!(fill("참석 인원에 8명을 입력한다"), want("참석 인원", "8"));
    assert_eq!(fill("숙박 일수를 2박으로 바꾼다"), want("숙박 일수", "2"));
    assert_eq!(fill("대출 권수에 1,200권을 입력한다"), want("대출 권수", "1200"));
    // A figure with another unit stays as written.
    assert_eq!(fill("가격에 12,000원을 입력한다"), want("가격", "12,000원"));
    assert_eq!(fill("설정 화면에서 언어를 한국어로 바꾼다"), want("언어", "한국어"));
}

#[test]
fn a_press_in_a_quoted_place_and_a_box_ticked_by_a_name_said_before() {
    let press = |target: &str, hint, row: &str| Intent {
        verb: Verb::Click,
        target: Some(target.into()),
        value: None,
        hint,
        scope: Some(Scope::Row(row.into())),
    };
    // Only the place quoted: what is pressed is the words before it (a task list, a shop's
    // products, an issue tracker's users).
    assert_eq!(
        interpret_all("Click Edit in the \"Write report\" row", None),
        vec![press("Edit", None, "Write report")]
    );
    assert_eq!(
        interpret_all("Click the Delete button in the 'Harbor Books' row.", None),
        vec![press("Delete", Some(RoleHint::Button), "Harbor Books")]
    );
    assert_eq!(interpret_all("Click Save in the 'Edit user' dialog", None)[0].target.as_deref(), Some("Save"));
    let ticked = |target: &str| Intent::new(Verb::Check, Some(target.into()), Some(RoleHint::Checkbox));
    assert_eq!(interpret_all("Check the box next to Archived.", None), vec![ticked("Archived")]);
    assert_eq!(
        interpret_all("Untick the check box for Public.", None),
        vec![Intent::new(Verb::Uncheck, Some("Public".into()), Some(RoleHint::Checkbox))]
    );
    // "his name" is the user searched for; the check is not lost beside the search.
    let searched = interpret_all("Search for 'jsmith' and check the box next to his name.", None);
    assert_eq!(searched.last().map(|i| (i.verb, i.target.as_deref())), Some((Verb::Check, Some("jsmith"))));
    assert_eq!(searched.len(), 3);
    let edited = interpret_all("Search for \"Harbor\" and click Edit in its row.", None);
    assert_eq!(edited.last(), Some(&press("Edit", None, "Harbor")));
}

#[test]
fn fields_named_together_are_each_typed_into() {
    let field = |t: &str| Intent::new(Verb::Fill, Some(t.into()), Some(RoleHint::Field));
    assert_eq!(interpret_all("Fill in the Username and Email fields.", None), vec![field("Username"), field("Email")]);
    assert_eq!(interpret_all("이름과 이메일을 입력한다", None), vec![field("이름"), field("이메일")]);
    assert_eq!(
        interpret_all("Enter the title and description, then click Save.", None),
        vec![field("title"), field("description"), Intent::new(Verb::Click, Some("Save".into()), None)]
    );
    // The two a login takes, named together, are the login.
    assert_eq!(interpret_all("Enter the username and password.", None), vec![Intent::new(Verb::LogIn, None, None)]);
}

#[test]
fn a_list_checked_with_no_subject_checks_the_record_made() {
    let made = vec![Intent::new(Verb::ExpectVisible, None, Some(RoleHint::Record))];
    for sentence in [
        "목록에 노출 여부 확인",
        "사용자 목록에 노출 여부 확인",
        "목록에 표시되는지 확인한다",
        "Check that it appears in the list.",
        "Verify they are listed in the table",
    ] {
        assert_eq!(interpret_all(sentence, None), made, "{sentence}");
    }
    // A subject named is that subject; a list shown is the list.
    assert_eq!(interpret_all("사용자 목록에 planner01이 보인다.", None)[0].target.as_deref(), Some("planner01"));
    assert_ne!(interpret_all("Check that it is saved", None), made);
}

/// What a sentence does with a value in a named field.
fn in_field(verb: Verb, field: &str, value: &str) -> Intent {
    Intent { verb, target: Some(field.into()), value: Some(value.into()), hint: Some(RoleHint::Field), scope: None }
}

#[test]
fn a_property_said_with_its_value_is_that_value_beside_it() {
    let value = |field: &str, v: &str| in_field(Verb::ExpectValue, field, v);
    // An issue tracker's status, a task board's priority, a user list's role.
    assert_eq!(interpret_all("The status changes to Closed.", None), vec![value("status", "Closed")]);
    assert_eq!(interpret_all("The priority changes to \"Urgent\".", None), vec![value("priority", "Urgent")]);
    assert_eq!(interpret_all("The role becomes Editor", None), vec![value("role", "Editor")]);
    assert_eq!(interpret_all("상태가 '완료'로 바뀐다.", None), vec![value("상태", "완료")]);
    assert_eq!(interpret_all("우선순위는 '높음'이다.", None), vec![value("우선순위", "높음")]);
    // After a message, the property is checked too — it was lost beside the message.
    let both = interpret_all("The message \"Successful update.\" is shown and the status changes to 'Closed'", None);
    assert_eq!(both.last(), Some(&value("status", "Closed")));
    assert_eq!(interpret_all("After saving, the status is Closed.", None), vec![value("status", "Closed")]);
    // What a property shows is its value; what anything else shows is text of the page.
    assert_eq!(interpret_all("The Status shows Closed.", None), vec![value("Status", "Closed")]);
    assert_eq!(interpret_all("The cart shows 2 items.", None)[0].verb, Verb::ExpectVisible);
    // A message is no property: its words are what is shown.
    assert_eq!(interpret_all("메시지가 '저장됨'으로 표시된다.", None)[0].verb, Verb::ExpectVisible);
}

#[test]
fn words_written_choices_in_a_dropdown_a_confirm_and_a_log_out() {
    let fill = |field: &str, v: &str| in_field(Verb::Fill, field, v);
    assert_eq!(interpret_all("Add a comment: 'Looks good'.", None), vec![fill("comment", "Looks good")]);
    assert_eq!(interpret_all("Enter a comment: 'Looks good'.", None), vec![fill("comment", "Looks good")]);
    assert_eq!(interpret_all("Leave a note 'Call back'.", None), vec![fill("note", "Call back")]);
    assert_eq!(
        interpret_all("Scroll down to the Comments section and add a comment: 'Looks good'.", None),
        vec![fill("comment", "Looks good")]
    );
    let select = |field: &str, v: &str| Intent { verb: Verb::Select, ..fill(field, v) };
    assert_eq!(
        interpret_all("Choose 'High' from the Priority drop-down list.", None),
        vec![select("Priority", "High")]
    );
    assert_eq!(interpret_all("Select High from the Priority dropdown.", None), vec![select("Priority", "High")]);
    assert_eq!(interpret_all("우선순위 드롭다운에서 '높음'을 선택한다.", None), vec![select("우선순위", "높음")]);
    assert_eq!(interpret_all("상태 선택 상자에서 완료를 고른다", None), vec![select("상태", "완료")]);
    let click = |t: &str| Intent::new(Verb::Click, Some(t.into()), None);
    assert_eq!(interpret_all("Click Delete and confirm.", None), vec![click("Delete"), click("confirm")]);
    let button = |t: &str| Intent::new(Verb::Click, Some(t.into()), Some(RoleHint::Button));
    assert_eq!(interpret_all("Log out.", None), vec![button("Log out")]);
    assert_eq!(interpret_all("로그아웃한다.", None), vec![button("로그아웃")]);
}

#[test]
fn checks_that_read_the_other_way_round_before() {
    let one = |s: &str| interpret_all(s, None);
    // A control named with its kind: that control, never the one the step before used.
    assert_eq!(
        one("The Save button is disabled."),
        vec![Intent::new(Verb::ExpectDisabled, Some("Save".into()), Some(RoleHint::Button))]
    );
    assert_eq!(
        one("The Remember me checkbox is checked."),
        vec![Intent::new(Verb::ExpectChecked, Some("Remember me".into()), Some(RoleHint::Checkbox))]
    );
    // No error is none shown — it was read as an error expected.
    assert_eq!(
        one("No error is displayed."),
        vec![Intent::new(Verb::ExpectHidden, Some("error".into()), Some(RoleHint::Message))]
    );
    assert_eq!(one("An error is displayed.")[0].verb, Verb::ExpectError);
    // Where a step lands, said passively, is checked — it was a move of its own.
    assert_eq!(one("로그인 페이지로 이동된다.")[0].verb, Verb::ExpectScreen);
    assert_eq!(one("메인 페이지로 이동되어야 한다.")[0].verb, Verb::ExpectScreen);
    assert_eq!(one("로그인 페이지로 이동한다.")[0].verb, Verb::Navigate);
    // A message that shows and goes by itself is checked where it shows.
    for sentence in [
        "상단에 '저장되었습니다' 토스트가 잠깐 나타났다 사라진다.",
        "'저장되었습니다' 메시지가 나타났다가 사라진다",
        "A '저장되었습니다' toast appears briefly and then disappears.",
    ] {
        let read = one(sentence);
        assert_eq!(
            (read[0].verb, read[0].target.as_deref()),
            (Verb::ExpectVisible, Some("저장되었습니다")),
            "{sentence}"
        );
    }
    assert_eq!(one("'저장됨' 메시지가 사라진다")[0].verb, Verb::ExpectHidden);
    // What was typed, shown back: each thing told by what was typed into it.
    let told = |t: &str| Intent::new(Verb::ExpectVisible, Some(t.into()), None);
    assert_eq!(one("상세 화면에 입력한 제목과 내용이 그대로 보인다."), vec![told("입력한 제목"), told("입력한 내용")]);
    assert_eq!(one("방금 작성한 댓글이 보인다."), vec![told("방금 작성한 댓글")]);
}

#[test]
fn a_press_that_leads_to_a_choice_of_several_words_and_a_menu_opened() {
    let click = |t: &str, hint| Intent::new(Verb::Click, Some(t.into()), hint);
    assert_eq!(
        interpret_all("파일 옆의 점 세 개 아이콘을 눌러 이름 바꾸기를 선택한다.", None),
        vec![click("점 세 개", Some(RoleHint::Icon)), click("이름 바꾸기", None)]
    );
    assert_eq!(
        interpret_all("작업 메뉴를 열고 보관을 선택한다.", None),
        vec![click("작업", Some(RoleHint::Menu)), click("보관", None)]
    );
    assert_eq!(interpret_all("'작업' 메뉴를 연다", None), vec![click("작업", Some(RoleHint::Menu))]);
    // A screen reached from a menu is still a screen.
    assert_eq!(interpret_all("설정 메뉴로 이동한다.", None)[0].verb, Verb::Navigate);
}

#[test]
fn a_login_with_the_password_written_out_and_a_kind_shown_with_no_name() {
    let login = |user: &str, password: &str| Intent {
        value: Some(password.into()),
        ..Intent::new(Verb::LogIn, Some(user.into()), None)
    };
    assert_eq!(interpret_all("Log in as 'alice' with password 'wrong'", None), vec![login("alice", "wrong")]);
    assert_eq!(interpret_all("carol 계정과 비밀번호 'not-hers'로 로그인한다.", None), vec![login("carol", "not-hers")]);
    assert_eq!(
        interpret_all("관리자 계정으로 로그인한다", None),
        vec![Intent::new(Verb::LogIn, Some("관리자".into()), None)]
    );
    // Something must show, named by its kind alone: a question, never a silent look; how it
    // shows ("그대로") is no part of what shows.
    assert!(interpret_all("제목이 표시된다.", None).is_empty());
    assert!(interpret_all("제목이 정상적으로 표시된다.", None).is_empty());
    assert_eq!(interpret_all("현재 화면을 확인한다.", None), vec![Intent::new(Verb::Look, None, None)]);
    assert_eq!(interpret_all("Password 입력란이 그대로 보인다.", None)[0].target.as_deref(), Some("Password"));
}

#[test]
fn gherkins_first_person_a_choice_in_a_field_said_plainly_and_a_terse_save() {
    let one = |s: &str| interpret_all(s, None);
    let hidden = vec![Intent::new(Verb::ExpectHidden, Some("Blue Mug".into()), None)];
    assert_eq!(one("should not see \"Blue Mug\" in the list"), hidden);
    assert_eq!(one("I don't see \"Blue Mug\""), hidden);
    let chosen = in_field(Verb::Select, "회의실", "소회의실 B");
    assert_eq!(one("회의실에서 '소회의실 B'를 선택한다"), vec![chosen]);
    // A place that holds commands or records is pressed in.
    assert_eq!(one("메뉴에서 '설정'을 선택한다")[0].verb, Verb::Click);
    assert_eq!(one("목록에서 '홍길동'을 선택한다")[0].verb, Verb::Click);
    assert_eq!(
        one("저장 후 '상품이 등록되었습니다' 메시지 확인"),
        vec![
            Intent::new(Verb::Click, Some("저장".into()), Some(RoleHint::Button)),
            Intent::new(Verb::ExpectVisible, Some("상품이 등록되었습니다".into()), Some(RoleHint::Message)),
        ]
    );
}

#[test]
fn a_dialog_closed_by_its_kind_alone() {
    let closed = |name: &str| Intent {
        scope: Some(Scope::Dialog(None)),
        ..Intent::new(Verb::Click, Some(name.into()), Some(RoleHint::Button))
    };
    assert_eq!(interpret_all("팝업을 닫는다.", None), vec![closed("닫기")]);
    assert_eq!(interpret_all("팝업 닫기", None), vec![closed("닫기")]);
    assert_eq!(interpret_all("Close the dialog.", None), vec![closed("Close")]);
    assert_eq!(
        interpret_all("대화상자를 닫고 저장 버튼을 누른다", None),
        vec![closed("닫기"), Intent::new(Verb::Click, Some("저장".into()), Some(RoleHint::Button))]
    );
}
