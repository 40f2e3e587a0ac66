//! Tests of compact snapshots on captured pages and odd input.

use super::*;

pub(crate) fn fixture(name: &str) -> &'static str {
    match name {
        "demo-login" => include_str!("../../testdata/demo-login.yaml"),
        "demo-items" => include_str!("../../testdata/demo-items.yaml"),
        "demo-items-dialog" => include_str!("../../testdata/demo-items-dialog.yaml"),
        "demo-new" => include_str!("../../testdata/demo-new.yaml"),
        "demo-new-errors" => include_str!("../../testdata/demo-new-errors.yaml"),
        "form-heavy" => include_str!("../../testdata/form-heavy.yaml"),
        "iframe" => include_str!("../../testdata/iframe.yaml"),
        "shadow" => include_str!("../../testdata/shadow.yaml"),
        other => panic!("no fixture {other}"),
    }
}

pub(crate) const FIXTURES: &[&str] =
    &["demo-login", "demo-items", "demo-items-dialog", "demo-new", "demo-new-errors", "form-heavy", "iframe", "shadow"];

/// A table like the long reference page: `rows` rows of a checkbox, two cells and two buttons.
pub(crate) fn table(rows: usize) -> String {
    let mut y = String::from("- generic [active] [ref=e1]:\n  - navigation \"메뉴\" [ref=e2]:\n    - link \"홈\" [ref=e3] [cursor=pointer]:\n      - /url: /\n  - main [ref=e4]:\n    - heading \"주문\" [level=1] [ref=e5]\n    - table [ref=e6]:\n      - rowgroup [ref=e7]:\n");
    for r in 0..rows {
        let b = 100 + r * 10;
        y.push_str(&format!(
            "        - row [ref=e{b}]:\n          - cell [ref=e{}]:\n            - checkbox \"ORD-{r} 선택\" [ref=e{}]\n          - cell \"ORD-{r}\" [ref=e{}]\n          - cell [ref=e{}]:\n            - button \"ORD-{r} 보기\" [ref=e{}]: 보기\n            - button \"ORD-{r} 삭제\" [ref=e{}]: 삭제\n",
            b + 1, b + 2, b + 3, b + 4, b + 5, b + 6
        ));
    }
    y
}

fn assert_addressable(yaml: &str, compact: &CompactSnapshot) {
    let reachable = compact.addressable_refs();
    for r in interactive_refs(yaml) {
        assert!(reachable.contains(&r), "{r} is not addressable in\n{}\nfrom\n{yaml}", compact.text());
    }
}

#[test]
fn every_interactive_ref_stays_addressable() {
    for name in FIXTURES {
        let yaml = fixture(name);
        let compact = compact_snapshot(yaml);
        assert_addressable(yaml, &compact);
        assert!(compact.text().len() < yaml.len(), "{name}");
    }
    let yaml = table(300);
    assert_addressable(&yaml, &compact_snapshot(&yaml));
}

#[test]
fn scopes_to_main_and_lists_the_controls_outside() {
    let text = compact_snapshot(fixture("demo-items")).text().to_string();
    let first = text.lines().next().unwrap();
    assert_eq!(first, "outside main: banner: link 상품 관리 [active] [e17], button 로그아웃 [e18]");
    assert!(text.contains("\nheading 상품 목록\nbutton 내보내기 [e22]\n"), "{text}");
    assert!(text.contains("\ntext: 총 3개\n"), "{text}");
    // Rows of simple cells read as one line each.
    assert!(text.contains("\ntable:\n  headers: 상품명 | 가격 | 카테고리 | 관리\n  row: 기계식 키보드 | 129,000원 | 주변기기 | button 기계식 키보드 삭제 [e37]: 삭제\n"), "{text}");
    // Refs of cells, headings and wrappers cost tokens and are never acted on.
    assert!(!text.contains("[e4]") && !text.contains("generic"), "{text}");
}

