//! What an action changed on the page, so that after each step the model reads a few lines
//! instead of the whole page again: elements added, removed or changed, matched by ref, each
//! group under its parent's line for context.
//!
//! It compares whole (masked) trees, not the scoped views: a dialog that opens over a table is
//! one added dialog, not "the table went away".

use crate::ai_tree::{mask_secrets, Tree};
use crate::compact::{cut, json_quote, CompactSnapshot, Ctx, ScopeKind, View};
use std::collections::{HashMap, HashSet};

/// Shown when nothing the model can see changed.
pub const NO_CHANGE: &str = "no visible change";
/// Removed subtrees show at most this many lines: what went away matters less than what came.
const REMOVED_LINES: usize = 6;
/// Unnamed containers that read by their content when given as context.
const GLIMPSED: &[&str] =
    &["row", "listitem", "cell", "gridcell", "article", "treeitem", "term", "definition", "paragraph"];
/// Below this share of the previous page still present, the page is a new one and its whole
/// view says more than a list of everything that went and came.
const KEPT_FOR_DIFF: f64 = 0.5;

/// The changes from `previous` to `current`, one group per parent:
///
/// ```text
/// @ row (ORD-0001 선택 / select ORD-0001 이서연 2,370원 …)
/// ~ checkbox "ORD-0001 선택 / select" [checked] [e26] (was: not [checked])
/// @ page
/// + dialog:
/// +   button "삭제" [active] [f1e47]
/// - status: 목록을 내보냈습니다.
/// focus: textbox "상품명" [e63]
/// ```
///
/// `+` added, `-` removed, `~` changed; `focus:` when focus moved to a field. [`NO_CHANGE`] when
/// nothing changed; the whole current view when most of the page went away (a new page).
pub fn diff(previous: &CompactSnapshot, current: &CompactSnapshot) -> String {
    let (prev_tree, cur_tree) = (&previous.tree, &current.tree);
    let (pv, cv) = (View::new(prev_tree), View::new(cur_tree));
    let (pk, ck) = (keys(prev_tree), keys(cur_tree));
    let pmap: HashMap<&str, usize> = pk.iter().enumerate().map(|(i, k)| (k.as_str(), i)).collect();
    let cmap: HashMap<&str, usize> = ck.iter().enumerate().map(|(i, k)| (k.as_str(), i)).collect();
    let mut ctx = Ctx { options: &current.options, elide: true, elided: Vec::new(), groups: HashMap::new() };
    let mut entries: Vec<(String, Vec<String>)> = Vec::new();

    for id in 0..cur_tree.nodes.len() {
        match pmap.get(ck[id].as_str()) {
            Some(&pid) => {
                if !cv.has_content(id) && !pv.has_content(pid) {
                    continue;
                }
                let (new_head, old_head) = (cv.line_with(id, Some(""), false), pv.line_with(pid, Some(""), false));
                let (new_text, old_text) = (own_text(cur_tree, id), own_text(prev_tree, pid));
                if new_head == old_head && new_text == old_text {
                    continue;
                }
                let new = cv.line_with(id, None, false);
                let (new_node, old_node) = (&cur_tree.nodes[id], &prev_tree.nodes[pid]);
                let same_but_state = new_node.role == old_node.role
                    && new_node.name == old_node.name
                    && new_node.props == old_node.props
                    && new_text == old_text;
                let was = if new_head == old_head {
                    match old_text {
                        Some(t) => json_quote(t),
                        None => "empty".to_string(),
                    }
                } else if same_but_state {
                    // Only a state changed (`[checked]`, `[disabled]`): say which, not the line again.
                    let shown = |attrs: &[String]| {
                        attrs.iter().filter(|a| !a.starts_with("level=")).map(|a| format!("[{a}]")).collect::<Vec<_>>()
                    };
                    let (old_attrs, new_attrs) = (shown(&old_node.attrs), shown(&new_node.attrs));
                    if old_attrs.is_empty() {
                        format!("not {}", new_attrs.join(" "))
                    } else {
                        old_attrs.join(" ")
                    }
                } else {
                    pv.line_with(pid, None, false)
                };
                entries.push((context(&cv, id), vec![format!("~ {new} (was: {was})")]));
            }
            None => {
                let parent_known = cur_tree.nodes[id].parent.is_none_or(|p| pmap.contains_key(ck[p].as_str()));
                if !parent_known || !cv.has_content(id) {
                    continue;
                }
                let mut text = String::new();
                if cv.is_wrapper(id) {
                    let kids = cv.effective_children(&cur_tree.nodes[id].children, None);
                    cv.render_list(&kids, 0, &mut ctx, &mut text);
                } else {
                    cv.render(id, 0, &mut ctx, &mut text);
                }
                let lines = text.lines().map(|l| format!("+ {l}")).collect();
                entries.push((context(&cv, id), lines));
            }
        }
    }

    for pid in 0..prev_tree.nodes.len() {
        if cmap.contains_key(pk[pid].as_str()) || !pv.has_content(pid) {
            continue;
        }
        let parent_known = prev_tree.nodes[pid].parent.is_none_or(|p| cmap.contains_key(pk[p].as_str()));
        if !parent_known {
            continue;
        }
        let mut text = String::new();
        let mut quiet = Ctx { options: &previous.options, elide: true, elided: Vec::new(), groups: HashMap::new() };
        if pv.is_wrapper(pid) {
            let kids = pv.effective_children(&prev_tree.nodes[pid].children, None);
            pv.render_list(&kids, 0, &mut quiet, &mut text);
        } else {
            pv.render(pid, 0, &mut quiet, &mut text);
        }
        let all: Vec<&str> = text.lines().collect();
        let mut lines: Vec<String> = all.iter().take(REMOVED_LINES).map(|l| format!("- {l}")).collect();
        if all.len() > REMOVED_LINES {
            lines.push(format!("- … {} more lines", all.len() - REMOVED_LINES));
        }
        entries.push((context(&pv, pid), lines));
    }

    let mut out = String::new();
    match (previous.scope, current.scope) {
        (p, Some(c))
            if c.kind == ScopeKind::Dialog
                && p.is_none_or(|p| p.kind != ScopeKind::Dialog || pk[p.node] != ck[c.node]) =>
        {
            out.push_str("dialog opened: the page behind it waits until it closes\n");
        }
        (Some(p), c) if p.kind == ScopeKind::Dialog && c.is_none_or(|c| c.kind != ScopeKind::Dialog) => {
            out.push_str("dialog closed\n");
        }
        _ => {}
    }
    let mut last_context: Option<&str> = None;
    for (context, lines) in &entries {
        if last_context != Some(context.as_str()) {
            out.push_str(&format!("@ {context}\n"));
            last_context = Some(context);
        }
        for line in lines {
            out.push_str(line);
            out.push('\n');
        }
    }
    let focus = |tree: &Tree| tree.nodes.iter().position(|n| n.active && (n.interactive() || n.pointer));
    if let Some(f) = focus(cur_tree) {
        let moved = focus(prev_tree).map(|p| pk[p].as_str()) != Some(ck[f].as_str());
        // Focus matters where typing goes next; on a button it is where the click just was.
        // An element already in the diff needs no second line.
        let typing = matches!(cur_tree.nodes[f].role.as_str(), "textbox" | "searchbox" | "combobox" | "spinbutton");
        let shown = cur_tree.nodes[f].reference.as_ref().is_some_and(|r| out.contains(&format!("[{r}]")));
        if moved && typing && !shown {
            out.push_str(&format!("focus: {}\n", cv.line_with(f, None, false)));
        }
    }

    let secrets: Vec<&str> = previous.secrets.iter().chain(&current.secrets).map(String::as_str).collect();
    if out.is_empty() {
        return NO_CHANGE.to_string();
    }
    let before = (0..prev_tree.nodes.len()).filter(|&p| pv.has_content(p)).count();
    let kept = (0..prev_tree.nodes.len()).filter(|&p| pv.has_content(p) && cmap.contains_key(pk[p].as_str())).count();
    if before > 0 && (kept as f64) < KEPT_FOR_DIFF * before as f64 {
        return mask_secrets(&format!("new page; it reads:\n{}", current.text()), &secrets);
    }
    mask_secrets(&out, &secrets)
}

