//! Where a run's questions are answered when no window is watching: an answers file (a YAML
//! list of `{when: <regex>, answer: <option label or value>}`), secrets given on the command
//! line or in `SPECWRIGHT_SECRET_<NAME>`, and, last, a person at a terminal.

use crate::RuntimeError;
use regex::Regex;
use serde::Deserialize;
use specwright_browser::Secrets;
use specwright_catalog::{both_languages, render, Locale};
use specwright_protocol::{Question, QuestionKind};
use specwright_rails::{Answer, Answerer};
use std::path::Path;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleFile {
    when: String,
    answer: serde_yaml::Value,
}

/// One rule: the first whose pattern matches the question's text, target, id or an option
/// label answers it.
#[derive(Debug, Clone)]
pub struct Rule {
    pub when: Regex,
    pub answer: String,
}

/// Answers for an unattended run. Secret questions are answered only from `secrets`, never
/// from the file (a file of answers is shared; secrets are not).
pub struct Answers {
    rules: Vec<Rule>,
    secrets: Secrets,
    fallback: Option<Box<dyn Answerer>>,
    /// Who the rules speak for: an answers file, or a person in the window.
    source: &'static str,
}

impl Answers {
    pub fn new(rules: Vec<Rule>, secrets: Secrets) -> Self {
        Answers { rules, secrets, fallback: None, source: "answers_file" }
    }

    /// The rules are a person's answers given in the window, and are recorded as theirs.
    pub fn from_window(mut self) -> Self {
        self.source = "window";
        self
    }

    /// The rules are what a person said (`window` or `terminal`), recorded as theirs.
    pub fn by(mut self, by: &'static str) -> Self {
        self.source = by;
        self
    }

    /// Asks this one (a person at a terminal) when no rule answers.
    pub fn with_fallback(mut self, fallback: Box<dyn Answerer>) -> Self {
        self.fallback = Some(fallback);
        self
    }

    /// Reads an answers file; a bad pattern or shape is reported with the rule's number.
    pub fn load_rules(path: &Path) -> Result<Vec<Rule>, RuntimeError> {
        let bad = |reason: String| {
            RuntimeError::Invalid(specwright_protocol::Text::message(
                "invalid-answers-file",
                [("path", path.display().to_string().into()), ("reason", reason.into())],
            ))
        };
        let text = std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))?;
        let rules: Vec<RuleFile> = serde_yaml::from_str(&text).map_err(|e| bad(e.to_string()))?;
        rules
            .into_iter()
            .enumerate()
            .map(|(i, rule)| {
                let when = Regex::new(&rule.when).map_err(|e| bad(format!("#{} when: {e}", i + 1)))?;
                let answer = match rule.answer {
                    serde_yaml::Value::String(s) => s,
                    serde_yaml::Value::Number(n) => n.to_string(),
                    serde_yaml::Value::Bool(b) => if b { "yes" } else { "no" }.to_string(),
                    other => return Err(bad(format!("#{} answer: {other:?}", i + 1))),
                };
                Ok(Rule { when, answer })
            })
            .collect()
    }
}

impl Answerer for Answers {
    fn answer(&mut self, question: &Question) -> Option<Answer> {
        if question.kind == QuestionKind::Secret {
            let name = question.id.rsplit(':').next().unwrap_or_default();
            if let Some(value) = self.secrets.get(name) {
                return Some(Answer { value: value.to_string(), source: "secret".into() });
            }
        } else {
            // A rule about the question itself wins over one that only matches an option the page
            // happened to offer ("편집" in "'위키텍스트 소스 편집기' field" when asked about '본문').
            // A rule is written in the language its author reads: the question matches in either.
            let said: Vec<String> = Locale::ALL.iter().map(|l| render(&question.text, *l)).collect();
            let asked: Vec<&str> = said
                .iter()
                .map(String::as_str)
                .chain([question.target.as_deref(), Some(question.id.as_str())].into_iter().flatten())
                .collect();
            let offered: Vec<String> = question.options.iter().map(|o| both_languages(&o.label)).collect();
            let by_question = self.rules.iter().find(|r| asked.iter().any(|t| r.when.is_match(t)));
            let by_option = || self.rules.iter().find(|r| offered.iter().any(|t| r.when.is_match(t)));
            if let Some(rule) = by_question.or_else(by_option) {
                return Some(Answer { value: by_number(question, &rule.answer), source: self.source.into() });
            }
        }
        self.fallback.as_mut().and_then(|f| f.answer(question))
    }
}

