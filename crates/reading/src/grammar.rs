//! Understands one step sentence, Korean or English, with the test-data cell that goes with it.
//! The vocabulary is data (the tables below); the code only decides which entry applies.

/// How many verb patterns the grammar knows, Korean and English (the issue asks for 40+).
pub fn verb_pattern_count() -> usize {
    KO_VERBS.len() + EN_LEADING_VERBS.len() + EN_EXPECT_PHRASES.len()
}

pub(crate) use crate::intent::{Intent, RoleHint, Scope, Verb};
pub(crate) use crate::quotes::{quoted_spans, unquoted, Quoted};
pub(crate) use specwright_vocabulary::is_hangul;

fn is_url(text: &str) -> bool {
    text.starts_with('/') || text.starts_with("http://") || text.starts_with("https://")
}

/// Every intent of a sentence: usually one; a compound step has one per clause ("아이디에 x,
/// 비밀번호에 y를 입력하고 로그인 버튼을 누른다"), an expectation may name several things ("'A',
/// 'B'가 보인다") or chain clauses ("'A'가 없고 'B'가 표시된다"). `data` is the test-data cell.
pub fn interpret_all(sentence: &str, data: Option<&str>) -> Vec<Intent> {
    // "ID/PW 입력 후 로그인 버튼 클릭": a terse step, spelled out as the sentence it stands for.
    let spelled = terse::spelled_out(&emphasis_as_quotes(sentence));
    let spelled = checks::shown_then_gone(&spelled).unwrap_or(spelled);
    let sentence = spelled.as_str();
    let listed = plural_lists(sentence);
    let sentence = listed.as_deref().unwrap_or(sentence);
    let mut intents = interpret_sentence(sentence, data);
    // "Enter Cookbooks as the name and leave the rest as it is": a look beside a step is no
    // step of its own.
    if intents.iter().any(|i| i.verb != Verb::Look) {
        intents.retain(|i| i.verb != Verb::Look);
    }
    crate::sentence::settle(sentence, &mut intents);
    scope::checks_placed(sentence, &mut intents);
    // "The page shows the priority urgent": "the page" is where the rest is shown, not a screen
    // to check; a screen named by a word of its own ("the login page") stays one.
    if intents.len() > 1 {
        intents.retain(|i| {
            i.verb != Verb::ExpectScreen || !i.target.as_deref().is_some_and(crate::words::names_no_screen)
        });
    }
    intents
}

fn interpret_sentence(sentence: &str, data: Option<&str>) -> Vec<Intent> {
    let sentence = polite::plain(&emphasis_as_quotes(sentence));
    // "A confirmation that the issue was created is shown (e.g. \"issue 8 created\")": the
    // example is what a message may look like, so the check is the message's gist; where the
    // sentence says nothing else of it, the example's words are that gist.
    if let Some((rest, example)) = example_aside(&sentence) {
        let mut intents = interpret_clauses(&rest, data);
        if intents.iter().any(|i| matches!(i.verb, Verb::ExpectMessage | Verb::ExpectError)) {
            for intent in &mut intents {
                if matches!(intent.verb, Verb::ExpectMessage | Verb::ExpectError) && intent.target.is_none() {
                    intent.target = Some(example.clone());
                }
            }
            return crate::data::apply(intents, &rest, data);
        }
        // "편집 상자에 회의 일시, 참석자, 안건을 입력한다. (예: 일시 …)", "Enter the phone number
        // (e.g. 555-1234)": what to type is described, the example is the text typed.
        if let [fill] = intents.as_mut_slice() {
            if fill.verb == Verb::Fill && data.is_none() {
                fill.value = Some(example);
                return intents;
            }
        }
    }
    crate::data::apply(interpret_clauses(&sentence, data), &sentence, data)
}

