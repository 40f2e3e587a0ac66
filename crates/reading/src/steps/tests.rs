//! Specs in the shapes people send them, and the steps each must yield.

use super::*;
use crate::Verb;

#[test]
fn what_someone_said_is_context_not_a_step() {
    // Reported speech, English and Korean: the complaint, not what the app must show.
    assert!(reports_speech("Alice says she can't close her own tickets anymore since the upgrade."));
    assert!(reports_speech("The customer reported that the invoice total is wrong."));
    assert!(reports_speech("Jo Kim told me the export button is gone."));
    assert!(reports_speech("영업팀에서 주문 목록이 비어 보인다고 한다."));
    // What the page says is a check, and an instruction is a step.
    assert!(!reports_speech("The banner says your changes were stored."));
    assert!(!reports_speech("The page says Saved."));
    assert!(!reports_speech("Open issue 2 and check that it says resolved."));
    assert!(!reports_speech("'저장되었습니다'라는 메시지가 표시된다."));
}

#[test]
fn a_features_story_is_no_step_of_it() {
    let doc = specwright_intake::parse(
        "order.feature",
        "Feature: Order history\n  Customers who ordered before can open their orders list and see each order's status.\n\n  Scenario: Open the history\n    Given I am logged in as ann\n    When I click 'My orders'\n    Then 'Order 1001' is shown\n".as_bytes(),
    )
    .unwrap();
    let steps = spec_steps(&[doc]);
    let texts: Vec<_> = steps.iter().map(|s| s.text.as_str()).collect();
    assert!(!texts.iter().any(|t| t.contains("Customers who ordered")), "{texts:?}");
    assert!(texts.iter().any(|t| t.contains("'My orders'")), "{texts:?}");
}

#[test]
fn acceptance_criteria_told_as_given_when_then_lines_are_steps() {
    let doc = specwright_intake::parse(
        "ticket.md",
        "## Story\nAs a buyer I want to save my address so that checkout is faster.\n\n## Acceptance criteria\n1. AC-1 – Given I am on my profile\n   When I enter 'Main St 5' in Street\n   And I click 'Save'\n   Then 'Address saved' is shown\n   And everything looks right\n2. AC-2: Given I am logged in as ann\n   When I click 'Orders'\n   Then the order list is shown\n\nNotes: the password is sent separately.\n".as_bytes(),
    )
    .unwrap();
    let steps = spec_steps(&[doc]);
    let texts: Vec<_> = steps.iter().map(|s| s.text.as_str()).collect();
    assert_eq!(
        texts,
        vec![
            "Go to my profile",
            "enter 'Main St 5' in Street",
            "click 'Save'",
            "'Address saved' is shown",
            // Not understood, yet a step by its keyword: the engine asks about it.
            "everything looks right",
            "am logged in as ann",
            "click 'Orders'",
            "the order list is shown"
        ]
    );
    assert_eq!(steps[1].citation.line, 6);
}

/// Criteria as a bulleted list with bold keywords, as story tickets and wikis write them, in
/// three apps' words: each keyword line is a step, the keyword never an element to find
/// (main found one step and looked for "Then" on the page).
#[test]
fn bold_or_labelled_given_when_then_bullets_are_steps() {
    let cases = [
        (
            "tracker.md",
            "## Acceptance criteria\n- **Given** I am logged in as carol\n- **When** I click 'View Tickets'\n- **Then** the ticket list is shown\n",
            vec!["am logged in as carol", "click 'View Tickets'", "the ticket list is shown"],
        ),
        (
            "wiki.md",
            "## 인수 조건\n* __Given__: I am on the page 'Sandbox'\n* __When__: I click 'Edit'\n* __And__: I type 'Hello' in the editor\n* __Then__: the editor is shown\n",
            vec!["Go to the page 'Sandbox'", "click 'Edit'", "type 'Hello' in the editor", "the editor is shown"],
        ),
        (
            "shop.md",
            "## Acceptance criteria\n- *Given:* I am on 'Products'\n- *When:* I click 'New product'\n- Then: 'Create product' is shown\n",
            vec!["Go to the 'Products'", "click 'New product'", "'Create product' is shown"],
        ),
    ];
    for (name, text, want) in cases {
        let doc = specwright_intake::parse(name, text.as_bytes()).unwrap();
        let texts: Vec<String> = spec_steps(&[doc]).into_iter().map(|s| s.text).collect();
        assert_eq!(texts, want, "{name}");
        assert!(texts.iter().all(|t| !t.contains('*') && !t.contains("__")), "{name}: {texts:?}");
    }
    assert_eq!(plain_keyword("**Given** I am here"), "Given I am here");
    assert_eq!(plain_keyword("Click the **Save** button"), "Click the **Save** button");
    assert_eq!(plain_keyword("Note: call back later"), "Note: call back later");
}