#[test]
fn scopes_to_the_open_dialog_with_handles_for_the_page_behind() {
    let compact = compact_snapshot(fixture("demo-items-dialog"));
    let text = compact.text();
    assert!(
        text.starts_with(
            "behind the dialog: banner: 2 controls (expand: e2) | main: 6 controls (expand: e4)\ndialog:\n"
        ),
        "{text}"
    );
    assert!(text.contains("button 삭제 [active] [e58]") && !text.contains("129,000원"), "{text}");
    let behind = compact.expand("e4").unwrap();
    assert!(behind.contains("button 기계식 키보드 삭제 [e37]") && behind.contains("129,000원"), "{behind}");
    assert_eq!(compact.elided().len(), 2);
}

#[test]
fn drops_wrappers_and_labels_repeated_by_their_field() {
    let text = compact_snapshot(fixture("form-heavy")).text().to_string();
    assert!(!text.contains("generic") && !text.contains("text: 이름 / Name"), "{text}");
    assert!(text.contains("\n  textbox 이름 / Name [f1e11]: Ada\n"), "{text}");
    assert!(text.contains("\n  checkbox 2단계 인증 / Two-factor authentication [checked] [f1e55]\n"));
    // A select's options (without refs: one picks them by label) on its line.
    assert!(
        text.contains(
            "\n  combobox 시간대 / Time zone [f1e118] [options: Asia/Seoul | UTC | Europe/Berlin]: Asia/Seoul\n"
        ),
        "{text}"
    );
    assert!(text.contains("[placeholder=\"ada_l\"]"), "{text}");
    // Link targets are not needed to act and cost tokens.
    assert!(!text.contains("/url"), "{text}");
    let paragraph = compact_snapshot("- paragraph [ref=e1]:\n  - text: \"등록된 상품:\"\n  - strong [ref=e2]: 3개\n");
    assert_eq!(paragraph.text(), "paragraph: \"등록된 상품: 3개\"\n");
}

#[test]
fn masks_password_fields_and_given_secrets_everywhere() {
    let login = compact_snapshot(fixture("demo-login"));
    assert!(!login.text().contains("demo1234"), "{}", login.text());
    assert!(login.text().contains("textbox 비밀번호 [active] [e10]: ••••"), "{}", login.text());
    let heavy = compact_snapshot_masked(fixture("form-heavy"), &["ada@example.com"]);
    assert!(!heavy.text().contains("s3cr3t-Pa55") && !heavy.text().contains("ada@example.com"));
    assert!(heavy.text().contains("textbox 비밀번호 / Password [f1e49]: ••••"), "{}", heavy.text());
    assert!(!format!("{heavy:?}").contains("ada@example.com"));
    // In the expansion of a handle too.
    let yaml = "- main [ref=e1]:\n  - button \"a\" [ref=e2]\n- dialog [ref=e3]:\n  - textbox \"Password\" [ref=e4]: hunter2\n  - textbox \"Token\" [ref=e5]: tok-1\n";
    let dialog = compact_snapshot_masked(yaml, &["tok-1"]);
    for handle in ["e1", "e3", "e4"] {
        let expanded = dialog.expand(handle).unwrap();
        assert!(!expanded.contains("hunter2") && !expanded.contains("tok-1"), "{expanded}");
    }
    // A secret split across text runs that the view joins is still masked.
    let split = compact_snapshot_masked("- paragraph:\n  - text: tok\n  - strong: \"-1\"\n", &["tok -1"]);
    assert!(!split.text().contains("tok -1"), "{}", split.text());
}

#[test]
fn folds_long_runs_behind_a_handle_that_expands_them() {
    let yaml = table(100);
    let compact = compact_snapshot(&yaml);
    let text = compact.text();
    assert!(text.contains("\n  … 96 more rows with 288 controls (expand: e7)\n"), "{text}");
    assert!(text.contains("ORD-0 보기") && text.contains("ORD-2 보기") && text.contains("ORD-99 보기"));
    assert!(!text.contains("ORD-50 보기"), "{text}");
    assert_eq!(compact.elided(), &[Elided { handle: "e7".into(), role: "row".into(), count: 96, controls: 288 }]);
    let rows = compact.expand("e7").unwrap();
    assert_eq!(refs_in(&rows).len(), 300);
    assert!(!rows.contains('…'), "expansions fold nothing");
    assert_eq!(compact.expand("e999999"), None);
    assert_eq!(compact.expand(""), None);
}

