//! Hill climbing on 5x5: for each configuration, how many boards each seed scores before it
//! reaches 10406 (`ligdrmanesietildsracsepes`, the best known 5x5 board), within a budget:
//! `default` is `boggle hillclimb --size 5x5` as it ships; `hc-N` is a pool of N with the
//! published climber's letters (every letter but z q x j k w); `stall-Nk` is the default with
//! runs cut after N thousand boards without improving ([`HillClimbOptions::stall`]); `exp-N`
//! ends runs after N expansions ([`HillClimbOptions::expansions`]; `exp-0`, no cap, was the
//! default before 2026-11-28);
//! `letters20` (the published letters), `letters26` (every letter), `common-N` (the word
//! list's N most common letters) and `pool-N` change one option; parts join with `+`
//! (`letters26+stall-0k`). Prints `bench native SET VALUE UNIT` lines (the median over the
//! seeds; a seed that misses counts as the budget) and one line per seed on stderr with its
//! best score and CPU time.
//!
//! Usage: `cargo bench --bench search5x5 -- [SEEDS=4 | FIRST-LAST] [BUDGET=10000000] [NAME...]`
//! with NAME `default`, `hc-N`, `stall-Nk`, `exp-N`, `letters20`, `letters26`, `common-N`,
//! `pool-N` or parts joined by `+` (`default` when none).

use boggle::optimize::{Common, HillClimb, HillClimbOptions, Optimizer, Progress, ALL_LETTERS};
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
    let names = if names.is_empty() {
        vec!["default".to_string()]
    } else {
        names
    };
    for name in &names {
        let Some(config) = Config::parse(name) else {
            eprintln!("unknown configuration {name}: see the header of benches/search5x5.rs");
            continue;
        };
        let name = name.as_str();
        let mut results = Vec::new();
        for seed in seeds.clone() {
            let common = Common {
                rows: 5,
                cols: 5,
                seed,
                runs: 0,
                target: Some(TARGET),
                letters: match config.common {
                    Some(n) => Some(
                        boggle::optimize::common_letters(&dict, n)
                            .iter()
                            .map(|&l| char::from(b'a' + l))
                            .collect(),
                    ),
                    None => config.letters.map(String::from),
                },
                ..Common::default()
            };
            let mut opt = HillClimb::new(
                dict.clone(),
                HillClimbOptions {
                    common,
                    pool: config.pool,
                    stall: config.stall,
                    expansions: config.expansions,
                    ..HillClimbOptions::default()
                },
            )
            .expect("valid options");
            let t = Instant::now();
            // Boards scored when the best first reached each milestone.
            let mut reached = vec![None; MILESTONES.len()];
            // Boards into its run when the target was reached.
            let mut into_run = None;
            loop {
                let finished = opt.step(10_000).unwrap();
                let s = opt.sample();
                for (r, &m) in reached.iter_mut().zip(&MILESTONES) {
                    if r.is_none() && s.best >= m {
                        *r = Some(s.boards);
                    }
                }
                if into_run.is_none() && s.best >= TARGET {
                    into_run = Some(s.step);
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
                "{name} seed {seed}: best {} {} after {} boards, {} runs, {:.0} s; boards to {}{}",
                p.best_score,
                p.best_board,
                p.boards,
                p.run,
                t.elapsed().as_secs_f64(),
                milestones.join(", "),
                into_run.map_or(String::new(), |b| format!(" ({b} into its run)"))
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

/// A configuration: the default options with the changes its name lists, joined by `+`.
struct Config {
    letters: Option<&'static str>,
    pool: usize,
    stall: u64,
    common: Option<usize>,
    expansions: u64,
}

impl Config {
    /// Reads `default`, `hc-N` (the published alphabet and a pool of N) or parts joined by `+`:
    /// `letters20`, `letters26`, `common-N`, `pool-N`, `stall-Nk`.
    fn parse(name: &str) -> Option<Config> {
        let defaults = HillClimbOptions::default();
        let mut config = Config {
            letters: None,
            pool: defaults.pool,
            stall: defaults.stall,
            common: None,
            expansions: defaults.expansions,
        };
        for part in name.split('+') {
            if part == "default" {
            } else if let Some(n) = part.strip_prefix("exp-") {
                config.expansions = n.parse().ok()?;
            } else if part == "letters20" {
                config.letters = Some(LETTERS);
            } else if part == "letters26" {
                config.letters = Some(ALL_LETTERS);
            } else if let Some(n) = part.strip_prefix("hc-") {
                config.letters = Some(LETTERS);
                config.pool = n.parse().ok()?;
            } else if let Some(n) = part.strip_prefix("common-") {
                config.common = Some(n.parse().ok()?);
            } else if let Some(n) = part.strip_prefix("pool-") {
                config.pool = n.parse().ok()?;
            } else {
                let n: u64 = part
                    .strip_prefix("stall-")?
                    .strip_suffix('k')?
                    .parse()
                    .ok()?;
                config.stall = n * 1000;
            }
        }
        Some(config)
    }
}
