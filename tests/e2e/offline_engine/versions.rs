//! A spec's next version and a check of its session: only what changed is explored, each case
//! is judged on its own, and a kept step is held to the new version's words.

use super::*;

/// The PRD's next version: a line more in its overview (every line below moves), the price
/// changed, the list's check taken out (the list renumbered), and a check added at the end.
fn prd_next_version() -> String {
    let v1 = include_str!("../../fixtures/specs/shop-admin-prd.ko.md");
    let v2 = v1
        .replace("- 대상 사용자: 상점 운영자\n", "- 대상 사용자: 상점 운영자\n- 개정: 가격 정책 변경 반영\n")
        .replace("5. '가격' 필드에 '39000'을 입력한다.", "5. '가격' 필드에 '45000'을 입력한다.")
        .replace("2. '상품 목록'이 보이는지 확인한다.\n", "")
        .replace(
            "10. '무선 키보드'가 목록에 보이는지 확인한다.\n",
            "10. '무선 키보드'가 목록에 보이는지 확인한다.\n11. '상품 관리' 링크가 보이는지 확인한다.\n",
        );
    // Renumbered as a person would after taking a line out.
    let mut n = 0;
    v2.lines()
        .map(|line| {
            let section = line.starts_with("## ");
            if section {
                n = 0;
            }
            match line.split_once(". ") {
                Some((number, rest)) if !section && number.parse::<u32>().is_ok() => {
                    n += 1;
                    format!("{n}. {rest}\n")
                }
                _ => format!("{line}\n"),
            }
        })
        .collect()
}

