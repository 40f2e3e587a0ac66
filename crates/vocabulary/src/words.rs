//! The grammar's vocabulary, as data: Korean verb stems, English imperatives and expectation
//! phrases, role nouns, position words, empty-value words and quote pairs. A new way of saying a
//! thing is a new entry here.

use crate::is_hangul;
use crate::quotes::{quoted_spans, unquoted, Quoted};
use crate::senses::{RoleHint, Verb};

/// Korean verb stems. Korean puts the main verb last, so the stem that ends latest in the
/// sentence (outside quotes) wins, and of two ending together the longer ("더블클릭" over "클릭").
pub const KO_VERBS: &[(&str, Verb)] = &[
    ("입력", Verb::Fill),
    ("넣고", Verb::Fill),
    ("넣는다", Verb::Fill),
    ("넣어", Verb::Fill),
    ("바꿔", Verb::Fill),
    ("바꾼다", Verb::Fill),
    ("바꾸고", Verb::Fill),
    ("변경한", Verb::Fill),
    ("변경하", Verb::Fill),
    ("작성", Verb::Fill),
    // "수량을 3개로 늘린다": the field takes the new figure.
    ("늘린", Verb::Fill),
    ("늘리", Verb::Fill),
    ("줄인", Verb::Fill),
    ("줄이", Verb::Fill),
    // "판매 상태를 '판매중'으로 설정한다", "우선순위를 높음으로 지정한다": the field takes the value.
    ("설정한", Verb::Fill),
    ("설정하", Verb::Fill),
    ("설정해", Verb::Fill),
    ("지정한", Verb::Fill),
    ("지정하", Verb::Fill),
    ("지정해", Verb::Fill),
    // "양식을 채운다": every field of it filled in.
    ("채운", Verb::Fill),
    ("채우", Verb::Fill),
    ("채워", Verb::Fill),
    // "이유 칸에 \"제목 변경\"이라고 적는다": written in.
    ("적는다", Verb::Fill),
    ("적고", Verb::Fill),
    ("적어", Verb::Fill),
    ("기입", Verb::Fill),
    ("타이핑", Verb::Fill),
    ("비워", Verb::Clear),
    ("비운", Verb::Clear),
    ("지운", Verb::Clear),
    ("지워", Verb::Clear),
    ("클릭", Verb::Click),
    ("누른", Verb::Click),
    ("누르", Verb::Click),
    ("눌러", Verb::Click),
    ("선택", Verb::Click),
    ("더블클릭", Verb::DoubleClick),
    ("더블 클릭", Verb::DoubleClick),
    ("마우스를 올", Verb::Hover),
    ("호버", Verb::Hover),
    ("체크", Verb::Check),
    ("켠다", Verb::Check),
    ("켜고", Verb::Check),
    ("켜기", Verb::Check),
    ("켜서", Verb::Check),
    ("끈다", Verb::Uncheck),
    ("끄고", Verb::Uncheck),
    ("끄면", Verb::Uncheck),
    ("켜면", Verb::Check),
    ("꺼서", Verb::Uncheck),
    ("체크 해제", Verb::Uncheck),
    ("선택 해제", Verb::Uncheck),
    ("해제", Verb::Uncheck),
    ("업로드", Verb::Upload),
    ("첨부", Verb::Upload),
    ("이동", Verb::Navigate),
    // "로그인 페이지로 이동된다": where the step lands, checked — never a move of its own.
    ("이동된", Verb::ExpectScreen),
    ("이동됨", Verb::ExpectScreen),
    ("이동되", Verb::ExpectScreen),
    ("이동돼", Verb::ExpectScreen),
    ("들어가", Verb::Navigate),
    ("들어간", Verb::Navigate),
    ("접속", Verb::Navigate),
    ("진입", Verb::Navigate),
    ("방문", Verb::Navigate),
    ("연다", Verb::Navigate),
    // "휴가 규정을 눌러 연다": pressing it is what opens it.
    ("눌러 연다", Verb::Click),
    ("눌러서 연다", Verb::Click),
    ("클릭해 연다", Verb::Click),
    ("클릭하여 연다", Verb::Click),
    ("클릭해서 연다", Verb::Click),
    ("눌러 열고", Verb::Click),
    ("클릭해 열고", Verb::Click),
    ("열기", Verb::Navigate),
    // "옮길 문서 \"회의록\"으로 간다": going to a page by its name.
    ("로 간다", Verb::Navigate),
    ("로 가고", Verb::Navigate),
    ("로 가서", Verb::Navigate),
    ("열고", Verb::Navigate),
    ("열어", Verb::Navigate),
    // "목록 위의 안내 문구를 읽는다": a look; what it must say is the expectation's.
    ("읽는다", Verb::Look),
    // "위험 구역까지 스크롤한 뒤 …": the engine finds elements wherever they are.
    ("스크롤", Verb::Look),
    ("읽고", Verb::Look),
    ("읽어", Verb::Look),
    // Gherkin's Given in the past: "… 문서를 열었다" (the document is open).
    ("열었", Verb::Navigate),
    ("로그인한", Verb::LogIn),
    ("로그인하", Verb::LogIn),
    ("로그인 한", Verb::LogIn),
    ("로그인 하", Verb::LogIn),
    ("로그인해", Verb::LogIn),
    ("로그인되", Verb::LogIn),
    ("로그인된", Verb::LogIn),
    ("뒤로 가", Verb::Back),
    ("뒤로가기", Verb::Back),
    ("새로고침", Verb::Reload),
    ("새로 고침", Verb::Reload),
    ("드래그", Verb::Drag),
    ("끌어다", Verb::Drag),
    ("끌어 놓", Verb::Drag),
    ("끌어놓", Verb::Drag),
    ("확인", Verb::ExpectVisible),
    ("보인", Verb::ExpectVisible),
    ("보이", Verb::ExpectVisible),
    ("보여", Verb::ExpectVisible),
    // The polite forms a guide or a mail writes in: "안내가 보입니다", "창이 나옵니다".
    ("보입", Verb::ExpectVisible),
    ("나옵", Verb::ExpectVisible),
    ("뜹니다", Verb::ExpectVisible),
    ("열립", Verb::ExpectVisible),
    ("바뀝", Verb::ExpectVisible),
    ("표시", Verb::ExpectVisible),
    ("노출", Verb::ExpectVisible),
    ("나타", Verb::ExpectVisible),
    ("나오", Verb::ExpectVisible),
    ("나온", Verb::ExpectVisible),
    ("뜬다", Verb::ExpectVisible),
    ("뜨고", Verb::ExpectVisible),
    ("뜨며", Verb::ExpectVisible),
    ("뜨면", Verb::ExpectVisible),
    // What a step led to, told as done: "새 예약 창이 열렸다", "목록 화면이 열린다".
    ("열린다", Verb::ExpectVisible),
    ("열렸", Verb::ExpectVisible),
    // "… 화면이 열리고 목록이 보인다": the same, said on the way to the next check.
    ("열리고", Verb::ExpectVisible),
    ("열리며", Verb::ExpectVisible),
    ("눌렸", Verb::Click),
    // "액션 메뉴를 펼쳐 게시를 누른다": a menu opened by a press.
    ("펼쳐", Verb::Click),
    ("펼치고", Verb::Click),
    ("펼친다", Verb::Click),
    ("클릭됐", Verb::Click),
    ("클릭되었", Verb::Click),
    // "건수 표시가 내 예약 3건으로 바뀐다": the text it changes to is shown.
    ("바뀐", Verb::ExpectVisible),
    // "건수가 전체 7건으로 늘었다": the count it grew or shrank to is shown.
    ("늘었", Verb::ExpectVisible),
    // "목록에 새 댓글이 추가된다", "주간 보고가 생성되었다": what was made is there.
    ("추가된", Verb::ExpectVisible),
    ("추가되", Verb::ExpectVisible),
    ("추가됐", Verb::ExpectVisible),
    ("등록된", Verb::ExpectVisible),
    ("등록되", Verb::ExpectVisible),
    ("등록됐", Verb::ExpectVisible),
    ("생성된", Verb::ExpectVisible),
    ("생성되", Verb::ExpectVisible),
    ("생성됐", Verb::ExpectVisible),
    ("늘어난", Verb::ExpectVisible),
    ("줄었", Verb::ExpectVisible),
    ("줄어든", Verb::ExpectVisible),
    ("바뀌었", Verb::ExpectVisible),
    ("변경된", Verb::ExpectVisible),
    ("변경되었", Verb::ExpectVisible),
    ("남아 있", Verb::ExpectVisible),
    ("사라", Verb::ExpectHidden),
    ("없", Verb::ExpectHidden),
    ("닫힌", Verb::ExpectHidden),
    ("닫히", Verb::ExpectHidden),
    ("선택된", Verb::ExpectChecked),
    ("선택되", Verb::ExpectChecked),
    ("체크된", Verb::ExpectChecked),
    ("체크되", Verb::ExpectChecked),
    ("활성화", Verb::ExpectEnabled),
    ("입력되어 있", Verb::ExpectValue),
    ("입력돼 있", Verb::ExpectValue),
    ("채워져 있", Verb::ExpectValue),
    ("기입되어 있", Verb::ExpectValue),
    ("비활성", Verb::ExpectDisabled),
    ("비활성화", Verb::ExpectDisabled),
    ("머무른", Verb::ExpectScreen),
    ("머문", Verb::ExpectScreen),
    ("돌아간", Verb::ExpectScreen),
    ("돌아온", Verb::ExpectScreen),
    ("돌아갑", Verb::ExpectScreen),
    ("돌아옵", Verb::ExpectScreen),
    ("머뭅", Verb::ExpectScreen),
    ("열려 있", Verb::ExpectScreen),
];

