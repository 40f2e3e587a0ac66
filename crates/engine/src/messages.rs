//! Checks of what a message says rather than its exact text ("그룹이 생성되었다는 메시지가 나온다",
//! "An error is shown: the name already exists"): the messages the page shows now, the one that
//! holds the gist of the sentence, checked by its stable part. No such message is the app
//! contradicting the spec, told in the page's own words.

use crate::near::gist_words;
use crate::plan::PlannedStep;
use crate::records::with_unique_names;
use crate::{Intent, RunError, Verb};
use specwright_browser::BrowserSession;
use specwright_protocol::Text;
use specwright_rails::{run_step, Context};
use specwright_scenario::{Action, Assertion, Locator, Provenance, Scenario, Target};

/// "오류 메시지가 표시된다", "An error is shown: the name already exists": the error the app shows
/// now (the one the previous step caused), with the sentence's words when it gives them, checked
/// as its text. No error on the page is the app contradicting the spec.
pub(crate) async fn expect_message(
    session: &mut BrowserSession,
    cx: &mut Context<'_>,
    scenario: &mut Scenario,
    intent: &Intent,
    step: &PlannedStep,
    provenance: Provenance,
) -> Result<(), RunError> {
    let line = step.citation.line;
    let error = intent.verb == Verb::ExpectError;
    let wanted = gist_words(intent.target.as_deref().unwrap_or_default());
    let score = |text: &str| {
        let t = specwright_reading::normalize(text);
        wanted.iter().filter(|w| t.contains(w.as_str())).count()
    };
    // Half the gist's words, and always its last, which says what happened ("예약이 등록되었"):
    // a message about the same record saying something else ("이미 예약이 있습니다") is not it.
    let fits = |t: &str| {
        let said = |w: &String| specwright_reading::normalize(t).contains(w.as_str());
        wanted.is_empty() || (score(t) * 2 >= wanted.len() && wanted.last().is_some_and(said))
    };
    // A message from the step before may still be on screen: the one the sentence means is
    // waited for, within the bound.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_millis(2500);
    // An app that tells what happened in a plain sentence of the page it lands on (a wiki's
    // "moved to …" under its heading) says it there: a sentence of the content that holds the
    // gist's very last word whole, not only its stem ("이동했", never "이동" of a menu's "이동").
    let last_word = specwright_reading::normalize(intent.target.as_deref().unwrap_or_default())
        .split_whitespace()
        .last()
        .map(str::to_string);
    let tells = |t: &str| {
        let whole = |w: &String| specwright_reading::normalize(t).contains(w.as_str());
        !wanted.is_empty() && fits(t) && last_word.as_ref().is_some_and(whole) && wanted.iter().all(whole)
    };
    let mut shown = loop {
        let mut shown = if error { session.page().errors_shown().await } else { session.page().messages_shown().await };
        if !error && !shown.iter().any(|t| fits(t)) {
            shown.extend(session.page().prose().await.into_iter().filter(|t| tells(t)).take(1));
        }
        if shown.iter().any(|t| fits(t)) || tokio::time::Instant::now() >= deadline {
            break shown;
        }
        session.page().wait_for_change(std::time::Duration::from_millis(500)).await;
    };
    if shown.is_empty() && error {
        if let Some(last) = cx.memory.recent.refusal().cloned() {
            shown = last.split(" / ").map(str::to_string).collect();
        }
    }
    let best = shown.iter().filter(|t| fits(t)).max_by_key(|t| score(t)).or_else(|| shown.first()).cloned();
    let mut provenance = provenance;
    let said = intent.target.clone().unwrap_or_default();
    // A message close to the spec's words but not them is a person's to judge.
    let near = match best.filter(|t| fits(t)) {
        Some(message) => Some(message),
        None => match crate::near::near_texts(&said, &shown).as_slice() {
            [] => None,
            near => match crate::near::ask_near(session.page(), cx, step, &said, near).await? {
                crate::near::Judged::Says { text, provenance: cited } => {
                    provenance = cited;
                    Some(text)
                }
                crate::near::Judged::Defect => None,
            },
        },
    };
    let Some(message) = near else {
        let shown = shown.join(" / ");
        return Err(RunError::Grounding {
            line,
            message: match (error, shown.is_empty()) {
                (true, true) => Text::message("shown-no-error", []),
                (false, true) => Text::message("shown-no-message", []),
                (true, false) => Text::message("shown-other-error", [("said", said.into()), ("shown", shown.into())]),
                (false, false) => {
                    Text::message("shown-other-message", [("said", said.into()), ("shown", shown.into())])
                }
            },
        });
    };
    let key = message_key(&message, &wanted);
    let target = Target { first_visible: true, ..Target::new(vec![Locator::Text { text: key, exact: false }]) };
    let check = with_unique_names(Action::Expect { target, assertion: Assertion::Visible }, cx.memory.records.unique());
    let text = cx.secrets.redact(&step.text);
    run_step(session, cx, scenario, text, check, provenance, line).await
}

