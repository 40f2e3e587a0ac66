use super::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each message of a catalog file and its source text (value and variants).
fn messages(source: &str) -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in source.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            current = None;
            continue;
        }
        if line.starts_with(char::is_whitespace) {
            if let Some(id) = &current {
                out.entry(id.clone()).or_default().push_str(line);
            }
            continue;
        }
        if let Some((id, value)) = line.split_once('=') {
            let id = id.trim().to_string();
            out.insert(id.clone(), value.to_string());
            current = Some(id);
        }
    }
    out
}

fn variables(text: &str) -> BTreeSet<String> {
    text.split('$')
        .skip(1)
        .map(|rest| rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect())
        .collect()
}

/// The words a reader may see of a message's source: its text and its variants' text, without
/// code spans, arguments (`$name`), term references (`-kind(role: $role)`) and variant keys.
fn words(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    let mut code = false;
    while let Some(c) = chars.next() {
        match c {
            '`' => code = !code,
            _ if code => {}
            '$' => {
                while chars.peek().is_some_and(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_') {
                    chars.next();
                }
            }
            '-' if chars.peek() == Some(&'>') => {
                chars.next();
            }
            '-' if chars.peek().is_some_and(|c| c.is_ascii_lowercase()) => {
                for c in chars.by_ref() {
                    if c == ')' || c == '}' || c == ' ' {
                        break;
                    }
                }
            }
            '[' => {
                for c in chars.by_ref() {
                    if c == ']' {
                        break;
                    }
                }
            }
            '{' | '}' | '*' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

fn is_hangul(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c) || ('\u{3131}'..='\u{318E}').contains(&c)
}

#[test]
fn both_catalogs_parse_and_hold_the_same_messages_with_the_same_arguments() {
    for locale in Locale::ALL {
        if let Err((_, errors)) = FluentResource::try_new(locale.source().to_string()) {
            panic!("{}.ftl does not parse: {errors:?}", locale.tag());
        }
    }
    let (ko, en) = (messages(KO), messages(EN));
    assert!(ko.len() >= 10, "{ko:?}");
    let ko_ids: BTreeSet<&String> = ko.keys().collect();
    let en_ids: BTreeSet<&String> = en.keys().collect();
    assert_eq!(ko_ids, en_ids, "a message is missing in one locale");
    for (id, text) in &ko {
        assert_eq!(variables(text), variables(&en[id]), "{id}: the locales take different arguments");
    }
}

#[test]
fn no_sentence_is_written_in_two_languages() {
    for (id, text) in messages(EN) {
        assert!(!text.chars().any(is_hangul), "en {id} has Korean: {text}");
    }
    for (id, text) in messages(KO) {
        let seen = words(&text);
        // A message that only puts other messages together ("'{ $name }' { $kind }") has no
        // words of its own; any other Korean message has Korean in it.
        let wordless = !seen.chars().any(char::is_alphabetic);
        assert!(wordless || seen.chars().any(is_hangul), "ko {id} has no Korean: {text}");
        // Three Latin words in a row outside arguments and code is an English sentence.
        let mut run = 0;
        for word in seen.split(|c: char| c.is_whitespace() || ",.;:()/".contains(c)).filter(|w| !w.is_empty()) {
            run = if word.chars().all(|c| c.is_ascii_alphabetic()) { run + 1 } else { 0 };
            assert!(run < 3, "ko {id} mixes in English: {text}");
        }
    }
}

#[test]
fn every_message_the_core_sends_is_in_the_catalog() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let shell = crates.join("../src-tauri/src");
    let known = messages(EN);
    let mut used = BTreeSet::new();
    let mut stack = vec![crates, shell];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() && !path.ends_with("target") {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("catalog/src/tests.rs") {
                let source = std::fs::read_to_string(&path).unwrap();
                // `Text::message("id"`, the CLI's `say("id"` that renders one at once, an export's
                // `say(words, "id"` and `w(words, "id"`, and scenario text `written(language, "id"`.
                let written = source.split("written(").skip(1).filter_map(|p| {
                    let call = &p[..p.find(')').unwrap_or(p.len())];
                    call.split_once('"').map(|(_, rest)| rest)
                });
                let pieces = source
                    .split("Text::message(\"")
                    .skip(1)
                    .chain(source.split(" say(\"").skip(1))
                    .chain(source.split("say(words, \"").skip(1))
                    .chain(source.split("w(words, \"").skip(1))
                    .chain(written);
                for piece in pieces {
                    let id = piece.split('"').next().unwrap_or_default().to_string();
                    assert!(known.contains_key(&id), "{}: {id} is not in the catalog", path.display());
                    used.insert(id);
                }
            }
        }
    }
    assert!(used.len() >= 10, "the scan found too few messages: {used:?}");
}

