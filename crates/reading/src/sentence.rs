//! What a sentence's clauses mean read together, once each is read: opening the app before
//! logging in is the login, a login after typing into the form presses its button, a value told
//! by its quality, a box named by its use, a screen reached from a menu, a message's own words in
//! brackets.

use crate::values::field_with_described_value;
use crate::words::{APP_WORDS, KO_BAR_SIDES, KO_SIDES, PRODUCT_KINDS};
use crate::{is_hangul, Intent, RoleHint, Scope, Verb};

/// Each reading that needs the sentence's other clauses or its whole words, in place.
pub(crate) fn settle(sentence: &str, intents: &mut Vec<Intent>) {
    opened_to_log_in(intents);
    credentials_typed_to_log_in(intents);
    pressed_to_log_in(sentence, intents);
    moved_to_as_a_result(sentence, intents);
    said_by_a_field(sentence, intents);
    opened_from_a_list(sentence, intents);
    value_said_with_an_article(sentence, intents);
    for intent in intents.iter_mut() {
        screen_of_the_app(intent);
        screen_shown_as_form(intent);
        message_words_in_brackets(intent);
        described_as_value(intent);
        counted_value(intent);
        reached_from_menu(intent);
        walked_through_menus(intent);
        box_named_by_use(intent);
        pressed_by_its_look(intent);
        path_pressed(intent);
        file_named(intent);
    }
    opened_in_a_menu(sentence, intents);
    owners_page_shown(sentence, intents);
    shown_together(sentence, intents);
    for intent in intents.iter_mut() {
        shown_by_its_field(intent);
        kind_of_its_list(sentence, intent);
    }
}

/// "예약 목록에 채용 면접 예약이 있는지", "The booking list shows the Interview booking": an entry
/// of a list said with the list's kind after its name is the name; the kind is what the list
/// holds, not words the entry shows.
fn kind_of_its_list(sentence: &str, intent: &mut Intent) {
    if !matches!(intent.verb, Verb::ExpectVisible | Verb::ExpectHidden) {
        return;
    }
    let Some(target) = intent.target.as_deref() else { return };
    let Some((name, kind)) = target.rsplit_once(' ') else { return };
    let lower = sentence.to_lowercase();
    let kind_lower = kind.to_lowercase();
    let plural = format!("{kind_lower}s");
    let of_that_kind = if is_hangul(kind) {
        lower.contains(&format!("{kind_lower} 목록")) || lower.contains(&format!("{kind_lower} 리스트"))
    } else {
        kind.chars().all(|c| c.is_ascii_lowercase())
            && (lower.contains(&format!("{kind_lower} list"))
                || lower.contains(&format!("list of {plural}"))
                || lower.contains(&format!("{plural} list")))
    };
    // ("\"인사\" 분류에 속하는 문서 목록이 보인다": the list itself is what is shown.)
    let the_list_itself =
        [" 목록", " 리스트", " list"].iter().any(|l| lower.contains(&format!("{}{l}", target.to_lowercase())));
    let name = name.strip_prefix("the ").or_else(|| name.strip_prefix("The ")).unwrap_or(name).trim();
    if of_that_kind && !the_list_itself && !name.is_empty() {
        intent.target = Some(name.to_string());
    }
}

/// "the list should show it with its URL /shipping/", "… with her email ann@example.com": what
/// is looked for is the value; the field's name beside it says which value it is.
fn shown_by_its_field(intent: &mut Intent) {
    if intent.verb != Verb::ExpectVisible {
        return;
    }
    let Some(target) = intent.target.as_deref() else { return };
    let words: Vec<&str> = target.split_whitespace().collect();
    let owner = words.first().is_some_and(|w| ["its", "his", "her", "their"].contains(&w.to_lowercase().as_str()));
    // ("his mobile number and Clients" is a list, and "his mobile number" the value typed
    // into that field, which the plan resolves.)
    if !owner || words.len() < 3 || target.contains(',') || words.iter().any(|w| *w == "and" || *w == "or") {
        return;
    }
    // The value: the words from the first that is no word in small letters ("/shipping/",
    // "ann@example.com", "Closed").
    let shown_as_is = |w: &&str| {
        !w.starts_with(|c: char| c.is_lowercase()) || w.contains(|c: char| c.is_ascii_digit() || "@/.$".contains(c))
    };
    if let Some(at) = (2..words.len()).find(|&k| words[k..].iter().all(shown_as_is)) {
        intent.target = Some(words[at..].join(" "));
    }
}

