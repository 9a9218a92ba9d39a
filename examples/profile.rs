//! Scores one benchmark set once, for instruction counting under a profiler:
//! `cargo build --release --features bench-fixtures --example profile && valgrind --tool=callgrind target/release/examples/profile random4x4 10000`.

use boggle::benchmark::board_set;
use boggle::{Dictionary, Solver};
use std::sync::Arc;

fn main() {
    let mut args = std::env::args().skip(1);
    let set = args.next().unwrap_or_else(|| "random4x4".into());
    let count: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(10_000);
    let list = std::fs::read("wordlists/enable2k.txt").expect("run from the repository root");
    let dict = Arc::new(Dictionary::from_bytes(&list).expect("loads"));
    let boards = board_set(&set).expect("known set");
    let mut solver = Solver::new(dict);
    let total: u64 = boards
        .iter()
        .take(count)
        .map(|b| solver.score(b).unwrap() as u64)
        .sum();
    println!(
        "{set}: {total} points over {} boards",
        count.min(boards.len())
    );
}