#[test]
fn numbered_lines_become_steps_with_citations() {
    let doc = specwright_intake::parse(
        "spec.md",
        "# 로그인\n\n1. '로그인' 버튼을 클릭한다.\n2) Click 'Sign in'\n- bullet\n10.5 not a step\n```\n3. fenced\n```\n\n- '대시보드' 제목이 표시된다\n* Click 'Save'\n\n- 상품명을 비워 두면 \"상품명을 입력해 주세요.\" 메시지를 표시한다.\n- '저장' 버튼을 클릭한다.\n".as_bytes(),
    )
    .unwrap();
    let steps = spec_steps(&[doc]);
    let texts: Vec<_> = steps.iter().map(|s| s.text.as_str()).collect();
    // The first bulleted list is all steps; the second holds a rule ("if empty, show …").
    assert!(!korean_conditional("'상품 목록' 화면 상단의 '내보내기' 버튼을 클릭한다"));
    assert_eq!(
        texts,
        vec!["'로그인' 버튼을 클릭한다.", "Click 'Sign in'", "'대시보드' 제목이 표시된다", "Click 'Save'"]
    );
    assert_eq!(steps[0].citation.line, 3);
    assert_eq!(steps[0].citation.section, "로그인");
    assert_eq!(steps[1].citation.quote, "2) Click 'Sign in'");
}

#[test]
fn a_numbered_item_wrapped_onto_the_next_line_is_one_step() {
    let doc = specwright_intake::parse(
        "spec.md",
        "# 절차\n\n1. 편집 상자에 안건을 입력한다. (예: 일시 10:00, 참석\n김민지·이준호)\n2. '저장' 버튼 클릭\n참고: 저장은 한 번만\n".as_bytes(),
    )
    .unwrap();
    let texts: Vec<String> = spec_steps(&[doc]).into_iter().map(|s| s.text).collect();
    // The open bracket carries the sentence on; a step ending without a full stop outside a
    // wrapped page does not swallow the note after it.
    assert_eq!(texts, ["편집 상자에 안건을 입력한다. (예: 일시 10:00, 참석 김민지·이준호)", "'저장' 버튼 클릭"]);
    assert!(unfinished("Click the", true) && !unfinished("Click the", false));
    assert!(!unfinished("'저장' 버튼을 누른다.", true));
}

#[test]
fn what_a_mail_means_to_do_is_why_it_was_sent_not_a_step() {
    // A CMS's settings, a booking app's rooms and a tracker's list, each asked for in a mail
    // that first says what the team plans.
    for (mail, steps) in [
        (
            "안녕하세요.\n\n연말 특집 기간에는 첫 화면에 글을 25개까지 보여 주려고 합니다.\nSite Settings에서 Posts per page를 25로 바꿔 주세요.\n",
            vec!["Site Settings에서 Posts per page를 25로 바꿔 주세요."],
        ),
        (
            "다음 주부터 대회의실 예약을 팀별로 나누고자 합니다.\n'새 예약' 버튼을 누르고 회의명에 주간 회의를 입력한다.\n",
            vec!["'새 예약' 버튼을 누르고 회의명에 주간 회의를 입력한다."],
        ),
        (
            "Hi,\n\nWe plan to show the priority on the issue list next month.\nOpen the issue list and click Options.\n",
            vec!["Open the issue list and click Options."],
        ),
    ] {
        let doc = specwright_intake::parse("mail.txt", mail.as_bytes()).unwrap();
        let texts: Vec<String> = spec_steps(&[doc]).into_iter().map(|s| s.text).collect();
        assert_eq!(texts, steps);
    }
}

