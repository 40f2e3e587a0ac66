//! A person's words that only name an element ("the Add + link above the table", "상단 개인
//! 도구의 환경 설정 링크"), answered where a sentence was asked for: they mean pressing it.

use crate::{interpret_all, is_hangul, Intent};

/// The sentence that presses what the words name, in their language: "…링크를 누른다",
/// "Click the Add + link" — how the step reads in the scenario and the report.
pub fn press_sentence(words: &str) -> String {
    if is_hangul(words) {
        let batchim = specwright_vocabulary::ends_in_consonant(words);
        format!("{words}{} 누른다", if batchim { "을" } else { "를" })
    } else {
        format!("Click {words}")
    }
}

/// The press of what the words name: read as their press sentence is, so the element's name,
/// its kind and its place come out as a spec's "… 링크를 누른다" would give them.
pub fn pressed(words: &str) -> Vec<Intent> {
    interpret_all(&press_sentence(words), None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{RoleHint, Verb};

    #[test]
    fn words_that_name_an_element_press_it_in_their_language() {
        assert_eq!(press_sentence("the Add + link above the table"), "Click the Add + link above the table");
        assert_eq!(press_sentence("상단 개인 도구의 환경 설정 링크"), "상단 개인 도구의 환경 설정 링크를 누른다");
        assert_eq!(press_sentence("저장 버튼"), "저장 버튼을 누른다");
        let intents = pressed("the Add + link above the table");
        assert_eq!((intents[0].verb, intents[0].target.as_deref()), (Verb::Click, Some("Add +")));
        let intents = pressed("상단 개인 도구의 환경 설정 링크");
        assert_eq!((intents[0].target.as_deref(), intents[0].hint), (Some("환경 설정"), Some(RoleHint::Link)));
    }
}
