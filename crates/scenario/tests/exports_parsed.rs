//! The Robot, Gherkin and Mermaid exports, read back by the real tools' own parsers (Robot
//! Framework's, `@cucumber/gherkin`'s, Mermaid's through `tests/tools/mermaid-parse.mjs`) and, for
//! Mermaid, also checked node by node, plus exact output on a small scenario so any change to the
//! generated text is a deliberate one.
//!
//! Needs what `scripts/setup.sh` installs: `robotframework` for python3 and the root `node_modules`.

use serde_json::Value as Json;
use specwright_catalog::Locale;
use specwright_scenario::*;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

// ---------------------------------------------------------------------------------------------
/// The words a Gherkin file of this language is written with.
fn language_words(language: GherkinLanguage) -> &'static Locale {
    match language {
        GherkinLanguage::Korean => &Locale::Ko,
        GherkinLanguage::English => &Locale::En,
    }
}

// Fixtures

fn citation(line: u32, quote: &str) -> Citation {
    Citation {
        document: "요구사항.md".into(),
        anchor: "요구사항.md#login".into(),
        section: "로그인 \"Login\"".into(),
        line,
        quote: quote.into(),
        page: None,
        sheet: None,
        row: None,
    }
}

fn spec(line: u32, quote: &str) -> Provenance {
    Provenance::Spec { citation: citation(line, quote) }
}

fn at(locator: Locator) -> Target {
    Target { strategies: vec![locator], frame_path: vec![], ..Default::default() }
}

fn role(role: &str, name: &str, exact: bool) -> Locator {
    Locator::Role { role: role.into(), name: name.into(), exact }
}

fn css(selector: &str) -> Locator {
    Locator::Css { selector: selector.into() }
}

fn step(index: u32, intent: &str, action: Action, provenance: Provenance) -> Step {
    Step {
        index,
        intent: intent.into(),
        action,
        provenance,
        verification: Verification::Unverified,
        expects_refusal: false,
        response: None,
        heals: Vec::new(),
    }
}

trait Sending {
    fn sending(self, method: &str, path: &str) -> Self;
}

impl Sending for Step {
    /// The step as recorded after sending `method path`, which the app accepted.
    fn sending(mut self, method: &str, path: &str) -> Self {
        self.response = ResponseCheck::from_request(method, path, 201);
        self
    }
}

const TITLE: &str = "로그인: \"빠른\" 확인 [v2] <beta> #1 it's";
const GREETING: &str = "안녕  \"하세요\" ${x} #태그 a=b";
const WELCOME: &str = "환영합니다,  김 \"철수\"";
const SAVE_NAME: &str = "Say \"hi\" \\ 저장";

