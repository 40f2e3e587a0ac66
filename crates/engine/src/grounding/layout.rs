//! Elements known by where the page puts them rather than by their own name: a field by the
//! text heading its table row, a figure by the name drawn beside it.

use super::figures::{contains_whole_numbers, numbers};
use super::roles::allowed_roles;
use crate::{Intent, Scope, Verb};
use specwright_browser::SnapshotNode;
use specwright_protocol::Text;
use specwright_rails::{Candidate, CLICKABLE, FILLABLE, SNAPSHOT_REF};
use specwright_reading::normalize;
use specwright_scenario::Locator;

/// What is done to or checked of a field: the verbs whose target may be known by its layout.
const FIELD_VERBS: &[Verb] =
    &[Verb::Fill, Verb::Clear, Verb::Select, Verb::Check, Verb::Uncheck, Verb::Upload, Verb::ExpectValue, Verb::Append];

/// A field with no name of its own, named by the text beside it in its table row ("Contacts
/// Group *" in the first cell, the combobox in the second), as forms laid out in tables are.
pub(super) fn by_layout(intent: &Intent, nodes: &[SnapshotNode]) -> Option<Candidate> {
    if !FIELD_VERBS.contains(&intent.verb) {
        return None;
    }
    let wanted = normalize(intent.target.as_deref()?);
    let allowed = allowed_roles(intent)?;
    let mut found: Vec<(usize, usize)> = Vec::new();
    // The field right after each label: a row may hold two pairs ("Priority [bug] Status
    // [unread]"), each field following its own label.
    let mut following: Vec<(usize, usize)> = Vec::new();
    for (i, node) in nodes.iter().enumerate() {
        if CLICKABLE.contains(&node.role.as_str()) || FILLABLE.contains(&node.role.as_str()) {
            continue;
        }
        let says = |t: &Option<String>| t.as_deref().is_some_and(|t| heads(&normalize(t), &wanted));
        // The label text may sit in the node or be the row header's own name.
        if !says(&node.name) && !says(&node.text) {
            continue;
        }
        let Some(row) = node.parents.iter().rev().copied().find(|&p| nodes[p].role == "row") else { continue };
        let mut next_after_label = None;
        for (j, field) in nodes.iter().enumerate().skip(row + 1).take_while(|(_, n)| n.parents.contains(&row)) {
            let combobox_text = field.role == "textbox" && field.ancestors.last().is_some_and(|a| a == "combobox");
            if allowed.contains(&field.role.as_str()) && !field.hidden && !combobox_text {
                if j > i && next_after_label.is_none() {
                    next_after_label = Some(j);
                }
                if !found.iter().any(|f| f.1 == j) {
                    found.push((row, j));
                }
            }
        }
        if let Some(j) = next_after_label.filter(|j| !following.iter().any(|f| f.1 == *j)) {
            following.push((row, j));
        }
    }
    let (row, field) = match (found.as_slice(), following.as_slice()) {
        ([one], _) | (_, [one]) => one,
        _ => return None,
    };
    let node = &nodes[*field];
    let label = row_label(nodes, *row, &intent.target.clone().unwrap_or_default());
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
        place: Some(Text::message(
            "place-in",
            [("name", label.as_str().into()), ("kind", specwright_rails::container("row"))],
        )),
    })
}

