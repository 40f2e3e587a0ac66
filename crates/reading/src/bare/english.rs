//! English sentences without quotes ("Click the Sign in button", "Login page rejects valid
//! passwords is listed under critical"): the target, value or shown text quoted where the
//! verb, the role noun, the copula or the phrase of what is shown puts it.

use crate::quotes::quote;
use crate::words::EN_FILLERS;
use crate::words::{EN_LEADING_VERBS, ROLE_NOUNS};
use crate::Verb;
use specwright_vocabulary::all_hangul as is_hangul_noun;

/// The kinds of place an app names with a proper name ("the Posts collection", "the Website
/// Redesign project"): said after the name, they are no part of it.
const PLACE_KINDS: &[&str] = &[
    "collection",
    "project",
    "board",
    "report",
    "section",
    "folder",
    "space",
    "workspace",
    "module",
    "category",
    "group",
    "repository",
    "queue",
    "catalog",
    "catalogue",
];

/// Where a trailing phrase that only says where an element sits on the page starts ("at the
/// bottom of the form", "in the top right corner", "on the left"): no element's name.
fn position_phrase(words: &[&str]) -> Option<usize> {
    const PREPOSITIONS: &[&str] = &["at", "on", "in", "near", "towards", "toward"];
    const POSITIONS: &[&str] = &[
        "top",
        "bottom",
        "left",
        "right",
        "end",
        "side",
        "middle",
        "corner",
        "upper",
        "lower",
        "top-right",
        "top-left",
        "bottom-right",
        "bottom-left",
        "upper-right",
        "upper-left",
        "lower-right",
        "lower-left",
        "very",
        "far",
        "start",
        "beginning",
        "hand",
    ];
    const WHOLES: &[&str] =
        &["page", "form", "screen", "dialog", "window", "list", "table", "section", "panel", "view"];
    let lower: Vec<String> =
        words.iter().map(|w| w.to_ascii_lowercase().trim_end_matches(['.', ',']).to_string()).collect();
    // "above the table", "below the list": beside a whole the page shows, no name of its own.
    if let Some(at) = lower.iter().rposition(|w| ["above", "below", "beneath", "over", "under"].contains(&w.as_str())) {
        let tail: Vec<&str> = lower[at + 1..].iter().map(String::as_str).collect();
        if at > 0 && matches!(tail.as_slice(), ["the", whole] | [whole] if WHOLES.contains(whole)) {
            return Some(at);
        }
    }
    let at = lower.iter().rposition(|w| PREPOSITIONS.contains(&w.as_str()))?;
    let mut tail = lower[at + 1..].iter().map(String::as_str).peekable();
    tail.next_if(|w| *w == "the");
    let mut positions = 0;
    while tail.next_if(|w| POSITIONS.contains(w)).is_some() {
        positions += 1;
    }
    if positions == 0 {
        return None;
    }
    if tail.next_if(|w| *w == "of").is_some() {
        tail.next_if(|w| *w == "the" || *w == "this");
        tail.next_if(|w| WHOLES.contains(w))?;
    }
    (at > 0 && tail.next().is_none()).then_some(at)
}

