//! Targets written without quotes ("로그인 버튼을 클릭한다", "Click the Sign in button"): the
//! sentence is rewritten with the target (and value) quoted, by where the Korean particles and
//! the role nouns put them, so the rest of the grammar reads it as if it had been quoted.
//! Checks with nothing but "확인한다" stay a look: "목록을 확인한다" names no element.

use crate::quotes::quote;
use crate::words::{KO_VERBS, ROLE_NOUNS};
use crate::Verb;
use english::english_sentence;
pub(crate) use english::{creation, submitted_with};
use specwright_vocabulary::all_hangul as is_hangul_noun;

mod english;
mod typed_back;

/// Particles, longest first, that end a Korean argument.
const PARTICLES: &[&str] =
    &["에서", "으로", "에게", "만을", "을", "를", "이", "가", "은", "는", "에", "로", "의", "만"];
/// Particles that end the argument before a role noun: what comes before them is not the name.
const BOUNDARY: &[&str] = &["의", "에", "에서", "을", "를", "으로"];
/// Korean adverbs between the arguments and the verb ("다시", "먼저"): part of no argument.
pub(crate) const KO_ADVERBS: &[&str] = &[
    "서로",
    "다시",
    "먼저",
    "한번",
    "한",
    "번",
    "바로",
    "직접",
    "모두",
    "각각",
    "차례로",
    "이어서",
    "그리고",
    "또",
    "추가로",
    "정확히",
    "올바르게",
    "새로",
    "계속",
];

/// A Korean word without the particle that ends it ("할당됨으로" → 할당됨), and the particle.
pub fn strip_particle(word: &str) -> (&str, Option<&'static str>) {
    for p in PARTICLES {
        if let Some(stem) = word.strip_suffix(p) {
            // "회의", "동의", "주의": a one-syllable stem before 의 is a word of its own.
            if !stem.is_empty() && (*p != "의" || stem.chars().count() > 1) {
                return (stem, Some(p));
            }
        }
    }
    (word, None)
}

/// The sentence with its unquoted target (and value) quoted, or `None` when it already has
/// quotes or no target can be told apart.
pub(crate) fn quote_bare(sentence: &str, korean: bool) -> Option<String> {
    if crate::quotes::has_quotes(sentence) {
        return None;
    }
    if korean {
        korean_sentence(sentence)
    } else {
        english_sentence(sentence)
    }
}

/// Nouns that name a kind of value ("임시 비밀번호 1234", "인증 코드 7788"): words before a value
/// that only describe it. Other words before it are part of it ("회의록 2024-06-10").
const VALUE_KINDS: &[&str] = &[
    "비밀번호",
    "번호",
    "코드",
    "값",
    "이메일",
    "아이디",
    "날짜",
    "금액",
    "수량",
    "전화번호",
    "주소",
    "시간",
    "인원",
    "가격",
    "숫자",
    "문자",
    "문자열",
    "메일",
];

fn names_value_kind(word: &str) -> bool {
    VALUE_KINDS.iter().any(|k| word.ends_with(k))
}

/// Words that end a clause saying where the element is ("목록에 있는 제품 출시 일정 링크"): the
/// name starts after them.
const WHERE_ENDS: &[&str] = &["있는", "위치한", "놓인", "보이는", "나오는", "표시된", "달린"];

/// Modifiers that end like a topic particle (같은, 다른) but describe the noun after them.
const KO_MODIFIERS: &[&str] = &[
    "같은",
    "다른",
    "새로운",
    "올바른",
    "잘못된",
    "틀린",
    "동일한",
    "유효한",
    "짧은",
    "긴",
    "빈",
    "임의의",
    "찾는",
    "쓰는",
    "보는",
    "여는",
    "받는",
];

/// Kinds of record named by their title: a wiki's document, a board's post.
const TITLED_KINDS: &[&str] = &["문서", "게시글", "게시물"];

/// A phrase quoted as the name it is, with its particle: "휴가 규정 문서가 보인다", "공지 안내
/// 게시글을 누른다" — a document or a post named by its title, the kind word outside the name.
fn named(phrase: &[&str], particle: &str) -> String {
    match phrase.split_last() {
        Some((kind, title)) if TITLED_KINDS.contains(kind) && !title.iter().all(|w| says_which(w)) => {
            format!("{} {kind}{particle}", quote(&title.join(" ")))
        }
        _ => format!("{}{particle}", quote(&phrase.join(" "))),
    }
}

