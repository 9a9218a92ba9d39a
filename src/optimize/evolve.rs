//! An evolution strategy: a pool of `mu` boards, each generation giving every pool board
//! `children` random mutants (lambda = children × mu) and keeping the best `mu` distinct boards
//! of parents and children together (a "mu + lambda" strategy).
//!
//! Unlike hill climbing it never scores a board's whole neighbourhood: it samples a few
//! neighbours of many boards at once, so a large pool moves forward in every generation. A
//! run restarts from a new random pool after `patience` generations without a new best.

use crate::engine::board::Board;
use crate::engine::dice::LetterSource;
use crate::optimize::mutate::Mutator;
use crate::optimize::{
    cells_to_string, check_count, random_start, Common, OptimizeError, Optimizer, Progress, Sample,
    Tally,
};
use crate::rng::Rng;
use crate::Dictionary;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The largest pool (`mu`) the evolution strategy takes.
pub const MAX_MU: usize = 100_000;
/// The most children a pool board may have each generation.
pub const MAX_CHILDREN: usize = 100;
/// The most generations without a new best before a restart.
pub const MAX_PATIENCE: u32 = 1_000_000;
/// Boards a run remembers so it scores each once: a fixed table of 8 MB
/// (see [`crate::optimize::SeenTable`]).
const REMEMBER: usize = 1 << 20;

/// Evolution-strategy options (default: mu = 300, lambda = 7 mu).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EvolveOptions {
    /// Options every optimizer takes.
    #[serde(flatten)]
    pub common: Common,
    /// Boards kept in the pool from one generation to the next (mu).
    pub mu: usize,
    /// Random mutants of each pool board per generation (lambda / mu).
    pub children: usize,
    /// Generations without a new best in this run before a restart.
    pub patience: u32,
}

impl Default for EvolveOptions {
    fn default() -> EvolveOptions {
        EvolveOptions {
            common: Common::default(),
            mu: 300,
            children: 7,
            patience: 100,
        }
    }
}

/// An evolution-strategy search in progress.
pub struct Evolve {
    opts: EvolveOptions,
    allowed: Vec<u8>,
    mutator: Mutator,
    rng: Rng,
    tally: Tally,
    run: u32,
    generations: u64,
    /// Children that entered the pool.
    entered: u64,
    /// The pool, best first.
    pool: Vec<Entry>,
    /// Children of this generation so far, and the next parent to mutate.
    children: Vec<Entry>,
    parent: usize,
    /// The run's best score and the generation it was reached in.
    run_best: (u32, u64),
    work: Board,
}

impl Evolve {
    /// Starts a search (the first pool is scored at once).
    pub fn new(dict: Arc<Dictionary>, opts: EvolveOptions) -> Result<Evolve, OptimizeError> {
        let allowed = opts.common.check()?;
        check_count(opts.mu, MAX_MU, "the pool size (mu)")?;
        check_count(
            opts.children,
            MAX_CHILDREN,
            "the children of each pool board",
        )?;
        check_count(
            opts.patience,
            MAX_PATIENCE,
            "the generations without a new best before a restart",
        )?;
        let (rows, cols) = (opts.common.rows, opts.common.cols);
        // Mutants change letters freely; only starting boards come from the dice.
        let uniform = Common {
            source: LetterSource::Uniform,
            ..opts.common.clone()
        };
        let mut e = Evolve {
            mutator: Mutator::new(&uniform, allowed.clone()),
            allowed,
            rng: Rng::new(opts.common.seed),
            tally: Tally::new(dict, &opts.common, REMEMBER),
            run: 0,
            generations: 0,
            entered: 0,
            pool: Vec::new(),
            children: Vec::new(),
            parent: 0,
            run_best: (0, 0),
            work: Board::filled(rows, cols, 0).map_err(OptimizeError::Size)?,
            opts,
        };
        e.begin_run();
        Ok(e)
    }

