//! Grounds a target phrase in the accessibility snapshot: exact name first, then a normalized
//! comparison, restricted to the roles the verb and the noun allow. It never guesses between
//! equals: two candidates are an ambiguity for a person to resolve, not a coin toss.

use crate::{Intent, RoleHint, Scope, Verb};
use specwright_browser::SnapshotNode;
use specwright_scenario::Locator;

const CLICKABLE: &[&str] = &[
    "button",
    "link",
    "menuitem",
    "menuitemcheckbox",
    "menuitemradio",
    "tab",
    "checkbox",
    "radio",
    "switch",
    "option",
    "treeitem",
];
const FILLABLE: &[&str] = &["textbox", "searchbox", "spinbutton", "combobox"];
/// Roles whose text content is what a person reads as a "message".
const MESSAGE_ROLES: &[&str] =
    &["status", "alert", "paragraph", "text", "generic", "strong", "emphasis", "log", "note"];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub role: String,
    /// The role of the snapshot node that matched (a dialog is matched through its heading).
    pub node_role: String,
    /// The name or text that matched.
    pub label: String,
    pub reference: Option<String>,
    /// Durable locators, best first.
    pub locators: Vec<Locator>,
    /// The container the spec placed it in (its row, section, list item), as a locator.
    pub within: Vec<Locator>,
    /// Where it is, in the person's words ("'Groups' 행" / "the 'Groups' row"), for questions.
    pub place: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Grounding {
    Unique(Candidate),
    Ambiguous(Vec<Candidate>),
    NotFound,
}

/// Case, width and punctuation differences people do not see as different words.
pub fn normalize(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        // Full-width ASCII forms (ＡＢＣ１２３) to ASCII.
        let c = if ('\u{FF01}'..='\u{FF5E}').contains(&c) { char::from_u32(c as u32 - 0xFEE0).unwrap_or(c) } else { c };
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if c.is_whitespace() && !out.ends_with(' ') && !out.is_empty() {
            out.push(' ');
        }
    }
    out.trim_end().to_string()
}

const CHECKABLE: &[&str] = &["checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"];

fn allowed_roles(intent: &Intent) -> Option<&'static [&'static str]> {
    use Verb::*;
    match (intent.verb, intent.hint) {
        (Click | DoubleClick | Hover, Some(RoleHint::Button)) => Some(&["button"]),
        (Click | DoubleClick | Hover, Some(RoleHint::Link)) => Some(&["link"]),
        (Click | DoubleClick | Hover, Some(RoleHint::Checkbox)) => Some(&["checkbox"]),
        (Click | DoubleClick | Hover, Some(RoleHint::Tab)) => Some(&["tab"]),
        // Menus drawn as lists of links are as common as ARIA menus.
        (Click | DoubleClick | Hover, Some(RoleHint::Menu)) => {
            Some(&["menuitem", "menuitemcheckbox", "menuitemradio", "link", "button", "tab", "treeitem"])
        }
        (Click | DoubleClick | Hover, _) => Some(CLICKABLE),
        (Check | Uncheck | ExpectChecked, _) => Some(CHECKABLE),
        (Fill | Clear, _) => Some(FILLABLE),
        (Select, _) => Some(&["combobox", "listbox"]),
        (Upload, _) => Some(&["button", "textbox"]),
        (ExpectScreen, _) => Some(&["heading"]),
        (ExpectVisible | ExpectHidden | ExpectEnabled | ExpectDisabled, Some(RoleHint::Button)) => Some(&["button"]),
        (ExpectVisible | ExpectHidden | ExpectEnabled | ExpectDisabled, Some(RoleHint::Link)) => Some(&["link"]),
        (ExpectVisible | ExpectHidden, Some(RoleHint::Heading | RoleHint::Screen)) => Some(&["heading"]),
        (ExpectVisible | ExpectHidden | ExpectEnabled | ExpectDisabled, Some(RoleHint::Field)) => Some(FILLABLE),
        (ExpectVisible | ExpectHidden | ExpectEnabled | ExpectDisabled, Some(RoleHint::Checkbox)) => Some(CHECKABLE),
        (ExpectVisible | ExpectHidden, Some(RoleHint::Dialog)) => Some(&["dialog", "alertdialog", "heading"]),
        (ExpectVisible | ExpectHidden, Some(RoleHint::Message)) => Some(MESSAGE_ROLES),
        (ExpectVisible | ExpectHidden, Some(RoleHint::Row)) => Some(&["row"]),
        (ExpectEnabled | ExpectDisabled, _) => Some(&[
            "button",
            "link",
            "checkbox",
            "radio",
            "switch",
            "tab",
            "textbox",
            "searchbox",
            "spinbutton",
            "combobox",
        ]),
        (ExpectVisible | ExpectHidden, _) => None,
        (Navigate | Back | Look | LogIn | ExpectError | ExpectMessage | PressKey, _) => Some(&[]),
    }
}

