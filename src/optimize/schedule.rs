//! Annealing schedules: how the temperature falls during a run and when a run ends.
//!
//! The published schedule (`T = T0 * exp(-k * step)`, T0 = 100, k = 0.05) is nearly cold after
//! about 150 proposals, so a run is greedy descent with a short warm-up. The other schedules
//! spread the cooling over a budget of proposals per run: [`Schedule::Geometric`] lowers the
//! temperature geometrically from `t0` to `t_end`, and [`Schedule::Adaptive`] steers it so that
//! the share of accepted proposals follows a target that falls linearly to zero.

use crate::optimize::only_with::{OnlyWith, Setting};
use serde::{Deserialize, Serialize};

/// How an annealing run cools. With the `cli` feature it is also the CLI's `--schedule` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    all(feature = "cli", not(target_arch = "wasm32")),
    derive(clap::ValueEnum)
)]
#[serde(rename_all = "lowercase")]
pub enum Schedule {
    /// `T = t0 * exp(-cooling * step)`; a run ends after `stall` rejections in a row, or after
    /// `steps` proposals (the published schedule).
    #[cfg_attr(
        all(feature = "cli", not(target_arch = "wasm32")),
        value(
            help = "T = t0·exp(-cooling·step), ends after --stall rejections in a row (or --steps proposals)"
        )
    )]
    Published,
    /// T falls geometrically from `t0` to `t_end` over `steps` proposals; then the run ends.
    #[cfg_attr(
        all(feature = "cli", not(target_arch = "wasm32")),
        value(help = "T falls from --t0 to --t-end over --steps proposals")
    )]
    Geometric,
    /// T is steered so the acceptance rate follows a target falling linearly from
    /// `acceptance` to 0 over `steps` proposals; then the run ends.
    #[cfg_attr(
        all(feature = "cli", not(target_arch = "wasm32")),
        value(
            help = "T steered to an acceptance rate falling from --acceptance to 0 over --steps"
        )
    )]
    Adaptive,
    /// Parallel tempering: `replicas` walks at fixed temperatures on a ladder from `t_end`
    /// (coldest) to `t0` (hottest), neighbouring rungs trading boards by the Metropolis rule;
    /// a run ends after `steps` proposals without a better board in the run.
    #[cfg_attr(
        all(feature = "cli", not(target_arch = "wasm32")),
        value(
            help = "--replicas walks on a ladder from --t-end to --t0 trading boards; a run ends after --steps proposals without a better board"
        )
    )]
    Tempering,
}

impl Schedule {
    /// Every schedule, in the order the page lists them.
    pub const ALL: [Schedule; 4] = [
        Schedule::Tempering,
        Schedule::Geometric,
        Schedule::Adaptive,
        Schedule::Published,
    ];

    /// The schedule's name, as serde and the CLI spell it.
    pub fn name(self) -> &'static str {
        match self {
            Schedule::Published => "published",
            Schedule::Geometric => "geometric",
            Schedule::Adaptive => "adaptive",
            Schedule::Tempering => "tempering",
        }
    }

    /// A run's starting and final temperatures `(t0, t_end)` on a board of `cells` cells when
    /// none are given. The geometric schedule and tempering span the band where a board
    /// freezes: on 4x4 a walk is melted (random letters, under 700 points) above about T = 90
    /// and frozen on a 3,000-point board by T = 35, so they cool from 100 to 30. Bigger boards
    /// lose more points to one changed letter and freeze hotter, so both scale with
    /// `(cells / 16)^1.5` (5x5: 195 to 59). The published schedule keeps its T0 = 100, and the
    /// adaptive one, which steers T itself, starts at 40; neither uses `t_end`.
    pub fn default_temperatures(self, cells: usize) -> (f64, f64) {
        match self {
            Schedule::Published => (100.0, 1.0),
            Schedule::Adaptive => (40.0, 1.0),
            Schedule::Geometric | Schedule::Tempering => {
                let scale = (cells as f64 / 16.0).powf(1.5);
                let at = |t: f64| (t * scale).round().max(1.0);
                (at(100.0), at(30.0))
            }
        }
    }
}

/// Proposals over which the adaptive schedule averages the acceptance rate it steers by (an
/// exponential moving average; what is reported is [`Window`]'s exact count).
const ACCEPTANCE_WINDOW: f64 = 200.0;

/// Proposals a [`Window`] counts.
pub const WINDOW: usize = 1000;

/// The share of proposals accepted among the last [`WINDOW`] proposals, counted exactly: one bit
/// per proposal in a ring of 16 words, with a running count of the set bits. Until [`WINDOW`]
/// proposals were made it is the share among those made.
#[derive(Clone, Debug, Default)]
pub struct Window {
    bits: [u64; 16],
    /// Where the next proposal's bit goes.
    at: usize,
    /// Proposals counted, at most [`WINDOW`].
    filled: usize,
    /// Accepted proposals among them.
    accepted: u32,
}

impl Window {
    /// Counts one proposal, forgetting the one [`WINDOW`] proposals back.
    #[inline]
    pub fn record(&mut self, accepted: bool) {
        let (word, bit) = (self.at / 64, self.at % 64);
        let old = (self.bits[word] >> bit & 1) as u32;
        self.accepted = self.accepted - old + u32::from(accepted);
        self.bits[word] = self.bits[word] & !(1 << bit) | u64::from(accepted) << bit;
        self.at = if self.at + 1 == WINDOW {
            0
        } else {
            self.at + 1
        };
        self.filled = (self.filled + 1).min(WINDOW);
    }

    /// The share accepted, 0..=1 (0 before any proposal).
    pub fn share(&self) -> f64 {
        if self.filled == 0 {
            0.0
        } else {
            self.accepted as f64 / self.filled as f64
        }
    }