/// A field with no name of its own in a table whose column header names it ("Num in stock"
/// over a column of inputs, one row per supplier), in the row the spec names ("on the Acme Book
/// Distributors row") or the table's only data row.
pub(super) fn by_column(intent: &Intent, nodes: &[SnapshotNode]) -> Option<Candidate> {
    if !FIELD_VERBS.contains(&intent.verb) {
        return None;
    }
    let target = intent.target.clone()?;
    let wanted = normalize(&target);
    let allowed = allowed_roles(intent)?;
    let within = |at: usize| nodes.iter().enumerate().skip(at + 1).take_while(move |(_, n)| n.parents.contains(&at));
    let children = |at: usize| within(at).filter(move |(_, n)| n.parents.last() == Some(&at)).map(|(j, _)| j);
    let headers: Vec<usize> = nodes
        .iter()
        .enumerate()
        .filter(|(_, n)| n.role == "columnheader" && n.name.as_deref().is_some_and(|l| heads(&normalize(l), &wanted)))
        .map(|(i, _)| i)
        .collect();
    let [header] = headers.as_slice() else { return None };
    let header_row = nodes[*header].parents.iter().rev().copied().find(|&p| nodes[p].role == "row")?;
    let column = children(header_row).position(|j| j == *header)?;
    let table = nodes[header_row]
        .parents
        .iter()
        .rev()
        .copied()
        .find(|&p| matches!(nodes[p].role.as_str(), "table" | "grid" | "treegrid"))?;
    let row_name = match &intent.scope {
        Some(Scope::Row(name)) => Some(normalize(name)),
        None => None,
        Some(_) => return None,
    };
    let rows: Vec<usize> = within(table)
        .filter(|(j, n)| n.role == "row" && *j != header_row && !children(*j).any(|c| nodes[c].role == "columnheader"))
        .filter(|(j, n)| match &row_name {
            // Named by its own name or by what it shows (a row drawn by a script has no name
            // in the snapshot; the partner shows in its combobox).
            Some(r) => {
                let says = |m: &SnapshotNode| {
                    [&m.name, &m.text].into_iter().flatten().any(|l| normalize(l).contains(r.as_str()))
                };
                says(n) || within(*j).any(|(_, m)| says(m))
            }
            None => true,
        })
        .map(|(j, _)| j)
        .collect();
    let [row] = rows.as_slice() else { return None };
    let cell =
        children(*row).filter(|c| matches!(nodes[*c].role.as_str(), "cell" | "gridcell" | "rowheader")).nth(column)?;
    let fields: Vec<usize> = within(cell)
        .filter(|(_, f)| {
            let combobox_text = f.role == "textbox" && f.ancestors.last().is_some_and(|a| a == "combobox");
            allowed.contains(&f.role.as_str()) && !f.hidden && !combobox_text
        })
        .map(|(j, _)| j)
        .collect();
    let [field] = fields.as_slice() else { return None };
    let node = &nodes[*field];
    let header_name = nodes[*header].name.clone().unwrap_or_else(|| target.clone());
    // The row is found again by the words the spec named it with (its full name holds the
    // values typed into it, which change).
    let row_label = match &intent.scope {
        Some(Scope::Row(name)) => name.clone(),
        _ => nodes[*row].name.clone().unwrap_or_default(),
    };
    Some(Candidate {
        role: node.role.clone(),
        node_role: node.role.clone(),
        label: header_name.clone(),
        reference: node.reference.clone(),
        locators: vec![Locator::Role {
            role: node.role.clone(),
            name: node.name.clone().unwrap_or_default(),
            exact: node.name.is_some(),
        }],
        within: vec![Locator::Role { role: "row".into(), name: row_label.clone(), exact: false }],
        place: Some(Text::message(
            "place-column",
            [("column", header_name.as_str().into()), ("row", row_label.as_str().into())],
        )),
    })
}

/// Whether a row's header `label` is the field `wanted`: the same words, or each a word of it
/// by its stem ("confirmation" for "Confirm Password"), with at most one word more.
fn heads(label: &str, wanted: &str) -> bool {
    if label == wanted {
        return true;
    }
    let (l, w): (Vec<&str>, Vec<&str>) = (label.split_whitespace().collect(), wanted.split_whitespace().collect());
    let stem = |a: &str, b: &str| a == b || (a.len() >= 5 && b.len() >= 5 && (a.starts_with(b) || b.starts_with(a)));
    // "stock" for "Num in stock": a word that is the label's last, its head noun ("Low stock
    // threshold" is a threshold).
    let head_noun = w.len() == 1 && l.len() <= 3 && l.last().is_some_and(|last| stem(w[0], last));
    head_noun || (!w.is_empty() && l.len() <= w.len() + 1 && w.iter().all(|x| l.iter().any(|y| stem(x, y))))
}

