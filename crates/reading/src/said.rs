//! A person's message to a session, read: the few conversational forms a chat holds ("skip step
//! 4", "undo", "why did step 6 fail?", "run it again", "4단계 다음에 …") and otherwise words read
//! as a one-line spec, with the request forms of talk ("…해줘", "please …", "also …") put as a
//! spec writes them. What the words then mean is the grammar's, as for any spec line.

use regex::Regex;
use std::sync::OnceLock;

/// What a message is, before the grammar reads its steps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Spoken {
    /// Steps or checks in the person's words, put as a spec line; after the person's step
    /// `after` when they said where.
    Steps { text: String, after: Option<u32> },
    /// Leave the person's step out.
    Skip { step: u32 },
    /// The person's step done otherwise: these words, put as a spec line, in its place ("change
    /// step 4 to click 'Save' in the dialog", "4단계 대신 '저장'을 클릭해 줘").
    Replace { step: u32, text: String },
    /// Take back the last change.
    Undo,
    /// Run the trial again.
    Again,
    /// Check the kept scenario against the application as it is today (drift, verdict), changing
    /// nothing: "check it", "검사해 줘".
    Check,
    /// Check every kept scenario of the application's suite (the sessions on the same address):
    /// "check the suite", "check all the scenarios", "스위트 전체를 검사해 줘".
    CheckSuite,
    /// Why a step (or the run) failed.
    Why { step: Option<u32> },
    /// Another value for a step that types one ("use 12,000 instead", "가격은 12000으로 해 줘"):
    /// the step by its number, the field it types into, or the value it typed, when said.
    Value { step: Option<u32>, field: Option<String>, from: Option<String>, to: String },
}

fn pattern(cell: &'static OnceLock<Option<Regex>>, source: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(source).ok()).as_ref()
}

/// "step 4", "4단계", "4번째 단계", "#4": the number a person gives a step.
const STEP: &str = r"(?:step\s*#?\s*(\d{1,3})|#\s*(\d{1,3})|(\d{1,3})\s*(?:번\s*(?:째)?\s*)?(?:단계|스텝|번\s*째|번))";

fn step_number(caps: &regex::Captures<'_>) -> Option<u32> {
    (1..=3).find_map(|i| caps.get(i)).and_then(|m| m.as_str().parse().ok())
}

