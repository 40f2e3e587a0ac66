//! The page as the model reads it: Playwright's AI snapshot cut down to what the next step needs
//! (the open dialog, else the main content), without layout wrappers, with long runs of similar
//! rows folded behind a handle the model can expand, and with secrets masked.
//!
//! The one promise it keeps whatever it cuts: every interactive element of the full snapshot is
//! still addressable, by its ref in the text or inside a folded group whose handle is shown.

use crate::ai_tree::{mask_secrets, Tree};
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

mod text;
pub use text::refs_in;
pub(crate) use text::{cut, json_quote, name_text, push_line};
use text::{plural, yaml_value};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompactOptions {
    /// Runs of more than this many similar siblings with content of their own (rows, list
    /// items) are folded.
    pub max_similar: usize,
    /// The same for runs of leaves (buttons, options, checkboxes): each is one short line, so
    /// folding them saves little and costs the model a round trip; they fold only when longer.
    pub max_similar_leaves: usize,
    /// How many of a folded run stay visible at its start and at its end.
    pub keep_head: usize,
    pub keep_tail: usize,
    /// Outside the main content, a region with at most this many controls lists them by name;
    /// a larger one gets a count and a handle.
    pub inline_outside: usize,
}

impl Default for CompactOptions {
    fn default() -> Self {
        Self { max_similar: 8, max_similar_leaves: 16, keep_head: 3, keep_tail: 1, inline_outside: 8 }
    }
}

/// A folded group (or an out-of-scope region) listed in the text with a count and a handle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Elided {
    /// What to pass to [`CompactSnapshot::expand`].
    pub handle: String,
    /// The role of the folded siblings (`row`), or of the region.
    pub role: String,
    /// How many siblings are folded.
    pub count: usize,
    /// How many interactive elements are inside.
    pub controls: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ScopeKind {
    Dialog,
    Main,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Scope {
    pub node: usize,
    pub kind: ScopeKind,
}

/// The compact view of one snapshot. It keeps the (masked) tree it was made from, for
/// [`CompactSnapshot::expand`] and [`crate::diff`].
#[derive(Clone)]
pub struct CompactSnapshot {
    text: String,
    elided: Vec<Elided>,
    pub(crate) tree: Tree,
    pub(crate) scope: Option<Scope>,
    /// Handles of folded groups that have no common parent with a ref.
    groups: HashMap<String, Vec<usize>>,
    pub(crate) secrets: Vec<String>,
    pub(crate) options: CompactOptions,
}

/// Secret values are deliberately not printed.
impl std::fmt::Debug for CompactSnapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CompactSnapshot").field("text", &self.text).field("elided", &self.elided).finish()
    }
}

impl std::fmt::Display for CompactSnapshot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// The compact view of an AI-mode snapshot (`PageSession::snapshot`), with default options.
/// Values of password-labelled fields are masked; see [`compact_snapshot_masked`] for secrets.
pub fn compact_snapshot(ai_yaml: &str) -> CompactSnapshot {
    compact_snapshot_with(ai_yaml, &[], &CompactOptions::default())
}

/// [`compact_snapshot`], with every occurrence of each of `secrets` shown as `••••`.
pub fn compact_snapshot_masked(ai_yaml: &str, secrets: &[&str]) -> CompactSnapshot {
    compact_snapshot_with(ai_yaml, secrets, &CompactOptions::default())
}

pub fn compact_snapshot_with(ai_yaml: &str, secrets: &[&str], options: &CompactOptions) -> CompactSnapshot {
    compact_inner(ai_yaml, secrets, options, &HashSet::new())
}

