//! A clause that points back at what an earlier clause named ("Search for 'jsmith' and check the
//! box next to his name"): the pointing words are replaced by that name, so the clause reads on
//! its own — read alone, "his name" names nothing on the page.

use super::cuts::quoted_ranges;

/// Possessive words that stand for someone or something already named.
const POSSESSIVES: &[&str] = &["his", "her", "their", "its"];
/// What of it the clause points at: its name, or the row or line it is listed on.
const POINTED: &[&str] = &["name", "row", "line", "entry"];

/// Every clause after the first: "his name", "its row" become the last quoted name of the
/// clauses before it. Without such a name the clause is left as written (and is asked).
pub(super) fn named(clauses: &mut [String]) {
    let mut last_named: Option<String> = None;
    for clause in clauses.iter_mut() {
        if let Some(name) = &last_named {
            if let Some(rewritten) = pointing_replaced(clause, name) {
                *clause = rewritten;
            }
        }
        if let Some((s, e)) = quoted_ranges(clause).last() {
            last_named = Some(clause[*s..*e].to_string());
        }
    }
}

fn pointing_replaced(clause: &str, name: &str) -> Option<String> {
    let words: Vec<&str> = clause.split(' ').collect();
    let at = words.windows(2).position(|pair| {
        POSSESSIVES.contains(&pair[0].to_ascii_lowercase().as_str())
            && POINTED.contains(&pair[1].to_ascii_lowercase().trim_end_matches(['.', ',']))
    })?;
    let tail = words[at + 1].to_ascii_lowercase();
    let punctuation = &words[at + 1][tail.trim_end_matches(['.', ',']).len()..];
    // "his row" is where the name is listed; "his name" the name itself.
    let pointed = tail.trim_end_matches(['.', ',']);
    let replaced = if pointed == "name" { name.to_string() } else { format!("the {name} {pointed}") };
    let mut out: Vec<String> = words[..at].iter().map(|w| w.to_string()).collect();
    out.push(format!("{replaced}{punctuation}"));
    out.extend(words[at + 2..].iter().map(|w| w.to_string()));
    Some(out.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolved(clauses: &[&str]) -> Vec<String> {
        let mut out: Vec<String> = clauses.iter().map(|c| c.to_string()).collect();
        named(&mut out);
        out
    }

    #[test]
    fn a_possessive_points_at_the_name_said_before() {
        assert_eq!(
            resolved(&["Search for 'jsmith'", "check the box next to his name"]),
            vec!["Search for 'jsmith'", "check the box next to 'jsmith'"]
        );
        assert_eq!(
            resolved(&["Filter by \"Harbor Books\"", "click Edit in its row."]),
            vec!["Filter by \"Harbor Books\"", "click Edit in the \"Harbor Books\" row."]
        );
        // Nothing named before: left as written, so the sentence is asked about.
        assert_eq!(resolved(&["Open the list", "click his name"]), vec!["Open the list", "click his name"]);
        // "Its name" as a field of its own is no pointing when nothing was named.
        assert_eq!(resolved(&["Enter its name"]), vec!["Enter its name"]);
    }
}
