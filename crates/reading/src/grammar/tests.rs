//! The grammar's sentences, Korean and English, and what each must mean.

use super::*;

mod accounts;
mod places;
mod shapes;
mod shown;
mod sturdy;

fn intent(verb: Verb, target: &str, value: Option<&str>, hint: Option<RoleHint>) -> Intent {
    Intent { verb, target: Some(target.into()), value: value.map(Into::into), hint, scope: None }
}

#[test]
fn korean_sentences() {
    let cases = [
        ("'/login' 페이지로 이동한다.", intent(Verb::Navigate, "/login", None, None)),
        (
            "'이메일' 필드에 'ada@example.com'을 입력한다.",
            intent(Verb::Fill, "이메일", Some("ada@example.com"), Some(RoleHint::Field)),
        ),
        (
            "'ada@example.com'을 '이메일'에 입력한다",
            intent(Verb::Fill, "이메일", Some("ada@example.com"), Some(RoleHint::Field)),
        ),
        ("'로그인' 버튼을 클릭한다.", intent(Verb::Click, "로그인", None, Some(RoleHint::Button))),
        ("'확인' 버튼을 누른다", intent(Verb::Click, "확인", None, Some(RoleHint::Button))),
        ("'대시보드'가 보이는지 확인한다.", intent(Verb::ExpectVisible, "대시보드", None, None)),
        (
            "'등록 확인' 대화상자가 표시되는지 확인한다.",
            intent(Verb::ExpectVisible, "등록 확인", None, Some(RoleHint::Dialog)),
        ),
        (
            "'상품이 등록되었습니다.' 메시지가 표시되는지 확인한다.",
            intent(Verb::ExpectVisible, "상품이 등록되었습니다.", None, Some(RoleHint::Message)),
        ),
        ("“상품 관리” 링크를 클릭한다", intent(Verb::Click, "상품 관리", None, Some(RoleHint::Link))),
        ("'행' 버튼을 더블클릭한다", intent(Verb::DoubleClick, "행", None, Some(RoleHint::Button))),
        ("'약관 동의' 체크박스를 체크 해제한다", intent(Verb::Uncheck, "약관 동의", None, Some(RoleHint::Checkbox))),
        ("'저장' 버튼이 비활성화되어 있다", intent(Verb::ExpectDisabled, "저장", None, Some(RoleHint::Button))),
        ("'오류' 문구가 사라진다", intent(Verb::ExpectHidden, "오류", None, Some(RoleHint::Message))),
        ("'우선순위'에 '높음'을 선택한다", intent(Verb::Select, "우선순위", Some("높음"), Some(RoleHint::Field))),
        (
            "'배송 방법'에서 '퀵 배송'을 선택한다.",
            intent(Verb::Select, "배송 방법", Some("퀵 배송"), Some(RoleHint::Field)),
        ),
    ];
    for (sentence, expected) in cases {
        assert_eq!(interpret(sentence), Some(expected), "{sentence}");
    }
}

#[test]
fn english_sentences() {
    let cases = [
        ("Go to /login", intent(Verb::Navigate, "/login", None, None)),
        (
            "Enter 'ada@example.com' in 'Email'",
            intent(Verb::Fill, "Email", Some("ada@example.com"), Some(RoleHint::Field)),
        ),
        (
            "Fill 'Email' with 'ada@example.com'",
            intent(Verb::Fill, "Email", Some("ada@example.com"), Some(RoleHint::Field)),
        ),
        (
            "Type \"secret\" into the \"Password\" field",
            intent(Verb::Fill, "Password", Some("secret"), Some(RoleHint::Field)),
        ),
        ("Click 'Sign in'", intent(Verb::Click, "Sign in", None, None)),
        ("Click the 'Sign in' button.", intent(Verb::Click, "Sign in", None, Some(RoleHint::Button))),
        ("Verify 'Dashboard' is visible", intent(Verb::ExpectVisible, "Dashboard", None, None)),
        ("The 'Saved' message is shown", intent(Verb::ExpectVisible, "Saved", None, Some(RoleHint::Message))),
        ("Uncheck the 'Remember me' checkbox", intent(Verb::Uncheck, "Remember me", None, Some(RoleHint::Checkbox))),
        ("The 'Save' button is disabled", intent(Verb::ExpectDisabled, "Save", None, Some(RoleHint::Button))),
    ];
    for (sentence, expected) in cases {
        assert_eq!(interpret(sentence), Some(expected), "{sentence}");
    }
}

#[test]
fn sentences_without_a_verb_or_target_are_not_understood() {
    assert_eq!(interpret("운영자 권한이 필요하다"), None);
    assert_eq!(interpret("The user's dashboard"), None);
}