/// `modal`: refs of dialogs the page says are modal (`aria-modal`, `<dialog>` opened modal);
/// the AI snapshot does not show it.
fn compact_inner(
    ai_yaml: &str,
    secrets: &[&str],
    options: &CompactOptions,
    modal: &HashSet<String>,
) -> CompactSnapshot {
    let tree = Tree::parse(ai_yaml, secrets);
    let view = View::new(&tree);
    let scope = view.scope(modal);
    let mut ctx = Ctx { options, elide: true, elided: Vec::new(), groups: HashMap::new() };
    let mut out = String::new();
    match scope {
        Some(scope) => {
            let mut summaries: Vec<String> = view
                .outside_regions(scope.node)
                .into_iter()
                .filter_map(|r| view.region(r, scope.kind, &mut ctx))
                .collect();
            // A control that encloses the scope (a clickable wrapper around `main`) is listed too.
            let mut ancestor = tree.nodes[scope.node].parent;
            while let Some(a) = ancestor {
                if tree.nodes[a].interactive() && tree.nodes[a].reference.is_some() {
                    summaries.push(view.line(a, None));
                }
                ancestor = tree.nodes[a].parent;
            }
            if !summaries.is_empty() {
                let prefix = match scope.kind {
                    ScopeKind::Main => "outside main",
                    ScopeKind::Dialog => "behind the dialog",
                };
                let _ = writeln!(out, "{prefix}: {}", summaries.join(" | "));
            }
            match scope.kind {
                // The header line already says this is the main content.
                ScopeKind::Main => {
                    let main = &tree.nodes[scope.node];
                    let kids = view.effective_children(&main.children, main.name.as_deref());
                    view.render_list(&kids, 0, &mut ctx, &mut out);
                }
                ScopeKind::Dialog => view.render(scope.node, 0, &mut ctx, &mut out),
            }
        }
        None => {
            let kids = view.effective_children(&tree.roots, None);
            view.render_list(&kids, 0, &mut ctx, &mut out);
        }
    }
    let Ctx { elided, groups, .. } = ctx;
    let secrets: Vec<String> = secrets.iter().map(|s| s.to_string()).collect();
    let text = mask_secrets(&out, &secrets.iter().map(String::as_str).collect::<Vec<_>>());
    CompactSnapshot { text, elided, tree, scope, groups, secrets, options: options.clone() }
}

impl CompactSnapshot {
    /// What the model reads.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The folded groups and out-of-scope regions, each listed in the text with its handle.
    pub fn elided(&self) -> &[Elided] {
        &self.elided
    }

    /// The whole subtree behind a handle (a folded group's or any ref), with nothing folded,
    /// masked like the view. None for a handle this snapshot does not know.
    pub fn expand(&self, handle: &str) -> Option<String> {
        let view = View::new(&self.tree);
        let mut ctx = Ctx { options: &self.options, elide: false, elided: Vec::new(), groups: HashMap::new() };
        let mut out = String::new();
        let handle = handle.trim();
        if let Some(ids) = self.groups.get(handle) {
            view.render_list(ids, 0, &mut ctx, &mut out);
        } else {
            let id = self.tree.find_ref(handle)?;
            if view.is_wrapper(id) {
                let kids = view.effective_children(&self.tree.nodes[id].children, None);
                view.render_list(&kids, 0, &mut ctx, &mut out);
            } else {
                view.render(id, 0, &mut ctx, &mut out);
            }
        }
        Some(self.mask(&out))
    }

    /// Every ref the model can reach: those in the text and those behind its handles.
    pub fn addressable_refs(&self) -> HashSet<String> {
        let mut refs = refs_in(&self.text);
        for group in &self.elided {
            if let Some(text) = self.expand(&group.handle) {
                refs.extend(refs_in(&text));
            }
        }
        refs
    }

    pub(crate) fn mask(&self, text: &str) -> String {
        mask_secrets(text, &self.secrets.iter().map(String::as_str).collect::<Vec<_>>())
    }
}

/// The refs of the interactive elements of a full AI snapshot: what must stay addressable.
pub fn interactive_refs(ai_yaml: &str) -> Vec<String> {
    let tree = Tree::parse(ai_yaml, &[]);
    tree.nodes.iter().filter(|n| n.interactive()).filter_map(|n| n.reference.clone()).collect()
}

pub(crate) struct Ctx<'o> {
    pub options: &'o CompactOptions,
    pub elide: bool,
    pub elided: Vec<Elided>,
    pub groups: HashMap<String, Vec<usize>>,
}

