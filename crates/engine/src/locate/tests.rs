//! Where a sentence puts an element, and how that picks it among same-named ones.

use super::*;

fn candidate(name: &str) -> Candidate {
    Candidate {
        role: "link".into(),
        node_role: "link".into(),
        label: name.into(),
        reference: Some(name.into()),
        locators: Vec::new(),
        within: Vec::new(),
        place: None,
    }
}

#[test]
fn where_a_sentence_puts_an_element_picks_it_among_same_named_ones() {
    // A wiki's Edit at the top right, a tracker's Save at the bottom, a shop's Delete on the left.
    assert_eq!(said_position("Click Edit at the top right of the page."), Some((-1, 1)));
    assert_eq!(said_position("페이지 하단의 저장 버튼을 누른다"), Some((1, 0)));
    assert_eq!(said_position("Click Delete on the left"), Some((0, -1)));
    assert_eq!(said_position("Click Stop"), None);
    let (top, bottom, right) = (candidate("top"), candidate("bottom"), candidate("right"));
    let placed = [(&top, [900.0, 40.0, 30.0, 20.0]), (&bottom, [900.0, 700.0, 30.0, 20.0])];
    assert_eq!(placed_at(&placed, (-1, 1)).map(|c| c.label.as_str()), Some("top"));
    assert_eq!(placed_at(&placed, (1, 0)).map(|c| c.label.as_str()), Some("bottom"));
    // Side by side on one line: the horizontal side decides; too close to tell: none.
    let row = [(&top, [100.0, 40.0, 30.0, 20.0]), (&right, [900.0, 42.0, 30.0, 20.0])];
    assert_eq!(placed_at(&row, (-1, 1)).map(|c| c.label.as_str()), Some("right"));
    let close = [(&top, [100.0, 40.0, 30.0, 20.0]), (&right, [105.0, 42.0, 30.0, 20.0])];
    assert_eq!(placed_at(&close, (0, 1)), None);
}

#[test]
fn an_answer_in_a_persons_words_names_the_offered_element_it_holds() {
    let offered: Vec<String> =
        ["link \"Add +\"", "link \"Back\"", "button \"Save\"", "button \"Save and add another\""]
            .iter()
            .map(|s| s.to_string())
            .collect();
    // A list's add link, a form's longer button, a wiki's Korean link.
    assert_eq!(offered_in_answer("the Add + link above the table", &offered).as_deref(), Some("Add +"));
    assert_eq!(offered_in_answer("use Save and add another", &offered).as_deref(), Some("Save and add another"));
    let korean: Vec<String> = vec!["link \"휴가 규정\"".into(), "link \"대문\"".into()];
    assert_eq!(offered_in_answer("목록의 휴가 규정 링크", &korean).as_deref(), Some("휴가 규정"));
    // Words naming none of them stay the person's own.
    assert_eq!(offered_in_answer("the green one", &offered), None);
}
