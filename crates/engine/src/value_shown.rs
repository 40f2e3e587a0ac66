//! An expectation of the value a labelled field shows ("the ticket page shows the status
//! assigned", "상태가 '할당됨'으로 표시된다"): the sentence names a label the page shows and says a
//! value beside it. The label is found by its words in the sentence, the page's value read beside
//! it (the text after its colon, the option its select shows, the field or cell of its row), and
//! the sentence's value compared with it. A difference is said as one — the spec's value beside
//! the page's — never "'status' is not shown".

use crate::plan::PlannedStep;
use crate::{Candidate, RunError};
use specwright_browser::{PageSession, SnapshotNode};
use specwright_protocol::{Question, QuestionKind, Text};
use specwright_rails::{ask, durable, option, path_of, question_id, Context, DEFECT};
use specwright_reading::normalize;
use specwright_scenario::{Assertion, Locator, Provenance, Target};

/// A label the page shows with the value beside it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Pair {
    pub label: String,
    pub value: String,
    /// The node that shows the value.
    pub at: usize,
    pub shows: Shows,
}

/// How the page shows a labelled value, and so how a check finds it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Shows {
    /// One text, label and value ("Status: new"): checked as shown, whole.
    Text(String),
    /// A field's value (a select's chosen option, a text field's text).
    Field,
    /// The cell beside a row's header: checked as the text it holds.
    Cell,
    /// A label drawn apart from its value ("<div>Status:</div><div>New</div>"): the value
    /// checked as the element beside that label, nowhere else on the page. Holds the label as
    /// the page writes it, colon included.
    Apart(String),
}

/// What the sentence expects of one labelled value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Expected {
    pub pair: Pair,
    /// The value in the sentence's words.
    pub expected: String,
}

impl Expected {
    /// Whether the page shows the value the sentence says (its words inside the page's value).
    pub(crate) fn holds(&self) -> bool {
        let (shown, said) = (normalize(&self.pair.value), normalize(&self.expected));
        !said.is_empty() && crate::grounding::whole_in(&shown, &said)
    }
}

/// Longest label the page has, in characters: longer texts before a colon are sentences.
const MAX_LABEL: usize = 40;
/// Longest value beside a label: a longer text is a paragraph, not a value.
const MAX_VALUE: usize = 80;

/// Words between a label and its value in a sentence ("status is assigned", "shows the status
/// as assigned", "상태가 할당됨으로"), skipped.
const LINKS: &[&str] = &[
    "is", "are", "was", "as", "of", "be", "should", "shows", "reads", "set", "to", "equals", "now", "still", "=", ":",
];
/// Words that end a value said without quotes ("the status assigned is shown").
const ENDS: &[&str] = &[
    "is",
    "are",
    "shown",
    "displayed",
    "appears",
    "visible",
    "on",
    "in",
    "at",
    "and",
    "for",
    "when",
    "after",
    "그리고",
];