/// The role a "not found" diagnosis compares against first (the verb's and the noun's).
pub(crate) fn primary_role(intent: &Intent) -> Option<&'static str> {
    allowed_roles(intent).and_then(|roles| roles.first().copied())
}

/// For an expectation with no noun, which matching element a person most plausibly means.
fn expect_rank(role: &str) -> u8 {
    match role {
        "dialog" | "alertdialog" => 0,
        "heading" => 1,
        "alert" | "status" => 2,
        "cell" | "gridcell" | "columnheader" | "rowheader" | "listitem" => 3,
        r if MESSAGE_ROLES.contains(&r) => 4,
        _ => 5,
    }
}

/// Besides every clickable and fillable role, the roles `getByRole` finds reliably by name.
const OTHER_NAMED_ROLES: &[&str] = &[
    "heading",
    "dialog",
    "alertdialog",
    "cell",
    "gridcell",
    "columnheader",
    "rowheader",
    "row",
    "listitem",
    "img",
    "navigation",
    "region",
    "tabpanel",
];

fn named_role(role: &str) -> bool {
    CLICKABLE.contains(&role) || FILLABLE.contains(&role) || OTHER_NAMED_ROLES.contains(&role)
}

fn candidate(node: &SnapshotNode, label: &str, intent: &Intent) -> Option<Candidate> {
    let mut role = node.role.clone();
    let mut locators = Vec::new();
    // Dialogs are often titled by a heading inside them: "'등록 확인' 대화상자" is that dialog.
    if intent.hint == Some(RoleHint::Dialog) && node.role == "heading" {
        if !node.ancestors.iter().any(|a| a == "dialog" || a == "alertdialog") {
            return None;
        }
        role = "dialog".to_string();
    }
    // A button named by its content has that name for `getByRole` too.
    if named_role(&role) && (node.name.is_some() || role == "dialog" || CLICKABLE.contains(&role.as_str())) {
        locators.push(Locator::Role { role: role.clone(), name: label.to_string(), exact: true });
    }
    if matches!(intent.verb, Verb::Fill | Verb::Clear | Verb::Select | Verb::Upload) {
        locators.push(Locator::Label { text: label.to_string() });
    } else {
        locators.push(Locator::Text { text: label.to_string(), exact: true });
    }
    Some(Candidate {
        role,
        node_role: node.role.clone(),
        label: label.to_string(),
        reference: node.reference.clone(),
        locators,
        within: Vec::new(),
        place: None,
    })
}

/// How a target was matched, weakest last; a question is asked for nothing, but the offline
/// engine's figures count how often each tier was needed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum MatchTier {
    Exact,
    Normalized,
    /// Hangul compared letter by letter (jamo), spaces ignored, within a small edit distance.
    Fuzzy,
    /// For a text expected to be shown: part of a longer text (an alert, a paragraph), as
    /// Playwright's `getByText` finds it.
    Contains,
}

pub fn ground(intent: &Intent, nodes: &[SnapshotNode]) -> Grounding {
    ground_tiered(intent, nodes).0
}

/// Grounds and says which tier matched (exact name, normalized, jamo-fuzzy).
pub fn ground_tiered(intent: &Intent, nodes: &[SnapshotNode]) -> (Grounding, Option<MatchTier>) {
    let found = ground_name(intent, nodes);
    if found.0 != Grounding::NotFound {
        return found;
    }
    // "올바른 비밀번호", "the new name": the element is named without the word that says which value.
    let found = match intent.target.as_deref().and_then(crate::grammar::without_modifiers) {
        Some(name) => ground_name(&Intent { target: Some(name), ..intent.clone() }, nodes),
        None => found,
    };
    if found.0 != Grounding::NotFound {
        return found;
    }
    // "휴가 규정 문서", "the Harbor Canvas Tote item": the thing, without the word for its kind.
    if let Some(name) = intent.target.as_deref().and_then(without_kind_noun) {
        let found = ground_name(&Intent { target: Some(name), ..intent.clone() }, nodes);
        if found.0 != Grounding::NotFound {
            return found;
        }
    }
    // What people call a search field: "검색창", "the search box".
    let synonym = intent.target.as_deref().and_then(|t| {
        let t = normalize(t);
        FIELD_SYNONYMS
            .iter()
            .find(|(said, _)| t == *said || t.ends_with(&format!(" {said}")))
            .map(|(_, name)| name.to_string())
    });
    if let Some(name) = synonym {
        let found = ground_name(&Intent { target: Some(name), ..intent.clone() }, nodes);
        if found.0 != Grounding::NotFound {
            return found;
        }
    }
    by_layout(intent, nodes).map_or(found, |c| (Grounding::Unique(c), Some(MatchTier::Normalized)))
}

