//! The message catalog: every sentence the core says to a person is a Fluent message with an id
//! and named arguments, one file per locale (`locales/ko.ftl`, `locales/en.ftl`). The core
//! stores and sends ids and arguments ([`Text`]); each shell renders them in the reader's
//! language: the CLI here, the window from the same files with Fluent's JavaScript bundle.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use specwright_protocol::{Arg, Message, Text};
use std::sync::OnceLock;

pub use specwright_vocabulary::particle;

/// The catalogs as shipped, one per locale.
pub const KO: &str = include_str!("../locales/ko.ftl");
pub const EN: &str = include_str!("../locales/en.ftl");

/// A language a person reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Locale {
    Ko,
    En,
}

impl Locale {
    pub const ALL: [Locale; 2] = [Locale::Ko, Locale::En];

    /// Korean for any `ko` tag (`ko`, `ko-KR`, `ko_KR.UTF-8`), English for everything else.
    pub fn from_tag(tag: &str) -> Locale {
        if tag.trim().to_ascii_lowercase().starts_with("ko") {
            Locale::Ko
        } else {
            Locale::En
        }
    }

    /// The locale of the environment, as POSIX orders it: `LC_ALL`, then `LC_MESSAGES`, then `LANG`.
    pub fn from_env() -> Locale {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.is_empty())
            .map(|value| Locale::from_tag(&value))
            .unwrap_or(Locale::En)
    }

    /// The language a text is written in: Korean when Hangul makes up a fifth of its letters
    /// (a Korean spec quotes English names and ids; an English one seldom holds Hangul).
    pub fn of_text(text: &str) -> Locale {
        let hangul = text.chars().filter(|c| specwright_vocabulary::is_syllable(*c)).count();
        let letters = text.chars().filter(|c| c.is_alphabetic()).count();
        if hangul > 0 && hangul * 5 >= letters {
            Locale::Ko
        } else {
            Locale::En
        }
    }

    pub fn tag(self) -> &'static str {
        match self {
            Locale::Ko => "ko",
            Locale::En => "en",
        }
    }

    /// The catalog file of this locale.
    pub fn source(self) -> &'static str {
        match self {
            Locale::Ko => KO,
            Locale::En => EN,
        }
    }
}

type Bundle = FluentBundle<FluentResource>;

fn bundle(locale: Locale) -> &'static Bundle {
    static BUNDLES: OnceLock<[Bundle; 2]> = OnceLock::new();
    let bundles = BUNDLES.get_or_init(|| Locale::ALL.map(build));
    match locale {
        Locale::Ko => &bundles[0],
        Locale::En => &bundles[1],
    }
}

fn build(locale: Locale) -> Bundle {
    let id = match locale {
        Locale::Ko => unic_langid::langid!("ko"),
        Locale::En => unic_langid::langid!("en"),
    };
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Isolation marks around arguments would show as stray characters in a terminal and a
    // report; the catalog's sentences keep their arguments in one direction anyway.
    bundle.set_use_isolating(false);
    // `JOSA($word, "을/를")`: the Korean particle that agrees with the word before it.
    let _ = bundle.add_function("JOSA", |positional, _named| {
        let word = match positional.first() {
            Some(FluentValue::String(s)) => s.to_string(),
            Some(FluentValue::Number(n)) => n.as_string().to_string(),
            _ => String::new(),
        };
        let pair = match positional.get(1) {
            Some(FluentValue::String(s)) => s.to_string(),
            _ => return FluentValue::None,
        };
        FluentValue::String(specwright_vocabulary::particle(&word, &pair).into())
    });
    // A catalog that does not parse fails its test; what did parse is still used.
    let resource = FluentResource::try_new(locale.source().to_string()).unwrap_or_else(|(partial, _)| partial);
    let _ = bundle.add_resource(resource);
    bundle
}

/// A text in the reader's language: quoted words as they are, a message from the catalog.
pub fn render(text: &Text, locale: Locale) -> String {
    match text {
        Text::Said(words) => words.clone(),
        Text::Message(message) => render_message(message, locale),
    }
}

/// One message in a locale; an id the catalog does not know (a message an older or newer
/// version stored) is shown as its id and arguments rather than lost.
pub fn render_message(message: &Message, locale: Locale) -> String {
    let bundle = bundle(locale);
    let Some(pattern) = bundle.get_message(&message.id).and_then(|m| m.value()) else {
        let args: Vec<String> = message.args.iter().map(|(k, v)| format!("{k}={}", arg_text(v))).collect();
        return format!("{} ({})", message.id, args.join(", "));
    };
    let mut args = FluentArgs::new();
    for (name, value) in &message.args {
        match value {
            Arg::Number(n) => args.set(name.as_str(), FluentValue::from(*n)),
            Arg::Text(t) => args.set(name.as_str(), FluentValue::from(t.as_str())),
            Arg::Message(m) => args.set(name.as_str(), FluentValue::from(render_message(m, locale))),
        }
    }
    let mut errors = Vec::new();
    bundle.format_pattern(pattern, Some(&args), &mut errors).into_owned()
}

fn arg_text(arg: &Arg) -> String {
    match arg {
        Arg::Number(n) => n.to_string(),
        Arg::Text(t) => t.clone(),
        Arg::Message(m) => m.id.clone(),
    }
}

/// A text as both languages once wrote it, "한국어 / English" (one of them when they are the
/// same): what answers files and expectations written before the catalog match against.
pub fn both_languages(text: &Text) -> String {
    let (ko, en) = (render(text, Locale::Ko), render(text, Locale::En));
    if ko == en {
        ko
    } else {
        format!("{ko} / {en}")
    }
}

#[cfg(test)]
mod tests;

/// An export reads in one locale: the scenario crate's exporters take their words from here.
impl specwright_scenario::Words for Locale {
    fn text(&self, text: &Text) -> String {
        render(text, *self)
    }

    fn language(&self) -> &'static str {
        self.tag()
    }
}
