//! What an engine writes into a scenario (an intent of its own, an assumption, a note) reads in
//! the scenario's one language, its documents', as the spec sentences it quotes do: a Korean
//! spec's scenario never carries an English sentence of ours, nor an English one a Korean one.

use specwright_catalog::{render, Locale};
use specwright_protocol::{Arg, Text};
use specwright_scenario::Scenario;

/// A catalog message rendered in the scenario's language, to be stored as scenario text.
pub fn written<const N: usize>(language: Locale, id: &str, args: [(&str, Arg); N]) -> String {
    render(&Text::message(id, args), language)
}

/// What the app said when it refused a step: its own messages, then the fields it marked
/// invalid without a word, said in `language`.
pub fn refusal_words(refusal: &specwright_browser::Refusal, language: Locale) -> String {
    let mut parts: Vec<String> = Vec::new();
    if !refusal.message.is_empty() {
        parts.push(refusal.message.clone());
    }
    for field in &refusal.invalid {
        parts.push(match field.as_str() {
            "" => written(language, "refusal-invalid", []),
            name => written(language, "refusal-invalid-field", [("field", name.into())]),
        });
    }
    parts.join(" / ")
}

/// The language a stored scenario is written in: that of its title and its steps' intents
/// (mostly the spec's own sentences).
pub fn scenario_language(scenario: &Scenario) -> Locale {
    let mut text = scenario.title.clone();
    for step in &scenario.steps {
        text.push('\n');
        text.push_str(&step.intent);
    }
    Locale::of_text(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_reads_in_the_language_of_its_spec() {
        let mut scenario = crate::empty_scenario("s".into(), "로그인 기능 기획서".into(), "http://x", Locale::Ko);
        assert_eq!(scenario_language(&scenario), Locale::Ko);
        assert!(scenario.preconditions[0].text.starts_with("대상 애플리케이션"), "{:?}", scenario.preconditions);
        scenario.title = "Sign-in (TC-01)".into();
        assert_eq!(scenario_language(&scenario), Locale::En);
        let english = crate::empty_scenario("s".into(), "Sign-in".into(), "http://x", Locale::En);
        assert!(!english.preconditions[0].text.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c)));
        // A Korean spec that names English things is still Korean.
        assert_eq!(Locale::of_text("'Login' 버튼을 클릭하고 'Dashboard'가 보이는지 확인한다"), Locale::Ko);
    }
}
