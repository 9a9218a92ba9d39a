//! Hill climbing as a beam search: a pool of the best N distinct canonical boards.
//!
//! Each round scores every neighbour of the pool's boards (every single-cell change to another
//! allowed letter and every swap of two cells holding different letters) and keeps the best N
//! of pool and neighbours; a run ends when the pool stops changing. All randomness is in the
//! seed pool, so a run is reproducible from its seed.
//!
//! Two things make the rounds much cheaper than the plain description, without changing the
//! result (up to ties at the pool's cut-off): every board scored in a run is remembered by its
//! canonical key (in a table of fixed size, [`crate::optimize::SeenTable`], so memory stays
//! bounded on long runs), so a board reachable from several pool members (or in several
//! rounds) is scored once; and a pool member's neighbours are generated only once, in the
//! round after it entered the pool, since later rounds would find them all already scored.
//!
//! By default ([`Order::Best`]) the pool is not expanded in rounds at all: the best board not
//! yet expanded is expanded and its neighbours merged into the pool at once, so the search
//! climbs from its most promising board first while the rest of the pool keeps alternatives
//! for when that climb stalls. It stops at the same kind of fixed point (every pool board
//! expanded, none of their neighbours good enough to enter) and on 4x4 reaches 3625 with
//! roughly a tenth of the boards scored that rounds need. When a run ends the search restarts
//! from a new seed pool until its runs are used up.
//!
//! A run is also cut short: by default it ends once it has expanded
//! [`HillClimbOptions::expansions`] boards (200). On 5x5 the runs that reach the best known board
//! get there within 200 expansions (46k-144k boards; a cap of 150 loses some), while the others
//! spend most of their 290k boards on a plateau, so the cap about halves the boards scored
//! before the best board (docs/decisions.md, "Hill climbing on 5x5"). With
//! [`HillClimbOptions::stall`] a run also ends once it has scored that many boards without
//! raising its best score (off by default: it cuts the runs that pause on the way to the best
//! board). Both count work, not time, so a seed still gives the same search.

mod options;

pub use options::{HillClimbOptions, Order, MAX_POOL, MAX_REMEMBER, MAX_STALL, ORDER_ONLY};

use crate::engine::board::{letters_of, Board};
use crate::engine::grouped;
use crate::engine::solver::TooBigToSolve;
use crate::optimize::{
    cells_to_string, check_count, random_start, step_result, DefaultAlphabet, OptimizeError,
    Optimizer, Progress, RunBests, Sample, Tally,
};
use crate::rng::Rng;
use crate::Dictionary;
use std::sync::Arc;

/// The fewest new letter changes of a cell scored with one open-cell walk
/// ([`crate::Solver::score_variants`]) rather than one by one.
const OPEN_WALK_FROM: u32 = 4;

/// A pool board: score, canonical cells, and whether its neighbours were generated.
#[derive(Clone, Debug)]
struct Member {
    score: u32,
    cells: Vec<u8>,
    expanded: bool,
    /// Not yet counted as having entered the pool (see `HillClimb::entered`).
    fresh: bool,
}

/// Orders members best first: higher score, then smaller canonical string.
fn better(a: &Member, b: &Member) -> std::cmp::Ordering {
    b.score.cmp(&a.score).then_with(|| a.cells.cmp(&b.cells))
}

/// A hill-climbing search in progress.
pub struct HillClimb {
    opts: HillClimbOptions,
    allowed: Vec<u8>,
    /// Every swap of two cells, as pairs of cell indices.
    swaps: Vec<(u8, u8)>,
    rng: Rng,
    /// The solver, the boards scored in this run (the most recent, when there were more than
    /// the table holds), the best boards and the count.
    tally: Tally,
    run: u32,
    /// Boards scored before this run began.
    run_start: u64,
    /// The best score of this run, and the boards scored (in all) when it was reached.
    run_best: u32,
    run_best_at: u64,
    /// Every finished run's best score.
    run_bests: RunBests,
    rounds: u64,
    /// Boards this run has expanded.
    run_expansions: u64,
    /// Boards that entered the pool, each counted once: the share of boards scored that did.
    entered: u64,
    /// The pool, best first.
    pool: Vec<Member>,
    /// Neighbours scored this round that may enter the pool.
    candidates: Vec<Member>,
    /// The pool member being expanded, and its next neighbour.
    member: usize,
    neighbour: usize,
    /// Scratch board for neighbours.
    work: Board,
    /// Canonical forms of the letter changes of one cell, `n` cells for each letter.
    variant_canon: Vec<u8>,
}

