//! Grounds a target phrase in the accessibility snapshot: exact name first, then a normalized
//! comparison, restricted to the roles the verb and the noun allow. It never guesses between
//! equals: two candidates are an ambiguity for a person to resolve, not a coin toss.

use crate::{Intent, RoleHint, Scope, Verb};
use figures::{contains_whole_numbers, numbers};
use layout::{after_its_text, before_its_button, by_column, by_layout, figure_beside_name, in_named_group, main_text};
use roles::{allowed_roles, MESSAGE_ROLES};
use specwright_browser::SnapshotNode;
use specwright_protocol::Text;
use specwright_rails::{Candidate, CLICKABLE, FILLABLE, SNAPSHOT_REF};
use specwright_reading::{is_hangul, jamo_key, normalize};
use specwright_scenario::Locator;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Grounding {
    Unique(Candidate),
    Ambiguous(Vec<Candidate>),
    NotFound,
}

/// Words around a field's name that say "all of it" ("the full name", "전체 주소") or only that
/// it is a field ("상위 항목", "메모 칸"): they name no other field.
const WHOLE_WORDS: &[&str] = &["full", "complete", "whole", "entire", "전체", "항목", "칸", "입력란", "입력칸", "필드"];

/// The role a "not found" diagnosis compares against first (the verb's and the noun's).
pub(crate) fn primary_role(intent: &Intent) -> Option<&'static str> {
    allowed_roles(intent).and_then(|roles| roles.first().copied())
}

/// For an expectation with no noun, which matching element a person most plausibly means.
fn expect_rank(role: &str) -> u8 {
    match role {
        "dialog" | "alertdialog" => 0,
        "heading" => 1,
        "alert" | "status" => 2,
        "cell" | "gridcell" | "columnheader" | "rowheader" | "listitem" => 3,
        r if MESSAGE_ROLES.contains(&r) => 4,
        _ => 5,
    }
}

/// Besides every clickable and fillable role, the roles `getByRole` finds reliably by name.
const OTHER_NAMED_ROLES: &[&str] = &[
    "heading",
    "dialog",
    "alertdialog",
    "cell",
    "gridcell",
    "columnheader",
    "rowheader",
    "row",
    "listitem",
    "img",
    "navigation",
    "region",
    "tabpanel",
];

fn named_role(role: &str) -> bool {
    CLICKABLE.contains(&role) || FILLABLE.contains(&role) || OTHER_NAMED_ROLES.contains(&role)
}

fn candidate(node: &SnapshotNode, label: &str, intent: &Intent) -> Option<Candidate> {
    let mut role = node.role.clone();
    let mut locators = Vec::new();
    // Dialogs are often titled by a heading inside them: "'등록 확인' 대화상자" is that dialog.
    if intent.hint == Some(RoleHint::Dialog) && node.role == "heading" {
        if !node.ancestors.iter().any(|a| a == "dialog" || a == "alertdialog") {
            return None;
        }
        role = "dialog".to_string();
    }
    // A button named by its content has that name for `getByRole` too.
    // Found by the words it shows while its accessible name says more: the role by that name.
    let shown_apart = CLICKABLE.contains(&role.as_str()) && node.name.as_deref().is_some_and(|n| n != label);
    let label_shown = label;
    let label = if shown_apart { node.name.as_deref().unwrap_or(label) } else { label };
    if named_role(&role) && (node.name.is_some() || role == "dialog" || CLICKABLE.contains(&role.as_str())) {
        // An icon font's glyph in the name ("Edit \u{f044}") is drawing, not words: the words
        // alone, as part of the name.
        let icon = |c: char| ('\u{E000}'..='\u{F8FF}').contains(&c);
        let words: String = label.chars().filter(|c| !icon(*c)).collect();
        let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
        if label.chars().any(icon) && !words.is_empty() {
            locators.push(Locator::Role { role: role.clone(), name: words, exact: false });
        } else {
            locators.push(Locator::Role { role: role.clone(), name: label.to_string(), exact: true });
        }
    }
    if matches!(intent.verb, Verb::Fill | Verb::Clear | Verb::Select | Verb::Upload | Verb::Append) {
        locators.push(Locator::Label { text: label.to_string() });
    } else {
        locators.push(Locator::Text { text: label_shown.to_string(), exact: true });
    }
    Some(Candidate {
        role,
        node_role: node.role.clone(),
        label: label.to_string(),
        reference: node.reference.clone(),
        locators,
        within: Vec::new(),
        place: None,
    })
}

