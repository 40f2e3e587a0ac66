//! A thing dragged onto another ("Drag 'Fix login' to the Done column", "사과를 장바구니에
//! 끌어다 놓는다"): two elements in one sentence, the one moved (the target) and the one it is
//! dropped on (the value), quoted or not, in either order Korean allows.

use crate::quotes::Quoted;
use crate::{Intent, Verb};

/// Where an English sentence says the thing lands, earliest first when several appear.
const EN_ONTO: &[&str] = &[
    " and drop it onto ",
    " and drop it on ",
    " and drop it into ",
    " and drop it in ",
    " onto ",
    " on to ",
    " into ",
    " to ",
    " on ",
    " over ",
    " in ",
];

/// The words that start an English drag, longest first.
const EN_DRAG: &[&str] = &["drag and drop", "drag & drop", "drag-and-drop", "drag"];

/// Korean particles after the thing moved.
const KO_MOVED: &[&str] = &["을", "를"];
/// Korean particles after the place it lands on, longest first.
const KO_ONTO: &[&str] = &["에다가", "에다", "으로", "로", "에"];
/// Words after the landing place that only say "onto", "into" ("장바구니 위로", "목록 안에").
const KO_PLACE_WORDS: &[&str] = &["위로", "위에", "위", "안으로", "안에", "쪽으로", "쪽에"];
/// Words that say which kind of element a name is, not part of its name ("the Done column",
/// "'완료' 열"), dropped when words of the name remain.
const KIND_WORDS: &[&str] =
    &["card", "column", "item", "row", "widget", "tile", "카드", "열", "컬럼", "칼럼", "항목", "위젯", "행"];

/// The drag a clause says, or `None` when it does not name both elements. Korean says each
/// one's part with its particle, quoted or not; English by the quotes, or by where "to", "onto"
/// fall. A place it is dragged from ("from 'To Do'") is neither element.
pub(super) fn dragged(clause: &str, spans: &[Quoted], korean: bool) -> Option<Intent> {
    // Lowered in ASCII only: positions found in it cut the clause itself (a letter such as 'İ'
    // lowers to more bytes).
    let lower = clause.to_ascii_lowercase();
    let (moved, onto) = if korean {
        korean_pair(&without_quote_marks(clause))?
    } else if let Some(from) = lower.find(" from ") {
        from_origin(clause, spans, from)?
    } else {
        match spans {
            [a, b] => quoted_pair(clause, a, b)?,
            _ => english_pair(&without_quote_marks(clause))?,
        }
    };
    let (moved, onto) = (without_kind(&moved), without_kind(&onto));
    // "drag it into the upload area": what "it" is, a sentence before says (a file, often).
    let pronoun = ["it", "them", "this", "that", "그것", "이것"].contains(&moved.to_lowercase().as_str());
    (!moved.is_empty() && !onto.is_empty() && moved != onto && !pronoun).then(|| Intent {
        verb: Verb::Drag,
        target: Some(moved),
        value: Some(onto),
        hint: None,
        scope: None,
    })
}

/// Where the English drag verb ends.
fn after_verb(lower: &str) -> Option<usize> {
    let start = lower.find("drag")?;
    EN_DRAG.iter().find(|v| lower[start..].starts_with(**v)).map(|v| start + v.len())
}

/// Two quoted names: the one after "to", "onto" is where it lands, the other the one moved.
/// Neither after one ("Drag 'About us' above 'Contact'": a place beside it, not on it): not read.
fn quoted_pair(clause: &str, a: &Quoted, b: &Quoted) -> Option<(String, String)> {
    let lands = |q: &Quoted| {
        let before = format!(" {}", clause.get(..q.start).unwrap_or("").to_lowercase());
        EN_ONTO.iter().any(|p| before.ends_with(p) || before.ends_with(&format!("{p}the ")))
    };
    match (lands(a), lands(b)) {
        (false, true) => Some((a.text.clone(), b.text.clone())),
        (true, false) => Some((b.text.clone(), a.text.clone())),
        _ => None,
    }
}

/// "Drag the issue from 'To Do' to 'In Progress'": the words before "from" are the thing
/// moved, the quoted name after the origin's where it lands. Unquoted, an origin's own words may
/// hold "to" ("from To Do to Done"): not told apart, so not read.
fn from_origin(clause: &str, spans: &[Quoted], from: usize) -> Option<(String, String)> {
    let [origin, place] = spans else { return None };
    let verb_end = after_verb(&clause.to_ascii_lowercase())?;
    if origin.start < from || verb_end > from {
        return None;
    }
    Some((plain_english(clause.get(verb_end..from)?), place.text.clone()))
}

fn without_quote_marks(clause: &str) -> String {
    clause.chars().filter(|c| !crate::quotes::QUOTES.iter().any(|(o, e)| o == c || e == c)).collect()
}

/// "Drag the Fix login card to the Done column", "Drag and drop Apple onto Cart".
fn english_pair(clause: &str) -> Option<(String, String)> {
    let lower = clause.to_ascii_lowercase();
    let rest_at = after_verb(&lower)?;
    let rest = &lower[rest_at..];
    let (at, onto) =
        EN_ONTO.iter().filter_map(|p| rest.find(p).map(|i| (i, *p))).min_by_key(|(i, p)| (*i, -(p.len() as i64)))?;
    let moved = &clause[rest_at..rest_at + at];
    let place = &clause[rest_at + at + onto.len()..];
    Some((plain_english(moved), plain_english(place)))
}

