//! The CLI as a user runs it: a real session, and the one-line errors bad input gets.

use std::net::TcpListener;
use std::path::Path;
use std::process::{Command, Output};

fn specwright(data_dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_specwright"));
    command.arg("--data-dir").arg(data_dir).args(args);
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn no_sessions(data_dir: &Path) {
    let out = specwright(data_dir, &["sessions", "--json"], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "[]",
        "a failed pre-flight must not leave a session behind"
    );
}

fn spec_file(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("spec.md");
    std::fs::write(&path, "# Login\n\n1. Click 'Sign in'\n").unwrap();
    path
}

#[test]
fn missing_spec_file_is_a_one_line_error_and_no_session() {
    let dir = tempfile::tempdir().unwrap();
    let out =
        specwright(dir.path(), &["run", "--spec", "nope/missing.md", "--url", "http://127.0.0.1:9", "--out", "o"], &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("Spec file not found") && err.contains("missing.md"), "{err}");
    no_sessions(dir.path());
}

#[test]
fn unreachable_url_is_reported_before_a_session_exists() {
    let dir = tempfile::tempdir().unwrap();
    // A port that was just free: nothing listens there.
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let spec = spec_file(dir.path());
    let url = format!("http://127.0.0.1:{port}");
    let out = specwright(dir.path(), &["run", "--spec", spec.to_str().unwrap(), "--url", &url, "--out", "o"], &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("Cannot reach") && err.contains(&url), "{err}");
    no_sessions(dir.path());

    let out = specwright(
        dir.path(),
        &["run", "--spec", spec.to_str().unwrap(), "--url", "localhost:3000", "--out", "o"],
        &[],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("Invalid target URL"), "{}", stderr(&out));
}

#[test]
fn demo_port_in_use_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = specwright(dir.path(), &["demo", "--port", &port, "--out", dir.path().join("o").to_str().unwrap()], &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains(&format!("Port {port} is already in use")), "{err}");
    no_sessions(dir.path());
}