/// Inline roles whose text reads as part of the surrounding sentence.
const INLINE_ROLES: &[&str] = &[
    "text",
    "generic",
    "strong",
    "emphasis",
    "code",
    "mark",
    "time",
    "insertion",
    "deletion",
    "subscript",
    "superscript",
];
/// Layout roles that mean nothing to a reader when they have no name of their own.
const WRAPPER_ROLES: &[&str] = &["generic", "group", "none", "presentation", "rowgroup"];
/// Live regions: their text is news (a toast, an error) wherever it is on the page.
const LIVE_ROLES: &[&str] = &["alert", "status", "log", "marquee", "timer"];

/// Reading rules over a masked tree, shared by the compact view and the diff.
pub(crate) struct View<'t> {
    pub tree: &'t Tree,
    /// Whether a node, or anything below it, says or does something.
    content: Vec<bool>,
    /// Interactive elements with a ref in the node's subtree.
    controls: Vec<usize>,
}

impl<'t> View<'t> {
    pub fn new(tree: &'t Tree) -> Self {
        let n = tree.nodes.len();
        let mut content = vec![false; n];
        let mut controls = vec![0usize; n];
        // Children come after their parent, so one backward pass sees every child first.
        for id in (0..n).rev() {
            let node = &tree.nodes[id];
            let own = node.interactive()
                || node.pointer
                || node.has_name()
                || node.has_text()
                || node.prop("placeholder").is_some();
            content[id] = own || node.children.iter().any(|&c| content.get(c).copied().unwrap_or(false));
            controls[id] = usize::from(node.interactive() && node.reference.is_some())
                + node.children.iter().map(|&c| controls.get(c).copied().unwrap_or(0)).sum::<usize>();
        }
        Self { tree, content, controls }
    }

    pub fn has_content(&self, id: usize) -> bool {
        self.content.get(id).copied().unwrap_or(false)
    }

    /// An unnamed layout node: its children are shown in its place.
    pub fn is_wrapper(&self, id: usize) -> bool {
        let n = &self.tree.nodes[id];
        WRAPPER_ROLES.contains(&n.role.as_str())
            && !n.has_name()
            && !n.has_text()
            && !n.pointer
            && n.props.is_empty()
            && !n.children.is_empty()
    }

    /// The text of a leaf that is only text (a label, a `text:` line, a `strong`), if it is one.
    fn plain_text(&self, id: usize) -> Option<&str> {
        let n = &self.tree.nodes[id];
        let textual = INLINE_ROLES.contains(&n.role.as_str()) || n.role == "paragraph";
        (textual && n.children.is_empty() && !n.interactive() && !n.pointer && !n.has_name())
            .then_some(n.text.as_deref())
            .flatten()
            .filter(|t| !t.trim().is_empty())
    }

    fn inline_text(&self, id: usize) -> Option<&str> {
        let n = &self.tree.nodes[id];
        if n.role == "paragraph" {
            return None;
        }
        self.plain_text(id)
    }

    /// What is shown under a node: wrappers replaced by their children, empty nodes dropped, and
    /// label text dropped when an element next to it (or the parent) carries it as its name.
    pub fn effective_children(&self, kids: &[usize], parent_name: Option<&str>) -> Vec<usize> {
        let mut out = Vec::new();
        self.collect(kids, &mut out);
        let mut names: HashSet<&str> =
            out.iter().map(|&c| &self.tree.nodes[c]).filter_map(|n| n.name.as_deref()).map(str::trim).collect();
        names.extend(parent_name.map(str::trim));
        out.retain(|&c| self.plain_text(c).is_none_or(|t| !names.contains(t.trim())));
        out
    }

    fn collect(&self, kids: &[usize], out: &mut Vec<usize>) {
        for &c in kids {
            if !self.has_content(c) {
                continue;
            }
            if self.is_wrapper(c) {
                self.collect(&self.tree.nodes[c].children, out);
            } else {
                out.push(c);
            }
        }
    }

