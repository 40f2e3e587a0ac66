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
                Provenance::Answer { question_id: "q_1".into(), answer: "네".into() },
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
            ),
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
                Provenance::Answer { question_id: "q_1".into(), answer: "yes".into() },
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

def calls(body, scope):
    out = []
    for item in body:
        kind = type(item).__name__
        if kind == 'Group':
            out.append({'group': resolve(item.name, scope), 'body': calls(item.body, scope)})
        elif kind == 'Keyword':
            out.append({'keyword': item.name, 'args': [resolve(a, scope) for a in item.args], 'assign': list(item.assign)})
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

// ---------------------------------------------------------------------------------------------
// Robot Framework

fn strs(json: &Json) -> Vec<String> {
    json.as_array()
        .map(|a| a.iter().map(|v| v.as_str().unwrap_or("<not a string>").to_string()).collect())
        .unwrap_or_default()
}

/// `(keyword, resolved args)` of every call inside the step groups of `body`, with the group names.
fn groups(body: &Json) -> Vec<(String, Vec<(String, Vec<String>)>)> {
    body.as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let name = g["group"].as_str().unwrap_or_else(|| panic!("a step outside a GROUP: {g}")).to_string();
            let calls = g["body"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| (c["keyword"].as_str().unwrap_or("<not a keyword>").to_string(), strs(&c["args"])))
                .collect();
            (name, calls)
        })
        .collect()
}

fn in_frames(frames: &[&str], locator: &Locator) -> String {
    let mut parts: Vec<String> = frames.iter().map(|f| f.to_string()).collect();
    parts.push(locator.playwright_selector());
    parts.join(" >>> ")
}

/// The calls Robot resolves for the rich scenario's steps; `email` and `plan` are what steps 2 and
/// 5 receive (literal text, or the template's argument).
fn expected_calls(email: &str, plan: &str) -> Vec<(String, Vec<(String, Vec<String>)>)> {
    let call = |k: &str, args: &[&str]| (k.to_string(), args.iter().map(|a| a.to_string()).collect::<Vec<_>>());
    let sel = |l: Locator| l.playwright_selector();
    let email_label = sel(Locator::Label { text: "이메일".into() });
    let password = sel(role("textbox", "비밀번호", true));
    let greeting = sel(Locator::Placeholder { text: "인사말".into() });
    let plan_id = sel(Locator::TestId { id: "plan".into() });
    let agree = sel(role("checkbox", "약관에 동의", false));
    let help =
        in_frames(&["iframe#help", "iframe[name=\"inner\"]"], &Locator::Text { text: "도움말".into(), exact: false });
    let save = in_frames(&["#app-frame"], &role("button", SAVE_NAME, true));
    let title = sel(Locator::TestId { id: "title".into() });
    let steps = rich().steps;
    let calls: Vec<Vec<(String, Vec<String>)>> = vec![
        vec![call("Absolute Url", &["/login?next=/home"]), call("Go To", &["<page_url>"])],
        vec![call("Fill Text", &[&email_label, email])],
        vec![call("Fill Secret", &[&password, "%SPECWRIGHT_SECRET_PASSWORD"])],
        vec![call("Fill Text", &[&greeting, GREETING])],
        vec![call("Select Options By", &[&plan_id, "label", plan])],
        vec![call("Check Checkbox", &[&agree])],
        vec![call("Uncheck Checkbox", &["#newsletter"])],
        vec![call("Press Keys", &[&password, "Enter"])],
        vec![call("Hover", &[&help])],
        vec![call("Click", &[&save])],
        vec![call("Wait For Elements State", &[&sel(Locator::Text { text: "저장됨".into(), exact: true }), "visible"])],
        vec![call("Wait For Elements State", &[".spinner", "hidden"])],
        vec![call("Get Text", &[&title, "==", WELCOME])],
        vec![call("Get Text", &["#status", "contains", "완료 | done"])],
        vec![call("Get Property", &[&email_label, "value", "==", "kim@example.com"])],
        vec![call("Get Element Count", &["ul.items > li", "==", "3"])],
        vec![call("Wait For Elements State", &[&sel(role("button", "저장", true)), "enabled"])],
        vec![call("Wait For Elements State", &[&sel(role("button", "삭제", true)), "disabled"])],
        vec![call("Wait For Elements State", &[&agree, "checked"])],
        vec![call("Absolute Url", &["/home"]), call("Get Url", &["==", "<page_url>"])],
        vec![call("Get Title", &["==", "대시보드 — \"Specwright\""])],
    ];
    steps.iter().zip(calls).map(|(s, c)| (format!("{}. {}", s.index, s.intent), c)).collect()
}

