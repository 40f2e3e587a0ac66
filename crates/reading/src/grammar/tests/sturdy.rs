//! Sentences no spec wrote, made from the words specs use: reading any of them ends, on a
//! thread with a worker's small stack, and never panics — a document is hostile input.

use super::super::*;

/// Words of Korean steps: names, places, positions, counts, with and without particles.
const KO_WORDS: &[&str] = &[
    "댓글이",
    "댓글을",
    "제목에",
    "제목을",
    "목록",
    "목록에",
    "목록에서",
    "맨",
    "아래에",
    "위에",
    "상단에",
    "하단의",
    "저장",
    "버튼을",
    "'주간 보고'가",
    "\"예약\"을",
    "메뉴에서",
    "화면으로",
    "사용자",
    "관리",
    "2건",
    "7명으로",
    "방금",
    "작성한",
    "새",
    "창이",
    "그대로",
    "비워",
    "둔",
    "채",
    "입력란에",
    "휴가",
    "규정",
    "문서가",
    "의",
    "로",
];
/// Korean predicates, plain and polite, that end a step.
const KO_ENDS: &[&str] = &[
    "보인다",
    "추가된다",
    "누른다",
    "입력한다",
    "이동한다",
    "확인한다",
    "표시되는지 확인한다",
    "선택한다",
    "비워 둔다",
    "로그인한다",
    "연다",
    "남아 있어야 한다",
    "등록되었다",
    "나옵니다",
];
/// Words of English steps.
const EN_WORDS: &[&str] = &[
    "click",
    "the",
    "Save",
    "button",
    "in",
    "menu",
    "list",
    "shows",
    "is",
    "shown",
    "appears",
    "under",
    "\"Title\"",
    "from",
    "to",
    "enter",
    "page",
    "top",
    "bottom",
    "and",
    "then",
    "with",
    "as",
    "admin",
    "new",
    "his",
    "'Add +'",
    "row",
    "for",
    "Jun",
    "Park",
    "should",
    "be",
    "saying",
    ":",
    "(",
    ")",
    ">",
    "open",
    "go",
    "log",
];

/// A small deterministic generator (an LCG), so every run reads the same sentences.
struct Words(u64);

impl Words {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }

    fn korean(&mut self) -> String {
        let len = 1 + self.next(6);
        let mut words: Vec<&str> = (0..len).map(|_| KO_WORDS[self.next(KO_WORDS.len())]).collect();
        words.push(KO_ENDS[self.next(KO_ENDS.len())]);
        words.join(" ")
    }

    fn english(&mut self) -> String {
        let len = 2 + self.next(9);
        let words: Vec<&str> = (0..len).map(|_| EN_WORDS[self.next(EN_WORDS.len())]).collect();
        let mut sentence = words.join(" ");
        if let Some(first) = sentence.get(..1) {
            sentence = first.to_uppercase() + &sentence[1..];
        }
        sentence
    }
}

#[test]
fn any_sentence_of_spec_words_is_read_to_its_end_on_a_small_stack() {
    let reader = std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(|| {
            let mut words = Words(41);
            let mut read = 0;
            for _ in 0..3000 {
                for sentence in [words.korean(), words.english()] {
                    let _ = interpret_all(&sentence, None);
                    let _ = interpret_all(&sentence, Some("제목: 주간 보고\nTitle: Weekly"));
                    read += 1;
                }
            }
            read
        })
        .expect("a reader thread");
    // A sentence that recursed for ever overflows the stack and aborts the test binary.
    assert_eq!(reader.join().ok(), Some(6000));
    // The sentence that once recursed for ever: a rewrite that quoted nothing was read again.
    let _ = interpret_all("댓글이 맨 아래에 보인다.", None);
}
