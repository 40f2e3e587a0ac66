//! `make bench`, what the model reads: tokens of our compact snapshot vs Playwright's own AI
//! snapshot of the same page, tokens of the post-action diff vs the full snapshot after the same
//! action, and the share of interactive elements still addressable (must be 100%).
//!
//! Tokens are counted with a fixed tokenizer, tiktoken's `cl100k_base` (its BPE table is
//! embedded in the `tiktoken-rs` crate: no download at run time), so figures compare across runs.

use specwright_browser::{diff, interactive_refs, Browser, BrowserConfig, PageSession};
use specwright_scenario::Locator;

/// Secrets the pages hold: the demo login's password and the form page's prefilled one.
const SECRETS: &[&str] = &["demo1234", "s3cr3t-Pa55"];

fn role(role: &str, name: &str) -> String {
    Locator::Role { role: role.into(), name: name.into(), exact: true }.playwright_selector()
}

fn in_frame(selector: &str) -> String {
    format!("iframe >> internal:control=enter-frame >> {selector}")
}

/// What a page needs before it is measured, and the action whose diff is measured.
#[derive(Clone)]
enum Step {
    Goto(&'static str),
    Fill(String, &'static str),
    Click(String),
    Check(String),
}

struct Case {
    name: &'static str,
    setup: Vec<Step>,
    action: Step,
}

fn cases() -> Vec<Case> {
    let login = [
        Step::Goto("/login"),
        Step::Fill(role("textbox", "이메일"), "ada@example.com"),
        Step::Fill(role("textbox", "비밀번호"), "demo1234"),
        Step::Click(role("button", "로그인")),
    ];
    let with_login = |then: Vec<Step>| login.iter().cloned().chain(then).collect::<Vec<_>>();
    vec![
        Case {
            name: "demo_login",
            setup: vec![Step::Goto("/login"), Step::Fill(role("textbox", "비밀번호"), "demo1234")],
            action: Step::Fill(role("textbox", "이메일"), "ada@example.com"),
        },
        Case {
            name: "demo_list",
            setup: with_login(vec![Step::Goto("/items")]),
            action: Step::Click(role("button", "기계식 키보드 삭제")),
        },
        Case {
            name: "demo_create",
            setup: with_login(vec![Step::Goto("/items/new")]),
            action: Step::Click(role("button", "등록")),
        },
        Case {
            name: "long_table",
            setup: vec![Step::Goto("/reference/long-table.html")],
            action: Step::Check(role("checkbox", "ORD-0001 선택 / select")),
        },
        Case {
            name: "form_heavy",
            setup: vec![Step::Goto("/reference/form-heavy.html")],
            action: Step::Check(role("checkbox", "문자 알림 / SMS")),
        },
        Case {
            name: "iframe",
            setup: vec![
                Step::Goto("/reference/iframe.html"),
                Step::Fill(in_frame(&role("textbox", "제목 / Subject")), "배송 문의"),
            ],
            action: Step::Click(in_frame(&role("button", "보내기 / Send"))),
        },
        Case {
            name: "shadow",
            setup: vec![
                Step::Goto("/reference/shadow.html"),
                Step::Fill(role("textbox", "쿠폰 코드 / Coupon code"), "WELCOME10"),
            ],
            action: Step::Click(role("button", "적용 / Apply")),
        },
    ]
}

async fn run(page: &PageSession, base: &str, step: &Step) {
    let result = match step {
        Step::Goto(path) => page.goto(&format!("{base}{path}")).await,
        Step::Fill(selector, value) => page.fill(selector, selector, value).await,
        Step::Click(selector) => page.click(selector, selector).await,
        Step::Check(selector) => page.set_checked(selector, selector, true).await,
    };
    result.unwrap_or_else(|e| panic!("bench step failed: {e}"));
    // Let the page's handlers (a re-render, a dialog) finish before the next look.
    tokio::time::sleep(std::time::Duration::from_millis(150)).await;
}

pub async fn measure(base: &str) -> Vec<serde_json::Value> {
    let bpe = tiktoken_rs::cl100k_base().expect("cl100k_base is embedded in tiktoken-rs");
    let tokens = |text: &str| bpe.encode_ordinary(text).len() as f64;
    let browser = Browser::launch(BrowserConfig::detect().unwrap()).await.unwrap();
    let mut records = Vec::new();
    let (mut reachable, mut total) = (0usize, 0usize);
    println!("\n{:<34} {:>10} {:>12} {:>8}", "measure (cl100k tokens)", "ours", "playwright", "ratio");
    for case in cases() {
        let page = browser.new_page().await.unwrap();
        for step in &case.setup {
            run(&page, base, step).await;
        }
        let full = page.snapshot().await.unwrap();
        let before = page.compact_snapshot(SECRETS).await.unwrap();
        run(&page, base, &case.action).await;
        let full_after = page.snapshot().await.unwrap();
        let after = page.compact_snapshot(SECRETS).await.unwrap();
        let change = diff(&before, &after);

        if std::env::var_os("BENCH_SHOW_SNAPSHOTS").is_some() {
            println!("--- {} compact\n{}--- {} diff after the action\n{change}", case.name, before.text(), case.name);
        }
        let expected = interactive_refs(&full);
        let addressable = before.addressable_refs();
        let missing: Vec<&String> = expected.iter().filter(|r| !addressable.contains(*r)).collect();
        reachable += expected.len() - missing.len();
        total += expected.len();
        if !missing.is_empty() {
            println!("  {}: not addressable: {missing:?}", case.name);
        }
        for secret in SECRETS {
            assert!(!before.text().contains(secret) && !change.contains(secret), "{}: a secret leaked", case.name);
        }
        for (measure, ours, reference) in [
            (format!("snapshot.{}.full", case.name), tokens(before.text()), tokens(&full)),
            (format!("snapshot.{}.after_action", case.name), tokens(&change), tokens(&full_after)),
        ] {
            let ratio = ours / reference;
            println!("{measure:<34} {ours:>10.0} {reference:>12.0} {ratio:>7.2}x");
            records.push(serde_json::json!({
                "name": measure, "ours": ours, "reference": reference, "unit": "tokens", "ratio": ratio,
                "reference_name": "playwright ariaSnapshot({mode:'ai'}), cl100k_base",
            }));
        }
        page.close().await;
    }
    browser.close().await;
    let share = 100.0 * reachable as f64 / total.max(1) as f64;
    println!("{:<34} {:>9.1}% {:>11.1}% {:>7.2}x", "snapshot.addressable", share, 100.0, share / 100.0);
    records.push(serde_json::json!({
        "name": "snapshot.addressable", "ours": share, "reference": 100.0, "unit": "%", "ratio": share / 100.0,
        "reference_name": "interactive elements with a ref in Playwright's AI snapshot", "samples": total,
    }));
    records
}
