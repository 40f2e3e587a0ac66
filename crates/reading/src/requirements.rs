//! The requirements a spec names, for tracing each to the scenarios that prove it: ids a team
//! gives them (a `REQ-2` line, an `FR-01` or `TC-01` column of a table or a sheet), else its
//! numbered headings ("2. 로그인", "3.1 Add a product"). Each keeps the lines it spans, so a step
//! citing a line inside them covers it.

use specwright_intake::Document;

/// One requirement of a document and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requirement {
    /// As the spec writes it: `REQ-2`, `TC-01`, or a heading's number `3.1`.
    pub id: String,
    /// Its heading, row or line, as written (the id itself left out where it leads).
    pub title: String,
    pub document: String,
    /// 1-based lines, inclusive: the requirement's heading and section, its line and what
    /// follows until the next one, or its table rows.
    pub start_line: u32,
    pub end_line: u32,
}

impl Requirement {
    /// Whether a citation of `document` at `line` falls inside it.
    pub fn covers(&self, document: &str, line: u32) -> bool {
        self.document == document && (self.start_line..=self.end_line).contains(&line)
    }
}

/// Words that look like ids and are not requirements (`UTF-8`, `ISO-8601`, `SHA-256`).
const NOT_IDS: &[&str] = &["UTF", "ISO", "SHA", "HTTP", "RFC", "ES", "MD", "IE", "EUC", "CP", "PDF", "COVID", "HTML"];

/// `REQ-2`, `FR-01`, `TC_3`, `AUTH-1.2`: letters, a dash or an underscore, a number.
fn id_of(text: &str) -> Option<String> {
    let text = text.trim().trim_start_matches(['-', '*', '[', '(', '#', ' ']).trim_start_matches("**");
    let letters: String = text.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
    if letters.is_empty() || letters.len() > 6 || NOT_IDS.contains(&letters.to_ascii_uppercase().as_str()) {
        return None;
    }
    let rest = &text[letters.len()..];
    let rest = rest.strip_prefix(['-', '_'])?;
    let number: String = rest.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    let number = number.trim_end_matches('.');
    if number.is_empty() || !number.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    // The id ends there: "REQ-2:" or "REQ-2 로그인", never "REQ-2a".
    let after = rest[number.len()..].chars().next();
    if after.is_some_and(|c| c.is_alphanumeric()) {
        return None;
    }
    Some(format!("{letters}{}{number}", &text[letters.len()..letters.len() + 1]))
}