/// Every action and assertion, Korean text, quotes, a secret, a literal variable and frames.
fn rich() -> Scenario {
    let expect = |target: Target, assertion: Assertion| Action::Expect { target, assertion };
    Scenario {
        schema_version: SCHEMA_VERSION,
        id: "scn_rich".into(),
        title: TITLE.into(),
        target_url: "http://127.0.0.1:8080/app/".into(),
        variables: vec![
            Variable { name: "PASSWORD".into(), source: VariableSource::Secret },
            Variable { name: "GREETING".into(), source: VariableSource::Literal { value: GREETING.into() } },
        ],
        data: None,
        preconditions: vec![Precondition {
            condition: Condition::Role { role: "운영자".into() },
            text: "운영자로 로그인되어 있다".into(),
            provenance: spec(2, "운영자만 접근한다"),
        }],
        steps: vec![
            step(
                1,
                "로그인 페이지로 간다",
                Action::Goto { url: "/login?next=/home".into() },
                spec(3, "1. \"로그인\" 페이지로\n  간다"),
            ),
            step(
                2,
                "이메일을 입력한다",
                Action::Fill {
                    target: at(Locator::Label { text: "이메일".into() }),
                    value: Value::Literal { value: "kim@example.com".into() },
                },
                spec(4, "2. 이메일"),
            ),
            step(
                3,
                "비밀번호 {{secret.PASSWORD}} 입력",
                Action::Fill {
                    target: at(role("textbox", "비밀번호", true)),
                    value: Value::Secret { name: "PASSWORD".into() },
                },
                Provenance::answer("q_1", "네"),
            ),
            step(
                4,
                "인사말을 적는다",
                Action::Fill {
                    target: at(Locator::Placeholder { text: "인사말".into() }),
                    value: Value::Variable { name: "GREETING".into() },
                },
                Provenance::Assumption { assumption_id: "as_1".into() },
            ),
            step(
                5,
                "요금제를 고른다",
                Action::Select {
                    target: at(Locator::TestId { id: "plan".into() }),
                    value: Value::Literal { value: "프로 \"Pro\"".into() },
                },
                Provenance::Observed { snapshot_ref: "e12".into() },
            ),
            step(
                6,
                "약관에 동의한다",
                Action::Check { target: at(role("checkbox", "약관에 동의", false)) },
                spec(6, "약관"),
            ),
            step(7, "뉴스레터를 끈다", Action::Uncheck { target: at(css("#newsletter")) }, spec(7, "뉴스레터")),
            step(
                8,
                "Enter를 누른다",
                Action::Press { target: at(role("textbox", "비밀번호", true)), key: "Enter".into() },
                spec(8, "엔터"),
            ),
            step(
                9,
                "도움말에 마우스를 올린다",
                Action::Hover {
                    target: Target {
                        strategies: vec![Locator::Text { text: "도움말".into(), exact: false }],
                        frame_path: vec!["iframe#help".into(), "iframe[name=\"inner\"]".into()],
                        ..Default::default()
                    },
                },
                spec(9, "도움말"),
            ),
            step(
                10,
                "'저장'을 누른다 <확인>",
                Action::Click {
                    target: Target {
                        strategies: vec![role("button", SAVE_NAME, true)],
                        frame_path: vec!["#app-frame".into()],
                        ..Default::default()
                    },
                },
                spec(10, "저장 [버튼]"),
            )
            .sending("POST", "/api/items/42"),
            step(
                11,
                "저장됨이 보인다",
                expect(at(Locator::Text { text: "저장됨".into(), exact: true }), Assertion::Visible),
                spec(11, "a"),
            ),
            step(12, "스피너가 사라진다", expect(at(css(".spinner")), Assertion::Hidden), spec(12, "b")),
            step(
                13,
                "환영 문구",
                expect(at(Locator::TestId { id: "title".into() }), Assertion::Text { expected: WELCOME.into() }),
                spec(13, "c"),
            ),
            step(
                14,
                "상태에 완료",
                expect(at(css("#status")), Assertion::ContainsText { expected: "완료 | done".into() }),
                spec(14, "d"),
            ),
            step(
                15,
                "이메일 값",
                expect(
                    at(Locator::Label { text: "이메일".into() }),
                    Assertion::Value { expected: "kim@example.com".into() },
                ),
                spec(15, "e"),
            ),
            step(16, "항목 3개", expect(at(css("ul.items > li")), Assertion::Count { expected: 3 }), spec(16, "f")),
            step(17, "저장 가능", expect(at(role("button", "저장", true)), Assertion::Enabled), spec(17, "g")),
            step(18, "삭제 불가", expect(at(role("button", "삭제", true)), Assertion::Disabled), spec(18, "h")),
            step(19, "동의됨", expect(at(role("checkbox", "약관에 동의", false)), Assertion::Checked), spec(19, "i")),
            step(
                20,
                "홈으로 이동",
                Action::ExpectPage { assertion: PageAssertion::Url { expected: "/home".into() } },
                spec(20, "j"),
            ),
            step(
                21,
                "제목 확인",
                Action::ExpectPage {
                    assertion: PageAssertion::Title { expected: "대시보드 — \"Specwright\"".into() }
                },
                spec(21, "k"),
            ),
        ],
        assumptions: vec![Assumption {
            id: "as_1".into(),
            text: "인사말 칸은\n선택 사항".into(),
            made_by: "engine".into(),
            status: AssumptionStatus::Open,
        }],
        open_questions: vec!["탈퇴 | 재가입?".into()],
    }
}

const ROWS: [[&str; 2]; 2] = [["kim@example.com", "프로"], ["lee|park@example.com  ", ""]];

/// The rich scenario made data-driven: the email and the plan come from a two-row table.
fn data_driven() -> Scenario {
    let mut s = rich();
    s.id = "scn_data".into();
    s.variables
        .push(Variable { name: "EMAIL".into(), source: VariableSource::TestData { column: "이메일".into() } });
    s.variables.push(Variable { name: "PLAN".into(), source: VariableSource::TestData { column: "plan name".into() } });
    s.data = Some(TestData {
        columns: vec!["이메일".into(), "plan name".into()],
        rows: ROWS.iter().map(|r| r.iter().map(|c| c.to_string()).collect()).collect(),
        citation: Some(citation(30, "| 이메일 | plan name |")),
    });
    s.steps[1].intent = "{{EMAIL}} 입력".into();
    s.steps[1].action = Action::Fill {
        target: at(Locator::Label { text: "이메일".into() }),
        value: Value::Variable { name: "EMAIL".into() },
    };
    s.steps[4].action = Action::Select {
        target: at(Locator::TestId { id: "plan".into() }),
        value: Value::Variable { name: "PLAN".into() },
    };
    s
}