#[test]
fn short_leaf_runs_stay_and_long_ones_fold() {
    let buttons: String = (1..=10).map(|i| format!("  - button \"{i}\" [ref=e{i}]\n")).collect();
    let nav = compact_snapshot(&format!("- navigation \"pages\" [ref=e0]:\n{buttons}"));
    assert!(!nav.text().contains('…'), "{}", nav.text());
    let options: String = (1..=40).map(|i| format!("  - option \"Country {i}\" [ref=e{i}]\n")).collect();
    let list = compact_snapshot(&format!("- listbox \"Country\" [ref=e0]:\n{options}"));
    assert!(list.text().contains("\n  … 36 more options with 36 controls (expand: e0)\n"), "{}", list.text());
}

#[test]
fn folded_siblings_without_a_common_parent_ref_get_their_own_handle() {
    // Rows spread over several unnamed wrappers without refs: hoisted into one run.
    let mut yaml = String::from("- table:\n");
    for w in 0..4 {
        yaml.push_str("  - rowgroup:\n");
        for r in 0..5 {
            yaml.push_str(&format!("    - row:\n      - button \"b{w}-{r}\" [ref=e{w}{r}]\n"));
        }
    }
    let compact = compact_snapshot(&yaml);
    let group = compact.elided().first().expect("folded");
    assert_eq!(group.handle, "g1");
    assert!(compact.text().contains("(expand: g1)"));
    assert_addressable(&yaml, &compact);
}

#[test]
fn a_thin_main_does_not_hide_the_page() {
    let yaml = "- main [ref=e1]:\n  - heading \"x\" [level=1] [ref=e2]\n- generic [ref=e3]:\n  - button \"a\" [ref=e4]\n  - button \"b\" [ref=e5]\n";
    let text = compact_snapshot(yaml).text().to_string();
    assert!(!text.starts_with("outside"), "{text}");
    assert!(text.contains("button a [e4]") && text.contains("heading x"), "{text}");
}

#[test]
fn only_a_modal_dialog_takes_the_view() {
    let page = "- main [ref=e1]:\n  - button \"save\" [ref=e2]\n  - button \"load\" [ref=e3]\n- dialog \"chat\" [ref=e4]:\n  - textbox \"message\" [ref=e5]\n";
    // No focus inside, no word from the page: a chat bubble, not a modal.
    let text = compact_snapshot(page).text().to_string();
    assert!(text.starts_with("outside main: dialog chat: textbox message [e5]\n"), "{text}");
    let modal: HashSet<String> = ["e4".to_string()].into();
    let scoped = compact_inner(page, &[], &CompactOptions::default(), &modal);
    assert!(scoped.text().starts_with("behind the dialog: main: 2 controls (expand: e1)\ndialog chat:\n"));
    let focused = page.replace("[ref=e5]", "[active] [ref=e5]");
    assert!(compact_snapshot(&focused).text().starts_with("behind the dialog:"));
    let alert = page.replace("dialog \"chat\"", "alertdialog \"chat\"");
    assert!(compact_snapshot(&alert).text().starts_with("behind the dialog:"));
}

#[test]
fn live_regions_outside_main_are_read_out() {
    let yaml = "- main [ref=e1]:\n  - button \"save\" [ref=e2]\n- status [ref=e3]: 상품이 등록되었습니다.\n";
    let text = compact_snapshot(yaml).text().to_string();
    assert!(text.starts_with("outside main: status: \"상품이 등록되었습니다.\"\n"), "{text}");
}

/// A small deterministic generator: the same odd inputs on every run.
pub(crate) struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

