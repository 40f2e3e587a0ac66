//! Kill the browser, then the Playwright driver, mid-session: the session relaunches them, restores the page and the login,
//! retries the step and goes on. (Its own test binary: it kills processes by a marker only its
//! own browser carries.)

use specwright_browser::{BrowserConfig, BrowserSession, ContextOptions, Performed};
use specwright_scenario::{Action, Assertion, Locator, Target, Value};

fn role(role: &str, name: &str) -> Target {
    Target {
        strategies: vec![Locator::Role { role: role.into(), name: name.into(), exact: true }],
        frame_path: vec![],
        ..Default::default()
    }
}

fn kill_browser(marker: &str) {
    let pattern = marker.trim_start_matches('-');
    let status = std::process::Command::new("pkill").args(["-KILL", "-f", pattern]).status().unwrap();
    assert!(status.success(), "the browser was running");
}

/// Kills the Playwright driver processes this test process started.
fn kill_driver() {
    let status = std::process::Command::new("pkill")
        .args(["-KILL", "-P", &std::process::id().to_string(), "-f", "run-driver"])
        .status()
        .unwrap();
    assert!(status.success(), "a driver was running");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_session_survives_its_browser_being_killed() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let base = app.url();
    let marker = format!("--specwright-crash-test={}", std::process::id());
    let mut config = BrowserConfig::detect().unwrap();
    config.extra_args = vec![marker.clone()];
    let mut session = BrowserSession::start(config, ContextOptions::default()).await.unwrap();
    let resolve = |value: &Value| match value {
        Value::Literal { value } => Ok(value.clone()),
        other => Err(specwright_browser::BrowserError::MissingValue(specwright_browser::Missing::Variable(format!(
            "{other:?}"
        )))),
    };
    let fill = |name: &str, value: &str| Action::Fill {
        target: role("textbox", name),
        value: Value::Literal { value: value.into() },
    };

    for action in [
        Action::Goto { url: "/login".into() },
        fill("이메일", "ada@example.com"),
        fill("비밀번호", "demo1234"),
        Action::Click { target: role("button", "로그인") },
        Action::Expect { target: role("heading", "대시보드"), assertion: Assertion::Visible },
    ] {
        assert_eq!(session.perform(&action, &base, &resolve).await.unwrap(), Performed::Done);
    }

    kill_browser(&marker);
    // The next step finds the browser gone, recovers on the same URL, logged in, and succeeds.
    let step = Action::Expect { target: role("heading", "대시보드"), assertion: Assertion::Visible };
    let performed = session.perform(&step, &base, &resolve).await.unwrap();
    assert_eq!(performed, Performed::Recovered { url: format!("{base}/dashboard") });
    assert_eq!(session.recoveries(), 1);
    let next = Action::Click { target: role("link", "상품 관리") };
    assert_eq!(session.perform(&next, &base, &resolve).await.unwrap(), Performed::Done);
    let check = Action::Expect { target: role("heading", "상품 목록"), assertion: Assertion::Visible };
    assert_eq!(session.perform(&check, &base, &resolve).await.unwrap(), Performed::Done);

    // A failure that is not a crash is reported as it is, without a relaunch.
    let missing = Action::Click { target: role("button", "없는 버튼") };
    assert!(session.perform(&missing, &base, &resolve).await.is_err());
    assert_eq!(session.recoveries(), 1);

    // The Playwright driver (the Node process this test started) dies: the same recovery.
    kill_driver();
    let performed = session.perform(&check, &base, &resolve).await.unwrap();
    assert!(matches!(&performed, Performed::Recovered { url } if url.ends_with("/items")), "{performed:?}");
    assert_eq!(session.recoveries(), 2);
    // Still logged in on the new driver: the session's menu is there.
    let logout = Action::Expect { target: role("button", "로그아웃"), assertion: Assertion::Visible };
    assert_eq!(session.perform(&logout, &base, &resolve).await.unwrap(), Performed::Done);
    session.close().await;
}
