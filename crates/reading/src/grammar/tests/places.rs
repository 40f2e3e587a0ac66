//! Where a sentence puts things (the menu a screen is reached from, the place a check looks
//! in, the inner place on a screen), values told by their quality, and what a place is said to
//! be beside its name.

use super::super::*;

/// Words before a field that only say which value ("올바른 비밀번호", "the correct password",
/// "a valid email") describe the value; words that also name fields ("new password") stay the
/// field's name.
#[test]
fn a_value_told_by_its_quality_is_described_not_a_field() {
    let fill = |s: &str| {
        let i = interpret_all(s, None);
        assert_eq!(i[0].verb, Verb::Fill, "{s}: {i:?}");
        (i[0].target.clone().unwrap_or_default(), i[0].value.clone())
    };
    assert_eq!(fill("올바른 비밀번호를 다시 입력하고 로그인한다"), ("비밀번호".into(), Some("올바른 비밀번호".into())));
    assert_eq!(fill("Enter the correct password"), ("password".into(), Some("correct password".into())));
    assert_eq!(fill("유효한 이메일을 입력한다"), ("이메일".into(), Some("유효한 이메일".into())));
    assert_eq!(fill("Enter the new password"), ("new password".into(), None));
    // Whose value, or a wrong one: a CMS's login, a tracker's sign-in, a shop's account page.
    assert_eq!(
        fill("사용자 이름에 admin을 입력하고 관리자 비밀번호를 입력한 뒤 로그인 버튼을 누른다").0,
        "사용자 이름"
    );
    let i = interpret_all("사용자 이름에 admin을 입력하고 관리자 비밀번호를 입력한 뒤 로그인 버튼을 누른다", None);
    assert_eq!((i[1].target.as_deref(), i[1].value.as_deref()), (Some("비밀번호"), Some("관리자 비밀번호")));
    assert_eq!(fill("Type a wrong password and press Login"), ("password".into(), Some("wrong password".into())));
    assert_eq!(fill("Enter the admin's password"), ("password".into(), Some("admin's password".into())));
    assert_eq!(
        fill("잘못된 비밀번호를 입력하고 로그인 버튼을 누른다"),
        ("비밀번호".into(), Some("잘못된 비밀번호".into()))
    );
}

/// A screen reached from a menu keeps the menu as where its link is: a contacts app, a shop's
/// catalog, a CMS's settings, a tracker's sidebar.
#[test]
fn the_menu_a_screen_is_reached_from_is_its_place() {
    let go = |s: &str| {
        let i = interpret_all(s, None);
        assert_eq!(i.len(), 1, "{s}: {i:?}");
        assert_eq!(i[0].verb, Verb::Navigate, "{s}");
        (i[0].target.clone().unwrap_or_default(), i[0].scope.clone())
    };
    let region = |r: &str| Some(Scope::Region(r.into()));
    assert_eq!(go("Open the contact list from the Contacts menu."), ("contact list".into(), region("Contacts")));
    assert_eq!(go("Open Ranges from the Catalog menu"), ("Ranges".into(), region("Catalog")));
    assert_eq!(go("Open Profile from the user menu"), ("Profile".into(), region("user menu")));
    assert_eq!(go("Open Your Issues from the sidebar"), ("Your Issues".into(), region("sidebar")));
    assert_eq!(go("설정 메뉴에서 그룹 관리 화면으로 이동한다."), ("그룹 관리".into(), region("설정")));
    assert_eq!(go("'설정' 메뉴에서 '모음' 화면으로 이동한다"), ("모음".into(), region("설정")));
    assert_eq!(go("Go to the contact list"), ("contact list".into(), None));
    // A menu or a tab named as it shows is pressed.
    let open = interpret_all("Open the Security menu", None);
    assert_eq!((open[0].verb, open[0].target.as_deref()), (Verb::Click, Some("Security")));
    let tab = interpret_all("Open the History tab", None);
    assert_eq!((tab[0].verb, tab[0].target.as_deref()), (Verb::Click, Some("History")));
    let its = interpret_all("Open the Website Redesign project and go to its Wiki.", None);
    assert_eq!(its[1].target.as_deref(), Some("Wiki"));
}