/// "새", "방금 작성한", "해당": words saying which one, not a title ("새 게시글" is the post just
/// written, a record the engine knows by what was typed).
fn says_which(word: &str) -> bool {
    ["새", "새로운", "해당", "그", "이", "방금", "위", "아래"].contains(&word) || word.ends_with('한')
}

/// Places that are no element: "상단에", "화면에서", "목록에".
const PLACES: &[&str] = &[
    "상단",
    "하단",
    "위쪽",
    "아래쪽",
    "화면",
    "페이지",
    "오른쪽",
    "왼쪽",
    "좌측",
    "우측",
    "위",
    "아래",
    "가운데",
    "검색 결과",
    "결과",
];

fn korean_sentence(sentence: &str) -> Option<String> {
    // "2024-06-10 을 입력": a particle written apart belongs to the word before it.
    let mut merged: Vec<String> = Vec::new();
    for word in sentence.split_whitespace() {
        match merged.last_mut() {
            Some(last) if PARTICLES.contains(&word) => last.push_str(word),
            _ => merged.push(word.to_string()),
        }
    }
    // "홍길동을 찾아 클릭한다": finding it is part of pressing it.
    if let Some(at) = merged.iter().position(|w| ["찾아", "찾아서", "찾은 뒤", "찾고"].contains(&w.as_str()))
    {
        if at > 0 && at + 1 < merged.len() {
            merged.remove(at);
        }
    }
    let sentence = merged.join(" ");
    let words: Vec<&str> = sentence.split_whitespace().collect();
    let words = typed_back::without_manner(&words).unwrap_or(words);
    if let Some(out) = becomes(&words).or_else(|| pointer_over(&words)) {
        return Some(out);
    }
    let (v, verb) = sentence_verb(&words)?;
    if let Some(out) = typed_back::shown_back(&words, v, verb) {
        return Some(out);
    }
    if let Some(out) = listed_with_values(&words, v, verb) {
        return Some(out);
    }
    if let Some(out) = sentence_shown(&words, v, verb) {
        return Some(out);
    }
    // "건수가 전체 6건으로 표시된다", "상태가 완료로 바뀐다": the text it shows, before (으)로.
    if is_expectation(verb) && verb == Verb::ExpectVisible {
        if let Some(out) = shown_as(&words, v) {
            return Some(out);
        }
    }
    if verb == Verb::Navigate {
        return korean_navigation(&words, v);
    }
    // "확인한다" alone names nothing to find.
    if words[v].contains("확인") {
        return value_it_is(&words, v);
    }
    if let Some(out) = shown_then_listed(&words, v, verb) {
        return Some(out);
    }
    let noun = role_noun_at(&words, v, verb);
    // "목록에 공지 안내 게시글이 표시된다": a name holding a role noun ("안내") is still placed by
    // the list before it.
    let list = words[..v].iter().position(|w| LIST_PLACES.contains(w)).filter(|_| is_expectation(verb));
    if let Some(out) = placed_in_list(&words, noun.or(list), v, verb) {
        return Some(out);
    }
    let mut out = match noun {
        Some(n) if n > 0 => named_by_role_noun(&words, n, v, verb)?,
        _ => named_by_particles(&words, v, verb)?,
    };
    out.extend(words[v..].iter().map(|w| w.to_string()));
    Some(out.join(" "))
}

/// "프로젝트 이름 위에 마우스를 올린다", "프로필 아이콘에 커서를 가져간다": what the pointer is
/// put on is hovered; the words before the pointer, without the particle that places it.
fn pointer_over(words: &[&str]) -> Option<String> {
    let m = words.iter().position(|w| ["마우스를", "커서를", "포인터를", "마우스", "커서"].contains(w))?;
    let moved = words.get(m + 1).is_some_and(|w| w.starts_with('올') || w.starts_with("가져"));
    if m == 0 || !moved {
        return None;
    }
    let mut target: Vec<&str> = words[..m].to_vec();
    if target.last().is_some_and(|w| ["위에", "위로", "쪽에"].contains(w)) {
        target.pop();
    }
    let last = target.pop()?;
    let last = last.strip_suffix("위에").or_else(|| last.strip_suffix('에')).unwrap_or(last);
    target.push(last);
    // "프로필 아이콘": the kind of element is no part of its name.
    let kind = match target.as_slice() {
        [.., _, kind] if ROLE_NOUNS.iter().any(|(n, _)| n == kind) => target.pop().map(|k| format!(" {k}")),
        _ => None,
    };
    let target = target.join(" ");
    let kind = kind.unwrap_or_default();
    // (The pointer "brought" there is put there: one verb for the grammar.)
    let moved = match words[m + 1] {
        w if w.starts_with("가져") && w.ends_with('고') => "올리고".to_string(),
        w if w.starts_with("가져") => "올린다".to_string(),
        w => w.to_string(),
    };
    let rest = words[m + 2..].join(" ");
    (!target.trim().is_empty()).then(|| format!("'{target}'{kind}에 마우스를 {moved} {rest}").trim_end().to_string())
}