pub(super) fn english_sentence(sentence: &str) -> Option<String> {
    // "Use the plus button above the table to start a new entry": a control used is pressed.
    if let Some(pressed) = control_used(sentence).or_else(|| ordered_by(sentence)) {
        return english_sentence(&pressed);
    }
    if let Some(said) = done_by_pressing(sentence).or_else(|| toggled(sentence)).or_else(|| you_see(sentence)) {
        return english_sentence(&said);
    }
    // ASCII lower-casing: byte positions stay those of the original, so slicing is safe.
    let lower = sentence.to_ascii_lowercase();
    if let Some(pressed) = saved_by_its_verb(sentence) {
        return Some(pressed);
    }
    let Some((word, verb)) = EN_LEADING_VERBS
        .iter()
        .find(|(word, _)| lower.starts_with(word) && !lower[word.len()..].starts_with(char::is_alphanumeric))
    else {
        return english_statement(sentence).or_else(|| control_stated(sentence));
    };
    let head = &sentence[..word.len()];
    if *verb == Verb::Back {
        return back_to(sentence, word);
    }
    let assigns = crate::words::EN_ASSIGN.contains(word);
    if matches!(verb, Verb::LogIn | Verb::Reload | Verb::Drag) || assigns {
        return None;
    }
    let mut rest: Vec<&str> = sentence[word.len()..].split_whitespace().collect();
    while rest.first().is_some_and(|w| EN_FILLERS.contains(&w.to_lowercase().as_str())) {
        rest.remove(0);
    }
    // "Verify that the total is 3": what follows "that" is the statement.
    if verb.is_expectation() && rest.first().is_some_and(|w| w.eq_ignore_ascii_case("that")) {
        rest.remove(0);
        while rest.first().is_some_and(|w| EN_FILLERS.contains(&w.to_lowercase().as_str())) {
            rest.remove(0);
        }
    }
    if let Some(ticked) = box_beside(*verb, &rest) {
        return Some(ticked);
    }
    // "Click Add again": adverbs say how often, not what.
    while rest.last().is_some_and(|w| {
        ["again", "once", "twice", "more", "now", "then"].contains(&w.to_lowercase().trim_end_matches([',', '.']))
    }) {
        rest.pop();
    }
    let position = position_taken(&mut rest);
    // "Click Now beside Publish Date": the element it sits by is no part of its name.
    if *verb == Verb::Click {
        let lower: Vec<String> = rest.iter().map(|w| w.to_ascii_lowercase()).collect();
        let at = lower
            .iter()
            .position(|w| w == "beside")
            .or_else(|| lower.windows(2).position(|w| w[0] == "next" && w[1] == "to").filter(|_| lower.len() > 2));
        if let Some(at) = at.filter(|at| *at > 0 && *at + 1 < rest.len()) {
            rest.truncate(at);
        }
    }
    if *verb == Verb::Navigate {
        // (A screen's link at the top of the page is the first of same-named links.)
        return navigation(head, word, rest).map(|n| format!("{n}{position}"));
    }
    let place = place_after(&mut rest, *verb);
    // "Leave the start date as it is": nothing to do.
    let joined = rest.join(" ").to_lowercase();
    if *verb == Verb::Clear && crate::words::EN_LEAVE_ALONE.1.iter().any(|p| joined.ends_with(p.trim())) {
        return Some("Keep it".to_string());
    }
    // "Leave the name empty": the field is between the verb and "empty".
    if *verb == Verb::Clear {
        while rest.last().is_some_and(|w| {
            ["empty", "blank", "unfilled", "as", "is"].contains(&w.to_lowercase().trim_end_matches(['.', ',']))
        }) {
            rest.pop();
        }
    }
    // A field is typed into: "Enter the title" names a field called title, not a heading.
    let typed = matches!(verb, Verb::Fill | Verb::Select | Verb::Upload | Verb::Clear);
    let noun_at_end = rest.last().and_then(|w| {
        let w = w.to_lowercase();
        ROLE_NOUNS
            .iter()
            .find(|(n, h)| *n == w && !is_hangul_noun(n) && (!typed || *h == crate::RoleHint::Field))
            .map(|(n, _)| *n)
    });
    // "Click Create new page", "Add a new section": what is made is part of the control's name,
    // not the kind of thing pressed.
    let made = rest.len() >= 2
        && ["new", "another", "blank"].contains(&rest[rest.len() - 2].to_lowercase().as_str())
        && matches!(noun_at_end, Some("page" | "screen" | "section" | "tab" | "row" | "item"));
    let noun_at_end = noun_at_end.filter(|_| !made);
    if noun_at_end.is_some() {
        rest.pop();
    }
    // "Check the list" is a look; only "check the … checkbox" (or switch) ticks something.
    let a_box = matches!(noun_at_end, Some("checkbox" | "switch" | "toggle"));
    if rest.is_empty() || (*verb == Verb::Check && !a_box) {
        return None;
    }
    if let Some(pressed) = selected_control(*verb, &rest) {
        return Some(pressed);
    }
    let noun = noun_at_end.map(|n| format!(" {n}")).unwrap_or_default();
    let text = rest.join(" ");
    match verb {
        Verb::Fill | Verb::Select | Verb::Upload => typed_into(head, *verb, &text, &noun),
        _ if verb.is_expectation() => expected(head, &text),
        _ => Some(format!("{head} the {}{noun}{place}", quote(&text))),
    }
}