/// Every action and expected-result wording of the bundled workbooks, Korean and English,
/// read the same way.
#[test]
fn workbook_rows_in_both_languages() {
    use Verb::*;
    let screen = |t: &str| intent(ExpectScreen, t, None, Some(RoleHint::Screen));
    let rows: &[(&str, &str, Option<&str>, Vec<Intent>)] = &[
        (
            "'이메일' 필드에 입력한다",
            "Type into the '이메일' field",
            Some("ada@example.com"),
            vec![intent(Fill, "이메일", Some("ada@example.com"), Some(RoleHint::Field))],
        ),
        (
            "'이메일' 필드를 비워 둔다",
            "Leave the '이메일' field empty",
            Some("(빈 값)"),
            vec![intent(Clear, "이메일", Some(""), Some(RoleHint::Field))],
        ),
        (
            "'이메일' 필드에 앞뒤 공백을 붙여 입력한다",
            "Type into the '이메일' field with a space before and after",
            Some("a@b.c"),
            vec![intent(Fill, "이메일", Some(" a@b.c "), Some(RoleHint::Field))],
        ),
        (
            "'로그인 상태 유지' 체크박스를 선택한다",
            "Check the '로그인 상태 유지' checkbox",
            None,
            vec![intent(Check, "로그인 상태 유지", None, Some(RoleHint::Checkbox))],
        ),
        (
            "'카테고리'에서 선택한다",
            "Select in '카테고리'",
            Some("액세서리"),
            vec![intent(Select, "카테고리", Some("액세서리"), Some(RoleHint::Field))],
        ),
        ("환영 문구를 확인한다", "Check the welcome text", None, vec![Intent::new(Look, None, None)]),
        ("목록을 확인한다", "Check the list", None, vec![Intent::new(Look, None, None)]),
        ("대화상자 표시 여부를 확인한다", "Check whether a dialog opened", None, vec![Intent::new(Look, None, None)]),
        (
            "'로그인' 제목이 표시된다",
            "The '로그인' heading is shown",
            None,
            vec![intent(ExpectVisible, "로그인", None, Some(RoleHint::Heading))],
        ),
        ("'로그인' 화면에 머무른다", "The '로그인' page stays open", None, vec![screen("로그인")]),
        ("'상품 목록' 화면으로 돌아간다", "The '상품 목록' page opens again", None, vec![screen("상품 목록")]),
        ("'로그인' 화면이 표시된다", "The '로그인' page is shown", None, vec![screen("로그인")]),
        (
            "체크박스가 선택된다",
            "The checkbox is checked",
            None,
            vec![Intent::new(ExpectChecked, None, Some(RoleHint::Checkbox))],
        ),
        ("대화상자가 닫힌다", "The dialog closes", None, vec![Intent::new(ExpectHidden, None, Some(RoleHint::Dialog))]),
        (
            "'등록 확인' 대화상자가 표시되지 않는다",
            "The '등록 확인' dialog is not shown",
            None,
            vec![intent(ExpectHidden, "등록 확인", None, Some(RoleHint::Dialog))],
        ),
        (
            "'기계식 키보드', '27인치 모니터', 'USB-C 허브'가 보인다",
            "'기계식 키보드', '27인치 모니터' and 'USB-C 허브' are listed",
            None,
            vec![
                intent(ExpectVisible, "기계식 키보드", None, None),
                intent(ExpectVisible, "27인치 모니터", None, None),
                intent(ExpectVisible, "USB-C 허브", None, None),
            ],
        ),
        (
            "'상품명을 입력해 주세요.'와 '가격은 0보다 커야 합니다.'가 모두 표시된다",
            "Both '상품명을 입력해 주세요.' and '가격은 0보다 커야 합니다.' are shown",
            None,
            vec![
                intent(ExpectVisible, "상품명을 입력해 주세요.", None, None),
                intent(ExpectVisible, "가격은 0보다 커야 합니다.", None, None),
            ],
        ),
    ];
    for (ko, en, data, expected) in rows {
        assert_eq!(&interpret_all(ko, *data), expected, "{ko}");
        assert_eq!(&interpret_all(en, *data), expected, "{en}");
    }
    // Going to a screen is for the engine to resolve (it may already be open); "opens" checks it.
    let go = Intent::new(Navigate, Some("대시보드".into()), Some(RoleHint::Screen));
    assert_eq!(interpret_all("'대시보드' 화면으로 이동한다", None), vec![go.clone()]);
    assert_eq!(interpret_all("Go to the '대시보드' page", None), vec![go]);
    assert_eq!(interpret_all("The '대시보드' page opens", None), vec![screen("대시보드")]);
}

#[test]
fn scopes_rows_dialogs_and_positions() {
    let scoped = |verb, target: &str, hint, scope| Intent {
        verb,
        target: Some(target.into()),
        value: None,
        hint,
        scope: Some(scope),
    };
    let row = |t: &str, text: &str| scoped(Verb::ExpectVisible, text, None, Scope::Row(t.into()));
    for (sentence, expected) in [
        ("'기계식 키보드' 행에 '129,000원'이 표시된다", vec![row("기계식 키보드", "129,000원")]),
        ("The '기계식 키보드' row shows '129,000원'", vec![row("기계식 키보드", "129,000원")]),
        ("'무선 키보드'가 '39,000원'으로 목록에 보인다", vec![row("무선 키보드", "39,000원")]),
        ("'무선 키보드' is listed at '39,000원'", vec![row("무선 키보드", "39,000원")]),
        ("'마우스 패드' 행의 카테고리가 '액세서리'로 보인다", vec![row("마우스 패드", "액세서리")]),
        ("The '마우스 패드' row shows the category '액세서리'", vec![row("마우스 패드", "액세서리")]),
        (
            "'삭제 확인' 대화상자에 \"'기계식 키보드' 상품을 삭제할까요?\"가 표시된다",
            vec![scoped(
                Verb::ExpectVisible,
                "'기계식 키보드' 상품을 삭제할까요?",
                None,
                Scope::Dialog(Some("삭제 확인".into())),
            )],
        ),
        (
            "The '삭제 확인' dialog shows \"'기계식 키보드' 상품을 삭제할까요?\"",
            vec![scoped(
                Verb::ExpectVisible,
                "'기계식 키보드' 상품을 삭제할까요?",
                None,
                Scope::Dialog(Some("삭제 확인".into())),
            )],
        ),
        (
            "대화상자의 '취소' 버튼을 클릭한다",
            vec![scoped(Verb::Click, "취소", Some(RoleHint::Button), Scope::Dialog(None))],
        ),
        (
            "Click the '취소' button in the dialog",
            vec![scoped(Verb::Click, "취소", Some(RoleHint::Button), Scope::Dialog(None))],
        ),
        (
            "상단의 '내보내기' 버튼을 클릭한다",
            vec![scoped(Verb::Click, "내보내기", Some(RoleHint::Button), Scope::First)],
        ),
        (
            "Click the upper '내보내기' button",
            vec![scoped(Verb::Click, "내보내기", Some(RoleHint::Button), Scope::First)],
        ),
    ] {
        assert_eq!(interpret_all(sentence, None), expected, "{sentence}");
    }
}

