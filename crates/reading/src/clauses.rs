//! Compound steps as planners write them — "아이디에 minsu.kim, 비밀번호에 test1234를 입력하고
//! 로그인 버튼을 누른다", "Click Add and enter Ivy Chen as the name, then click Save" — cut into
//! simple clauses the grammar reads one at a time: at Korean connective endings (…하고, …한 후,
//! …하면), at English "then", ";" and an "and" that starts a new imperative, and a verb shared by
//! a list of fields ("A에 x, B에 y를 입력", "x as the A and y as the B") given to each field.
//! Nothing inside quotes is ever cut.

use crate::words::{EN_EXPECT_PHRASES, EN_LEADING_VERBS};

mod antecedents;
mod cuts;
mod fields;
mod moves;

pub use cuts::split_words;
use cuts::{has_ko_verb, inside, quoted_ranges, split_at};
use fields::{
    english_field_colon_value, english_field_then_quote, english_field_then_value, english_filed_under, english_list,
    english_search, english_set_to, english_text_added, korean_list, with_state,
};

/// Korean endings that close a clause and go on with the next ("입력하고", "누른 후",
/// "접속하면"), when the word holds a verb.
const KO_CONNECTIVES: &[&str] = &["고", "면", "며", "서"];
/// A verb's -어/-아 forms that join it to the next action ("눌러 게시를 클릭한다").
const KO_SEQUENCE_FORMS: &[&str] =
    &["눌러", "열어", "클릭해", "클릭하여", "선택해", "선택하여", "입력해", "넣어", "골라", "눌러서", "펼쳐", "펼쳐서"];
/// A move's -어/-아 forms that join it to what is done where it leads ("들어가 … 바꾼다").
const KO_MOVE_FORMS: &[&str] = &["들어가", "이동해", "접속해", "가서"];
/// Words after a verb that close its clause ("입력한 후", "누른 뒤", "저장한 다음", "비워 둔 채").
const KO_AFTER: &[&str] = &["후", "후에", "뒤", "뒤에", "다음", "다음에", "후,", "뒤,", "채", "채로", "채,"];
/// English phrases that always start a new clause.
const EN_BREAKS: &[&str] = &[", and then ", " and then ", ", then ", " then ", "; "];

use specwright_vocabulary::is_hangul;

