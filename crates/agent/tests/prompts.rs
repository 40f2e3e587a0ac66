//! The rendered prompts, compared with checked-in snapshots: a prompt change is a reviewed diff.
//! `UPDATE_SNAPSHOTS=1 cargo test -p specwright-agent --test prompts` rewrites them.

use specwright_agent::system_prompt;
use std::path::PathBuf;

fn check(name: &str, rendered: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots").join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, rendered).unwrap();
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(rendered, stored, "{name} changed: review it, then UPDATE_SNAPSHOTS=1");
}

#[test]
fn system_prompts_in_both_languages_match_their_snapshots() {
    let en = system_prompt(false, "http://127.0.0.1:8080", 5, false).unwrap();
    let ko = system_prompt(true, "http://127.0.0.1:8080", 5, false).unwrap();
    let compact_en = system_prompt(false, "http://127.0.0.1:8080", 5, true).unwrap();
    let compact_ko = system_prompt(true, "http://127.0.0.1:8080", 5, true).unwrap();
    for rendered in [&en, &ko, &compact_en, &compact_ko] {
        assert!(rendered.contains("http://127.0.0.1:8080") && rendered.contains("{{secret.NAME}}"));
        assert!(!rendered.contains("{{target_url}}") && !rendered.contains("{{question_budget}}"));
    }
    // The compact variant is for small windows: it must really be small.
    assert!(compact_en.len() * 2 < en.len() && compact_ko.len() * 2 < ko.len());
    check("system.en.txt", &en);
    check("system.ko.txt", &ko);
    check("system.compact.en.txt", &compact_en);
    check("system.compact.ko.txt", &compact_ko);
}

#[test]
fn a_persons_message_as_the_models_turn_matches_its_snapshots() {
    let words = "<said seq=\"14\">\nalso check that the total shows 3\n</said>";
    let steps = "1. Open the application [goto] (answer:target-url)\n2. Click 'Log in' [click] (spec.md#L3)";
    let en = specwright_agent::said_prompt(false, words, "said:14", steps).unwrap();
    let ko = specwright_agent::said_prompt(true, words, "said:14", steps).unwrap();
    for rendered in [&en, &ko] {
        assert!(rendered.contains(words) && rendered.contains(steps) && rendered.contains("`said:14`"));
        assert!(rendered.contains("remove_step") && rendered.contains("submit_scenario"));
    }
    check("said.en.txt", &en);
    check("said.ko.txt", &ko);
}
