//! What a spec's context says about where and as whom the test runs: the addresses its
//! environment section or tables give for named screens ("관리자 화면 | /admin/", "Login page:
//! http://…/login") and the accounts it names ("테스트 계정: minsu.kim (비밀번호는 별도로 전달한다)",
//! "Account | admin"). Steps that name a screen by purpose or a login precondition use them
//! before asking anyone; a password the spec withholds is never guessed.

use regex::Regex;
use specwright_intake::Document;
use specwright_scenario::Citation;
use std::sync::OnceLock;

/// A screen the spec gives an address for.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    /// The words around the address ("관리자 로그인", "Login page").
    pub label: String,
    /// The address as written (absolute, or a path).
    pub url: String,
    pub citation: Citation,
}

/// An account the spec names.
#[derive(Debug, Clone, PartialEq)]
pub struct Account {
    /// What the spec calls it ("관리자", "admin", "운영자").
    pub role: Option<String>,
    pub user: String,
    /// The password when the spec writes it out; `None` when it is withheld or not given.
    pub password: Option<String>,
    pub citation: Citation,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct TestEnvironment {
    pub places: Vec<Place>,
    pub accounts: Vec<Account>,
}

/// Words that mark a line as being about an account.
const ACCOUNT_WORDS: &[&str] = &[
    "계정",
    "아이디",
    "사용자명",
    "사용자 이름",
    "account",
    "username",
    "user name",
    "user id",
    "login id",
    "로그인 id",
];
/// Words that say the password is given some other way.
const WITHHELD: &[&str] = &[
    "별도",
    "전달",
    "문의",
    "비공개",
    "공유",
    "separately",
    "provided",
    "on request",
    "ask ",
    "shared",
    "not included",
    "privately",
    "따로",
    "메신저",
    "by mail",
    "by chat",
];
const PASSWORD_WORDS: &[&str] = &["비밀번호", "패스워드", "암호", "password", "passwd", "pw"];
/// Words in account lines that are never the account itself.
const NOT_USERS: &[&str] = &[
    "account",
    "accounts",
    "user",
    "username",
    "name",
    "id",
    "login",
    "password",
    "provided",
    "separately",
    "given",
    "test",
    "role",
    "the",
    "and",
    "with",
    "for",
    "is",
    "as",
    "url",
    "http",
    "https",
    "chrome",
    "browser",
    "latest",
    "only",
    "pw",
];
/// Role words before "계정" that only say the account is for testing.
const GENERIC_ROLES: &[&str] = &["테스트", "test", "시험", "검증", "qa"];

fn url_pattern() -> Option<&'static Regex> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r#"https?://[^\s|)\]'"」>,]+|(?:^|[\s(:|'"‘“])(/[A-Za-z0-9_\-.~%?=&#/]*)"#).ok())
        .as_ref()
}

fn user_pattern() -> Option<&'static Regex> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r"[A-Za-z0-9][A-Za-z0-9._@+\-]{1,}").ok()).as_ref()
}

/// The places and accounts every document's text names, in document order.
pub fn environment(documents: &[Document]) -> TestEnvironment {
    let mut env = TestEnvironment::default();
    for doc in documents {
        for (number, line) in doc.numbered_lines() {
            let Some(citation) = doc.cite(number) else { continue };
            for place in places_in(line) {
                if !env.places.iter().any(|p| p.url == place.1 && p.label == place.0) {
                    env.places.push(Place { label: place.0, url: place.1, citation: citation.clone() });
                }
            }
            if let Some((role, user, password)) = account_in(line) {
                if !env.accounts.iter().any(|a| a.user == user) {
                    env.accounts.push(Account { role, user, password, citation: citation.clone() });
                }
            }
        }
    }
    env
}

/// `(label, url)` of every address on a line; the label is the line's other words.
fn places_in(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let Some(pattern) = url_pattern() else { return out };
    for found in pattern.captures_iter(line) {
        let (url, range) = match found.get(1) {
            Some(path) => (path.as_str(), path.range()),
            None => (found.get(0).map_or("", |m| m.as_str()), found.get(0).map_or(0..0, |m| m.range())),
        };
        // A path must name something: "/" alone, "1/2" or "/ " are not addresses.
        if url.len() < 2 && !url.starts_with("http") {
            continue;
        }
        // An address typed into a field ("… 리다이렉트에 /maintenance-notice/를 입력한다", "enter
        // /event in Path") is data, not a place to go.
        let after = line[range.end..].trim_start();
        let lower = line.to_lowercase();
        let typed = ["를", "을", "이라고", "라고"].iter().any(|p| after.starts_with(p))
            || ["입력", "넣", "enter ", "type ", "fill "].iter().any(|v| lower.contains(v));
        // A place is named beside its address ("관리자 로그인 | /admin/login/", "Login page:
        // /login", "점검 안내 (/maintenance-notice/)"); an address a sentence goes on from
        // ("/event로 들어온 방문자는 …") is only mentioned.
        let rest = after.trim_start_matches([')', ']', '」', '`', '\'', '"']).trim_start();
        let goes_on = rest.chars().next().is_some_and(|c| c.is_alphanumeric());
        if typed || goes_on {
            continue;
        }
        let mut label = format!("{} {}", &line[..range.start], &line[range.end..]);
        for noise in ["접속 주소", "URL", "url", "주소", "경로", "address", "path", "|", "-", "*", ":", "(", ")", "`"]
        {
            label = label.replace(noise, " ");
        }
        let label = label.split_whitespace().collect::<Vec<_>>().join(" ");
        // A sentence that mentions an address in passing ("/event로 들어온 방문자는 … 페이지로
        // 이동해야 한다") names no place by its words: only a short label does.
        if label.split_whitespace().count() > 8 {
            continue;
        }
        out.push((label, url.trim_end_matches(['.', ',']).to_string()));
    }
    out
}

