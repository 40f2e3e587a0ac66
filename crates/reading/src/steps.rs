//! Finds the step lists in prose documents: the sentences a scenario is made of. A numbered
//! item is always a step (and must be understood); a bulleted item is a step only when it reads
//! as one, since bullets in PRDs are just as often requirements or notes.

use crate::mentions::{refers_back, thing_named};
use specwright_intake::Document;
use specwright_scenario::Citation;
use subject::without_subject;

#[derive(Debug, Clone, PartialEq)]
pub struct SpecStep {
    /// The sentence without its list number.
    pub text: String,
    pub citation: Citation,
}

/// Section titles that hold the procedure a scenario is made of ("테스트 절차", "Scenario").
/// When a document has such sections, its steps come from them alone.
const PROCEDURE_SECTIONS: &[&str] = &[
    "절차",
    "시나리오",
    "테스트 케이스",
    "테스트케이스",
    "테스트 단계",
    "수행 단계",
    "진행 단계",
    "단계별",
    "흐름",
    "플로우",
    "동작 순서",
    "수행 순서",
    "테스트 방법",
    "확인 방법",
    "검증 방법",
    "재현",
    "steps",
    "procedure",
    "scenario",
    "flow",
    "walkthrough",
    "test case",
    "how to",
    "instructions",
];
/// Section titles of the results a procedure must lead to: checked like its steps.
const EXPECTATION_SECTIONS: &[&str] = &[
    "기대 결과",
    "기대결과",
    "예상 결과",
    "예상결과",
    "결과 확인",
    "확인 사항",
    "검증 항목",
    "합격 기준",
    "expected result",
    "expected outcome",
    "expected behaviour",
    "expected behavior",
    "acceptance criteria",
    "acceptance",
    "pass criteria",
];

/// Section titles that are context, never steps: what the document is about, its environment,
/// its requirements, its history.
const CONTEXT_SECTIONS: &[&str] = &[
    "개요",
    "목적",
    "배경",
    "범위",
    "요구사항",
    "요구 사항",
    "용어",
    "테스트 환경",
    "환경",
    "참고",
    "변경 이력",
    "개정 이력",
    "문서 정보",
    "일정",
    "담당",
    "부록",
    "전제",
    "overview",
    "introduction",
    "purpose",
    "background",
    "scope",
    "requirement",
    "glossary",
    "definition",
    "environment",
    "reference",
    "revision",
    "history",
    "document info",
    "schedule",
    "appendix",
    "assumption",
];

/// A section title without its number ("2.1 테스트 절차" → "테스트 절차"), lower-cased.
fn bare_title(title: &str) -> String {
    title.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ')' || c.is_whitespace()).to_lowercase()
}

fn title_has(title: &str, words: &[&str]) -> bool {
    let title = bare_title(title);
    words.iter().any(|w| title.contains(w))
}

