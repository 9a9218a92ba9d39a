//! Simulated annealing: random walks over boards that accept worse boards less and less often.
//!
//! Each proposal mutates a walk's board ([`crate::optimize::mutate`]: swap two cells, or set a
//! cell to another letter, sometimes several at once) and is accepted when it scores at least
//! as much, or otherwise with probability `exp(delta / T)`. With the cooling schedules one walk
//! runs and `T` follows the run's [`Schedule`]; with [`Schedule::Tempering`] several walks run
//! at the fixed temperatures of a ladder and trade boards ([`crate::optimize::tempering`]). A run
//! ends when its schedule is spent, after `stall` rejections in a row (published) or, with
//! tempering, after `steps` proposals without a better board in the run; the search then
//! restarts ([`Restart`]) until its runs are used up. The best boards of every run are kept.

mod options;

pub use options::{AnnealOptions, Restart, MAX_PERTURB, MAX_STEPS, RESTART_ONLY};

use crate::engine::board::Board;
use crate::engine::solver::TooBigToSolve;
use crate::optimize::mutate::Mutator;
use crate::optimize::schedule::{Cooling, Schedule, Window};
use crate::optimize::seen::ScoreCache;
use crate::optimize::tempering::Ladder;
use crate::optimize::{
    scored, step_result, Canon, DefaultAlphabet, Leaderboard, OptimizeError, Optimizer, Progress,
    Replica, RunBests, Sample,
};
use crate::rng::Rng;
use crate::{Dictionary, Solver};
use std::sync::Arc;

/// One walk: its board, the board's score and, with dice, the die in each cell.
#[derive(Clone, Debug)]
struct Walk {
    board: Board,
    score: u32,
    dice: Vec<u8>,
}

/// The best boards of the search and the best board as it lay (not canonicalized, with its
/// dice, for restarts from the best).
struct Best {
    top: Leaderboard,
    canon: Canon,
    scratch: Vec<u8>,
    score: u32,
    board: Board,
    dice: Vec<u8>,
    target: Option<u32>,
    /// True once a board reached the target.
    done: bool,
}

impl Best {
    /// Offers a board the search holds, scoring `score`, with its dice.
    fn offer(&mut self, score: u32, board: &Board, dice: &[u8]) {
        if score > self.score {
            self.score = score;
            self.board.cells_mut().copy_from_slice(board.cells());
            self.dice.clear();
            self.dice.extend_from_slice(dice);
        }
        if self.top.admits(score) {
            self.canon.canonical_into(board.cells(), &mut self.scratch);
            self.top.offer(score, &self.scratch);
        }
        if self.target.is_some_and(|t| score >= t) {
            self.done = true;
        }
    }
}

/// A simulated-annealing search in progress.
pub struct Anneal {
    opts: AnnealOptions,
    mutator: Mutator,
    solver: Solver,
    rng: Rng,
    canon: Canon,
    scratch: Vec<u8>,
    /// The walks, one per rung of the ladder (coldest first); one walk without tempering.
    walks: Vec<Walk>,
    /// Tempering's temperatures and trades; `None` for one cooling walk.
    ladder: Option<Ladder>,
    /// The one walk's temperature (without tempering).
    cooling: Cooling,
    /// The share of recent proposals accepted, per rung.
    windows: Vec<Window>,
    /// Tempering: the rung making the next proposal.
    next: usize,
    run: u32,
    /// Proposals in this run (all rungs together).
    step: u64,
    iterations: u64,
    boards: u64,
    /// Proposals answered from the score cache.
    cached: u64,
    accepted: u64,
    rejected_in_row: u32,
    /// Best score of this run, and proposals since it last rose.
    run_best: u32,
    since_better: u64,
    /// Every finished run's best score.
    run_bests: RunBests,
    best: Best,
    /// Scores of recently proposed boards: a cooling run proposes the same few hundred
    /// neighbours of its board again and again.
    cache: ScoreCache,
    /// Why scoring a board failed, which ends the search.
    failed: Option<TooBigToSolve>,
}

