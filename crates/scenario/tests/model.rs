//! The model's contract over time: the checked-in JSON Schema, migrations of stored scenarios,
//! and the Reviewer's findings.

use specwright_scenario::*;
use std::path::PathBuf;

#[test]
fn checked_in_json_schema_is_current() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("schema/scenario.v{SCHEMA_VERSION}.schema.json"));
    let generated = json_schema();
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(on_disk == generated, "{} is stale: run `make bindings` and commit it", path.display());
    assert!(generated.contains("\"Provenance\"") && generated.contains("\"TestData\""));
}

#[test]
fn v1_scenarios_load_as_the_current_version() {
    let v1 = include_str!("fixtures/scenario.v1.json");
    let scenario = load_scenario(v1).unwrap();
    assert_eq!(scenario.schema_version, SCHEMA_VERSION);
    assert_eq!(scenario.variables, vec![Variable { name: "PASSWORD".into(), source: VariableSource::Secret }]);
    assert_eq!(scenario.preconditions[0].condition, Condition::TargetUrl { url: "http://127.0.0.1:8080".into() });
    assert_eq!(scenario.data, None);
    assert_eq!(scenario.steps.len(), 2);
    assert!(validate(&scenario).is_empty(), "{:?}", validate(&scenario));
}

#[test]
fn newer_or_broken_scenarios_are_refused_with_a_reason() {
    let newer = r#"{"schema_version": 99, "id": "x"}"#;
    assert!(matches!(load_scenario(newer), Err(LoadError::TooNew { found: 99, .. })));
    assert!(matches!(load_scenario("{"), Err(LoadError::Json(_))));
    assert!(matches!(load_scenario(r#"{"schema_version": 2, "id": 5}"#), Err(LoadError::Shape(_))));
}

fn step(index: u32, action: Action, provenance: Provenance) -> Step {
    Step {
        index,
        intent: format!("step {index}"),
        action,
        provenance,
        verification: Verification::Explored,
        expects_refusal: false,
        response: None,
        heals: Vec::new(),
    }
}

fn button(name: &str) -> Target {
    Target {
        strategies: vec![Locator::Role { role: "button".into(), name: name.into(), exact: true }],
        frame_path: vec![],
        ..Default::default()
    }
}

fn spec(line: u32) -> Provenance {
    Provenance::Spec {
        citation: Citation {
            document: "d.md".into(),
            anchor: "d.md#a".into(),
            section: "a".into(),
            line,
            quote: "q".into(),
            page: None,
            sheet: None,
            row: None,
        },
    }
}

fn scenario(steps: Vec<Step>) -> Scenario {
    Scenario {
        schema_version: SCHEMA_VERSION,
        id: "scn".into(),
        title: "t".into(),
        target_url: "http://127.0.0.1:1".into(),
        variables: vec![],
        data: None,
        preconditions: vec![],
        steps,
        assumptions: vec![],
        open_questions: vec![],
    }
}

fn codes(findings: &[Finding]) -> Vec<(String, Option<u32>)> {
    findings.iter().map(|f| (f.code.clone(), f.step)).collect()
}

#[test]
fn review_flags_additions_open_assumptions_and_unchecked_changes() {
    let mut s = scenario(vec![
        step(1, Action::Goto { url: "/".into() }, spec(1)),
        step(2, Action::Expect { target: button("A"), assertion: Assertion::Visible }, spec(2)),
        step(3, Action::Click { target: button("B") }, Provenance::Observed { snapshot_ref: "e7".into() }),
        step(4, Action::Click { target: button("C") }, Provenance::Assumption { assumption_id: "as_1".into() }),
    ]);
    s.assumptions.push(Assumption {
        id: "as_1".into(),
        text: "C saves".into(),
        made_by: "engine".into(),
        status: AssumptionStatus::Open,
    });
    let findings = review(&s, None);
    assert_eq!(
        codes(&findings),
        vec![
            ("unauthorized_addition".into(), Some(3)),
            ("no_assertion_after_change".into(), Some(3)),
            ("no_assertion_after_change".into(), Some(4)),
            ("open_assumption".into(), None),
        ]
    );
    assert_eq!(findings[0].message.key(), "review-unsourced-step");
}

#[test]
fn a_scenario_that_checks_nothing_and_broken_references_are_errors() {
    let s = scenario(vec![
        step(
            1,
            Action::Click { target: Target { strategies: vec![], frame_path: vec![], ..Default::default() } },
            spec(1),
        ),
        step(3, Action::Fill { target: button("x"), value: Value::Variable { name: "missing".into() } }, spec(2)),
        step(
            3,
            Action::Fill { target: button("y"), value: Value::Secret { name: "PW".into() } },
            Provenance::Assumption { assumption_id: "nope".into() },
        ),
    ]);
    let findings = review(&s, None);
    assert!(findings.iter().all(|f| f.severity == Severity::Error || f.code == "no_assertion_after_change"));
    let errors: Vec<_> =
        findings.iter().filter(|f| f.severity == Severity::Error).map(|f| (f.code.as_str(), f.step)).collect();
    assert_eq!(
        errors,
        vec![
            ("schema", Some(1)),
            // Position 2 carries index 3 (out of order) and an undefined variable; position 3 an
            // undeclared secret and an assumption missing from the ledger.
            ("schema", Some(3)),
            ("schema", Some(3)),
            ("schema", Some(3)),
            ("schema", Some(3)),
            ("no_assertion", None),
        ]
    );
}

#[test]
fn trial_failures_and_flakiness_become_findings() {
    let s = scenario(vec![step(1, Action::Expect { target: button("A"), assertion: Assertion::Visible }, spec(1))]);
    let result = |status| TrialStepResult {
        index: 1,
        intent: "step 1".into(),
        status,
        duration_ms: 5,
        diagnosis: (status == StepStatus::Failed).then(|| Diagnosis {
            kind: DiagnosisKind::NotFound,
            message: "not found".into(),
            expected: None,
            actual: None,
            candidates: vec!["button \"B\"".into()],
        }),
        frame: None,
        console_errors: vec![],
        requests: vec![],
        relocated: None,
    };
    let run = |attempt, status| TrialRun {
        attempt,
        row: None,
        passed: status == StepStatus::Passed,
        duration_ms: 5,
        steps: vec![result(status)],
    };
    let trial =
        TrialReport::new("t".into(), "scn".into(), vec![run(1, StepStatus::Passed), run(2, StepStatus::Failed)]);
    assert!(trial.flaky && !trial.passed);
    let findings = review(&s, Some(&trial));
    assert_eq!(codes(&findings), vec![("trial_failed".into(), Some(1)), ("flaky".into(), None)]);
    let steady =
        TrialReport::new("t".into(), "scn".into(), vec![run(1, StepStatus::Failed), run(2, StepStatus::Failed)]);
    assert!(!steady.flaky);
}

#[test]
fn a_scenario_moved_to_another_server_opens_only_the_new_one() {
    let v1 = include_str!("fixtures/scenario.v1.json");
    let mut scenario = load_scenario(v1).unwrap();
    let recorded = scenario.target_url.clone();
    scenario.steps.push(step(8, Action::Goto { url: format!("{recorded}/items?page=2") }, spec(8)));
    scenario.steps.push(step(9, Action::Goto { url: "https://sso.example.com/login".into() }, spec(9)));
    scenario.steps.push(step(
        10,
        Action::ExpectPage { assertion: PageAssertion::Url { expected: format!("{recorded}/done") } },
        spec(10),
    ));
    scenario.moved_to("http://10.0.0.7:9000/app");
    assert_eq!(scenario.target_url, "http://10.0.0.7:9000/app");
    let urls: Vec<String> = scenario
        .steps
        .iter()
        .filter_map(|s| match &s.action {
            Action::Goto { url } => Some(url.clone()),
            Action::ExpectPage { assertion: PageAssertion::Url { expected } } => Some(expected.clone()),
            _ => None,
        })
        .collect();
    // The recorded server's addresses become paths; another site's stays whole.
    assert!(urls.iter().all(|u| !u.contains(&recorded)), "{urls:?}");
    assert!(urls.contains(&"/items?page=2".to_string()) && urls.contains(&"/done".to_string()), "{urls:?}");
    assert!(urls.contains(&"https://sso.example.com/login".to_string()), "{urls:?}");
}
