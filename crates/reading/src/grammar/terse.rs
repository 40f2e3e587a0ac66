//! Steps written as noun phrases, the way Korean test-case sheets are ("ID/PW 입력 후 로그인 버튼
//! 클릭", "조회 결과 1건 노출 확인", "로그아웃 버튼 클릭 → 로그인 화면으로 이동됨"): spelled out
//! as the sentences they stand for ("…입력한 후 …클릭한다"), which the grammar reads. Quoted words
//! are never touched.

use crate::quotes::quoted_spans;

/// Verbal nouns a terse step ends with or chains with 후/시/→ that take no object ("화면으로
/// 이동", "로그인 후"); those that take one are `TAKES_OBJECT`.
const INTRANSITIVE: &[&str] = &["접속", "이동", "진입", "로그인", "로그아웃", "확인"];

/// Whether a word is a verbal noun of an action.
fn is_action(word: &str) -> bool {
    TAKES_OBJECT.contains(&word) || INTRANSITIVE.contains(&word)
}

/// Verbal nouns that say what the page does ("노출", "표시"): a result.
const RESULTS: &[&str] = &["노출", "표시"];
/// Words before "확인" that say what is checked happened ("변경 확인": it was changed).
const HAPPENED: &[&str] =
    &["노출", "표시", "변경", "삭제", "저장", "등록", "이동", "반영", "적용", "생성", "추가", "비활성화", "활성화"];
/// A state a terse result ends in, as a noun ("팝업 닫힘"), and the verb it stands for.
const STATES: &[(&str, &str)] =
    &[("닫힘", "닫힌다"), ("열림", "열린다"), ("사라짐", "사라진다"), ("나타남", "나타난다")];
/// Nouns of a window that a terse "… 닫기" closes.
const WINDOWS: &[&str] = &["팝업", "팝업창", "창", "레이어", "모달", "대화상자"];

/// Verbal nouns that take an object ("버튼 클릭": the button is clicked).
const TAKES_OBJECT: &[&str] = &[
    "클릭",
    "입력",
    "선택",
    "저장",
    "등록",
    "삭제",
    "수정",
    "체크",
    "변경",
    "조회",
    "검색",
    "업로드",
    "첨부",
    "작성",
    "설정",
    "해제",
    "실행",
];

/// Whether the word ends in a consonant (takes 을, not 를), quotes aside.
fn batchim(word: &str) -> bool {
    word.trim_end_matches(['\'', '"', '’', '”'])
        .chars()
        .last()
        .and_then(specwright_vocabulary::final_consonant)
        .is_some_and(|tail| tail != 0)
}

/// Whether a word already ends its argument (a particle) or is a verb's form.
fn ends_argument(word: &str) -> bool {
    // A particle written apart ("2024-06-10 을") ends the word before it.
    if ["을", "를", "이", "가", "은", "는", "에", "로", "으로", "의", "에서"].contains(&word) {
        return true;
    }
    let bare = word.trim_end_matches(['\'', '"', '’', '”']);
    bare.len() == word.len() && crate::bare::strip_particle(word).1.is_some()
        || ["한", "하고", "하면", "하여", "해", "해서", "다", ",", "고", "며", "면", "서", "요", "여", "지", "게"]
            .iter()
            .any(|e| word.ends_with(e))
        || ["→", "후", "뒤", "다음", "채", "때", "시"].contains(&word)
}

/// The word before a verbal noun that takes an object, given 을/를 ("버튼" → "버튼을"); before a
/// value said with 로 ("휴대폰번호 010-1234로 수정"), the field before it.
fn object(out: &mut [String], verb: &str) {
    let n = out.len();
    let sets = ["수정", "변경", "설정", "입력"].iter().any(|v| verb.starts_with(v));
    let at = match out.last() {
        // "휴대폰번호 010-1234로 수정": the field; "Publish now로 저장해" says how, no object.
        Some(last) if last.ends_with('로') => match (sets, n >= 2) {
            (true, true) => n - 2,
            _ => return,
        },
        Some(_) => n - 1,
        None => return,
    };
    // An object already marked since the last connective ("비밀번호를 다시 입력하고"), or an
    // adverb before the verb, leaves the sentence as it is.
    let clause_start =
        out[..at].iter().rposition(|w| ends_argument(w) && !w.ends_with(['을', '를'])).map_or(0, |i| i + 1);
    let marked = out[clause_start..at].iter().any(|w| w.ends_with(['을', '를']));
    if !ends_argument(&out[at]) && !marked && !crate::bare::KO_ADVERBS.contains(&out[at].as_str()) {
        let particle = if batchim(&out[at]) { "을" } else { "를" };
        out[at].push_str(particle);
    }
}