/// "In the Henry Davis row, click Delete" → "click Delete in the 'Henry Davis' row": a place
/// said first is put where the grammar reads places, after the target.
fn place_last(sentence: &str) -> String {
    let lower = sentence.to_ascii_lowercase();
    for lead in [
        "in the ",
        "inside the ",
        "within the ",
        "on the ",
        "under the ",
        "from the ",
        "at the ",
        "in ",
        "on ",
        "under ",
        "from ",
    ] {
        if !lower.starts_with(lead) {
            continue;
        }
        let Some(comma) = sentence.find(", ") else { continue };
        let place = &sentence[lead.len()..comma];
        // "At the bottom of the page, select Save changes", "In the top right corner, click
        // Help": where on the page, said first, is where the grammar reads it, after the target.
        if let Some(side) = page_side(place) {
            let rest = sentence[comma + 2..].trim_end_matches('.');
            if EN_LEADING_VERBS.iter().any(|(w, _)| rest.to_ascii_lowercase().starts_with(w)) {
                return format!("{rest}{side}");
            }
        }
        // "the Administration section of the sidebar", "the Pages menu in the sidebar", "the
        // Admin menu on the left": the named section or menu is the place, not what holds it.
        let place = inner_place(place);
        let rest = &sentence[comma + 2..];
        let words: Vec<&str> = place.split_whitespace().collect();
        let Some((noun, name)) = words.split_last() else { continue };
        let rest_lower = rest.to_ascii_lowercase();
        // "On the Users page, click Add", "From the dashboard, go to Users", "In the editor,
        // type …": the screen the step is done on, as "사용자 화면에서 …" is, is no place in it.
        let screen_kind = ["page", "screen", "dashboard", "homepage", "editor"];
        let plain = name
            .iter()
            .all(|w| ["the", "a", "this", "that", "home", "main"].contains(&w.to_ascii_lowercase().as_str()));
        let verb_follows = EN_LEADING_VERBS.iter().any(|(w, _)| rest_lower.starts_with(w));
        if verb_follows
            && screen_kind.contains(&noun.to_ascii_lowercase().as_str())
            && (plain || noun.eq_ignore_ascii_case("page") || noun.eq_ignore_ascii_case("screen"))
        {
            return rest.to_string();
        }
        // "In Categories, select Books > Fiction": the place is the field chosen in, the rest
        // what is chosen there, whole.
        let choose = ["select ", "choose ", "pick "].into_iter().find(|v| rest_lower.starts_with(v));
        // ("On the left sidebar, select Settings > General": a sidebar holds commands, not values.)
        let holds_commands = ["sidebar", "menu", "toolbar", "navigation", "nav", "bar", "header", "panel"]
            .contains(&noun.to_ascii_lowercase().as_str());
        if let (Some(verb), 1..=4, false) = (choose, words.len(), holds_commands) {
            let value = rest[verb.len()..].trim().trim_end_matches('.').trim_matches(['\'', '"']);
            let field = place.trim_matches(['\'', '"']);
            let field = field.strip_suffix(" field").or_else(|| field.strip_suffix(" list")).unwrap_or(field);
            let one_value = !value.contains(['\'', '"', ',']) && !value.to_ascii_lowercase().contains(" as ");
            if !value.is_empty() && one_value && value.split_whitespace().count() <= 8 {
                return format!("{}'{value}' in the '{field}' field", &rest[..verb.len()]);
            }
        }
        let verb = EN_LEADING_VERBS.iter().any(|(w, _)| rest_lower.starts_with(w));
        // "From the top menu, open …": a place told by its position names no menu or section.
        const POSITIONS: &[&str] =
            &["top", "main", "side", "left", "right", "upper", "lower", "bottom", "global", "navigation", "nav"];
        if verb && !name.is_empty() && name.iter().all(|w| POSITIONS.contains(&w.to_ascii_lowercase().as_str())) {
            // …but its top or bottom is where on the page the link is, of same-named ones.
            let said = |w: &[&str]| name.iter().any(|n| w.contains(&n.to_ascii_lowercase().as_str()));
            let rest = rest.trim_end_matches('.');
            return match (said(&["top", "upper"]), said(&["bottom", "lower"])) {
                (true, false) => format!("{rest} at the top"),
                (false, true) => format!("{rest} at the bottom"),
                _ => rest.to_string(),
            };
        }
        // "In Attributes, enter Iris Chen as the author": a place of one name, a tab or a
        // section, that the engine opens when what follows is not shown yet (the sentence
        // keeps naming it).
        // "In Stock and pricing, …": a name of several words with no word for a kind of place
        // after it is such a tab too.
        const PLACE_NOUNS: &[&str] = &[
            "section", "menu", "tab", "panel", "row", "list", "table", "dialog", "form", "area", "sidebar", "header",
            "card", "box", "page", "screen", "bar", "toolbar", "column", "field", "group", "window", "modal", "pane",
        ];
        let kind_named = PLACE_NOUNS.contains(&noun.to_ascii_lowercase().trim_end_matches('s'));
        // "From the sidebar, open Your Issues": the page's bar by its kind, where the rest is.
        if verb && name.is_empty() && kind_named {
            let by = if lead.starts_with("from") { "from" } else { "in" };
            return format!("{} {by} the {noun}", rest.trim_end_matches('.'));
        }
        let capital = words.first().is_some_and(|w| w.chars().next().is_some_and(char::is_uppercase));
        if verb && capital && (name.is_empty() || (!kind_named && words.len() <= 4)) {
            return rest.to_string();
        }
        if verb && !name.is_empty() && words.len() <= 6 {
            let name = name.join(" ").trim_matches(['\'', '"']).to_string();
            // "From the Catalog menu, go to Categories": the screen, reached from that menu.
            let navigate = ["go to ", "open ", "navigate to ", "visit "].iter().find(|g| rest_lower.starts_with(**g));
            // "From the Admin menu, choose Users": a menu holds commands; the one chosen is pressed.
            if let (true, true) = (navigate.is_some() || choose.is_some(), noun.eq_ignore_ascii_case("menu")) {
                return format!("{} from the {name} menu", rest.trim_end_matches('.'));
            }
            // The target quoted first, so the quoted place is never taken for it.
            let rest = crate::bare::quote_bare(rest, false).unwrap_or_else(|| rest.to_string());
            return format!("{rest} in the '{name}' {noun}");
        }
        // A shorter lead ("from " after "from the ") reads the same place worse.
        break;
    }
    sentence.to_string()
}

/// " at the top" or " at the bottom" for a place that is only a side of the page or form ("bottom
/// of the page", "top right corner", "upper left"); "" for a side that picks neither; `None` for a
/// place with a name.
fn page_side(place: &str) -> Option<&'static str> {
    const SIDES: &[&str] = &["top", "bottom", "upper", "lower", "left", "right", "end", "corner", "side"];
    const WHOLES: &[&str] = &["of", "the", "page", "form", "screen", "window", "dialog", "this", "hand"];
    let words: Vec<String> = place.split_whitespace().map(|w| w.to_ascii_lowercase().replace("-hand", "")).collect();
    let sided = words.iter().any(|w| SIDES.contains(&w.as_str()));
    if !sided || !words.iter().all(|w| SIDES.contains(&w.as_str()) || WHOLES.contains(&w.as_str())) {
        return None;
    }
    let said = |w: &str| words.iter().any(|x| x == w);
    Some(match (said("top") || said("upper"), said("bottom") || said("lower") || said("end")) {
        (true, false) => " at the top",
        (false, true) => " at the bottom",
        _ => "",
    })
}

