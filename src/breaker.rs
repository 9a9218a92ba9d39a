//! Branch and bound: "breaking" a class of boards against a target score (DESIGN.md section 3).
//!
//! A class whose upper bound ([`BoundSolver`]) is below the target holds no board that reaches
//! it and is *eliminated* whole. Otherwise one cell is *split* (centre cells first, then edges,
//! then corners; a big cell into a few groups of letters, a small one into its letters) and
//! each part is broken in turn. A class that is down to a single board is scored exactly with
//! [`Solver::score`] and reported when it reaches the target.
//!
//! [`Breaker`] keeps its work on an explicit stack, so a search runs in slices
//! ([`Breaker::step`]), reports progress between them and can be stopped at any point. It can
//! also keep a trace of the nodes it visits, which the page draws as a growing tree.

use crate::board::{neighbour_masks, Board, MAX_CELLS};
use crate::bounds::{BoundSolver, Bounds};
use crate::class::BoardClass;
use crate::dictionary::Dictionary;
use crate::solver::Solver;
use serde::Serialize;
use std::fmt;
use std::sync::Arc;

/// Cells with at most this many letters are split into single letters; bigger cells into
/// [`SPLIT_GROUPS`] groups first.
pub const SPLIT_LETTERS_UP_TO: u32 = 4;
/// How many groups a big cell is split into.
pub const SPLIT_GROUPS: u32 = 3;

/// Nodes this close to the root are traced even past the trace limit.
pub const TRACE_TOP_LEVELS: u32 = 2;

/// Why a class cannot be broken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BreakError {
    /// A cell holds no letter (`.`), so the class has no complete board to find.
    EmptyCell { cell: usize },
    /// The board has more cells than the breaker can hold.
    TooManyCells { cells: usize, most: usize },
}

impl fmt::Display for BreakError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BreakError::EmptyCell { cell } => write!(
                f,
                "cell {} is empty: breaking needs at least one letter in every cell",
                cell + 1
            ),
            BreakError::TooManyCells { cells, most } => write!(
                f,
                "{cells} cells: this breaker handles boards of at most {most} cells"
            ),
        }
    }
}

impl std::error::Error for BreakError {}

/// Running totals of a search; every field only grows except `depth` and `pending`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct BreakStats {
    /// Classes taken off the work stack (bound computed or board scored).
    pub classes: u64,
    /// Upper-bound computations.
    pub bound_evals: u64,
    /// Classes eliminated because their bound is below the target.
    pub eliminated: u64,
    /// Classes split into parts.
    pub split: u64,
    /// Boards ruled out by a bound (exact below 2^53, which covers every 3x3 class).
    pub boards_eliminated: f64,
    /// Single boards scored exactly.
    pub boards_scored: u64,
    /// Boards scored that reach the target.
    pub found: u64,
    /// Depth (splits from the root) of the last class taken.
    pub depth: u32,
    /// Deepest class taken so far.
    pub max_depth: u32,
    /// Classes waiting on the stack.
    pub pending: usize,
    /// The bound of the first class started (the whole class, before any split).
    pub root_bound: u32,
    /// The most bytes the breaker's trees took at once.
    pub peak_bytes: u64,
}

impl BreakStats {
    /// Boards settled so far: eliminated by a bound or scored exactly.
    pub fn boards_done(&self) -> f64 {
        self.boards_eliminated + self.boards_scored as f64
    }

    /// Adds another search's totals (depths keep the maximum).
    pub fn add(&mut self, o: &BreakStats) {
        self.classes += o.classes;
        self.bound_evals += o.bound_evals;
        self.eliminated += o.eliminated;
        self.split += o.split;
        self.boards_eliminated += o.boards_eliminated;
        self.boards_scored += o.boards_scored;
        self.found += o.found;
        self.max_depth = self.max_depth.max(o.max_depth);
        self.root_bound = self.root_bound.max(o.root_bound);
        self.peak_bytes = self.peak_bytes.max(o.peak_bytes);
    }
}

/// A board that reaches the target.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, serde::Deserialize)]
pub struct Survivor {
    /// Its exact score.
    pub score: u32,
    /// The board as a row-major string.
    pub board: String,
}

/// What happened to one class of the search tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Outcome {
    /// The bound is below the target: no board of the class reaches it.
    Eliminated,
    /// The bound reaches the target: `cell` was split into `parts` classes.
    Split { cell: u8, parts: u32 },
    /// A single board, scored exactly; `reached` when the score is at least the target.
    Board { score: u32, reached: bool },
}

