//! JUnit and HTML reports are read by other programs (CI, browsers): these tests parse them with
//! real parsers (Python's standard library) and pin the exact output of small cases.

use serde_json::Value as Json;
use specwright_catalog::Locale;
use specwright_scenario::*;
use std::path::PathBuf;
use std::process::Command;

const INJECTED: &str = "<script>alert('x')</script> 클릭";
const ESC: char = '\u{1b}';

fn citation(line: u32, quote: &str) -> Citation {
    Citation {
        document: "기획서.md".into(),
        anchor: "기획서.md#가입".into(),
        section: "회원 가입 & 로그인".into(),
        line,
        quote: quote.into(),
        page: None,
        sheet: None,
        row: None,
    }
}

fn target(locator: Locator) -> Target {
    Target { strategies: vec![locator], frame_path: vec![], ..Default::default() }
}

fn scenario() -> Scenario {
    Scenario {
        schema_version: SCHEMA_VERSION,
        id: "scn_signup".into(),
        title: "회원 가입 <&\"'> 확인\u{7}".into(),
        target_url: "http://127.0.0.1:8080".into(),
        variables: vec![
            Variable { name: "PASSWORD".into(), source: VariableSource::Secret },
            Variable { name: "email".into(), source: VariableSource::TestData { column: "email".into() } },
        ],
        data: Some(TestData {
            columns: vec!["email".into(), "이름".into()],
            rows: vec![vec!["a@b.c".into(), "홍길동 <b>".into()]],
            citation: Some(citation(12, "| email | 이름 |")),
        }),
        preconditions: vec![Precondition {
            condition: Condition::Role { role: "운영자".into() },
            text: "운영자로 로그인한 상태".into(),
            provenance: Provenance::Spec { citation: citation(2, "운영자만 접근 가능") },
        }],
        steps: vec![
            Step {
                index: 1,
                intent: "가입 페이지로 이동".into(),
                action: Action::Goto { url: "/signup".into() },
                provenance: Provenance::Spec {
                    citation: citation(3, "1. 가입 페이지로 이동 <script>alert(\"quote\")</script>"),
                },
                verification: Verification::Passed,
                expects_refusal: false,
                response: None,
                heals: Vec::new(),
            },
            Step {
                index: 2,
                intent: "이메일 입력".into(),
                action: Action::Fill {
                    target: target(Locator::Label { text: "이메일".into() }),
                    value: Value::Variable { name: "email".into() },
                },
                provenance: Provenance::answer("q_1", "이메일 칸은 \"이메일\" 라벨"),
                verification: Verification::Passed,
                expects_refusal: false,
                response: None,
                heals: Vec::new(),
            },
            Step {
                index: 3,
                intent: INJECTED.into(),
                action: Action::Click {
                    target: target(Locator::Role {
                        role: "button".into(), name: "가입 & 완료".into(), exact: true
                    }),
                },
                provenance: Provenance::Assumption { assumption_id: "as_1".into() },
                verification: Verification::Flaky,
                expects_refusal: false,
                response: None,
                heals: Vec::new(),
            },
            Step {
                index: 4,
                intent: "환영 문구 확인".into(),
                action: Action::Expect {
                    target: target(Locator::Text { text: "환영합니다".into(), exact: false }),
                    assertion: Assertion::ContainsText { expected: "환영합니다".into() },
                },
                provenance: Provenance::Observed { snapshot_ref: "snap_7".into() },
                verification: Verification::Unverified,
                expects_refusal: false,
                response: None,
                heals: Vec::new(),
            },
        ],
        assumptions: vec![Assumption {
            id: "as_1".into(),
            text: "가입 버튼의 이름은 '가입 & 완료'".into(),
            made_by: "engine".into(),
            status: AssumptionStatus::Open,
        }],
        open_questions: vec!["중복 이메일이면?".into()],
    }
}

