//! Measured truth of `specwright check`: kept scenarios checked against scripted changes, each
//! applied alone, of the demo app (its fault switches) and of corpus apps nobody here wrote (a
//! rewriting proxy in front of a live instance: `tests/corpus/change-proxy.py`) — drift (renamed
//! button and link, reworded label, moved field, new wrapper, reordered menu) and bugs (missing
//! row, wrong redirect, missing confirmation, valid input refused, missing validation, a wrong
//! value shown). Printed: drift handled (a pass, or a heal approved that then passes its trial;
//! goal ≥ 90%), bugs healed (must be 0), bugs in a scenario's scope reported as failed (goal
//! 100%), and a check's wall time against a plain replay of the same scenario on the unchanged
//! app, the reference measured in the same run; and a check of the 20-case workbook's suite
//! against the sum of its steps' browser time; and the demo app's whole suite checked at once in one
//! browser against the same checks one after another. `BENCH_DRIFT=corpus` measures the corpus
//! apps alone, `BENCH_DRIFT=demo` the demo app alone, `BENCH_DRIFT=suite` the suite alone.

use specwright_browser::Secrets;
use specwright_runtime::{OutDir, ReplayRequest, Runtime};
use specwright_scenario::CheckOutcome;
use specwright_store::{SequentialIds, SystemClock};
use specwright_tests::{events_until_terminal, Fault};
use std::sync::Arc;
use std::time::Instant;

/// The scenarios checked, and the bugs each one's spec speaks of (a bug outside it rightly passes).
const SPECS: &[(&str, &[Fault])] = &[
    (
        "shop-admin-prd.ko.md",
        &[Fault::MissingRow, Fault::WrongRedirect, Fault::MissingConfirmation, Fault::RefusedInput],
    ),
    ("item-validation.ko.md", &[Fault::BrokenValidation, Fault::WrongRedirect]),
];

/// Whether the scripted changes are checked (`BENCH_DRIFT=suite` measures only the demo app's
/// suite checked at once against one after another).
fn changes() -> bool {
    std::env::var("BENCH_DRIFT").map_or(true, |only| only != "suite")
}

/// One replay to its end: its run id, whether it completed, and its wall time in seconds.
async fn replay(runtime: &Arc<Runtime>, session: &str, url: String, check: bool) -> (String, bool, f64) {
    let mut secrets = Secrets::default();
    secrets.insert("PASSWORD", "demo1234");
    replay_with(runtime, session, url, check, secrets).await
}

async fn replay_with(
    runtime: &Arc<Runtime>,
    session: &str,
    url: String,
    check: bool,
    secrets: Secrets,
) -> (String, bool, f64) {
    let out = runtime.store().session(session).map(|_| std::env::temp_dir().join("specwright-bench-drift")).unwrap();
    let after = runtime.store().session(session).unwrap().last_seq;
    let started_at = Instant::now();
    let started = runtime
        .replay(ReplayRequest {
            session_id: session.to_string(),
            target_url: Some(url),
            secrets,
            out_dir: OutDir::PerSession(out),
            browser: None,
            check,
        })
        .await
        .unwrap();
    let events = events_until_terminal(runtime, session, after).await;
    runtime.wait(&started.run_id).await;
    let completed =
        matches!(events.last().map(|e| &e.event), Some(specwright_protocol::Event::SessionCompleted { .. }));
    (started.run_id, completed, started_at.elapsed().as_secs_f64())
}

/// Drift and bugs counted alike over the demo app and the corpus apps.
#[derive(Default)]
struct Tally {
    drift: usize,
    drift_handled: usize,
    bugs_in_scope: usize,
    bugs_failed: usize,
    bugs_healed: usize,
}

impl Tally {
    /// One change's check: a drift is handled when the check passed, or its heal approved then
    /// passed; a bug must never be healed, and within the spec's scope must fail.
    fn count(&mut self, bug: bool, in_scope: bool, outcome: CheckOutcome, healed: bool) {
        if bug {
            self.bugs_healed += usize::from(healed);
            if in_scope {
                self.bugs_in_scope += 1;
                self.bugs_failed += usize::from(outcome == CheckOutcome::Failed);
            }
        } else {
            self.drift += 1;
            self.drift_handled += usize::from(outcome == CheckOutcome::Passed || healed);
        }
    }
}