    /// Scores a new pool of distinct random boards.
    fn begin_run(&mut self) {
        self.run += 1;
        self.tally.new_run();
        self.pool.clear();
        self.children.clear();
        self.parent = 0;
        let want = self.opts.mu;
        let mut tries = 0;
        while self.pool.len() < want && tries < want * 20 && !self.tally.done {
            tries += 1;
            self.work = random_start(&self.opts.common, &self.allowed, &mut self.rng);
            if let Some(m) = self.score_work() {
                self.pool.push(m);
            }
        }
        self.pool.sort_by(better);
        for m in &mut self.pool {
            m.child = false;
        }
        self.run_best = (self.pool.first().map_or(0, |m| m.score), self.generations);
    }

    /// Scores the work board unless this run has seen it.
    fn score_work(&mut self) -> Option<Entry> {
        let score = self.tally.score(&self.work)?;
        Some(Entry {
            score,
            cells: self.tally.canonical.clone(),
            child: true,
        })
    }

    /// Parents and children together: the best `mu` distinct boards are the next pool.
    fn end_generation(&mut self) {
        self.generations += 1;
        self.pool.append(&mut self.children);
        self.pool.sort_by(better);
        self.pool.dedup_by(|a, b| a.cells == b.cells);
        self.pool.truncate(self.opts.mu);
        for m in &mut self.pool {
            self.entered += m.child as u64;
            m.child = false;
        }
        self.parent = 0;
        let best = self.pool.first().map_or(0, |m| m.score);
        if best > self.run_best.0 {
            self.run_best = (best, self.generations);
        } else if self.generations - self.run_best.1 >= self.opts.patience as u64 {
            let runs = self.opts.common.runs;
            if runs != 0 && self.run >= runs {
                self.tally.done = true;
            } else {
                self.begin_run();
            }
        }
    }
}

/// A pool board: its score, canonical cells, and whether it is a child of this generation.
#[derive(Clone, Debug)]
struct Entry {
    score: u32,
    cells: Vec<u8>,
    child: bool,
}

/// Orders pool boards best first: higher score, then smaller canonical string.
fn better(a: &Entry, b: &Entry) -> std::cmp::Ordering {
    b.score.cmp(&a.score).then_with(|| a.cells.cmp(&b.cells))
}

impl Optimizer for Evolve {
    fn step(&mut self, max_boards: u64) -> bool {
        let start = self.tally.boards;
        let mut tries = 0u64;
        while !self.tally.done && self.tally.boards - start + tries / 64 < max_boards {
            if self.parent >= self.pool.len() * self.opts.children {
                self.end_generation();
                continue;
            }
            let p = self.parent / self.opts.children;
            self.parent += 1;
            self.work.cells_mut().copy_from_slice(&self.pool[p].cells);
            tries += 1;
            if !self.mutator.mutate(self.work.cells_mut(), &mut self.rng) {
                continue;
            }
            if let Some(child) = self.score_work() {
                self.children.push(child);
            }
        }
        self.tally.done
    }

    fn sample(&self) -> Sample {
        Sample {
            boards: self.tally.boards,
            current: self.pool.first().map_or(0, |m| m.score),
            best: self.tally.top.best_score(),
            temperature: 0.0,
            acceptance: 0.0,
        }
    }

    fn progress(&self) -> Progress {
        let top = self.tally.top.boards();
        let current = self
            .pool
            .first()
            .map(|m| (m.score, cells_to_string(&m.cells)))
            .unwrap_or_default();
        Progress {
            optimizer: "evolve",
            run: self.run,
            iterations: self.generations,
            boards: self.tally.boards,
            accepted: self.entered,
            temperature: None,
            acceptance: None,
            current_board: current.1,
            current_score: current.0,
            pool: Some((
                self.pool.last().map_or(0, |m| m.score),
                self.pool.first().map_or(0, |m| m.score),
            )),
            best_score: self.tally.top.best_score(),
            best_board: top.first().map(|s| s.board.clone()).unwrap_or_default(),
            top,
            done: self.tally.done,
        }
    }
}