/// Every numbered item of every document, and every bulleted list that is a step list as a
/// whole (each of its items reads as a step and none is a rule such as "if …, show …"), in
/// document order. Headings are never steps, numbered or not; context sections (overview,
/// environment, requirements) hold none; and a document with procedure sections has its steps
/// there.
pub fn spec_steps(documents: &[Document]) -> Vec<SpecStep> {
    let mut out = Vec::new();
    for doc in documents {
        // Acceptance criteria told as Given/When/Then lines (a story ticket's "AC1: Given …" with
        // its "When …" and "Then …" lines below it, in a list or not): every keyword line is a
        // step, whatever list the first one sits in.
        if criteria_lines(doc) {
            out.extend(prose_steps(doc).into_iter().filter(|s| !in_titled(doc, s, CONTEXT_SECTIONS)));
            continue;
        }
        let found = candidate_steps(doc);
        let in_titled = |step: &SpecStep, words: &[&str]| in_titled(doc, step, words);
        let procedure: Vec<SpecStep> = found.iter().filter(|s| in_titled(s, PROCEDURE_SECTIONS)).cloned().collect();
        if !procedure.is_empty() {
            // The procedure, and what it must lead to (a "기대 결과" section after it) — written
            // as a list, or as a paragraph ("The author is not saved: …") when the procedure
            // checks nothing itself (else the paragraph sums up the checks it already has).
            let checks_itself =
                procedure.iter().any(|s| crate::interpret_all(&s.text, None).iter().any(|i| i.verb.is_expectation()));
            let listed_results = checks_itself || found.iter().any(|s| in_titled(s, EXPECTATION_SECTIONS));
            out.extend(
                found.into_iter().filter(|s| in_titled(s, PROCEDURE_SECTIONS) || in_titled(s, EXPECTATION_SECTIONS)),
            );
            if !listed_results {
                out.extend(stated_results(doc).into_iter().filter(|s| in_titled(s, EXPECTATION_SECTIONS)));
            }
            continue;
        }
        let outside: Vec<SpecStep> = found.iter().filter(|s| !in_titled(s, CONTEXT_SECTIONS)).cloned().collect();
        if !outside.is_empty() {
            out.extend(outside);
        } else if !found.is_empty() {
            out.extend(found);
        } else if doc.tables.is_empty() {
            // No list at all (an e-mail, a chat message, a Gherkin feature): its sentences that
            // say to do or check something, in order.
            out.extend(prose_steps(doc).into_iter().filter(|s| !in_titled(s, CONTEXT_SECTIONS)));
        }
    }
    out
}

/// The sentences of a document's paragraphs that state a result (an error shown, a text
/// listed), whatever they name: under a results heading, each is a check.
fn stated_results(doc: &Document) -> Vec<SpecStep> {
    let mut out = Vec::new();
    for (number, line) in unwrapped(doc) {
        let trimmed = line.trim();
        // Paragraphs only: a list's items are read as a list is.
        if trimmed.is_empty()
            || trimmed.starts_with('#')
            || strip_bullet(trimmed).is_some()
            || list_item(trimmed).is_some()
        {
            continue;
        }
        for text in sentences_of(trimmed).into_iter().map(|s| without_subject(&s)) {
            let checks = crate::interpret_all(&text, None).iter().any(|i| i.verb.is_expectation());
            if checks {
                if let Some(mut citation) = doc.cite(number) {
                    citation.quote = text.clone();
                    out.push(SpecStep { text, citation });
                }
            }
        }
    }
    out
}

/// Whether the step sits in a section whose title says one of `words`.
fn in_titled(doc: &Document, step: &SpecStep, words: &[&str]) -> bool {
    doc.sections
        .iter()
        .filter(|s| s.level > 0)
        .any(|s| s.start_line <= step.citation.line && step.citation.line <= s.end_line && title_has(&s.title, words))
}

/// A line without what leads it: a bullet, a number, and a short label of the criterion
/// ("* AC1: Given …", "2) AC-2 – When …", "Scenario 1: Given …"), its keyword as plain words
/// ("- **Given** …", "_When_: …" read as "Given …", "When …").
fn without_lead(line: &str) -> String {
    let line = line.trim();
    let line = strip_bullet(line).or_else(|| list_item(line).map(|(_, t)| t)).unwrap_or(line);
    // A label: up to three short words ending in ':' or a dash ("AC1:", "AC 2 –", "기준 1:").
    for mark in [": ", " – ", " - ", " — "] {
        if let Some(at) = line.find(mark) {
            let label = &line[..at];
            if label.split_whitespace().count() <= 3 && label.chars().count() <= 14 && !label.contains(['.', ',']) {
                let rest = plain_keyword(line[at + mark.len()..].trim_start());
                if GHERKIN.iter().any(|k| rest.to_lowercase().starts_with(k)) {
                    return rest;
                }
            }
        }
    }
    plain_keyword(line)
}

