//! How often the sampled estimate's 95% interval holds the true price of a search. Given the
//! `--out` file of a whole search (every class broken once), it draws many random samples of
//! several sizes from its classes, prices the search from each as `--sample` does, and counts
//! the intervals that miss the true total, and on which side:
//! `cargo run --release --example interval_coverage -- proof-3x4.ndjson 2000`.
//! With a fourth argument CHUNK, it draws chunks of CHUNK neighbouring class ids instead and
//! prices them as the page prices a run's finished chunks ([`Price`]).

use boggle::breaking::partition::{Estimate, Price};
use boggle::rng::Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let fail = |message: String| -> ! {
        eprintln!("interval_coverage: {message}");
        eprintln!("usage: interval_coverage OUT.ndjson [DRAWS] [SEED] [CHUNK]");
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
    let chunk: Option<usize> = match args.get(3).map(|s| s.parse()) {
        None => None,
        Some(Ok(c)) if (1..=1000).contains(&c) => Some(c),
        _ => fail("CHUNK must be a whole number from 1 to 1,000".into()),
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(format!("{path}: {e}")));
    // Each line a finished class; lines that are not (a line cut short by a kill) are skipped.
    let mut timed: Vec<(u64, f64)> = text
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|v| Some((v["id"].as_u64()?, v["secs"].as_f64()?)))
        .filter(|(_, t)| t.is_finite() && *t >= 0.0)
        .collect();
    timed.sort_by_key(|&(id, _)| id);
    let times: Vec<f64> = timed.iter().map(|&(_, t)| t).collect();
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
    if let Some(chunk) = chunk {
        return chunks(&times, chunk, truth * 3600.0, draws, seed);
    }
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

/// Coverage of the page's price: samples of n chunks of `chunk` neighbouring classes (the
/// classes in id order), priced by [`Price::from_runs`] against the `truth` in seconds.
fn chunks(times: &[f64], chunk: usize, truth: f64, draws: usize, seed: u64) {
    let mut runs: Vec<(u32, f64)> = times
        .chunks(chunk)
        .map(|c| (c.len() as u32, c.iter().sum()))
        .collect();
    let total = times.len();
    println!("chunks of {chunk} classes: {}", runs.len());
    println!("| chunks | draws | interval holds the truth | truth above it | no interval | median width |");
    println!("| ---: | ---: | ---: | ---: | ---: | ---: |");
    let mut rng = Rng::new(seed);
    for n in [2, 4, 10, 20, 40, 100, 200, 400, 1000] {
        if n >= runs.len() {
            break;
        }
        let (mut held, mut above, mut none) = (0, 0, 0);
        let mut widths = Vec::with_capacity(draws);
        for _ in 0..draws {
            for i in 0..n {
                let j = i + rng.below(runs.len() - i);
                runs.swap(i, j);
            }
            let p = Price::from_runs(&runs[..n], total).expect("timed chunks");
            let (Some(low), Some(high)) = (p.low, p.high) else {
                none += 1;
                continue;
            };
            held += usize::from(low <= truth && truth <= high);
            above += usize::from(truth > high);
            widths.push((high - low) / truth);
        }
        widths.sort_by(f64::total_cmp);
        let priced = (draws - none).max(1);
        let share = |k: usize| format!("{:.1}%", 100.0 * k as f64 / priced as f64);
        let width = widths.get(widths.len() / 2).map_or(0.0, |w| 100.0 * w);
        println!(
            "| {n} | {draws} | {} | {} | {} | {width:.0}% of the truth |",
            share(held),
            share(above),
            none
        );
    }
}
