//! The real desktop window, driven under Xvfb through tauri-driver and WebKitWebDriver: it lists
//! the sessions of its data dir and shows one session's timeline and latest mirror frame; then a
//! person's path through it: a new session from a picked spec on the demo shop, the question it
//! stops at answered in the window, the run completed with its exports, the settings screen;
//! then the window closed during a run (it hides, the run goes on) and a second launch (it exits
//! and shows the first window). And the `.deb`: unpacked, its binary opens its window.
//! Screenshots of each screen are saved under target/test-output/window/.

use fantoccini::{ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use specwright_protocol::Event;
use specwright_tests::{output_dir, repo_root, run_demo, terminal};
use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Child processes are stopped however the test ends.
struct Process(Child, &'static str);

impl Drop for Process {
    fn drop(&mut self) {
        if let Ok(Some(_)) = self.0.try_wait() {
            return;
        }
        // SIGTERM lets tauri-driver stop WebKitWebDriver too (SIGKILL would orphan it).
        let _ = Command::new("kill").arg("-TERM").arg(self.0.id().to_string()).status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.0.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.0.kill();
        eprintln!("{} had to be killed", self.1);
    }
}

/// A screenshot of what is painted now: after two animation frames, so the last DOM change is
/// on screen and not only in the tree.
async fn painted_screenshot(client: &fantoccini::Client) -> Result<Vec<u8>, fantoccini::error::CmdError> {
    client
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100)));",
            vec![],
        )
        .await?;
    client.screenshot().await
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Starts Xvfb on a free display and returns it with its `:N` name.
fn xvfb() -> (Process, String) {
    let mut child = Command::new("Xvfb")
        .args(["-displayfd", "1", "-screen", "0", "1400x900x24", "-nolisten", "tcp"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("Xvfb is installed by `make setup`");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    (Process(child, "Xvfb"), format!(":{}", line.trim()))
}

/// A private D-Bus session bus: the single-instance check of the app goes through it, as on a
/// desktop (a CI machine has none).
fn session_bus(dir: &std::path::Path) -> (Process, String) {
    let mut child = Command::new("dbus-daemon")
        .args(["--session", "--nofork", "--print-address=1"])
        .arg(format!("--address=unix:path={}", dir.join("bus").display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("dbus-daemon is installed by `make setup`");
    let mut address = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut address).unwrap();
    (Process(child, "dbus-daemon"), address.trim().to_string())
}

/// The app window as X sees it ("shown", "hidden", "missing"), or a close request sent to it
/// as a window manager's close button sends one.
fn x11_window(display: &str, command: &str) -> String {
    let out = Command::new("/usr/bin/python3")
        .arg(repo_root().join("tests/tools/x11-window.py"))
        .args([command, "Specwright"])
        .env("DISPLAY", display)
        .output()
        .expect("python3-xlib is installed by `make setup`");
    assert!(out.status.success() || command == "close", "x11-window.py: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn wait_for_window(display: &str, wanted: &str) -> bool {
    let deadline = Instant::now() + Duration::from_secs(15);
    while Instant::now() < deadline {
        if x11_window(display, "state") == wanted {
            return true;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    false
}

/// A target that accepts connections and never answers: a run against it stays running (the
/// page load waits) long enough to close the window under it.
fn silent_server() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming().flatten() {
            held.push(stream);
        }
    });
    url
}

fn tauri_driver() -> std::path::PathBuf {
    let home = std::env::var("CARGO_HOME")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| std::path::PathBuf::from(std::env::var("HOME").unwrap_or_default()).join(".cargo"));
    let path = home.join("bin/tauri-driver");
    assert!(path.is_file(), "tauri-driver is missing: run `make setup`");
    path
}

/// Starts tauri-driver on `display` and opens `app` through it, with `data` as its data dir (and
/// `bus` as its D-Bus session, when given). The driver stops when the returned process drops.
async fn open_app(
    app: &std::path::Path,
    args: &[&str],
    data: &std::path::Path,
    display: &str,
    bus: Option<&str>,
) -> (Process, fantoccini::Client) {
    let port = free_port();
    let native_port = free_port();
    let mut command = Command::new(tauri_driver());
    command
        .args(["--port", &port.to_string(), "--native-port", &native_port.to_string()])
        .env("DISPLAY", display)
        .env("SPECWRIGHT_DATA_DIR", data)
        .env("LANG", "ko_KR.UTF-8")
        // WebDriver types through GTK's key events: the plain input method passes them as typed,
        // where a Korean locale's default could compose them.
        .env("GTK_IM_MODULE", "gtk-im-context-simple")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if let Some(bus) = bus {
        command.env("DBUS_SESSION_BUS_ADDRESS", bus);
    }
    let driver = Process(command.spawn().unwrap(), "tauri-driver");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "tauri-driver did not start");
        std::thread::sleep(Duration::from_millis(100));
    }
    let mut caps = serde_json::Map::new();
    caps.insert("browserName".into(), "wry".into());
    caps.insert("tauri:options".into(), serde_json::json!({ "application": app, "args": args }));
    let client = ClientBuilder::new(HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("WebDriver session with the app");
    (driver, client)
}

/// The `.deb` `make package` makes (here from the debug build `make package-debug` makes, the
/// same bundler) holds the app, its launcher and icons, names the libraries it needs, and the
/// binary unpacked from it opens its window on its own embedded UI.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs `make package-debug`, Xvfb and tauri-driver: `make test` runs it"]
async fn the_packaged_app_opens_its_window() {
    let bundles = repo_root().join("target/debug/bundle/deb");
    let deb = std::fs::read_dir(&bundles)
        .ok()
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "deb"))
        .expect("no .deb: run `make package-debug` first");
    let field = |name: &str| {
        let out = Command::new("dpkg-deb").arg("-f").arg(&deb).arg(name).output().unwrap();
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    assert_eq!(field("Package"), "specwright");
    assert!(field("Depends").contains("libwebkit2gtk-4.1-0"), "{}", field("Depends"));
    let root = tempfile::tempdir().unwrap();
    assert!(Command::new("dpkg-deb").arg("-x").arg(&deb).arg(root.path()).status().unwrap().success());
    let app = root.path().join("usr/bin/specwright-app");
    assert!(app.is_file(), "the app binary is in the package");
    assert!(root.path().join("usr/share/icons/hicolor/128x128/apps/specwright-app.png").is_file());
    let launcher = std::fs::read_to_string(root.path().join("usr/share/applications/Specwright.desktop")).unwrap();
    assert!(launcher.contains("Exec=specwright-app"), "{launcher}");

    let data = tempfile::tempdir().unwrap();
    let (_xvfb, display) = xvfb();
    let (_driver, client) = open_app(&app, &[], data.path(), &display, None).await;
    let result = async {
        client
            .wait()
            .at_most(Duration::from_secs(30))
            .for_element(Locator::Css("[data-testid=open-new-session]"))
            .await?;
        let title = client.find(Locator::Css("h1")).await?.text().await?;
        let png = painted_screenshot(&client).await?;
        Ok::<_, fantoccini::error::CmdError>((title, png))
    }
    .await;
    let _ = client.close().await;
    let (title, png) = result.expect("the packaged app shows its window");
    assert_eq!(title, "Specwright");
    std::fs::write(output_dir("package").join("packaged.png"), &png).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs the built desktop app, Xvfb and tauri-driver: `make test` runs it"]
async fn desktop_window_lists_sessions_and_shows_timeline_and_mirror_frame() {
    let app = repo_root().join("target/debug/specwright-app");
    assert!(app.is_file(), "build the app first: cargo build -p specwright-app");
    let data = tempfile::tempdir().unwrap();
    let shots = output_dir("window");
    let run = run_demo(data.path(), shots.join("export")).await;
    assert!(matches!(terminal(&run.events), Event::SessionCompleted { .. }));
    let frames = run.events.iter().filter(|e| matches!(e.event, Event::MirrorFrame { .. })).count();

    let spec = data.path().join("signup.md");
    std::fs::write(&spec, "# 회원가입\n\n1. '/login' 페이지로 이동한다.\n2. '회원가입' 버튼을 클릭한다.\n").unwrap();

    let (_xvfb, display) = xvfb();
    let (_bus, bus) = session_bus(data.path());
    let silent = silent_server();
    // Sessions started in the window export under the test's folder, not the working directory.
    let out = shots.join("window-out");
    let (_driver, client) =
        open_app(&app, &["--out", &out.display().to_string()], data.path(), &display, Some(&bus)).await;

    let result = async {
        let item = client.wait().at_most(Duration::from_secs(30)).for_element(Locator::Css("[data-testid=session-item]")).await?;
        let id = item.attr("data-session-id").await?;
        let status = client
            .wait()
            .at_most(Duration::from_secs(30))
            .for_element(Locator::Css("[data-testid=session-status][data-status=completed]"))
            .await?;
        let status_text = status.text().await?;
        let frame = client.wait().at_most(Duration::from_secs(30)).for_element(Locator::Css("[data-testid=mirror-frame][src^='blob:']")).await?;
        let alt = frame.attr("alt").await?;
        // Plain words by default (phases of step sentences); the developer's timeline (a row per
        // event) one toggle away, remembered for the sessions after.
        // The choice is remembered by the webview (across launches too): start from plain words.
        let toggle = client.find(Locator::Css("[data-testid=timeline-details]")).await?;
        if toggle.attr("aria-pressed").await?.as_deref() == Some("true") {
            toggle.click().await?;
        }
        client.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css("[data-testid=phase]")).await?;
        let phases = client.find_all(Locator::Css("[data-testid=phase]")).await?.len();
        client.find(Locator::Css("[data-testid=timeline-details]")).await?.click().await?;
        client.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css("[data-testid=timeline-item]")).await?;
        let rows = (phases, client.find_all(Locator::Css("[data-testid=timeline-item]")).await?.len());
        // The frame must be decoded and painted, not just an <img> element: wait for decode and
        // two animation frames so the screenshot shows it.
        let width = client
            .execute_async(
                "const done = arguments[arguments.length - 1]; \
                 const img = document.querySelector('[data-testid=mirror-frame]'); \
                 img.decode().then(() => requestAnimationFrame(() => requestAnimationFrame(() => done(img.naturalWidth))), () => done(0));",
                vec![],
            )
            .await?;
        assert_eq!(width.as_u64(), Some(640), "the mirror frame is a decoded JPEG, downscaled to half the viewport");
        let png = client.screenshot().await?;
        // The app started under a Korean locale speaks Korean (the language follows the OS's).
        let new_label = client.find(Locator::Css("[data-testid=open-new-session]")).await?.text().await?;

        // The bundled sample spec, as a person brings it: picked in the file dialog, the demo
        // shop as the target. The run completes with a Playwright export, and "run trial again"
        // trial-runs it once more, passing.
        let sample = repo_root().join("tests/fixtures/specs/shop-admin-prd.ko.md");
        client.find(Locator::Css("[data-testid=open-new-session]")).await?.click().await?;
        client.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css("[data-testid=drop-zone]")).await?;
        client.find(Locator::Css("input[type=file]")).await?.send_keys(&sample.display().to_string()).await?;
        client.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css("[data-testid=picked-files]")).await?;
        client.find(Locator::Css("input[type=checkbox]")).await?.click().await?;
        std::fs::write(shots.join("1-new-session.png"), painted_screenshot(&client).await?).ok();
        client.find(Locator::Css("[data-testid=new-session] button[type=submit]")).await?.click().await?;
        client
            .wait()
            .at_most(Duration::from_secs(120))
            .for_element(Locator::Css("[data-testid=session-status][data-status=completed]"))
            .await?;
        let sample_export = client
            .wait()
            .at_most(Duration::from_secs(10))
            .for_element(Locator::Css("[data-testid=outputs] [data-kind=playwright]"))
            .await?
            .find(Locator::XPath(".."))
            .await?
            .text()
            .await?;
        let trials = "[data-testid=timeline-item][data-type='trial.done']";
        let trials_before = client.find_all(Locator::Css(trials)).await?.len();
        client.find(Locator::Css("[data-testid=replay-session]")).await?.click().await?;
        let deadline = Instant::now() + Duration::from_secs(90);
        let mut after = Vec::new();
        while after.len() <= trials_before && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(250)).await;
            after = client.find_all(Locator::Css(trials)).await?;
        }
        let mut verdicts = Vec::new();
        for row in &after {
            verdicts.push((row.attr("class").await?.unwrap_or_default(), row.text().await?));
        }
        std::fs::write(shots.join("3-trial-again.png"), painted_screenshot(&client).await?).ok();
        let sample_run = (sample_export, trials_before, verdicts);

        // Another new session, on a spec that names a button the page does not have: the run
        // stops at a question the window answers, and completes.
        client.find(Locator::Css("[data-testid=open-new-session]")).await?.click().await?;
        client.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css("[data-testid=drop-zone]")).await?;
        client.find(Locator::Css("input[type=file]")).await?.send_keys(&spec.display().to_string()).await?;
        client.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css("[data-testid=picked-files]")).await?;
        client.find(Locator::Css("input[type=checkbox]")).await?.click().await?;
        client.find(Locator::Css("[data-testid=new-session] button[type=submit]")).await?.click().await?;
        let question = client.wait().at_most(Duration::from_secs(60)).for_element(Locator::Css("[data-testid=question]")).await?;
        let question_text = question.text().await?;
        std::fs::write(shots.join("2-question.png"), painted_screenshot(&client).await?).ok();
        // The page has no such button: the person skips the step, recorded as an assumption
        // (picking the login button instead would be refused by the app, whose form is empty).
        let mut skip = None;
        for option in question.find_all(Locator::Css("ol.options button")).await? {
            if option.text().await?.contains("건너뛰기") {
                skip = Some(option);
            }
        }
        skip.expect("the question offers to skip the step").click().await?;
        client
            .wait()
            .at_most(Duration::from_secs(120))
            .for_element(Locator::Css("[data-testid=session-status][data-status=completed]"))
            .await?;
        let exported = client
            .wait()
            .at_most(Duration::from_secs(10))
            .for_element(Locator::Css("[data-testid=outputs] [data-kind=playwright]"))
            .await?
            .text()
            .await?;
        std::fs::write(shots.join("3-completed.png"), painted_screenshot(&client).await?).ok();
        client.find(Locator::Css("[data-testid=open-settings]")).await?.click().await?;
        client.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css("[data-testid=settings] select")).await?;
        std::fs::write(shots.join("4-settings.png"), painted_screenshot(&client).await?).ok();

        // Closing the window during a run hides it and the run goes on; opening the app again
        // (a second launch) exits at once and shows the first window, still attached to the run.
        client.find(Locator::Css("[data-testid=open-new-session]")).await?.click().await?;
        client.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css("[data-testid=drop-zone]")).await?;
        client.find(Locator::Css("input[type=file]")).await?.send_keys(&spec.display().to_string()).await?;
        client.wait().at_most(Duration::from_secs(10)).for_element(Locator::Css("[data-testid=picked-files]")).await?;
        client.find(Locator::Css("[data-testid=new-session] input[type=url]")).await?.send_keys(&silent).await?;
        client.find(Locator::Css("[data-testid=new-session] button[type=submit]")).await?.click().await?;
        client
            .wait()
            .at_most(Duration::from_secs(30))
            .for_element(Locator::Css("[data-testid=session-status][data-status=running]"))
            .await?;
        assert_eq!(x11_window(&display, "state"), "shown");
        x11_window(&display, "close");
        let hidden = wait_for_window(&display, "hidden");
        let still = client.find(Locator::Css("[data-testid=session-status]")).await?.attr("data-status").await?;
        let second = Command::new(&app)
            .env("DISPLAY", &display)
            .env("SPECWRIGHT_DATA_DIR", data.path())
            .env("DBUS_SESSION_BUS_ADDRESS", &bus)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("a second launch");
        let mut second = Process(second, "the second launch");
        let deadline = Instant::now() + Duration::from_secs(30);
        let second_exit = loop {
            if let Some(status) = second.0.try_wait().unwrap() {
                break Some(status);
            }
            if Instant::now() > deadline {
                break None;
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        let shown = wait_for_window(&display, "shown");
        std::fs::write(shots.join("5-reopened.png"), painted_screenshot(&client).await?).ok();
        client.find(Locator::Css("[data-testid=stop-session]")).await?.click().await?;
        client
            .wait()
            .at_most(Duration::from_secs(60))
            .for_element(Locator::Css("[data-testid=session-status][data-status=cancelled]"))
            .await?;
        let background = (hidden, still, second_exit, shown);
        let shown_in = (new_label, sample_run);
        Ok::<_, fantoccini::error::CmdError>((id, status_text, alt, rows, png, question_text, exported, background, shown_in))
    }
    .await;
    let _ = client.close().await;
    let (id, status_text, alt, rows, png, question_text, exported, background, (new_label, sample_run)) =
        result.expect("the window shows the session");
    assert_eq!(new_label.trim(), "새 세션", "the window speaks the OS's language");
    let (sample_export, trials_before, verdicts) = sample_run;
    assert!(sample_export.contains("scenario.spec.ts"), "the sample spec's Playwright test: {sample_export}");
    assert!(trials_before >= 1, "the sample session had its own trial");
    assert_eq!(verdicts.len(), trials_before + 1, "run trial again: one more trial: {verdicts:?}");
    assert!(verdicts.iter().all(|(class, _)| class.contains("tone-ok")), "every trial passed: {verdicts:?}");
    let (hidden, still, second_exit, shown) = background;
    assert!(hidden, "closing the window during a run hides it");
    assert_eq!(still.as_deref(), Some("running"), "the run goes on while the window is hidden");
    let second_exit = second_exit.expect("a second launch exits at once: the app is single-instance");
    assert!(second_exit.success(), "the second launch exits cleanly: {second_exit:?}");
    assert!(shown, "the second launch shows the hidden window");
    assert!(question_text.contains("회원가입"), "{question_text}");
    assert!(!exported.trim().is_empty());

    std::fs::write(shots.join("window.png"), &png).unwrap();
    assert_eq!(id.as_deref(), Some(run.session_id.as_str()));
    assert!(!status_text.trim().is_empty());
    // The newest frame is of the last trial step.
    assert_eq!(alt.as_deref(), Some("'무선 키보드'가 목록에 보이는지 확인한다."));
    let (phases, rows) = rows;
    assert!(phases >= 4, "reading, checking the screens, two trial runs, review, done: {phases} phases");
    assert_eq!(
        rows,
        timeline_rows(&run.events),
        "one timeline row per event, a tool's result in its call's card ({frames} frames)"
    );
    assert!(png.len() > 10_000, "a real screenshot");
}

/// Rows the timeline shows for these events: one per event, except that a tool's result joins
/// its call's card (the offline engine streams no text, so no row merges deltas).
fn timeline_rows(events: &[specwright_protocol::Envelope]) -> usize {
    let mut open = std::collections::HashSet::new();
    events
        .iter()
        .filter(|e| match &e.event {
            Event::ToolCall { call_id, .. } => {
                open.insert(call_id.clone());
                true
            }
            Event::ToolResult { call_id, .. } => !open.remove(call_id),
            _ => true,
        })
        .count()
}
