//! A private Secret Service for tests: a D-Bus session bus and an unlocked GNOME Keyring on it
//! (what a Linux desktop runs), standing in for the person's login keychain. Shared by the
//! CLI's keychain test (by path) and the window's secret test.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A daemon stopped however the test ends.
pub struct Daemon(Child);

impl Drop for Daemon {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A session bus and an unlocked GNOME Keyring on it, in `home`; returns the bus address.
pub fn secret_service(home: &Path) -> (Vec<Daemon>, String) {
    let runtime_dir = home.join("run");
    std::fs::create_dir_all(&runtime_dir).unwrap();
    let socket = runtime_dir.join("bus");
    let mut bus = Command::new("dbus-daemon")
        .args(["--session", "--nofork", "--print-address=1"])
        .arg(format!("--address=unix:path={}", socket.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("dbus-daemon is installed by `make setup`");
    let mut address = String::new();
    BufReader::new(bus.stdout.take().unwrap()).read_line(&mut address).unwrap();
    let address = address.trim().to_string();
    let bus = Daemon(bus);
    let mut keyring = Command::new("gnome-keyring-daemon")
        .args(["--foreground", "--unlock", "--components=secrets"])
        .env("HOME", home)
        .env("XDG_RUNTIME_DIR", &runtime_dir)
        .env("DBUS_SESSION_BUS_ADDRESS", &address)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("gnome-keyring-daemon is installed by `make setup`");
    // The login keyring's password, then end of input: the keyring is created unlocked.
    let mut stdin = keyring.stdin.take().unwrap();
    stdin.write_all(b"test-login-password").unwrap();
    drop(stdin);
    let keyring = Daemon(keyring);
    // The daemon takes its bus name a moment after it starts.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let owner = Command::new("dbus-send")
            .args(["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus"])
            .args(["org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets"])
            .env("DBUS_SESSION_BUS_ADDRESS", &address)
            .output()
            .unwrap();
        if String::from_utf8_lossy(&owner.stdout).contains("boolean true") {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "GNOME Keyring did not start");
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    (vec![keyring, bus], address)
}

/// Every file under `dir`, read as bytes: where a test looks for a secret that must not be there.
pub fn files(dir: &Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                out.extend(files(&path));
            } else if let Ok(bytes) = std::fs::read(&path) {
                out.push((path, bytes));
            }
        }
    }
    out
}
