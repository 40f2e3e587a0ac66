//! A press told with where it leads or what it is for ("링크를 눌러 문서로 이동한다", "Click the
//! Policies link to go to the page", "Double-click the file name to rename it"): the press is
//! the step; the rest is its purpose or result, which the next step shows. And a box made sure
//! of ("Make sure the Remember me box is unchecked") is set.

use crate::is_hangul;

/// Korean forms of a press that lead into what follows it.
const KO_PRESSES: &[&str] = &["눌러", "눌러서", "클릭해", "클릭해서", "클릭하여", "선택해", "선택하여"];
/// Korean verbs of moving somewhere.
const KO_MOVES: &[&str] = &["이동", "들어가", "들어간", "넘어가", "넘어간"];
/// English verbs that say what a press is for after "to" ("… to rename it"): never the words of a
/// control's name, which go on with a noun ("Add to cart", "Back to list").
const EN_PURPOSES: &[&str] = &[
    "go", "open", "get", "navigate", "move", "rename", "edit", "save", "delete", "remove", "confirm", "submit",
    "close", "continue", "start", "create", "add", "view", "see", "show", "expand", "collapse", "sort", "filter",
    "refresh", "reload", "copy", "publish", "finish", "complete", "cancel", "proceed", "apply", "change", "update",
];
const EN_PRESSES: &[&str] = &["click ", "press ", "tap ", "select ", "choose ", "double-click ", "double click "];

/// "Make sure the Remember me box is unchecked", "Ensure Notify me is checked": a box set to
/// that state, whatever it was.
pub(super) fn made_sure(part: &str) -> Option<String> {
    let lower = part.to_ascii_lowercase();
    let lower = lower.trim_end_matches('.');
    let rest =
        ["make sure that ", "make sure ", "ensure that ", "ensure "].iter().find_map(|p| lower.strip_prefix(p))?;
    let states = [
        (" is unchecked", "Uncheck"),
        (" is not checked", "Uncheck"),
        (" is unticked", "Uncheck"),
        (" is off", "Uncheck"),
        (" is checked", "Check"),
        (" is ticked", "Check"),
        (" is on", "Check"),
    ];
    let (state, verb) = states.iter().find(|(s, _)| rest.ends_with(s))?;
    let start = part.len() - part.trim_end_matches('.').len();
    let whole = &part[..part.len() - start];
    let name = &whole[whole.len() - rest.len()..whole.len() - state.len()];
    (!name.trim().is_empty()).then(|| format!("{verb} {}", name.trim()))
}

/// The clause as its press alone, when the rest only says where the press leads; `None`
/// otherwise.
pub(super) fn pressed_to_move(part: &str) -> Option<String> {
    if is_hangul(part) {
        korean(part)
    } else {
        english(part)
    }
}

fn korean(part: &str) -> Option<String> {
    let words: Vec<&str> = part.split_whitespace().collect();
    let at = words.iter().position(|w| KO_PRESSES.contains(w))?;
    let rest = &words[at + 1..];
    let (last, place) = rest.split_last()?;
    // One to three words of a place ending in (으)로, then the move: nothing else said.
    let led_to = (1..=3).contains(&place.len())
        && place.last().is_some_and(|w| w.ends_with('로'))
        && !place.iter().any(|w| w.contains(['\'', '"', '“', '‘', '「']))
        && KO_MOVES.iter().any(|m| last.starts_with(m));
    (at > 0 && led_to).then(|| format!("{} 연다", words[..=at].join(" ")))
}

fn english(part: &str) -> Option<String> {
    let lower = part.to_ascii_lowercase();
    if !EN_PRESSES.iter().any(|p| lower.starts_with(p)) {
        return None;
    }
    let purpose = lower
        .match_indices(" to ")
        .map(|(i, _)| i)
        // "Click Now next to Publish Date": beside a name, no purpose; a purpose is a verb in
        // small letters.
        .filter(|&i| !lower[..i].ends_with(" next") && !lower[..i].ends_with(" close"))
        .filter(|&i| part[i + 4..].starts_with(|c: char| c.is_lowercase()))
        .find(|&i| lower[i + 4..].split_whitespace().next().is_some_and(|w| EN_PURPOSES.contains(&w)));
    // "Click Next until you reach the summary": each press is a step the page shows.
    let at = purpose.or_else(|| lower.find(" until "))?;
    let press = part[..at].trim_end_matches(',').trim();
    (press.split_whitespace().count() >= 2).then(|| press.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wiki's search result, a CMS's list, a tracker's menu: the press, without its result.
    #[test]
    fn a_press_told_with_where_it_leads_is_the_press() {
        let one = |s: &str| pressed_to_move(s);
        assert_eq!(one("휴가 규정 링크를 눌러 문서로 이동하면").as_deref(), Some("휴가 규정 링크를 눌러 연다"));
        assert_eq!(one("저장 버튼을 눌러 글 목록으로 이동한다").as_deref(), Some("저장 버튼을 눌러 연다"));
        assert_eq!(one("일감 탭을 클릭해 일감 목록으로 들어간다").as_deref(), Some("일감 탭을 클릭해 연다"));
        assert_eq!(one("Click the Policies link to go to the page").as_deref(), Some("Click the Policies link"));
        assert_eq!(one("Press Issues to open the issue list").as_deref(), Some("Press Issues"));
        // A named place is a screen to check, and a press followed by another action is two.
        assert_eq!(one("저장 버튼을 눌러 '목록' 화면으로 이동한다"), None);
        assert_eq!(one("메뉴를 눌러 게시를 클릭한다"), None);
        assert_eq!(one("Double-click the file name to rename it").as_deref(), Some("Double-click the file name"));
        assert_eq!(one("Click Add to cart"), None);
        assert_eq!(one("Click Now next to Publish Date"), None);
        assert_eq!(one("Click Save to Publish"), None);
        assert_eq!(one("Click Next until you reach the summary").as_deref(), Some("Click Next"));
        assert_eq!(one("Click Back to list"), None);
    }

    /// A box made sure of: a login form, a tracker's notification setting, a shop's newsletter.
    #[test]
    fn a_box_made_sure_of_is_set() {
        assert_eq!(
            made_sure("Make sure the Remember me box is unchecked.").as_deref(),
            Some("Uncheck the Remember me box")
        );
        assert_eq!(made_sure("Ensure Notify me of changes is checked").as_deref(), Some("Check Notify me of changes"));
        assert_eq!(made_sure("Make sure that Subscribe is not checked").as_deref(), Some("Uncheck Subscribe"));
        assert_eq!(made_sure("Make sure the order is saved"), None);
    }
}