#[test]
fn robot_suite_is_valid_robot_framework_and_resolves_to_the_playwright_selectors() {
    let scenario = rich();
    let suite = robot_suite(&scenario, &Locale::Ko);
    let parsed = parse_robot(&suite);

    assert_eq!(strs(&parsed["libraries"]), ["Browser"]);
    assert_eq!(parsed["setup"], "Open Scenario Browser");
    assert_eq!(parsed["variables"]["${BASE_URL}"], "http://127.0.0.1:8080/app/");
    assert_eq!(parsed["variables"]["${GREETING}"], GREETING);
    assert!(parsed["doc"].as_str().unwrap().starts_with(TITLE), "{}", parsed["doc"]);

    let tests = parsed["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 1, "{suite}");
    assert_eq!(tests[0]["name"], TITLE);
    assert_eq!(tests[0]["setup"], "New Page");
    assert_eq!(groups(&tests[0]["body"]), expected_calls("kim@example.com", "프로 \"Pro\""), "{suite}");

    let keywords: Vec<&str> =
        parsed["keywords"].as_array().unwrap().iter().map(|k| k["name"].as_str().unwrap()).collect();
    assert_eq!(keywords, ["Open Scenario Browser", "Absolute Url"]);

    // Citations precede steps, and a secret's value has nowhere to be written: only its name.
    assert!(suite.contains("    # spec: 요구사항.md › 로그인 \"Login\" (line 3)\n    #   \"1. \"로그인\" 페이지로 간다\"\n    GROUP    1. 로그인 페이지로 간다\n"), "{suite}");
    assert!(suite.contains("    # answer: q_1\n    GROUP"), "{suite}");
    assert!(suite.contains("실행 전에 환경 변수 %{SPECWRIGHT_SECRET_PASSWORD}를 설정하세요."), "{suite}");
    // The Korean scenario's suite speaks Korean only.
    assert!(!suite.contains("before running") && !suite.contains(" / Run"), "{suite}");
}

#[test]
fn data_driven_robot_suite_has_one_templated_test_per_row() {
    let scenario = data_driven();
    let suite = robot_suite(&scenario, &Locale::Ko);
    let parsed = parse_robot(&suite);

    let tests = parsed["tests"].as_array().unwrap();
    assert_eq!(tests.len(), ROWS.len(), "{suite}");
    for (i, (test, row)) in tests.iter().zip(ROWS).enumerate() {
        assert_eq!(test["name"], format!("{TITLE} — row {}", i + 1));
        assert_eq!(test["template"], "Scenario Steps");
        let body = test["body"].as_array().unwrap();
        assert_eq!(body.len(), 1, "{test}");
        assert_eq!(body[0]["keyword"], "Scenario Steps");
        // Cells keep trailing spaces and empty values through Robot's escaping.
        assert_eq!(strs(&body[0]["args"]), row, "{suite}");
    }

    let keywords = parsed["keywords"].as_array().unwrap();
    let steps = keywords.iter().find(|k| k["name"] == "Scenario Steps").unwrap_or_else(|| panic!("{suite}"));
    assert_eq!(strs(&steps["args"]), ["이메일", "plan_name"]);
    let mut expected = expected_calls("<이메일>", "<plan_name>");
    expected[1].0 = "2. {{EMAIL}} 입력".into();
    assert_eq!(groups(&steps["body"]), expected, "{suite}");
}

#[test]
fn robot_suite_exact_output() {
    let expected = r#"# Generated by Specwright from scenario scn_1 (schema v4).
# Edit the scenario and export again rather than editing this file.

*** Settings ***
Documentation     Log in: it's "quoted"
...               Suite generated by Specwright from the scenario model. Needs the Browser library (robotframework-browser).
...               Run: robot --variable BASE_URL:<url> <this file>
Library           Browser
Suite Setup       Open Scenario Browser
Test Setup        New Page

*** Variables ***
${BASE_URL}       http://127.0.0.1:8080
# {{secret.PASSWORD}}: Set %{SPECWRIGHT_SECRET_PASSWORD} before running.

*** Test Cases ***
Log in: it's "quoted"
    # spec: spec.md › Login (line 3)
    #   "1. Go to /login"
    GROUP    1. Go to /login
        ${page_url}=    Absolute Url    /login
        Go To    ${page_url}
    END
    # answer: q_1
    GROUP    2. Type the password
        Fill Secret    internal:role=textbox[name="Password"s]    %SPECWRIGHT_SECRET_PASSWORD
    END
    # assumption: as_1
    GROUP    3. Click 'Sign in'
        Click    internal:role=button[name="Sign in"s]
    END
    # observed: e7
    GROUP    4. See the toast
        Wait For Elements State    \#app-frame >>> internal:text="Saved | done"s    visible
    END

*** Keywords ***
Open Scenario Browser
    [Documentation]    Compares text with whitespace normalized, like Playwright's toHaveText.
    New Browser    chromium    headless=True
    Set Assertion Formatters    {"Get Text": ["strip", "normalize spaces"]}

Absolute Url
    [Documentation]    Resolves a URL against \${BASE_URL}, as the Playwright export does.
    [Arguments]    ${url}
    ${absolute}=    Evaluate    urllib.parse.urljoin($BASE_URL, $url)    modules=urllib.parse
    RETURN    ${absolute}
"#;
    let suite = robot_suite(&small(), &Locale::En);
    assert_eq!(suite, expected, "{suite}");
    parse_robot(&suite);
}

// ---------------------------------------------------------------------------------------------
// Gherkin

fn feature_steps(parsed: &Json) -> Vec<(String, String, String)> {
    let scenario = &parsed["doc"]["feature"]["children"][0]["scenario"];
    scenario["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let text = |k: &str| s[k].as_str().unwrap_or_default().to_string();
            (text("keyword"), text("keywordType"), text("text"))
        })
        .collect()
}