impl HillClimb {
    /// Starts a search (the first seed pool is scored at once).
    pub fn new(dict: Arc<Dictionary>, opts: HillClimbOptions) -> Result<HillClimb, OptimizeError> {
        let allowed = opts.common.check(&dict, DefaultAlphabet::Common)?;
        check_count(opts.pool, MAX_POOL, "pool", "the pool size")?;
        check_count(
            opts.remember,
            MAX_REMEMBER,
            "remember",
            "the boards remembered",
        )?;
        let (rows, cols) = (opts.common.rows, opts.common.cols);
        let n = rows * cols;
        // A cut-off shorter than one board's neighbours would end runs before they climb.
        let neighbours = (n * allowed.len().saturating_sub(1) + n * (n - 1) / 2) as u64;
        if opts.stall != 0 && !(neighbours..=MAX_STALL).contains(&opts.stall) {
            return Err(OptimizeError::Option {
                param: "stall",
                what: "the stall cut-off",
                rule: format!(
                    "must be 0 (off) or {} to {} boards (at least one board's neighbours)",
                    grouped(neighbours),
                    grouped(MAX_STALL)
                ),
            });
        }
        let swaps = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a as u8, b as u8)))
            .collect();
        let mut h = HillClimb {
            allowed,
            swaps,
            rng: Rng::new(opts.common.seed),
            tally: Tally::new(dict, &opts.common, opts.remember),
            run: 0,
            run_start: 0,
            run_best: 0,
            run_best_at: 0,
            run_bests: RunBests::default(),
            rounds: 0,
            run_expansions: 0,
            entered: 0,
            pool: Vec::new(),
            candidates: Vec::new(),
            member: 0,
            neighbour: 0,
            work: Board::filled(rows, cols, 0).map_err(OptimizeError::Size)?,
            variant_canon: vec![0; 26 * n],
            opts,
        };
        h.begin_run();
        match h.tally.failed {
            Some(e) => Err(OptimizeError::TooBig(e)),
            None => Ok(h),
        }
    }

    /// Scores a new seed pool of distinct random boards.
    fn begin_run(&mut self) {
        self.run_bests.start_run(self.run, self.run_best);
        self.run += 1;
        self.run_start = self.tally.boards;
        self.tally.new_run();
        self.pool.clear();
        self.candidates.clear();
        let want = self.opts.pool;
        // Tiny boards or alphabets may not have `want` distinct boards: give up after a while.
        let mut tries = 0;
        while self.pool.len() < want && tries < want * 20 && !self.tally.done {
            tries += 1;
            self.work = random_start(&self.opts.common, &self.allowed, &mut self.rng);
            if let Some(m) = self.score_work() {
                self.pool.push(m);
            }
        }
        self.pool.sort_by(better);
        self.member = 0;
        self.neighbour = 0;
        self.run_best = self.pool.first().map_or(0, |m| m.score);
        self.run_best_at = self.tally.boards;
        self.run_expansions = 0;
    }

    /// Ends the current run: starts the next, or finishes the search when its runs are used up.
    fn end_run(&mut self) {
        let runs = self.opts.common.runs;
        if runs != 0 && self.run >= runs {
            self.tally.done = true;
        } else {
            self.begin_run();
        }
    }

    /// True when the run has scored [`HillClimbOptions::stall`] boards since its best improved,
    /// or (best first) expanded [`HillClimbOptions::expansions`] boards.
    fn stalled(&self) -> bool {
        (self.opts.stall != 0 && self.tally.boards - self.run_best_at >= self.opts.stall)
            || (self.opts.order == Order::Best
                && self.opts.expansions != 0
                && self.run_expansions >= self.opts.expansions)
    }

    /// Scores the work board unless it was seen in this run; records it on the leaderboard.
    fn score_work(&mut self) -> Option<Member> {
        let score = self.tally.score(&self.work)?;
        Some(self.member_of(score))
    }

    /// The board last admitted ([`Tally::canonical`]) as a pool member scoring `score`.
    fn member_of(&self, score: u32) -> Member {
        Member {
            score,
            cells: self.tally.canonical.clone(),
            expanded: false,
            fresh: true,
        }
    }

    /// Scores every letter change of cell `c` of pool member `m` not seen in this run, with one
    /// open-cell walk when enough of them are new, and offers them to the pool. Returns how
    /// many were already seen.
    fn expand_cell(&mut self, m: usize, c: usize) -> u64 {
        self.work.cells_mut().copy_from_slice(&self.pool[m].cells);
        let own = self.work.cells()[c];
        let n = self.work.len();
        let mut fresh = 0u32;
        let mut seen = 0;
        for i in 0..self.allowed.len() {
            let l = self.allowed[i];
            if l == own {
                continue;
            }
            self.work.cells_mut()[c] = l;
            if self.tally.admit(self.work.cells()) {
                fresh |= 1 << l;
                let at = l as usize * n;
                self.variant_canon[at..at + n].copy_from_slice(&self.tally.canonical);
            } else {
                seen += 1;
            }
        }
        self.work.cells_mut()[c] = own;
        let walk = fresh.count_ones() >= OPEN_WALK_FROM;
        let scores = if walk {
            let scored = self.tally.solver.score_variants(&self.work, c, fresh);
            match self.tally.scored(scored) {
                Some(scores) => scores,
                None => return seen,
            }
        } else {
            [0; 26]
        };
        for l in letters_of(fresh).map(usize::from) {
            let score = if walk {
                scores[l]
            } else {
                self.work.cells_mut()[c] = l as u8;
                let scored = self.tally.solver.score(&self.work);
                self.work.cells_mut()[c] = own;
                match self.tally.scored(scored) {
                    Some(score) => score,
                    None => return seen,
                }
            };
            self.tally
                .canonical
                .copy_from_slice(&self.variant_canon[l * n..(l + 1) * n]);
            self.tally.record(score);
            self.offer(self.member_of(score));
        }
        seen
    }

    /// Keeps a scored neighbour as a candidate for the pool if it can still enter it.
    fn offer(&mut self, cand: Member) {
        if cand.score > self.run_best {
            self.run_best = cand.score;
            self.run_best_at = self.tally.boards;
        }
        if cand.score >= self.cutoff() {
            self.candidates.push(cand);
            if self.candidates.len() >= 4 * self.opts.pool {
                self.prune_candidates();
            }
        }
    }

    /// The lowest score that can still enter the pool this round.
    fn cutoff(&self) -> u32 {
        if self.pool.len() < self.opts.pool {
            0
        } else {
            self.pool.last().map_or(0, |m| m.score)
        }
    }

    /// Makes swap `k` of pool member `m` in the work board; false when both cells hold the same
    /// letter.
    fn make_swap(&mut self, m: usize, k: usize) -> bool {
        let cells = self.work.cells_mut();
        cells.copy_from_slice(&self.pool[m].cells);
        let (a, b) = self.swaps[k];
        if cells[a as usize] == cells[b as usize] {
            return false;
        }
        cells.swap(a as usize, b as usize);
        true
    }

    /// Ends a round: the best N of pool and candidates become the pool. Returns true when the
    /// pool changed.
    fn finish_round(&mut self) -> bool {
        let new = std::mem::take(&mut self.candidates);
        self.pool.extend(new);
        self.pool.sort_by(better);
        dedup(&mut self.pool);
        self.pool.truncate(self.opts.pool);
        // Each board that entered counts once, however many rounds it waits to be expanded.
        for m in self.pool.iter_mut().filter(|m| m.fresh) {
            m.fresh = false;
            self.entered += 1;
        }
        self.rounds += 1;
        self.member = 0;
        self.neighbour = 0;
        self.pool.iter().any(|m| !m.expanded)
    }

    /// Keeps only the candidates that can still make the pool, so memory stays bounded.
    fn prune_candidates(&mut self) {
        let keep = self.opts.pool;
        self.candidates.sort_by(better);
        dedup(&mut self.candidates);
        self.candidates.truncate(keep);
    }
}

