//! The figures the search benches report per configuration, from each seed's best score,
//! boards scored and seconds: the median boards and seconds to reach a target (the budget, or
//! the time spent, for a seed that did not) and how many seeds reached it.

/// One seed's search: its best score, the boards it scored and the seconds it took.
#[derive(Clone, Copy, Debug)]
pub struct SeedRun {
    pub best: u32,
    pub boards: u64,
    pub seconds: f64,
}

/// Prints `bench native LABEL-boards-to-TARGET-median N boards`,
/// `bench native LABEL-seconds-to-TARGET-median S s`, `...-max S s` and
/// `bench native LABEL-seeds-reaching-TARGET K/N seeds`.
pub fn print_seeds_to_target(label: &str, target: u32, budget: u64, seeds: &[SeedRun]) {
    let mut boards: Vec<u64> = seeds
        .iter()
        .map(|s| if s.best >= target { s.boards } else { budget })
        .collect();
    boards.sort_unstable();
    let mut seconds: Vec<f64> = seeds.iter().map(|s| s.seconds).collect();
    seconds.sort_by(f64::total_cmp);
    let hits = seeds.iter().filter(|s| s.best >= target).count();
    println!(
        "bench native {label}-boards-to-{target}-median {} boards",
        boards[boards.len() / 2]
    );
    println!(
        "bench native {label}-seconds-to-{target}-median {:.1} s",
        seconds[seconds.len() / 2]
    );
    println!(
        "bench native {label}-seconds-to-{target}-max {:.1} s",
        seconds[seconds.len() - 1]
    );
    println!(
        "bench native {label}-seeds-reaching-{target} {hits}/{} seeds",
        seeds.len()
    );
}

/// The arguments every search bench takes: `[SEEDS | FIRST-LAST] [BUDGET] [NAME...]`, with
/// SEEDS a count (seeds 1..=SEEDS) and BUDGET the boards each seed may score.
pub struct BenchArgs {
    pub seeds: std::ops::RangeInclusive<u64>,
    pub budget: u64,
    pub names: Vec<String>,
}

impl BenchArgs {
    /// Reads the command line (cargo's `--bench` flag aside), with these defaults.
    pub fn read(seeds: u64, budget: u64) -> BenchArgs {
        let args: Vec<String> = std::env::args()
            .skip(1)
            .filter(|a| a != "--bench")
            .collect();
        let seeds = match args.first().map(|a| a.split_once('-')) {
            Some(Some((a, b))) => a.parse().expect("a seed")..=b.parse().expect("a seed"),
            _ => 1..=args.first().and_then(|a| a.parse().ok()).unwrap_or(seeds),
        };
        BenchArgs {
            seeds,
            budget: args.get(1).and_then(|a| a.parse().ok()).unwrap_or(budget),
            names: args.into_iter().skip(2).collect(),
        }
    }
}