/// A new version of the spec dropped onto its session: the comparison says what changed before
/// anything runs; the new session replays the unchanged sentences' steps as recorded (no target
/// grounded again) with their citations at the new lines, explores only the changed and the
/// added sentence, leaves the removed one out, and its trial passes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_version_of_the_spec_explores_only_what_changed() {
    use specwright_scenario::{SentenceChange, Value};
    let (dir, runtime, app) = on_the_demo_app().await;
    let v1 = include_str!("../../fixtures/specs/shop-admin-prd.ko.md");
    let document = specwright_intake::parse("shop-admin-prd.ko.md", v1.as_bytes()).unwrap();
    let started = runtime
        .start_session(specwright_tests::session_request(vec![document], app.url(), &dir.path().join("v1")))
        .await
        .unwrap();
    let first = ended(&runtime, &started).await;
    assert!(matches!(first.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", first.last());
    let earlier = runtime.store().latest_scenario(&started.session_id).unwrap().unwrap();

    let v2 = prd_next_version();
    let next = || specwright_intake::parse("shop-admin-prd.ko.md", v2.as_bytes()).unwrap();
    // What a person reads before anything runs.
    let comparison = runtime.compare_spec(&started.session_id, &[next()]).unwrap();
    let lines = |change| -> Vec<(Option<u32>, Option<u32>)> {
        comparison
            .sentences
            .iter()
            .filter(|s| s.change == change)
            .map(|s| (s.was.as_ref().map(|c| c.line), s.now.as_ref().map(|c| c.line)))
            .collect()
    };
    assert_eq!(lines(SentenceChange::Changed), vec![(Some(30), Some(30))], "{comparison:#?}");
    assert_eq!(lines(SentenceChange::Removed), vec![(Some(27), None)], "{comparison:#?}");
    assert_eq!(lines(SentenceChange::Added), vec![(None, Some(36))], "{comparison:#?}");
    let unchanged = lines(SentenceChange::Unchanged);
    assert!(unchanged.contains(&(Some(18), Some(19))), "the login's button moved a line down: {unchanged:?}");
    assert!(unchanged.len() >= 12, "{unchanged:?}");
    // Kept as recorded: the six sentences before the first change (the login and the menu
    // click); every sentence after it is explored again, its meaning resting on what came before.
    assert_eq!(comparison.kept(), 6, "{comparison:#?}");

    let revised = runtime
        .start_revision(
            &started.session_id,
            specwright_tests::session_request(vec![next()], app.url(), &dir.path().join("v2")),
        )
        .await
        .unwrap();
    assert_ne!(revised.session_id, started.session_id, "a new version is a new session");
    let events = ended(&runtime, &revised).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let compared = events.iter().position(|e| matches!(e.event, Event::SpecCompared { .. })).expect("said");
    let first_action = events.iter().position(|e| matches!(e.event, Event::ToolCall { .. })).unwrap();
    assert!(compared < first_action, "the comparison is said before the browser acts");
    assert!(events.iter().any(|e| matches!(&e.event, Event::TrialDone { passed: true, .. })));

    // Only the changed and the added sentence had their targets found on the page: the explored
    // figures say so (the earlier version found every one of its targets there).
    let said = |events: &[Envelope], id: &str, arg: &str| -> i64 {
        events
            .iter()
            .find_map(|e| match &e.event {
                Event::MessageDone { text: specwright_protocol::Text::Message(m) } if m.id == id => {
                    match m.args.get(arg) {
                        Some(specwright_protocol::Arg::Number(n)) => Some(*n),
                        _ => None,
                    }
                }
                _ => None,
            })
            .unwrap_or_else(|| panic!("no {id} with {arg}"))
    };
    let (targets_v1, targets_v2) = (said(&first, "run-explored", "targets"), said(&events, "run-explored", "targets"));
    let (kept, explored) = (said(&events, "revision-kept", "kept"), said(&events, "revision-kept", "explored"));
    println!("targets found on the page: v1 {targets_v1}, v2 {targets_v2}; steps kept {kept}, explored {explored}");
    // The password's fill is explored (a run never keeps a secret: it is learnt again from the
    // sentence that writes it); of the other kept sentences, nothing was looked for on the page.
    assert_eq!((kept, explored), (5, 10), "5 steps kept of the 6 sentences before the first change");
    assert_eq!(
        targets_v2,
        targets_v1 - 4,
        "the email, the login button, the dashboard and the menu link were not grounded again"
    );
    assert!(!events.iter().any(|e| matches!(&e.event, Event::ToolResult { ok: false, .. })), "no kept step failed");

    let scenario = runtime.store().latest_scenario(&revised.session_id).unwrap().unwrap();
    let cited = |s: &specwright_scenario::Step| match &s.provenance {
        Provenance::Spec { citation } => Some((citation.line, citation.quote.clone())),
        _ => None,
    };
    // Kept: the login's click, recorded as it was, cited at its new line.
    let login = scenario.steps.iter().find(|s| cited(s).is_some_and(|(_, q)| q.contains("'로그인' 버튼"))).unwrap();
    let was = earlier.steps.iter().find(|s| cited(s).is_some_and(|(_, q)| q.contains("'로그인' 버튼"))).unwrap();
    assert_eq!((login.action.clone(), cited(login).unwrap().0), (was.action.clone(), 19));
    // Changed: explored again, typing the new price.
    assert!(
        scenario
            .steps
            .iter()
            .any(|s| matches!(&s.action, Action::Fill { value: Value::Literal { value }, .. } if value == "45000")),
        "{:#?}",
        scenario.steps
    );
    assert!(!scenario.steps.iter().any(|s| cited(s).is_some_and(|(_, q)| q.contains("'상품 목록'"))), "removed");
    assert!(scenario.steps.iter().any(|s| cited(s).is_some_and(|(l, q)| l == 36 && q.contains("'상품 관리' 링크가"))));
    // Every spec step cites a line that says what it quotes in the new version.
    let v2_lines: Vec<&str> = v2.lines().collect();
    for step in &scenario.steps {
        if let Some((line, quote)) = cited(step) {
            let quote = quote.replace("{{secret.PASSWORD}}", "demo1234");
            assert!(v2_lines[line as usize - 1].contains(&quote), "{line}: {quote}");
        }
    }
}

/// A test-case sheet's next version: a case taken out (every row below moves up), one case's
/// test data changed. Each case is its own scenario: only the changed case's sentence is explored,
/// the taken-out case is said and left out, and the other cases keep their steps, cited at
/// their new rows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_version_of_a_test_case_sheet_explores_only_the_changed_case() {
    use specwright_scenario::{SentenceChange, Value};
    let (dir, runtime, app) = on_the_demo_app().await;
    let v1 = include_str!("../../fixtures/specs/testcases.ko.csv");
    let parse = |text: &str| specwright_intake::parse("testcases.ko.csv", text.as_bytes()).unwrap();
    let started = runtime
        .start_session(SessionRequest {
            answerer: scripted_user(),
            ..specwright_tests::session_request(vec![parse(v1)], app.url(), &dir.path().join("v1"))
        })
        .await
        .unwrap();
    let first = ended(&runtime, &started).await;
    assert!(matches!(first.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", first.last());

    let v2: String = v1
        .lines()
        .filter(|line| !line.starts_with("TC-02,"))
        .map(|line| if line.starts_with("TC-12,") { line.replace(",1000,", ",2000,") } else { line.to_string() })
        .map(|line| format!("{line}\n"))
        .collect();
    assert!(v2.contains(",2000,") && !v2.contains("TC-02"));
    let comparison = runtime.compare_spec(&started.session_id, &[parse(&v2)]).unwrap();
    let cases = |change| -> Vec<String> {
        let mut cases: Vec<String> =
            comparison.sentences.iter().filter(|s| s.change == change).map(|s| s.case.clone()).collect();
        cases.dedup();
        cases
    };
    assert_eq!(cases(SentenceChange::Changed).len(), 1, "{comparison:#?}");
    assert!(cases(SentenceChange::Changed)[0].contains("TC-12"), "{comparison:#?}");
    assert_eq!(cases(SentenceChange::Removed).len(), 1, "{comparison:#?}");
    assert!(cases(SentenceChange::Removed)[0].contains("TC-02"), "{comparison:#?}");
    assert!(cases(SentenceChange::Added).is_empty(), "{comparison:#?}");

    let revised = runtime
        .start_revision(
            &started.session_id,
            SessionRequest {
                answerer: scripted_user(),
                ..specwright_tests::session_request(vec![parse(&v2)], app.url(), &dir.path().join("v2"))
            },
        )
        .await
        .unwrap();
    let events = ended(&runtime, &revised).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let scenarios = final_scenarios(&events);
    assert_eq!(scenarios.len(), 4, "TC-02 is left out: {:?}", scenarios.keys());
    let tc12 = scenarios.values().find(|s| s.title.contains("TC-12")).unwrap();
    assert!(tc12
        .steps
        .iter()
        .any(|s| matches!(&s.action, Action::Fill { value: Value::Literal { value }, .. } if value == "2000")));
    // Every step cites the row of the new version that says what it quotes (TC-02's four rows
    // gone, every row below moved up): kept ones moved, explored ones new.
    // A sheet's lines are its records (a quoted cell may hold a line break).
    let mut v2_rows = vec![String::new()];
    let mut quoted = false;
    for c in v2.chars() {
        match c {
            '"' => quoted = !quoted,
            '\n' if !quoted => v2_rows.push(String::new()),
            _ => {}
        }
        if c != '\n' || quoted {
            v2_rows.last_mut().unwrap().push(c);
        }
    }
    for scenario in scenarios.values() {
        for step in &scenario.steps {
            if let Provenance::Spec { citation } = &step.provenance {
                let line = &v2_rows[citation.line as usize - 1];
                let quote = citation.quote.replace("{{secret.PASSWORD}}", "demo1234");
                assert!(line.contains(quote.lines().next().unwrap()), "{}: line {} is {line}", quote, citation.line);
            }
        }
    }
    let kept = events.iter().find_map(|e| match &e.event {
        Event::MessageDone { text: specwright_protocol::Text::Message(m) } if m.id == "revision-kept" => {
            Some((m.args.get("kept").cloned(), m.args.get("explored").cloned()))
        }
        _ => None,
    });
    println!("kept, explored: {kept:?}");
    // What was looked for on the page: the login each case's precondition replays (from TC-01's
    // rows, with the password its row gives), and of the cases' own sentences only the changed
    // one and those after it in its case.
    let looked_for: Vec<String> = events
        .iter()
        .filter_map(|e| match &e.event {
            Event::ToolCall { tool, summary: specwright_protocol::Text::Message(m), .. }
                if tool == "browser.snapshot" =>
            {
                match m.args.get("target") {
                    Some(specwright_protocol::Arg::Text(target)) => Some(target.clone()),
                    _ => None,
                }
            }
            _ => None,
        })
        .filter(|target| !["이메일", "비밀번호", "로그인"].contains(&target.as_str()))
        .collect();
    println!("looked for: {looked_for:?}");
    // TC-12's changed price and the sentences after it (its save and the message it expects);
    // nothing of TC-01, TC-09 or TC-10.
    assert_eq!(looked_for, vec!["가격".to_string(), "등록".to_string(), "상품명을 입력해 주세요.".to_string()]);
    assert_eq!(events.iter().filter(|e| matches!(&e.event, Event::TrialDone { passed: true, .. })).count(), 4);
}

/// A kept step is held to the new version's words, not the earlier one's: the earlier version
/// expected the app to refuse an empty name (its next sentence checks the error), the new one
/// takes that check out, so the kept click the app refuses ends red with the app's own words — as
/// exploring the new version would — never a refusal quietly accepted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kept_step_the_new_version_no_longer_expects_refused_fails_with_the_apps_words() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let v1 = include_str!("../../fixtures/specs/item-validation.ko.md");
    let parse = |text: &str| specwright_intake::parse("item-validation.ko.md", text.as_bytes()).unwrap();
    let started = runtime
        .start_session(specwright_tests::session_request(vec![parse(v1)], app.url(), &dir.path().join("v1")))
        .await
        .unwrap();
    let first = ended(&runtime, &started).await;
    assert!(matches!(first.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", first.last());
    let earlier = runtime.store().latest_scenario(&started.session_id).unwrap().unwrap();
    assert!(earlier.steps.iter().any(|s| s.expects_refusal), "the earlier version expected the refusal");

    let v2 = v1.replace("9. '상품명을 입력해 주세요.' 메시지가 표시되는지 확인한다.\n", "");
    let comparison = runtime.compare_spec(&started.session_id, &[parse(&v2)]).unwrap();
    assert_eq!(comparison.count(specwright_scenario::SentenceChange::Removed), 1);
    assert_eq!(comparison.kept(), 8, "every sentence before the removed one is kept: {comparison:#?}");
    let revised = runtime
        .start_revision(
            &started.session_id,
            specwright_tests::session_request(vec![parse(&v2)], app.url(), &dir.path().join("v2")),
        )
        .await
        .unwrap();
    let events = ended(&runtime, &revised).await;
    match &events.last().unwrap().event {
        Event::Error { code, message } => {
            assert_eq!(code, "trial_failed", "a red verdict from its trial: {message:?}");
            let said = specwright_catalog::render(message, specwright_catalog::Locale::Ko);
            assert!(said.contains("상품명을 입력해 주세요."), "{said}");
            let report = std::fs::read_to_string(dir.path().join("v2").join("report.html")).unwrap();
            assert!(report.contains("상품명을 입력해 주세요."), "its report holds the app's words");
        }
        other => panic!("the refused click passed: {other:?}"),
    }
}

/// A check of a test-case sheet's session covers every case, not its last one: each case is
/// trial-run against the app as it is now (the read-only ones side by side) and judged on its
/// own, so a renamed link one case uses drifts that case alone; approving that case's new
/// element heals it and no other, and approving a case that passed heals nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_check_of_a_test_case_sheet_judges_every_case_and_heals_only_the_one_approved() {
    use specwright_runtime::{OutDir, ReplayRequest};
    use specwright_scenario::CheckOutcome;
    let (dir, runtime, app) = on_the_demo_app().await;
    let sheet = include_str!("../../fixtures/specs/testcases.ko.csv");
    let document = specwright_intake::parse("testcases.ko.csv", sheet.as_bytes()).unwrap();
    let started = runtime
        .start_session(SessionRequest {
            answerer: scripted_user(),
            ..specwright_tests::session_request(vec![document], app.url(), &dir.path().join("explored"))
        })
        .await
        .unwrap();
    let explored = ended(&runtime, &started).await;
    assert!(matches!(explored.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", explored.last());
    let session = started.session_id.clone();
    let kept = runtime.store().session_scenarios(&session).unwrap();
    assert_eq!(kept.len(), 5);

    // The "new item" link reads "새 상품 등록하기" now: only TC-10 clicks it.
    let changed = specwright_tests::demo_app(&[specwright_tests::Fault::RenamedLink]).await;
    let request = |out: &str, check: bool| ReplayRequest {
        session_id: session.clone(),
        target_url: Some(changed.url()),
        secrets: Default::default(),
        out_dir: OutDir::Exact(dir.path().join(out)),
        browser: None,
        check,
    };
    let after = runtime.store().session(&session).unwrap().last_seq;
    let check = runtime.replay(request("check", true)).await.unwrap();
    let events = events_until_terminal(&runtime, &session, after).await;
    runtime.wait(&check.run_id).await;
    let said: Vec<&specwright_scenario::Judgement> = events
        .iter()
        .filter_map(|e| match &e.event {
            Event::CheckJudged { judgement } => Some(judgement),
            _ => None,
        })
        .collect();
    let ids: Vec<&str> = said.iter().map(|j| j.scenario_id.as_str()).collect();
    assert_eq!(ids, kept.iter().map(|s| s.id.as_str()).collect::<Vec<_>>(), "one judgement per case, in order");
    let outcomes: Vec<(String, CheckOutcome)> = said.iter().map(|j| (j.title.clone(), j.outcome)).collect();
    println!("judged: {outcomes:?}");
    for judgement in &said {
        let expected = if judgement.title.contains("TC-10") { CheckOutcome::Drifted } else { CheckOutcome::Passed };
        assert_eq!(judgement.outcome, expected, "{judgement:?}");
    }
    let drifted = said.iter().find(|j| j.outcome == CheckOutcome::Drifted).unwrap();
    assert!(drifted.relocations.iter().any(|p| p.relocation.found.contains("새 상품 등록하기")), "{drifted:?}");
    // The cases that changed no data when they were explored ran side by side.
    let side_by_side = events.iter().any(|e| {
        matches!(&e.event, Event::MessageDone { text: specwright_protocol::Text::Message(m) } if m.id == "trial-side-by-side")
    });
    assert!(side_by_side, "the read-only cases were checked one after another");
    // The check's own report lists the cases, as a run of the sheet's does.
    assert!(dir.path().join("check").join("report.html").is_file());
    assert_eq!(runtime.judgements(&session, &check.run_id).unwrap(), said.into_iter().cloned().collect::<Vec<_>>());

    // A case that passed has nothing to heal.
    let passed_id = kept.iter().find(|s| s.title.contains("TC-09")).unwrap().id.clone();
    assert!(runtime.approve_heals(&session, &check.run_id, &[passed_id], "terminal").is_err());
    assert_eq!(runtime.store().session_scenarios(&session).unwrap(), kept, "nothing was saved");

    // TC-10's heal approved: only it is trial-run, with the new link, and it holds.
    let tc10 = kept.iter().find(|s| s.title.contains("TC-10")).unwrap().id.clone();
    let after = runtime.store().session(&session).unwrap().last_seq;
    let healing = runtime.heal(&check.run_id, &[tc10.clone()], "terminal", request("healed", false)).await.unwrap();
    let events = events_until_terminal(&runtime, &session, after).await;
    runtime.wait(&healing.run_id).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let trials = events.iter().filter(|e| matches!(e.event, Event::TrialDone { .. })).count();
    assert_eq!(trials, 1, "only the healed case is trial-run");
    // The heal's run says first which check's proposals it tries, for which cases.
    let said = events.iter().find(|e| e.run_id == healing.run_id).map(|e| e.event.clone());
    assert_eq!(said, Some(Event::HealStarted { check_run_id: check.run_id.clone(), scenario_ids: vec![tc10.clone()] }));
    for scenario in runtime.store().session_scenarios(&session).unwrap() {
        let healed = scenario.steps.iter().any(|s| s.heals.iter().any(|h| h.run_id == check.run_id));
        assert_eq!(healed, scenario.id == tc10, "{}", scenario.title);
    }
}
