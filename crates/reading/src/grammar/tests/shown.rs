//! What a sentence says is shown: a screen's fields, lists, quoted words inside what is shown,
//! menu paths, lines added at a place said first.

use super::super::*;
use super::intent;

#[test]
fn a_screen_that_shows_fields_and_their_values_checks_each() {
    let got: Vec<(Verb, Option<String>, Option<String>)> =
        interpret_all("The ticket page shows severity high, Owner dana and label ops.", None)
            .into_iter()
            .map(|i| (i.verb, i.target, i.value))
            .collect();
    assert_eq!(
        got,
        vec![
            (Verb::ExpectScreen, Some("ticket".into()), None),
            (Verb::ExpectValue, Some("severity".into()), Some("high".into())),
            (Verb::ExpectValue, Some("Owner".into()), Some("dana".into())),
            (Verb::ExpectValue, Some("label".into()), Some("ops".into())),
        ]
    );
}

#[test]
fn a_menu_path_alone_says_where_to_go() {
    let got: Vec<(Verb, Option<String>)> =
        interpret_all("Billing > Invoices, type 7 as the invoice number and search", None)
            .into_iter()
            .map(|i| (i.verb, i.target))
            .collect();
    assert_eq!(got[0], (Verb::Navigate, Some("Billing > Invoices".into())));
    assert_eq!(got[1].1.as_deref(), Some("invoice number"));
    assert_eq!(got.len(), 3, "{got:?}");
    // A path inside a sentence that acts is that sentence's, not a path alone.
    let go = interpret_all("설정 > 모음 화면으로 이동한다", None);
    assert!(go.iter().all(|i| i.target.as_deref() != Some("설정 > 모음 화면으로 이동한다")), "{go:?}");
}

#[test]
fn a_quoted_word_inside_the_words_shown_is_part_of_them() {
    let i = &interpret_all("\"인사\" 분류에 속하는 문서 목록이 보인다", None);
    assert_eq!(i.len(), 1, "{i:?}");
    assert_eq!((i[0].verb, i[0].target.as_deref()), (Verb::ExpectVisible, Some("\"인사\" 분류에 속하는 문서")));
    // A quoted name that is the whole subject is that name.
    assert_eq!(interpret_all("'인사' 링크가 보인다", None)[0].target.as_deref(), Some("인사"));
}

/// "The page shows …" on a tracker, a counter page and a shop: "the page" is where the value is
/// shown, not a screen called "page"; a screen with a name of its own is still checked.
#[test]
fn the_page_a_sentence_says_shows_something_is_no_screen_of_that_name() {
    let verbs = |s: &str| interpret_all(s, None).into_iter().map(|i| (i.verb, i.target)).collect::<Vec<_>>();
    assert_eq!(verbs("The page shows the priority urgent."), vec![(Verb::ExpectValue, Some("priority".to_string()))]);
    assert_eq!(verbs("The screen shows the total 3."), vec![(Verb::ExpectValue, Some("total".to_string()))]);
    assert_eq!(
        verbs("The ticket page shows the status assigned."),
        vec![(Verb::ExpectScreen, Some("ticket".to_string())), (Verb::ExpectValue, Some("status".to_string()))]
    );
    assert_eq!(verbs("The login page is shown."), vec![(Verb::ExpectScreen, Some("login".to_string()))]);
}

/// A CMS's body editor, a tracker's search box and a booking app's name field: the quoted
/// words go into the field named after them, unquoted.
#[test]
fn quoted_words_typed_into_a_field_named_after_them_are_its_value() {
    for (sentence, field, value) in [
        ("write \"We are hiring two engineers.\" in the Body", "Body", "We are hiring two engineers."),
        ("Type \"privacy\" into the search box", "search", "privacy"),
        ("Enter 'Weekly sync' in the meeting name field", "meeting name", "Weekly sync"),
    ] {
        let i = &interpret_all(sentence, None)[0];
        assert_eq!(
            (i.verb, i.target.as_deref(), i.value.as_deref()),
            (Verb::Fill, Some(field), Some(value)),
            "{sentence}"
        );
    }
}

