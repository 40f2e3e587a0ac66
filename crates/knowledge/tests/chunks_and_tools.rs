//! Chunking keeps structure; keyword search finds Korean and English; the document tools return
//! whole sections and resolve citations. No embedding model needed here.

mod support;

use specwright_knowledge::{chunk, ChunkOptions, SearchMode};
use support::*;

#[test]
fn chunks_stay_inside_sections_and_never_split_a_table_row() {
    for name in ["shop-admin-prd.ko.docx", "shop-admin-testcases.ko.xlsx", "shop-api.en.pdf", "shop-admin-prd.ko.md"] {
        let doc = spec(name);
        let options = ChunkOptions { target_chars: 300, overlap_chars: 60 };
        let chunks = chunk(&doc, options);
        assert!(!chunks.is_empty(), "{name}");
        for c in &chunks {
            let section = doc.section_of(c.start_line).unwrap();
            assert!(
                c.end_line <= section.end_line || doc.section_of(c.end_line) == Some(section),
                "{name}: chunk crosses a section: {c:?}"
            );
            let lines: Vec<&str> = c.text.split('\n').collect();
            assert_eq!(lines.len() as u32, c.end_line - c.start_line + 1);
            for (i, l) in lines.iter().enumerate() {
                assert_eq!(
                    *l,
                    doc.lines[(c.start_line as usize) + i - 1],
                    "{name}: chunk text is the document's lines"
                );
            }
            assert!(c.anchor.starts_with(&format!("{name}#")));
        }
        // Every non-blank line (headings aside) is in some chunk; each table row lies wholly in
        // a chunk, and a table chunk's passage carries the header.
        for (n, line) in doc.numbered_lines() {
            if line.trim().is_empty() || doc.sections.iter().any(|s| s.start_line == n) {
                continue;
            }
            assert!(
                chunks.iter().any(|c| c.start_line <= n && n <= c.end_line),
                "{name}: line {n} in no chunk: {line}"
            );
        }
        for table in doc.tables.iter().filter(|t| !t.header.is_empty()) {
            let header = table.header.join(" | ");
            for row in &table.rows {
                let holder = chunks.iter().find(|c| c.start_line <= row.line && row.line <= c.end_line).unwrap();
                assert!(holder.passage.contains(&header), "{name}: row {} lacks its header", row.number);
            }
        }
        // Sizes: about the target, consecutive chunks of a section overlap a little.
        for pair in chunks.windows(2) {
            let same_section = doc.section_of(pair[0].start_line) == doc.section_of(pair[1].start_line);
            if same_section {
                assert!(pair[1].start_line <= pair[0].end_line + 2, "{name}: gap between chunks");
                assert!(pair[1].start_line > pair[0].start_line, "{name}: chunks must advance");
            }
        }
    }
}