/// Words after a Korean verb that turn "is shown" into "is not shown".
pub const KO_NEGATIONS: &[&str] = &["지 않", "지않", "지 못", "지못"];

/// The verbs that give a record to a person (`grammar/assigns.rs`), longest first.
pub const EN_ASSIGN: &[&str] = &["reassign", "assign"];

/// English imperatives, matched at the start of the sentence (after "then", "and").
pub const EN_LEADING_VERBS: &[(&str, Verb)] = &[
    ("double-click", Verb::DoubleClick),
    ("double click", Verb::DoubleClick),
    ("click on", Verb::Click),
    ("click", Verb::Click),
    ("press", Verb::Click),
    ("tap", Verb::Click),
    ("hit", Verb::Click),
    ("choose", Verb::Select),
    ("select", Verb::Select),
    ("pick", Verb::Select),
    ("hover over", Verb::Hover),
    ("hover", Verb::Hover),
    ("enter", Verb::Fill),
    ("type", Verb::Fill),
    ("fill in", Verb::Fill),
    ("fill out", Verb::Fill),
    ("fill", Verb::Fill),
    ("input", Verb::Fill),
    ("write", Verb::Fill),
    ("clear", Verb::Clear),
    ("leave", Verb::Clear),
    ("empty", Verb::Clear),
    ("uncheck", Verb::Uncheck),
    ("untick", Verb::Uncheck),
    ("tick", Verb::Check),
    ("turn on", Verb::Check),
    ("switch on", Verb::Check),
    ("enable", Verb::Check),
    ("turn off", Verb::Uncheck),
    ("switch off", Verb::Uncheck),
    // "Switch to the Members tab": the tab is pressed.
    ("switch to", Verb::Click),
    // "Toggle Dark mode" presses it; "Toggle the Dark mode switch on" says which way.
    ("toggle", Verb::Click),
    ("keep", Verb::Look),
    // "Expand the Visibility section": a press that opens it.
    ("expand", Verb::Click),
    ("collapse", Verb::Click),
    // "Scroll down", "Wait until the upload finishes": the engine waits for the page and finds
    // elements wherever they are; nothing to do of its own.
    ("scroll", Verb::Look),
    ("wait", Verb::Look),
    // "Read the notice above the list": a look; what it must say is the expectation's.
    ("read", Verb::Look),
    ("check that", Verb::ExpectVisible),
    ("check", Verb::Check),
    ("confirm with", Verb::Click),
    ("change", Verb::Fill),
    ("set", Verb::Fill),
    // "Assign the issue to John Smith": the person chosen in the assign field (`grammar/assigns.rs`).
    ("reassign", Verb::Fill),
    ("assign", Verb::Fill),
    ("upload", Verb::Upload),
    ("attach", Verb::Upload),
    ("log in", Verb::LogIn),
    ("sign in", Verb::LogIn),
    ("log on", Verb::LogIn),
    // "Navigate back to the home page": going to that page, not the browser's back.
    ("navigate back to", Verb::Navigate),
    ("go back to", Verb::Navigate),
    ("go back", Verb::Back),
    // "Refresh the page", "Reload the browser": the page loaded again (an app's own Refresh
    // button is pressed: "Click Refresh").
    ("refresh", Verb::Reload),
    ("reload", Verb::Reload),
    ("drag and drop", Verb::Drag),
    ("drag & drop", Verb::Drag),
    ("drag", Verb::Drag),
    ("go to", Verb::Navigate),
    ("navigate to", Verb::Navigate),
    ("open", Verb::Navigate),
    ("visit", Verb::Navigate),
    ("verify", Verb::ExpectVisible),
    ("make sure that", Verb::ExpectVisible),
    ("make sure", Verb::ExpectVisible),
    ("confirm that", Verb::ExpectVisible),
    ("ensure", Verb::ExpectVisible),
    ("expect", Verb::ExpectVisible),
    ("see", Verb::ExpectVisible),
];

