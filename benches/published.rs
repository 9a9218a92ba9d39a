//! Our scorer against the published C++ one on the same boards: prints
//! `bench native SET-vs-published RATIO x (ours N, published M boards/s)` per benchmark set.
//!
//! `cargo bench --bench published --features bench-fixtures [-- ROUNDS]` with the published build
//! (built outside the repository, see docs/performance.md#against-the-published-solver) at
//! `$PUBLISHED` (the checkout in `hb/`, its virtual environment in `venv/`, and an `ok` file once
//! both are ready).
//! Each round times one pass of ours, then one of theirs (`python -m boggle.perf --input_file`,
//! its scoring loop only: Python calls the C++ scorer once a board); the medians of the rounds
//! are compared, and both totals must agree. Without the build it says so and does nothing.

use boggle::benchmark::{board_set, SETS};
use boggle::{Dictionary, Solver};
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// The median of some timings.
fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Runs the published perf tool on a file of boards: (boards/s, total score).
fn published(dir: &Path, size: &str, file: &Path) -> (f64, u64) {
    let out = Command::new(dir.join("venv/bin/python"))
        .args(["-m", "boggle.perf", "--size", size, "--input_file"])
        .arg(file)
        .current_dir(dir.join("hb"))
        .output()
        .expect("the published perf tool runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let total = text
        .lines()
        .find_map(|l| l.strip_prefix("total_score="))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no total in: {text}"));
    let pace = text
        .lines()
        .find_map(|l| l.split(", ").nth(1)?.strip_suffix(" bds/sec")?.parse().ok())
        .unwrap_or_else(|| panic!("no pace in: {text}"));
    (pace, total)
}

fn main() {
    let Some(dir) = std::env::var_os("PUBLISHED").map(std::path::PathBuf::from) else {
        println!("PUBLISHED is not set: nothing to compare");
        return;
    };
    if !dir.join("ok").exists() {
        println!(
            "no published build at {}: nothing to compare",
            dir.display()
        );
        return;
    }
    let rounds: usize = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--"))
        .map_or(3, |a| a.parse().expect("ROUNDS is a number"));
    let list = std::fs::read("wordlists/enable2k.txt").expect("run from the repository root");
    let mut solver = Solver::new(std::sync::Arc::new(Dictionary::from_bytes(&list).unwrap()));
    let tmp = std::env::temp_dir().join(format!("boggle-published-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("a temporary folder");
    for set in SETS {
        let boards = board_set(set).expect("known set");
        let size = format!("{}{}", boards[0].rows(), boards[0].cols());
        let file = tmp.join(format!("{set}.txt"));
        let text: String = boards.iter().map(|b| format!("{b}\n")).collect();
        std::fs::write(&file, text).expect("writes the boards");
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let t = Instant::now();
            let total: u64 = boards.iter().map(|b| solver.score(b).unwrap() as u64).sum();
            ours.push(boards.len() as f64 / t.elapsed().as_secs_f64());
            let (pace, their_total) = published(&dir, &size, &file);
            assert_eq!(total, their_total, "{set}: both score the same boards");
            theirs.push(pace);
        }
        let (ours, theirs) = (median(ours), median(theirs));
        println!(
            "bench native {set}-vs-published {:.2} x (ours {ours:.0}, published {theirs:.0} boards/s)",
            ours / theirs
        );
    }
    std::fs::remove_dir_all(&tmp).ok();
}