/// How a target was matched, weakest last; a question is asked for nothing, but the offline
/// engine's figures count how often each tier was needed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum MatchTier {
    Exact,
    Normalized,
    /// Hangul compared letter by letter (jamo), spaces ignored, within a small edit distance.
    Fuzzy,
    /// For a text expected to be shown: part of a longer text (an alert, a paragraph), as
    /// Playwright's `getByText` finds it.
    Contains,
}

pub fn ground(intent: &Intent, nodes: &[SnapshotNode]) -> Grounding {
    ground_tiered(intent, nodes).0
}

/// Grounds and says which tier matched (exact name, normalized, jamo-fuzzy).
pub fn ground_tiered(intent: &Intent, nodes: &[SnapshotNode]) -> (Grounding, Option<MatchTier>) {
    let found = ground_name(intent, nodes);
    // A field that only holds the words inside a longer name ("Login Password Confirm Password":
    // two labels an app points at one input) loses to the field in the row the words head
    // ("Confirm Password"), which is the one a person sees them beside.
    if let (Grounding::Unique(c), Some(MatchTier::Contains)) = (&found.0, found.1) {
        if let Some(beside) = by_layout(intent, nodes).filter(|b| b.reference != c.reference) {
            return (Grounding::Unique(beside), Some(MatchTier::Normalized));
        }
    }
    if found.0 != Grounding::NotFound {
        return found;
    }
    // "휴가 규정 문서 맨 아래 분류 상자에 '인사'가 보인다": a place described in the reader's words
    // that no container on the page is called. What it holds is the check, where it is one thing.
    if let Some(Scope::Region(name)) = &intent.scope {
        let wanted = normalize(name);
        let named =
            (0..nodes.len()).any(|at| container_label(nodes, at).is_some_and(|l| words_cover(&normalize(&l), &wanted)));
        if !named && intent.verb.is_expectation() {
            let anywhere = ground_name(&Intent { scope: None, ..intent.clone() }, nodes);
            if matches!(anywhere.0, Grounding::Unique(_)) {
                return anywhere;
            }
        }
    }
    // "올바른 비밀번호", "the new name": the element is named without the word that says which value.
    let found = match intent.target.as_deref().and_then(specwright_reading::without_modifiers) {
        Some(name) => ground_name(&Intent { target: Some(name), ..intent.clone() }, nodes),
        None => found,
    };
    if found.0 != Grounding::NotFound {
        return found;
    }
    // "휴가 규정 문서", "the Harbor Canvas Tote item": the thing, without the word for its kind.
    if let Some(name) = intent.target.as_deref().and_then(without_kind_noun) {
        let found = ground_name(&Intent { target: Some(name), ..intent.clone() }, nodes);
        if found.0 != Grounding::NotFound {
            return found;
        }
    }
    // "일반 페이지를 선택한다": a link whose name holds the word the sentence read as its kind.
    if matches!(intent.verb, Verb::Click) && matches!(intent.hint, Some(RoleHint::Screen) | None) {
        if let Some(target) = intent.target.as_deref() {
            for kind in ["페이지", "화면", "page", "screen"] {
                let named = Intent { target: Some(format!("{target} {kind}")), hint: None, ..intent.clone() };
                let found = ground_name(&named, nodes);
                if matches!(found.0, Grounding::Unique(_)) {
                    return found;
                }
            }
        }
    }
    // "the plus button", "더하기 버튼": the one control drawn with that symbol.
    if matches!(intent.verb, Verb::Click | Verb::DoubleClick | Verb::Hover) {
        if let Some(name) = intent.target.as_deref().and_then(|t| symbols::control_drawn_as(t, nodes)) {
            let found = ground_name(&Intent { target: Some(name), hint: None, ..intent.clone() }, nodes);
            if matches!(found.0, Grounding::Unique(_)) {
                return found;
            }
        }
    }
    // The way out, named in another language or words than the page's ("로그아웃", "Sign out").
    if let Some(t) = intent.target.as_deref().filter(|t| LOGOUT_WORDS.contains(&normalize(t).as_str())) {
        for word in LOGOUT_WORDS.iter().filter(|w| **w != normalize(t)) {
            let found = ground_name(&Intent { target: Some(word.to_string()), ..intent.clone() }, nodes);
            if found.0 != Grounding::NotFound {
                return found;
            }
        }
    }
    // What people call a search field: "검색창", "the search box".
    let synonym = intent.target.as_deref().and_then(|t| {
        let t = normalize(t);
        FIELD_SYNONYMS
            .iter()
            .find(|(said, _)| t == *said || t.ends_with(&format!(" {said}")))
            .map(|(_, name)| name.to_string())
    });
    if let Some(name) = synonym {
        let found = ground_name(&Intent { target: Some(name), ..intent.clone() }, nodes);
        if found.0 != Grounding::NotFound {
            return found;
        }
    }
    // "새 예약 창이 열렸다", "the New booking dialog opens": a dialog with no name of its own,
    // known by the title it shows. Only text inside an open dialog counts: the button that
    // opened it carries the same words and proves nothing.
    if matches!(intent.verb, Verb::ExpectVisible) && intent.hint == Some(RoleHint::Dialog) && intent.scope.is_none() {
        let inside = Intent { hint: None, scope: Some(Scope::Dialog(None)), ..intent.clone() };
        let found = ground_name(&inside, nodes);
        if found.0 != Grounding::NotFound {
            return found;
        }
    }
    // "OK in the confirmation dialog" on a page whose dialog is drawn without the dialog role
    // (a modal of plain boxes): the element the person sees, wherever it is.
    if intent.scope == Some(Scope::Dialog(None))
        && !nodes.iter().any(|n| matches!(n.role.as_str(), "dialog" | "alertdialog"))
    {
        let found = ground_tiered(&Intent { scope: None, ..intent.clone() }, nodes);
        if found.0 != Grounding::NotFound {
            return found;
        }
    }
    if let Some(found) = by_its_look(intent, nodes) {
        return found;
    }
    if let Some(c) = figure_beside_name(intent, nodes) {
        return (Grounding::Unique(c), Some(MatchTier::Normalized));
    }
    by_layout(intent, nodes)
        .or_else(|| by_column(intent, nodes))
        .or_else(|| after_its_text(intent, nodes))
        .or_else(|| in_named_group(intent, nodes))
        .or_else(|| before_its_button(intent, nodes))
        .or_else(|| main_text(intent, nodes))
        .map_or(found, |c| (Grounding::Unique(c), Some(MatchTier::Normalized)))
}