/// "… lists X" on a CMS's collection, a tracker's issue list and a shop's basket: X is shown.
#[test]
fn a_list_that_lists_something_shows_it() {
    for (sentence, shown) in [
        ("the Posts collection lists \"Spring hiring update\"", "Spring hiring update"),
        ("The issue list lists 'Footer overlaps the cookie banner'", "Footer overlaps the cookie banner"),
        ("the basket lists \"Wireless keyboard\"", "Wireless keyboard"),
    ] {
        let i = &interpret_all(sentence, None)[0];
        assert_eq!((i.verb, i.target.as_deref()), (Verb::ExpectVisible, Some(shown)), "{sentence}");
    }
}

/// A wiki's page text, a tracker's description and a CMS's body: the place said first, then
/// what is added there.
#[test]
fn a_line_added_at_a_place_said_first_is_appended_there() {
    for (sentence, field, value) in [
        (
            "At the end of the text, add the line \"Design review every Thursday.\"",
            "text",
            "Design review every Thursday.",
        ),
        (
            "At the bottom of the description, add \"Steps to reproduce: see below.\"",
            "description",
            "Steps to reproduce: see below.",
        ),
        ("At the end of the body, add the sentence \"Apply by Friday.\"", "body", "Apply by Friday."),
    ] {
        let i = &interpret_all(sentence, None)[0];
        assert_eq!(
            (i.verb, i.target.as_deref(), i.value.as_deref()),
            (Verb::Append, Some(field), Some(value)),
            "{sentence}"
        );
    }
}

/// A CMS's publish menu, a tracker's actions menu and a shop's filter: the verb said once.
#[test]
fn a_name_after_and_then_takes_the_verb_said_before_it() {
    for (sentence, targets) in [
        ("Click Publish and then Publish now", ["Publish", "Publish now"]),
        ("Click Actions, then Close issue", ["Actions", "Close issue"]),
        ("Press Filter and then Apply", ["Filter", "Apply"]),
    ] {
        let got: Vec<(Verb, Option<String>)> =
            interpret_all(sentence, None).into_iter().map(|i| (i.verb, i.target)).collect();
        assert_eq!(got, targets.map(|t| (Verb::Click, Some(t.to_string()))).to_vec(), "{sentence}");
    }
}

/// A tracker's search results, a shop's orders, a wiki's pages: a plural subject "list"s.
#[test]
fn a_plural_subject_that_lists_something_shows_it() {
    for (sentence, shown) in [
        ("The results list \"Invoice totals are wrong\".", "Invoice totals are wrong"),
        ("The search results show 'Order #100002'", "Order #100002"),
        ("The category pages include \"Leave policy\"", "Leave policy"),
    ] {
        let i = &interpret_all(sentence, None)[0];
        assert_eq!((i.verb, i.target.as_deref()), (Verb::ExpectVisible, Some(shown)), "{sentence}");
    }
}

/// A tracker's unassigned list, a wiki's category and a shop's basket: every name listed is
/// checked, never only the first.
#[test]
fn every_quoted_name_a_check_lists_is_checked() {
    for (sentence, names) in [
        ("it should list \"Mobile app crashes\" and \"Add dark mode\"", vec!["Mobile app crashes", "Add dark mode"]),
        (
            "The category shows 'Leave policy', 'Onboarding' and 'Holidays'.",
            vec!["Leave policy", "Onboarding", "Holidays"],
        ),
        ("The basket lists \"Wireless keyboard\" and \"USB hub\"", vec!["Wireless keyboard", "USB hub"]),
    ] {
        let got: Vec<(Verb, String)> =
            interpret_all(sentence, None).into_iter().map(|i| (i.verb, i.target.unwrap_or_default())).collect();
        let want: Vec<(Verb, String)> = names.into_iter().map(|n| (Verb::ExpectVisible, n.to_string())).collect();
        assert_eq!(got, want, "{sentence}");
    }
}

#[test]
fn a_name_quoted_inside_what_a_message_tells_is_part_of_its_gist() {
    // A wiki's move, a shop's range, a booking: the quote names the record the message is about.
    for (sentence, gist) in [
        ("\"주간 회의록 2024-06-03\" 문서로 이동했다는 안내가 보인다", "주간 회의록 2024-06-03 문서로 이동했"),
        ("'봄맞이 할인' 범위가 만들어졌다는 메시지가 나온다", "봄맞이 할인 범위가 만들어졌"),
        ("A message saying \"Room B\" was booked appears", "Room B was booked"),
    ] {
        let got = interpret_all(sentence, None);
        let got: Vec<(Verb, Option<&str>)> = got.iter().map(|i| (i.verb, i.target.as_deref())).collect();
        assert_eq!(got, [(Verb::ExpectMessage, Some(gist))], "{sentence}");
    }
    // The quote that is the whole message is checked as written.
    for sentence in ["'저장되었습니다'라는 메시지가 보인다", "A message saying 'Saved' appears"] {
        let got = interpret_all(sentence, None);
        assert!(got.iter().all(|i| i.verb != Verb::ExpectMessage), "{sentence}: {got:?}");
    }
}

