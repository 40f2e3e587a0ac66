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
    /// A chosen option (`[selected]`): what a select shows.
    pub selected: bool,
}

/// Reads the snapshot with the same reader as the model's view ([`crate::ai_tree::Tree`]), so
/// the engine grounds against exactly the elements the model is shown: YAML-quoted keys
/// (`- 'textbox "실명: …"'`, written when a name holds `: `) included.
pub fn parse_snapshot(yaml: &str) -> Vec<SnapshotNode> {
    let tree = crate::ai_tree::Tree::read(yaml, &[]);
    let mut out: Vec<SnapshotNode> = Vec::with_capacity(tree.nodes.len());
    for node in &tree.nodes {
        let (ancestors, parents) = match node.parent {
            Some(p) => {
                let parent: &SnapshotNode = &out[p];
                let mut ancestors = parent.ancestors.clone();
                ancestors.push(parent.role.clone());
                let mut parents = parent.parents.clone();
                parents.push(p);
                (ancestors, parents)
            }
            None => (Vec::new(), Vec::new()),
        };
        out.push(SnapshotNode {
            role: node.role.clone(),
            name: node.name.clone(),
            text: node.text.clone(),
            reference: node.reference.clone(),
            depth: parents.len(),
            ancestors,
            hidden: node.attrs.iter().any(|a| a == "aria-hidden"),
            parents,
            selected: node.attrs.iter().any(|a| a == "selected"),
        });
    }
    named_by_content(&mut out);
    out
}

/// Roles whose accessible name comes from their content.
const NAMED_BY_CONTENT: &[&str] = &["link", "button", "menuitem", "tab", "option", "cell", "row", "listitem"];

/// The AI-mode snapshot leaves out a name its content already shows (`- link:` over `- heading
/// "Title"`, a card of a list): the name is that content again, as the browser computes it, so
/// the element is found by what a person reads on it.
fn named_by_content(nodes: &mut [SnapshotNode]) {
    for i in 0..nodes.len() {
        if nodes[i].name.is_some() || !NAMED_BY_CONTENT.contains(&nodes[i].role.as_str()) {
            continue;
        }
        let depth = nodes[i].depth;
        let words: Vec<String> = nodes[i + 1..]
            .iter()
            .take_while(|n| n.depth > depth)
            .filter_map(|n| n.name.clone().or_else(|| n.text.clone()))
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty())
            .collect();
        // Only where one piece of content names it: a row of many cells is no one name.
        if let [only] = words.as_slice() {
            if nodes[i].role != "row" && nodes[i].role != "listitem" {
                nodes[i].name = Some(only.clone());
            }
        }
    }
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
    fn a_link_named_by_the_heading_it_holds_is_found_by_that_name() {
        // A CMS's entry cards, a shop's product tiles, a tracker's board: the AI-mode snapshot
        // leaves the link's name out when its content says it.
        let nodes = parse_snapshot(
            r##"- list [ref=e76]:
  - listitem [ref=e80]:
    - link [ref=e81] [cursor=pointer]:
      - /url: "#/collections/posts/entries/how-we-ship"
      - heading "How we ship on Fridays" [level=2] [ref=e82]
  - listitem [ref=e83]:
    - link [ref=e84] [cursor=pointer]:
      - img [ref=e85]
      - text: Wireless keyboard
  - button [ref=e90]:
    - img [ref=e91]
  - button [ref=e92]:
    - text: Price
    - text: "12,000"
"##,
        );
        let named = |r: &str| nodes.iter().find(|n| n.reference.as_deref() == Some(r)).and_then(|n| n.name.clone());
        assert_eq!(named("e81").as_deref(), Some("How we ship on Fridays"));
        assert_eq!(named("e84").as_deref(), Some("Wireless keyboard"));
        // An icon has no name to give; two texts are not one name.
        assert_eq!(named("e90"), None);
        assert_eq!(named("e92"), None);
        assert_eq!(named("e80"), None);
    }

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

    #[test]
    fn a_key_the_yaml_writer_quoted_is_an_element() {
        // A name holding ": " makes Playwright single-quote the whole key.
        let yaml = "- group \"사용자 정보\" [ref=e1]:\n  - text: \"등록 시간: 20:46 실명:\"\n  - 'textbox \"실명: 실명은 선택 사항입니다.\" [ref=e7]'\n  - 'combobox \"언어: ko - 한국어\" [ref=e9]':\n    - textbox [ref=e10]\n  - button \"저장\" [disabled] [aria-hidden] [ref=e11]\n";
        let nodes = parse_snapshot(yaml);
        let field = nodes.iter().find(|n| n.reference.as_deref() == Some("e7")).unwrap();
        assert_eq!((field.role.as_str(), field.name.as_deref()), ("textbox", Some("실명: 실명은 선택 사항입니다.")));
        assert_eq!((field.ancestors.clone(), field.depth), (vec!["group".to_string()], 1));
        let inner = nodes.iter().find(|n| n.reference.as_deref() == Some("e10")).unwrap();
        assert_eq!(inner.ancestors, vec!["group", "combobox"]);
        assert_eq!(inner.parents.len(), 2);
        let save = nodes.iter().find(|n| n.reference.as_deref() == Some("e11")).unwrap();
        assert!(save.hidden);
    }
}
