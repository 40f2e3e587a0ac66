//! Semantic and hybrid search on the installed multilingual model: vectors agree with the Python
//! reference engine, re-indexing embeds only what changed, and hybrid search finds the right
//! section for fixed Korean and English questions about the sample specs.

mod support;

use specwright_knowledge::{IndexStage, SearchMode};
use support::*;

fn cosine(a: &[f32], b: &[f32]) -> f32 {
    let dot: f32 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    let na = a.iter().map(|x| x * x).sum::<f32>().sqrt();
    let nb = b.iter().map(|x| x * x).sum::<f32>().sqrt();
    dot / (na * nb)
}

#[test]
fn vectors_match_the_python_onnxruntime_reference() {
    let dir = tempfile::tempdir().unwrap();
    let knowledge = with_model(store(&dir));
    let embedder = knowledge.embedder().unwrap();
    let mut embedder = embedder.lock().unwrap();
    let reference: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(embedder.dir().join("reference.json")).unwrap()).unwrap();
    let items = reference["texts"].as_array().or_else(|| reference.as_array()).unwrap().clone();
    assert!(items.len() >= 8);
    let mut worst = 1.0f32;
    for item in items {
        let input = item["input"].as_str().unwrap();
        let want: Vec<f32> = item["embedding"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap() as f32).collect();
        let got = if let Some(passage) = input.strip_prefix("passage: ") {
            embedder.passages(&[passage]).unwrap().remove(0)
        } else {
            embedder.query(input.strip_prefix("query: ").unwrap_or(input)).unwrap()
        };
        worst = worst.min(cosine(&got, &want));
        let ids: Vec<u32> = item["token_ids"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap() as u32).collect();
        assert_eq!(embedder.token_ids(input).unwrap(), ids, "token ids of {input:?}");
    }
    println!("worst cosine against the reference: {worst:.6}");
    assert!(worst >= 0.999, "worst cosine {worst}");
}

/// The compact vocabulary gives the ids the `tokenizers` crate's own Unigram model gives, on
/// every line of every sample spec and the real-app corpus, whole documents (truncated at 512
/// tokens), and text made to be hard: unknown characters, emoji, runs of spaces, special tokens
/// written as text, accents, full-width forms.
#[test]
fn token_ids_match_the_tokenizers_crate_on_every_sample_text() {
    let dir = tempfile::tempdir().unwrap();
    let knowledge = with_model(store(&dir));
    let embedder = knowledge.embedder().unwrap();
    let embedder = embedder.lock().unwrap();
    let mut reference = tokenizers::Tokenizer::from_file(embedder.dir().join("tokenizer.json")).unwrap();
    reference.with_truncation(Some(tokenizers::TruncationParams { max_length: 512, ..Default::default() })).unwrap();
    let mut texts: Vec<String> = [
        "",
        " ",
        "passage: 상품명을 비워 두면 \"상품명을 입력해 주세요.\" 메시지를 표시한다.",
        "query: 가격이 0 이하이면?",
        "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✨🚀 emoji 👩‍👩‍👧 and \u{e000}\u{f8ff} private use",
        "many     spaces\t\ttabs\n\nnewlines",
        "<s> <mask> </s> <unk> <pad> written as text",
        "Crème brûlée, naïve café, Ångström, ＡＢＣ１２３ full width, ｶﾀｶﾅ half width",
        "ㄱㄴㄷ 자모 ᄀᄂ 옛한글 ꥠ 漢字 ひらがな العربية हिन्दी",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let fixtures = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/specs");
    let corpus = std::env::var_os("HOME")
        .map(|h| std::path::PathBuf::from(h).join(".local/share/specwright/corpus"))
        .filter(|p| p.is_dir());
    let mut documents = 0;
    for root in std::iter::once(fixtures).chain(corpus) {
        let mut stack = vec![root];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if matches!(path.extension().and_then(|e| e.to_str()), Some("md" | "txt" | "csv")) {
                    let Ok(text) = std::fs::read_to_string(&path) else { continue };
                    documents += 1;
                    texts.extend(text.lines().filter(|l| !l.trim().is_empty()).map(str::to_string));
                    texts.push(text);
                }
            }
        }
    }
    assert!(documents >= 5, "sample documents found: {documents}");
    for text in &texts {
        let want = reference.encode(text.as_str(), true).unwrap().get_ids().to_vec();
        assert_eq!(embedder.token_ids(text).unwrap(), want, "token ids of {text:?}");
    }
    println!("{} texts from {documents} documents: identical ids", texts.len());
}