/// The sentence's verb and where it is: the last word holding a verb stem, a press before a
/// move ("눌러 연다"), the check a "…지 확인한다" wraps.
fn sentence_verb(words: &[&str]) -> Option<(usize, Verb)> {
    // The verb: the last word holding a verb stem.
    let (v, verb) = words.iter().enumerate().rev().find_map(|(i, w)| {
        KO_VERBS
            .iter()
            .filter(|(stem, _)| w.contains(stem))
            .max_by_key(|(stem, _)| stem.len())
            .map(|(_, verb)| (i, *verb))
    })?;
    if v == 0 || matches!(verb, Verb::Back | Verb::Reload | Verb::Drag) {
        return None;
    }
    // "휴가 규정을 눌러 연다": what opens it is the press.
    let presses = ["눌러", "눌러서", "클릭해", "클릭해서", "클릭하여", "선택해", "선택하여"];
    let (v, verb) = if verb == Verb::Navigate && v >= 2 && presses.contains(&words[v - 1]) {
        (v - 1, Verb::Click)
    } else {
        (v, verb)
    };
    // "…가 표시되는지 확인한다": the check is the verb 확인 wraps.
    let (v, verb) = match words[v].contains("확인") && v > 1 && words[v - 1].ends_with('지') {
        true => match KO_VERBS.iter().filter(|(stem, _)| words[v - 1].contains(stem)).max_by_key(|(s, _)| s.len()) {
            Some((_, inner)) if is_expectation(*inner) => (v - 1, *inner),
            _ => (v, verb),
        },
        false => (v, verb),
    };
    Some((v, verb))
}

/// "문서 본문에 … 문장이 보인다": the words of a sentence shown, after the place they are in.
fn sentence_shown(words: &[&str], v: usize, verb: Verb) -> Option<String> {
    // "문서 본문에 7월 1일부터 휴가는 … 신청합니다 문장이 보인다": the words of the sentence shown,
    // all of them, after the place they are shown in.
    if is_expectation(verb) && v >= 2 && ["문장이", "문구가", "글이", "글귀가", "내용이"].contains(&words[v - 1])
    {
        // The place comes first ("문서 본문에"); a word of the sentence may end like one too.
        let from =
            words[..(v - 1).min(3)].iter().position(|w| w.ends_with('에') || w.ends_with("에서")).map_or(0, |i| i + 1);
        if from + 1 < v {
            let mut out: Vec<String> = words[..from].iter().map(|w| w.to_string()).collect();
            out.push(format!("{}이", quote(&words[from..v - 1].join(" "))));
            out.extend(words[v..].iter().map(|w| w.to_string()));
            return Some(out.join(" "));
        }
    }
    None
}

/// Where the role noun nearest the verb is, when one names the element acted on.
fn role_noun_at(words: &[&str], v: usize, verb: Verb) -> Option<usize> {
    // The role noun nearest the verb ("대화상자의 취소 버튼을": 버튼, not 대화상자).
    // What is typed names no element: "요약에 신청 방법 변경 안내를 입력한다" types a notice's
    // words, it does not look for a notice; only a field's noun ("칸", "입력란") is one there.
    let typed = matches!(verb, Verb::Fill | Verb::Upload);
    // What is switched on or off is a box ("이메일 알림을 끈다" turns off the e-mail
    // notifications' switch): only a box's noun is one there.
    let switched = matches!(verb, Verb::Check | Verb::Uncheck);
    let noun = words[..v].iter().rposition(|w| {
        crate::words::korean_role_noun(w).is_some_and(|(_, hint)| {
            (!typed || hint == crate::RoleHint::Field) && (!switched || hint == crate::RoleHint::Checkbox)
        })
    });
    // "하위 페이지 추가를 클릭한다": a role noun with no particle of its own, followed by the
    // rest of a name that takes the particle, is a word of that name (the "하위 페이지 추가" button).
    noun.filter(|&n| {
        let bare = crate::words::korean_role_noun(words[n]).is_some_and(|(noun, _)| noun == words[n]);
        let name_goes_on = n + 1 < v
            && strip_particle(words[v - 1]).1.is_some()
            && words[n + 1..v - 1].iter().all(|w| strip_particle(w).1.is_none())
            && is_hangul_noun(strip_particle(words[v - 1]).0);
        !(bare && name_goes_on)
    })
}

