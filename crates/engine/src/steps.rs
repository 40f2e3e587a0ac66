//! Finds the step lists in prose documents: the sentences a scenario is made of. A numbered
//! item is always a step (and must be understood); a bulleted item is a step only when it reads
//! as one, since bullets in PRDs are just as often requirements or notes.

use specwright_intake::Document;
use specwright_scenario::Citation;

#[derive(Debug, Clone, PartialEq)]
pub struct SpecStep {
    /// The sentence without its list number.
    pub text: String,
    pub citation: Citation,
}

/// Every numbered item of every document, and every bulleted list that is a step list as a
/// whole (each of its items reads as a step and none is a rule such as "if …, show …"), in
/// document order.
pub fn spec_steps(documents: &[Document]) -> Vec<SpecStep> {
    let mut out = Vec::new();
    for doc in documents {
        let mut in_fence = false;
        let mut bullets: Vec<(u32, String)> = Vec::new();
        let flush = |bullets: &mut Vec<(u32, String)>, out: &mut Vec<SpecStep>| {
            let list = std::mem::take(bullets);
            if list.iter().all(|(_, text)| reads_as_step(text)) {
                out.extend(
                    list.into_iter().filter_map(|(n, text)| doc.cite(n).map(|citation| SpecStep { text, citation })),
                );
            }
        };
        for (number, line) in doc.numbered_lines() {
            let trimmed = line.trim();
            if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
                in_fence = !in_fence;
                continue;
            }
            if in_fence {
                continue;
            }
            if let Some(text) = strip_bullet(trimmed) {
                bullets.push((number, text.to_string()));
                continue;
            }
            flush(&mut bullets, &mut out);
            let Some(text) = strip_list_number(trimmed) else {
                continue;
            };
            // A numbered heading (`## 2. 로그인`) is not a step.
            if trimmed.starts_with('#') {
                continue;
            }
            if let Some(citation) = doc.cite(number) {
                out.push(SpecStep { text: text.to_string(), citation });
            }
        }
        flush(&mut bullets, &mut out);
    }
    out
}

fn strip_bullet(line: &str) -> Option<&str> {
    let rest = line.strip_prefix(['-', '*', '•', '·', '▪', '◦'])?;
    if !rest.starts_with([' ', '\t']) {
        return None;
    }
    let text = rest.trim();
    // A task-list box ("- [ ] ...") is part of the bullet.
    let text = text.strip_prefix("[ ]").or_else(|| text.strip_prefix("[x]")).unwrap_or(text).trim();
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
fn reads_as_step(text: &str) -> bool {
    let lower = text.to_lowercase();
    let padded = format!(" {lower} ");
    if CONDITIONAL.iter().any(|c| padded.contains(c)) || korean_conditional(text) {
        return false;
    }
    crate::interpret_all(text, None)
        .iter()
        .any(|i| i.verb != crate::Verb::Look && (i.target.is_some() || i.verb == crate::Verb::Back))
}

fn strip_list_number(line: &str) -> Option<&str> {
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
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_lines_become_steps_with_citations() {
        let doc = specwright_intake::parse(
            "spec.md",
            "# 로그인\n\n1. '로그인' 버튼을 클릭한다.\n2) Click 'Sign in'\n- bullet\n10.5 not a step\n```\n3. fenced\n```\n\n- '대시보드' 제목이 표시된다\n* Click 'Save'\n\n- 상품명을 비워 두면 \"상품명을 입력해 주세요.\" 메시지를 표시한다.\n- '저장' 버튼을 클릭한다.\n".as_bytes(),
        )
        .unwrap();
        let steps = spec_steps(&[doc]);
        let texts: Vec<_> = steps.iter().map(|s| s.text.as_str()).collect();
        // The first bulleted list is all steps; the second holds a rule ("if empty, show …").
        assert!(!korean_conditional("'상품 목록' 화면 상단의 '내보내기' 버튼을 클릭한다"));
        assert_eq!(
            texts,
            vec!["'로그인' 버튼을 클릭한다.", "Click 'Sign in'", "'대시보드' 제목이 표시된다", "Click 'Save'"]
        );
        assert_eq!(steps[0].citation.line, 3);
        assert_eq!(steps[0].citation.section, "로그인");
        assert_eq!(steps[1].citation.quote, "2) Click 'Sign in'");
    }
}
