//! Playwright's AI snapshot read into a tree, with secrets masked while it is read, so that
//! nothing built from it (compact views, expansions, diffs) can show a password to the model.
//!
//! The snapshot comes from arbitrary web pages: every line is parsed leniently (a line that does
//! not parse becomes plain text), nesting is capped, and nothing here can panic on odd input.

/// What a masked value reads as.
pub const MASK: &str = "••••";

/// Roles a person acts on. Each has a `[ref=…]` in the AI snapshot when it is visible, and the
/// compact view must keep every one of them addressable.
pub const INTERACTIVE_ROLES: &[&str] = &[
    "button",
    "link",
    "textbox",
    "checkbox",
    "radio",
    "combobox",
    "option",
    "menuitem",
    "menuitemcheckbox",
    "menuitemradio",
    "tab",
    "switch",
    "slider",
    "spinbutton",
    "searchbox",
    "treeitem",
];

/// Deeper lines are attached at this depth: recursion over the tree stays bounded whatever the
/// page's nesting (real pages stay far below it).
const MAX_DEPTH: usize = 128;

pub fn is_interactive(role: &str) -> bool {
    INTERACTIVE_ROLES.contains(&role)
}

/// Labels of fields whose value is a password. The AI snapshot shows an `<input type=password>`
/// as a plain `textbox` with its value (`- textbox "비밀번호" [ref=e10]: demo1234`) and no
/// attribute that says "password", so the name is what the text alone can go by; the page
/// session also masks the values it finds in password inputs.
const PASSWORD_WORDS: &[&str] = &[
    "password",
    "passwd",
    "passcode",
    "passphrase",
    "pwd",
    "비밀번호",
    "비번",
    "암호",
    "패스워드",
    "パスワード",
    "密码",
    "密碼",
];

pub fn looks_like_password(name: &str) -> bool {
    let lower = name.to_lowercase();
    PASSWORD_WORDS.iter().any(|w| lower.contains(w))
}

