//! Checks of a whole suite against real Chromium: every session's check started at once in
//! contexts of one browser, the sessions that only read the app's data side by side, the one that
//! changes it alone, and the sessions beside a change checked again alone.

use specwright_protocol::{Envelope, Event};
use specwright_runtime::Runtime;
use specwright_store::{SequentialIds, SystemClock};
use specwright_tests::events_until_terminal;
use std::sync::Arc;

const LIST_SPEC: &str = "# 상품 목록 확인\n\n\
1. '/login' 페이지로 이동한다.\n\
2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
3. '비밀번호' 필드에 'demo1234'를 입력한다.\n\
4. '로그인' 버튼을 클릭한다.\n\
5. '상품 관리' 링크를 클릭한다.\n\
6. '기계식 키보드'가 보이는지 확인한다.\n";

const WELCOME_SPEC: &str = "# 환영 문구 확인\n\n\
1. '/login' 페이지로 이동한다.\n\
2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
3. '비밀번호' 필드에 'demo1234'를 입력한다.\n\
4. '로그인' 버튼을 클릭한다.\n\
5. 'ada@example.com님, 환영합니다.'가 표시되는지 확인한다.\n";

/// Sends a note to the app's server (`POST /api/notes`): it changes the app's data.
const SEND_NOTE_SPEC: &str = "# 메모 보내기\n\n\
1. '메모' 필드에 '회의는 10시'를 입력한다.\n\
2. '보내기' 버튼을 클릭한다.\n\
3. '메모를 보냈습니다' 메시지가 표시되는지 확인한다.\n";

/// When a session's trial in a run ran: its first step and its last trial's end.
fn trial_span(events: &[Envelope]) -> (i64, i64) {
    let start = events.iter().find(|e| matches!(e.event, Event::TrialStep { .. })).map(|e| e.at_ms).unwrap();
    let end = events.iter().rev().find(|e| matches!(e.event, Event::TrialDone { .. })).map(|e| e.at_ms).unwrap();
    (start, end)
}

fn said(events: &[Envelope], id: &str) -> bool {
    events
        .iter()
        .any(|e| matches!(&e.event, Event::MessageDone { text: specwright_protocol::Text::Message(m) } if m.id == id))
}

