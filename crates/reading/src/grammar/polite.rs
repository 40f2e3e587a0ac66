//! Requests and obligations said politely, as e-mails and messages put them ("저장해 주세요",
//! "눌러 주십시오", "안내가 떠야 합니다", "남아 있어야 정상입니다", "보이는지 봐 주세요"): the
//! plain statement the grammar reads ("저장한다", "누른다", "안내가 뜬다", "남아 있다", "보인다"),
//! without the words that only tie a letter's sentences together ("여기서", "그다음"). Quoted
//! text is never touched: "'이름을 입력해 주세요'" is what a page says.

use crate::quotes::quoted_spans;

/// "-아/어" forms before "주세요" and the plain present of the same verb.
const REQUESTED: &[(&str, &str)] = &[
    ("눌러", "누른다"),
    ("넣어", "넣는다"),
    ("봐", "본다"),
    ("골라", "고른다"),
    ("바꿔", "바꾼다"),
    ("적어", "적는다"),
    ("써", "쓴다"),
    ("닫아", "닫는다"),
    ("열어", "연다"),
    ("채워", "채운다"),
    ("지워", "지운다"),
    ("올려", "올린다"),
    ("켜", "켠다"),
    ("꺼", "끈다"),
    ("남겨", "남긴다"),
    ("비워", "비운다"),
    ("해", "한다"),
];
/// Endings of a request, after the "-아/어" form ("저장해 주세요" = "저장해" + " 주세요").
const REQUEST_ENDINGS: &[&str] = &[
    " 주시면 됩니다",
    " 주시기 바랍니다",
    " 주십시오",
    " 주세요",
    "주시면 됩니다",
    "주시기 바랍니다",
    "주십시오",
    "주세요",
];
/// Obligations ("…어야 합니다") and their plain statement.
const OBLIGED: &[(&str, &str)] = &[
    ("있어야 정상입니다", "있다"),
    ("있어야 합니다", "있다"),
    ("있어야 한다", "있다"),
    ("되어야 합니다", "된다"),
    ("되어야 한다", "된다"),
    ("돼야 합니다", "된다"),
    ("돼야 한다", "된다"),
    ("나와야 합니다", "나온다"),
    ("나와야 한다", "나온다"),
    ("떠야 합니다", "뜬다"),
    ("떠야 한다", "뜬다"),
    ("보여야 합니다", "보인다"),
    ("보여야 한다", "보인다"),
    ("해야 합니다", "한다"),
    ("되어야 정상입니다", "된다"),
    ("나와야 정상입니다", "나온다"),
    ("떠야 정상입니다", "뜬다"),
];
/// Polite imperatives and their plain present ("저장하세요" → "저장한다").
const IMPERATIVES: &[(&str, &str)] = &[
    ("하십시오", "한다"),
    ("하세요", "한다"),
    ("누르십시오", "누른다"),
    ("누르세요", "누른다"),
    ("넣으세요", "넣는다"),
    ("보세요", "본다"),
    ("고르세요", "고른다"),
];

/// Indirect questions a check is asked in ("보이는지, … 늘었는지도 같이 봐 주세요") and the
/// statement each makes.
const ASKED: &[(&str, &str)] = &[
    ("보이는지", "보인다"),
    ("표시되는지", "표시된다"),
    ("나오는지", "나온다"),
    ("나타나는지", "나타난다"),
    ("있는지", "있다"),
    ("없는지", "없다"),
    ("되는지", "된다"),
    ("바뀌는지", "바뀐다"),
    ("뜨는지", "뜬다"),
    ("열리는지", "열린다"),
    ("닫히는지", "닫힌다"),
    ("사라지는지", "사라진다"),
    ("었는지", "었다"),
    ("았는지", "았다"),
    ("였는지", "였다"),
    ("됐는지", "됐다"),
];
/// What asks a person to look at those questions: dropped once each is a statement.
const LOOK_ENDINGS: &[&str] = &["같이 본다", "함께 본다", "같이 확인한다", "함께 확인한다", "본다", "확인한다"];
/// Words that tie a letter's sentences together and say nothing of the step.
const TIES: &[&str] = &[
    "여기서 ",
    "그다음 ",
    "그다음에 ",
    "그 다음 ",
    "그 다음에 ",
    "이때는 ",
    "이때 ",
    "그리고 ",
    "다음으로 ",
    "마지막으로 ",
    "같은 창에서 ",
    "After that, ",
    "After that ",
    "Afterwards, ",
    "Afterwards ",
];
/// A result said as the moment after it, before the next check ("등록되고 나면 목록에 …"):
/// the first word's ending and what follows it. Passive only, so no action is lost with it.
const AFTER_DONE: &[(&str, &str)] =
    &[("되고", "나면 "), ("된", "뒤에는 "), ("된", "뒤에 "), ("된", "후에는 "), ("된", "후에 "), ("되면", "")];

