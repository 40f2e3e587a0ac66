//! A message the page shows that is close to, but not, what the spec expects ("…the username
//! and password are case-sensitive" beside "…both fields may be case-sensitive"): whether it says
//! the same is a person's judgement, so it is asked, with the frame and both wordings — never
//! taken as a pass, never a dead end. "No" is the defect the check would have reported.

use crate::plan::PlannedStep;
use crate::RunError;
use specwright_browser::PageSession;
use specwright_protocol::{Question, QuestionKind, QuestionOption, Text};
use specwright_rails::{ask, option, path_of, question_id, Context, DEFECT};
use specwright_scenario::{Locator, Provenance};

/// At most this many of the page's messages are offered, so they, "a defect" and "skip" fit
/// the six keys.
const MAX_OFFERED: usize = 3;

/// What a person said of the near messages.
pub(crate) enum Judged {
    /// This message says what the spec expects: the check is of it, cited to the answer.
    Says { text: String, provenance: Provenance },
    /// None of them does: the app contradicts the spec.
    Defect,
}

/// The texts of `shown` that may say what `expected` says in other words: sentences (two words
/// at least: one word is a label) that share a quarter of its gist at least, the same figures (a
/// different count is a different fact, never a paraphrase), and, when the expectation reads as
/// a success or an error, read the same way. Only those that share the most.
pub(crate) fn near_texts(expected: &str, shown: &[String]) -> Vec<String> {
    let wanted: Vec<String> = gist_words(expected).into_iter().map(|w| stem(&w)).collect();
    if wanted.len() < 2 {
        // A word or a name is an element or a value, not a message to paraphrase.
        return Vec::new();
    }
    let figures = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_ascii_digit()).filter(|n| !n.is_empty()).map(str::to_string).collect()
    };
    let expected_figures = figures(expected);
    let (expect_error, expect_success) =
        (specwright_browser::reads_as_error(expected), specwright_browser::reads_as_success(expected));
    let same_sense = |text: &str| {
        (!expect_error || specwright_browser::reads_as_error(text))
            && (!expect_success || specwright_browser::reads_as_success(text))
    };
    let scored: Vec<(usize, &String)> = shown
        .iter()
        .filter(|t| t.chars().count() <= 300 && t.split_whitespace().count() >= 2 && same_sense(t))
        .filter(|t| figures(t) == expected_figures)
        .map(|t| {
            let said = specwright_reading::normalize(t);
            (wanted.iter().filter(|w| said.contains(w.as_str())).count(), t)
        })
        .filter(|(shared, _)| *shared >= 1 && shared * 4 >= wanted.len())
        .collect();
    // Those that share the most: a heading that shares one word is not offered beside a
    // message that shares two.
    let top = scored.iter().map(|(shared, _)| *shared).max().unwrap_or(0);
    let mut out: Vec<String> = Vec::new();
    for (_, text) in scored.into_iter().filter(|(shared, _)| *shared == top) {
        if !out.iter().any(|o| o.contains(text.as_str()) || text.contains(o.as_str())) {
            out.push(text.clone());
        }
    }
    out.truncate(MAX_OFFERED);
    out
}

/// A Korean predicate of two syllables is its stem ("않다" → 않, as in "않습니다"); other gist
/// words stay as they are.
fn stem(word: &str) -> String {
    let chars: Vec<char> = word.chars().collect();
    match chars.as_slice() {
        [first, '다'] if specwright_reading::is_hangul(&first.to_string()) => first.to_string(),
        _ => word.to_string(),
    }
}

