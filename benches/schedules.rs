//! Annealing strategies compared on 4x4: for each, how many boards each seed scores (and how
//! many seconds it takes) before it reaches 3625 (perslatgsineters), within a budget of boards.
//! Prints `bench native SET VALUE UNIT` lines (medians over the seeds; a seed that misses
//! counts as the budget) and one line per seed on stderr.
//!
//! Usage: `cargo bench --bench schedules -- [SEEDS=5 | FIRST-LAST] [BUDGET=3000000] [NAME...]`
//! (`default` alone unless names are given; `all` runs every configuration).

use boggle::optimize::anneal::MAX_STEPS;
use boggle::optimize::{Anneal, AnnealOptions, Common, Optimizer, Restart, Schedule};
use boggle::Dictionary;
use std::sync::Arc;
use std::time::Instant;

#[path = "common/seeds.rs"]
mod seeds;
use seeds::{print_seeds_to_target, BenchArgs, SeedRun};

/// Every configuration by name.
fn configurations() -> Vec<(&'static str, AnnealOptions)> {
    let base = AnnealOptions::default();
    let geometric = |t0: f64, t_end: f64, steps: u64, restart: Restart| AnnealOptions {
        schedule: Schedule::Geometric,
        t0: Some(t0),
        t_end: Some(t_end),
        steps,
        restart,
        ..base.clone()
    };
    let tempering = |replicas: u32, t_end: f64, t0: f64| AnnealOptions {
        schedule: Schedule::Tempering,
        replicas,
        t0: Some(t0),
        t_end: Some(t_end),
        // Never restart: the ladder alone.
        steps: MAX_STEPS,
        ..base.clone()
    };
    vec![
        ("default", base.clone()),
        (
            "letters20",
            AnnealOptions {
                common: Common {
                    letters: Some("abcdefghilmnoprstuvy".into()),
                    ..base.common.clone()
                },
                ..base.clone()
            },
        ),
        (
            "published",
            AnnealOptions {
                schedule: Schedule::Published,
                t0: None,
                ..base.clone()
            },
        ),
        (
            "geometric-t40-100k-best",
            geometric(40.0, 1.0, 100_000, Restart::Best),
        ),
        (
            "geometric-t40-100k-random",
            geometric(40.0, 1.0, 100_000, Restart::Random),
        ),
        (
            "geometric-t60-100k-random",
            geometric(60.0, 1.0, 100_000, Restart::Random),
        ),
        (
            "geometric-t100-100k-random",
            geometric(100.0, 1.0, 100_000, Restart::Random),
        ),
        (
            "geometric-t10-50k-perturb6",
            AnnealOptions {
                perturb: 6,
                ..geometric(10.0, 1.0, 50_000, Restart::Perturb)
            },
        ),
        (
            "tempering",
            AnnealOptions {
                schedule: Schedule::Tempering,
                ..base.clone()
            },
        ),
        ("tempering-8-1-40", tempering(8, 1.0, 40.0)),
        ("tempering-8-1-80", tempering(8, 1.0, 80.0)),
        ("tempering-8-1-55", tempering(8, 1.0, 55.0)),
        ("tempering-10-1-120", tempering(10, 1.0, 120.0)),
        ("tempering-12-1-150", tempering(12, 1.0, 150.0)),
        ("tempering-8-3-110", tempering(8, 3.0, 110.0)),
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
    ]
}

fn main() {
    let BenchArgs {
        seeds,
        budget,
        names,
    } = BenchArgs::read(5, 3_000_000);
    let mut names = names;
    if names.is_empty() {
        names.push("default".into());
    }
    let list = std::fs::read("wordlists/enable2k.txt").expect("run from the repository root");
    let dict = Arc::new(Dictionary::from_bytes(&list).expect("loads"));
    for (name, opts) in configurations() {
        if !names.iter().any(|o| o.as_str() == name || o == "all") {
            continue;
        }
        let mut results = Vec::new();
        for seed in seeds.clone() {
            let o = AnnealOptions {
                common: Common {
                    seed,
                    runs: 0,
                    target: Some(3625),
                    ..opts.common.clone()
                },
                ..opts.clone()
            };
            let t = Instant::now();
            let mut a = Anneal::new(dict.clone(), o).expect("valid options");
            while !a.step(1000).unwrap() && a.progress().boards < budget {}
            let p = a.progress();
            let seconds = t.elapsed().as_secs_f64();
            eprintln!(
                "{name} seed {seed}: best {} after {} boards, {} proposals, {} runs, {seconds:.1} s",
                p.best_score, p.boards, p.iterations, p.run
            );
            results.push(SeedRun {
                best: p.best_score,
                boards: p.boards,
                seconds,
            });
        }
        print_seeds_to_target(&format!("anneal4x4-{name}"), 3625, budget, &results);
    }
}