/// A line whose first words are set in bold or italics, or end in a colon ("**Given** I am
/// logged in", "__When__: I click …", "*Then:* …", "Then: …"), as a reader sees them: the words,
/// a space, the rest. Only a lead of one or two words: a bold phrase inside a sentence stays.
fn plain_keyword(line: &str) -> String {
    let mut line = line.to_string();
    for mark in ["**", "__", "*", "_"] {
        let Some(rest) = line.strip_prefix(mark) else { continue };
        let Some(end) = rest.find(mark) else { continue };
        let inner = &rest[..end];
        if !inner.is_empty() && !inner.starts_with(' ') && inner.split_whitespace().count() <= 2 {
            let after = rest[end + mark.len()..].trim_start_matches(':').trim_start();
            line = format!("{} {after}", inner.trim_end_matches(':'));
            break;
        }
    }
    // "Given: I am …": the keyword's colon is not part of the step.
    if let Some((first, after)) = line.split_once(':') {
        let keyword = format!("{} ", first.trim().to_lowercase());
        if !first.contains(' ') && GHERKIN.contains(&keyword.as_str()) {
            return format!("{} {}", first.trim(), after.trim_start());
        }
    }
    line
}

/// Whether the document tells its steps as Given/When/Then lines outside a feature file's
/// frame: at least one "When"/"만약" line and one "Then"/"그러면" line, once leads are dropped.
fn criteria_lines(doc: &Document) -> bool {
    let starts = |words: &[&str]| {
        doc.numbered_lines().any(|(_, l)| {
            let l = without_lead(l).to_lowercase();
            words.iter().any(|w| l.starts_with(w))
        })
    };
    starts(&["when ", "만약 "]) && starts(&["then ", "그러면 "])
}

/// Gherkin keywords, Korean and English, and what stays of the sentence without them.
const GHERKIN: &[&str] = &[
    "given ",
    "when ",
    "then ",
    "and ",
    "but ",
    "* ",
    "조건 ",
    "만약 ",
    "그러면 ",
    "그리고 ",
    "하지만 ",
    "먼저 ",
    "전제 ",
];
/// Lines of a message that are not its content: headers, greetings, signatures.
const NOT_CONTENT: &[&str] = &[
    "제목:",
    "보낸 사람:",
    "받는 사람:",
    "참조:",
    "보낸 날짜:",
    "from:",
    "to:",
    "cc:",
    "subject:",
    "date:",
    "sent:",
    "안녕하세요",
    "감사합니다",
    "드림",
    "thanks",
    "thank you",
    "regards",
    "hi ",
    "hello",
    "--",
    "feature:",
    "기능:",
    "scenario:",
    "시나리오:",
    "background:",
    "배경:",
    "as a ",
    "i want",
    "so that",
    "scenario outline:",
];