/// A name without a trailing word that only says what kind of thing it is.
fn without_kind_noun(target: &str) -> Option<String> {
    const KINDS: &[&str] = &[
        "문서",
        "페이지",
        "항목",
        "게시물",
        "게시글",
        "글",
        "레코드",
        "document",
        "page",
        "item",
        "entry",
        "record",
        "issue",
        "product",
    ];
    let words: Vec<&str> = target.split_whitespace().collect();
    let (last, rest) = words.split_last()?;
    (!rest.is_empty() && KINDS.iter().any(|k| last.eq_ignore_ascii_case(k))).then(|| rest.join(" "))
}

/// Names people give a field for what it is called on screen.
const FIELD_SYNONYMS: &[(&str, &str)] = &[
    ("검색창", "검색"),
    ("검색란", "검색"),
    ("검색어", "검색"),
    ("검색 상자", "검색"),
    ("search box", "search"),
    ("search field", "search"),
    ("search bar", "search"),
    ("비밀번호", "password"),
    ("암호", "password"),
    ("password", "비밀번호"),
    ("사용자 이름", "username"),
    ("아이디", "username"),
    ("username", "사용자 이름"),
    ("이메일", "email"),
    ("email", "이메일"),
];

/// A field with no name of its own, named by the text beside it in its table row ("Contacts
/// Group *" in the first cell, the combobox in the second), as forms laid out in tables are.
fn by_layout(intent: &Intent, nodes: &[SnapshotNode]) -> Option<Candidate> {
    if !matches!(intent.verb, Verb::Fill | Verb::Clear | Verb::Select | Verb::Check | Verb::Uncheck | Verb::Upload) {
        return None;
    }
    let wanted = normalize(intent.target.as_deref()?);
    let allowed = allowed_roles(intent)?;
    let mut found: Vec<(usize, usize)> = Vec::new();
    for node in nodes.iter() {
        if CLICKABLE.contains(&node.role.as_str()) || FILLABLE.contains(&node.role.as_str()) {
            continue;
        }
        let says = |t: &Option<String>| t.as_deref().is_some_and(|t| normalize(t) == wanted);
        // The label text may sit in the node or be the row header's own name.
        if !says(&node.name) && !says(&node.text) {
            continue;
        }
        let Some(row) = node.parents.iter().rev().copied().find(|&p| nodes[p].role == "row") else { continue };
        for (j, field) in nodes.iter().enumerate().skip(row + 1).take_while(|(_, n)| n.parents.contains(&row)) {
            let combobox_text = field.role == "textbox" && field.ancestors.last().is_some_and(|a| a == "combobox");
            if allowed.contains(&field.role.as_str())
                && !field.hidden
                && !combobox_text
                && !found.iter().any(|f| f.1 == j)
            {
                found.push((row, j));
            }
        }
    }
    let [(row, field)] = found.as_slice() else { return None };
    let node = &nodes[*field];
    let label = intent.target.clone().unwrap_or_default();
    Some(Candidate {
        role: node.role.clone(),
        node_role: node.role.clone(),
        label: label.clone(),
        reference: node.reference.clone(),
        locators: vec![Locator::Role {
            role: node.role.clone(),
            name: node.name.clone().unwrap_or_default(),
            exact: node.name.is_some(),
        }],
        within: vec![Locator::Role { role: "row".into(), name: row_label(nodes, *row, &label), exact: false }],
        place: Some(format!("'{label}' 행 / the '{label}' row")),
    })
}

/// The words a row is found by: the label as the page writes it.
fn row_label(nodes: &[SnapshotNode], row: usize, label: &str) -> String {
    let wanted = normalize(label);
    nodes[row + 1..]
        .iter()
        .take_while(|n| n.parents.contains(&row))
        .find_map(|n| n.name.clone().or_else(|| n.text.clone()).filter(|t| normalize(t) == wanted))
        .map(|t| t.trim().trim_end_matches(['*', ':']).trim().to_string())
        .unwrap_or_else(|| label.to_string())
}

