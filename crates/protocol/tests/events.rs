//! Snapshot of the event wire format: the UI and stored logs depend on these exact shapes.

use specwright_protocol::{Envelope, Event, StepStatus};
use specwright_scenario::TrialStepResult;

#[test]
fn events_serialize_with_dotted_type_tags() {
    let envelope = Envelope {
        session_id: "s1".into(),
        run_id: "r1".into(),
        seq: 7,
        at_ms: 1_700_000_000_000,
        event: Event::TrialStep {
            trial_id: "t1".into(),
            attempt: 1,
            row: None,
            result: TrialStepResult {
                index: 2,
                intent: "'로그인' 버튼을 클릭한다.".into(),
                status: StepStatus::Passed,
                duration_ms: 41,
                diagnosis: None,
                frame: Some("0002.jpg".into()),
                console_errors: vec![],
                requests: vec![],
                relocated: None,
            },
        },
    };
    let json = serde_json::to_string(&envelope).unwrap();
    assert_eq!(
        json,
        r#"{"session_id":"s1","run_id":"r1","seq":7,"at_ms":1700000000000,"event":{"type":"trial.step","trial_id":"t1","attempt":1,"row":null,"result":{"index":2,"intent":"'로그인' 버튼을 클릭한다.","status":"passed","duration_ms":41,"diagnosis":null,"frame":"0002.jpg","console_errors":[]}}}"#
    );
    let back: Envelope = serde_json::from_str(&json).unwrap();
    assert_eq!(back, envelope);
}

#[test]
fn kind_matches_the_serialized_tag_for_every_terminal_event() {
    let events = [
        Event::SessionCompleted { out_dir: "o".into(), outputs: vec![] },
        Event::RunCancelled { reason: "r".into() },
        Event::Error { code: "c".into(), message: "m".into() },
        Event::MessageDone { text: "t".into() },
    ];
    for event in events {
        let value = serde_json::to_value(&event).unwrap();
        assert_eq!(value["type"], event.kind());
    }
    assert!(Event::RunCancelled { reason: String::new().into() }.is_terminal());
    assert!(!Event::MessageDone { text: String::new().into() }.is_terminal());
}