/// "the 'OK' button" drawn as a link (`<a class="btn">`), "the 'Edit' tab" that is a link:
/// people name what a control looks like, not its role. Only when nothing has that role.
fn by_its_look(intent: &Intent, nodes: &[SnapshotNode]) -> Option<(Grounding, Option<MatchTier>)> {
    if !matches!(intent.verb, Verb::Click | Verb::DoubleClick | Verb::Hover) {
        return None;
    }
    let looks_alike: &[RoleHint] = match intent.hint {
        Some(RoleHint::Button) => &[RoleHint::Link],
        Some(RoleHint::Link) => &[RoleHint::Button],
        Some(RoleHint::Tab) => &[RoleHint::Link, RoleHint::Button],
        _ => &[],
    };
    // "문서 상단의 편집 탭" drawn as a link: of the links of that name, the one among the
    // page's tabs (its navigation), not a link of the same name in the content.
    if intent.hint == Some(RoleHint::Tab) {
        let scope = intent.scope.clone().filter(|s| !matches!(s, Scope::First | Scope::Last));
        let link = Intent { hint: Some(RoleHint::Link), scope, ..intent.clone() };
        if let (Grounding::Ambiguous(all), tier) = ground_name(&link, nodes) {
            let tabbed = |c: &Candidate| {
                nodes.iter().find(|n| n.reference.is_some() && n.reference == c.reference).is_some_and(|n| {
                    n.ancestors.iter().any(|a| matches!(a.as_str(), "navigation" | "tablist" | "menubar"))
                        && !n.ancestors.iter().any(|a| a == "main")
                })
            };
            // Found again by the named navigation it is in (`getByRole('navigation', { name:
            // '보기' }).getByRole('link', …)`), not by a path.
            let in_tabs = |mut c: Candidate| {
                let node = nodes.iter().find(|n| n.reference.is_some() && n.reference == c.reference);
                let bar =
                    node.and_then(|n| {
                        n.parents.iter().rev().map(|&p| &nodes[p]).find(|p| {
                            matches!(p.role.as_str(), "navigation" | "tablist" | "menubar") && p.name.is_some()
                        })
                    });
                if let Some(bar) = bar {
                    let name = bar.name.clone().unwrap_or_default();
                    c.within.push(Locator::Role { role: bar.role.clone(), name, exact: true });
                }
                c
            };
            let mut tabs: Vec<Candidate> = all.into_iter().filter(tabbed).map(in_tabs).collect();
            match (tabs.len(), &intent.scope) {
                (1, _) | (2.., Some(Scope::First)) => return Some((Grounding::Unique(tabs.remove(0)), tier)),
                (2.., Some(Scope::Last)) => return Some((Grounding::Unique(tabs.remove(tabs.len() - 1)), tier)),
                _ => {}
            }
        }
    }
    for hint in looks_alike {
        let found = ground_name(&Intent { hint: Some(*hint), ..intent.clone() }, nodes);
        if found.0 != Grounding::NotFound {
            return Some(found);
        }
    }
    None
}