/// The stable part of a message to check: its first sentence, without the short labels of the
/// buttons drawn inside it ("… 생성되었습니다 수정", "Saved ×").
fn message_key(message: &str, wanted: &[String]) -> String {
    // Of the sentences shown together (toasts stacked in one region: an earlier "이미 예약이
    // 있습니다." above "예약이 등록되었습니다."), the one that says the gist.
    let held = |t: &str| {
        let t = specwright_reading::normalize(t);
        wanted.iter().filter(|w| t.contains(w.as_str())).count()
    };
    let mut sentences: Vec<&str> = Vec::new();
    for line in message.split('\n') {
        let mut rest = line;
        while let Some(i) = rest.find(['.', '!', '。']).filter(|i| *i > 0) {
            let end = i + rest[i..].chars().next().map_or(1, char::len_utf8);
            sentences.push(&rest[..end]);
            rest = rest[end..].trim_start();
        }
        if !rest.trim().is_empty() {
            sentences.push(rest);
        }
    }
    let first = message.split('\n').next().unwrap_or(message);
    let sentence = sentences
        .iter()
        .copied()
        .filter(|s| held(s) > 0)
        .max_by_key(|s| held(s))
        .filter(|s| held(s) > held(sentences.first().copied().unwrap_or(first)))
        .unwrap_or(match first.find(['.', '!', '。']) {
            Some(i) if i > 0 => &first[..i + 1],
            _ => first,
        });
    let mut words: Vec<&str> = sentence.split_whitespace().collect();
    // A close mark drawn before the words ("× Invalid login.").
    while words.len() > 1 && !words[0].chars().any(char::is_alphanumeric) {
        words.remove(0);
    }
    while words.len() > 1 {
        let last = words[words.len() - 1];
        // A close mark or a button's label drawn inside the message box.
        const LABELS: &[&str] =
            &["수정", "삭제", "닫기", "보기", "취소", "편집", "되돌리기", "close", "dismiss", "edit", "view", "undo"];
        let mark = !last.chars().any(char::is_alphanumeric);
        let label = LABELS.contains(&last.to_lowercase().as_str());
        let said = wanted.iter().any(|w| specwright_reading::normalize(last).contains(w.as_str()));
        if (mark || label) && !said {
            words.pop();
        } else {
            break;
        }
    }
    // A record's number in the message ("user 7 created") differs on every run: the longest
    // part without one that still says the gist is what every run shows.
    let number = |w: &&str| {
        let bare = w.trim_matches(|c: char| !c.is_alphanumeric());
        !bare.is_empty() && bare.chars().all(|c| c.is_ascii_digit())
    };
    if words.iter().any(number) {
        let held = |span: &[&str]| {
            let t = specwright_reading::normalize(&span.join(" "));
            wanted.iter().filter(|w| t.contains(w.as_str())).count()
        };
        let best = words.split(number).filter(|span| !span.is_empty()).max_by_key(|span| (held(span), span.len()));
        if let Some(span) = best {
            return after_list(span, wanted).join(" ").chars().take(80).collect();
        }
    }
    after_list(&words, wanted).join(" ").chars().take(80).collect()
}

/// A list of names the app joins in an order of its own ("assignedto, status, messages edited
/// ok"): the words after the list, when they still say the gist, are what every run shows.
fn after_list<'a, 'b>(words: &'b [&'a str], wanted: &[String]) -> &'b [&'a str] {
    let Some(last_comma) = words.iter().rposition(|w| w.ends_with(',')) else { return words };
    let Some(after) = words.get(last_comma + 2..).filter(|rest| rest.len() >= 2) else { return words };
    let commas = words.iter().filter(|w| w.ends_with(',')).count();
    let says = {
        let t = specwright_reading::normalize(&after.join(" "));
        wanted.is_empty() || wanted.iter().any(|w| t.contains(w.as_str()))
    };
    if commas >= 1 && words[last_comma + 1].chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-') && says {
        after
    } else {
        words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gist_of_a_sentence_and_the_stable_part_of_a_message() {
        assert_eq!(gist_words("그룹이 생성되었다는"), vec!["그룹".to_string(), "생성".to_string()]);
        assert_eq!(gist_words("the name already exists"), vec!["name".to_string(), "exist".to_string()]);
        let wanted = gist_words("사용자가 생성되었다");
        assert_eq!(
            message_key("'writer01' 사용자가 생성되었습니다 수정", &wanted),
            "'writer01' 사용자가 생성되었습니다"
        );
        assert_eq!(message_key("Added Row ×", &[]), "Added Row");
        assert_eq!(message_key("× Invalid login. Please try again.", &[]), "Invalid login.");
        // The record's number changes on every run.
        assert_eq!(message_key("order 42 was placed", &gist_words("the order was placed")), "was placed");
        // Changed fields listed in an order the app chooses: the words after the list.
        assert_eq!(
            message_key(
                "ticket 9 owner, priority, notes updated fine",
                &gist_words("the owner and priority were updated")
            ),
            "updated fine"
        );
        assert_eq!(message_key("Saved: Ann, Bob", &gist_words("Ann and Bob were saved")), "Saved: Ann, Bob");
        // Toasts stacked in one region: the one that says the gist, not the one above it.
        assert_eq!(
            message_key("재고가 부족합니다. 주문이 접수되었습니다.", &gist_words("주문이 접수되었")),
            "주문이 접수되었습니다."
        );
    }
}