/// Of a place said inside another ("the Pages menu in the sidebar", "the Keywords section of
/// the sidebar", "the Admin menu on the left"), the inner one, when its last word is a kind of
/// place; the place as said otherwise ("the top of the form" is no section).
fn inner_place(place: &str) -> &str {
    const HOLDERS: &[&str] = &["section", "menu", "tab", "panel", "list", "table", "group", "box", "card", "area"];
    let lower = place.to_ascii_lowercase();
    [" of ", " in the ", " on the ", " at the ", " inside the ", " within the "]
        .iter()
        .filter_map(|marker| lower.find(marker))
        .min()
        .map(|at| &place[..at])
        .filter(|inner| {
            let last = inner.split_whitespace().last().unwrap_or("").to_ascii_lowercase();
            HOLDERS.contains(&last.trim_end_matches('s')) || inner.split_whitespace().count() == 1
        })
        .unwrap_or(place)
}

/// Where one step holds several sentences ("관리자 계정으로 로그인한다. 관리자 비밀번호를
/// 입력한다.", "Open the list. Click Add."): after a Korean sentence ending or a period followed
/// by a capital letter, outside quotes. Decimals and "e.g. x" stay whole.
fn sentences(text: &str) -> Vec<String> {
    // A line of a cell or a list item is a statement of its own.
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    if lines.len() > 1 {
        return lines.into_iter().flat_map(sentences).collect();
    }
    let quoted = said_after_colon(text).or_else(|| typed_sentence(text));
    let text = quoted.as_deref().unwrap_or(text);
    let ranges = quoted_ranges(text);
    let mut out = Vec::new();
    let mut start = 0;
    for (at, _) in text.match_indices(". ") {
        if inside(&ranges, at) {
            continue;
        }
        let before = text[start..at].trim_end();
        let next = text[at + 2..].trim_start().chars().next();
        let korean_end = ["다", "요", "함", "음", "것"].iter().any(|e| before.ends_with(e));
        // "Enter 'x' in 'Search'. Click Save.": a sentence may end on a closing quote or bracket.
        let english_end = next.is_some_and(char::is_uppercase)
            && before.chars().last().is_some_and(|c| c.is_alphanumeric() || "'\"’”)".contains(c));
        if (korean_end || english_end) && !before.is_empty() {
            out.push(text[start..at].to_string());
            start = at + 2;
        }
    }
    out.push(text[start..].to_string());
    out
}

/// "답변에 로그인 화면의 … 메일을 받으세요. 를 입력한다": a whole sentence typed into a field, told by
/// the object particle standing apart after its last mark: quoted, so that no sentence break or
/// verb inside it cuts the step.
fn typed_sentence(line: &str) -> Option<String> {
    if !is_hangul(line) {
        return None;
    }
    let ends = [". ", "? ", "! ", ".", "?", "!"];
    let (mark, particle_at) = ends.iter().find_map(|end| {
        line.match_indices(end).find_map(|(at, _)| {
            let after = &line[at + end.len()..];
            let typed = ["를 ", "을 "].iter().any(|p| {
                after.starts_with(p)
                    && ["입력", "넣", "작성", "적", "쓴", "쓰"].iter().any(|v| after[p.len()..].starts_with(v))
            });
            typed.then_some((at + end.trim_end().len(), at + end.len()))
        })
    })?;
    let field_end = line[..mark].find("에 ")?;
    let value = line[field_end + "에 ".len()..mark].trim();
    if value.is_empty() || value.contains(['"', '“', '”']) {
        return None;
    }
    let field = line[..field_end].trim();
    let marked = field.ends_with(['\'', '"', '”', '’', '*']);
    let field = if marked || field.split_whitespace().count() > 4 { field.to_string() } else { format!("'{field}'") };
    Some(format!("{field}에 “{value}”{}", line[particle_at..].trim_start()))
}

