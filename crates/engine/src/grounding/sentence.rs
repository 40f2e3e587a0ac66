//! The sentence read against the page: when the words the grammar took for a target name
//! nothing on the page, the page's own elements are the vocabulary. A person reading "상단
//! 메뉴에서 View Tickets를 누른다" beside the screen clicks the link called "View Tickets",
//! whatever the grammar made of the words around it. The target is the element whose whole name
//! the sentence contains — the longest such name of a role the verb acts on — and several
//! elements of that name are a question, never a guess.

use super::roles::allowed_roles;
use super::{candidate, Grounding};
use crate::Intent;
use specwright_browser::SnapshotNode;
use specwright_reading::normalize;

/// Names shorter than this (after normalizing) are too common to be read out of a sentence:
/// "OK", "Go", "X".
const MIN_NAME_CHARS: usize = 3;
/// Hangul names are denser: two syllables already name something ("저장", "삭제").
const MIN_HANGUL_CHARS: usize = 2;

/// The element of a role `intent` may act on whose whole name `sentence` contains, the longest
/// name first: `Unique` when one element carries it, `Ambiguous` when several do, `NotFound`
/// when no name of the page is in the sentence (or the name is the value the sentence types).
/// `clauses` is the sentence as it was read: what its other clauses name is theirs.
pub(crate) fn named_in_sentence(
    sentence: &str,
    clauses: &[Intent],
    intent: &Intent,
    nodes: &[SnapshotNode],
) -> Grounding {
    let Some(roles) = allowed_roles(intent) else { return Grounding::NotFound };
    let said = normalize(sentence);
    // What the sentence's other clauses act on or type is theirs ("open the list and click
    // Add": Add is not the list).
    // A clause with this intent's target is this one, whatever verb it was read with ("보고서를
    // 연다" is the click that opens it).
    let own = intent.target.as_deref().map(normalize);
    let others: Vec<String> = clauses
        .iter()
        .filter(|other| other.target.as_deref().map(normalize) != own)
        .flat_map(|other| [other.target.clone(), other.value.clone()])
        .flatten()
        .map(|words| normalize(&words))
        .filter(|words| !words.is_empty())
        .collect();
    // The value a sentence types is not a place to act on ("Enter Save in the note").
    let value = intent.value.as_deref().map(normalize).filter(|v| !v.is_empty());
    let mut best: Vec<(&SnapshotNode, String)> = Vec::new();
    let mut best_len = 0;
    for node in nodes.iter().filter(|n| !n.hidden && n.reference.is_some() && roles.contains(&n.role.as_str())) {
        let Some(name) = node.name.as_deref() else { continue };
        let wanted = normalize(name);
        let long_enough = if specwright_reading::is_hangul(&wanted) {
            wanted.chars().count() >= MIN_HANGUL_CHARS
        } else {
            wanted.chars().filter(|c| c.is_alphanumeric()).count() >= MIN_NAME_CHARS
        };
        let theirs = others.iter().any(|o| o.contains(&wanted) || wanted.contains(o.as_str()));
        if !long_enough || theirs || value.as_deref().is_some_and(|v| v.contains(&wanted)) || !whole_in(&said, &wanted)
        {
            continue;
        }
        let len = wanted.chars().count();
        if len > best_len {
            best_len = len;
            best.clear();
        }
        if len == best_len {
            best.push((node, name.to_string()));
        }
    }
    let mut found: Vec<_> = best.iter().filter_map(|(node, name)| candidate(node, name, intent)).collect();
    match found.len() {
        0 => Grounding::NotFound,
        1 => Grounding::Unique(found.remove(0)),
        _ => Grounding::Ambiguous(found),
    }
}