/// "Harbor Books Ltd is listed among the partners together with Acme Book Distributors": the
/// one named after "together with", "along with" or "alongside" is shown there too.
fn shown_together(sentence: &str, intents: &mut Vec<Intent>) {
    let [check] = intents.as_slice() else { return };
    if check.verb != Verb::ExpectVisible || check.target.is_none() {
        return;
    }
    let body = sentence.trim().trim_end_matches(['.', '!']);
    let lower = body.to_ascii_lowercase();
    let Some((at, joint)) =
        [" together with ", " along with ", " alongside "].iter().find_map(|j| lower.rfind(j).map(|at| (at, j.len())))
    else {
        return;
    };
    let other = body[at + joint..].trim().trim_matches(['\'', '"']);
    let words: Vec<&str> = other.split_whitespace().collect();
    // A name as the page shows it, not "the others" or "its price".
    let named = !words.is_empty()
        && words.len() <= 6
        && words.iter().all(|w| {
            w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()) || ["of", "the", "and", "&"].contains(w)
        });
    if named && check.target.as_deref() != Some(other) {
        let mut also = check.clone();
        also.target = Some(other.to_string());
        intents.push(also);
    }
}

/// What a page holds about someone, said to be shown ("Sarah's user information is shown",
/// "Dave's details are shown", "planner01의 사용자 정보가 표시된다"): that page is open. The owner
/// is who the page is about, which the page tells its own way ("Your user information").
fn owners_page_shown(sentence: &str, intents: &mut Vec<Intent>) {
    const CONTENTS: &[&str] = &[
        "information",
        "info",
        "details",
        "profile",
        "settings",
        "preferences",
        "account",
        "정보",
        "프로필",
        "설정",
        "계정",
    ];
    for intent in intents.iter_mut().filter(|i| i.verb == Verb::ExpectVisible && i.scope.is_none()) {
        let Some(target) = intent.target.as_deref() else { continue };
        let Some((owner, page)) = target.split_once("'s ").or_else(|| target.split_once("의 ")) else { continue };
        let owner = owner.trim().trim_end_matches(" 님").trim_end_matches('님');
        let about = page.split_whitespace().last().is_some_and(|w| CONTENTS.contains(&w.to_lowercase().as_str()));
        if about && !owner.is_empty() && owner.split_whitespace().count() <= 3 {
            *intent = Intent::new(Verb::ExpectScreen, Some(page.trim().to_string()), Some(RoleHint::Screen));
        }
    }
    // Korean splits "planner01의 사용자 정보" into two checks before the owner is seen: the
    // owner's is the page's.
    let split = intents.len() == 2
        && intents[0].verb == Verb::ExpectVisible
        && intents[1].verb == Verb::ExpectVisible
        && intents.iter().all(|i| i.scope.is_none())
        && intents[1]
            .target
            .as_deref()
            .and_then(|t| t.split_whitespace().last())
            .is_some_and(|w| CONTENTS.contains(&w))
        && match (intents[0].target.as_deref(), intents[1].target.as_deref()) {
            (Some(owner), Some(page)) => {
                sentence.contains(&format!("{owner}의 {page}")) || sentence.contains(&format!("{owner} 님의 {page}"))
            }
            _ => false,
        };
    if split {
        intents.remove(0);
        intents[0].verb = Verb::ExpectScreen;
        intents[0].hint = Some(RoleHint::Screen);
    }
}