#[test]
fn a_mail_wrapped_mid_sentence_is_read_as_its_sentences() {
    // A tracker's news form, a shop's product form and a wiki's edit told in mails whose
    // lines the mail client wrapped where the width ran out.
    for (mail, steps) in [
        (
            "Hi,\n\nLog in as mlee and go to the News tab. Click \"Add news\",\ntype \"Weekend outage\" as the\nsummary, then click Create.\n\nThanks!\nMina\n",
            vec!["Log in as mlee and go to the News tab.", "Click \"Add news\", type \"Weekend outage\" as the summary, then click Create."],
        ),
        (
            "Hello team,\n\nOpen the product list and click Add. Enter 12 in\nstock and save.\n",
            vec!["Open the product list and click Add.", "Enter 12 in stock and save."],
        ),
        (
            "안녕하세요.\n\n대문 문서를 열고 '편집' 탭을 누른 뒤\n'저장' 버튼을 누른다.\n",
            vec!["대문 문서를 열고 '편집' 탭을 누른 뒤 '저장' 버튼을 누른다."],
        ),
    ] {
        let doc = specwright_intake::parse("mail.txt", mail.as_bytes()).unwrap();
        let texts: Vec<String> = spec_steps(&[doc]).into_iter().map(|s| s.text).collect();
        assert_eq!(texts, steps);
    }
}

#[test]
fn a_checklist_of_boxes_is_steps_even_where_an_item_says_what_follows_an_action() {
    let doc = specwright_intake::parse(
        "release.md",
        "# 배포 점검

- [ ] **주문 목록**을 연다
- [x] 수량을 비워 두고 **저장**을 누르면 필수 항목이라는 안내가 나온다
- [X] Click **Export**
"
        .as_bytes(),
    )
    .unwrap();
    let texts: Vec<String> = spec_steps(&[doc]).into_iter().map(|s| s.text).collect();
    assert_eq!(texts.len(), 3, "{texts:?}");
    assert!(texts[1].starts_with("수량을 비워 두고"), "{texts:?}");
    assert!(texts[2].contains("Export"), "{texts:?}");
}

#[test]
fn a_result_told_as_a_paragraph_under_its_heading_is_checked() {
    // A CMS's acceptance page, a tracker's test case and a Korean booking procedure, each with
    // its numbered steps and a paragraph (not a list) under the results heading.
    for (name, text, result) in [
        (
            "cms.md",
            "# Authors\n\n## Steps\n\n1. Log in.\n2. Click Publish now.\n\n## Expected result\n\nThe author is not saved: the Email field says \"Must be a valid e-mail address\".\n",
            "The author is not saved: the Email field says \"Must be a valid e-mail address\".",
        ),
        (
            "tracker.md",
            "# New issue\n\n## Test steps\n\n1. Open the issue list.\n2. Click Create.\n\n## Expected outcome\n\nThe message \"Subject cannot be blank\" is shown.\n",
            "The message \"Subject cannot be blank\" is shown.",
        ),
        (
            "booking.md",
            "# 예약\n\n## 테스트 절차\n\n1. '새 예약' 버튼을 누른다.\n2. '저장' 버튼을 누른다.\n\n## 기대 결과\n\n'회의명을 입력하세요.' 메시지가 표시된다.\n",
            "'회의명을 입력하세요.' 메시지가 표시된다.",
        ),
    ] {
        let doc = specwright_intake::parse(name, text.as_bytes()).unwrap();
        let texts: Vec<String> = spec_steps(&[doc]).into_iter().map(|s| s.text).collect();
        assert_eq!(texts.len(), 3, "{name}: {texts:?}");
        assert_eq!(texts[2], result, "{name}");
    }
}

