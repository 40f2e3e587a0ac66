//! How a sentence marks a name besides quotes: bold or code ("**저장** 버튼", "press `Save`"),
//! brackets ("[저장] 버튼", "【등록】"), or a field said plainly before its quoted value ("판매
//! 상태를 '판매중'으로 설정한다") — each turned into quotes, which the rest of the grammar reads —
//! and the field a Korean clause names before its quoted value or after it by a quoting ending;
//! a value chosen in a field or drop-down named plainly, and a dialog closed by its kind alone.

/// "**저장** 버튼을 누른다", "press `Save`": names set in bold or code are quoted names.
/// Endings that make the word before them a verb ("로그인한다", "저장하고").
const KO_VERB_ENDINGS: &[&str] =
    &["한다", "하고", "합니다", "하기", "하여", "해서", "해 ", "하세요", "한 뒤", "한 후", "하면"];

pub(super) fn emphasis_as_quotes(sentence: &str) -> String {
    let mut out = sentence.to_string();
    for mark in ["**", "__", "`"] {
        let parts: Vec<&str> = out.split(mark).collect();
        if parts.len() >= 3 && parts.len() % 2 == 1 {
            // A verb set in bold ("**로그인**한다", "**저장**하고") stays a verb, unquoted.
            let verb_at = |k: usize| {
                k % 2 == 1 && parts.get(k + 1).is_some_and(|next| KO_VERB_ENDINGS.iter().any(|e| next.starts_with(e)))
            };
            let mut joined = String::new();
            for (i, part) in parts.iter().enumerate() {
                if i > 0 && !verb_at(if i % 2 == 1 { i } else { i - 1 }) {
                    joined.push('\'');
                }
                joined.push_str(part);
            }
            out = joined;
        }
    }
    bracketed_as_quotes(&out)
}