fn result(index: u32, intent: &str, status: StepStatus, duration_ms: u64, frame: Option<&str>) -> TrialStepResult {
    TrialStepResult {
        index,
        intent: intent.into(),
        status,
        duration_ms,
        diagnosis: None,
        frame: frame.map(Into::into),
        console_errors: vec![],
        requests: vec![],
        relocated: None,
    }
}

fn diagnosis_message() -> String {
    format!("버튼 \"가입 & 완료\"을 찾을 수 없음 <{ESC}[0m>")
}

/// Attempt 1 passes, attempt 2 of the same row fails on step 3: a flaky trial.
fn trial() -> TrialReport {
    use StepStatus::*;
    let passed = TrialRun {
        attempt: 1,
        row: Some(0),
        passed: true,
        duration_ms: 2_345,
        steps: vec![
            result(1, "가입 페이지로 이동", Passed, 800, Some("f1.jpg")),
            result(2, "이메일 입력", Passed, 120, Some("f2.png")),
            result(3, INJECTED, Passed, 95, Some("f3.jpg")),
            result(4, "환영 문구 확인", Passed, 1_005, Some("f4.jpg")),
        ],
    };
    let mut failed_step = result(3, INJECTED, Failed, 5_000, Some("a3.jpg"));
    failed_step.diagnosis = Some(Diagnosis {
        kind: DiagnosisKind::NotFound,
        message: diagnosis_message(),
        expected: Some("button \"가입 & 완료\"".into()),
        actual: None,
        candidates: vec!["button \"가입\"".into(), "link \"<완료>\"".into()],
    });
    failed_step.console_errors = vec![format!("{ESC}[31mTypeError: x is undefined{ESC}[0m")];
    failed_step.requests = vec![specwright_scenario::RequestRecord {
        method: "POST".into(),
        path: "/api/signup?next=<home>".into(),
        status: 409,
        duration_ms: 42,
    }];
    let failed = TrialRun {
        attempt: 2,
        row: Some(0),
        passed: false,
        duration_ms: 6_010,
        steps: vec![
            result(1, "가입 페이지로 이동", Passed, 700, Some("a1.jpg")),
            result(2, "이메일 입력", Passed, 110, Some("a2.jpg")),
            failed_step,
            result(4, "환영 문구 확인", Skipped, 0, None),
        ],
    };
    let mut report = TrialReport::new("trial_1".into(), "scn_signup".into(), vec![passed, failed]);
    report.started_at_ms = Some(1_796_000_000_000);
    report.browser = Some("Chromium 140.0.7339.80".into());
    report
}

/// Every byte value once: a frame whose base64 needs padding and uses `+` and `/`.
fn all_bytes() -> Vec<u8> {
    (0..=255).collect()
}

fn frame(name: &str) -> Option<Vec<u8>> {
    match name {
        "a3.jpg" => Some(all_bytes()),
        "f2.png" => Some(b"\x89PNG\r\n\x1a\nrest".to_vec()),
        "f4.jpg" => None,
        other => Some(format!("\u{ff}jpeg {other}").into_bytes()),
    }
}

/// Writes `content` to a temp file and runs a Python script on it; the script prints JSON.
fn python(name: &str, content: &str, script: &str) -> Json {
    let path: PathBuf = [env!("CARGO_TARGET_TMPDIR"), name].iter().collect();
    std::fs::write(&path, content).expect("write temp file");
    let output = Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(&path)
        .output()
        .expect("python3 is needed to parse the reports with a real parser");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "python failed on {}:\n{}\n{stdout}",
        path.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_str(&stdout).expect("python prints JSON")
}

/// The title as the reports show it: the bell character replaced.
const SHOWN_TITLE: &str = "회원 가입 <&\"'> 확인\u{fffd}";
/// The diagnosis message as the reports show it: the color code dropped.
const SHOWN_MESSAGE: &str = "버튼 \"가입 & 완료\"을 찾을 수 없음 <>";
const SHOWN_CONSOLE: &str = "TypeError: x is undefined";

fn int(value: &Json, key: &str) -> u64 {
    value[key]
        .as_str()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("attribute {key} is not a count: {value}"))
}