#[test]
fn quoted_words_in_a_box_said_by_its_kind_are_what_is_shown() {
    // A CMS's confirmation, a tracker's warning box, a shop's notice: the quote is the text.
    for (sentence, said) in [
        ("\"이 페이지의 게시를 해제하시겠습니까?\" 확인 화면이 나온다", "이 페이지의 게시를 해제하시겠습니까?"),
        ("\"정말 삭제할까요?\" 확인 창이 나타난다", "정말 삭제할까요?"),
        ("'재고가 부족합니다' 경고 메시지가 표시된다", "재고가 부족합니다"),
    ] {
        let got = interpret_all(sentence, None);
        assert!(
            got.iter().any(|i| i.target.as_deref() == Some(said) && i.verb.is_expectation()),
            "{sentence}: {got:?}"
        );
    }
    // A quoted word inside the words shown stays whole.
    let got = interpret_all("\"인사\" 분류에 속하는 문서 목록이 보인다", None);
    assert_eq!(got[0].target.as_deref(), Some("\"인사\" 분류에 속하는 문서"));
}

#[test]
fn what_should_be_is_checked_as_what_is() {
    let read = |s: &str| interpret_all(s, None);
    // A chat message's expectations, each clause a check: the answer the app gives, a value,
    // what is gone (the record acted on, told by its kind).
    assert_eq!(
        read("it should come back saying the issue was closed, the status should be resolved, and the ticket should be gone"),
        vec![
            intent(Verb::ExpectMessage, "the issue was closed", None, Some(RoleHint::Message)),
            intent(Verb::ExpectValue, "status", Some("resolved"), Some(RoleHint::Field)),
            intent(Verb::ExpectHidden, "ticket", None, Some(RoleHint::Record)),
        ]
    );
    // A status, priority or role is a value whatever word it is (here one spelt like a state).
    assert_eq!(
        read("The priority must be urgent"),
        vec![intent(Verb::ExpectValue, "priority", Some("urgent"), Some(RoleHint::Field))]
    );
    assert_eq!(
        read("the role should be Moderator"),
        vec![intent(Verb::ExpectValue, "role", Some("Moderator"), Some(RoleHint::Field))]
    );
    assert_eq!(
        read("the status is closed"),
        vec![intent(Verb::ExpectValue, "status", Some("closed"), Some(RoleHint::Field))]
    );
    // A thing's state is no value.
    assert_eq!(read("the title should be visible"), vec![intent(Verb::ExpectVisible, "title", None, None)]);
}

#[test]
fn a_message_told_by_its_gist_with_its_words_in_brackets_is_looked_for_by_those_words() {
    let message =
        |s: &str| interpret_all(s, None).into_iter().find(|i| i.verb == Verb::ExpectMessage).and_then(|i| i.target);
    assert_eq!(message("The contact is saved successfully (added row)").as_deref(), Some("added row"));
    assert_eq!(
        message("A confirmation is shown saying the range was created (Range created)").as_deref(),
        Some("Range created")
    );
    assert_eq!(
        message("It should say the page was saved (Your edit was saved)").as_deref(),
        Some("Your edit was saved")
    );
    // An aside in brackets is no message.
    assert_eq!(message("It should say the page was saved (see screenshot)").as_deref(), Some("the page was saved"));
}