/// Random trees in Playwright's format (well formed) and random junk lines mixed in.
pub(crate) fn random_yaml(rng: &mut Rng, lines: usize, junk: bool) -> String {
    let roles = [
        "generic",
        "group",
        "button",
        "link",
        "row",
        "cell",
        "text",
        "main",
        "dialog",
        "listitem",
        "textbox",
        "checkbox",
        "option",
        "rowgroup",
        "status",
        "paragraph",
        "none",
    ];
    let names = ["", "\"a\"", "\"비밀번호\"", "\"x: y\"", "\"q\\\"uote\"", "\"secret-1\"", "\"\""];
    let values = ["", ": v", ": secret-1", ": \"a: b\"", ": \"\\x41\\n\"", ":"];
    let odd = [
        "- ",
        "-",
        "- \"",
        "- 'x",
        "- [",
        "- button \"a",
        "- /url: z",
        "  ",
        "- text: \"\\",
        "- ü \"é\" [ref=한]: ✓",
        "\t- x",
        "- 'a'' b': c",
    ];
    let mut out = String::new();
    let mut depth = 0usize;
    for i in 0..lines {
        if junk && rng.next().is_multiple_of(7) {
            out.push_str(&"  ".repeat((rng.next() % 6) as usize));
            out.push_str(rng.pick(&odd));
            out.push('\n');
            continue;
        }
        depth = match rng.next() % 3 {
            0 => depth + 1,
            1 => depth.saturating_sub((rng.next() % 3) as usize),
            _ => depth,
        };
        let mut line = format!("{}- {}", "  ".repeat(depth), rng.pick(&roles));
        if line.ends_with("text") {
            line.push_str(rng.pick(&values).trim_end_matches(':'));
        } else {
            let name = rng.pick(&names);
            if !name.is_empty() {
                line.push(' ');
                line.push_str(name);
            }
            if !rng.next().is_multiple_of(4) {
                line.push_str(&format!(" [ref=e{i}]"));
            }
            if rng.next().is_multiple_of(5) {
                line.push_str(" [active]");
            }
            line.push_str(rng.pick(&values));
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[test]
fn random_and_broken_snapshots_never_panic_nor_lose_a_control() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    for round in 0..300 {
        let junk = round % 2 == 1;
        let lines = 1 + (rng.next() % 400) as usize;
        let yaml = random_yaml(&mut rng, lines, junk);
        let compact = compact_snapshot_masked(&yaml, &["secret-1"]);
        if !junk {
            assert_addressable(&yaml, &compact);
        }
        assert!(!compact.text().contains("secret-1"), "{yaml}\n=>\n{}", compact.text());
        for group in compact.elided() {
            let expanded = compact.expand(&group.handle).expect("handles expand");
            assert!(!expanded.contains("secret-1"));
        }
    }
    // Real snapshots with stray quotes, brackets, colons and backslashes, and lines dropped.
    for name in FIXTURES {
        for _ in 0..40 {
            let mut chars: Vec<char> = fixture(name).chars().collect();
            for _ in 0..8 {
                let at = (rng.next() % chars.len() as u64) as usize;
                match rng.next() % 3 {
                    0 => {
                        chars.remove(at);
                    }
                    _ => chars.insert(at, ['"', '[', ']', '\'', ':', '\\', '-', '\n', ' '][(rng.next() % 9) as usize]),
                }
            }
            let mutated: String = chars.into_iter().collect();
            let compact = compact_snapshot_masked(&mutated, &["demo1234"]);
            for group in compact.elided() {
                let _ = compact.expand(&group.handle);
            }
            let _ = crate::diff::diff(&compact, &compact_snapshot(fixture(name)));
        }
    }
    // Truncated input, cut anywhere (on char boundaries).
    let yaml = fixture("form-heavy");
    for cut in (0..yaml.len()).step_by(97).filter(|&c| yaml.is_char_boundary(c)) {
        let _ = compact_snapshot(&yaml[..cut]);
    }
    let deep: String = (0..3000).map(|d| format!("{}- group [ref=e{d}]:\n", " ".repeat(d))).collect();
    let _ = compact_snapshot(&deep).expand("e0");
    let wide: String = (0..20000).map(|i| format!("- button \"{i}\" [ref=e{i}]\n")).collect();
    assert_addressable(&wide, &compact_snapshot(&wide));
    assert_eq!(compact_snapshot("").text(), "");
}