impl Anneal {
    /// Starts a search (the first boards are scored at once).
    pub fn new(dict: Arc<Dictionary>, opts: AnnealOptions) -> Result<Anneal, OptimizeError> {
        let allowed = opts.common.check(&dict, DefaultAlphabet::All)?;
        opts.check()?;
        let mut rng = Rng::new(opts.common.seed);
        let mut mutator = Mutator::new(&opts.common, allowed);
        let tempering = opts.schedule == Schedule::Tempering;
        let rungs = if tempering { opts.replicas as usize } else { 1 };
        let walks: Vec<Walk> = (0..rungs)
            .map(|_| {
                let board = mutator.start(&opts.common, &mut rng);
                let mut dice = Vec::new();
                mutator.swap_dice(&mut dice);
                Walk {
                    board,
                    score: 0,
                    dice,
                }
            })
            .collect();
        let n = walks[0].board.len();
        let (rows, cols) = (opts.common.rows, opts.common.cols);
        let mut a = Anneal {
            canon: Canon::new(rows, cols),
            scratch: vec![0; n],
            best: Best {
                top: Leaderboard::new(opts.common.top),
                canon: Canon::new(rows, cols),
                scratch: vec![0; n],
                score: 0,
                board: walks[0].board.clone(),
                dice: walks[0].dice.clone(),
                target: opts.common.target,
                done: false,
            },
            solver: Solver::new(dict),
            cooling: cooling(&opts),
            ladder: tempering.then(|| {
                let (t0, t_end) = opts.temperatures();
                Ladder::geometric(rungs, t_end, t0)
            }),
            windows: vec![Window::default(); rungs],
            walks,
            rng,
            mutator,
            next: 0,
            run: 0,
            step: 0,
            iterations: 0,
            boards: 0,
            cached: 0,
            accepted: 0,
            rejected_in_row: 0,
            run_best: 0,
            run_bests: RunBests::default(),
            since_better: 0,
            cache: ScoreCache::new(),
            failed: None,
            opts,
        };
        a.begin_run();
        match a.failed {
            Some(e) => Err(OptimizeError::TooBig(e)),
            None => Ok(a),
        }
    }

    /// Starts a run: later runs put new boards on every walk (see [`Restart`]); every walk's
    /// board is scored.
    fn begin_run(&mut self) {
        if self.run > 0 {
            for k in 0..self.walks.len() {
                let w = &mut self.walks[k];
                match self.opts.restart {
                    Restart::Random => {
                        self.mutator.swap_dice(&mut w.dice);
                        w.board = self.mutator.start(&self.opts.common, &mut self.rng);
                        self.mutator.swap_dice(&mut w.dice);
                    }
                    Restart::Best | Restart::Perturb => {
                        w.board.cells_mut().copy_from_slice(self.best.board.cells());
                        w.dice.clear();
                        w.dice.extend_from_slice(&self.best.dice);
                        if self.opts.restart == Restart::Perturb {
                            self.mutator.swap_dice(&mut w.dice);
                            let moves = self.opts.perturb;
                            self.mutator
                                .perturb(w.board.cells_mut(), moves, &mut self.rng);
                            self.mutator.swap_dice(&mut w.dice);
                        }
                    }
                }
            }
        }
        self.run_bests.start_run(self.run, self.run_best);
        self.run += 1;
        self.step = 0;
        self.cooling = cooling(&self.opts);
        self.rejected_in_row = 0;
        self.windows.fill(Window::default());
        self.next = 0;
        self.run_best = 0;
        self.since_better = 0;
        for w in &mut self.walks {
            let result = self.solver.score(&w.board);
            let Some(score) = scored(result, &mut self.failed, &mut self.best.done) else {
                return;
            };
            w.score = score;
            self.boards += 1;
            self.run_best = self.run_best.max(w.score);
            self.best.offer(w.score, &w.board, &w.dice);
        }
    }

    /// The temperature of the walk that is "the run" for a chart: the one cooling walk, or
    /// tempering's coldest rung.
    pub fn temperature(&self) -> f64 {
        match &self.ladder {
            Some(l) => l.temperature(0),
            None => self.cooling.temperature(),
        }
    }

    /// True when the current run is over: the published schedule ends on a stall (or at its
    /// budget of proposals), tempering after `steps` proposals without a better board, the
    /// others when their proposals are spent (a cold run that stalls is about to end anyway,
    /// and may still find something).
    fn run_over(&self) -> bool {
        match self.opts.schedule {
            Schedule::Published => {
                self.rejected_in_row >= self.opts.stall || self.cooling.finished()
            }
            Schedule::Tempering => self.since_better >= self.opts.steps,
            _ => self.cooling.finished(),
        }
    }