#[test]
fn keyword_search_finds_korean_short_words_and_english_with_citations() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(&dir);
    let docs = vec![spec("shop-admin-prd.ko.docx"), spec("shop-admin-testcases.ko.xlsx"), spec("shop-api.en.pdf")];
    session(&store, "s1", &docs);
    let knowledge = keyword_only(store);
    let reports = index_all(&knowledge, "s1", &docs);
    assert!(reports.iter().all(|r| r.semantic_off.is_some() && r.chunks > 0));

    // "가격" has two syllables: too short for trigrams, still found.
    let hits = knowledge.search("s1", "가격이 0 이하", SearchMode::Keyword, 3).unwrap();
    assert!(hits.iter().any(|h| h.snippet.contains("가격")), "{hits:#?}");
    let hits = knowledge.search("s1", "비밀번호를", SearchMode::Keyword, 5).unwrap();
    assert!(hits.iter().all(|h| h.found_by == vec!["keyword"]));
    assert!(hits.iter().any(|h| h.snippet.contains("비밀번호")), "particles are stripped: {hits:#?}");
    let hits = knowledge.search("s1", "DUPLICATE_NAME error", SearchMode::Keyword, 3).unwrap();
    let top = &hits[0];
    assert_eq!(top.document, "shop-api.en.pdf");
    assert!(top.citation.page.is_some(), "PDF hits cite their page: {top:?}");
    assert!(top.citation.quote.contains("DUPLICATE_NAME"), "{top:?}");
    // A spreadsheet record is cited as sheet + row.
    let hits = knowledge.search("s1", "TC-18", SearchMode::Keyword, 3).unwrap();
    let row = hits.iter().find(|h| h.document.ends_with(".xlsx")).unwrap();
    assert!(row.citation.sheet.is_some() && row.citation.row.is_some(), "{row:?}");
    // Hybrid without a model degrades to keyword; semantic says why it is off.
    assert!(!knowledge.search("s1", "TC-18", SearchMode::Hybrid, 3).unwrap().is_empty());
    let off = knowledge.search("s1", "TC-18", SearchMode::Semantic, 3).unwrap_err();
    assert_eq!(off.code(), "semantic_off");
    assert!(off.to_string().contains("키워드") && off.to_string().contains("keyword"));
}

#[test]
fn document_tools_list_outline_read_whole_sections_and_cite() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(&dir);
    let docs = vec![spec("shop-admin-prd.ko.pdf"), spec("shop-admin-testcases.en.xlsx")];
    session(&store, "s1", &docs);
    let knowledge = keyword_only(store);

    let list = knowledge.list_documents("s1").unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0].pages, 2);
    assert_eq!(list[1].tables, 3);

    let outline = knowledge.outline("s1", "shop-admin-prd.ko.pdf").unwrap();
    let login = outline.iter().find(|e| e.title == "2. 로그인").unwrap();
    assert!(login.chars > 50);

    // A whole section, subsections included, with line numbers to cite by.
    let section = knowledge.read_section("s1", "shop-admin-prd.ko.pdf", "4. 예외 및 검증 규칙", 0, 10_000).unwrap();
    assert!(section.text.contains("4.1 입력 검증") && section.text.contains("4.2 목록 화면"));
    assert!(section.next_offset.is_none());
    // Capped: continues where it stopped, no line lost or repeated.
    let mut pieces = Vec::new();
    let mut offset = 0;
    loop {
        let part = knowledge.read_section("s1", "shop-admin-prd.ko.pdf", &login.anchor, offset, 120).unwrap();
        pieces.push(part.text.clone());
        match part.next_offset {
            Some(next) => offset = next,
            None => break,
        }
    }
    assert!(pieces.len() > 1);
    let whole = knowledge.read_section("s1", "shop-admin-prd.ko.pdf", &login.anchor, 0, 100_000).unwrap();
    assert_eq!(pieces.concat(), whole.text);

    let cited = knowledge.cite("s1", "shop-admin-testcases.en.xlsx#Login!4").unwrap();
    assert_eq!((cited.sheet.as_deref(), cited.row), (Some("Login"), Some(4)));
    assert!(cited.quote.contains("이메일"), "{cited:?}");
    let by_line = knowledge.cite("s1", &format!("shop-admin-prd.ko.pdf#L{}", login.start_line + 2)).unwrap();
    assert_eq!(by_line.section, "2. 로그인");
    assert_eq!(by_line.page, Some(1));
    let by_section = knowledge.cite("s1", &login.anchor).unwrap();
    assert!(!by_section.quote.is_empty() && by_section.section == "2. 로그인");

    assert_eq!(knowledge.cite("s1", "nothing").unwrap_err().code(), "bad_anchor");
    assert_eq!(knowledge.outline("s1", "missing.pdf").unwrap_err().code(), "no_document");
    assert_eq!(
        knowledge.read_section("s1", "shop-admin-prd.ko.pdf", "9. 없음", 0, 100).unwrap_err().code(),
        "no_section"
    );
}
