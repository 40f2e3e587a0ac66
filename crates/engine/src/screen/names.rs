//! Screens by their words: which words of a screen's name count (not "page", "the", a record's
//! mode), whether a heading or a link names it, and which link names it best.

use specwright_browser::SnapshotNode;
use specwright_reading::normalize;

/// Words a screen's name may carry that its heading need not ("관리자 로그인" is the "로그인" page).
pub(super) const SOFT_WORDS: &[&str] = &[
    "home",
    "홈",
    "start",
    "관리자",
    "관리",
    "admin",
    "administrator",
    "목록",
    "리스트",
    "list",
    "collection",
    "컬렉션",
    "메뉴",
    "menu",
    "기능",
    "정보",
    "메인",
    "main",
    "the",
    "of",
    "all",
];

/// Words that say whose a screen is ("Your Details", "my details", "내 예약").
const WHOSE: &[&str] = &["your", "my", "내", "나의"];

/// Whether words say whose a screen is ("Your Details", "my details").
fn says_whose(words: &[String]) -> bool {
    words.iter().any(|w| WHOSE.contains(&w.as_str()))
}

/// Whether a name that says whose it is ("my details", "Your Issues") meets a label that says
/// so too, in its own words ("Your Details"): "Your Issues" is not any issue's page.
fn said_whose(name: &[String], label: &[String]) -> bool {
    !says_whose(name) || says_whose(label)
}

/// The words of a screen's name or heading that name it, without whose it is when `whose`.
fn named_by(words: &[String], whose: bool) -> Vec<String> {
    hard(words).into_iter().filter(|w| !whose || !WHOSE.contains(&w.as_str())).collect()
}

/// Words that only say it is a screen.
pub(super) const SCREEN_WORDS: &[&str] = &["화면", "페이지", "page", "screen", "view", "창", "window", "form", "양식"];

/// Words a heading adds to say how a record is shown, not which screen it is.
pub(super) const MODE_WORDS: &[&str] = &["editing", "edit", "detail", "view", "상세", "수정", "보기", "편집"];

pub(super) fn words(text: &str) -> Vec<String> {
    // One spelling for logging in, whatever the page or the spec writes.
    let text = normalize(text)
        .replace("log in", "login")
        .replace("sign in", "login")
        .replace("signin", "login")
        .replace("로그인", "login");
    // "Issue3": a record's number glued to its kind.
    let mut spaced = String::with_capacity(text.len());
    let mut prev: Option<char> = None;
    for c in text.chars() {
        if prev.is_some_and(|p| p.is_alphabetic() != c.is_alphabetic() && p.is_alphanumeric() && c.is_alphanumeric()) {
            spaced.push(' ');
        }
        spaced.push(c);
        prev = Some(c);
    }
    spaced
        .split_whitespace()
        .filter(|w| !SCREEN_WORDS.contains(w))
        .map(|w| w.trim_end_matches('s').to_string())
        .filter(|w| !w.is_empty())
        .collect()
}

pub(super) fn hard(words: &[String]) -> Vec<String> {
    words.iter().filter(|w| !SOFT_WORDS.contains(&w.as_str())).cloned().collect()
}

/// Whether `label` (a heading) names the screen `name`: every word that matters in each is in
/// the other, Korean words compared without their spaces.
pub(super) fn names_screen(name: &str, label: &str) -> bool {
    let (n, l) = (words(name), words(label));
    // A record's number and the mode it is shown in ("Issue3 Editing", "주문 #12 상세") are not
    // part of the screen's name.
    // Never for a list: "User7 Editing" is one user's screen, not the user list.
    let list = n.iter().any(|w| ["list", "목록", "리스트"].contains(&w.as_str()));
    let record = |w: &String| !list && (w.chars().all(|c| c.is_ascii_digit()) || MODE_WORDS.contains(&w.as_str()));
    // Whose it is, the page says its own way ("Your user information" for "user information",
    // "Your Details" for "my details") — but "Your Issues" is not the issue list.
    let whose = says_whose(&n) || hard(&n).len() >= 2;
    if !said_whose(&n, &l) {
        return false;
    }
    let hl: Vec<String> = named_by(&l, whose).into_iter().filter(|w| !record(w) || n.contains(w)).collect();
    let hn = named_by(&n, true);
    if hn.is_empty() || hl.is_empty() {
        return !n.is_empty() && n == l;
    }
    let joined_l: String = l.concat();
    let joined_n: String = n.concat();
    hn.iter().all(|w| l.contains(w) || joined_l.contains(w.as_str()))
        && hl.iter().all(|w| n.contains(w) || joined_n.contains(w.as_str()))
}

/// Whether a link's name leads to the screen `name`: the screen's words are all in it.
pub(super) fn leads_to(name: &str, label: &str) -> bool {
    let (n, l) = (words(name), words(label));
    let hn = named_by(&n, true);
    let joined: String = l.concat();
    said_whose(&n, &l) && !hn.is_empty() && hn.iter().all(|w| l.contains(w) || joined.contains(w.as_str()))
}

