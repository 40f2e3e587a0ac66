//! A Gherkin Scenario Outline ("Scenario Outline:" / "시나리오 개요:") and its Examples table
//! ("Examples:" / "예:"): the outline's steps name columns as `<user>`, and each row of the
//! table is a run of those steps with that row's values — as QA writes data-driven cases in a
//! feature file. Read as plain steps, "When I enter \"<user>\"" typed the letters `<user>`.

use specwright_intake::Document;

/// Keywords that open an outline, in Gherkin's English and Korean.
const OUTLINE: &[&str] = &["scenario outline:", "scenario template:", "시나리오 개요:", "시나리오 템플릿:"];
/// Keywords that open its table of examples.
const EXAMPLES: &[&str] = &["examples:", "scenarios:", "예:", "예시:", "예제:"];

/// One row of an Examples table: each column's value, and the document line of the row.
#[derive(Debug, Clone, PartialEq)]
pub struct Example {
    pub values: Vec<(String, String)>,
    pub line: u32,
}

impl Example {
    /// The row's values as a person reads them: "user=alice, password=wrong".
    pub fn label(&self) -> String {
        self.values.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(", ")
    }

    /// The sentence with every `<column>` it names replaced by this row's value; `None` when it
    /// names none.
    pub fn filled(&self, sentence: &str) -> Option<String> {
        let mut out = sentence.to_string();
        for (column, value) in &self.values {
            out = named_where_typed(&out, column);
            out = out.replace(&format!("<{column}>"), value);
        }
        (out != sentence).then_some(out)
    }
}

/// "enter \"<user>\" and \"<password>\"": a value typed with no field named is typed into the
/// field its column is named for ("enter user \"<user>\" and password \"<password>\"").
fn named_where_typed(sentence: &str, column: &str) -> String {
    let lower = sentence.to_lowercase();
    let lead = lower.trim_start().trim_start_matches("i ");
    if !["enter ", "type ", "fill in ", "input "].iter().any(|v| lead.starts_with(v)) {
        return sentence.to_string();
    }
    let mut out = sentence.to_string();
    for quote in ['"', '\''] {
        let placeholder = format!("{quote}<{column}>{quote}");
        let Some(at) = out.find(&placeholder) else { continue };
        let before = out[..at].trim_end().to_lowercase();
        let unnamed = ["enter", "type", "input", "in", "and", ","].iter().any(|w| before.ends_with(w));
        if unnamed {
            out.insert_str(at, &format!("{column} "));
        }
    }
    out
}

/// The rows of a document's Examples tables, when it holds exactly one outline (with more,
/// which rows belong to which is not told by the steps alone: none are given).
pub fn examples(doc: &Document) -> Vec<Example> {
    let opens = |line: &str, keywords: &[&str]| {
        let lower = line.trim().to_lowercase();
        keywords.iter().any(|k| lower.starts_with(k))
    };
    if doc.lines.iter().filter(|l| opens(l, OUTLINE)).count() != 1 {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut header: Option<Vec<String>> = None;
    let mut in_examples = false;
    for (at, line) in doc.lines.iter().enumerate() {
        let trimmed = line.trim();
        if opens(trimmed, EXAMPLES) {
            in_examples = true;
            header = None;
            continue;
        }
        if !in_examples || trimmed.starts_with('#') || trimmed.is_empty() {
            continue;
        }
        let Some(cells) = cells(trimmed) else {
            // The table ended: a new keyword line.
            in_examples = false;
            continue;
        };
        match &header {
            None => header = Some(cells),
            Some(columns) if columns.len() == cells.len() => out.push(Example {
                values: columns.iter().cloned().zip(cells).collect(),
                line: u32::try_from(at + 1).unwrap_or(u32::MAX),
            }),
            Some(_) => {}
        }
    }
    out
}

/// The cells of a Gherkin table line ("| alice | wrong |"), `None` for any other line.
fn cells(line: &str) -> Option<Vec<String>> {
    let inner = line.strip_prefix('|')?.strip_suffix('|')?;
    Some(inner.split('|').map(|c| c.trim().to_string()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(text: &str) -> Document {
        specwright_intake::parse("login.feature", text.as_bytes()).expect("a feature file reads")
    }

    #[test]
    fn each_row_of_an_outlines_examples_fills_its_steps() {
        let spec = doc("Feature: Login\n\n  Scenario Outline: Wrong credentials\n    When I enter \"<user>\" and \"<password>\"\n    Then I see \"<message>\"\n\n    Examples:\n      | user  | password | message |\n      | alice | wrong    | Invalid |\n      | ghost | secret   | Unknown user |\n");
        let rows = examples(&spec);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[1].label(), "user=ghost, password=secret, message=Unknown user");
        assert_eq!(rows[0].line, 9);
        // Typed with no field named: into the field its column is named for.
        assert_eq!(
            rows[0].filled("I enter \"<user>\" and \"<password>\"").as_deref(),
            Some("I enter user \"alice\" and password \"wrong\"")
        );
        assert_eq!(rows[0].filled("Then I see \"<message>\"").as_deref(), Some("Then I see \"Invalid\""));
        assert_eq!(rows[0].filled("And I click \"Sign in\""), None);
        // Korean keywords; a row of another width is no example.
        let korean = doc("기능: 로그인\n시나리오 개요: 잘못된 비밀번호\n  만약 \"<아이디>\"를 입력하면\n예:\n  | 아이디 |\n  | kim |\n  | lee | x |\n");
        assert_eq!(examples(&korean).iter().map(Example::label).collect::<Vec<_>>(), vec!["아이디=kim"]);
        // No outline, or two: no rows.
        assert!(examples(&doc("Feature: x\n  Scenario: y\n    Examples:\n    | a |\n    | 1 |\n")).is_empty());
    }
}