/// The word before a result ("1건 노출", "팝업 오픈") given 이/가.
fn subject(out: &mut [String]) {
    if let Some(last) = out.last_mut() {
        if !ends_argument(last) {
            let particle = if batchim(last) { "이" } else { "가" };
            last.push_str(particle);
        }
    }
}

/// The sentence with its terse noun phrases spelled out; unchanged when it has none.
pub(super) fn spelled_out(sentence: &str) -> String {
    if !crate::is_hangul(sentence) {
        return sentence.to_string();
    }
    let spans = quoted_spans(sentence);
    let quoted = |at: usize| spans.iter().any(|s| at >= s.start && at < s.end);
    let body = sentence.trim_end();
    let stop_len = body.len() - body.trim_end_matches(['.', '。']).len();
    let (body, stop) = body.split_at(body.len() - stop_len);
    // Words with where each starts, so quoted ones are kept as they are.
    let mut words: Vec<(usize, String)> = Vec::new();
    let mut at = 0;
    for word in body.split(' ') {
        if !word.is_empty() {
            words.push((at, word.to_string()));
        }
        at += word.len() + 1;
    }
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let (start, word) = (&words[i].0, words[i].1.as_str());
        let next = words.get(i + 1).map(|(_, w)| w.as_str());
        if quoted(*start) {
            out.push(word.to_string());
            i += 1;
            continue;
        }
        let last = i + 1 == words.len();
        match (word, next) {
            ("ID/PW" | "id/pw" | "아이디/비밀번호" | "ID/비밀번호", _) => {
                out.push("아이디와 비밀번호".into())
            }
            // "제목 미입력 시": the field left empty.
            ("미입력", Some("시")) => {
                if let Some(field) = out.pop() {
                    let particle = if batchim(&field) { "을" } else { "를" };
                    out.push(format!("{field}{particle}"));
                }
                out.push("비워 두고".into());
                i += 1;
            }
            (w, Some("후" | "뒤" | "다음")) if is_action(w) => {
                if TAKES_OBJECT.contains(&w) {
                    object(&mut out, w);
                }
                out.push(format!("{w}한"));
            }
            (w, Some("시" | "→" | "->")) if is_action(w) => {
                if TAKES_OBJECT.contains(&w) {
                    object(&mut out, w);
                }
                out.push(format!("{w}하면"));
                i += 1;
            }
            (w, Some("확인")) if HAPPENED.contains(&w) && i + 2 == words.len() => {
                subject(&mut out);
                out.push(format!("{w}되는지 확인한다"));
                i += 1;
            }
            // "목록에 게시글 노출 여부 확인": whether it is shown, checked.
            (w, Some("여부"))
                if HAPPENED.contains(&w) && i + 3 == words.len() && words.last().is_some_and(|(_, l)| l == "확인") =>
            {
                subject(&mut out);
                out.push(format!("{w}되는지 확인한다"));
                i += 2;
            }
            (w, None) if last && STATES.iter().any(|(s, _)| *s == w) => {
                subject(&mut out);
                out.extend(STATES.iter().find(|(s, _)| *s == w).map(|(_, v)| v.to_string()));
            }
            (w, None) if last && w.ends_with('됨') && w.chars().count() >= 3 => {
                out.push(format!("{}된다", w.trim_end_matches('됨')));
            }
            (w, None) if last && RESULTS.contains(&w) => {
                subject(&mut out);
                out.push(format!("{w}된다"));
            }
            (w, None) if last && is_action(w) => {
                if TAKES_OBJECT.contains(&w) {
                    object(&mut out, w);
                }
                out.push(format!("{w}한다"));
            }
            // "회원명 클릭하여 상세 팝업 오픈": the action's own form, its object before it.
            (w, _)
                if TAKES_OBJECT
                    .iter()
                    .any(|t| w.starts_with(t) && ["하여", "해서", "해", "하고"].contains(&&w[t.len()..])) =>
            {
                object(&mut out, w);
                out.push(w.to_string());
            }
            ("오픈", None) if last => {
                subject(&mut out);
                out.push("열린다".into());
            }
            ("닫기", None) if last => {
                if let Some(window) = out.pop() {
                    let window = if WINDOWS.contains(&window.as_str()) { format!("{window}의") } else { window };
                    out.push(window);
                }
                out.push("'닫기' 버튼을 누른다".into());
            }
            (w, _) => out.push(w.to_string()),
        }
        i += 1;
    }
    // Nothing terse: the sentence exactly as written (its spacing too).
    if out.iter().map(String::as_str).eq(words.iter().map(|(_, w)| w.as_str())) {
        return sentence.to_string();
    }
    format!("{}{stop}", out.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// More of a sheet's terse cells (a shop's checkout, a board's popup, a login): a screen
    /// entered, a button's state checked, a state as a noun, "여부 확인".
    #[test]
    fn terse_states_and_checks_are_spelled_out() {
        let read = |s: &str| crate::interpret_all(s, None).into_iter().map(|i| (i.verb, i.target)).collect::<Vec<_>>();
        assert_eq!(read("로그인 화면 진입"), vec![(crate::Verb::Navigate, Some("로그인".into()))]);
        assert_eq!(read("결제하기 버튼 비활성화 확인"), vec![(crate::Verb::ExpectDisabled, Some("결제하기".into()))]);
        assert_eq!(
            read("팝업에서 취소 클릭 시 팝업 닫힘"),
            vec![(crate::Verb::Click, Some("취소".into())), (crate::Verb::ExpectHidden, None)]
        );
        assert_eq!(read("목록에 게시글 노출 여부 확인"), vec![(crate::Verb::ExpectVisible, Some("게시글".into()))]);
    }

    /// Terse steps of three kinds of sheet: an admin's member search, a board's notice, a
    /// shop's order.
    #[test]
    fn terse_steps_are_spelled_out() {
        assert_eq!(
            spelled_out("ID/PW 입력 후 로그인 버튼 클릭"),
            "아이디와 비밀번호를 입력한 후 로그인 버튼을 클릭한다"
        );
        assert_eq!(
            spelled_out("검색조건에 '홍길동' 입력 후 조회 버튼 클릭"),
            "검색조건에 '홍길동'을 입력한 후 조회 버튼을 클릭한다"
        );
        assert_eq!(spelled_out("조회 결과 1건 노출 확인"), "조회 결과 1건이 노출되는지 확인한다");
        assert_eq!(
            spelled_out("공지사항 등록 버튼 클릭 시 등록 화면으로 이동"),
            "공지사항 등록 버튼을 클릭하면 등록 화면으로 이동한다"
        );
        assert_eq!(
            spelled_out("로그아웃 버튼 클릭 → 로그인 화면으로 이동됨"),
            "로그아웃 버튼을 클릭하면 로그인 화면으로 이동된다"
        );
        assert_eq!(
            spelled_out("제목 미입력 시 \"제목을 입력해주세요\" 알림 노출"),
            "제목을 비워 두고 \"제목을 입력해주세요\" 알림이 노출된다"
        );
        assert_eq!(spelled_out("팝업 닫기"), "팝업의 '닫기' 버튼을 누른다");
        assert_eq!(spelled_out("주문 상세 팝업 오픈"), "주문 상세 팝업이 열린다");
        assert_eq!(
            spelled_out("휴대폰번호 010-1234-5678로 수정 후 저장"),
            "휴대폰번호를 010-1234-5678로 수정한 후 저장한다"
        );
        assert_eq!(spelled_out("회원명 클릭하여 상세 팝업 오픈"), "회원명을 클릭하여 상세 팝업이 열린다");
        // A sentence already spelled out, and quoted words, stay.
        assert_eq!(spelled_out("저장 버튼을 클릭한다."), "저장 버튼을 클릭한다.");
        assert_eq!(spelled_out("'검색 후 클릭' 링크를 누른다"), "'검색 후 클릭' 링크를 누른다");
    }
}