/// What a control that makes a new record makes ("＋ Post", "New Post", "Add Post", "Create
/// post", "새 글", "글 추가" → the post / 글); `None` for any other name.
fn creation_core(text: &str) -> Option<String> {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix(['+', '＋']) {
        let rest = normalize(rest);
        return (!rest.is_empty()).then_some(rest);
    }
    let n = normalize(text);
    let lead = ["create new ", "add new ", "create a new ", "add a new ", "new ", "add ", "create ", "새 "];
    let tail = [" 추가", " 등록", " 만들기", " 생성", " 추가하기"];
    let core = lead.iter().find_map(|l| n.strip_prefix(l)).or_else(|| tail.iter().find_map(|t| n.strip_suffix(t)))?;
    let core = core.trim();
    (!core.is_empty()).then(|| core.to_string())
}

/// A name without a trailing word that only says what kind of thing it is.
fn without_kind_noun(target: &str) -> Option<String> {
    const KINDS: &[&str] = &[
        "문서",
        "페이지",
        "항목",
        "게시물",
        "게시글",
        "글",
        "레코드",
        "document",
        "page",
        "item",
        "entry",
        "record",
        "issue",
        "product",
    ];
    let words: Vec<&str> = target.split_whitespace().collect();
    let (last, rest) = words.split_last()?;
    (!rest.is_empty() && KINDS.iter().any(|k| last.eq_ignore_ascii_case(k))).then(|| rest.join(" "))
}

/// Names people give a field for what it is called on screen.
const FIELD_SYNONYMS: &[(&str, &str)] = &[
    ("검색창", "검색"),
    ("검색란", "검색"),
    ("검색어", "검색"),
    ("검색 상자", "검색"),
    ("search box", "search"),
    ("search field", "search"),
    ("search bar", "search"),
    ("비밀번호", "password"),
    ("암호", "password"),
    ("password", "비밀번호"),
    ("사용자 이름", "username"),
    ("아이디", "username"),
    ("username", "사용자 이름"),
    ("이메일", "email"),
    ("email", "이메일"),
];

/// What the way out of a logged-in session is called.
const LOGOUT_WORDS: &[&str] = &["로그아웃", "log out", "logout", "sign out", "signout", "log off"];

