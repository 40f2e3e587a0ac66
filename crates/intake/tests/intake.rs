//! Intake of Markdown and plain text, and the errors bad files get.

use specwright_intake::{parse, read_spec, IntakeError};

const PRD: &str = include_str!("../../../tests/fixtures/specs/shop-admin-prd.ko.md");

#[test]
fn korean_prd_has_an_outline_with_anchors() {
    let doc = parse("shop-admin-prd.ko.md", PRD.as_bytes()).unwrap();
    assert_eq!(doc.title, "데모 상점 관리자 — 상품 등록 기능 기획서");
    let titles: Vec<_> = doc.sections.iter().map(|s| (s.level, s.title.as_str())).collect();
    assert_eq!(
        titles,
        vec![
            (1, "데모 상점 관리자 — 상품 등록 기능 기획서"),
            (2, "1. 개요"),
            (2, "2. 로그인"),
            (2, "3. 상품 등록"),
            (2, "4. 예외 및 검증 규칙"),
            (2, "5. 범위 외"),
        ]
    );
    assert_eq!(doc.sections[2].anchor, "shop-admin-prd.ko.md#2-로그인");
    let line = doc.numbered_lines().find(|(_, l)| l.contains("'로그인' 버튼을 클릭한다")).unwrap().0;
    let citation = doc.cite(line).unwrap();
    assert_eq!(citation.section, "2. 로그인");
    assert_eq!(citation.quote, "4. '로그인' 버튼을 클릭한다.");
    assert_eq!(citation.anchor, "shop-admin-prd.ko.md#2-로그인");
}

#[test]
fn nested_sections_end_at_the_next_heading_of_their_level() {
    let doc = parse("a.md", "# A\ntext\n## B\nb\n### C\nc\n## D\nd\n".as_bytes()).unwrap();
    let b = doc.sections.iter().find(|s| s.title == "B").unwrap();
    assert_eq!((b.start_line, b.end_line), (3, 6));
    assert_eq!(doc.section_of(6).unwrap().title, "C");
    assert_eq!(doc.section_of(8).unwrap().title, "D");
}

#[test]
fn headings_inside_code_fences_are_text_and_duplicates_get_unique_anchors() {
    let doc = parse("a.md", "# Steps\n```\n# not a heading\n```\n# Steps\n".as_bytes()).unwrap();
    let anchors: Vec<_> = doc.sections.iter().map(|s| s.anchor.as_str()).collect();
    assert_eq!(anchors, vec!["a.md#steps", "a.md#steps-2"]);
}

/// What a CommonMark parser knows and a line reader does not: a `#` line inside a quote, an
/// indented code block or an HTML block is no heading; a table needs no outer pipes; an escaped
/// pipe stays inside its cell; a closing `##` is not part of the title. Lines stay as written.
#[test]
fn markdown_is_read_by_its_grammar_and_cited_by_its_lines() {
    let text = "# Plan ##\n\n> # quoted, not a heading\n\n    # indented code\n\n<div>\n# inside html\n</div>\n\nName | Note\n--- | ---\nkim | a \\| b\nlee | `x`\n\nTitle over\ntwo lines\n---\ntext\n";
    let doc = parse("a.md", text.as_bytes()).unwrap();
    let titles: Vec<&str> = doc.sections.iter().map(|s| s.title.as_str()).collect();
    assert_eq!(titles, ["Plan", "Title over two lines"]);
    assert_eq!(doc.sections[1].start_line, 16, "the heading starts where its text does");
    let table = &doc.tables[0];
    assert_eq!(table.header, ["Name", "Note"]);
    let rows: Vec<(u32, Vec<&str>)> =
        table.rows.iter().map(|r| (r.line, r.cells.iter().map(String::as_str).collect())).collect();
    assert_eq!(rows, [(13, vec!["kim", "a | b"]), (14, vec!["lee", "`x`"])]);
    assert_eq!(doc.lines.len(), text.lines().count(), "every line kept");
    assert_eq!(doc.lines[12], "kim | a \\| b", "as written");
}

/// HTML as the standard reads it: every named entity, a script whose text holds markup skipped
/// whole, spans taken from the attributes however they are quoted.
#[test]
fn html_is_read_by_the_standard_tokenizer() {
    let html = "<html><head><title>x</title></head><body><h1>Caf&eacute; &rarr; 주문</h1>\
<script>document.write('<h2>not a heading</h2>')</script>\
<p>A&nbsp;B &amp; C&#44032;</p><table><tr><th>a</th><th>b</th></tr>\
<tr><td colspan=2>both</td></tr><tr><td COLSPAN='1'>x</td><td>y</td></tr></table></body></html>";
    let doc = parse("a.html", html.as_bytes()).unwrap();
    let titles: Vec<&str> = doc.sections.iter().map(|s| s.title.as_str()).collect();
    assert_eq!(titles, ["Café → 주문"]);
    assert!(doc.lines.iter().any(|l| l == "A B & C가"), "{:?}", doc.lines);
    let rows: Vec<&Vec<String>> = doc.tables[0].rows.iter().map(|r| &r.cells).collect();
    assert_eq!(rows, [&vec!["both".to_string(), "both".to_string()], &vec!["x".to_string(), "y".to_string()]]);
}

#[test]
fn plain_text_is_one_section_and_bom_is_ignored() {
    let doc = parse("notes.txt", "\u{feff}1. Click 'Sign in'\n".as_bytes()).unwrap();
    assert_eq!(doc.sections.len(), 1);
    assert_eq!(doc.lines[0], "1. Click 'Sign in'");
    assert_eq!(doc.cite(1).unwrap().anchor, "notes.txt#document");
}

#[test]
fn bad_files_get_specific_errors() {
    assert!(matches!(parse("a.md", b""), Err(IntakeError::Empty(_))));
    assert!(matches!(parse("a.md", b"  \n\n"), Err(IntakeError::Empty(_))));
    assert!(matches!(parse("a.md", b"abc\0def"), Err(IntakeError::Binary(_))));
    assert!(matches!(parse("a.txt", &[0xC0, 0xFF, 0x41]), Err(IntakeError::Encoding(_))));
    assert!(matches!(parse("a.pdf", b"%PDF-1.7"), Err(IntakeError::Corrupt { .. })));
    assert!(matches!(parse("a.pdf", b"PK\x03\x04rest"), Err(IntakeError::Mismatch { .. })));
    assert!(matches!(parse("a.toml", b"x = 1"), Err(IntakeError::Unsupported { .. })));
    let missing = read_spec(std::path::Path::new("no/such/spec.md")).unwrap_err();
    assert!(matches!(missing, IntakeError::NotFound(_)));
    let message = missing.to_string();
    assert!(message.contains("not found") && message.contains("spec.md"), "{message}");
}

#[test]
fn reads_files_from_disk() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("spec.md");
    std::fs::write(&path, PRD).unwrap();
    let doc = read_spec(&path).unwrap();
    assert_eq!(doc.name, "spec.md");
    assert_eq!(doc.sha256.len(), 64);
}