/// Reads a message. Whole-message forms first (a form inside a longer sentence is that
/// sentence's own words: "click Undo" presses the app's button).
pub fn spoken(message: &str) -> Spoken {
    let text = message.trim().trim_end_matches(['.', '!', '。']).trim();
    let lower = text.to_lowercase();
    static SKIP: OnceLock<Option<Regex>> = OnceLock::new();
    let skip = format!(
        r"^(?:please\s+)?(?:skip|remove|delete|drop|leave\s+out)\s+(?:the\s+)?{STEP}$|^{STEP}\s*(?:을|를|은|는|도)?\s*(?:건너뛰|건너 뛰|빼|삭제|제거|생략|없애)[가-힣\s]*$"
    );
    if let Some(caps) = pattern(&SKIP, &skip).and_then(|re| re.captures(&lower)) {
        let step = (1..=6).find_map(|i| caps.get(i)).and_then(|m| m.as_str().parse().ok());
        if let Some(step) = step {
            return Spoken::Skip { step };
        }
    }
    // "5단계는 12000으로 바꿔 줘": a numbered step given a value, not other words.
    if let Some(value @ Spoken::Value { step: Some(_), .. }) = revalued(text) {
        return value;
    }
    if let Some((step, rest)) = replaced(text) {
        // "Change step 5 to 12000": the words are only a value.
        static BARE: OnceLock<Option<Regex>> = OnceLock::new();
        if pattern(&BARE, &format!("^(?:{VALUE})$")).is_some_and(|re| re.is_match(rest.trim())) {
            let to = rest.trim().trim_matches(|c| matches!(c, '\'' | '"' | '“' | '”' | '‘' | '’')).to_string();
            return Spoken::Value { step: Some(step), field: None, from: None, to };
        }
        return Spoken::Replace { step, text: as_spec_line(rest) };
    }
    if let Some(value) = revalued(text) {
        return value;
    }
    static UNDO: OnceLock<Option<Regex>> = OnceLock::new();
    let undo = r"^(?:undo(?:\s+that|\s+the\s+last\s+change|\s+it)?|take\s+that\s+back|revert\s+(?:that|the\s+last\s+change)|되돌려[가-힣\s]*|되돌리기|실행\s*취소|방금\s*(?:거|것|건|한\s*거)?\s*(?:을|를)?\s*취소[가-힣\s]*)$";
    if pattern(&UNDO, undo).is_some_and(|re| re.is_match(&lower)) {
        return Spoken::Undo;
    }
    static AGAIN: OnceLock<Option<Regex>> = OnceLock::new();
    let again = r"^(?:please\s+)?(?:run|try)\s+(?:it\s+|the\s+(?:trial|test|scenario)\s+)?again(?:\s+please)?$|^(?:트라이얼을?\s*|테스트를?\s*|시나리오를?\s*)?다시\s*(?:실행|돌려|해\s*봐|해봐|시도)[가-힣\s]*$";
    if pattern(&AGAIN, again).is_some_and(|re| re.is_match(&lower)) {
        return Spoken::Again;
    }
    static CHECK: OnceLock<Option<Regex>> = OnceLock::new();
    let check = r"^(?:please\s+)?(?:re-?)?check\s+(?:it|this|the\s+(?:scenario|test|session))(?:\s+again)?(?:\s+(?:now|please))?$|^(?:please\s+)?run\s+(?:a|the)\s+check(?:\s+again)?$|^(?:다시\s*)?(?:검사|점검)\s*(?:해\s*(?:줘|주세요|봐|줄래)|해줘|해봐|하기|해)$";
    if pattern(&CHECK, check).is_some_and(|re| re.is_match(&lower)) {
        return Spoken::Check;
    }
    static SUITE: OnceLock<Option<Regex>> = OnceLock::new();
    let suite = r"^(?:please\s+)?(?:re-?)?(?:check|run)\s+(?:the\s+(?:whole\s+|entire\s+)?suite|(?:all|every\s+one)\s+of\s+(?:them|the\s+(?:scenarios|tests|sessions))|all\s+(?:the\s+|my\s+)?(?:scenarios|tests|sessions)|every\s+(?:kept\s+)?(?:scenario|test|session)|everything)(?:\s+again)?(?:\s+(?:now|please))?$|^(?:please\s+)?run\s+the\s+suite(?:'s)?\s+check(?:\s+again)?$|^(?:다시\s*)?(?:스위트\s*(?:를|도)?\s*(?:전체\s*(?:를)?\s*|전부\s*|모두\s*|다\s*)?|(?:전체|모든)\s*(?:시나리오|테스트|세션)\s*(?:를|을)?\s*(?:다\s*|모두\s*|전부\s*)?|(?:시나리오|테스트|세션)\s*(?:를|을)?\s*(?:다|모두|전부)\s*|(?:전부|전체|모두|다)\s*(?:를)?\s*)(?:다시\s*)?(?:검사|점검)\s*(?:해\s*(?:줘|주세요|봐|줄래)|해줘|해봐|하기|해)$";
    if pattern(&SUITE, suite).is_some_and(|re| re.is_match(&lower)) {
        return Spoken::CheckSuite;
    }
    static WHY: OnceLock<Option<Regex>> = OnceLock::new();
    let why = format!(r"^why\b.*\bfail|^(?:{STEP}\s*(?:은|는|이|가)?\s*)?왜\s*(?:실패|안\s*됐|안\s*되)");
    if let Some(caps) = pattern(&WHY, &why).and_then(|re| re.captures(&lower)) {
        let step = step_number(&caps).or_else(|| {
            static NUMBER: OnceLock<Option<Regex>> = OnceLock::new();
            pattern(&NUMBER, STEP).and_then(|re| re.captures(&lower)).and_then(|c| step_number(&c))
        });
        return Spoken::Why { step };
    }
    let (after, rest) = placed(text);
    Spoken::Steps { text: as_spec_line(rest), after }
}