fn ground_name(intent: &Intent, nodes: &[SnapshotNode]) -> (Grounding, Option<MatchTier>) {
    let Some(target) = intent.target.as_deref() else {
        return (Grounding::NotFound, None);
    };
    let allowed = allowed_roles(intent);
    let in_dialog = |node: &SnapshotNode| node.ancestors.iter().any(|a| a == "dialog" || a == "alertdialog");
    let place = match &intent.scope {
        Some(Scope::Row(name)) => Some((name.as_str(), true)),
        Some(Scope::Region(name)) => Some((name.as_str(), false)),
        _ => None,
    };
    let container = |index: usize| place.and_then(|(name, row)| container_of(nodes, index, name, row));
    let permitted = |index: usize, node: &SnapshotNode| {
        allowed.is_none_or(|roles| roles.contains(&node.role.as_str()))
            && (!matches!(intent.scope, Some(Scope::Dialog(None))) || in_dialog(node))
            && (place.is_none() || container(index).is_some())
    };
    let expects_text = matches!(intent.verb, Verb::ExpectVisible | Verb::ExpectHidden);

    let wanted = normalize(target);
    let wanted_jamo = jamo_key(target);
    // A one-letter slip per eight letters, and none on short names (two syllables differ by
    // one letter too often: 확인 / 학인).
    let budget = if wanted_jamo.len() >= 9 { (wanted_jamo.len() / 8).max(1) } else { 0 };
    let wanted_name = WantedName { target, wanted: wanted.clone(), wanted_jamo: wanted_jamo.clone(), budget };
    let long_enough = wanted.chars().filter(|c| !c.is_whitespace()).count() >= if is_hangul(&wanted) { 2 } else { 3 };
    for tier in [MatchTier::Exact, MatchTier::Normalized, MatchTier::Fuzzy, MatchTier::Contains] {
        if tier == MatchTier::Fuzzy && budget == 0 {
            continue;
        }
        // (A field's value checked is named like a field typed into: "Tags (optional)" for Tags.)
        let types = matches!(intent.verb, Verb::Fill | Verb::Clear | Verb::Select | Verb::Append | Verb::ExpectValue);
        if tier == MatchTier::Contains && (!(expects_text || types) || !long_enough) {
            break;
        }
        let mut found: Vec<(Candidate, u8)> = Vec::new();
        for (index, node) in nodes.iter().enumerate().filter(|(i, n)| permitted(*i, n)) {
            let matched =
                labels_of(node, nodes).into_iter().find(|label| label_matches(tier, label, &wanted_name, types));
            if let Some(label) = matched {
                if let Some(mut c) = candidate(node, &label, intent) {
                    if tier == MatchTier::Contains && !types {
                        c.locators = vec![Locator::Text { text: target.to_string(), exact: false }];
                    }
                    if let Some(at) = container(index) {
                        let (locator, words) = container_locator(&nodes[at], place.map(|p| p.0).unwrap_or_default());
                        // A container with no role or name to find it by (a sidebar block headed
                        // by a plain "Keywords" text): by its place on the page, which
                        // `durable` turns into a path while the snapshot is current.
                        match (locator, &nodes[at].reference) {
                            (Some(locator), _) => c.within.push(locator),
                            (None, Some(reference)) => {
                                c.within.push(Locator::Css { selector: format!("{SNAPSHOT_REF}{reference}") })
                            }
                            (None, None) => {}
                        }
                        c.place = Some(words);
                    }
                    // Inside the dialog on screen: the same words behind it (the button that
                    // opened it, a row of the list) are never what is meant.
                    if matches!(intent.scope, Some(Scope::Dialog(None))) && c.role != "dialog" {
                        if let Some(kind) = node.ancestors.iter().rev().find(|a| *a == "dialog" || *a == "alertdialog")
                        {
                            c.within.push(Locator::Role { role: kind.clone(), name: String::new(), exact: false });
                        }
                    }
                    let rank = if expects_text { expect_rank(&c.role) } else { 0 };
                    found.push((c, rank));
                }
            }
        }
        if found.is_empty() {
            continue;
        }
        let best = found.iter().map(|(_, r)| *r).min().unwrap_or(0);
        let mut found: Vec<(Candidate, u8)> = found.into_iter().filter(|(_, r)| *r == best).collect();
        // Inside a named place, the element whose place is nearest it: a broad container that
        // merely starts with the name (a sidebar whose first section is "Issues") loses to the
        // section itself.
        if place.is_some() && found.len() > 1 {
            let depth = |c: &Candidate| {
                nodes
                    .iter()
                    .position(|n| n.reference.is_some() && n.reference == c.reference)
                    .and_then(container)
                    .map(|at| nodes[at].depth)
                    .unwrap_or(0)
            };
            let deepest = found.iter().map(|(c, _)| depth(c)).max().unwrap_or(0);
            found.retain(|(c, _)| depth(c) == deepest);
        }
        let mut top: Vec<Candidate> = found.into_iter().map(|(c, _)| c).collect();
        // A dialog named by its own heading shows up twice (dialog + heading): one element.
        top.dedup_by(|a, b| a.role == "dialog" && b.role == "dialog" && a.label == b.label);
        let grounding = match (top.len(), &intent.scope) {
            (1, _) => Grounding::Unique(top.remove(0)),
            // The spec said which one: "상단의" / "upper" is the first in reading order.
            (_, Some(Scope::First)) => Grounding::Unique(top.remove(0)),
            (_, Some(Scope::Last)) => Grounding::Unique(top.remove(top.len() - 1)),
            _ => Grounding::Ambiguous(top),
        };
        return (grounding, Some(tier));
    }
    // A sentence the page draws in pieces (a link inside a message: "… 문서가 [주시문서 목록]에
    // 추가되었습니다."): the innermost element whose text, read with its children's, holds it.
    let any_kind = allowed.is_none() || intent.hint == Some(RoleHint::Message);
    let figure = target.chars().any(|c| c.is_ascii_digit());
    if expects_text && long_enough && place.is_none() && any_kind && !figure {
        if let Some(c) = text_in_pieces(nodes, target, intent) {
            return (Grounding::Unique(c), Some(MatchTier::Contains));
        }
    }
    (Grounding::NotFound, None)
}