/// `(role, user, password)` of an account a line names.
fn account_in(line: &str) -> Option<(Option<String>, String, Option<String>)> {
    let lower = line.to_lowercase();
    let at = ACCOUNT_WORDS.iter().filter_map(|w| lower.find(w).map(|i| (i, w.len()))).min()?;
    if lower.contains("http") && !lower[at.0..].contains(' ') {
        return None;
    }
    // The password part of the line, so its value is never taken for the user.
    let password_at = PASSWORD_WORDS.iter().filter_map(|w| lower.find(w)).min();
    let user_zone_end = password_at.filter(|p| *p > at.0).unwrap_or(line.len());
    let user_zone = &line[at.0 + at.1..user_zone_end];
    // "the admin account; the team lead shares the password": a new clause says no account.
    let user_zone = &user_zone[..user_zone.find(';').unwrap_or(user_zone.len())];
    let user = user_pattern()?
        .find_iter(user_zone)
        .map(|m| m.as_str().trim_end_matches(['.', ',']))
        // A number, a date or a time ("2027-01-21", "10:30") is no account.
        .find(|t| {
            !NOT_USERS.contains(&t.to_lowercase().as_str())
                && !t.chars().all(|c| c.is_ascii_digit() || "-:/.".contains(c))
        })?
        .to_string();
    // "관리자 계정", "운영자 계정: …", "admin account".
    let before: Vec<&str> = line[..at.0]
        .split(|c: char| c.is_whitespace() || c == '|' || c == '-' || c == '*')
        .filter(|w| !w.is_empty())
        .collect();
    let role = before
        .last()
        .map(|w| w.trim_matches(['(', ')', ':']).to_string())
        // "… a wrong password | Accounts | the account jsmith": a password word before the
        // account is no role of it.
        .filter(|w| !w.is_empty() && !GENERIC_ROLES.contains(&w.to_lowercase().as_str()) && !has(w, PASSWORD_WORDS))
        .or_else(|| {
            // "(관리자)" after the user.
            let after = &line[at.0..];
            let open = after.find('(')?;
            let close = after[open..].find(')')? + open;
            let inside = after[open + 1..close].trim();
            (!inside.is_empty()
                && inside.split_whitespace().count() <= 2
                && !has(inside, WITHHELD)
                && !has(inside, PASSWORD_WORDS))
            .then(|| inside.to_string())
        });
    // The password is said after the account it belongs to ("admin / pw: …", "계정 admin,
    // 비밀번호 …"); one spoken of before it ("sign in with a wrong password | … account jsmith")
    // belongs to another sentence.
    let password = password_at.filter(|p| *p > at.0).and_then(|p| {
        let rest = &line[p..];
        if has(rest, WITHHELD) {
            return None;
        }
        let word_end = rest.find(|c: char| c.is_whitespace() || c == ':' || c == '|').unwrap_or(rest.len());
        let value = rest[word_end..]
            .trim_start_matches(|c: char| c.is_whitespace() || c == ':' || c == '|' || c == '=')
            .split(|c: char| c.is_whitespace() || c == ')' || c == '|' || c == ',')
            .next()
            .unwrap_or("")
            .trim_matches(['\'', '"', '`']);
        let value = value.strip_prefix("는").or_else(|| value.strip_prefix("은")).unwrap_or(value);
        // A password is written in the clear only as a token of its own, never a Korean word.
        let hangul = specwright_vocabulary::is_hangul(value);
        (!value.is_empty() && !hangul && !["is", "은", "는"].contains(&value)).then(|| value.to_string())
    });
    Some((role, user, password))
}

fn has(text: &str, words: &[&str]) -> bool {
    let lower = text.to_lowercase();
    words.iter().any(|w| lower.contains(w))
}

