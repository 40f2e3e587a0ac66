//! Every value a scenario carries may come from someone else (a spec, a page, a share bundle),
//! and every export puts values into a language: TypeScript, Robot Framework, Gherkin, Markdown,
//! Mermaid, JUnit XML and HTML. Property: fill every string field of a scenario and its trial
//! with hostile text (quotes, newlines, line separators, `${…}`, `</script>`, Robot separators,
//! Markdown and Mermaid syntax, control characters), export, and read each export with its own
//! language's parser. Compared with the same scenario filled with plain words, the parse has the
//! same shape: the hostile text changed only data, never code or structure. Code that would run
//! writes a marker file; it never appears.
//!
//! Needs what `scripts/setup.sh` installs: the root and `ui/` `node_modules` (Playwright Test,
//! TypeScript, `@cucumber/gherkin`, jsdom, Mermaid) and `robotframework` for python3.

use serde_json::Value as Json;
use specwright_catalog::Locale;
use specwright_scenario::*;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fixture(name: &str) -> Json {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The hostile text, naming `marker`: every language's way out of a string, a comment or a
/// cell, and what each would run.
fn payload(marker: &Path) -> String {
    let m = marker.display();
    [
        format!("x'); require('fs').writeFileSync('{m}', 'ts'); ('"),
        format!("\"); require('fs').writeFileSync(\"{m}\", 'ts'); (\""),
        format!("`${{require('fs').writeFileSync('{m}', 'ts')}}`"),
        format!("\n}});require('fs').writeFileSync('{m}','ts');//"),
        "\r\u{2028}\u{2029} */ /* -->".to_string(),
        format!("${{{{__import__('pathlib').Path('{m}').touch()}}}}"),
        "${BASE_URL} %{HOME} @{LIST} &{DICT} ${EMPTY}".to_string(),
        "  two  spaces\tand a tab | pipe |".to_string(),
        "\n*** Test Cases ***\nInjected\n    Log    robot\n".to_string(),
        "\nThen injected step\n  | a | b |\n\"\"\"\n# comment".to_string(),
        "</script><script>document.title='html'</script><img src=x onerror=alert(1)><!-- x".to_string(),
        "]]> & < > \"\" '' \u{1} \u{1b}[31m \u{7f} \u{0}".to_string(),
        "# heading\n- item\n[link](javascript:alert(1)) ``code`` **bold** <b>b</b> \\".to_string(),
        "\"] --> X[\"y\"] %% comment\nclick A call alert() ; end; style A fill:#f00".to_string(),
        "한국어 \u{200b}\u{feff} 😀".to_string(),
    ]
    .concat()
}

/// Every string leaf of `json` that can take any text (the ones that deserialize again as
/// `T` when replaced): enum tags and words stay as they are.
fn free_strings<T: serde::de::DeserializeOwned>(json: &Json) -> Vec<Vec<String>> {
    fn walk(value: &Json, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
        match value {
            Json::String(_) => out.push(path.clone()),
            Json::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    path.push(i.to_string());
                    walk(item, path, out);
                    path.pop();
                }
            }
            Json::Object(map) => {
                for (k, v) in map {
                    path.push(k.clone());
                    walk(v, path, out);
                    path.pop();
                }
            }
            _ => {}
        }
    }
    let mut all = Vec::new();
    walk(json, &mut Vec::new(), &mut all);
    all.into_iter()
        .filter(|path| {
            let mut probe = json.clone();
            *at(&mut probe, path) = Json::String("any text at all".into());
            serde_json::from_value::<T>(probe).is_ok()
        })
        .collect()
}

fn at<'a>(json: &'a mut Json, path: &[String]) -> &'a mut Json {
    path.iter().fold(json, |v, k| match v {
        Json::Array(items) => &mut items[k.parse::<usize>().unwrap()],
        other => &mut other[k.as_str()],
    })
}

/// `json` with every free string replaced: by `hostile`, or by plain words.
fn filled<T: serde::de::DeserializeOwned>(json: &Json, paths: &[Vec<String>], hostile: Option<&str>) -> T {
    let mut out = json.clone();
    // One text for every field, either way: where a field names another (a variable a value
    // refers to), both twins refer alike.
    for path in paths {
        let text = hostile.unwrap_or("plain words").to_string();
        *at(&mut out, path) = Json::String(text);
    }
    serde_json::from_value(out).unwrap()
}