/// Sentences of a document's paragraphs that read as steps: Gherkin lines without their
/// keyword and pronoun, and the sentences of prose.
fn prose_steps(doc: &Document) -> Vec<SpecStep> {
    let mut out = Vec::new();
    // In a Gherkin feature, the lines under "기능:" / "Feature:" that carry no keyword are its
    // story ("사용자는 … 주시를 해제할 수 있다"), not steps.
    let feature = criteria_lines(doc)
        || doc.numbered_lines().any(|(_, l)| {
            let l = l.trim().to_lowercase();
            ["feature:", "기능:", "scenario:", "시나리오:", "scenario outline:", "시나리오 개요:"]
                .iter()
                .any(|k| l.starts_with(k))
        });
    let lines = if feature { doc.numbered_lines().map(|(n, l)| (n, l.to_string())).collect() } else { unwrapped(doc) };
    // The last thing a sentence named, which a later "it" stands for.
    let mut referred: Option<String> = None;
    for (number, line) in lines {
        let line = line.as_str();
        let trimmed = if feature { without_lead(line) } else { without_speaker(line.trim()).to_string() };
        let trimmed = trimmed.as_str();
        let lower = trimmed.to_lowercase();
        if trimmed.is_empty() || trimmed.starts_with('#') || NOT_CONTENT.iter().any(|w| lower.starts_with(w)) {
            continue;
        }
        let gherkin = GHERKIN.iter().find(|k| lower.starts_with(**k));
        if feature && gherkin.is_none() {
            continue;
        }
        let sentences: Vec<String> = match gherkin {
            Some(keyword) => vec![without_subject(&trimmed[keyword.len()..])],
            None => sentences_of(trimmed).into_iter().map(|s| without_subject(&s)).collect(),
        };
        for text in sentences {
            // "… the search at the top right? type privacy in it": "it" is what came before.
            let text = match (referred.as_deref(), refers_back(&text)) {
                (Some(thing), Some((at, len))) => format!("{}the {thing}{}", &text[..at], &text[at + len..]),
                _ => text,
            };
            if let Some(thing) = thing_named(&text) {
                referred = Some(thing);
            }
            if reports_speech(&text) || (gherkin.is_none() && states_intention(&text)) {
                continue;
            }
            // The citation keeps the spec's own words; the step reads them as a check.
            let said = text.clone();
            let text = done_when(&text).unwrap_or(text);
            // A Gherkin keyword says the line is a step: "만약 … 누르면" (When …) acts. In a
            // feature or a list of criteria every keyword line is one by its form, understood or
            // not: what the engine cannot read it asks about, never drops.
            let step = match gherkin {
                Some(_) if feature => !text.trim().is_empty(),
                Some(_) => acts_or_checks(&text),
                None => reads_as_step(&text),
            };
            if step || crate::interpret_all(&text, None).iter().any(|i| i.verb == crate::Verb::LogIn) {
                if let Some(mut citation) = doc.cite(number) {
                    citation.quote = said;
                    out.push(SpecStep { text, citation });
                }
            }
        }
    }
    out
}

/// A prose document's lines with the lines a mail client or editor wrapped joined back to the
/// sentence they continue ("…go to the News tab. Click \"Add news\"," / "type … as the" /
/// "summary, then click Create."), each cited at the line it starts on. A line continues the one
/// before when that one stops mid-sentence — a comma, an open quote or bracket, or no sentence
/// end before a line that goes on in small letters.
fn unwrapped(doc: &Document) -> Vec<(u32, String)> {
    let mut out: Vec<(u32, String)> = Vec::new();
    let mut open = false;
    for (number, line) in doc.numbered_lines() {
        let trimmed = line.trim();
        // ("Title: Shipping information," then "URL: /shipping/, …": a label's value listed on
        // after a comma goes on; a header line of its own starts anew.)
        let after_comma = open && out.last().is_some_and(|(_, t)| t.trim_end().ends_with(','));
        let starts_own = trimmed.is_empty()
            || trimmed.starts_with('#')
            || strip_bullet(trimmed).is_some()
            || list_item(trimmed).is_some()
            || !after_comma
                && trimmed.contains(": ")
                && trimmed.split(": ").next().is_some_and(|h| !h.contains(' ') && h.len() < 20);
        match out.last_mut() {
            Some((_, text)) if open && !starts_own => {
                text.push(' ');
                text.push_str(trimmed);
            }
            _ => out.push((number, trimmed.to_string())),
        }
        let text = out.last().map(|(_, t)| t.as_str()).unwrap_or_default();
        let next_small =
            |t: &str| t.trim_end().ends_with(|c: char| c.is_alphanumeric() || c == ',' || c == '"' || c == '\'');
        open = !trimmed.is_empty() && (unfinished(text, false) || text.trim_end().ends_with(',') || next_small(text));
        if open && !text.trim_end().ends_with(',') && !unfinished(text, false) {
            // No sentence end: it goes on only if the next line starts in small letters, or a
            // Korean line that has not reached its sentence's ending goes on in Korean or a quote.
            let next = doc.lines.get(number as usize).map(|l| l.trim()).unwrap_or_default();
            let hangul = specwright_vocabulary::is_syllable;
            let finished = ["다", "요", "함", "음", "됨", "임", "니다"].iter().any(|e| text.trim_end().ends_with(e));
            // A Korean clause that ends joining the next ("…25로 바꾸고") goes on whatever the
            // next line starts with: an element's name on screen is often in Latin letters.
            let joins = ["고", "서", "며", "면", "하여", "해"].iter().any(|e| text.trim_end().ends_with(e));
            open = next.starts_with(|c: char| c.is_lowercase())
                || (!finished && text.trim_end().ends_with(hangul) && joins && !next.is_empty())
                || (!finished
                    && text.trim_end().ends_with(hangul)
                    && next.starts_with(|c: char| hangul(c) || ['\'', '"', '‘', '“'].contains(&c)));
        }
    }
    out
}

