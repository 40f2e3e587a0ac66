//! Understands one step sentence, Korean or English. The vocabulary is data (the tables below);
//! the code only decides which table entry applies.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    Navigate,
    Click,
    Fill,
    ExpectVisible,
}

/// The kind of element a sentence names ("버튼", "field", "대화상자" ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoleHint {
    Button,
    Link,
    Field,
    Dialog,
    Message,
    Heading,
    Checkbox,
    Tab,
    Menu,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Intent {
    pub verb: Verb,
    pub target: Option<String>,
    pub value: Option<String>,
    pub hint: Option<RoleHint>,
}

/// Korean verb stems. Korean puts the main verb last, so the stem found latest in the sentence
/// (outside quotes) wins: "'확인' 버튼을 클릭한다" clicks, "'등록 확인'이 보이는지 확인한다" checks.
const KO_VERBS: &[(&str, Verb)] = &[
    ("입력", Verb::Fill),
    ("작성", Verb::Fill),
    ("기입", Verb::Fill),
    ("클릭", Verb::Click),
    ("누른", Verb::Click),
    ("누르", Verb::Click),
    ("눌러", Verb::Click),
    ("선택", Verb::Click),
    ("이동", Verb::Navigate),
    ("접속", Verb::Navigate),
    ("방문", Verb::Navigate),
    ("연다", Verb::Navigate),
    ("열기", Verb::Navigate),
    ("확인", Verb::ExpectVisible),
    ("보인", Verb::ExpectVisible),
    ("보이", Verb::ExpectVisible),
    ("보여", Verb::ExpectVisible),
    ("표시", Verb::ExpectVisible),
    ("노출", Verb::ExpectVisible),
    ("나타", Verb::ExpectVisible),
];

/// English imperatives, matched at the start of the sentence.
const EN_LEADING_VERBS: &[(&str, Verb)] = &[
    ("click on", Verb::Click),
    ("click", Verb::Click),
    ("press", Verb::Click),
    ("tap", Verb::Click),
    ("choose", Verb::Click),
    ("enter", Verb::Fill),
    ("type", Verb::Fill),
    ("fill in", Verb::Fill),
    ("fill", Verb::Fill),
    ("input", Verb::Fill),
    ("go to", Verb::Navigate),
    ("navigate to", Verb::Navigate),
    ("open", Verb::Navigate),
    ("visit", Verb::Navigate),
    ("verify", Verb::ExpectVisible),
    ("check that", Verb::ExpectVisible),
    ("confirm that", Verb::ExpectVisible),
    ("ensure", Verb::ExpectVisible),
    ("expect", Verb::ExpectVisible),
    ("see", Verb::ExpectVisible),
];

/// English phrases that make any sentence an expectation ("'Dashboard' is shown").
const EN_EXPECT_PHRASES: &[&str] =
    &["should see", "is visible", "is shown", "is displayed", "should be visible", "should appear", "appears"];

/// For English fill sentences: the word before a quote says whether it is the field or the value.
const EN_TARGET_MARKERS: &[&str] = &["in", "into", "the", "field"];
const EN_VALUE_MARKERS: &[&str] = &["with"];

/// Nouns naming the kind of element, in Korean and English.
const ROLE_NOUNS: &[(&str, RoleHint)] = &[
    ("버튼", RoleHint::Button),
    ("button", RoleHint::Button),
    ("링크", RoleHint::Link),
    ("link", RoleHint::Link),
    ("필드", RoleHint::Field),
    ("입력란", RoleHint::Field),
    ("입력칸", RoleHint::Field),
    ("칸", RoleHint::Field),
    ("field", RoleHint::Field),
    ("textbox", RoleHint::Field),
    ("box", RoleHint::Field),
    ("대화상자", RoleHint::Dialog),
    ("팝업", RoleHint::Dialog),
    ("모달", RoleHint::Dialog),
    ("dialog", RoleHint::Dialog),
    ("modal", RoleHint::Dialog),
    ("popup", RoleHint::Dialog),
    ("메시지", RoleHint::Message),
    ("메세지", RoleHint::Message),
    ("문구", RoleHint::Message),
    ("알림", RoleHint::Message),
    ("message", RoleHint::Message),
    ("notice", RoleHint::Message),
    ("제목", RoleHint::Heading),
    ("heading", RoleHint::Heading),
    ("title", RoleHint::Heading),
    ("체크박스", RoleHint::Checkbox),
    ("checkbox", RoleHint::Checkbox),
    ("탭", RoleHint::Tab),
    ("tab", RoleHint::Tab),
    ("메뉴", RoleHint::Menu),
    ("menu", RoleHint::Menu),
];