/// The named place a check looks in, from a CMS, a shop admin, a tracker and a wiki; the list
/// of a kind of record ("the issue list", "사용자 목록") names no place.
#[test]
fn a_check_looks_in_the_place_it_names() {
    let scope = |s: &str| {
        let i = interpret_all(s, None);
        assert_eq!(i.len(), 1, "{s}: {i:?}");
        assert!(matches!(i[0].verb, Verb::ExpectVisible | Verb::ExpectHidden), "{s}: {i:?}");
        i[0].scope.clone()
    };
    let region = |r: &str| Some(Scope::Region(r.into()));
    assert_eq!(scope("Cookbooks is listed in the categories table."), region("categories"));
    assert_eq!(scope("\"Weekly report\" is listed in the sidebar under Your Queries."), region("Your Queries"));
    assert_eq!(scope("The spent time list shows the comment \"Fixed the link\"."), region("spent time"));
    assert_eq!(scope("the Posts collection lists \"Spring hiring update\""), region("Posts"));
    assert_eq!(scope("The Pages collection no longer lists \"About us\"."), region("Pages"));
    assert_eq!(scope("문서 아래 분류 상자에 \"일정\"이 표시된다"), region("분류"));
    assert_eq!(scope("The issue list shows \"Login fails\"."), None);
    assert_eq!(scope("사용자 목록에 planner01이 보인다"), None);
    assert_eq!(scope("\"Alpha\" is shown in the list"), None);
}

/// A place named inside another ("대문의 자주 찾는 문서 목록", "다른 권한 영역") is the inner
/// one, without the word that says it is a place; a name that ends like 의 stays whole.
#[test]
fn a_place_on_a_screen_is_the_inner_one() {
    let scope = |s: &str| interpret_all(s, None)[0].scope.clone();
    let region = |r: &str| Some(Scope::Region(r.into()));
    assert_eq!(scope("대문의 자주 찾는 문서 목록에서 휴가 규정을 누른다."), region("자주 찾는 문서"));
    assert_eq!(scope("다른 권한 영역의 Can access admin에 체크한다"), region("다른 권한"));
    assert_eq!(scope("주간 회의 안건 목록에서 추가를 누른다"), region("주간 회의 안건"));
}

/// A look beside a step is no step: "leave the rest as it is" in a contacts app, a shop's
/// coupon form, a tracker.
#[test]
fn a_look_beside_a_step_is_dropped() {
    for s in [
        "File him under the Clients category and leave the sex as it is.",
        "Keep the start date as it is and set the end date to 2030-12-31",
        "Set the priority to urgent and leave the other fields as they are",
    ] {
        let i = interpret_all(s, None);
        assert!(!i.is_empty() && i.iter().all(|i| i.verb != Verb::Look), "{s}: {i:?}");
    }
}

/// A message told by the sentence it says, particles and all: a wiki's preferences, a booking
/// app, a CMS.
#[test]
fn a_message_told_by_its_sentence_is_all_of_it() {
    let shown = |s: &str| interpret_all(s, None).first().and_then(|i| i.target.clone());
    assert_eq!(shown("설정을 저장했습니다 메시지가 보인다."), Some("설정을 저장했습니다".into()));
    assert_eq!(shown("편집을 저장했습니다 안내가 표시된다."), Some("편집을 저장했습니다".into()));
    assert_eq!(shown("예약이 등록되었습니다 알림이 나타난다"), Some("예약이 등록되었습니다".into()));
}