/// Words that introduce what someone said ("Alice says …", "the customer reported that …").
const SPEECH_VERBS: &[&str] = &[
    "says",
    "said",
    "reports",
    "reported",
    "mentions",
    "mentioned",
    "complains",
    "complained",
    "tells",
    "told",
    "claims",
    "thinks",
];
/// Who may say it, when not named: people, never the page ("the banner says …" is a check).
const SPEAKERS: &[&str] = &[
    "she",
    "he",
    "they",
    "someone",
    "somebody",
    "a customer",
    "the customer",
    "customers",
    "a client",
    "the client",
    "clients",
    "a user",
    "users",
    "my manager",
    "the manager",
    "our client",
    "support",
];

/// Whether the sentence reports what a person said ("Alice says she can't close her tickets",
/// "고객이 저장이 안 된다고 한다"): the reason for the check, context, never a step of its own —
/// its words are the complaint, not what the app must show.
fn reports_speech(sentence: &str) -> bool {
    let s = sentence.trim();
    // Korean hearsay: "…다고 한다", "…라고 했다", "…다고 합니다".
    let k = s.trim_end_matches(['.', '!']);
    if [
        "다고 한다",
        "다고 했다",
        "다고 합니다",
        "라고 한다",
        "라고 했다",
        "라고 합니다",
        "다는 문의가 있다",
        "다는 제보가 있다",
    ]
    .iter()
    .any(|e| k.ends_with(e))
    {
        return true;
    }
    let words: Vec<&str> = s.split_whitespace().collect();
    let Some(at) = words.iter().position(|w| SPEECH_VERBS.contains(&w.trim_matches(',').to_lowercase().as_str()))
    else {
        return false;
    };
    if at == 0 || at > 3 {
        return false;
    }
    let subject = words[..at].join(" ");
    let lower = subject.to_lowercase();
    if SPEAKERS.contains(&lower.as_str()) {
        return true;
    }
    // A person's name: capitalised words, none of them an article or a thing on the page.
    const NOT_NAMES: &[&str] = &["the", "a", "an", "this", "that", "it", "page", "screen", "app", "message", "banner"];
    words[..at].iter().all(|w| {
        w.chars().next().is_some_and(char::is_uppercase)
            && w.chars().all(|c| c.is_alphabetic() || c == '-' || c == '\'')
            && !NOT_NAMES.contains(&w.to_lowercase().as_str())
    })
}

/// A chat line without its time and speaker ("[14:05] Dave Choi: log in as dave …"): what
/// was said. Only after a time: "Expected: …" in other documents keeps its label.
fn without_speaker(line: &str) -> &str {
    let Some(rest) = line.strip_prefix('[') else { return line };
    let Some(close) = rest.find(']').filter(|c| *c <= 12) else { return line };
    let time = &rest[..close];
    if !time.contains(':') || !time.chars().all(|c| c.is_ascii_digit() || c == ':' || c == ' ') {
        return line;
    }
    let said = rest[close + 1..].trim_start();
    match said.find(": ") {
        Some(at) if (1..=4).contains(&said[..at].split_whitespace().count()) && said[..at].chars().count() <= 30 => {
            said[at + 2..].trim_start()
        }
        _ => said,
    }
}