/// Drops repeated boards from members sorted by [`better`] (a board the seen table forgot can
/// be scored twice), keeping it expanded if any copy was.
fn dedup(members: &mut Vec<Member>) {
    members.dedup_by(|later, kept| {
        let same = later.cells == kept.cells;
        kept.expanded |= same && later.expanded;
        same
    });
}

impl Optimizer for HillClimb {
    fn step(&mut self, max_boards: u64) -> Result<bool, TooBigToSolve> {
        let start = self.tally.boards;
        // Skipped neighbours (already seen) cost far less than a score; count them lightly.
        let mut skipped = 0u64;
        while !self.tally.done && self.tally.boards - start + skipped / 64 < max_boards {
            // Find the next pool member still to expand.
            while self.member < self.pool.len() && self.pool[self.member].expanded {
                self.member += 1;
                self.neighbour = 0;
            }
            if self.stalled() {
                self.end_run();
                continue;
            }
            if self.member >= self.pool.len() {
                if !self.finish_round() {
                    self.end_run();
                }
                continue;
            }
            let total = self.work.len() * self.allowed.len() + self.swaps.len();
            if self.neighbour >= total {
                self.pool[self.member].expanded = true;
                self.run_expansions += 1;
                if self.opts.order == Order::Best {
                    self.member = self.pool.len();
                }
                continue;
            }
            let (m, j) = (self.member, self.neighbour);
            let letters = self.allowed.len();
            if j < self.work.len() * letters {
                // Every letter change of one cell at once.
                self.neighbour += letters;
                skipped += self.expand_cell(m, j / letters);
                continue;
            }
            self.neighbour += 1;
            if !self.make_swap(m, j - self.work.len() * letters) {
                continue;
            }
            match self.score_work() {
                Some(cand) => self.offer(cand),
                None => skipped += 1,
            }
        }
        step_result(self.tally.failed, self.tally.done)
    }

