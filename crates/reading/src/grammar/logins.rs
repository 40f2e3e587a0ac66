//! Logging in as a sentence says it: who (a login name, a role, "your developer account"),
//! the password when the spec writes it out, and a state said as logged in — what a check of
//! "the user is logged in" looks for.

use super::checks::names_password;
use super::verbs::clause_verb;
use crate::intent::{Intent, Verb};
use crate::quotes::{unquoted, Quoted};

/// "admin 계정으로 로그인한다", "관리자로 로그인한다", "Log in as admin", "로그인한다".
pub(super) fn log_in(sentence: &str, spans: &[Quoted], korean: bool) -> Option<Intent> {
    let bare = unquoted(sentence, spans);
    // "Enter admin and the password", "admin과 비밀번호를 입력한다": the login, as whoever is named.
    if clause_verb(&bare, korean) == Some(Verb::Fill) {
        let lower = sentence.to_lowercase();
        let said_password = ["password", "비밀번호", "암호"].iter().any(|w| lower.contains(w));
        if said_password && !korean {
            for lead in ["enter ", "type ", "input "] {
                if let Some(rest) = lower.strip_prefix(lead) {
                    let rest = rest.trim_end_matches('.');
                    if let Some((user, tail)) = rest.split_once(" and ") {
                        let tail = tail.trim_start_matches("the ").trim_start_matches("your ").trim_start_matches("a ");
                        let user = user.trim().trim_matches(['\'', '"']);
                        if ["password", "password for it"].contains(&tail) && !user.contains(' ') && !user.is_empty() {
                            return Some(Intent::new(Verb::LogIn, Some(user.to_string()), None));
                        }
                    }
                }
            }
        }
        return None;
    }
    // Whole words: "Unassigned in the Issues box" is no one signed in.
    let lower_bare = bare.to_lowercase();
    let logged = !korean
        && ["logged in", "signed in"].iter().any(|w| {
            lower_bare.match_indices(w).any(|(i, _)| !lower_bare[..i].ends_with(|c: char| c.is_alphanumeric()))
        });
    if clause_verb(&bare, korean) != Some(Verb::LogIn) && !logged {
        return None;
    }
    // "Log in as 'alice' with password 'wrong'", "비밀번호 'wrong1'로 로그인한다": the password the
    // spec gives, typed as written (a wrong one is what a negative test is about).
    let password = spans.iter().find(|s| {
        let before = sentence[..s.start].trim_end().to_lowercase();
        ["password", "password of", "비밀번호", "비밀번호는", "암호"].iter().any(|w| before.ends_with(w))
    });
    // "alice 계정과 비밀번호 'wrong1'로": who logs in is said before the password.
    let told_before_password = password
        .and_then(|p| sentence[..p.start].rfind("비밀번호"))
        .map(|k| format!("{}로 로그인한다", sentence[..k].trim_end().trim_end_matches(['과', '와', ',']).trim_end()));
    let sentence = told_before_password.as_deref().filter(|_| korean).unwrap_or(sentence);
    let user = if korean {
        let inside = |i: usize| spans.iter().any(|s| i >= s.start && i < s.end);
        let pos = sentence.match_indices("로그인").map(|(i, _)| i).filter(|i| !inside(*i)).last()?;
        let mut before = sentence[..pos].trim_end();
        // "관리자 계정으로 사내위키에 로그인한다": where one logs in, said after who, is no account.
        if let Some((_, last)) = before.rsplit_once(' ') {
            if ["에", "에서"].iter().any(|p| last.ends_with(p)) {
                // Back to the word that says who ("…계정으로 관리 콘솔에").
                let by = before.match_indices(' ').map(|(i, _)| i).rev().find(|&i| before[..i].ends_with('로'));
                if let Some(at) = by {
                    before = before[..at].trim_end();
                }
            }
        }
        let before = before.strip_suffix("으로").or_else(|| before.strip_suffix("로")).map(str::trim_end);
        before.and_then(|b| {
            let mut words: Vec<&str> = b.split_whitespace().collect();
            // "admin 계정과 관리자 비밀번호로": the password is how, the account who.
            if words.last().is_some_and(|w| names_password(w)) {
                let account = words.iter().rposition(|w| w.starts_with("계정") || w.starts_with("아이디"));
                words.truncate(account.unwrap_or(0));
            }
            // "관리자 계정으로": the account's role is the word before "계정".
            if words.last().is_some_and(|w| *w == "계정" || *w == "아이디") {
                words.pop();
            }
            let word = words.last().copied().unwrap_or("");
            // "관리자 계정(Admin)으로", "관리자(admin)로": the login name in brackets beside the role.
            let word = word
                .split_once('(')
                .and_then(|(_, inner)| inner.strip_suffix(')'))
                .filter(|inner| !inner.trim().is_empty())
                .unwrap_or(word);
            let word = word.strip_suffix("계정").unwrap_or(word).trim_matches(['\'', '"', '‘', '’', '“', '”']);
            (!word.is_empty()).then(|| word.to_string())
        })
    } else {
        let lower = sentence.to_ascii_lowercase();
        ["as ", "with "].iter().find_map(|m| lower.find(m).map(|i| i + m.len())).and_then(|i| {
            // "as the shop administrator", "with a reviewer account": a person described by
            // their role, not a login name: the whole description, for the question it asks.
            if let Some(role) = described_account(&sentence[i..]) {
                return Some(role);
            }
            // "with your developer account": whose account, told by its role, is no login name.
            let mut words = sentence[i..].split_whitespace();
            let first = words.next().map(str::to_lowercase).unwrap_or_default();
            if ["your", "my", "his", "her", "their"].contains(&first.as_str()) {
                const ENDS: &[&str] = &["account", "user", "login", "credentials", "and", "to", "then"];
                let role: Vec<&str> = words
                    .map(|w| w.trim_end_matches([',', '.']))
                    .take_while(|w| !ENDS.contains(&w.to_lowercase().as_str()))
                    .filter(|w| !w.eq_ignore_ascii_case("own"))
                    .collect();
                return (!role.is_empty()).then(|| format!("{} role", role.join(" ")));
            }
            let word = sentence[i..]
                .split_whitespace()
                .find(|w| !["the", "a", "an", "user"].contains(&w.to_lowercase().as_str()))?;
            let word = word.trim_matches(['\'', '"', ',', '.', '(', ')']);
            // "carol's login name": the account is carol.
            let word = word.strip_suffix("'s").or_else(|| word.strip_suffix("’s")).unwrap_or(word);
            (!word.is_empty()).then(|| word.to_string())
        })
    };
    // "carol is logged in (password given separately)": a person named as the one logged in.
    let user = user.or_else(|| (!korean).then(|| named_as_logged_in(&bare)).flatten());
    // "로그인된 상태가 된다", "the user is logged in": what a step led to, naming nobody: the
    // page shows the way out that only a logged-in person has.
    if user.is_none() && states_logged_in(&bare.to_lowercase(), korean) {
        let logout = if korean { "로그아웃" } else { "Log out" };
        return Some(Intent::new(Verb::ExpectVisible, Some(logout.to_string()), None));
    }
    Some(Intent { value: password.map(|p| p.text.clone()), ..Intent::new(Verb::LogIn, user, None) })
}