/// The labelled values the page shows: "Label: value" texts, named fields with their value, and
/// rows whose header cell labels a field or a cell beside it.
pub(crate) fn pairs(nodes: &[SnapshotNode]) -> Vec<Pair> {
    let mut out = Vec::new();
    for (i, node) in nodes.iter().enumerate() {
        let words = node.name.as_deref().or(node.text.as_deref()).unwrap_or_default().trim();
        if matches!(
            node.role.as_str(),
            "text" | "paragraph" | "generic" | "cell" | "listitem" | "strong" | "term" | "definition" | "status"
        ) {
            if let Some((label, value)) = words.split_once(':') {
                let (label, value) = (label.trim(), value.trim());
                if (1..=MAX_LABEL).contains(&label.chars().count())
                    && (1..=MAX_VALUE).contains(&value.chars().count())
                    && !label.contains("//")
                    && label.chars().any(char::is_alphabetic)
                {
                    out.push(Pair {
                        label: label.into(),
                        value: value.into(),
                        at: i,
                        shows: Shows::Text(words.to_string()),
                    });
                }
            }
        }
        // A label drawn apart from its value ("<strong>Status:</strong> new"): the next node
        // beside it is the value.
        if let Some(label) = words.strip_suffix(':').map(str::trim) {
            let beside = nodes.get(i + 1).filter(|n| n.parents == node.parents);
            let value = beside.and_then(|n| n.name.as_deref().or(n.text.as_deref())).map(str::trim);
            if let Some(value) = value.filter(|v| (1..=MAX_VALUE).contains(&v.chars().count())) {
                if (1..=MAX_LABEL).contains(&label.chars().count()) && label.chars().any(char::is_alphabetic) {
                    out.push(Pair {
                        label: label.into(),
                        value: value.into(),
                        at: i + 1,
                        shows: Shows::Apart(words.to_string()),
                    });
                }
            }
        }
        if node.reference.is_none() || !matches!(node.role.as_str(), "combobox" | "textbox" | "spinbutton") {
            continue;
        }
        let Some(value) = field_value(nodes, i) else { continue };
        let label = node.name.clone().filter(|n| !n.trim().is_empty()).or_else(|| row_label(nodes, i));
        if let Some(label) = label {
            out.push(Pair { label: label.trim_end_matches(':').trim().into(), value, at: i, shows: Shows::Field });
        }
    }
    // A row whose header cell labels the cell beside it ("Status | new").
    for (i, _) in nodes.iter().enumerate().filter(|(_, n)| n.role == "row") {
        let cells: Vec<usize> = (i + 1..nodes.len())
            .filter(|&c| nodes[c].parents.last() == Some(&i) && matches!(nodes[c].role.as_str(), "cell" | "rowheader"))
            .collect();
        if let [header, value] = cells.as_slice() {
            let said = |n: &SnapshotNode| n.name.clone().or_else(|| n.text.clone()).unwrap_or_default();
            let (label, value_text) = (said(&nodes[*header]), said(&nodes[*value]));
            let labelled = nodes[*header].role == "rowheader" || label.trim_end().ends_with(':');
            if labelled && !value_text.trim().is_empty() && value_text.chars().count() <= MAX_VALUE {
                out.push(Pair {
                    label: label.trim().trim_end_matches(':').trim().into(),
                    value: value_text.trim().into(),
                    at: *value,
                    shows: Shows::Cell,
                });
            }
        }
    }
    out
}

/// Where a labelled value is checked, what of it, and the answer that chose it.
pub(crate) struct ValueCheck {
    pub target: Target,
    pub check: Option<Assertion>,
    pub answer: Option<Provenance>,
}

/// The check of a labelled value the sentence expects: when the page shows it, the check of
/// that value where the page shows it; when it shows another, a question (a defect, or the
/// page is right), and "a defect" ends the step with both values.
pub(crate) async fn check_value(
    page: &PageSession,
    cx: &mut Context<'_>,
    step: &PlannedStep,
    nodes: &[SnapshotNode],
    e: Expected,
) -> Result<ValueCheck, RunError> {
    let line = step.citation.line;
    if e.holds() {
        let (target, check) = value_check(page, nodes, &e.pair, line).await?;
        return Ok(ValueCheck { target, check, answer: None });
    }
    let (label, expected, shown) = (e.pair.label.as_str(), e.expected.as_str(), e.pair.value.as_str());
    let args = || [("label", label.into()), ("expected", expected.into()), ("shown", shown.into())];
    let question = Question {
        id: question_id("value", &path_of(&page.url()), label),
        kind: QuestionKind::Target,
        text: Text::message("q-value-differs", args()),
        target: Some(label.to_string()),
        options: vec![
            option(Text::message("opt-value-defect", []), DEFECT),
            option(Text::message("opt-value-page-right", [("shown", shown.into())]), PAGE_RIGHT),
            specwright_rails::skip_option(),
        ],
        why: Text::message("why-value-differs", [("url", page.url().into())]),
        source: Some(step.citation.label()),
    };
    // The person sees the value where the page shows it.
    let refs: Vec<String> = nodes[e.pair.at].reference.iter().cloned().collect();
    if let Ok(jpeg) = page.frame_with_candidates(&refs).await {
        cx.sink.frame(&jpeg, None, label, &page.url(), None).map_err(RunError::Sink)?;
    }
    let asked = question.clone();
    let answer = ask(question, cx.memory, cx.answerer, cx.sink, &mut cx.figures)?;
    if specwright_rails::is_skip(&answer) {
        return Err(RunError::Skipped { line });
    }
    if answer.trim() == PAGE_RIGHT {
        let provenance = specwright_rails::answer_provenance(&asked, &answer, &step.citation, cx.language, cx.memory);
        let (target, check) = value_check(page, nodes, &e.pair, line).await?;
        return Ok(ValueCheck { target, check, answer: Some(provenance) });
    }
    Err(RunError::Grounding { line, message: Text::message("value-differs", args()) })
}