    fn sample(&self) -> Sample {
        Sample {
            run: self.run,
            step: self.tally.boards - self.run_start,
            boards: self.tally.boards,
            current: self
                .pool
                .get(self.member)
                .or(self.pool.first())
                .map_or(0, |m| m.score),
            best: self.tally.top.best_score(),
            run_best: self.run_best,
            last_run_best: self.run_bests.last(),
            temperature: 0.0,
            acceptance: 0.0,
        }
    }

    fn progress(&self) -> Progress {
        let top = self.tally.top.boards();
        let current = self
            .pool
            .get(self.member)
            .or(self.pool.first())
            .map(|m| (m.score, cells_to_string(&m.cells)))
            .unwrap_or_default();
        let (finished_runs, runs_at_best) = self.run_bests.tally(
            self.tally.done.then_some(self.run_best),
            self.tally.top.best_score(),
        );
        Progress {
            optimizer: "hillclimb",
            run: self.run,
            step: self.tally.boards - self.run_start,
            iterations: self.rounds,
            boards: self.tally.boards,
            accepted: self.entered,
            temperature: None,
            acceptance: None,
            current_board: current.1,
            current_score: current.0,
            replicas: None,
            pool: Some((
                self.pool.last().map_or(0, |m| m.score),
                self.pool.first().map_or(0, |m| m.score),
            )),
            best_score: self.tally.top.best_score(),
            best_board: top.first().map(|s| s.board.clone()).unwrap_or_default(),
            top,
            done: self.tally.done,
            finished_runs,
            runs_at_best,
        }
    }
}
