//! The offline engine measured on the bundled sample specs against the demo app: the Korean
//! and English 20-case workbooks, the Korean PRD, and a page of grounding traps. A scripted user
//! answers the questions (an answers file's rules). The test prints the figures the issue asks
//! for and holds the engine to them: ≥ 90% of targets grounded without a question, every
//! scenario's trial passing once answered, and no wrong grounding (each trap's expected result
//! only holds if the right element was used).

use specwright_protocol::{Envelope, Event, QuestionKind};
use specwright_rails::Answerer;
use specwright_runtime::{Answers, DemoApp, Rule, Runtime, SessionRequest};
use specwright_scenario::{Action, Locator, Provenance, Scenario};
use specwright_store::{SequentialIds, SystemClock};
use specwright_tests::events_until_terminal;
use std::collections::BTreeMap;
use std::sync::Arc;

/// What the scripted user answers: deleting the demo's sample products is fine, and of the two
/// "검색" fields it means the one in the form (the second).
const SCRIPTED_USER: &[(&str, &str)] = &[("삭제|delete", "yes"), ("'검색'", "2")];

const TRAPS_SPEC: &str = "# 회원 정보 저장\n\n\
1. '/reference/traps.html' 페이지로 이동한다.\n\
2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
3. '이메일 확인' 필드에 'ada@example.org'를 입력한다.\n\
4. '검색' 필드에 '키보드'를 입력한다.\n\
5. 하단의 '저장' 버튼을 클릭한다.\n\
6. '아래쪽 저장: ada@example.com / 확인=ada@example.org / 검색=키보드 / 위 검색=' 문구가 표시된다.\n";

fn scripted_user() -> Box<dyn Answerer> {
    let rules = SCRIPTED_USER
        .iter()
        .map(|(when, answer)| Rule { when: regex::Regex::new(when).unwrap(), answer: answer.to_string() })
        .collect();
    Box::new(Answers::new(rules, Default::default()))
}

#[derive(Debug, Default)]
struct Figures {
    scenarios: usize,
    steps: usize,
    /// Steps acting on or checking an element the engine had to find.
    targets: usize,
    target_questions: usize,
    other_questions: usize,
    trials_passed: usize,
}

/// The final version of every scenario the run drafted, by id.
fn final_scenarios(events: &[Envelope]) -> BTreeMap<String, Scenario> {
    let mut out = BTreeMap::new();
    for e in events {
        if let Event::ScenarioDraft { scenario } = &e.event {
            out.insert(scenario.id.clone(), scenario.clone());
        }
    }
    out
}

fn figures(events: &[Envelope]) -> Figures {
    let scenarios = final_scenarios(events);
    let mut f = Figures { scenarios: scenarios.len(), ..Figures::default() };
    for scenario in scenarios.values() {
        f.steps += scenario.steps.len();
        f.targets += scenario
            .steps
            .iter()
            // A spec line's step, whether the engine found its element or a person's answer did.
            .filter(|s| {
                s.action.target().is_some()
                    && matches!(s.provenance, Provenance::Spec { .. } | Provenance::Answer { citation: Some(_), .. })
            })
            .count();
    }
    for e in events {
        match &e.event {
            Event::QuestionAsked { question } if question.kind == QuestionKind::Target => f.target_questions += 1,
            Event::QuestionAsked { .. } => f.other_questions += 1,
            Event::TrialDone { passed: true, .. } => f.trials_passed += 1,
            _ => {}
        }
    }
    f
}