#[test]
fn the_same_file_costs_nothing_and_a_changed_file_reembeds_only_what_changed() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(&dir);
    let doc = spec("shop-admin-prd.ko.md");
    session(&store, "s1", std::slice::from_ref(&doc));
    let knowledge = with_model(store.clone());
    let mut stages = Vec::new();
    let first = knowledge
        .index_document("s1", &doc, &mut |stage, done, total| {
            stages.push((stage, done, total));
            true
        })
        .unwrap();
    assert!(first.chunks > 0 && first.embedded + first.reused == first.chunks);
    assert_eq!(stages.first().map(|s| s.0), Some(IndexStage::Chunked));
    assert_eq!(stages.last(), Some(&(IndexStage::Embedding, first.chunks, first.chunks)));

    let again = knowledge.index_document("s1", &doc, &mut |_, _, _| true).unwrap();
    assert!(again.unchanged && again.embedded == 0, "{again:?}");

    // Change one section: only its chunks are embedded again.
    let text = doc.text().replace("상품 삭제와 목록 내보내기는", "상품 삭제, 목록 내보내기, 일괄 수정은");
    let changed = specwright_intake::parse(&doc.name, text.as_bytes()).unwrap();
    let report = knowledge.index_document("s1", &changed, &mut |_, _, _| true).unwrap();
    assert!(!report.unchanged);
    assert!(report.embedded >= 1 && report.embedded < report.chunks, "{report:?}");
    assert_eq!(report.reused + report.embedded, report.chunks);
    let hits = knowledge.search("s1", "일괄 수정", SearchMode::Hybrid, 1).unwrap();
    assert!(hits[0].snippet.contains("일괄 수정"), "the index holds the new text: {hits:?}");

    // The same content in another session reuses the cached vectors.
    session(&store, "s2", std::slice::from_ref(&changed));
    let other = knowledge.index_document("s2", &changed, &mut |_, _, _| true).unwrap();
    assert_eq!((other.embedded, other.reused), (0, other.chunks));
}

#[test]
fn a_cancelled_index_keeps_what_was_embedded_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(&dir);
    let doc = spec("shop-api.en.pdf");
    session(&store, "s1", std::slice::from_ref(&doc));
    let knowledge =
        with_model(store).with_options(specwright_knowledge::ChunkOptions { target_chars: 200, overlap_chars: 40 });
    let stopped = knowledge.index_document("s1", &doc, &mut |stage, _, _| stage == IndexStage::Chunked).unwrap();
    assert_eq!(stopped.embedded, 4, "one batch, then stop: {stopped:?}");
    // Searches in the meantime use what is embedded so far, and say how much that is.
    let partial = knowledge.coverage("s1").unwrap();
    assert_eq!((partial.embedded, partial.total), (4, stopped.chunks));
    assert!(!partial.complete());
    let hits = knowledge.search("s1", "product price", SearchMode::Semantic, 10).unwrap();
    assert_eq!(hits.len(), 4, "meaning search ranks the embedded chunks only: {hits:?}");
    assert!(!knowledge.search("s1", "product", SearchMode::Keyword, 10).unwrap().is_empty());

    let resumed = knowledge.index_document("s1", &doc, &mut |_, _, _| true).unwrap();
    assert_eq!(resumed.reused, 4);
    assert_eq!(resumed.embedded, resumed.chunks - 4);
    assert!(knowledge.coverage("s1").unwrap().complete());
}

#[test]
fn hybrid_search_finds_the_right_section_for_korean_and_english_questions() {
    let dir = tempfile::tempdir().unwrap();
    let store = store(&dir);
    let fixed: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/specs/questions.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let docs: Vec<_> = fixed["documents"].as_array().unwrap().iter().map(|d| spec(d.as_str().unwrap())).collect();
    session(&store, "s1", &docs);
    let knowledge = with_model(store);
    index_all(&knowledge, "s1", &docs);
    // (question, a section whose path must contain this title)
    let cases: Vec<(&str, &str)> = fixed["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| (q[0].as_str().unwrap(), q[1].as_str().unwrap()))
        .collect();
    assert_eq!(cases.len(), 10);
    let mut found = 0;
    for (question, section) in cases {
        let hits = knowledge.search("s1", question, SearchMode::Hybrid, 3).unwrap();
        let ok = hits.iter().any(|h| h.section.contains(section));
        println!(
            "{} {question} → {}",
            if ok { "✓" } else { "✗" },
            hits.iter().map(|h| h.section.as_str()).collect::<Vec<_>>().join(" | ")
        );
        found += ok as usize;
        for h in &hits {
            assert_eq!(h.citation.document, h.document);
            assert!(!h.citation.quote.is_empty());
        }
    }
    println!("hybrid: {found}/10 questions found their section in the top 3");
    assert!(found >= 8, "only {found}/10");
}