/// One visited class, for drawing the search tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceNode {
    /// Number of the node, in visiting order (the root is 0).
    pub id: u32,
    /// The node it was split from.
    pub parent: Option<u32>,
    /// Splits from the root.
    pub depth: u32,
    /// The cell whose letters differ from the parent's (the parent's split cell).
    pub cell: Option<u8>,
    /// The class, one letter set per cell (row-major, empty for none), e.g. `["ae", "r", ...]`.
    pub cells: Vec<String>,
    /// Both bounds (absent for a single board, which is scored instead).
    pub bounds: Option<Bounds>,
    /// What became of the class.
    pub outcome: Outcome,
}

/// What a breaker has produced so far: running totals and the boards that reached the target.
/// Both breakers keep one, and [`ClassBreaker`] reads it the same way for each.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// The running totals.
    pub stats: BreakStats,
    /// Boards that reach the target, in the order found.
    pub found: Vec<Survivor>,
}

/// What the two breakers ([`Breaker`] and [`crate::orderly::OrderlyBreaker`]) share, so a
/// search can use either.
pub trait ClassBreaker {
    /// Starts breaking `class` (statistics and found boards add up until `reset`).
    fn start(&mut self, class: &BoardClass) -> Result<(), BreakError>;
    /// Works on up to `max_classes` classes; true when the class is finished.
    fn step(&mut self, max_classes: usize) -> bool;
    /// Totals and found boards so far.
    fn tally(&self) -> &Tally;
    /// Mutable access to the tally, for taking found boards.
    fn tally_mut(&mut self) -> &mut Tally;
    /// The running totals.
    fn stats(&self) -> &BreakStats {
        &self.tally().stats
    }
    /// Boards found so far that reach the target, in the order found.
    fn found(&self) -> &[Survivor] {
        &self.tally().found
    }
    /// Takes the boards found so far.
    fn take_found(&mut self) -> Vec<Survivor> {
        std::mem::take(&mut self.tally_mut().found)
    }
    /// Clears statistics and found boards.
    fn reset(&mut self);
    /// Breaks the current class to the end.
    fn run(&mut self) {
        while !self.step(usize::MAX) {}
    }
}

impl ClassBreaker for Breaker {
    fn start(&mut self, class: &BoardClass) -> Result<(), BreakError> {
        Breaker::start(self, class)
    }
    fn step(&mut self, max_classes: usize) -> bool {
        Breaker::step(self, max_classes)
    }
    fn tally(&self) -> &Tally {
        &self.tally
    }
    fn tally_mut(&mut self) -> &mut Tally {
        &mut self.tally
    }
    fn reset(&mut self) {
        Breaker::reset(self)
    }
}

impl ClassBreaker for crate::orderly::OrderlyBreaker {
    fn start(&mut self, class: &BoardClass) -> Result<(), BreakError> {
        crate::orderly::OrderlyBreaker::start(self, class)
    }
    fn step(&mut self, max_classes: usize) -> bool {
        crate::orderly::OrderlyBreaker::step(self, max_classes)
    }
    fn tally(&self) -> &Tally {
        &self.tally
    }
    fn tally_mut(&mut self) -> &mut Tally {
        &mut self.tally
    }
    fn reset(&mut self) {
        crate::orderly::OrderlyBreaker::reset(self)
    }
}

/// How the fast breaker runs: defined once here, read by the CLI's flags and the page.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, serde::Deserialize)]
#[serde(default)]
pub struct BreakOptions {
    /// Force cells by merging subtrees while a class's bound is at least this many times the
    /// target, then along the tree (see [`crate::orderly`]).
    pub switch: f64,
    /// The most memory, in MiB, one breaker's trees may take; bigger classes are split first.
    pub memory_mb: u32,
}

impl Default for BreakOptions {
    fn default() -> BreakOptions {
        BreakOptions {
            switch: crate::orderly::DEFAULT_SWITCH,
            memory_mb: (crate::orderly::DEFAULT_MEMORY_BUDGET >> 20) as u32,
        }
    }
}

impl BreakOptions {
    /// Checks the options, saying what is wrong.
    pub fn check(&self) -> Result<(), String> {
        if self.switch.is_nan() || self.switch < 0.0 {
            return Err(format!("switch {}: must be 0 or more", self.switch));
        }
        if self.memory_mb < 16 {
            return Err(format!(
                "memory {} MiB: at least 16 MiB is needed",
                self.memory_mb
            ));
        }
        Ok(())
    }
}