/// "Select the Members tab", "Select the Remember me checkbox": a tab, a link or a button
/// selected is pressed, a box ticked — neither is a value chosen.
fn selected_control(verb: Verb, rest: &[&str]) -> Option<String> {
    if verb != Verb::Select || rest.len() < 2 {
        return None;
    }
    let (kind, name) = rest.split_last()?;
    let kind = kind.to_ascii_lowercase();
    let kind = kind.trim_end_matches(['.', ',']);
    if ["tab", "link", "button", "icon"].contains(&kind) {
        return Some(format!("Click the {} {kind}", quote(&name.join(" "))));
    }
    ["checkbox", "switch", "toggle"].contains(&kind).then(|| format!("Check the {} checkbox", quote(&name.join(" "))))
}

/// "Select the checkbox next to Enable email notifications", "Check the box beside Archived",
/// "Untick the check box for Public": the box is ticked (or cleared) by the words beside it,
/// its name.
fn box_beside(verb: Verb, rest: &[&str]) -> Option<String> {
    if !matches!(verb, Verb::Select | Verb::Click | Verb::Check | Verb::Uncheck) || rest.len() < 3 {
        return None;
    }
    let lower: Vec<String> = rest.iter().map(|w| w.to_ascii_lowercase()).collect();
    // "check box", "tick box": the kind said in two words.
    let kind = usize::from(matches!(lower[0].as_str(), "check" | "tick") && lower[1] == "box") + 1;
    if !["checkbox", "box", "tickbox", "switch", "toggle"].contains(&lower[kind - 1].as_str()) {
        return None;
    }
    let by = match lower.get(kind).map(String::as_str) {
        Some("next") if lower.get(kind + 1).map(String::as_str) == Some("to") => kind + 2,
        Some("beside" | "for" | "labeled" | "labelled") => kind + 1,
        _ => return None,
    };
    let name = rest.get(by..).filter(|n| !n.is_empty())?.join(" ");
    let name = name.trim_end_matches(['.', ',']).trim_matches(['\'', '"']);
    let tick = if verb == Verb::Uncheck { "Uncheck" } else { "Check" };
    Some(format!("{tick} the {} checkbox", quote(name)))
}

/// "Hit the Close issue button at the bottom of the form": where it sits is no part of its
/// name; taken off `rest`, as " at the top", " at the bottom" or "".
fn position_taken(rest: &mut Vec<&str>) -> &'static str {
    let Some(at) = position_phrase(rest) else { return "" };
    let tail: Vec<String> = rest[at..].iter().map(|w| w.to_ascii_lowercase()).collect();
    let said = |w: &str| tail.iter().any(|t| t.trim_end_matches(['.', ',']) == w);
    let position = if said("top") || said("upper") {
        " at the top"
    } else if said("bottom") || said("lower") {
        " at the bottom"
    } else {
        ""
    };
    rest.truncate(at);
    position
}

/// An expectation after its verb ("Verify", "Make sure"): a figure beside its name, or a
/// subject and what is said of it — "the Save button is disabled", the kind of control no part
/// of its name.
fn expected(head: &str, text: &str) -> Option<String> {
    if let Some((name, figure)) = crate::words::figure_stated(text) {
        return Some(format!("{head} {} is shown", quote(&format!("{name} {figure}"))));
    }
    let lower = text.to_ascii_lowercase();
    let i = [" is ", " are "].iter().find_map(|m| lower.find(m))?;
    let (subject, predicate) = (&text[..i], &text[i..]);
    let role = subject.rsplit_once(' ').filter(|(name, kind)| {
        !name.is_empty() && ROLE_NOUNS.iter().any(|(n, _)| n.eq_ignore_ascii_case(kind) && !is_hangul_noun(n))
    });
    if let Some((name, kind)) = role {
        return Some(format!("{head} the {} {kind}{predicate}", quote(name)));
    }
    Some(format!("{head} {}{predicate}", quote(subject)))
}