/// The sentences of a paragraph line (". ", "다. ", "요. ", "? ", "! ").
fn sentences_of(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = line.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        current.push(*c);
        let end = matches!(c, '.' | '?' | '!' | '。') && chars.get(i + 1).is_none_or(|n| n.is_whitespace());
        // "2024-06-10." or "1..7" are not sentence ends when a digit follows.
        if end && !chars.get(i.wrapping_sub(1)).is_some_and(|p| *p == '.') {
            out.push(current.trim().to_string());
            current.clear();
        }
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_string());
    }
    out
}

fn candidate_steps(doc: &Document) -> Vec<SpecStep> {
    let mut out = Vec::new();
    let headings: std::collections::HashSet<u32> =
        doc.sections.iter().filter(|s| s.level > 0).map(|s| s.start_line).collect();
    let lines: Vec<(u32, &str)> = doc.numbered_lines().collect();
    let mut in_fence = false;
    let mut bullets: Vec<(u32, String, bool)> = Vec::new();
    // Whether the list being gathered sits under a label that names steps or expected results.
    let mut labelled = false;
    let flush = |bullets: &mut Vec<(u32, String, bool)>, out: &mut Vec<SpecStep>, labelled: bool| {
        let list = std::mem::take(bullets);
        // A checklist of boxes to tick ("- [ ] …") is steps by its form, its "when you press
        // Save, a notice shows" items too; a list under "**기대 결과**" or "Expected results" by
        // its place (an item no rule reads is then asked about, never dropped); any other list
        // only when each item reads as a step.
        let checklist = list.iter().all(|(_, _, task)| *task) && list.iter().any(|(_, text, _)| reads_as_step(text));
        let placed = labelled && list.iter().any(|(_, text, _)| reads_as_step(text));
        if checklist || placed || list.iter().all(|(_, text, _)| reads_as_step(text)) {
            out.extend(
                list.into_iter().filter_map(|(n, text, _)| doc.cite(n).map(|citation| SpecStep { text, citation })),
            );
        }
    };
    for (i, (number, line)) in lines.iter().enumerate() {
        let (number, trimmed) = (*number, line.trim());
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence || headings.contains(&number) || doc.row_at(number).is_some() {
            continue;
        }
        if let Some(text) = strip_bullet(trimmed) {
            let after: String = trimmed.chars().skip(1).collect();
            let task = ["[ ]", "[x]", "[X]"].iter().any(|b| after.trim_start().starts_with(b));
            if bullets.is_empty() {
                let label = lines[..i].iter().rev().map(|(_, l)| l.trim()).find(|l| !l.is_empty());
                labelled = label.is_some_and(names_steps);
            }
            bullets.push((number, text.to_string(), task));
            continue;
        }
        flush(&mut bullets, &mut out, labelled);
        let Some((n, text)) = list_item(trimmed) else {
            continue;
        };
        // A numbered heading (`## 2. 로그인`) is not a step.
        if trimmed.starts_with('#') {
            continue;
        }
        // "1. 개요" written as a plain numbered paragraph: a title, not a step, when it has no
        // verb, is short, and no item numbered after it follows.
        let next = lines[i + 1..].iter().map(|(_, l)| l.trim()).find(|l| !l.is_empty());
        let continues = next.and_then(list_item).is_some_and(|(m, _)| m == n + 1);
        if !continues && looks_like_title(text) {
            continue;
        }
        // An item the page wrapped ("… (예: 일시 10:00, 참석" / "김민지·이준호, 안건 …)"): the
        // lines that finish its sentence are part of it.
        let mut text = text.to_string();
        for (next_number, next) in &lines[i + 1..] {
            let next = next.trim();
            let part_of_list = next.is_empty()
                || headings.contains(next_number)
                || doc.row_at(*next_number).is_some()
                || strip_bullet(next).is_some()
                || list_item(next).is_some();
            if part_of_list || !unfinished(&text, !doc.pages.is_empty()) {
                break;
            }
            text = format!("{text} {next}");
        }
        if let Some(citation) = doc.cite(number) {
            out.push(SpecStep { text, citation });
        }
    }
    flush(&mut bullets, &mut out, labelled);
    out
}

