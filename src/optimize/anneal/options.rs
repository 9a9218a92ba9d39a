//! What an annealing search takes: its options and their limits, checked before it starts.

use crate::optimize::only_with::{unused_in, OnlyWith, Setting, Unused};
use crate::optimize::schedule::{Schedule, SCHEDULE_ONLY};
use crate::optimize::tempering::MAX_REPLICAS;
use crate::optimize::{check_count, Common, OptimizeError};
use serde::{Deserialize, Serialize};

/// The most proposals one run may take ([`AnnealOptions::steps`]).
pub const MAX_STEPS: u64 = 1_000_000_000;

/// The most changes a perturbed restart makes ([`AnnealOptions::perturb`]).
pub const MAX_PERTURB: u32 = 64;

/// Annealing options. The defaults cool geometrically over 100,000 proposals through the band
/// where boards of the chosen size freeze (100 to 30 on 4x4: [`Schedule::default_temperatures`])
/// and start each later run from a new random board: restarting from the best board kept a search
/// in the basin of its first good board (seeds 3, 4 and 5 never reached 3625 in a minute),
/// while fresh starts reached it from seeds 1-8 (`boggle anneal --runs 0 --target 3625`); the published
/// schedule is `schedule: Published` (T0 100 unless `t0` is given, `cooling` 0.05).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AnnealOptions {
    /// Options every optimizer takes.
    #[serde(flatten)]
    pub common: Common,
    /// How the temperature falls during a run.
    pub schedule: Schedule,
    /// Starting temperature T0 (the adaptive schedule's ceiling is ten times it; tempering's
    /// hottest rung); `None`: the schedule's own for the board's size
    /// ([`Schedule::default_temperatures`]).
    pub t0: Option<f64>,
    /// Published schedule: the cooling rate k in `T = T0 * exp(-k * step)`, step counted from
    /// the start of each run.
    pub cooling: f64,
    /// Geometric schedule: the temperature at the end of a run. Tempering: the coldest rung's.
    /// `None`: the schedule's own for the board's size ([`Schedule::default_temperatures`]),
    /// or, when `t0` is given, `t0` times the schedule's own ratio of the two.
    pub t_end: Option<f64>,
    /// Geometric and adaptive schedules: proposals per run; published: the most a run makes,
    /// so that a schedule that never stalls (no cooling) still ends. Tempering: a run ends after this
    /// many proposals (all rungs together) without a better board in the run.
    pub steps: u64,
    /// Adaptive schedule: the share of proposals accepted at the start of a run (0..1).
    pub acceptance: f64,
    /// Published schedule: a run ends after this many rejected proposals in a row.
    pub stall: u32,
    /// Where each run after the first starts.
    pub restart: Restart,
    /// Tempering: rungs on the ladder (walks at once), 2 to [`MAX_REPLICAS`].
    pub replicas: u32,
    /// `Restart::Perturb`: random changes made to the best board to start a later run.
    pub perturb: u32,
}

/// Where an annealing run after the first starts (with tempering: every rung). With the `cli`
/// feature it is also the CLI's `--restart` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    all(feature = "cli", not(target_arch = "wasm32")),
    derive(clap::ValueEnum)
)]
#[serde(rename_all = "lowercase")]
pub enum Restart {
    /// A new random board.
    #[cfg_attr(
        all(feature = "cli", not(target_arch = "wasm32")),
        value(help = "A new random board")
    )]
    Random,
    /// The best board found so far, heated again.
    #[cfg_attr(
        all(feature = "cli", not(target_arch = "wasm32")),
        value(help = "The best board found so far")
    )]
    Best,
    /// The best board found so far with `perturb` random changes.
    #[cfg_attr(
        all(feature = "cli", not(target_arch = "wasm32")),
        value(help = "The best board so far with --perturb random changes")
    )]
    Perturb,
}

/// The annealing options that only some restarts use, each with those restarts.
pub const RESTART_ONLY: &OnlyWith<Restart> = &[("perturb", &[Restart::Perturb])];

impl Setting for Restart {
    const NAME: &'static str = "restart";
    fn name(self) -> &'static str {
        match self {
            Restart::Random => "random",
            Restart::Best => "best",
            Restart::Perturb => "perturb",
        }
    }
}