fn ground_name(intent: &Intent, nodes: &[SnapshotNode]) -> (Grounding, Option<MatchTier>) {
    let Some(target) = intent.target.as_deref() else {
        return (Grounding::NotFound, None);
    };
    let allowed = allowed_roles(intent);
    let in_dialog = |node: &SnapshotNode| node.ancestors.iter().any(|a| a == "dialog" || a == "alertdialog");
    let place = match &intent.scope {
        Some(Scope::Row(name)) => Some((name.as_str(), true)),
        Some(Scope::Region(name)) => Some((name.as_str(), false)),
        _ => None,
    };
    let container = |index: usize| place.and_then(|(name, row)| container_of(nodes, index, name, row));
    let permitted = |index: usize, node: &SnapshotNode| {
        allowed.is_none_or(|roles| roles.contains(&node.role.as_str()))
            && (!matches!(intent.scope, Some(Scope::Dialog(None))) || in_dialog(node))
            && (place.is_none() || container(index).is_some())
    };
    let expects_text = matches!(intent.verb, Verb::ExpectVisible | Verb::ExpectHidden);
    let labels = |node: &SnapshotNode| -> Vec<String> {
        let mut out = Vec::new();
        out.extend(node.name.clone());
        // A button named by its content ("<button><em>로그인</em></button>"): the text inside.
        if node.name.is_none() && CLICKABLE.contains(&node.role.as_str()) {
            if let Some(at) = nodes.iter().position(|n| std::ptr::eq(n, node)) {
                let inner: Vec<String> = nodes[at + 1..]
                    .iter()
                    .take_while(|n| n.parents.contains(&at))
                    .filter_map(|n| n.name.clone().or_else(|| n.text.clone()))
                    .collect();
                if !inner.is_empty() {
                    out.push(inner.join(" "));
                }
            }
        }
        // Text content counts only for elements read as text, never to name a control, and an
        // input's text is its value: what a person typed is not what the page shows.
        let control = CLICKABLE.contains(&node.role.as_str()) || FILLABLE.contains(&node.role.as_str());
        if node.name.is_none() || !control {
            if !FILLABLE.contains(&node.role.as_str()) {
                out.extend(node.text.clone());
            }
        }
        out
    };

    let wanted = normalize(target);
    let wanted_jamo = jamo_key(target);
    // A one-letter slip per eight letters, and none on short names (two syllables differ by
    // one letter too often: 확인 / 학인).
    let budget = if wanted_jamo.len() >= 9 { (wanted_jamo.len() / 8).max(1) } else { 0 };
    let long_enough = wanted.chars().filter(|c| !c.is_whitespace()).count() >= if is_hangul(&wanted) { 2 } else { 3 };
    for tier in [MatchTier::Exact, MatchTier::Normalized, MatchTier::Fuzzy, MatchTier::Contains] {
        if tier == MatchTier::Fuzzy && budget == 0 {
            continue;
        }
        let types = matches!(intent.verb, Verb::Fill | Verb::Clear | Verb::Select);
        if tier == MatchTier::Contains && (!(expects_text || types) || !long_enough) {
            break;
        }
        let mut found: Vec<(Candidate, u8)> = Vec::new();
        for (index, node) in nodes.iter().enumerate().filter(|(i, n)| permitted(*i, n)) {
            let matched = labels(node).into_iter().find(|label| match tier {
                MatchTier::Exact => label == target,
                // "Log In" and "Login", "로그인 하기" and "로그인하기": the same words.
                MatchTier::Normalized => {
                    let label = normalize(label);
                    label == wanted || (label.replace(' ', "") == wanted.replace(' ', "") && !wanted.is_empty())
                }
                MatchTier::Fuzzy => {
                    let key = jamo_key(label);
                    key.len().abs_diff(wanted_jamo.len()) <= budget && edit_distance_chars(&key, &wanted_jamo) <= budget
                }
                // A field's name holds the words ("사내위키 검색" for 검색); a text holds the phrase.
                MatchTier::Contains if types => {
                    let label = normalize(label);
                    let words: Vec<&str> = label.split_whitespace().collect();
                    // A word, or the stem of one ("confirmation" for "Confirm Password").
                    let stem = |a: &str, b: &str| {
                        a.chars().count() >= 5 && b.chars().count() >= 5 && (a.starts_with(b) || b.starts_with(a))
                    };
                    wanted.split_whitespace().all(|w| words.iter().any(|l| *l == w || stem(l, w)))
                }
                MatchTier::Contains => normalize(label).contains(&wanted),
            });
            if let Some(label) = matched {
                if let Some(mut c) = candidate(node, &label, intent) {
                    if tier == MatchTier::Contains && !types {
                        c.locators = vec![Locator::Text { text: target.to_string(), exact: false }];
                    }
                    if let Some(at) = container(index) {
                        let (locator, words) = container_locator(&nodes[at], place.map(|p| p.0).unwrap_or_default());
                        c.within.extend(locator);
                        c.place = Some(words);
                    }
                    let rank = if expects_text { expect_rank(&c.role) } else { 0 };
                    found.push((c, rank));
                }
            }
        }
        if found.is_empty() {
            continue;
        }
        let best = found.iter().map(|(_, r)| *r).min().unwrap_or(0);
        let mut found: Vec<(Candidate, u8)> = found.into_iter().filter(|(_, r)| *r == best).collect();
        // Inside a named place, the element whose place is nearest it: a broad container that
        // merely starts with the name (a sidebar whose first section is "Issues") loses to the
        // section itself.
        if place.is_some() && found.len() > 1 {
            let depth = |c: &Candidate| {
                nodes
                    .iter()
                    .position(|n| n.reference.is_some() && n.reference == c.reference)
                    .and_then(container)
                    .map(|at| nodes[at].depth)
                    .unwrap_or(0)
            };
            let deepest = found.iter().map(|(c, _)| depth(c)).max().unwrap_or(0);
            found.retain(|(c, _)| depth(c) == deepest);
        }
        let mut top: Vec<Candidate> = found.into_iter().map(|(c, _)| c).collect();
        // A dialog named by its own heading shows up twice (dialog + heading): one element.
        top.dedup_by(|a, b| a.role == "dialog" && b.role == "dialog" && a.label == b.label);
        let grounding = match (top.len(), &intent.scope) {
            (1, _) => Grounding::Unique(top.remove(0)),
            // The spec said which one: "상단의" / "upper" is the first in reading order.
            (_, Some(Scope::First)) => Grounding::Unique(top.remove(0)),
            (_, Some(Scope::Last)) => Grounding::Unique(top.remove(top.len() - 1)),
            _ => Grounding::Ambiguous(top),
        };
        return (grounding, Some(tier));
    }
    (Grounding::NotFound, None)
}