/// A suite's check starts every session's check at once, in contexts of one browser: the
/// sessions that only read the app's data are checked side by side, the one that sends a note
/// to the server alone, and each ends as its own run with its own judgement. Should a session
/// thought to read only change data after all, the sessions checked beside it are checked again
/// alone: a green never rests on a neighbour's change.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_suite_is_checked_at_once_with_the_sessions_that_read_only_side_by_side() {
    use specwright_runtime::{OutDir, ReplayRequest};
    use specwright_scenario::CheckOutcome;
    use specwright_tests::{notes_app, NotesServer};
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    // The demo app, and a notes page whose server takes the note.
    let app = notes_app(NotesServer::Accepts).await;
    const NOTES_PAGE: &str = "/reference/notes.html";
    let mut sessions = Vec::new();
    for (name, text, page) in
        [("list.ko.md", LIST_SPEC, ""), ("welcome.ko.md", WELCOME_SPEC, ""), ("note.ko.md", SEND_NOTE_SPEC, NOTES_PAGE)]
    {
        let document = specwright_intake::parse(name, text.as_bytes()).unwrap();
        let out = dir.path().join(name);
        let url = format!("{}{page}", app.url());
        let started =
            runtime.start_session(specwright_tests::session_request(vec![document], url, &out)).await.unwrap();
        let events = events_until_terminal(&runtime, &started.session_id, 0).await;
        runtime.wait(&started.run_id).await;
        assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{name}: {:?}", events.last());
        let changed = events.iter().find_map(|e| match &e.event {
            Event::TrialDone { changed_data, .. } => *changed_data,
            _ => None,
        });
        assert_eq!(changed, Some(!page.is_empty()), "{name}: only the note changes the app's data");
        sessions.push((started.session_id, page));
    }
    let suite = runtime.suites().unwrap();
    assert_eq!(suite.len(), 1, "one app, one suite");
    assert_eq!(suite[0].sessions.len(), 3);
    assert_eq!(suite[0].scenarios, vec![1, 1, 1]);
    // The login's password is a secret, by name only, and nobody remembered it here.
    let secrets: Vec<(&str, bool)> = suite[0].secrets.iter().map(|s| (s.name.as_str(), s.remembered)).collect();
    assert_eq!(secrets, vec![("PASSWORD", false)]);

    // Checks every session against a fresh app; each session's events and judgements.
    let check_all = |round: &'static str| {
        let (runtime, dir, sessions) = (Arc::clone(&runtime), dir.path().to_path_buf(), sessions.clone());
        async move {
            let fresh = notes_app(NotesServer::Accepts).await;
            let mut after = Vec::new();
            let mut requests = Vec::new();
            for (session, page) in &sessions {
                after.push(runtime.store().session(session).unwrap().last_seq);
                requests.push(ReplayRequest {
                    session_id: session.clone(),
                    target_url: Some(format!("{}{page}", fresh.url())),
                    secrets: Default::default(),
                    out_dir: OutDir::Exact(dir.join(round).join(session)),
                    browser: None,
                    check: true,
                });
            }
            let runs: Vec<_> = runtime.check_all(requests).await.into_iter().map(Result::unwrap).collect();
            let mut out = Vec::new();
            for (((session, _), run), after) in sessions.iter().zip(&runs).zip(after) {
                assert_eq!(&run.session_id, session, "runs come back in the order asked");
                let events = events_until_terminal(&runtime, session, after).await;
                runtime.wait(&run.run_id).await;
                let judgements = runtime.judgements(session, &run.run_id).unwrap();
                out.push((events, judgements));
            }
            out
        }
    };

    let checked = check_all("first").await;
    for (events, judgements) in &checked {
        assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
        assert_eq!(judgements.len(), 1);
        assert_eq!(judgements[0].outcome, CheckOutcome::Passed, "{:?}", judgements[0]);
    }
    let spans: Vec<(i64, i64)> = checked.iter().map(|(events, _)| trial_span(events)).collect();
    println!("trial spans: {spans:?}");
    let overlap = |a: (i64, i64), b: (i64, i64)| a.0 < b.1 && b.0 < a.1;
    assert!(overlap(spans[0], spans[1]), "the two sessions that read only were checked side by side: {spans:?}");
    assert!(!overlap(spans[2], spans[0]) && !overlap(spans[2], spans[1]), "the note was sent alone: {spans:?}");
    assert!(checked.iter().all(|(events, _)| !said(events, "check-again-alone-changed")));

    // The note's last trial said it changed no data (as if the app sent it only now): it is
    // checked beside the others, and they, having run beside a change, again alone.
    let (note, _) = &sessions[2];
    let title = runtime.store().session_scenarios(note).unwrap()[0].title.clone();
    let claimed = Event::TrialDone {
        trial_id: "trial-claimed".into(),
        scenario: Some(title),
        passed: true,
        flaky: false,
        verdict: None,
        runs: 1,
        failed_steps: 0,
        duration_ms: 1,
        changed_data: Some(false),
    };
    runtime.store().append_event(note, "run-claimed", claimed).unwrap();
    let checked = check_all("second").await;
    for (i, (events, judgements)) in checked.iter().enumerate() {
        assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
        assert_eq!(judgements.len(), 1, "one judgement per scenario, the last trial's");
        assert_eq!(judgements[0].outcome, CheckOutcome::Passed, "{:?}", judgements[0]);
        let trials = events.iter().filter(|e| matches!(e.event, Event::TrialDone { .. })).count();
        if i < 2 {
            assert!(said(events, "check-again-alone-changed"), "session {i} was not checked again");
            assert_eq!(trials, 2, "session {i}: beside the change, then alone");
        } else {
            assert_eq!(trials, 1, "the note itself ran beside sessions that changed nothing");
        }
    }

    // "Check the suite" said to one session: answered there first, then every session of the
    // suite checked, each its own run with its own judgement, the said session's too.
    let before: Vec<Vec<String>> =
        sessions.iter().map(|(s, _)| runtime.store().runs(s).unwrap().into_iter().map(|r| r.id).collect()).collect();
    let (welcome, _) = &sessions[1];
    let after = runtime.store().session(welcome).unwrap().last_seq;
    let request = specwright_runtime::ResumeRequest {
        session_id: welcome.clone(),
        target_url: None,
        out_dir: OutDir::Exact(dir.path().join("said")),
        browser: None,
        safety: Default::default(),
        answerer: Box::new(specwright_rails::NoAnswers),
        secrets: Default::default(),
        engine: specwright_runtime::EngineChoice::Offline,
        forget: Vec::new(),
    };
    let reply = runtime.say(request, "스위트 전체를 검사해 줘", "window").await.unwrap();
    let told = runtime.store().events(welcome, after).unwrap();
    assert!(
        matches!(&told[0].event, Event::UserSaid { taken: specwright_protocol::SaidAs::Talk, .. }),
        "{:?}",
        told[0]
    );
    let replied = told.iter().find(|e| e.run_id == reply.run_id && matches!(e.event, Event::Replied { .. }));
    let Some(Event::Replied { text: specwright_protocol::Text::Message(m) }) = replied.map(|e| &e.event) else {
        panic!("{told:#?}")
    };
    assert_eq!(m.id, "said-checking-suite");
    assert_eq!(m.args.get("sessions"), Some(&specwright_protocol::Arg::Number(3)), "{m:?}");
    for (i, (session, _)) in sessions.iter().enumerate() {
        let runs: Vec<String> = runtime
            .store()
            .runs(session)
            .unwrap()
            .into_iter()
            .map(|r| r.id)
            .filter(|id| !before[i].contains(id) && id != &reply.run_id)
            .collect();
        assert_eq!(runs.len(), 1, "session {i}: one check run");
        runtime.wait(&runs[0]).await;
        let judgements = runtime.judgements(session, &runs[0]).unwrap();
        assert_eq!(judgements.len(), 1, "session {i}");
        assert_eq!(judgements[0].outcome, CheckOutcome::Passed, "session {i}: {:?}", judgements[0]);
    }
}