    /// Proposals counted (at most [`WINDOW`]).
    pub fn len(&self) -> usize {
        self.filled
    }

    /// True before any proposal was counted.
    pub fn is_empty(&self) -> bool {
        self.filled == 0
    }
}

/// The temperature of one run as it goes, with the recent acceptance rate it reacts to.
#[derive(Clone, Debug)]
pub struct Cooling {
    schedule: Schedule,
    t0: f64,
    /// Published: k. Geometric: the factor applied to T per proposal.
    rate: f64,
    steps: u64,
    /// Adaptive: the target share of accepted proposals at the start of a run.
    start_acceptance: f64,
    temperature: f64,
    /// Recent share of accepted proposals (moving average over about
    /// [`ACCEPTANCE_WINDOW`] proposals).
    recent: f64,
    step: u64,
}

impl Cooling {
    /// A run's cooling from its options (already checked: finite, non-negative, `steps > 0`).
    pub fn new(
        schedule: Schedule,
        t0: f64,
        cooling: f64,
        t_end: f64,
        steps: u64,
        acceptance: f64,
    ) -> Cooling {
        let rate = match schedule {
            Schedule::Published => cooling,
            // T0 * rate^steps = t_end; a zero t0 stays zero.
            Schedule::Geometric if t0 > 0.0 => (t_end.max(1e-9) / t0).powf(1.0 / steps as f64),
            _ => 1.0,
        };
        Cooling {
            schedule,
            t0,
            rate,
            steps,
            start_acceptance: acceptance,
            temperature: t0,
            recent: acceptance,
            step: 0,
        }
    }

    /// The temperature for the next proposal.
    #[inline]
    pub fn temperature(&self) -> f64 {
        self.temperature
    }

    /// The recent share of proposals accepted, 0..=1.
    pub fn acceptance(&self) -> f64 {
        self.recent
    }

    /// Proposals made in this run.
    pub fn step(&self) -> u64 {
        self.step
    }

    /// True when the schedule's budget for the run is used up (the published one usually ends
    /// sooner, on a stall; never for tempering, which ends when the run stops improving).
    pub fn finished(&self) -> bool {
        self.schedule != Schedule::Tempering && self.step >= self.steps
    }

    /// Records one proposal's outcome and moves the temperature on.
    pub fn record(&mut self, accepted: bool) {
        self.step += 1;
        let hit = if accepted { 1.0 } else { 0.0 };
        self.recent += (hit - self.recent) / ACCEPTANCE_WINDOW;
        self.temperature = match self.schedule {
            Schedule::Tempering => self.temperature,
            Schedule::Published => self.t0 * (-self.rate * self.step as f64).exp(),
            Schedule::Geometric => self.temperature * self.rate,
            Schedule::Adaptive => {
                let left = 1.0 - (self.step as f64 / self.steps as f64).min(1.0);
                let target = self.start_acceptance * left;
                // Warmer when too few proposals pass, cooler when too many: a gentle
                // multiplicative correction, so T moves smoothly.
                let t = self.temperature * (0.01 * (target - self.recent)).exp();
                t.clamp(1e-3, self.t0.max(1e-3) * 10.0)
            }
        };
    }
}

/// The annealing options that only some schedules use, by the engine's option names, each with
/// the schedules that use it; every schedule uses the others (see `only_with.rs`).
pub const SCHEDULE_ONLY: &OnlyWith<Schedule> = &[
    ("cooling", &[Schedule::Published]),
    ("stall", &[Schedule::Published]),
    ("acceptance", &[Schedule::Adaptive]),
    ("replicas", &[Schedule::Tempering]),
    ("t_end", &[Schedule::Geometric, Schedule::Tempering]),
];

impl Setting for Schedule {
    const NAME: &'static str = "schedule";
    fn name(self) -> &'static str {
        Schedule::name(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn default_temperatures_span_4x4s_freezing_band_and_grow_with_the_board() {
        assert_eq!(Schedule::Geometric.default_temperatures(16), (100.0, 30.0));
        assert_eq!(Schedule::Tempering.default_temperatures(16), (100.0, 30.0));
        assert_eq!(Schedule::Geometric.default_temperatures(25), (195.0, 59.0));
        assert_eq!(Schedule::Published.default_temperatures(25).0, 100.0);
        assert_eq!(Schedule::Adaptive.default_temperatures(36).0, 40.0);
        let mut last = (0.0, 0.0);
        for cells in 4..=36 {
            let (t0, t_end) = Schedule::Geometric.default_temperatures(cells);
            assert!(
                t0 >= last.0 && t_end >= last.1 && t_end >= 1.0 && t0 > t_end,
                "{cells}"
            );
            last = (t0, t_end);
        }
    }

    #[test]
    fn the_window_counts_exactly_the_last_proposals() {
        let mut w = Window::default();
        assert!(w.is_empty() && w.share() == 0.0);
        let mut history = Vec::new();
        let mut rng = Rng::new(11);
        for i in 0..5000 {
            // Stretches of mostly accepted and mostly rejected proposals.
            let p = if (i / 700) % 2 == 0 { 0.9 } else { 0.05 };
            let accepted = rng.unit() < p;
            w.record(accepted);
            history.push(accepted);
            let last = &history[history.len().saturating_sub(WINDOW)..];
            let want = last.iter().filter(|&&a| a).count() as f64 / last.len() as f64;
            assert_eq!(w.share(), want, "after {} proposals", i + 1);
            assert_eq!(w.len(), last.len());
        }
        let mut all = Window::default();
        for _ in 0..3 * WINDOW {
            all.record(true);
        }
        assert_eq!(all.share(), 1.0);
    }
}
