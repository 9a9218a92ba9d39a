//! Annealing schedules: how the temperature falls during a run and when a run ends.
//!
//! The published schedule (`T = T0 * exp(-k * step)`, T0 = 100, k = 0.05) is nearly cold after
//! about 150 proposals, so a run is greedy descent with a short warm-up. The other schedules
//! spread the cooling over a budget of proposals per run: [`Schedule::Geometric`] lowers the
//! temperature geometrically from `t0` to `t_end`, and [`Schedule::Adaptive`] steers it so that
//! the share of accepted proposals follows a target that falls linearly to zero.

use serde::{Deserialize, Serialize};

/// How an annealing run cools. With the `cli` feature it is also the CLI's `--schedule` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    all(feature = "cli", not(target_arch = "wasm32")),
    derive(clap::ValueEnum)
)]
#[serde(rename_all = "lowercase")]
pub enum Schedule {
    /// `T = t0 * exp(-cooling * step)`; a run ends after `stall` rejections in a row (the
    /// published schedule).
    #[cfg_attr(
        all(feature = "cli", not(target_arch = "wasm32")),
        value(help = "T = t0·exp(-cooling·step), ends after --stall rejections in a row")
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
}

impl Schedule {
    /// Every schedule, in the order the page lists them.
    pub const ALL: [Schedule; 3] = [Schedule::Geometric, Schedule::Adaptive, Schedule::Published];

    /// The schedule's name, as serde and the CLI spell it.
    pub fn name(self) -> &'static str {
        match self {
            Schedule::Published => "published",
            Schedule::Geometric => "geometric",
            Schedule::Adaptive => "adaptive",
        }
    }

    /// The starting temperature when none is given: the published schedule's 100, and 40 for
    /// the others (hotter only melts the board: at T = 40 nearly every proposal passes).
    pub fn default_t0(self) -> f64 {
        match self {
            Schedule::Published => 100.0,
            Schedule::Geometric | Schedule::Adaptive => 40.0,
        }
    }
}

/// Proposals over which the acceptance rate is averaged (an exponential moving average).
const ACCEPTANCE_WINDOW: f64 = 200.0;

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

    /// True when the schedule's budget for the run is used up (never for the published one,
    /// which ends on a stall).
    pub fn finished(&self) -> bool {
        self.schedule != Schedule::Published && self.step >= self.steps
    }

    /// Records one proposal's outcome and moves the temperature on.
    pub fn record(&mut self, accepted: bool) {
        self.step += 1;
        let hit = if accepted { 1.0 } else { 0.0 };
        self.recent += (hit - self.recent) / ACCEPTANCE_WINDOW;
        self.temperature = match self.schedule {
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