/// Opening an item of a bar on the page is pressing it: "왼쪽 메뉴의 설정을 열고" presses
/// Settings in the left menu. A move ("설정 메뉴에서 그룹 화면으로 이동한다") names a screen
/// reached through the menu, and stays one; so does a menu inside the bar ("사이드바의 페이지
/// 메뉴에서 …를 연다"), which the engine opens on the way.
fn opened_in_a_menu(sentence: &str, intents: &mut [Intent]) {
    let words: Vec<&str> = sentence.split_whitespace().map(|w| w.trim_end_matches(['.', ','])).collect();
    let opens = words.iter().any(|w| ["연다", "열고", "열어", "열면", "열어서", "열어야"].contains(w));
    let moves = words.iter().any(|w| ["이동", "들어가", "접속", "방문"].iter().any(|m| w.contains(m)));
    if !opens || moves {
        return;
    }
    for intent in intents.iter_mut().filter(|i| i.verb == Verb::Navigate) {
        // "왼쪽 메뉴", "사이드바": a bar on the page holds the item.
        let bar = match &intent.scope {
            Some(Scope::Region(place)) => {
                place.split_whitespace().next().is_some_and(|w| KO_BAR_SIDES.contains(&w)) || place == "사이드바"
            }
            _ => false,
        };
        if bar {
            intent.verb = Verb::Click;
            intent.hint = None;
        }
    }
}

/// "Upload the file sample.pdf", "sample.pdf 파일을 첨부한다", "Attach report.xlsx to the
/// ticket": the file's name is what is uploaded; the rest, if anything, names where.
fn file_named(intent: &mut Intent) {
    if intent.verb != Verb::Upload || intent.value.is_some() {
        return;
    }
    let Some(target) = intent.target.as_deref() else { return };
    let is_file = |w: &str| {
        let w = w.trim_matches(['\'', '"', ',', '.']);
        w.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty() && (2..=5).contains(&ext.len()) && ext.chars().all(|c| c.is_ascii_alphanumeric())
        })
    };
    let words: Vec<&str> = target.split_whitespace().collect();
    let Some(at) = words.iter().position(|w| is_file(w)) else { return };
    let file = words[at].trim_matches(['\'', '"', ',']).to_string();
    // Where: after "to"/"into" ("to the ticket"), or the words before the name that are not
    // the word "file".
    let after: Vec<&str> = words[at + 1..]
        .iter()
        .copied()
        .skip_while(|w| ["to", "into", "in", "the", "파일을", "파일"].contains(&w.to_lowercase().as_str()))
        .collect();
    let before: Vec<&str> = words[..at]
        .iter()
        .copied()
        .filter(|w| !["the", "a", "file", "파일"].contains(&w.to_lowercase().as_str()))
        .collect();
    let place = if after.is_empty() { before.join(" ") } else { after.join(" ") };
    intent.value = Some(file);
    intent.target =
        Some(if place.is_empty() { if is_hangul(target) { "파일" } else { "file" }.to_string() } else { place });
}

/// "select Settings > General", "Click Posts → Add New": a path through menus is gone along,
/// each level pressed in turn, as "Go to Settings > General" is.
fn path_pressed(intent: &mut Intent) {
    if intent.verb != Verb::Click || intent.scope.is_some() {
        return;
    }
    let Some(target) = intent.target.as_deref() else { return };
    let levels = [" > ", " → ", " » ", " › "]
        .iter()
        .find(|sep| target.contains(**sep))
        .map(|sep| target.split(sep).filter(|p| !p.trim().is_empty()).count())
        .unwrap_or(0);
    if levels >= 2 {
        intent.verb = Verb::Navigate;
        intent.hint = Some(RoleHint::Screen);
    }
}

/// Words that tell how a control looks, not what it is called ("the blue Publish button",
/// "파란색 저장 버튼").
const LOOK_WORDS: &[&str] = &[
    "blue",
    "red",
    "green",
    "grey",
    "gray",
    "orange",
    "yellow",
    "white",
    "black",
    "purple",
    "primary",
    "big",
    "large",
    "small",
    "little",
    "round",
    "파란",
    "파란색",
    "빨간",
    "빨간색",
    "초록색",
    "녹색",
    "회색",
    "큰",
    "작은",
];
/// Words after a name that say what kind of place it heads ("the Visibility section").
const SECTION_WORDS: &[&str] = &["section", "panel", "accordion"];

