//! Reading: the share of hand-labelled corpus sentences the offline engine's reading reads right
//! (action, target, value and its kind, place), per app, beside how much of each app's specs
//! the labels cover. Needs no browser and no app: it reads the specs only.

use specwright_tests::reading::read_all;

pub fn measure() -> Vec<serde_json::Value> {
    let (readings, figures) = read_all();
    println!("\nreading of the corpus specs, against sentences labelled by hand:");
    println!("{:<12} {:>9} {:>6} {:>7} {:>9}", "app", "labelled", "right", "share", "planned");
    let mut records = Vec::new();
    for (app, f) in &figures {
        let share = if f.labelled == 0 { 0.0 } else { f.right as f64 / f.labelled as f64 };
        println!("{:<12} {:>9} {:>6} {:>6.0}% {:>9}", app, f.labelled, f.right, share * 100.0, f.sentences);
        records.push(serde_json::json!({
            "name": format!("reading.{app}"), "labelled": f.labelled, "right": f.right,
            "share": share, "planned_sentences": f.sentences,
        }));
    }
    let misses: Vec<_> = readings.iter().filter(|r| r.miss.is_some()).collect();
    for r in misses.iter().take(40) {
        println!(
            "  miss {}/{}:{} {:?}: {} — read {:?}",
            r.app,
            r.label.spec,
            r.label.line,
            r.label.sentence,
            r.miss.as_deref().unwrap_or_default(),
            r.read
        );
    }
    records
}