#[test]
fn missing_chromium_or_driver_names_the_setup_command() {
    let dir = tempfile::tempdir().unwrap();
    let out = specwright(dir.path(), &["demo", "--out", "o"], &[("SPECWRIGHT_CHROMIUM", "/nonexistent/chromium")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("Chromium was not found: run `make setup`"), "{}", stderr(&out));

    let out = specwright(dir.path(), &["demo", "--out", "o"], &[("PLAYWRIGHT_CLI_JS", "/nonexistent/cli.js")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("Playwright driver (playwright-core) was not found"), "{}", stderr(&out));
    no_sessions(dir.path());
}

#[test]
fn unknown_session_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = specwright(dir.path(), &["show", "ses_nope"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("Session ses_nope does not exist"), "{}", stderr(&out));
}

#[test]
fn demo_runs_headless_with_json_events_and_is_listed_afterwards() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    let out = specwright(dir.path(), &["demo", "--json", "--out", out_dir.to_str().unwrap()], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let events: Vec<serde_json::Value> =
        stdout.lines().filter(|l| l.starts_with('{')).map(|l| serde_json::from_str(l).unwrap()).collect();
    // Two sessions: the sample PRD, then the sample workbook; each gap-free with one terminal event.
    let mut sessions: Vec<String> = Vec::new();
    for e in &events {
        let id = e["session_id"].as_str().unwrap().to_string();
        if !sessions.contains(&id) {
            sessions.push(id);
        }
    }
    assert_eq!(sessions.len(), 2, "the PRD and the workbook");
    for id in &sessions {
        let mine: Vec<_> = events.iter().filter(|e| e["session_id"] == id.as_str()).collect();
        let seqs: Vec<u64> = mine.iter().map(|e| e["seq"].as_u64().unwrap()).collect();
        assert_eq!(seqs, (1..=seqs.len() as u64).collect::<Vec<_>>(), "gap-free, in order");
        let terminal: Vec<_> = mine
            .iter()
            .filter(|e| {
                matches!(
                    e["event"]["type"].as_str(),
                    Some("session.completed" | "session.waiting" | "run.cancelled" | "error")
                )
            })
            .collect();
        assert_eq!(terminal.len(), 1);
        assert_eq!(terminal[0]["event"]["type"], "session.completed");
    }
    let session_id = sessions[0].clone();
    // The workbook's delete cases asked, and the demo's answers said yes.
    let answered = events.iter().filter(|e| e["event"]["type"] == "question.answered").count();
    assert_eq!(answered, 3, "three delete confirmations");

    // The output folders are named as each session ends and hold every export; the workbook
    // writes one folder per case.
    let folders: Vec<String> = stdout
        .lines()
        .filter(|l| l.starts_with("출력 폴더") || l.starts_with("Output folder"))
        .map(|l| l.rsplit(": ").next().unwrap().to_string())
        .collect();
    assert_eq!(folders.len(), 2, "{stdout}");
    let folder = folders[0].clone();
    assert!(folder.ends_with(&session_id), "{folder}");
    let cases: Vec<_> =
        std::fs::read_dir(&folders[1]).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
    assert_eq!(cases.len(), 20, "{cases:?}");
    assert!(cases.iter().all(|c| c.join("scenario.spec.ts").is_file()));
    // The report as a PDF a planner can mail, printed by the same Chromium.
    let pdf = specwright(dir.path(), &["pdf", &session_id], &[]);
    assert!(pdf.status.success(), "{}", stderr(&pdf));
    let printed = Path::new(&folder).join("report.pdf");
    assert!(String::from_utf8_lossy(&pdf.stdout).contains(&printed.display().to_string()));
    assert!(std::fs::read(&printed).unwrap().starts_with(b"%PDF-"));
    // Beside the cases: the run's own report, and the planner's workbook with the results.
    let workbook = Path::new(&folders[1]);
    assert!(workbook.join("report.html").is_file());
    assert!(workbook.join("shop-admin-testcases.ko-결과.xlsx").is_file());
    for file in [
        "scenario.json",
        "scenario.spec.ts",
        "playwright.config.ts",
        "scenario.robot",
        "scenario.ko.feature",
        "scenario.en.feature",
        "test-plan.md",
        "flow.mmd",
        "junit.xml",
        "report.html",
        "trial-run.json",
    ] {
        assert!(Path::new(&folder).join(file).is_file(), "{file} missing in {folder}");
    }

    let list = specwright(dir.path(), &["sessions"], &[]);
    let text = String::from_utf8_lossy(&list.stdout);
    assert!(text.contains(&session_id) && text.contains("completed"), "{text}");
    let show = specwright(dir.path(), &["show", &session_id, "--lang", "en"], &[]);
    let text = String::from_utf8_lossy(&show.stdout);
    assert!(text.contains("Trial run: PASSED"), "{text}");
    // The engine's sentences are stored as messages and read in the language asked for.
    let korean = String::from_utf8_lossy(&specwright(dir.path(), &["show", &session_id, "--lang", "ko"], &[]).stdout)
        .into_owned();
    assert!(korean.contains("새 브라우저에서 시나리오를 처음부터 시험 실행합니다."), "{korean}");
    assert!(!korean.contains("Trial-running"), "{korean}");
    let english =
        String::from_utf8_lossy(&specwright(dir.path(), &["show", &session_id], &[("LANG", "en_US.UTF-8")]).stdout)
            .into_owned();
    assert!(english.contains("Trial-running the scenario from a fresh browser."), "{english}");
    assert!(!english.contains("새 브라우저에서"), "{english}");

    // Replay needs the secret the spec held: this machine still has the spec, so it knows it.
    let replay_dir = dir.path().join("replay");
    let out = specwright(
        dir.path(),
        &["replay", &session_id, "--serve-demo", "--out", replay_dir.to_str().unwrap()],
        &[("LANG", "ko_KR.UTF-8"), ("LC_ALL", ""), ("LC_MESSAGES", "")],
    );
    assert!(out.status.success(), "{}{}", String::from_utf8_lossy(&out.stdout), stderr(&out));
    let replayed = String::from_utf8_lossy(&out.stdout);
    assert!(replayed.contains("시험 실행: 통과"), "{replayed}");
    assert!(!replayed.contains("PASSED") && !replayed.contains("Trial run"), "{replayed}");

    // The kept scenarios by the app they run on; a check of one against the app as it is now.
    let out = specwright(dir.path(), &["suites", "--json"], &[]);
    let suites: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let listed = suites.as_array().unwrap().iter().flat_map(|s| s["sessions"].as_array().unwrap().iter());
    assert!(listed.clone().any(|s| s["id"] == session_id.as_str()), "{suites}");
    // A suite named by a person: listed, and picked by that name.
    let english = [("LANG", "en_US.UTF-8"), ("LC_ALL", ""), ("LC_MESSAGES", "")];
    let origin = suites[0]["origin"].as_str().unwrap().to_string();
    let out = specwright(dir.path(), &["suites", "rename", &origin, "데모 상점"], &english);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("Suite name: 데모 상점"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let listed = specwright(dir.path(), &["suites"], &english);
    assert!(String::from_utf8_lossy(&listed.stdout).contains(&format!("데모 상점 ({origin})")));
    let long = "가".repeat(81);
    let out = specwright(dir.path(), &["suites", "rename", "데모 상점", &long], &english);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("at most 80 characters"), "{}", stderr(&out));
    let out = specwright(dir.path(), &["suites", "rename", "데모 상점", ""], &english);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("goes by its address"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = specwright(
        dir.path(),
        &["check", &session_id, "--serve-demo", "--out", dir.path().join("check").to_str().unwrap()],
        &[("LANG", "ko_KR.UTF-8"), ("LC_ALL", ""), ("LC_MESSAGES", "")],
    );
    let checked = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{checked}{}", stderr(&out));
    assert!(checked.contains("✓ 통과") && checked.contains("통과 1, 화면 변경 0, 실패 0, 진행 불가 0"), "{checked}");
    // Said to the session: the reply, then the suite checked as `check` does.
    let out = specwright(
        dir.path(),
        &[
            "say",
            &session_id,
            "Check the whole suite",
            "--serve-demo",
            "--out",
            dir.path().join("said").to_str().unwrap(),
        ],
        &english,
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}{}", stderr(&out));
    assert!(
        said.contains("Checking the 2 sessions of the suite http://127.0.0.1:") && said.contains("(21 scenarios)"),
        "{said}"
    );
    assert!(said.contains("✓ passed") && said.contains("21 passed, 0 drifted, 0 failed, 0 blocked"), "{said}");
    // The suite as one Playwright project (run by the export's own e2e test).
    let project = dir.path().join("suite");
    let out = specwright(dir.path(), &["export-suite", &origin, "--out", project.to_str().unwrap()], &english);
    let written = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{written}{}", stderr(&out));
    assert!(written.contains("21 tests in ") && written.contains("in 4 shards"), "{written}");
    assert!(project.join(".github/workflows/specwright-suite.yml").exists() && project.join("tests").is_dir());

    // A new version of the sample spec, its price changed: the comparison alone runs nothing;
    // then the new session keeps the unchanged sentences' steps and explores the changed one.
    let korean = [("LANG", "ko_KR.UTF-8"), ("LC_ALL", ""), ("LC_MESSAGES", "")];
    let v2 = dir.path().join("shop-admin-prd.v2.md");
    let spec = include_str!("../../../tests/fixtures/specs/shop-admin-prd.ko.md");
    std::fs::write(&v2, spec.replace("'39000'", "'45000'")).unwrap();
    let v2 = v2.to_str().unwrap();
    let before = specwright(dir.path(), &["sessions", "--json"], &[]).stdout;
    let out = specwright(dir.path(), &["revise", &session_id, "--spec", v2, "--compare"], &korean);
    let compared = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{compared}{}", stderr(&out));
    // The nine sentences before the changed one keep their steps; the five after it are explored.
    assert!(compared.contains("그대로 14(그중 기록대로 다시 실행 9), 바뀜 1, 새 문장 0, 빠진 문장 0"), "{compared}");
    assert!(compared.contains("~ 30번째 줄(이전 30번째 줄): 5. '가격' 필드에 '45000'을 입력한다."), "{compared}");
    assert_eq!(specwright(dir.path(), &["sessions", "--json"], &[]).stdout, before, "a comparison runs nothing");
    let out = specwright(
        dir.path(),
        &["revise", &session_id, "--spec", v2, "--serve-demo", "--out", dir.path().join("v2").to_str().unwrap()],
        &korean,
    );
    let revised = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{revised}{}", stderr(&out));
    assert!(revised.contains("그대로 14(그중 기록대로 다시 실행 9), 바뀜 1"), "{revised}");
    assert!(revised.contains("기록대로 다시 실행했고"), "{revised}");
    assert!(revised.contains("시험 실행: 통과"), "{revised}");

    // Export picks formats; a wrong one is named with the valid ones.
    let export_dir = dir.path().join("export");
    let out = specwright(
        dir.path(),
        &["export", &session_id, "--format", "junit,gherkin-en", "--out", export_dir.to_str().unwrap()],
        &[],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let mut names: Vec<_> =
        std::fs::read_dir(&export_dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names, vec!["junit.xml", "scenario.en.feature"]);
    let out = specwright(dir.path(), &["export", &session_id, "--format", "pdf", "--out", "x"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("Unknown export format pdf; use one of: json, playwright"), "{}", stderr(&out));

    // A bundle carries the session to another machine, without the password the spec held.
    let bundle = dir.path().join("handoff.swbundle");
    let out = specwright(dir.path(), &["bundle", &session_id, "--out", bundle.to_str().unwrap()], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let unzip = Command::new("python3")
        .arg("-c")
        .arg("import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(len(z.namelist())); sys.exit(any(b'demo1234' in z.read(n) for n in z.namelist()))")
        .arg(&bundle)
        .output()
        .unwrap();
    assert!(unzip.status.success(), "the bundle holds the secret");
    let entries: usize = String::from_utf8_lossy(&unzip.stdout).trim().parse().unwrap();
    assert!(entries > 40, "bundle.json, events and the frames ({entries} entries)");

    let other = tempfile::tempdir().unwrap();
    let out = specwright(other.path(), &["import", bundle.to_str().unwrap(), "--json"], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let imported: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let imported = imported["session_id"].as_str().unwrap().to_string();
    let show = specwright(other.path(), &["show", &imported], &[]);
    assert!(String::from_utf8_lossy(&show.stdout).contains("status: completed"));
    // Its steps go to the address the bundle names only once a person here agrees.
    let out = specwright(other.path(), &["replay", &imported], &[("SPECWRIGHT_SECRET_PASSWORD", "demo1234")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--trust-target"), "{}", stderr(&out));
    // The bundle cut the password out of the spec: a replay there needs it given, and says so
    // (on a demo app served here: an address of this machine's, not the bundle's).
    let out = specwright(other.path(), &["replay", &imported, "--serve-demo"], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("The secret PASSWORD is not set"), "{}", stderr(&out));
    let out = specwright(
        other.path(),
        &["replay", &imported, "--serve-demo", "--out", other.path().join("r").to_str().unwrap()],
        &[("SPECWRIGHT_SECRET_PASSWORD", "demo1234")],
    );
    assert!(out.status.success(), "replay of an imported session: {}", stderr(&out));
    // Importing again keeps both: the second copy gets new ids.
    let out = specwright(other.path(), &["import", bundle.to_str().unwrap(), "--json"], &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let again: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_ne!(again["session_id"], imported.as_str());

    // Anything else is refused with a sentence, and nothing is stored.
    let junk = dir.path().join("junk.swbundle");
    std::fs::write(&junk, b"PK\x03\x04 truncated").unwrap();
    let out = specwright(other.path(), &["import", junk.to_str().unwrap()], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("Cannot open the session bundle"), "{}", stderr(&out));
    let list = specwright(other.path(), &["sessions", "--json"], &[]);
    let sessions: serde_json::Value = serde_json::from_slice(&list.stdout).unwrap();
    assert_eq!(sessions.as_array().unwrap().len(), 2);
}

#[test]
fn a_question_nobody_answers_exits_3_with_the_question_and_resume_answers_it() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("export.md");
    std::fs::write(
        &spec,
        "# 내보내기\n\n1. '/login' 페이지로 이동한다.\n2. '이메일' 필드에 'ada@example.com'을 입력한다.\n\
         3. '비밀번호' 필드에 'demo1234'를 입력한다.\n4. '로그인' 버튼을 클릭한다.\n5. '상품 관리' 링크를 클릭한다.\n\
         6. '내보내기' 버튼을 클릭한다.\n7. '목록을 내보냈습니다.' 메시지가 표시되는지 확인한다.\n",
    )
    .unwrap();
    let out_dir = dir.path().join("out");
    let run = specwright(
        dir.path(),
        &["run", "--spec", spec.to_str().unwrap(), "--serve-demo", "--out", out_dir.to_str().unwrap()],
        &[],
    );
    assert_eq!(run.status.code(), Some(3), "{}", stderr(&run));
    let stdout = String::from_utf8_lossy(&run.stdout);
    let question: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(question["kind"], "target");
    // The two same-named buttons, then "none of these: a defect" and "skip".
    let values: Vec<&str> =
        question["options"].as_array().unwrap().iter().filter_map(|o| o["value"].as_str()).collect();
    assert_eq!(values, vec!["1", "2", "defect", "skip"]);
    assert!(stderr(&run).contains("specwright resume"), "{}", stderr(&run));
    let list = specwright(dir.path(), &["sessions", "--json"], &[]);
    let sessions: serde_json::Value = serde_json::from_slice(&list.stdout).unwrap();
    assert_eq!(sessions[0]["status"], "waiting");
    let session_id = sessions[0]["id"].as_str().unwrap().to_string();

    // A bad answers file is one clear line; a good one lets the session finish.
    let answers = dir.path().join("answers.yaml");
    std::fs::write(&answers, "- when: '('\n  answer: 1\n").unwrap();
    let bad = specwright(dir.path(), &["resume", &session_id, "--answers", answers.to_str().unwrap()], &[]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("answers file") && stderr(&bad).contains("#1 when"), "{}", stderr(&bad));
    std::fs::write(&answers, "- when: \"'내보내기'\"\n  answer: 1\n").unwrap();
    let gone = specwright(dir.path(), &["resume", &session_id, "--answers", answers.to_str().unwrap()], &[]);
    // The demo app `run` served is gone: resume says so before starting.
    assert_eq!(gone.status.code(), Some(2), "{}", stderr(&gone));
    assert!(stderr(&gone).contains("Cannot reach"), "{}", stderr(&gone));
    let resumed = specwright(
        dir.path(),
        &[
            "resume",
            &session_id,
            "--serve-demo",
            "--answers",
            answers.to_str().unwrap(),
            "--out",
            out_dir.to_str().unwrap(),
            "--lang",
            "en",
        ],
        &[],
    );
    let text = String::from_utf8_lossy(&resumed.stdout);
    assert!(resumed.status.success(), "{text}{}", stderr(&resumed));
    assert!(text.contains("↳ 1 (answers_file)") && text.contains("Trial run: PASSED"), "{text}");
    assert!(out_dir.join("scenario.spec.ts").is_file());
}
