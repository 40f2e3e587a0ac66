//! Who a sentence says acts, taken off so the step is said as a step says it: "I click Save",
//! "사용자는 …를 누른다", a story's "she opens …" and its "And clicks …" told of someone.

/// "I click Save" → "click Save"; "사용자는 …를 누른다" → "…를 누른다".
pub(super) fn without_subject(sentence: &str) -> String {
    let s = sentence.trim();
    // "I am on the contact list": being on a screen is going to it.
    for on in ["I am on ", "I'm on ", "the user is on ", "The user is on "] {
        if let Some(rest) = s.strip_prefix(on) {
            // "my details", "the contact list", "Your Issues": the screen as the spec names it.
            let named = ["the ", "my ", "his ", "her ", "their ", "our ", "a "].iter().any(|a| rest.starts_with(a))
                || rest.starts_with(char::is_uppercase);
            return if named { format!("Go to {rest}") } else { format!("Go to the {rest}") };
        }
    }
    for subject in [
        "I ",
        "we ",
        "the user ",
        "The user ",
        "she ",
        "She ",
        "he ",
        "He ",
        "they ",
        "They ",
        "사용자는 ",
        "사용자가 ",
        "담당자는 ",
    ] {
        if let Some(rest) = s.strip_prefix(subject) {
            return imperative(rest.trim(), true);
        }
    }
    imperative(s, false)
}

/// "clicks Save", "chooses dave in Assigned To", "she opens issue 4": an action told of someone
/// (a story's "When she opens …", its "And clicks …" with the subject left out) as a step says
/// it. Only a verb a step begins with; with no one named before it, what a page does itself
/// ("opens", "shows", "lists") stays what the page does.
fn imperative(sentence: &str, of_someone: bool) -> String {
    let (first, rest) = sentence.split_once(' ').unwrap_or((sentence, ""));
    // "Types are listed", "Logs were kept": a noun and its verb, no action.
    let noun_first = ["are ", "is ", "were ", "was ", "have ", "has "].iter().any(|v| rest.starts_with(v));
    const SAID_OF_THE_PAGE: &[&str] = &["show", "display", "appear", "list", "open"];
    let Some(base) =
        action_base(first).filter(|b| !noun_first && (of_someone || !SAID_OF_THE_PAGE.contains(&b.as_str())))
    else {
        return sentence.to_string();
    };
    // The story's later verbs are told the same way ("… and clicks \"Make a copy\"").
    let mut out: Vec<String> = vec![base];
    let words: Vec<&str> = rest.split(' ').collect();
    for (i, word) in words.iter().enumerate() {
        let after_and = i > 0 && words[i - 1].eq_ignore_ascii_case("and");
        match action_base(word).filter(|_| after_and) {
            Some(base) => out.push(base),
            None => out.push((*word).to_string()),
        }
    }
    out.join(" ").trim().to_string()
}

/// The base form of a verb a step begins with, told of someone ("clicks" → "click", "presses"
/// → "press", "logs" → "log" of "log in").
fn action_base(word: &str) -> Option<String> {
    let lower = word.to_lowercase();
    let bases = [lower.strip_suffix("es"), lower.strip_suffix('s')];
    let found = bases.into_iter().flatten().find(|base| {
        crate::words::EN_LEADING_VERBS.iter().any(|(w, _)| w == base || w.starts_with(&format!("{base} ")))
    });
    found.map(str::to_string)
}