#[test]
fn a_record_listed_with_its_values_checks_each_in_its_row() {
    let read = |s: &str| {
        interpret_all(s, None)
            .into_iter()
            .map(|i| (i.target.unwrap_or_default(), i.scope))
            .collect::<Vec<(String, Option<Scope>)>>()
    };
    let row = |name: &str, value: &str| (value.to_string(), Some(Scope::Row(name.to_string())));
    // A booking list, a CMS's user list, a tracker's issue list.
    assert_eq!(
        read("목록에 스프린트 회고가 11:00~12:00으로 보인다"),
        vec![("스프린트 회고".to_string(), None), row("스프린트 회고", "11:00~12:00")]
    );
    assert_eq!(
        read("예약 목록에 고객사 제안 발표가 소회의실 B, 인원 7로 등록되었는지 확인한다."),
        vec![
            ("고객사 제안 발표".to_string(), None),
            row("고객사 제안 발표", "소회의실 B"),
            row("고객사 제안 발표", "7")
        ]
    );
    assert_eq!(
        read("사용자 목록에 writer01이 편집자 그룹으로 표시된다"),
        vec![("writer01".to_string(), None), row("writer01", "편집자 그룹")]
    );
    assert_eq!(read("일감 목록에 결제 화면 개선이 긴급, 진행 중으로 보인다")[2], row("결제 화면 개선", "진행 중"));
    // A state said with its noun, a count: no record.
    assert_eq!(read("목록에 개인정보 처리방침이 라이브 상태로 보인다"), vec![row("개인정보 처리방침", "라이브")]);
    assert_eq!(read("건수가 전체 6건으로 표시된다"), vec![("전체 6건".to_string(), None)]);
}

#[test]
fn what_a_place_holds_is_shown_there() {
    let targets = |s: &str| interpret_all(s, None).into_iter().map(|i| (i.verb, i.target, i.hint)).collect::<Vec<_>>();
    let shown = |t: &str| (Verb::ExpectVisible, Some(t.to_string()), None);
    // A CMS's snippets, a booking list, a wiki's page.
    assert_eq!(
        targets("목록에 기존 질문 2건(**회원 탈퇴는 어떻게 하나요?**, **영수증을 다시 받을 수 있나요?**)이 있다"),
        vec![shown("회원 탈퇴는 어떻게 하나요?"), shown("영수증을 다시 받을 수 있나요?")]
    );
    assert_eq!(targets("예약 목록에 '주간 개발팀 회의'가 있습니다."), vec![shown("주간 개발팀 회의")]);
    assert_eq!(
        targets("목록에 새 질문이 추가되어 있다"),
        vec![(Verb::ExpectVisible, Some("질문".to_string()), Some(RoleHint::Record))]
    );
    assert_eq!(
        targets("사용자 목록에 새 사용자가 보인다"),
        vec![(Verb::ExpectVisible, Some("사용자".to_string()), Some(RoleHint::Record))]
    );
    // What someone has, or can do, is no place's.
    assert!(targets("사용자에게 편집 권한이 있다").is_empty());
    assert!(targets("이 기능은 누구나 쓸 수 있다").iter().all(|(v, ..)| *v != Verb::ExpectVisible));
}

#[test]
fn after_a_refusal_the_colon_says_how_it_shows() {
    let read = |s: &str| interpret_all(s, None).into_iter().map(|i| (i.verb, i.target, i.scope)).collect::<Vec<_>>();
    // A CMS's author form, a booking form, a tracker's user form.
    assert_eq!(
        read("The author is not saved: the Email field says \"Must be a valid e-mail address\"."),
        vec![(
            Verb::ExpectVisible,
            Some("Must be a valid e-mail address".to_string()),
            Some(Scope::Region("Email".to_string()))
        )]
    );
    assert_eq!(
        read("The booking is not saved: the Date field shows \"Pick a future date\""),
        vec![(Verb::ExpectVisible, Some("Pick a future date".to_string()), Some(Scope::Region("Date".to_string())))]
    );
    assert_eq!(
        read("The user is not created: an error says the passwords do not match")[0].1.as_deref(),
        Some("the passwords do not match")
    );
    // Another check of the sentence stays where it was.
    assert_eq!(read("The notification \"Entry saved\" is shown and the Tags field shows release")[0].2, None);
}

#[test]
fn a_notice_that_pops_up_is_one_check_of_several() {
    let verbs = |s: &str| interpret_all(s, None).into_iter().map(|i| (i.verb, i.hint)).collect::<Vec<_>>();
    // A booking form's overlap notice, a wiki's save notice, a CMS's publish notice.
    assert_eq!(
        verbs("해당 시간에 이미 예약이 있다는 안내가 뜨고 창이 그대로 남아 있어야 정상입니다."),
        vec![(Verb::ExpectMessage, Some(RoleHint::Message)), (Verb::ExpectVisible, Some(RoleHint::Dialog))]
    );
    assert_eq!(verbs("'저장했습니다' 알림이 뜨고 '회사 소개'가 보인다").len(), 2);
    assert_eq!(verbs("게시되었다는 알림이 뜨며 편집 창이 닫히지 않는다").len(), 2);
}