/// Whether the name means the application itself ("Open the app", "회의실 예약 시스템에 접속한다").
pub(super) fn is_the_app(name: &str) -> bool {
    let n = normalize(name);
    let last = n.split_whitespace().last().unwrap_or("");
    const HOME: &[&str] =
        &["home", "홈", "메인", "main page", "start page", "첫 화면", "시작 화면", "home page", "homepage"];
    specwright_reading::APP_WORDS.iter().any(|w| n == *w || last == *w) || HOME.iter().any(|w| n == *w || last == *w)
}

/// A heading that holds a number the screen's name does not ("Issue8 Editing", "주문 #1024"): its
/// longest stretch without digits that still names the screen; `None` for a heading without one.
pub(super) fn stable_part(name: &str, heading: &str) -> Option<String> {
    if !heading.chars().any(|c| c.is_ascii_digit()) || name.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    heading
        .split(|c: char| c.is_ascii_digit())
        .map(|part| part.trim_matches(|c: char| !c.is_alphanumeric()).trim())
        .filter(|part| !part.is_empty() && names_screen(name, part))
        .max_by_key(|part| part.chars().count())
        .map(str::to_string)
}

/// A Playwright name pattern for a heading whose numbers change from run to run: the whole
/// text, each run of digits any number ("Issue8 Editing" → `/^Issue\d+ Editing$/`).
pub(super) fn any_number(heading: &str) -> String {
    let mut pattern = String::from("/^");
    let mut in_number = false;
    for c in heading.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                pattern.push_str("\\d+");
            }
            in_number = true;
            continue;
        }
        in_number = false;
        if "\\^$.|?*+()[]{}/".contains(c) {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push_str("$/");
    pattern
}

/// The one best-fitting (role, name) of a list, when no other fits as well.
pub(super) fn best_fit(list: &[(String, String, usize)]) -> Option<(String, String)> {
    let top = list.iter().map(|c| c.2).max()?;
    let mut at_top = list.iter().filter(|c| c.2 == top);
    let first = at_top.next()?;
    at_top.next().is_none().then(|| (first.0.clone(), first.1.clone()))
}

/// The link or tab a sentence names as a list of its items ("the issue list", "the news
/// list" beside "Issues", "News"), one of it.
pub(super) fn list_named(sentence: &str, nodes: &[SnapshotNode]) -> Option<(String, String)> {
    let said = words(sentence);
    let mut found = nodes.iter().filter(|n| matches!(n.role.as_str(), "link" | "tab") && !n.hidden).filter(|n| {
        let name = n.name.as_deref().map(words).unwrap_or_default();
        let [item] = name.as_slice() else { return false };
        let one = item.strip_suffix('s').unwrap_or(item);
        said.windows(2).any(|w| (w[0] == *item || w[0] == one) && w[1] == "list") && one.chars().count() >= 3
    });
    let node = found.next()?;
    if found.next().is_some() {
        return None;
    }
    Some((node.role.clone(), node.name.clone()?))
}

/// `sentence` without the words of `label` (once, as a whole; a plural label as its one item,
/// "Issues" out of "the issue list").
pub(super) fn without_words(sentence: &str, label: &str) -> String {
    let lower = sentence.to_lowercase();
    let label = label.to_lowercase();
    let one = label.strip_suffix('s').unwrap_or(&label);
    for words in [label.as_str(), one] {
        if let Some(at) = lower.find(words) {
            // Lower-casing keeps ASCII offsets; anything else is left as it was.
            if lower.len() == sentence.len()
                && sentence.is_char_boundary(at)
                && sentence.is_char_boundary(at + words.len())
            {
                return format!("{}{}", &sentence[..at], &sentence[at + words.len()..]);
            }
        }
    }
    sentence.to_string()
}

/// How well a link's name fits the screen's: ten per word of the screen it holds, less one per
/// word it adds.
pub(super) fn fit(name: &str, label: &str) -> usize {
    let (n, l) = (words(name), words(label));
    let joined: String = l.concat();
    // "my" in the name is held by the label's "Your" when both say whose it is.
    let both = says_whose(&n) && says_whose(&l);
    let whose = |w: &String| both && WHOSE.contains(&w.as_str());
    let held = n.iter().filter(|w| l.contains(w) || joined.contains(w.as_str()) || whose(w)).count();
    let extra = l.iter().filter(|w| !n.contains(w) && !whose(w)).count();
    (held * 10).saturating_sub(extra)
}

/// The one link or button whose whole name a person's answer holds, the longest when several
/// do, and only one that says more than a word or two of the answer: the page's own vocabulary
/// names what to press before the answer's words are read as a sentence.
pub(super) fn named_in_answer(answer: &str, nodes: &[SnapshotNode]) -> Option<String> {
    let said = normalize(answer);
    let mut names: Vec<String> = nodes
        .iter()
        .filter(|n| matches!(n.role.as_str(), "link" | "button" | "menuitem" | "tab"))
        .filter_map(|n| n.name.clone())
        .filter(|name| {
            let name = normalize(name);
            let words = name.split_whitespace().count();
            // Whole words of the answer, and most of it: never "Show" inside a long answer.
            words >= 2 && 2 * name.len() >= said.len() && format!(" {said} ").contains(&format!(" {name} "))
        })
        .collect();
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    names.dedup();
    let longest = names.first()?;
    // Two different names of the same length: which one is meant is the person's, not ours.
    (names.get(1).is_none_or(|second| second.len() < longest.len())).then(|| longest.clone())
}
