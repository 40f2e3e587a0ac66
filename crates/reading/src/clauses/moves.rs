//! A press told with where it leads ("링크를 눌러 문서로 이동한다", "Click the Policies link to go
//! to the page"): the press is the step; the move is its result, which the next check shows.

use crate::is_hangul;

/// Korean forms of a press that lead into what follows it.
const KO_PRESSES: &[&str] = &["눌러", "눌러서", "클릭해", "클릭해서", "클릭하여", "선택해", "선택하여"];
/// Korean verbs of moving somewhere.
const KO_MOVES: &[&str] = &["이동", "들어가", "들어간", "넘어가", "넘어간"];
/// English words that say what a press is for, when it is for going somewhere.
const EN_PURPOSES: &[&str] = &[" to go to ", " to open ", " to get to ", " to navigate to ", " to move to "];
const EN_PRESSES: &[&str] = &["click ", "press ", "tap ", "select ", "choose "];

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
    let at = EN_PURPOSES.iter().filter_map(|p| lower.find(p)).min()?;
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
        assert_eq!(one("Click Save to save the page"), None);
    }
}