#[test]
fn clauses_chain_expectations() {
    let expected = vec![
        intent(Verb::ExpectHidden, "기계식 키보드", None, None),
        intent(Verb::ExpectVisible, "총 2개", None, None),
    ];
    assert_eq!(interpret_all("'기계식 키보드'가 목록에 없고 '총 2개'가 표시된다", None), expected);
    assert_eq!(interpret_all("'기계식 키보드' is gone and '총 2개' is shown", None), expected);
    let kept = vec![
        intent(Verb::ExpectVisible, "27인치 모니터", None, None),
        intent(Verb::ExpectVisible, "총 3개", None, None),
    ];
    assert_eq!(interpret_all("'27인치 모니터'가 목록에 남아 있고 '총 3개'가 표시된다", None), kept);
    assert_eq!(interpret_all("'27인치 모니터' is still listed and '총 3개' is shown", None), kept);
    let closed = vec![
        Intent::new(Verb::ExpectHidden, None, Some(RoleHint::Dialog)),
        intent(Verb::ExpectScreen, "상품 등록", None, Some(RoleHint::Screen)),
    ];
    assert_eq!(interpret_all("대화상자가 닫히고 '상품 등록' 화면에 머무른다", None), closed);
    assert_eq!(interpret_all("The dialog closes and the '상품 등록' page stays open", None), closed);
}

#[test]
fn wrapped_and_negated_checks_keep_their_sense_and_no_letter_breaks_slicing() {
    let v = |s: &str| interpret_all(s, None).first().map(|i| i.verb);
    assert_eq!(v("'오류' 메시지가 표시되지 않는지 확인한다"), Some(Verb::ExpectHidden));
    assert_eq!(v("'A'가 목록에 없는지 확인한다"), Some(Verb::ExpectHidden));
    assert_eq!(v("'오류'가 사라지는지 확인한다"), Some(Verb::ExpectHidden));
    assert_eq!(v("'저장' 버튼이 비활성화되었는지 확인한다"), Some(Verb::ExpectDisabled));
    assert_eq!(v("'대시보드'가 보이는지 확인한다"), Some(Verb::ExpectVisible));
    assert_eq!(v("'오류'가 안 보인다"), Some(Verb::ExpectHidden));
    assert_eq!(v("Verify 'Error' does not appear"), Some(Verb::ExpectHidden));
    assert_eq!(v("Verify 'X' isn't shown"), Some(Verb::ExpectHidden));
    assert_eq!(v("'X' should not be visible"), Some(Verb::ExpectHidden));
    // Letters whose lower case is longer than they are must not move a cut.
    for s in [
        "'ȺȺ' is shown and '가' is shown",
        "'İİ' is shown and '가' is shown",
        "Enter İzmir in the 市 field",
        "Enter Ⱥ in 中",
    ] {
        let _ = interpret_all(s, None);
    }
}

#[test]
fn the_grammar_knows_at_least_forty_verb_patterns() {
    assert!(verb_pattern_count() >= 40, "{}", verb_pattern_count());
}

#[test]
fn keys_pressed_in_the_field_just_used() {
    for (sentence, key) in [
        ("Enter 키를 누른다", "Enter"),
        ("엔터를 친다", "Enter"),
        ("press Enter", "Enter"),
        ("Hit the Return key", "Enter"),
        ("ESC 키를 눌러 창을 닫는다", "Escape"),
    ] {
        let intents = interpret_all(sentence, None);
        assert_eq!(intents.len(), 1, "{sentence}: {intents:?}");
        assert_eq!((intents[0].verb, intents[0].value.as_deref()), (Verb::PressKey, Some(key)), "{sentence}");
    }
    // "Enter the title" types into a field; "로그인 버튼을 누른다" clicks.
    assert_eq!(interpret_all("Enter the title", None)[0].verb, Verb::Fill);
    assert_eq!(interpret_all("로그인 버튼을 누른다", None)[0].verb, Verb::Click);
}