#[test]
fn gherkin_feature_parses_in_korean_and_english() {
    let scenario = rich();
    for (language, code, scenario_keyword, given, when, then, and) in [
        (GherkinLanguage::Korean, "ko", "시나리오", "조건 ", "만일 ", "그러면 ", "그리고 "),
        (GherkinLanguage::English, "en", "Scenario", "Given ", "When ", "Then ", "And "),
    ] {
        let feature = gherkin_feature(&scenario, language, language_words(language));
        let parsed = parse_gherkin(&feature);
        let doc = &parsed["doc"]["feature"];
        assert_eq!(doc["language"], code, "{feature}");
        assert_eq!(doc["name"], TITLE);
        let description = doc["description"].as_str().unwrap_or_default();
        // The description's labels in the file's one language.
        let (target, assumption, question) = if code == "ko" {
            ("대상: ", "가정 (미확인): ", "미해결 질문: ")
        } else {
            ("Target: ", "Assumption (Open): ", "Open question: ")
        };
        assert!(description.contains(&format!("{target}http://127.0.0.1:8080/app/")), "{description}");
        assert!(description.contains(&format!("{assumption}인사말 칸은 선택 사항 (engine)")), "{description}");
        assert!(description.contains(&format!("{question}탈퇴 | 재가입?")), "{description}");
        assert!(!description.contains(" / "), "{description}");
        let children = doc["children"].as_array().unwrap();
        assert_eq!(children.len(), 1);
        assert_eq!(children[0]["scenario"]["keyword"], scenario_keyword);
        assert_eq!(children[0]["scenario"]["name"], TITLE);

        let steps = feature_steps(&parsed);
        assert_eq!(steps.len(), 1 + scenario.steps.len(), "{feature}");
        let expected_keywords: Vec<(&str, &str)> = [(given, "Context"), (and, "Conjunction")]
            .into_iter()
            .chain([(when, "Action")])
            .chain(std::iter::repeat_n((and, "Conjunction"), 8))
            .chain([(then, "Outcome")])
            .chain(std::iter::repeat_n((and, "Conjunction"), 10))
            .collect();
        let got: Vec<(&str, &str)> = steps.iter().map(|(k, t, _)| (k.as_str(), t.as_str())).collect();
        assert_eq!(got, expected_keywords, "{feature}");
        let texts: Vec<&str> = steps.iter().map(|(_, _, t)| t.as_str()).collect();
        assert_eq!(texts[0], "운영자로 로그인되어 있다");
        assert_eq!(texts[3], "비밀번호 {{secret.PASSWORD}} 입력");
        assert_eq!(texts[10], "'저장'을 누른다 <확인>");

        // One pickle: a plain scenario; every citation survives as a comment.
        assert_eq!(parsed["pickles"].as_array().unwrap().len(), 1);
        let comments = parsed["doc"]["comments"].as_array().unwrap();
        assert!(
            comments.iter().any(|c| c["text"] == "    # spec: 요구사항.md › 로그인 \"Login\" (line 3)"),
            "{feature}"
        );
        assert!(comments.iter().any(|c| c["text"] == "    # assumption: as_1"), "{feature}");
    }
}