const PAGE_RIGHT: &str = "page";

/// Where the page shows the pair's value and what to check of it.
async fn value_check(
    page: &PageSession,
    nodes: &[SnapshotNode],
    pair: &Pair,
    line: u32,
) -> Result<(Target, Option<Assertion>), RunError> {
    // The value as the element beside its label: a same "New" elsewhere on the page (a link,
    // another record's status) never satisfies it.
    // A label in its own element beside a text of its line ("<b>Priority:</b> urgent") reads
    // as one line; beside an element of its own, the value is that element.
    if let Shows::Apart(label) = &pair.shows {
        let line = Target {
            first_visible: true,
            ..Target::new(vec![Locator::Text { text: format!("{label} {}", pair.value), exact: false }])
        };
        let shown = |target: &Target| {
            let selector = specwright_browser::selector(target).map(|(s, _)| s);
            async move {
                match selector {
                    Ok(selector) => page.count(&selector).await.unwrap_or(0) > 0,
                    Err(_) => false,
                }
            }
        };
        if shown(&line).await {
            return Ok((line, None));
        }
        let selector = format!(":has(:text-is({})) > :text-is({})", css_string(label), css_string(&pair.value));
        let target = Target { first_visible: true, ..Target::new(vec![Locator::Css { selector }]) };
        return Ok((target, Some(Assertion::Visible)));
    }
    if let Shows::Text(whole) = &pair.shows {
        let target =
            Target { first_visible: true, ..Target::new(vec![Locator::Text { text: whole.clone(), exact: false }]) };
        return Ok((target, None));
    }
    let node = &nodes[pair.at];
    let candidate = Candidate {
        role: node.role.clone(),
        node_role: node.role.clone(),
        label: pair.label.clone(),
        reference: node.reference.clone(),
        locators: Vec::new(),
        within: Vec::new(),
        place: None,
    };
    let not_found = || RunError::Grounding {
        line,
        message: Text::message(
            "target-not-found",
            [("target", pair.label.as_str().into()), ("url", page.url().into())],
        ),
    };
    let target = durable(page, &candidate, line).await?.ok_or_else(not_found)?;
    let check = match pair.shows {
        Shows::Field => Assertion::Value { expected: pair.value.clone() },
        _ => Assertion::ContainsText { expected: pair.value.clone() },
    };
    Ok((target, Some(check)))
}

