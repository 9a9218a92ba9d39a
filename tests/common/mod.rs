//! Helpers the integration tests share: the ENABLE2K word list loaded once per test binary,
//! brute force over every board of a class, and running the `boggle` binary.
//!
//! Each test file compiles this module on its own and uses only part of it.
#![allow(dead_code)]

use boggle::breaking::Survivor;
use boggle::{BoardClass, Dictionary, Solver};
use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, OnceLock};

/// ENABLE2K from `wordlists/`, built once and shared by every test in the binary.
pub fn enable2k() -> Arc<Dictionary> {
    static DICT: OnceLock<Arc<Dictionary>> = OnceLock::new();
    DICT.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/wordlists/enable2k.txt");
        let bytes = std::fs::read(path).expect("wordlists/enable2k.txt is in the repository");
        Arc::new(Dictionary::from_bytes(&bytes).expect("loads"))
    })
    .clone()
}

/// Every board of the class scoring at least `target`, by scoring them all with the solver.
pub fn brute_force(class: &BoardClass, target: u32) -> BTreeSet<Survivor> {
    brute_force_with(enable2k(), class, target)
}

/// [`brute_force`] with another word list.
pub fn brute_force_with(
    dict: Arc<Dictionary>,
    class: &BoardClass,
    target: u32,
) -> BTreeSet<Survivor> {
    let mut solver = Solver::new(dict);
    let mut out = BTreeSet::new();
    class.for_each_board(|b| {
        let score = solver.score(b).unwrap();
        if score >= target {
            out.insert(Survivor {
                score,
                board: b.to_string(),
            });
        }
    });
    out
}

/// Runs the `boggle` binary with `args`, writing `stdin` to it.
pub fn boggle(args: &[&str], stdin: &str) -> Output {
    boggle_bytes(args, stdin.as_bytes())
}

/// `boggle` with these arguments and raw bytes on stdin (binary input).
pub fn boggle_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boggle"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    // A child that ends without reading all of its input closes the pipe: what it printed and
    // its exit status tell the test what happened, so a broken pipe here is not a failure.
    if let Err(e) = child.stdin.take().unwrap().write_all(stdin) {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "writing the input of boggle {args:?}: {e}"
        );
    }
    child.wait_with_output().unwrap()
}

/// Output bytes as text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

/// All a spawned child writes to its piped stdout, read until it closes it (for tests that
/// read its stderr line by line first).
pub fn stdout_of(child: &mut Child) -> String {
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("stdout is piped")
        .read_to_string(&mut out)
        .expect("stdout reads");
    out
}

/// All a spawned child writes to its piped stderr, read until it closes it.
pub fn stderr_of(child: &mut Child) -> String {
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr is piped")
        .read_to_string(&mut err)
        .expect("stderr reads");
    err
}

/// A fresh, empty folder for one test's files, named for it and this process.
pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("boggle-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Sends `signal` ("-INT" as Ctrl-C does, "-TERM" as a scheduler does) to a spawned child.
pub fn signal(child: &Child, signal: &str) {
    let sent = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success(), "kill {signal}");
}
