//! Native engine benchmarks: prints `bench native SET VALUE UNIT` lines
//! (docs/design.md#benchmark-lines).

use boggle::benchmark::{board_set, README_CLASS, SETS, SPLIT_CLASS};
use boggle::bounds::{BoundSolver, SplitSweep};
use boggle::BoardClass;
use boggle::{Dictionary, Solver};
use std::time::Instant;

/// Sections to run: every one, or those named on the command line (`-- variants scores`).
fn wanted(section: &str) -> bool {
    let named: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    named.is_empty() || named.iter().any(|n| n == section)
}

fn main() {
    let list = std::fs::read("wordlists/enable2k.txt").expect("run from the repository root");
    let dict = Dictionary::from_bytes(&list).expect("loads");
    if wanted("load") {
        bench_load(&list, &dict);
    }
    let mut solver = Solver::new(std::sync::Arc::new(dict));
    if wanted("scores") {
        bench_scores(&mut solver);
    }
    if wanted("variants") {
        bench_variants(&mut solver);
    }
    if wanted("bounds") {
        bench_bounds(&list);
    }
    if wanted("break") {
        bench_break(&list);
    }
}

/// Loading ENABLE2K from text and from its compiled form (best of 10).
fn bench_load(list: &[u8], dict: &Dictionary) {
    let mut best_ms = f64::MAX;
    for _ in 0..10 {
        let t = Instant::now();
        let d = Dictionary::from_bytes(list).expect("loads");
        best_ms = best_ms.min(t.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(d);
    }
    println!("bench native load-enable2k {best_ms:.1} ms");
    let compiled = boggle::engine::compiled::to_bytes(dict).expect("ENABLE2K compiles");
    let mut best_ms = f64::MAX;
    for _ in 0..10 {
        let t = Instant::now();
        let d = boggle::engine::compiled::from_bytes(&compiled).expect("loads");
        best_ms = best_ms.min(t.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(d);
    }
    println!("bench native load-enable2k-compiled {best_ms:.1} ms");
}

/// Boards scored per second on each benchmark set (best of three passes after a warm-up).
fn bench_scores(solver: &mut Solver) {
    for set in SETS {
        let boards = board_set(set).expect("known set");
        // Warm up once, then take the best of three passes.
        let mut total = 0u64;
        for b in &boards {
            total += solver.score(b).unwrap() as u64;
        }
        let mut best = f64::MAX;
        for _ in 0..3 {
            let t = Instant::now();
            let mut sum = 0u64;
            for b in &boards {
                sum += solver.score(b).unwrap() as u64;
            }
            assert_eq!(sum, total);
            best = best.min(t.elapsed().as_secs_f64());
        }
        println!(
            "bench native {set} {:.0} boards/s",
            boards.len() as f64 / best
        );
    }
}

/// Every one-letter variant of the first boards of a set (all 26 letters at every cell),
/// scored one by one and with one open-cell walk per cell; boards/s counts variants.
fn bench_variants(solver: &mut Solver) {
    for (set, count) in [("random4x4", 400), ("high4x4", 400), ("random5x5", 100)] {
        let boards = board_set(set).expect("known set");
        let boards = &boards[..count];
        let all = boggle::engine::board::ALL_LETTERS_MASK;
        let variants = boards.iter().map(|b| b.len() * 26).sum::<usize>() as f64;
        let mut one_by_one = f64::MAX;
        let mut open_walk = f64::MAX;
        for _ in 0..3 {
            let t = Instant::now();
            let mut sum = 0u64;
            for b in boards {
                let mut v = b.clone();
                for c in 0..b.len() {
                    for l in 0..26 {
                        v.cells_mut()[c] = l;
                        sum += solver.score(&v).unwrap() as u64;
                    }
                    v.cells_mut()[c] = b.cells()[c];
                }
            }
            one_by_one = one_by_one.min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let mut open_sum = 0u64;
            for b in boards {
                for c in 0..b.len() {
                    open_sum += solver
                        .score_variants(b, c, all)
                        .unwrap()
                        .iter()
                        .map(|&s| s as u64)
                        .sum::<u64>();
                }
            }
            open_walk = open_walk.min(t.elapsed().as_secs_f64());
            assert_eq!(open_sum, sum);
        }
        println!(
            "bench native variants-{set}-one-by-one {:.0} boards/s",
            variants / one_by_one
        );
        println!(
            "bench native variants-{set}-open-cell {:.0} boards/s",
            variants / open_walk
        );
    }
}

/// Bound of the README class (best of 20) and the full per-cell split sweep of a 4x4 class.
fn bench_bounds(list: &[u8]) {
    let dict = std::sync::Arc::new(Dictionary::from_bytes(list).expect("loads"));
    let mut bs = BoundSolver::new(dict);
    let class = BoardClass::parse(README_CLASS, None).expect("valid class");
    let expect = bs.bounds(&class);
    let mut best = f64::MAX;
    for _ in 0..20 {
        let t = Instant::now();
        assert_eq!(bs.bounds(&class), expect);
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
    }
    println!("bench native bound-readme {best:.1} ms");
    let class = BoardClass::parse(SPLIT_CLASS, None).expect("valid class");
    let t = Instant::now();
    let mut sweep = SplitSweep::new(&class);
    while sweep.step(&mut bs).is_some() {}
    println!(
        "bench native split-4x4 {:.0} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
}

/// Branch and bound on the 3x3 partition search at target 500 on one thread: a sample of the
/// canonical classes (every 50th with the orderly-tree breaker, every 500th with the plain
/// re-bounding one) and the full search's single-thread time extrapolated from it.
fn bench_break(list: &[u8]) {
    use boggle::breaking::orderly::OrderlyBreaker;
    use boggle::breaking::partition::{Partition, PartitionClasses};
    use boggle::breaking::{Breaker, ClassBreaker};
    let dict = std::sync::Arc::new(Dictionary::from_bytes(list).expect("loads"));
    let p = Partition::parse("bdfgjqvwxz aeiou lnrsy chkmpt").expect("valid partition");
    let search = PartitionClasses::new(p, 3, 3).expect("3x3 is small enough");
    let breakers: [(&str, usize, Box<dyn ClassBreaker>); 2] = [
        (
            "orderly",
            50,
            Box::new(OrderlyBreaker::new(dict.clone(), 500)),
        ),
        ("plain", 500, Box::new(Breaker::new(dict, 500))),
    ];
    for (name, every, mut b) in breakers {
        let sample: Vec<usize> = (0..search.len()).step_by(every).collect();
        let t = Instant::now();
        for &i in &sample {
            search.break_range(&mut *b, i..i + 1, || false);
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "bench native break3x3-sample-{name} {:.2} ms/class",
            secs * 1e3 / sample.len() as f64
        );
        println!(
            "bench native break3x3-full-{name}-estimate {:.0} s/thread",
            secs * search.len() as f64 / sample.len() as f64
        );
    }
}
