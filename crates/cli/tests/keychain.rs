//! The API key through a real OS keychain: a private D-Bus session with GNOME Keyring (the
//! Secret Service of Linux desktops) stands in for the person's login keychain. The key is set
//! from standard input, shown only masked, sent as the `Authorization` header of the check
//! request, and never written to the data folder; once forgotten, no key is sent.

use specwright_llm::mock::{MockServer, Reply, Step};
#[path = "../../../tests/support/secret_service.rs"]
mod secret_service;

use secret_service::{files, secret_service};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const KEY: &str = "sk-keychain-test-0123456789";

fn specwright(home: &Path, bus: &str, args: &[&str], stdin: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_specwright"));
    command
        .arg("--data-dir")
        .arg(home.join("data"))
        .args(args)
        .env("HOME", home)
        .env("XDG_RUNTIME_DIR", home.join("run"))
        .env("DBUS_SESSION_BUS_ADDRESS", bus)
        .env_remove("SPECWRIGHT_LLM_API_KEY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().unwrap();
    let mut pipe = child.stdin.take().unwrap();
    if let Some(text) = stdin {
        pipe.write_all(text.as_bytes()).unwrap();
    }
    drop(pipe);
    child.wait_with_output().unwrap()
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_key_lives_in_the_os_keychain_and_reaches_only_the_request_header() {
    let home = tempfile::tempdir().unwrap();
    let (_daemons, bus) = secret_service(home.path());
    let server = MockServer::start(vec![Step::Reply(Reply::Text("OK".into())), Step::Reply(Reply::Text("OK".into()))])
        .await
        .unwrap();
    let url = server.url().to_string();
    let run = |args: &[&str], stdin: Option<&str>| {
        let (home, bus) = (home.path().to_path_buf(), bus.clone());
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let stdin = stdin.map(str::to_string);
        tokio::task::spawn_blocking(move || {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            specwright(&home, &bus, &args, stdin.as_deref())
        })
    };

    let show = run(&["key", "show", "--base-url", &url], None).await.unwrap();
    assert_eq!(show.status.code(), Some(1), "nothing stored yet: {}", text(&show));

    let set = run(&["key", "set", "--base-url", &url], Some(&format!("{KEY}\n"))).await.unwrap();
    assert!(set.status.success(), "{}", text(&set));
    let show = run(&["key", "show", "--base-url", &format!("{url}/")], None).await.unwrap();
    assert!(show.status.success(), "{}", text(&show));
    assert!(text(&show).contains("sk-…6789"), "{}", text(&show));
    assert!(!text(&set).contains(KEY) && !text(&show).contains(KEY), "shown only masked");

    // The check is one request: the key goes in the header, never in the body.
    let check = run(&["key", "check", "--base-url", &url, "--model", "gpt-4o-mini"], None).await.unwrap();
    assert!(check.status.success(), "{}", text(&check));
    assert!(text(&check).contains("(keychain)") && text(&check).contains("\"OK\""), "{}", text(&check));
    assert_eq!(server.authorizations(), vec![Some(format!("Bearer {KEY}"))]);
    assert!(!server.requests()[0].to_string().contains(KEY));

    // Another endpoint does not get this key.
    let other = run(&["key", "show", "--base-url", "http://127.0.0.1:9/v1"], None).await.unwrap();
    assert_eq!(other.status.code(), Some(1), "{}", text(&other));

    let forget = run(&["key", "forget", "--base-url", &url], None).await.unwrap();
    assert!(forget.status.success(), "{}", text(&forget));
    let check = run(&["key", "check", "--base-url", &url, "--model", "gpt-4o-mini"], None).await.unwrap();
    assert!(check.status.success(), "{}", text(&check));
    // The client sends an empty bearer (or none) when it has no key.
    let sent = server.authorizations()[1].clone().unwrap_or_default();
    assert!(sent.trim().is_empty() || sent.trim() == "Bearer", "a forgotten key is not sent: {sent}");

    // Neither the database nor the logs ever held it.
    let stored = files(&home.path().join("data"));
    assert!(stored.iter().any(|(p, _)| p.extension().is_some_and(|e| e == "db")), "the data folder was used");
    for (path, bytes) in stored {
        assert!(!String::from_utf8_lossy(&bytes).contains(KEY), "{} holds the key", path.display());
    }
}

#[test]
fn without_a_keychain_the_error_says_what_to_do_instead() {
    let home = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(home.path().join("run")).unwrap();
    // A bus address where nothing listens.
    let bus = format!("unix:path={}", home.path().join("run/none").display());
    let out = specwright(home.path(), &bus, &["key", "show", "--base-url", "https://api.openai.com/v1"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("SPECWRIGHT_LLM_API_KEY") && err.contains("OS keychain is not available"), "{err}");
}