/// A list or a screen, said as where something is.
const LIST_PLACES: &[&str] =
    &["목록에", "목록에서", "화면에", "화면에서", "페이지에", "페이지에서", "표에", "리스트에"];

/// "사용자 목록에 writer01이 표시된다": a list or a screen that places what follows it.
fn placed_in_list(words: &[&str], noun: Option<usize>, v: usize, verb: Verb) -> Option<String> {
    let mut out: Vec<String> = Vec::new();
    if let Some(mut n) = noun {
        let word = words[n];
        let mut place = LIST_PLACES.contains(&word);
        // "예약 목록 화면 상단에 김민수 님이 표시된다": the list or screen, then its side.
        let sides = ["상단에", "하단에", "위에", "아래에", "위쪽에", "아래쪽에", "상단의", "하단의"];
        let placing_noun = ["목록", "화면", "페이지", "표", "리스트"].contains(&word);
        if !place && placing_noun && is_expectation(verb) && n + 2 < v && sides.contains(&words[n + 1]) {
            place = true;
            n += 1;
        }
        if place && n + 1 < v {
            let rest = &words[n + 1..v];
            let last = rest[rest.len() - 1];
            let (stem, particle) = strip_particle(last);
            if particle.is_some() {
                let mut phrase: Vec<&str> = rest[..rest.len() - 1].to_vec();
                phrase.push(stem);
                out.extend(words[..=n].iter().map(|w| w.to_string()));
                out.push(named(&phrase, particle.unwrap_or("")));
                out.extend(words[v..].iter().map(|w| w.to_string()));
                return Some(out.join(" "));
            }
        }
    }
    None
}

/// "주문 상태가 배송 준비중인지 확인한다": what the subject must be is shown, quoted as the
/// sentence would quote it ("'배송 준비중'인지 확인한다").
fn value_it_is(words: &[&str], v: usize) -> Option<String> {
    let stem = words.get(v.checked_sub(1)?)?.strip_suffix("인지").filter(|s| !s.is_empty())?;
    let k = words[..v - 1].iter().rposition(|w| matches!(strip_particle(w).1, Some("이" | "가" | "은" | "는")))?;
    let mut value: Vec<&str> = words[k + 1..v - 1].to_vec();
    value.push(stem);
    let mut out: Vec<String> = words[..=k].iter().map(|w| w.to_string()).collect();
    out.push(format!("{}인지", quote(&value.join(" "))));
    out.extend(words[v..].iter().map(|w| w.to_string()));
    Some(out.join(" "))
}

/// "방금 작성한 댓글이 목록에 보인다", "writer01이 사용자 목록 하단에 표시된다": what is shown
/// first, then the list it is in (and the list's side).
fn shown_then_listed(words: &[&str], v: usize, verb: Verb) -> Option<String> {
    if !is_expectation(verb) {
        return None;
    }
    let lists = ["목록에", "목록에서", "리스트에", "표에", "목록", "리스트"];
    let n = words[..v].iter().rposition(|w| lists.contains(w))?;
    let sides = ["상단에", "하단에", "위에", "아래에", "상단의", "하단의"];
    let bare_list = ["목록", "리스트"].contains(&words[n]);
    let ends_here = (n + 1 == v && !bare_list) || (n + 2 == v && bare_list && sides.contains(&words[n + 1]));
    let k = words[..n].iter().rposition(|w| strip_particle(w).1.is_some())?;
    let (stem, particle) = strip_particle(words[k]);
    let list_name = words[k + 1..n].iter().all(|w| strip_particle(w).1.is_none());
    if !ends_here || !list_name || stem.is_empty() || !matches!(particle, Some("이" | "가" | "은" | "는")) {
        return None;
    }
    let mut phrase: Vec<&str> = words[..k].to_vec();
    phrase.push(stem);
    let mut out = vec![format!("{}{}", quote(&phrase.join(" ")), particle.unwrap_or(""))];
    out.extend(words[k + 1..].iter().map(|w| w.to_string()));
    Some(out.join(" "))
}

