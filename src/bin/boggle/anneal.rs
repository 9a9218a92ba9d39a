//! `boggle anneal`: simulated annealing from the command line.

use crate::common::{load_list, Failure};
use crate::optimize::{refused, run, OptimizeOpts};
use boggle::optimize::{Anneal, AnnealOptions, Restart, Schedule};
use clap::Args;

/// Options of `boggle anneal`; defaults from [`AnnealOptions::default`].
#[derive(Args)]
pub struct AnnealArgs {
    /// The options every optimizer takes (word list, size, seed, letters, target, ...).
    #[command(flatten)]
    pub optimize: OptimizeOpts,
    /// How the temperature falls during a run.
    #[arg(long, value_enum, default_value_t = AnnealOptions::default().schedule)]
    pub schedule: Schedule,
    /// Starting temperature T0 [default: geometric and tempering 100 on 4x4, scaled with the
    /// board's size (see `boggle defaults`); published 100; adaptive 40]. The defaults suit
    /// ENABLE2K's scores: with a list whose boards score x times as much, scale --t0 and
    /// --t-end by x.
    #[arg(long)]
    pub t0: Option<f64>,
    /// Published schedule: the cooling rate k in T = T0 * exp(-k * step).
    #[arg(long, default_value_t = AnnealOptions::default().cooling)]
    pub cooling: f64,
    /// Geometric schedule: the temperature at the end of a run; tempering: the coldest rung's
    /// [default: 30 on 4x4, scaled with the board's size like --t0; with --t0 alone, --t0 times
    /// the schedule's own ratio (0.3)].
    #[arg(long)]
    pub t_end: Option<f64>,
    /// Geometric and adaptive schedules: proposals per run; published: the most a run makes (a
    /// stall ends it sooner); tempering: a run ends after this many proposals without a better
    /// board.
    #[arg(long, default_value_t = AnnealOptions::default().steps)]
    pub steps: u64,
    /// Adaptive schedule: the share of proposals accepted at the start of a run (0..1).
    #[arg(long, default_value_t = AnnealOptions::default().acceptance)]
    pub acceptance: f64,
    /// Published schedule: a run ends after this many rejected proposals in a row.
    #[arg(long, default_value_t = AnnealOptions::default().stall)]
    pub stall: u32,
    /// Where each run after the first starts.
    #[arg(long, value_enum, default_value_t = AnnealOptions::default().restart)]
    pub restart: Restart,
    /// Tempering: rungs on the temperature ladder (walks at once), from --t-end to --t0.
    #[arg(long, default_value_t = AnnealOptions::default().replicas)]
    pub replicas: u32,
    /// --restart perturb: random changes made to the best board to start a later run.
    #[arg(long, default_value_t = AnnealOptions::default().perturb)]
    pub perturb: u32,
}

/// Why an option `given` on the command line does nothing with the schedule and restart
/// chosen, if one does (see [`crate::unused_option`]); which settings use which option is the
/// engine's rule ([`AnnealOptions::unused`]).
pub fn unused(a: &AnnealArgs, given: impl Fn(&str) -> bool) -> Option<String> {
    let chosen = AnnealOptions {
        schedule: a.schedule,
        restart: a.restart,
        ..AnnealOptions::default()
    };
    chosen.unused(given).map(|u| crate::unused_text(&u))
}

/// Runs the search and prints its best boards.
pub fn anneal(a: &AnnealArgs) -> Result<bool, Failure> {
    let opts = AnnealOptions {
        common: a.optimize.common()?,
        schedule: a.schedule,
        t0: a.t0,
        cooling: a.cooling,
        t_end: a.t_end,
        steps: a.steps,
        acceptance: a.acceptance,
        stall: a.stall,
        restart: a.restart,
        replicas: a.replicas,
        perturb: a.perturb,
    };
    let dict = load_list(&a.optimize.list)?;
    let mut opt = Anneal::new(dict, opts).map_err(refused)?;
    run(&mut opt, &a.optimize)
}