impl TestEnvironment {
    /// The account a precondition or a step means by `who` (a user name, or a role such as
    /// "관리자"); the only account when `who` says nothing more.
    pub fn account(&self, who: Option<&str>) -> Option<&Account> {
        match who.map(str::trim).filter(|w| !w.is_empty()) {
            Some(who) => {
                let who_l = who.to_lowercase();
                self.accounts.iter().find(|a| a.user.eq_ignore_ascii_case(who)).or_else(|| {
                    self.accounts.iter().find(|a| {
                        a.role.as_deref().is_some_and(|r| {
                            let r = r.to_lowercase();
                            r.contains(&who_l) || who_l.contains(&r)
                        })
                    })
                })
            }
            None => (self.accounts.len() == 1).then(|| &self.accounts[0]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(text: &str) -> TestEnvironment {
        environment(&[specwright_intake::parse("spec.md", text.as_bytes()).unwrap()])
    }

    #[test]
    fn accounts_and_addresses_in_tables_and_lines() {
        let e = env(
            "# 환경\n\n| 항목 | 내용 |\n|---|---|\n| 접속 주소 | http://staging.example.com/admin/ |\n| 테스트 계정 | minsu.kim (비밀번호는 별도로 전달한다) |\n| 관리자 로그인 | /admin/login/ |\n\n- 운영자 계정: ada@example.com / 비밀번호: demo1234\n",
        );
        assert_eq!(e.accounts.len(), 2, "{e:?}");
        // A date beside the word "account" is no account.
        assert_eq!(account_in("테스트 계정 발급일: 2027-01-21"), None);
        // The words after the account's clause name a person, not the account.
        assert_eq!(account_in("- User: the admin account; the team lead shares the password"), None);
        assert_eq!(e.accounts[0].user, "minsu.kim");
        assert_eq!(e.accounts[0].password, None);
        assert_eq!(e.accounts[0].role, None);
        assert_eq!(e.accounts[1].user, "ada@example.com");
        assert_eq!(e.accounts[1].password.as_deref(), Some("demo1234"));
        assert_eq!(e.accounts[1].role.as_deref(), Some("운영자"));
        assert_eq!(e.account(Some("운영자")).map(|a| a.user.as_str()), Some("ada@example.com"));
        let urls: Vec<(&str, &str)> = e.places.iter().map(|p| (p.label.as_str(), p.url.as_str())).collect();
        assert!(urls.contains(&("관리자 로그인", "/admin/login/")), "{urls:?}");
        assert!(urls.contains(&("", "http://staging.example.com/admin/")), "{urls:?}");
        // An address typed into a field, or mentioned in a long sentence, is no place to go.
        assert!(places_in("5. 다른 URL로 리다이렉트에 /maintenance-notice/를 입력한다.").is_empty());
        assert!(places_in("Enter /event in the Redirect from field").is_empty());
        assert!(places_in(
            "봄 이벤트 홍보물에 인쇄할 짧은 주소로 들어온 방문자는 서비스 점검 안내 페이지(/maintenance-notice/)로 이동해야 한다."
        )
        .is_empty());
        assert_eq!(places_in("| 대상 페이지 | 서비스 점검 안내 (/maintenance-notice/) |").len(), 1);
        assert!(places_in("/event로 들어온 방문자는 점검 안내로 간다. CMS의 리다이렉트 기능으로 등록한다.").is_empty());
        assert_eq!(places_in("Login page: http://127.0.0.1:8000/login").len(), 1);
    }

    #[test]
    fn a_password_sent_some_other_way_is_never_taken_from_the_sentence() {
        let e = env(
            "테스트는 김민수 대리님 계정(minsu.kim)으로 해 주시면 되고, 비밀번호는 메신저로 따로 보내 드렸습니다.\n",
        );
        assert_eq!(e.accounts.len(), 1, "{e:?}");
        assert_eq!(e.accounts[0].user, "minsu.kim");
        assert_eq!(e.accounts[0].password, None);
    }

    #[test]
    fn a_test_case_row_that_names_an_account_gives_no_password_from_other_words() {
        // A tracker's sign-in sheet, a shop's login case, a wiki's account case: a row whose
        // title speaks of a wrong password before the account its precondition names.
        for (row, user) in [
            ("C101 | Sign in with a wrong password | Accounts | The account jsmith exists. | 1. Click Sign in", "jsmith"),
            ("TC-3 | Login fails with an invalid password | Auth | account manager01 is active | Open the login page", "manager01"),
            ("W-2 | 틀린 비밀번호로 로그인 | 계정 | 계정 Planner01이 있다 | 로그인 화면을 연다", "Planner01"),
        ] {
            let env = env(row);
            let account = env.accounts.first().unwrap_or_else(|| panic!("{row}"));
            assert_eq!((account.user.as_str(), account.password.as_deref()), (user, None), "{row}");
            assert!(account.role.as_deref().is_none_or(|r| !r.contains("password") && !r.contains("비밀번호")), "{row}");
        }
    }

    #[test]
    fn english_accounts() {
        let e = env("| Item | Value |\n|---|---|\n| Account | admin (password provided separately) |\n");
        assert_eq!(e.accounts.len(), 1, "{e:?}");
        assert_eq!(e.accounts[0].user, "admin");
        assert_eq!(e.accounts[0].password, None);
        assert_eq!(e.account(None).map(|a| a.user.as_str()), Some("admin"));
        assert_eq!(e.account(Some("admin")).map(|a| a.user.as_str()), Some("admin"));
    }
}