/// Four steps, the kind exact-output tests pin down.
fn small() -> Scenario {
    Scenario {
        schema_version: SCHEMA_VERSION,
        id: "scn_1".into(),
        title: "Log in: it's \"quoted\"".into(),
        target_url: "http://127.0.0.1:8080".into(),
        variables: vec![Variable { name: "PASSWORD".into(), source: VariableSource::Secret }],
        data: None,
        preconditions: vec![],
        steps: vec![
            step(
                1,
                "Go to /login",
                Action::Goto { url: "/login".into() },
                Provenance::Spec {
                    citation: Citation {
                        document: "spec.md".into(),
                        anchor: "spec.md#login".into(),
                        section: "Login".into(),
                        line: 3,
                        quote: "1. Go to /login".into(),
                        page: None,
                        sheet: None,
                        row: None,
                    },
                },
            ),
            step(
                2,
                "Type the password",
                Action::Fill {
                    target: at(role("textbox", "Password", true)),
                    value: Value::Secret { name: "PASSWORD".into() },
                },
                Provenance::answer("q_1", "yes"),
            ),
            step(
                3,
                "Click 'Sign in'",
                Action::Click { target: at(role("button", "Sign in", true)) },
                Provenance::Assumption { assumption_id: "as_1".into() },
            ),
            step(
                4,
                "See the toast",
                Action::Expect {
                    target: Target {
                        strategies: vec![Locator::Text { text: "Saved | done".into(), exact: true }],
                        frame_path: vec!["#app-frame".into()],
                        ..Default::default()
                    },
                    assertion: Assertion::Visible,
                },
                Provenance::Observed { snapshot_ref: "e7".into() },
            ),
        ],
        assumptions: vec![],
        open_questions: vec![],
    }
}

// ---------------------------------------------------------------------------------------------
// Running the real parsers

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A file in a directory of its own under the system temp dir, removed when dropped.
struct TempFile {
    dir: PathBuf,
    path: PathBuf,
}

