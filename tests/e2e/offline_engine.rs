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
pub(crate) fn final_scenarios(events: &[Envelope]) -> BTreeMap<String, Scenario> {
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

pub(crate) fn step_target<'a>(scenario: &'a Scenario, intent: &str) -> &'a specwright_scenario::Target {
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

/// A fresh data dir, its runtime and the demo app, for a test of its own.
pub(crate) async fn on_the_demo_app() -> (tempfile::TempDir, Arc<Runtime>, DemoApp) {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    (dir, runtime, specwright_tests::demo_app(&[]).await)
}

/// A started run's events to its end, once the run itself is over.
pub(crate) async fn ended(runtime: &Arc<Runtime>, started: &specwright_runtime::RunStarted) -> Vec<Envelope> {
    let events = events_until_terminal(runtime, &started.session_id, 0).await;
    runtime.wait(&started.run_id).await;
    events
}

// A test crate's root resolves modules beside itself; its children live in a folder of its name.
#[path = "offline_engine/conversation.rs"]
mod conversation;
#[path = "offline_engine/dead_ends.rs"]
mod dead_ends;
#[path = "offline_engine/versions.rs"]
mod versions;
