//! Generality: the offline engine on the real-application corpus (`tests/corpus`), per
//! application — specs that reach their truthful outcome, questions per spec, wrong groundings
//! and false greens (both must be 0) — beside the same figures on the bundled demo fixtures,
//! the specs the engine was built with, measured in the same run.

use specwright_runtime::{DemoApp, Runtime};
use specwright_store::{SequentialIds, SystemClock};
use specwright_tests::corpus::{apps, report, run_spec, specs, Judged};
use std::sync::Arc;

pub async fn measure(demo: &DemoApp) -> Vec<serde_json::Value> {
    let dir = tempfile::tempdir().unwrap();
    let runtime = Runtime::open(dir.path(), Arc::new(SystemClock), Arc::new(SequentialIds::default())).unwrap();
    let out = specwright_tests::output_dir("bench-corpus");
    let apps = apps();
    let mut results: Vec<Judged> = Vec::new();
    for spec in specs() {
        let Some(app) = apps.get(&spec.app) else { continue };
        results.push(run_spec(&runtime, &spec, app, &out).await);
    }
    println!("\ngenerality on the real-application corpus (offline engine, {} specs):", results.len());
    print!("{}", report(&results));
    let fixtures = fixture_figures(&runtime, demo, &out).await;
    println!(
        "bundled fixtures (reference, the specs the engine was built with): {}/{} sessions complete, {:.2} questions/session",
        fixtures.0, fixtures.1, fixtures.2
    );
    let reached = results.iter().filter(|r| r.reached).count();
    vec![serde_json::json!({
        "name": "generality.corpus",
        "specs": results.len(),
        "reached": reached,
        "false_greens": results.iter().filter(|r| r.false_green).count(),
        "wrong_groundings": results.iter().map(|r| r.wrong_groundings.len()).sum::<usize>(),
        "questions_per_spec": results.iter().map(|r| r.questions).sum::<usize>() as f64 / results.len().max(1) as f64,
        "reference_name": "bundled fixtures",
        "reference": { "complete": fixtures.0, "sessions": fixtures.1, "questions_per_session": fixtures.2 },
    })]
}

/// The bundled sample specs on the demo app: sessions that complete, of how many, and questions.
async fn fixture_figures(runtime: &Arc<Runtime>, demo: &DemoApp, out: &std::path::Path) -> (usize, usize, f64) {
    let mut complete = 0;
    let mut questions = 0;
    let names = ["shop-admin-prd.ko.md", "shop-admin-testcases.ko.xlsx", "shop-admin-testcases.en.xlsx"];
    for name in names {
        let path = specwright_tests::repo_root().join("tests/fixtures/specs").join(name);
        let document = specwright_intake::read_spec(&path).unwrap();
        let rules = specwright_runtime::DEMO_ANSWERS
            .iter()
            .map(|(when, answer)| specwright_runtime::Rule {
                when: regex::Regex::new(when).unwrap(),
                answer: answer.to_string(),
            })
            .collect();
        let started = runtime
            .start_session(specwright_runtime::SessionRequest {
                title: None,
                documents: vec![document],
                target_url: demo.url(),
                out_dir: specwright_runtime::OutDir::Exact(out.join(name)),
                browser: None,
                safety: Default::default(),
                answerer: Box::new(specwright_runtime::Answers::new(rules, Default::default())),
                secrets: Default::default(),
                engine: specwright_runtime::EngineChoice::Offline,
            })
            .await
            .unwrap();
        let events = specwright_tests::events_until_terminal(runtime, &started.session_id, 0).await;
        runtime.wait(&started.run_id).await;
        if matches!(events.last().map(|e| &e.event), Some(specwright_protocol::Event::SessionCompleted { .. })) {
            complete += 1;
        }
        questions +=
            events.iter().filter(|e| matches!(e.event, specwright_protocol::Event::QuestionAsked { .. })).count();
    }
    (complete, names.len(), questions as f64 / names.len() as f64)
}