/// The words a row is found by: the label as the page writes it.
fn row_label(nodes: &[SnapshotNode], row: usize, label: &str) -> String {
    let wanted = normalize(label);
    nodes[row + 1..]
        .iter()
        .take_while(|n| n.parents.contains(&row))
        .find_map(|n| n.name.clone().or_else(|| n.text.clone()).filter(|t| heads(&normalize(t), &wanted)))
        .map(|t| t.trim().trim_end_matches(['*', ':']).trim().to_string())
        .unwrap_or_else(|| label.to_string())
}

/// "record count 5" on a page that draws the name and its figure as two texts side by side
/// (`<strong>Record Count:</strong> 5`): the two read as one, and the figure must be the whole
/// number there ("5" is not "15"). Checked as the text a person reads across both.
pub(super) fn figure_beside_name(intent: &Intent, nodes: &[SnapshotNode]) -> Option<Candidate> {
    let target = intent.target.as_deref()?;
    if !matches!(intent.verb, Verb::ExpectVisible) || intent.scope.is_some() || numbers(target).is_empty() {
        return None;
    }
    let wanted = normalize(target);
    let text = |n: &SnapshotNode| n.name.clone().or_else(|| n.text.clone());
    let mut found = nodes.windows(2).filter_map(|pair| {
        let (name, figure) = (&pair[0], &pair[1]);
        let siblings = name.depth == figure.depth && name.parents == figure.parents;
        let (a, b) = (text(name)?, text(figure)?);
        let read = format!("{} {}", a.trim(), b.trim());
        (siblings && numbers(&b) == numbers(target) && contains_whole_numbers(&normalize(&read), &wanted))
            .then_some((figure, read))
    });
    let (node, read) = found.next()?;
    if found.next().is_some() {
        return None;
    }
    Some(Candidate {
        role: node.role.clone(),
        node_role: node.role.clone(),
        label: read.clone(),
        reference: node.reference.clone(),
        locators: vec![Locator::Text { text: read, exact: false }],
        within: Vec::new(),
        place: None,
    })
}

/// A field with no name of its own right after the text that labels it ("Which offers apply for
/// this voucher? *" then a select2 box): a form drawn without `<label for>`. Found again by its
/// place on the page, which `durable` turns into a path.
/// One word in the singular or the plural ("Categories" for a field labelled "Category:").
fn same_word(a: &str, b: &str) -> bool {
    let singular = |w: &str| -> String {
        let w = w.trim_end_matches(':');
        if let Some(stem) = w.strip_suffix("ies").filter(|s| s.len() >= 2) {
            format!("{stem}y")
        } else if w.len() > 3 && w.ends_with('s') && !w.ends_with("ss") {
            w[..w.len() - 1].to_string()
        } else {
            w.to_string()
        }
    };
    a == b || singular(a) == singular(b)
}

/// A box with no name of its own beside the button that acts on it ("the search box" left of
/// a Search button, "the coupon field" before Apply coupon): named by that button.
pub(super) fn before_its_button(intent: &Intent, nodes: &[SnapshotNode]) -> Option<Candidate> {
    if !matches!(intent.verb, Verb::Fill | Verb::Clear | Verb::Append) {
        return None;
    }
    let wanted = normalize(intent.target.as_deref()?);
    let allowed = allowed_roles(intent)?;
    let mut found = Vec::new();
    for (b, button) in nodes.iter().enumerate() {
        let named = button.name.as_deref().is_some_and(|n| heads(&normalize(n), &wanted));
        if button.role != "button" || !named || button.hidden {
            continue;
        }
        let parent = button.parents.last().copied();
        let field = nodes[..b]
            .iter()
            .enumerate()
            .rev()
            .take(6)
            .find(|(_, n)| n.parents.last().copied() == parent && allowed.contains(&n.role.as_str()) && !n.hidden);
        if let Some((j, field)) = field {
            if field.name.as_deref().is_none_or(str::is_empty) && !found.iter().any(|(f, _)| *f == j) {
                found.push((j, button.name.clone().unwrap_or_default()));
            }
        }
    }
    let [(at, label)] = found.as_slice() else { return None };
    field_at(nodes, *at, label)
}