/// A box named by what it is for ("검색창", "메모 입력창", "댓글 입력창") is that field,
/// wherever it sits: a wiki's search, a CMS's search, a booking app's memo, a board's comment.
#[test]
fn a_box_named_by_its_use_is_the_field() {
    let field = |s: &str| interpret_all(s, None).first().and_then(|i| i.target.clone());
    assert_eq!(field("상단 검색창에 휴가를 입력하고"), Some("검색".into()));
    assert_eq!(field("검색창에 반차를 입력한다"), Some("검색".into()));
    assert_eq!(field("메모 입력창에 회의 안건을 입력한다"), Some("메모".into()));
    assert_eq!(field("메모입력창에 회의 내용을 입력한다"), Some("메모".into()));
    assert_eq!(field("댓글 입력창에 '좋은 글 감사합니다'를 작성한다"), Some("댓글".into()));
    assert_eq!(field("검색어 입력란에 노트북을 입력한다"), Some("검색어".into()));
}

/// What an English sentence says a place is, beside its name ("i.e. …", "namely …"): a
/// contacts app, a shop's customers, a tracker's archive.
#[test]
fn a_place_is_its_name_not_what_it_is_said_to_be() {
    let go = |s: &str| interpret_all(s, None).first().and_then(|i| i.target.clone());
    assert_eq!(
        go("From the top menu, open the address book, i.e. the page that lists everybody."),
        Some("address book".into())
    );
    assert_eq!(go("Open the customer list, i.e. everyone who ever ordered"), Some("customer list".into()));
    assert_eq!(go("Go to the archive, namely the closed issues"), Some("archive".into()));
    // An apposition after a comma: a tracker's issue, a shop's order, a wiki's page.
    assert_eq!(
        go("Open issue 2, the one about the invoice PDF tax rate, and click Close issue."),
        Some("issue 2".into())
    );
    assert_eq!(go("Open order 1042, which the customer paid by card"), Some("order 1042".into()));
    assert_eq!(go("Open Meeting notes, the page the team edits every week"), Some("Meeting notes".into()));
}

#[test]
fn the_products_word_before_a_screen_says_whose_screen_it_is() {
    let target = |s: &str| interpret_all(s, None).into_iter().next().and_then(|i| i.target);
    assert_eq!(target("Open the tracker home page and click Register.").as_deref(), Some("home"));
    assert_eq!(target("Go to the app's start page").as_deref(), Some("start"));
    assert_eq!(target("Open the wiki main page").as_deref(), Some("main"));
    // A screen of its own keeps its words; a wiki's own name is its name ("사내위키 대문").
    assert_eq!(target("Open the system settings page").as_deref(), Some("system settings"));
    assert_eq!(target("Go to the portal settings page").as_deref(), Some("portal settings"));
    assert_eq!(target("사내위키 대문으로 이동한다").as_deref(), Some("사내위키 대문"));
}

/// A record opened from the list that holds it: the list is where the way to it starts — a
/// CMS's collection, a tracker's issue list, a shop's product list.
#[test]
fn a_record_opened_from_its_list_is_reached_from_there() {
    let go = |s: &str| {
        let i = interpret_all(s, None);
        assert_eq!((i.len(), i[0].verb), (1, Verb::Navigate), "{s}: {i:?}");
        (i[0].target.clone().unwrap_or_default(), i[0].scope.clone())
    };
    let region = |r: &str| Some(Scope::Region(r.into()));
    assert_eq!(
        go("Posts 컬렉션에서 \"How we ship on Fridays\" 글을 연다."),
        ("How we ship on Fridays".into(), region("Posts"))
    );
    assert_eq!(
        go("Open the issue \"Crash on start\" from the Issues list"),
        ("Crash on start".into(), region("Issues"))
    );
    assert_eq!(go("상품 목록에서 \"무선 마우스\" 상품을 연다"), ("무선 마우스".into(), region("상품")));
    assert_eq!(go("Open the post \"Welcome\""), ("Welcome".into(), None));
}

/// A screen checked by the form it shows: a tracker's sign-up, a CMS's editor, a contacts
/// app's new entry.
#[test]
fn a_screen_shown_as_its_form_is_that_screen() {
    let screen = |s: &str| {
        let i = interpret_all(s, None);
        assert_eq!(i.first().map(|i| i.verb), Some(Verb::ExpectScreen), "{s}: {i:?}");
        i[0].target.clone().unwrap_or_default()
    };
    assert_eq!(screen("The registration form is shown."), "registration");
    assert_eq!(screen("The edit form opens"), "edit");
    assert_eq!(screen("The Add Contact form is shown"), "Add Contact");
}