#[test]
fn places_said_first_and_menu_paths() {
    let go = interpret_all("From the Catalog menu, go to Categories.", None);
    assert_eq!(go.len(), 1, "{go:?}");
    assert_eq!((go[0].verb, go[0].target.as_deref()), (Verb::Navigate, Some("Categories")));
    assert_eq!(go[0].scope, Some(Scope::Region("Catalog".into())));
    let click = interpret_all("In the Administration section of the sidebar, click Add User.", None);
    assert_eq!(click.len(), 1, "{click:?}");
    assert_eq!(click[0].target.as_deref(), Some("Add User"));
    assert_eq!(click[0].scope, Some(Scope::Region("Administration".into())));
}

#[test]
fn lists_of_expected_texts_are_cut_into_items_only_where_each_item_is_a_word() {
    assert_eq!(list_parts("Paid and Shipped"), vec!["Paid", "Shipped"]);
    assert_eq!(list_parts("Red, Green, and Blue"), vec!["Red", "Green", "Blue"]);
    assert_eq!(list_parts("주문 완료와 배송 준비"), vec!["주문 완료", "배송 준비"]);
    assert_eq!(list_parts("서울, 부산 및 대구"), vec!["서울", "부산", "대구"]);
    // A syllable before a particle is part of a word, never an item.
    assert!(list_parts("결과 화면").is_empty());
    assert!(list_parts("A and B").is_empty());
    assert!(list_parts("Saved").is_empty());
}

#[test]
fn leaving_things_as_they_are_is_no_step() {
    let intents = interpret_all("Type 'Garden tools' as the title and leave the other settings as they are", None);
    let verbs: Vec<Verb> = intents.iter().map(|i| i.verb).filter(|v| *v != Verb::Look).collect();
    assert_eq!(verbs, vec![Verb::Fill], "{intents:?}");
    let intents = interpret_all("설명은 그대로 두고 '등록' 버튼을 누른다", None);
    let verbs: Vec<Verb> = intents.iter().map(|i| i.verb).filter(|v| *v != Verb::Look).collect();
    assert_eq!(verbs, vec![Verb::Click], "{intents:?}");
    // What stays unchanged after a step is still a check, and leaving a field empty empties it.
    assert_eq!(interpret_all("Leave 'Quantity' empty", None)[0].verb, Verb::Clear);
}

#[test]
fn a_field_holding_a_value_is_a_value_check_never_a_visibility_check() {
    let check = |s: &str| {
        let all = interpret_all(s, None);
        assert_eq!(all.len(), 1, "{s}: {all:?}");
        (all[0].verb, all[0].target.clone(), all[0].value.clone())
    };
    let expected = (Verb::ExpectValue, Some("연락처".to_string()), Some("010-2222-3333".to_string()));
    assert_eq!(check("'연락처'에 '010-2222-3333'이 입력되어 있다"), expected);
    assert_eq!(check("'연락처' 칸에 '010-2222-3333'이 채워져 있다"), expected);
    let expected = (Verb::ExpectValue, Some("Phone".to_string()), Some("555-0101".to_string()));
    assert_eq!(check("The 'Phone' field holds '555-0101'"), expected);
    assert_eq!(check("'Phone' is prefilled with '555-0101'"), expected);
}

#[test]
fn a_verb_set_in_bold_stays_a_verb() {
    assert_eq!(emphasis_as_quotes("manager 계정으로 **로그인**한다"), "manager 계정으로 로그인한다");
    assert_eq!(emphasis_as_quotes("**취소** 버튼을 누른다"), "'취소' 버튼을 누른다");
    assert_eq!(interpret_all("manager 계정으로 **로그인**한다", None)[0].verb, Verb::LogIn);
}

#[test]
fn a_success_stated_in_words_is_a_message_check_by_its_gist() {
    let i = &interpret_all("Verify that the invoice is sent successfully.", None)[0];
    assert_eq!((i.verb, i.target.as_deref()), (Verb::ExpectMessage, Some("invoice is sent successfully")));
    let i = &interpret_all("The shop confirms that the order was placed.", None)[0];
    assert_eq!((i.verb, i.target.as_deref()), (Verb::ExpectMessage, Some("order was placed")));
    // Without "successfully" a state is not a message.
    assert_ne!(interpret_all("The invoice is sent", None).first().map(|i| i.verb), Some(Verb::ExpectMessage));
}

#[test]
fn pressing_something_to_open_it_is_a_click() {
    let i = &interpret_all("공지사항 목록에서 '점검 안내'를 눌러 연다", None)[0];
    assert_eq!((i.verb, i.target.as_deref()), (Verb::Click, Some("점검 안내")));
}

#[test]
fn a_dialog_described_rather_than_named_is_the_dialog_on_screen() {
    let i = &interpret_all("Press Yes in the warning dialog", None)[0];
    assert_eq!((i.target.as_deref(), i.scope.clone()), (Some("Yes"), Some(Scope::Dialog(None))));
    let i = &interpret_all("삭제 확인 팝업에서 '예'를 누른다", None)[0];
    assert_eq!((i.target.as_deref(), i.scope.clone()), (Some("예"), Some(Scope::Dialog(None))));
}

#[test]
fn a_place_described_in_korean_names_the_link_inside_it() {
    let i = &interpret_all("왼쪽 사이드바의 계정 설정 링크를 누른다", None)[0];
    assert_eq!((i.verb, i.target.as_deref(), i.hint), (Verb::Click, Some("계정 설정"), Some(RoleHint::Link)));
}

