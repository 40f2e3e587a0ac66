//! Finds the numbered step lists in documents: the sentences a scenario is made of.

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
    }
    out
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
            "# 로그인\n\n1. '로그인' 버튼을 클릭한다.\n2) Click 'Sign in'\n- bullet\n10.5 not a step\n```\n3. fenced\n```\n".as_bytes(),
        )
        .unwrap();
        let steps = spec_steps(&[doc]);
        let texts: Vec<_> = steps.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(texts, vec!["'로그인' 버튼을 클릭한다.", "Click 'Sign in'"]);
        assert_eq!(steps[0].citation.line, 3);
        assert_eq!(steps[0].citation.section, "로그인");
        assert_eq!(steps[1].citation.quote, "2) Click 'Sign in'");
    }
}