/// Leaving things as they are is no step: English imperatives and how they end, Korean endings.
pub const EN_LEAVE_ALONE: (&[&str], &[&str]) = (
    &["leave ", "keep ", "do not change", "don't change", "do not touch", "don't touch"],
    &[
        " as they are",
        " as it is",
        " as is",
        "unchanged",
        " alone",
        "untouched",
        " default",
        "do not change",
        "don't change",
        "do not touch",
        "don't touch",
    ],
);
pub const KO_LEAVE_ALONE: &[&str] =
    &["그대로 두", "그대로 둔", "그대로 유지", "변경하지 않", "바꾸지 않", "건드리지 않", "손대지 않"];

/// English phrases that make a sentence an expectation, wherever they are; the longest found
/// wins ("is not shown" over "is shown").
pub const EN_EXPECT_PHRASES: &[(&str, Verb)] = &[
    ("should see", Verb::ExpectVisible),
    ("is visible", Verb::ExpectVisible),
    ("is shown", Verb::ExpectVisible),
    ("are shown", Verb::ExpectVisible),
    ("is displayed", Verb::ExpectVisible),
    ("are displayed", Verb::ExpectVisible),
    ("is listed", Verb::ExpectVisible),
    ("is in the list", Verb::ExpectVisible),
    ("are in the list", Verb::ExpectVisible),
    ("is still in the list", Verb::ExpectVisible),
    ("is not in the list", Verb::ExpectHidden),
    ("is no longer in the list", Verb::ExpectHidden),
    ("are listed", Verb::ExpectVisible),
    ("is still listed", Verb::ExpectVisible),
    ("should be visible", Verb::ExpectVisible),
    ("should appear", Verb::ExpectVisible),
    ("appears", Verb::ExpectVisible),
    ("shows up", Verb::ExpectVisible),
    ("pops up", Verb::ExpectVisible),
    ("comes up", Verb::ExpectVisible),
    ("shows", Verb::ExpectVisible),
    ("lists", Verb::ExpectVisible),
    ("says", Verb::ExpectVisible),
    ("includes", Verb::ExpectVisible),
    ("is not shown", Verb::ExpectHidden),
    ("does not close", Verb::ExpectVisible),
    ("doesn't close", Verb::ExpectVisible),
    ("is not closed", Verb::ExpectVisible),
    ("isn't shown", Verb::ExpectHidden),
    ("is no longer shown", Verb::ExpectHidden),
    ("is no longer listed", Verb::ExpectHidden),
    ("does not appear", Verb::ExpectHidden),
    ("doesn't appear", Verb::ExpectHidden),
    ("should not be visible", Verb::ExpectHidden),
    // Gherkin's first person: "Then I should not see \"Blue Mug\" in the list".
    ("should not see", Verb::ExpectHidden),
    ("shouldn't see", Verb::ExpectHidden),
    ("do not see", Verb::ExpectHidden),
    ("don't see", Verb::ExpectHidden),
    ("should not appear", Verb::ExpectHidden),
    ("is not present", Verb::ExpectHidden),
    ("is not visible", Verb::ExpectHidden),
    ("is not displayed", Verb::ExpectHidden),
    ("is not listed", Verb::ExpectHidden),
    ("is gone", Verb::ExpectHidden),
    ("is hidden", Verb::ExpectHidden),
    ("disappears", Verb::ExpectHidden),
    ("closes", Verb::ExpectHidden),
    ("is closed", Verb::ExpectHidden),
    ("is checked", Verb::ExpectChecked),
    ("is ticked", Verb::ExpectChecked),
    ("is selected", Verb::ExpectChecked),
    ("is enabled", Verb::ExpectEnabled),
    ("holds", Verb::ExpectValue),
    ("still holds", Verb::ExpectValue),
    ("has the value", Verb::ExpectValue),
    ("contains the value", Verb::ExpectValue),
    ("is prefilled with", Verb::ExpectValue),
    ("is pre-filled with", Verb::ExpectValue),
    ("is filled with", Verb::ExpectValue),
    ("is disabled", Verb::ExpectDisabled),
    ("is greyed out", Verb::ExpectDisabled),
    ("opens", Verb::ExpectScreen),
    ("stays open", Verb::ExpectScreen),
    ("is open", Verb::ExpectScreen),
    ("returns to", Verb::ExpectScreen),
    ("stays on", Verb::ExpectScreen),
    ("remains on", Verb::ExpectScreen),
    ("is still on", Verb::ExpectScreen),
    ("is taken to", Verb::ExpectScreen),
    ("is redirected to", Verb::ExpectScreen),
    ("lands on", Verb::ExpectScreen),
    ("land on", Verb::ExpectScreen),
    ("land back on", Verb::ExpectScreen),
    ("lands back on", Verb::ExpectScreen),
    ("are taken to", Verb::ExpectScreen),
    ("are redirected to", Verb::ExpectScreen),
    ("are back on", Verb::ExpectScreen),
    ("is back on", Verb::ExpectScreen),
    ("end up on", Verb::ExpectScreen),
    ("ends up on", Verb::ExpectScreen),
    ("page is shown", Verb::ExpectScreen),
    ("screen is shown", Verb::ExpectScreen),
];