#[test]
fn data_driven_gherkin_is_an_outline_with_the_test_data_as_examples() {
    let scenario = data_driven();
    for (language, outline, examples) in
        [(GherkinLanguage::Korean, "시나리오 개요", "예"), (GherkinLanguage::English, "Scenario Outline", "Examples")]
    {
        let feature = gherkin_feature(&scenario, language, language_words(language));
        let parsed = parse_gherkin(&feature);
        let child = &parsed["doc"]["feature"]["children"][0]["scenario"];
        assert_eq!(child["keyword"], outline, "{feature}");
        let table = &child["examples"][0];
        assert_eq!(table["keyword"], examples);
        let header: Vec<&str> =
            table["tableHeader"]["cells"].as_array().unwrap().iter().map(|c| c["value"].as_str().unwrap()).collect();
        assert_eq!(header, ["이메일", "plan name"]);
        let body = table["tableBody"].as_array().unwrap();
        assert_eq!(body.len(), ROWS.len());
        assert_eq!(body[1]["cells"][0]["value"], "lee|park@example.com", "Gherkin trims cells; `|` survives escaped");

        let steps = feature_steps(&parsed);
        assert_eq!(steps[2].2, "<이메일> 입력", "{feature}");
        assert_eq!(steps[5].2, "요금제를 고른다 \"<plan name>\"", "{feature}");

        let pickles = parsed["pickles"].as_array().unwrap();
        assert_eq!(pickles.len(), ROWS.len(), "{feature}");
        assert_eq!(pickles[0]["steps"][2], "kim@example.com 입력");
        assert_eq!(pickles[0]["steps"][5], "요금제를 고른다 \"프로\"");
        assert_eq!(pickles[1]["steps"][2], "lee|park@example.com 입력");
        assert_eq!(pickles[1]["steps"][5], "요금제를 고른다 \"\"");
        assert_eq!(pickles[0]["steps"].as_array().unwrap().len(), 1 + scenario.steps.len());
    }
}

#[test]
fn gherkin_feature_exact_output() {
    let korean = r#"# language: ko
# Generated by Specwright from scenario scn_1 (schema v4).
# Edit the scenario and export again rather than editing this file.
기능: Log in: it's "quoted"
  대상: http://127.0.0.1:8080

  시나리오: Log in: it's "quoted"
    # spec: spec.md › Login (line 3)
    #   "1. Go to /login"
    조건 Go to /login
    # answer: q_1
    만일 Type the password
    # assumption: as_1
    그리고 Click 'Sign in'
    # observed: e7
    그러면 See the toast
"#;
    let feature = gherkin_feature(&small(), GherkinLanguage::Korean, &Locale::Ko);
    assert_eq!(feature, korean, "{feature}");
    parse_gherkin(&feature);

    let english = gherkin_feature(&small(), GherkinLanguage::English, &Locale::En);
    let expected = korean
        .replace("# language: ko", "# language: en")
        .replace("기능:", "Feature:")
        .replace("  대상: ", "  Target: ")
        .replace("시나리오:", "Scenario:")
        .replace("조건 ", "Given ")
        .replace("만일 ", "When ")
        .replace("그리고 ", "And ")
        .replace("그러면 ", "Then ");
    assert_eq!(english, expected, "{english}");
    parse_gherkin(&english);

    let mut data = small();
    data.variables.push(Variable { name: "USER".into(), source: VariableSource::TestData { column: "user".into() } });
    data.steps[1].action =
        Action::Fill { target: at(role("textbox", "User", true)), value: Value::Variable { name: "USER".into() } };
    data.steps[1].intent = "Type {{USER}}".into();
    data.data = Some(TestData {
        columns: vec!["user".into()],
        rows: vec![vec!["kim".into()], vec!["a|b\\c".into()]],
        citation: None,
    });
    let outline = gherkin_feature(&data, GherkinLanguage::English, &Locale::En);
    assert!(
        outline.ends_with("  Scenario Outline: Log in: it's \"quoted\"\n    # spec: spec.md › Login (line 3)\n    #   \"1. Go to /login\"\n    Given Go to /login\n    # answer: q_1\n    When Type <user>\n    # assumption: as_1\n    And Click 'Sign in'\n    # observed: e7\n    Then See the toast\n\n    Examples:\n      | user |\n      | kim |\n      | a\\|b\\\\c |\n"),
        "{outline}"
    );
    let parsed = parse_gherkin(&outline);
    assert_eq!(parsed["pickles"][1]["steps"][1], "Type a|b\\c");
}

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