/// A line that only labels what follows as steps or expected results: a heading or a bold or
/// colon-ended label ("**기대 결과**", "## Expected results", "Steps:"), never a sentence.
fn names_steps(line: &str) -> bool {
    const LABELS: &[&str] = &[
        "단계",
        "절차",
        "테스트 절차",
        "기대 결과",
        "기대결과",
        "예상 결과",
        "예상결과",
        "확인 사항",
        "steps",
        "test steps",
        "procedure",
        "expected result",
        "expected results",
        "expected outcome",
    ];
    // ("Acceptance criteria" are as often what the app must allow as what to check: read by
    // their form, Given/When/Then.)
    let label = line.trim_start_matches('#').trim().trim_matches('*').trim().trim_end_matches([':', '：']).trim();
    let label = label.trim_matches('*').trim().to_lowercase();
    let marked = line.starts_with('#') || line.starts_with("**") || line.trim_end().ends_with([':', '：']);
    marked && LABELS.contains(&label.as_str())
}

/// Whether a line stops mid-sentence: a bracket or quote left open ("…(예: 일시 10:00, 참석"),
/// or, on a page that wraps its lines (PDF), no sentence end at all ("Click the"). Elsewhere a
/// step may end without one ("저장 버튼 클릭") and the next line is its own.
fn unfinished(text: &str, wrapped: bool) -> bool {
    let open = |a: char, b: char| text.chars().filter(|c| *c == a).count() > text.chars().filter(|c| *c == b).count();
    if open('(', ')') || open('[', ']') || open('“', '”') || text.chars().filter(|c| *c == '"').count() % 2 == 1 {
        return true;
    }
    let end = text.trim_end();
    let finished = end.ends_with(['.', '。', '!', '?', ')', ':', '"', '\'', '”'])
        || ["다", "요", "함", "음", "됨", "것", "임"].iter().any(|e| end.ends_with(e));
    wrapped && !finished && end.chars().last().is_some_and(|c| c.is_alphanumeric() || c == ',')
}

/// A short phrase with no verb in it ("개요", "테스트 환경", "Requirements").
fn looks_like_title(text: &str) -> bool {
    text.chars().count() <= 40 && text.split_whitespace().count() <= 5 && !crate::words::has_verb(text)
}

fn strip_bullet(line: &str) -> Option<&str> {
    let rest = line.strip_prefix(['-', '*', '•', '·', '▪', '◦'])?;
    if !rest.starts_with([' ', '\t']) {
        return None;
    }
    let text = rest.trim();
    // A task-list box ("- [ ] ...") is part of the bullet.
    let text = text
        .strip_prefix("[ ]")
        .or_else(|| text.strip_prefix("[x]"))
        .or_else(|| text.strip_prefix("[X]"))
        .unwrap_or(text)
        .trim();
    (!text.is_empty()).then_some(text)
}

/// Words that make a sentence a rule of the system rather than a step a person takes.
const CONDITIONAL: &[&str] = &["경우", "할 때", "될 때", " if ", " when ", " unless ", " whenever "];
/// Nouns that end in 면 like a conditional ending ("두면", "하면") does.
const NOUNS_IN_MYEON: &[&str] =
    &["화면", "전면", "후면", "측면", "정면", "표면", "단면", "양면", "평면", "지면", "장면", "방면"];

/// A Korean conditional clause: a word ending in 면 ("비워 두면", "입력하면") that is not a noun.
fn korean_conditional(text: &str) -> bool {
    text.split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .any(|w| w.chars().count() >= 2 && w.ends_with('면') && !NOUNS_IN_MYEON.iter().any(|n| w.ends_with(n)))
}