/// Korean clauses that say only to save or send the form ("저장한다", "다시 저장한다"): the
/// button named by the verb's noun is pressed. ("확인한다" alone is a look, never a press.)
pub const KO_BARE_SUBMITS: &[&str] =
    &["저장", "등록", "제출", "검색", "전송", "신청", "게시", "적용", "예약", "로그아웃"];

/// English clauses that say only to save or send the form ("… and save", "then submit it"):
/// the button of that name is pressed.
pub const EN_BARE_SUBMITS: &[(&str, &str)] = &[
    ("save", "Save"),
    ("save it", "Save"),
    ("save the form", "Save"),
    ("save the changes", "Save"),
    ("save changes", "Save"),
    ("submit", "Submit"),
    ("submit it", "Submit"),
    ("submit the form", "Submit"),
    ("submit the changes", "Submit"),
    ("submit changes", "Submit"),
    ("submit my changes", "Submit"),
    ("save my changes", "Save"),
    ("search", "Search"),
    ("search it", "Search"),
    ("run the search", "Search"),
    // "Log out.": the app's own control of that name (a question where the page names it
    // otherwise, never a step left unread).
    ("log out", "Log out"),
    ("sign out", "Sign out"),
    ("log off", "Log off"),
];

/// For English fill sentences: the word before a quote says whether it is the field or the value.
pub const EN_TARGET_MARKERS: &[&str] = &["in", "into", "the", "field"];

