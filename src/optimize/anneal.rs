//! Simulated annealing: a random walk over boards that accepts worse boards less and less often.
//!
//! Each proposal mutates the current board (swap two cells, or set a cell to another allowed
//! letter; after each mutation it stops with probability 0.75, so sometimes several happen at
//! once) and is accepted when it scores at least as much, or otherwise with probability
//! `exp(delta / T)` where `T = T0 * exp(-k * step)`. A run ends after `stall` rejections in a
//! row; the search then restarts from a new random board until its runs are used up. The best
//! boards of every run are kept.

use crate::engine::board::Board;
use crate::optimize::{
    random_start, Canon, Common, Leaderboard, OptimizeError, Optimizer, Progress, Sample,
};
use crate::rng::Rng;
use crate::{Dictionary, Solver};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Annealing options (defaults: T0 = 100, k = 0.05, stall limit 2000).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AnnealOptions {
    /// Options every optimizer takes.
    #[serde(flatten)]
    pub common: Common,
    /// Starting temperature T0.
    pub t0: f64,
    /// Cooling rate k: `T = T0 * exp(-k * step)`, step counted from the start of each run.
    pub cooling: f64,
    /// A run ends after this many rejected proposals in a row.
    pub stall: u32,
}

impl Default for AnnealOptions {
    fn default() -> AnnealOptions {
        AnnealOptions {
            common: Common::default(),
            t0: 100.0,
            cooling: 0.05,
            stall: 2000,
        }
    }
}

/// A simulated-annealing search in progress.
pub struct Anneal {
    opts: AnnealOptions,
    allowed: Vec<u8>,
    solver: Solver,
    rng: Rng,
    canon: Canon,
    top: Leaderboard,
    run: u32,
    step_in_run: u64,
    iterations: u64,
    boards: u64,
    accepted: u64,
    rejected_in_row: u32,
    current: Board,
    current_score: u32,
    /// Undo log of the proposal being tried: (cell, previous letter).
    undo: Vec<(usize, u8)>,
    scratch: Vec<u8>,
    done: bool,
}

impl Anneal {
    /// Starts a search (the first board is scored at once).
    pub fn new(dict: Arc<Dictionary>, opts: AnnealOptions) -> Result<Anneal, OptimizeError> {
        let allowed = opts.common.check()?;
        if !(opts.t0.is_finite() && opts.t0 >= 0.0) {
            return Err(OptimizeError::Option(
                "the starting temperature must be a number >= 0".into(),
            ));
        }
        if !(opts.cooling.is_finite() && opts.cooling >= 0.0) {
            return Err(OptimizeError::Option(
                "the cooling rate must be a number >= 0".into(),
            ));
        }
        if opts.stall == 0 {
            return Err(OptimizeError::Option(
                "the stall limit must be at least 1".into(),
            ));
        }
        let mut rng = Rng::new(opts.common.seed);
        let current = random_start(&opts.common, &allowed, &mut rng);
        let n = current.len();
        let mut a = Anneal {
            canon: Canon::new(opts.common.rows, opts.common.cols),
            top: Leaderboard::new(opts.common.top),
            solver: Solver::new(dict),
            allowed,
            rng,
            run: 0,
            step_in_run: 0,
            iterations: 0,
            boards: 0,
            accepted: 0,
            rejected_in_row: 0,
            current,
            current_score: 0,
            undo: Vec::with_capacity(8),
            scratch: vec![0; n],
            done: false,
            opts,
        };
        a.begin_run();
        Ok(a)
    }

    fn begin_run(&mut self) {
        if self.run > 0 {
            self.current = random_start(&self.opts.common, &self.allowed, &mut self.rng);
        }
        self.run += 1;
        self.step_in_run = 0;
        self.rejected_in_row = 0;
        self.current_score = self.solver.score(&self.current);
        self.boards += 1;
        self.record(self.current_score);
    }

    /// Offers the current board to the leaderboard and checks the target.
    fn record(&mut self, score: u32) {
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
        self.opts.t0 * (-self.opts.cooling * self.step_in_run as f64).exp()
    }

    /// Applies one or more random mutations to the current board, logging them for undo.
    fn mutate(&mut self) {
        let n = self.current.len();
        let letters = self.allowed.len();
        self.undo.clear();
        loop {
            let cells = self.current.cells_mut();
            if letters < 2 || self.rng.unit() < 0.5 {
                let a = self.rng.below(n);
                let b = (a + 1 + self.rng.below(n - 1)) % n;
                self.undo.push((a, cells[a]));
                self.undo.push((b, cells[b]));
                cells.swap(a, b);
            } else {
                let c = self.rng.below(n);
                let old = cells[c];
                // Uniform among the other allowed letters.
                let at = self.allowed.binary_search(&old).unwrap_or(letters);
                let mut i = self.rng.below(letters - 1);
                if i >= at {
                    i += 1;
                }
                self.undo.push((c, old));
                cells[c] = self.allowed[i.min(letters - 1)];
            }
            if self.rng.unit() < 0.75 {
                break;
            }
        }
    }
}

impl Optimizer for Anneal {
    fn step(&mut self, max_boards: u64) -> bool {
        let mut scored = 0;
        while !self.done && scored < max_boards {
            if self.rejected_in_row >= self.opts.stall {
                let runs = self.opts.common.runs;
                if runs != 0 && self.run >= runs {
                    self.done = true;
                    break;
                }
                self.begin_run();
                scored += 1;
                continue;
            }
            self.mutate();
            self.iterations += 1;
            self.step_in_run += 1;
            // A swap of two equal letters leaves the board as it was: a rejection, unscored.
            let changed = self.undo.iter().any(|&(c, l)| self.current.cells()[c] != l);
            let mut score = 0;
            if changed {
                score = self.solver.score(&self.current);
                self.boards += 1;
                scored += 1;
            }
            let delta = score as f64 - self.current_score as f64;
            let accept =
                changed && (delta >= 0.0 || self.rng.unit() < (delta / self.temperature()).exp());
            if accept {
                self.accepted += 1;
                self.rejected_in_row = 0;
                self.current_score = score;
                self.record(score);
            } else {
                self.rejected_in_row += 1;
                for &(c, l) in self.undo.iter().rev() {
                    self.current.cells_mut()[c] = l;
                }
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