/// "Change step 4 to …", "Instead of step 4, …", "4단계 대신 …", "4단계를 …로 바꿔 줘": the step
/// and the words that do it now.
fn replaced(text: &str) -> Option<(u32, &str)> {
    static REPLACE: OnceLock<Option<Regex>> = OnceLock::new();
    let forms = [
        format!(r"(?i)^(?:change|replace)\s+{STEP}\s+(?:to|with)\s*:?\s*(.+)$"),
        format!(r"(?i)^instead\s+of\s+{STEP}\s*[,:]?\s*(.+)$"),
        format!(r"^{STEP}\s*(?:대신|대신에)\s*,?\s*(.+)$"),
        format!(r"^{STEP}\s*(?:을|를|은|는)?\s*(.+?)\s*(?:으로|로)\s*(?:바꿔|바꾸|고쳐|수정해)[가-힣\s]*$"),
    ];
    let re = pattern(&REPLACE, &forms.iter().map(|f| format!("(?:{f})")).collect::<Vec<_>>().join("|"))?;
    let caps = re.captures(text)?;
    let step = (1..caps.len()).filter_map(|i| caps.get(i)).find_map(|m| m.as_str().parse::<u32>().ok())?;
    // The words are each form's last group: the last group that matched.
    let rest = caps.iter().skip(1).flatten().last()?.as_str();
    // A whole sentence in quotes ("…를 '저장을 클릭한다'로 바꿔") is that sentence.
    let quote = |c: char| matches!(c, '\'' | '"' | '“' | '”' | '‘' | '’');
    let rest = rest.trim();
    let inner = rest.strip_prefix(quote).and_then(|r| r.strip_suffix(quote));
    let rest = match inner {
        Some(inner) if !inner.contains(quote) => inner.trim(),
        _ => rest,
    };
    (!rest.is_empty()).then_some((step, rest))
}

/// A value as a person gives one in a correction: quoted, or a number ("12,000", "39000원").
const VALUE: &str = r#"'[^']+'|"[^"]+"|“[^”]+”|‘[^’]+’|[0-9][0-9,.]*(?:원|개|%)?"#;

/// "use 12,000 instead", "in step 5, use 12,000", "use 12,000 for the price instead", "use 12,000
/// instead of 39,000", "12,000으로 바꿔 줘", "5단계는 12000으로 해 줘", "'가격'은 12000으로 해 줘",
/// "39000 대신 12000을 넣어 줘": another value for a step that types one.
fn revalued(text: &str) -> Option<Spoken> {
    static FORMS: OnceLock<Vec<Regex>> = OnceLock::new();
    let forms = FORMS.get_or_init(|| {
        let to = format!("(?P<to>{VALUE})");
        let from = format!("(?P<from>{VALUE})");
        let step = r"(?:step\s*#?\s*(?P<step>\d{1,3})|(?P<kstep>\d{1,3})\s*(?:번\s*(?:째)?\s*)?단계)";
        [
            format!(r"(?i)^(?:(?:in|for)\s+{step}\s*[,:]?\s*)?(?:use|type|enter|put)\s+{to}(?:\s+(?:in|for|into)\s+(?:the\s+)?(?P<field>.+?))?\s+instead(?:\s+of\s+{from})?$"),
            format!(r"(?i)^(?:in|for)\s+{step}\s*[,:]?\s*(?:use|type|enter|put)\s+{to}$"),
            format!(r"^(?:{step}\s*(?:에서|는|은|의)?\s*)?(?:(?P<field>'[^']+'|[가-힣A-Za-z]+)\s*(?:은|는|에는|에|값은)\s*)?{to}\s*(?:으로|로)\s*(?:바꿔|바꾸|고쳐|해|입력해|넣어)[가-힣\s]*$"),
            format!(r"^(?:{step}\s*(?:에서|는|은)?\s*)?{from}\s*(?:대신|말고)\s*,?\s*{to}\s*(?:을|를|으로|로)?\s*(?:써|넣어|입력해|사용해|바꿔)[가-힣\s]*$"),
        ]
        .iter()
        .filter_map(|f| Regex::new(f).ok())
        .collect()
    });
    let unquote = |v: &str| v.trim_matches(|c| matches!(c, '\'' | '"' | '“' | '”' | '‘' | '’')).trim().to_string();
    let caps = forms.iter().find_map(|re| re.captures(text))?;
    let to = unquote(caps.name("to")?.as_str());
    let step = caps.name("step").or_else(|| caps.name("kstep")).and_then(|m| m.as_str().parse().ok());
    let field = caps.name("field").map(|m| unquote(m.as_str())).filter(|f| !f.is_empty());
    let from = caps.name("from").map(|m| unquote(m.as_str()));
    (!to.is_empty()).then_some(Spoken::Value { step, field, from, to })
}