/// "An error is shown: Invalid login. Please try again." — after a colon that ends a statement
/// of what is shown, the app's own words, quoted so that no sentence break cuts them. A colon
/// after an imperative ("Open the tab: …") or before another statement ("…: the footer reads
/// 1..7") says no words of the app.
fn said_after_colon(line: &str) -> Option<String> {
    let at = line.find(": ")?;
    let (left, right) = (&line[..at], line[at + 2..].trim());
    let ranges = quoted_ranges(line);
    if is_hangul(line) || inside(&ranges, at) || !ranges.is_empty() || right.is_empty() {
        return None;
    }
    let left_lower = left.to_ascii_lowercase();
    let says = english_statement(&left_lower)
        || ["error", "message", "warning", "notice", "rule"].iter().any(|n| left_lower.ends_with(n));
    if !says || english_statement(&right.to_ascii_lowercase()) || leading_verb(&left_lower).is_some() {
        return None;
    }
    Some(format!("{left}: “{}”", right.trim_end_matches('.')))
}

/// The imperative a clause starts with, if any (a whole word: "open", not "opens").
fn leading_verb(lower: &str) -> Option<crate::Verb> {
    let lower = lower.trim_start();
    EN_LEADING_VERBS
        .iter()
        .find(|(w, _)| lower.starts_with(w) && !lower[w.len()..].starts_with(char::is_alphanumeric))
        .map(|(_, v)| *v)
}

/// Whether an English clause states what is seen rather than what to do: a phrase of the
/// grammar's table ("is shown", "are listed"), "… is in the list", what something reads or
/// says, or a figure ("the record count is now 5").
fn english_statement(lower: &str) -> bool {
    let has = |p: &str| {
        lower.match_indices(p).any(|(i, _)| {
            (i == 0 || !lower[..i].ends_with(char::is_alphanumeric))
                && !lower[i + p.len()..].starts_with(char::is_alphanumeric)
        })
    };
    if EN_EXPECT_PHRASES.iter().any(|(p, _)| has(p)) && leading_verb(lower).is_none_or(|v| v.is_expectation()) {
        return true;
    }
    if ["is in the list", "are in the list", "reads", "says"].iter().any(|p| has(p)) {
        return true;
    }
    // "the status is resolved", "and the ticket is gone": a thing named with its article, then
    // what it is.
    let lower_trimmed = lower.trim_start().trim_start_matches("and ").trim_start_matches("then ");
    if let Some(rest) = ["the ", "its ", "his ", "her ", "their "].iter().find_map(|a| lower_trimmed.strip_prefix(a)) {
        // ("the status changes to Closed", "the role becomes Editor": what it is after the step.)
        let copulas = [" is ", " are ", " should be "].iter().chain(crate::words::EN_CHANGED_TO);
        if let Some(at) = copulas.filter_map(|c| rest.find(c)).min() {
            if (1..=4).contains(&rest[..at].split_whitespace().count()) && !rest[at..].trim().is_empty() {
                return true;
            }
        }
    }
    crate::words::figure_stated(lower).is_some()
}

/// A step without the purpose or the option said before it ("To add a user, click Add user",
/// "If needed, enter a description", "사용자를 추가하려면 사용자 추가를 클릭한다", "필요하면 설명을
/// 입력한다"): what is done is what follows; a purpose names no element.
pub(crate) fn without_purpose(sentence: &str) -> &str {
    let lower = sentence.to_ascii_lowercase();
    const EN_LEADS: &[&str] = &[
        "to ",
        "in order to ",
        "if you want to ",
        "if you'd like to ",
        "if you would like to ",
        "if needed",
        "if necessary",
        "if required",
        "optionally",
        "when you are done",
        "when you're done",
        "when finished",
        "once done",
    ];
    if EN_LEADS.iter().any(|l| lower.starts_with(l)) {
        if let Some(comma) = sentence.find(", ") {
            let rest = &sentence[comma + 2..];
            if EN_LEADING_VERBS.iter().any(|(w, _)| rest.to_ascii_lowercase().starts_with(w)) {
                return rest;
            }
        }
    }
    // "Once saved, the new project appears at the top": the step before, said again, then
    // what it shows; the check is what follows.
    if let Some((lead, rest)) = sentence.split_once(", ") {
        let words: Vec<String> = lead.split_whitespace().map(str::to_ascii_lowercase).collect();
        let done = matches!(words.as_slice(), [when, verb] if ["once", "after", "when"].contains(&when.as_str())
            && (verb.ends_with("ed") || verb.ends_with("ing")));
        if done && (english_statement(&rest.to_ascii_lowercase()) || leading_verb(&rest.to_ascii_lowercase()).is_some())
        {
            return rest;
        }
    }
    // Korean: the words up to one that ends in "-려면" or says "if needed", when a verb follows.
    let words: Vec<&str> = sentence.split_whitespace().collect();
    let lead = words.iter().position(|w| {
        let w = w.trim_end_matches(',');
        (w.ends_with("려면") && w.chars().count() >= 3) || ["필요하면", "필요한 경우", "원하면", "필요시"].contains(&w)
    });
    if let Some(at) = lead.filter(|&at| at + 2 <= words.len() && has_ko_verb(&words[at + 1..].join(" "))) {
        // The lead's end: after its own last word, found from where the words before it end.
        let mut end = 0;
        for word in &words[..=at] {
            end = sentence[end..].find(word).map_or(end, |i| end + i + word.len());
        }
        let rest = sentence[end..].trim_start();
        if !rest.is_empty() {
            return rest;
        }
    }
    sentence
}