fn plain_english(words: &str) -> String {
    let words = words.trim().trim_end_matches(['.', '!']).trim();
    let words = ["the ", "The "].iter().find_map(|a| words.strip_prefix(a)).unwrap_or(words);
    words.trim().to_string()
}

/// "사과를 장바구니에 끌어다 놓는다", "보관함으로 2장을 끌어 놓는다": the word with the object's
/// particle ends the thing moved; the words with a place's particle are where it lands, before
/// or after it. A place the whole step happens in ("보드에서") is neither.
fn korean_pair(clause: &str) -> Option<(String, String)> {
    let words: Vec<&str> = clause.split_whitespace().collect();
    let verb = words.iter().position(|w| w.contains("드래그") || w.starts_with("끌어"))?;
    let before = &words[..verb];
    let object = before.iter().position(|w| KO_MOVED.iter().any(|p| w.ends_with(p) && w.len() > p.len()))?;
    let (moved, place) = match before[..object].iter().rposition(lands_ko) {
        // The place first: "보관함으로 2장을".
        Some(last) => (&before[last + 1..=object], &before[..=last]),
        None => (&before[..=object], &before[object + 1..]),
    };
    let (moved, place) = (after_origin(moved), after_origin(place));
    let place: Vec<&str> = place.iter().copied().filter(|w| !KO_PLACE_WORDS.contains(w)).collect();
    Some((strip_any(&moved.join(" "), KO_MOVED), strip_any(&place.join(" "), KO_ONTO)))
}

/// The words after a place the step happens in or starts from ("보드에서", "'할 일'에서"), when
/// words remain after it.
fn after_origin<'a>(words: &'a [&'a str]) -> &'a [&'a str] {
    match words.iter().rposition(|w| w.ends_with("에서") && w.len() > "에서".len()) {
        Some(at) if at + 1 < words.len() => &words[at + 1..],
        _ => words,
    }
}

/// Whether a Korean word ends with a particle of the place something lands on.
fn lands_ko(word: &&str) -> bool {
    KO_PLACE_WORDS.contains(word) || KO_ONTO.iter().any(|p| word.ends_with(p) && word.len() > p.len())
}

fn strip_any(words: &str, particles: &[&str]) -> String {
    let words = words.trim();
    particles.iter().find_map(|p| words.strip_suffix(p)).unwrap_or(words).trim().to_string()
}

fn without_kind(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    match words.as_slice() {
        [rest @ .., last] if !rest.is_empty() && KIND_WORDS.contains(&last.to_lowercase().as_str()) => rest.join(" "),
        _ => name.trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use crate::{interpret_all, Intent, Verb};

    fn drag(moved: &str, onto: &str) -> Vec<Intent> {
        vec![Intent { verb: Verb::Drag, target: Some(moved.into()), value: Some(onto.into()), hint: None, scope: None }]
    }

    #[test]
    fn english_drags_name_the_thing_moved_and_where_it_lands() {
        // A task board, a shop's cart, a dashboard: quoted, unquoted, "drag and drop".
        assert_eq!(interpret_all("Drag the 'Fix login' card to the 'Done' column.", None), drag("Fix login", "Done"));
        assert_eq!(interpret_all("Drag and drop Apple onto the Cart", None), drag("Apple", "Cart"));
        assert_eq!(interpret_all("Drag the Sales widget into Sidebar.", None), drag("Sales", "Sidebar"));
        // Letters that lower to more bytes than they are ('İ') leave the cut where it was.
        assert_eq!(interpret_all("Drag the İstanbul card to Çağla", None), drag("İstanbul", "Çağla"));
        assert_eq!(
            interpret_all("Then drag \"Chapter 2\" and drop it on \"Archive\"", None),
            drag("Chapter 2", "Archive")
        );
    }

    #[test]
    fn korean_drags_in_either_order() {
        assert_eq!(interpret_all("'로그인 수정' 카드를 '완료' 열로 드래그한다.", None), drag("로그인 수정", "완료"));
        assert_eq!(interpret_all("사과를 장바구니에 끌어다 놓는다", None), drag("사과", "장바구니"));
        assert_eq!(interpret_all("매출 위젯을 사이드바 위로 드래그 앤 드롭한다", None), drag("매출", "사이드바"));
        assert_eq!(interpret_all("'보관함'으로 '2장'을 끌어 놓는다", None), drag("2장", "보관함"));
        // Where it comes from is neither ("'할 일'에서").
        assert_eq!(
            interpret_all("'할 일'에서 '완료'로 '로그인 수정' 카드를 드래그한다", None),
            drag("로그인 수정", "완료")
        );
    }

    #[test]
    fn an_origin_is_neither_element() {
        assert_eq!(
            interpret_all("Drag the Fix login card from 'To Do' to 'In Progress'.", None),
            drag("Fix login", "In Progress")
        );
        // Unquoted, "to" inside the origin's name cannot be told from the one that says where.
        assert!(interpret_all("Drag the card from To Do to Done", None).iter().all(|i| i.verb != Verb::Drag));
    }

    #[test]
    fn a_drag_naming_one_element_is_not_guessed() {
        assert!(interpret_all("Drag the slider", None).iter().all(|i| i.verb != Verb::Drag));
        assert!(interpret_all("카드를 드래그한다", None).iter().all(|i| i.verb != Verb::Drag));
        // A place beside the other, not on it; a thing a sentence before named.
        assert!(interpret_all("Drag 'About us' above 'Contact'", None).iter().all(|i| i.verb != Verb::Drag));
        let upload = interpret_all("Select a file and drag it into the upload area", None);
        assert!(upload.iter().all(|i| i.verb != Verb::Drag), "{upload:?}");
    }
}
