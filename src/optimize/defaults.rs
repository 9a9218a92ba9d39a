//! Every optimizer default and limit in one value ([`Defaults`]): what `boggle defaults` prints
//! and the page reads from `pkg/defaults.js`, so neither copies a number.

use super::only_with::by_name;
use super::{anneal, hillclimb, schedule, tempering, Schedule, MAX_TOP};
use crate::engine::board::{MAX_SIDE, MIN_SIDE};
use serde::Serialize;
use std::collections::BTreeMap;

/// Every optimizer default and limit in one value, so the page and the CLI read them from the
/// engine instead of copying them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Defaults {
    /// Annealing's defaults.
    pub anneal: anneal::AnnealOptions,
    /// Hill climbing's defaults.
    pub hillclimb: hillclimb::HillClimbOptions,
    /// The largest hill-climbing pool.
    pub max_pool: usize,
    /// The most proposals in one annealing run.
    pub max_steps: u64,
    /// The most rungs on a tempering ladder.
    pub max_replicas: u32,
    /// The most changes a perturbed restart makes.
    pub max_perturb: u32,
    /// Each annealing schedule's starting and final temperatures when none are given, by board
    /// size (`"4x4"`) and schedule name: `[t0, t_end]`.
    pub temperatures: BTreeMap<String, BTreeMap<&'static str, [f64; 2]>>,
    /// The options only some values of another setting use, by that setting (`schedule`,
    /// `restart`, `order`), then by option, with the names of those values
    /// ([`schedule::SCHEDULE_ONLY`], [`anneal::RESTART_ONLY`], [`hillclimb::ORDER_ONLY`]).
    pub only_with: BTreeMap<&'static str, BTreeMap<&'static str, Vec<&'static str>>>,
    /// The most best boards a run reports.
    pub max_top: usize,
    /// How many of the word list's most common letters hill climbing uses when none are named.
    pub common_letters: usize,
    /// The smallest board side.
    pub min_side: usize,
    /// The largest board side.
    pub max_side: usize,
}

impl Default for Defaults {
    fn default() -> Defaults {
        Defaults {
            anneal: anneal::AnnealOptions::default(),
            hillclimb: hillclimb::HillClimbOptions::default(),
            max_pool: hillclimb::MAX_POOL,
            max_steps: anneal::MAX_STEPS,
            max_replicas: tempering::MAX_REPLICAS,
            max_perturb: anneal::MAX_PERTURB,
            temperatures: default_temperatures(),
            only_with: BTreeMap::from([
                by_name(schedule::SCHEDULE_ONLY),
                by_name(anneal::RESTART_ONLY),
                by_name(hillclimb::ORDER_ONLY),
            ]),
            max_top: MAX_TOP,
            common_letters: super::COMMON_LETTERS,
            min_side: MIN_SIDE,
            max_side: MAX_SIDE,
        }
    }
}

/// Every schedule's default temperatures for every board size the engine takes.
fn default_temperatures() -> BTreeMap<String, BTreeMap<&'static str, [f64; 2]>> {
    let mut table = BTreeMap::new();
    for rows in MIN_SIDE..=MAX_SIDE {
        for cols in MIN_SIDE..=MAX_SIDE {
            let by_schedule = Schedule::ALL
                .iter()
                .map(|s| {
                    let (t0, t_end) = s.default_temperatures(rows * cols);
                    (s.name(), [t0, t_end])
                })
                .collect();
            table.insert(format!("{rows}x{cols}"), by_schedule);
        }
    }
    table
}
