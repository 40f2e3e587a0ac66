//! The Robot Framework suite, read by Robot's own parser and suite builder.

use super::*;

// ---------------------------------------------------------------------------------------------
// Robot Framework

pub(crate) fn strs(json: &Json) -> Vec<String> {
    json.as_array()
        .map(|a| a.iter().map(|v| v.as_str().unwrap_or("<not a string>").to_string()).collect())
        .unwrap_or_default()
}

/// `(keyword, resolved args)` of every call inside the step groups of `body`, with the group names.
pub(crate) fn groups(body: &Json) -> Vec<(String, Vec<(String, Vec<String>)>)> {
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

/// What the save step waits for, as the Browser library receives it.
const SAVE_SENT: &str =
    "(response) => response.request().method() === 'POST' && /^\\/api\\/items\\/[^/]+$/.test(new URL(response.url()).pathname)";

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
        vec![
            call("Promise To", &["Wait For Response", SAVE_SENT]),
            call("Click", &[&save]),
            call("Wait For", &["<sent>"]),
            call("Should Be True", &["201 < 400", "POST /api/items/* answered 201"]),
        ],
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
