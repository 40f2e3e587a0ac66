//! Understanding before acting, as pure functions over a case file: the Clerk writes down what
//! the documents say (each fact cited, never a guess), the Auditor lists what a runnable
//! scenario still lacks, and the Planner, the one place where policy lives, decides for each
//! gap whether to ask now (spending from the question budget) or to go on with a recorded
//! assumption.

use specwright_intake::Document;
use specwright_scenario::Citation;

/// What a runnable scenario needs to know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Slot {
    TargetUrl,
    Role,
    Credentials,
    EntryScreen,
    Steps,
    Expected,
}

impl Slot {
    pub const ALL: [Slot; 6] =
        [Slot::TargetUrl, Slot::Role, Slot::Credentials, Slot::EntryScreen, Slot::Steps, Slot::Expected];
}

#[derive(Debug, Clone, PartialEq)]
pub struct Fact {
    pub slot: Slot,
    pub value: String,
    pub citation: Citation,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct CaseFile {
    pub facts: Vec<Fact>,
    /// Answers people gave, by slot.
    pub answers: Vec<(Slot, String)>,
    pub assumptions: Vec<(Slot, String)>,
    /// Questions left to ask this session.
    pub budget: u32,
}

impl CaseFile {
    pub fn new(budget: u32) -> Self {
        CaseFile { budget, ..CaseFile::default() }
    }

    pub fn knows(&self, slot: Slot) -> bool {
        self.facts.iter().any(|f| f.slot == slot)
            || self.answers.iter().any(|(s, _)| *s == slot)
            || self.assumptions.iter().any(|(s, _)| *s == slot)
    }

    /// The case file as the model reads it: facts with citations, answers, assumptions.
    pub fn brief(&self) -> String {
        let mut out = String::from("Known before starting:\n");
        for f in &self.facts {
            out.push_str(&format!("- {:?}: {} ({})\n", f.slot, f.value, f.citation.label()));
        }
        for (slot, answer) in &self.answers {
            out.push_str(&format!("- {slot:?}: {answer} (the person's answer)\n"));
        }
        for (slot, text) in &self.assumptions {
            out.push_str(&format!("- {slot:?}: ASSUMED — {text}\n"));
        }
        out
    }
}

/// Role words in Korean and English; the Clerk cites the line that names one.
const ROLE_WORDS: &[&str] =
    &["운영자", "관리자", "판매자", "구매자", "회원", "admin", "administrator", "operator", "manager", "customer"];
const PASSWORD_WORDS: &[&str] = &["비밀번호", "password", "암호"];

/// The Clerk: facts the documents state, each with the line that states it. It fills no gap:
/// a slot nobody wrote about stays unknown.
pub fn clerk(documents: &[Document], target_url: Option<&str>) -> Vec<Fact> {
    let mut facts = Vec::new();
    let seen = |slot: Slot, facts: &Vec<Fact>| facts.iter().any(|f: &Fact| f.slot == slot);
    for doc in documents {
        let steps = steps_in(doc);
        for (n, line) in doc.numbered_lines() {
            let lower = line.to_lowercase();
            let Some(citation) = doc.cite(n) else { continue };
            if !seen(Slot::Role, &facts) {
                if let Some(word) = ROLE_WORDS.iter().find(|w| lower.contains(*w)) {
                    facts.push(Fact { slot: Slot::Role, value: (*word).to_string(), citation: citation.clone() });
                }
            }
            if !seen(Slot::Credentials, &facts)
                && line.contains('@')
                && PASSWORD_WORDS.iter().any(|w| lower.contains(w))
            {
                let email = line
                    .split(|c: char| c.is_whitespace() || "'\"‘’“”,()".contains(c))
                    .find(|w| w.contains('@') && w.contains('.'))
                    .map(|w| w.trim_end_matches(|c: char| !c.is_alphanumeric()).to_string());
                if let Some(email) = email {
                    facts.push(Fact { slot: Slot::Credentials, value: email, citation: citation.clone() });
                }
            }
            if !seen(Slot::EntryScreen, &facts) {
                let path = line
                    .split(|c: char| c.is_whitespace() || "'\"‘’“”,()".contains(c))
                    .find(|w| w.starts_with('/') && w.len() > 1 && !w.starts_with("//"));
                if let Some(path) = path {
                    facts.push(Fact { slot: Slot::EntryScreen, value: path.to_string(), citation: citation.clone() });
                }
            }
        }
        if let (false, Some(first)) = (seen(Slot::Steps, &facts), steps.first()) {
            facts.push(Fact { slot: Slot::Steps, value: format!("{} steps", steps.len()), citation: first.0.clone() });
        }
        let expected = steps.iter().find(|(_, expects)| *expects);
        if let (false, Some((citation, _))) = (seen(Slot::Expected, &facts), expected) {
            facts.push(Fact {
                slot: Slot::Expected,
                value: "checks written in the steps".into(),
                citation: citation.clone(),
            });
        }
    }
    if let (false, Some(url), Some(doc)) = (seen(Slot::TargetUrl, &facts), target_url, documents.first()) {
        // The URL comes from the person starting the run; cite the document it applies to.
        if let Some(citation) = doc.cite(1) {
            facts.push(Fact { slot: Slot::TargetUrl, value: url.to_string(), citation });
        }
    }
    facts
}

/// The steps a document writes (numbered/bulleted lines, or test-case rows), each with its
/// citation and whether it states an expected result.
fn steps_in(doc: &Document) -> Vec<(Citation, bool)> {
    let expects = |text: &str| specwright_reading::interpret_all(text, None).iter().any(|i| i.verb.is_expectation());
    let mut out: Vec<(Citation, bool)> = specwright_reading::spec_steps(std::slice::from_ref(doc))
        .into_iter()
        .map(|s| {
            let e = expects(&s.text);
            (s.citation, e)
        })
        .collect();
    for case in specwright_reading::test_cases(doc) {
        for row in case.rows {
            out.push((row.citation, row.expected.is_some()));
        }
    }
    out
}

/// The Auditor: the slots a runnable scenario still lacks, in a fixed order.
pub fn auditor(case: &CaseFile) -> Vec<Slot> {
    Slot::ALL.into_iter().filter(|s| !case.knows(*s)).collect()
}

/// What the Planner decided for a gap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// A pre-flight question, with options when there are natural ones: what a person reads,
    /// and what the case file records when it is chosen.
    Ask { slot: Slot, question: specwright_protocol::Text, options: Vec<(specwright_protocol::Text, String)> },
    /// Go on; the text is recorded as an assumption.
    Assume { slot: Slot, text: String },
}