/// The session's outcome from its scenarios' (a sheet's cases each): the worst of them.
fn worst(judgements: &[specwright_scenario::Judgement]) -> CheckOutcome {
    let rank = |o: CheckOutcome| match o {
        CheckOutcome::Passed => 0,
        CheckOutcome::NotVerified => 1,
        CheckOutcome::Drifted => 2,
        CheckOutcome::Blocked => 3,
        CheckOutcome::Failed => 4,
    };
    judgements.iter().map(|j| j.outcome).max_by_key(|o| rank(*o)).unwrap_or(CheckOutcome::Blocked)
}

/// A check of `session` against `url`, and for a drift every proposal approved (as a person
/// saying yes to all would: what a bug would get), the healed scenarios replayed, then put back.
/// Returns the outcome (the worst of its scenarios'), whether the heal held, and what to print
/// after approval.
async fn checked(runtime: &Arc<Runtime>, session: &str, url: &str, secrets: &Secrets) -> (CheckOutcome, bool, String) {
    let (run, _, _) = replay_with(runtime, session, url.to_string(), true, secrets.clone()).await;
    let judged = worst(&runtime.judgements(session, &run).unwrap());
    if judged != CheckOutcome::Drifted {
        return (judged, false, "—".into());
    }
    let (before, _) = runtime.approve_heals(session, &run, &[], "bench").unwrap();
    let (_, passed, _) = replay_with(runtime, session, url.to_string(), false, secrets.clone()).await;
    for scenario in &before {
        runtime.restore_scenario(session, scenario).unwrap();
    }
    (judged, passed, if passed { "healed, passed".into() } else { "did not hold".into() })
}

pub async fn measure(url: &str) -> Vec<serde_json::Value> {
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let mut tally = Tally::default();
    let (mut check_seconds, mut replay_seconds) = (0.0, 0.0);
    let mut demo_secrets = Secrets::default();
    demo_secrets.insert("PASSWORD", "demo1234");
    println!("\ncheck: scripted changes of the demo app, each alone");
    println!("{:<24} {:<22} {:<10} {}", "scenario", "change", "check", "after approval");
    let demo = std::env::var("BENCH_DRIFT").map_or(true, |only| only != "corpus");
    let corpus_too = std::env::var("BENCH_DRIFT").map_or(true, |only| only != "demo" && only != "suite");
    for (spec, in_scope) in SPECS.iter().filter(|_| demo) {
        let path = specwright_tests::repo_root().join("tests/fixtures/specs").join(spec);
        let document = specwright_intake::read_spec(&path).unwrap();
        let started = runtime
            .start_session(specwright_tests::session_request(vec![document], url, &dir.path().join(spec)))
            .await
            .unwrap();
        let session = started.session_id.clone();
        events_until_terminal(&runtime, &session, 0).await;
        runtime.wait(&started.run_id).await;
        // The reference: a plain replay of the same scenario on the unchanged app.
        let (_, _, plain) = replay(&runtime, &session, url.to_string(), false).await;
        let (_, _, check) = replay(&runtime, &session, url.to_string(), true).await;
        replay_seconds += plain;
        check_seconds += check;
        for fault in Fault::DRIFT.into_iter().chain(Fault::BUGS).chain([Fault::BrokenValidation]).filter(|_| changes())
        {
            let app = specwright_tests::demo_app(&[fault]).await;
            let (outcome, healed, after) = checked(&runtime, &session, &app.url(), &demo_secrets).await;
            let bug = Fault::BUGS.contains(&fault) || fault == Fault::BrokenValidation;
            tally.count(bug, in_scope.contains(&fault), outcome, healed);
            println!("{:<24} {:<22} {:<10} {}", spec, fault.as_str(), format!("{outcome:?}"), after);
        }
    }
    let workbook = if demo { workbook(&runtime, url, dir.path(), &mut tally).await } else { None };
    let suite = if demo { Some(suite_at_once(&runtime, url, &demo_secrets).await) } else { None };
    let demo_only = (tally.drift_handled, tally.drift);
    if corpus_too {
        corpus(&runtime, dir.path(), &mut tally).await;
    }
    let Tally { drift, drift_handled, bugs_in_scope, bugs_failed, bugs_healed } = tally;
    let rate = |a: usize, b: usize| if b == 0 { f64::NAN } else { a as f64 / b as f64 };
    println!(
        "drift handled (passed, or healed with approval and passed): {drift_handled}/{drift} ({:.0}%, goal ≥ 90%; demo app {}/{})",
        100.0 * rate(drift_handled, drift),
        demo_only.0,
        demo_only.1
    );
    println!("bugs healed: {bugs_healed} (must be 0)");
    println!(
        "bugs in scope reported as failed: {bugs_failed}/{bugs_in_scope} ({:.0}%, goal 100%)",
        100.0 * rate(bugs_failed, bugs_in_scope)
    );
    println!(
        "check wall time {:.1} s vs plain replay {:.1} s on the unchanged app: {:.2}x",
        check_seconds,
        replay_seconds,
        check_seconds / replay_seconds
    );
    let mut records = vec![
        serde_json::json!({
            "name": "check.drift_handled", "ours": rate(drift_handled, drift), "cases": drift, "unit": "ratio",
            "goal": 0.9,
        }),
        serde_json::json!({ "name": "check.bugs_healed", "ours": bugs_healed, "unit": "count", "goal": 0 }),
        serde_json::json!({
            "name": "check.bugs_failed", "ours": rate(bugs_failed, bugs_in_scope), "cases": bugs_in_scope,
            "unit": "ratio", "goal": 1.0,
        }),
        serde_json::json!({
            "name": "check.wall_time", "ours": check_seconds, "reference": replay_seconds, "unit": "s",
            "ratio": check_seconds / replay_seconds, "reference_name": "plain replay, same scenarios, unchanged app",
        }),
    ];
    if let Some((wall, browser)) = workbook {
        println!(
            "20-case workbook check: wall {wall:.1} s vs the sum of its steps' browser time {browser:.1} s: {:.2}x",
            wall / browser
        );
        records.push(serde_json::json!({
            "name": "check.workbook_wall_time", "ours": wall, "reference": browser, "unit": "s",
            "ratio": wall / browser, "reference_name": "sum of the check's steps' browser time",
        }));
    }
    if let Some((sessions, at_once, one_by_one)) = suite {
        println!(
            "the demo app's suite ({sessions} sessions) checked at once in one browser {at_once:.1} s vs one after another {one_by_one:.1} s: {:.2}x",
            at_once / one_by_one
        );
        records.push(serde_json::json!({
            "name": "check.suite_wall_time", "ours": at_once, "reference": one_by_one, "unit": "s",
            "ratio": at_once / one_by_one, "sessions": sessions,
            "reference_name": "the same sessions checked one after another, each in its own browser",
        }));
    }
    records
}