#[test]
fn what_the_work_is_done_with_is_its_check() {
    // A CMS's notification, a booking app's message and a wiki's notice, each told as "done when".
    assert_eq!(done_when("\"Entry saved\" 알림이 뜨면 끝입니다.").as_deref(), Some("\"Entry saved\" 알림이 뜬다."));
    assert_eq!(
        done_when("'예약이 등록되었습니다.' 메시지가 나오면 완료입니다.").as_deref(),
        Some("'예약이 등록되었습니다.' 메시지가 나온다.")
    );
    assert_eq!(done_when("'저장되었습니다'가 보이면 성공입니다").as_deref(), Some("'저장되었습니다'가 보인다."));
    assert_eq!(done_when("Unwatch로 바뀌면 됩니다").as_deref(), Some("Unwatch로 바뀐다."));
    assert_eq!(done_when("저장 버튼을 누르면 됩니다"), None);
    let doc = specwright_intake::parse(
        "mail.txt",
        "안녕하세요.\n\nPublish now로 저장해 주세요. \"Entry saved\" 알림이 뜨면 끝입니다.\n".as_bytes(),
    )
    .unwrap();
    let texts: Vec<String> = spec_steps(&[doc]).into_iter().map(|s| s.text).collect();
    assert_eq!(texts, ["Publish now로 저장해 주세요.", "\"Entry saved\" 알림이 뜬다."]);
}

#[test]
fn it_stands_for_the_thing_the_sentence_before_named() {
    // A tracker's search box, a wiki's edit box and a shop's quantity field, each named in one
    // sentence and called "it" in the next.
    for (text, step) in [
        (
            "[10:02] Mina: can you check the search at the top right? type privacy in it and press Enter\n",
            "type privacy in the search at the top right and press Enter",
        ),
        ("Hi,\n\nOpen the page and find the edit box. Type \"Hello\" in it.\n", "Type \"Hello\" in the edit box."),
        (
            "Hello,\n\nGo to the basket and look at the quantity field. Enter 3 into it.\n",
            "Enter 3 into the quantity field.",
        ),
    ] {
        let doc = specwright_intake::parse("chat.txt", text.as_bytes()).unwrap();
        let texts: Vec<String> = spec_steps(&[doc]).into_iter().map(|s| s.text).collect();
        assert!(texts.iter().any(|t| t == step), "{texts:?}");
    }
}

#[test]
fn a_chat_line_is_what_its_speaker_said() {
    // A tracker's triage chat, a wiki team's chat in Korean and a CMS editor's message.
    for (chat, step) in [
        (
            "[14:05] Dave Choi: log in as dave and click Show Unassigned in the sidebar\n",
            "log in as dave and click Show Unassigned in the sidebar",
        ),
        ("[09:41] 이지은: '역사 보기' 탭을 누른다\n", "'역사 보기' 탭을 누른다"),
        ("[10:02] Mina: open the Posts collection\n", "open the Posts collection"),
    ] {
        let doc = specwright_intake::parse("chat.txt", chat.as_bytes()).unwrap();
        let texts: Vec<String> = spec_steps(&[doc]).into_iter().map(|s| s.text).collect();
        assert_eq!(texts, [step], "{chat}");
    }
    assert_eq!(without_speaker("Expected: the list"), "Expected: the list");
}

#[test]
fn a_condition_word_inside_a_quoted_name_is_no_condition() {
    // A tracker's issue title, a wiki page's title and a shop's product name, each holding a
    // word that elsewhere starts a condition.
    for line in [
        "it should list \"Mobile app crashes when opening notifications\"",
        "The page shows \"What to do if you are ill\"",
        "'비가 오면 쓰는 우산' 상품이 보인다",
    ] {
        let doc = specwright_intake::parse("mail.txt", format!("Open the list.\n{line}\n").as_bytes()).unwrap();
        let texts: Vec<String> = spec_steps(&[doc]).into_iter().map(|s| s.text).collect();
        assert_eq!(texts.len(), 2, "{line}: {texts:?}");
    }
}