/// An answer written as an option's number ("2", as the terminal numbers them) means that
/// option, unless some option's own value or label is that number.
fn by_number(question: &Question, answer: &str) -> String {
    if question.options.iter().any(|o| o.value == answer || specwright_rails::label_says(o, answer)) {
        return answer.to_string();
    }
    answer
        .trim()
        .parse::<usize>()
        .ok()
        .and_then(|n| question.options.get(n.wrapping_sub(1)))
        .map_or_else(|| answer.to_string(), |o| o.value.clone())
}

/// `--secret NAME=VALUE` flags, then every `SPECWRIGHT_SECRET_<NAME>` in the environment.
pub fn secrets_from(flags: &[String]) -> Result<Secrets, RuntimeError> {
    let mut secrets = Secrets::default();
    for (name, value) in std::env::vars() {
        if let Some(name) = name.strip_prefix("SPECWRIGHT_SECRET_") {
            secrets.insert(name, &value);
        }
    }
    for flag in flags {
        let (name, value) = flag
            .split_once('=')
            .ok_or_else(|| RuntimeError::BadArgument(format!("--secret {}", flag.split('=').next().unwrap_or(""))))?;
        secrets.insert(name.trim(), value);
    }
    Ok(secrets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use specwright_protocol::QuestionOption;

    fn question(kind: QuestionKind, id: &str, text: &str) -> Question {
        Question {
            id: id.into(),
            kind,
            text: text.into(),
            target: Some("내보내기".into()),
            options: vec![QuestionOption {
                label: "button \"내보내기\" — #1".into(), value: "1".into(), target: None
            }],
            why: String::new().into(),
            source: None,
        }
    }

    #[test]
    fn rules_match_text_target_or_options_and_secrets_answer_only_secret_questions() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("answers.yaml");
        std::fs::write(&path, "- when: '내보내기'\n  answer: 1\n- when: '삭제|delete'\n  answer: yes\n").unwrap();
        let rules = Answers::load_rules(&path).unwrap();
        let mut secrets = Secrets::default();
        secrets.insert("PASSWORD", "s3cret");
        let mut answers = Answers::new(rules, secrets);
        let a = answers.answer(&question(QuestionKind::Target, "target:/items:내보내기", "Which one?")).unwrap();
        assert_eq!((a.value.as_str(), a.source.as_str()), ("1", "answers_file"));
        let mut confirm = question(QuestionKind::Confirm, "confirm:/items:x", "삭제할까요?");
        confirm.target = None;
        confirm.options = vec![QuestionOption { label: "실행 / Proceed".into(), value: "yes".into(), target: None }];
        let a = answers.answer(&confirm).unwrap();
        assert_eq!(a.value, "yes");
        let a = answers.answer(&question(QuestionKind::Secret, "secret::PASSWORD", "password?")).unwrap();
        assert_eq!((a.value.as_str(), a.source.as_str()), ("s3cret", "secret"));
        assert!(answers.answer(&question(QuestionKind::Secret, "secret::OTHER", "내보내기")).is_none());
        // An option's number, as the terminal shows it, means that option's value.
        let mut missing = question(QuestionKind::Target, "missing:/login:회원가입", "'회원가입' is not on the page");
        missing.options = vec![
            QuestionOption { label: "'로그인' 버튼".into(), value: "button \"로그인\"".into(), target: None },
            QuestionOption { label: "건너뛰기 / Skip".into(), value: "skip".into(), target: None },
        ];
        std::fs::write(&path, "- when: '회원가입'\n  answer: 2\n").unwrap();
        let rules = Answers::load_rules(&path).unwrap();
        let a = Answers::new(rules, Secrets::default()).answer(&missing).unwrap();
        assert_eq!(a.value, "skip");
        let mut q = question(QuestionKind::Screen, "screen::x", "Where?");
        q.target = None;
        q.options.clear();
        assert!(answers.answer(&q).is_none());
        // A rule about the question wins over an earlier one that only matches an offered option.
        std::fs::write(
            &path,
            "- when: '편집'
  answer: the edit tab
- when: '본문'
  answer: the text box
",
        )
        .unwrap();
        let mut body = question(QuestionKind::Target, "missing:/edit:본문", "'본문' is not on the page");
        body.options =
            vec![QuestionOption {
                label: "'위키텍스트 소스 편집기' field".into(), value: "x".into(), target: None
            }];
        let a = Answers::new(Answers::load_rules(&path).unwrap(), Secrets::default()).answer(&body).unwrap();
        assert_eq!(a.value, "the text box");
    }

    #[test]
    fn a_bad_answers_file_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("answers.yaml");
        std::fs::write(&path, "- when: '('\n  answer: 1\n").unwrap();
        let e = Answers::load_rules(&path).unwrap_err().to_string();
        assert!(e.contains("#1 when") && e.contains("answers file"), "{e}");
        std::fs::write(&path, "when: x\n").unwrap();
        assert!(Answers::load_rules(&path).is_err());
    }
}