/// Every session of the demo app's suite (the specs' and the workbook's) checked at once, in
/// contexts of one browser ([`Runtime::check_all`]), against the reference measured in the same
/// run: the same checks one after another, each in its own browser (what "check all" did
/// before). Returns the sessions, and both wall times in seconds.
async fn suite_at_once(runtime: &Arc<Runtime>, url: &str, secrets: &Secrets) -> (usize, f64, f64) {
    let origin = specwright_runtime::origin_of(url);
    let suite = runtime.suites().unwrap().into_iter().find(|s| s.origin == origin).unwrap();
    let sessions: Vec<String> = suite.sessions.iter().map(|s| s.id.clone()).collect();
    let started_at = Instant::now();
    for session in &sessions {
        replay_with(runtime, session, url.to_string(), true, secrets.clone()).await;
    }
    let one_by_one = started_at.elapsed().as_secs_f64();
    let out = std::env::temp_dir().join("specwright-bench-drift");
    let mut after = Vec::new();
    let mut requests = Vec::new();
    for session in &sessions {
        after.push(runtime.store().session(session).unwrap().last_seq);
        requests.push(ReplayRequest {
            session_id: session.clone(),
            target_url: Some(url.to_string()),
            secrets: secrets.clone(),
            out_dir: OutDir::PerSession(out.clone()),
            browser: None,
            check: true,
        });
    }
    let started_at = Instant::now();
    let runs = runtime.check_all(requests).await;
    let mut passed = 0;
    for ((session, run), after) in sessions.iter().zip(runs).zip(after) {
        let run = run.unwrap();
        events_until_terminal(runtime, session, after).await;
        runtime.wait(&run.run_id).await;
        let judgements = runtime.judgements(session, &run.run_id).unwrap();
        passed += judgements.iter().filter(|j| j.outcome == CheckOutcome::Passed).count();
    }
    let at_once = started_at.elapsed().as_secs_f64();
    println!(
        "
check all: the demo app's suite, {} sessions, {passed} scenarios judged passed",
        sessions.len()
    );
    (sessions.len(), at_once, one_by_one)
}

