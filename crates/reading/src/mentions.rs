//! What a later sentence's "it" stands for: the thing an earlier sentence named ("… check the
//! search at the top right? type privacy in it").

/// Where a sentence says "it" for a thing it puts something into or on ("type privacy in it",
/// "click on it"): the byte range of "it", `None` when it says none.
pub(crate) fn refers_back(sentence: &str) -> Option<(usize, usize)> {
    let lower = sentence.to_ascii_lowercase();
    for lead in [" in it", " into it", " on it", " inside it"] {
        if let Some(at) = lower.find(lead) {
            let end = at + lead.len();
            if lower[end..].starts_with(|c: char| !c.is_alphanumeric()) || end == lower.len() {
                return Some((end - 2, 2));
            }
        }
    }
    None
}

/// The thing a sentence names after its verb ("check the search at the top right?" → "search
/// at the top right"): what a later "it" may stand for; `None` when it names none.
pub(crate) fn thing_named(sentence: &str) -> Option<String> {
    // The last clause's: "open the page and find the edit box" names the edit box.
    let lower_all = sentence.to_ascii_lowercase();
    let from = lower_all.rfind(" and ").map_or(0, |i| i + 5);
    let sentence = &sentence[from..];
    let lower = sentence.to_ascii_lowercase();
    let at = lower.find(" the ").map(|i| i + 5).or_else(|| lower.starts_with("the ").then_some(4))?;
    let rest = &sentence[at..];
    let end = rest.find(['?', '.', ',', '!', ';', ':']).unwrap_or(rest.len());
    let thing = rest[..end].trim();
    let words = thing.split_whitespace().count();
    ((1..=6).contains(&words) && !thing.contains(['"', '\''])).then(|| thing.to_string())
}
