//! Simulated annealing: a random walk over boards that accepts worse boards less and less often.
//!
//! Each proposal mutates the current board ([`crate::optimize::mutate`]: swap two cells, or set
//! a cell to another letter, sometimes several at once) and is accepted when it scores at least
//! as much, or otherwise with probability `exp(delta / T)`. The temperature `T` follows the
//! run's [`Schedule`]. A run ends when its schedule is spent or after `stall` rejections in a
//! row; the search then restarts (from a new random board, or from the best board found so far)
//! until its runs are used up. The best boards of every run are kept.

use crate::engine::board::Board;
use crate::optimize::mutate::Mutator;
use crate::optimize::schedule::{Cooling, Schedule};
use crate::optimize::{Canon, Common, Leaderboard, OptimizeError, Optimizer, Progress, Sample};
use crate::rng::Rng;
use crate::{Dictionary, Solver};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The most proposals one run may take ([`AnnealOptions::steps`]).
pub const MAX_STEPS: u64 = 1_000_000_000;

/// Annealing options. The defaults cool geometrically from 40 to 1 over 100,000 proposals and
/// start each later run from the best board (measured in `benches/schedules.rs`); the published
/// schedule is `schedule: Published` (T0 100 unless `t0` is given, `cooling` 0.05).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AnnealOptions {
    /// Options every optimizer takes.
    #[serde(flatten)]
    pub common: Common,
    /// How the temperature falls during a run.
    pub schedule: Schedule,
    /// Starting temperature T0 (the adaptive schedule's ceiling is ten times it); `None`: the
    /// schedule's own ([`Schedule::default_t0`]).
    pub t0: Option<f64>,
    /// Published schedule: the cooling rate k in `T = T0 * exp(-k * step)`, step counted from
    /// the start of each run.
    pub cooling: f64,
    /// Geometric schedule: the temperature at the end of a run.
    pub t_end: f64,
    /// Geometric and adaptive schedules: proposals per run.
    pub steps: u64,
    /// Adaptive schedule: the share of proposals accepted at the start of a run (0..1).
    pub acceptance: f64,
    /// Published schedule: a run ends after this many rejected proposals in a row.
    pub stall: u32,
    /// Where each run after the first starts.
    pub restart: Restart,
}

/// Where an annealing run after the first starts. With the `cli` feature it is also the CLI's
/// `--restart` value.
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
}

impl Default for AnnealOptions {
    fn default() -> AnnealOptions {
        AnnealOptions {
            common: Common::default(),
            schedule: Schedule::Geometric,
            t0: None,
            cooling: 0.05,
            t_end: 1.0,
            steps: 100_000,
            acceptance: 0.1,
            stall: 2000,
            restart: Restart::Best,
        }
    }
}

impl AnnealOptions {
    /// The starting temperature: `t0`, or the schedule's own.
    pub fn start_temperature(&self) -> f64 {
        self.t0.unwrap_or(self.schedule.default_t0())
    }

    /// Checks the numeric options.
    fn check(&self) -> Result<(), OptimizeError> {
        let bad = |what: &str| Err(OptimizeError::Option(what.into()));
        if !(self.start_temperature().is_finite() && self.start_temperature() >= 0.0) {
            return bad("the starting temperature must be a number >= 0");
        }
        if !(self.cooling.is_finite() && self.cooling >= 0.0) {
            return bad("the cooling rate must be a number >= 0");
        }
        if !(self.t_end.is_finite() && self.t_end > 0.0) {
            return bad("the final temperature must be a number > 0");
        }
        if self.steps == 0 || self.steps > MAX_STEPS {
            return Err(OptimizeError::Option(format!(
                "the steps per run must be 1 to {MAX_STEPS}"
            )));
        }
        if !(0.0..=1.0).contains(&self.acceptance) {
            return bad("the starting acceptance must be a number from 0 to 1");
        }
        if self.stall == 0 {
            return bad("the stall limit must be at least 1");
        }
        Ok(())
    }
}

/// A simulated-annealing search in progress.
pub struct Anneal {
    opts: AnnealOptions,
    mutator: Mutator,
    solver: Solver,
    rng: Rng,
    canon: Canon,
    top: Leaderboard,
    cooling: Cooling,
    run: u32,
    iterations: u64,
    boards: u64,
    accepted: u64,
    rejected_in_row: u32,
    current: Board,
    current_score: u32,
    /// The best board of the search as it lay (not canonicalized, with its dice), for
    /// restarts from the best.
    best: (u32, Board, Vec<u8>),
    scratch: Vec<u8>,
    /// Scores of recently proposed boards: a cooling run proposes the same few hundred
    /// neighbours of its board again and again.
    cache: ScoreCache,
    done: bool,
}

/// Scores of recently seen boards by canonical key, in a fixed-size direct-mapped table (a
/// newer board takes an older one's slot).
#[derive(Clone, Debug)]
struct ScoreCache {
    slots: Vec<(u64, u32)>,
}

impl ScoreCache {
    /// Slots in the table (16 bytes each: 1 MB).
    const SLOTS: usize = 1 << 16;

    fn new() -> ScoreCache {
        ScoreCache {
            // Key 0 with score u32::MAX marks an empty slot (no board scores that much).
            slots: vec![(0, u32::MAX); Self::SLOTS],
        }
    }

    #[inline]
    fn get(&self, key: u64) -> Option<u32> {
        let (k, v) = self.slots[key as usize & (Self::SLOTS - 1)];
        (k == key && v != u32::MAX).then_some(v)
    }