/// "After step 4, check …", "4단계 다음에 …": where the person puts the steps, and the rest.
fn placed(text: &str) -> (Option<u32>, &str) {
    static AFTER: OnceLock<Option<Regex>> = OnceLock::new();
    let after = format!(r"(?i)^(?:after\s+{STEP}\s*[,:]?|{STEP}\s*(?:다음에|뒤에|후에|이후에)\s*,?)\s*");
    match pattern(&AFTER, &after).and_then(|re| re.captures(text)) {
        Some(caps) => {
            let n = (1..=6).find_map(|i| caps.get(i)).and_then(|m| m.as_str().parse().ok());
            let end = caps.get(0).map_or(0, |m| m.end());
            (n, &text[end..])
        }
        None => (None, text),
    }
}

/// The words of talk put as a spec writes them: "also"/"please"/"그리고" dropped at the
/// start, a Korean request ending ("…해줘", "…해 주세요") as the plain form ("…한다").
fn as_spec_line(text: &str) -> String {
    let mut line = text.trim();
    for lead in ["also ", "and ", "then ", "please ", "now ", "그리고 ", "또 ", "추가로 ", "그 다음 ", "그다음 "]
    {
        if line.len() > lead.len() && line.is_char_boundary(lead.len()) && line[..lead.len()].eq_ignore_ascii_case(lead)
        {
            line = line[lead.len()..].trim_start();
        }
    }
    let line = line.trim_end_matches([',', ' ']).trim_end_matches(" please").trim_end();
    for (request, plain) in [
        ("해 주세요", "한다"),
        ("해주세요", "한다"),
        ("해 줘요", "한다"),
        ("해줘요", "한다"),
        ("해 줘", "한다"),
        ("해줘", "한다"),
        ("해봐", "한다"),
        ("해 봐", "한다"),
        ("하세요", "한다"),
        ("눌러 주세요", "누른다"),
        ("눌러주세요", "누른다"),
        ("눌러줘", "누른다"),
        ("넣어 주세요", "입력한다"),
        ("넣어줘", "입력한다"),
    ] {
        if let Some(stem) = line.strip_suffix(request) {
            return format!("{stem}{plain}");
        }
    }
    line.to_string()
}