/// The one word before "is logged in" / "is signed in" when it names someone ("carol is logged
/// in", "Admin is signed in"): never a pronoun or the word for any user.
fn named_as_logged_in(bare: &str) -> Option<String> {
    let lower = bare.to_lowercase();
    let at = ["is logged in", "is signed in"].iter().find_map(|w| lower.find(w))?;
    let words: Vec<&str> = bare[..at].split_whitespace().collect();
    let [name] = words.as_slice() else { return None };
    let name = name.trim_matches(['\'', '"', ',']);
    const ANYONE: &[&str] = &["user", "he", "she", "they", "i", "someone", "everyone", "nobody", "visitor", "it"];
    let plain = name.chars().all(|c| c.is_alphanumeric() || "._-@".contains(c));
    (plain && !name.is_empty() && !ANYONE.contains(&name.to_lowercase().as_str())).then(|| name.to_string())
}

/// The account a sentence describes after "as"/"with" when it names a role in several words
/// behind an article ("the shop administrator", "a support agent"), without the words that only
/// say it is an account ("the admin account" is admin, one word, and stays a name).
fn described_account(rest: &str) -> Option<String> {
    let mut words = rest.split_whitespace();
    let article = words.next()?.to_lowercase();
    if !["the", "a", "an"].contains(&article.as_str()) {
        return None;
    }
    const ENDS: &[&str] = &["and", "to", "on", "in", "from", "who", "with", "then", "using", "at"];
    const ACCOUNT: &[&str] = &["account", "user", "login", "credentials", "role"];
    let mut phrase: Vec<&str> = Vec::new();
    for word in words {
        if ENDS.contains(&word.to_lowercase().as_str()) || word.starts_with('(') {
            break;
        }
        let bare = word.trim_end_matches([',', '.', ';', ':']);
        phrase.push(bare);
        if bare.len() != word.len() {
            break;
        }
    }
    while phrase.last().is_some_and(|w| ACCOUNT.contains(&w.to_lowercase().as_str())) {
        phrase.pop();
    }
    (phrase.len() >= 2).then(|| phrase.join(" "))
}

/// A logged-in state told as the result, in the present ("로그인된 상태가 된다", "로그인된다",
/// "is now logged in"); the past ("로그인되었다", "was logged in") tells a step done.
fn states_logged_in(lower: &str, korean: bool) -> bool {
    if korean {
        let lower = lower.trim_end_matches('.');
        return ["로그인된 상태가 된", "로그인 상태가 된", "로그인된 상태로 바뀐", "로그인 상태로 바뀐"]
            .iter()
            .any(|p| lower.contains(p))
            || lower.ends_with("로그인된다");
    }
    ["is logged in", "is now logged in", "becomes logged in", "gets logged in", "is signed in", "is now signed in"]
        .iter()
        .any(|p| lower.contains(p))
}