/// The simple clauses of a sentence, in order; a sentence with one clause comes back whole.
pub(crate) fn simple_clauses(sentence: &str) -> Vec<String> {
    let mut parts = sentences(sentence);
    if parts.len() > 1 {
        antecedents::named(&mut parts);
        return parts.iter().flat_map(|p| simple_clauses(p)).collect();
    }
    let whole = parts.into_iter().next().unwrap_or_default();
    let sentence = place_last(without_purpose(whole.trim().trim_end_matches(['.', '。']).trim()));
    let sentence = sentence.as_str();
    if let Some(fills) = fields::labelled_values(sentence) {
        return fills;
    }
    let ranges = quoted_ranges(sentence);
    let unquoted: String = {
        let mut out = String::with_capacity(sentence.len());
        let mut last = 0;
        for (s, e) in &ranges {
            out.push_str(&sentence[last..*s]);
            out.push_str(&" ".repeat(e - s));
            last = *e;
        }
        out.push_str(&sentence[last..]);
        out
    };
    let mut parts = if is_hangul(&unquoted) { korean_cuts(sentence, &ranges) } else { english_cuts(sentence, &ranges) };
    antecedents::named(&mut parts);
    let mut out = Vec::new();
    for part in parts {
        let part = part.trim().trim_matches(',').trim();
        if part.is_empty() {
            continue;
        }
        if let Some(both) = with_state(part) {
            out.extend(both);
            continue;
        }
        if let Some(set) = moves::made_sure(part) {
            out.push(set);
            continue;
        }
        if let Some(press) = moves::pressed_to_move(part) {
            out.push(press);
            continue;
        }
        if let Some(both) = english_search(part) {
            out.extend(both);
            continue;
        }
        if let Some(each) = english_set_to(part) {
            out.extend(each);
            continue;
        }
        // ("Enter a comment: 'Looks good'": the field is before the colon, not "comment:".)
        if let Some(one) = english_field_colon_value(part) {
            out.push(one);
            continue;
        }
        if let Some(each) = english_field_then_quote(part) {
            out.extend(each);
            continue;
        }
        if let Some(one) = english_text_added(part) {
            out.push(one);
            continue;
        }
        if let Some(each) = english_field_then_value(part) {
            out.extend(each);
            continue;
        }
        if let Some(one) = english_filed_under(part) {
            out.push(one);
            continue;
        }
        out.extend(if is_hangul(part) { korean_list(part) } else { english_list(part) });
    }
    if out.is_empty() {
        out.push(sentence.to_string());
    }
    out
}

fn korean_cuts(sentence: &str, ranges: &[(usize, usize)]) -> Vec<String> {
    let mut cuts = Vec::new();
    let mut word_start = 0;
    let bytes: Vec<(usize, char)> = sentence.char_indices().collect();
    for (n, (i, c)) in bytes.iter().enumerate() {
        let end_of_word = c.is_whitespace() || *c == ',';
        let last = n + 1 == bytes.len();
        if !end_of_word && !last {
            continue;
        }
        let word_end = if end_of_word { *i } else { sentence.len() };
        let word = &sentence[word_start..word_end];
        if !last && !inside(ranges, *i) && !word.is_empty() {
            let bare = word.trim_end_matches(',');
            let connective = KO_CONNECTIVES.iter().any(|e| bare.ends_with(e)) && bare.chars().count() >= 2;
            let after = KO_AFTER.contains(&bare);
            // "…버튼을 눌러 게시를 클릭한다": a verb's -어 form followed by a new object starts
            // the next action ("눌러 연다" stays one: nothing new follows).
            let next = sentence[word_end..].split_whitespace().next().unwrap_or("");
            // A field named with 은/는 starts a list of values ("눌러 회의명은 …, 회의실은 … 넣고").
            // ("눌러 이름 바꾸기를 선택한다": an object of a few words.)
            let object_words: Vec<&str> = sentence[word_end..].split_whitespace().take(3).collect();
            let next_object = ['을', '를', '\'', '"'].iter().any(|p| next.ends_with(*p) || next.starts_with(*p))
                || (next.chars().count() >= 3 && (next.ends_with('은') || next.ends_with('는')))
                || object_words.iter().any(|w| w.ends_with('을') || w.ends_with('를'));
            let acts_again =
                ["클릭", "선택", "입력", "누른", "누르", "체크", "넣", "저장", "적", "바꾸", "바꾼", "바꿔"]
                    .iter()
                    .any(|v| sentence[word_end..].contains(v));
            // "Site Settings에 들어가 Posts per page를 …": going somewhere, then acting there.
            let moved = KO_MOVE_FORMS.contains(&bare) && acts_again;
            // "회원명을 클릭하여 상세 팝업이 열린다": what the press brings up, said as its result.
            let rest_words: Vec<&str> = sentence[word_end..].split_whitespace().collect();
            let shows = rest_words.last().is_some_and(|last| {
                ["열린", "열리", "열렸", "표시", "나타", "나온", "나오", "뜬", "노출"]
                    .iter()
                    .any(|v| last.starts_with(v))
            });
            let subject = rest_words.iter().any(|w| w.ends_with('이') || w.ends_with('가'));
            let brings_up = KO_SEQUENCE_FORMS.contains(&bare) && shows && subject;
            let sequence = (KO_SEQUENCE_FORMS.contains(&bare) && next_object && acts_again) || moved || brings_up;
            if (connective && has_ko_verb(bare) && !is_noun_ending(bare)) || after || sequence {
                cuts.push(word_end);
            }
        }
        word_start = i + c.len_utf8();
    }
    split_at(sentence, &cuts)
}

