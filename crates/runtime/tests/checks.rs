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

#[test]
fn a_check_that_ended_early_blocks_the_cases_it_never_reached_and_heals_wait_for_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let store = runtime.store();
    let session = NewSession {
        id: "ses_sheet".into(),
        title: "sheet".into(),
        engine: "offline".into(),
        target_url: "http://127.0.0.1:1".into(),
    };
    store.create_session(&session, &[]).unwrap();
    let (first, second) = (case("ses_sheet-tc-01", "TC-01"), case("ses_sheet-tc-02", "TC-02"));
    store.save_scenario("ses_sheet", &first).unwrap();
    store.save_scenario("ses_sheet", &second).unwrap();
    store.start_run("run_check", "ses_sheet", "check").unwrap();
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