fn interpret_clauses(sentence: &str, data: Option<&str>) -> Vec<Intent> {
    // "The author is not saved: the Email field says \"Must be …\"": after a refusal, the colon
    // says how it shows; that is the check.
    if let Some((refused, how)) = sentence.split_once(": ") {
        let spans = quoted_spans(refused);
        let korean = is_hangul(&unquoted(refused, &spans));
        if spans.is_empty() && kept_from_saving(&refused.to_lowercase(), korean) {
            let shown = interpret_clauses(how, data);
            if !shown.is_empty() && shown.iter().all(|i| i.verb.is_expectation()) {
                return shown;
            }
        }
    }
    // "상단에 X가 표시되어 로그인된 것을 확인한다": the check, without what it proves.
    if let Some(check) = check_before_its_proof(sentence) {
        return interpret_clauses(&check, data);
    }
    // "The issues are grouped by priority, with critical first": one check of the list's head,
    // whose first clause only says how the list is ordered.
    let unled = crate::clauses::without_purpose(sentence);
    if let Some(first) = checks::listed_first(unled, &quoted_spans(unled)) {
        return vec![Intent::new(Verb::ExpectFirst, Some(first), Some(RoleHint::List))];
    }
    let parts = crate::clauses::simple_clauses(sentence);
    if parts.len() > 1 {
        let mut out = Vec::new();
        let mut previous: Option<&str> = None;
        for part in &parts {
            let mut intents = interpret_one(part, data);
            // "Click Publish and then Publish now": the verb said once goes on to the next name.
            // ("Click Save changes. Your edit is saved": a statement is no name to press.)
            if intents.is_empty() && !states_something(part) {
                if let Some(verb) = previous.and_then(leading_click) {
                    // The words are the name as written: "Publish now" keeps its "now".
                    let name = part.trim().trim_end_matches(['.', ',']);
                    let named =
                        if crate::quotes::has_quotes(name) { name.to_string() } else { crate::quotes::quote(name) };
                    intents = interpret_one(&format!("{verb} {named}"), data);
                }
            }
            previous = Some(part);
            // "…으로 로그인한다. 비밀번호는 {{secret.X}}를 사용한다.": the login's own password,
            // which the login step takes from the sentence.
            if intents.is_empty() && out.iter().any(|i: &Intent| i.verb == Verb::LogIn) && names_password(part) {
                continue;
            }
            // "상단에 X가 표시되어 로그인된 것을 확인한다": after a check, what it proves is no
            // check of its own.
            if intents.is_empty() && out.iter().any(|i: &Intent| i.verb.is_expectation()) && tells_what_it_proves(part)
            {
                continue;
            }
            if intents.is_empty() {
                // One clause not understood: the sentence as a whole is a question, never half done.
                return Vec::new();
            }
            out.extend(intents);
        }
        // "관리자 계정으로 로그인한다. 관리자 비밀번호를 입력한다.": the password is the login's
        // own, which the login step asks for; not a field to find after it.
        if let Some(login) = out.iter().position(|i| i.verb == Verb::LogIn) {
            let mut at = 0;
            out.retain(|i| {
                at += 1;
                let password = i.target.as_deref().is_some_and(names_password);
                !(at - 1 > login && i.verb == Verb::Fill && i.value.is_none() && password)
            });
        }
        return out;
    }
    // One clause, perhaps rewritten ("In the X row, click Y" → "click Y in the 'X' row").
    interpret_one(parts.first().map(String::as_str).unwrap_or(sentence), data)
}

/// A sentence said again in the words the grammar reads: "Create a new Post with the title
/// \"…\", the category News" (quoted values or not) as its fields and its press, "Click Edit in
/// the \"Harbor\" row" with what is pressed quoted too, "우선순위 드롭다운에서 높음을 선택한다"
/// as a choice in that field.
fn said_again(sentence: &str, spans: &[Quoted], korean: bool, data: Option<&str>) -> Option<Vec<Intent>> {
    if let Some(closed) = marks::window_closed(sentence, korean) {
        return Some(vec![closed]);
    }
    if korean {
        return marks::chosen_in_a_dropdown(sentence).map(|chosen| interpret_one(&chosen, data));
    }
    let again = [crate::bare::submitted_with(sentence), crate::bare::creation(sentence)];
    if let Some(intents) = again.into_iter().flatten().map(|s| interpret_clauses(&s, data)).find(|i| !i.is_empty()) {
        return Some(intents);
    }
    scope::target_before_quoted_place(sentence, spans).map(|quoted| interpret_one(&quoted, data))
}