/// Whether `name` is in `sentence` as whole words: not the start or end of a longer word
/// ("Save" is not in "Saved"). A Korean particle after a name ("View Tickets를") still ends it.
pub(crate) fn whole_in(sentence: &str, name: &str) -> bool {
    let word =
        |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() && !specwright_reading::is_hangul(&c.to_string()));
    let mut from = 0;
    while let Some(at) = sentence[from..].find(name).map(|i| from + i) {
        let before = sentence[..at].chars().next_back();
        let after = sentence[at + name.len()..].chars().next();
        let name_starts_latin = name.chars().next().is_some_and(|c| !specwright_reading::is_hangul(&c.to_string()));
        let name_ends_latin = name.chars().next_back().is_some_and(|c| !specwright_reading::is_hangul(&c.to_string()));
        if !(name_starts_latin && word(before)) && !(name_ends_latin && word(after)) {
            return true;
        }
        from = at + name.len().max(1);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Intent, Verb};
    use specwright_browser::parse_snapshot;

    fn click() -> Intent {
        Intent { verb: Verb::Click, target: Some("상단".into()), value: None, hint: None, scope: None }
    }

    /// The sentence's own reading of the clause that acts, as the engine has it.
    fn read(sentence: &str) -> Intent {
        crate::interpret_all(sentence, None).into_iter().find(|i| i.verb == Verb::Click).unwrap_or_else(click)
    }

    /// What the engine passes: the sentence and its clauses as read.
    fn named(sentence: &str, intent: &Intent, nodes: &[SnapshotNode]) -> Grounding {
        named_in_sentence(sentence, &crate::interpret_all(sentence, None), intent, nodes)
    }

    fn name_of(grounding: Grounding) -> Option<String> {
        match grounding {
            Grounding::Unique(c) => Some(c.label),
            _ => None,
        }
    }

    /// Sentences of three kinds of app, each with words around the target the grammar may take
    /// for it: the element the sentence names is the one the page calls so.
    #[test]
    fn the_target_is_the_page_element_the_sentence_names() {
        // An issue tracker's top menu.
        let tracker = parse_snapshot(
            "- navigation \"Main\":\n  - link \"View Tickets\" [ref=e1]\n  - link \"New Ticket\" [ref=e2]\n  - link \"Search\" [ref=e3]\n",
        );
        let found =
            named("상단 메뉴에서 View Tickets를 누른다.", &read("상단 메뉴에서 View Tickets를 누른다."), &tracker);
        assert_eq!(name_of(found), Some("View Tickets".into()));
        // A wiki's page tabs, in English, the place said first.
        let wiki =
            parse_snapshot("- link \"Edit source\" [ref=e1]\n- link \"Edit\" [ref=e2]\n- link \"History\" [ref=e3]\n");
        let found = named(
            "In the tabs at the top, click Edit source.",
            &read("In the tabs at the top, click Edit source."),
            &wiki,
        );
        assert_eq!(name_of(found), Some("Edit source".into()), "the longest name the sentence holds");
        // A shop admin's form buttons, Korean around a Korean name.
        let shop = parse_snapshot(
            "- button \"상품 등록\" [ref=e1]\n- button \"취소\" [ref=e2]\n- heading \"상품 목록\" [level=1]\n",
        );
        let found = named("화면 오른쪽 위의 상품 등록을 누른다", &read("화면 오른쪽 위의 상품 등록을 누른다"), &shop);
        assert_eq!(name_of(found), Some("상품 등록".into()));
    }

    #[test]
    fn a_name_shared_or_only_part_of_a_word_is_never_a_guess() {
        let twice = parse_snapshot("- button \"Export\" [ref=e1]\n- button \"Export\" [ref=e2]\n");
        let export = "At the bottom, click Export.";
        assert!(matches!(named(export, &read(export), &twice), Grounding::Ambiguous(_)));
        let saved = parse_snapshot("- button \"Save\" [ref=e1]\n");
        assert_eq!(named("Check that Saved is shown after the change", &click(), &saved), Grounding::NotFound);
        let short = parse_snapshot("- button \"OK\" [ref=e1]\n");
        assert_eq!(named("Press OK in the box", &click(), &short), Grounding::NotFound);
        // The value typed is not a place to act on.
        let fill = Intent {
            verb: Verb::Fill,
            target: Some("메모".into()),
            value: Some("Search".into()),
            hint: None,
            scope: None,
        };
        let search = parse_snapshot("- textbox \"Search\" [ref=e1]\n");
        assert_eq!(named("메모에 Search를 입력한다", &fill, &search), Grounding::NotFound);
        // Another clause's target is that clause's, never this one's.
        let list =
            Intent { verb: Verb::Click, target: Some("contact list".into()), value: None, hint: None, scope: None };
        let add = parse_snapshot("- link \"Add +\" [ref=e1]\n- link \"Contacts\" [ref=e2]\n");
        assert_eq!(named("Open the contact list and click 'Add +'", &list, &add), Grounding::NotFound);
        // A heading is not clicked because the sentence names it.
        let heading = parse_snapshot("- heading \"Tickets overview\" [level=1]\n");
        assert_eq!(named("On Tickets overview, click the first row", &click(), &heading), Grounding::NotFound);
    }
}