#[test]
fn words_whose_lower_case_is_longer_or_wide_brackets_never_cut_a_letter() {
    // Full-width brackets after a gist, a capital whose lower case takes more bytes before a
    // field that says something: read, never a panic.
    let message = interpret_all("저장되었다는 메시지가 표시된다（저장 완료）", None);
    assert!(message.iter().all(|i| i.target.as_deref().is_some_and(|t| !t.is_empty())));
    let read = interpret_all("İİİ The Email field says \"Must be valid\"", None);
    assert!(read.iter().any(|i| i.target.as_deref() == Some("Must be valid")));
    let gist = interpret_all("It should say the page was saved （see screenshot）", None);
    assert_eq!(gist.first().and_then(|i| i.target.as_deref()), Some("the page was saved"));
}

/// A section said with its kind ("절", "섹션") is shown by its heading: a wiki's document, a
/// shop's order page, a tracker's settings.
#[test]
fn a_section_said_with_its_kind_is_its_heading() {
    let shown = |s: &str| {
        let i = interpret_all(s, None);
        assert_eq!(i.last().map(|i| i.verb), Some(Verb::ExpectVisible), "{s}: {i:?}");
        let last = i.last().cloned().unwrap_or_else(|| Intent::new(Verb::Look, None, None));
        (last.target.unwrap_or_default(), last.hint)
    };
    assert_eq!(
        shown("휴가 규정 링크를 눌러 문서로 이동하면 신청 방법 절이 보인다"),
        ("신청 방법".into(), Some(RoleHint::Heading))
    );
    assert_eq!(shown("주문 상세 화면에 배송 정보 섹션이 보인다"), ("배송 정보".into(), Some(RoleHint::Heading)));
    assert_eq!(shown("설정 화면에 알림 설정 절이 표시된다"), ("알림 설정".into(), Some(RoleHint::Heading)));
}

/// What a step made, told as added or created: it is shown — a wiki's comment, a booking app's
/// reservation, a tracker's report.
#[test]
fn what_was_added_or_created_is_shown() {
    let shown = |s: &str| {
        let i = interpret_all(s, None);
        assert_eq!(i.len(), 1, "{s}: {i:?}");
        (i[0].verb, i[0].target.clone().unwrap_or_default())
    };
    assert_eq!(shown("목록에 '좋은 글 감사합니다'가 추가된다."), (Verb::ExpectVisible, "좋은 글 감사합니다".into()));
    assert_eq!(shown("'팀 회의'가 예약 목록에 등록되었다"), (Verb::ExpectVisible, "팀 회의".into()));
    assert_eq!(shown("'주간 보고'가 생성된다"), (Verb::ExpectVisible, "주간 보고".into()));
}

/// What is shown said first, then the list it is in and the list's end: a board's comment, a
/// CMS's user, a booking app's reservation.
#[test]
fn what_is_shown_then_the_list_it_is_in() {
    let shown = |s: &str| {
        let i = interpret_all(s, None);
        assert_eq!((i.len(), i[0].verb), (1, Verb::ExpectVisible), "{s}: {i:?}");
        (i[0].target.clone().unwrap_or_default(), i[0].scope.clone())
    };
    assert_eq!(shown("방금 작성한 댓글이 목록 맨 아래에 추가된다."), ("방금 작성한 댓글".into(), Some(Scope::Last)));
    assert_eq!(shown("writer01이 사용자 목록에 표시된다"), ("writer01".into(), None));
    assert_eq!(shown("팀 회의가 예약 목록 하단에 보인다"), ("팀 회의".into(), Some(Scope::Last)));
}