/// `text` as a quoted CSS string: quotes and backslashes escaped, line breaks as spaces.
fn css_string(text: &str) -> String {
    let mut out = String::from('"');
    for c in text.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// What a field shows: a select's chosen option, a text field's text.
fn field_value(nodes: &[SnapshotNode], at: usize) -> Option<String> {
    let node = &nodes[at];
    if node.role == "combobox" {
        let chosen = (at + 1..nodes.len())
            .take_while(|&c| nodes[c].parents.contains(&at))
            .find(|&c| nodes[c].role == "option" && nodes[c].selected)
            .and_then(|c| nodes[c].name.clone());
        if chosen.is_some() {
            return chosen;
        }
    }
    node.text.clone().map(|t| t.trim().to_string()).filter(|t| !t.is_empty())
}

/// The header of the row a field without a name sits in ("Status" beside an unlabelled select).
fn row_label(nodes: &[SnapshotNode], at: usize) -> Option<String> {
    let row = nodes[at].parents.iter().rev().copied().find(|&p| nodes[p].role == "row")?;
    (row + 1..at)
        .filter(|&c| nodes[c].parents.last() == Some(&row) && matches!(nodes[c].role.as_str(), "rowheader" | "cell"))
        .find_map(|c| nodes[c].name.clone().or_else(|| nodes[c].text.clone()))
        .filter(|l| !l.trim().is_empty() && l.chars().count() <= MAX_LABEL)
}

/// The labelled value `sentence` expects: the page's label its words hold (the one the target
/// names first, then the longest) and the value it says after it. `None` when the sentence
/// names no label of the page, or says no value after it.
pub(crate) fn expected_value(sentence: &str, target: &str, nodes: &[SnapshotNode]) -> Option<Expected> {
    let said = normalize(sentence);
    let target = normalize(target);
    let mut named: Vec<Pair> = pairs(nodes)
        .into_iter()
        .filter(|p| {
            let label = normalize(&p.label);
            label.chars().filter(|c| c.is_alphanumeric()).count() >= 2 && crate::grounding::whole_in(&said, &label)
        })
        .collect();
    named.sort_by_key(|p| {
        let label = normalize(&p.label);
        (!(target.contains(&label) || label.contains(&target)), std::cmp::Reverse(label.len()))
    });
    let pair = named.into_iter().next()?;
    let expected = value_after(sentence, &pair.label)?;
    (normalize(&expected) != normalize(&pair.label)).then_some(Expected { pair, expected })
}

/// The labelled value a field check expects ("the status is assigned" read as the field
/// "status" holding "assigned"), when the page labels a value so but has no field of that name.
pub(crate) fn expected_of_field(target: &str, value: &str, nodes: &[SnapshotNode]) -> Option<Expected> {
    let target = normalize(target);
    if target.is_empty() || value.trim().is_empty() {
        return None;
    }
    let pair = pairs(nodes).into_iter().find(|p| normalize(&p.label) == target)?;
    Some(Expected { pair, expected: value.trim().to_string() })
}

/// The value a sentence says after `label`: a quoted one, else the words after it up to a verb
/// or the sentence's end, without the links between ("is", "as", a Korean particle).
fn value_after(sentence: &str, label: &str) -> Option<String> {
    let lower = sentence.to_lowercase();
    let at = lower.find(&label.to_lowercase())? + label.len();
    let rest = sentence.get(at..)?;
    // "the spent time list shows …", "상품 목록 화면에 …": the label's words name a place the
    // sentence looks in, not a value beside them.
    let next = rest.split_whitespace().next().unwrap_or_default().to_lowercase();
    let next = next.trim_matches(|c: char| !c.is_alphanumeric());
    let place = specwright_reading::strip_particle(next).0;
    if PLACES.contains(&next) || PLACES.contains(&place) {
        return None;
    }
    // A quoted value.
    for (open, close) in [('\'', '\''), ('"', '"'), ('‘', '’'), ('“', '”'), ('「', '」')] {
        if let Some(start) = rest.find(open) {
            let inner = &rest[start + open.len_utf8()..];
            if let Some(end) = inner.find(close) {
                let value = inner[..end].trim();
                if !value.is_empty() {
                    return Some(value.to_string());
                }
            }
        }
    }
    let rest = rest.split(['.', ',', ';', '(']).next().unwrap_or_default();
    let mut words = rest.split_whitespace().peekable();
    // The particle the label carries ("상태가" read as "상태" + "가").
    if let Some(first) = words.peek() {
        if specwright_reading::strip_particle(first).0.is_empty() || rest.starts_with(|c: char| !c.is_whitespace()) {
            words.next();
        }
    }
    let mut value: Vec<String> = Vec::new();
    for word in words {
        let lower = word.to_lowercase();
        if value.is_empty() && (LINKS.contains(&lower.as_str()) || lower == "the") {
            continue;
        }
        if ENDS.contains(&lower.as_str()) {
            break;
        }
        if specwright_reading::is_hangul(word) {
            // A Korean value is one word with its particle ("할당됨으로 표시된다"); the verb after it
            // is no part of it.
            if value.is_empty() {
                let (stem, _) = specwright_reading::strip_particle(word);
                if !stem.is_empty() && !is_korean_verb(stem) {
                    value.push(stem.to_string());
                }
            }
            break;
        }
        value.push(word.to_string());
    }
    let value = value.join(" ");
    (!value.is_empty()).then_some(value)
}

/// Nouns after a label's words that make them a place's name ("the spent time list").
const PLACES: &[&str] = &[
    "list",
    "page",
    "screen",
    "table",
    "tab",
    "view",
    "section",
    "panel",
    "report",
    "목록",
    "화면",
    "페이지",
    "탭",
    "표",
];

/// Korean predicates that say something is shown, not what.
fn is_korean_verb(word: &str) -> bool {
    ["표시", "보인", "보여", "나타", "나온", "확인", "된다", "이다", "있다"].iter().any(|v| word.starts_with(v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use specwright_browser::parse_snapshot;

    /// Three kinds of app show a labelled value three ways; the sentence's value is read after
    /// the label, and compared.
    #[test]
    fn the_value_a_sentence_expects_beside_the_pages_label() {
        // An issue tracker's item page: a table of row headers and unnamed selects.
        let tracker = parse_snapshot(
            "- table:\n  - row \"Title Crash on save\":\n    - rowheader \"Title\"\n    - cell \"Crash on save\":\n      - textbox [ref=e1]: Crash on save\n  - row \"Status new\":\n    - rowheader \"Status\"\n    - cell:\n      - combobox [ref=e2]:\n        - option \"new\" [selected]\n        - option \"assigned\"\n",
        );
        let e = expected_value("the ticket page shows the status assigned", "status", &tracker).unwrap();
        assert_eq!((e.pair.label.as_str(), e.pair.value.as_str(), e.expected.as_str()), ("Status", "new", "assigned"));
        assert!(!e.holds(), "new is not assigned");
        let e = expected_value("The status is 'new'.", "status", &tracker).unwrap();
        assert!(e.holds());
        // A shop's order summary in Korean: "라벨: 값" texts.
        let shop = parse_snapshot(
            "- heading \"주문 상세\" [level=1]\n- paragraph: \"주문 상태: 배송 준비 중\"\n- paragraph: \"결제 수단: 카드\"\n",
        );
        let e = expected_value("주문 상태가 '배송 완료'로 표시된다", "주문 상태", &shop).unwrap();
        assert_eq!((e.pair.value.as_str(), e.expected.as_str()), ("배송 준비 중", "배송 완료"));
        assert!(!e.holds());
        let e = expected_value("결제 수단이 카드로 표시된다", "결제 수단", &shop).unwrap();
        assert_eq!(e.expected, "카드");
        assert!(e.holds());
        // Bold labels apart from their values.
        let bold = parse_snapshot("- paragraph:\n  - strong: \"Assignee:\"\n  - text: kim\n");
        let e = expected_value("the assignee is lee", "assignee", &bold).unwrap();
        assert_eq!((e.pair.value.as_str(), e.pair.shows.clone()), ("kim", Shows::Apart("Assignee:".into())));
        assert_eq!(css_string("say \"hi\"\\"), "\"say \\\"hi\\\"\\\\\"");
        // A CMS's page settings: a named field.
        let cms = parse_snapshot("- textbox \"Slug\" [ref=e4]: about-us\n- button \"Publish\" [ref=e5]\n");
        let e = expected_value("Check that the slug reads about-us", "slug", &cms).unwrap();
        assert!(e.holds(), "{e:?}");
        assert_eq!(e.pair.shows, Shows::Field);
        // A sentence that names no label, or no value after it, is none of this.
        assert_eq!(expected_value("the status is shown", "status", &tracker), None);
        assert_eq!(expected_value("Save is shown", "Save", &cms), None);
        // A label's words naming the list or screen looked in (a tracker's spent time, a
        // shop's orders, a CMS's pages) say no value beside the label.
        let sidebar = parse_snapshot(
            "- paragraph: \"Spent time: 1:30 hour\"\n- paragraph: \"Orders: 12\"\n- paragraph: \"페이지: 3\"\n",
        );
        assert_eq!(expected_value("The spent time list shows the comment \"Fixed it\"", "Fixed it", &sidebar), None);
        assert_eq!(expected_value("the orders page shows 'Order #100002'", "Order #100002", &sidebar), None);
        assert_eq!(expected_value("페이지 목록에 '회사 소개'가 보인다", "회사 소개", &sidebar), None);
    }
}