/// The element named before its role noun at `n` ("대화상자의 취소 버튼을"), and a value after
/// it: the sentence up to the verb, quoted.
fn named_by_role_noun(words: &[&str], n: usize, v: usize, verb: Verb) -> Option<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    let mut start = words[..n]
        .iter()
        .enumerate()
        .rposition(|(i, w)| {
            BOUNDARY.iter().any(|p| w.ends_with(p) && w.len() > p.len())
                || crate::words::is_scope_word(w)
                || crate::words::is_page_side(words, i)
                || WHERE_ENDS.contains(w)
        })
        .map_or(0, |i| i + 1);
    // "다시 채용 면접 행의 …": an adverb before the name is not part of it.
    while start < n && KO_ADVERBS.contains(&words[start]) {
        start += 1;
    }
    // "설정을 저장했습니다 메시지가 보인다": a message told by the sentence it says is all of
    // it, its particles too.
    let message = crate::words::korean_role_noun(words[n]).is_some_and(|(_, h)| h == crate::RoleHint::Message);
    if message && ["니다", "었다", "았다", "했다", "됐다", "되었다", "요"].iter().any(|e| words[n - 1].ends_with(e))
    {
        start = words[..n].iter().rposition(|w| w.ends_with(',')).map_or(0, |i| i + 1);
    }
    if start >= n {
        return None;
    }
    let rest = &words[n + 1..v];
    // "확인 창에서 취소를 누른다": the place's name is no name to find; what is pressed in it is.
    if words[n].ends_with("에서") && !matches!(verb, Verb::Fill | Verb::Select | Verb::Upload) {
        if let Some(object) = object_in_container(words[n], rest) {
            out.extend(words[..=n].iter().map(|w| w.to_string()));
            out.push(object);
            return Some(out);
        }
    }
    out.extend(words[..start].iter().map(|w| w.to_string()));
    // "왼쪽 메뉴의 스니펫을": a menu named by the side of the page it is on is one place, its
    // side and its noun together.
    let (noun, particle) = strip_particle(words[n]);
    if words[start..n].iter().all(|w| crate::words::KO_BAR_SIDES.contains(w))
        && particle == Some("의")
        && !rest.is_empty()
    {
        out.push(format!("{}의", quote(&format!("{} {noun}", words[start..n].join(" ")))));
    } else {
        out.push(quote(&words[start..n].join(" ")));
        out.push(words[n].to_string());
    }
    // A value after the field ("필드에 ada@example.com을 입력한다").
    if !rest.is_empty() && matches!(verb, Verb::Fill | Verb::Select | Verb::Upload) {
        let last = rest[rest.len() - 1];
        let (stem, particle) = strip_particle(last);
        let mut value: Vec<&str> = rest[..rest.len() - 1].to_vec();
        value.push(stem);
        // "임시 비밀번호 1234를": the words before the value only describe it — when they
        // name a kind of value; "회의록 2024-06-10을" is one title.
        if let Some(at) = value.iter().position(|w| !is_hangul_noun(w)) {
            if at > 0
                && value[at..].iter().all(|w| !specwright_vocabulary::is_hangul(w))
                && names_value_kind(value[at - 1])
            {
                value.drain(..at);
            }
        }
        out.push(format!("{}{}", quote(&value.join(" ")), particle.unwrap_or("")));
    } else if let Some(object) = object_in_container(words[n], rest) {
        out.push(object);
    } else {
        out.extend(rest.iter().map(|w| w.to_string()));
    }
    Some(out)
}