fn secs(value: &Json) -> f64 {
    value["time"].as_str().and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("time is not seconds: {value}"))
}

const JUNIT_READER: &str = r#"
import sys, json, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
def case(c):
    f = c.find('failure')
    return {
        'attrib': dict(c.attrib),
        'failure': None if f is None else dict(f.attrib, text=f.text or ''),
        'skipped': c.find('skipped') is not None,
        'error': c.find('error') is not None,
        'system_err': c.findtext('system-err'),
    }
print(json.dumps({
    'tag': root.tag,
    'attrib': dict(root.attrib),
    'children': [s.tag for s in root],
    'suites': [{
        'attrib': dict(s.attrib),
        'children': [c.tag for c in s],
        'properties': {p.get('name'): p.get('value') for p in s.findall('properties/property')},
        'cases': [case(c) for c in s.findall('testcase')],
    } for s in root.findall('testsuite')],
}, ensure_ascii=False))
"#;

#[test]
fn junit_parses_and_counts_match_what_ci_reads() {
    let (scenario, trial) = (scenario(), trial());
    assert!(trial.flaky && !trial.passed);
    let xml = junit_report(&scenario, &trial);
    let doc = python("report.junit.xml", &xml, JUNIT_READER);

    assert_eq!(doc["tag"], "testsuites");
    assert!(doc["children"].as_array().unwrap().iter().all(|c| c == "testsuite"));
    let suites = doc["suites"].as_array().unwrap();
    assert_eq!(suites.len(), 2, "one testsuite per run");

    // Each suite's attributes agree with its children, as Jenkins/GitLab read them.
    let (mut tests, mut failures, mut skipped) = (0, 0, 0);
    for suite in suites {
        let attrib = &suite["attrib"];
        let cases = suite["cases"].as_array().unwrap();
        let count = |f: &dyn Fn(&Json) -> bool| cases.iter().filter(|c| f(c)).count() as u64;
        assert_eq!(int(attrib, "tests"), cases.len() as u64);
        assert_eq!(int(attrib, "failures"), count(&|c| !c["failure"].is_null()));
        assert_eq!(int(attrib, "skipped"), count(&|c| c["skipped"] == true));
        assert_eq!(int(attrib, "errors"), count(&|c| c["error"] == true));
        assert!(secs(attrib) > 0.0);
        // Ant JUnit schema order: properties before the test cases.
        assert_eq!(suite["children"][0], "properties");
        assert_eq!(suite["properties"]["trial_id"], "trial_1");
        assert_eq!(suite["properties"]["flaky"], "true");
        assert_eq!(suite["properties"]["row"], "0");
        for case in cases {
            assert_eq!(case["attrib"]["classname"], "scn_signup");
            assert!(secs(&case["attrib"]) >= 0.0);
            assert!(case["attrib"]["name"].as_str().unwrap().starts_with(char::is_numeric));
        }
        tests += int(attrib, "tests");
        failures += int(attrib, "failures");
        skipped += int(attrib, "skipped");
    }
    assert_eq!((tests, failures, skipped), (8, 1, 1));
    let root = &doc["attrib"];
    assert_eq!((int(root, "tests"), int(root, "failures"), int(root, "skipped"), int(root, "errors")), (8, 1, 1, 0));
    assert_eq!(root["time"], "8.355");
    assert_eq!(root["name"], SHOWN_TITLE);

    // Names and texts survive escaping exactly; control characters became U+FFFD.
    assert_eq!(
        suites[0]["attrib"]["name"],
        format!("{SHOWN_TITLE} (attempt 1, row 1: email=a@b.c, 이름=홍길동 <b>)").as_str()
    );
    assert_eq!(suites[1]["properties"]["attempt"], "2");
    let failed = &suites[1]["cases"][2];
    assert_eq!(failed["attrib"]["name"], format!("3. {INJECTED}").as_str());
    assert_eq!(failed["attrib"]["time"], "5.000");
    let failure = &failed["failure"];
    assert_eq!(failure["type"], "not_found");
    assert_eq!(failure["message"], SHOWN_MESSAGE);
    let body = failure["text"].as_str().unwrap();
    for part in
        ["Expected / 기대: button \"가입 & 완료\"", "- button \"가입\"", "- link \"<완료>\"", "Frame / 프레임: a3.jpg"]
    {
        assert!(body.contains(part), "{part:?} missing from failure body:\n{body}");
    }
    assert!(!body.contains("Actual"), "no actual value was reported");
    assert_eq!(failed["system_err"], SHOWN_CONSOLE);
    assert_eq!(suites[1]["cases"][3]["skipped"], true);
    assert!(!xml.contains(ESC) && !xml.contains('\u{7}'));
}