/// A record said to be gone by its kind is the record the scenario made or acted on — its
/// absence checked by its name, never by the kind's word, which no page shows: a tracker's
/// ticket, a shop's book, a board's post.
#[test]
fn a_record_gone_by_its_kind_is_the_one_acted_on() {
    let read = |s: &str| interpret_all(s, None).into_iter().map(|i| (i.verb, i.target, i.hint)).collect::<Vec<_>>();
    let gone = |kind: &str| vec![(Verb::ExpectHidden, Some(kind.to_string()), Some(RoleHint::Record))];
    assert_eq!(read("the ticket should be gone from the default issue list on the home page"), gone("ticket"));
    assert_eq!(read("The book is no longer in the product list"), gone("book"));
    assert_eq!(read("The deleted post disappears from the list"), gone("post"));
    assert_eq!(read("삭제한 게시글이 목록에서 사라진다"), gone("게시글"));
    // A record by its name stays that name.
    assert_eq!(
        read("The Spring sale coupon is no longer listed"),
        vec![(Verb::ExpectHidden, Some("Spring sale coupon".to_string()), None)]
    );
}

/// A contacts app's user info, a tracker's own details, a wiki's and a CMS's profile: what a
/// page holds about someone, said shown, is that page open; the owner is who it is about.
#[test]
fn someones_information_shown_is_their_page() {
    for (sentence, page) in [
        ("Sarah's user information is shown", "user information"),
        ("Dave's details are shown", "details"),
        ("the admin's account settings are displayed", "account settings"),
        ("planner01의 사용자 정보가 표시된다", "사용자 정보"),
        ("김민수 님의 프로필이 표시된다", "프로필"),
    ] {
        let got: Vec<(Verb, Option<String>)> =
            interpret_all(sentence, None).into_iter().map(|i| (i.verb, i.target)).collect();
        assert_eq!(got, [(Verb::ExpectScreen, Some(page.to_string()))], "{sentence}");
    }
    // A value of theirs is a value; two names shown are two checks.
    let got: Vec<Verb> = interpret_all("Sarah's email is shown", None).into_iter().map(|i| i.verb).collect();
    assert_eq!(got, [Verb::ExpectVisible]);
    let got: Vec<Verb> =
        interpret_all("'홍길동'과 '사용자 정보'가 표시된다", None).into_iter().map(|i| i.verb).collect();
    assert_eq!(got, [Verb::ExpectVisible, Verb::ExpectVisible]);
}

/// A shop's partners, a tracker's issues, a contacts list: what is shown "together with",
/// "along with" or "alongside" a name is shown too; "the tax" names nothing the page shows.
#[test]
fn what_is_shown_together_with_a_name_is_both() {
    for (sentence, one, other) in [
        (
            "Harbor Books Ltd is listed among the partners together with Acme Book Distributors",
            "Harbor Books Ltd",
            "Acme Book Distributors",
        ),
        ("Invoice PDF is listed along with Dark Theme.", "Invoice PDF", "Dark Theme"),
        ("Jun Park appears in the list alongside Ivy Chen", "Jun Park", "Ivy Chen"),
    ] {
        let got: Vec<(Verb, Option<String>)> =
            interpret_all(sentence, None).into_iter().map(|i| (i.verb, i.target)).collect();
        assert_eq!(
            got,
            [(Verb::ExpectVisible, Some(one.to_string())), (Verb::ExpectVisible, Some(other.to_string()))],
            "{sentence}"
        );
    }
    assert_eq!(interpret_all("The total is shown together with the tax", None).len(), 1);
}

/// A shop's page list, a CRM's customers, a tracker's issues: "with its URL /shipping/" looks
/// for the value, the field's name only says which it is.
#[test]
fn a_value_shown_with_its_fields_name_is_the_value() {
    for (sentence, value) in [
        ("the list of pages should show it with its URL /shipping/", "/shipping/"),
        ("The customer list shows her with her email ann@example.com", "ann@example.com"),
        ("The issue list shows it with its status Closed", "Closed"),
    ] {
        let got: Vec<(Verb, Option<String>)> =
            interpret_all(sentence, None).into_iter().map(|i| (i.verb, i.target)).collect();
        assert_eq!(got, [(Verb::ExpectVisible, Some(value.to_string()))], "{sentence}");
    }
    // A value the scenario typed, told by whose field it is, stays for the plan to resolve.
    let got = interpret_all("The new line for Jun Park shows his mobile number", None);
    assert_eq!(got[0].target.as_deref(), Some("his mobile number"));
}

