//! English sentences that state what is seen ("the status is New", "the footer reads 1..7",
//! "a confirmation is shown saying the range was created", "Ivy Chen appears in the list with
//! the birthday …"): rewritten with the shown words, fields and values quoted, for the grammar.

use crate::quotes::quote;

/// Words that say how something is, never a value it holds ("the title is visible").
const STATE_WORDS: &[&str] = &[
    "shown",
    "visible",
    "hidden",
    "empty",
    "blank",
    "open",
    "closed",
    "gone",
    "missing",
    "there",
    "present",
    "absent",
    "active",
    "inactive",
    "on",
    "off",
    "correct",
    "wrong",
    "unchanged",
    "same",
    "different",
    "new",
    "available",
];

/// What an app tells a person in passing is called.
const MESSAGE_NOUNS: &[&str] =
    &["message", "notice", "notification", "banner", "toast", "flash", "confirmation", "alert", "popup"];

/// Nouns naming where a record stands, whose "is" always says a value ("the status is closed").
use crate::words::PROPERTY_NOUNS;

/// Phrases after which an English sentence says what it checks: "X is listed", "the footer
/// reads Y".
const EN_SUBJECT_PHRASES: &[&str] = &[
    " is listed",
    " are listed",
    " is shown",
    " are shown",
    " is displayed",
    " are displayed",
    " appears",
    " appear",
    " shows up",
    " pops up",
    " comes up",
    " is visible",
    " are visible",
    " is in the list",
    " are in the list",
    " is no longer",
    " is not shown",
    " is not listed",
    " disappears",
    " is gone",
];
/// What says a field holds a value, between the field and the value.
const EN_VALUE_PHRASES: &[&str] = &[
    " still holds ",
    " holds ",
    " has the value ",
    " contains the value ",
    " is prefilled with ",
    " is pre-filled with ",
    " is filled with ",
];
/// The nouns after a field's name ("the Phone field", "the search box").
const FIELD_NOUNS: &[&str] = &[" field", " box", " input", " textbox"];

/// A field's name without "the" before it and the noun after it.
fn field_name(subject: &str) -> &str {
    let mut name = subject.trim();
    for article in ["the ", "The ", "then the ", "Then the ", "and the ", "And the "] {
        name = name.strip_prefix(article).unwrap_or(name);
    }
    for noun in FIELD_NOUNS {
        if name.to_ascii_lowercase().ends_with(noun) {
            name = name[..name.len() - noun.len()].trim_end();
        }
    }
    name
}

/// The record a subject names as a row: "Bob Martinez row", "new line for Jun Park", "entry for
/// Acme", "Jun Park's row".
fn row_named(subject: &str) -> Option<&str> {
    if let Some(row) = subject.strip_suffix(" row").map(str::trim).filter(|r| !r.is_empty()) {
        return Some(row.strip_suffix("'s").unwrap_or(row));
    }
    let lower = subject.to_ascii_lowercase();
    for noun in ["row", "line", "entry", "record"] {
        for lead in
            [format!("{noun} for "), format!("new {noun} for "), format!("{noun} of "), format!("new {noun} of ")]
        {
            if let Some(name) = lower.strip_prefix(lead.as_str()).map(|_| subject[lead.len()..].trim()) {
                if name.chars().next().is_some_and(|c| c.is_uppercase() || c.is_ascii_digit()) {
                    return Some(name);
                }
            }
        }
    }
    None
}

const EN_OBJECT_PHRASES: &[&str] =
    &[" reads ", " says ", " shows ", " displays ", " contains ", " shows the text ", " confirms ", " reports "];

/// What an app "says", "confirms" or "reports" when it is a clause telling what happened ("the
/// range was created", "that my details were saved"), not a text to find word for word.
fn told_what_happened<'a>(verb: &str, object: &'a str) -> Option<&'a str> {
    if !matches!(verb, "says" | "confirms" | "reports") || object.starts_with(['"', '\'', '“', '‘']) {
        return None;
    }
    let object = object.strip_prefix("that ").unwrap_or(object);
    let lower = format!(" {} ", object.to_lowercase());
    let happened = [" was ", " were ", " has been ", " have been ", " had been "].iter().any(|v| lower.contains(v));
    (object.split_whitespace().count() >= 3 && (happened || verb == "confirms")).then_some(object)
}