#[test]
fn junit_exact_output_for_a_tiny_trial() {
    let mut scenario = tiny_scenario();
    scenario.title = "Tiny <1> & 'two'".into();
    let mut failed = result(2, "저장 확인", StepStatus::Failed, 1_500, None);
    failed.diagnosis = Some(Diagnosis {
        kind: DiagnosisKind::AssertionMismatch,
        message: "text differs\nsecond line".into(),
        expected: Some("저장됨".into()),
        actual: Some("오류 <500>".into()),
        candidates: vec![],
    });
    let run = TrialRun {
        attempt: 1,
        row: None,
        passed: false,
        duration_ms: 1_620,
        steps: vec![
            result(1, "열기", StepStatus::Passed, 120, Some("f1.jpg")),
            failed,
            result(3, "닫기", StepStatus::Skipped, 0, None),
        ],
    };
    let trial = TrialReport::new("tr_1".into(), "scn_t".into(), vec![run]);
    let expected = r#"<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="Tiny &lt;1&gt; &amp; &apos;two&apos;" tests="3" failures="1" errors="0" skipped="1" time="1.620">
  <testsuite name="Tiny &lt;1&gt; &amp; &apos;two&apos; (attempt 1)" id="0" tests="3" failures="1" errors="0" skipped="1" time="1.620">
    <properties>
      <property name="trial_id" value="tr_1"/>
      <property name="scenario_id" value="scn_t"/>
      <property name="attempt" value="1"/>
      <property name="flaky" value="false"/>
      <property name="verdict" value="failed"/>
    </properties>
    <testcase name="1. 열기" classname="scn_t" time="0.120"/>
    <testcase name="2. 저장 확인" classname="scn_t" time="1.500">
      <failure message="text differs&#10;second line" type="assertion_mismatch">text differs
second line
Expected / 기대: 저장됨
Actual / 실제: 오류 &lt;500&gt;
</failure>
    </testcase>
    <testcase name="3. 닫기" classname="scn_t" time="0.000">
      <skipped/>
    </testcase>
  </testsuite>
</testsuites>
"#;
    assert_eq!(junit_report(&scenario, &trial), expected);
}

const HTML_READER: &str = r#"
import sys, json, base64
from html.parser import HTMLParser
VOID = {'area','base','br','col','embed','hr','img','input','link','meta','source','track','wbr'}
URL_ATTRS = {'src','href','srcset','action','formaction','poster','data','background','cite','longdesc','manifest','ping','xlink:href'}
class Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors, self.tags, self.refs = [], [], {}, []
        self.imgs, self.text, self.style, self.ids, self.metas = [], [], [], [], []
        self.first, self.doctype = None, None
    def handle_decl(self, decl):
        self.doctype = decl
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags[tag] = self.tags.get(tag, 0) + 1
        if self.first is None:
            self.first = [tag, a]
        if tag == 'meta':
            self.metas.append(a)
        if tag == 'img':
            self.imgs.append(a)
        if 'id' in a:
            self.ids.append(a['id'])
        for k, v in attrs:
            if k in URL_ATTRS or k.startswith('on') or k == 'style':
                self.refs.append([tag, k, v or ''])
        if tag not in VOID:
            self.stack.append(tag)
    def handle_startendtag(self, tag, attrs):
        self.errors.append(f'self-closing <{tag}/>')
        self.handle_starttag(tag, attrs)
    def handle_endtag(self, tag):
        if tag in VOID:
            self.errors.append(f'end tag for void <{tag}>')
        elif not self.stack or self.stack[-1] != tag:
            self.errors.append(f'unexpected </{tag}> with open {self.stack[-4:]}')
        else:
            self.stack.pop()
    def handle_data(self, data):
        (self.style if self.stack and self.stack[-1] == 'style' else self.text).append(data)