/// "The Save button is disabled", "the Remember me checkbox is checked": a control named with
/// its kind and what is said of it — the named control, never the one the step before used
/// (which a kind alone, "the button is disabled", means).
fn control_stated(sentence: &str) -> Option<String> {
    let text = sentence.trim();
    let text = ["the ", "The "].iter().find_map(|a| text.strip_prefix(a)).unwrap_or(text);
    let lower = text.to_ascii_lowercase();
    let at = [" is ", " are "].iter().filter_map(|m| lower.find(m)).min()?;
    let (name, kind) = text[..at].rsplit_once(' ')?;
    let control = ROLE_NOUNS.iter().any(|(n, _)| n.eq_ignore_ascii_case(kind) && !is_hangul_noun(n));
    (control && !name.trim().is_empty() && name.split_whitespace().count() <= 4).then(|| expected("Verify", text))?
}

/// "Confirm by clicking OK in the dialog", "Save the form by pressing Ctrl+S": what is done is
/// the press the sentence names after "by".
fn done_by_pressing(sentence: &str) -> Option<String> {
    let lower = sentence.to_ascii_lowercase();
    let (at, by) = [" by clicking ", " by pressing ", " by selecting ", " by tapping ", " by choosing "]
        .iter()
        .find_map(|by| lower.find(by).map(|at| (at, *by)))?;
    // Only a short lead ("Confirm", "Save the form"): a longer one says more than the press.
    (sentence[..at].split_whitespace().count() <= 5).then(|| format!("Click {}", &sentence[at + by.len()..]))
}

/// "Toggle the Dark mode switch on", "Toggle Notifications off": which way the switch goes.
fn toggled(sentence: &str) -> Option<String> {
    let lower = sentence.to_ascii_lowercase();
    let rest = lower.strip_prefix("toggle ")?.trim_end_matches(['.', '!']);
    let (turn, cut) = if rest.ends_with(" on") {
        ("Turn on", 3)
    } else if rest.ends_with(" off") {
        ("Turn off", 4)
    } else {
        return None;
    };
    let what = &sentence["toggle ".len()..];
    let what = what.trim_end_matches(['.', '!']);
    Some(format!("{turn} {}", &what[..what.len() - cut]))
}

/// "You should see the Dashboard page", "You will see the message Saved": what is shown.
fn you_see(sentence: &str) -> Option<String> {
    let lower = sentence.to_ascii_lowercase();
    let lead = ["you should now see ", "you should see ", "you will see ", "you'll see ", "you now see ", "you see "]
        .into_iter()
        .find(|l| lower.starts_with(l))?;
    let what = sentence[lead.len()..].trim().trim_end_matches(['.', '!']);
    // "You'll see a message confirming the user was added": what the message tells.
    let lower = what.to_ascii_lowercase();
    for told in [" confirming that ", " confirming ", " saying that ", " saying ", " stating that "] {
        let Some(at) = lower.find(told) else { continue };
        let message = ["a message", "a notice", "a confirmation", "a success message", "a notification"];
        if message.iter().any(|m| lower[..at].ends_with(m)) {
            return Some(format!("The page confirms that {}", &what[at + told.len()..]));
        }
    }
    (!what.is_empty()).then(|| format!("{what} is shown"))
}

/// "Use the plus button above the table to start a new entry", "Use the Export link": "Click
/// the …", without what it is used for.
fn control_used(sentence: &str) -> Option<String> {
    let lower = sentence.to_ascii_lowercase();
    let rest = lower.strip_prefix("use the ")?;
    let controls = [" button", " link", " icon", " tab", " toggle", " checkbox"];
    let (at, noun) = controls.iter().filter_map(|c| rest.find(c).map(|i| (i, *c))).min()?;
    let end = "use the ".len() + at + noun.len();
    if !sentence[end..].is_empty() && !sentence[end..].starts_with([' ', '.', ',']) {
        return None;
    }
    let mut tail = sentence[end..].trim_end_matches('.').to_string();
    // "… to start a new entry", "… so the list is sorted": what it is for.
    for purpose in [" to ", " in order to ", " so that ", " so "] {
        if let Some(i) = tail.to_ascii_lowercase().find(purpose) {
            tail.truncate(i);
        }
    }
    Some(format!("Click the {}{tail}", &sentence["use the ".len()..end]))
}