pub const EN_VALUE_MARKERS: &[&str] = &["with"];

/// Nouns naming the kind of element, in Korean and English.
pub const ROLE_NOUNS: &[(&str, RoleHint)] = &[
    ("버튼", RoleHint::Button),
    ("button", RoleHint::Button),
    ("링크", RoleHint::Link),
    ("link", RoleHint::Link),
    ("필드", RoleHint::Field),
    ("입력란", RoleHint::Field),
    ("입력칸", RoleHint::Field),
    ("칸", RoleHint::Field),
    ("field", RoleHint::Field),
    ("textbox", RoleHint::Field),
    ("box", RoleHint::Field),
    ("대화상자", RoleHint::Dialog),
    ("팝업창", RoleHint::Dialog),
    ("팝업", RoleHint::Dialog),
    ("창", RoleHint::Dialog),
    ("모달", RoleHint::Dialog),
    ("dialog", RoleHint::Dialog),
    ("modal", RoleHint::Dialog),
    ("popup", RoleHint::Dialog),
    ("메시지", RoleHint::Message),
    ("안내", RoleHint::Message),
    ("메세지", RoleHint::Message),
    ("문구", RoleHint::Message),
    ("알림", RoleHint::Message),
    ("message", RoleHint::Message),
    ("notice", RoleHint::Message),
    ("text", RoleHint::Message),
    ("제목", RoleHint::Heading),
    // "신청 방법 절이 보인다": a document's section, shown by its heading.
    ("절", RoleHint::Heading),
    ("섹션", RoleHint::Heading),
    ("heading", RoleHint::Heading),
    ("title", RoleHint::Heading),
    ("체크박스", RoleHint::Checkbox),
    ("checkbox", RoleHint::Checkbox),
    ("스위치", RoleHint::Checkbox),
    ("토글", RoleHint::Checkbox),
    ("switch", RoleHint::Checkbox),
    ("toggle", RoleHint::Checkbox),
    ("탭", RoleHint::Tab),
    ("tab", RoleHint::Tab),
    ("메뉴", RoleHint::Menu),
    ("menu", RoleHint::Menu),
    ("화면", RoleHint::Screen),
    ("페이지", RoleHint::Screen),
    ("page", RoleHint::Screen),
    ("screen", RoleHint::Screen),
    ("행", RoleHint::Row),
    ("row", RoleHint::Row),
    ("목록", RoleHint::List),
    ("list", RoleHint::List),
    ("아이콘", RoleHint::Icon),
    ("별표", RoleHint::Icon),
    ("icon", RoleHint::Icon),
];