/// The fastest breaker for a shape: an orderly tree up to 5x5, else the plain breaker.
pub fn fast_breaker(
    dict: Arc<Dictionary>,
    target: u32,
    rows: usize,
    cols: usize,
    opts: &BreakOptions,
) -> Box<dyn ClassBreaker + Send> {
    if crate::orderly::OrderlyBreaker::supports(rows, cols) {
        let mut b = crate::orderly::OrderlyBreaker::new(dict, target);
        b.set_switch(opts.switch);
        b.set_memory_budget((opts.memory_mb as usize) << 20);
        Box::new(b)
    } else {
        Box::new(Breaker::new(dict, target))
    }
}

/// A class waiting on the work stack.
#[derive(Clone, Copy)]
struct Pending {
    masks: [u32; MAX_CELLS],
    depth: u32,
    parent: u32,
    cell: u8,
}

/// Breaks classes of one shape against one dictionary. Keep one per thread and reuse it for
/// many classes ([`Breaker::start`]): its solvers hold large scratch tables.
pub struct Breaker {
    bounds: BoundSolver,
    solver: Solver,
    target: u32,
    cells: usize,
    scratch: BoardClass,
    board: Board,
    order: Vec<usize>,
    stack: Vec<Pending>,
    tally: Tally,
    trace: Vec<TraceNode>,
    trace_limit: usize,
    next_id: u32,
    traced: usize,
    parts: Vec<u32>,
}

impl Breaker {
    /// A breaker reporting boards that score at least `target`.
    pub fn new(dict: Arc<Dictionary>, target: u32) -> Breaker {
        let placeholder = BoardClass::new(2, 2, vec![1; 4]).expect("2x2 is a valid shape");
        Breaker {
            bounds: BoundSolver::new(Arc::clone(&dict)),
            solver: Solver::new(dict),
            target,
            cells: 0,
            board: placeholder.single_board().expect("one letter per cell"),
            scratch: placeholder,
            order: Vec::new(),
            stack: Vec::new(),
            tally: Tally::default(),
            trace: Vec::new(),
            trace_limit: 0,
            next_id: 0,
            traced: 0,
            parts: Vec::new(),
        }
    }

    /// The target score.
    pub fn target(&self) -> u32 {
        self.target
    }

    /// Keeps up to `limit` visited nodes for [`Breaker::take_trace`] (0, the default, keeps
    /// none). Set before [`Breaker::start`].
    pub fn set_trace_limit(&mut self, limit: usize) {
        self.trace_limit = limit;
    }

    /// Starts breaking `class`, dropping any unfinished work. Statistics and found boards add
    /// up over classes until [`Breaker::reset`].
    pub fn start(&mut self, class: &BoardClass) -> Result<(), BreakError> {
        if let Some(cell) = class.masks().iter().position(|&m| m == 0) {
            return Err(BreakError::EmptyCell { cell });
        }
        if self.order.len() != class.len()
            || (class.rows(), class.cols()) != (self.board.rows(), self.board.cols())
        {
            self.order = split_order(class.rows(), class.cols());
            self.board = Board::filled(class.rows(), class.cols(), 0).expect("valid shape");
        }
        self.scratch = class.clone();
        self.cells = class.len();
        let mut masks = [0; MAX_CELLS];
        masks[..self.cells].copy_from_slice(class.masks());
        self.stack.clear();
        self.stack.push(Pending {
            masks,
            depth: 0,
            parent: u32::MAX,
            cell: u8::MAX,
        });
        self.next_id = 0;
        self.traced = 0;
        Ok(())
    }

    /// Clears statistics, found boards and the trace.
    pub fn reset(&mut self) {
        self.tally = Tally::default();
        self.trace.clear();
        self.stack.clear();
    }

    /// True when the class being broken is finished.
    pub fn is_done(&self) -> bool {
        self.stack.is_empty()
    }

    /// Works on up to `max_classes` classes; returns true when the search is finished.
    pub fn step(&mut self, max_classes: usize) -> bool {
        for _ in 0..max_classes {
            let Some(p) = self.stack.pop() else {
                break;
            };
            self.visit(p);
        }
        self.tally.stats.pending = self.stack.len();
        self.stack.is_empty()
    }

    /// Takes the nodes visited since the last call (only with a trace limit).
    pub fn take_trace(&mut self) -> Vec<TraceNode> {
        std::mem::take(&mut self.trace)
    }