/// "Click the blue Publish button", "Expand the Visibility section": the control is named
/// without its colour or size, and a section by its own name.
fn pressed_by_its_look(intent: &mut Intent) {
    if !matches!(intent.verb, Verb::Click | Verb::DoubleClick | Verb::Hover) {
        return;
    }
    let Some(target) = intent.target.as_deref() else { return };
    let mut words: Vec<&str> = target.split_whitespace().collect();
    while words.len() > 1 && LOOK_WORDS.contains(&words[0].to_lowercase().as_str()) {
        words.remove(0);
    }
    if words.len() > 1 && words.last().is_some_and(|w| SECTION_WORDS.contains(&w.to_lowercase().as_str())) {
        words.pop();
    }
    intent.target = Some(words.join(" "));
}

/// "Open the tracker home page", "Go to the app's start page": the product's home, said with
/// the word for the product, is the home page.
fn screen_of_the_app(intent: &mut Intent) {
    if intent.verb != Verb::Navigate {
        return;
    }
    let Some(target) = intent.target.as_deref() else { return };
    let Some((first, rest)) = target.trim().split_once(' ') else { return };
    let first = first.to_lowercase();
    let first = first.strip_suffix("'s").unwrap_or(&first);
    let home = ["home", "homepage", "start", "main", "front", "landing"];
    let product = APP_WORDS.contains(&first) || PRODUCT_KINDS.contains(&first);
    if product && first.is_ascii() && home.contains(&rest.trim().to_lowercase().as_str()) {
        intent.target = Some(rest.trim().to_string());
    }
}

/// "The registration form is shown", "가입 양식이 열린다": a screen checked by the form it shows
/// is that screen ("registration"), as "the registration page" is.
fn screen_shown_as_form(intent: &mut Intent) {
    if intent.verb != Verb::ExpectScreen {
        return;
    }
    let Some(target) = intent.target.as_deref().map(str::trim) else { return };
    let Some((name, kind)) = target.rsplit_once(' ') else { return };
    if ["form", "양식", "폼", "입력 폼"].contains(&kind.to_lowercase().as_str()) && !name.trim().is_empty() {
        intent.target = Some(name.trim().to_string());
    }
}

/// "The contact is saved successfully (added row)", "예약이 완료된다 (예약이 등록되었습니다)":
/// a message told by its gist with the words it shows in brackets — those words are what to
/// look for.
fn message_words_in_brackets(intent: &mut Intent) {
    if intent.verb != Verb::ExpectMessage {
        return;
    }
    let Some(target) = intent.target.as_deref().map(str::trim) else { return };
    let Some((gist, inner)) = target.strip_suffix([')', '）']).and_then(|t| t.rsplit_once(['(', '（'])) else {
        return;
    };
    let (gist, inner) = (gist.trim(), inner.trim());
    let lower = inner.to_lowercase();
    let aside = ["see ", "note", "if ", "optional", "e.g", "i.e", "screenshot", "toast", "토스트", "참고", "선택"];
    let words = inner.split_whitespace().count();
    if !(1..=6).contains(&words) || gist.is_empty() {
        return;
    }
    if aside.iter().any(|a| lower.starts_with(a)) {
        // The gist alone: the aside is no words of the message.
        intent.target = Some(gist.to_string());
    } else {
        intent.target = Some(inner.to_string());
    }
}

/// "올바른 비밀번호를 다시 입력하고 로그인한다", "enter the new password and sign in again":
/// after the sentence typed into the form itself, logging in is pressing the form's button,
/// named as the sentence says it.
fn pressed_to_log_in(sentence: &str, intents: &mut [Intent]) {
    let Some(at) = intents.iter().position(|i| i.verb == Verb::LogIn && i.target.is_none()) else { return };
    if !intents[..at].iter().any(|i| i.verb == Verb::Fill) {
        return;
    }
    let lower = sentence.to_lowercase();
    let said = ["로그인", "sign in", "log in", "login", "log on", "sign on"]
        .into_iter()
        .filter_map(|w| lower.rfind(w).map(|i| (i, w)))
        .max()
        .map(|(_, w)| w);
    let Some(said) = said else { return };
    let mut name = said.to_string();
    if let Some(first) = name.get(..1).filter(|f| f.is_ascii()) {
        name = format!("{}{}", first.to_uppercase(), &name[1..]);
    }
    intents[at] = Intent::new(Verb::Click, Some(name), Some(RoleHint::Button));
}