    /// One proposal on walk `k` at temperature `t`; returns whether it was accepted.
    fn propose(&mut self, k: usize, t: f64) -> bool {
        let w = &mut self.walks[k];
        self.mutator.swap_dice(&mut w.dice);
        let changed = self.mutator.mutate(w.board.cells_mut(), &mut self.rng);
        // A proposal that leaves the board as it was is a rejection, unscored.
        let mut accept = false;
        if changed {
            self.canon
                .canonical_into(w.board.cells(), &mut self.scratch);
            let key = Canon::key(&self.scratch);
            let score = match self.cache.get(key) {
                Some(s) => {
                    self.cached += 1;
                    s
                }
                None => {
                    let result = self.solver.score(&w.board);
                    match scored(result, &mut self.failed, &mut self.best.done) {
                        Some(s) => {
                            self.cache.put(key, s);
                            self.boards += 1;
                            s
                        }
                        // The search ends; the board scores nothing and is not accepted.
                        None => 0,
                    }
                }
            };
            let delta = score as f64 - w.score as f64;
            accept = self.failed.is_none() && (delta >= 0.0 || self.rng.unit() < (delta / t).exp());
            if accept {
                w.score = score;
                self.best.offer(score, &w.board, self.mutator.dice());
            }
        }
        if !accept {
            self.mutator.undo(w.board.cells_mut());
        }
        self.mutator.swap_dice(&mut w.dice);
        let score = w.score;
        self.windows[k].record(accept);
        self.iterations += 1;
        self.step += 1;
        self.since_better += 1;
        if score > self.run_best {
            self.run_best = score;
            self.since_better = 0;
        }
        if accept {
            self.accepted += 1;
            self.rejected_in_row = 0;
        } else {
            self.rejected_in_row += 1;
        }
        accept
    }

    /// The next proposal: the cooling walk's, or the next rung's (after the hottest rung, the
    /// neighbouring rungs offer to trade).
    fn advance(&mut self) {
        let Some(ladder) = &self.ladder else {
            let accept = self.propose(0, self.cooling.temperature());
            self.cooling.record(accept);
            return;
        };
        let (k, t) = (self.next, ladder.temperature(self.next));
        self.propose(k, t);
        self.next += 1;
        if self.next == self.walks.len() {
            self.next = 0;
            if let Some(ladder) = &mut self.ladder {
                ladder.swap_round(&mut self.walks, |w| w.score, &mut self.rng);
            }
        }
    }
}

/// A fresh run's cooling from the options.
fn cooling(o: &AnnealOptions) -> Cooling {
    let (t0, t_end) = o.temperatures();
    Cooling::new(o.schedule, t0, o.cooling, t_end, o.steps, o.acceptance)
}

impl Optimizer for Anneal {
    fn step(&mut self, max_boards: u64) -> Result<bool, TooBigToSolve> {
        let (boards, cached) = (self.boards, self.cached);
        // A cache look-up costs far less than a score; count it lightly.
        while !self.best.done && self.boards - boards + (self.cached - cached) / 32 < max_boards {
            if self.run_over() {
                let runs = self.opts.common.runs;
                if runs != 0 && self.run >= runs {
                    self.best.done = true;
                    break;
                }
                self.begin_run();
                continue;
            }
            self.advance();
        }
        step_result(self.failed, self.best.done)
    }

    fn sample(&self) -> Sample {
        Sample {
            run: self.run,
            step: self.step,
            boards: self.boards,
            current: self.walks[0].score,
            best: self.best.top.best_score(),
            run_best: self.run_best,
            last_run_best: self.run_bests.last(),
            temperature: self.temperature(),
            acceptance: self.windows[0].share(),
        }
    }

    fn progress(&self) -> Progress {
        let top = self.best.top.boards();
        let replicas = self.ladder.as_ref().map(|l| {
            (0..l.len())
                .map(|k| {
                    let (swaps_tried, swaps_accepted) = l.swaps(k);
                    Replica {
                        temperature: l.temperature(k),
                        score: self.walks[k].score,
                        board: self.walks[k].board.to_string(),
                        acceptance: self.windows[k].share(),
                        swaps_tried,
                        swaps_accepted,
                    }
                })
                .collect()
        });
        let (finished_runs, runs_at_best) = self.run_bests.tally(
            self.best.done.then_some(self.run_best),
            self.best.top.best_score(),
        );
        Progress {
            optimizer: "anneal",
            run: self.run,
            step: self.step,
            iterations: self.iterations,
            boards: self.boards,
            accepted: self.accepted,
            temperature: Some(self.temperature()),
            acceptance: Some(self.windows[0].share()),
            current_board: self.walks[0].board.to_string(),
            current_score: self.walks[0].score,
            pool: None,
            replicas,
            best_score: self.best.top.best_score(),
            best_board: top.first().map(|s| s.board.clone()).unwrap_or_default(),
            top,
            done: self.best.done,
            finished_runs,
            runs_at_best,
        }
    }
}