/// A scenario with every kind of action, locator, value, condition and provenance.
fn base() -> Json {
    let mut scenario: Scenario = serde_json::from_value(fixture("hostile-base.json")).unwrap();
    let target = |strategies: Vec<Locator>| Target {
        strategies,
        frame_path: vec!["iframe#pay".into()],
        within: vec![Locator::Role { role: "dialog".into(), name: "box".into(), exact: true }],
        first_visible: true,
    };
    let role = || Locator::Role { role: "button".into(), name: "go".into(), exact: false };
    let more = vec![
        Action::Upload { target: target(vec![Locator::Label { text: "file".into() }]), files: vec!["a.txt".into()] },
        Action::Type { target: target(vec![role()]), value: Value::Literal { value: "typed".into() } },
        Action::Drag {
            target: target(vec![role()]),
            to: target(vec![Locator::Text { text: "to".into(), exact: true }]),
        },
        Action::DoubleClick { target: target(vec![Locator::Placeholder { text: "p".into() }]) },
        Action::ScrollIntoView { target: target(vec![Locator::TestId { id: "t".into() }]) },
        Action::WaitFor { condition: WaitCondition::Url { expected: "/done".into() } },
        Action::WaitFor {
            condition: WaitCondition::Element {
                target: target(vec![Locator::Css { selector: "#x".into() }]),
                state: ElementState::Visible,
            },
        },
        Action::Dialog { accept: true, prompt_text: Some("answer".into()) },
        Action::Click { target: target(vec![role()]) },
        Action::ExpectPage { assertion: PageAssertion::Download { file_name: "report.txt".into() } },
        Action::ExpectPage { assertion: PageAssertion::Title { expected: "title".into() } },
    ];
    for action in more {
        let mut step = scenario.steps[0].clone();
        step.index = scenario.steps.len() as u32 + 1;
        step.action = action;
        step.provenance = Provenance::answer("question", "answered");
        scenario.steps.push(step);
    }
    let last = scenario.steps.len() - 3;
    scenario.steps[last].response = Some(ResponseCheck { method: "POST".into(), path: "/api/items".into() });
    scenario.assumptions.push(Assumption {
        id: "A1".into(),
        text: "assumed".into(),
        made_by: "engine".into(),
        status: AssumptionStatus::Open,
    });
    scenario.open_questions.push("open?".into());
    serde_json::to_value(scenario).unwrap()
}

/// A scratch folder under the system temp dir, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("specwright-hostile-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn run(mut command: Command, what: &str) -> String {
    let output = command.output().unwrap_or_else(|e| panic!("{what} could not start ({e}); run scripts/setup.sh"));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{what} failed:\n{}\n{stdout}", String::from_utf8_lossy(&output.stderr));
    stdout
}