/// The names a person reads on a node: its accessible name, the words shown inside a control
/// (when it is no record's own control), and, for what is read as text, its text.
fn labels_of(node: &SnapshotNode, nodes: &[SnapshotNode]) -> Vec<String> {
    let mut out = Vec::new();
    out.extend(node.name.clone());
    // Never a record's own control in a row ("삭제" of "무선 키보드 삭제"): which record
    // is for the sentence to say.
    let in_record = node.ancestors.iter().any(|a| matches!(a.as_str(), "row" | "cell" | "gridcell" | "listitem"));
    // A button named by its content ("<button><em>로그인</em></button>"): the text inside;
    // and a link labelled for screen readers ("Create entry of type Post") that shows other
    // words ("＋ Post"): what a person reads on it names it too.
    if CLICKABLE.contains(&node.role.as_str()) && (node.name.is_none() || !in_record) {
        if let Some(at) = nodes.iter().position(|n| std::ptr::eq(n, node)) {
            let inner: Vec<String> = nodes[at + 1..]
                .iter()
                .take_while(|n| n.parents.contains(&at))
                .filter_map(|n| n.name.clone().or_else(|| n.text.clone()))
                .collect();
            let inner = inner.join(" ");
            if !inner.is_empty() && node.name.as_deref() != Some(inner.as_str()) {
                out.push(inner);
            }
        }
    }
    // A control labelled for screen readers ("Set date to now") that shows other words
    // ("Now") on its own line.
    if CLICKABLE.contains(&node.role.as_str()) && !in_record {
        if let (Some(name), Some(text)) = (&node.name, &node.text) {
            if name != text && !text.trim().is_empty() && !out.contains(text) {
                out.push(text.clone());
            }
        }
    }
    // Text content counts only for elements read as text, never to name a control, and an
    // input's text is its value: what a person typed is not what the page shows.
    let control = CLICKABLE.contains(&node.role.as_str()) || FILLABLE.contains(&node.role.as_str());
    if node.name.is_none() || !control {
        if !FILLABLE.contains(&node.role.as_str()) {
            out.extend(node.text.clone());
        }
    }
    out
}

/// The name a step looks for, read once: as written, normalised, as jamo with the slips allowed.
struct WantedName<'a> {
    target: &'a str,
    wanted: String,
    wanted_jamo: Vec<char>,
    budget: usize,
}