    /// Nodes visited but left out of the trace because of its limit.
    pub fn untraced(&self) -> u64 {
        (self.next_id as u64).saturating_sub(self.traced as u64)
    }

    fn visit(&mut self, p: Pending) {
        let n = self.cells;
        let masks = &p.masks[..n];
        self.tally.stats.classes += 1;
        self.tally.stats.depth = p.depth;
        self.tally.stats.max_depth = self.tally.stats.max_depth.max(p.depth);
        let id = self.next_id;
        self.next_id = self.next_id.wrapping_add(1);
        // A single board is scored exactly (its bound could be no lower than its score).
        if masks.iter().all(|m| m.count_ones() == 1) {
            for (cell, &m) in self.board.cells_mut().iter_mut().zip(masks) {
                *cell = m.trailing_zeros() as u8;
            }
            let score = self.solver.score(&self.board);
            self.tally.stats.boards_scored += 1;
            let reached = score >= self.target;
            if reached {
                self.tally.stats.found += 1;
                self.tally.found.push(Survivor {
                    score,
                    board: self.board.to_string(),
                });
            }
            self.record(id, &p, None, Outcome::Board { score, reached });
            return;
        }
        for (cell, &m) in masks.iter().enumerate() {
            self.scratch.set_mask(cell, m);
        }
        let b = self.bounds.bounds(&self.scratch);
        self.tally.stats.bound_evals += 1;
        if b.bound() < self.target {
            self.tally.stats.eliminated += 1;
            self.tally.stats.boards_eliminated +=
                masks.iter().map(|m| m.count_ones() as f64).product::<f64>();
            self.record(id, &p, Some(b), Outcome::Eliminated);
            return;
        }
        let cell = *self
            .order
            .iter()
            .find(|&&c| masks[c].count_ones() > 1)
            .expect("not a single board, so some cell has two letters");
        split_mask(masks[cell], &mut self.parts);
        self.tally.stats.split += 1;
        self.record(
            id,
            &p,
            Some(b),
            Outcome::Split {
                cell: cell as u8,
                parts: self.parts.len() as u32,
            },
        );
        // Pushed in reverse so the first part is broken first.
        for &part in self.parts.iter().rev() {
            let mut child = p;
            child.masks[cell] = part;
            child.depth = p.depth + 1;
            child.parent = id;
            child.cell = cell as u8;
            self.stack.push(child);
        }
    }

    fn record(&mut self, id: u32, p: &Pending, bounds: Option<Bounds>, outcome: Outcome) {
        // The first `trace_limit` nodes, and the top levels whatever their number, so that the
        // tree drawn shows every part of the first splits (up to four times the limit).
        let top = p.depth <= TRACE_TOP_LEVELS && self.traced < 4 * self.trace_limit;
        if (id as usize) >= self.trace_limit && !top {
            return;
        }
        self.traced += 1;
        self.trace.push(TraceNode {
            id,
            parent: (p.parent != u32::MAX).then_some(p.parent),
            depth: p.depth,
            cell: (p.cell != u8::MAX).then_some(p.cell),
            cells: p.masks[..self.cells]
                .iter()
                .map(|&m| {
                    crate::class::letters_of(m)
                        .map(|l| (b'a' + l) as char)
                        .collect()
                })
                .collect(),
            bounds,
            outcome,
        });
    }
}

/// One class of a parallel run, finished.
#[derive(Clone, Debug)]
pub struct Finished {
    /// Its index in the run.
    pub index: usize,
    /// Its totals alone.
    pub stats: BreakStats,
    /// Boards in it that reach the target.
    pub found: Vec<Survivor>,
    /// Seconds it took on its thread.
    pub secs: f64,
}

