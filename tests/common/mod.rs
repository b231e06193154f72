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