const QUOTES: &[(char, char)] = &[('\'', '\''), ('"', '"'), ('‘', '’'), ('“', '”'), ('「', '」'), ('『', '』')];

/// A quoted span: its content and the byte ranges of the text before and after it.
#[derive(Debug)]
struct Quoted {
    text: String,
    start: usize,
    end: usize,
}

fn quoted_spans(sentence: &str) -> Vec<Quoted> {
    let mut out = Vec::new();
    let mut iter = sentence.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        let Some(&(_, close)) = QUOTES.iter().find(|(open, _)| *open == c) else {
            continue;
        };
        // An apostrophe inside a word ("user's") is not a quote.
        if c == '\'' && sentence[..i].chars().last().is_some_and(|p| p.is_alphanumeric() && p.is_ascii()) {
            continue;
        }
        let body_start = i + c.len_utf8();
        if let Some(rel) = sentence[body_start..].find(close) {
            let body_end = body_start + rel;
            out.push(Quoted {
                text: sentence[body_start..body_end].to_string(),
                start: i,
                end: body_end + close.len_utf8(),
            });
            while iter.peek().is_some_and(|(j, _)| *j < body_end + close.len_utf8()) {
                iter.next();
            }
        }
    }
    out
}

/// The sentence with quoted spans blanked out, so words inside quotes never count as verbs.
fn unquoted(sentence: &str, spans: &[Quoted]) -> String {
    let mut out = String::new();
    let mut last = 0;
    for span in spans {
        out.push_str(&sentence[last..span.start]);
        out.push_str(" _ ");
        last = span.end;
    }
    out.push_str(&sentence[last..]);
    out
}

fn is_hangul(text: &str) -> bool {
    text.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c))
}