async fn run(runtime: &Arc<Runtime>, app: &DemoApp, spec: &str, out: &std::path::Path) -> Vec<Envelope> {
    let path = specwright_tests::repo_root().join("tests/fixtures/specs").join(spec);
    let document = if path.exists() {
        specwright_intake::read_spec(&path).unwrap()
    } else {
        specwright_intake::parse(spec, TRAPS_SPEC.as_bytes()).unwrap()
    };
    let started = runtime
        .start_session(SessionRequest {
            answerer: scripted_user(),
            ..specwright_tests::session_request(vec![document], app.url(), &out.join(spec))
        })
        .await
        .unwrap();
    let events = events_until_terminal(runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    events
}

/// Trials that ran side by side still read one after another: each scenario's trial steps,
/// their frames and its end are together in the log, in the order of the spec's cases.
fn trials_read_in_order(events: &[Envelope]) -> Result<(), String> {
    // `trial_7-3`, and its retrials `trial_7-3-reset`, `trial_7-3-alone`: case 3.
    let case = |id: &str| id.rsplit('-').find_map(|n| n.parse::<u32>().ok()).unwrap_or(0);
    let mut ended: Vec<String> = Vec::new();
    let mut current: Option<String> = None;
    let mut last_frame: Option<String> = None;
    for envelope in events {
        match &envelope.event {
            Event::MirrorFrame { file, .. } => last_frame = Some(file.clone()),
            Event::TrialStep { trial_id, result, .. } => {
                if ended.contains(trial_id) {
                    return Err(format!("a step of {trial_id} after its end (seq {})", envelope.seq));
                }
                match &current {
                    Some(open) if open != trial_id => {
                        return Err(format!("{trial_id}'s steps interleave with {open}'s (seq {})", envelope.seq))
                    }
                    _ => current = Some(trial_id.clone()),
                }
                if result.frame.is_some() && result.frame != last_frame {
                    return Err(format!("{trial_id} step {}: its frame is not the one before it", result.index));
                }
            }
            Event::TrialDone { trial_id, .. } => {
                if current.as_deref() != Some(trial_id.as_str()) {
                    return Err(format!("{trial_id} ended without its steps just before (seq {})", envelope.seq));
                }
                if ended.last().is_some_and(|before| case(before) > case(trial_id)) {
                    return Err(format!("{trial_id} ended after {:?}: out of the spec's order", ended.last()));
                }
                ended.push(trial_id.clone());
                current = None;
            }
            _ => {}
        }
    }
    Ok(())
}

fn step_target<'a>(scenario: &'a Scenario, intent: &str) -> &'a specwright_scenario::Target {
    scenario
        .steps
        .iter()
        .find(|s| s.intent.contains(intent) && s.action.target().is_some())
        .and_then(|s| s.action.target())
        .unwrap_or_else(|| panic!("no step '{intent}' in {}", scenario.title))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_offline_engine_grounds_the_sample_specs_and_every_scenario_passes() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    // Two sessions at a time, each on its own instance of the demo app (the cases create and
    // count rows): a session spends much of its time waiting on the page, not on the CPU.
    let permits = Arc::new(tokio::sync::Semaphore::new(2));
    let mut runs = Vec::new();
    for spec in ["shop-admin-testcases.ko.xlsx", "shop-admin-testcases.en.xlsx", "shop-admin-prd.ko.md", "traps.ko.md"]
    {
        let (runtime, permits, out) = (Arc::clone(&runtime), Arc::clone(&permits), dir.path().to_path_buf());
        runs.push((
            spec,
            tokio::spawn(async move {
                let _permit = permits.acquire_owned().await.unwrap();
                let app = specwright_tests::demo_app(&[]).await;
                run(&runtime, &app, spec, &out).await
            }),
        ));
    }
    let mut total = Figures::default();
    let mut by_spec = Vec::new();
    for (spec, run) in runs {
        let events = run.await.unwrap();
        let last = &events.last().unwrap().event;
        assert!(matches!(last, Event::SessionCompleted { .. }), "{spec}: {last:?}");
        let f = figures(&events);
        assert_eq!(f.trials_passed, f.scenarios, "{spec}: every scenario's trial passes");
        if let Err(why) = trials_read_in_order(&events) {
            panic!("{spec}: {why}");
        }
        let scenarios = final_scenarios(&events);
        match spec {
            "shop-admin-testcases.ko.xlsx" | "shop-admin-testcases.en.xlsx" => {
                assert_eq!(f.scenarios, 20, "{spec}: one scenario per case");
                // The run's own report: every case with its verdict and a link to its report.
                let Event::SessionCompleted { out_dir, outputs } = last else { unreachable!() };
                let index = std::path::Path::new(out_dir).join("report.html");
                assert!(outputs.iter().any(|o| o.kind == "report" && std::path::Path::new(&o.path) == index));
                let html = std::fs::read_to_string(&index).expect("the run's report");
                let links: Vec<&str> =
                    html.split("<a href=\"").skip(1).filter_map(|rest| rest.split('"').next()).collect();
                assert_eq!(links.len(), 20, "{spec}: a link per case");
                assert!(links.iter().all(|l| std::path::Path::new(out_dir).join(l).is_file()), "{spec}: {links:?}");
                let cases_html = html.split("<section id=\"requirements\">").next().unwrap();
                assert_eq!(
                    cases_html.matches("class=\"verdict v-").count(),
                    21,
                    "{spec}: the run's verdict and each case's"
                );
                assert!(
                    !html.contains("verdict v-failed") && !html.contains("verdict v-not_run"),
                    "{spec}: every case ran and passed"
                );
                // The planner's own workbook, given back with each case's verdict on its rows.
                let book = outputs.iter().find(|o| o.kind == "workbook").expect("the result workbook");
                let bytes = std::fs::read(&book.path).unwrap();
                let name = std::path::Path::new(&book.path).file_name().unwrap().to_string_lossy().to_string();
                let (header, passed) = if spec.contains(".ko.") {
                    ("케이스 판정 (Specwright)", "통과")
                } else {
                    ("Case verdict (Specwright)", "Passed")
                };
                assert!(name.starts_with(spec.trim_end_matches(".xlsx")), "{name}");
                let read = specwright_intake::parse(&name, &bytes).expect("a workbook Excel opens");
                let original = specwright_intake::read_spec(
                    &specwright_tests::repo_root().join("tests/fixtures/specs").join(spec),
                )
                .unwrap();
                assert_eq!(read.tables.len(), original.tables.len(), "{spec}: every sheet");
                let (mut verdict_cells, mut passes) = (0, 0);
                for (table, before) in read.tables.iter().zip(&original.tables) {
                    let col = table.header.iter().position(|h| h == header).expect("the verdict column");
                    assert_eq!(col, before.header.len(), "{spec}: added beside the planner's columns");
                    for (row, was) in table.rows.iter().zip(&before.rows) {
                        assert_eq!(row.number, was.number, "{spec}: rows where they were");
                        assert_eq!(&row.cells[..was.cells.len().min(col)], &was.cells[..was.cells.len().min(col)]);
                        if row.cells.get(col).is_some_and(|c| !c.is_empty()) {
                            let cell = row.cells[col].as_str();
                            assert!(
                                !["실패", "불안정", "Failed", "Flaky"].contains(&cell),
                                "{spec} row {}: {cell}",
                                row.number
                            );
                            passes += usize::from(cell == passed);
                            verdict_cells += 1;
                        }
                    }
                }
                assert!(
                    verdict_cells >= 20 && passes > 0,
                    "{spec}: every case's rows carry its verdict ({verdict_cells}, {passes} passed)"
                );
                // Every case of the workbook is a requirement, each proven by a scenario: in the
                // run's report and in a coverage workbook.
                assert!(html.contains("<section id=\"requirements\">"), "{spec}: the run's report traces requirements");
                let trace = outputs.iter().find(|o| o.kind == "traceability-workbook").expect("the coverage workbook");
                let coverage = specwright_intake::read_spec(std::path::Path::new(&trace.path)).unwrap();
                let rows = &coverage.tables[0].rows;
                let mut ids: Vec<&str> = rows.iter().map(|r| r.cells[0].as_str()).collect();
                ids.dedup();
                assert_eq!(ids.len(), 20, "{spec}: a requirement per case: {ids:?}");
                assert!(
                    rows.iter()
                        .all(|r| r.cells.get(3).is_some_and(|c| !c.is_empty() && c != "테스트 없음" && c != "No test")),
                    "{spec}: every case covered: {rows:?}"
                );
                let by_case = |key: &str| scenarios.values().find(|s| s.title.starts_with(key)).unwrap();
                // Same-named buttons: the upper "내보내기" is the first toolbar's.
                let upper = step_target(by_case("TC-20"), "내보내기");
                assert!(format!("{upper:?}").contains("div:nth-of-type(1)"), "{spec} TC-20: {upper:?}");
                // The dialog's "취소" button, not the form's "취소" link.
                let cancel = step_target(by_case("TC-16"), "취소");
                assert!(
                    matches!(cancel.primary(), Some(Locator::Role { role, name, .. }) if role == "button" && name == "취소"),
                    "{spec} TC-16: {cancel:?}"
                );
                // The dialog's "삭제", not a row's "… 삭제".
                let delete = by_case("TC-18")
                    .steps
                    .iter()
                    .filter_map(|s| match &s.action {
                        Action::Click { target } => target.primary(),
                        _ => None,
                    })
                    .last()
                    .unwrap();
                assert_eq!(
                    delete,
                    &Locator::Role { role: "button".into(), name: "삭제".into(), exact: true },
                    "{spec}"
                );
                // Login comes from the workbook's own login case, cited to it.
                let tc9 = by_case("TC-09");
                let cited = tc9.steps.iter().find(|s| s.intent.contains("비밀번호")).unwrap();
                assert!(
                    matches!(&cited.provenance, Provenance::Spec { citation } if citation.row.is_some()),
                    "{cited:?}"
                );
            }
            "traps.ko.md" => {
                assert_eq!(f.target_questions, 1, "only the two '검색' fields are a question");
            }
            _ => {}
        }
        println!(
            "{spec}: {} scenarios, {} steps, {}/{} targets grounded without a question, {} target questions, {} other questions, {}/{} trials passed",
            f.scenarios,
            f.steps,
            f.targets - f.target_questions,
            f.targets,
            f.target_questions,
            f.other_questions,
            f.trials_passed,
            f.scenarios
        );
        total.scenarios += f.scenarios;
        total.steps += f.steps;
        total.targets += f.targets;
        total.target_questions += f.target_questions;
        total.other_questions += f.other_questions;
        total.trials_passed += f.trials_passed;
        by_spec.push((spec, f));
    }
    let grounded = (total.targets - total.target_questions) as f64 / total.targets as f64;
    println!(
        "offline engine figures: {} scenarios, {} steps; {:.1}% of {} targets grounded without a question; {} questions ({} target, {} confirm/other); {}/{} scenarios pass after answers",
        total.scenarios,
        total.steps,
        grounded * 100.0,
        total.targets,
        total.target_questions + total.other_questions,
        total.target_questions,
        total.other_questions,
        total.trials_passed,
        total.scenarios
    );
    let report = specwright_tests::repo_root().join("target/test-output");
    let _ = std::fs::create_dir_all(&report);
    let lines: Vec<String> = by_spec
        .iter()
        .map(|(spec, f)| {
            format!(
                "{spec}: {} scenarios, {} steps, {}/{} targets grounded without a question, {} target questions, {} other questions, {}/{} trials passed",
                f.scenarios, f.steps, f.targets - f.target_questions, f.targets, f.target_questions, f.other_questions, f.trials_passed, f.scenarios
            )
        })
        .collect();
    let _ = std::fs::write(
        report.join("offline-engine.txt"),
        format!("{}\ntotal: {:.1}% grounded\n", lines.join("\n"), grounded * 100.0),
    );
    assert!(grounded >= 0.90, "{grounded}");
    assert_eq!(total.trials_passed, total.scenarios);
}