/// Numbered headings that are a document's context, not something the app must do.
const CONTEXT: &[&str] = &[
    "개요",
    "목적",
    "배경",
    "범위",
    "용어",
    "환경",
    "참고",
    "이력",
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

/// A heading that is only context: a context word alone, or what is out of scope ("범위 외",
/// "Out of scope"); "가격 범위 필터" and "Order history" are features.
fn is_context(title: &str) -> bool {
    let lower = title.to_lowercase();
    let lower = lower.trim();
    lower.starts_with("out of")
        || CONTEXT.iter().any(|w| {
            lower == *w
                || lower.strip_prefix(w).is_some_and(|rest| {
                    matches!(rest.trim(), "외" | "및 목적" | "및 배경" | "및 범위" | "s" | "/ 목적" | "& scope")
                })
        })
}

/// A heading's leading number ("2.", "3.1", "4)") and the title after it.
fn numbered(title: &str) -> Option<(String, String)> {
    let title = title.trim();
    let number: String = title.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    let number = number.trim_end_matches('.').to_string();
    if number.is_empty() || !number.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let rest = title[number.len()..].trim_start_matches(['.', ')']).trim();
    (!rest.is_empty()).then(|| (number, rest.to_string()))
}

/// Every requirement of `doc`: its ids where the team gave them (in a table's first cells or at
/// the start of a line), else its numbered headings below the title.
pub fn requirements(doc: &Document) -> Vec<Requirement> {
    let mut found: Vec<Requirement> = Vec::new();
    let last_line = doc.lines.len() as u32;
    // Table rows: an id in a row's first cells; a case written over several rows keeps the rows
    // up to the next id.
    let mut in_tables: Vec<u32> = Vec::new();
    for table in &doc.tables {
        let mut open: Option<usize> = None;
        for row in &table.rows {
            in_tables.push(row.line);
            let id = row.cells.iter().take(2).find_map(|c| id_of(c).filter(|id| id.len() == c.trim().len()));
            match id {
                Some(id) => {
                    let title =
                        row.cells.iter().find(|c| !c.trim().is_empty() && c.trim() != id).cloned().unwrap_or_default();
                    found.push(Requirement {
                        id,
                        title,
                        document: doc.name.clone(),
                        start_line: row.line,
                        end_line: row.line,
                    });
                    open = Some(found.len() - 1);
                }
                None => {
                    if let Some(at) = open {
                        found[at].end_line = found[at].end_line.max(row.line);
                    }
                }
            }
        }
    }
    // Lines that start with an id, outside tables: up to the next such line or heading.
    let starts: Vec<(u32, String, String)> = doc
        .lines
        .iter()
        .enumerate()
        .map(|(i, line)| (i as u32 + 1, line))
        .filter(|(n, _)| !in_tables.contains(n))
        .filter_map(|(n, line)| {
            let trimmed = line.trim().trim_start_matches(['-', '*', '#', ' ']).trim_start_matches("**");
            let id = id_of(trimmed)?;
            // After the id as written ("[REQ-2] 로그인": after its bracket).
            let after = trimmed.find(&id).map_or(trimmed, |at| &trimmed[at + id.len()..]);
            let title = after.trim_start_matches(['*', ':', ']', ')', ' ', '—', '-']).trim().to_string();
            Some((n, id, title))
        })
        .collect();
    for (i, (line, id, title)) in starts.iter().enumerate() {
        let section_end = doc
            .sections
            .iter()
            .filter(|s| s.start_line <= *line && *line <= s.end_line)
            .map(|s| s.end_line)
            .min()
            .unwrap_or(last_line);
        let next = starts.get(i + 1).map_or(u32::MAX, |n| n.0 - 1);
        found.push(Requirement {
            id: id.clone(),
            title: title.clone(),
            document: doc.name.clone(),
            start_line: *line,
            end_line: section_end.min(next).max(*line),
        });
    }
    if !found.is_empty() {
        found.sort_by_key(|r| r.start_line);
        return found;
    }
    // No ids: the numbered headings below the document's title, each with its section.
    doc.sections
        .iter()
        .filter(|s| s.level >= 2)
        .filter_map(|s| {
            let (id, title) = numbered(&s.title)?;
            if is_context(&title) {
                return None;
            }
            Some(Requirement { id, title, document: doc.name.clone(), start_line: s.start_line, end_line: s.end_line })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(name: &str, text: &str) -> Document {
        specwright_intake::parse(name, text.as_bytes()).unwrap()
    }

    #[test]
    fn ids_are_letters_a_dash_and_a_number_and_nothing_like_them() {
        assert_eq!(id_of("REQ-2: 로그인"), Some("REQ-2".into()));
        assert_eq!(id_of("**FR-01** 상품 등록"), Some("FR-01".into()));
        assert_eq!(id_of("TC_3"), Some("TC_3".into()));
        assert_eq!(id_of("AUTH-1.2 세션 만료"), Some("AUTH-1.2".into()));
        assert_eq!(id_of("UTF-8로 저장"), None);
        assert_eq!(id_of("SHA-256"), None);
        assert_eq!(id_of("REQ-2a"), None);
        assert_eq!(id_of("로그인-2"), None);
        assert_eq!(id_of("e-mail"), None);
    }

    #[test]
    fn id_lines_span_to_the_next_id_or_the_end_of_their_section() {
        let doc = read(
            "prd.md",
            "# 상점\n\n## 요구사항\n\n- REQ-1: 운영자는 로그인한다.\n  비밀번호는 8자 이상이다.\n- [REQ-2] 상품을 등록한다.\n\n## 범위 외\n\n삭제는 다루지 않는다.\n",
        );
        let found = requirements(&doc);
        let ids: Vec<_> = found.iter().map(|r| (r.id.as_str(), r.start_line, r.end_line)).collect();
        assert_eq!(ids, vec![("REQ-1", 5, 6), ("REQ-2", 7, 8)]);
        assert_eq!(found[0].title, "운영자는 로그인한다.");
        assert_eq!(found[1].title, "상품을 등록한다.");
        assert!(found[1].covers("prd.md", 7) && !found[1].covers("prd.md", 11) && !found[1].covers("other.md", 7));
    }

    #[test]
    fn a_table_of_ids_keeps_a_case_written_over_several_rows() {
        let doc = read(
            "cases.md",
            "# 케이스\n\n| ID | 절차 | 기대 결과 |\n|---|---|---|\n| TC-01 | 로그인한다 | 대시보드 |\n|  | 로그아웃한다 | 로그인 화면 |\n| TC-02 | 상품을 등록한다 | 목록에 보인다 |\n",
        );
        let found = requirements(&doc);
        let ids: Vec<_> = found.iter().map(|r| (r.id.as_str(), r.end_line - r.start_line)).collect();
        assert_eq!(ids, vec![("TC-01", 1), ("TC-02", 0)]);
        assert_eq!(found[0].title, "로그인한다");
    }

    #[test]
    fn without_ids_the_numbered_headings_are_the_requirements() {
        let doc = read(
            "prd.md",
            "# 1. 데모 상점 기획서\n\n## 1. 개요\n\n소개.\n\n## 2. 로그인\n\n1. 로그인한다.\n\n### 2.1 실패\n\n틀린 비밀번호.\n\n## 3. 가격 범위 필터\n\n필터.\n\n## 4. 범위 외\n\n## 부록\n",
        );
        let found = requirements(&doc);
        let ids: Vec<_> = found.iter().map(|r| (r.id.as_str(), r.title.as_str())).collect();
        // The overview and what is out of scope are context: nothing to prove.
        // A feature whose name holds a context word ("범위") is still a requirement.
        assert_eq!(ids, vec![("2", "로그인"), ("2.1", "실패"), ("3", "가격 범위 필터")]);
        let login = &found[0];
        assert!(login.covers("prd.md", 9), "{login:?}");
    }
}
