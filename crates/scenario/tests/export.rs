//! Exports are generated from the model: fixed input, exact output.

use specwright_catalog::Locale;
use specwright_scenario::*;

fn citation(line: u32, quote: &str) -> Citation {
    Citation {
        document: "spec.md".into(),
        anchor: "spec.md#login".into(),
        section: "Login".into(),
        line,
        quote: quote.into(),
        page: None,
        sheet: None,
        row: None,
    }
}

fn scenario() -> Scenario {
    let role = |role: &str, name: &str| Target {
        strategies: vec![Locator::Role { role: role.into(), name: name.into(), exact: true }],
        frame_path: vec![],
        ..Default::default()
    };
    Scenario {
        schema_version: SCHEMA_VERSION,
        id: "scn_1".into(),
        title: "Log in: it's 'quoted'".into(),
        target_url: "http://127.0.0.1:8080".into(),
        variables: vec![Variable { name: "PASSWORD".into(), source: VariableSource::Secret }],
        data: None,
        preconditions: vec![],
        steps: vec![
            Step {
                index: 1,
                intent: "Go to /login".into(),
                action: Action::Goto { url: "/login".into() },
                provenance: Provenance::Spec { citation: citation(3, "1. Go to /login") },
                verification: Verification::Passed,
                expects_refusal: false,
                response: None,
                heals: Vec::new(),
            },
            Step {
                index: 2,
                intent: "Type the password".into(),
                action: Action::Fill {
                    target: role("textbox", "Password"),
                    value: Value::Secret { name: "PASSWORD".into() },
                },
                provenance: Provenance::Spec { citation: citation(4, "2. Type '{{secret.PASSWORD}}' into 'Password'") },
                verification: Verification::Passed,
                expects_refusal: false,
                response: None,
                heals: Vec::new(),
            },
            Step {
                index: 3,
                intent: "Click 'Sign in'".into(),
                action: Action::Click { target: role("button", "Sign in") },
                provenance: Provenance::Assumption { assumption_id: "as_1".into() },
                verification: Verification::Explored,
                expects_refusal: false,
                response: None,
                heals: Vec::new(),
            },
            Step {
                index: 4,
                intent: "See the toast".into(),
                action: Action::Expect {
                    target: Target {
                        strategies: vec![Locator::Text { text: "Saved | done".into(), exact: true }],
                        frame_path: vec!["#app-frame".into()],
                        ..Default::default()
                    },
                    assertion: Assertion::Visible,
                },
                provenance: Provenance::answer("q_1", "toast"),
                verification: Verification::Unverified,
                expects_refusal: false,
                response: None,
                heals: Vec::new(),
            },
        ],
        assumptions: vec![Assumption {
            id: "as_1".into(),
            text: "Sign in is the submit button".into(),
            made_by: "engine".into(),
            status: AssumptionStatus::Open,
        }],
        open_questions: vec![],
    }
}

#[test]
fn playwright_test_is_readable_code_with_citations_and_env_secrets() {
    let code = playwright_test(&scenario());
    let expected_body = r#"test('Log in: it\'s \'quoted\'', async ({ page }) => {
  // spec: spec.md › Login (line 3)
  //   "1. Go to /login"
  await test.step('1. Go to /login', async () => {
    await page.goto(new URL('/login', BASE_URL).toString());
  });
  // spec: spec.md › Login (line 4)
  //   "2. Type '{{secret.PASSWORD}}' into 'Password'"
  await test.step('2. Type the password', async () => {
    await fillIn(page.getByRole('textbox', { name: 'Password', exact: true }), secret('PASSWORD'));
  });
  // assumption: as_1
  await test.step('3. Click \'Sign in\'', async () => {
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  });
  // answer: q_1
  await test.step('4. See the toast', async () => {
    await expect(page.frameLocator('#app-frame').getByText('Saved | done', { exact: true })).toBeVisible();
  });
});
"#;
    assert!(code.ends_with(expected_body), "{code}");
    assert!(code.contains("const BASE_URL = process.env.SPECWRIGHT_BASE_URL ?? 'http://127.0.0.1:8080';"));
    assert!(code.contains("process.env[`SPECWRIGHT_SECRET_${name}`]"));
}