/// The PRD's next version: a line more in its overview (every line below moves), the price
/// changed, the list's check taken out (the list renumbered), and a check added at the end.
/// A fresh data dir, its runtime and the demo app, for a test of its own.
async fn on_the_demo_app() -> (tempfile::TempDir, Arc<Runtime>, DemoApp) {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    (dir, runtime, specwright_tests::demo_app(&[]).await)
}

/// A started run's events to its end, once the run itself is over.
async fn ended(runtime: &Arc<Runtime>, started: &specwright_runtime::RunStarted) -> Vec<Envelope> {
    let events = events_until_terminal(runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    events
}

fn prd_next_version() -> String {
    let v1 = include_str!("../fixtures/specs/shop-admin-prd.ko.md");
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
    let v1 = include_str!("../fixtures/specs/shop-admin-prd.ko.md");
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
    let v1 = include_str!("../fixtures/specs/testcases.ko.csv");
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
    let v1 = include_str!("../fixtures/specs/item-validation.ko.md");
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
    let sheet = include_str!("../fixtures/specs/testcases.ko.csv");
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

/// A place said in the reader's own words before the target ("왼쪽 위 메뉴 영역에서 상품 관리를
/// 누른다"): the grammar takes the place for the target, which names nothing on the page; the
/// sentence read against the page acts on the element whose name it holds, with no question
/// (main asked which element "왼쪽 위" meant).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_target_is_the_page_element_the_sentence_names_whatever_is_said_around_it() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let spec = "# 상품 목록\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
                3. '비밀번호' 필드에 'demo1234'를 입력한다.\n4. '로그인' 버튼을 클릭한다.\n\
                5. 왼쪽 위 메뉴 영역에서 상품 관리를 누른다.\n6. '상품 목록'이 보이는지 확인한다.\n";
    let document = specwright_intake::parse("place-first.ko.md", spec.as_bytes()).unwrap();
    let started = runtime
        .start_session(specwright_tests::session_request(vec![document], app.url(), &dir.path().join("out")))
        .await
        .unwrap();
    let events = ended(&runtime, &started).await;
    assert!(!events.iter().any(|e| matches!(e.event, Event::QuestionAsked { .. })), "no question: {events:#?}");
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let scenario = final_scenarios(&events).into_values().next().unwrap();
    let target = step_target(&scenario, "상품 관리를 누른다");
    let link = specwright_scenario::Locator::Role { role: "link".into(), name: "상품 관리".into(), exact: true };
    assert_eq!(target.primary(), Some(&link));

    // A screen named with a word the link does not carry ("상품 관리 보고서를 연다" beside a link
    // "상품 관리"): the link the sentence names opens it (main asked how to open the screen).
    let spec = spec.replace("5. 왼쪽 위 메뉴 영역에서 상품 관리를 누른다.", "5. 상품 관리 보고서를 연다.");
    let document = specwright_intake::parse("screen-named.ko.md", spec.as_bytes()).unwrap();
    let started = runtime
        .start_session(specwright_tests::session_request(vec![document], app.url(), &dir.path().join("out2")))
        .await
        .unwrap();
    let events = ended(&runtime, &started).await;
    assert!(!events.iter().any(|e| matches!(e.event, Event::QuestionAsked { .. })), "no question: {events:#?}");
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let scenario = final_scenarios(&events).into_values().next().unwrap();
    assert_eq!(step_target(&scenario, "보고서를 연다").primary(), Some(&link));
}

/// The app refuses the spec's own data ("가격 0"): the run ends red, and the red writes its
/// report — the steps up to the refused one with their frames, the app's words, and an exported
/// test that fails at that step for that reason (main ended with the words and wrote nothing).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_step_the_app_refuses_ends_red_with_its_report_and_a_failing_test() {
    let (_dir, runtime, app) = on_the_demo_app().await;
    let spec = "# 상품 등록\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
                3. '비밀번호' 필드에 'demo1234'를 입력한다.\n4. '로그인' 버튼을 클릭한다.\n\
                5. '상품 관리' 링크를 클릭한다.\n6. '새 상품 등록' 버튼을 클릭한다.\n\
                7. '상품명' 필드에 '무선 마우스'를 입력한다.\n8. '가격' 필드에 '0'을 입력한다.\n\
                9. '등록' 버튼을 클릭한다.\n10. '상품이 등록되었습니다.' 메시지가 표시되는지 확인한다.\n";
    let out = specwright_tests::output_dir("refused-red");
    let document = specwright_intake::parse("refused.ko.md", spec.as_bytes()).unwrap();
    let started =
        runtime.start_session(specwright_tests::session_request(vec![document], app.url(), &out)).await.unwrap();
    let events = ended(&runtime, &started).await;
    let Event::Error { code, message } = &events.last().unwrap().event else { panic!("{:?}", events.last()) };
    assert_eq!(code, "trial_failed", "a red verdict from its trial");
    let said = specwright_api::render(message, specwright_api::Locale::Ko);
    assert!(said.contains("가격은 0보다 커야 합니다"), "in the app's words: {said}");
    let report = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(
        report.contains("가격은 0보다 커야 합니다") && report.contains("data:image/jpeg"),
        "its report, with frames"
    );
    // The exported test fails at the refused step, for that reason.
    let run = specwright_tests::run_playwright_test(&out, &app.url(), &[("SPECWRIGHT_SECRET_PASSWORD", "demo1234")]);
    let printed = format!("{}{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr));
    assert!(!run.status.success(), "the exported test fails: {printed}");
    assert!(printed.contains("가격은 0보다 커야 합니다"), "for the app's words: {printed}");
}

/// The spec's words for a message the page says in its own ("로그인 정보가 올바르지 않다" beside
/// "이메일 또는 비밀번호가 올바르지 않습니다."): asked with both wordings, never passed on a guess
/// and never a dead end. "That is it" checks the page's message, cited to the answer; "no" is the
/// defect, in the page's words (main ended `grounding_failed` with no question).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_in_other_words_is_asked_about_with_both_wordings() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let spec = "# 로그인 실패\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
                3. '비밀번호' 필드에 'wrong-pass'를 입력한다.\n4. '로그인' 버튼을 클릭한다.\n\
                5. '로그인 정보가 올바르지 않다'는 메시지가 표시되는지 확인한다.\n";
    let run = |answer: &'static str, out: &str| {
        let document = specwright_intake::parse("near.ko.md", spec.as_bytes()).unwrap();
        let rules = vec![Rule { when: regex::Regex::new("^near:").unwrap(), answer: answer.to_string() }];
        SessionRequest {
            answerer: Box::new(Answers::new(rules, Default::default())),
            ..specwright_tests::session_request(vec![document], app.url(), &dir.path().join(out))
        }
    };
    let started = runtime.start_session(run("1", "yes")).await.unwrap();
    let events = ended(&runtime, &started).await;
    let asked: Vec<_> = events
        .iter()
        .filter_map(|e| match &e.event {
            Event::QuestionAsked { question } => Some(question.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(asked.len(), 1, "{asked:#?} {:#?}", &events[events.len().saturating_sub(2)..]);
    let said = specwright_catalog::render(&asked[0].text, specwright_catalog::Locale::Ko);
    assert!(
        said.contains("로그인 정보가 올바르지 않다") && said.contains("이메일 또는 비밀번호가 올바르지 않습니다"),
        "{said}"
    );
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let scenario = final_scenarios(&events).into_values().next().unwrap();
    let check = scenario.steps.iter().find(|s| s.intent.contains("올바르지 않다")).expect("the check");
    assert!(matches!(check.provenance, Provenance::Answer { .. }), "cited to the answer: {:?}", check.provenance);
    let Action::Expect { target, .. } = &check.action else { panic!("{:?}", check.action) };
    assert!(
        matches!(target.primary(), Some(Locator::Text { text, .. }) if text.contains("이메일 또는 비밀번호가 올바르지 않습니다")),
        "{target:?}"
    );

    // "No": the page does not say what the spec expects — red, in the page's words.
    let started = runtime.start_session(run("no", "no")).await.unwrap();
    let events = ended(&runtime, &started).await;
    let Event::Error { message, .. } = &events.last().unwrap().event else { panic!("{:?}", events.last()) };
    let said = specwright_catalog::render(message, specwright_catalog::Locale::Ko);
    assert!(said.contains("이메일 또는 비밀번호가 올바르지 않습니다"), "{said}");
}

/// A value the spec expects beside a label the page shows ("the status assigned" beside a row
/// "Status" whose select shows "new"): the difference is said as one, both values, and asked;
/// "a defect" ends red with them (main ended "'status' is not shown"). The value the page does
/// show is checked as that field's value, and a bold label's value as its line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_value_beside_a_label_is_compared_and_a_difference_said() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let spec = |status: &str| {
        format!(
            "# Ticket\n\n1. Go to '/reference/ticket.html'.\n2. The ticket shows the status {status}.\n\
             3. The ticket shows the priority urgent.\n"
        )
    };
    let run = |text: String, out: &str| {
        let document = specwright_intake::parse("ticket.en.md", text.as_bytes()).unwrap();
        let rules = vec![Rule { when: regex::Regex::new("^value:").unwrap(), answer: "defect".to_string() }];
        SessionRequest {
            answerer: Box::new(Answers::new(rules, Default::default())),
            ..specwright_tests::session_request(vec![document], app.url(), &dir.path().join(out))
        }
    };
    let started = runtime.start_session(run(spec("assigned"), "differs")).await.unwrap();
    let events = ended(&runtime, &started).await;
    let asked: Vec<_> = events
        .iter()
        .filter_map(|e| match &e.event {
            Event::QuestionAsked { question } if question.id.starts_with("value:") => {
                Some(specwright_catalog::render(&question.text, specwright_catalog::Locale::En))
            }
            _ => None,
        })
        .collect();
    assert_eq!(asked.len(), 1, "{asked:?} {:#?}", &events[events.len().saturating_sub(2)..]);
    assert!(asked[0].contains("'assigned'") && asked[0].contains("'new'"), "{}", asked[0]);
    let Event::Error { message, .. } = &events.last().unwrap().event else { panic!("{:?}", events.last()) };
    let said = specwright_catalog::render(message, specwright_catalog::Locale::En);
    assert!(said.contains("'assigned'") && said.contains("'new'"), "{said}");

    // The value quoted: the select's other option carries the same words, and is no answer —
    // the check is of the value the status shows (main grounded the option "assigned" and
    // failed with "no element matches", never saying what the status shows).
    let started = runtime.start_session(run(spec("'assigned'"), "quoted")).await.unwrap();
    let events = ended(&runtime, &started).await;
    let Event::Error { message, .. } = &events.last().unwrap().event else { panic!("{:?}", events.last()) };
    let said = specwright_catalog::render(message, specwright_catalog::Locale::En);
    assert!(said.contains("'assigned'") && said.contains("'new'"), "{said}");

    let started = runtime.start_session(run(spec("new"), "holds")).await.unwrap();
    let events = ended(&runtime, &started).await;
    assert!(
        !events
            .iter()
            .any(|e| matches!(&e.event, Event::QuestionAsked { question } if question.id.starts_with("value:"))),
        "no question of the value"
    );
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let scenario = final_scenarios(&events).into_values().next().unwrap();
    let checks: Vec<&Action> =
        scenario.steps.iter().map(|s| &s.action).filter(|a| matches!(a, Action::Expect { .. })).collect();
    assert!(
        checks.iter().any(|a| matches!(a, Action::Expect { assertion: specwright_scenario::Assertion::Value { expected }, .. } if expected == "new")),
        "the select's value: {checks:?}"
    );
    assert!(
        checks.iter().any(|a| matches!(a, Action::Expect { target, .. } if matches!(target.primary(), Some(Locator::Text { text, .. }) if text.contains("Priority: urgent")))),
        "the bold label's line: {checks:?}"
    );
}