/// The sentence with its polite requests and obligations said plainly, outside quotes.
pub(crate) fn plain(sentence: &str) -> String {
    let spans = quoted_spans(sentence);
    let mut out = String::with_capacity(sentence.len());
    let mut last = 0;
    for span in &spans {
        out.push_str(&plain_words(&sentence[last..span.start]));
        out.push_str(&sentence[span.start..span.end]);
        last = span.end;
    }
    out.push_str(&declarative_present(&plain_words(&sentence[last..])));
    held_as_shown(&out)
}

/// "목록에 기존 질문 2건('A', 'B')이 있다", "화면에 '저장' 버튼이 있다": what a place holds is
/// shown there ("사용자에게 권한이 있다", "쓸 수 있다" say no place).
fn held_as_shown(text: &str) -> String {
    let body = text.trim_end().trim_end_matches(['.', '!', '。']);
    let Some(before) = body.strip_suffix(" 있다") else { return text.to_string() };
    // "목록에 새 질문이 추가되어 있다": added, so there.
    let before = ["추가되어", "등록되어", "생성되어", "저장되어", "표시되어"]
        .iter()
        .find_map(|state| before.strip_suffix(state))
        .map(str::trim_end)
        .unwrap_or(before);
    // "목록에 'B'가 그대로 있다", "여전히 있다": still there is there.
    let before = ["그대로", "여전히", "아직", "계속"]
        .iter()
        .find_map(|still| before.strip_suffix(still))
        .map(str::trim_end)
        .unwrap_or(before);
    let mut words = before.split_whitespace().rev();
    let subject = words.next().unwrap_or_default();
    let said = (subject.ends_with('가') || subject.ends_with('이')) && subject.chars().count() >= 2;
    let placed = words.any(|w| (w.ends_with('에') || w.ends_with("에서")) && w.chars().count() >= 2);
    if said && placed {
        format!("{before} 보인다{}", &text[body.len()..])
    } else {
        text.to_string()
    }
}

/// The polite present a guide or a procedure is written in ("…을 누릅니다", "…이 보입니다",
/// "…에 입력합니다", "…으로 갑니다"), said plainly ("누른다", "보인다", "입력한다", "간다"). Only
/// the sentence's last word, its predicate: a message quoted without quotes mid-sentence
/// ("저장되었습니다 안내가 보인다") stays as the page says it.
fn declarative_present(text: &str) -> String {
    let body = text.trim_end();
    let stop_len = body.len() - body.trim_end_matches(['.', '!', '。']).len();
    let (body, stop) = body.split_at(body.len() - stop_len);
    let start = body.rfind(char::is_whitespace).map_or(0, |i| i + 1);
    let word = &body[start..];
    let Some(plain) = plain_present(word) else { return text.to_string() };
    format!("{}{plain}{stop}{}", &body[..start], &text[body.len() + stop.len()..])
}

/// "누릅니다" → "누른다", "적습니다" → "적는다", "저장했습니다" → "저장했다", "끝입니다" → "끝이다".
fn plain_present(word: &str) -> Option<String> {
    const JONG_B: u32 = 17; // ㅂ
    const JONG_N: u32 = 4; // ㄴ
    const JONG_SS: u32 = 20; // ㅆ
    let jong = specwright_vocabulary::final_consonant;
    if let Some(stem) = word.strip_suffix("습니다") {
        let last = stem.chars().last()?;
        // The past ("했습니다", "되었습니다") and 있다 keep their ㅆ: "…다".
        if jong(last) == Some(JONG_SS) {
            return Some(format!("{stem}다"));
        }
        if stem.ends_with('없') {
            return Some(format!("{stem}다"));
        }
        return (jong(last).is_some_and(|j| j != 0)).then(|| format!("{stem}는다"));
    }
    let stem = word.strip_suffix("니다")?;
    let last = stem.chars().last()?;
    if jong(last) != Some(JONG_B) {
        return None;
    }
    let head = &stem[..stem.len() - last.len_utf8()];
    // The copula ("끝입니다", "완료입니다"), except the verb 보이다 ("보입니다").
    if last == '입' && !head.ends_with('보') {
        return Some(format!("{head}이다"));
    }
    let with_n = char::from_u32(last as u32 - JONG_B + JONG_N)?;
    Some(format!("{head}{with_n}다"))
}