#[test]
fn a_message_renders_in_each_language_with_its_plural() {
    let one = Text::message("run-found-steps", [("steps", 1u32.into())]);
    let many = Text::message("run-found-steps", [("steps", 15u32.into())]);
    assert_eq!(render(&one, Locale::En), "Found 1 step in the spec; checking each on the live application.");
    assert_eq!(render(&many, Locale::En), "Found 15 steps in the spec; checking each on the live application.");
    assert_eq!(render(&many, Locale::Ko), "기획서에서 15개 단계를 찾았습니다. 실제 화면에서 하나씩 확인합니다.");
    assert_eq!(render(&Text::said("그대로 / as is"), Locale::En), "그대로 / as is");
    let unknown = Text::message("no-such-message", [("n", 2u32.into())]);
    assert_eq!(render(&unknown, Locale::Ko), "no-such-message (n=2)");
}

#[test]
fn the_locale_follows_the_tag() {
    assert_eq!(Locale::from_tag("ko_KR.UTF-8"), Locale::Ko);
    assert_eq!(Locale::from_tag("ko"), Locale::Ko);
    assert_eq!(Locale::from_tag("en_US.UTF-8"), Locale::En);
    assert_eq!(Locale::from_tag("C"), Locale::En);
}

/// Every Korean message, rendered with Korean words of both endings in every argument, has its
/// particles agree with them: no "을(를)" a reader has to pick from.
#[test]
fn every_korean_message_has_particles_that_agree_with_its_words() {
    let both = ["을(를)", "를(을)", "이(가)", "가(이)", "은(는)", "는(은)", "과(와)", "와(과)", "(으)로"];
    for (word, expected) in [("회원가입", "을"), ("비밀번호", "를")] {
        for (id, text) in messages(KO) {
            let mut args = FluentArgs::new();
            for name in variables(&text) {
                args.set(name, FluentValue::from(word.to_string()));
            }
            let Some(message) = bundle(Locale::Ko).get_message(&id) else { continue };
            let Some(pattern) = message.value() else { continue };
            let mut errors = Vec::new();
            let rendered = bundle(Locale::Ko).format_pattern(pattern, Some(&args), &mut errors);
            for form in both {
                assert!(!rendered.contains(form), "ko {id} leaves {form} to the reader: {rendered}");
            }
            if text.contains("JOSA($target, \"을/를\")") {
                assert!(rendered.contains(&format!("'{word}'{expected}")), "ko {id}: {rendered}");
            }
        }
    }
    // The particle function itself, through the catalog.
    let q = Text::message("q-target-missing", [("target", "로그인".into())]);
    assert!(render(&q, Locale::Ko).starts_with("화면에서 '로그인'을 찾지 못했습니다"), "{}", render(&q, Locale::Ko));
    let q = Text::message("q-target-missing", [("target", "장바구니".into())]);
    assert!(render(&q, Locale::Ko).starts_with("화면에서 '장바구니'를 찾지 못했습니다"), "{}", render(&q, Locale::Ko));
}
