//! Reads Playwright's AI-mode snapshot into nodes the engine can ground targets against.
//!
//! A line looks like `- button "로그인" [ref=e13] [cursor=pointer]`, `- cell "무선 키보드" [ref=e9]`,
//! `- status [ref=e117]: 상품이 등록되었습니다.` or `- text: "등록된 상품:"`.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SnapshotNode {
    pub role: String,
    /// Accessible name, if the snapshot shows one.
    pub name: Option<String>,
    /// Inline text content after the colon, if any.
    pub text: Option<String>,
    pub reference: Option<String>,
    pub depth: usize,
    /// Roles of the enclosing nodes, outermost first (e.g. `main`, `dialog`).
    pub ancestors: Vec<String>,
    /// Hidden from assistive technology (`[aria-hidden]`): a native control a widget draws over.
    pub hidden: bool,
    /// Indices (in the parsed list) of the enclosing nodes, outermost first: the row, section or
    /// dialog an element sits in, with their names.
    pub parents: Vec<usize>,
}

pub fn parse_snapshot(yaml: &str) -> Vec<SnapshotNode> {
    let mut out: Vec<SnapshotNode> = Vec::new();
    let mut stack: Vec<(usize, String, usize)> = Vec::new();
    for raw in yaml.lines() {
        let indent = raw.len() - raw.trim_start().len();
        let Some(item) = raw.trim_start().strip_prefix("- ") else {
            continue;
        };
        let depth = indent / 2;
        if item.starts_with('/') {
            continue; // properties such as `/url: ...`
        }
        let Some(node) = parse_item(item, depth) else {
            continue;
        };
        while stack.last().is_some_and(|(d, _, _)| *d >= depth) {
            stack.pop();
        }
        let ancestors = stack.iter().map(|(_, role, _)| role.clone()).collect();
        let parents = stack.iter().map(|(_, _, i)| *i).collect();
        stack.push((depth, node.role.clone(), out.len()));
        out.push(SnapshotNode { ancestors, parents, ..node });
    }
    out
}

fn parse_item(item: &str, depth: usize) -> Option<SnapshotNode> {
    let role_end = item.find([' ', ':']).unwrap_or(item.len());
    let role = item[..role_end].to_string();
    if role.is_empty() {
        return None;
    }
    let mut rest = &item[role_end..];
    let mut name = None;
    let trimmed = rest.trim_start();
    if trimmed.starts_with('"') {
        let (value, after) = quoted(trimmed)?;
        name = Some(value);
        rest = after;
    }
    let mut reference = None;
    let mut hidden = false;
    loop {
        let t = rest.trim_start();
        if !t.starts_with('[') {
            rest = t;
            break;
        }
        let close = t.find(']')?;
        if let Some(r) = t[1..close].strip_prefix("ref=") {
            reference = Some(r.to_string());
        }
        hidden |= &t[1..close] == "aria-hidden";
        rest = &t[close + 1..];
    }
    let text = rest.strip_prefix(':').map(str::trim).filter(|t| !t.is_empty()).map(|t| {
        if t.starts_with('"') {
            quoted(t).map(|(v, _)| v).unwrap_or_else(|| t.to_string())
        } else {
            t.to_string()
        }
    });
    Some(SnapshotNode { role, name, text, reference, depth, ancestors: Vec::new(), hidden, parents: Vec::new() })
}

/// The snapshot's string syntax is read in one place.
fn quoted(s: &str) -> Option<(String, &str)> {
    crate::ai_tree::double_quoted(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SNAPSHOT: &str = r#"- generic [active] [ref=e1]:
  - main [ref=e4]:
    - heading "로그인" [level=1] [ref=e5]
    - textbox "이메일" [ref=e8]
    - button "로그인" [ref=e13] [cursor=pointer]
    - paragraph [ref=e19]:
      - text: "등록된 상품:"
      - strong [ref=e20]: 3개
  - dialog [ref=e71]:
    - paragraph [ref=e73]: "'무선 키보드' 상품을 등록할까요?"
    - button "say \"hi\"" [ref=e75]
  - status [ref=e117]: 상품이 등록되었습니다.
"#;

    #[test]
    fn parses_roles_names_refs_text_and_scope() {
        let nodes = parse_snapshot(SNAPSHOT);
        let button = nodes.iter().find(|n| n.reference.as_deref() == Some("e13")).unwrap();
        assert_eq!(button.role, "button");
        assert_eq!(button.name.as_deref(), Some("로그인"));
        assert_eq!(button.ancestors, vec!["generic", "main"]);
        let text = nodes.iter().find(|n| n.role == "text").unwrap();
        assert_eq!(text.text.as_deref(), Some("등록된 상품:"));
        let strong = nodes.iter().find(|n| n.role == "strong").unwrap();
        assert_eq!(strong.text.as_deref(), Some("3개"));
        assert_eq!(strong.ancestors, vec!["generic", "main", "paragraph"]);
        let quoted = nodes.iter().find(|n| n.reference.as_deref() == Some("e73")).unwrap();
        assert_eq!(quoted.text.as_deref(), Some("'무선 키보드' 상품을 등록할까요?"));
        assert_eq!(quoted.ancestors, vec!["generic", "dialog"]);
        let escaped = nodes.iter().find(|n| n.reference.as_deref() == Some("e75")).unwrap();
        assert_eq!(escaped.name.as_deref(), Some("say \"hi\""));
        let status = nodes.iter().find(|n| n.role == "status").unwrap();
        assert_eq!(status.text.as_deref(), Some("상품이 등록되었습니다."));
        assert_eq!(status.name, None);
    }
}