fn plain_words(text: &str) -> String {
    let mut text = text.to_string();
    for ending in REQUEST_ENDINGS {
        while let Some(at) = text.find(ending) {
            let before = &text[..at];
            let word_start = before.rfind(char::is_whitespace).map_or(0, |i| i + 1);
            let word = &before[word_start..];
            let plain = REQUESTED.iter().find_map(|(form, plain)| {
                let stem = word.strip_suffix(form)?;
                Some(format!("{stem}{plain}"))
            });
            let Some(plain) = plain else { break };
            text = format!("{}{plain}{}", &text[..word_start], &text[at + ending.len()..]);
        }
    }
    for (obliged, plain) in OBLIGED.iter().chain(IMPERATIVES) {
        text = replaced_unless_quoted_speech(&text, obliged, plain);
    }
    // "목록 맨 아래에": the bottom of the page or list, said as its side. ("맨 위에 표시된다"
    // says which entry comes first, which the order's own check reads.)
    for (said, side) in [("맨 아래", "하단"), ("가장 아래", "하단"), ("맨 밑", "하단")] {
        text = text.replace(said, side);
    }
    // "로그인 후 마이페이지로 들어간다": logging in, said as a noun before 후/뒤, is done first.
    for (said, done) in [("로그인 후 ", "로그인한 후 "), ("로그인 뒤 ", "로그인한 뒤 "), ("로그인 후,", "로그인한 후,")]
    {
        text = text.replace(said, done);
    }
    statements_of_questions(&without_ties(&english_present(&text)))
}

/// `from` replaced by `to`, but where the words are what a message says, unquoted
/// ("설명을 입력하세요라는 메시지"): those are the page's words, kept as written.
fn replaced_unless_quoted_speech(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(from) {
        let after = &rest[at + from.len()..];
        let said = ["라는", "라고", "란 "].iter().any(|m| after.starts_with(m));
        out.push_str(&rest[..at]);
        out.push_str(if said { from } else { to });
        rest = after;
    }
    out.push_str(rest);
    out
}

/// English modals before a verb of showing said in the present, as the checks read them
/// ("the news list should show" → "the news list shows", "must be displayed" → "is displayed").
fn english_present(text: &str) -> String {
    let mut text = text.to_string();
    // "The total should now read $25.00": the adverb between the modal and its verb says nothing
    // the check needs.
    for modal in ["should", "must", "will"] {
        for adverb in ["now", "also", "still", "then"] {
            text = text.replace(&format!(" {modal} {adverb} "), &format!(" {modal} "));
        }
    }
    for modal in ["should", "must", "will", "shall"] {
        for (verb, said) in [
            ("show", "shows"),
            ("display", "displays"),
            ("read", "reads"),
            ("say", "says"),
            ("contain", "contains"),
            ("list", "lists"),
            ("be shown", "is shown"),
            ("be displayed", "is displayed"),
            ("be listed", "is listed"),
            ("be visible", "is visible"),
            // "it should come back saying the issue was closed": what the app answers with.
            ("come back saying", "says"),
            ("come back with", "says"),
            ("respond with", "says"),
            ("reply with", "says"),
            ("be", "is"),
        ] {
            for end in [" ", ".", ""] {
                let from = format!(" {modal} {verb}{end}");
                // Every clause's: "the status should be resolved, and the ticket should be gone".
                while let Some(at) = text.to_ascii_lowercase().find(&from) {
                    // Only a whole word at the end of the text, or before a space or a stop.
                    if end.is_empty() && at + from.len() != text.len() {
                        break;
                    }
                    text = format!("{} {said}{end}{}", &text[..at], &text[at + from.len()..]);
                }
            }
        }
    }
    text
}

/// The sentence without the words that open it only to tie it to the one before, at its start
/// or a clause's ("…, 그다음 …"), nor a result told as the moment before its check.
fn without_ties(text: &str) -> String {
    let mut out = text.to_string();
    for tie in TIES {
        out = out.replace(&format!(", {tie}"), ", ");
    }
    loop {
        let lead = out.len() - out.trim_start().len();
        let rest = &out[lead..];
        let tie = TIES.iter().find(|t| rest.starts_with(**t)).map(|t| t.len());
        let moment = || {
            let (first, after) = rest.split_once(' ')?;
            AFTER_DONE
                .iter()
                .find(|(ending, next)| first.ends_with(ending) && first.len() > ending.len() && after.starts_with(next))
                .map(|(_, next)| first.len() + 1 + next.len())
        };
        match tie.or_else(moment) {
            Some(cut) => out.replace_range(lead..lead + cut, ""),
            None => return out,
        }
    }
}