/// Particles a Korean role noun may carry ("창이", "행의", "칸에").
const ROLE_PARTICLES: &[&str] = &["에서", "으로", "에는", "에", "이", "가", "을", "를", "은", "는", "의", "로", "도"];

/// The Korean role noun word `word` is ("버튼을" → 버튼, "팝업창이" → 팝업창). A noun of one
/// syllable ("창", "칸", "행", "탭") is that noun only alone or with a particle: "창고", "행사"
/// and "탭키" are other words.
pub fn korean_role_noun(word: &str) -> Option<(&'static str, RoleHint)> {
    ROLE_NOUNS
        .iter()
        .filter(|(noun, _)| crate::all_hangul(noun) && word.starts_with(noun))
        .filter(|(noun, _)| {
            let rest = &word[noun.len()..];
            noun.chars().count() > 1 || rest.is_empty() || ROLE_PARTICLES.contains(&rest)
        })
        .max_by_key(|(noun, _)| noun.len())
        .copied()
}

/// English words before a name that are no part of it.
pub const EN_FILLERS: &[&str] = &["the", "on", "a", "an"];

/// Position words that pick one of several same-named elements.
pub const FIRST_WORDS: &[&str] = &[
    "상단의",
    "상단에",
    "위쪽",
    "위의",
    "첫 번째",
    "화면 위",
    "화면 상단",
    "페이지 위",
    "페이지 상단",
    "upper",
    "top",
    "first",
];

pub const LAST_WORDS: &[&str] = &[
    "하단의",
    "하단에",
    "아래쪽",
    "아래의",
    "마지막",
    "화면 아래",
    "화면 하단",
    "페이지 아래",
    "페이지 하단",
    "lower",
    "bottom",
    "last",
];

/// Words that put the target inside the open dialog.
pub const IN_DIALOG: &[&str] = &[
    "대화상자의",
    "대화상자에서",
    "대화 상자에서",
    "팝업의",
    "팝업에서",
    "팝업창에서",
    "모달의",
    "모달에서",
    "in the dialog",
    "of the dialog",
    "in the popup",
    "in the pop-up",
    "in the modal",
];

/// Test-data cells that mean "no value".
pub const EMPTY_VALUES: &[&str] =
    &["(빈 값)", "빈 값", "(빈값)", "(공백)", "(없음)", "(empty)", "empty", "(blank)", "(none)"];

/// Step wording that pads the value with spaces on both sides.
pub const PADDED: &[&str] =
    &["앞뒤 공백", "앞뒤에 공백", "space before and after", "spaces around", "surrounding spaces"];

/// What joins the items of a list a sentence expects to see ("555-2202 and Work", "회의와 디자인
/// 리뷰", "A, B 및 C"): English words between spaces, Korean particles after a word.
pub const EN_LIST_JOINERS: &[&str] = &[", and ", ", ", " and ", " & ", "; "];
pub const KO_LIST_JOINERS: &[&str] = &[", ", ",", " 및 ", "와 ", "과 ", "이랑 ", "랑 ", "하고 "];