    /// Refs are shown where the model can act: controls and anything with a pointer cursor.
    /// Other refs (cells, paragraphs, wrappers) are dropped: they cost tokens on every line and
    /// assertions name text and roles, not refs.
    fn shows_ref(&self, id: usize) -> bool {
        let n = &self.tree.nodes[id];
        n.interactive() || n.pointer
    }

    /// One node's line, without indentation and the trailing `:` for children.
    pub fn line(&self, id: usize, text: Option<&str>) -> String {
        self.line_with(id, text, true)
    }

    /// [`View::line`]; without `[active]` when comparing (focus is reported once, not as a
    /// change of every element it leaves and enters).
    pub fn line_with(&self, id: usize, text: Option<&str>, show_active: bool) -> String {
        self.line_full(id, text, show_active, None)
    }

    fn line_full(&self, id: usize, text: Option<&str>, show_active: bool, extra: Option<&str>) -> String {
        let n = &self.tree.nodes[id];
        let mut s = String::new();
        let text_only = n.role == "generic" && !n.has_name() && !n.pointer;
        s.push_str(if text_only { "text" } else { &n.role });
        if let Some(name) = n.name.as_deref().filter(|x| !x.is_empty()) {
            s.push(' ');
            s.push_str(&name_text(name));
        }
        // A heading's level costs four tokens and changes nothing the model does.
        for attr in n.attrs.iter().filter(|a| !a.starts_with("level=")) {
            let _ = write!(s, " [{attr}]");
        }
        if let Some(p) = n.prop("placeholder") {
            let _ = write!(s, " [placeholder={}]", json_quote(p));
        }
        if self.shows_ref(id) {
            if n.active && show_active {
                s.push_str(" [active]");
            }
            if let Some(r) = &n.reference {
                let _ = write!(s, " [{r}]");
            }
            if n.pointer && !n.interactive() {
                s.push_str(" [cursor=pointer]");
            }
        }
        if let Some(extra) = extra {
            let _ = write!(s, " [{extra}]");
        }
        if let Some(t) = text.or(n.text.as_deref()).filter(|t| !t.is_empty()) {
            s.push_str(": ");
            s.push_str(&yaml_value(t));
        }
        s
    }

    /// A node and what is shown under it, as indented lines.
    pub fn render(&self, id: usize, depth: usize, ctx: &mut Ctx, out: &mut String) {
        let n = &self.tree.nodes[id];
        let kids = self.effective_children(&n.children, n.name.as_deref());
        if let Some(line) = self.single_line(id, &kids) {
            push_line(out, depth, &line, false);
            return;
        }
        push_line(out, depth, &self.line(id, None), true);
        self.render_list(&kids, depth + 1, ctx, out);
    }