/// "A가 보이는지, B가 늘었는지도 같이 본다" → "A가 보인다. B가 늘었다.": each question a check.
fn statements_of_questions(text: &str) -> String {
    let trimmed = text.trim_end().trim_end_matches(['.', '。']);
    let Some(ending) = LOOK_ENDINGS.iter().find(|e| trimmed.ends_with(*e)) else { return text.to_string() };
    let body = trimmed[..trimmed.len() - ending.len()].trim_end();
    let mut asked = 0;
    let mut out: Vec<String> = Vec::new();
    for word in body.split(' ') {
        let (bare, comma) = match word.strip_suffix(',') {
            Some(bare) => (bare, true),
            None => (word, false),
        };
        let bare = bare.strip_suffix('도').filter(|b| b.ends_with('지')).unwrap_or(bare);
        match ASKED.iter().find_map(|(q, s)| bare.strip_suffix(q).map(|stem| format!("{stem}{s}"))) {
            Some(statement) => {
                asked += 1;
                out.push(format!("{statement}."));
            }
            None => out.push(if comma { format!("{bare},") } else { word.to_string() }),
        }
    }
    // One question alone ("…이 있는지 확인한다") the grammar reads as it is.
    if asked < 1 {
        return text.to_string();
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn polite_requests_are_read_as_plain_steps() {
        assert_eq!(plain("저장해 주세요."), "저장한다.");
        assert_eq!(plain("'추가' 버튼을 눌러 주십시오"), "'추가' 버튼을 누른다");
        assert_eq!(plain("이름을 넣어주세요"), "이름을 넣는다");
        assert_eq!(plain("결과를 확인하세요"), "결과를 확인한다");
        assert_eq!(plain("안내가 뜨고 창이 그대로 남아 있어야 정상입니다."), "안내가 뜨고 창이 그대로 남아 있다.");
        assert_eq!(plain("메시지가 나와야 합니다"), "메시지가 나온다");
        // What a page says, quoted, stays as it is said.
        assert_eq!(plain("'이름을 입력해 주세요' 문구가 표시되어야 합니다"), "'이름을 입력해 주세요' 문구가 표시된다");
        // A word that is no request is left alone.
        assert_eq!(plain("주세요 버튼을 누른다"), "주세요 버튼을 누른다");
    }

    #[test]
    fn a_guides_polite_present_is_read_as_the_plain_one() {
        // A wiki's help page, a CMS guide, a booking manual.
        assert_eq!(
            plain("문서 위쪽의 \"더 보기\" 메뉴에서 \"이동\"을 누릅니다."),
            "문서 위쪽의 \"더 보기\" 메뉴에서 \"이동\"을 누른다."
        );
        assert_eq!(plain("옮길 문서 \"회의록\"으로 갑니다."), "옮길 문서 \"회의록\"으로 간다.");
        assert_eq!(plain("이유 칸에 \"제목 변경\"이라고 적습니다."), "이유 칸에 \"제목 변경\"이라고 적는다.");
        assert_eq!(plain("요약 필드에 소개 문구를 입력합니다"), "요약 필드에 소개 문구를 입력한다");
        assert_eq!(plain("새 예약 창이 열립니다."), "새 예약 창이 열린다.");
        assert_eq!(plain("안내가 보입니다."), "안내가 보인다.");
        assert_eq!(plain("목록에 예약이 추가되었습니다."), "목록에 예약이 추가되었다.");
        assert_eq!(plain("알림이 뜨면 끝입니다."), "알림이 뜨면 끝이다.");
        assert_eq!(plain("목록에 남아 있습니다"), "목록에 남아 있다");
        // Still there, in a CMS's list, a wiki's category, a booking list: shown there.
        assert_eq!(plain("목록에 \"B\"가 그대로 있다."), "목록에 \"B\"가 보인다.");
        assert_eq!(plain("분류 상자에 일정이 여전히 있습니다"), "분류 상자에 일정이 보인다");
        assert_eq!(plain("예약 목록에 채용 면접이 아직 있다"), "예약 목록에 채용 면접이 보인다");
        // Mid-sentence, a page's words unquoted stay as they are.
        assert_eq!(plain("저장되었습니다 안내가 보입니다"), "저장되었습니다 안내가 보인다");
    }

    #[test]
    fn a_letters_ties_and_questions_become_plain_checks() {
        assert_eq!(plain("그다음 '확인' 버튼을 눌러 주세요."), "'확인' 버튼을 누른다.");
        assert_eq!(plain("저장되고 나면 목록에 김철수가 보인다"), "목록에 김철수가 보인다");
        assert_eq!(
            plain("주문 상태가 배송 중으로 바뀌었는지, 알림 건수가 3건으로 늘었는지도 함께 확인해 주세요."),
            "주문 상태가 배송 중으로 바뀌었다. 알림 건수가 3건으로 늘었다."
        );
        // An action said before "나면" is kept: only a result told as the moment after it goes.
        assert_eq!(plain("저장하고 나면 목록이 보인다"), "저장하고 나면 목록이 보인다");
        // A look at something named is no question: left as it is.
        assert_eq!(plain("목록을 확인한다"), "목록을 확인한다");
    }
}