/// The field at `at`, known by its snapshot reference and called `label` in questions and plans.
fn field_at(nodes: &[SnapshotNode], at: usize, label: &str) -> Option<Candidate> {
    let reference = nodes[at].reference.clone()?;
    Some(Candidate {
        role: nodes[at].role.clone(),
        node_role: nodes[at].role.clone(),
        label: label.to_string(),
        reference: Some(reference.clone()),
        locators: vec![Locator::Css { selector: format!("{}{reference}", SNAPSHOT_REF) }],
        within: Vec::new(),
        place: None,
    })
}

/// What a page's own text is called when no label names it: "At the end of the text, add …",
/// "본문에 … 입력한다", "the content".
const CONTENT_NOUNS: &[&str] =
    &["text", "the text", "content", "contents", "body", "page text", "본문", "내용", "텍스트"];

/// "At the end of the text, add …" on an edit page whose text area has no label: the one text
/// box with neither a name nor a text before it that labels it (a wiki's editor under its
/// toolbar; the comment box below it has its label).
pub(super) fn main_text(intent: &Intent, nodes: &[SnapshotNode]) -> Option<Candidate> {
    if !matches!(intent.verb, Verb::Fill | Verb::Clear | Verb::Append | Verb::ExpectValue) {
        return None;
    }
    let wanted = normalize(intent.target.as_deref()?);
    if !CONTENT_NOUNS.contains(&wanted.as_str()) {
        return None;
    }
    let labelled = |i: usize| {
        let before = (0..i).rev().find(|&j| {
            let wrapper = matches!(nodes[j].role.as_str(), "generic" | "group" | "none")
                && nodes[j].name.is_none()
                && nodes[j].text.is_none();
            !nodes[i].parents.contains(&j) && !wrapper
        });
        before.is_some_and(|j| {
            let n = &nodes[j];
            let texty = matches!(n.role.as_str(), "generic" | "text" | "paragraph" | "strong" | "rowheader" | "term");
            texty && (n.name.is_some() || n.text.is_some())
        })
    };
    let boxes: Vec<usize> = nodes
        .iter()
        .enumerate()
        .filter(|(i, n)| {
            n.role == "textbox" && !n.hidden && n.name.as_deref().is_none_or(str::is_empty) && !labelled(*i)
        })
        .map(|(i, _)| i)
        .collect();
    let [one] = boxes.as_slice() else { return None };
    field_at(nodes, *one, intent.target.as_deref().unwrap_or_default())
}

/// A field with no name of its own, the only one of a group named by the target ("Notes" over
/// a fieldset holding a text area and its toolbar, "Shipping address" over one box).
pub(super) fn in_named_group(intent: &Intent, nodes: &[SnapshotNode]) -> Option<Candidate> {
    if !matches!(intent.verb, Verb::Fill | Verb::Clear | Verb::Append | Verb::ExpectValue) {
        return None;
    }
    let wanted = normalize(intent.target.as_deref()?);
    let allowed = allowed_roles(intent)?;
    let mut found = Vec::new();
    for (g, group) in nodes.iter().enumerate() {
        let named = group.name.as_deref().is_some_and(|n| heads(&normalize(n), &wanted));
        // (A wrapper labelled for the field inside it, "generic \"새 제목:\"", is such a box too.)
        if !matches!(group.role.as_str(), "group" | "region" | "form" | "generic") || !named || group.hidden {
            continue;
        }
        // A drop-down of fixed options beside the text box (a wiki's namespace before the title)
        // takes no typing: the box typed into is the other one.
        let typed = matches!(intent.verb, Verb::Fill | Verb::Clear | Verb::Append);
        let list_of_options =
            |j: usize| nodes.iter().skip(j + 1).take_while(|n| n.parents.contains(&j)).any(|n| n.role == "option");
        let fields: Vec<usize> = nodes
            .iter()
            .enumerate()
            .skip(g + 1)
            .take_while(|(_, n)| n.parents.contains(&g))
            .filter(|(_, n)| allowed.contains(&n.role.as_str()) && !n.hidden)
            .filter(|(j, n)| !(typed && n.role == "combobox" && list_of_options(*j)))
            .map(|(j, _)| j)
            .collect();
        // A drawn drop-down has no options inside it until it opens: of a drop-down and a text
        // box, typing goes in the text box.
        let boxes: Vec<usize> =
            fields.iter().copied().filter(|j| matches!(nodes[*j].role.as_str(), "textbox" | "searchbox")).collect();
        let fields = if typed && fields.len() > 1 && boxes.len() == 1 { boxes } else { fields };
        if let [one] = fields.as_slice() {
            if nodes[*one].name.as_deref().is_none_or(str::is_empty) {
                found.push((*one, group.name.clone().unwrap_or_default()));
            }
        }
    }
    let [(at, label)] = found.as_slice() else { return None };
    unnamed_at(nodes, *at, label)
}