/// "예약 목록 화면으로 이동하고 상단에 김민수 님이 표시된다": a move joined to what is then shown
/// says where the step before led — a screen to check, never one the engine goes to itself
/// (which would pass whatever the app did).
fn moved_to_as_a_result(sentence: &str, intents: &mut [Intent]) {
    let joined = ["이동하고", "이동되고", "이동하며", "이동되며", "넘어가고", "전환되고"];
    let Some((first, rest)) = intents.split_first_mut() else { return };
    let results = !rest.is_empty() && rest.iter().all(|i| i.verb.is_expectation());
    if first.verb == Verb::Navigate && results && joined.iter().any(|j| sentence.contains(j)) {
        first.verb = Verb::ExpectScreen;
    }
    // "[저장] 버튼을 클릭하면 상품 목록 화면으로 이동한다": what the press leads to, said after
    // "-면", is where the app must have gone.
    let pressed_then = ["클릭하면", "누르면", "선택하면", "저장하면", "등록하면"].iter().find_map(|c| sentence.find(c));
    let moves = ["이동한다", "이동된다", "이동합니다", "넘어간다", "전환된다"];
    if let Some(at) = pressed_then {
        let after = &sentence[at..];
        let acted = intents.iter().position(|i| !i.verb.is_expectation() && i.verb != Verb::Navigate);
        for (k, intent) in intents.iter_mut().enumerate() {
            let led_there = intent.target.as_deref().is_some_and(|t| after.contains(t));
            let moved = moves.iter().any(|m| after.trim_end_matches(['.', ' ']).ends_with(m));
            if intent.verb == Verb::Navigate && acted.is_some_and(|a| a < k) && led_there && moved {
                intent.verb = Verb::ExpectScreen;
            }
        }
    }
}

/// "the Email field says \"Must be a valid e-mail address\"": the words are shown at that field
/// (its message), where the check looks.
fn said_by_a_field(sentence: &str, intents: &mut [Intent]) {
    // (ASCII lower-casing keeps byte positions, so `at` cuts the sentence where it cuts `lower`.)
    let lower = sentence.to_ascii_lowercase();
    let Some(at) = [" field says ", " field shows ", " field reads "].iter().find_map(|p| lower.find(p)) else {
        return;
    };
    let before = &sentence[..at];
    let name = before.rsplit_once(" the ").map_or(before, |(_, n)| n).trim();
    let name = name.strip_prefix("the ").or_else(|| name.strip_prefix("The ")).unwrap_or(name);
    if name.is_empty() || name.split_whitespace().count() > 4 {
        return;
    }
    for intent in intents.iter_mut() {
        let shown = matches!(intent.verb, Verb::ExpectVisible | Verb::ExpectError | Verb::ExpectMessage);
        // Only the words the field says (after it), not another check of the sentence.
        let said_there = intent.target.as_deref().is_some_and(|t| sentence[at..].contains(t));
        if shown && intent.scope.is_none() && said_there {
            intent.scope = Some(Scope::Region(name.to_string()));
        }
    }
}

/// "Open the app and log in as admin", "Open the dashboard login page and log in": opening the
/// application, or its login page, before logging in is part of logging in (which finds its own
/// form), never a screen to reach of its own.
fn opened_to_log_in(intents: &mut Vec<Intent>) {
    let opens_for_login = |i: &Intent| {
        let Some(target) = i.target.as_deref().filter(|_| i.verb == Verb::Navigate) else { return false };
        let name = crate::normalize(target);
        let name = name.trim_start_matches("the ");
        let last = name.split_whitespace().last().unwrap_or_default();
        let login = ["login", "log in", "sign in", "sign-in", "signin", "로그인"].iter().any(|w| name.contains(w));
        login || APP_WORDS.iter().chain(PRODUCT_KINDS).any(|w| name == *w || last == *w)
    };
    let mut at = 0;
    while at + 1 < intents.len() {
        if intents[at + 1].verb == Verb::LogIn && opens_for_login(&intents[at]) {
            intents.remove(at);
        } else {
            at += 1;
        }
    }
}