/// A value described in words ("비밀번호 필드에 관리자 비밀번호를 입력한 뒤 로그인 버튼을 누른다") is
/// never typed as those words: the password field gets the run's password (given separately,
/// as a planner gives it), the login goes through, and the export types the secret, not the
/// words (main typed "관리자 비밀번호" and ended "the app refused this step").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_value_described_in_words_is_never_typed_as_them() {
    let (dir, runtime, app) = on_the_demo_app().await;
    let spec = "# 관리자 로그인\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
                3. 비밀번호 필드에 관리자 비밀번호를 입력한 뒤 로그인 버튼을 누른다.\n\
                4. '대시보드'가 보이는지 확인한다.\n";
    let document = specwright_intake::parse("described.ko.md", spec.as_bytes()).unwrap();
    let mut secrets = specwright_browser::Secrets::default();
    secrets.insert("PASSWORD", "demo1234");
    let started = runtime
        .start_session(SessionRequest {
            secrets,
            ..specwright_tests::session_request(vec![document], app.url(), &dir.path().join("out"))
        })
        .await
        .unwrap();
    let events = ended(&runtime, &started).await;
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }), "{:?}", events.last());
    let scenario = final_scenarios(&events).into_values().next().unwrap();
    let typed: Vec<&specwright_scenario::Value> = scenario
        .steps
        .iter()
        .filter_map(|s| match &s.action {
            Action::Fill { value, .. } => Some(value),
            _ => None,
        })
        .collect();
    assert!(
        typed.iter().any(|v| matches!(v, specwright_scenario::Value::Secret { name } if name == "PASSWORD")),
        "{typed:?}"
    );
    let exported = std::fs::read_to_string(dir.path().join("out").join("scenario.spec.ts")).unwrap_or_default();
    assert!(!exported.contains("관리자 비밀번호') ") && !exported.contains("fill('관리자"), "{exported}");
}