/// The field at `at`, which has no name of its own, known by its snapshot ref and called by the
/// words of its label.
pub(crate) fn unnamed_at(nodes: &[SnapshotNode], at: usize, label: &str) -> Option<Candidate> {
    let node = nodes.get(at)?;
    let reference = node.reference.clone()?;
    Some(Candidate {
        role: node.role.clone(),
        node_role: node.role.clone(),
        label: label.to_string(),
        reference: Some(reference.clone()),
        locators: vec![Locator::Css { selector: format!("{}{reference}", SNAPSHOT_REF) }],
        within: Vec::new(),
        place: None,
    })
}

/// A field with no name of its own; a select with no label is called by the option it shows
/// ("-- Choose type --"), so a drop-down counts as unnamed too.
fn unnamed_field(node: &SnapshotNode) -> bool {
    node.name.as_deref().is_none_or(str::is_empty) || node.role == "combobox"
}

/// The unnamed fields drawn one after another from `first` in the same box (a wiki's namespace
/// list and title box, a phone's country code and number), past bare wrappers and what each
/// field holds inside; anything else (a text, another control) ends the run.
fn side_by_side(nodes: &[SnapshotNode], first: usize, allowed: &[&str]) -> Vec<usize> {
    let wrapper = |n: &SnapshotNode| {
        matches!(n.role.as_str(), "generic" | "group" | "none") && n.name.is_none() && n.text.is_none()
    };
    let Some(&its_box) = nodes[first].parents.last() else { return Vec::new() };
    let mut run = vec![first];
    for (j, n) in nodes.iter().enumerate().skip(first + 1) {
        if run.iter().any(|f| n.parents.contains(f)) || wrapper(n) || n.hidden {
            continue;
        }
        if n.parents.last() == Some(&its_box) && allowed.contains(&n.role.as_str()) && unnamed_field(n) {
            run.push(j);
        } else {
            break;
        }
    }
    run
}

/// The fields side by side after a label the target names, when there are several and none
/// has a name of its own ("새 제목:" over a namespace list and a title box): the boxes a person
/// is asked to choose from, with the label's words.
pub(crate) fn boxes_after_label(intent: &Intent, nodes: &[SnapshotNode]) -> Option<(String, Vec<usize>)> {
    if !matches!(intent.verb, Verb::Fill | Verb::Clear | Verb::Select | Verb::Append) {
        return None;
    }
    let allowed = allowed_roles(intent)?;
    let found: Vec<(String, Vec<usize>)> = texts_naming(intent, nodes)
        .into_iter()
        .filter_map(|(i, _)| {
            let j = first_after(nodes, i)?;
            let run = side_by_side(nodes, j, allowed);
            let label = nodes[i].text.as_deref()?.trim().to_string();
            (unnamed_field(&nodes[j]) && allowed.contains(&nodes[j].role.as_str()) && run.len() > 1)
                .then_some((label, run))
        })
        .collect();
    let [one] = <[_; 1]>::try_from(found).ok()?;
    Some(one)
}

