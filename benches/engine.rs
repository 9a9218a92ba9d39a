//! Native engine benchmarks: prints `bench native SET VALUE UNIT` lines (see DESIGN.md).

use boggle::benchmark::{board_set, README_CLASS, SETS, SPLIT_CLASS};
use boggle::bounds::{BoundSolver, SplitSweep};
use boggle::BoardClass;
use boggle::{Dictionary, Solver};
use std::time::Instant;

fn main() {
    let list = std::fs::read("wordlists/enable2k.txt").expect("run from the repository root");
    let mut best_ms = f64::MAX;
    for _ in 0..10 {
        let t = Instant::now();
        let d = Dictionary::from_bytes(&list).expect("loads");
        best_ms = best_ms.min(t.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(d);
    }
    println!("bench native load-enable2k {best_ms:.1} ms");
    let dict = Dictionary::from_bytes(&list).expect("loads");
    let compiled = boggle::engine::compiled::to_bytes(&dict);
    let mut best_ms = f64::MAX;
    for _ in 0..10 {
        let t = Instant::now();
        let d = boggle::engine::compiled::from_bytes(&compiled).expect("loads");
        best_ms = best_ms.min(t.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(d);
    }
    println!("bench native load-enable2k-compiled {best_ms:.1} ms");
    let mut solver = Solver::new(std::sync::Arc::new(dict));
    for set in SETS {
        let boards = board_set(set).expect("known set");
        // Warm up once, then take the best of three passes.
        let mut total = 0u64;
        for b in &boards {
            total += solver.score(b) as u64;
        }
        let mut best = f64::MAX;
        for _ in 0..3 {
            let t = Instant::now();
            let mut sum = 0u64;
            for b in &boards {
                sum += solver.score(b) as u64;
            }
            assert_eq!(sum, total);
            best = best.min(t.elapsed().as_secs_f64());
        }
        println!(
            "bench native {set} {:.0} boards/s",
            boards.len() as f64 / best
        );
    }
    bench_bounds(&list);
    bench_break(&list);
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