/// "Login page rejects valid passwords is listed under critical" → the subject quoted; "the
/// footer reads 1..7 out of 7" → the object quoted.
pub(super) fn english_statement(sentence: &str) -> Option<String> {
    let lower = &sentence.to_ascii_lowercase();
    let read = held_value(sentence, lower)
        .or_else(|| refused_because(sentence, lower))
        .or_else(|| shown_object(sentence, lower))
        .or_else(|| landed_on(sentence, lower));
    if read.is_some() {
        return read;
    }
    // A form that opens with what it must hold, a record listed with its values: read whole, or
    // not at all.
    if let Some(settled) = opened_screen(sentence, lower).or_else(|| listed_values(sentence, lower)) {
        return settled;
    }
    shown_subject(sentence, lower)
}

/// A field's value, or a figure beside its name.
fn held_value(sentence: &str, lower: &str) -> Option<String> {
    // "the record count is now 5": the figure beside its name.
    if let Some((name, figure)) = crate::words::figure_stated(sentence) {
        return Some(format!("{} is shown", quote(&format!("{name} {figure}"))));
    }
    // "The Phone field still holds 555-0101", "Name is prefilled with Alice": a field's value.
    if let Some((at, phrase)) = EN_VALUE_PHRASES.iter().filter_map(|p| lower.find(p).map(|i| (i, *p))).min() {
        let field = field_name(&sentence[..at]);
        let value = sentence[at + phrase.len()..].trim().trim_end_matches('.');
        // "holds" alone says a value only of what is called a field ("the cart holds 3 items").
        let named_field = FIELD_NOUNS.iter().any(|n| lower[..at].trim_end().ends_with(n));
        let says_value = !phrase.contains("holds") || named_field;
        if says_value && !field.is_empty() && !value.is_empty() && field.split_whitespace().count() <= 6 {
            return Some(format!("{} holds {}", quote(field), quote(value)));
        }
    }
    // "the status is New", "and the priority is High": a value beside its field's label. The
    // field is said in small words, the value as the page writes it (a capital or a figure);
    // "the page is shown" and "the button is disabled" say no value.
    // "the status changes to Closed", "the role becomes Editor": the value it has after the step.
    let copulas = std::iter::once(&" is ").chain(crate::words::EN_CHANGED_TO);
    let mut copula = copulas.filter_map(|c| lower.find(c).map(|at| (at, usize::MAX - c.len()))).min();
    // "The Status shows Closed": what a property shows is its value (what any other subject
    // shows is text of the page: "the cart shows 2 items").
    if let Some(at) = lower.find(" shows ").filter(|at| copula.is_none_or(|(c, _)| *at < c)) {
        let subject = field_name(&sentence[..at]).to_ascii_lowercase();
        if PROPERTY_NOUNS.contains(&subject.as_str()) {
            copula = Some((at, usize::MAX - " shows ".len()));
        }
    }
    if let Some((at, longest)) = copula {
        let subject = field_name(&sentence[..at]);
        let value = sentence[at + (usize::MAX - longest)..].trim().trim_end_matches('.');
        let value =
            ["now ", "still ", "set to ", "shown as "].iter().find_map(|p| value.strip_prefix(p)).unwrap_or(value);
        let small = |w: &str| w.chars().all(|c| c.is_lowercase() || c == '-');
        // "the new issue's priority is bug": a record's property, its value in the app's own
        // small letters (never a state: "the title is shown").
        let (subject, owned) = match subject.rsplit_once("'s ") {
            Some((_, property)) if !property.is_empty() => (property.trim(), true),
            _ => (subject, false),
        };
        let subject_words: Vec<&str> = subject.split_whitespace().collect();
        let lower_value = value.to_lowercase();
        let state = STATE_WORDS.contains(&lower_value.as_str())
            || ["ed", "able", "ible"].iter().any(|end| lower_value.ends_with(end));
        // "the status is resolved", "the priority should be urgent": a noun that names what a
        // record is at (its status, priority, role) says a value, even one spelt like a state.
        let property_noun = subject_words.len() == 1 && PROPERTY_NOUNS.contains(&subject.to_lowercase().as_str());
        let property_value = ((owned && !state) || property_noun)
            && value.split_whitespace().count() <= if property_noun { 2 } else { 1 }
            && value.split_whitespace().all(small);
        let value_like = (value.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()) || property_value)
            && value.split_whitespace().count() <= 4
            && !value.contains([',', ':', ';']);
        let article =
            ["the ", "and the ", "then the ", "its ", "his ", "her ", "their "].iter().any(|a| lower.starts_with(a));
        // ("The Status is Closed": a property's name may be written as the page labels it.)
        let named = subject_words.iter().all(|w| small(w)) || property_noun;
        if article && (1..=3).contains(&subject_words.len()) && named && value_like {
            return Some(format!("{} holds {}", quote(subject), quote(value)));
        }
    }
    None
}