#[test]
fn what_is_shown_at_the_top_is_the_pages_first() {
    let read = |s: &str| interpret_all(s, None).into_iter().map(|i| (i.verb, i.target, i.scope)).collect::<Vec<_>>();
    let first = |verb: Verb, name: &str| (verb, Some(name.to_string()), Some(Scope::First));
    // A wiki's user name, a booking app's greeting, a CMS's search box.
    assert_eq!(read("상단에 Planner01이 표시된다"), vec![first(Verb::ExpectVisible, "Planner01")]);
    assert_eq!(read("예약 목록 화면 상단에 김민수 님이 표시된다")[0].2, Some(Scope::First));
    assert_eq!(read("상단 검색창에 휴가를 입력한다")[0], first(Verb::Fill, "검색"));
    assert_eq!(read("하단에 있는 저장 버튼을 누른다")[0].2, Some(Scope::Last));
    // What the check proves is no check of its own; a property said beside it is one.
    assert_eq!(
        read("상단에 Newhire0614가 표시되어 로그인된 것을 확인한다."),
        vec![first(Verb::ExpectVisible, "Newhire0614")]
    );
    assert_eq!(read("\"Logged in as jsmith\" is shown, which confirms the login worked").len(), 1);
    assert!(read("목록이 표시되고 정렬된 것을 확인한다").is_empty());
}

#[test]
fn a_move_joined_to_what_is_then_shown_is_where_the_step_led() {
    let verbs = |s: &str| interpret_all(s, None).into_iter().map(|i| i.verb).collect::<Vec<_>>();
    // A booking app after login, a wiki after saving, a CMS after publishing.
    assert_eq!(
        verbs("예약 목록 화면으로 이동하고 상단에 김민수 님이 표시된다."),
        vec![Verb::ExpectScreen, Verb::ExpectVisible]
    );
    assert_eq!(
        verbs("문서 화면으로 이동되고 \"저장되었습니다\"가 보인다"),
        vec![Verb::ExpectScreen, Verb::ExpectVisible]
    );
    assert_eq!(verbs("페이지 목록으로 이동하며 '회사 소개'가 보인다"), vec![Verb::ExpectScreen, Verb::ExpectVisible]);
    // A move followed by an action is a move.
    assert_eq!(verbs("설정 화면으로 이동하고 저장 버튼을 누른다"), vec![Verb::Navigate, Verb::Click]);
}

/// A place said first with "Under"/"From" and a comma: what follows is the step — a tracker's
/// settings, a shop's catalog, a CMS's admin.
#[test]
fn a_place_said_first_leaves_the_step_after_it() {
    let one = |s: &str| {
        let i = interpret_all(s, None);
        assert_eq!(i.len(), 1, "{s}: {i:?}");
        (i[0].verb, i[0].target.clone().unwrap_or_default())
    };
    assert_eq!(one("Under Settings, open the Members tab."), (Verb::Click, "Members".into()));
    assert_eq!(one("From Catalog, go to Categories"), (Verb::Navigate, "Categories".into()));
    assert_eq!(one("Under Administration, click Users."), (Verb::Click, "Users".into()));
}

/// A field named by a word that also names a kind ("제목", "메시지") is the field when it is
/// typed into or cleared: a CMS's post, a chat app's box, a tracker's issue.
#[test]
fn a_field_named_like_a_kind_is_the_field_typed_into() {
    let one = |s: &str| {
        let i = interpret_all(s, None);
        (i[0].verb, i[0].target.clone().unwrap_or_default(), i.len())
    };
    assert_eq!(one("제목에 주간 보고를 입력한다"), (Verb::Fill, "제목".into(), 1));
    assert_eq!(one("제목을 비워 두고 저장 버튼을 누른다"), (Verb::Clear, "제목".into(), 2));
    assert_eq!(one("메시지에 회의 시작을 입력한다"), (Verb::Fill, "메시지".into(), 1));
}