/// What the offline engine's scripted user answers on the workbook (as the engine's test does).
fn scripted_user() -> Box<dyn specwright_rails::Answerer> {
    let rules = [("삭제|delete", "yes"), ("'검색'", "2")]
        .iter()
        .map(|(when, answer)| specwright_runtime::Rule {
            when: regex::Regex::new(when).unwrap(),
            answer: answer.to_string(),
        })
        .collect();
    Box::new(specwright_runtime::Answers::new(rules, Default::default()))
}

/// The 20-case workbook explored on the demo app, then checked as a suite: on the unchanged app
/// (the wall time of the check against the sum of its steps' browser time, measured in the same
/// run), with a renamed link (a drift only the cases that use it show) and with a list that
/// misses a new row (a bug). Returns (wall, browser) seconds of the unchanged app's check.
async fn workbook(runtime: &Arc<Runtime>, url: &str, out: &std::path::Path, tally: &mut Tally) -> Option<(f64, f64)> {
    let spec = "shop-admin-testcases.ko.xlsx";
    let path = specwright_tests::repo_root().join("tests/fixtures/specs").join(spec);
    let document = specwright_intake::read_spec(&path).unwrap();
    let request = specwright_runtime::SessionRequest {
        answerer: scripted_user(),
        ..specwright_tests::session_request(vec![document], url, &out.join(spec))
    };
    let started = runtime.start_session(request).await.unwrap();
    let session = started.session_id.clone();
    events_until_terminal(runtime, &session, 0).await;
    runtime.wait(&started.run_id).await;
    let cases = runtime.store().session_scenarios(&session).unwrap().len();
    let mut secrets = Secrets::default();
    secrets.insert("PASSWORD", "demo1234");
    let (run, _, wall) = replay_with(runtime, &session, url.to_string(), true, secrets.clone()).await;
    let judgements = runtime.judgements(&session, &run).unwrap();
    let browser_ms: u64 = runtime
        .store()
        .events(&session, 0)
        .unwrap()
        .iter()
        .filter(|e| e.run_id == run)
        .map(|e| match &e.event {
            specwright_protocol::Event::TrialStep { result, .. } => result.duration_ms,
            _ => 0,
        })
        .sum();
    let passed = judgements.iter().filter(|j| j.outcome == CheckOutcome::Passed).count();
    println!("\ncheck: the {spec} suite ({cases} cases; {passed} judged passed on the unchanged app)");
    for fault in [Fault::RenamedLink, Fault::MissingRow].into_iter().filter(|_| changes()) {
        let app = specwright_tests::demo_app(&[fault]).await;
        let (outcome, healed, after) = checked(runtime, &session, &app.url(), &secrets).await;
        let drifted = runtime
            .store()
            .runs(&session)
            .unwrap()
            .iter()
            .rev()
            .find(|r| r.kind == "check")
            .and_then(|r| runtime.judgements(&session, &r.id).ok())
            .map_or(0, |j| j.iter().filter(|j| j.outcome != CheckOutcome::Passed).count());
        tally.count(fault == Fault::MissingRow, true, outcome, healed);
        println!(
            "{:<24} {:<22} {:<10} {after} ({drifted} of {cases} cases not passed)",
            spec,
            fault.as_str(),
            format!("{outcome:?}")
        );
    }
    (passed == cases).then_some((wall, browser_ms as f64 / 1000.0))
}