/// Modifiers before a field's name that say which value, not which field: "올바른 비밀번호",
/// "the correct password", "새 이름".
const MODIFIERS: &[&str] = &[
    "올바른",
    "정확한",
    "정상적인",
    "유효한",
    "기존",
    "새",
    "새로운",
    "해당",
    "correct",
    "right",
    "valid",
    "new",
    "existing",
    "관리자",
    "admin",
    "상단",
    "하단",
    "상단의",
    "하단의",
    "위쪽",
    "아래쪽",
    "오른쪽",
    "왼쪽",
    "좌측",
    "우측",
    "top",
    "upper",
    "lower",
    "bottom",
];

fn interpret_one(sentence: &str, data: Option<&str>) -> Vec<Intent> {
    // A document is hostile input: however its words rewrite, reading them ends.
    let Some(_deeper) = rewrites::Deeper::enter() else { return Vec::new() };
    let sentence = sentence.trim().trim_end_matches(['.', '。']);
    let all_spans = quoted_spans(sentence);
    let korean = is_hangul(&unquoted(sentence, &all_spans));
    let sets = matches!(clause_verb(&unquoted(sentence, &all_spans), korean), Some(Verb::Fill | Verb::Select));
    if korean && sets && all_spans.len() == 1 {
        if let Some(quoted) = field_before_quoted_value(sentence) {
            return interpret_one(&quoted, data);
        }
    }
    if let Some(intent) = log_in(sentence, &all_spans, korean) {
        return vec![intent];
    }
    if let Some(key) = key_press(sentence) {
        return vec![Intent { verb: Verb::PressKey, target: None, value: Some(key), hint: None, scope: None }];
    }
    let lower = sentence.to_ascii_lowercase();
    let bare_submit = lower.strip_prefix("then ").or_else(|| lower.strip_prefix("and ")).unwrap_or(&lower);
    if let Some((_, button)) = EN_BARE_SUBMITS.iter().find(|(said, _)| *said == bare_submit.trim()) {
        return vec![Intent::new(Verb::Click, Some((*button).to_string()), Some(RoleHint::Button))];
    }
    let ko_submit = sentence.trim().trim_start_matches("다시 ").trim();
    // ("저장 후 …" spelled out: "저장한 후", the press said before what follows it.)
    let ends = ["한다", "하고", "합니다", "한 후", "한 뒤", "한 다음", "한"];
    if let Some(noun) = ends.iter().find_map(|e| ko_submit.strip_suffix(e)) {
        if KO_BARE_SUBMITS.contains(&noun) {
            return vec![Intent::new(Verb::Click, Some(noun.to_string()), Some(RoleHint::Button))];
        }
    }
    if let Some(intent) = submitted_with(ko_submit) {
        return vec![intent];
    }
    // "No products found.", "No matching orders": the empty result an app says in those words.
    if let Some(said) = empty_result(sentence, &all_spans, korean) {
        return vec![Intent::new(Verb::ExpectVisible, Some(said), None)];
    }
    if let Some(intent) = appended(sentence, &all_spans, korean) {
        return vec![intent];
    }
    // "the book appears in the product list": the record the scenario made, named by its kind.
    if let Some(kind) = checks::record_by_kind(sentence) {
        let kind = Some(kind).filter(|k| !k.is_empty());
        return vec![Intent::new(Verb::ExpectVisible, kind, Some(RoleHint::Record))];
    }
    // "the ticket should be gone from the issue list": the record acted on, gone.
    if let Some(kind) = checks::record_gone_by_kind(sentence) {
        return vec![Intent::new(Verb::ExpectHidden, Some(kind), Some(RoleHint::Record))];
    }
    // "오류 메시지가 표시된다", "\"주간 회의록\" 문서로 이동했다는 안내가 보인다": a message and
    // what it tells, before a quote inside the words shown is taken for the words themselves.
    if let Some(intent) = error_shown(sentence, &all_spans, korean) {
        return vec![intent];
    }
    // "\"인사\" 분류에 속하는 문서 목록이 보인다": a quoted word inside the words shown, the whole
    // phrase being what the page shows.
    if let Some(shown) = quote_inside_shown(sentence, &all_spans, korean) {
        return vec![Intent::new(Verb::ExpectVisible, Some(shown), None)];
    }
    // "제목이 회의록 2024-06-10인 문서가 표시된다", "A page titled Q3 Report is shown": the
    // title, as the page heads itself.
    if let Some(title) = titled_shown(sentence) {
        return vec![Intent::new(Verb::ExpectVisible, Some(title), Some(RoleHint::Heading))];
    }
    // "Fulfilment > Orders", "설정 > 모음": a menu path alone says where to go.
    if let Some(path) = menu_path_alone(sentence) {
        return vec![Intent::new(Verb::Navigate, Some(path), Some(RoleHint::Screen))];
    }
    if let Some(intent) =
        success_stated(sentence, &all_spans).or_else(|| checks::property_stated(sentence, &all_spans, korean))
    {
        return vec![intent];
    }
    if let Some(intent) = message_shown(sentence, &all_spans, korean) {
        return vec![intent];
    }
    if let Some(held) = values_held(sentence, &all_spans, korean) {
        return held;
    }
    if let Some(intents) = said_again(sentence, &all_spans, korean, data) {
        return intents;
    }
    if all_spans.is_empty() {
        // Only a rewrite that changed the sentence is read again: the same words would be
        // rewritten the same way for ever.
        let rewritten = crate::bare::quote_bare(sentence, korean).filter(|q| q.trim() != sentence.trim());
        if let Some(quoted) = rewritten {
            // A rewrite of several clauses ("'X'가 보이고 'X' 행에 'Y'가 보인다") reads as such.
            let several = crate::clauses::simple_clauses(&quoted).len() > 1;
            let intents = if several { interpret_clauses(&quoted, data) } else { interpret_one(&quoted, data) };
            if !intents.is_empty() {
                return intents;
            }
        }
    }
    let mut out: Vec<Intent> = Vec::new();
    for (start, end) in clauses(sentence, &all_spans, korean) {
        let clause = &sentence[start..end];
        let read = interpret_clause(clause, data, korean);
        // "… lists \"A\" and \"B\"": names alone after a check are checked the same way.
        let names_only = read.is_empty() && only_names(clause);
        match out.last().cloned().filter(|last| names_only && last.verb.is_expectation() && last.target.is_some()) {
            Some(last) => out.extend(crate::quotes::quoted_spans(clause).into_iter().map(|span| Intent {
                target: Some(span.text),
                value: None,
                ..last.clone()
            })),
            None => out.extend(read),
        }
    }
    out
}