/// A record named by its title and the word for its kind: a wiki's document, a board's post, a
/// knowledge base's article — the kind word is no part of the name; "새 게시글" names none.
#[test]
fn a_document_or_a_post_is_named_by_its_title() {
    let target = |s: &str| interpret_all(s, None).into_iter().next().and_then(|i| i.target);
    assert_eq!(target("검색 결과에 휴가 규정 문서가 보인다.").as_deref(), Some("휴가 규정"));
    assert_eq!(target("목록에 공지 안내 게시글이 표시된다").as_deref(), Some("공지 안내"));
    assert_eq!(target("주간 회의 게시물을 누른다").as_deref(), Some("주간 회의"));
    assert_eq!(target("회의록 2024-06-03 문서가 열린다").as_deref(), Some("회의록 2024-06-03"));
    // Which one, not a title: the post just written.
    assert_eq!(target("게시판 목록에 새 게시글이 추가된다").as_deref(), Some("새 게시글"));
    assert_eq!(target("방금 작성한 게시글이 목록에 보인다").as_deref(), Some("방금 작성한 게시글"));
}

/// A menu named by the side of the page it is on is the place its item is pressed in: a CMS's
/// left menu, an admin's right menu, a shop's side menu — quoted or not.
#[test]
fn a_menu_named_by_its_side_places_its_item() {
    let scoped = |s: &str| interpret_all(s, None).into_iter().next().map(|i| (i.target, i.scope));
    let region = |t: &str, r: &str| Some((Some(t.to_string()), Some(Scope::Region(r.into()))));
    assert_eq!(scoped("왼쪽 메뉴의 스니펫을 누른다"), region("스니펫", "왼쪽 메뉴"));
    assert_eq!(scoped("왼쪽 메뉴의 **스니펫**을 누르고 **자주 묻는 질문**을 연다"), region("스니펫", "왼쪽 메뉴"));
    assert_eq!(scoped("오른쪽 메뉴의 '로그아웃'을 클릭한다"), region("로그아웃", "오른쪽 메뉴"));
    assert_eq!(scoped("좌측 메뉴에서 주문 관리를 누른다"), region("주문 관리", "좌측 메뉴"));
    assert_eq!(scoped("왼쪽 메뉴의 설정을 연다"), region("설정", "왼쪽 메뉴"));
    // The top says which of same-named links, also for a screen to go to.
    assert_eq!(scoped("상단의 환경 설정으로 이동한다."), Some((Some("환경 설정".into()), Some(Scope::First))));
    assert_eq!(scoped("하단의 도움말 화면으로 이동한다"), Some((Some("도움말".into()), Some(Scope::Last))));
}

/// Where a screen is opened from is no word of its name: the side bar (pressed in it), a screen
/// the step starts on, the list a record is opened from — a wiki, a shop, a board.
#[test]
fn where_a_screen_is_opened_from_is_no_part_of_its_name() {
    let read = |s: &str| interpret_all(s, None).into_iter().next().map(|i| (i.verb, i.target, i.scope));
    let region = |r: &str| Some(Scope::Region(r.into()));
    assert_eq!(
        read("사이드바에서 주문 관리를 연다"),
        Some((Verb::Click, Some("주문 관리".into()), region("사이드바")))
    );
    assert_eq!(read("사이드바의 주문 관리를 연다"), Some((Verb::Click, Some("주문 관리".into()), region("사이드바"))));
    assert_eq!(
        read("왼쪽 메뉴에서 게시판 관리를 열고 새 게시판을 누른다"),
        Some((Verb::Click, Some("게시판 관리".into()), region("왼쪽 메뉴")))
    );
    // A move names a screen, reached through the menu.
    assert_eq!(
        read("설정 메뉴에서 그룹 관리 화면으로 이동한다."),
        Some((Verb::Navigate, Some("그룹 관리".into()), region("설정")))
    );
    assert_eq!(read("대문에서 최근 바뀜으로 이동한다"), Some((Verb::Navigate, Some("최근 바뀜".into()), None)));
    assert_eq!(
        read("상품 목록에서 무선 마우스 상세 화면으로 이동한다"),
        Some((Verb::Navigate, Some("무선 마우스 상세".into()), region("상품")))
    );
    assert_eq!(
        read("Posts 컬렉션에서 Spring hiring update 글을 연다"),
        Some((Verb::Navigate, Some("Spring hiring update".into()), region("Posts")))
    );
}