/// "Type a name for the new category in the Name box", "Enter an address you can read": a value
/// said after "a"/"an", unquoted, describes what to type — the article, dropped on the way, is
/// given back so the engine asks rather than types the words.
fn value_said_with_an_article(sentence: &str, intents: &mut [Intent]) {
    let lower = sentence.to_lowercase();
    for intent in intents.iter_mut().filter(|i| matches!(i.verb, Verb::Fill | Verb::Append)) {
        // "Enter a title for your post": the field is the kind of value, the words describe it.
        if let (None, Some(target)) = (intent.value.as_deref(), intent.target.clone()) {
            let said = ["a ", "an "].iter().find(|a| lower.contains(&format!("{a}{}", target.to_lowercase())));
            if let (Some(article), Some((field, _))) = (said, target.split_once(" for ")) {
                intent.value = Some(format!("{article}{target}"));
                intent.target = Some(field.trim().to_string());
                continue;
            }
        }
        let Some(value) = intent.value.as_deref().filter(|v| v.split_whitespace().count() >= 2) else { continue };
        let value_lower = value.to_lowercase();
        let quoted = ['\'', '"', '‘', '“'].iter().any(|q| lower.contains(&format!("{q}{value_lower}")));
        let article = ["a ", "an ", "some ", "any "]
            .iter()
            .find(|a| lower.contains(&format!(" {a}{value_lower}")) && !value_lower.starts_with(**a));
        if let (Some(article), false) = (article, quoted) {
            intent.value = Some(format!("{article}{value}"));
        }
    }
}

/// "ID/PW 입력 후 로그인 버튼 클릭", "Enter your username and password and click Log in": typing
/// the account's name and password with no values given, then its button, is the login — as
/// whoever the spec or the person says.
fn credentials_typed_to_log_in(intents: &mut Vec<Intent>) {
    let user_words = ["아이디", "id", "username", "user name", "login", "e-mail", "email", "이메일", "사용자 이름"];
    let password_words = ["비밀번호", "password", "pw", "암호"];
    // A field typed with no value but words that describe it, and which of the two it names.
    let credential = |i: &Intent| -> (bool, bool) {
        let target = i.target.as_deref().map(str::to_lowercase).unwrap_or_default();
        let described = i.value.as_deref().is_none_or(|v| crate::describes_value(v, &target));
        let typed = i.verb == Verb::Fill && described;
        let names = |words: &[&str]| typed && words.iter().any(|w| target.contains(w));
        (names(&user_words), names(&password_words))
    };
    // One field named for both ("아이디/비밀번호"), or the two in a row ("the username and password").
    let Some(at) = intents.iter().enumerate().position(|(at, i)| {
        let (user, password) = credential(i);
        (user && password) || (user && intents.get(at + 1).is_some_and(|next| credential(next) == (false, true)))
    }) else {
        return;
    };
    if credential(&intents[at]) == (true, false) {
        intents.remove(at + 1);
    }
    intents[at] = Intent::new(Verb::LogIn, None, None);
    // Its button is the login's own.
    let button = ["로그인", "log in", "login", "sign in"];
    if intents.get(at + 1).is_some_and(|next| {
        next.verb == Verb::Click && next.target.as_deref().is_some_and(|t| button.contains(&t.to_lowercase().as_str()))
    }) {
        intents.remove(at + 1);
    }
}

/// Words before a field's name that only ever say which value goes in it, never name a field:
/// "올바른 비밀번호를 입력한다" types the right password into "비밀번호".
const VALUE_ONLY_MODIFIERS: &[&str] = &["올바른", "정확한", "정상적인", "유효한", "correct", "right", "valid"];