    /// The node as one line, when what is under it reads as well that way: nothing, runs of
    /// text, a select's options, a table row of simple cells.
    fn single_line(&self, id: usize, kids: &[usize]) -> Option<String> {
        let nodes = &self.tree.nodes;
        let n = &nodes[id];
        if kids.is_empty() {
            return Some(self.line(id, None));
        }
        // A paragraph of text runs (`text`, `strong`, …).
        if !n.has_text() && kids.iter().all(|&k| self.inline_text(k).is_some()) {
            let merged: Vec<&str> = kids.iter().filter_map(|&k| self.inline_text(k)).map(str::trim).collect();
            return Some(self.line(id, Some(&merged.join(" "))));
        }
        // A `<select>`: its options have no refs (one picks them by label), so one line.
        let plain_option =
            |k: usize| nodes[k].role == "option" && nodes[k].reference.is_none() && nodes[k].children.is_empty();
        if n.role == "combobox" && kids.iter().all(|&k| plain_option(k)) {
            let label = |k: usize| {
                let o = &nodes[k];
                let name = o.name.clone().or_else(|| o.text.clone()).unwrap_or_default();
                let attrs: Vec<&str> = o.attrs.iter().map(String::as_str).filter(|a| *a != "selected").collect();
                if attrs.is_empty() {
                    name
                } else {
                    format!("{name} ({})", attrs.join(", "))
                }
            };
            let options: Vec<String> = kids.iter().map(|&k| label(k)).collect();
            let selected: Vec<String> =
                kids.iter().filter(|&&k| nodes[k].attrs.iter().any(|a| a == "selected")).map(|&k| label(k)).collect();
            let extra = format!("options: {}", options.join(" | "));
            let value = (!selected.is_empty()).then(|| selected.join(", "));
            return Some(self.line_full(id, value.as_deref().or(n.text.as_deref()), true, Some(&extra)));
        }
        // A table row: `row: cell | cell | button "삭제" [e9]`, the header row as `headers:`.
        if n.role == "row" && !n.has_text() {
            let mut cells = Vec::new();
            for &k in kids {
                let cell = &nodes[k];
                if !matches!(cell.role.as_str(), "cell" | "gridcell" | "columnheader" | "rowheader") || cell.has_text()
                {
                    return None;
                }
                let inside = self.effective_children(&cell.children, cell.name.as_deref());
                if inside.is_empty() {
                    cells.push(cell.name.clone().unwrap_or_default());
                    continue;
                }
                let mut parts = Vec::new();
                for &c in &inside {
                    let deeper = self.effective_children(&nodes[c].children, nodes[c].name.as_deref());
                    parts.push(match self.plain_text(c) {
                        Some(t) => t.trim().to_string(),
                        None => self.single_line(c, &deeper)?,
                    });
                }
                cells.push(parts.join(", "));
            }
            let headers = kids.iter().all(|&k| nodes[k].role == "columnheader");
            return Some(format!("{}: {}", if headers { "headers" } else { "row" }, cells.join(" | ")));
        }
        None
    }

    /// Siblings, with long runs of similar ones folded into a counted line with a handle.
    pub fn render_list(&self, kids: &[usize], depth: usize, ctx: &mut Ctx, out: &mut String) {
        let mut i = 0;
        while i < kids.len() {
            let signature = self.signature(kids[i]);
            let mut j = i + 1;
            while j < kids.len() && self.signature(kids[j]) == signature {
                j += 1;
            }
            let run = &kids[i..j];
            let o = ctx.options;
            let limit = if signature.1 { o.max_similar_leaves } else { o.max_similar };
            if ctx.elide && run.len() > limit && run.len() > o.keep_head + o.keep_tail + 1 {
                let (head, rest) = run.split_at(o.keep_head);
                let (folded, tail) = rest.split_at(rest.len().saturating_sub(o.keep_tail));
                for &k in head {
                    self.render(k, depth, ctx, out);
                }
                let line = self.fold(folded, &signature.0, ctx);
                push_line(out, depth, &line, false);
                for &k in tail {
                    self.render(k, depth, ctx, out);
                }
            } else {
                for &k in run {
                    self.render(k, depth, ctx, out);
                }
            }
            i = j;
        }
    }

    /// Similar siblings: same role, and all leaves or all with children.
    fn signature(&self, id: usize) -> (String, bool) {
        let n = &self.tree.nodes[id];
        (n.role.clone(), n.children.is_empty())
    }

    /// The line that stands for folded siblings, and its handle: their common parent's ref when
    /// they have one (expanding it shows them all), else a handle of this snapshot's own.
    fn fold(&self, folded: &[usize], role: &str, ctx: &mut Ctx) -> String {
        let parents: HashSet<Option<usize>> = folded.iter().map(|&k| self.tree.nodes[k].parent).collect();
        let parent_ref = match parents.into_iter().collect::<Vec<_>>().as_slice() {
            [Some(p)] => self.tree.nodes[*p].reference.clone(),
            _ => None,
        };
        let handle = parent_ref.unwrap_or_else(|| {
            let handle = format!("g{}", ctx.groups.len() + 1);
            ctx.groups.insert(handle.clone(), folded.to_vec());
            handle
        });
        let controls: usize = folded.iter().map(|&k| self.controls.get(k).copied().unwrap_or(0)).sum();
        ctx.elided.push(Elided { handle: handle.clone(), role: role.to_string(), count: folded.len(), controls });
        let what = plural(role, folded.len());
        if controls > 0 {
            format!("… {} more {what} with {controls} controls (expand: {handle})", folded.len())
        } else {
            format!("… {} more {what} (expand: {handle})", folded.len())
        }
    }