/// A bar of the page said first by its kind ("From the sidebar, …", "In the header, …") is
/// where the rest happens.
#[test]
fn a_bar_said_first_places_the_rest() {
    let read = |s: &str| interpret_all(s, None).into_iter().next().map(|i| (i.verb, i.target, i.scope));
    let region = |r: &str| Some(Scope::Region(r.into()));
    assert_eq!(
        read("From the sidebar, open Your Issues"),
        Some((Verb::Navigate, Some("Your Issues".into()), region("sidebar")))
    );
    assert_eq!(read("In the header, click Sign out"), Some((Verb::Click, Some("Sign out".into()), region("header"))));
    assert_eq!(read("On the toolbar, click Bold."), Some((Verb::Click, Some("Bold".into()), region("toolbar"))));
    assert_eq!(read("From the menu, choose Settings"), Some((Verb::Click, Some("Settings".into()), None)));
}

/// "아래의" after something named says where that thing is, not the lowest of same-named
/// elements: a wiki's notice under the results, a shop's button under the cart, a form's link
/// under the table.
#[test]
fn below_something_named_is_no_position() {
    let scope = |s: &str| interpret_all(s, None).into_iter().next().and_then(|i| i.scope);
    assert_eq!(scope("검색 결과 아래의 문서를 만드세요 안내에서 회의록 2024-06-10 링크를 누른다."), None);
    assert_eq!(scope("장바구니 목록 아래의 '주문하기' 버튼을 누른다"), None);
    assert_eq!(scope("아래의 '저장' 버튼을 누른다"), Some(Scope::Last));
    assert_eq!(scope("화면 아래의 '저장' 버튼을 누른다"), Some(Scope::Last));
}

/// Of several things a sentence says are shown, the place named after the last is its own and
/// that of the things listed with it: a tracker's keywords, a shop's categories, a team's members.
#[test]
fn the_place_after_the_last_check_is_its_own() {
    let scopes = |s: &str| interpret_all(s, None).into_iter().map(|i| i.scope).collect::<Vec<_>>();
    let region = |r: &str| Some(Scope::Region(r.into()));
    assert_eq!(
        scopes("The message \"keyword 7 created\" is shown and security appears under Existing Keywords."),
        vec![None, region("Existing Keywords")]
    );
    assert_eq!(scopes("'Saved' is shown and 'Books' appears in the Categories list"), vec![None, region("Categories")]);
    assert_eq!(scopes("'Tom' and 'Ann' are listed in the Members list"), vec![region("Members"), region("Members")]);
}

/// A position is said by a whole word: "top" in "Desktop", "last" in "lastname" says none.
#[test]
fn a_position_is_a_whole_word() {
    let scope = |s: &str| interpret_all(s, None).into_iter().next().and_then(|i| i.scope);
    assert_eq!(scope("Open the Desktop settings page"), None);
    assert_eq!(scope("Enter Kim as the lastname"), None);
    assert_eq!(scope("Click the 'Save' button at the top"), Some(Scope::First));
    assert_eq!(scope("Click the last 'Edit' link"), Some(Scope::Last));
}

