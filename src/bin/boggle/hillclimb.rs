//! `boggle hillclimb`: pool-based hill climbing from the command line.

use crate::common::{load_list, Failure};
use crate::search::{run, SearchOpts};
use boggle::hillclimb::{HillClimb, HillClimbOptions, Order};
use clap::{Args, ValueEnum};

/// Options of `boggle hillclimb`.
#[derive(Args)]
pub struct HillClimbArgs {
    #[command(flatten)]
    pub search: SearchOpts,
    /// Boards kept in the pool each round.
    #[arg(long, default_value_t = 250)]
    pub pool: usize,
    /// best: always expand the best pool board not yet expanded, merging its neighbours at
    /// once (fast); rounds: expand the whole pool round by round (the published method).
    #[arg(long, value_enum, default_value = "best")]
    pub order: OrderArg,
}

/// The `--order` values.
#[derive(Clone, Copy, ValueEnum)]
pub enum OrderArg {
    /// Best board first.
    Best,
    /// Whole pool per round.
    Rounds,
}

/// Runs the search and prints its best boards.
pub fn hillclimb(a: &HillClimbArgs) -> Result<bool, Failure> {
    let opts = HillClimbOptions {
        common: a.search.common()?,
        pool: a.pool,
        order: match a.order {
            OrderArg::Best => Order::Best,
            OrderArg::Rounds => Order::Rounds,
        },
    };
    let dict = load_list(&a.search.list)?;
    let mut opt = HillClimb::new(dict, opts)?;
    run(&mut opt, &a.search)
}
