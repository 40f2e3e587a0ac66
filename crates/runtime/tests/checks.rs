//! What a check of a session with several scenarios (a test-case sheet's cases) leaves to
//! approve: every case counted, a case the check never reached blocked rather than left out, and
//! nothing approved while the check still runs.

use specwright_protocol::Event;
use specwright_runtime::Runtime;
use specwright_scenario::{CheckOutcome, Judgement, Scenario};
use specwright_store::{NewSession, SequentialIds, SystemClock};
use std::sync::Arc;

fn case(id: &str, title: &str) -> Scenario {
    let json = serde_json::json!({
        "schema_version": 2, "id": id, "title": title, "target_url": "http://127.0.0.1:1",
        "variables": [], "data": null, "preconditions": [], "steps": [], "assumptions": [], "open_questions": []
    });
    // Through the migrations, as the store loads it (the current schema version).
    specwright_scenario::load_scenario(&json.to_string()).unwrap()
}

fn judged(scenario: &Scenario, outcome: CheckOutcome) -> Event {
    Event::CheckJudged {
        judgement: Judgement {
            scenario_id: scenario.id.clone(),
            title: scenario.title.clone(),
            outcome,
            step: None,
            message: None,
            relocations: vec![],
        },
    }
}

/// A sheet's session of two cases, with a check run started on it (`run_check`).
fn checked_sheet(dir: &std::path::Path, first: &Scenario, second: &Scenario) -> Arc<Runtime> {
    let runtime = Runtime::open(dir, Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let store = runtime.store();
    let session = NewSession {
        id: "ses_sheet".into(),
        title: "sheet".into(),
        engine: "offline".into(),
        target_url: "http://127.0.0.1:1".into(),
    };
    store.create_session(&session, &[]).unwrap();
    store.save_scenario("ses_sheet", first).unwrap();
    store.save_scenario("ses_sheet", second).unwrap();
    store.start_run("run_check", "ses_sheet", "check").unwrap();
    runtime
}

#[test]
fn a_check_that_ended_early_blocks_the_cases_it_never_reached_and_heals_wait_for_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (case("ses_sheet-tc-01", "TC-01"), case("ses_sheet-tc-02", "TC-02"));
    let runtime = checked_sheet(dir.path(), &first, &second);
    let store = runtime.store();
    store.append_event("ses_sheet", "run_check", judged(&first, CheckOutcome::Drifted)).unwrap();

    // Still running: what it said so far, and no approval.
    let so_far = runtime.judgements("ses_sheet", "run_check").unwrap();
    assert_eq!(so_far.iter().map(|j| j.outcome).collect::<Vec<_>>(), vec![CheckOutcome::Drifted]);
    let approved = runtime.approve_heals("ses_sheet", "run_check", &[], "terminal");
    assert!(approved.is_err(), "a heal was approved while the check ran");
    assert_eq!(store.session_scenarios("ses_sheet").unwrap(), vec![first.clone(), second.clone()]);

    // Ended before TC-02's trial (the browser gone): TC-02 is blocked, not missing.
    store.finish_run("run_check", "failed", None).unwrap();
    let all = runtime.judgements("ses_sheet", "run_check").unwrap();
    let outcomes: Vec<(String, CheckOutcome)> = all.iter().map(|j| (j.title.clone(), j.outcome)).collect();
    assert_eq!(
        outcomes,
        vec![("TC-01".to_string(), CheckOutcome::Drifted), ("TC-02".to_string(), CheckOutcome::Blocked)]
    );
    // A case that was not judged drifted has nothing to heal.
    assert!(runtime.approve_heals("ses_sheet", "run_check", &[second.id.clone()], "terminal").is_err());
}

/// A case that clicks the "로그인" button, as a check would find it renamed.
fn clicking(id: &str, title: &str) -> Scenario {
    let target = serde_json::json!({"strategies": [{"by": "role", "role": "button", "name": "로그인", "exact": true}], "frame_path": []});
    let json = serde_json::json!({
        "schema_version": 1, "id": id, "title": title, "target_url": "http://127.0.0.1:1",
        "variables": [], "preconditions": [], "assumptions": [], "open_questions": [],
        "steps": [{
            "index": 1, "intent": "'로그인' 버튼을 클릭한다.", "action": {"type": "click", "target": target},
            "provenance": {"source": "assumption", "assumption_id": "a1"}, "verification": "explored"
        }]
    });
    specwright_scenario::load_scenario(&json.to_string()).unwrap()
}