impl Default for AnnealOptions {
    fn default() -> AnnealOptions {
        AnnealOptions {
            common: Common::default(),
            schedule: Schedule::Geometric,
            t0: None,
            cooling: 0.05,
            t_end: None,
            steps: 100_000,
            acceptance: 0.1,
            stall: 2000,
            restart: Restart::Random,
            replicas: 8,
            perturb: 4,
        }
    }
}

impl AnnealOptions {
    /// The first option that `given` says was chosen (by the engine's names) and that these
    /// options' schedule ([`SCHEDULE_ONLY`]) or restart ([`RESTART_ONLY`]) does not use.
    pub fn unused(&self, given: impl Fn(&str) -> bool) -> Option<Unused> {
        unused_in(SCHEDULE_ONLY, self.schedule, &given)
            .or_else(|| unused_in(RESTART_ONLY, self.restart, &given))
    }

    /// The starting and final temperatures: `t0` and `t_end`, or the schedule's own for the
    /// board's size. A `t0` given alone brings the final temperature with it, in the schedule's
    /// own proportion, so that a cooler start never turns a run into a warming one.
    pub fn temperatures(&self) -> (f64, f64) {
        let cells = self.common.rows * self.common.cols;
        let (t0, t_end) = self.schedule.default_temperatures(cells);
        match (self.t0, self.t_end) {
            (Some(given), None) => (given, given * (t_end / t0)),
            (given, end) => (given.unwrap_or(t0), end.unwrap_or(t_end)),
        }
    }

    /// Checks the numeric options.
    pub(super) fn check(&self) -> Result<(), OptimizeError> {
        let bad = |param: &'static str, what: &'static str, rule: &str| {
            Err(OptimizeError::Option {
                param,
                what,
                rule: rule.into(),
            })
        };
        let (t0, t_end) = self.temperatures();
        if !(t0.is_finite() && t0 >= 0.0) {
            return bad(
                "t0",
                "the starting temperature",
                "must be a finite number >= 0",
            );
        }
        if !(self.cooling.is_finite() && self.cooling >= 0.0) {
            return bad(
                "cooling",
                "the cooling rate",
                "must be a finite number >= 0",
            );
        }
        // A t0 so small that the end taken from it comes to 0: t0 is what was given.
        if self.t_end.is_none() && t0 > 0.0 && t_end <= 0.0 {
            return bad(
                "t0",
                "the starting temperature",
                "must be 0 or large enough that the final temperature taken from it is above 0",
            );
        }
        // A zero t0 stays zero (a run only ever climbs), and so does the end derived from it.
        if !(t_end.is_finite() && (t_end > 0.0 || (t0 == 0.0 && self.t_end.is_none()))) {
            return bad(
                "t_end",
                "the final temperature",
                "must be a finite number > 0",
            );
        }
        check_count(self.steps, MAX_STEPS, "steps", "the steps per run")?;
        if !(0.0..=1.0).contains(&self.acceptance) {
            return bad(
                "acceptance",
                "the starting acceptance",
                "must be a number from 0 to 1",
            );
        }
        if self.stall == 0 {
            return bad("stall", "the stall limit", "must be at least 1");
        }
        if !(2..=MAX_REPLICAS).contains(&self.replicas) {
            return Err(OptimizeError::Option {
                param: "replicas",
                what: "the replicas",
                rule: format!("must be 2 to {MAX_REPLICAS}"),
            });
        }
        check_count(
            self.perturb,
            MAX_PERTURB,
            "perturb",
            "the changes of a perturbed restart",
        )?;
        // A run that would warm: said for the schedules that use both, naming t_end as the one to
        // change (t0 is the setting people choose first).
        if t0 < t_end {
            let (t0, t_end) = (short_number(t0), short_number(t_end));
            let message = match self.schedule {
                Schedule::Tempering => format!(
                    "tempering: the hottest temperature (t0, {t0}) must be at least the coldest (t_end, {t_end})"
                ),
                Schedule::Geometric => format!(
                    "geometric: the final temperature (t_end, {t_end}) must be at most the starting one (t0, {t0}): the schedule cools"
                ),
                Schedule::Adaptive | Schedule::Published => return Ok(()),
            };
            return Err(OptimizeError::Conflict {
                param: "t_end",
                message,
            });
        }
        Ok(())
    }
}

/// A temperature for a message: as written for everyday sizes (`20`, `0.3`), in exponent form
/// past them (`1e308`), where Rust would write out all 309 digits.
fn short_number(x: f64) -> String {
    if x != 0.0 && !(1e-6..1e9).contains(&x.abs()) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}