// ---------------------------------------------------------------------------------------------
// Mermaid: Mermaid's own parser (`mermaid.parse`, run in node with a jsdom window by
// `tests/tools/mermaid-parse.mjs`) must accept the flowchart, and its structure is checked here.

/// Runs Mermaid's parser on `flow`: `Ok` if it accepts it, else the parser's message.
fn parse_mermaid(flow: &str) -> Result<(), String> {
    let file = TempFile::new("scenario.mmd", flow);
    let script = repo_root().join("tests/tools/mermaid-parse.mjs");
    let output = Command::new("node")
        .current_dir(repo_root())
        .arg(&script)
        .arg(&file.path)
        .output()
        .unwrap_or_else(|e| panic!("node could not start ({e}); run scripts/setup.sh"));
    let stdout = String::from_utf8_lossy(&output.stdout).trim().to_string();
    let stderr = String::from_utf8_lossy(&output.stderr).trim().to_string();
    match output.status.success() {
        true if stdout == "ok" => Ok(()),
        true => panic!("mermaid-parse.mjs exited 0 without `ok`:\n{stdout}\n{stderr}"),
        false => Err(format!("{stdout}\n{stderr}").trim().to_string()),
    }
}

#[test]
fn mermaid_flow_is_accepted_by_mermaids_own_parser() {
    // A broken diagram must be rejected by the parser itself (not by a missing module or a script
    // that fails on everything), or the acceptances below would prove nothing.
    let broken = parse_mermaid("flowchart TD\n  A[\"unterminated").expect_err("an unterminated label parsed");
    assert!(broken.contains("Parse error"), "not the parser's rejection; run scripts/setup.sh?\n{broken}");
    let raw_quote = parse_mermaid("flowchart TD\n  A[\"say \"hi\" now\"] --> B").expect_err("a raw quote parsed");
    assert!(raw_quote.contains("Parse error"), "{raw_quote}");

    let mut empty = small();
    empty.steps.clear();
    empty.title = String::new();
    empty.id = String::new();
    for scenario in [rich(), data_driven(), small(), empty] {
        let flow = mermaid_flow(&scenario, &Locale::Ko);
        if let Err(error) = parse_mermaid(&flow) {
            panic!("Mermaid rejected the export of {:?}:\n{error}\n--- file ---\n{flow}", scenario.id);
        }
    }
}

/// `(id, label)` of every `id["label"]` / `id(["label"])` node line.
fn mermaid_nodes(flow: &str) -> Vec<(String, String)> {
    flow.lines()
        .filter_map(|line| {
            let line = line.trim();
            let (id, rest) = line.split_once(['[', '('])?;
            let label = rest.trim_start_matches(['(', '[']).strip_prefix('"')?;
            let label = label.strip_suffix("\"])").or_else(|| label.strip_suffix("\"]"))?;
            Some((id.to_string(), label.to_string()))
        })
        .collect()
}