/// Whether a label names the target at this tier of strictness.
fn label_matches(tier: MatchTier, label: &str, name: &WantedName, types: bool) -> bool {
    let WantedName { target, wanted, wanted_jamo, budget } = name;
    let (target, budget) = (*target, *budget);
    match tier {
        MatchTier::Exact => label == target,
        // "Log In" and "Login", "로그인 하기" and "로그인하기": the same words.
        // "New Post" and "＋ Post", "Add contact" and "New contact": one way to make one.
        MatchTier::Normalized => {
            let made = creation_core(label).is_some_and(|l| Some(l) == creation_core(target));
            let label = normalize(label);
            made || label == *wanted || (label.replace(' ', "") == wanted.replace(' ', "") && !wanted.is_empty())
        }
        // A slip of a letter, never of a number: "내 예약 2건" is not "내 예약 3건" (a total
        // the spec gets wrong must fail, not match the one shown).
        MatchTier::Fuzzy => {
            let key = jamo_key(label);
            key.len().abs_diff(wanted_jamo.len()) <= budget
                && strsim::generic_levenshtein(&key, wanted_jamo) <= budget
                && numbers(label) == numbers(target)
        }
        // A field's name holds the words ("사내위키 검색" for 검색); a text holds the phrase.
        MatchTier::Contains if types => {
            let label = normalize(label);
            let words: Vec<&str> = label.split_whitespace().collect();
            // A word, or the stem of one ("confirmation" for "Confirm Password").
            // "end date" for "End datetime": a word the label's word grows from.
            let stem = |a: &str, b: &str| {
                (a.chars().count() >= 5 && b.chars().count() >= 5 && (a.starts_with(b) || b.starts_with(a)))
                    || (b.chars().count() >= 4 && b.is_ascii() && a.starts_with(b))
            };
            // "the full name" is the Name field, "상위 항목" the 상위 field: a word that only
            // says "all of it" or "a field" names nothing.
            wanted
                .split_whitespace()
                .filter(|w| !WHOLE_WORDS.contains(w) || wanted.split_whitespace().count() == 1)
                .all(|w| words.iter().any(|l| *l == w || stem(l, w)))
        }
        MatchTier::Contains => contains_whole_numbers(&normalize(label), wanted),
    }
}

/// The innermost element whose text with its descendants' (spaces aside) holds `target`, found
/// by that text as Playwright's `getByText` finds it.
fn text_in_pieces(nodes: &[SnapshotNode], target: &str, intent: &Intent) -> Option<Candidate> {
    let squeeze = |t: &str| normalize(t).replace(' ', "");
    let wanted = squeeze(target);
    if wanted.is_empty() {
        return None;
    }
    let own = |n: &SnapshotNode| -> String {
        if FILLABLE.contains(&n.role.as_str()) {
            return n.name.clone().unwrap_or_default();
        }
        [n.name.clone(), n.text.clone()].into_iter().flatten().collect::<Vec<_>>().join(" ")
    };
    let holders: Vec<usize> = (0..nodes.len())
        .filter(|&at| {
            let inside: String = std::iter::once(own(&nodes[at]))
                .chain(nodes[at + 1..].iter().take_while(|n| n.parents.contains(&at)).map(own))
                .collect();
            squeeze(&inside).contains(&wanted)
        })
        .collect();
    // The innermost: no other holder inside it; and held only by pieces together, never by one
    // element's own words (those the tiers above judged).
    let innermost = holders.iter().copied().find(|&at| !holders.iter().any(|&h| nodes[h].parents.contains(&at)))?;
    if squeeze(&own(&nodes[innermost])).contains(&wanted) {
        return None;
    }
    let node = &nodes[innermost];
    let mut c = candidate(node, target, intent)?;
    c.locators = vec![Locator::Text { text: target.to_string(), exact: false }];
    Some(c)
}

/// Roles that hold other elements and can be found by their name.
const CONTAINER_ROLES: &[&str] = &[
    "row",
    "listitem",
    "paragraph",
    "dialog",
    "alertdialog",
    "region",
    "navigation",
    "form",
    "group",
    "table",
    "grid",
    "list",
    "menu",
    "menubar",
    "tabpanel",
    "article",
    "complementary",
    "cell",
    "gridcell",
    "banner",
    "main",
    "contentinfo",
];