/// The items of a list written as one expected text, or nothing when it is not one: every item
/// at least two characters long (a Korean item at least two syllables before its particle, so
/// "결과 화면" is never "결" and "화면").
pub fn list_parts(text: &str) -> Vec<String> {
    let korean = is_hangul(text);
    let joiners = if korean { KO_LIST_JOINERS } else { EN_LIST_JOINERS };
    let mut parts = vec![text.trim().to_string()];
    for joiner in joiners {
        parts =
            parts.into_iter().flat_map(|p| p.split(joiner).map(|s| s.trim().to_string()).collect::<Vec<_>>()).collect();
    }
    let long_enough = |p: &String| p.chars().filter(|c| c.is_alphanumeric()).count() >= 2;
    if parts.len() < 2 || !parts.iter().all(long_enough) {
        return Vec::new();
    }
    parts
}

/// A word that places the target rather than names it ("상단의", "대화상자의").
pub fn is_scope_word(word: &str) -> bool {
    let w = word.to_lowercase();
    FIRST_WORDS.iter().chain(LAST_WORDS).chain(IN_DIALOG).any(|s| *s == w)
}

/// "화면 아래 액션 메뉴", "페이지 위 검색창": a position said as the page and its side, two
/// words; `words[i]` is the side. ("왼쪽 위 메뉴 영역" names a region, not the page's side.)
pub fn is_page_side(words: &[&str], i: usize) -> bool {
    i > 0 && ["아래", "위", "하단", "상단"].contains(&words[i]) && ["화면", "페이지"].contains(&words[i - 1])
}

/// Whether a phrase says to do or check anything at all: a Korean verb stem or a predicate
/// ending ("…한다", "…된다"), an English imperative or expectation phrase. Titles such as
/// "개요" or "Test environment" have none.
pub fn has_verb(text: &str) -> bool {
    let spans = quoted_spans(text);
    let bare = unquoted(text, &spans);
    let trimmed = bare.trim().trim_end_matches(['.', '。', '!']);
    if is_hangul(trimmed) {
        return KO_VERBS.iter().any(|(stem, _)| trimmed.contains(stem))
            || ["다", "세요", "해요", "돼요", "함", "됨"].iter().any(|e| trimmed.ends_with(e));
    }
    let lower = trimmed.to_lowercase();
    EN_LEADING_VERBS.iter().any(|(w, _)| lower.starts_with(w) && !lower[w.len()..].starts_with(char::is_alphanumeric))
        || EN_EXPECT_PHRASES.iter().any(|(p, _)| lower.contains(p))
        || [" is ", " are ", " should ", " must ", " will "].iter().any(|p| format!(" {lower} ").contains(p))
}