    /// The open modal dialog, else the main landmark when it holds at least half of the page's
    /// controls (a page whose `main` is a thin strip keeps its whole view).
    ///
    /// A dialog counts as modal when the page says so (`modal`), when it is an `alertdialog`, or
    /// when it holds the focus; a dialog that is none of these (a chat bubble, a cookie notice)
    /// stays part of the page. Of several, the one holding focus, else the last.
    pub fn scope(&self, modal: &HashSet<String>) -> Option<Scope> {
        let nodes = &self.tree.nodes;
        let focused = nodes.iter().position(|n| n.active && (n.interactive() || n.pointer));
        let dialogs: Vec<usize> = (0..nodes.len())
            .filter(|&i| matches!(nodes[i].role.as_str(), "dialog" | "alertdialog") && self.has_content(i))
            .filter(|&i| {
                nodes[i].role == "alertdialog"
                    || nodes[i].reference.as_ref().is_some_and(|r| modal.contains(r))
                    || focused.is_some_and(|f| self.tree.contains(i, f))
            })
            .collect();
        if let Some(&last) = dialogs.last() {
            let node =
                focused.and_then(|f| dialogs.iter().rev().copied().find(|&d| self.tree.contains(d, f))).unwrap_or(last);
            return Some(Scope { node, kind: ScopeKind::Dialog });
        }
        let main = (0..nodes.len()).find(|&i| nodes[i].role == "main" && self.has_content(i))?;
        let total: usize = self.tree.roots.iter().map(|&r| self.controls[r]).sum();
        (self.controls[main] * 2 >= total).then_some(Scope { node: main, kind: ScopeKind::Main })
    }

    /// The parts of the page beside the scope and its ancestors, in document order, layout
    /// wrappers opened.
    pub fn outside_regions(&self, scope: usize) -> Vec<usize> {
        let mut regions = Vec::new();
        let mut child = scope;
        loop {
            let parent = self.tree.nodes[child].parent;
            let siblings = match parent {
                Some(p) => &self.tree.nodes[p].children,
                None => &self.tree.roots,
            };
            let others: Vec<usize> = siblings.iter().copied().filter(|&s| s != child).collect();
            self.collect(&others, &mut regions);
            match parent {
                Some(p) => child = p,
                None => break,
            }
        }
        regions.sort_unstable();
        regions
    }

    /// One region beside the scope: its controls by name (or a count and a handle) and the
    /// text of its live regions. None when it has neither.
    fn region(&self, id: usize, kind: ScopeKind, ctx: &mut Ctx) -> Option<String> {
        let inside = self.tree.subtree(id);
        let nodes = &self.tree.nodes;
        let controls: Vec<usize> =
            inside.iter().copied().filter(|&c| nodes[c].interactive() && nodes[c].reference.is_some()).collect();
        let live: Vec<String> = inside
            .iter()
            .copied()
            .filter(|&c| LIVE_ROLES.contains(&nodes[c].role.as_str()))
            .filter_map(|c| {
                let text = self.flat_text(c, 120);
                (!text.is_empty()).then(|| format!("{}: {}", nodes[c].role, json_quote(&text)))
            })
            .collect();
        if controls.is_empty() && live.is_empty() {
            return None;
        }
        let mut parts = Vec::new();
        if !controls.is_empty() {
            let listed = kind == ScopeKind::Main && controls.len() <= ctx.options.inline_outside;
            if listed {
                parts.push(controls.iter().map(|&c| self.line(c, None)).collect::<Vec<_>>().join(", "));
            } else {
                let handle = nodes[id].reference.clone().unwrap_or_else(|| {
                    let handle = format!("g{}", ctx.groups.len() + 1);
                    ctx.groups.insert(handle.clone(), vec![id]);
                    handle
                });
                let role = nodes[id].role.clone();
                ctx.elided.push(Elided { handle: handle.clone(), role, count: 1, controls: controls.len() });
                parts.push(format!("{} controls (expand: {handle})", controls.len()));
            }
        }
        let node = &nodes[id];
        if LIVE_ROLES.contains(&node.role.as_str()) && controls.is_empty() {
            return live.into_iter().next();
        }
        parts.extend(live);
        if node.interactive() {
            return Some(parts.join("; "));
        }
        let mut label = node.role.clone();
        if let Some(name) = node.name.as_deref().filter(|n| !n.is_empty()) {
            label.push(' ');
            label.push_str(&name_text(name));
        }
        Some(format!("{label}: {}", parts.join("; ")))
    }

