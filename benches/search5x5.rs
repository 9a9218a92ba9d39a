//! Hill climbing on 5x5: for each configuration, how many boards each seed scores before it
//! reaches 10406 (`ligdrmanesietildsracsepes`, the best known 5x5 board), within a budget:
//! `default` is `boggle hillclimb --size 5x5` as it ships (every letter, the default pool);
//! `hc-N` is a pool of N with letters restricted to those without z q x j k w; `stall-Nk` is
//! the default with runs cut after N thousand boards without improving
//! ([`HillClimbOptions::stall`]). Prints `bench native SET VALUE UNIT` lines (the median over
//! the seeds; a seed that misses counts as the budget) and one line per seed on stderr with
//! its best score and CPU time.
//!
//! Usage: `cargo bench --bench search5x5 -- [SEEDS=4 | FIRST-LAST] [BUDGET=10000000] [NAME...]`
//! with NAME one of `default`, `hc-250`, `hc-500`, `hc-1000`, `stall-Nk` (e.g. `stall-20k`;
//! `default` when none).

use boggle::optimize::{Common, HillClimb, HillClimbOptions, Optimizer, Progress};
use boggle::Dictionary;
use std::sync::Arc;

#[path = "common/seeds.rs"]
mod seeds;
use seeds::{print_seeds_to_target, BenchArgs, SeedRun};
use std::time::Instant;

/// The best known 5x5 score with ENABLE2K.
const TARGET: u32 = 10406;
/// Scores on the way whose boards-to-reach are reported per seed.
const MILESTONES: [u32; 4] = [9800, 10000, 10200, TARGET];
/// The published hill climber's alphabet: every letter but z q x j k w.
const LETTERS: &str = "abcdefghilmnoprstuvy";

fn main() {
    let BenchArgs {
        seeds,
        budget,
        names,
    } = BenchArgs::read(4, 10_000_000);
    let list = std::fs::read("wordlists/enable2k.txt").expect("run from the repository root");
    let dict = Arc::new(Dictionary::from_bytes(&list).expect("loads"));
    let fixed = ["default", "hc-250", "hc-500", "hc-1000"].map(String::from);
    let stalls = names.iter().filter(|n| stall_of(n).is_some()).cloned();
    for name in fixed.into_iter().chain(stalls) {
        let name = name.as_str();
        let chosen = if names.is_empty() {
            name == "default"
        } else {
            names.iter().any(|o| o == name)
        };
        if !chosen {
            continue;
        }
        let mut results = Vec::new();
        for seed in seeds.clone() {
            let common = Common {
                rows: 5,
                cols: 5,
                seed,
                runs: 0,
                target: Some(TARGET),
                ..Common::default()
            };
            let restricted = name.strip_prefix("hc-");
            let common = Common {
                letters: restricted.map_or(common.letters.clone(), |_| LETTERS.into()),
                ..common
            };
            let size: usize = restricted.map_or(HillClimbOptions::default().pool, |n| {
                n.parse().expect("a pool size")
            });
            let mut opt = HillClimb::new(
                dict.clone(),
                HillClimbOptions {
                    common,
                    pool: size,
                    stall: stall_of(name).unwrap_or(HillClimbOptions::default().stall),
                    ..HillClimbOptions::default()
                },
            )
            .expect("valid options");
            let t = Instant::now();
            // Boards scored when the best first reached each milestone.
            let mut reached = vec![None; MILESTONES.len()];
            loop {
                let finished = opt.step(10_000);
                let s = opt.sample();
                for (r, &m) in reached.iter_mut().zip(&MILESTONES) {
                    if r.is_none() && s.best >= m {
                        *r = Some(s.boards);
                    }
                }
                if finished || s.boards >= budget {
                    break;
                }
            }
            let p: Progress = opt.progress();
            let milestones: Vec<String> = MILESTONES
                .iter()
                .zip(&reached)
                .map(|(m, r)| r.map_or(format!("{m}: -"), |b| format!("{m}: {b}")))
                .collect();
            eprintln!(
                "{name} seed {seed}: best {} {} after {} boards, {} runs, {:.0} s; boards to {}",
                p.best_score,
                p.best_board,
                p.boards,
                p.run,
                t.elapsed().as_secs_f64(),
                milestones.join(", ")
            );
            results.push(SeedRun {
                best: p.best_score,
                boards: p.boards,
                seconds: t.elapsed().as_secs_f64(),
            });
        }
        print_seeds_to_target(&format!("search5x5-{name}"), TARGET, budget, &results);
    }
}

/// The stall cut-off a `stall-Nk` configuration names: N thousand boards.
fn stall_of(name: &str) -> Option<u64> {
    let n: u64 = name
        .strip_prefix("stall-")?
        .strip_suffix('k')?
        .parse()
        .ok()?;
    Some(n * 1000)
}