/// Asks whether one of `near` says what the spec's `expected` says, with the page's frame.
pub(crate) async fn ask_near(
    page: &PageSession,
    cx: &mut Context<'_>,
    step: &PlannedStep,
    expected: &str,
    near: &[String],
) -> Result<Judged, RunError> {
    let mut options: Vec<QuestionOption> = Vec::new();
    for (i, text) in near.iter().enumerate() {
        let locator = Locator::Text { text: text.clone(), exact: false };
        let target = match page.count(&locator.playwright_selector()).await {
            Ok(1) => page.viewport_box(&locator.playwright_selector()).await,
            _ => None,
        }
        .map(|[x, y, width, height]| specwright_protocol::FrameBox { x, y, width, height });
        options.push(QuestionOption {
            target,
            ..option(Text::message("opt-near-says", [("shown", text.as_str().into())]), (i + 1).to_string())
        });
    }
    options.push(option(Text::message("opt-near-defect", []), DEFECT));
    options.push(specwright_rails::skip_option());
    let question = Question {
        id: question_id("near", &path_of(&page.url()), expected),
        kind: QuestionKind::Target,
        text: Text::message(
            "q-near-message",
            [("expected", expected.into()), ("shown", near.first().cloned().unwrap_or_default().into())],
        ),
        target: Some(expected.to_string()),
        options,
        why: Text::message("why-near-message", [("url", page.url().into())]),
        source: Some(step.citation.label()),
    };
    // The person sees the page as it is, with the messages where they are.
    if let Ok(jpeg) = page.frame_with_candidates(&[]).await {
        cx.sink.frame(&jpeg, None, expected, &page.url(), None).map_err(RunError::Sink)?;
    }
    let asked = question.clone();
    let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    if specwright_rails::is_skip(&answer) {
        return Err(RunError::Skipped { line: step.citation.line });
    }
    let chosen = answer.trim().parse::<usize>().ok().and_then(|n| n.checked_sub(1)).and_then(|i| near.get(i));
    // "yes" to a question of one message is that message.
    let chosen = chosen.or_else(|| (near.len() == 1 && specwright_rails::is_yes(&answer)).then(|| &near[0]));
    match chosen {
        Some(text) => {
            let provenance =
                specwright_rails::answer_provenance(&asked, &answer, &step.citation, cx.language, cx.memory);
            Ok(Judged::Says { text: text.clone(), provenance })
        }
        // "no", "defect", or words of the person's own: the page does not say it.
        None => Ok(Judged::Defect),
    }
}

/// The words a message must hold to say what the sentence says: Korean words by their first two
/// syllables ("생성되었다는" → 생성), English words by their first five letters, small words left out.
pub(crate) fn gist_words(text: &str) -> Vec<String> {
    // "already" / "이미" only stress what "exists" says: "node with key billing exists" says
    // the keyword already exists.
    const SMALL: &[&str] =
        &["the", "and", "was", "has", "that", "this", "with", "been", "have", "are", "for", "you", "already", "이미"];
    specwright_reading::normalize(text)
        .split_whitespace()
        .filter(|w| !SMALL.contains(w))
        .filter_map(|w| {
            let hangul = specwright_reading::is_hangul(w);
            let n = w.chars().count();
            match (hangul, n) {
                (true, n) if n >= 2 => Some(w.chars().take(2).collect()),
                (false, n) if n >= 3 => Some(w.chars().take(5).collect()),
                _ => None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| t.to_string()).collect()
    }

    /// Paraphrases from three kinds of app are near; the opposite answer, or a message about
    /// something else, is not.
    #[test]
    fn a_message_that_says_part_of_the_expectation_is_near() {
        // A tracker's login, the sheet's words beside the page's.
        let login = shown(&["Invalid login. Note that both fields may be case-sensitive.", "Home"]);
        assert_eq!(
            near_texts("the username and password are case-sensitive", &login),
            shown(&["Invalid login. Note that both fields may be case-sensitive."])
        );
        // A shop admin's notice, in Korean.
        let shop = shown(&["상품 정보가 저장되었습니다.", "상품 목록"]);
        assert_eq!(near_texts("상품이 정상적으로 저장된다", &shop), shown(&["상품 정보가 저장되었습니다."]));
        // A wiki's edit notice.
        let wiki = shown(&["Your edit was saved.", "Main Page"]);
        assert_eq!(near_texts("the changes are saved", &wiki), shown(&["Your edit was saved."]));
        // An error where the spec expects a success says the opposite: not near.
        let refused = shown(&["상품명을 입력해 주세요."]);
        assert!(near_texts("상품이 등록되었습니다", &refused).is_empty());
        // The demo shop's login, its sentence in other words; its one-word heading is a label.
        let login = shown(&["이메일 또는 비밀번호가 올바르지 않습니다.", "로그인"]);
        assert_eq!(
            near_texts("로그인 정보가 올바르지 않다", &login),
            shown(&["이메일 또는 비밀번호가 올바르지 않습니다."])
        );
        // A different count is a different fact; a title is no message that something happened.
        let counted = shown(&["다음은 이 분류에 속하는 문서 2개 가운데 2개입니다."]);
        assert!(near_texts("다음은 이 분류에 속하는 문서 3개 가운데 3개입니다.", &counted).is_empty());
        assert!(near_texts("예약이 변경되었습니다", &shown(&["회의실 예약"])).is_empty());
        assert!(near_texts("Booking was updated", &shown(&["Room booking", "Your booking"])).is_empty());
        // Nothing shared.
        assert!(near_texts("the order was placed", &shown(&["Welcome back"])).is_empty());
        // One word is an element, not a message.
        assert!(near_texts("Status", &shown(&["Status: new"])).is_empty());
    }
}