fn own_text(tree: &Tree, id: usize) -> Option<&str> {
    tree.nodes[id].text.as_deref().filter(|t| !t.is_empty())
}

/// A key per node that names the same element in two snapshots: its ref (Playwright keeps an
/// element's ref while its role and name stay), else its place under the nearest keyed parent.
fn keys(tree: &Tree) -> Vec<String> {
    let mut keys: Vec<String> = Vec::with_capacity(tree.nodes.len());
    let mut seen: HashSet<String> = HashSet::new();
    let mut counters: HashMap<(Option<usize>, &str), usize> = HashMap::new();
    for node in &tree.nodes {
        let by_ref = node.reference.as_ref().map(|r| format!("#{r}")).filter(|k| !seen.contains(k));
        let key = by_ref.unwrap_or_else(|| {
            let parent = node.parent.and_then(|p| keys.get(p)).map(String::as_str).unwrap_or("");
            let count = counters.entry((node.parent, node.role.as_str())).or_insert(0);
            *count += 1;
            format!("{parent}/{}{count}", node.role)
        });
        seen.insert(key.clone());
        keys.push(key);
    }
    keys
}

/// The nearest enclosing element a reader would recognize, with a glimpse of its text when it
/// has no name of its own (an unnamed row reads by its cells).
fn context(view: &View, id: usize) -> String {
    let nodes = &view.tree.nodes;
    let mut parent = nodes[id].parent;
    while let Some(p) = parent {
        // A cell says little on its own: its row does.
        let in_row = matches!(nodes[p].role.as_str(), "cell" | "gridcell" | "columnheader" | "rowheader")
            && nodes[p].parent.is_some_and(|r| nodes[r].role == "row");
        if !view.is_wrapper(p) && !in_row {
            let mut line = view.line_with(p, None, false);
            let node = &nodes[p];
            if GLIMPSED.contains(&node.role.as_str()) && !node.has_name() && !node.has_text() {
                let glimpse = view.flat_text(p, 60);
                if !glimpse.is_empty() {
                    line.push_str(&format!(" ({})", cut(&glimpse, 60)));
                }
            }
            return line;
        }
        parent = nodes[p].parent;
    }
    "page".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compact::tests::{fixture, random_yaml, table, Rng, FIXTURES};
    use crate::compact::{compact_snapshot, compact_snapshot_masked};

    fn between(before: &str, after: &str) -> String {
        diff(&compact_snapshot(before), &compact_snapshot(after))
    }

    #[test]
    fn an_opened_dialog_is_the_whole_diff() {
        let change = between(fixture("demo-items"), fixture("demo-items-dialog"));
        assert_eq!(
            change,
            "dialog opened: the page behind it waits until it closes\n@ page\n+ dialog:\n+   heading 삭제 확인\n+   paragraph: \"'기계식 키보드' 상품을 삭제할까요?\"\n+   button 삭제 [active] [e58]\n+   button 취소 [e59]\n"
        );
        let closed = between(fixture("demo-items-dialog"), fixture("demo-items"));
        assert!(closed.starts_with("dialog closed\n@ page\n- dialog:\n"), "{closed}");
        assert!(!closed.contains("129,000원"), "{closed}");
    }

    #[test]
    fn messages_that_appear_are_changes_under_their_parent() {
        let change = between(fixture("demo-new"), fixture("demo-new-errors"));
        assert_eq!(
            change,
            "@ main\n~ paragraph: 상품명을 입력해 주세요. (was: empty)\n~ paragraph: 가격은 0보다 커야 합니다. (was: empty)\n"
        );
    }

    #[test]
    fn a_changed_count_reads_with_its_sentence() {
        let before = "- main [ref=e1]:\n  - heading \"대시보드\" [level=1] [ref=e2]\n  - paragraph [ref=e3]:\n    - text: \"등록된 상품:\"\n    - strong [ref=e4]: 3개\n  - button \"새로 고침\" [ref=e5]\n";
        let after = before.replace("3개", "4개");
        assert_eq!(between(before, &after), "@ paragraph (등록된 상품: 4개)\n~ strong: 4개 (was: \"3개\")\n");
        // A modal over a page without landmarks is news too.
        let bare = "- button \"open\" [ref=e1]\n";
        let opened = "- button \"open\" [ref=e1]\n- alertdialog \"sure?\" [ref=e2]:\n  - button \"yes\" [ref=e3]\n";
        assert!(between(bare, opened).starts_with("dialog opened"), "{}", between(bare, opened));
    }

    #[test]
    fn nothing_changed_reads_as_such() {
        for name in FIXTURES {
            assert_eq!(between(fixture(name), fixture(name)), NO_CHANGE);
        }
    }

    #[test]
    fn a_checked_row_reads_with_its_row_for_context() {
        let before = table(50);
        let after =
            before.replace("- checkbox \"ORD-7 선택\" [ref=e172]", "- checkbox \"ORD-7 선택\" [checked] [ref=e172]");
        assert_ne!(before, after);
        let change = between(&before, &after);
        assert_eq!(
            change,
            "@ row (ORD-7 선택 ORD-7 ORD-7 보기 ORD-7 삭제)\n~ checkbox ORD-7 선택 [checked] [e172] (was: not [checked])\n"
        );
    }

    #[test]
    fn removed_rows_show_a_few_lines_under_their_parent() {
        let before = table(20);
        let mut after = String::new();
        let mut skipping = false;
        for line in before.lines() {
            if line.starts_with("        - row ") {
                skipping = line.contains("[ref=e130]");
            }
            if !skipping {
                after.push_str(line);
                after.push('\n');
            }
        }
        let change = between(&before, &after);
        assert_eq!(change, "@ table\n- row: checkbox ORD-3 선택 [e132] | ORD-3 | button ORD-3 보기 [e135]: 보기, button ORD-3 삭제 [e136]: 삭제\n");
        assert!(change.contains("ORD-3") && !change.contains("ORD-4"), "{change}");
        assert!(change.lines().count() <= 1 + REMOVED_LINES + 1, "{change}");
    }

    #[test]
    fn a_new_page_reads_whole() {
        let change = between(fixture("demo-login"), fixture("demo-items"));
        assert!(change.starts_with("new page; it reads:\noutside main:"), "{change}");
    }

    #[test]
    fn typed_secrets_never_show_in_a_diff() {
        let before = "- main [ref=e1]:\n  - textbox \"Token\" [ref=e2]\n  - textbox \"비밀번호\" [ref=e3]\n";
        let after =
            "- main [ref=e1]:\n  - textbox \"Token\" [ref=e2]: tok-123\n  - textbox \"비밀번호\" [ref=e3]: pw-456\n";
        let change = diff(&compact_snapshot(before), &compact_snapshot_masked(after, &["tok-123"]));
        assert!(!change.contains("tok-123") && !change.contains("pw-456"), "{change}");
        assert!(change.contains("~ textbox Token [e2]: •••• (was: empty)"), "{change}");
    }

    #[test]
    fn random_snapshot_pairs_never_panic() {
        let mut rng = Rng(0x0ddb_a11d_5eed_0002);
        let mut previous = compact_snapshot_masked("", &["secret-1"]);
        for round in 0..200 {
            let lines = (rng.next() % 200) as usize;
            let yaml = random_yaml(&mut rng, lines, round % 3 == 0);
            let current = compact_snapshot_masked(&yaml, &["secret-1"]);
            let change = diff(&previous, &current);
            assert!(!change.contains("secret-1"), "{change}");
            previous = current;
        }
    }
}