/// What a container is called: its name; for a row, its cells' text; otherwise the first text,
/// heading or cell inside it.
pub(crate) fn container_label(nodes: &[SnapshotNode], at: usize) -> Option<String> {
    if let Some(name) = &nodes[at].name {
        return Some(name.clone());
    }
    if nodes[at].role == "row" {
        let inside: Vec<(usize, &SnapshotNode)> =
            nodes.iter().enumerate().skip(at + 1).take_while(|(_, n)| n.parents.contains(&at)).collect();
        let cells: Vec<String> = inside
            .iter()
            .filter(|(_, n)| n.parents.last() == Some(&at))
            .filter_map(|(i, n)| {
                n.name.clone().or_else(|| n.text.clone()).or_else(|| {
                    inside.iter().filter(|(_, d)| d.parents.contains(i)).find_map(|(_, d)| {
                        (!CLICKABLE.contains(&d.role.as_str()) || d.role == "link")
                            .then(|| d.name.clone().or_else(|| d.text.clone()))
                            .flatten()
                    })
                })
            })
            .filter(|t| !t.trim().is_empty())
            .take(4)
            .collect();
        if !cells.is_empty() {
            return Some(cells.join(" "));
        }
    }
    nodes[at + 1..]
        .iter()
        .take_while(|n| n.parents.contains(&at))
        .find_map(|n| n.name.clone().or_else(|| n.text.clone()))
}

/// The nearest container of `nodes[index]` that `name` names ("Groups" row, "사용자" 항목), or
/// the section under a heading that does; a row only for a row scope.
fn container_of(nodes: &[SnapshotNode], index: usize, name: &str, row: bool) -> Option<usize> {
    let wanted = normalize(name);
    if wanted.is_empty() {
        return None;
    }
    let named = |at: usize| container_label(nodes, at).is_some_and(|l| words_cover(&normalize(&l), &wanted));
    let found = nodes[index].parents.iter().rev().copied().find(|&at| {
        let role = nodes[at].role.as_str();
        (if row { role == "row" } else { CONTAINER_ROLES.contains(&role) || role == "generic" }) && named(at)
    });
    if found.is_some() || row {
        return found;
    }
    // A landmark said by its kind ("in the sidebar", "in the header"): the page's region of
    // that kind, whatever it is called.
    let kinds: &[&str] = match wanted.as_str() {
        "sidebar" | "side bar" | "left sidebar" | "right sidebar" | "side menu" | "사이드바" | "왼쪽 메뉴"
        | "오른쪽 메뉴" | "좌측 메뉴" | "우측 메뉴" => &["complementary", "navigation"],
        "header" | "top bar" | "banner" | "헤더" | "상단 바" => &["banner"],
        "footer" | "푸터" => &["contentinfo"],
        "toolbar" | "tool bar" | "도구 모음" => &["toolbar"],
        "navigation" | "nav" | "navbar" | "nav bar" | "menu bar" | "내비게이션" => &["navigation", "menubar"],
        _ => &[],
    };
    if let Some(at) = nodes[index].parents.iter().rev().copied().find(|&at| kinds.contains(&nodes[at].role.as_str())) {
        return Some(at);
    }
    // A section: the nearest heading before the element names it.
    nodes[..index]
        .iter()
        .enumerate()
        .rev()
        .find(|(_, n)| n.role == "heading")
        .filter(|(_, n)| n.name.as_deref().or(n.text.as_deref()).is_some_and(|t| words_cover(&normalize(t), &wanted)))
        .map(|(at, _)| at)
}

/// Whether `label` holds every word of `wanted` (a row named "Groups Add Change" holds "groups").
fn words_cover(label: &str, wanted: &str) -> bool {
    let words: Vec<&str> = label.split_whitespace().collect();
    wanted
        .split_whitespace()
        .all(|w| words.iter().any(|l| *l == w || l.trim_end_matches('s') == w.trim_end_matches('s')))
        || label.contains(wanted)
}

/// The locator of a container found by its name, and the words that say where it is.
fn container_locator(node: &SnapshotNode, name: &str) -> (Option<Locator>, Text) {
    let words = Text::message("place-in", [("name", name.into()), ("kind", specwright_rails::container(&node.role))]);
    // A row is named by its cells for `getByRole` whether or not the snapshot prints the name.
    let named = node.name.is_some() || matches!(node.role.as_str(), "row" | "listitem");
    let locator = (node.role != "generic" && node.role != "heading" && named).then(|| Locator::Role {
        role: node.role.clone(),
        name: name.to_string(),
        exact: false,
    });
    (locator, words)
}

mod figures;
mod layout;
mod roles;
mod sentence;
mod symbols;
pub(crate) use layout::{boxes_after_label, unnamed_at};
pub(crate) use sentence::{named_in_sentence, whole_in};
#[cfg(test)]
mod tests;