/// The app's refusal, by the gist of its reason.
fn refused_because(sentence: &str, lower: &str) -> Option<String> {
    // "the tracker refuses it because the passwords do not match": the app's refusal, known by
    // the gist of its reason.
    for refuses in [" refuses ", " rejects ", " declines ", " does not accept ", " doesn't accept "] {
        if let Some(at) = lower.find(refuses) {
            if let Some(because) = lower[at..].find(" because ").map(|b| at + b + " because ".len()) {
                let reason = sentence[because..].trim().trim_end_matches('.');
                if !reason.is_empty() {
                    return Some(format!("An error is shown: {reason}"));
                }
            }
        }
    }
    None
}

/// What a subject shows, reads, says or confirms.
fn shown_object(sentence: &str, lower: &str) -> Option<String> {
    // After a colon the sentence says what exactly is shown ("…: the footer reads 1..7").
    let (offset, part) = match sentence.rfind(": ") {
        Some(i) => (i + 2, &sentence[i + 2..]),
        None => (0, sentence),
    };
    let part_lower = &lower[offset..];
    // "Invoice PDF shows the wrong tax rate is listed under urgent": a "shows" followed by what
    // is listed is inside a name, the subject of the listing.
    // "my details show …", "the results show …": the plural after a subject that is plainly
    // one (never "show" the verb of an instruction, "Show Unassigned").
    let plural =
        ["my ", "the ", "our ", "your ", "his ", "her ", "their ", "its "].iter().any(|d| part_lower.starts_with(d));
    let object_phrase = EN_OBJECT_PHRASES
        .iter()
        .copied()
        .chain(plural.then_some(" show "))
        // "the Show link in Jun Park's row": a capitalised Show is a name, not the verb.
        .filter_map(|p| if p == " show " { part.find(p) } else { part_lower.find(p) }.map(|i| (i, p)))
        .min()
        .filter(|(at, p)| !EN_SUBJECT_PHRASES.iter().any(|s| part_lower[at + p.len()..].contains(s)));
    if let Some((at, phrase)) = object_phrase {
        let object = part[at + phrase.len()..].trim().trim_end_matches('.');
        // "shows him under Clients", "lists her as Manager": what it shows of the person.
        let object = ["him ", "her ", "it ", "them "]
            .iter()
            .find_map(|p| object.strip_prefix(p))
            .and_then(|rest| ["under ", "as ", "in ", "with "].iter().find_map(|p| rest.strip_prefix(p)))
            .map(str::trim)
            .filter(|rest| !rest.is_empty())
            .unwrap_or(object);
        if !object.is_empty() && object.split_whitespace().count() <= 12 {
            // "the Phone field shows 555-0101": what the field holds.
            let lower_subject = part_lower[..at].trim_end();
            if FIELD_NOUNS.iter().any(|n| lower_subject.ends_with(n)) {
                let field = field_name(&part[..at]);
                if !field.is_empty() {
                    return Some(format!("{} holds {}", quote(field), quote(object)));
                }
            }
            // "The issue page shows priority bug, Assigned To bob and keyword ui": a screen and
            // what each of its fields holds.
            let screen_subject =
                ["page", "screen", "form", "view"].iter().any(|n| lower_subject.ends_with(&format!(" {n}")));
            // ("shows the new phone number" names a value typed before, no field list.)
            let typed_before = ["the new ", "the updated ", "the changed ", "my new "]
                .iter()
                .any(|p| object.to_lowercase().starts_with(p));
            if phrase.trim() == "shows" && screen_subject && !typed_before {
                let name = field_name(&part[..at]);
                let name = name.rsplit_once(' ').map_or(name, |(n, _)| n);
                if let Some(held) = opens_with(&format!("with {object}")) {
                    let screen = format!("The {} page is shown", quote(name));
                    return Some(std::iter::once(screen).chain(held).collect::<Vec<_>>().join(" and "));
                }
            }
            // "the message says status and assignment were edited ok": a message known by its
            // gist, not a text to find word for word.
            let subject_lower = part_lower[..at].trim_end();
            if phrase.trim() == "says" && MESSAGE_NOUNS.iter().any(|n| subject_lower.ends_with(n)) {
                return Some(format!("A message is shown saying {object}"));
            }
            // "the tracker says the nosy list was edited ok", "the dashboard confirms the range
            // was created": the app telling what happened, in words of the writer's own — a
            // message known by its gist. ("The page says Saved." names the text itself.)
            if let Some(gist) = told_what_happened(phrase.trim(), object) {
                return Some(format!("A message is shown saying {gist}"));
            }
            // "an error says the passwords do not match": an error, known by its gist.
            if matches!(phrase.trim(), "says" | "reads")
                && ["error", "error message", "warning"].iter().any(|n| subject_lower.ends_with(n))
            {
                return Some(format!("An error is shown: {object}"));
            }
            // "the Bob Martinez row shows 555-2202": what the row shows, inside that row.
            let subject = part[..at].trim();
            let subject = ["the ", "The "].iter().fold(subject, |s, a| s.strip_prefix(a).unwrap_or(s));
            if let Some(row) = row_named(subject) {
                if row.split_whitespace().count() <= 6 {
                    return Some(format!("The {} row shows {}", quote(row), quote(object)));
                }
            }
            return Some(format!("{} {}", quote(object), "is shown"));
        }
    }
    None
}