#[test]
fn what_a_step_led_to_told_as_done() {
    let all = interpret_all("'등록' 버튼이 눌렸고 '상품 등록' 창이 열렸다", None);
    let got: Vec<(Verb, Option<&str>)> = all.iter().map(|i| (i.verb, i.target.as_deref())).collect();
    assert_eq!(got, vec![(Verb::Click, Some("등록")), (Verb::ExpectVisible, Some("상품 등록"))], "{all:?}");
    assert_eq!(interpret_all("'주문 목록' 화면이 열린다", None)[0].verb, Verb::ExpectScreen);
}

#[test]
fn an_expectation_with_content_but_nothing_to_check_is_not_a_look() {
    // Where to look only: a look.
    assert_eq!(interpret_all("현재 화면을 확인한다.", None), vec![Intent::new(Verb::Look, None, None)]);
    assert_eq!(interpret_all("Check the results page.", None), vec![Intent::new(Verb::Look, None, None)]);
    // Something that must hold, named by nothing that can be found: not understood, so asked.
    assert_eq!(interpret_all("합계 금액이 맞게 표시된다.", None), vec![]);
    // Told with the text it shows: that text is checked.
    assert_eq!(
        interpret_all("주문 상태가 배송 완료로 바뀐다.", None),
        vec![intent(Verb::ExpectVisible, "배송 완료", None, None)]
    );
    assert_eq!(
        interpret_all("필터를 끄면 전체 12건이 다시 표시된다", None).last(),
        Some(&intent(Verb::ExpectVisible, "전체 12건", None, None))
    );
}

#[test]
fn a_login_and_its_password_told_as_two_sentences_are_one_login() {
    assert_eq!(
        interpret_all("운영자 계정으로 로그인한다. 운영자 비밀번호를 입력한다.", None),
        vec![Intent::new(Verb::LogIn, Some("운영자".into()), None)]
    );
    assert_eq!(
        interpret_all("운영자 계정(ops)으로 로그인한다. 비밀번호는 {{secret.OPS_PASSWORD}}를 사용한다.", None)
            .iter()
            .map(|i| i.verb)
            .collect::<Vec<_>>(),
        vec![Verb::LogIn]
    );
}

#[test]
fn a_check_said_the_other_way_round_is_the_opposite_check_or_a_question() {
    let dialog = |verb| vec![Intent::new(verb, None, Some(RoleHint::Dialog))];
    assert_eq!(interpret_all("팝업창이 닫히지 않는다", None), dialog(Verb::ExpectVisible));
    assert_eq!(interpret_all("대화상자가 닫힌다", None), dialog(Verb::ExpectHidden));
    assert_eq!(interpret_all("The dialog does not close", None), dialog(Verb::ExpectVisible));
    assert_eq!(interpret_all("'저장' 버튼이 비활성화되지 않는다", None)[0].verb, Verb::ExpectEnabled);
    // No opposite to check: asked, never checked the other way round.
    assert_eq!(interpret_all("'자동 갱신' 체크박스가 선택되지 않는다", None), vec![]);
}

#[test]
fn a_record_the_app_does_not_keep_is_checked_by_the_error_it_shows() {
    let error = vec![Intent::new(Verb::ExpectError, None, Some(RoleHint::Message))];
    assert_eq!(interpret_all("주문은 접수되지 않는다", None), error);
    assert_eq!(interpret_all("The invoice is not saved", None), error);
    // Two statements of one cell keep their own sense: the error is shown, not hidden.
    let both = interpret_all("중복 오류가 표시된다.\n회원은 가입되지 않는다.", None);
    assert!(both.iter().all(|i| i.verb == Verb::ExpectError), "{both:?}");
}

#[test]
fn what_a_figure_becomes_is_shown() {
    assert_eq!(
        interpret_all("장바구니 합계가 총 3개가 된다", None),
        vec![intent(Verb::ExpectVisible, "총 3개", None, None)]
    );
    assert_eq!(interpret_all("목록에 새 주문이 보이고 건수가 전체 12건이 된다.", None).len(), 2);
}

