//! Figures in names and texts ("전체 6건", "16 items"): a figure matches only the same whole
//! figure, never part of another.

/// The numbers a text holds, in order ("전체 6건, 2페이지" → ["6", "2"]).
pub(super) fn numbers(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_digit()).filter(|n| !n.is_empty()).map(str::to_string).collect()
}

/// `label` holds `wanted`, and a number at either end of it is the whole number ("6건" is in
/// "전체 6건" but not in "16건").
pub(super) fn contains_whole_numbers(label: &str, wanted: &str) -> bool {
    label.match_indices(wanted).any(|(at, _)| {
        let before = label[..at].chars().next_back();
        let after = label[at + wanted.len()..].chars().next();
        let starts_digit = wanted.chars().next().is_some_and(|c| c.is_ascii_digit());
        let ends_digit = wanted.chars().next_back().is_some_and(|c| c.is_ascii_digit());
        !(starts_digit && before.is_some_and(|c| c.is_ascii_digit()))
            && !(ends_digit && after.is_some_and(|c| c.is_ascii_digit()))
    })
}