/// The screen a person stays on or is taken to.
fn landed_on(sentence: &str, lower: &str) -> Option<String> {
    // "The user stays on the login page", "is taken to the order list": the screen after it.
    let lands = [
        " stays on ",
        " remains on ",
        " is still on ",
        " is taken to ",
        " is redirected to ",
        " lands on ",
        " land on ",
        " land back on ",
        " lands back on ",
        " are taken to ",
        " are redirected to ",
        " are back on ",
        " is back on ",
        " end up on ",
        " ends up on ",
    ];
    if let Some((at, phrase)) = lands.iter().filter_map(|p| lower.find(p).map(|i| (i, *p))).min() {
        let place = field_name(&sentence[at + phrase.len()..]).trim_end_matches('.');
        let mut words: Vec<&str> = place.split_whitespace().collect();
        if words.last().is_some_and(|w| ["page", "screen", "form", "view"].contains(&w.to_ascii_lowercase().as_str())) {
            words.pop();
        }
        if !words.is_empty() && words.len() <= 6 {
            return Some(format!("The {} page is shown", quote(&words.join(" "))));
        }
    }
    None
}

/// A screen that opens, and what it opens with; `Some(None)`: not read at all.
fn opened_screen(sentence: &str, lower: &str) -> Option<Option<String>> {
    // "The product edit page opens": a screen, when the subject says it is one.
    let opens = [" opens", " is opened", " stays open", " remains open", " is open"];
    if let Some((at, phrase)) = opens.iter().filter_map(|p| lower.find(p).map(|i| (i, *p))).min() {
        // "… opens with status unread and Assigned To empty": what it opens with must be
        // checked too; never the screen alone as if that were all.
        let after = sentence[at + phrase.len()..].trim().trim_end_matches('.');
        // "A form with Password and Confirm Password opens": the fields it opens with are shown.
        let lead = sentence[..at].to_ascii_lowercase();
        let with = ["a form with ", "the form with ", "a dialog with ", "a window with ", "a page with "]
            .iter()
            .find(|p| lead.starts_with(**p))
            .map(|p| p.len());
        if let (Some(from), true) = (with, after.is_empty()) {
            let fields: Vec<String> = sentence[from..at]
                .split(", ")
                .flat_map(|p| p.split(" and "))
                .map(|f| f.trim().trim_start_matches("and ").trim())
                .filter(|f| !f.is_empty())
                .map(|f| format!("the {} field is shown", quote(f)))
                .collect();
            if !fields.is_empty() && fields.len() <= 6 {
                return Some(Some(fields.join(" and ")));
            }
        }
        let subject = field_name(&sentence[..at]);
        let words: Vec<&str> = subject.split_whitespace().collect();
        let screen = match words.as_slice() {
            // "An empty post editor opens": the editor is the screen; how full it is, no name.
            [name @ .., noun]
                if !name.is_empty()
                    && ["page", "screen", "form", "view", "editor"].contains(&noun.to_ascii_lowercase().as_str()) =>
            {
                let mut name: Vec<&str> = name
                    .iter()
                    .copied()
                    .skip_while(|w| ["a", "an", "the", "empty", "blank"].contains(&w.to_ascii_lowercase().as_str()))
                    .collect();
                // "the post editor" is not the posts' list: the editor stays in its name.
                if noun.eq_ignore_ascii_case("editor") && !name.is_empty() {
                    name.push(noun);
                }
                (!name.is_empty()).then(|| format!("The {} page is shown", quote(&name.join(" "))))
            }
            // "Order #100001 opens": a screen named as the app heads it, a record's name.
            [first, ..]
                if words.len() <= 5
                    && first.starts_with(|c: char| c.is_uppercase())
                    && !["The", "A", "An", "It", "This"].contains(first)
                    && !words.iter().any(|w| {
                        ["dialog", "modal", "popup", "pop-up", "menu", "dropdown", "panel", "window", "tab", "drawer"]
                            .contains(&w.to_ascii_lowercase().as_str())
                    }) =>
            {
                Some(format!("The {} page is shown", quote(&words.join(" "))))
            }
            _ => None,
        };
        if after.is_empty() {
            if let Some(screen) = screen {
                return Some(Some(screen));
            }
        } else {
            let Some(shown) = opens_with(after) else { return Some(None) };
            return Some(Some(screen.into_iter().chain(shown).collect::<Vec<_>>().join(" and ")));
        }
    }
    None
}