/// "Publish now로 저장한다", "'등록' 버튼으로 제출한다": the form is saved with that control,
/// which is pressed.
fn submitted_with(sentence: &str) -> Option<Intent> {
    let sentence = sentence.trim_end_matches(['.', '!']);
    let (with, verb) = sentence.rsplit_once(' ')?;
    let noun = ["한다", "하고", "합니다", "해", "하여", "해서"].iter().find_map(|e| verb.strip_suffix(e))?;
    if !KO_BARE_SUBMITS.contains(&noun) {
        return None;
    }
    let with = with.strip_suffix("으로").or_else(|| with.strip_suffix("로"))?.trim();
    let (name, hint) = match with.strip_suffix(" 버튼").or_else(|| with.strip_suffix("버튼")) {
        Some(name) => (name.trim(), Some(RoleHint::Button)),
        None => (with, None),
    };
    let name = name.trim_matches(['\'', '"', '‘', '’', '“', '”']).trim();
    // Only a name, never an argument of its own ("25개로", "관리자 계정으로").
    let particle = name.split_whitespace().any(|w| crate::bare::strip_particle(w).1.is_some() && crate::is_hangul(w));
    if name.is_empty() || particle || name.split_whitespace().count() > 5 || name.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some(Intent::new(Verb::Click, Some(name.to_string()), hint))
}

/// The name without leading words that say which value rather than which element ("올바른
/// 비밀번호" → "비밀번호"); `None` when it has none.
pub fn without_modifiers(target: &str) -> Option<String> {
    let mut words: Vec<&str> = target.split_whitespace().collect();
    let before = words.len();
    while words.len() > 1 && MODIFIERS.contains(&words[0].to_lowercase().as_str()) {
        words.remove(0);
    }
    (words.len() < before).then(|| words.join(" "))
}