/// A contacts app's address book, a shop's invoices, a wiki's settings: a screen's link said
/// at the top or bottom of the page is the first or last of same-named links; a menu told only
/// by what it is ("the main menu") says no position.
#[test]
fn a_screen_opened_from_the_top_is_the_first_link() {
    let go = |s: &str| interpret_all(s, None).first().map(|i| (i.verb, i.target.clone(), i.scope.clone()));
    let at = |name: &str, scope: Option<Scope>| Some((Verb::Navigate, Some(name.to_string()), scope));
    assert_eq!(
        go("From the top menu, open the address book, i.e. the page that lists everybody."),
        at("address book", Some(Scope::First))
    );
    assert_eq!(go("Open the invoices page at the top"), at("invoices", Some(Scope::First)));
    assert_eq!(go("Open Settings at the bottom of the page"), at("Settings", Some(Scope::Last)));
    assert_eq!(go("From the main menu, open the address book"), at("address book", None));
}

/// A menu or section said inside what holds it ("the Pages menu in the sidebar", "the Admin
/// menu on the left", "the Settings menu in the top bar") is the place; what holds it is not
/// part of its name, before the command or after it: a CMS's page tree, a tracker's
/// administration, a shop's catalog.
#[test]
fn a_menu_inside_a_bar_is_the_place() {
    let read = |s: &str| {
        let i = interpret_all(s, None);
        assert_eq!(i.len(), 1, "{s}: {i:?}");
        (i[0].verb, i[0].target.clone().unwrap_or_default(), i[0].scope.clone())
    };
    let region = |name: &str| Some(Scope::Region(name.into()));
    assert_eq!(
        read("From the Pages menu in the sidebar, open Home."),
        (Verb::Navigate, "Home".into(), region("Pages"))
    );
    assert_eq!(read("Open Home from the Pages menu in the sidebar."), (Verb::Navigate, "Home".into(), region("Pages")));
    assert_eq!(
        read("In the Administration menu in the sidebar, click Users."),
        (Verb::Click, "Users".into(), region("Administration"))
    );
    assert_eq!(
        read("Click Users in the Administration menu in the sidebar."),
        (Verb::Click, "Users".into(), region("Administration"))
    );
    // A menu holds commands: what is chosen from it is pressed, never a value of a field.
    assert_eq!(
        read("From the Catalog menu on the left, choose Products."),
        (Verb::Click, "Products".into(), region("Catalog"))
    );
    assert_eq!(read("From the Catalog menu, choose Products."), (Verb::Click, "Products".into(), region("Catalog")));
    assert_eq!(
        read("From the Catalog menu in the top bar, go to Categories."),
        (Verb::Navigate, "Categories".into(), region("Catalog"))
    );
}

/// The screen a step is done on, said first ("On the Users page, …", "From the dashboard, …",
/// "In the editor, …"), is where the person is, no place inside the page — as "사용자 화면에서
/// 추가 버튼을 누른다" is read: a CMS's users, an admin's dashboard, a tracker's issues.
#[test]
fn the_screen_said_first_is_no_place_on_it() {
    let read = |s: &str| {
        interpret_all(s, None).into_iter().map(|i| (i.verb, i.target.unwrap_or_default(), i.scope)).collect::<Vec<_>>()
    };
    assert_eq!(read("On the Users page, click Add New User."), vec![(Verb::Click, "Add New User".into(), None)]);
    assert_eq!(read("On the Issues screen, click New issue."), vec![(Verb::Click, "New issue".into(), None)]);
    assert_eq!(read("From the home page, click Sign in."), vec![(Verb::Click, "Sign in".into(), None)]);
    assert_eq!(
        read("From the dashboard, navigate to Users and click Add New User."),
        vec![(Verb::Navigate, "Users".into(), None), (Verb::Click, "Add New User".into(), None)]
    );
    // What is typed "in the editor" is the field the sentence names, its value described.
    let typed = interpret_all("In the editor, type a title for your post.", None);
    assert_eq!((typed[0].verb, typed[0].target.as_deref()), (Verb::Fill, Some("title")));
    // A row or a tab said first stays the place.
    assert_eq!(
        read("In the Henry Davis row, click Delete."),
        vec![(Verb::Click, "Delete".into(), Some(Scope::Row("Henry Davis".into())))]
    );
}