#[test]
fn a_guides_polite_results_are_checks() {
    // A help page, a mail and a booking guide say what appears in the polite form (보입니다,
    // 나옵니다, 돌아갑니다): each is a check, and a result listed under its heading is a step.
    for (sentence, verb) in [
        ("\"이동 완료\" 화면이 나오고, 문서를 옮겼다는 안내가 보입니다.", Verb::ExpectScreen),
        ("\"Entry saved\" 알림이 나옵니다.", Verb::ExpectVisible),
        ("예약 목록 화면으로 돌아갑니다.", Verb::ExpectScreen),
        ("목록에 \"고객사 제안 발표\"가 보입니다.", Verb::ExpectVisible),
    ] {
        let read = crate::interpret_all(sentence, None);
        assert_eq!(read.first().map(|i| i.verb), Some(verb), "{sentence}: {read:?}");
    }
    let doc = specwright_intake::parse(
        "move.md",
        "# 문서 옮기기\n\n## 절차\n\n1. \"더 보기\" 메뉴에서 \"이동\"을 누릅니다.\n2. \"문서 이동\" 버튼을 누릅니다.\n\n## 기대 결과\n\n- \"이동 완료\" 화면이 나오고, 옮겼다는 안내가 보입니다.\n".as_bytes(),
    )
    .unwrap();
    let steps = spec_steps(&[doc]);
    assert!(steps.iter().any(|s| s.text.contains("이동 완료")), "{steps:?}");
}

#[test]
fn an_action_told_of_someone_is_the_step_it_tells() {
    // A tracker's story ("she opens … and clicks"), a shop's criteria with the subject left
    // out ("And chooses …"), a CMS's steps about the editor ("he enters …").
    assert_eq!(
        without_subject("she opens issue 4 and clicks \"Make a copy\""),
        "open issue 4 and click \"Make a copy\""
    );
    assert_eq!(without_subject("chooses dave in Assigned To"), "choose dave in Assigned To");
    assert_eq!(without_subject("He enters 'Spring' in Title"), "enter 'Spring' in Title");
    assert_eq!(without_subject("clicks Submit New Entry"), "click Submit New Entry");
    // What the page does, and nouns before their verb, stay.
    for said in ["opens the edit form", "shows 3 results", "Types are listed by name", "Logs were kept"] {
        assert_eq!(without_subject(said), said);
    }
}

#[test]
fn someone_named_as_logged_in_is_the_login() {
    for (sentence, user) in
        [("carol is logged in (password given separately)", "carol"), ("Admin is signed in", "Admin")]
    {
        let got = crate::interpret_all(sentence, None);
        let got: Vec<(Verb, Option<&str>)> = got.iter().map(|i| (i.verb, i.target.as_deref())).collect();
        assert_eq!(got, [(Verb::LogIn, Some(user))], "{sentence}");
    }
    let anyone = crate::interpret_all("the user is logged in", None);
    assert!(anyone.iter().all(|i| i.verb != Verb::LogIn), "{anyone:?}");
}

/// A CMS's, a tracker's and a wiki's expected results as bullets under their label: each is a
/// step by its place, one no rule reads too (to be asked about, never dropped); notes under
/// any other label stay notes unless each reads as a step.
#[test]
fn bullets_under_an_expected_results_label_are_steps() {
    for (name, text, want) in [
        (
            "cms.md",
            "# 스니펫\n\n**단계**\n\n1. 저장을 클릭한다.\n\n**기대 결과**\n\n- \"생성됨\" 메시지가 표시된다.\n- 목록이 어딘가 이상하지 않다.\n",
            vec!["저장을 클릭한다.", "\"생성됨\" 메시지가 표시된다.", "목록이 어딘가 이상하지 않다."],
        ),
        (
            "tracker.md",
            "# Close\n\n1. Click Close issue.\n\nExpected results:\n- The message says the issue was closed.\n- Nothing odd about the rest.\n",
            vec!["Click Close issue.", "The message says the issue was closed.", "Nothing odd about the rest."],
        ),
        (
            "wiki.md",
            "# 미리 보기\n\n1. 미리 보기를 누른다.\n\n## 참고\n\n- \"미리 보기\" 안내가 표시된다.\n- 문구는 운영팀이 정한다.\n",
            vec!["미리 보기를 누른다."],
        ),
    ] {
        let doc = specwright_intake::parse(name, text.as_bytes()).unwrap();
        let steps = spec_steps(&[doc]);
        let texts: Vec<&str> = steps.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(texts, want, "{name}");
    }
}