/// A person agreeing or disagreeing with what the engine showed them, in a whole message:
/// `Some(true)` for "yes", "that's right", "그 메시지 맞아요"; `Some(false)` for "no", "that is a
/// defect", "아니요, 결함이에요". Anything longer is words to read, not a verdict.
pub fn verdict(message: &str) -> Option<bool> {
    let text = message.trim().trim_end_matches(['.', '!', '。']).trim().to_lowercase();
    // A question back ("맞아요?", "OK?") is no answer.
    if text.ends_with('?') {
        return None;
    }
    // What may follow a "no": only that it is a defect, or not the thing shown.
    let defect =
        r"(?:(?:that'?s|that\s+is|it'?s|it\s+is|this\s+is)\s+)?(?:a\s+)?(?:defect|bug|wrong|not\s+it|not\s+right)";
    let kdefect = r"(?:그건\s*|그거\s*)?(?:결함|버그)(?:이에요|예요|입니다|이야|야|이다)?|(?:그\s*)?(?:메시지|문구)\s*(?:가|이)?\s*아니(?:에요|야|다|요)|틀렸(?:어요|어|습니다)";
    static NO: OnceLock<Option<Regex>> = OnceLock::new();
    let no = format!(
        r"^(?:(?:no|nope)(?:[,.!]?\s*{defect})?|{defect}|not\s+(?:that|it|right))$|^(?:(?:아니(?:요|오)?|아뇨)(?:[,.!]?\s*(?:{kdefect}))?|{kdefect}|틀려요)$"
    );
    if pattern(&NO, &no).is_some_and(|re| re.is_match(&text)) {
        return Some(false);
    }
    static YES: OnceLock<Option<Regex>> = OnceLock::new();
    let yes = r"^(?:yes|yeah|yep|right|correct|exactly|ok(?:ay)?|that'?s\s+(?:it|right|correct|the\s+one)|(?:that|this)\s+(?:message\s+|one\s+|text\s+)?is\s+(?:right|correct|it|the\s+one)|looks\s+(?:good|right))(?:[,.!]?\s*(?:go\s+on|continue|thanks?|thank\s+you|please))?$|^(?:네|예|응|맞(?:아요|아|습니다|네요)|(?:그|이)\s*(?:메시지|문구|거|것|게)\s*(?:가|이)?\s*맞(?:아요|아|습니다|네요))(?:[,.!]?\s*(?:계속(?:해\s*(?:줘|주세요))?|진행해\s*(?:줘|주세요)))?$";
    if pattern(&YES, yes).is_some_and(|re| re.is_match(&text)) {
        return Some(true);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_yes_or_a_no_to_what_was_shown_is_told_from_words_to_read() {
        for yes in [
            "yes",
            "Yes, go on.",
            "That's right",
            "this message is correct",
            "그 메시지 맞아요",
            "네",
            "맞아요, 계속해 줘",
        ] {
            assert_eq!(verdict(yes), Some(true), "{yes}");
        }
        for no in [
            "no",
            "No, that is a defect",
            "it's a bug",
            "아니요",
            "그건 결함이에요",
            "아니요, 그 메시지가 아니에요",
            "틀렸어요",
        ] {
            assert_eq!(verdict(no), Some(false), "{no}");
        }
        // Words with a step in them, that name an element or an option, or ask back, are read,
        // never a verdict.
        for words in [
            "Click 'Yes'",
            "'네' 버튼을 누른다",
            "no items are listed",
            "Notes",
            "Right column",
            "okay button",
            "No, option 2",
            "No. 2",
            "아니, 2번이요",
            "No, the one in the dialog",
            "Not that, the one in the header",
            "괜찮아요",
            "맞아요?",
            "OK?",
        ] {
            assert_eq!(verdict(words), None, "{words}");
        }
    }

    fn steps(text: &str, after: Option<u32>) -> Spoken {
        Spoken::Steps { text: text.to_string(), after }
    }

    #[test]
    fn whole_message_forms_are_told_apart_from_steps() {
        assert_eq!(spoken("skip step 4"), Spoken::Skip { step: 4 });
        assert_eq!(spoken("Remove step #12."), Spoken::Skip { step: 12 });
        assert_eq!(spoken("4단계는 건너뛰어 줘"), Spoken::Skip { step: 4 });
        assert_eq!(spoken("3번째 단계 빼줘"), Spoken::Skip { step: 3 });
        assert_eq!(spoken("undo"), Spoken::Undo);
        assert_eq!(spoken("Undo that"), Spoken::Undo);
        assert_eq!(spoken("되돌려 줘"), Spoken::Undo);
        assert_eq!(spoken("방금 거 취소해"), Spoken::Undo);
        assert_eq!(spoken("run it again"), Spoken::Again);
        assert_eq!(spoken("다시 실행해 줘"), Spoken::Again);
        assert_eq!(spoken("Check it again."), Spoken::Check);
        assert_eq!(spoken("run the check"), Spoken::Check);
        assert_eq!(spoken("다시 검사해 줘"), Spoken::Check);
        for suite in [
            "Check the suite",
            "check the whole suite again",
            "Please check all the scenarios.",
            "run all of the tests",
            "check everything",
            "스위트 전체를 검사해 줘",
            "스위트를 다시 검사해 주세요",
            "전체 시나리오를 검사해 줘",
            "모든 테스트 다 검사해줘",
            "시나리오를 모두 점검해 줘",
            "전부 검사해 줘",
        ] {
            assert_eq!(spoken(suite), Spoken::CheckSuite, "{suite}");
        }
        // A suite the app shows is the app's own words.
        assert!(matches!(spoken("check the suite name is shown"), Spoken::Steps { .. }));
        assert!(matches!(spoken("스위트 목록이 보이는지 확인"), Spoken::Steps { .. }));
        // A check of the page is a step.
        assert_eq!(spoken("Check the box"), steps("Check the box", None));
        assert_eq!(spoken("check that it is saved"), steps("check that it is saved", None));
        assert_eq!(spoken("Why did step 6 fail?"), Spoken::Why { step: Some(6) });
        assert_eq!(spoken("6단계는 왜 실패했어?"), Spoken::Why { step: Some(6) });
        assert_eq!(spoken("왜 실패했어?"), Spoken::Why { step: None });
    }

    #[test]
    fn a_step_is_replaced_by_other_words() {
        let replace = |step, text: &str| Spoken::Replace { step, text: text.to_string() };
        assert_eq!(spoken("Change step 4 to click 'Save' in the dialog"), replace(4, "click 'Save' in the dialog"));
        assert_eq!(spoken("Instead of step 2, type '12,000' into 'Price'"), replace(2, "type '12,000' into 'Price'"));
        assert_eq!(spoken("4단계 대신 대화상자의 '저장'을 클릭해 줘"), replace(4, "대화상자의 '저장'을 클릭한다"));
        assert_eq!(spoken("3단계를 '가격'에 12000을 입력한다로 바꿔 줘"), replace(3, "'가격'에 12000을 입력한다"));
    }

    #[test]
    fn another_value_for_a_typed_step_is_read_with_what_names_the_step() {
        let value = |step, field: Option<&str>, from: Option<&str>, to: &str| Spoken::Value {
            step,
            field: field.map(String::from),
            from: from.map(String::from),
            to: to.to_string(),
        };
        assert_eq!(spoken("use 12,000 instead"), value(None, None, None, "12,000"));
        assert_eq!(spoken("Use '12,000' instead of '39,000'."), value(None, None, Some("39,000"), "12,000"));
        assert_eq!(spoken("use 12,000 for the price instead"), value(None, Some("price"), None, "12,000"));
        assert_eq!(spoken("In step 5, use 12000"), value(Some(5), None, None, "12000"));
        assert_eq!(spoken("12,000으로 바꿔 줘"), value(None, None, None, "12,000"));
        assert_eq!(spoken("5단계는 12000으로 해 줘"), value(Some(5), None, None, "12000"));
        assert_eq!(spoken("'가격'은 12000으로 해 줘"), value(None, Some("가격"), None, "12000"));
        assert_eq!(spoken("가격은 12000원으로 바꿔줘"), value(None, Some("가격"), None, "12000원"));
        assert_eq!(spoken("39000 대신 12000을 넣어 줘"), value(None, None, Some("39000"), "12000"));
        assert_eq!(spoken("5단계는 12000으로 바꿔 줘"), value(Some(5), None, None, "12000"));
        assert_eq!(spoken("Change step 5 to 12,000"), value(Some(5), None, None, "12,000"));
        // A step said in other words, and sentences that type a value, are not corrections.
        assert!(matches!(spoken("4단계를 '저장'을 클릭한다로 바꿔 줘"), Spoken::Replace { .. }));
        assert_eq!(spoken("'가격' 필드에 12000을 입력해 줘"), steps("'가격' 필드에 12000을 입력한다", None));
        assert_eq!(spoken("Type 12,000 into 'Price'"), steps("Type 12,000 into 'Price'", None));
    }

    #[test]
    fn a_form_inside_a_sentence_is_the_sentence_s_own_words() {
        // The app's own Undo button, a step that deletes a record: steps, not conversation.
        assert_eq!(spoken("Click Undo"), steps("Click Undo", None));
        assert_eq!(spoken("Delete the 'Step 4' row"), steps("Delete the 'Step 4' row", None));
        assert_eq!(spoken("'취소' 버튼을 누른다"), steps("'취소' 버튼을 누른다", None));
    }

    #[test]
    fn talk_is_put_as_a_spec_line_and_placed_where_said() {
        assert_eq!(spoken("also check that the total shows 3"), steps("check that the total shows 3", None));
        assert_eq!(spoken("After step 4, click 'Save'"), steps("click 'Save'", Some(4)));
        assert_eq!(spoken("4단계 다음에 '저장'을 클릭해줘"), steps("'저장'을 클릭한다", Some(4)));
        assert_eq!(
            spoken("그리고 목록에 '사과'가 보이는지 확인해 주세요"),
            steps("목록에 '사과'가 보이는지 확인한다", None)
        );
        assert_eq!(spoken("İstanbul 입력해줘"), steps("İstanbul 입력한다", None));
    }
}