/// The first intent of a sentence (most sentences have exactly one).
pub fn interpret(sentence: &str) -> Option<Intent> {
    interpret_all(sentence, None).into_iter().next()
}

fn data_value(data: Option<&str>) -> Option<String> {
    let data = data?.trim();
    if EMPTY_VALUES.iter().any(|e| e.eq_ignore_ascii_case(data)) {
        return Some(String::new());
    }
    Some(data.to_string())
}

fn interpret_clause(clause: &str, data: Option<&str>, korean: bool) -> Vec<Intent> {
    let spans = quoted_spans(clause);
    let bare = unquoted(clause, &spans);
    let lower = bare.to_lowercase();
    // "예약은 저장되지 않는다", "the user is not created": what a refused form shows is its error.
    if kept_from_saving(&lower, korean) {
        return vec![Intent::new(Verb::ExpectError, None, Some(RoleHint::Message))];
    }
    let Some(verb) = clause_verb(&bare, korean) else {
        return Vec::new();
    };
    if let Some(assignment) = (verb == Verb::Fill && !korean).then(|| assigns::assigned(clause, &spans)).flatten() {
        return vec![assignment];
    }
    let position = clause_position(&lower);
    let value = data_value(data).map(|v| if PADDED.iter().any(|p| lower.contains(p)) { format!(" {v} ") } else { v });
    let words = ClauseWords { clause, spans: spans.clone(), lower: lower.clone(), korean, position, value };
    let position = words.position.clone();
    let bare_hint = || words.bare_hint();

    match verb {
        Verb::Navigate | Verb::ExpectScreen => navigation(&words, verb, data),
        Verb::Back | Verb::Reload => vec![Intent::new(verb, None, None)],
        Verb::Drag => drags::dragged(clause, &spans, korean).into_iter().collect(),
        Verb::Fill | Verb::Select | Verb::Upload => typed(&words, verb),
        Verb::Clear => {
            let Some(span) = spans.first() else { return Vec::new() };
            vec![Intent {
                verb,
                target: Some(span.text.clone()),
                value: Some(String::new()),
                hint: Some(RoleHint::Field),
                scope: position,
            }]
        }
        Verb::Click | Verb::DoubleClick | Verb::Hover | Verb::Check | Verb::Uncheck => pressed(&words, verb),
        Verb::Look => vec![Intent::new(Verb::Look, None, None)],
        Verb::LogIn => vec![Intent::new(Verb::LogIn, None, None)],
        Verb::PressKey | Verb::ExpectMessage | Verb::Append | Verb::ExpectFirst => Vec::new(),
        Verb::ExpectError => vec![Intent::new(Verb::ExpectError, spans.first().map(|s| s.text.clone()), None)],
        Verb::ExpectValue => {
            // The field and what it holds; a value with no field named is for a person to say.
            if spans.len() < 2 {
                return Vec::new();
            }
            let (field, value) =
                if korean { field_and_value(clause, &spans, &lower, korean) } else { (&spans[0], &spans[1]) };
            vec![Intent {
                verb,
                target: Some(field.text.clone()),
                value: Some(value.text.clone()),
                hint: Some(RoleHint::Field),
                scope: position,
            }]
        }
        Verb::ExpectVisible | Verb::ExpectHidden | Verb::ExpectChecked | Verb::ExpectEnabled | Verb::ExpectDisabled => {
            let mut checks = expectations(clause, &spans, &lower, verb, korean, bare_hint());
            // "상단에 Planner01이 표시된다": shown where the sentence says, the page's first. ("목록
            // 위의 건수" is above the list, wherever that is.)
            let page_side = ["상단", "하단", "top", "bottom"].iter().any(|w| lower.contains(w));
            for check in checks.iter_mut().filter(|c| c.verb == Verb::ExpectVisible && c.scope.is_none()) {
                if page_side && matches!(position, Some(Scope::First | Scope::Last)) && check.target.is_some() {
                    check.scope = position.clone();
                }
            }
            checks
        }
    }
}