/// No role noun: the arguments, each ending in its particle ("이메일에 ada@example.com을 입력한다",
/// "로그인을 클릭한다", "대시보드가 표시된다"): the sentence up to the verb, quoted.
fn named_by_particles(words: &[&str], v: usize, verb: Verb) -> Option<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    let mut start = 0;
    for (i, word) in words[..v].iter().enumerate() {
        // "임시 비밀번호 1234를": a value after the words that describe it.
        let (value_stem, _) = strip_particle(word);
        if i + 1 == v && start < i && !specwright_vocabulary::is_hangul(value_stem) && names_value_kind(words[i - 1]) {
            let (stem, particle) = strip_particle(word);
            if particle.is_some() && words[start..i].iter().all(|w| is_hangul_noun(w)) {
                out.extend(words[start..i].iter().map(|w| w.to_string()));
                out.push(format!("{}{}", quote(stem), particle.unwrap_or("")));
                start = v;
                break;
            }
        }
        // "결제 수단 중 신용카드를 선택한다", "스니펫 유형 중에서 …을 고른다": what is chosen
        // among, as "결제 수단으로 …" names it.
        if ["중", "중에서"].contains(word) && i > start && matches!(verb, Verb::Click | Verb::Select) {
            out.push(named(&words[start..i], "으로"));
            start = i + 1;
            continue;
        }
        if KO_ADVERBS.contains(word) && start == i {
            out.push(word.to_string());
            start = i + 1;
            continue;
        }
        // "상단의": a position, left for the grammar to read as such.
        if crate::words::is_scope_word(word) && start == i {
            out.push(word.to_string());
            start = i + 1;
            continue;
        }
        // "같은 값을", "다른 이름을": a modifier ending like a particle is part of the phrase.
        if KO_MODIFIERS.contains(word) {
            continue;
        }
        // "오른쪽 위에 있는 Watch를": where it is ends with "있는"; the name starts after it.
        if WHERE_ENDS.contains(word) && i > 0 {
            out.extend(words[start..=i].iter().map(|w| w.to_string()));
            start = i + 1;
            continue;
        }
        let (stem, particle) = strip_particle(word);
        let Some(particle) = particle else { continue };
        // 가/이/은/는 end many nouns ("휴가", "문서이"): a subject particle only right before
        // the verb or before another argument ("휴가 규정 문서가 보인다" is one phrase).
        // A one-syllable stem ("휴가" → 휴) is rather a noun of its own.
        if matches!(particle, "가" | "이" | "은" | "는") && i + 1 < v && stem.chars().count() < 2 {
            continue;
        }
        if matches!(particle, "가" | "이" | "은" | "는") && i + 1 < v {
            // "전체 6건이 다시 표시된다": an adverb between the subject and its verb.
            let next_has_particle =
                strip_particle(words[i + 1]).1.is_some() || (KO_ADVERBS.contains(&words[i + 1]) && i + 2 == v);
            if !next_has_particle {
                continue;
            }
        }
        let phrase_so_far = words[start..i].iter().copied().chain(std::iter::once(stem)).collect::<Vec<_>>().join(" ");
        if (PLACES.contains(&stem) || PLACES.contains(&phrase_so_far.as_str()))
            && matches!(particle, "에" | "에서" | "의")
        {
            out.extend(words[start..=i].iter().map(|w| w.to_string()));
            start = i + 1;
            continue;
        }
        let phrase: Vec<&str> = words[start..i].iter().copied().chain(std::iter::once(stem)).collect();
        // "대문에서 …를 누른다": the screen the step happens on, not what it acts on; so is
        // "장바구니에서 수량을 3개로 늘린다", where the field and its value follow.
        let field_and_value_follow = words[i + 1..v].iter().any(|w| w.ends_with('을') || w.ends_with('를'))
            && words[i + 1..v].last().is_some_and(|w| w.ends_with('로'));
        if particle == "에서" && (!matches!(verb, Verb::Fill | Verb::Select | Verb::Upload) || field_and_value_follow)
        {
            out.extend(words[start..=i].iter().map(|w| w.to_string()));
            start = i + 1;
            continue;
        }
        // "체크박스가 선택된다" names a kind, not an element: left to the grammar. What is typed
        // into is a field, whatever its name ("제목에 주간 보고를 입력한다", "메시지를 비운다").
        let kind = ROLE_NOUNS.iter().find(|(n, _)| *n == stem).map(|(_, hint)| *hint);
        let typed_into = matches!(verb, Verb::Fill | Verb::Clear | Verb::Append | Verb::Select)
            && matches!(kind, Some(crate::RoleHint::Heading | crate::RoleHint::Message));
        if phrase.len() == 1 && kind.is_some() && !typed_into {
            return None;
        }
        out.push(named(&phrase, particle));
        start = i + 1;
    }
    if out.is_empty() || start != v {
        return None;
    }
    Some(out)
}