/// "I filter by Drafts", "Sort the list by Date", "Group issues by Priority": the choice is
/// pressed by its name (a filter, a column's header, a grouping); a choice in a field is the
/// field's ("Filter by status: Open" names its value and stays a question of the page).
fn ordered_by(sentence: &str) -> Option<String> {
    let lower = sentence.to_ascii_lowercase();
    let rest = ["filter ", "sort ", "group ", "order "].iter().find_map(|v| lower.strip_prefix(v))?;
    let at = rest.find("by ").filter(|&i| i == 0 || rest[..i].ends_with(' '))?;
    let from = sentence.len() - rest.len() + at + "by ".len();
    let choice = sentence[from..].trim().trim_end_matches('.');
    let capital = choice.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit());
    (capital && !choice.contains(':') && choice.split_whitespace().count() <= 4).then(|| format!("Click {choice}"))
}

/// "Go back to the group list": to that screen, not one page back in the history.
fn back_to(sentence: &str, word: &str) -> Option<String> {
    let rest = sentence[word.len()..].trim().trim_end_matches('.');
    let place = rest.strip_prefix("to ").map(|p| p.strip_prefix("the ").unwrap_or(p)).unwrap_or("");
    let mut words: Vec<&str> = place.split_whitespace().collect();
    if words.last().is_some_and(|w| ["page", "screen", "view"].contains(&w.to_ascii_lowercase().as_str())) {
        words.pop();
    }
    if words.is_empty() || words.len() > 6 {
        return None;
    }
    Some(format!("Go to the {} page", quote(&words.join(" "))))
}

/// A screen to go to, by the name the sentence gives it, and the menu or bar its link is in:
/// "Open the Contacts menu", "Go to the contact list", "Open Your Issues from the sidebar".
fn navigation(head: &str, word: &str, mut rest: Vec<&str>) -> Option<String> {
    // "open the address book, i.e. the page that lists everybody", "open issue 2, the one
    // about the tax rate": what follows "i.e." or a comma's apposition says what the place is,
    // not its name.
    let apposition = |at: usize| {
        let w = rest[at].to_lowercase();
        let after_comma = at > 0 && rest[at - 1].ends_with(',');
        let next = rest.get(at + 1).map(|n| n.to_lowercase()).unwrap_or_default();
        w == "i.e."
            || w == "(i.e."
            || w == "ie"
            || w == "namely"
            || (after_comma && (w == "which" || (w == "the" && ["one", "page", "screen"].contains(&next.as_str()))))
    };
    if let Some(at) = (0..rest.len()).position(apposition) {
        if at > 0 {
            rest.truncate(at);
            if let Some(last) = rest.last_mut() {
                *last = last.trim_end_matches([',', ';', ':']);
            }
        }
    }
    // "go to its Wiki": the place of what was named before, by its own name.
    if rest.len() >= 2 && ["its", "his", "her", "their"].contains(&rest[0].to_lowercase().as_str()) {
        rest.remove(0);
    }
    // "Open the detail view of that entry", "the edit page of the new contact": whose place it
    // is (a record said before) is no word of the place's name; its kind stays ("detail" alone
    // names nothing).
    let of_referent = (1..rest.len()).find(|&at| {
        let next = rest.get(at + 1).map(|w| w.to_lowercase()).unwrap_or_default();
        let then = rest.get(at + 2).map(|w| w.to_lowercase()).unwrap_or_default();
        rest[at].eq_ignore_ascii_case("of")
            && (["that", "this", "it", "it.", "him", "her", "them"].contains(&next.as_str())
                || (next == "the" && ["new", "same", "created", "added"].contains(&then.as_str())))
    });
    if let Some(at) = of_referent {
        rest.truncate(at);
        if rest.len() > 1 && rest.last().is_some_and(|w| ["page", "screen"].contains(&w.to_lowercase().as_str())) {
            rest.pop();
        }
        return Some(format!("{head} the {} page", quote(&rest.join(" "))));
    }
    // "Open the Contacts menu", "Open the List Contact tab": a menu or a tab named as it
    // shows is opened by pressing it.
    if let Some((last, name)) = rest.split_last() {
        let kind = last.trim_end_matches(['.', ',']).to_lowercase();
        let shown =
            !name.is_empty() && name.iter().all(|w| w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()));
        // (A tab is pressed by its name: many are drawn as links.)
        if shown && kind == "menu" && word.eq_ignore_ascii_case("open") {
            return Some(format!("Click the {} menu", quote(&name.join(" "))));
        }
        if shown && kind == "tab" && word.eq_ignore_ascii_case("open") {
            return Some(format!("Click {}", quote(&name.join(" "))));
        }
    }
    // "Open Your Issues from the sidebar": where its link is, not the screen's name.
    let places = ["sidebar", "menu", "navigation", "nav", "navbar", "header", "footer", "toolbar", "panel", "bar"];
    // "Open Home from the Pages menu in the sidebar": of places inside places, the one the
    // link is in is the innermost, said first.
    let mut place = String::new();
    while rest.last().is_some_and(|w| places.contains(&w.to_lowercase().trim_end_matches('.'))) {
        let lower: Vec<String> = rest.iter().map(|w| w.to_lowercase()).collect();
        let Some(at) = lower.iter().rposition(|w| ["from", "in", "on", "via", "under"].contains(&w.as_str())) else {
            break;
        };
        if at == 0 {
            break;
        }
        place = menu_place(&rest[at + 1..]);
        rest.truncate(at);
    }
    // "Go to the contact list", "Open the user list page", "Open the app".
    let noun =
        rest.last().map(|w| w.to_lowercase()).filter(|w| ["page", "screen", "view", "tab"].contains(&w.as_str()));
    if noun.is_some() {
        rest.pop();
    }
    // "Open the Posts collection", "Go to the Website Redesign project": a name written
    // with capitals, then in small letters the kind of place it is: the name is the place.
    let name_then_kind = rest.len() >= 2
        && rest.last().is_some_and(|w| PLACE_KINDS.contains(&w.trim_end_matches(['.', ','])))
        && rest[..rest.len() - 1].iter().all(|w| w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()));
    if name_then_kind {
        rest.pop();
    }
    // "Open the tracker's issue list": the app's own places are the app's; the place is
    // what follows its owner.
    if rest.len() >= 2 && rest[0].to_lowercase().ends_with("'s") && !rest[0].starts_with(char::is_uppercase) {
        rest.remove(0);
    }
    if rest.is_empty() || rest.iter().any(|w| w.starts_with('/') || w.starts_with("http")) {
        return None;
    }
    if place.is_empty() {
        return Some(format!("{head} the {} page", quote(&rest.join(" "))));
    }
    Some(format!("{head} the {} page in the {} menu", quote(&rest.join(" ")), quote(&place)))
}