/// A shop's content page, a CMS's snippet, a wiki's new page (in Korean): a form's values
/// listed by their labels are typed into those fields; a lone note is none.
#[test]
fn values_listed_by_their_labels_fill_those_fields() {
    let fills = |s: &str| -> Vec<(Verb, Option<String>, Option<String>)> {
        interpret_all(s, None).into_iter().map(|i| (i.verb, i.target, i.value)).collect()
    };
    let fill = |t: &str, v: &str| (Verb::Fill, Some(t.to_string()), Some(v.to_string()));
    assert_eq!(
        fills("Title: Shipping information, URL: /shipping/, content: Orders ship within two working days."),
        [
            fill("Title", "Shipping information"),
            fill("URL", "/shipping/"),
            fill("content", "Orders ship within two working days")
        ]
    );
    assert_eq!(
        fills("Question: How do I reset it?, Answer: Use the link"),
        [fill("Question", "How do I reset it?"), fill("Answer", "Use the link")]
    );
    assert_eq!(
        fills("제목: 회의록 2024-06-10, 본문: 참석자 5명"),
        [fill("제목", "회의록 2024-06-10"), fill("본문", "참석자 5명")]
    );
    assert!(fills("Note: the page must exist, Step: two").is_empty());
    // What a control makes is part of its name.
    assert_eq!(fills("Click Create new page"), [(Verb::Click, Some("Create new page".to_string()), None)]);
}

/// What a message says, named by any words for a message ("오류 메시지", "안내 문구") or said
/// without quotes before "라는", is the page's words as written — never made plain like a
/// request ("입력하세요" stays): a form's error, a save's notice, a booking's warning.
#[test]
fn a_message_said_before_raneun_is_the_pages_words() {
    let read = |s: &str| {
        let i = interpret_all(s, None);
        assert_eq!(i.len(), 1, "{s}: {i:?}");
        (i[0].verb, i[0].target.clone().unwrap_or_default())
    };
    assert_eq!(
        read("\"설명을 입력하세요\"라는 오류 메시지가 표시된다."),
        (Verb::ExpectVisible, "설명을 입력하세요".into())
    );
    assert_eq!(
        read("'재고가 부족합니다'라는 경고 메시지가 나타난다."),
        (Verb::ExpectVisible, "재고가 부족합니다".into())
    );
    assert_eq!(read("\"저장되었습니다\"라는 안내 문구가 보인다."), (Verb::ExpectVisible, "저장되었습니다".into()));
    assert_eq!(read("설명을 입력하세요라는 메시지가 표시된다."), (Verb::ExpectMessage, "설명을 입력하세요".into()));
    // A request outside what a message says is still read plainly.
    assert_eq!(read("결과를 확인하세요").0, Verb::Look);
}

/// One thing asked to be checked ("…되어 있는지 확인한다") is the statement it asks about, as
/// several are: a form's button, a list's entry, a wiki's page.
#[test]
fn one_check_asked_as_a_question_is_its_statement() {
    let read = |s: &str| {
        let i = interpret_all(s, None);
        (i[0].verb, i[0].target.clone().unwrap_or_default())
    };
    assert_eq!(read("저장 버튼이 비활성화되어 있는지 확인한다."), (Verb::ExpectDisabled, "저장".into()));
    assert_eq!(read("예약 목록에 채용 면접 예약이 있는지 확인한다."), (Verb::ExpectVisible, "채용 면접".into()));
    assert_eq!(read("'대문' 문서가 보이는지 확인한다."), (Verb::ExpectVisible, "대문".into()));
}

/// An entry of a list said with the list's kind after its name ("예약 목록에 채용 면접 예약이",
/// "the booking list shows the Interview booking") is the name; the list itself said as what is
/// shown keeps its words.
#[test]
fn an_entry_said_with_its_lists_kind_is_its_name() {
    let target = |s: &str| interpret_all(s, None)[0].target.clone().unwrap_or_default();
    assert_eq!(target("예약 목록에 채용 면접 예약이 있다."), "채용 면접");
    assert_eq!(target("사용자 목록에 홍길동 사용자가 보인다."), "홍길동");
    assert_eq!(target("The booking list shows the Interview booking."), "Interview");
    assert_eq!(target("The list of users shows the Jun Park user."), "Jun Park");
    assert_eq!(target("\"인사\" 분류에 속하는 문서 목록이 보인다"), "\"인사\" 분류에 속하는 문서");
}