/// Words that end like a connective but are nouns ("화면", "참고", "광고", "이면").
fn is_noun_ending(word: &str) -> bool {
    const NOUNS: &[&str] = &[
        "화면", "전면", "후면", "측면", "정면", "표면", "참고", "광고", "창고", "재고", "경고", "최고", "보고", "이면",
        "내면",
    ];
    NOUNS.iter().any(|n| word.ends_with(n)) || word.ends_with("하면서도")
}

fn english_cuts(sentence: &str, ranges: &[(usize, usize)]) -> Vec<String> {
    // ASCII lower-casing keeps byte positions.
    let lower = sentence.to_ascii_lowercase();
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    for b in EN_BREAKS {
        for (i, _) in lower.match_indices(b) {
            if !inside(ranges, i) && !cuts.iter().any(|(s, e)| i < *e && i + b.len() > *s) {
                cuts.push((i, i + b.len()));
            }
        }
    }
    // " and " / ", " that start a new imperative ("… and click Save", "…, press Enter").
    for sep in [" and ", ", "] {
        for (i, _) in lower.match_indices(sep) {
            let rest = &lower[i + sep.len()..];
            let starts_verb = EN_LEADING_VERBS
                .iter()
                .any(|(w, _)| rest.starts_with(w) && !rest[w.len()..].starts_with(char::is_alphanumeric))
                || rest.starts_with("log in")
                || fields::adds_written(rest)
                // "Click Delete and confirm": the confirm box answered after the press.
                || rest.trim_end_matches(['.', '!']) == "confirm"
                || rest.starts_with("sign in")
                || ["create a ", "create an ", "create new ", "add a new ", "add new "]
                    .iter()
                    .any(|w| rest.starts_with(w))
                || crate::words::EN_BARE_SUBMITS
                    .iter()
                    .any(|(said, _)| rest.starts_with(said) && !rest[said.len()..].starts_with(char::is_alphanumeric));
            if starts_verb && !inside(ranges, i) && !cuts.iter().any(|(s, e)| i < *e && i + sep.len() > *s) {
                cuts.push((i, i + sep.len()));
            }
        }
    }
    // "Clients are listed and the record count is 4", "Added Row is shown, Suppliers is in the
    // list": a statement after a statement; "Open the List Contact tab: Carol White is listed":
    // what a step shows, after the step.
    for sep in [" and ", ", ", ": "] {
        for (i, _) in lower.match_indices(sep) {
            if inside(ranges, i) || cuts.iter().any(|(s, e)| i < *e && i + sep.len() > *s) {
                continue;
            }
            let from = cuts.iter().filter(|(_, e)| *e <= i).map(|(_, e)| *e).max().unwrap_or(0);
            let left = &lower[from..i];
            let rest = &lower[i + sep.len()..];
            let right = &rest[..rest.find("; ").unwrap_or(rest.len())];
            // "write the reason: Imports fail when …": after a field to type into, the value.
            let left_ok = if sep == ": " {
                leading_verb(left).is_some_and(|v| !v.is_expectation() && v != crate::Verb::Fill)
            } else {
                english_statement(left)
            };
            if left_ok && english_statement(right) && leading_verb(right).is_none() {
                cuts.push((i, i + sep.len()));
            }
        }
    }
    cuts.sort();
    let mut out = Vec::new();
    let mut last = 0;
    for (s, e) in cuts {
        if s >= last {
            out.push(sentence[last..s].to_string());
            last = e;
        }
    }
    out.push(sentence[last..].to_string());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn korean_connectives_and_shared_verbs() {
        assert_eq!(
            simple_clauses("아이디에 minsu.kim, 비밀번호에 test1234를 입력하고 로그인 버튼을 누른다."),
            vec!["아이디에 minsu.kim를 입력하고", "비밀번호에 test1234를 입력하고", "로그인 버튼을 누른다"]
        );
        assert_eq!(
            simple_clauses("사용자 이름에 planner01, 비밀번호에 wrong-pass-1을 입력하고 로그인 버튼을 누른다"),
            vec!["사용자 이름에 planner01를 입력하고", "비밀번호에 wrong-pass-1을 입력하고", "로그인 버튼을 누른다"]
        );
        assert_eq!(
            simple_clauses("'상품명'을 입력한 후 '저장' 버튼을 클릭한다"),
            vec!["'상품명'을 입력한 후", "'저장' 버튼을 클릭한다"]
        );
        assert_eq!(
            simple_clauses("회의실 예약 시스템에 접속하면 로그인 화면이 표시된다"),
            vec!["회의실 예약 시스템에 접속하면", "로그인 화면이 표시된다"]
        );
        // Quotes, nouns that end like connectives, and a plain sentence stay whole.
        assert_eq!(simple_clauses("'저장하고 닫기' 버튼을 클릭한다"), vec!["'저장하고 닫기' 버튼을 클릭한다"]);
        assert_eq!(simple_clauses("상품 화면에서 '참고' 탭을 누른다"), vec!["상품 화면에서 '참고' 탭을 누른다"]);
    }

    #[test]
    fn several_sentences_in_one_step_are_several_clauses() {
        assert_eq!(
            simple_clauses("운영자 계정으로 접속한다. 운영자 암호를 넣는다."),
            vec!["운영자 계정으로 접속한다", "운영자 암호를 넣는다"]
        );
        assert_eq!(simple_clauses("Open the invoices. Click Export."), vec!["Open the invoices", "Click Export"]);
        assert_eq!(
            simple_clauses("오류가 표시된다.\n주문은 접수되지 않는다."),
            vec!["오류가 표시된다", "주문은 접수되지 않는다"]
        );
        // A decimal, an abbreviation and a period inside quotes are no sentence ends.
        assert_eq!(simple_clauses("Set the rate to 1.5 and save"), vec!["Set '1.5' in 'rate'", "save"]);
        assert_eq!(
            simple_clauses("'저장되었습니다. 확인' 문구가 보인다"),
            vec!["'저장되었습니다. 확인' 문구가 보인다"]
        );
    }

    #[test]
    fn values_told_as_entered_are_entered() {
        assert_eq!(
            simple_clauses("제목에는 주간 보고가, 담당자에는 김하늘이, 마감일에는 2027-03-02가 입력되었다."),
            vec![
                "'제목'에 '주간 보고'를 입력한다",
                "'담당자'에 '김하늘'를 입력한다",
                "'마감일'에 '2027-03-02'를 입력한다"
            ]
        );
        assert_eq!(
            simple_clauses("분류는 긴급, 처리 상태는 진행 중으로 선택되었다."),
            vec!["'분류'에 '긴급'를 선택한다", "'처리 상태'에 '진행 중'를 선택한다"]
        );
        assert_eq!(simple_clauses("참석 인원은 7명으로 입력되었다"), vec!["'참석 인원'에 '7명'를 입력한다"]);
        assert_eq!(
            simple_clauses("참석 인원은 7명으로 입력되었고, 외부 손님 참석이 체크된 상태로 저장되었다."),
            vec!["'참석 인원'에 '7명'를 입력한다", "'외부 손님 참석'를 체크한다", "'저장' 버튼을 누른다"]
        );
        assert_eq!(
            simple_clauses("개인정보 수집 동의를 선택한 상태로 가입한다"),
            vec!["'개인정보 수집 동의'를 체크한다", "'가입' 버튼을 누른다"]
        );
        // A whole sentence typed into a field stays one value.
        let clauses = simple_clauses("안내에 매장 방문 전 예약하세요. 를 입력하고 저장 버튼을 누른다");
        let intents: Vec<_> = clauses.iter().flat_map(|c| crate::interpret_all(c, None)).collect();
        assert_eq!(
            (intents[0].verb, intents[0].target.as_deref(), intents[0].value.as_deref()),
            (crate::Verb::Fill, Some("안내"), Some("매장 방문 전 예약하세요."))
        );
        assert_eq!((intents[1].verb, intents[1].target.as_deref()), (crate::Verb::Click, Some("저장")));
        // Told as what the app does, it stays one clause for the grammar to check.
        assert_eq!(simple_clauses("제목에 주간 보고가 입력된다"), vec!["제목에 주간 보고가 입력된다"]);
    }

    #[test]
    fn english_imperatives_and_field_lists() {
        assert_eq!(
            simple_clauses("Click Add and enter Ivy Chen as the name and 22 Harbor Road, Springfield as the address."),
            vec!["Click Add", "enter 'Ivy Chen' in 'name'", "enter '22 Harbor Road, Springfield' in 'address'"]
        );
        assert_eq!(
            simple_clauses("Choose Work as the contacts group and Female as the gender, then click Save"),
            vec!["Choose 'Work' in 'contacts group'", "Choose 'Female' in 'gender'", "click Save"]
        );
        assert_eq!(
            simple_clauses("Type Lee as surname, Min as given name and min@example.org as e-mail"),
            vec!["Type 'Lee' in 'surname'", "Type 'Min' in 'given name'", "Type 'min@example.org' in 'e-mail'"]
        );
        assert_eq!(
            simple_clauses("Type S3cret!pw as the new password and confirm it"),
            vec!["Type 'S3cret!pw' in 'new password'", "Type 'S3cret!pw' in 'Confirm Password'"]
        );
        assert_eq!(simple_clauses("Open the app and log in as admin"), vec!["Open the app", "log in as admin"]);
        assert_eq!(
            simple_clauses("In the Henry Davis row, click Delete."),
            vec!["click the 'Delete' in the 'Henry Davis' row"]
        );
        // A field named in lower case right before its value.
        assert_eq!(
            simple_clauses("Type the full name Jun Park and the mobile number 555-1110."),
            vec!["Type 'Jun Park' in 'full name'", "Type '555-1110' in 'mobile number'"]
        );
        assert_eq!(
            simple_clauses("Enter the e-mail kim@example.org, the city Busan and the zip code 48058"),
            vec!["Enter 'kim@example.org' in 'e-mail'", "Enter 'Busan' in 'city'", "Enter '48058' in 'zip code'"]
        );
        assert_eq!(simple_clauses("Type ui in Keywords"), vec!["Type ui in Keywords"]);
        // Each value "in" its field, whatever the case of either (a tracker's sign-in, a
        // wiki's search form, a shop's stock line); a value said in words stays words.
        assert_eq!(
            simple_clauses("Enter jsmith in Login and not-his-password in Password."),
            vec!["Enter 'jsmith' in 'Login'", "Enter 'not-his-password' in 'Password'"]
        );
        assert_eq!(
            simple_clauses("Type leave policy in Search and 20 in Results per page"),
            vec!["Type 'leave policy' in 'Search'", "Type '20' in 'Results per page'"]
        );
        assert_eq!(
            simple_clauses("Enter alice in Username and her password in Password, then click Login"),
            vec!["Enter 'alice' in 'Username'", "Enter 'her password' in 'Password'", "click Login"]
        );
        // All after the colon is what goes into the field named before it.
        assert_eq!(
            simple_clauses("Type ops in Tags and write the reason: Imports fail when a row holds a tab."),
            vec!["Type ops in Tags", "write 'Imports fail when a row holds a tab' in 'reason'"]
        );
        assert_eq!(simple_clauses("Enter the title"), vec!["Enter the title"]);
        // Quoted values as the fields they go in, a sentence of its own among them.
        assert_eq!(
            simple_clauses(
                "Click \"Add news\", type \"Maintenance window on Saturday\" as the title and \"The site is offline from 22:00\" as the summary, then click Create."
            ),
            vec![
                "Click \"Add news\"",
                "type 'Maintenance window on Saturday' in 'title'",
                "type 'The site is offline from 22:00' in 'summary'",
                "click Create"
            ]
        );
        // What a record is filed under is chosen in the field the noun names.
        assert_eq!(
            simple_clauses("File him under the Clients category and leave the sex as it is."),
            vec!["Choose 'Clients' in 'category'", "leave the sex as it is"]
        );
        assert_eq!(
            simple_clauses("Assign the ticket to the Billing Support team"),
            vec!["Choose 'Billing Support' in 'team'"]
        );
        assert_eq!(simple_clauses("Put the book in the box"), vec!["Put the book in the box"]);
        // A place told by its position names nothing to look in; its top or bottom is where.
        assert_eq!(
            simple_clauses("From the top menu, open the invoices page."),
            vec!["open the invoices page at the top"]
        );
        assert_eq!(simple_clauses("From the main menu, open the invoices page."), vec!["open the invoices page"]);
        // "'A' and 'B' are listed" is one clause; so is a quoted "and".
        assert_eq!(
            simple_clauses("'Tom and Jerry' and 'Bob' are listed"),
            vec!["'Tom and Jerry' and 'Bob' are listed"]
        );
    }
}