#[test]
fn english_statements_joined_in_one_line_are_each_checked() {
    let got = |s: &str| -> Vec<(Verb, Option<String>)> {
        interpret_all(s, None).into_iter().map(|i| (i.verb, i.target)).collect()
    };
    let visible = |t: &str| (Verb::ExpectVisible, Some(t.to_string()));
    assert_eq!(
        got("Check that Red, Green and Blue are listed and the item count is 3."),
        vec![visible("Red, Green and Blue"), visible("item count 3")]
    );
    assert_eq!(
        got("Saved is displayed and Acme is in the list; the total is now 7."),
        vec![visible("Saved"), visible("Acme"), visible("total 7")]
    );
    assert_eq!(
        got("Open the Members tab: Ann Lee is listed."),
        vec![(Verb::Click, Some("Members".to_string())), visible("Ann Lee")]
    );
    // After a colon that ends a statement, the app's words, sentence breaks and all.
    assert_eq!(
        got("A warning is shown: Session expired. Sign in again."),
        vec![(Verb::ExpectError, Some("Session expired. Sign in again".to_string()))]
    );
    assert_eq!(got("The visitor stays on the checkout page"), vec![(Verb::ExpectScreen, Some("checkout".into()))]);
    assert_eq!(got("Go back to the invoice list"), vec![(Verb::Navigate, Some("invoice list".into()))]);
    assert_eq!(got("Type Bob and save"), vec![(Verb::Fill, Some("Bob".into())), (Verb::Click, Some("Save".into()))]);
    let role = &interpret_all("Choose the Editor role", None)[0];
    assert_eq!(
        (role.verb, role.target.as_deref(), role.value.as_deref()),
        (Verb::Select, Some("role"), Some("Editor"))
    );
    assert_eq!(
        got("The banner says your changes were stored"),
        vec![(Verb::ExpectMessage, Some("your changes were stored".into()))]
    );
    // The subject is listed, and each value is in its row.
    let listed = interpret_all("Invoice 7 is listed with status overdue", None);
    assert_eq!(listed[0].target.as_deref(), Some("Invoice 7"));
    let row = &listed[1];
    assert_eq!(
        (row.verb, row.target.as_deref(), row.scope.clone()),
        (Verb::ExpectVisible, Some("overdue"), Some(Scope::Row("Invoice 7".into())))
    );
    let rows: Vec<(Option<String>, Option<Scope>)> =
        interpret_all("ann is listed with the full name Ann Lee and the team Support", None)
            .into_iter()
            .map(|i| (i.target, i.scope))
            .collect();
    let ann = Some(Scope::Row("ann".into()));
    assert_eq!(
        rows,
        vec![(Some("ann".into()), None), (Some("Ann Lee".into()), ann.clone()), (Some("Support".into()), ann)]
    );
    // Where the list is shown is the screen's, not the row's.
    let placed: Vec<Option<String>> = interpret_all("SKU-9 is listed on the Vouchers page with status Active.", None)
        .into_iter()
        .map(|i| i.target)
        .collect();
    assert_eq!(placed, vec![Some("SKU-9".into()), Some("Active".into())]);
    let column: Vec<Option<String>> = interpret_all("Login fails appears in the list with bob as Assigned To.", None)
        .into_iter()
        .map(|i| i.target)
        .collect();
    assert_eq!(column, vec![Some("Login fails".into()), Some("bob".into())]);
    // What a screen opens with is part of the check: each field's value, never the screen alone.
    let opened: Vec<(Verb, Option<String>, Option<String>)> =
        interpret_all("The invoice form opens with the customer ACME, the currency EUR and Notes blank.", None)
            .into_iter()
            .map(|i| (i.verb, i.target, i.value))
            .collect();
    let value = |field: &str, v: &str| (Verb::ExpectValue, Some(field.to_string()), Some(v.to_string()));
    assert_eq!(
        opened,
        vec![
            (Verb::ExpectScreen, Some("invoice".into()), None),
            value("customer", "ACME"),
            value("currency", "EUR"),
            value("Notes", "")
        ]
    );
    // One an item of which is no "field value" is asked, never dropped.
    assert_eq!(got("The order page opens with a banner"), vec![]);
    // "'A' and 'B' are listed" stays one statement; a figure is only a figure.
    assert_eq!(got("Ann and Bob are listed"), vec![visible("Ann"), visible("Bob")]);
    assert_eq!(crate::grammar::figure_stated("the status is Closed"), None);
}

#[test]
fn searching_by_a_field_and_an_empty_result_said_in_the_apps_words() {
    let got = |s: &str| -> Vec<(Verb, Option<String>, Option<String>)> {
        interpret_all(s, None).into_iter().map(|i| (i.verb, i.target, i.value)).collect()
    };
    let enter = (Verb::PressKey, None, Some("Enter".to_string()));
    assert_eq!(
        got("Search the member list by surname"),
        vec![(Verb::Fill, Some("surname".into()), None), enter.clone()]
    );
    assert_eq!(got("Search for Oslo"), vec![(Verb::Fill, Some("search".into()), Some("Oslo".into())), enter]);
    assert_eq!(
        got("No matching invoices found."),
        vec![(Verb::ExpectVisible, Some("No matching invoices found".into()), None)]
    );
    assert_eq!(got("Nothing found"), vec![(Verb::ExpectVisible, Some("Nothing found".into()), None)]);
    // "No" that is not an empty result is no such check.
    assert!(got("No changes are saved").iter().all(|(v, _, _)| *v != Verb::ExpectVisible));
}

#[test]
fn fields_set_to_values_and_values_after_their_field() {
    let got = |s: &str| -> Vec<(Verb, Option<String>, Option<String>)> {
        interpret_all(s, None).into_iter().map(|i| (i.verb, i.target, i.value)).collect()
    };
    let fill = |f: &str, v: &str| (Verb::Fill, Some(f.to_string()), Some(v.to_string()));
    // A field whose own name says "To": its value follows the last " to ".
    assert_eq!(
        got("Set Reply To to support@example.org and the priority to low, then click Apply"),
        vec![
            fill("Reply To", "support@example.org"),
            fill("priority", "low"),
            (Verb::Click, Some("Apply".into()), None)
        ]
    );
    assert_eq!(got("Type the comment \"it's fixed, closing.\""), vec![fill("comment", "it's fixed, closing.")]);
    assert_eq!(got("Enter the reason 'duplicate'."), vec![fill("reason", "duplicate")]);
}

