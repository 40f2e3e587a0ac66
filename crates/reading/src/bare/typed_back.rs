//! What the scenario typed, said shown back in Korean ("입력한 제목과 내용이 그대로 보인다",
//! "방금 작성한 댓글이 보인다"): each thing named by what was typed into it, quoted with that
//! told-by word, so the run checks the value typed there. Read word by word, the told-by word
//! ("입력한") was taken for a heading's name and "그대로" for the text shown.

use crate::Verb;

/// Words that tell a thing by what the scenario did to it ("입력한 제목": the title typed).
/// ("새" is left out: "새 예약 창" is a dialog's name, not the booking typed.)
const TOLD: &[&str] = &["입력한", "작성한", "등록한", "변경한", "바꾼", "수정한"];
/// Words of how it is shown, not what: dropped before the verb.
const MANNER: &[&str] = &["그대로", "정상적으로", "제대로", "올바르게", "정확히", "잘"];

/// `words[v]` is the sentence's verb. "상세 화면에 입력한 제목과 내용이 그대로 보인다" →
/// "상세 화면에 '입력한 제목', '입력한 내용'이 보인다".
pub(super) fn shown_back(words: &[&str], v: usize, verb: Verb) -> Option<String> {
    if verb != Verb::ExpectVisible {
        return None;
    }
    let m = words[..v].iter().position(|w| TOLD.contains(w))?;
    // "방금 입력한": the word before that says when stays with it.
    let told_from = if m > 0 && words[m - 1] == "방금" { m - 1 } else { m };
    let told = words[told_from..=m].join(" ");
    let mut named: Vec<&str> = words[m + 1..v].iter().copied().filter(|w| !MANNER.contains(w)).collect();
    // The last named word carries the subject's particle.
    let last = named.pop()?;
    let (stem, particle) = ["이", "가", "은", "는"].iter().find_map(|p| last.strip_suffix(p).map(|s| (s, *p)))?;
    named.push(stem);
    // "제목과 내용", "제목, 내용": each thing on its own, told the same way.
    let items = crate::data::field_list(&named.join(" "));
    // "입력한 예약 창": a control's kind ends the name — no value typed is shown as a control.
    let control = |i: &String| {
        let last = i.rsplit(' ').next().unwrap_or(i);
        crate::words::ROLE_NOUNS.iter().any(|(n, _)| *n == last) && i.contains(' ')
    };
    if items.is_empty() || items.iter().any(|i| i.is_empty() || i.split_whitespace().count() > 3 || control(i)) {
        return None;
    }
    let quoted: Vec<String> = items.iter().map(|i| format!("'{told} {i}'")).collect();
    let place = words[..told_from].join(" ");
    let rest = words[v..].join(" ");
    Some(format!("{place} {}{particle} {rest}", quoted.join(", ")).trim().to_string())
}

/// "Password 입력란이 그대로 보인다", "제목이 정상적으로 표시된다": how it is shown is no part of
/// what is shown — the words without the manner said right before a verb of being seen ("그대로
/// 둔다", leaving a field alone, keeps its word).
pub(super) fn without_manner<'a>(words: &[&'a str]) -> Option<Vec<&'a str>> {
    const SEEN: &[&str] = &["보인", "보이", "표시", "나타", "남아", "있", "유지", "노출"];
    let at = words.iter().enumerate().position(|(i, w)| {
        MANNER.contains(w) && words.get(i + 1).is_some_and(|next| SEEN.iter().any(|s| next.starts_with(s)))
    })?;
    let mut out = words.to_vec();
    out.remove(at);
    Some(out)
}