/// A clause's words as each frame reads them.
struct ClauseWords<'a> {
    clause: &'a str,
    spans: Vec<Quoted>,
    lower: String,
    korean: bool,
    /// Where the clause says the element is on the page ("상단의", "at the bottom", "in the dialog").
    position: Option<Scope>,
    /// The step's data cell, padded when the clause says the value has spaces around it.
    value: Option<String>,
}

impl ClauseWords<'_> {
    /// A role noun with no quoted name ("체크박스가 선택된다", "the dialog closes").
    fn bare_hint(&self) -> Option<RoleHint> {
        let words: Vec<&str> = self.lower.split_whitespace().collect();
        ROLE_NOUNS
            .iter()
            .find(|(noun, _)| words.iter().any(|w| if self.korean { w.starts_with(noun) } else { w == noun }))
            .map(|(_, h)| *h)
    }
}

/// "Open 'Profile' in the 'user menu'", "'설정' 메뉴에서 '그룹' 화면으로 이동한다": an address,
/// or a screen by its name and the place its link is reached from.
fn navigation(c: &ClauseWords, verb: Verb, data: Option<&str>) -> Vec<Intent> {
    let (clause, spans, korean) = (c.clause, &c.spans, c.korean);
    let url = spans.iter().map(|s| s.text.clone()).find(|t| is_url(t)).or_else(|| {
        clause.split_whitespace().find(|w| is_url(w)).map(|w| w.trim_end_matches([',', '.', ')']).to_string())
    });
    if let (Verb::Navigate, Some(url)) = (verb, url.clone()) {
        return vec![Intent::new(verb, Some(url), None)];
    }
    if let (Verb::Navigate, None, Some(v)) = (verb, &url, data.filter(|d| is_url(d.trim()))) {
        return vec![Intent::new(verb, Some(v.trim().to_string()), None)];
    }
    // Going to a named screen: the engine finds how (it may already be open, the spec's
    // environment may give its address, a link may lead there). Staying on one is a check.
    // "Open 'Profile' in the 'user menu'", "'설정' 메뉴에서 '그룹' 화면으로 이동한다": the
    // place its link is reached from, which the engine opens on the way.
    let (place, used) = match container_scope(clause, spans, korean) {
        (Some(Scope::Region(place)), Some(used)) if verb == Verb::Navigate => (Some(place), Some(used)),
        _ => (None, None),
    };
    let Some(span) = spans.iter().enumerate().find(|(i, _)| Some(*i) != used).map(|(_, s)| s) else {
        return Vec::new();
    };
    // "the form stays open with \"Already exists.\" under Name": what it stays open with is
    // shown on it; the screen is the one the sentence names by its kind.
    let with = clause[..span.start].to_lowercase();
    if verb == Verb::ExpectScreen && !korean && with.trim_end().ends_with(" with") {
        let mut shown = Intent::new(Verb::ExpectVisible, Some(span.text.clone()), None);
        let under = clause[span.end..].trim_start().trim_start_matches(['.', ',']).trim();
        if let Some(place) = under.strip_prefix("under ").or_else(|| under.strip_prefix("below ")) {
            let place = place.trim().trim_end_matches('.').trim_start_matches("the ");
            let place = place.strip_suffix(" field").unwrap_or(place);
            if !place.is_empty() && place.split_whitespace().count() <= 4 {
                shown.scope = Some(Scope::Region(place.trim_matches(['"', '\'']).to_string()));
            }
        }
        return vec![shown];
    }
    // "'작업' 메뉴를 연다", "the 'Actions' menu is opened": a menu opened is pressed, no screen.
    let object = clause[span.end..].trim_start();
    if verb == Verb::Navigate && korean && (object.starts_with("메뉴를") || object.starts_with("메뉴 를")) {
        return vec![Intent::new(Verb::Click, Some(span.text.clone()), Some(RoleHint::Menu))];
    }
    // "상단의 '환경 설정'으로 이동한다": of same-named links, the one at the top.
    let position = c.position.clone().filter(|p| verb == Verb::Navigate && matches!(p, Scope::First | Scope::Last));
    vec![Intent {
        scope: place.map(Scope::Region).or(position),
        ..Intent::new(verb, Some(span.text.clone()), Some(RoleHint::Screen))
    }]
}

