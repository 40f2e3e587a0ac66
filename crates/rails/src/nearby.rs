//! The page's elements whose names come closest to one the spec wanted: what a "not found"
//! tells a person, in the run and in a trial.

use specwright_browser::SnapshotNode;
use specwright_reading::normalize;

/// Roles a person clicks or picks.
pub const CLICKABLE: &[&str] = &[
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
/// Roles a person types into or chooses in.
pub const FILLABLE: &[&str] = &["textbox", "searchbox", "spinbutton", "combobox"];

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
            let distance = strsim::levenshtein(&normalized, &wanted);
            // A name that holds every word of the wanted one ("Add a new record" for "Add") first.
            let holds = wanted.split_whitespace().all(|w| normalized.split_whitespace().any(|l| l == w));
            Some(((!same_role, !holds), distance, format!("{} \"{}\"", node.role, label)))
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.2 == b.2);
    scored.into_iter().take(limit).map(|(_, _, text)| text).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use specwright_browser::parse_snapshot;

    const ITEMS: &str = r#"- generic [ref=e1]:
  - navigation "주 메뉴" [ref=e14]:
    - link "상품 관리" [ref=e15] [cursor=pointer]
  - main [ref=e4]:
    - heading "상품 목록" [level=1] [ref=e22]
    - button "내보내기" [ref=e24] [cursor=pointer]
    - button "새 상품 등록" [ref=e25] [cursor=pointer]
    - table [ref=e26]:
      - row [ref=e34]:
        - cell "무선 키보드" [ref=e35]
        - cell [ref=e38]:
          - button "무선 키보드 삭제" [ref=e39] [cursor=pointer]: 삭제
"#;

    #[test]
    fn closest_candidates_prefer_the_same_role_and_the_nearest_name() {
        let nodes = parse_snapshot(ITEMS);
        let near = closest(&nodes, Some("button"), "새 상품 등록하기", 2);
        assert_eq!(near[0], "button \"새 상품 등록\"");
        assert!(near[1].starts_with("button "), "{near:?}");
        let near = closest(&nodes, Some("link"), "상품관리", 1);
        assert_eq!(near, vec!["link \"상품 관리\""]);
        // Not a cell, a heading or anything else a person does not act on.
        assert!(closest(&nodes, None, "무선 키보드", 5)
            .iter()
            .all(|c| c.starts_with("button ") || c.starts_with("link ")));
    }
}