/// "Click the Add link in the Groups row": the place after the target, taken off `rest`.
fn place_after(rest: &mut Vec<&str>, verb: Verb) -> String {
    let mut place = String::new();
    if !matches!(verb, Verb::Fill | Verb::Select | Verb::Upload) {
        let lower: Vec<String> = rest.iter().map(|w| w.to_lowercase()).collect();
        let container_last = lower.last().is_some_and(|w| {
            ["row", "line", "section", "area", "panel", "card", "box", "table", "list", "group", "menu"]
                .contains(&w.as_str())
        });
        let marks = |i: usize, w: &str| {
            let next = lower.get(i + 1).map(String::as_str);
            match w {
                "in" | "inside" | "within" => next == Some("the") || container_last,
                "for" | "under" => next.is_some(),
                _ => false,
            }
        };
        if let Some(at) = lower.iter().enumerate().position(|(i, w)| marks(i, w)) {
            if at > 0 && at + 1 < rest.len() {
                place = format!(" {}", rest[at..].join(" "));
                rest.truncate(at);
            }
        }
    }
    place
}

/// What is typed or chosen, and where: "Change the Personal Cellphone to 555-2202", "Enter X in the
/// title", "Choose Publish now from the Publish menu", "Select the Admin role".
fn typed_into(head: &str, verb: Verb, text: &str, noun: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    // "Change the Personal Cellphone to 555-2202", "Set the title to X".
    let head_lower = head.to_ascii_lowercase();
    if head_lower == "change" || head_lower == "set" {
        if let Some(i) = lower.rfind(" to ") {
            let (field, value) = (&text[..i], &text[i + " to ".len()..]);
            return Some(format!("Fill {}{noun} with {}", quote(field), quote(value)));
        }
    }
    let split = [" into the ", " in the ", " into ", " in ", " from the ", " from "]
        .iter()
        .find_map(|m| lower.find(m).map(|i| (i, *m)));
    if let Some((i, marker)) = split {
        let (value, field) = (&text[..i], &text[i + marker.len()..]);
        // "the Priority dropdown", "the Status drop-down list": the kind is no part of its name.
        let kinds =
            [" drop-down list", " dropdown list", " drop-down menu", " dropdown menu", " drop-down", " dropdown"];
        let field = kinds
            .iter()
            .find_map(|k| field.len().checked_sub(k.len()).filter(|at| field[*at..].eq_ignore_ascii_case(k)))
            .filter(|at| *at > 0 && field.is_char_boundary(*at))
            .map_or(field, |at| &field[..at]);
        // "Choose Publish now from the Publish menu": a menu holds commands, not values;
        // what is chosen from it is pressed.
        if let Some(menu) = field.strip_suffix(" menu").filter(|_| verb == Verb::Select && noun.is_empty()) {
            return Some(format!("Click {} in the {} menu", quote(value), quote(menu)));
        }
        // "Choose Settings from the menu": a menu named by no name; the command is pressed.
        if field.eq_ignore_ascii_case("menu") && verb == Verb::Select && noun.is_empty() {
            return Some(format!("Click {}", quote(value)));
        }
        return Some(format!("{head} {} {} {}{noun}", quote(value), marker.trim(), quote(field)));
    }
    if let Some(i) = lower.find(" with ") {
        let (field, value) = (&text[..i], &text[i + " with ".len()..]);
        return Some(format!("{head} {}{noun} with {}", quote(field), quote(value)));
    }
    // "Select the Admin role", "Choose the Female gender": a capitalised value, then the
    // field's name in lower case.
    if verb == Verb::Select && noun.is_empty() {
        let words: Vec<&str> = text.split_whitespace().collect();
        if let [value @ .., field] = words.as_slice() {
            let capital = |w: &&str| w.chars().next().is_some_and(char::is_uppercase);
            // ("Choose Sign out": "out" ends the command's name, it names no field.)
            const PARTICLES: &[&str] = &["in", "out", "up", "off", "on", "down", "over", "back", "all", "now"];
            let lower_field = field.chars().all(|c| c.is_lowercase() || c == '-') && !PARTICLES.contains(field);
            // "Select Save changes", "Select Create project": a command's name, which starts
            // with what it does, is pressed.
            const COMMANDS: &[&str] = &[
                "save", "create", "new", "add", "delete", "remove", "edit", "update", "submit", "apply", "cancel",
                "close", "invite", "publish", "archive", "export", "import", "run", "start", "stop", "merge",
                "approve", "reject", "send", "upload", "download", "copy", "move", "rename", "reset", "confirm",
            ];
            let command = value.first().is_some_and(|w| COMMANDS.contains(&w.to_ascii_lowercase().as_str()));
            if !value.is_empty() && value.iter().all(capital) && lower_field && value.len() <= 4 && !command {
                return Some(format!("{head} {} in {}", quote(&value.join(" ")), quote(field)));
            }
        }
    }
    // "Enter the title": the field alone; its value comes from the data, or is asked.
    Some(format!("{head} the {}{noun}", quote(text)))
}

mod forms;
mod statements;
#[cfg(test)]
mod tests;

use forms::saved_by_its_verb;
pub(crate) use forms::{creation, submitted_with};
use statements::english_statement;

/// The place a screen's link is reached from, as the engine looks for it: a menu named as its
/// label shows it ("the Contacts menu" → "Contacts"), or the words that describe the place
/// ("the user menu", "the sidebar").
fn menu_place(words: &[&str]) -> String {
    let words: Vec<&str> = words
        .iter()
        .map(|w| w.trim_end_matches(['.', ',']))
        .filter(|w| !["the", "a", "its", "their"].contains(&w.to_lowercase().as_str()))
        .collect();
    let Some((last, name)) = words.split_last() else { return String::new() };
    let named = !name.is_empty()
        && last.eq_ignore_ascii_case("menu")
        && name.iter().all(|w| w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()));
    if named {
        name.join(" ").trim_matches(['\'', '"']).to_string()
    } else {
        words.join(" ").trim_matches(['\'', '"']).to_string()
    }
}