/// What is typed, chosen or uploaded, into which field, placed in which row.
fn typed(c: &ClauseWords, verb: Verb) -> Vec<Intent> {
    let (clause, lower, korean) = (c.clause, c.lower.as_str(), c.korean);
    let (spans, position, value) = (c.spans.clone(), c.position.clone(), c.value.clone());
    let hint_of = |span: &Quoted| hint_near(clause, span, korean);
    // "Set '15' in 'Num in stock' in the 'Acme Book Distributors' row", "'홍길동' 행의
    // '전화'에 …": the span that names a row places the field, it is neither field nor value.
    let row = (spans.len() >= 2)
        .then(|| {
            spans.iter().position(|s| {
                let after = clause[s.end..].trim_start().to_lowercase();
                ["row", "행", "줄"].iter().any(|n| {
                    after.strip_prefix(n).is_some_and(|r| {
                        !r.starts_with(char::is_alphanumeric) || r.starts_with('의') || r.starts_with('에')
                    })
                })
            })
        })
        .flatten();
    let (spans, position) = match row {
        Some(i) => {
            let scope = Scope::Row(spans[i].text.clone());
            let rest: Vec<Quoted> = spans.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, s)| s.clone()).collect();
            (rest, Some(scope))
        }
        None => (spans, position),
    };
    let (target, value) = match (spans.len(), value) {
        (0, _) => return Vec::new(),
        (1, Some(v)) => (&spans[0], v),
        // "Select 'Spring sale voucher offer' in the offers field", "write \"We are hiring.\"
        // in the Body": the field unquoted, the quoted words its value.
        (1, None)
            if matches!(verb, Verb::Select | Verb::Fill)
                && !korean
                && field_after(&clause[spans[0].end..]).is_some() =>
        {
            return vec![Intent {
                verb,
                target: field_after(&clause[spans[0].end..]),
                value: Some(spans[0].text.clone()),
                hint: Some(RoleHint::Field),
                scope: position,
            }];
        }
        (1, None) if verb == Verb::Select && !korean => {
            // "Choose 'Sign in'": an English click on an option-like element.
            let span = &spans[0];
            return vec![Intent::new(Verb::Click, Some(span.text.clone()), hint_of(span))];
        }
        // "'답변'에 작성 중 이라고만 넣는다": the value told by a quoting ending.
        (1, None) if korean && quoted_by_ending(&clause[spans[0].end..]).is_some() => {
            let span = &spans[0];
            return vec![Intent {
                verb: if verb == Verb::Select { Verb::Select } else { Verb::Fill },
                target: Some(span.text.clone()),
                value: quoted_by_ending(&clause[spans[0].end..]),
                hint: Some(RoleHint::Field),
                scope: position,
            }];
        }
        // "새 문서 이름에 \"주간 회의록\"을 입력한다", "요약 필드에 \"…\"을 입력한다": the
        // field said before "에" in plain words, the quoted words its value.
        (1, None) if korean && field_before(&clause[..spans[0].start]).is_some() => {
            return vec![Intent {
                verb: if verb == Verb::Select { Verb::Select } else { Verb::Fill },
                target: field_before(&clause[..spans[0].start]),
                value: Some(spans[0].text.clone()),
                hint: Some(RoleHint::Field),
                scope: position,
            }];
        }
        // "관리자 비밀번호를 입력한다": the value is for the engine to ask (or a secret).
        (1, None) => {
            let span = &spans[0];
            return vec![Intent {
                verb: if verb == Verb::Upload { Verb::Upload } else { Verb::Fill },
                target: Some(span.text.clone()),
                value: None,
                hint: Some(RoleHint::Field),
                scope: position,
            }];
        }
        _ => {
            let (t, v) = field_and_value(clause, &spans, lower, korean);
            (t, v.text.clone())
        }
    };
    vec![Intent {
        verb,
        target: Some(target.text.clone()),
        value: Some(value),
        hint: Some(RoleHint::Field),
        scope: position,
    }]
}