/// "[저장] 버튼을 클릭한다", "【상세보기】를 누른다", "click [Save]": a name set in brackets, as
/// a screen's label is often written, is quoted. A tag opening the sentence ("[필수] 제목을
/// 입력한다") stays: a role noun or a particle after it says it is a name.
fn bracketed_as_quotes(sentence: &str) -> String {
    let mut out = String::with_capacity(sentence.len());
    let mut rest = sentence;
    while let Some(open) = rest.find(['[', '【', '〔']) {
        let close_char = match rest[open..].chars().next() {
            Some('[') => ']',
            Some('【') => '】',
            _ => '〕',
        };
        let body_start = open + rest[open..].chars().next().map_or(1, char::len_utf8);
        let Some(len) = rest[body_start..].find(close_char) else { break };
        let body = &rest[body_start..body_start + len];
        let after = &rest[body_start + len + close_char.len_utf8()..];
        let at_start = out.is_empty() && rest[..open].trim().is_empty();
        let next_word = after.split_whitespace().next().unwrap_or("");
        let kind = crate::words::korean_role_noun(next_word).map(|(_, hint)| hint);
        let named = !after.starts_with(' ')
            || kind.is_some_and(|h| {
                use crate::RoleHint::*;
                matches!(h, Button | Link | Tab | Menu | Icon | Checkbox | Field)
            })
            || ["button", "link", "tab", "menu", "icon"].contains(&next_word.to_lowercase().as_str());
        let quotable = !body.trim().is_empty()
            && body.chars().count() <= 40
            && !body.contains(['[', ']', '\'', '"'])
            && !after.starts_with('(')
            && (!at_start || named);
        out.push_str(&rest[..open]);
        if quotable {
            out.push('\'');
            out.push_str(body.trim());
            out.push('\'');
        } else if at_start && after.starts_with(' ') && !body.contains(['(', ')']) {
            // A tag before the step ("[필수]", "[P1]"): no words of the step.
            rest = after.trim_start();
            continue;
        } else {
            out.push_str(&rest[open..body_start + len + close_char.len_utf8()]);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// "판매 상태를 '판매중'으로 설정한다", "우선순위를 '높음'으로 바꾼다": a field said plainly before
/// the value quoted for it is quoted too, so the quoted value is never taken for the field.
pub(super) fn field_before_quoted_value(sentence: &str) -> Option<String> {
    let spans = crate::quotes::quoted_spans(sentence);
    let [value] = spans.as_slice() else { return None };
    let after = &sentence[value.end..];
    // "검색어로 '마우스'를 입력하고": the field said as what the value is typed as.
    let before = sentence[..value.start].trim_end();
    if after.starts_with(['을', '를']) {
        let last = before.split_whitespace().last()?;
        let field = last.strip_suffix("으로").or_else(|| last.strip_suffix('로')).filter(|f| f.chars().count() >= 2)?;
        let lead = &before[..before.len() - last.len()];
        return Some(format!("{lead}'{field}'에 {}", &sentence[value.start..]));
    }
    if !(after.starts_with("으로 ") || after.starts_with("로 ")) {
        return None;
    }
    let before = sentence[..value.start].trim_end();
    let head = before.strip_suffix('을').or_else(|| before.strip_suffix('를'))?;
    let words: Vec<&str> = head.split_whitespace().collect();
    // The field's words: those after the place the sentence names first ("상세 화면에서 …").
    let from = words
        .iter()
        .rposition(|w| ["에서", "에서는", "에", "에는", ","].iter().any(|p| w.ends_with(p)))
        .map_or(0, |i| i + 1);
    let field = &words[from..];
    if field.is_empty() || field.len() > 5 || !field.iter().all(|w| specwright_vocabulary::is_hangul(w) || w.is_ascii())
    {
        return None;
    }
    let lead = words[..from].join(" ");
    let lead = if lead.is_empty() { String::new() } else { format!("{lead} ") };
    let particle = &before[head.len()..];
    Some(
        format!("{lead}'{}'{particle} {}{after}", field.join(" "), &sentence[value.start..value.end])
            .replace("  ", " "),
    )
}

/// The field a Korean sentence names in plain words before the quoted value ("새 문서 이름에
/// \"…\"을", "요약 필드에 \"…\"를", "상단의 검색창에 \"…\"를"): the words before "에", without
/// where it sits ("…의") and the noun that only says it is a field.
pub(super) fn field_before(before: &str) -> Option<String> {
    let before = before.trim_end();
    let rest = ["에는", "란에", "칸에", "에"].iter().find_map(|p| before.strip_suffix(p))?;
    let mut words: Vec<&str> = rest.split_whitespace().collect();
    if let Some(i) = words.iter().rposition(|w| w.ends_with('의') || w.ends_with(',')) {
        words.drain(..=i);
    }
    while words.last().is_some_and(|w| ["필드", "칸", "란", "입력란", "입력칸", "항목"].contains(w)) {
        words.pop();
    }
    let quoted = words.iter().any(|w| w.contains(['"', '\'', '“', '‘']));
    (!words.is_empty() && words.len() <= 4 && !quoted).then(|| words.join(" "))
}

/// The value a Korean clause gives after its field by a quoting ending: "에 작성 중 이라고만 넣은
/// 뒤" → "작성 중"; `None` without such an ending.
pub(super) fn quoted_by_ending(after_field: &str) -> Option<String> {
    let rest = after_field.trim_start();
    let rest = ["에는 ", "에 ", "란에 ", "칸에 "].iter().find_map(|p| rest.strip_prefix(p))?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    let endings = ["이라고만", "라고만", "이라고", "라고"];
    let (at, ending) =
        words.iter().enumerate().find_map(|(i, w)| endings.iter().find(|e| w.ends_with(*e)).map(|e| (i, *e)))?;
    let mut value: Vec<&str> = words[..at].to_vec();
    let stem = &words[at][..words[at].len() - ending.len()];
    if !stem.is_empty() {
        value.push(stem);
    }
    let value = value.join(" ");
    (!value.is_empty() && value.split_whitespace().count() <= 8).then_some(value)
}

/// "카테고리에서 '주방'을 선택한다": a value chosen in a field named plainly before it — a place
/// that holds commands or records ("메뉴에서", "목록에서", "사이드바에서") is pressed in instead.
pub(super) fn chosen_in_a_field(
    clause: &str,
    span: &crate::quotes::Quoted,
    verb: crate::Verb,
    korean: bool,
) -> Option<crate::Intent> {
    const PLACES: &[&str] = &[
        "메뉴",
        "목록",
        "리스트",
        "화면",
        "페이지",
        "사이드바",
        "탭",
        "팝업",
        "창",
        "대화상자",
        "모달",
        "섹션",
        "영역",
        "패널",
        "표",
        "테이블",
        "카드",
        "툴바",
        "헤더",
        "상단",
        "하단",
        "결과",
        "트리",
        "폴더",
    ];
    let chooses = ["선택", "고른", "고르", "지정"].iter().any(|v| clause[span.end..].contains(v));
    if verb != crate::Verb::Click || !korean || !chooses {
        return None;
    }
    let field = clause[..span.start].trim_end().rsplit(' ').next()?.strip_suffix("에서")?;
    let after = clause[span.end..].trim_start();
    let object = after.starts_with('을') || after.starts_with('를');
    let field = field.trim_matches(['\'', '"']);
    let place = PLACES.iter().any(|p| field.ends_with(p));
    (object && !place && field.chars().count() >= 2 && crate::is_hangul(field)).then(|| crate::Intent {
        verb: crate::Verb::Select,
        target: Some(field.to_string()),
        value: Some(span.text.clone()),
        hint: Some(crate::RoleHint::Field),
        scope: None,
    })
}

/// "팝업을 닫는다", "Close the dialog": the open dialog closed by its close button, as the terse
/// "팝업 닫기" reads — a dialog named by its kind alone, nothing else said.
pub(super) fn window_closed(sentence: &str, korean: bool) -> Option<crate::Intent> {
    let said = sentence.trim().trim_end_matches(['.', '。']).trim().to_lowercase();
    let closed = if korean {
        const WINDOWS: &[&str] = &["팝업", "팝업창", "창", "레이어", "모달", "대화상자", "다이얼로그"];
        let (window, verb) = said.split_once(' ')?;
        let window = window.strip_suffix('을').or_else(|| window.strip_suffix('를'))?;
        WINDOWS.contains(&window) && ["닫는다", "닫고", "닫은", "닫아", "닫습니다"].contains(&verb)
    } else {
        let rest = said.strip_prefix("close the ")?;
        let rest = rest.strip_prefix("open ").unwrap_or(rest);
        ["dialog", "popup", "pop-up", "modal", "window", "dialog box"].contains(&rest)
    };
    let name = if korean { "닫기" } else { "Close" };
    closed.then(|| crate::Intent {
        scope: Some(crate::Scope::Dialog(None)),
        ..crate::Intent::new(crate::Verb::Click, Some(name.into()), Some(crate::RoleHint::Button))
    })
}

/// "우선순위 드롭다운에서 '높음'을 선택한다", "상태 선택 상자에서 완료를 고른다": a value chosen in
/// the field a drop-down is named by, said as "'우선순위'에서 '높음'을 선택한다" (read as it was,
/// the value was pressed wherever its words stood on the page).
pub(super) fn chosen_in_a_dropdown(sentence: &str) -> Option<String> {
    const KINDS: &[&str] =
        &["드롭다운", "드롭다운 목록", "드롭박스", "콤보박스", "선택 상자", "셀렉트 박스", "셀렉트박스"];
    let (before, after) = sentence.split_once("에서 ")?;
    let field = KINDS.iter().filter_map(|k| before.strip_suffix(k)).map(str::trim).find(|f| !f.is_empty())?;
    let field = field.trim_matches(['\'', '"']);
    let (object, verb) = after.trim_end_matches('.').rsplit_once(' ')?;
    if !["선택", "고른", "고르", "지정"].iter().any(|v| verb.starts_with(v)) {
        return None;
    }
    let value = ["을", "를"].iter().find_map(|p| object.strip_suffix(p))?.trim().trim_matches(['\'', '"']);
    let words = field.split_whitespace().count();
    (!value.is_empty() && (1..=3).contains(&words)).then(|| format!("'{field}'에서 '{value}'를 선택한다"))
}