    /// The names and texts under a node as one line, cut to `limit` characters.
    pub fn flat_text(&self, id: usize, limit: usize) -> String {
        let mut words: Vec<&str> = Vec::new();
        for c in self.tree.subtree(id) {
            let n = &self.tree.nodes[c];
            let name = n.name.as_deref().map(str::trim).filter(|s| !s.is_empty());
            words.extend(name);
            // A button's visible text usually repeats part of its name.
            if let Some(text) = n.text.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
                if !name.is_some_and(|name| name.contains(text)) {
                    words.push(text);
                }
            }
        }
        cut(&words.join(" "), limit)
    }
}

/// What the AI snapshot does not say, read from the page itself (open shadow roots and
/// same-origin frames included): the values of password inputs, which the snapshot shows in
/// clear as plain textboxes, and how many modal dialogs are open (`aria-modal`, `<dialog>`
/// opened with `showModal`), which it does not mark.
const PAGE_FACTS_JS: &str = r#"(root) => {
  const facts = { passwords: [], modals: 0 };
  const shown = (el) => (el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0);
  const walk = (scope) => {
    for (const el of scope.querySelectorAll('*')) {
      if (el.tagName === 'INPUT' && (el.type || '').toLowerCase() === 'password' && el.value) facts.passwords.push(el.value);
      const role = (el.getAttribute('role') || (el.tagName === 'DIALOG' ? 'dialog' : '')).trim().toLowerCase();
      if (role === 'dialog' && shown(el)) {
        let modal = el.getAttribute('aria-modal') === 'true';
        try { modal = modal || (el.tagName === 'DIALOG' && el.matches(':modal')); } catch (e) { /* old engine */ }
        if (modal) facts.modals += 1;
      }
      if (el.shadowRoot) walk(el.shadowRoot);
      if (el.tagName === 'IFRAME' || el.tagName === 'FRAME') {
        try { if (el.contentDocument) walk(el.contentDocument); } catch (e) { /* another origin */ }
      }
    }
  };
  walk(root.ownerDocument);
  return facts;
}"#;

#[derive(serde::Deserialize)]
struct PageFacts {
    passwords: Vec<String>,
    modals: usize,
}

impl crate::PageSession {
    /// The compact view of the page now, with `secrets` and the current value of every
    /// password input masked (found on the page, since the snapshot does not mark them).
    pub async fn compact_snapshot(&self, secrets: &[&str]) -> Result<CompactSnapshot, crate::BrowserError> {
        // No view without the password values: failing here is failing closed.
        let facts: PageFacts = self.locator_for(":root").evaluate(PAGE_FACTS_JS, None::<()>).await.map_err(|e| {
            crate::BrowserError::Action { action: "read password fields".into(), reason: e.to_string() }
        })?;
        let yaml = self.snapshot().await?;
        // Modals stack on top of the page, so the last dialogs in document order are the open
        // modal ones (the snapshot's refs cannot be resolved from the page's own script world).
        let dialogs: Vec<String> = crate::parse_snapshot(&yaml)
            .into_iter()
            .filter(|n| n.role == "dialog")
            .filter_map(|n| n.reference)
            .collect();
        let modal: HashSet<String> = dialogs.iter().rev().take(facts.modals).cloned().collect();
        let mut all: Vec<&str> = secrets.to_vec();
        all.extend(facts.passwords.iter().map(String::as_str));
        Ok(compact_inner(&yaml, &all, &CompactOptions::default(), &modal))
    }
}

#[cfg(test)]
pub(crate) mod tests;
