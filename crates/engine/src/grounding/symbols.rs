//! Controls drawn as a symbol, named in a spec by the symbol's word ("the plus button", "더하기
//! 버튼", "the × in the dialog"): the page's one control whose name shows that symbol.

use specwright_browser::SnapshotNode;
use specwright_rails::CLICKABLE;
use specwright_reading::normalize;

/// A symbol's words, in the languages specs are written in, and the characters drawn for it.
const SYMBOLS: &[(&[&str], &[char])] = &[
    (&["plus", "더하기", "플러스"], &['+', '＋', '➕']),
    (&["minus", "빼기", "마이너스"], &['−', '➖', '－']),
    (&["cross", "times", "엑스"], &['×', '✕', '✖']),
    (&["star", "별", "별표"], &['★', '☆', '⭐']),
];

/// Words a spec adds to a symbol's word to say what it is ("the plus button", "더하기 아이콘").
const CONTROL_WORDS: &[&str] = &["the", "a", "button", "icon", "sign", "link", "버튼", "아이콘", "기호", "링크"];

/// The name of the one clickable control whose name shows the symbol `target` names; `None`
/// when `target` names no symbol, or no control or several show it.
pub(super) fn control_drawn_as(target: &str, nodes: &[SnapshotNode]) -> Option<String> {
    let said = normalize(target);
    let words: Vec<&str> = said.split_whitespace().filter(|w| !CONTROL_WORDS.contains(w)).collect();
    let [word] = words.as_slice() else { return None };
    let (_, chars) = SYMBOLS.iter().find(|(names, _)| names.contains(word))?;
    let mut names: Vec<String> = nodes
        .iter()
        .filter(|n| CLICKABLE.contains(&n.role.as_str()) && !n.hidden)
        .filter_map(|n| n.name.clone())
        .filter(|name| name.split_whitespace().any(|w| w.chars().count() == 1 && w.chars().all(|c| chars.contains(&c))))
        .collect();
    names.dedup();
    match names.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use specwright_browser::parse_snapshot;

    /// A contacts app's "Add +", a CMS's "+ Post", a wiki's star: one control shows the symbol.
    #[test]
    fn a_symbols_word_is_the_one_control_drawn_with_it() {
        let nodes = parse_snapshot(
            "- link \"Add +\" [ref=e1]\n- link \"Back\" [ref=e2]\n- button \"+ Post\" [ref=e3]\n- link \"☆ Watch\" [ref=e4]\n",
        );
        assert_eq!(control_drawn_as("star", &nodes).as_deref(), Some("☆ Watch"));
        assert_eq!(control_drawn_as("별표 아이콘", &nodes).as_deref(), Some("☆ Watch"));
        // Two controls show a plus: which one is a question, not a guess.
        assert_eq!(control_drawn_as("plus button", &nodes), None);
        let one = parse_snapshot("- link \"Add +\" [ref=e1]\n- link \"Back\" [ref=e2]\n");
        assert_eq!(control_drawn_as("the plus button", &one).as_deref(), Some("Add +"));
        assert_eq!(control_drawn_as("더하기 버튼", &one).as_deref(), Some("Add +"));
        // A word that is no symbol, or a symbol inside a word, is nothing drawn.
        assert_eq!(control_drawn_as("add", &one), None);
        let glued = parse_snapshot("- link \"C++ docs\" [ref=e1]\n");
        assert_eq!(control_drawn_as("plus", &glued), None);
    }
}