#[test]
fn where_a_link_sits_is_not_its_name() {
    let got = |s: &str| -> Vec<(Verb, Option<String>)> {
        interpret_all(s, None).into_iter().map(|i| (i.verb, i.target)).collect()
    };
    assert_eq!(got("Open Saved Reports from the top menu"), vec![(Verb::Navigate, Some("Saved Reports".into()))]);
    assert_eq!(got("Open My Tasks in the sidebar"), vec![(Verb::Navigate, Some("My Tasks".into()))]);
    // "Unassigned in" holds "signed in": no login.
    assert_eq!(got("Click Show Unassigned in the Tasks panel")[0].0, Verb::Click);
}

#[test]
fn values_a_form_already_holds() {
    let got = |s: &str| -> Vec<(Verb, Option<String>, Option<String>, Option<Scope>)> {
        interpret_all(s, None).into_iter().map(|i| (i.verb, i.target, i.value, i.scope)).collect()
    };
    let held = |v: &str| (Verb::ExpectValue, None, Some(v.to_string()), Some(Scope::Dialog(None)));
    assert_eq!(
        got("고객 수정 창에 기존 값(홍길동, 010-1234-5678)이 입력되어 있다"),
        vec![held("홍길동"), held("010-1234-5678")]
    );
    assert_eq!(got("The edit form is prefilled (Room 4, 2025-03-01)."), vec![held("Room 4"), held("2025-03-01")]);
}

#[test]
fn a_role_noun_inside_a_name_is_part_of_it() {
    // "하위 페이지 추가" is a button's name; "페이지" in it names no screen.
    let intents = crate::interpret_all("상단의 하위 페이지 추가를 클릭한다.", None);
    assert_eq!(intents[0].target.as_deref(), Some("하위 페이지 추가"));
    assert_eq!(intents[0].verb, Verb::Click);
    // A role noun that carries the particle is still the element's kind.
    let intents = crate::interpret_all("대화상자의 취소 버튼을 클릭한다.", None);
    assert_eq!((intents[0].target.as_deref(), intents[0].hint), (Some("취소"), Some(RoleHint::Button)));
}

#[test]
fn a_press_that_leads_to_another_action_is_two_steps() {
    let intents = crate::interpret_all("하단의 더 많은 움직임 버튼을 눌러 게시를 클릭한다.", None);
    let got: Vec<_> = intents.iter().map(|i| (i.verb, i.target.as_deref())).collect();
    assert_eq!(got, vec![(Verb::Click, Some("더 많은 움직임")), (Verb::Click, Some("게시"))]);
    // "눌러 저장한다": one press, its purpose said after it.
    assert_eq!(crate::interpret_all("저장 버튼을 눌러 저장한다.", None).len(), 1);
}

#[test]
fn a_state_a_record_is_listed_in_is_checked_in_its_row() {
    let intents = crate::interpret_all("목록에 개인정보 처리방침이 라이브 상태로 보인다.", None);
    assert_eq!(intents.len(), 1, "{intents:?}");
    assert_eq!(intents[0].target.as_deref(), Some("라이브"));
    assert_eq!(intents[0].scope, Some(Scope::Row("개인정보 처리방침".into())));
}

#[test]
fn the_top_of_the_page_is_a_position_not_a_container() {
    let intents = crate::interpret_all("문서 상단의 편집 탭을 누른다.", None);
    assert_eq!((intents[0].target.as_deref(), intents[0].scope.clone()), (Some("편집"), Some(Scope::First)));
    let intents = crate::interpret_all("사용자 항목의 추가 링크를 누른다.", None);
    assert_eq!(intents[0].scope, Some(Scope::Region("사용자".into())));
}
#[test]
fn vague_messages_landings_rows_told_by_their_record_and_what_a_summary_shows() {
    let one = |s: &str| interpret_all(s, None).into_iter().map(|i| (i.verb, i.target, i.scope)).collect::<Vec<_>>();
    // A sentence that expects some message checks one, whatever its words.
    for s in
        ["A confirmation pops up", "A success message appears.", "안내 메시지가 나타난다", "완료 메시지가 표시된다"]
    {
        assert_eq!(one(s), vec![(Verb::ExpectMessage, None, None)], "{s}");
    }
    // A subject that names more than a message is not that.
    assert_ne!(one("The message list is shown")[0].0, Verb::ExpectMessage);
    assert_eq!(one("You end up on the order list"), vec![(Verb::ExpectScreen, Some("order list".into()), None)]);
    assert_eq!(
        one("The entry for Mia Chen shows Berlin"),
        vec![(Verb::ExpectVisible, Some("Berlin".into()), Some(Scope::Row("Mia Chen".into())))]
    );
    assert_eq!(one("The summary shows her as Manager"), vec![(Verb::ExpectVisible, Some("Manager".into()), None)]);
    let press = &interpret_all("Click the Edit link in Mia Chen's row", None)[0];
    assert_eq!((press.target.as_deref(), press.scope.clone()), (Some("Edit"), Some(Scope::Row("Mia Chen".into()))));
}

#[test]
fn a_value_told_by_a_quoting_ending_is_typed() {
    let i = &interpret_all("'답변'에 작성 중 이라고만 넣는다", None)[0];
    assert_eq!((i.verb, i.target.as_deref(), i.value.as_deref()), (Verb::Fill, Some("답변"), Some("작성 중")));
    let i = &interpret_all("'메모'란에 임시 저장이라고 입력한다", None)[0];
    assert_eq!((i.target.as_deref(), i.value.as_deref()), (Some("메모"), Some("임시 저장")));
    // Without such an ending the value is still to be asked.
    let i = &interpret_all("'답변'에 내용을 입력한다", None)[0];
    assert_eq!((i.target.as_deref(), i.value.as_deref()), (Some("답변"), None));
}