/// One scripted change of a corpus app: its name, whether it is a bug (else drift), and the
/// change proxy's rules (`tests/corpus/change-proxy.py`), written against the app's own HTML.
type Change = (&'static str, bool, serde_json::Value);

/// Flask-AppBuilder's contact form and list (`fab/01-contact-create.md`).
fn fab() -> Vec<Change> {
    use serde_json::json;
    let add = "^/contactmodelview/add";
    let list = "^/contactmodelview/list";
    vec![
        (
            "renamed button",
            false,
            json!([{"replace": r"(>)Save(\s*<i class=.fa fa-save.>)", "with": r"\1Save contact\2", "path": add}]),
        ),
        (
            "reworded label",
            false,
            json!([
                {"replace": r#"(<label for="name" control-label>\s*)Name"#, "with": r"\1Full name", "path": add},
                {"replace": r#"placeholder="Name""#, "with": r#"placeholder="Full name""#, "path": add}
            ]),
        ),
        (
            "moved field",
            false,
            json!([{
                "replace": r#"(<tr>\s*<td class="col-lg-2">\s*<label for="name".*?</tr>)(\s*<tr>\s*<td class="col-lg-2">\s*<label for="address".*?</tr>)"#,
                "with": r"\2\1", "path": add
            }]),
        ),
        (
            "new wrapper",
            false,
            json!([{"replace": r#"(<form id="model_form".*?</form>)"#, "with": r#"<section class="card"><div class="card-body">\1</div></section>"#}]),
        ),
        (
            "reordered menu",
            false,
            json!([{
                "replace": r#"(<li>\s*<a tabindex="-1" href="/groupmodelview/list/">.*?</li>)(\s*<li>\s*<a tabindex="-1" href="/contactmodelview/list/">.*?</li>)"#,
                "with": r"\2\1"
            }]),
        ),
        ("missing confirmation", true, json!([{"replace": "Added Row", "with": ""}])),
        ("valid input refused", true, json!([{"refuse": add, "method": "POST", "status": 500}])),
        ("wrong redirect", true, json!([{"redirect": "/contactmodelview/list", "to": "/"}])),
        (
            "missing row",
            true,
            json!([{"replace": r"<tr[^>]*>(?:(?!</tr>).)*Ivy Chen(?:(?!</tr>).)*</tr>", "with": "", "path": list}]),
        ),
        ("wrong value", true, json!([{"replace": "1990-02-03", "with": "1990-03-02", "path": list}])),
    ]
}

/// django-oscar's dashboard categories (`oscar/01-create-category.md`).
fn oscar() -> Vec<Change> {
    use serde_json::json;
    let create = "^/dashboard/catalogue/categories/create/";
    let list = "^/dashboard/catalogue/categories/$";
    vec![
        (
            "renamed link",
            false,
            json!([{"replace": r"(</i>\s*)Create new category", "with": r"\1Create a new category"}]),
        ),
        (
            "reworded label",
            false,
            json!([{"replace": r#"(<label for="id_name"[^>]*>\s*)Name"#, "with": r"\1Category name", "path": create}]),
        ),
        (
            "moved button",
            false,
            json!([{
                "replace": r#"(<form id="create_update_category_form"[^>]*>)(.*?)(<button class="btn btn-primary" name="action" type="submit" value="save"[^>]*>\s*Save\s*</button>)"#,
                "with": r"\1\3\2", "path": create
            }]),
        ),
        (
            "new wrapper",
            false,
            json!([{"replace": r#"(<form id="create_update_category_form".*?</form>)"#, "with": r#"<section class="panel">\1</section>"#}]),
        ),
        (
            "reordered menu",
            false,
            json!([{
                "replace": r#"(<a class="dropdown-item" href="/dashboard/catalogue/">.*?</a>)(.*?)(<a class="dropdown-item" href="/dashboard/catalogue/categories/">.*?</a>)"#,
                "with": r"\3\2\1"
            }]),
        ),
        ("missing confirmation", true, json!([{"replace": "Category created successfully", "with": ""}])),
        ("valid input refused", true, json!([{"refuse": create, "method": "POST", "status": 500}])),
        ("wrong redirect", true, json!([{"redirect": "/dashboard/catalogue/categories/$", "to": "/dashboard/"}])),
        (
            "missing row",
            true,
            json!([{"replace": r"<tr[^>]*>(?:(?!</tr>).)*Cookbooks(?:(?!</tr>).)*</tr>", "with": "", "path": list}]),
        ),
    ]
}

/// django-oscar's dashboard product search, an Xray test sheet of two cases
/// (`oscar/02-product-search.xlsx`): each case its own scenario, the check judging each.
fn oscar_search() -> Vec<Change> {
    use serde_json::json;
    let search = r"^/dashboard/catalogue/(\?|$)";
    vec![
        (
            "renamed button",
            false,
            json!([{"replace": r#"(<i class="fas fa-search"></i>) Search"#, "with": r"\1 Search products", "path": search}]),
        ),
        (
            "reworded label",
            false,
            json!([{"replace": r#"(<label for="id_title">)Product title:"#, "with": r"\1Title:", "path": search}]),
        ),
        (
            "moved field",
            false,
            json!([{
                "replace": r#"(<form id="search_product_form".*?)(<div class="form-group mr-2 ">\s*<label for="id_upc">.*?</div>)(\s*)(<div class="form-group mr-2 ">\s*<label for="id_title">.*?</div>)"#,
                "with": r"\1\4\3\2", "path": search
            }]),
        ),
        (
            "new wrapper",
            false,
            json!([{"replace": r#"(<form id="search_product_form".*?</form>)"#, "with": r#"<section class="panel">\1</section>"#, "path": search}]),
        ),
        (
            "reordered menu",
            false,
            json!([{
                "replace": r#"(<a class="dropdown-item" href="/dashboard/catalogue/">.*?</a>)(.*?)(<a class="dropdown-item" href="/dashboard/catalogue/categories/">.*?</a>)"#,
                "with": r"\3\2\1"
            }]),
        ),
        (
            "missing row",
            true,
            json!([{"replace": r"<tr[^>]*>(?:(?!</tr>).)*The Silent Harbor(?:(?!</tr>).)*</tr>", "with": "", "path": search}]),
        ),
        ("missing message", true, json!([{"replace": r"No products found\.", "with": "", "path": search}])),
        (
            "valid input refused",
            true,
            json!([{"refuse": r"^/dashboard/catalogue/\?.*title=", "method": "GET", "status": 500}]),
        ),
        ("wrong redirect", true, json!([{"redirect": "^/dashboard/$", "to": "/dashboard/catalogue/categories/"}])),
    ]
}

/// Corpus specs nobody here wrote, each checked against scripted changes of its app made by a
/// rewriting proxy in front of a live instance. Every bug listed is in the spec's scope.
const CORPUS: &[(&str, fn() -> Vec<Change>)] = &[
    ("fab/01-contact-create.md", fab),
    ("oscar/01-create-category.md", oscar),
    ("oscar/02-product-search.xlsx", oscar_search),
];

async fn corpus(runtime: &Arc<Runtime>, out: &std::path::Path, tally: &mut Tally) {
    use specwright_tests::corpus::{apps, spec_secrets, specs, start, start_spec, Changed};
    let apps = apps();
    let specs = specs();
    println!("\ncheck: scripted changes of corpus apps (a rewriting proxy in front of a live instance), each alone");
    println!("{:<30} {:<22} {:<10} {}", "spec", "change", "check", "after approval");
    for (id, changes) in CORPUS {
        let Some(spec) = specs.iter().find(|s| s.id == *id) else {
            println!("{id}: not in the corpus");
            continue;
        };
        let Some(app) = apps.get(&spec.app).cloned() else {
            println!("{id}: its app is not set up (make setup)");
            continue;
        };
        let instance = match tokio::task::spawn_blocking(move || start(&app)).await.unwrap() {
            Ok(instance) => instance,
            Err(e) => {
                println!("{id}: {e}");
                continue;
            }
        };
        let started = start_spec(runtime, spec, &instance, &out.join(id.replace('/', "__"))).await.unwrap();
        events_until_terminal(runtime, &started.session_id, 0).await;
        runtime.wait(&started.run_id).await;
        let session = started.session_id;
        // The password the planner was given, under the name the scenario's variable has.
        let mut secrets = spec_secrets(spec);
        if let Some(value) = spec.expect.secrets.values().next() {
            let scenarios = runtime.store().session_scenarios(&session).unwrap();
            let variables = scenarios.iter().flat_map(|s| &s.variables);
            for variable in variables.filter(|v| v.source == specwright_scenario::VariableSource::Secret) {
                if secrets.get(&variable.name).is_none() {
                    secrets.insert(&variable.name, value);
                }
            }
        }
        let unchanged = Changed::start(&instance.origin, &serde_json::json!([])).unwrap();
        let target = |origin: &str| format!("{origin}{}", spec.expect.target);
        let (outcome, _, _) = checked(runtime, &session, &target(&unchanged.origin), &secrets).await;
        println!("{:<30} {:<22} {:<10} {}", id, "(none)", format!("{outcome:?}"), "—");
        if outcome != CheckOutcome::Passed {
            println!("{id}: the unchanged app's check did not pass; its changes are not counted");
            continue;
        }
        for (name, bug, rules) in changes() {
            let proxy = Changed::start(&instance.origin, &rules).unwrap();
            let (outcome, healed, after) = checked(runtime, &session, &target(&proxy.origin), &secrets).await;
            tally.count(bug, true, outcome, healed);
            println!("{:<30} {:<22} {:<10} {}", id, name, format!("{outcome:?}"), after);
        }
    }
}