impl TempFile {
    fn new(name: &str, contents: &str) -> Self {
        // Tests run in parallel threads of one process: the counter keeps their directories apart.
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("specwright-exports-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, contents).unwrap();
        TempFile { dir, path }
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn run_json(mut command: Command, what: &str, source: &str) -> Json {
    let output = command.output().unwrap_or_else(|e| panic!("{what} could not start ({e}); run scripts/setup.sh"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{what} failed; run scripts/setup.sh if it is missing.\n{stderr}\n{stdout}");
    let json: Json =
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{what} printed no JSON ({e}):\n{stdout}\n{stderr}"));
    let errors = json["errors"].as_array().cloned().unwrap_or_default();
    assert!(errors.is_empty(), "{what} rejected the file: {errors:#?}\n--- file ---\n{source}");
    json
}

/// Robot Framework's own parser (`get_model`) for syntax errors, then its suite builder for the
/// tests and keywords, with every argument resolved by Robot's own variable and escape handling:
/// exactly the strings the Browser library would receive. Variables assigned at run time or
/// passed as keyword arguments resolve to `<name>`.
const ROBOT_SCRIPT: &str = r#"
import json, sys
from robot.api import get_model, TestSuiteBuilder
from robot.api.parsing import ModelVisitor
from robot.variables import Variables

path = sys.argv[1]
errors = []

class Errors(ModelVisitor):
    def generic_visit(self, node):
        for error in getattr(node, 'errors', None) or ():
            errors.append(f"line {getattr(node, 'lineno', '?')}: {error}")
        super().generic_visit(node)

Errors().visit(get_model(path))
suite = TestSuiteBuilder().build(path)
variables = Variables()
variables['${SPACE}'] = ' '
variables['${EMPTY}'] = ''
for var in suite.resource.variables:
    variables[var.name] = variables.replace_scalar(var.value[0])
variables['${page_url}'] = '<page_url>'

def resolve(text, scope):
    try:
        return scope.replace_string(text)
    except Exception as error:
        return f'!unresolved {text}: {error}'

class Assigned(dict):
    # What a keyword returned: reads as `<name>`, and as a response with status 201 when indexed.
    def __init__(self, name):
        super().__init__(status=201)
        self.name = name
    def __str__(self):
        return f'<{self.name}>'

def calls(body, scope):
    out = []
    for item in body:
        kind = type(item).__name__
        if kind == 'Group':
            out.append({'group': resolve(item.name, scope), 'body': calls(item.body, scope)})
        elif kind == 'Keyword':
            out.append({'keyword': item.name, 'args': [resolve(a, scope) for a in item.args], 'assign': list(item.assign)})
            for name in item.assign:
                name = name.rstrip('= ')
                scope[name] = Assigned(name[2:-1])
        else:
            out.append({'other': kind})
    return out

tests = [{'name': resolve(t.name, variables), 'template': t.template, 'setup': t.setup.name,
          'body': calls(t.body, variables)} for t in suite.tests]
keywords = []
for kw in suite.resource.keywords:
    scope = variables.copy()
    for name in kw.args.positional:
        scope['${%s}' % name] = f'<{name}>'
    keywords.append({'name': kw.name, 'args': list(kw.args.positional), 'body': calls(kw.body, scope)})
print(json.dumps({
    'errors': errors,
    'doc': suite.doc,
    'setup': suite.setup.name,
    'libraries': [i.name for i in suite.resource.imports if i.type == 'LIBRARY'],
    'variables': {v.name: variables[v.name] for v in suite.resource.variables},
    'tests': tests,
    'keywords': keywords,
}, ensure_ascii=False))
"#;

fn parse_robot(suite: &str) -> Json {
    let file = TempFile::new("scenario.robot", suite);
    let mut command = Command::new("python3");
    command.arg("-c").arg(ROBOT_SCRIPT).arg(&file.path);
    run_json(command, "Robot Framework's parser (python3 -m robot)", suite)
}

/// `@cucumber/gherkin`'s parser with English as the default dialect, so a Korean file parses only
/// if its `# language: ko` header works; then its compiler, which expands outlines into pickles.
const GHERKIN_SCRIPT: &str = r#"
import { Parser, AstBuilder, GherkinClassicTokenMatcher, compile } from '@cucumber/gherkin';
import { readFileSync } from 'node:fs';
const file = process.argv[1];
let next = 0;
const newId = () => String(next++);
try {
  const doc = new Parser(new AstBuilder(newId), new GherkinClassicTokenMatcher('en')).parse(readFileSync(file, 'utf8'));
  const pickles = compile(doc, file, newId).map((p) => ({ name: p.name, steps: p.steps.map((s) => s.text) }));
  console.log(JSON.stringify({ errors: [], doc, pickles }));
} catch (error) {
  console.log(JSON.stringify({ errors: (error.errors || [error]).map((e) => e.message) }));
}
"#;

fn parse_gherkin(feature: &str) -> Json {
    let file = TempFile::new("scenario.feature", feature);
    let mut command = Command::new("node");
    command.current_dir(repo_root()).arg("--input-type=module").arg("-e").arg(GHERKIN_SCRIPT).arg(&file.path);
    run_json(command, "@cucumber/gherkin (node)", feature)
}

#[path = "exports_parsed/gherkin.rs"]
mod gherkin;
#[path = "exports_parsed/mermaid.rs"]
mod mermaid;
use gherkin::feature_steps;
use robot::{groups, strs};
#[path = "exports_parsed/robot.rs"]
mod robot;

#[test]
fn awkward_scenarios_still_parse() {
    // Names that collide under Robot's case-, space- and underscore-insensitive matching, cells
    // that look like comments, continuations, named arguments or section headers, empty text.
    let mut s = small();
    s.title = "*** Test Cases ***".into();
    s.target_url = "http://h/#/a b".into();
    s.variables.push(Variable { name: "base url".into(), source: VariableSource::Literal { value: "...".into() } });
    s.variables.push(Variable { name: "1st".into(), source: VariableSource::Literal { value: "| txt=x".into() } });
    s.variables
        .push(Variable { name: "Base_URL".into(), source: VariableSource::TestData { column: "BASE URL".into() } });
    s.preconditions.push(Precondition {
        condition: Condition::StorageState { name: "admin".into() },
        text: "".into(),
        provenance: Provenance::Observed { snapshot_ref: "e1".into() },
    });
    s.steps[0].intent = "".into();
    s.steps[1].action =
        Action::Fill { target: at(css("input[name=q]")), value: Value::Variable { name: "Base_URL".into() } };
    s.steps[2].action = Action::Fill { target: at(css("#a")), value: Value::Variable { name: "1st".into() } };
    s.steps.push(step(5, "tab\there", Action::Press { target: at(css("x")), key: "\u{a0}\t".into() }, spec(9, "")));
    s.steps.push(step(
        6,
        "empty",
        Action::Expect {
            target: Target { strategies: vec![], frame_path: vec![], ..Default::default() },
            assertion: Assertion::Text { expected: "".into() },
        },
        spec(10, "q"),
    ));
    s.data = Some(TestData {
        columns: vec!["BASE URL".into(), "base_url".into()],
        rows: vec![vec!["# not a comment".into()], vec!["a".into(), "b".into(), "extra".into()]],
        citation: None,
    });

    let suite = robot_suite(&s, &Locale::Ko);
    let parsed = parse_robot(&suite);
    let tests = parsed["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 2, "{suite}");
    assert_eq!(tests[0]["name"], "*** Test Cases *** — row 1");
    assert_eq!(strs(&tests[0]["body"][0]["args"]), ["# not a comment", ""], "{suite}");
    assert_eq!(strs(&tests[1]["body"][0]["args"]), ["a", "b"], "{suite}");
    assert_eq!(parsed["variables"]["${base_url_2}"], "...", "{suite}");
    assert_eq!(parsed["variables"]["${v_1st}"], "| txt=x", "{suite}");
    let steps = parsed["keywords"].as_array().unwrap().iter().find(|k| k["name"] == "Scenario Steps").unwrap();
    assert_eq!(strs(&steps["args"]), ["BASE_URL_3", "base_url_4"], "{suite}");
    let calls = groups(&steps["body"]);
    assert_eq!(calls[1].1, [("Fill Text".to_string(), vec!["input[name=q]".to_string(), "<BASE_URL_3>".to_string()])]);
    assert_eq!(calls[2].1, [("Fill Text".to_string(), vec!["#a".to_string(), "| txt=x".to_string()])]);
    assert_eq!(calls[4].1, [("Press Keys".to_string(), vec!["x".to_string(), "\u{a0}\t".to_string()])]);
    assert_eq!(calls[5].1, [("Get Text".to_string(), vec![":root".to_string(), "==".to_string(), "".to_string()])]);

    for language in [GherkinLanguage::Korean, GherkinLanguage::English] {
        let feature = gherkin_feature(&s, language, language_words(language));
        let parsed = parse_gherkin(&feature);
        assert_eq!(parsed["pickles"].as_array().unwrap().len(), 2, "{feature}");
        let steps = feature_steps(&parsed);
        assert_eq!(steps[0].2, "storage state admin", "{feature}");
        assert_eq!(steps[1].2, "goto `/login`", "{feature}");
        assert_eq!(steps[2].2, "Type the password \"<BASE URL>\"", "{feature}");
    }

    let mut no_columns = s.clone();
    no_columns.data = Some(TestData { columns: vec![], rows: vec![vec![], vec![]], citation: None });
    let parsed = parse_gherkin(&gherkin_feature(&no_columns, GherkinLanguage::English, &Locale::En));
    assert_eq!(parsed["pickles"].as_array().unwrap().len(), 1);
    let parsed = parse_robot(&robot_suite(&no_columns, &Locale::Ko));
    assert_eq!(parsed["tests"].as_array().unwrap().len(), 1);
    // A column with no table behind it must fail as missing, never read `${BASE_URL}` instead.
    let calls = groups(&parsed["tests"][0]["body"]);
    assert!(calls[1].1[0].1[1].starts_with("!unresolved ${BASE_URL_3}"), "{:?}", calls[1]);

    let mut piped = small();
    piped.title = "| a | b".into();
    assert_eq!(parse_robot(&robot_suite(&piped, &Locale::Ko))["tests"][0]["name"], "| a | b");

    let mut empty = small();
    empty.steps.clear();
    empty.title = String::new();
    empty.id = String::new();
    let parsed = parse_robot(&robot_suite(&empty, &Locale::Ko));
    assert_eq!(parsed["tests"][0]["name"], "Scenario");
    assert_eq!(parsed["tests"][0]["body"][0]["keyword"], "Skip");
    parse_gherkin(&gherkin_feature(&empty, GherkinLanguage::Korean, &Locale::Ko));
    assert!(mermaid_flow(&empty, &Locale::Ko).contains("    start --> finish\n"));
}
