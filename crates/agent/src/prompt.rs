//! Prompt templates, embedded from `prompts/` and rendered strictly: a placeholder is
//! `{{lower_snake_case}}`; one with no value, or a value no placeholder uses, is an error, so a
//! renamed variable cannot silently leave a hole. Other braces (`{{secret.NAME}}`) are text.

pub const SYSTEM_EN: &str = include_str!("../../../prompts/agent.system.en.md");
pub const SYSTEM_KO: &str = include_str!("../../../prompts/agent.system.ko.md");
/// For small context windows (local models): the same rules in a fifth of the tokens.
pub const SYSTEM_COMPACT_EN: &str = include_str!("../../../prompts/agent.system.compact.en.md");
pub const SYSTEM_COMPACT_KO: &str = include_str!("../../../prompts/agent.system.compact.ko.md");
/// A person's message to the session, as the model's next turn.
pub const SAID_EN: &str = include_str!("../../../prompts/agent.said.en.md");
pub const SAID_KO: &str = include_str!("../../../prompts/agent.said.ko.md");

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PromptError {
    #[error("prompt placeholder {{{{{0}}}}} has no value")]
    Missing(String),
    #[error("prompt value {0} is used by no placeholder")]
    Unused(String),
}

fn is_placeholder(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '_')
}

pub fn render(template: &str, values: &[(&str, &str)]) -> Result<String, PromptError> {
    let mut out = String::with_capacity(template.len());
    let mut used = vec![false; values.len()];
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        match after.find("}}") {
            Some(end) if is_placeholder(&after[..end]) => {
                let name = &after[..end];
                let i = values.iter().position(|(k, _)| *k == name).ok_or_else(|| PromptError::Missing(name.into()))?;
                used[i] = true;
                out.push_str(values[i].1);
                rest = &after[end + 2..];
            }
            _ => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    if let Some(i) = used.iter().position(|u| !u) {
        return Err(PromptError::Unused(values[i].0.into()));
    }
    Ok(out)
}

/// The system prompt in the documents' language; `compact` for a small context window.
pub fn system_prompt(
    korean: bool,
    target_url: &str,
    question_budget: u32,
    compact: bool,
) -> Result<String, PromptError> {
    let budget = question_budget.to_string();
    let (template, language) = match (korean, compact) {
        (true, false) => (SYSTEM_KO, "한국어"),
        (true, true) => (SYSTEM_COMPACT_KO, "한국어"),
        (false, false) => (SYSTEM_EN, "English"),
        (false, true) => (SYSTEM_COMPACT_EN, "English"),
    };
    render(template, &[("target_url", target_url), ("question_budget", &budget), ("language", language)])
}

/// The turn a person's message becomes: their words (fenced as theirs), the citation the steps
/// they ask for carry, and the scenario so far as numbered lines.
pub fn said_prompt(korean: bool, words: &str, cite: &str, steps: &str) -> Result<String, PromptError> {
    let template = if korean { SAID_KO } else { SAID_EN };
    render(template, &[("words", words), ("cite", cite), ("steps", steps)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rendering_is_strict_both_ways_and_leaves_other_braces() {
        assert_eq!(render("a {{x}} b {{secret.NAME}}", &[("x", "1")]).unwrap(), "a 1 b {{secret.NAME}}");
        assert_eq!(render("{{x}} {{y}}", &[("x", "1")]), Err(PromptError::Missing("y".into())));
        assert_eq!(render("{{x}}", &[("x", "1"), ("z", "2")]), Err(PromptError::Unused("z".into())));
    }
}
