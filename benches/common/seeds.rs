//! The two figures the search benches report per configuration, from each seed's best score
//! and boards scored: the median boards to reach a target (the budget for a seed that did
//! not) and how many seeds reached it.

/// Prints `bench native LABEL-boards-to-TARGET-median N boards` and
/// `bench native LABEL-seeds-reaching-TARGET K/N seeds` for `(best score, boards)` per seed.
pub fn print_seeds_to_target(label: &str, target: u32, budget: u64, seeds: &[(u32, u64)]) {
    let mut boards: Vec<u64> = seeds
        .iter()
        .map(|&(best, n)| if best >= target { n } else { budget })
        .collect();
    boards.sort_unstable();
    let hits = seeds.iter().filter(|&&(best, _)| best >= target).count();
    println!(
        "bench native {label}-boards-to-{target}-median {} boards",
        boards[boards.len() / 2]
    );
    println!(
        "bench native {label}-seeds-reaching-{target} {hits}/{} seeds",
        seeds.len()
    );
}
