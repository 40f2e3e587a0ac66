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

/// Every `1. ...` / `1) ...` line of every document, in document order.
pub fn spec_steps(documents: &[Document]) -> Vec<SpecStep> {
    let mut out = Vec::new();
    for doc in documents {
        let mut in_fence = false;
        for (number, line) in doc.numbered_lines() {
            let trimmed = line.trim();
            if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
                in_fence = !in_fence;
                continue;
            }
            if in_fence {
                continue;
            }
            let text = match (strip_list_number(trimmed), strip_bullet(trimmed)) {
                (Some(text), _) => text,
                (None, Some(text)) if reads_as_step(text) => text,
                _ => continue,
            };
            // A numbered heading (`## 2. 로그인`) is not a step.
            if trimmed.starts_with('#') {
                continue;
            }
            if let Some(citation) = doc.cite(number) {
                out.push(SpecStep { text: text.to_string(), citation });
            }
        }
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

/// A bullet is a step when the grammar finds an action or check with a target in it.
fn reads_as_step(text: &str) -> bool {
    crate::interpret_all(text, None).iter().any(|i| i.verb != crate::Verb::Look && (i.target.is_some() || i.verb == crate::Verb::Back))
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
            "# 로그인\n\n1. '로그인' 버튼을 클릭한다.\n2) Click 'Sign in'\n- bullet\n10.5 not a step\n```\n3. fenced\n```\n- '대시보드' 제목이 표시된다\n* Admins only\n".as_bytes(),
        )
        .unwrap();
        let steps = spec_steps(&[doc]);
        let texts: Vec<_> = steps.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(texts, vec!["'로그인' 버튼을 클릭한다.", "Click 'Sign in'", "'대시보드' 제목이 표시된다"]);
        assert_eq!(steps[0].citation.line, 3);
        assert_eq!(steps[0].citation.section, "로그인");
        assert_eq!(steps[1].citation.quote, "2) Click 'Sign in'");
    }
}