#[test]
fn a_value_chosen_as_a_field_is_selected_in_it() {
    let i = &interpret_all("상위 항목으로 Root를 선택한 뒤", None)[0];
    assert_eq!((i.verb, i.target.as_deref(), i.value.as_deref()), (Verb::Select, Some("상위 항목"), Some("Root")));
    let i = &interpret_all("'담당 부서'로 '영업팀'을 선택한다", None)[0];
    assert_eq!((i.verb, i.target.as_deref(), i.value.as_deref()), (Verb::Select, Some("담당 부서"), Some("영업팀")));
    // Chosen among (a shop's payment, a booking's room, a CMS's snippet types): the same.
    for (sentence, field, value) in [
        ("결제 수단 중 신용카드를 선택한다", "결제 수단", "신용카드"),
        ("회의실 중 대회의실 A를 선택한다", "회의실", "대회의실 A"),
        ("스니펫 유형 중에서 자주 묻는 질문을 선택한다", "스니펫 유형", "자주 묻는 질문"),
    ] {
        let i = &interpret_all(sentence, None)[0];
        assert_eq!((i.verb, i.target.as_deref(), i.value.as_deref()), (Verb::Select, Some(field), Some(value)));
    }
    // "작성 중인 글": "중" inside a name chooses nothing.
    assert_eq!(interpret_all("작성 중인 글을 선택한다", None)[0].verb, Verb::Click);
}

#[test]
fn an_expected_cell_that_lists_what_is_seen_checks_each_item() {
    let seen = |s: &str| {
        crate::grammar::seen_list(s).into_iter().map(|i| (i.verb, i.target.unwrap_or_default())).collect::<Vec<_>>()
    };
    assert_eq!(
        seen("Dashboard home, Welcome Alex Morgan at the top"),
        vec![(Verb::ExpectScreen, "Dashboard".to_string()), (Verb::ExpectVisible, "Welcome Alex Morgan".to_string())]
    );
    assert_eq!(
        seen("$49.98 (2 x The Silent Harbor, 1 x Corpus Logo T-shirt, plus the $5.00 flat shipping)"),
        vec![(Verb::ExpectVisible, "$49.98".to_string())]
    );
    assert_eq!(
        seen("Kim Min, kim@example.org"),
        vec![(Verb::ExpectVisible, "Kim Min".to_string()), (Verb::ExpectVisible, "kim@example.org".to_string())]
    );
    // A sentence that says more than what is seen is not a list of it.
    assert!(seen("Click Save, then the list opens").is_empty());
}

#[test]
fn text_added_at_the_end_of_a_field_is_appended() {
    let i = &interpret_all("본문 맨 아래에 \"7월 1일부터 휴가는 그룹웨어에서 신청합니다.\" 문장을 추가한다.", None)[0];
    assert_eq!(
        (i.verb, i.target.as_deref(), i.value.as_deref()),
        (Verb::Append, Some("본문"), Some("7월 1일부터 휴가는 그룹웨어에서 신청합니다."))
    );
    let i = &interpret_all("메모의 마지막 줄에 '확인 완료'를 덧붙인다", None)[0];
    assert_eq!((i.verb, i.target.as_deref(), i.value.as_deref()), (Verb::Append, Some("메모"), Some("확인 완료")));
    let i = &interpret_all("Append 'Thanks, Ann' to the Notes field", None)[0];
    assert_eq!((i.verb, i.target.as_deref(), i.value.as_deref()), (Verb::Append, Some("Notes"), Some("Thanks, Ann")));
    let i = &interpret_all("Add 'See you' at the end of the message", None)[0];
    assert_eq!((i.verb, i.target.as_deref()), (Verb::Append, Some("message")));
    // Adding a record is a press, never typing.
    assert_ne!(interpret_all("'추가' 버튼을 누른다", None).first().map(|i| i.verb), Some(Verb::Append));
    assert!(interpret_all("'회의실'을 추가한다", None).iter().all(|i| i.verb != Verb::Append));
}

#[test]
fn what_is_shown_in_a_place_named_first_is_checked_there() {
    let i = &interpret_all("'분류 상자'에 '인사'가 보인다", None);
    assert_eq!(i.len(), 1, "{i:?}");
    assert_eq!((i[0].target.as_deref(), i[0].scope.clone()), (Some("인사"), Some(Scope::Region("분류 상자".into()))));
}

#[test]
fn a_quoted_choice_in_an_unquoted_field_is_chosen_there() {
    let i = &interpret_all("Select \"Spring sale voucher offer\" in the offers field", None)[0];
    assert_eq!(
        (i.verb, i.target.as_deref(), i.value.as_deref()),
        (Verb::Select, Some("offers"), Some("Spring sale voucher offer"))
    );
    let i = &interpret_all("Choose 'Germany' from the Country list", None)[0];
    assert_eq!((i.verb, i.target.as_deref(), i.value.as_deref()), (Verb::Select, Some("Country"), Some("Germany")));
    // Nothing named to choose in: the option itself is pressed.
    assert_eq!(interpret_all("Choose 'Sign in'", None)[0].verb, Verb::Click);
}
