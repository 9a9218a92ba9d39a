//! How often the sampled estimate's 95% interval holds the true price of a search. Given the
//! `--out` file of a whole search (every class broken once), it draws many random samples of
//! several sizes from its classes, prices the search from each as `--sample` does, and counts
//! the intervals that miss the true total, and on which side:
//! `cargo run --release --example interval_coverage -- proof-3x4.ndjson 2000`.

use boggle::breaking::partition::Estimate;
use boggle::rng::Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fail = |message: String| -> ! {
        eprintln!("interval_coverage: {message}");
        eprintln!("usage: interval_coverage OUT.ndjson [DRAWS] [SEED]");
        std::process::exit(2);
    };
    let Some(path) = args.first() else {
        fail("no --out file given".into());
    };
    let draws: usize = match args.get(1).map(|s| s.parse()) {
        None => 2000,
        Some(Ok(d)) if (1..=1_000_000).contains(&d) => d,
        _ => fail("DRAWS must be a whole number from 1 to 1,000,000".into()),
    };
    let seed: u64 = match args.get(2).map(|s| s.parse()) {
        None => 1,
        Some(Ok(s)) => s,
        Some(Err(_)) => fail("SEED must be a whole number".into()),
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(format!("{path}: {e}")));
    // Each line a finished class; lines that are not (a line cut short by a kill) are skipped.
    let times: Vec<f64> = text
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|v| v["secs"].as_f64())
        .filter(|t| t.is_finite() && *t >= 0.0)
        .collect();
    let classes = times.len();
    if classes < 5 {
        fail(format!(
            "{path} holds {classes} timed classes: samples of 4 need 5 or more"
        ));
    }
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