/// A subject listed with its row's values; `Some(None)`: not read at all.
fn listed_values(sentence: &str, lower: &str) -> Option<Option<String>> {
    // "Mobile app crashes is listed with status in-progress": the value, in the row the subject
    // names (the column's name before it is no text of the row).
    // "Ivy Chen appears in the list with the birthday …", "SPRING10 is listed on the Coupons
    // page with status Active": the subject is listed, and each value is in its row (where the
    // list is shown is the screen's, not the row's).
    if let Some((at, rest)) = listed_with(sentence, lower) {
        let subject = field_name(&sentence[..at]);
        let rest = rest.trim().trim_end_matches('.');
        // "with the real name Erin Jung and the organisation Acme Support": each value, after the
        // column's name (its lower-case words), in that row.
        let mut checks = Vec::new();
        for part in rest.split(" and ") {
            // "with bob as Assigned To": the value, then its column.
            let part = part.split_once(" as ").map_or(part, |(value, _)| value);
            let said: Vec<&str> = part
                .split_whitespace()
                .skip_while(|w| ["the", "a", "an"].contains(&w.to_ascii_lowercase().as_str()))
                .collect();
            let named = said.iter().position(|w| !w.chars().all(|c| c.is_lowercase() || c == '-'));
            let value = match named {
                Some(at) if at > 0 => &said[at..],
                _ if said.len() >= 2 => &said[1..],
                _ => &said[..],
            };
            if subject.is_empty() || value.is_empty() || value.len() > 4 {
                return Some(None);
            }
            checks.push(format!("the {} row shows {}", quote(subject), quote(&value.join(" "))));
        }
        return Some(Some(format!("{} is shown and {}", quote(subject), checks.join(" and "))));
    }
    None
}