/// "홍길동 행의 수정을 누른다": what is acted on inside the row (or section) the noun names,
/// quoted: "'수정'을".
fn object_in_container(noun: &str, rest: &[&str]) -> Option<String> {
    // "홍길동 행의 수정을", "보기 탭의 편집을", and "Publish 메뉴에서 Publish now를", "상단 메뉴에서 View Tickets를":
    // a noun that places something ("…에서") names where the object is, not the object.
    let container = crate::words::korean_role_noun(noun).is_some_and(|(n, hint)| {
        (noun == format!("{n}의")
            && matches!(
                hint,
                crate::RoleHint::Row | crate::RoleHint::List | crate::RoleHint::Tab | crate::RoleHint::Menu
            ))
            || noun == format!("{n}에서")
    });
    let (last, before) = rest.split_last()?;
    let (stem, particle) = strip_particle(last);
    let particle = particle.filter(|p| matches!(*p, "을" | "를"))?;
    if !container || before.iter().any(|w| strip_particle(w).1.is_some()) {
        return None;
    }
    let mut phrase: Vec<&str> = before.to_vec();
    phrase.push(stem);
    Some(format!("{}{particle}", quote(&phrase.join(" "))))
}

/// "건수가 전체 7건이 된다", "상태가 완료가 되었다": what the subject becomes is shown.
fn becomes(words: &[&str]) -> Option<String> {
    let (last, before) = words.split_last()?;
    if !["된다", "되었다", "됐다"].contains(&last.trim_end_matches('.')) || before.len() < 2 {
        return None;
    }
    let n = before.len();
    let (stem, particle) = strip_particle(before[n - 1]);
    if !matches!(particle, Some("이" | "가")) {
        return None;
    }
    let subject = before[..n - 1].iter().rposition(|w| {
        let (s, p) = strip_particle(w);
        matches!(p, Some("가" | "이" | "은" | "는")) && s.chars().count() >= 2
    })?;
    let mut phrase: Vec<&str> = before[subject + 1..n - 1].to_vec();
    phrase.push(stem);
    let mut out: Vec<String> = before[..=subject].iter().map(|w| w.to_string()).collect();
    out.push(format!("{}이 표시된다", quote(&phrase.join(" "))));
    Some(out.join(" "))
}

fn is_expectation(verb: Verb) -> bool {
    matches!(verb, Verb::ExpectVisible | Verb::ExpectHidden | Verb::ExpectChecked | Verb::ExpectValue)
}

/// "<subject>가 <text>(으)로 <verb>": the text, quoted, as what is shown.
fn shown_as(words: &[&str], v: usize) -> Option<String> {
    let last = words[v - 1];
    let stem = last.strip_suffix("으로").or_else(|| last.strip_suffix('로')).filter(|s| !s.is_empty())?;
    // The text starts after the subject ("건수가", "상태는") and runs to the word before 으로.
    let subject = words[..v - 1].iter().rposition(|w| {
        let (s, particle) = strip_particle(w);
        matches!(particle, Some("가" | "이" | "은" | "는")) && s.chars().count() >= 2
    })?;
    // "별표 이름이 다시 주시로 바뀐다": an adverb says when, not what is shown.
    let mut phrase: Vec<&str> = words[subject + 1..v - 1].iter().copied().filter(|w| !KO_ADVERBS.contains(w)).collect();
    // "목록에 개인정보 처리방침이 라이브 상태로 보인다": the state is shown in the subject's row,
    // by its name ("라이브"); the word "상태" is not on the page.
    if ["상태", "상태값"].contains(&stem) && !phrase.is_empty() {
        let from = words[..subject].iter().rposition(|w| w.ends_with('에') || w.ends_with("에서")).map_or(0, |i| i + 1);
        let (subject_stem, _) = strip_particle(words[subject]);
        let mut name: Vec<&str> = words[from..subject].to_vec();
        name.push(subject_stem);
        let mut out = vec![format!("{} 행에 {}가", quote(&name.join(" ")), quote(&phrase.join(" ")))];
        out.extend(words[v..].iter().map(|w| w.to_string()));
        return Some(out.join(" "));
    }
    phrase.push(stem);
    let mut out: Vec<String> = words[..=subject].iter().map(|w| w.to_string()).collect();
    out.push(format!("{}이", quote(&phrase.join(" "))));
    out.extend(words[v..].iter().map(|w| w.to_string()));
    Some(out.join(" "))
}

