//! `boggle hillclimb`: pool-based hill climbing from the command line.

use crate::common::{load_list, Failure};
use crate::optimize::{refused, run, OptimizeOpts};
use boggle::optimize::{HillClimb, HillClimbOptions, Order};
use clap::Args;

/// Options of `boggle hillclimb`; defaults from [`HillClimbOptions::default`].
#[derive(Args)]
pub struct HillClimbArgs {
    /// The options every optimizer takes (word list, size, seed, letters, target, ...).
    #[command(flatten)]
    pub optimize: OptimizeOpts,
    /// Boards kept in the pool each round.
    #[arg(long, default_value_t = HillClimbOptions::default().pool)]
    pub pool: usize,
    /// best: always expand the best pool board not yet expanded, merging its neighbours at
    /// once (fast); rounds: expand the whole pool round by round (the published method).
    #[arg(long, value_enum, default_value_t = HillClimbOptions::default().order)]
    pub order: Order,
    /// Boards a run remembers so it scores each once (8 bytes each; the oldest are forgotten
    /// when the table is full, so memory stays fixed on long runs).
    #[arg(long, default_value_t = HillClimbOptions::default().remember)]
    pub remember: usize,
    /// End a run once it has scored this many boards without raising its best score (0: only
    /// at a fixed point); the time saved goes to more restarts.
    #[arg(long, default_value_t = HillClimbOptions::default().stall)]
    pub stall: u64,
    /// End a best-first run once it has expanded this many boards (0: only at a fixed point or a
    /// stall); the runs that reach the best boards get there quickly, so a cap buys restarts.
    #[arg(long, default_value_t = HillClimbOptions::default().expansions)]
    pub expansions: u64,
}

/// Why an option `given` on the command line does nothing with the order chosen, if one does
/// (see [`crate::unused_option`]); which orders use which option is the engine's rule
/// ([`HillClimbOptions::unused`]).
pub fn unused(a: &HillClimbArgs, given: impl Fn(&str) -> bool) -> Option<String> {
    let chosen = HillClimbOptions {
        order: a.order,
        ..HillClimbOptions::default()
    };
    chosen.unused(given).map(|u| crate::unused_text(&u))
}

/// Runs the search and prints its best boards.
pub fn hillclimb(a: &HillClimbArgs) -> Result<bool, Failure> {
    let opts = HillClimbOptions {
        common: a.optimize.common()?,
        pool: a.pool,
        order: a.order,
        remember: a.remember,
        stall: a.stall,
        expansions: a.expansions,
    };
    let dict = load_list(&a.optimize.list)?;
    let mut opt = HillClimb::new(dict, opts).map_err(refused)?;
    run(&mut opt, &a.optimize)
}