#[test]
fn a_step_that_sent_a_change_waits_for_its_answer_armed_before_the_action() {
    let mut scenario = scenario();
    scenario.steps[2].response = ResponseCheck::from_request("POST", "/session?next=%2F", 303);
    let code = playwright_test(&scenario);
    let expected = r#"  await test.step('3. Click \'Sign in\'', async () => {
    // The app must accept what this step sends: POST /session.
    const sent = page.waitForResponse((r) => r.request().method() === 'POST' && /^\/session$/.test(new URL(r.url()).pathname), { timeout: 15_000 });
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect((await sent).status(), 'POST /session').toBeLessThan(400);
  });
"#;
    assert!(code.contains(expected), "{code}");
    // Only the step that sent it waits.
    assert_eq!(code.matches("waitForResponse").count(), 1, "{code}");
    // The plan says what the step is held to.
    let plan = markdown_plan(&scenario, &Locale::En);
    assert!(plan.contains("the app accepts POST /session"), "{plan}");
}

#[test]
fn a_reset_runs_before_every_test_and_only_with_it() {
    let plain = playwright_test(&scenario());
    assert!(!plain.contains("execSync") && !plain.contains("beforeEach"), "{plain}");
    let mut reset = scenario();
    reset.preconditions.push(Precondition {
        condition: Condition::Reset { command: "make reset-db SEED='base'".into() },
        text: "The app's data is put back before every run".into(),
        provenance: Provenance::answer("data", "`make reset-db SEED='base'`"),
    });
    let code = playwright_test(&reset);
    assert!(code.contains("import { execSync } from 'child_process';"), "{code}");
    assert!(code.contains(r"const RESET = process.env.SPECWRIGHT_RESET ?? 'make reset-db SEED=\'base\'';"), "{code}");
    let hook = code.find("test.beforeEach(").expect("a hook");
    assert!(hook < code.find("\ntest(").expect("the test"), "the hook comes before the test");
    assert!(code[hook..].contains("execSync(RESET"), "{code}");
}

#[test]
fn ts_strings_escape_everything_that_could_break_out() {
    assert_eq!(ts_string("a'b\\c\nd\u{2028}"), r"'a\'b\\c\nd\u2028'");
}

#[test]
fn playwright_selectors_match_the_exported_locators() {
    let role = Locator::Role { role: "button".into(), name: "Say \"hi\"".into(), exact: true };
    assert_eq!(role.playwright_selector(), r#"internal:role=button[name="Say \"hi\""s]"#);
    assert_eq!(Locator::Label { text: "이메일".into() }.playwright_selector(), r#"internal:label="이메일"s"#);
    assert_eq!(Locator::Text { text: "x".into(), exact: false }.playwright_selector(), r#"internal:text="x"i"#);
}

#[test]
fn markdown_plan_lists_steps_sources_assumptions_and_secrets() {
    let plan = markdown_plan(&scenario(), &Locale::En);
    assert!(plan.contains("| 2 | Type the password | fill `{{secret.PASSWORD}}` | textbox \"Password\" | spec.md › Login (line 4) | Passed |"), "{plan}");
    assert!(
        plan.contains("| 4 | See the toast | expect visible | text \"Saved \\| done\" | answer: q_1 | Unverified |"),
        "{plan}"
    );
    assert!(plan.contains("- [Open] Sign in is the submit button (engine)"));
    assert!(plan.contains("SPECWRIGHT_SECRET_PASSWORD"));
    assert!(plan.contains("1. spec.md › Login (line 3) — “1. Go to /login”"));
    // One language at a time: the Korean plan's words are all Korean, the English one's English.
    assert!(plan.starts_with("# Test plan: ") && !plan.contains("테스트 계획") && !plan.contains(" / Steps"), "{plan}");
    let korean = markdown_plan(&scenario(), &Locale::Ko);
    assert!(
        korean.starts_with("# 테스트 계획: ") && korean.contains("| 통과 |") && korean.contains("- [미확인] "),
        "{korean}"
    );
    for english in ["Test plan", "Preconditions", "Assumptions", "Citations", "Secrets", "Passed", "before running"] {
        assert!(!korean.contains(english), "{english} in the Korean plan:\n{korean}");
    }
}

#[test]
fn scenario_json_round_trips() {
    let s = scenario();
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(serde_json::from_str::<Scenario>(&json).unwrap(), s);
    assert!(json.contains(r#""source":"spec""#) && json.contains(r#""by":"role""#));
}
