//! Korean sentences with nothing quoted, and the names, places and values read from them.

use super::*;
use crate::{interpret_all, Intent, RoleHint, Scope};

fn first(sentence: &str) -> Intent {
    interpret_all(sentence, None).into_iter().next().unwrap_or_else(|| panic!("not understood: {sentence}"))
}

#[test]
fn where_an_unnamed_element_is_ends_before_its_name() {
    // A tracker's Watch link, a wiki's edit tab and a booking app's button, each placed first.
    for (sentence, target) in [
        ("오른쪽 위에 있는 Watch를 눌러 주세요", "Watch"),
        ("문서 위쪽에 있는 편집을 누른다", "편집"),
        ("목록 아래에 보이는 더 보기를 클릭한다", "더 보기"),
    ] {
        assert_eq!(first(sentence).target.as_deref(), Some(target), "{sentence}");
    }
}

#[test]
fn a_place_named_with_eseo_is_where_the_object_is_not_the_object() {
    // A tracker's top menu, a CMS's publish menu, a wiki's user list: the words before
    // "…에서" place the object; the object is what takes 을/를.
    let c = first("상단 메뉴에서 View Tickets를 누른다.");
    assert_eq!((c.verb, c.target.as_deref(), c.scope), (Verb::Click, Some("View Tickets"), None));
    let c = first("Publish 메뉴에서 Publish now를 누른다.");
    assert_eq!((c.target.as_deref(), c.scope), (Some("Publish now"), Some(Scope::Region("Publish".into()))));
    let c = first("사용자 목록에서 홍길동을 클릭한다.");
    assert_eq!((c.target.as_deref(), c.scope), (Some("홍길동"), Some(Scope::Region("사용자".into()))));
}

#[test]
fn korean_unquoted_targets_and_values() {
    let c = first("로그인 버튼을 클릭한다");
    assert_eq!((c.verb, c.target.as_deref(), c.hint), (Verb::Click, Some("로그인"), Some(RoleHint::Button)));
    let c = first("로그인 상태 유지 체크박스를 선택한다");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::Check, Some("로그인 상태 유지")));
    let c = first("다시 홍길동 행의 수정을 누른다");
    assert_eq!((c.verb, c.target.as_deref(), c.scope), (Verb::Click, Some("수정"), Some(Scope::Row("홍길동".into()))));
    let c = first("대화상자의 취소 버튼을 클릭한다");
    assert_eq!((c.target.as_deref(), c.scope), (Some("취소"), Some(Scope::Dialog(None))));
    let c = first("이메일 필드에 ada@example.com을 입력한다");
    assert_eq!(
        (c.verb, c.target.as_deref(), c.value.as_deref()),
        (Verb::Fill, Some("이메일"), Some("ada@example.com"))
    );
    let c = first("이메일에 ada@example.com을 입력한다");
    assert_eq!((c.target.as_deref(), c.value.as_deref()), (Some("이메일"), Some("ada@example.com")));
    let c = first("상품 관리를 클릭한다");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::Click, Some("상품 관리")));
    let c = first("대시보드가 표시된다");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectVisible, Some("대시보드")));
    // Only "확인한다": a look, not a target named "목록"; a bare kind stays a kind.
    assert_eq!(interpret_all("목록을 확인한다", None)[0].verb, Verb::Look);
    assert_eq!(
        first("체크박스가 선택된다"),
        Intent { verb: Verb::ExpectChecked, target: None, value: None, hint: Some(RoleHint::Checkbox), scope: None }
    );
    let c = first("대시보드 화면이 표시된다");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectScreen, Some("대시보드")));
}