fn is_hangul(text: &str) -> bool {
    text.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c))
}

/// Roles that hold other elements and can be found by their name.
const CONTAINER_ROLES: &[&str] = &[
    "row",
    "listitem",
    "paragraph",
    "dialog",
    "alertdialog",
    "region",
    "navigation",
    "form",
    "group",
    "table",
    "grid",
    "list",
    "menu",
    "menubar",
    "tabpanel",
    "article",
    "complementary",
    "cell",
    "gridcell",
    "banner",
    "main",
    "contentinfo",
];

/// What a container is called: its name; for a row, its cells' text; otherwise the first text,
/// heading or cell inside it.
pub(crate) fn container_label(nodes: &[SnapshotNode], at: usize) -> Option<String> {
    if let Some(name) = &nodes[at].name {
        return Some(name.clone());
    }
    if nodes[at].role == "row" {
        let inside: Vec<(usize, &SnapshotNode)> =
            nodes.iter().enumerate().skip(at + 1).take_while(|(_, n)| n.parents.contains(&at)).collect();
        let cells: Vec<String> = inside
            .iter()
            .filter(|(_, n)| n.parents.last() == Some(&at))
            .filter_map(|(i, n)| {
                n.name.clone().or_else(|| n.text.clone()).or_else(|| {
                    inside.iter().filter(|(_, d)| d.parents.contains(i)).find_map(|(_, d)| {
                        (!CLICKABLE.contains(&d.role.as_str()) || d.role == "link")
                            .then(|| d.name.clone().or_else(|| d.text.clone()))
                            .flatten()
                    })
                })
            })
            .filter(|t| !t.trim().is_empty())
            .take(4)
            .collect();
        if !cells.is_empty() {
            return Some(cells.join(" "));
        }
    }
    nodes[at + 1..]
        .iter()
        .take_while(|n| n.parents.contains(&at))
        .find_map(|n| n.name.clone().or_else(|| n.text.clone()))
}

/// The nearest container of `nodes[index]` that `name` names ("Groups" row, "사용자" 항목), or
/// the section under a heading that does; a row only for a row scope.
fn container_of(nodes: &[SnapshotNode], index: usize, name: &str, row: bool) -> Option<usize> {
    let wanted = normalize(name);
    if wanted.is_empty() {
        return None;
    }
    let named = |at: usize| container_label(nodes, at).is_some_and(|l| words_cover(&normalize(&l), &wanted));
    let found = nodes[index].parents.iter().rev().copied().find(|&at| {
        let role = nodes[at].role.as_str();
        (if row { role == "row" } else { CONTAINER_ROLES.contains(&role) || role == "generic" }) && named(at)
    });
    if found.is_some() || row {
        return found;
    }
    // A section: the nearest heading before the element names it.
    nodes[..index]
        .iter()
        .enumerate()
        .rev()
        .find(|(_, n)| n.role == "heading")
        .filter(|(_, n)| n.name.as_deref().or(n.text.as_deref()).is_some_and(|t| words_cover(&normalize(t), &wanted)))
        .map(|(at, _)| at)
}

/// Whether `label` holds every word of `wanted` (a row named "Groups Add Change" holds "groups").
fn words_cover(label: &str, wanted: &str) -> bool {
    let words: Vec<&str> = label.split_whitespace().collect();
    wanted
        .split_whitespace()
        .all(|w| words.iter().any(|l| *l == w || l.trim_end_matches('s') == w.trim_end_matches('s')))
        || label.contains(wanted)
}