/// "참석 인원 8명", "수량을 3개로", "2박": a count typed is its number; the counter word
/// ("명", "개") is how Korean counts, not part of the value.
fn counted_value(intent: &mut Intent) {
    const COUNTERS: &[&str] =
        &["명", "개", "건", "장", "권", "대", "매", "벌", "잔", "병", "마리", "켤레", "인", "박", "부", "곳", "가지"];
    if !matches!(intent.verb, Verb::Fill | Verb::Select) {
        return;
    }
    let Some(value) = intent.value.as_deref().map(str::trim) else { return };
    let end = value.find(|c: char| !(c.is_ascii_digit() || c == ',')).unwrap_or(value.len());
    let (number, counter) = value.split_at(end);
    if !number.starts_with(|c: char| c.is_ascii_digit()) || !COUNTERS.contains(&counter.trim_start()) {
        return;
    }
    intent.value = Some(number.replace(',', ""));
}

/// "올바른 비밀번호를 입력한다", "Enter the correct password": the field is the name, the words
/// describe the value typed (which the engine takes from the environment or asks for).
fn described_as_value(intent: &mut Intent) {
    if intent.verb != Verb::Fill || intent.value.is_some() {
        return;
    }
    let Some(target) = intent.target.as_deref() else { return };
    let words: Vec<&str> = target.split_whitespace().collect();
    let first = words.first().map(|w| w.to_lowercase()).unwrap_or_default();
    if words.len() >= 2 && VALUE_ONLY_MODIFIERS.contains(&first.as_str()) {
        intent.value = Some(target.to_string());
        intent.target = Some(words[1..].join(" "));
    } else if let Some((field, value)) = field_with_described_value(target) {
        // "관리자 비밀번호를 입력한 뒤", "Type a wrong password": whose value, or a wrong one.
        intent.value = Some(value);
        intent.target = Some(field);
    }
}

/// "상단 검색창에 휴가를 입력한다": a box named by what it is for ("검색창", "메모 입력창") is
/// that field ("검색"), wherever the sentence says it sits (which the page shows).
fn box_named_by_use(intent: &mut Intent) {
    if !matches!(intent.verb, Verb::Fill | Verb::Clear | Verb::Append) || intent.scope.is_some() {
        return;
    }
    let Some(target) = intent.target.as_deref() else { return };
    let mut words: Vec<&str> = target.split_whitespace().collect();
    let Some(last) = words.last().copied() else { return };
    // "the search bar", "the address bar": the field for searching.
    if words.len() >= 2 && last.eq_ignore_ascii_case("bar") {
        words.pop();
        intent.target = Some(words.join(" "));
        return;
    }
    let Some(stem) = last.strip_suffix('창').filter(|s| s.chars().count() >= 2 && is_hangul(s)) else { return };
    while words.len() > 1 && KO_SIDES.contains(&words[0].strip_suffix('의').unwrap_or(words[0])) {
        // "상단 검색창": the page's top one; "하단 메모창": its bottom one.
        let side = words.remove(0).trim_end_matches('의');
        if ["상단", "위쪽"].contains(&side) {
            intent.scope = Some(Scope::First);
        } else if ["하단", "아래쪽"].contains(&side) {
            intent.scope = Some(Scope::Last);
        }
    }
    let n = words.len();
    // "댓글 입력창", "메모입력창": the box for typing a comment is the comment field.
    match stem.strip_suffix("입력") {
        Some("") if n > 1 => {
            words.pop();
        }
        Some(named) if named.chars().count() >= 2 => words[n - 1] = named,
        _ => words[n - 1] = stem,
    }
    intent.target = Some(words.join(" "));
}

/// Nouns of a list of records that a record is opened from ("Posts 컬렉션에서", "from the Posts
/// collection").
const LIST_NOUNS_KO: &[&str] = &["컬렉션", "목록", "리스트"];
const LIST_NOUNS_EN: &[&str] = &["collection", "list"];