/// TypeScript's own parser: its diagnostics, and every node's kind in order (a comment that a
/// newline ended, or a string that a quote ended, changes them).
const TS_SHAPE: &str = r#"
const ts = require(process.argv[2]);
const fs = require('fs');
const text = fs.readFileSync(process.argv[1], 'utf8');
const file = ts.createSourceFile('scenario.spec.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
const kinds = [];
const visit = (node) => { kinds.push(ts.SyntaxKind[node.kind]); ts.forEachChild(node, visit); };
visit(file);
console.log(JSON.stringify({ errors: file.parseDiagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')), kinds, lineBreaks: text.split('\n').length }));
"#;

fn ts_shape(code: &str, dir: &Path) -> Json {
    let file = dir.join("shape.spec.ts");
    std::fs::write(&file, code).unwrap();
    let typescript = repo_root().join("ui/node_modules/typescript");
    let mut command = Command::new("node");
    command.arg("-e").arg(TS_SHAPE).arg(&file).arg(typescript);
    serde_json::from_str(&run(command, "TypeScript's parser (node)")).unwrap()
}

/// Robot Framework's parser and suite builder: the suite's tests and keywords, each call's
/// keyword and how many arguments it has, every argument resolved by Robot's own variables (an
/// inline Python `${{…}}` would run here).
const ROBOT_SHAPE: &str = r#"
import json, sys
from robot.api import get_model, TestSuiteBuilder
from robot.api.parsing import ModelVisitor
from robot.variables import Variables
path = sys.argv[1]
errors = []
class Errors(ModelVisitor):
    def generic_visit(self, node):
        for error in getattr(node, 'errors', None) or ():
            errors.append(str(error))
        super().generic_visit(node)
Errors().visit(get_model(path))
suite = TestSuiteBuilder().build(path)
variables = Variables()
variables['${SPACE}'] = ' '
variables['${EMPTY}'] = ''
for var in suite.resource.variables:
    try:
        variables[var.name] = variables.replace_scalar(var.value[0])
    except Exception as error:
        variables[var.name] = str(error)
variables['${page_url}'] = '<page_url>'
scripts = []
unresolved = []
class Assigned(dict):
    def __init__(self, name):
        super().__init__(status=201, rc=0, stderr='')
        self.name = name
    def __getattr__(self, key):
        return self[key]
    def __str__(self):
        return f'<{self.name}>'
def resolve(text, scope):
    try:
        value = scope.replace_string(text)
    except Exception as error:
        # A secret read from the environment at run time is unset here, whatever its name.
        unresolved.append('environment' if 'Environment variable' in str(error) else str(error))
        return None
    if value.startswith('(response) =>'):
        scripts.append(value)
    return value
def calls(body, scope):
    out = []
    for item in body:
        kind = type(item).__name__
        if kind == 'Group':
            resolve(item.name, scope)
            out.append({'group': calls(item.body, scope)})
        elif kind == 'Keyword':
            for a in item.args:
                resolve(a, scope)
            out.append({'keyword': item.name, 'args': len(item.args), 'assign': len(item.assign)})
            for name in item.assign:
                name = name.rstrip('= ')
                scope[name] = Assigned(name[2:-1])
        else:
            out.append({'other': kind})
    return out
def keyword(k):
    scope = variables.copy()
    for name in k.args.positional:
        scope['${%s}' % name] = f'<{name}>'
    return {'name': k.name, 'args': len(k.args.positional), 'body': calls(k.body, scope)}
tests = []
for t in suite.tests:
    scope = variables.copy()
    tests.append({'template': t.template, 'setup': t.setup.name, 'body': calls(t.body, scope)})
keywords = [keyword(k) for k in suite.resource.keywords]
print(json.dumps({
    'errors': errors,
    'settings': [i.name for i in suite.resource.imports],
    'variables': [v.name for v in suite.resource.variables],
    'tests': tests,
    'keywords': keywords,
    'scripts': scripts,
    'unresolved': unresolved,
}))
"#;

fn robot_shape(suite: &str, dir: &Path) -> Json {
    let file = dir.join("scenario.robot");
    std::fs::write(&file, suite).unwrap();
    let mut command = Command::new("python3");
    command.arg("-c").arg(ROBOT_SHAPE).arg(&file);
    serde_json::from_str(&run(command, "Robot Framework's parser (python3)")).unwrap()
}

/// `@cucumber/gherkin`'s document: what each node is and on which line, its words left out.
const GHERKIN_SHAPE: &str = r#"
import { Parser, AstBuilder, GherkinClassicTokenMatcher } from '@cucumber/gherkin';
import { readFileSync } from 'node:fs';
let next = 0;
try {
  const doc = new Parser(new AstBuilder(() => String(next++)), new GherkinClassicTokenMatcher('en')).parse(readFileSync(process.argv[1], 'utf8'));
  const shape = (v, key) => {
    if (Array.isArray(v)) return v.map((x) => shape(x, key));
    if (v && typeof v === 'object') {
      const out = {};
      for (const [k, x] of Object.entries(v)) if (k !== 'id' && k !== 'column') out[k] = shape(x, k);
      return out;
    }
    return typeof v === 'string' && !['keyword', 'keywordType', 'language', 'delimiter', 'mediaType'].includes(key) ? 'S' : v;
  };
  console.log(JSON.stringify({ errors: [], doc: shape(doc, '') }));
} catch (error) {
  console.log(JSON.stringify({ errors: (error.errors || [error]).map((e) => e.message) }));
}
"#;

fn gherkin_shape(feature: &str, dir: &Path) -> Json {
    let file = dir.join("scenario.feature");
    std::fs::write(&file, feature).unwrap();
    let mut command = Command::new("node");
    command.current_dir(repo_root()).arg("--input-type=module").arg("-e").arg(GHERKIN_SHAPE).arg(&file);
    serde_json::from_str(&run(command, "@cucumber/gherkin (node)")).unwrap()
}

/// jsdom's DOM: every element and attribute name in order, the scripts, the handlers and the
/// `javascript:` links it would run.
const HTML_SHAPE: &str = r#"
const { JSDOM } = require('jsdom');
const fs = require('fs');
const dom = new JSDOM(fs.readFileSync(process.argv[1], 'utf8'));
const doc = dom.window.document;
const shape = [];
const walk = (node) => {
  if (node.nodeType === 1) {
    shape.push(node.tagName + '[' + [...node.attributes].map((a) => a.name).join(',') + ']');
    for (const child of node.childNodes) walk(child);
    shape.push('/');
  } else if (node.nodeType === 8) shape.push('#comment');
};
walk(doc.documentElement);
const all = [...doc.querySelectorAll('*')];
const handlers = all.flatMap((e) => [...e.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name));
const links = all.flatMap((e) => [...e.attributes].filter((a) => /^\s*javascript:/i.test(a.value)).map((a) => a.value));
console.log(JSON.stringify({ errors: [], shape, scripts: doc.querySelectorAll('script').length, handlers, links, title: doc.title }));
"#;

fn html_shape(html: &str, dir: &Path) -> Json {
    let file = dir.join("report.html");
    std::fs::write(&file, html).unwrap();
    let mut command = Command::new("node");
    command.current_dir(repo_root()).arg("-e").arg(HTML_SHAPE).arg(&file);
    serde_json::from_str(&run(command, "jsdom (node)")).unwrap()
}

/// Python's XML parser: every element and attribute name in order.
const XML_SHAPE: &str = r#"
import json, sys, xml.etree.ElementTree as ET
try:
    root = ET.parse(sys.argv[1]).getroot()
    shape = []
    def walk(e):
        shape.append(e.tag + '[' + ','.join(sorted(e.attrib)) + ']')
        for c in e:
            walk(c)
        shape.append('/')
    walk(root)
    print(json.dumps({'errors': [], 'shape': shape}))
except ET.ParseError as error:
    print(json.dumps({'errors': [str(error)]}))
"#;

fn xml_shape(xml: &str, dir: &Path) -> Json {
    let file = dir.join("junit.xml");
    std::fs::write(&file, xml).unwrap();
    let mut command = Command::new("python3");
    command.arg("-c").arg(XML_SHAPE).arg(&file);
    serde_json::from_str(&run(command, "Python's XML parser")).unwrap()
}

/// Mermaid's own parser: the flowchart's nodes and edges, counted.
const MERMAID_SHAPE: &str = r#"
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
globalThis.window = new JSDOM('').window;
const { default: mermaid } = await import('mermaid');
const text = readFileSync(process.argv[1], 'utf8');
try {
  await mermaid.parse(text);
  const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
  const db = diagram.db;
  const vertices = db.getVertices();
  const nodes = vertices instanceof Map ? vertices.size : Object.keys(vertices).length;
  const classes = db.getClasses ? (db.getClasses() instanceof Map ? db.getClasses().size : Object.keys(db.getClasses()).length) : 0;
  console.log(JSON.stringify({ errors: [], nodes, edges: db.getEdges().length, subgraphs: db.getSubGraphs().length, classes, lines: text.split('\n').length }));
} catch (error) {
  console.log(JSON.stringify({ errors: [String(error?.message ?? error)] }));
}
"#;

fn mermaid_shape(flow: &str, dir: &Path) -> Json {
    let file = dir.join("flow.mmd");
    std::fs::write(&file, flow).unwrap();
    let mut command = Command::new("node");
    command.current_dir(repo_root()).arg("--input-type=module").arg("-e").arg(MERMAID_SHAPE).arg(&file);
    serde_json::from_str(&run(command, "Mermaid (node)")).unwrap()
}

/// CommonMark's events (pulldown-cmark, as GitHub reads a plan), text runs merged into one.
fn markdown_shape(markdown: &str) -> Vec<String> {
    use pulldown_cmark::{Event, Options, Parser};
    let mut out: Vec<String> = Vec::new();
    for event in Parser::new_ext(markdown, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH) {
        let kind = match event {
            Event::Text(_) | Event::SoftBreak | Event::HardBreak => "text".to_string(),
            Event::Code(_) => "code".to_string(),
            Event::Html(html) | Event::InlineHtml(html) => format!("HTML {html}"),
            Event::Start(tag) => format!("start {:?}", std::mem::discriminant(&tag)),
            Event::End(tag) => format!("end {tag:?}"),
            other => format!("{other:?}"),
        };
        if kind == "text" && out.last().is_some_and(|k| k == "text") {
            continue;
        }
        out.push(kind);
    }
    out
}

fn no_errors(what: &str, json: &Json, source: &str) {
    let errors = json["errors"].as_array().cloned().unwrap_or_default();
    assert!(errors.is_empty(), "{what} does not parse: {errors:#?}\n--- file ---\n{source}");
}

#[test]
fn hostile_values_are_only_ever_data_in_every_export() {
    let scratch = Scratch::new("exports");
    let marker = scratch.0.join("ran");
    let hostile = payload(&marker);
    let scenario_json = base();
    let scenario_paths = free_strings::<Scenario>(&scenario_json);
    assert!(scenario_paths.len() > 150, "every field is filled: {}", scenario_paths.len());
    let trial_json = fixture("hostile-trial.json");
    let trial_paths = free_strings::<TrialReport>(&trial_json);
    let plain: Scenario = filled(&scenario_json, &scenario_paths, None);
    let evil: Scenario = filled(&scenario_json, &scenario_paths, Some(&hostile));
    let plain_trial: TrialReport = filled(&trial_json, &trial_paths, None);
    let evil_trial: TrialReport = filled(&trial_json, &trial_paths, Some(&hostile));
    let none = |_: &str| -> Option<Vec<u8>> { None };
    let mut failures = Vec::new();
    let mut compare = |what: &str, plain: Json, evil: Json, source: &str| {
        no_errors(what, &plain, source);
        no_errors(what, &evil, source);
        if plain != evil {
            let (a, b) = (format!("{plain:#}"), format!("{evil:#}"));
            let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
            let first = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
            let around = |lines: &[&str]| lines[first.saturating_sub(8)..(first + 4).min(lines.len())].join("\n");
            failures.push(format!(
                "{what}: the hostile values changed its shape at line {first} of its parse\n--- plain ---\n{}\n--- hostile ---\n{}\n--- file ---\n{}",
                around(&a),
                around(&b),
                source.chars().take(3000).collect::<String>()
            ));
        }
    };

    let (a, b) = (playwright_test(&plain), playwright_test(&evil));
    compare("the Playwright test (TypeScript)", ts_shape(&a, &scratch.0), ts_shape(&b, &scratch.0), &b);
    for words in [&Locale::Ko as &dyn Words, &Locale::En] {
        let (a, b) = (robot_suite(&plain, words), robot_suite(&evil, words));
        let (mut plain_robot, mut evil_robot) = (robot_shape(&a, &scratch.0), robot_shape(&b, &scratch.0));
        // The JavaScript a keyword is given (a response's predicate) is code of its own.
        let scripts = |json: &mut Json| json["scripts"].take().as_array().cloned().unwrap_or_default();
        let (plain_scripts, evil_scripts) = (scripts(&mut plain_robot), scripts(&mut evil_robot));
        assert!(!plain_scripts.is_empty(), "the suite waits for a response");
        assert_eq!(plain_scripts.len(), evil_scripts.len(), "every predicate resolves: {evil_robot:#}");
        for (x, y) in plain_scripts.iter().zip(&evil_scripts) {
            let shape = |script: &Json| ts_shape(&format!("const wanted = {};", script.as_str().unwrap()), &scratch.0);
            compare("a JavaScript predicate of the Robot suite", shape(x), shape(y), y.as_str().unwrap());
        }
        compare("the Robot suite", plain_robot, evil_robot, &b);
        let (a, b) = (mermaid_flow(&plain, words), mermaid_flow(&evil, words));
        compare("the Mermaid flowchart", mermaid_shape(&a, &scratch.0), mermaid_shape(&b, &scratch.0), &b);
        let (a, b) = (markdown_plan(&plain, words), markdown_plan(&evil, words));
        compare("the Markdown plan", serde_json::json!(markdown_shape(&a)), serde_json::json!(markdown_shape(&b)), &b);
        let (a, b) = (
            html_report(&plain, Some(&plain_trial), &none, words),
            html_report(&evil, Some(&evil_trial), &none, words),
        );
        let (plain_html, evil_html) = (html_shape(&a, &scratch.0), html_shape(&b, &scratch.0));
        assert_eq!(evil_html["scripts"], 0, "no script in the report");
        assert_eq!(evil_html["handlers"], serde_json::json!([]), "no handler in the report");
        assert_eq!(evil_html["links"], serde_json::json!([]), "no javascript: link in the report");
        let keep = |mut json: Json| {
            json["title"] = Json::Null;
            json
        };
        compare("the HTML report", keep(plain_html), keep(evil_html), &b);
    }
    for (language, words) in [(GherkinLanguage::Korean, &Locale::Ko), (GherkinLanguage::English, &Locale::En)] {
        let (a, b) = (gherkin_feature(&plain, language, words), gherkin_feature(&evil, language, words));
        compare("the Gherkin feature", gherkin_shape(&a, &scratch.0), gherkin_shape(&b, &scratch.0), &b);
    }
    let (a, b) = (junit_report(&plain, &plain_trial), junit_report(&evil, &evil_trial));
    compare("the JUnit report", xml_shape(&a, &scratch.0), xml_shape(&b, &scratch.0), &b);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(!marker.exists(), "a hostile value ran as code");
}

/// Playwright Test itself loads the hostile export (`--list` runs its top level, where test
/// titles are made): the tests it lists are the scenario's, and nothing else ran.
#[test]
fn playwright_test_loads_a_hostile_export_as_data() {
    let scratch = Scratch::new("playwright");
    let marker = scratch.0.join("ran");
    let hostile = payload(&marker);
    let scenario_json = base();
    let paths = free_strings::<Scenario>(&scenario_json);
    let evil: Scenario = filled(&scenario_json, &paths, Some(&hostile));
    // Inside the repository, so `@playwright/test` resolves from its node_modules.
    let dir = repo_root().join("target/test-output/hostile-export");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("scenario.spec.ts"), playwright_test(&evil)).unwrap();
    std::fs::write(dir.join("playwright.config.ts"), playwright_config()).unwrap();
    let mut command = Command::new(repo_root().join("node_modules/.bin/playwright"));
    command
        .current_dir(&dir)
        .args(["test", "--list", "--reporter=json", "--config"])
        .arg(dir.join("playwright.config.ts"));
    let listed = run(command, "npx playwright test --list");
    let report: Json = serde_json::from_str(&listed).unwrap_or_else(|e| panic!("{e}: {listed}"));
    let titles: Vec<String> = report["suites"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|suite| suite["specs"].as_array().cloned().unwrap_or_default())
        .map(|spec| spec["title"].as_str().unwrap_or_default().to_string())
        .collect();
    let rows = evil.data.as_ref().map_or(1, |d| d.rows.len());
    assert_eq!(titles.len(), rows, "one test per row: {titles:#?}");
    assert!(titles.iter().all(|t| t.starts_with(&hostile)), "each named by the scenario's title, as data: {titles:#?}");
    assert!(!marker.exists(), "a hostile value ran as code when Playwright loaded the test");
}