raw = open(sys.argv[1], encoding='utf-8').read()
r = Reader()
r.feed(raw)
r.close()
if r.stack:
    r.errors.append(f'unclosed {r.stack}')
text = ''.join(r.text)
frames = []
for img in r.imgs:
    head, _, data = img.get('src', '').partition(',')
    frames.append({'head': head, 'bytes': list(base64.b64decode(data, validate=True)),
                   'loading': img.get('loading'), 'alt': img.get('alt')})
print(json.dumps({
    'errors': r.errors, 'doctype': r.doctype, 'first': r.first, 'tags': r.tags, 'ids': r.ids,
    'metas': r.metas, 'refs': [x for x in r.refs if not x[2].startswith('data:image/')],
    'frames': frames, 'style': ''.join(r.style), 'text': text,
    'scheme_in_raw': raw.count('://'), 'scheme_in_text': text.count('://'),
}, ensure_ascii=False))
"#;

#[test]
fn html_is_well_formed_self_contained_and_escaped() {
    let (scenario, trial) = (scenario(), trial());
    let html = html_report(&scenario, Some(&trial), &frame, &Locale::Ko);
    let doc = python("report.html", &html, HTML_READER);

    assert_eq!(doc["errors"], serde_json::json!([]), "tags must balance");
    assert_eq!(doc["doctype"], "DOCTYPE html");
    assert_eq!(doc["first"], serde_json::json!(["html", {"lang": "ko"}]));
    assert!(doc["metas"].as_array().unwrap().iter().any(|m| m["charset"] == "utf-8"));
    for id in ["steps", "runs", "assumptions", "data", "preconditions", "questions", "assumption-1"] {
        assert!(doc["ids"].as_array().unwrap().iter().any(|i| i == id), "section {id} missing");
    }
    let tags = &doc["tags"];
    assert_eq!(tags["article"], 2, "one article per run");
    assert!(tags.get("script").is_none(), "no script element at all");
    assert!(tags.get("link").is_none() && tags.get("iframe").is_none() && tags.get("object").is_none());

    // Self-contained: the only references are in-page fragments (`data:` images are checked below).
    let refs = doc["refs"].as_array().unwrap();
    assert!(refs.iter().all(|r| r[2].as_str().is_some_and(|v| v.starts_with('#'))), "external reference: {refs:?}");
    let style = doc["style"].as_str().unwrap();
    assert!(!style.contains("url(") && !style.contains("@import") && !style.contains("//"));
    assert!(!html.contains("src=\"//") && !html.contains("https://"));
    // `://` appears only as visible text (the target URL), never in markup.
    assert_eq!(doc["scheme_in_raw"], doc["scheme_in_text"]);
    let text = doc["text"].as_str().unwrap();
    assert!(text.contains("http://127.0.0.1:8080"));

    // Frames are inline data URIs holding exactly the bytes the callback gave.
    let frames = doc["frames"].as_array().unwrap();
    assert_eq!(frames.len(), 6, "7 frames named, f4.jpg unavailable");
    assert!(frames.iter().all(|f| f["loading"] == "lazy" && f["alt"].is_string()));
    let bytes =
        |f: &Json| -> Vec<u8> { f["bytes"].as_array().unwrap().iter().map(|b| b.as_u64().unwrap() as u8).collect() };
    assert_eq!(frames[1]["head"], "data:image/png;base64");
    assert_eq!(bytes(&frames[1]), b"\x89PNG\r\n\x1a\nrest");
    let failed_frame = &frames[5];
    assert_eq!(failed_frame["head"], "data:image/jpeg;base64");
    assert_eq!(failed_frame["alt"], "단계 3 화면");
    assert_eq!(bytes(failed_frame), all_bytes());
    assert!(text.contains("프레임 없음: f4.jpg"));

    // Injected markup is text, not tags; control characters are gone.
    assert!(text.contains(INJECTED) && text.contains("<script>alert(\"quote\")</script>"));
    assert!(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"));
    assert!(!html.contains(ESC) && !html.contains('\u{7}'));
    assert!(text.contains(SHOWN_TITLE));

    // Verdict, diagnosis and the rest of what a planner reads.
    for part in [
        "불안정",
        "요소 없음",
        SHOWN_MESSAGE,
        "기대",
        "'가입 & 완료' 버튼",
        "'<완료>' 링크",
        SHOWN_CONSOLE,
        "건너뜀",
        "5.000 s",
        "명세",
        "답변",
        "가정",
        "관찰",
        "기획서.md › 회원 가입 & 로그인 (line 3)",
        "가입 버튼의 이름은 '가입 & 완료'",
        "홍길동 <b>",
        "email = a@b.c, 이름 = 홍길동 <b>",
        "중복 이메일이면?",
        "보낸 요청",
        "POST /api/signup?next=<home> → 409",
        "42 ms",
        "실행 일시",
        "2026-11-30 00:53 UTC",
        "브라우저",
        "Chromium 140.0.7339.80",
    ] {
        assert!(text.contains(part), "{part:?} missing from the report text");
    }
    // No internal ids, no role names: what a planner reads.
    for internal in ["scn_signup", "trial_1", "schema v", "textbox", "button \""] {
        assert!(!text.contains(internal), "{internal:?} in the report a planner reads");
    }
    // A Korean report says nothing of its own in English.
    for english in ["Flaky", "Not found", "Expected", "Skipped", "Attempt", "Test report", "Runs", "Verdict"] {
        assert!(!text.contains(english), "{english:?} in the Korean report");
    }
}

#[test]
fn html_without_trial_says_not_run() {
    let html = html_report(
        &scenario(),
        None,
        &|_: &str| -> Option<Vec<u8>> { panic!("no frames without a trial") },
        &Locale::Ko,
    );
    let doc = python("report-none.html", &html, HTML_READER);
    assert_eq!(doc["errors"], serde_json::json!([]));
    let text = doc["text"].as_str().unwrap();
    assert!(text.contains("미실행") && text.contains("실행 기록 없음"), "{text}");
    // The same report for an English reader.
    let english = html_report(&scenario(), None, &|_: &str| -> Option<Vec<u8>> { None }, &Locale::En);
    assert!(english.contains("<html lang=\"en\">") && english.contains("Not run") && english.contains("No runs yet"));
    assert!(!english.contains("미실행") && !english.contains("테스트 보고서"));
}

fn tiny_scenario() -> Scenario {
    Scenario {
        schema_version: SCHEMA_VERSION,
        id: "scn_t".into(),
        title: "Tiny".into(),
        target_url: "http://localhost:3000".into(),
        variables: vec![],
        data: None,
        preconditions: vec![],
        steps: vec![Step {
            index: 1,
            intent: "열기 <b>".into(),
            action: Action::Goto { url: "/".into() },
            provenance: Provenance::Spec { citation: citation(1, "열기") },
            verification: Verification::Passed,
            expects_refusal: false,
            response: None,
            heals: Vec::new(),
        }],
        assumptions: vec![],
        open_questions: vec![],
    }
}

/// A scenario of one `goto` checks nothing: its passed trial is "not verified", with why.
#[test]
fn html_exact_output_for_a_tiny_trial() {
    let run = TrialRun {
        attempt: 1,
        row: None,
        passed: true,
        duration_ms: 250,
        steps: vec![result(1, "열기 <b>", StepStatus::Passed, 250, Some("f1.jpg"))],
    };
    let trial = TrialReport::new("tr_1".into(), "scn_t".into(), vec![run]);
    let html = html_report(
        &tiny_scenario(),
        Some(&trial),
        &|name: &str| (name == "f1.jpg").then(|| b"abc".to_vec()),
        &Locale::Ko,
    );

    let head = "<!DOCTYPE html>\n<html lang=\"ko\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'\">\n\
<meta name=\"generator\" content=\"Specwright\">\n\
<title>Tiny — 테스트 보고서</title>\n<style>\n";
    assert!(html.starts_with(head), "head changed:\n{}", &html[..html.find("<style>").unwrap_or(0)]);
    let body = &html[html.find("</style>").unwrap()..];
    let expected = r##"</style>
</head>
<body>
<header>
<h1><span class="kicker">테스트 보고서</span>Tiny</h1>
<dl class="summary">
<dt>대상</dt><dd><code>http://localhost:3000</code></dd>
<dt>시나리오</dt><dd>단계 1개</dd>
<dt>판정</dt><dd><span class="verdict v-not_verified">검증 안 됨</span></dd>
<dt>시험</dt><dd>실행 1회 · 통과 1 · 실패 0 · 0.250 s</dd>
</dl>
<p class="lead v-text-not_verified">검증 안 됨: 실패한 단계는 없지만 기획서가 요구하는 것을 아무것도 확인하지 못했습니다. 이유는 아래에 있습니다.</p>
<section class="findings" id="findings">
<h2>이 판정의 근거</h2>
<ul>
<li class="f-error">확인(검증) 단계가 하나도 없어 이 시나리오는 실패할 수 없습니다.</li>
</ul>
</section>
</header>
<main>
<section id="steps">
<h2>단계</h2>
<table class="steps">
<thead><tr><th>#</th><th>의도</th><th>동작</th><th>대상</th><th>출처</th><th>검증</th></tr></thead>
<tbody>
<tr><td class="num">1</td><td>열기 &lt;b&gt;</td><td><code>goto `/`</code></td><td></td><td><span class="badge b-spec">명세</span><div class="cite">기획서.md › 회원 가입 &amp; 로그인 (line 1)</div><blockquote>열기</blockquote></td><td>통과</td></tr>
</tbody>
</table>
</section>
<section id="runs">
<h2>실행 결과</h2>
<article class="run">
<h3>시도 1 <span class="status s-passed">통과</span> <span class="dur">0.250 s</span></h3>
<table class="results">
<thead><tr><th>#</th><th>의도</th><th>상태</th><th>시간</th><th>상세</th></tr></thead>
<tbody>
<tr class="r-passed"><td class="num">1</td><td>열기 &lt;b&gt;</td><td><span class="status s-passed">통과</span></td><td class="num">0.250 s</td><td><figure><img tabindex="0" loading="lazy" decoding="async" alt="단계 1 화면" src="data:image/jpeg;base64,YWJj"><figcaption>f1.jpg</figcaption></figure></td></tr>
</tbody>
</table>
</article>
</section>
<section id="assumptions">
<h2>가정</h2>
<p class="empty">없음</p>
</section>
</main>
<footer><p>Specwright가 시나리오 모델과 시험 결과로부터 생성한 보고서입니다.</p></footer>
</body>
</html>
"##;
    assert_eq!(body, expected);
}

/// A passed trial of `scenario` (every step passed once).
fn passed_trial(scenario: &Scenario) -> TrialReport {
    let steps = scenario.steps.iter().map(|s| result(s.index, &s.intent, StepStatus::Passed, 100, None)).collect();
    let run = TrialRun { attempt: 1, row: None, passed: true, duration_ms: 100, steps };
    TrialReport::new("tr_v".into(), scenario.id.clone(), vec![run])
}

fn with_check(mut scenario: Scenario) -> Scenario {
    scenario.steps.push(Step {
        index: 2,
        intent: "환영 문구 확인".into(),
        action: Action::Expect {
            target: target(Locator::Text { text: "환영합니다".into(), exact: false }),
            assertion: Assertion::ContainsText { expected: "환영합니다".into() },
        },
        provenance: Provenance::Spec { citation: citation(2, "환영합니다가 보인다") },
        verification: Verification::Passed,
        expects_refusal: false,
        response: None,
        heals: Vec::new(),
    });
    scenario
}

/// No step failed, but the scenario checks nothing: "not verified" in the report (with why,
/// first), the plan and JUnit (a failing review case, so CI does not go green) — never a pass.
#[test]
fn a_pass_that_checks_nothing_is_not_verified_in_every_export() {
    let scenario = tiny_scenario();
    let trial = passed_trial(&scenario);
    assert!(trial.passed);
    let (verdict, findings) = specwright_scenario::verdict(&scenario, Some(&trial));
    assert_eq!(verdict, Verdict::NotVerified);
    assert!(findings.iter().any(|f| f.code == "no_assertion"), "{findings:?}");

    let html = html_report(&scenario, Some(&trial), &|_: &str| -> Option<Vec<u8>> { None }, &Locale::Ko);
    assert!(html.contains("<span class=\"verdict v-not_verified\">검증 안 됨</span>"), "{html}");
    let findings_at = html.find("id=\"findings\"").expect("the findings are in the report");
    assert!(findings_at < html.find("<main>").unwrap(), "they open the report, before the steps");
    assert!(!html.contains("v-passed\">"), "no plain pass anywhere in the verdict");

    let plan = markdown_plan(&scenario, &Locale::En);
    assert!(plan.contains("- Verdict: **Not verified**"), "{plan}");

    let xml = junit_report(&scenario, &trial);
    assert!(xml.contains("<testsuites name=\"Tiny\" tests=\"2\" failures=\"1\""), "{xml}");
    assert!(xml.contains("<failure message=\"not verified: no_assertion\" type=\"not_verified\"/>"), "{xml}");
    assert!(xml.contains("<property name=\"verdict\" value=\"not_verified\"/>"), "{xml}");
}

#[test]
fn a_pass_with_checks_is_passed_and_an_open_assumption_makes_it_passed_with_warnings() {
    let scenario = with_check(tiny_scenario());
    let trial = passed_trial(&scenario);
    assert_eq!(specwright_scenario::verdict(&scenario, Some(&trial)).0, Verdict::Passed);
    let xml = junit_report(&scenario, &trial);
    assert!(xml.contains("tests=\"2\" failures=\"0\"") && !xml.contains("not_verified\""), "{xml}");
    let html = html_report(&scenario, Some(&trial), &|_: &str| -> Option<Vec<u8>> { None }, &Locale::En);
    assert!(html.contains("<span class=\"verdict v-passed\">Passed</span>") && !html.contains("id=\"findings\""));

    let mut assumed = scenario.clone();
    assumed.assumptions.push(Assumption {
        id: "A1".into(),
        text: "The operator role is meant".into(),
        made_by: "planner".into(),
        status: AssumptionStatus::Open,
    });
    assert_eq!(specwright_scenario::verdict(&assumed, Some(&trial)).0, Verdict::PassedWithWarnings);
    let html = html_report(&assumed, Some(&trial), &|_: &str| -> Option<Vec<u8>> { None }, &Locale::En);
    assert!(html.contains("Passed with warnings") && html.contains("The operator role is meant"), "{html}");
    // Without a trial at hand, the plan reads the steps' own record of the last one.
    assert!(markdown_plan(&assumed, &Locale::En).contains("- Verdict: **Passed with warnings**"));
    // A failed trial is failed, whatever the review says.
    let mut failed = trial.clone();
    failed.passed = false;
    assert_eq!(specwright_scenario::verdict(&scenario, Some(&failed)).0, Verdict::Failed);
}