#[test]
fn korean_places_and_described_values() {
    // A wiki's document is named by its title; "문서" says what kind of thing it is.
    let c = first("검색 결과에 휴가 규정 문서가 보인다");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectVisible, Some("휴가 규정")));
    let c = first("사용자 목록에 writer01이 표시된다");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectVisible, Some("writer01")));
    let all = interpret_all("비밀번호와 비밀번호 확인에 임시 비밀번호 1234를 입력한다", None);
    let fills: Vec<(Option<&str>, Option<&str>)> =
        all.iter().map(|i| (i.target.as_deref(), i.value.as_deref())).collect();
    assert_eq!(fills, vec![(Some("비밀번호"), Some("1234")), (Some("비밀번호 확인"), Some("1234"))]);
    // What sits where is named after the words that say where.
    let c = first("대문의 자주 찾는 문서 목록에 있는 제품 출시 일정 링크를 누른다");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::Click, Some("제품 출시 일정")));
    let c = first("제품 출시 일정 문서를 열었다");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::Navigate, Some("제품 출시 일정")));
    // A sentence said to be shown: all its words.
    let c = first("문서 본문에 7월 1일부터 휴가는 그룹웨어에서 신청합니다 문장이 보인다");
    assert_eq!(
        (c.verb, c.target.as_deref()),
        (Verb::ExpectVisible, Some("7월 1일부터 휴가는 그룹웨어에서 신청합니다"))
    );
    // A notice typed into a field is its words, not a notice to find.
    let c = first("요약에 신청 방법 변경 안내를 입력한다");
    assert_eq!(
        (c.verb, c.target.as_deref(), c.value.as_deref()),
        (Verb::Fill, Some("요약"), Some("신청 방법 변경 안내"))
    );
    // Pressed to open: the press is the step.
    let c = first("사내위키 대문의 자주 찾는 문서에서 휴가 규정을 눌러 연다");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::Click, Some("휴가 규정")));
    // A value's leading words are part of it unless they name a kind of value.
    let c = first("상단 검색창에 회의록 2024-06-10을 입력한다");
    assert_eq!(c.value.as_deref(), Some("회의록 2024-06-10"));
    let c = first("인증 칸에 인증 코드 7788을 입력한다");
    assert_eq!(c.value.as_deref(), Some("7788"));
    let c = first("별표 이름이 다시 주시로 바뀐다");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::ExpectVisible, Some("주시")));
    // A control drawn as a picture, next to another: the one the sentence presses.
    let c = first("문서 상단 역사 보기 탭 옆의 주시 별표를 누르면");
    assert_eq!((c.verb, c.target.as_deref(), c.hint), (Verb::Click, Some("주시"), Some(RoleHint::Icon)));
    // Where a screen's link sits is not part of the screen's name.
    let c = first("하단의 고객 지원 화면으로 이동한다");
    assert_eq!((c.verb, c.target.as_deref()), (Verb::Navigate, Some("고객 지원")));
}

/// Steps as Korean guides write them without quotes: the pointer put on a thing, a list
/// scrolled through, a name found and pressed, a setting switched off — a board's project, a
/// CMS's users, a messenger's notifications.
#[test]
fn korean_guide_steps_without_quotes() {
    let read = |s: &str| {
        crate::interpret_all(s, None)
            .into_iter()
            .map(|i| (i.verb, i.target.unwrap_or_default(), i.hint))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        read("프로젝트 이름 위에 마우스를 올리고 보관을 클릭한다."),
        vec![(Verb::Hover, "프로젝트 이름".into(), None), (Verb::Click, "보관".into(), None)]
    );
    assert_eq!(read("프로필 아이콘에 커서를 가져간다."), vec![(Verb::Hover, "프로필".into(), Some(RoleHint::Icon))]);
    assert_eq!(
        read("위험 구역까지 스크롤한 뒤 프로젝트 삭제를 클릭한다."),
        vec![(Verb::Click, "프로젝트 삭제".into(), None)]
    );
    assert_eq!(read("사용자 목록에서 홍길동을 찾아 클릭한다.")[0].1, "홍길동");
    assert_eq!(read("이메일 알림을 끈다."), vec![(Verb::Uncheck, "이메일 알림".into(), None)]);
    assert_eq!(read("자동 저장 설정을 켠다."), vec![(Verb::Check, "자동 저장 설정".into(), None)]);
    assert_eq!(read("다크 모드 스위치를 켠다."), vec![(Verb::Check, "다크 모드".into(), Some(RoleHint::Checkbox))]);
}