/// The locator of a container found by its name, and the words that say where it is.
fn container_locator(node: &SnapshotNode, name: &str) -> (Option<Locator>, String) {
    let kind = match node.role.as_str() {
        "row" => ("행", "row"),
        "listitem" => ("항목", "item"),
        "dialog" | "alertdialog" => ("대화상자", "dialog"),
        "navigation" | "menu" | "menubar" => ("메뉴", "menu"),
        "table" | "grid" => ("표", "table"),
        _ => ("영역", "section"),
    };
    let words = format!("'{name}' {} / the '{name}' {}", kind.0, kind.1);
    let locator = (node.role != "generic" && node.role != "heading" && node.name.is_some()).then(|| Locator::Role {
        role: node.role.clone(),
        name: name.to_string(),
        exact: false,
    });
    (locator, words)
}

/// Hangul syllables split into their letters (jamo), everything normalized and spaces dropped,
/// so "로그인상태유지" and "로그인 상태 유지", or one mistyped letter, come out close.
pub fn jamo_key(text: &str) -> Vec<char> {
    const LEADS: &[char] = &[
        'ㄱ', 'ㄲ', 'ㄴ', 'ㄷ', 'ㄸ', 'ㄹ', 'ㅁ', 'ㅂ', 'ㅃ', 'ㅅ', 'ㅆ', 'ㅇ', 'ㅈ', 'ㅉ', 'ㅊ', 'ㅋ', 'ㅌ', 'ㅍ',
        'ㅎ',
    ];
    const VOWELS: &[char] = &[
        'ㅏ', 'ㅐ', 'ㅑ', 'ㅒ', 'ㅓ', 'ㅔ', 'ㅕ', 'ㅖ', 'ㅗ', 'ㅘ', 'ㅙ', 'ㅚ', 'ㅛ', 'ㅜ', 'ㅝ', 'ㅞ', 'ㅟ', 'ㅠ',
        'ㅡ', 'ㅢ', 'ㅣ',
    ];
    const TAILS: &[char] = &[
        'ㄱ', 'ㄲ', 'ㄳ', 'ㄴ', 'ㄵ', 'ㄶ', 'ㄷ', 'ㄹ', 'ㄺ', 'ㄻ', 'ㄼ', 'ㄽ', 'ㄾ', 'ㄿ', 'ㅀ', 'ㅁ', 'ㅂ', 'ㅄ',
        'ㅅ', 'ㅆ', 'ㅇ', 'ㅈ', 'ㅊ', 'ㅋ', 'ㅌ', 'ㅍ', 'ㅎ',
    ];
    let mut out = Vec::new();
    for c in normalize(text).chars().filter(|c| !c.is_whitespace()) {
        let code = c as u32;
        if (0xAC00..=0xD7A3).contains(&code) {
            let index = (code - 0xAC00) as usize;
            out.push(LEADS[index / (21 * 28)]);
            out.push(VOWELS[(index % (21 * 28)) / 28]);
            if index % 28 != 0 {
                out.push(TAILS[index % 28 - 1]);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The elements on the page whose names come closest to `wanted` (for "not found" diagnoses),
/// same role first, as `role "name"` strings.
pub fn closest(nodes: &[SnapshotNode], role: Option<&str>, wanted: &str, limit: usize) -> Vec<String> {
    let wanted = normalize(wanted);
    let mut scored: Vec<((bool, bool), usize, String)> = nodes
        .iter()
        .filter_map(|node| {
            let label = node.name.clone().or_else(|| node.text.clone())?;
            let same_role = role.is_some_and(|r| r == node.role);
            if !same_role && !CLICKABLE.contains(&node.role.as_str()) && !FILLABLE.contains(&node.role.as_str()) {
                return None;
            }
            let normalized = normalize(&label);
            let distance = edit_distance(&normalized, &wanted);
            // A name that holds every word of the wanted one ("Add a new record" for "Add") first.
            let holds = wanted.split_whitespace().all(|w| normalized.split_whitespace().any(|l| l == w));
            Some(((!same_role, !holds), distance, format!("{} \"{}\"", node.role, label)))
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.2 == b.2);
    scored.into_iter().take(limit).map(|(_, _, text)| text).collect()
}

/// Levenshtein distance over characters (Hangul syllables count as one).
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    edit_distance_chars(&a, &b)
}

fn edit_distance_chars(a: &[char], b: &[char]) -> usize {
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            current.push((previous[j] + cost).min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interpret;
    use specwright_browser::parse_snapshot;

    const ITEMS: &str = r#"- generic [ref=e1]:
  - navigation "주 메뉴" [ref=e14]:
    - link "상품 관리" [ref=e15] [cursor=pointer]:
      - /url: /items
  - main [ref=e4]:
    - heading "상품 목록" [level=1] [ref=e22]
    - button "내보내기" [ref=e24] [cursor=pointer]
    - button "새 상품 등록" [ref=e25] [cursor=pointer]
    - table [ref=e26]:
      - row [ref=e34]:
        - cell "무선 키보드" [ref=e35]
        - cell [ref=e38]:
          - button "무선 키보드 삭제" [ref=e39] [cursor=pointer]: 삭제
    - button "내보내기" [ref=e54] [cursor=pointer]
  - dialog [ref=e71]:
    - heading "등록 확인" [level=2] [ref=e72]
    - button "확인" [ref=e75] [cursor=pointer]
  - status [ref=e117]: 상품이 등록되었습니다.
"#;

    fn grounded(sentence: &str) -> Grounding {
        ground(&interpret(sentence).unwrap(), &parse_snapshot(ITEMS))
    }

    fn unique(sentence: &str) -> Candidate {
        match grounded(sentence) {
            Grounding::Unique(c) => c,
            other => panic!("{sentence}: {other:?}"),
        }
    }

    #[test]
    fn grounds_by_role_and_exact_name() {
        let c = unique("'새 상품 등록' 버튼을 클릭한다");
        assert_eq!(c.reference.as_deref(), Some("e25"));
        assert_eq!(c.locators[0], Locator::Role { role: "button".into(), name: "새 상품 등록".into(), exact: true });
        assert_eq!(unique("'상품 관리' 링크를 클릭한다").role, "link");
        assert_eq!(unique("'상품 목록'이 보이는지 확인한다").role, "heading");
        assert_eq!(unique("'무선 키보드'가 목록에 보이는지 확인한다").role, "cell");
    }

    #[test]
    fn dialogs_are_grounded_through_their_heading() {
        let c = unique("'등록 확인' 대화상자가 표시되는지 확인한다");
        assert_eq!(c.locators[0], Locator::Role { role: "dialog".into(), name: "등록 확인".into(), exact: true });
    }

    #[test]
    fn messages_without_a_name_are_found_by_text() {
        let c = unique("'상품이 등록되었습니다.' 메시지가 표시되는지 확인한다");
        assert_eq!(c.role, "status");
        assert_eq!(c.locators, vec![Locator::Text { text: "상품이 등록되었습니다.".into(), exact: true }]);
    }

    #[test]
    fn same_named_buttons_are_ambiguous_never_guessed() {
        match grounded("'내보내기' 버튼을 클릭한다") {
            Grounding::Ambiguous(c) => {
                assert_eq!(c.len(), 2);
                assert_eq!(c[0].reference.as_deref(), Some("e24"));
                assert_eq!(c[1].reference.as_deref(), Some("e54"));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_button_is_not_named_by_its_text_content_nor_by_a_partial_name() {
        assert_eq!(grounded("'삭제' 버튼을 클릭한다"), Grounding::NotFound);
        assert_eq!(grounded("'상품' 링크를 클릭한다"), Grounding::NotFound);
    }

    #[test]
    fn closest_candidates_prefer_the_same_role_and_the_nearest_name() {
        let nodes = parse_snapshot(ITEMS);
        let near = closest(&nodes, Some("button"), "새 상품 등록하기", 2);
        assert_eq!(near[0], "button \"새 상품 등록\"");
        assert!(near[1].starts_with("button "), "{near:?}");
        let near = closest(&nodes, Some("link"), "상품관리", 1);
        assert_eq!(near, vec!["link \"상품 관리\""]);
    }

    #[test]
    fn normalized_match_ignores_case_width_and_punctuation() {
        let nodes = parse_snapshot("- button \"Sign in\" [ref=e1]\n- textbox \"E-mail\" [ref=e2]\n");
        let c = match ground(&interpret("Click 'SIGN IN!'").unwrap(), &nodes) {
            Grounding::Unique(c) => c,
            o => panic!("{o:?}"),
        };
        assert_eq!(c.label, "Sign in");
        let c = match ground(&interpret("Enter 'a' in 'Ｅ-mail'").unwrap(), &nodes) {
            Grounding::Unique(c) => c,
            o => panic!("{o:?}"),
        };
        assert_eq!(c.label, "E-mail");
        assert_eq!(normalize("  Ｈｅｌｌｏ,   World! "), "hello world");
    }

    #[test]
    fn jamo_fuzzy_finds_a_spacing_or_one_letter_slip_but_never_a_short_different_word() {
        let nodes = parse_snapshot(
            "- checkbox \"로그인 상태 유지\" [ref=e1]\n- button \"확인\" [ref=e2]\n- button \"취소\" [ref=e3]\n",
        );
        let (g, tier) = ground_tiered(&interpret("'로그인상태유지' 체크박스를 선택한다").unwrap(), &nodes);
        assert!(matches!(g, Grounding::Unique(ref c) if c.label == "로그인 상태 유지"), "{g:?}");
        // Only the spacing differs: the same words.
        assert_eq!(tier, Some(MatchTier::Normalized));
        let (g, _) = ground_tiered(&interpret("'로그인 상태 유자' 체크박스를 선택한다").unwrap(), &nodes);
        assert!(matches!(g, Grounding::Unique(_)), "one vowel off: {g:?}");
        // Two syllables: too short for any slip.
        assert_eq!(grounded_in(&nodes, "'학인' 버튼을 클릭한다"), Grounding::NotFound);
        assert_eq!(jamo_key("값 A"), vec!['ㄱ', 'ㅏ', 'ㅄ', 'a']);
    }

    fn grounded_in(nodes: &[SnapshotNode], sentence: &str) -> Grounding {
        ground(&interpret(sentence).unwrap(), nodes)
    }

    #[test]
    fn shown_text_is_never_an_inputs_value_and_may_be_part_of_a_longer_message() {
        let nodes = parse_snapshot(
            "- main [ref=e1]:\n  - textbox \"사용자 이름\" [ref=e2]: planner01\n  - alert [ref=e3]: 오류가 있습니다. 비밀번호가 너무 짧습니다.\n",
        );
        // The value typed into the field is not text the page shows.
        assert_eq!(grounded_in(&nodes, "'planner01'이 화면에 표시되는지 확인한다"), Grounding::NotFound);
        let (g, tier) = ground_tiered(&interpret("'비밀번호가 너무 짧습니다' 메시지가 표시된다").unwrap(), &nodes);
        match g {
            Grounding::Unique(c) => {
                assert_eq!(c.reference.as_deref(), Some("e3"));
                assert_eq!(c.locators, vec![Locator::Text { text: "비밀번호가 너무 짧습니다".into(), exact: false }]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(tier, Some(MatchTier::Contains));
        // Clicks never match part of a name.
        assert_eq!(grounded_in(&nodes, "'너무' 버튼을 클릭한다"), Grounding::NotFound);
    }

    #[test]
    fn a_row_or_section_named_in_the_sentence_picks_the_element_inside_it() {
        let nodes = parse_snapshot(
            "- table [ref=e1]:\n  - row \"Users Add Change\" [ref=e2]:\n    - cell \"Users\" [ref=e3]\n    - cell \"Add\" [ref=e4]:\n      - link \"Add\" [ref=e5]\n  - row \"Groups Add Change\" [ref=e6]:\n    - cell \"Groups\" [ref=e7]\n    - cell \"Add\" [ref=e8]:\n      - link \"Add\" [ref=e9]\n- heading \"사용자\" [level=2] [ref=e10]\n- link \"추가\" [ref=e11]\n- heading \"그룹\" [level=2] [ref=e12]\n- link \"추가\" [ref=e13]\n",
        );
        assert!(matches!(grounded_in(&nodes, "Click the 'Add' link"), Grounding::Ambiguous(_)));
        let c = match grounded_in(&nodes, "Click the 'Add' link in the 'Groups' row") {
            Grounding::Unique(c) => c,
            other => panic!("{other:?}"),
        };
        assert_eq!(c.reference.as_deref(), Some("e9"));
        assert_eq!(c.within, vec![Locator::Role { role: "row".into(), name: "Groups".into(), exact: false }]);
        assert!(c.place.as_deref().is_some_and(|p| p.contains("'Groups'")), "{c:?}");
        let c = match grounded_in(&nodes, "사용자 항목의 '추가' 링크를 클릭한다") {
            Grounding::Unique(c) => c,
            other => panic!("{other:?}"),
        };
        assert_eq!(c.reference.as_deref(), Some("e11"));
        let c = match grounded_in(&nodes, "그룹 영역의 추가 링크를 클릭한다") {
            Grounding::Unique(c) => c,
            other => panic!("{other:?}"),
        };
        assert_eq!(c.reference.as_deref(), Some("e13"));
    }

    #[test]
    fn scopes_pick_inside_the_dialog_or_by_position() {
        let nodes = parse_snapshot(ITEMS);
        // Only the dialog's button is named "확인" here, but the scope must also exclude others.
        let c = match grounded_in(&nodes, "대화상자의 '확인' 버튼을 클릭한다") {
            Grounding::Unique(c) => c,
            o => panic!("{o:?}"),
        };
        assert_eq!(c.reference.as_deref(), Some("e75"));
        assert_eq!(grounded_in(&nodes, "대화상자의 '새 상품 등록' 버튼을 클릭한다"), Grounding::NotFound);
        let first = grounded_in(&nodes, "상단의 '내보내기' 버튼을 클릭한다");
        assert!(matches!(first, Grounding::Unique(ref c) if c.reference.as_deref() == Some("e24")), "{first:?}");
        let last = grounded_in(&nodes, "Click the lower '내보내기' button");
        assert!(matches!(last, Grounding::Unique(ref c) if c.reference.as_deref() == Some("e54")), "{last:?}");
    }
}
