//! Screens by their words, headings, paths and numbers.

use super::*;

#[test]
fn screens_by_their_words() {
    assert!(names_screen("관리자 로그인", "로그인"));
    assert!(names_screen("dashboard home", "Dashboard"));
    assert!(names_screen("contact list", "List Contact"));
    assert!(names_screen("예약 목록", "예약 목록"));
    assert!(!names_screen("사용자 추가", "사용자"));
    assert!(!names_screen("user list", "Add User"));
    // A record's number and the mode it is shown in are no part of the screen's name.
    assert!(names_screen("issue", "Issue3 Editing"));
    assert!(names_screen("주문", "주문 #12 상세"));
    assert!(!names_screen("issue", "Issue3 Editing History"));
    assert!(!names_screen("user list", "User7 Editing"));
    // Whose it is, the page says its own way: a contacts app's, a tracker's, a Korean wiki's.
    assert!(names_screen("user information", "Your user information"));
    assert!(leads_to("my details", "Your Details"));
    assert_eq!(fit("my details", "Your Details"), fit("my details", "My Details"));
    assert!(names_screen("나의 예약", "내 예약"));
    assert!(!names_screen("내 예약 목록", "예약 목록"));
    assert!(!names_screen("user information", "Your user groups"));
    assert!(!names_screen("issues", "Your Issues"));
    assert!(names_screen("my issues", "Your Issues"));
    assert!(!names_screen("Your Issues", "Issue3 Editing"));
    assert!(!leads_to("my details", "Details"));
    // Checked by the part every run shows.
    assert_eq!(stable_part("issue", "Issue8 Editing").as_deref(), Some("Issue"));
    assert_eq!(stable_part("주문", "주문 #12 상세").as_deref(), Some("주문"));
    assert_eq!(stable_part("issue", "Issues"), None);
    assert_eq!(stable_part("2024 report", "2024 report"), None);
    // The whole heading, its numbers any number: "Issues" is no match.
    assert_eq!(any_number("Issue8 Editing"), "/^Issue\\d+ Editing$/");
    assert_eq!(any_number("주문 #1024 (상세)"), "/^주문 #\\d+ \\(상세\\)$/");
    assert!(leads_to("contact list", "List Contacts"));
    assert!(!leads_to("contact list", "List Groups"));
    assert!(fit("contact list", "List Contacts") > fit("contact list", "Contacts"));
    assert!(is_the_app("the app"));
    assert!(is_the_app("회의실 예약 시스템"));
    assert!(!is_the_app("예약 목록"));
}

#[test]
fn an_answer_naming_a_link_whole_presses_that_link() {
    let page = parse_snapshot(concat!(
        "- link \"Invoice PDF shows the wrong tax rate\" [ref=e1]\n",
        "- link \"Add dark mode to the customer portal\" [ref=e2]\n",
        "- button \"Show issue:\" [ref=e3]\n",
        "- link \"회사 소개\" [ref=e4]\n",
        "- link \"휴가 규정\" [ref=e5]\n",
    ));
    assert_eq!(
        named_in_answer("Invoice PDF shows the wrong tax rate (issue 2)", &page).as_deref(),
        Some("Invoice PDF shows the wrong tax rate")
    );
    assert_eq!(named_in_answer("회사 소개 링크", &page).as_deref(), Some("회사 소개"));
    // A word or two of a longer answer is no name of it; words the page does not name stay the
    // person's sentence.
    assert_eq!(named_in_answer("click Show issue: then type 2 and press Enter", &page), None);
    assert_eq!(named_in_answer("List Contacts in the Contacts menu", &page), None);
}
