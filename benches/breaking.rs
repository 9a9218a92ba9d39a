//! Branch-and-bound benchmarks on fixed classes of the published partitions, one thread:
//! prints `bench native break-... VALUE UNIT` lines. The classes are chosen by id (and by the
//! best boards they hold), so every run measures the same work; compare the published breaker
//! on the same classes as docs/performance.md#branch-and-bound describes.

use boggle::breaking::orderly::OrderlyBreaker;
use boggle::breaking::partition::{Partition, PartitionClasses};
use boggle::breaking::ClassBreaker;
use boggle::engine::symmetry::symmetries;
use boggle::{Board, BoardClass, Dictionary};
use std::sync::Arc;
use std::time::Instant;

/// The published 3x4 and 4x4 partition: corners take their own two groups.
const PUBLISHED: &str = "aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz";

/// A hard 4x4 class of the published partition (row-major).
const HARD_4X4: &str = "aeiosuy aeijou hklnrsty bcdfghjklmnpqrtvwxz bcdfgmpqvwxz hklnrsty aeijou \
     bcdfgmpqvwxz hklnrsty aeijou hklnrsty bcdfgmpqvwxz bcdfghjklmnpqrtvwxz aeijou aeijou aeiosuy";

fn main() {
    let list = std::fs::read("wordlists/enable2k.txt").expect("run from the repository root");
    let dict = Arc::new(Dictionary::from_bytes(&list).expect("loads"));
    let quick = std::env::var("BENCH_QUICK").is_ok();

    // 3x4 at 1500: ten sampled classes and the classes holding the best boards.
    let p = Partition::parse(PUBLISHED).expect("valid partition");
    let s34 = PartitionClasses::new(p.clone(), 3, 4).expect("3x4 is small enough");
    let mut ids = s34.sample(if quick { 3 } else { 10 }, 1);
    for board in ["perslatesind", "sindlatepers"] {
        if let Some(id) = class_of(&s34, board) {
            ids.push(id);
        }
    }
    ids.sort_unstable();
    ids.dedup();
    let total = run(
        &dict,
        1500,
        ids.iter().map(|&i| (format!("3x4-{i}"), s34.class(i))),
    );
    println!(
        "bench native break3x4-sample {:.2} s/class",
        total / ids.len() as f64
    );

    // 4x4 at 3500: the hard class, and the class holding perslatgsineters.
    let s44 = PartitionClasses::new(p, 4, 4).expect("4x4 is small enough");
    let mut classes = vec![(
        "4x4-hard".to_string(),
        BoardClass::parse(HARD_4X4, None).expect("valid class"),
    )];
    if !quick {
        if let Some(id) = class_of(&s44, "perslatgsineters") {
            classes.push((format!("4x4-{id}"), s44.class(id)));
        }
    }
    run(&dict, 3500, classes.into_iter());
}

/// Breaks each class on one thread; prints its time and peak tree memory, returns the total.
fn run(
    dict: &Arc<Dictionary>,
    target: u32,
    classes: impl Iterator<Item = (String, BoardClass)>,
) -> f64 {
    let mut total = 0.0;
    for (name, class) in classes {
        let mut b = OrderlyBreaker::new(Arc::clone(dict), target);
        let t = Instant::now();
        b.start(&class).expect("no empty cell");
        b.run();
        let secs = t.elapsed().as_secs_f64();
        total += secs;
        println!("bench native break{name} {secs:.2} s");
        println!(
            "bench native break{name}-memory {:.0} MB",
            b.stats().peak_bytes as f64 / 1e6
        );
    }
    total
}

/// The id of the canonical class holding `board` (each cell in the group of its letter).
fn class_of(search: &PartitionClasses, board: &str) -> Option<usize> {
    let (rows, cols) = search.shape();
    let b = Board::parse(board, Some((rows, cols))).ok()?;
    symmetries(rows, cols).iter().find_map(|perm| {
        let masks: Vec<u32> = perm
            .iter()
            .enumerate()
            .map(|(cell, &from)| {
                let letter = 1u32 << b.cells()[from as usize];
                let kind = boggle::breaking::partition::CellKind::of(cell, rows, cols);
                search
                    .partition()
                    .groups_for(kind)
                    .iter()
                    .copied()
                    .find(|g| g & letter != 0)
                    .unwrap_or(0)
            })
            .collect();
        let class = BoardClass::new(rows, cols, masks).ok()?;
        search.id_of(&class)
    })
}