fn mermaid_edges(flow: &str) -> Vec<(String, String)> {
    flow.lines()
        .filter_map(|line| line.trim().split_once(" --> ").map(|(a, b)| (a.to_string(), b.to_string())))
        .collect()
}

#[test]
fn mermaid_flow_has_one_node_per_step_in_order_with_escaped_labels() {
    for scenario in [rich(), data_driven()] {
        let flow = mermaid_flow(&scenario, &Locale::Ko);
        let mut lines = flow.lines().filter(|l| !l.starts_with("%%"));
        assert_eq!(lines.next(), Some("flowchart TD"), "{flow}");

        let nodes = mermaid_nodes(&flow);
        assert_eq!(nodes.len(), scenario.steps.len() + 2, "{flow}");
        assert_eq!(nodes[0].0, "start");
        assert_eq!(nodes.last().map(|n| n.0.as_str()), Some("finish"));
        for (label_node, step) in nodes[1..=scenario.steps.len()].iter().zip(&scenario.steps) {
            assert!(label_node.1.starts_with(&format!("{}. ", step.index)), "{label_node:?}");
        }
        for (id, label) in &nodes {
            for raw in ['"', '[', ']', '<', '>', '`', '%', ':', '\n'] {
                assert!(!label.contains(raw), "{id}: raw {raw:?} in {label}");
            }
            // Every `#` opens one of the entities the label escaping writes.
            for (i, _) in label.match_indices('#') {
                let entity = &label[i..label[i..].find(';').map(|e| i + e + 1).unwrap_or(label.len())];
                assert!(
                    ["#quot;", "#35;", "#91;", "#93;", "#lt;", "#gt;", "#amp;", "#37;", "#96;", "#58;"]
                        .contains(&entity),
                    "{id}: {entity} in {label}"
                );
            }
        }
        // The title's quotes, brackets, `<>` and `#` arrive as entities.
        assert!(nodes[0].1.contains("#quot;빠른#quot; 확인 #91;v2#93; #lt;beta#gt; #35;1 it's"), "{}", nodes[0].1);
        assert!(nodes[10].1.starts_with("10. '저장'을 누른다 #lt;확인#gt; — click"), "{}", nodes[10].1);

        let edges = mermaid_edges(&flow);
        let ids: Vec<&str> = nodes.iter().map(|n| n.0.as_str()).collect();
        let chain: Vec<(String, String)> = ids.windows(2).map(|w| (w[0].to_string(), w[1].to_string())).collect();
        assert_eq!(edges, chain, "{flow}");

        let checks: Vec<String> = scenario
            .steps
            .iter()
            .enumerate()
            .filter(|(_, s)| s.action.is_assertion())
            .map(|(i, _)| format!("s{}", i + 1))
            .collect();
        assert!(flow.contains(&format!("    class {} check\n", checks.join(","))), "{flow}");
        assert!(flow.contains("    classDef check "), "{flow}");
    }
}

#[test]
fn mermaid_flow_exact_output() {
    let expected = r#"%% Generated by Specwright from scenario scn_1 (schema v4). Edit the scenario and export again rather than editing this file.
flowchart TD
    start(["Start#58; Log in#58; it's #quot;quoted#quot;"])
    s1["1. Go to /login — goto #96;/login#96;"]
    s2["2. Type the password — fill #96;{{secret.PASSWORD}}#96;"]
    s3["3. Click 'Sign in' — click"]
    s4["4. See the toast — expect visible"]
    finish(["End"])
    start --> s1
    s1 --> s2
    s2 --> s3
    s3 --> s4
    s4 --> finish
    classDef action fill:#e3f2fd,stroke:#1565c0,color:#0d47a1
    classDef check fill:#e8f5e9,stroke:#2e7d32,color:#1b5e20
    classDef terminal fill:#f5f5f5,stroke:#616161,color:#212121
    class s1,s2,s3 action
    class s4 check
    class start,finish terminal
"#;
    let flow = mermaid_flow(&small(), &Locale::En);
    assert_eq!(flow, expected, "{flow}");
    // A Korean scenario's chart in Korean: its start and end in the same language as its steps.
    let korean = mermaid_flow(&small(), &Locale::Ko);
    assert!(korean.contains("start([\"시작#58; Log in") && korean.contains("finish([\"끝\"])"), "{korean}");
}
