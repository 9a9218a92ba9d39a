//! Breaks a fixed sample of classes of the published 3x4 or 4x4 partition once, timing the tree
//! build (the first step) apart from the forcing, for profilers and instruction counters:
//! `cargo build --release --example break_profile && valgrind --tool=callgrind
//! target/release/examples/break_profile 3x4 1500 20 7`.

use boggle::breaking::orderly::OrderlyBreaker;
use boggle::breaking::partition::{Partition, PartitionClasses};
use boggle::breaking::ClassBreaker;
use boggle::Dictionary;
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let (rows, cols) = if arg(0, "3x4") == "4x4" {
        (4, 4)
    } else {
        (3, 4)
    };
    let target: u32 = arg(1, "1500").parse().expect("a target");
    let n: usize = arg(2, "20").parse().expect("a class count");
    let seed: u64 = arg(3, "7").parse().expect("a seed");
    let list = std::fs::read("wordlists/enable2k.txt").expect("run from the repository root");
    let dict = Arc::new(Dictionary::from_bytes(&list).expect("loads"));
    let p = Partition::parse("aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz")
        .expect("valid partition");
    let classes = PartitionClasses::new(p, rows, cols).expect("small enough");
    let mut b = OrderlyBreaker::new(dict, target);
    let (mut build, mut force, mut nodes, mut entries) = (0.0, 0.0, 0, 0);
    for id in classes.sample(n, seed) {
        b.reset();
        let t = Instant::now();
        b.start(&classes.class(id)).expect("no empty cell");
        b.step(1);
        let t1 = Instant::now();
        b.run();
        build += (t1 - t).as_secs_f64();
        force += t1.elapsed().as_secs_f64();
        nodes += b.last_tree_size().1;
        entries += b.last_tree_size().0;
    }
    println!("build {build:.2} s, force {force:.2} s, tree nodes {nodes}, entries {entries}");
}
