//! A record created or a form sent, told in one English sentence: "Create a new Post with the
//! title …", "save the range", "Publish the entry with Publish now".

use crate::quotes::quote;

/// "Create a new Post with the title "Spring hiring update", the category News and the author
/// Dana Park": the control that makes a new one ("New Post", "＋ Post", "Add Post"), then each
/// field named with its value — quoted, or the capitalised words after the field's name.
pub(crate) fn creation(sentence: &str) -> Option<String> {
    let lower = sentence.to_ascii_lowercase();
    let lead = ["create a new ", "create new ", "create an ", "create a ", "add a new ", "add new "]
        .into_iter()
        .find(|l| lower.starts_with(l))?;
    let rest = sentence[lead.len()..].trim().trim_end_matches('.');
    let (thing, fields) = match rest.to_ascii_lowercase().find(" with ") {
        Some(at) => (&rest[..at], Some(&rest[at + " with ".len()..])),
        None => (rest, None),
    };
    let thing = thing.trim();
    if thing.is_empty() || thing.split_whitespace().count() > 4 || crate::quotes::has_quotes(thing) {
        return None;
    }
    let mut out = vec![format!("Click {}", quote(&format!("New {thing}")))];
    for item in fields.map(field_list).unwrap_or_default() {
        let (field, value) = item;
        out.push(format!("enter {} in {}", quote(&value), quote(&field)));
    }
    Some(out.join(" and "))
}

/// "save the range", "Submit the form", "publish the page": the form is sent with the control
/// the verb names ("Save", "Submit", "Publish"), the thing after it only says what is saved.
pub(super) fn saved_by_its_verb(sentence: &str) -> Option<String> {
    let words: Vec<&str> = sentence.trim().trim_end_matches(['.', '!']).split_whitespace().collect();
    let [verb, det, thing @ ..] = words.as_slice() else { return None };
    let verb = verb.to_ascii_lowercase();
    let saves = ["save", "submit", "publish", "send", "post"].contains(&verb.as_str());
    let det_ok = ["the", "this", "your", "my", "it", "its"].contains(&det.to_ascii_lowercase().as_str());
    let plain = thing.len() <= 3
        && thing.iter().all(|w| w.chars().all(|c| c.is_alphabetic() || c == '-') && !w.starts_with(char::is_uppercase));
    (saves && det_ok && plain).then(|| {
        let mut name = verb.clone();
        name[..1].make_ascii_uppercase();
        format!("Click {}", quote(&name))
    })
}

/// "Publish the entry with Publish now", "Save the form with the Save button", "submit it with
/// Send": what the form is saved with is pressed.
pub(crate) fn submitted_with(sentence: &str) -> Option<String> {
    let lower = sentence.to_ascii_lowercase();
    let lead = ["publish ", "save ", "submit ", "send ", "confirm ", "post ", "store "]
        .into_iter()
        .find(|l| lower.starts_with(l))?;
    let at = lower.rfind(" with ")?;
    if at < lead.len() {
        return None;
    }
    let mut words: Vec<&str> =
        sentence[at + " with ".len()..].trim().trim_end_matches(['.', '!']).split_whitespace().collect();
    if words.first().is_some_and(|w| w.eq_ignore_ascii_case("the")) {
        words.remove(0);
    }
    let noun =
        words.last().map(|w| w.to_ascii_lowercase()).filter(|w| ["button", "link", "menu item"].contains(&w.as_str()));
    if noun.is_some() {
        words.pop();
    }
    let name = words.join(" ");
    let name = name.trim_matches(['"', '\'', '“', '”']);
    // A name, as the page shows it (capitalised or quoted), never "with care" or "with my account".
    let named = name.starts_with(|c: char| c.is_uppercase()) || sentence.contains(['"', '\'']);
    ((1..=4).contains(&words.len()) && named).then(|| format!("Click {}", quote(name)))
}

/// "the title "Spring hiring update", the category News and the author Dana Park": each field
/// and its value; nothing when an item cannot be told apart.
fn field_list(text: &str) -> Vec<(String, String)> {
    let mut items: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '"' || c == '“' || c == '”' {
            quoted = !quoted;
        }
        let tail: String = chars[i..].iter().take(5).collect();
        if !quoted && (c == ',' || tail.to_ascii_lowercase() == " and ") {
            items.push(std::mem::take(&mut current));
            i += if c == ',' { 1 } else { 5 };
            continue;
        }
        current.push(c);
        i += 1;
    }
    items.push(current);
    let mut out = Vec::new();
    for item in items.iter().map(|i| i.trim()).filter(|i| !i.is_empty()) {
        let item = item.strip_prefix("the ").or_else(|| item.strip_prefix("The ")).unwrap_or(item);
        if let Some(open) = item.find(['"', '“']) {
            let field = item[..open].trim();
            let value = item[open..].trim().trim_matches(['"', '“', '”']);
            if field.is_empty() || value.is_empty() {
                return Vec::new();
            }
            out.push((field.to_string(), value.to_string()));
            continue;
        }
        let words: Vec<&str> = item.split_whitespace().collect();
        let at = words.iter().position(|w| w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()));
        match at {
            Some(at) if at > 0 && at <= 3 => out.push((words[..at].join(" "), words[at..].join(" "))),
            _ => return Vec::new(),
        }
    }
    out
}