/// "Posts 컬렉션에서 \"How we ship on Fridays\" 글을 연다", "Open the post \"Welcome\" from the
/// Posts collection": the record is opened from that list, which is where the way to it starts.
fn opened_from_a_list(sentence: &str, intents: &mut [Intent]) {
    let mut opens = intents.iter_mut().filter(|i| i.verb == Verb::Navigate);
    let (Some(open), None) = (opens.next(), opens.next()) else { return };
    if open.scope.is_some() || open.target.is_none() {
        return;
    }
    let words: Vec<&str> = sentence.split_whitespace().collect();
    let bare = |w: &str| w.trim_matches(['\'', '"', '“', '”', '‘', '’', ',', '.']).to_string();
    let place = if is_hangul(sentence) {
        words
            .iter()
            .position(|w| LIST_NOUNS_KO.iter().any(|n| *w == format!("{n}에서")))
            .and_then(|at| (at >= 1).then(|| bare(words[at - 1])))
    } else {
        let lower: Vec<String> = words.iter().map(|w| bare(w).to_lowercase()).collect();
        lower.iter().position(|w| LIST_NOUNS_EN.contains(&w.as_str())).and_then(|at| {
            let from = lower[..at].iter().rposition(|w| w == "the")?;
            let by = from.checked_sub(1).map(|i| lower[i].as_str());
            let place: Vec<String> = words[from + 1..at].iter().map(|w| bare(w)).collect();
            (matches!(by, Some("from" | "in")) && (1..=3).contains(&place.len())).then(|| place.join(" "))
        })
    };
    let Some(place) = place.filter(|p| !p.is_empty()) else { return };
    if open.target.as_deref().is_some_and(|t| crate::normalize(t) == crate::normalize(&place)) {
        return;
    }
    // "상품 목록에서 무선 마우스 상세 화면으로": the list is where, not a word of the record's name.
    let record =
        open.target.as_deref().and_then(|t| t.split_once("에서 ")).filter(|(list, _)| {
            list.strip_prefix(place.as_str()).is_some_and(|noun| LIST_NOUNS_KO.contains(&noun.trim()))
        });
    if let Some((_, record)) = record.filter(|(_, r)| !r.trim().is_empty()) {
        open.target = Some(record.trim().to_string());
    }
    open.scope = Some(Scope::Region(place));
}

/// "Settings의 Site Settings에 들어가", "Open the contact list from the Contacts menu": a
/// screen said as the way to it is that path, level by level. (A path in brackets beside the
/// screen's name, "the product list (Catalog > Products)", keeps the name: the engine remembers
/// the screen by it.)
fn walked_through_menus(intent: &mut Intent) {
    if intent.verb != Verb::Navigate || intent.scope.is_some() {
        return;
    }
    let Some(target) = intent.target.as_deref().filter(|t| !t.contains('(')) else { return };
    if let Some(path) = crate::paths::menu_path(target) {
        intent.target = Some(path);
    }
}

/// "설정 메뉴에서 그룹 관리 화면으로 이동한다": the screen is reached from the menu the words
/// name first, which is where the engine looks for its link.
fn reached_from_menu(intent: &mut Intent) {
    if intent.verb != Verb::Navigate || intent.scope.is_some() {
        return;
    }
    let Some(target) = intent.target.as_deref() else { return };
    for marker in [" 메뉴에서 ", " 메뉴의 ", " 메뉴에 있는 ", " 메뉴 "] {
        if let Some((menu, screen)) = target.split_once(marker) {
            let (menu, screen) = (menu.trim(), screen.trim());
            if !menu.is_empty() && !screen.is_empty() {
                // "왼쪽 메뉴의 설정": a menu told by where it is keeps the word menu.
                let menu = if KO_SIDES.contains(&menu) { format!("{menu} 메뉴") } else { menu.to_string() };
                intent.scope = Some(Scope::Region(menu));
                intent.target = Some(screen.to_string());
                return;
            }
        }
    }
    // "사이드바에서 주문 관리를 연다": the bar it is reached from; "대문에서 최근 바뀜으로
    // 이동한다": the screen it is reached from, where the engine already is.
    let Some((from, screen)) = target.split_once(' ') else { return };
    let Some(place) = from.strip_suffix("에서").or_else(|| from.strip_suffix('의').filter(|p| *p == "사이드바"))
    else {
        return;
    };
    let screen = screen.trim();
    if place.is_empty() || screen.is_empty() || !is_hangul(place) {
        return;
    }
    intent.scope = (place == "사이드바").then(|| Scope::Region(place.to_string()));
    intent.target = Some(screen.to_string());
}