/// Breaks classes `0..count` (`class_at(i)`) on `threads` threads with the fastest breaker.
/// Each finished class is handed to `finished` on the calling thread, as it finishes;
/// `progress(classes done, totals)` is called at least every `every`. Returns the totals.
#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::too_many_arguments)]
pub fn break_parallel(
    count: usize,
    class_at: &(dyn Fn(usize) -> BoardClass + Sync),
    dict: Arc<Dictionary>,
    target: u32,
    opts: &BreakOptions,
    threads: usize,
    every: std::time::Duration,
    mut finished: impl FnMut(Finished),
    mut progress: impl FnMut(usize, &BreakStats),
) -> BreakStats {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::mpsc;
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<Finished>();
    let mut totals = BreakStats::default();
    std::thread::scope(|s| {
        for _ in 0..threads.max(1).min(count.max(1)) {
            let (next, dict, tx) = (&next, Arc::clone(&dict), tx.clone());
            s.spawn(move || {
                let mut breaker: Option<Box<dyn ClassBreaker + Send>> = None;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    let t = std::time::Instant::now();
                    let class = class_at(i);
                    let breaker = breaker.get_or_insert_with(|| {
                        fast_breaker(Arc::clone(&dict), target, class.rows(), class.cols(), opts)
                    });
                    breaker.reset();
                    breaker
                        .start(&class)
                        .expect("classes to break have no empty cell");
                    breaker.run();
                    let done = Finished {
                        index: i,
                        stats: *breaker.stats(),
                        found: breaker.take_found(),
                        secs: t.elapsed().as_secs_f64(),
                    };
                    if tx.send(done).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut done = 0;
        let mut last = std::time::Instant::now();
        loop {
            match rx.recv_timeout(every) {
                Ok(f) => {
                    totals.add(&f.stats);
                    done += 1;
                    finished(f);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if last.elapsed() >= every {
                last = std::time::Instant::now();
                progress(done, &totals);
            }
        }
    });
    totals
}

/// Splits `class` (without bounds, cell by cell in [`split_order`], one part per letter)
/// until there are at least `parts` classes, so a search can share them among threads.
pub fn presplit(class: &BoardClass, parts: usize) -> Vec<BoardClass> {
    let mut out = vec![class.clone()];
    for cell in split_order(class.rows(), class.cols()) {
        if out.len() >= parts {
            break;
        }
        if class.mask(cell).count_ones() < 2 {
            continue;
        }
        out = out
            .iter()
            .flat_map(|c| c.letters(cell).map(move |l| c.with_mask(cell, 1 << l)))
            .collect();
    }
    out
}

/// The order in which cells are split: most neighbours first (centre, then edges, then
/// corners), ties in row-major order.
pub fn split_order(rows: usize, cols: usize) -> Vec<usize> {
    let adj = neighbour_masks(rows, cols);
    let mut order: Vec<usize> = (0..rows * cols).collect();
    order.sort_by_key(|&c| std::cmp::Reverse(adj[c].count_ones()));
    order
}

/// The parts a cell's letters are split into: one per letter for a small cell, otherwise
/// [`SPLIT_GROUPS`] groups of consecutive letters, as even as possible.
pub fn split_mask(mask: u32, out: &mut Vec<u32>) {
    out.clear();
    let n = mask.count_ones();
    let groups = if n <= SPLIT_LETTERS_UP_TO {
        n
    } else {
        SPLIT_GROUPS
    };
    let mut rest = mask;
    for g in 0..groups {
        // Spread the remainder over the first groups.
        let size = n / groups + u32::from(g < n % groups);
        let mut part = 0;
        for _ in 0..size {
            let low = rest & rest.wrapping_neg();
            part |= low;
            rest &= !low;
        }
        out.push(part);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_order_puts_the_centre_first_and_corners_last() {
        assert_eq!(split_order(3, 3), [4, 1, 3, 5, 7, 0, 2, 6, 8]);
        let o = split_order(4, 4);
        assert_eq!(&o[..4], &[5, 6, 9, 10]);
        assert_eq!(&o[12..], &[0, 3, 12, 15]);
    }

    #[test]
    fn split_mask_covers_every_letter_once() {
        let mut out = Vec::new();
        for mask in [
            0b1u32,
            0b1011,
            0b1111,
            0b11111,
            (1 << 26) - 1,
            0b1010_1010_1010,
        ] {
            split_mask(mask, &mut out);
            assert_eq!(out.iter().fold(0, |a, p| a | p), mask);
            assert_eq!(
                out.iter().map(|p| p.count_ones()).sum::<u32>(),
                mask.count_ones()
            );
            assert!(out.iter().all(|&p| p != 0));
            let n = mask.count_ones();
            let expect = if n <= SPLIT_LETTERS_UP_TO {
                n
            } else {
                SPLIT_GROUPS
            };
            assert_eq!(out.len() as u32, expect);
        }
        split_mask((1 << 26) - 1, &mut out);
        assert_eq!(
            out.iter().map(|p| p.count_ones()).collect::<Vec<_>>(),
            [9, 9, 8]
        );
    }
}