/// Replaces every occurrence of each secret (and of its whitespace-collapsed form, as accessible
/// names are normalized) with [`MASK`]. Longest first, so a secret containing another is masked
/// whole. Empty secrets are ignored.
pub fn mask_secrets(text: &str, secrets: &[&str]) -> String {
    let mut forms: Vec<String> = Vec::new();
    for secret in secrets.iter().filter(|s| !s.trim().is_empty()) {
        forms.push(secret.to_string());
        let collapsed = secret.split_whitespace().collect::<Vec<_>>().join(" ");
        if collapsed != *secret && !collapsed.is_empty() {
            forms.push(collapsed);
        }
    }
    forms.sort_by_key(|s| std::cmp::Reverse(s.len()));
    let mut out = text.to_string();
    for form in &forms {
        if out.contains(form.as_str()) {
            out = out.replace(form.as_str(), MASK);
        }
    }
    out
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Node {
    /// `text` for text lines.
    pub role: String,
    pub name: Option<String>,
    /// The inline value after the colon (a field's value, a cell's text).
    pub text: Option<String>,
    /// Bracketed attributes other than ref, cursor and active: `checked`, `level=1`, …
    pub attrs: Vec<String>,
    pub reference: Option<String>,
    /// `[cursor=pointer]`: something clickable, whatever its role.
    pub pointer: bool,
    /// `[active]`: has focus.
    pub active: bool,
    /// `/url`, `/placeholder` lines.
    pub props: Vec<(String, String)>,
    pub children: Vec<usize>,
    pub parent: Option<usize>,
}

impl Node {
    pub fn interactive(&self) -> bool {
        is_interactive(&self.role)
    }

    pub fn has_name(&self) -> bool {
        self.name.as_deref().is_some_and(|n| !n.trim().is_empty())
    }

    pub fn has_text(&self) -> bool {
        self.text.as_deref().is_some_and(|t| !t.trim().is_empty())
    }

    pub fn prop(&self, key: &str) -> Option<&str> {
        self.props.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

/// The snapshot's nodes in document order (a parent always comes before its children).
#[derive(Debug, Clone, Default)]
pub(crate) struct Tree {
    pub nodes: Vec<Node>,
    pub roots: Vec<usize>,
}

impl Tree {
    /// Reads `yaml` and masks, in every name, value and property, the given secrets and the
    /// value of any field labelled like a password.
    pub fn parse(yaml: &str, secrets: &[&str]) -> Tree {
        let mut tree = Tree::read(yaml, secrets);
        tree.mask_password_fields();
        tree
    }

    /// Reads `yaml` as it is, masking only the given secrets: what the engine grounds against,
    /// where a password field's own value is never read as shown text anyway.
    pub fn read(yaml: &str, secrets: &[&str]) -> Tree {
        let mut tree = Tree::default();
        // (indent, node) of the open ancestors; a line belongs to the nearest shallower one.
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for raw in yaml.lines() {
            let trimmed = raw.trim_start();
            let indent = raw.len() - trimmed.len();
            let item = match trimmed.strip_prefix("- ") {
                Some(item) => item.trim_end(),
                None if trimmed.trim_end() == "-" => "",
                None => continue,
            };
            while stack.last().is_some_and(|(i, _)| *i >= indent) {
                stack.pop();
            }
            let parent = stack.last().map(|(_, id)| *id);
            if let Some(prop) = item.strip_prefix('/') {
                if let Some(owner) = parent {
                    let (key, value) = match prop.split_once(':') {
                        Some((k, v)) => (k.trim(), value_text(v.trim())),
                        None => (prop.trim(), String::new()),
                    };
                    let value = mask_secrets(&value, secrets);
                    tree.nodes[owner].props.push((key.to_string(), value));
                }
                continue;
            }
            if item.is_empty() {
                continue;
            }
            let mut node = parse_item(item);
            node.name = node.name.map(|n| mask_secrets(&n, secrets));
            node.text = node.text.map(|t| mask_secrets(&t, secrets));
            node.parent = parent;
            let id = tree.nodes.len();
            tree.nodes.push(node);
            match parent {
                Some(p) => tree.nodes[p].children.push(id),
                None => tree.roots.push(id),
            }
            if stack.len() < MAX_DEPTH {
                stack.push((indent, id));
            }
        }
        tree
    }

    /// A password-labelled field shows its value inline or, next to a placeholder, as a `text`
    /// child: both are masked. An empty field stays empty (the model needs to see it is unfilled).
    fn mask_password_fields(&mut self) {
        let fields: Vec<usize> = (0..self.nodes.len())
            .filter(|&i| {
                let n = &self.nodes[i];
                matches!(n.role.as_str(), "textbox" | "searchbox") && n.name.as_deref().is_some_and(looks_like_password)
            })
            .collect();
        for field in fields {
            let mut pending = vec![field];
            while let Some(id) = pending.pop() {
                let node = &mut self.nodes[id];
                if node.text.as_deref().is_some_and(|t| !t.is_empty()) {
                    node.text = Some(MASK.to_string());
                }
                if id != field && node.name.as_deref().is_some_and(|t| !t.is_empty()) {
                    node.name = Some(MASK.to_string());
                }
                pending.extend(node.children.iter().copied());
            }
        }
    }

    pub fn find_ref(&self, reference: &str) -> Option<usize> {
        self.nodes.iter().position(|n| n.reference.as_deref() == Some(reference))
    }

    /// `id` and every node below it, in document order.
    pub fn subtree(&self, id: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut pending = vec![id];
        while let Some(current) = pending.pop() {
            out.push(current);
            if let Some(node) = self.nodes.get(current) {
                pending.extend(node.children.iter().rev().copied());
            }
        }
        out
    }

    /// Whether `ancestor` is `id` or encloses it.
    pub fn contains(&self, ancestor: usize, id: usize) -> bool {
        let mut current = Some(id);
        while let Some(c) = current {
            if c == ancestor {
                return true;
            }
            current = self.nodes.get(c).and_then(|n| n.parent);
        }
        false
    }
}

/// One line's item (after `- `): `role "name" [attr]… [ref=eN]: value`, possibly wrapped in
/// single quotes by the YAML writer when the key itself holds `: ` or similar.
fn parse_item(item: &str) -> Node {
    if item.starts_with('\'') {
        if let Some((key, rest)) = single_quoted(item) {
            if let Some((mut node, after)) = parse_key(&key) {
                if after.trim().is_empty() {
                    node.text = inline_value(rest);
                    return node;
                }
            }
        }
        return text_node(item);
    }
    match parse_key(item) {
        Some((mut node, rest)) => {
            if node.role == "text" && node.name.is_none() && node.attrs.is_empty() && node.reference.is_none() {
                node.text = inline_value(rest);
                return node;
            }
            let rest = rest.trim_start();
            if rest.is_empty() || rest.starts_with(':') {
                node.text = inline_value(rest);
                node
            } else {
                text_node(item)
            }
        }
        None => text_node(item),
    }
}

/// A line that does not parse is kept as text (escapes resolved), so masking still sees it.
fn text_node(item: &str) -> Node {
    Node { role: "text".into(), text: Some(unescape_lenient(item)), ..Node::default() }
}

/// The role, quoted name and bracketed attributes at the start of `s`, and what follows.
fn parse_key(s: &str) -> Option<(Node, &str)> {
    let role_end = s.find([' ', ':']).unwrap_or(s.len());
    let role = &s[..role_end];
    if role.is_empty() || role.contains(['"', '[', ']', '\'']) {
        return None;
    }
    let mut node = Node { role: role.to_string(), ..Node::default() };
    let mut rest = &s[role_end..];
    let t = rest.trim_start();
    if t.starts_with('"') {
        let (name, after) = double_quoted(t)?;
        node.name = Some(name);
        rest = after;
    }
    loop {
        let t = rest.trim_start();
        if !t.starts_with('[') {
            break;
        }
        let close = t.find(']')?;
        let inner = &t[1..close];
        if let Some(r) = inner.strip_prefix("ref=") {
            node.reference = Some(r.to_string());
        } else if inner == "cursor=pointer" {
            node.pointer = true;
        } else if inner == "active" {
            node.active = true;
        } else {
            node.attrs.push(inner.to_string());
        }
        rest = &t[close + 1..];
    }
    Some((node, rest))
}

/// `: value` → the value (unquoted), or None for `:` alone and for nothing.
fn inline_value(rest: &str) -> Option<String> {
    let value = rest.trim_start().strip_prefix(':')?.trim();
    if value.is_empty() {
        return None;
    }
    Some(value_text(value))
}

fn value_text(value: &str) -> String {
    if value.starts_with('"') {
        if let Some((text, after)) = double_quoted(value) {
            if after.trim().is_empty() {
                return text;
            }
        }
        return unescape_lenient(value);
    }
    value.to_string()
}

/// A YAML single-quoted scalar at the start of `s` (`''` is a quote), and the rest after it.
fn single_quoted(s: &str) -> Option<(String, &str)> {
    let mut out = String::new();
    let mut chars = s.char_indices().skip(1).peekable();
    while let Some((i, c)) = chars.next() {
        if c == '\'' {
            if chars.peek().is_some_and(|(_, n)| *n == '\'') {
                chars.next();
                out.push('\'');
            } else {
                return Some((out, &s[i + 1..]));
            }
        } else {
            out.push(c);
        }
    }
    None
}

/// A double-quoted JSON/YAML string at the start of `s`, unescaped, and the rest after it.
pub(crate) fn double_quoted(s: &str) -> Option<(String, &str)> {
    let mut out = String::new();
    let mut chars = s.char_indices().skip(1);
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => {
                let (_, e) = chars.next()?;
                push_escape(&mut out, e, &mut || chars.next().map(|(_, c)| c));
            }
            '"' => return Some((out, &s[i + 1..])),
            c => out.push(c),
        }
    }
    None
}

/// Resolves backslash escapes anywhere in `s` (for lines that did not parse as a whole).
fn unescape_lenient(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(e) => push_escape(&mut out, e, &mut || chars.next()),
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Escapes Playwright writes: JSON's in names (`\uXXXX`), YAML's in values (`\xNN`).
fn push_escape(out: &mut String, escape: char, next: &mut dyn FnMut() -> Option<char>) {
    let hex = |n: usize, next: &mut dyn FnMut() -> Option<char>| -> Option<char> {
        let mut value = 0u32;
        for _ in 0..n {
            value = value * 16 + next()?.to_digit(16)?;
        }
        Some(char::from_u32(value).unwrap_or('\u{FFFD}'))
    };
    match escape {
        'n' => out.push('\n'),
        't' => out.push('\t'),
        'r' => out.push('\r'),
        'b' => out.push('\u{8}'),
        'f' => out.push('\u{c}'),
        '0' => out.push('\0'),
        'x' => out.push(hex(2, next).unwrap_or('\u{FFFD}')),
        'u' => out.push(hex(4, next).unwrap_or('\u{FFFD}')),
        other => out.push(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_keys_values_props_and_quoted_keys() {
        let yaml = "- generic [active] [ref=e1]:\n  - link \"a\" [ref=e2] [cursor=pointer]:\n    - /url: /items\n  - 'button \"Save: now\" [ref=e3]'\n  - textbox \"x\" [ref=e4]: \"#243b6b\"\n  - text: \"등록된 상품:\"\n  - 'heading \"it''s\" [level=2]': \"a \\\"b\\\" \\x41\"\n";
        let tree = Tree::parse(yaml, &[]);
        let n = |r: &str| &tree.nodes[tree.find_ref(r).unwrap()];
        assert!(n("e1").active);
        assert_eq!(n("e2").prop("url"), Some("/items"));
        assert!(n("e2").pointer);
        assert_eq!(n("e3").name.as_deref(), Some("Save: now"));
        assert_eq!(n("e4").text.as_deref(), Some("#243b6b"));
        let text = tree.nodes.iter().find(|n| n.role == "text").unwrap();
        assert_eq!(text.text.as_deref(), Some("등록된 상품:"));
        let heading = tree.nodes.iter().find(|n| n.role == "heading").unwrap();
        assert_eq!(heading.name.as_deref(), Some("it's"));
        assert_eq!(heading.attrs, vec!["level=2"]);
        assert_eq!(heading.text.as_deref(), Some("a \"b\" A"));
        assert_eq!(tree.roots.len(), 1);
        assert_eq!(tree.nodes[0].children.len(), 5);
    }

    #[test]
    fn masks_secrets_and_password_fields_while_reading() {
        let yaml = "- textbox \"비밀번호 / Password\" [ref=e1]: hunter2\n- textbox \"Password\" [ref=e2]:\n  - /placeholder: pw\n  - text: other-value\n- paragraph: your token is tok-123 and \"tok-123\"\n- textbox \"Empty password\" [ref=e3]\n- link \"x\" [ref=e4]:\n  - /url: /reset?t=tok-123\n";
        let tree = Tree::parse(yaml, &["tok-123", ""]);
        let all: String = tree.nodes.iter().map(|n| format!("{:?}", n)).collect();
        assert!(!all.contains("hunter2") && !all.contains("other-value") && !all.contains("tok-123"), "{all}");
        assert_eq!(tree.nodes[0].text.as_deref(), Some(MASK));
        let empty = &tree.nodes[tree.find_ref("e3").unwrap()];
        assert_eq!(empty.text, None);
    }

    #[test]
    fn mask_secrets_prefers_longest_and_collapsed_whitespace() {
        assert_eq!(mask_secrets("abc abcdef", &["abc", "abcdef"]), "•••• ••••");
        assert_eq!(mask_secrets("say a b c", &["a  b\tc"]), "say ••••");
        assert_eq!(mask_secrets("nothing", &["", "  "]), "nothing");
    }

    #[test]
    fn odd_lines_never_panic_and_stay_text() {
        let odd = [
            "- ",
            "-",
            "- \"unterminated",
            "- button \"unterminated [ref=e1]",
            "- 'unterminated single",
            "- [ref=e1]",
            "- button [ref=e1",
            "- text: \"\\",
            "- text: \"\\u12\"",
            "- text: \"\\xZZ\"",
            "- /url: orphan",
            "      - deeply: indented first",
            "- é\u{301}ŝ \"ü\" [ref=한]: 値",
            "\t- tab indented",
            "- button \"a\" [ref=e2] junk after",
        ];
        for line in odd {
            let tree = Tree::parse(line, &["secret"]);
            for node in &tree.nodes {
                assert!(!node.role.is_empty());
            }
        }
    }

    #[test]
    fn deep_nesting_is_capped() {
        let yaml: String = (0..5000).map(|d| format!("{}- generic [ref=e{d}]:\n", "  ".repeat(d))).collect();
        let tree = Tree::parse(&yaml, &[]);
        assert_eq!(tree.nodes.len(), 5000);
        let mut depth = 0;
        let mut current = tree.nodes.len() - 1;
        while let Some(p) = tree.nodes[current].parent {
            depth += 1;
            current = p;
        }
        assert!(depth <= MAX_DEPTH, "{depth}");
    }
}
