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
