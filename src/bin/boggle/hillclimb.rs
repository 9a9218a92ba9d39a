//! `boggle hillclimb`: pool-based hill climbing from the command line.

use crate::common::{load_list, Failure};
use crate::search::{run, SearchOpts};
use boggle::hillclimb::{HillClimb, HillClimbOptions};
use clap::Args;

/// Options of `boggle hillclimb`.
#[derive(Args)]
pub struct HillClimbArgs {
    #[command(flatten)]
    pub search: SearchOpts,
    /// Boards kept in the pool each round.
    #[arg(long, default_value_t = 250)]
    pub pool: usize,
}

/// Runs the search and prints its best boards.
pub fn hillclimb(a: &HillClimbArgs) -> Result<bool, Failure> {
    let opts = HillClimbOptions {
        common: a.search.common()?,
        pool: a.pool,
    };
    let dict = load_list(&a.search.list)?;
    let mut opt = HillClimb::new(dict, opts)?;
    run(&mut opt, &a.search)
}
