//! Grounding on snapshots: names, roles, tiers, scopes and what is never matched.

use super::*;
use specwright_browser::parse_snapshot;
use specwright_reading::interpret;

const ITEMS: &str = r#"- generic [ref=e1]:
  - navigation "주 메뉴" [ref=e14]:
    - link "상품 관리" [ref=e15] [cursor=pointer]:
      - /url: /items
  - main [ref=e4]:
    - heading "상품 목록" [level=1] [ref=e22]
    - button "내보내기" [ref=e24] [cursor=pointer]
    - button "새 상품 등록" [ref=e25] [cursor=pointer]
    - table [ref=e26]:
      - row [ref=e34]:
        - cell "무선 키보드" [ref=e35]
        - cell [ref=e38]:
          - button "무선 키보드 삭제" [ref=e39] [cursor=pointer]: 삭제
    - button "내보내기" [ref=e54] [cursor=pointer]
  - dialog [ref=e71]:
    - heading "등록 확인" [level=2] [ref=e72]
    - button "확인" [ref=e75] [cursor=pointer]
  - status [ref=e117]: 상품이 등록되었습니다.
"#;

fn grounded(sentence: &str) -> Grounding {
    ground(&interpret(sentence).unwrap(), &parse_snapshot(ITEMS))
}

fn unique(sentence: &str) -> Candidate {
    match grounded(sentence) {
        Grounding::Unique(c) => c,
        other => panic!("{sentence}: {other:?}"),
    }
}

#[test]
fn grounds_by_role_and_exact_name() {
    let c = unique("'새 상품 등록' 버튼을 클릭한다");
    assert_eq!(c.reference.as_deref(), Some("e25"));
    assert_eq!(c.locators[0], Locator::Role { role: "button".into(), name: "새 상품 등록".into(), exact: true });
    assert_eq!(unique("'상품 관리' 링크를 클릭한다").role, "link");
    assert_eq!(unique("'상품 목록'이 보이는지 확인한다").role, "heading");
    assert_eq!(unique("'무선 키보드'가 목록에 보이는지 확인한다").role, "cell");
}

#[test]
fn dialogs_are_grounded_through_their_heading() {
    let c = unique("'등록 확인' 대화상자가 표시되는지 확인한다");
    assert_eq!(c.locators[0], Locator::Role { role: "dialog".into(), name: "등록 확인".into(), exact: true });
}

#[test]
fn messages_without_a_name_are_found_by_text() {
    let c = unique("'상품이 등록되었습니다.' 메시지가 표시되는지 확인한다");
    assert_eq!(c.role, "status");
    assert_eq!(c.locators, vec![Locator::Text { text: "상품이 등록되었습니다.".into(), exact: true }]);
}