fn drifted(scenario: &Scenario) -> Event {
    let renamed = serde_json::json!({
        "step": 1, "intent": "'로그인' 버튼을 클릭한다.", "was": "button \"로그인\"",
        "relocation": {
            "target": {"strategies": [{"by": "role", "role": "button", "name": "로그인하기", "exact": true}], "frame_path": []},
            "found": "button \"로그인하기\"", "same_element": false
        },
        "was_words": null, "found_words": null,
        "code_was": "await page.getByRole('button', { name: '로그인', exact: true }).click();",
        "code_now": "await page.getByRole('button', { name: '로그인하기', exact: true }).click();"
    });
    Event::CheckJudged {
        judgement: Judgement {
            scenario_id: scenario.id.clone(),
            title: scenario.title.clone(),
            outcome: CheckOutcome::Drifted,
            step: Some(1),
            message: None,
            relocations: vec![serde_json::from_value(renamed).unwrap()],
        },
    }
}

/// Heals approved one case at a time from one check: after the first case's heal ran, the
/// check's other drifted case is still approvable from it, a case is healed from it once, and any
/// other run since (a replay) makes the check's proposals stale.
#[test]
fn a_heal_of_one_case_leaves_the_checks_other_drifted_cases_approvable() {
    let dir = tempfile::tempdir().unwrap();
    let (first, second) = (clicking("ses_sheet-tc-01", "TC-01"), clicking("ses_sheet-tc-02", "TC-02"));
    let runtime = checked_sheet(dir.path(), &first, &second);
    let store = runtime.store();
    store.append_event("ses_sheet", "run_check", drifted(&first)).unwrap();
    store.append_event("ses_sheet", "run_check", drifted(&second)).unwrap();
    store.finish_run("run_check", "failed", None).unwrap();
    let heal_name = |s: &Scenario| match &s.steps[0].action {
        specwright_scenario::Action::Click { target, .. } => format!("{:?}", target.primary()),
        other => panic!("{other:?}"),
    };

    // TC-01 alone, and its heal's trial (a run of kind "heal") ends.
    let (_, healed) = runtime.approve_heals("ses_sheet", "run_check", &[first.id.clone()], "window").unwrap();
    assert_eq!(healed.len(), 1);
    assert!(heal_name(&healed[0]).contains("로그인하기"));
    store.start_run("run_heal_1", "ses_sheet", "heal").unwrap();
    // Approving while that heal's trial runs waits for it.
    assert!(runtime.approve_heals("ses_sheet", "run_check", &[second.id.clone()], "window").is_err());
    store.finish_run("run_heal_1", "completed", None).unwrap();

    // TC-01 carries the check's heal: healed once.
    assert!(runtime.approve_heals("ses_sheet", "run_check", &[first.id.clone()], "window").is_err());
    // TC-02 is approvable still, and "every drifted case" now means TC-02 alone.
    let (_, healed) = runtime.approve_heals("ses_sheet", "run_check", &[], "window").unwrap();
    assert_eq!(healed.iter().map(|s| s.id.clone()).collect::<Vec<_>>(), vec![second.id.clone()]);
    store.start_run("run_heal_2", "ses_sheet", "heal").unwrap();
    store.finish_run("run_heal_2", "completed", None).unwrap();
    let kept = store.session_scenarios("ses_sheet").unwrap();
    assert!(kept.iter().all(|s| s.steps[0].heals.iter().filter(|h| h.run_id == "run_check").count() == 1));

    // A plain replay since: the check's proposals are stale.
    store.start_run("run_replay", "ses_sheet", "replay").unwrap();
    store.finish_run("run_replay", "completed", None).unwrap();
    store.save_scenario("ses_sheet", &first).unwrap();
    assert!(runtime.approve_heals("ses_sheet", "run_check", &[first.id.clone()], "window").is_err());
}