/// What the subject of "is shown", "appears", "is listed" names.
fn shown_subject(sentence: &str, lower: &str) -> Option<String> {
    // (The longest phrase at the first place: " appears", not " appear".)
    let (at, phrase) = EN_SUBJECT_PHRASES
        .iter()
        .filter_map(|p| lower.find(p).map(|i| (i, *p)))
        .min_by_key(|(i, p)| (*i, std::cmp::Reverse(p.len())))?;
    // "A confirmation is shown saying the range was created": a message, known by what it says.
    let said = lower[at + phrase.len()..].trim_start();
    let gist = ["saying ", "that says ", "telling that ", "stating that "].iter().find_map(|l| said.strip_prefix(l));
    let noun = lower[..at].trim().rsplit(' ').next().unwrap_or_default();
    if let Some(gist) = gist.filter(|_| MESSAGE_NOUNS.contains(&noun)) {
        let from = sentence.len() - gist.len();
        let gist = sentence[from..].trim().trim_end_matches('.');
        let gist = gist.strip_prefix("that ").unwrap_or(gist);
        return Some(format!("A message is shown saying {gist}"));
    }
    let mut subject = sentence[..at].trim();
    for article in ["the ", "The ", "a ", "A ", "an ", "An "] {
        subject = subject.strip_prefix(article).unwrap_or(subject);
    }
    if subject.is_empty() || subject.split_whitespace().count() > 12 {
        return None;
    }
    // "The product list is shown", "The dashboard home is displayed": a screen.
    let last = subject.split_whitespace().last().unwrap_or("").to_ascii_lowercase();
    if ["list", "page", "screen", "form", "dashboard", "home", "view", "tab"].contains(&last.as_str()) {
        let name = subject.trim_end_matches(|c: char| c.is_alphabetic()).trim();
        let name = if ["page", "screen", "view"].contains(&last.as_str()) && !name.is_empty() { name } else { subject };
        return Some(format!("The {} page is shown", quote(name)));
    }
    // "Family, Friends, Work and Clients are listed": each name quoted on its own.
    let lower_subject = subject.to_ascii_lowercase();
    if subject.contains(", ") || lower_subject.contains(" and ") {
        let items: Vec<String> = subject
            .split(", ")
            .flat_map(|p| p.split(" and ").map(str::to_string).collect::<Vec<_>>())
            .map(|p| p.trim().to_string())
            .filter(|p| !p.is_empty())
            .collect();
        if items.len() >= 2 && items.iter().all(|i| i.split_whitespace().count() <= 4) {
            let quoted: Vec<String> = items.iter().map(|i| quote(i)).collect();
            return Some(format!("{}{}", quoted.join(", "), &sentence[at..]));
        }
    }
    Some(format!("{}{}", quote(subject), &sentence[at..]))
}

/// "with status unread and Assigned To empty": each field and the value it opens with (the last
/// word; "empty" is no value), a check of its own. `None` when an item is not "field value".
fn opens_with(after: &str) -> Option<Vec<String>> {
    let items = after.strip_prefix("with ").or_else(|| after.strip_prefix("With "))?;
    let mut checks = Vec::new();
    for part in items.split(", ").flat_map(|p| p.split(" and ")) {
        let words: Vec<&str> = part
            .split_whitespace()
            .skip_while(|w| ["the", "a", "an", "its"].contains(&w.to_ascii_lowercase().as_str()))
            .collect();
        let [field @ .., value] = words.as_slice() else { return None };
        if field.is_empty() || field.len() > 4 {
            return None;
        }
        let empty = ["empty", "blank", "unset", "cleared", "nothing"].contains(&value.to_ascii_lowercase().as_str());
        let value = if empty { "" } else { value.trim_matches(['\'', '"']) };
        checks.push(format!("{} holds '{value}'", quote(&field.join(" "))));
    }
    (!checks.is_empty()).then_some(checks)
}

/// Where "X is listed (in the list | on the Y page) with …" names its subject's end, and what
/// follows "with": the values its row shows.
fn listed_with<'a>(sentence: &'a str, lower: &str) -> Option<(usize, &'a str)> {
    let (at, phrase) = [" is listed", " are listed", " is shown", " appears"]
        .iter()
        .filter_map(|p| lower.find(p).map(|i| (i, *p)))
        .min()?;
    let after = &lower[at + phrase.len()..];
    let with = after.find(" with ")?;
    let place = after[..with].trim();
    let placed = place.is_empty()
        || (["in ", "on "].iter().any(|p| place.starts_with(p)) && place.split_whitespace().count() <= 6);
    placed.then(|| (at, &sentence[at + phrase.len() + with + " with ".len()..]))
}
