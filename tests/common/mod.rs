//! Running the `dust1947` binary as a user would, for the command-line tests.
#![allow(dead_code)] // each test crate uses its own part

use std::path::PathBuf;
use std::process::{Command, Output};

/// The repository root (the tests run the binary from there).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `dust1947 ARGS` from the repository root, with the shipped cards only.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dust1947"))
        .args(args)
        .current_dir(root())
        .env_remove("DUST1947_CARDS")
        .output()
        .expect("the binary runs")
}

/// What the command printed on stdout.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What the command printed on stderr.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs `dust1947 ARGS`, which must succeed and print one JSON value.
pub fn json(args: &[&str]) -> serde_json::Value {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{args:?} printed no JSON ({e}): {}", stdout(&o)))
}

/// Writes `contents` to `name` in a folder of this test process and returns its path.
pub fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dust1947-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, contents).unwrap();
    p
}

/// A `dust1947 serve` process started by [`serve`], killed when dropped.
pub struct Server {
    /// The process.
    pub child: std::process::Child,
    /// Where it listens.
    pub addr: std::net::SocketAddr,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `dust1947 serve --port P` on a free port, with what `configure` adds to the command
/// (the shipped cards only, unless it sets them), and waits until `/api/health` answers 200.
/// A server that exits before it listens because another process took the port between the
/// check and its own bind is started again on another port; any other early exit, or no
/// answer within 60 seconds, fails the test with what the server printed.
pub fn serve(configure: impl Fn(&mut Command)) -> Server {
    use std::time::{Duration, Instant};
    for attempt in 0..5 {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let log = std::env::temp_dir().join(format!("dust1947-serve-{}-{port}-{attempt}.log", std::process::id()));
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_dust1947"));
        cmd.args(["serve", "--port", &port.to_string()]).env_remove("DUST1947_CARDS");
        configure(&mut cmd);
        cmd.stdout(std::process::Stdio::null())
            .stderr(std::fs::File::create(&log).expect("a log file for the server"));
        let mut server = Server {
            child: cmd.spawn().expect("the binary runs"),
            addr: format!("127.0.0.1:{port}").parse().unwrap(),
        };
        let printed = |log: &PathBuf| std::fs::read_to_string(log).unwrap_or_default();
        let t0 = Instant::now();
        loop {
            if dust_server::client::get(server.addr, "/api/health").is_ok_and(|a| a.status == 200) {
                return server;
            }
            if let Some(status) = server.child.try_wait().expect("the server's status") {
                let text = printed(&log);
                if text.to_lowercase().contains("in use") && attempt < 4 {
                    break; // the port was taken in between: another one
                }
                panic!("dust1947 serve exited ({status}) before it listened on port {port}: {text}");
            }
            assert!(
                t0.elapsed() < Duration::from_secs(60),
                "dust1947 serve did not answer on port {port} within 60 s; it printed: {}",
                printed(&log)
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    panic!("dust1947 serve found no free port in 5 tries");
}