/// "목록에 스프린트 회고가 11:00~12:00으로 보인다", "예약 목록에 고객사 제안 발표가 소회의실 B,
/// 인원 7로 등록되었는지 확인한다": the record is listed, and each value is in its row ("인원 7":
/// a column's name before its figure, which is what the row shows).
fn listed_with_values(words: &[&str], v: usize, verb: Verb) -> Option<String> {
    if verb != Verb::ExpectVisible || v < 3 {
        return None;
    }
    // "…되었는지 확인한다": the verb 확인 wraps.
    let v = if words[v].contains("확인") && words[v - 1].ends_with('지') { v - 1 } else { v };
    let listed =
        ["보이", "보인", "표시", "나오", "나온", "등록되", "등록된", "있"].iter().any(|s| words[v].contains(s));
    let place = words[..v].iter().position(|w| ["목록에", "목록에서", "리스트에", "표에"].contains(w))?;
    let last = words[v - 1];
    let value_end = last.strip_suffix("으로").or_else(|| last.strip_suffix('로')).filter(|s| !s.is_empty())?;
    let subject = (place + 1..v - 1).find(|&i| {
        let (stem, particle) = strip_particle(words[i]);
        matches!(particle, Some("가" | "이")) && !stem.is_empty()
    })?;
    if !listed || subject + 1 >= v {
        return None;
    }
    let (subject_stem, _) = strip_particle(words[subject]);
    let mut record: Vec<&str> = words[place + 1..subject].to_vec();
    record.push(subject_stem);
    let mut said: Vec<&str> = words[subject + 1..v - 1].to_vec();
    said.push(value_end);
    let said = said.join(" ");
    // ("…상태로 보인다": a state said with its noun is read where states are.)
    if ["상태", "상태값"].contains(&value_end) {
        return None;
    }
    let record = quote(&record.join(" "));
    let mut out = vec![format!("{record}가 보이고")];
    let values: Vec<&str> = said.split(", ").map(str::trim).filter(|v| !v.is_empty()).collect();
    for (i, value) in values.iter().enumerate() {
        // "인원 7": the column's name, then the figure the row shows.
        let shown = match value.split_once(' ') {
            Some((column, figure))
                if crate::is_hangul(column) && figure.chars().all(|c| c.is_ascii_digit() || c == ',') =>
            {
                figure
            }
            _ => value,
        };
        let end = if i + 1 == values.len() { "보인다" } else { "보이고" };
        out.push(format!("{record} 행에 {}가 {end}", quote(shown)));
    }
    Some(out.join(" "))
}

/// "예약 목록 화면으로 이동한다", "회의실 예약 시스템에 접속하면", "관리자 페이지를 연다": the words
/// before the verb, without their particle and the screen noun, name where to go.
fn korean_navigation(words: &[&str], v: usize) -> Option<String> {
    let mut phrase: Vec<&str> = words[..v].iter().copied().filter(|w| !KO_ADVERBS.contains(w)).collect();
    // "상단의 환경 설정으로 이동한다": where its link sits is not the screen's name; the top or
    // the bottom of the page says which of same-named links, and stays as such.
    let mut position: Vec<&str> = Vec::new();
    while phrase.len() > 1 && phrase[0].strip_suffix('의').is_some_and(|p| PLACES.contains(&p)) {
        let place = phrase.remove(0);
        if crate::words::is_scope_word(place) {
            position.push(place);
        }
    }
    let last = phrase.pop()?;
    let (stem, particle) = strip_particle(last);
    if !matches!(particle, Some("으로" | "로" | "에" | "을" | "를") | None) {
        return None;
    }
    let mut noun = None;
    // "제품 출시 일정 문서를 열었다", "Spring hiring update 글을 연다": a wiki's document, a
    // board's post is its page.
    let mut particle = particle;
    if (TITLED_KINDS.contains(&stem) || stem == "글") && !phrase.is_empty() {
        noun = Some("화면");
        particle = particle.map(|p| if p == "를" { "을" } else { p });
    } else if ["화면", "페이지", "창", "메뉴", "탭"].contains(&stem) {
        noun = Some(stem);
    } else {
        phrase.push(stem);
    }
    if phrase.is_empty() {
        return None;
    }
    let target = quote(&phrase.join(" "));
    let mut out: Vec<String> = position.iter().map(|w| w.to_string()).collect();
    out.push(match noun {
        Some(n) => format!("{target} {n}{}", particle.unwrap_or("")),
        None => format!("{target} 화면{}", particle.map(|p| if p == "에" { "으로" } else { p }).unwrap_or("")),
    });
    out.extend(words[v..].iter().map(|w| w.to_string()));
    Some(out.join(" "))
}

#[cfg(test)]
mod tests;
