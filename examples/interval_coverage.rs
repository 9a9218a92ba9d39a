//! How often the sampled estimate's 95% interval holds the true price of a search. Given the
//! `--out` file of a whole search (every class broken once), it draws many random samples of
//! several sizes from its classes, prices the search from each as `--sample` does, and counts
//! the intervals that miss the true total, and on which side:
//! `cargo run --release --example interval_coverage -- proof-3x4.ndjson 2000`.

use boggle::breaking::partition::Estimate;
use boggle::rng::Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: interval_coverage OUT.ndjson [DRAWS] [SEED]");
        std::process::exit(2);
    };
    let draws: usize = args
        .get(1)
        .map_or(2000, |s| s.parse().expect("a draw count"));
    let seed: u64 = args.get(2).map_or(1, |s| s.parse().expect("a seed"));
    let text = std::fs::read_to_string(path).expect("a readable --out file");
    let times: Vec<f64> = text
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|v| v["secs"].as_f64())
        .collect();
    let classes = times.len();
    assert!(classes > 1, "the file holds {classes} classes");
    let truth = times.iter().sum::<f64>() / 3600.0;
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    println!(
        "{classes} classes, {truth:.3} CPU hours; seconds a class: median {:.3}, p99 {:.3}, max {:.3}",
        sorted[classes / 2],
        sorted[classes * 99 / 100],
        sorted[classes - 1]
    );
    println!("| sampled | draws | interval holds the truth | truth above it | truth below it | median width |");
    println!("| ---: | ---: | ---: | ---: | ---: | ---: |");
    let mut rng = Rng::new(seed);
    for n in [4, 10, 20, 40, 100, 200, 400] {
        if n >= classes {
            break;
        }
        let (mut above, mut below) = (0, 0);
        let mut widths = Vec::with_capacity(draws);
        let mut pool = times.clone();
        for _ in 0..draws {
            // The first n of a partial shuffle: n distinct classes, as --sample draws them.
            for i in 0..n {
                let j = i + rng.below(classes - i);
                pool.swap(i, j);
            }
            let e = Estimate::from_times(&pool[..n], classes).expect("a sample");
            let (Some(low), Some(high)) = (e.low, e.high) else {
                panic!("no interval from {n} classes");
            };
            above += usize::from(truth > high);
            below += usize::from(truth < low);
            widths.push((high - low) / truth);
        }
        widths.sort_by(f64::total_cmp);
        let share = |k: usize| format!("{:.1}%", 100.0 * k as f64 / draws as f64);
        println!(
            "| {n} | {draws} | {} | {} | {} | {:.0}% of the truth |",
            share(draws - above - below),
            share(above),
            share(below),
            100.0 * widths[draws / 2]
        );
    }
}
