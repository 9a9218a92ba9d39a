//! Annealing schedules compared on 4x4: for each schedule, how many boards each seed scores
//! before it reaches 3625 (perslatgsineters), within a budget. Prints `bench native SET VALUE
//! UNIT` lines (the median over the seeds; a seed that misses counts as the budget) and one line
//! per seed on stderr.
//!
//! Usage: `cargo bench --bench schedules -- [SEEDS=8] [BUDGET=600000] [NAME...]`

use boggle::optimize::{Anneal, AnnealOptions, Common, Optimizer, Restart, Schedule};
use boggle::Dictionary;
use std::sync::Arc;

#[path = "common/seeds.rs"]
mod seeds;
use seeds::print_seeds_to_target;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let seeds: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(8);
    let budget: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(600_000);
    let only: Vec<&String> = args.iter().skip(2).collect();
    let list = std::fs::read("wordlists/enable2k.txt").expect("run from the repository root");
    let dict = Arc::new(Dictionary::from_bytes(&list).expect("loads"));
    let base = AnnealOptions::default();
    let schedules: Vec<(&str, AnnealOptions)> = vec![
        ("default", base.clone()),
        (
            "published",
            AnnealOptions {
                schedule: Schedule::Published,
                ..base.clone()
            },
        ),
        (
            "geometric-t30-200k",
            AnnealOptions {
                schedule: Schedule::Geometric,
                t0: Some(30.0),
                t_end: 0.5,
                steps: 200_000,
                ..base.clone()
            },
        ),
        (
            "geometric-t100-100k",
            AnnealOptions {
                schedule: Schedule::Geometric,
                t0: Some(100.0),
                t_end: 1.0,
                steps: 100_000,
                ..base.clone()
            },
        ),
        (
            "geometric-t100-50k-best",
            AnnealOptions {
                schedule: Schedule::Geometric,
                t0: Some(100.0),
                t_end: 1.0,
                steps: 50_000,
                restart: Restart::Best,
                ..base.clone()
            },
        ),
        (
            "geometric-t40-200k-best",
            AnnealOptions {
                schedule: Schedule::Geometric,
                t0: Some(40.0),
                t_end: 1.0,
                steps: 200_000,
                restart: Restart::Best,
                ..base.clone()
            },
        ),
        (
            "geometric-t25-100k-best",
            AnnealOptions {
                schedule: Schedule::Geometric,
                t0: Some(25.0),
                t_end: 1.0,
                steps: 100_000,
                restart: Restart::Best,
                ..base.clone()
            },
        ),
        (
            "geometric-t20-50k-best",
            AnnealOptions {
                schedule: Schedule::Geometric,
                t0: Some(20.0),
                t_end: 1.0,
                steps: 50_000,
                restart: Restart::Best,
                ..base.clone()
            },
        ),
        (
            "geometric-t10-20k-best",
            AnnealOptions {
                schedule: Schedule::Geometric,
                t0: Some(10.0),
                t_end: 0.5,
                steps: 20_000,
                restart: Restart::Best,
                ..base.clone()
            },
        ),
        (
            "geometric-t40-100k-best",
            AnnealOptions {
                schedule: Schedule::Geometric,
                t0: Some(40.0),
                t_end: 1.0,
                steps: 100_000,
                restart: Restart::Best,
                ..base.clone()
            },
        ),
        (
            "adaptive-10-50k-best",
            AnnealOptions {
                schedule: Schedule::Adaptive,
                t0: Some(30.0),
                acceptance: 0.1,
                steps: 50_000,
                restart: Restart::Best,
                ..base.clone()
            },
        ),
        (
            "geometric-t10-200k",
            AnnealOptions {
                schedule: Schedule::Geometric,
                t0: Some(10.0),
                t_end: 1.0,
                steps: 200_000,
                ..base.clone()
            },
        ),
        (
            "geometric-t6-100k-best",
            AnnealOptions {
                schedule: Schedule::Geometric,
                t0: Some(6.0),
                t_end: 1.0,
                steps: 100_000,
                restart: Restart::Best,
                ..base.clone()
            },
        ),
        (
            "geometric-t10-400k",
            AnnealOptions {
                schedule: Schedule::Geometric,
                t0: Some(10.0),
                t_end: 0.5,
                steps: 400_000,
                ..base.clone()
            },
        ),
        (
            "adaptive-50-100k",
            AnnealOptions {
                schedule: Schedule::Adaptive,
                acceptance: 0.5,
                steps: 100_000,
                ..base.clone()
            },
        ),
        (
            "adaptive-30-50k",
            AnnealOptions {
                schedule: Schedule::Adaptive,
                acceptance: 0.3,
                steps: 50_000,
                ..base.clone()
            },
        ),
        (
            "adaptive-50-50k-best",
            AnnealOptions {
                schedule: Schedule::Adaptive,
                acceptance: 0.5,
                steps: 50_000,
                restart: Restart::Best,
                ..base.clone()
            },
        ),
    ];
    for (name, opts) in schedules {
        if !only.is_empty() && !only.iter().any(|o| o.as_str() == name) {
            continue;
        }
        let mut results = Vec::new();
        for seed in 1..=seeds {
            let o = AnnealOptions {
                common: Common {
                    seed,
                    runs: 0,
                    target: Some(3625),
                    ..Common::default()
                },
                ..opts.clone()
            };
            let mut a = Anneal::new(dict.clone(), o).expect("valid options");
            while !a.step(1000) && a.progress().boards < budget {}
            let p = a.progress();
            eprintln!(
                "{name} seed {seed}: best {} after {} boards, {} runs",
                p.best_score, p.boards, p.run
            );
            results.push((p.best_score, p.boards));
        }
        print_seeds_to_target(&format!("anneal4x4-{name}"), 3625, budget, &results);
    }
}