/// "the record count is now 5", "Total is 3 items": a figure the page shows beside its name, as
/// (name, figure). Only a figure: "the status is Closed" names none, and "is not 5" states
/// nothing to find.
pub fn figure_stated(text: &str) -> Option<(String, String)> {
    let text = text.trim().trim_end_matches('.');
    let lower = text.to_ascii_lowercase();
    const COPULAS: &[&str] = &[" is now ", " are now ", " is still ", " becomes ", " changes to ", " is ", " are "];
    let (at, copula) = COPULAS.iter().filter_map(|c| lower.find(c).map(|i| (i, *c))).min_by_key(|(i, _)| *i)?;
    let mut subject = text[..at].trim();
    for lead in ["then ", "and ", "check that ", "verify that ", "confirm that ", "ensure that ", "the ", "The "] {
        if subject.to_ascii_lowercase().starts_with(lead) {
            subject = subject[lead.len()..].trim_start();
        }
    }
    // "the number of open tickets is 12": the page names the things, not "the number of".
    for lead in ["total number of ", "number of ", "count of ", "amount of "] {
        if subject.to_ascii_lowercase().starts_with(lead) {
            subject = subject[lead.len()..].trim_start();
        }
    }
    let value = text[at + copula.len()..].trim();
    let words = |s: &str| s.split_whitespace().count();
    let figure = value.chars().any(|c| c.is_ascii_digit()) && !value.to_ascii_lowercase().starts_with("not");
    (figure && words(value) <= 3 && (1..=5).contains(&words(subject))).then(|| (subject.to_string(), value.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_one_syllable_role_noun_is_a_noun_only_alone() {
        // "창고" is a warehouse, "행사" an event: neither names a window or a row.
        assert_eq!(korean_role_noun("창이"), Some(("창", RoleHint::Dialog)));
        assert_eq!(korean_role_noun("팝업창에서"), Some(("팝업창", RoleHint::Dialog)));
        assert_eq!(korean_role_noun("창고"), None);
        assert_eq!(korean_role_noun("행사를"), None);
        assert_eq!(korean_role_noun("버튼을"), Some(("버튼", RoleHint::Button)));
    }
}

/// The first role noun right after a span (Korean and English) or right before it (English).
pub fn hint_near(sentence: &str, span: &Quoted, korean: bool) -> Option<RoleHint> {
    let after = sentence[span.end..].trim_start().to_lowercase();
    let word = after.split_whitespace().next().unwrap_or("");
    let before = sentence[..span.start].to_lowercase();
    let before_word = before.split_whitespace().last().unwrap_or("");
    if korean {
        // Korean nouns by their own rule; an English noun as before ("'Save' button을").
        return korean_role_noun(word).map(|(_, hint)| hint).or_else(|| {
            ROLE_NOUNS.iter().find(|(noun, _)| noun.is_ascii() && word.starts_with(noun)).map(|(_, hint)| *hint)
        });
    }
    ROLE_NOUNS
        .iter()
        .find(|(noun, _)| word.trim_end_matches([',', '.']) == *noun)
        .or_else(|| ROLE_NOUNS.iter().find(|(noun, _)| before_word == *noun))
        .map(|(_, hint)| *hint)
}

/// Whether a screen's name is only the word for any screen ("page", "the screen", "이 화면"):
/// where something is shown, not which screen.
pub fn names_no_screen(name: &str) -> bool {
    let name = crate::normalize(name);
    let name = ["the ", "this ", "current ", "이 ", "현재 "]
        .iter()
        .fold(name.as_str(), |n, lead| n.strip_prefix(lead).unwrap_or(n));
    ROLE_NOUNS.iter().any(|(noun, hint)| *hint == RoleHint::Screen && *noun == name)
}

/// Words that say the whole application rather than a screen of it ("Open the app").
pub const APP_WORDS: &[&str] = &[
    "app",
    "application",
    "the app",
    "site",
    "system",
    "앱",
    "애플리케이션",
    "어플리케이션",
    "시스템",
    "사이트",
    "서비스",
    "웹",
    "홈페이지",
];

/// What kind of product it is, said for the product itself before logging in or with its home
/// ("Open the tracker and log in", "the tracker home page"); elsewhere a wiki or a tracker may
/// be a part of the app ("go to its Wiki").
pub const PRODUCT_KINDS: &[&str] = &["tracker", "wiki", "portal", "cms", "위키", "사내위키", "포털"];

/// Sides of a screen a thing is said to sit on ("상단 검색창", "왼쪽 메뉴").
/// The sides of a page a menu or a bar is named by ("왼쪽 메뉴"); the top and the bottom say
/// which of same-named elements instead.
pub const KO_BAR_SIDES: &[&str] = &["왼쪽", "오른쪽", "좌측", "우측"];

pub const KO_SIDES: &[&str] = &["상단", "하단", "위쪽", "아래쪽", "왼쪽", "오른쪽", "좌측", "우측"];

/// Nouns that name what a record is at — its status, priority, role — whose value the page
/// shows beside them ("the status is resolved", "상태가 '완료'로 바뀐다").
pub const PROPERTY_NOUNS: &[&str] =
    &["status", "state", "priority", "severity", "role", "stage", "phase", "resolution", "visibility"];
pub const KO_PROPERTY_NOUNS: &[&str] =
    &["상태", "진행 상태", "처리 상태", "우선순위", "중요도", "심각도", "역할", "권한", "단계", "공개 여부"];

/// What a thing is after a step, said as a change ("the status changes to Closed", "the role
/// becomes Editor"): read as "is" is.
pub const EN_CHANGED_TO: &[&str] =
    &[" is changed to ", " changes to ", " has changed to ", " becomes ", " is updated to ", " is set to ", " is now "];