#[test]
fn same_named_buttons_are_ambiguous_never_guessed() {
    match grounded("'내보내기' 버튼을 클릭한다") {
        Grounding::Ambiguous(c) => {
            assert_eq!(c.len(), 2);
            assert_eq!(c[0].reference.as_deref(), Some("e24"));
            assert_eq!(c[1].reference.as_deref(), Some("e54"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_link_called_a_button_is_clicked_when_no_button_has_its_name() {
    let nodes = parse_snapshot(ITEMS);
    let tiered = |s: &str| ground_tiered(&interpret(s).unwrap(), &nodes).0;
    assert!(matches!(tiered("'상품 관리' 버튼을 클릭한다"), Grounding::Unique(c) if c.role == "link"));
    assert!(matches!(tiered("'새 상품 등록' 링크를 클릭한다"), Grounding::Unique(c) if c.role == "button"));
    // A check names what must be there: never another kind of element.
    assert_eq!(tiered("'상품 관리' 버튼이 보인다"), Grounding::NotFound);
}

#[test]
fn a_button_is_not_named_by_its_text_content_nor_by_a_partial_name() {
    assert_eq!(grounded("'삭제' 버튼을 클릭한다"), Grounding::NotFound);
    assert_eq!(grounded("'상품' 링크를 클릭한다"), Grounding::NotFound);
}

#[test]
fn normalized_match_ignores_case_width_and_punctuation() {
    let nodes = parse_snapshot("- button \"Sign in\" [ref=e1]\n- textbox \"E-mail\" [ref=e2]\n");
    let c = match ground(&interpret("Click 'SIGN IN!'").unwrap(), &nodes) {
        Grounding::Unique(c) => c,
        o => panic!("{o:?}"),
    };
    assert_eq!(c.label, "Sign in");
    let c = match ground(&interpret("Enter 'a' in 'Ｅ-mail'").unwrap(), &nodes) {
        Grounding::Unique(c) => c,
        o => panic!("{o:?}"),
    };
    assert_eq!(c.label, "E-mail");
    assert_eq!(normalize("  Ｈｅｌｌｏ,   World! "), "hello world");
}

#[test]
fn jamo_fuzzy_finds_a_spacing_or_one_letter_slip_but_never_a_short_different_word() {
    let nodes = parse_snapshot(
        "- checkbox \"로그인 상태 유지\" [ref=e1]\n- button \"확인\" [ref=e2]\n- button \"취소\" [ref=e3]\n",
    );
    let (g, tier) = ground_tiered(&interpret("'로그인상태유지' 체크박스를 선택한다").unwrap(), &nodes);
    assert!(matches!(g, Grounding::Unique(ref c) if c.label == "로그인 상태 유지"), "{g:?}");
    // Only the spacing differs: the same words.
    assert_eq!(tier, Some(MatchTier::Normalized));
    let (g, _) = ground_tiered(&interpret("'로그인 상태 유자' 체크박스를 선택한다").unwrap(), &nodes);
    assert!(matches!(g, Grounding::Unique(_)), "one vowel off: {g:?}");
    // Two syllables: too short for any slip.
    assert_eq!(grounded_in(&nodes, "'학인' 버튼을 클릭한다"), Grounding::NotFound);
    assert_eq!(jamo_key("값 A"), vec!['ㄱ', 'ㅏ', 'ㅄ', 'a']);
}

fn grounded_in(nodes: &[SnapshotNode], sentence: &str) -> Grounding {
    ground(&interpret(sentence).unwrap(), nodes)
}

#[test]
fn shown_text_is_never_an_inputs_value_and_may_be_part_of_a_longer_message() {
    let nodes = parse_snapshot(
            "- main [ref=e1]:\n  - textbox \"사용자 이름\" [ref=e2]: planner01\n  - alert [ref=e3]: 오류가 있습니다. 비밀번호가 너무 짧습니다.\n",
        );
    // The value typed into the field is not text the page shows.
    assert_eq!(grounded_in(&nodes, "'planner01'이 화면에 표시되는지 확인한다"), Grounding::NotFound);
    let (g, tier) = ground_tiered(&interpret("'비밀번호가 너무 짧습니다' 메시지가 표시된다").unwrap(), &nodes);
    match g {
        Grounding::Unique(c) => {
            assert_eq!(c.reference.as_deref(), Some("e3"));
            assert_eq!(c.locators, vec![Locator::Text { text: "비밀번호가 너무 짧습니다".into(), exact: false }]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(tier, Some(MatchTier::Contains));
    // Clicks never match part of a name.
    assert_eq!(grounded_in(&nodes, "'너무' 버튼을 클릭한다"), Grounding::NotFound);
}

#[test]
fn a_row_or_section_named_in_the_sentence_picks_the_element_inside_it() {
    let nodes = parse_snapshot(
            "- table [ref=e1]:\n  - row \"Users Add Change\" [ref=e2]:\n    - cell \"Users\" [ref=e3]\n    - cell \"Add\" [ref=e4]:\n      - link \"Add\" [ref=e5]\n  - row \"Groups Add Change\" [ref=e6]:\n    - cell \"Groups\" [ref=e7]\n    - cell \"Add\" [ref=e8]:\n      - link \"Add\" [ref=e9]\n- heading \"사용자\" [level=2] [ref=e10]\n- link \"추가\" [ref=e11]\n- heading \"그룹\" [level=2] [ref=e12]\n- link \"추가\" [ref=e13]\n",
        );
    assert!(matches!(grounded_in(&nodes, "Click the 'Add' link"), Grounding::Ambiguous(_)));
    let c = match grounded_in(&nodes, "Click the 'Add' link in the 'Groups' row") {
        Grounding::Unique(c) => c,
        other => panic!("{other:?}"),
    };
    assert_eq!(c.reference.as_deref(), Some("e9"));
    assert_eq!(c.within, vec![Locator::Role { role: "row".into(), name: "Groups".into(), exact: false }]);
    let place = c.place.as_ref().map(specwright_catalog::both_languages).unwrap_or_default();
    assert!(place.contains("the 'Groups' row") && place.contains("'Groups' 행"), "{c:?}");
    let c = match grounded_in(&nodes, "사용자 항목의 '추가' 링크를 클릭한다") {
        Grounding::Unique(c) => c,
        other => panic!("{other:?}"),
    };
    assert_eq!(c.reference.as_deref(), Some("e11"));
    let c = match grounded_in(&nodes, "그룹 영역의 추가 링크를 클릭한다") {
        Grounding::Unique(c) => c,
        other => panic!("{other:?}"),
    };
    assert_eq!(c.reference.as_deref(), Some("e13"));
}

#[test]
fn scopes_pick_inside_the_dialog_or_by_position() {
    let nodes = parse_snapshot(ITEMS);
    // Only the dialog's button is named "확인" here, but the scope must also exclude others.
    let c = match grounded_in(&nodes, "대화상자의 '확인' 버튼을 클릭한다") {
        Grounding::Unique(c) => c,
        o => panic!("{o:?}"),
    };
    assert_eq!(c.reference.as_deref(), Some("e75"));
    assert_eq!(grounded_in(&nodes, "대화상자의 '새 상품 등록' 버튼을 클릭한다"), Grounding::NotFound);
    let first = grounded_in(&nodes, "상단의 '내보내기' 버튼을 클릭한다");
    assert!(matches!(first, Grounding::Unique(ref c) if c.reference.as_deref() == Some("e24")), "{first:?}");
    let last = grounded_in(&nodes, "Click the lower '내보내기' button");
    assert!(matches!(last, Grounding::Unique(ref c) if c.reference.as_deref() == Some("e54")), "{last:?}");
}

const BOOKINGS: &str = r#"- generic [ref=e1]:
  - main [ref=e2]:
    - button "New booking" [ref=e3] [cursor=pointer]
    - button "새 일정" [ref=e4] [cursor=pointer]
  - dialog [ref=e10]:
    - generic [ref=e11]: New booking
    - generic [ref=e12]: 새 일정
    - textbox "Title" [ref=e13]
"#;

#[test]
fn a_dialog_without_a_name_is_known_by_the_title_inside_it_never_by_the_button_behind() {
    let nodes = parse_snapshot(BOOKINGS);
    for sentence in ["새 일정 창이 열렸다.", "'새 일정' 팝업창이 표시된다", "The 'New booking' dialog is shown"]
    {
        let intent = &specwright_reading::interpret(sentence).unwrap();
        let Grounding::Unique(c) = ground_tiered(intent, &nodes).0 else { panic!("{sentence}") };
        assert!(matches!(c.reference.as_deref(), Some("e11" | "e12")), "{sentence}: {c:?}");
        assert_eq!(c.within, vec![Locator::Role { role: "dialog".into(), name: String::new(), exact: false }]);
    }
    // No dialog open: the button with those words is not the dialog.
    let closed = parse_snapshot(&BOOKINGS[..BOOKINGS.find("  - dialog").unwrap()]);
    let intent = specwright_reading::interpret("새 일정 창이 열렸다.").unwrap();
    assert_eq!(ground_tiered(&intent, &closed).0, Grounding::NotFound);
}

#[test]
fn a_number_never_matches_another_number() {
    let nodes = parse_snapshot(
        "- main [ref=e1]:\n  - generic [ref=e2]: 내 예약 2건\n  - generic [ref=e3]: 총 16건의 주문\n  - generic [ref=e4]: Showing 1 to 12 of 120 entries\n",
    );
    let found = |sentence: &str| ground_tiered(&specwright_reading::interpret(sentence).unwrap(), &nodes).0;
    // One letter off is a slip; one digit off is another total.
    assert_eq!(found("'내 예약 3건'이 표시된다"), Grounding::NotFound);
    assert_eq!(found("'6건의 주문'이 표시된다"), Grounding::NotFound);
    assert_eq!(found("'of 12 entries' is shown"), Grounding::NotFound);
    assert!(matches!(found("'16건의 주문'이 표시된다"), Grounding::Unique(_)));
    assert!(matches!(found("'of 120 entries' is shown"), Grounding::Unique(_)));
}

#[test]
fn a_figure_drawn_beside_its_name_is_read_across_both_and_never_as_another_number() {
    let nodes = parse_snapshot(
        "- main [ref=e1]:\n  - strong [ref=e2]: \"Open tickets:\"\n  - text: \"12\"\n  - paragraph [ref=e3]:\n    - text: 합계\n    - strong [ref=e4]: 3건\n",
    );
    let found = |sentence: &str| ground_tiered(&crate::interpret_all(sentence, None)[0], &nodes).0;
    match found("The number of open tickets is now 12.") {
        Grounding::Unique(c) => {
            assert_eq!(c.locators, vec![Locator::Text { text: "Open tickets: 12".into(), exact: false }])
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(found("'합계 3건'이 표시된다"), Grounding::Unique(_)), "{:?}", found("'합계 3건'이 표시된다"));
    // Another figure, or a figure inside a longer number, is not the one shown.
    assert_eq!(found("The number of open tickets is 2"), Grounding::NotFound);
    assert_eq!(found("'합계 13건'이 표시된다"), Grounding::NotFound);
}

#[test]
fn a_field_named_by_two_labels_loses_to_the_one_beside_the_words() {
    // Two labels point at the first input; the second sits unnamed in its own row.
    let nodes = parse_snapshot(
        "- table [ref=e1]:\n  - rowgroup [ref=e2]:\n    - row \"New PIN\" [ref=e3]:\n      - rowheader \"New PIN\" [ref=e4]\n      - cell [ref=e5]:\n        - textbox \"New PIN Repeat PIN\" [ref=e6]\n    - row \"Repeat PIN\" [ref=e7]:\n      - rowheader \"Repeat PIN\" [ref=e8]\n      - cell [ref=e9]:\n        - textbox [ref=e10]\n",
    );
    let found = |sentence: &str| match ground(&crate::interpret_all(sentence, None)[0], &nodes) {
        Grounding::Unique(c) => (c.reference, c.within),
        other => panic!("{sentence}: {other:?}"),
    };
    assert_eq!(found("Enter 1234 as the new PIN").0.as_deref(), Some("e6"));
    let (reference, within) = found("Enter 1234 as the repeated PIN");
    assert_eq!(reference.as_deref(), Some("e10"));
    assert_eq!(within, vec![Locator::Role { role: "row".into(), name: "Repeat PIN".into(), exact: false }]);
}

#[test]
fn two_fields_in_one_row_each_follow_their_label() {
    // "Owner [Ann] Stage [open]": a row holding two label/field pairs, fields without names.
    let nodes = parse_snapshot(
        "- table [ref=e1]:\n  - rowgroup [ref=e2]:\n    - row \"Owner Ann Stage open\" [ref=e3]:\n      - rowheader \"Owner\" [ref=e4]\n      - cell \"Ann\" [ref=e5]:\n        - combobox [ref=e6]:\n          - option \"Ann\" [selected]\n      - rowheader \"Stage\" [ref=e7]\n      - cell \"open\" [ref=e8]:\n        - combobox [ref=e9]:\n          - option \"open\" [selected]\n",
    );
    let found = |sentence: &str| match ground(&crate::interpret_all(sentence, None)[0], &nodes) {
        Grounding::Unique(c) => c.reference,
        other => panic!("{sentence}: {other:?}"),
    };
    assert_eq!(found("Select Bob in the Owner field").as_deref(), Some("e6"));
    assert_eq!(found("Select closed in the Stage field").as_deref(), Some("e9"));
    assert_eq!(found("The record opens with Stage open").as_deref(), Some("e9"));
}

/// Oscar's stock records: one row per partner, the inputs named only by their column.
const STOCK: &str = r#"- table "Stock and pricing" [ref=e1]:
  - caption: Stock and pricing
  - rowgroup [ref=e2]:
    - row "Partner SKU Num in stock Num allocated Price Delete?" [ref=e3]:
      - columnheader "Partner" [ref=e4]
      - columnheader "SKU" [ref=e5]
      - columnheader "Num in stock" [ref=e6]
      - columnheader "Num allocated" [ref=e7]
      - columnheader "Price" [ref=e8]
      - columnheader "Delete?" [ref=e9]
  - rowgroup [ref=e10]:
    - row [ref=e11]:
      - cell [ref=e12]:
        - combobox "Acme Book Distributors" [ref=e13]:
          - textbox "Acme Book Distributors" [ref=e14]
      - cell "ACME-PP-004" [ref=e15]:
        - textbox [ref=e16]: ACME-PP-004
      - cell "0" [ref=e17]:
        - spinbutton [ref=e18]: "0"
      - cell "-" [ref=e19]
      - cell "34.00" [ref=e20]:
        - spinbutton [ref=e21]: "34.00"
      - cell "Delete" [ref=e22]:
        - checkbox "Delete" [ref=e23]
    - row "--------- - Delete" [ref=e24]:
      - cell "---------" [ref=e25]:
        - combobox "---------" [ref=e26]:
          - textbox "---------" [ref=e27]
      - cell [ref=e28]:
        - textbox [ref=e29]
      - cell [ref=e30]:
        - spinbutton [ref=e31]
"#;

#[test]
fn a_field_named_by_its_column_is_found_in_the_named_row() {
    let nodes = parse_snapshot(STOCK);
    let ground_in = |sentence: &str| ground(&interpret(sentence).unwrap(), &nodes);
    match ground_in("Set Num in stock to 15 on the Acme Book Distributors row") {
        Grounding::Unique(c) => {
            assert_eq!(c.reference.as_deref(), Some("e18"));
            assert_eq!(
                c.within,
                vec![Locator::Role { role: "row".into(), name: "Acme Book Distributors".into(), exact: false }]
            );
        }
        other => panic!("{other:?}"),
    }
    match ground_in("Set Price to 21.00 in the Acme Book Distributors row") {
        Grounding::Unique(c) => assert_eq!(c.reference.as_deref(), Some("e21")),
        other => panic!("{other:?}"),
    }
    // Two data rows and no row named: which one is a question, never the first.
    assert!(!matches!(ground_in("Set Num in stock to 15"), Grounding::Unique(_)));
    // No column of that name.
    assert!(!matches!(ground_in("Set Num on order to 15 on the Acme Book Distributors row"), Grounding::Unique(_)));
}

#[test]
fn a_page_kind_named_with_its_word_is_a_link_of_that_name() {
    let nodes = parse_snapshot("- main [ref=e1]:\n  - link \"공지사항\" [ref=e2]\n  - link \"일반 페이지\" [ref=e3]\n");
    match ground(&interpret("페이지 유형으로 일반 페이지를 선택한다.").unwrap(), &nodes) {
        Grounding::Unique(c) => assert_eq!(c.reference.as_deref(), Some("e3")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_field_told_as_all_of_it_is_the_field_of_that_name() {
    let form = "- main [ref=e1]:\n  - textbox \"Name *\" [ref=e2]\n  - textbox \"Company\" [ref=e3]\n";
    let nodes = parse_snapshot(form);
    match grounded_in(&nodes, "Type 'Jun Park' in 'full name'") {
        Grounding::Unique(c) => assert_eq!(c.reference.as_deref(), Some("e2")),
        other => panic!("{other:?}"),
    }
    // Another word before the name names another field: nothing is taken for it.
    assert_eq!(grounded_in(&nodes, "Type 'Acme' in 'company name'"), Grounding::NotFound);
    // With a first and a last name, "full name" is neither.
    let nodes = parse_snapshot("- textbox \"First name\" [ref=e2]\n- textbox \"Last name\" [ref=e3]\n");
    assert!(matches!(grounded_in(&nodes, "Type 'Jun Park' in 'full name'"), Grounding::Ambiguous(_)));
}

#[test]
fn a_field_told_as_a_field_is_the_field_of_that_name() {
    let nodes = parse_snapshot("- combobox \"상위*\" [ref=e2]\n- textbox \"이름*\" [ref=e3]\n");
    match grounded_in(&nodes, "'상위 항목'에서 'Root'를 선택한다") {
        Grounding::Unique(c) => assert_eq!(c.reference.as_deref(), Some("e2")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_sentence_drawn_in_pieces_is_found_in_the_element_that_holds_them() {
    let nodes = parse_snapshot(
        "- main [ref=e1]:\n  - paragraph [ref=e2]:\n    - text: \"\\\"제품 출시 일정\\\" 문서와 그 토론 문서가\"\n    - link \"주시문서 목록\" [ref=e3]\n    - text: 에 추가되었습니다.\n  - link \"주시 해제\" [ref=e4]\n",
    );
    match grounded_in(&nodes, "'주시문서 목록에 추가되었습니다' 안내가 표시된다") {
        Grounding::Unique(c) => {
            assert_eq!(c.reference.as_deref(), Some("e2"));
            assert_eq!(c.locators, vec![Locator::Text { text: "주시문서 목록에 추가되었습니다".into(), exact: false }]);
        }
        other => panic!("{other:?}"),
    }
    // Words the pieces do not hold together are not there.
    assert_eq!(grounded_in(&nodes, "'주시문서 목록에서 제거되었습니다' 안내가 표시된다"), Grounding::NotFound);
}

#[test]
fn a_tab_drawn_as_a_link_is_the_one_among_the_pages_tabs() {
    let nodes = parse_snapshot(
        "- main [ref=e1]:\n  - heading \"휴가 규정\" [level=1] [ref=e2]\n  - link \"편집\" [ref=e3]\n  - link \"편집\" [ref=e4]\n- navigation \"보기\" [ref=e5]:\n  - list [ref=e6]:\n    - listitem [ref=e7]:\n      - link \"읽기\" [ref=e8]\n    - listitem [ref=e9]:\n      - link \"편집\" [ref=e10]\n",
    );
    match grounded_in(&nodes, "문서 상단의 '편집' 탭을 누른다") {
        Grounding::Unique(c) => {
            assert_eq!(c.reference.as_deref(), Some("e10"));
            assert_eq!(c.within, vec![Locator::Role { role: "navigation".into(), name: "보기".into(), exact: true }]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_place_no_container_is_called_leaves_the_check_to_the_one_thing_shown() {
    let nodes = parse_snapshot(
        "- main [ref=e1]:\n  - heading \"휴가 규정\" [level=1] [ref=e2]\n  - generic [ref=e3]:\n    - link \"분류\" [ref=e4]\n    - text: \":\"\n    - list [ref=e5]:\n      - listitem [ref=e6]:\n        - link \"인사\" [ref=e7]\n",
    );
    match grounded_in(&nodes, "'휴가 규정 문서 맨 아래 분류 상자'에 '인사'가 보인다") {
        Grounding::Unique(c) => assert_eq!(c.reference.as_deref(), Some("e7")),
        other => panic!("{other:?}"),
    }
    // A place the page does have keeps the check inside it.
    let nodes = parse_snapshot(
        "- region \"공지\" [ref=e1]:\n  - text: 점검 안내\n- region \"분류\" [ref=e2]:\n  - link \"인사\" [ref=e3]\n",
    );
    assert_eq!(grounded_in(&nodes, "'공지'에 '인사'가 보인다"), Grounding::NotFound);
}

#[test]
fn a_field_without_a_name_is_known_by_the_text_right_before_it() {
    let nodes = parse_snapshot(
        "- text: Usage *\n- combobox \"Can be used multiple times\" [ref=e1]\n- generic [ref=e7]: Which offers apply for this voucher? *\n- generic [ref=e8]:\n  - listbox [aria-hidden] [ref=e9]:\n    - option [ref=e10]: Spring sale\n  - combobox [ref=e2]:\n    - list [ref=e3]:\n      - listitem [ref=e4]:\n        - searchbox [ref=e5]\n- button \"Save\" [ref=e6]\n",
    );
    match grounded_in(&nodes, "Select 'Spring sale' in 'offers'") {
        Grounding::Unique(c) => assert_eq!(c.reference.as_deref(), Some("e2")),
        other => panic!("{other:?}"),
    }
    // Words no text holds name nothing.
    assert_eq!(grounded_in(&nodes, "Select 'Spring sale' in 'partners'"), Grounding::NotFound);
    // The plural of the label's word names it too.
    let category = parse_snapshot(
        "- text: \"Category:\"\n- combobox \"---------\" [ref=e1]:\n  - textbox \"---------\" [ref=e2]\n",
    );
    match grounded_in(&category, "Select 'Fiction' in 'Categories'") {
        Grounding::Unique(c) => assert_eq!(c.reference.as_deref(), Some("e1")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_control_is_found_by_the_words_it_shows_when_its_label_says_more() {
    // A CMS's "＋ Post" (labelled "Create entry of type Post"), a shop's "Add to basket" on a
    // product card, a tracker's "New issue" icon link: a person names what they read.
    let page = r##"- main [ref=e1]:
  - link "Create entry of type Post" [ref=e57] [cursor=pointer]:
    - /url: "#/collections/posts/new"
    - text: ＋ Post
  - button "Add Wireless keyboard to basket" [ref=e60] [cursor=pointer]:
    - img [ref=e61]
    - text: Add to basket
  - link "Create a new issue in this project" [ref=e70] [cursor=pointer]:
    - text: New issue
"##;
    let nodes = parse_snapshot(page);
    for (sentence, role, name, shown) in [
        ("Click + Post", "link", "Create entry of type Post", "＋ Post"),
        ("Click 'Add to basket'", "button", "Add Wireless keyboard to basket", "Add to basket"),
        ("Click New issue", "link", "Create a new issue in this project", "New issue"),
    ] {
        match ground(&interpret(sentence).unwrap(), &nodes) {
            Grounding::Unique(c) => {
                assert_eq!(
                    c.locators.first(),
                    Some(&Locator::Role { role: role.into(), name: name.into(), exact: true }),
                    "{sentence}"
                );
                assert!(c.locators.contains(&Locator::Text { text: shown.into(), exact: true }), "{sentence}");
            }
            other => panic!("{sentence}: {other:?}"),
        }
    }
}

#[test]
fn a_control_that_makes_a_new_record_is_found_by_any_way_of_saying_it() {
    // A CMS's "＋ Post", a CRUD app's "Add Contact", a tracker's "New issue", a Korean list's
    // "글 추가": "create a new …" names each.
    for (page, sentence, shown) in [
        ("- link \"Create entry of type Post\" [ref=e1]:\n  - text: ＋ Post\n", "Create a new Post", "＋ Post"),
        ("- link \"Add Contact\" [ref=e1]\n- link \"Contacts\" [ref=e2]\n", "Create a new contact", "Add Contact"),
        ("- link \"New issue\" [ref=e1]\n- link \"Issues\" [ref=e2]\n", "add a new issue", "New issue"),
    ] {
        match ground(&interpret(sentence).unwrap(), &parse_snapshot(page)) {
            Grounding::Unique(c) => {
                assert!(c.locators.contains(&Locator::Text { text: shown.into(), exact: true }), "{sentence}: {c:?}")
            }
            other => panic!("{sentence}: {other:?}"),
        }
    }
    assert_eq!(creation_core("글 추가").as_deref(), Some("글"));
    assert_eq!(creation_core("Posts"), None);
}

#[test]
fn a_rich_text_field_is_found_by_its_label_past_the_toolbar_between() {
    // A CMS's markdown body, a wiki's edit box and a forum's reply box: a label, the editor's
    // own toolbar, then the one unnamed text area of that box.
    let page = |label: &str| {
        format!(
            "- generic [ref=e1]:\n  - generic \"title field\" [ref=e2]:\n    - generic [ref=e3]: Title\n    - textbox \"Title\" [ref=e4]\n  - generic \"editor field\" [ref=e10]:\n    - generic [ref=e11]: {label}\n    - generic [ref=e12]:\n      - button \"Bold\" [ref=e13]\n      - button \"Italic\" [ref=e14]\n      - switch [ref=e15]\n    - textbox [ref=e16]:\n      - paragraph [ref=e17]\n"
        )
    };
    for (label, sentence) in [
        ("Body", "Enter 'We are hiring.' in 'Body'"),
        ("Page text", "Enter 'Design review every Thursday.' in 'Page text'"),
        ("Reply", "Enter 'Thanks, fixed.' in 'Reply'"),
    ] {
        match ground(&interpret(sentence).unwrap(), &parse_snapshot(&page(label))) {
            Grounding::Unique(c) => assert_eq!(c.reference.as_deref(), Some("e16"), "{sentence}"),
            other => panic!("{sentence}: {other:?}"),
        }
    }
    // Two text areas in the box: neither is taken.
    let two = page("Body").replace("    - textbox [ref=e16]:\n", "    - textbox [ref=e16]:\n    - textbox [ref=e18]\n");
    assert!(!matches!(ground(&interpret("Enter 'x' in 'Body'").unwrap(), &parse_snapshot(&two)), Grounding::Unique(_)));
}

#[test]
fn a_field_with_no_name_is_the_only_one_of_the_group_its_name_heads() {
    // A tracker's Notes fieldset (text area under its toolbar), a shop's "Gift message" box, a
    // wiki's "Summary" group: the group's legend names its one field.
    for (legend, sentence) in [
        ("Notes", "Enter 'Looking into it' in 'Notes'"),
        ("Gift message", "Enter 'Happy birthday' in 'Gift message'"),
        ("Summary", "Enter 'typo' in 'Summary'"),
    ] {
        let page = format!(
            "- group \"{legend}\" [ref=e1]:\n  - list [ref=e2]:\n    - listitem [ref=e3]:\n      - link \"Preview\" [ref=e4]\n    - listitem [ref=e5]:\n      - button \"Strong\" [ref=e6]\n  - textbox [ref=e7]\n- textbox \"Comment\" [ref=e8]\n"
        );
        match ground(&interpret(sentence).unwrap(), &parse_snapshot(&page)) {
            Grounding::Unique(c) => assert_eq!(c.reference.as_deref(), Some("e7"), "{sentence}"),
            other => panic!("{sentence}: {other:?}"),
        }
    }
}

#[test]
fn a_box_with_no_name_is_named_by_the_button_beside_it() {
    // A tracker's banner search, a shop's coupon box and a wiki's go box.
    for (button, sentence) in [
        ("Search", "Enter 'tax' in the search box"),
        ("Apply coupon", "Enter 'SPRING10' in 'coupon'"),
        ("Go", "Enter 'Leave policy' in 'go'"),
    ] {
        let page = format!(
            "- generic [ref=e1]:\n  - textbox \"Title\" [ref=e2]\n- generic [ref=e3]:\n  - textbox [ref=e4]\n  - button \"{button}\" [ref=e5]\n"
        );
        match ground(&interpret(sentence).unwrap(), &parse_snapshot(&page)) {
            Grounding::Unique(c) => assert_eq!(c.reference.as_deref(), Some("e4"), "{sentence}"),
            other => panic!("{sentence}: {other:?}"),
        }
    }
}

#[test]
fn a_landmark_said_by_its_kind_is_the_region_of_that_kind() {
    // A tracker's sidebar, a shop's header and a wiki's footer, none named so on the page.
    let page = "- navigation \"Main\" [ref=e1]:\n  - link \"Show Unassigned\" [ref=e2]\n- banner [ref=e3]:\n  - link \"Basket\" [ref=e4]\n- main [ref=e5]:\n  - link \"Show Unassigned\" [ref=e6]\n  - link \"Basket\" [ref=e7]\n  - link \"Privacy\" [ref=e8]\n- contentinfo [ref=e9]:\n  - link \"Privacy\" [ref=e10]\n";
    for (sentence, reference) in [
        ("Click Show Unassigned in the sidebar", "e2"),
        ("Click Basket in the header", "e4"),
        ("Click Privacy in the footer", "e10"),
    ] {
        match ground(&interpret(sentence).unwrap(), &parse_snapshot(page)) {
            Grounding::Unique(c) => assert_eq!(c.reference.as_deref(), Some(reference), "{sentence}"),
            other => panic!("{sentence}: {other:?}"),
        }
    }
}

#[test]
fn a_field_wrapped_by_its_label_beside_a_drop_down_is_the_text_box() {
    // A wiki's move form (namespace list, then the title), a shop's price (currency, amount), a
    // booking form's duration (unit, number): the label names the wrapper; typing goes in the box.
    for (snapshot, sentence) in [
        (
            "- generic \"새 제목:\" [ref=e1]:\n  - combobox [ref=e2]:\n    - option \"(일반)\" [selected]\n    - option \"토론\"\n  - textbox [ref=e3]: 신입사원 안내\n",
            "새 제목에 \"주간 회의록\"을 입력한다",
        ),
        (
            "- generic \"Price\" [ref=e1]:\n  - combobox [ref=e2]:\n    - option \"USD\" [selected]\n    - option \"EUR\"\n  - textbox [ref=e3]\n",
            "Enter '12.50' in 'Price'",
        ),
        (
            "- generic \"소요 시간\" [ref=e1]:\n  - combobox [ref=e2]:\n    - option \"분\" [selected]\n    - option \"시간\"\n  - textbox [ref=e3]\n",
            "'소요 시간'에 '30'을 입력한다",
        ),
    ] {
        match ground(&interpret(sentence).unwrap(), &parse_snapshot(snapshot)) {
            Grounding::Unique(c) => assert_eq!(c.reference.as_deref(), Some("e3"), "{sentence}"),
            other => panic!("{sentence}: {other:?}"),
        }
    }
}

#[test]
fn a_drawn_drop_down_beside_the_text_box_takes_no_typing() {
    // The same forms once their scripts drew the drop-downs: no options inside until opened.
    for (snapshot, sentence) in [
        (
            "- generic \"새 제목:\" [ref=e1]:\n  - combobox \"(일반)\" [ref=e2]\n  - textbox [ref=e3]: 신입사원 안내\n",
            "새 제목에 \"주간 회의록\"을 입력한다",
        ),
        (
            "- generic \"Price\" [ref=e1]:\n  - combobox \"USD\" [ref=e2]\n  - textbox [ref=e3]\n",
            "Enter '12.50' in 'Price'",
        ),
        (
            "- generic \"소요 시간\" [ref=e1]:\n  - combobox \"분\" [ref=e2]\n  - textbox [ref=e3]\n",
            "'소요 시간'에 '30'을 입력한다",
        ),
    ] {
        match ground(&interpret(sentence).unwrap(), &parse_snapshot(snapshot)) {
            Grounding::Unique(c) => assert_eq!(c.reference.as_deref(), Some("e3"), "{sentence}"),
            other => panic!("{sentence}: {other:?}"),
        }
    }
}

#[test]
fn the_text_of_an_edit_page_is_its_one_unlabelled_text_box() {
    // A tracker's wiki editor under its toolbar, a forum's reply box, a CMS's body under
    // formatting buttons: the labelled boxes around them are not "the text".
    for snapshot in [
        "- generic:\n  - button \"Strong\" [ref=e1]\n  - button \"Help\" [ref=e2]\n- textbox [ref=e3]: h1. Notes\n- paragraph:\n  - generic: Comment\n  - textbox [ref=e4]\n",
        "- textbox \"Search\" [ref=e1]\n- generic:\n  - button \"Quote\" [ref=e2]\n- textbox [ref=e3]\n- generic: Subject\n- textbox [ref=e4]\n",
        "- toolbar:\n  - button \"B\" [ref=e1]\n  - button \"I\" [ref=e2]\n- textbox [ref=e3]: Hello\n- generic: Summary\n- textbox [ref=e5]\n",
    ] {
        match ground(&interpret("At the end of the text, add the line 'Thanks.'").unwrap(), &parse_snapshot(snapshot)) {
            Grounding::Unique(c) => assert_eq!(c.reference.as_deref(), Some("e3"), "{snapshot}"),
            other => panic!("{snapshot}: {other:?}"),
        }
    }
}

#[test]
fn two_fields_after_one_label_are_a_question_not_a_guess() {
    // A wiki's namespace and title, a phone's country code and number, a date's month and day.
    for (snapshot, sentence) in [
        ("- generic:\n  - generic: \"새 제목:\"\n  - generic:\n    - combobox [ref=e1]:\n      - textbox [ref=e2]\n    - combobox [ref=e3]: 신입사원 안내\n", "새 제목에 \"주간 회의록\"을 입력한다"),
        ("- generic:\n  - generic: \"Phone:\"\n  - generic:\n    - textbox [ref=e1]\n    - textbox [ref=e2]\n", "Enter '555-0101' in 'Phone'"),
        ("- generic:\n  - generic: \"생일:\"\n  - generic:\n    - textbox [ref=e1]\n    - textbox [ref=e2]\n", "'생일'에 '0203'을 입력한다"),
    ] {
        let found = ground(&interpret(sentence).unwrap(), &parse_snapshot(snapshot));
        assert!(!matches!(found, Grounding::Unique(_)), "{sentence}: {found:?}");
    }
    // Each with its own label in one box: each label's own field, and no boxes to choose from.
    let form = "- generic:\n  - generic: \"Username:\"\n  - textbox [ref=e1]\n  - generic: \"Password:\"\n  - textbox [ref=e2]\n";
    match ground(&interpret("Enter 'ada' in 'Username'").unwrap(), &parse_snapshot(form)) {
        Grounding::Unique(c) => assert_eq!(c.reference.as_deref(), Some("e1")),
        other => panic!("{other:?}"),
    }
    assert_eq!(boxes_after_label(&interpret("Enter 'ada' in 'Username'").unwrap(), &parse_snapshot(form)), None);
}

#[test]
fn the_boxes_after_one_label_are_what_the_question_offers() {
    // The boxes themselves, in the order drawn, never what a drawn drop-down holds inside.
    for (snapshot, sentence, label, refs) in [
        (
            "- generic:\n  - generic: \"새 제목:\"\n  - generic:\n    - combobox [ref=e1]:\n      - textbox [ref=e2]\n    - combobox [ref=e3]: 신입사원 안내\n- generic: \"이유:\"\n- textbox \"이유:\" [ref=e4]\n",
            "새 제목에 \"주간 회의록\"을 입력한다",
            "새 제목:",
            vec!["e1", "e3"],
        ),
        (
            "- generic:\n  - generic: \"Phone:\"\n  - generic:\n    - textbox [ref=e1]\n    - textbox [ref=e2]\n    - textbox [ref=e3]\n  - button \"Save\" [ref=e4]\n",
            "Enter '555-0101' in 'Phone'",
            "Phone:",
            vec!["e1", "e2", "e3"],
        ),
        (
            "- generic:\n  - generic: \"생일:\"\n  - generic:\n    - combobox [ref=e1]:\n      - option \"1월\" [selected]\n    - textbox [ref=e2]\n",
            "'생일'에 '0203'을 입력한다",
            "생일:",
            vec!["e1", "e2"],
        ),
    ] {
        let nodes = parse_snapshot(snapshot);
        let (said, boxes) = boxes_after_label(&interpret(sentence).unwrap(), &nodes).expect(sentence);
        assert_eq!(said, label, "{sentence}");
        let found: Vec<&str> = boxes.iter().filter_map(|&i| nodes[i].reference.as_deref()).collect();
        assert_eq!(found, refs, "{sentence}");
    }
}