    #[inline]
    fn put(&mut self, key: u64, score: u32) {
        self.slots[key as usize & (Self::SLOTS - 1)] = (key, score);
    }
}

impl Anneal {
    /// Starts a search (the first board is scored at once).
    pub fn new(dict: Arc<Dictionary>, opts: AnnealOptions) -> Result<Anneal, OptimizeError> {
        let allowed = opts.common.check()?;
        opts.check()?;
        let mut rng = Rng::new(opts.common.seed);
        let mut mutator = Mutator::new(&opts.common, allowed);
        let current = mutator.start(&opts.common, &mut rng);
        let n = current.len();
        let mut a = Anneal {
            canon: Canon::new(opts.common.rows, opts.common.cols),
            top: Leaderboard::new(opts.common.top),
            solver: Solver::new(dict),
            cooling: cooling(&opts),
            rng,
            run: 0,
            iterations: 0,
            boards: 0,
            accepted: 0,
            rejected_in_row: 0,
            best: (0, current.clone(), mutator.dice().to_vec()),
            mutator,
            current,
            current_score: 0,
            scratch: vec![0; n],
            cache: ScoreCache::new(),
            done: false,
            opts,
        };
        a.begin_run();
        Ok(a)
    }

    fn begin_run(&mut self) {
        if self.run > 0 {
            self.current = match self.opts.restart {
                Restart::Random => self.mutator.start(&self.opts.common, &mut self.rng),
                Restart::Best => {
                    self.mutator.set_dice(&self.best.2);
                    self.best.1.clone()
                }
            };
        }
        self.run += 1;
        self.cooling = cooling(&self.opts);
        self.rejected_in_row = 0;
        self.current_score = self.solver.score(&self.current);
        self.boards += 1;
        self.record(self.current_score);
    }

    /// Offers the current board to the leaderboard and checks the target.
    fn record(&mut self, score: u32) {
        if score > self.best.0 {
            self.best.0 = score;
            self.best
                .1
                .cells_mut()
                .copy_from_slice(self.current.cells());
            self.best.2.clear();
            self.best.2.extend_from_slice(self.mutator.dice());
        }
        if self.top.admits(score) {
            self.canon
                .canonical_into(self.current.cells(), &mut self.scratch);
            self.top.offer(score, &self.scratch);
        }
        if self.opts.common.target.is_some_and(|t| score >= t) {
            self.done = true;
        }
    }

    /// The temperature at the current step of the run.
    pub fn temperature(&self) -> f64 {
        self.cooling.temperature()
    }

    /// True when the current run is over: the published schedule ends on a stall, the others
    /// when their proposals are spent (a cold run that stalls is about to end anyway, and may
    /// still find something).
    fn run_over(&self) -> bool {
        match self.opts.schedule {
            Schedule::Published => self.rejected_in_row >= self.opts.stall,
            _ => self.cooling.finished(),
        }
    }
}

/// A fresh run's cooling from the options.
fn cooling(o: &AnnealOptions) -> Cooling {
    Cooling::new(
        o.schedule,
        o.start_temperature(),
        o.cooling,
        o.t_end,
        o.steps,
        o.acceptance,
    )
}

impl Optimizer for Anneal {
    fn step(&mut self, max_boards: u64) -> bool {
        let mut scored = 0;
        let mut cached = 0u64;
        while !self.done && scored + cached / 32 < max_boards {
            if self.run_over() {
                let runs = self.opts.common.runs;
                if runs != 0 && self.run >= runs {
                    self.done = true;
                    break;
                }
                self.begin_run();
                scored += 1;
                continue;
            }
            let changed = self.mutator.mutate(self.current.cells_mut(), &mut self.rng);
            self.iterations += 1;
            // A proposal that leaves the board as it was is a rejection, unscored.
            let mut accept = false;
            let mut score = 0;
            if changed {
                self.canon
                    .canonical_into(self.current.cells(), &mut self.scratch);
                let key = Canon::key(&self.scratch);
                score = match self.cache.get(key) {
                    Some(s) => {
                        // A look-up costs far less than a score; count it lightly.
                        cached += 1;
                        s
                    }
                    None => {
                        let s = self.solver.score(&self.current);
                        self.cache.put(key, s);
                        self.boards += 1;
                        scored += 1;
                        s
                    }
                };
                let delta = score as f64 - self.current_score as f64;
                accept =
                    delta >= 0.0 || self.rng.unit() < (delta / self.cooling.temperature()).exp();
            }
            self.cooling.record(accept);
            if accept {
                self.accepted += 1;
                self.rejected_in_row = 0;
                self.current_score = score;
                self.record(score);
            } else {
                self.rejected_in_row += 1;
                self.mutator.undo(self.current.cells_mut());
            }
        }
        self.done
    }

    fn sample(&self) -> Sample {
        Sample {
            boards: self.boards,
            current: self.current_score,
            best: self.top.best_score(),
            temperature: self.temperature(),
            acceptance: self.cooling.acceptance(),
        }
    }

    fn progress(&self) -> Progress {
        let top = self.top.boards();
        Progress {
            optimizer: "anneal",
            run: self.run,
            iterations: self.iterations,
            boards: self.boards,
            accepted: self.accepted,
            temperature: Some(self.temperature()),
            acceptance: Some(self.cooling.acceptance()),
            current_board: self.current.to_string(),
            current_score: self.current_score,
            pool: None,
            best_score: self.top.best_score(),
            best_board: top.first().map(|s| s.board.clone()).unwrap_or_default(),
            top,
            done: self.done,
        }
    }
}