/// What is pressed, ticked or pointed at, and where; a Korean choice in a field is a select.
fn pressed(c: &ClauseWords, mut verb: Verb) -> Vec<Intent> {
    let (clause, korean) = (c.clause, c.korean);
    let (spans, position, value) = (c.spans.clone(), c.position.clone(), c.value.clone());
    let hint_of = |span: &Quoted| hint_near(clause, span, korean);
    let bare_hint = || c.bare_hint();
    // "'그룹' 행의 '추가' 링크", "the 'Add' link in the 'Groups' row": one span places the other.
    let (container, used) = container_scope(clause, &spans, korean);
    let spans: Vec<&Quoted> = spans.iter().enumerate().filter(|(i, _)| Some(*i) != used).map(|(_, s)| s).collect();
    let position = container.or(position);
    let Some(span) = spans.first().copied() else {
        // "스위치를 끈다", "the toggle is switched off": the switch the scenario used last.
        if matches!(verb, Verb::Check | Verb::Uncheck) && bare_hint() == Some(RoleHint::Checkbox) {
            return vec![Intent::new(verb, None, Some(RoleHint::Checkbox))];
        }
        // "Check the list": English "check" with nothing named is a look.
        return if verb == Verb::Check { vec![Intent::new(Verb::Look, None, None)] } else { Vec::new() };
    };
    // "'시작 시간'에 '13:00'을 선택한다", "'회의실'에서 '대회의실'을 선택한다", "'상위 항목'으로
    // 'Root'를 선택한다": the value is chosen in the field the first span names.
    if verb == Verb::Click && korean && spans.len() == 2 && clause.contains("선택") {
        let after_field = clause[spans[0].end..].trim_start();
        let object = clause[spans[1].end..].trim_start();
        let as_field = (after_field.starts_with("으로") || after_field.starts_with("로"))
            && (object.starts_with('을') || object.starts_with('를'));
        if after_field.starts_with('에') || as_field {
            return vec![Intent {
                verb: Verb::Select,
                target: Some(spans[0].text.clone()),
                value: Some(spans[1].text.clone()),
                hint: Some(RoleHint::Field),
                scope: position,
            }];
        }
    }
    if let Some(chosen) = marks::chosen_in_a_field(clause, span, verb, korean) {
        return vec![chosen];
    }
    let hint = hint_of(span);
    // "'X' 체크박스를 선택한다" checks; "'카테고리'에서 선택한다" + a value selects.
    if verb == Verb::Click && hint == Some(RoleHint::Checkbox) {
        verb = Verb::Check;
    } else if verb == Verb::Click && korean && value.is_some() && clause.contains("선택") {
        return vec![Intent {
            verb: Verb::Select,
            target: Some(span.text.clone()),
            value,
            hint: Some(RoleHint::Field),
            scope: position,
        }];
    }
    // "Check the 'Total' field" looks at it; "Check the 'I agree' box" ticks the box.
    let a_box = clause[span.end..].trim_start().to_ascii_lowercase().starts_with("box");
    let hint = if verb == Verb::Check && a_box { Some(RoleHint::Checkbox) } else { hint };
    if verb == Verb::Check && hint.is_some_and(|h| h != RoleHint::Checkbox) && !korean {
        return vec![Intent::new(Verb::Look, None, None)];
    }
    vec![Intent { verb, target: Some(span.text.clone()), value: None, hint, scope: position }]
}

mod assigns;
mod checks;
mod drags;
mod frames;
mod joins;
mod logins;
mod marks;
pub(crate) mod polite;
mod rewrites;
mod scope;
mod terse;
mod verbs;
pub(crate) use crate::words::*;
pub use checks::seen_list;
use checks::{expectations, kept_from_saving, names_password};
use frames::{
    appended, empty_result, error_shown, example_aside, field_after, field_and_value, key_press, menu_path_alone,
    message_shown, quote_inside_shown, success_stated, titled_shown, values_held,
};
use joins::{
    check_before_its_proof, clause_position, clauses, leading_click, only_names, plural_lists, states_something,
    tells_what_it_proves,
};
use logins::log_in;
use marks::{emphasis_as_quotes, field_before, field_before_quoted_value, quoted_by_ending};
use scope::container_scope;
use verbs::clause_verb;

#[cfg(test)]
mod tests;