pub fn interpret(sentence: &str) -> Option<Intent> {
    let sentence = sentence.trim().trim_end_matches(['.', '。']);
    let spans = quoted_spans(sentence);
    let bare = unquoted(sentence, &spans);
    let bare_lower = bare.to_lowercase();
    let korean = is_hangul(&bare);

    let verb = if korean {
        KO_VERBS
            .iter()
            .filter_map(|(stem, verb)| bare.rfind(stem).map(|pos| (pos, *verb)))
            .max_by_key(|(pos, _)| *pos)
            .map(|(_, verb)| verb)
    } else if EN_EXPECT_PHRASES.iter().any(|p| bare_lower.contains(p)) {
        Some(Verb::ExpectVisible)
    } else {
        let lead = bare_lower.trim_start();
        EN_LEADING_VERBS
            .iter()
            .find(|(word, _)| lead.starts_with(word) && !lead[word.len()..].starts_with(char::is_alphanumeric))
            .map(|(_, verb)| *verb)
    }?;

    let hint_after = |span: &Quoted| -> Option<RoleHint> {
        let after = sentence[span.end..].trim_start().to_lowercase();
        let word: String = after.split_whitespace().next().unwrap_or("").to_string();
        let before = sentence[..span.start].to_lowercase();
        let before_word = before.split_whitespace().last().unwrap_or("").to_string();
        ROLE_NOUNS
            .iter()
            .find(|(noun, _)| word.starts_with(noun))
            .or_else(|| if korean { None } else { ROLE_NOUNS.iter().find(|(noun, _)| before_word == *noun) })
            .map(|(_, hint)| *hint)
    };

    match verb {
        Verb::Navigate => {
            let target =
                spans.iter().map(|s| s.text.clone()).find(|t| t.starts_with('/') || t.starts_with("http")).or_else(
                    || {
                        sentence
                            .split_whitespace()
                            .find(|w| w.starts_with('/') || w.starts_with("http"))
                            .map(|w| w.trim_end_matches([',', '.', ')']).to_string())
                    },
                )?;
            Some(Intent { verb, target: Some(target), value: None, hint: None })
        }
        Verb::Fill => {
            if spans.len() < 2 {
                return None;
            }
            let (target, value) = if korean {
                // The field takes the locative particle 에 ("'이메일' 필드에"); the value takes 을/를.
                let marks_field = |span: &Quoted| {
                    let after = &sentence[span.end..];
                    let words: Vec<&str> = after.split_whitespace().take(2).collect();
                    after.starts_with('에')
                        || words.first().is_some_and(|w| {
                            ROLE_NOUNS.iter().any(|(n, h)| *h == RoleHint::Field && w.starts_with(n))
                                && w.contains('에')
                        })
                };
                match spans.iter().position(marks_field) {
                    Some(1) => (&spans[1], &spans[0]),
                    _ => (&spans[0], &spans[1]),
                }
            } else {
                let marker =
                    |span: &Quoted| sentence[..span.start].split_whitespace().last().unwrap_or("").to_lowercase();
                let first_is_target = if EN_VALUE_MARKERS.contains(&marker(&spans[1]).as_str()) {
                    true
                } else if EN_TARGET_MARKERS.contains(&marker(&spans[1]).as_str()) {
                    false
                } else {
                    bare_lower.trim_start().starts_with("fill")
                };
                if first_is_target {
                    (&spans[0], &spans[1])
                } else {
                    (&spans[1], &spans[0])
                }
            };
            Some(Intent {
                verb,
                target: Some(target.text.clone()),
                value: Some(value.text.clone()),
                hint: Some(RoleHint::Field),
            })
        }
        Verb::Click | Verb::ExpectVisible => {
            let span = spans.first()?;
            Some(Intent { verb, target: Some(span.text.clone()), value: None, hint: hint_after(span) })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn intent(verb: Verb, target: &str, value: Option<&str>, hint: Option<RoleHint>) -> Intent {
        Intent { verb, target: Some(target.into()), value: value.map(Into::into), hint }
    }

    #[test]
    fn korean_sentences() {
        let cases = [
            ("'/login' 페이지로 이동한다.", intent(Verb::Navigate, "/login", None, None)),
            (
                "'이메일' 필드에 'ada@example.com'을 입력한다.",
                intent(Verb::Fill, "이메일", Some("ada@example.com"), Some(RoleHint::Field)),
            ),
            (
                "'ada@example.com'을 '이메일'에 입력한다",
                intent(Verb::Fill, "이메일", Some("ada@example.com"), Some(RoleHint::Field)),
            ),
            ("'로그인' 버튼을 클릭한다.", intent(Verb::Click, "로그인", None, Some(RoleHint::Button))),
            ("'확인' 버튼을 누른다", intent(Verb::Click, "확인", None, Some(RoleHint::Button))),
            ("'대시보드'가 보이는지 확인한다.", intent(Verb::ExpectVisible, "대시보드", None, None)),
            (
                "'등록 확인' 대화상자가 표시되는지 확인한다.",
                intent(Verb::ExpectVisible, "등록 확인", None, Some(RoleHint::Dialog)),
            ),
            (
                "'상품이 등록되었습니다.' 메시지가 표시되는지 확인한다.",
                intent(Verb::ExpectVisible, "상품이 등록되었습니다.", None, Some(RoleHint::Message)),
            ),
            ("“상품 관리” 링크를 클릭한다", intent(Verb::Click, "상품 관리", None, Some(RoleHint::Link))),
        ];
        for (sentence, expected) in cases {
            assert_eq!(interpret(sentence), Some(expected), "{sentence}");
        }
    }

    #[test]
    fn english_sentences() {
        let cases = [
            ("Go to /login", intent(Verb::Navigate, "/login", None, None)),
            (
                "Enter 'ada@example.com' in 'Email'",
                intent(Verb::Fill, "Email", Some("ada@example.com"), Some(RoleHint::Field)),
            ),
            (
                "Fill 'Email' with 'ada@example.com'",
                intent(Verb::Fill, "Email", Some("ada@example.com"), Some(RoleHint::Field)),
            ),
            (
                "Type \"secret\" into the \"Password\" field",
                intent(Verb::Fill, "Password", Some("secret"), Some(RoleHint::Field)),
            ),
            ("Click 'Sign in'", intent(Verb::Click, "Sign in", None, None)),
            ("Click the 'Sign in' button.", intent(Verb::Click, "Sign in", None, Some(RoleHint::Button))),
            ("Verify 'Dashboard' is visible", intent(Verb::ExpectVisible, "Dashboard", None, None)),
            ("The 'Saved' message is shown", intent(Verb::ExpectVisible, "Saved", None, Some(RoleHint::Message))),
        ];
        for (sentence, expected) in cases {
            assert_eq!(interpret(sentence), Some(expected), "{sentence}");
        }
    }

    #[test]
    fn sentences_without_a_verb_or_target_are_not_understood() {
        assert_eq!(interpret("운영자 권한이 필요하다"), None);
        assert_eq!(interpret("로그인 버튼을 클릭한다"), None);
        assert_eq!(interpret("The user's dashboard"), None);
    }
}