/// The texts of the page (not its controls) that hold every word of the target, normalized:
/// the labels a field may be drawn after.
fn texts_naming(intent: &Intent, nodes: &[SnapshotNode]) -> Vec<(usize, String)> {
    let wanted = normalize(intent.target.as_deref().unwrap_or_default());
    let words: Vec<&str> = wanted.split_whitespace().collect();
    if words.is_empty() {
        return Vec::new();
    }
    nodes
        .iter()
        .enumerate()
        .filter(|(_, n)| !(CLICKABLE.contains(&n.role.as_str()) || FILLABLE.contains(&n.role.as_str()) || n.hidden))
        .filter_map(|(i, n)| {
            let text = normalize(n.text.as_deref()?);
            let said: Vec<&str> = text.split_whitespace().collect();
            let all = words.iter().all(|w| said.iter().any(|s| same_word(w, s)));
            (said.len() <= 14 && all).then(|| (i, text.clone()))
        })
        .collect()
}

/// The first element after `at` that is not inside it, a bare wrapper or hidden.
fn first_after(nodes: &[SnapshotNode], at: usize) -> Option<usize> {
    (at + 1..nodes.len()).find(|&j| {
        let n = &nodes[j];
        let hidden_inside = n.hidden || n.parents.iter().any(|&p| nodes[p].hidden);
        let wrapper = matches!(n.role.as_str(), "generic" | "group" | "none") && n.name.is_none() && n.text.is_none();
        !(n.parents.contains(&at) || hidden_inside || wrapper)
    })
}

/// The one field, unnamed and after the label `at`, of the closest box around the label that
/// holds any field; `None` when that box holds another field or a named one.
fn only_field_around(nodes: &[SnapshotNode], at: usize, allowed: &[&str]) -> Option<usize> {
    for &p in nodes[at].parents.iter().rev().take(2) {
        let fields: Vec<usize> = nodes
            .iter()
            .enumerate()
            .skip(p + 1)
            .take_while(|(_, n)| n.parents.contains(&p))
            .filter(|(_, n)| allowed.contains(&n.role.as_str()) && !n.hidden)
            .map(|(j, _)| j)
            .collect();
        match fields.as_slice() {
            [] => continue,
            [one] if *one > at && nodes[*one].name.as_deref().is_none_or(str::is_empty) => return Some(*one),
            _ => return None,
        }
    }
    None
}

pub(super) fn after_its_text(intent: &Intent, nodes: &[SnapshotNode]) -> Option<Candidate> {
    if !matches!(intent.verb, Verb::Fill | Verb::Clear | Verb::Select | Verb::Append) {
        return None;
    }
    let allowed = allowed_roles(intent)?;
    let mut found = Vec::new();
    for (i, text) in texts_naming(intent, nodes) {
        let node = &nodes[i];
        // The next element after the text, past wrappers and what is hidden: a field with no
        // name of its own. Anything else in between (another text, a control) ends the search.
        let Some(j) = first_after(nodes, i) else { continue };
        let next = &nodes[j];
        let unnamed = unnamed_field(next) && allowed.contains(&next.role.as_str());
        // Two fields side by side after one label (a wiki's namespace list, then the title
        // box): which one the sentence means is for a person to say.
        if unnamed && side_by_side(nodes, j, allowed).len() > 1 {
            continue;
        }
        if unnamed {
            found.push((j, text));
        } else if let Some(field) = only_field_around(nodes, i, allowed) {
            // A widget's own toolbar between its label and its text area (a rich-text
            // editor's Bold, Italic …): the one field of the box the label heads.
            let way_there = node.ancestors.iter().any(|a| matches!(a.as_str(), "link" | "button" | "tab" | "menuitem"));
            if !way_there {
                found.push((field, text));
            }
        }
    }
    // Two texts that name the same field (a label and the heading of its box) are one.
    found.dedup_by(|a, b| a.0 == b.0);
    let [(at, label)] = found.as_slice() else { return None };
    unnamed_at(nodes, *at, label)
}

#[cfg(test)]
mod tests {
    use super::heads;

    #[test]
    fn a_column_is_headed_by_its_words_or_its_head_noun() {
        assert!(heads("num in stock", "stock"));
        assert!(!heads("low stock threshold", "stock"));
        assert!(heads("cost price", "price"));
        assert!(heads("num in stock", "num in stock"));
        assert!(!heads("partner sku", "price"));
    }
}