/// A bullet is a step when the grammar finds an action or check with a target in it, and it
/// is not conditional.
/// Whether the sentence states what someone means to do ("첫 화면에 글을 25개까지 보여 주려고
/// 합니다", "We plan to show the priority on the list"): why the mail was sent, never a step —
/// the steps that follow say what to do.
fn states_intention(sentence: &str) -> bool {
    let k = sentence.trim().trim_end_matches(['.', '!']);
    let korean = [
        "려고 합니다",
        "려고 한다",
        "려고 해요",
        "려고 했습니다",
        "고자 합니다",
        "고자 한다",
        "예정입니다",
        "예정이다",
    ];
    if korean.iter().any(|e| k.ends_with(e)) {
        return true;
    }
    let lower = format!(" {} ", k.to_lowercase());
    [
        "we plan to ",
        "we want to ",
        "we'd like to ",
        "we would like to ",
        "we are going to ",
        "we're going to ",
        "we intend to ",
    ]
    .iter()
    .any(|p| lower.starts_with(&format!(" {p}")) || lower.contains(&format!(", {p}")))
}

/// "\"Entry saved\" 알림이 뜨면 끝입니다", "'등록되었습니다' 메시지가 나오면 완료입니다": what
/// the work is done with is the check, said as what is shown.
fn done_when(sentence: &str) -> Option<String> {
    let k = sentence.trim().trim_end_matches(['.', '!']);
    let tails = [
        "끝입니다",
        "끝이에요",
        "끝",
        "완료입니다",
        "완료",
        "성공입니다",
        "성공",
        "통과입니다",
        "됩니다",
        "된 것입니다",
    ];
    let head = tails.iter().find_map(|t| k.strip_suffix(t))?.trim_end();
    let plain = [
        ("뜨면", "뜬다"),
        ("나오면", "나온다"),
        ("보이면", "보인다"),
        ("표시되면", "표시된다"),
        ("나타나면", "나타난다"),
        ("노출되면", "노출된다"),
        ("바뀌면", "바뀐다"),
        ("변경되면", "변경된다"),
    ];
    let (shown, verb) = plain.iter().find_map(|(w, v)| head.strip_suffix(w).map(|h| (h.trim_end(), *v)))?;
    (!shown.is_empty()).then(|| format!("{shown} {verb}."))
}

fn reads_as_step(text: &str) -> bool {
    // "등록되고 나면 목록에 …": a result told as the moment before its check is no condition.
    let text = &crate::grammar::polite::plain(text);
    // The words of a quoted name ("Mobile app crashes when opening …") say no condition.
    let said = crate::quotes::unquoted(text, &crate::quotes::quoted_spans(text));
    let lower = said.to_lowercase();
    let padded = format!(" {lower} ");
    // "이 경우는 …" points back at the case just told ("in this case"): no condition of its own.
    let padded = padded.replace("이 경우", "").replace("그 경우", "");
    if CONDITIONAL.iter().any(|c| padded.contains(c)) || korean_conditional(&said) {
        return false;
    }
    acts_or_checks(text)
}

/// Whether the grammar finds an action or a check with a target in the sentence.
fn acts_or_checks(text: &str) -> bool {
    crate::interpret_all(text, None).iter().any(|i| {
        i.verb != crate::Verb::Look && (i.target.is_some() || matches!(i.verb, crate::Verb::Back | crate::Verb::Reload))
    })
}

/// A numbered list item: its number and its text ("3. …", "3) …", and "## 3. …" for headings).
fn list_item(line: &str) -> Option<(u32, &str)> {
    let line = line.trim_start_matches('#').trim_start();
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 || digits > 3 {
        return None;
    }
    let rest = &line[digits..];
    let rest = rest.strip_prefix('.').or_else(|| rest.strip_prefix(')'))?;
    if !rest.starts_with([' ', '\t']) {
        return None;
    }
    let text = rest.trim();
    let n = line[..digits].parse().ok()?;
    (!text.is_empty()).then_some((n, text))
}

mod subject;
#[cfg(test)]
mod tests;
