//! `boggle anneal`: simulated annealing from the command line.

use crate::common::{load_list, Failure};
use crate::optimize::{run, OptimizeOpts};
use boggle::optimize::{Anneal, AnnealOptions};
use clap::Args;

/// Options of `boggle anneal`; defaults from [`AnnealOptions::default`].
#[derive(Args)]
pub struct AnnealArgs {
    #[command(flatten)]
    pub optimize: OptimizeOpts,
    /// Starting temperature T0.
    #[arg(long, default_value_t = AnnealOptions::default().t0)]
    pub t0: f64,
    /// Cooling rate k: T = T0 * exp(-k * step).
    #[arg(long, default_value_t = AnnealOptions::default().cooling)]
    pub cooling: f64,
    /// A run ends after this many rejected proposals in a row.
    #[arg(long, default_value_t = AnnealOptions::default().stall)]
    pub stall: u32,
}

/// Runs the search and prints its best boards.
pub fn anneal(a: &AnnealArgs) -> Result<bool, Failure> {
    let opts = AnnealOptions {
        common: a.optimize.common()?,
        t0: a.t0,
        cooling: a.cooling,
        stall: a.stall,
    };
    let dict = load_list(&a.optimize.list)?;
    let mut opt = Anneal::new(dict, opts)?;
    run(&mut opt, &a.optimize)
}
