//! `boggle evolve`: the evolution strategy from the command line.

use crate::common::{load_list, Failure};
use crate::optimize::{run, OptimizeOpts};
use boggle::optimize::{Evolve, EvolveOptions};
use clap::Args;

/// Options of `boggle evolve`; defaults from [`EvolveOptions::default`].
#[derive(Args)]
pub struct EvolveArgs {
    #[command(flatten)]
    pub optimize: OptimizeOpts,
    /// Boards kept in the pool from one generation to the next (mu).
    #[arg(long, default_value_t = EvolveOptions::default().mu)]
    pub mu: usize,
    /// Random mutants of each pool board per generation (lambda = children x mu).
    #[arg(long, default_value_t = EvolveOptions::default().children)]
    pub children: usize,
    /// Generations without a new best in a run before it restarts from random boards.
    #[arg(long, default_value_t = EvolveOptions::default().patience)]
    pub patience: u32,
}

/// Runs the search and prints its best boards.
pub fn evolve(a: &EvolveArgs) -> Result<bool, Failure> {
    let opts = EvolveOptions {
        common: a.optimize.common()?,
        mu: a.mu,
        children: a.children,
        patience: a.patience,
    };
    let dict = load_list(&a.optimize.list)?;
    let mut opt = Evolve::new(dict, opts)?;
    run(&mut opt, &a.optimize)
}
