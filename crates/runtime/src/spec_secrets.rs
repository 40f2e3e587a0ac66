//! The values a spec gave for its secret fields, recovered from the documents when a stored
//! scenario runs again: a bundle cuts them out, a replay types them, and neither may guess.

use specwright_scenario::{Action, Locator, Provenance, Scenario, Value};
use specwright_store::DocumentRecord;

/// The values the spec gave for secret fields, by secret name, recovered by lining up each
/// cited line with its redacted quote (`... '{{secret.PASSWORD}}' ...`). A line whose value was
/// cut out already (an imported bundle's `{{secret}}`) gives nothing.
pub(crate) fn spec_secrets(scenario: &Scenario, documents: &[DocumentRecord]) -> Vec<(String, String)> {
    let mut values = Vec::new();
    for step in &scenario.steps {
        let (Action::Fill { value: Value::Secret { name }, target }, Provenance::Spec { citation }) =
            (&step.action, &step.provenance)
        else {
            continue;
        };
        if values.iter().any(|(n, _): &(String, String)| n == name) {
            continue;
        }
        let Some(document) = documents.iter().find(|d| d.name == citation.document) else { continue };
        let cited = document.content.lines().nth(citation.line.saturating_sub(1) as usize);
        let placeholder = format!("{{{{secret.{name}}}}}");
        let Some(at) = citation.quote.find(&placeholder) else {
            // A sheet's data cell gave it ("비밀번호: Qa-wiki-2024" beside the step): the field's
            // label, then its value, on the case's own line.
            let label = match target.primary() {
                Some(
                    Locator::Role { name, .. } | Locator::Label { text: name } | Locator::Placeholder { text: name },
                ) => name.trim_end_matches([' ', '*', ':']).to_string(),
                _ => continue,
            };
            let given = cited.and_then(|line| labelled(line, &label));
            // A test-case sheet's row: the value in the cell after the step's own ("'비밀번호'
            // 필드에 입력한다 | demo1234"), its input column.
            let given = given
                .or_else(|| citation.sheet.as_ref().and(cited).and_then(|line| next_cell(line, citation.quote.trim())));
            if let Some(value) = given {
                values.push((name.clone(), value.to_string()));
            }
            continue;
        };
        let (prefix, suffix) = (&citation.quote[..at], &citation.quote[at + placeholder.len()..]);
        if prefix.trim().is_empty() && suffix.trim().is_empty() {
            continue;
        }
        // The cited line first; a sheet's cell or a wrapped paragraph may sit on another line of
        // the stored text.
        let found =
            cited.into_iter().chain(document.content.lines()).find_map(|line| between(line.trim(), prefix, suffix));
        if let Some(value) = found {
            values.push((name.clone(), value.to_string()));
        }
    }
    values
}

/// The text between `prefix` and `suffix` in `line`: one word (a password has no spaces), never
/// a placeholder.
fn between<'a>(line: &'a str, prefix: &str, suffix: &str) -> Option<&'a str> {
    let starts: Vec<usize> =
        if prefix.is_empty() { vec![0] } else { line.match_indices(prefix).map(|(i, _)| i + prefix.len()).collect() };
    starts.into_iter().find_map(|start| {
        let rest = &line[start..];
        let end = if suffix.is_empty() { rest.len() } else { rest.find(suffix)? };
        let value = &rest[..end];
        let word = !value.is_empty() && !value.contains(char::is_whitespace) && value.chars().count() <= 64;
        (word && !value.contains("{{")).then_some(value)
    })
}

/// The cell after the one holding `quote` in a sheet's row as stored (cells joined by ` | `, or
/// a CSV's commas): one word, never empty or a placeholder.
fn next_cell<'a>(line: &'a str, quote: &str) -> Option<&'a str> {
    if quote.is_empty() {
        return None;
    }
    let at = line.find(quote)? + quote.len();
    let rest = line[at..].trim_start();
    // The separator the row uses ends the cell too: a password may hold any other ("demo,1234").
    let separator = ['|', ',', '\t'].into_iter().find(|c| rest.starts_with(*c))?;
    let value = rest[separator.len_utf8()..].split(separator).next()?.trim();
    let word = !value.is_empty() && !value.contains(char::is_whitespace) && value.chars().count() <= 64;
    (word && !value.contains("{{")).then_some(value)
}

/// The value written after `label:` in `line` ("비밀번호: Qa-wiki-2024"), one word.
fn labelled<'a>(line: &'a str, label: &str) -> Option<&'a str> {
    if label.is_empty() {
        return None;
    }
    line.match_indices(label).find_map(|(i, _)| {
        let rest = line[i + label.len()..].trim_start();
        let value = rest.strip_prefix(':').or_else(|| rest.strip_prefix('：'))?.trim_start();
        let value = value.split(|c: char| c.is_whitespace() || c == '|').next()?;
        (!value.is_empty() && !value.contains("{{")).then_some(value)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_between_the_quotes_words() {
        assert_eq!(
            between("6. Enter Plan#Ner2024x as password and confirm it", "Enter ", " as password and confirm it"),
            Some("Plan#Ner2024x")
        );
        // The first "Enter " of the line is not the one.
        assert_eq!(between("Enter ana as name. Enter S3cret! as password", "Enter ", " as password"), Some("S3cret!"));
        assert_eq!(between("비밀번호: {{secret.PW}}", "비밀번호: ", ""), None);
        assert_eq!(between("Type a long phrase here as password", "Type ", " as password"), None);
    }

    #[test]
    fn a_password_a_data_cell_gives() {
        let line = "TC-07 | 가입 | 사용자 이름: kim01 비밀번호 확인: Pw-77x 비밀번호: Pw-77x | 완료";
        assert_eq!(labelled(line, "비밀번호"), Some("Pw-77x"));
        assert_eq!(labelled("Password | Must be long", "Password"), None);
        assert_eq!(labelled("Password: {{secret}}", "Password"), None);
    }

    #[test]
    fn a_password_in_the_input_cell_after_the_step() {
        let quote = "'비밀번호' 필드에 입력한다";
        let row = "TC-01 | 로그인 | 로그아웃 상태 | 3 | '비밀번호' 필드에 입력한다 | demo1234 |  | ";
        assert_eq!(next_cell(row, quote), Some("demo1234"));
        assert_eq!(next_cell("TC-01,로그인,3,'비밀번호' 필드에 입력한다,demo1234,,", quote), Some("demo1234"));
        // No input cell, or one that is not a single word: nothing is guessed.
        assert_eq!(next_cell("TC-01 | 3 | '비밀번호' 필드에 입력한다 |  | 로그인된다", quote), None);
        assert_eq!(next_cell("TC-01 | 3 | '비밀번호' 필드에 입력한다 | 관리자 비밀번호 | ", quote), None);
        assert_eq!(next_cell("'비밀번호' 필드에 입력한다 demo1234", quote), None);
        assert_eq!(next_cell("TC-01 | '비밀번호' 필드에 입력한다 | demo,1234 | ", quote), Some("demo,1234"));
    }
}
