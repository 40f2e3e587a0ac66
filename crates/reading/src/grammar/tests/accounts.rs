//! Who a sentence logs in as: a login name, or a person described by their role.

use super::super::*;
use super::intent;

#[test]
fn a_logged_in_state_told_as_the_result_is_checked_not_done() {
    let shows = |name: &str| vec![Intent::new(Verb::ExpectVisible, Some(name.into()), None)];
    assert_eq!(interpret_all("가입이 끝나면 로그인된 상태가 된다", None), shows("로그아웃"));
    assert_eq!(interpret_all("The new user is now logged in", None), shows("Log out"));
    // Done, or naming who: a login.
    assert_eq!(interpret_all("관리자로 로그인되었다", None)[0].verb, Verb::LogIn);
    assert_eq!(interpret_all("Log in as admin", None)[0].verb, Verb::LogIn);
    // "X 안내가 보인다": a notice, known by its words.
    assert_eq!(
        interpret_all("저장되었습니다 안내가 보인다", None),
        vec![intent(Verb::ExpectVisible, "저장되었습니다", None, Some(RoleHint::Message))]
    );
}

#[test]
fn a_role_described_in_words_is_asked_not_typed() {
    let who = |s: &str| interpret_all(s, None).into_iter().find(|i| i.verb == Verb::LogIn).and_then(|i| i.target);
    // A role behind an article: the whole description, so the engine asks which account it is.
    assert_eq!(
        who("Given I am signed in to the dashboard as the shop administrator").as_deref(),
        Some("shop administrator")
    );
    assert_eq!(who("Log in as a support agent and open the queue").as_deref(), Some("support agent"));
    assert_eq!(who("Sign in as the wiki's page reviewer.").as_deref(), Some("wiki's page reviewer"));
    // A login name stays one word, with or without the words that say it is an account.
    assert_eq!(who("Sign in with the admin account.").as_deref(), Some("admin"));
    assert_eq!(who("Log in with carol's login name and password in the Login box").as_deref(), Some("carol"));
    assert_eq!(who("Log in as jsmith.").as_deref(), Some("jsmith"));
    // A login name in brackets beside the role (a wiki, a CMS, a booking app).
    let ko = |s: &str| interpret_all(s, None).into_iter().find(|i| i.verb == Verb::LogIn).and_then(|i| i.target);
    assert_eq!(ko("관리자 계정(Admin)으로 로그인되어 있어야 합니다.").as_deref(), Some("Admin"));
    assert_eq!(ko("관리자(admin)로 로그인되어 있다.").as_deref(), Some("admin"));
    assert_eq!(ko("담당자 계정(minsu.kim)으로 로그인한다").as_deref(), Some("minsu.kim"));
}

/// Who logs in, said after where: a shop's dashboard, a console, a wiki; the password is how,
/// the account who.
#[test]
fn the_account_is_read_past_the_place_logged_in_to() {
    let who = |s: &str| {
        let i = interpret_all(s, None);
        assert_eq!(i.len(), 1, "{s}: {i:?}");
        assert_eq!(i[0].verb, Verb::LogIn, "{s}");
        i[0].target.clone()
    };
    assert_eq!(who("Log in to the dashboard as admin."), Some("admin".into()));
    assert_eq!(who("Sign in to the console as operator (password given separately)"), Some("operator".into()));
    assert_eq!(who("관리자 계정으로 사내위키에 로그인한다."), Some("관리자".into()));
    assert_eq!(who("운영자 계정으로 관리 콘솔에 로그인한다"), Some("운영자".into()));
    assert_eq!(who("관리자 로그인 화면에서 admin 계정과 관리자 비밀번호로 로그인한다"), Some("admin".into()));
    assert_eq!(who("관리자 비밀번호로 로그인한다"), None);
}

#[test]
fn opening_the_app_or_its_login_page_before_logging_in_is_part_of_the_login() {
    let verbs = |s: &str| interpret_all(s, None).into_iter().map(|i| i.verb).collect::<Vec<_>>();
    // The application by its own word, by the kind of product it is, or its login page.
    assert_eq!(verbs("Open the app and log in as admin."), vec![Verb::LogIn]);
    assert_eq!(verbs("Open the tracker and log in as alice"), vec![Verb::LogIn]);
    assert_eq!(verbs("Open the dashboard login page and log in as admin"), vec![Verb::LogIn]);
    assert_eq!(verbs("사내위키에 접속해서 planner01 계정으로 로그인한다"), vec![Verb::LogIn]);
    // A screen of the app is a place of its own to reach.
    assert_eq!(verbs("Open the Website Redesign project and log in"), vec![Verb::Navigate, Verb::LogIn]);
    assert_eq!(verbs("Open the dashboard and log in as admin"), vec![Verb::Navigate, Verb::LogIn]);
}

#[test]
fn logging_in_after_typing_into_the_form_presses_its_button() {
    let read = |s: &str| {
        interpret_all(s, None).into_iter().map(|i| (i.verb, i.target.unwrap_or_default())).collect::<Vec<_>>()
    };
    // A booking app, a wiki, a CMS: the sentence typed the password itself.
    assert_eq!(
        read("올바른 비밀번호를 다시 입력하고 로그인한다"),
        vec![(Verb::Fill, "비밀번호".to_string()), (Verb::Click, "로그인".to_string())]
    );
    assert_eq!(
        read("비밀번호에 {{secret.PLANNER_PASSWORD}}를 입력하고 다시 로그인한다."),
        vec![(Verb::Fill, "비밀번호".to_string()), (Verb::Click, "로그인".to_string())]
    );
    assert_eq!(
        read("Enter admin as the username, the password, and sign in"),
        vec![
            (Verb::Fill, "username".to_string()),
            (Verb::Fill, "password".to_string()),
            (Verb::Click, "Sign in".to_string())
        ]
    );
    // Who logs in, or nothing typed before: the login itself.
    assert_eq!(read("Enter admin as the username and log in as admin")[1].0, Verb::LogIn);
    assert_eq!(read("김민수 계정으로 로그인한다")[0].0, Verb::LogIn);
}
