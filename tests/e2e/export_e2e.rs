//! The whole product path: a real demo session (real SQLite, real Chromium) produces a scenario
//! whose every step cites the spec, and its exported `.spec.ts` passes under the real
//! `@playwright/test` runner — and fails when the application does not behave as specified.

use specwright_browser::Secrets;
use specwright_protocol::Event;
use specwright_runtime::{ExportFormat, OutDir, ReplayRequest};
use specwright_scenario::{Action, Provenance, Scenario, TestData, Value, Variable, VariableSource, Verification};
use specwright_tests::events_until_terminal;
use specwright_tests::{output_dir, run_demo, run_playwright_test, terminal};

const SECRET: &str = "demo1234";

fn playwright_test(out_dir: &std::path::Path, base_url: &str, password: &str) -> std::process::Output {
    run_playwright_test(out_dir, base_url, &[("SPECWRIGHT_SECRET_PASSWORD", password)])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn demo_session_exports_a_test_that_playwright_runs_green_and_that_can_fail() {
    let data = tempfile::tempdir().unwrap();
    let log_guard = specwright_runtime::init_logging(data.path(), false).unwrap();
    let out_dir = output_dir("export_e2e");
    let run = run_demo(data.path(), out_dir.clone()).await;

    // Exactly one terminal event, and it is completion; sequence numbers are gap-free.
    assert!(matches!(terminal(&run.events), Event::SessionCompleted { .. }), "{:?}", terminal(&run.events));
    assert_eq!(run.events.iter().filter(|e| e.event.is_terminal()).count(), 1);
    let seqs: Vec<u32> = run.events.iter().map(|e| e.seq).collect();
    assert_eq!(seqs, (1..=seqs.len() as u32).collect::<Vec<_>>());

    // Every step cites a line of the spec that says what the step does.
    let scenario: Scenario =
        serde_json::from_str(&std::fs::read_to_string(out_dir.join("scenario.json")).unwrap()).unwrap();
    assert_eq!(scenario.steps.len(), 15);
    let spec = specwright_runtime::DEMO_SPEC;
    for step in &scenario.steps {
        assert_eq!(step.verification, Verification::Passed, "step {}", step.index);
        let Provenance::Spec { citation } = &step.provenance else {
            panic!("step {} has no spec citation", step.index)
        };
        let line = spec.lines().nth(citation.line as usize - 1).unwrap().trim();
        assert_eq!(line.replace(SECRET, "{{secret.PASSWORD}}"), citation.quote, "step {}", step.index);
    }
    // Frames were stored and announced for every explored and trial step.
    let frames: Vec<_> = run
        .events
        .iter()
        .filter_map(|e| match &e.event {
            Event::MirrorFrame { file, .. } => Some(file.clone()),
            _ => None,
        })
        .collect();
    // 15 explored steps, then 15 per trial run, two runs.
    assert_eq!(frames.len(), 45);
    for file in &frames {
        let bytes = std::fs::read(run.runtime.frame_path(&run.session_id, file).unwrap()).unwrap();
        assert_eq!(&bytes[..3], &[0xFF, 0xD8, 0xFF], "{file} is a JPEG");
    }
    // A frame after a step on an element says where that element is, for the mirror's outline;
    // a frame after a navigation outlines nothing.
    for envelope in &run.events {
        let Event::MirrorFrame { step_index: Some(index), target, file, .. } = &envelope.event else { continue };
        let step = scenario.steps.iter().find(|s| s.index == *index).unwrap();
        if step.action.target().is_none() {
            assert!(target.is_none(), "{file}: step {index} has no element, yet an outline");
            continue;
        }
        if matches!(step.action, specwright_scenario::Action::Click { .. }) {
            // A click may navigate away from its element: the outline is then rightly absent.
            continue;
        }
        let b = target.unwrap_or_else(|| panic!("{file}: step {index} ({}) has no outline", step.intent));
        assert!(b.x >= 0.0 && b.y >= 0.0 && b.width > 0.0 && b.height > 0.0, "{file}: {b:?}");
        assert!(b.x + b.width <= 1.0 + 1e-6 && b.y + b.height <= 1.0 + 1e-6, "{file}: {b:?}");
    }

    // The password from the spec never reaches the event log, the exports or the logs.
    let log = serde_json::to_string(&run.runtime.store().events(&run.session_id, 0).unwrap()).unwrap();
    assert!(!log.contains(SECRET), "secret in the event log");
    for entry in std::fs::read_dir(&out_dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap_or_default();
        assert!(!text.contains(SECRET), "secret in an export");
    }

    // Each requirement the spec names (its numbered sections, the overview and what is out of
    // scope aside), with the scenario and steps that prove it and their verdict, or "no test".
    let trace = std::fs::read_to_string(out_dir.join("traceability.html")).unwrap();
    assert!(trace.contains("<strong>2</strong> 로그인") && trace.contains("<strong>3</strong> 상품 등록"), "{trace}");
    assert!(trace.contains("<strong>4</strong> 예외 및 검증 규칙"), "{trace}");
    assert!(!trace.contains("개요") && !trace.contains("범위 외"), "{trace}");
    let book = specwright_intake::read_spec(&out_dir.join("traceability.xlsx")).unwrap();
    let rows: Vec<Vec<String>> = book.tables[0].rows.iter().map(|r| r.cells.clone()).collect();
    let row = |id: &str| rows.iter().find(|r| r.first().map(String::as_str) == Some(id)).cloned().unwrap_or_default();
    assert_eq!(row("2")[3], scenario.title, "{rows:?}");
    assert_eq!(row("2")[4], "1, 2, 3, 4, 5", "{rows:?}");
    assert_eq!(row("2")[5], "통과", "{rows:?}");
    assert_eq!(row("4")[3], "테스트 없음", "{rows:?}");

    // The exported test passes under the real runner, against the same app...
    let green = playwright_test(&out_dir, &run.app.url(), SECRET);
    let stdout = String::from_utf8_lossy(&green.stdout);
    assert!(green.status.success(), "playwright test failed:\n{stdout}\n{}", String::from_utf8_lossy(&green.stderr));
    assert!(stdout.contains("1 passed"), "{stdout}");

    // ...and is not a false green: with the wrong password the login step must fail.
    let red = playwright_test(&out_dir, &run.app.url(), "wrong-password");
    assert!(!red.status.success(), "the exported test passed with a wrong password");
    assert!(String::from_utf8_lossy(&red.stdout).contains("1 failed"));

    // Logs are flushed when the guard goes; they exist, say something, and hold no secret.
    drop(log_guard);
    let mut logged = String::new();
    for entry in std::fs::read_dir(data.path().join("logs")).unwrap() {
        logged.push_str(&std::fs::read_to_string(entry.unwrap().path()).unwrap_or_default());
    }
    assert!(logged.contains("browser launched"), "the run was logged");
    assert!(!logged.contains(SECRET), "secret in a log");

    // Data-driven: the price becomes a test-data column with two rows. A replay (no engine)
    // runs each row twice, and the exported test has one Playwright test per row.
    let mut scenario = run.runtime.store().latest_scenario(&run.session_id).unwrap().unwrap();
    scenario
        .variables
        .push(Variable { name: "price".into(), source: VariableSource::TestData { column: "가격".into() } });
    scenario.data = Some(TestData {
        columns: vec!["가격".into()],
        rows: vec![vec!["39000".into()], vec!["1000".into()]],
        citation: None,
    });
    let price_step = scenario.steps.iter_mut().find(|s| s.intent.contains("'가격'")).unwrap();
    let Action::Fill { value, .. } = &mut price_step.action else { panic!("price step is a fill") };
    *value = Value::Variable { name: "price".into() };
    run.runtime.store().save_scenario(&run.session_id, &scenario).unwrap();
    let mut secrets = Secrets::default();
    secrets.insert("PASSWORD", SECRET);
    let after = run.runtime.store().session(&run.session_id).unwrap().last_seq;
    let data_dir = output_dir("export_e2e_data");
    let started = run
        .runtime
        .replay(ReplayRequest {
            session_id: run.session_id.clone(),
            target_url: Some(run.app.url()),
            secrets,
            out_dir: OutDir::Exact(data_dir.clone()),
            browser: None,
            check: false,
        })
        .await
        .unwrap();
    let events = events_until_terminal(&run.runtime, &run.session_id, after).await;
    run.runtime.wait(&started.run_id).await;
    let done = events.iter().find_map(|e| match &e.event {
        Event::TrialDone { runs, passed, .. } => Some((*runs, *passed)),
        _ => None,
    });
    assert_eq!(done, Some((4, true)), "2 rows × 2 attempts, all passed");
    assert!(matches!(events.last().unwrap().event, Event::SessionCompleted { .. }));
    let files = run.runtime.export(&run.session_id, &[ExportFormat::Playwright], &data_dir).unwrap();
    assert_eq!(files.len(), 2);
    let green = playwright_test(&data_dir, &run.app.url(), SECRET);
    let stdout = String::from_utf8_lossy(&green.stdout);
    assert!(green.status.success() && stdout.contains("2 passed"), "{stdout}");
}

/// The demo suite (the PRD's scenario and the workbook's 20 cases) exported as one Playwright
/// project passes unmodified under the real runner, and its two shards together run every test
/// exactly once — as the CI files it writes run it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_suite_exports_as_one_playwright_project_whose_shards_run_every_test_once() {
    let data = tempfile::tempdir().unwrap();
    let run = run_demo(data.path(), output_dir("export_suite_session")).await;
    assert!(matches!(terminal(&run.events), Event::SessionCompleted { .. }), "{:?}", terminal(&run.events));
    let workbook = run
        .runtime
        .start_demo_workbook(OutDir::PerSession(output_dir("export_suite_workbook")), run.app.url())
        .await
        .unwrap();
    let events = events_until_terminal(&run.runtime, &workbook.session_id, 0).await;
    run.runtime.wait(&workbook.run_id).await;
    assert!(matches!(terminal(&events), Event::SessionCompleted { .. }), "{:?}", terminal(&events));

    let project = output_dir("export_suite");
    // A test file an earlier export wrote goes; a file the team added stays.
    std::fs::create_dir_all(project.join("tests")).unwrap();
    std::fs::write(project.join("tests/99-gone.spec.ts"), "// Generated by Specwright from scenario gone.\n").unwrap();
    std::fs::write(project.join("tests/team.ts"), "export const ours = 1;\n").unwrap();
    let exported = run.runtime.export_suite(&run.app.url(), &project).unwrap();
    assert_eq!((exported.tests, exported.shards), (21, 4));
    assert!(!project.join("tests/99-gone.spec.ts").exists() && project.join("tests/team.ts").exists());
    let specs: Vec<String> = std::fs::read_dir(project.join("tests"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".spec.ts"))
        .collect();
    assert_eq!(specs.len(), 21, "{specs:?}");
    let read = |name: &str| std::fs::read_to_string(project.join(name)).unwrap();
    assert!(!specs.iter().any(|name| read(&format!("tests/{name}")).contains(SECRET)), "a secret in a test");
    let workflow = read(".github/workflows/specwright-suite.yml");
    assert!(workflow.contains("shard: [1, 2, 3, 4]"), "{workflow}");
    assert!(workflow.contains("SPECWRIGHT_SECRET_PASSWORD: ${{ secrets.SPECWRIGHT_SECRET_PASSWORD }}"), "{workflow}");
    assert!(read(".gitlab-ci.yml").contains("parallel: 4"));
    let readme = read("README.md");
    assert!(readme.contains("`SPECWRIGHT_SECRET_PASSWORD`") && readme.contains("| `tests/01-"), "{readme}");

    // Two shards, as two CI jobs run them: each passes, and together they ran all 21, each once.
    let mut ran: Vec<String> = Vec::new();
    for shard in ["--shard=1/2", "--shard=2/2"] {
        let out = specwright_tests::run_playwright_project(
            &project,
            &run.app.url(),
            &[("SPECWRIGHT_SECRET_PASSWORD", SECRET)],
            &[shard],
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{shard}:\n{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
        let junit = read("results/junit.xml");
        // A test by its name and its file (`classname`): two cases may share a title.
        let cases: Vec<String> = junit
            .split("<testcase ")
            .skip(1)
            .map(|rest| rest.split(" time=").next().unwrap_or_default().to_string())
            .collect();
        assert!(!cases.is_empty() && junit.contains("failures=\"0\""), "{shard}: {junit}");
        ran.extend(cases);
        let files = junit.matches("<testsuite name=\"").count();
        assert!(files > 0 && files < 21, "{shard} ran some of the files, not all: {files}");
    }
    let mut once = ran.clone();
    once.sort();
    once.dedup();
    assert_eq!(ran.len(), 21, "every test ran, none twice: {ran:#?}");
    assert_eq!(once.len(), 21, "{ran:#?}");
    assert!(project.join("playwright-report/index.html").exists(), "the HTML report");
}