/// The Planner: the single place where asking policy lives. Only what a person must say is
/// asked (who to log in as, where to start), and only while the budget lasts; what the model
/// can find on the page (steps, expected results) is assumed and recorded.
pub fn planner(case: &CaseFile, gaps: &[Slot]) -> Vec<Decision> {
    let mut budget = case.budget;
    let mut out = Vec::new();
    for slot in gaps {
        let ask = match slot {
            Slot::Role => Some((
                specwright_protocol::Text::message("q-preflight-role", []),
                [("role-operator", "operator"), ("role-member", "member"), ("role-anonymous", "not logged in")]
                    .into_iter()
                    .map(|(id, value)| (specwright_protocol::Text::message(id, []), value.to_string()))
                    .collect(),
            )),
            Slot::EntryScreen => Some((specwright_protocol::Text::message("q-preflight-screen", []), Vec::new())),
            _ => None,
        };
        match ask {
            Some((question, options)) if budget > 0 => {
                budget -= 1;
                out.push(Decision::Ask { slot: *slot, question, options });
            }
            _ => out.push(Decision::Assume {
                slot: *slot,
                text: match slot {
                    Slot::TargetUrl => "The application is at the URL the run was started with.".into(),
                    Slot::Role => "The scenario runs as whoever the documents' steps log in as.".into(),
                    Slot::Credentials => "Credentials come from secrets given to the run, never from the model.".into(),
                    Slot::EntryScreen => "The scenario starts on the application's first screen.".into(),
                    Slot::Steps => "The steps are read from the documents' prose.".into(),
                    Slot::Expected => "Each step's visible result is checked as it is observed.".into(),
                },
            }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(text: &str) -> Document {
        specwright_intake::parse("spec.md", text.as_bytes()).unwrap()
    }

    #[test]
    fn the_clerk_cites_what_is_written_and_leaves_the_rest_unknown() {
        let spec = doc("# 상품 등록\n\n운영자는 상품을 등록한다.\n\n1. '/login' 페이지로 이동한다.\n2. 'ada@example.com' 계정과 비밀번호로 로그인한다.\n3. '대시보드'가 보이는지 확인한다.\n");
        let facts = clerk(&[spec], Some("http://127.0.0.1:8080"));
        let get = |slot| facts.iter().find(|f| f.slot == slot).map(|f| (f.value.clone(), f.citation.line));
        assert_eq!(get(Slot::Role), Some(("운영자".into(), 3)));
        assert_eq!(get(Slot::EntryScreen), Some(("/login".into(), 5)));
        assert_eq!(get(Slot::Credentials), Some(("ada@example.com".into(), 6)));
        assert_eq!(get(Slot::Steps).map(|s| s.0), Some("3 steps".into()));
        assert!(get(Slot::Expected).is_some());
        assert!(get(Slot::TargetUrl).is_some());

        let vague = doc("# 목표\n\n사용자가 상품을 쉽게 찾을 수 있어야 한다.\n");
        let facts = clerk(&[vague], None);
        assert!(facts.is_empty(), "no step, role, screen or credential is invented: {facts:?}");
    }

    #[test]
    fn the_auditor_lists_gaps_and_the_planner_asks_within_budget_then_assumes() {
        let mut case = CaseFile::new(1);
        case.facts = clerk(&[doc("# 목표\n\n상품을 찾는다.\n")], Some("http://x"));
        let gaps = auditor(&case);
        assert_eq!(gaps, vec![Slot::Role, Slot::Credentials, Slot::EntryScreen, Slot::Steps, Slot::Expected]);
        let plan = planner(&case, &gaps);
        // One question in the budget: the role. The entry screen is then assumed.
        assert!(matches!(&plan[0], Decision::Ask { slot: Slot::Role, options, .. } if options.len() == 3));
        assert!(matches!(&plan[2], Decision::Assume { slot: Slot::EntryScreen, .. }));
        assert_eq!(plan.iter().filter(|d| matches!(d, Decision::Ask { .. })).count(), 1);
        case.answers.push((Slot::Role, "운영자".into()));
        assert!(!auditor(&case).contains(&Slot::Role));
        assert!(case.brief().contains("the person's answer"));
    }
}
