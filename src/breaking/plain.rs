//! The plain breaker: branch and bound that recomputes the bounds of every part it splits off.
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

use crate::bounds::{BoardClass, BoundSolver, Bounds};
use crate::breaking::{
    split_mask, split_order, BreakError, BreakTally, ClassBreaker, MAX_CLASS_PATHS,
};
use crate::engine::board::{Board, MAX_CELLS};
use crate::engine::dictionary::Dictionary;
use crate::engine::solver::Solver;
use serde::Serialize;
use std::sync::Arc;

/// Nodes this close to the root are traced even past the trace limit.
pub const TRACE_TOP_LEVELS: u32 = 2;
/// Nodes of a traced break kept for the Break view to draw ([`Breaker::set_trace_limit`]);
/// the rest of a big break is counted, not kept.
pub const TRACE_NODES: usize = 3000;
/// Nodes of a traced break kept by the break widget, which draws a smaller tree.
pub const WIDGET_TRACE_NODES: usize = 400;

/// What happened to one class of the search tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Outcome {
    /// The bound is below the target: no board of the class reaches it.
    Eliminated,
    /// The bound reaches the target: a cell was split.
    Split {
        /// The cell split (row-major index).
        cell: u8,
        /// How many classes it was split into.
        parts: u32,
    },
    /// A single board, scored exactly.
    Board {
        /// Its exact score.
        score: u32,
        /// True when the score is at least the target.
        reached: bool,
    },
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

impl ClassBreaker for Breaker {
    fn start(&mut self, class: &BoardClass) -> Result<(), BreakError> {
        Breaker::start(self, class)
    }
    fn step(&mut self, max_classes: usize) -> bool {
        Breaker::step(self, max_classes)
    }
    fn tally(&self) -> &BreakTally {
        &self.tally
    }
    fn tally_mut(&mut self) -> &mut BreakTally {
        &mut self.tally
    }
    fn reset(&mut self) {
        Breaker::reset(self)
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
    tally: BreakTally,
    trace: Vec<TraceNode>,
    trace_limit: usize,
    next_id: u32,
    traced: usize,
    parts: Vec<u32>,
    /// The class's bounds, when [`Breaker::start_within`] has already computed them: the
    /// first visit takes them instead of bounding the class again.
    root_bounds: Option<Bounds>,
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
            tally: BreakTally::default(),
            trace: Vec::new(),
            trace_limit: 0,
            next_id: 0,
            traced: 0,
            parts: Vec::new(),
            root_bounds: None,
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
    /// up over classes until [`Breaker::reset`]. The class's own bound, at the first step,
    /// gives up past [`MAX_CLASS_PATHS`] steps ([`BreakError::TooManyPaths`]: a hostile word
    /// list, or a class of 26 letters a cell); every part split off it bounds in fewer.
    pub fn start(&mut self, class: &BoardClass) -> Result<(), BreakError> {
        if let Some(cell) = class.masks().iter().position(|&m| m == 0) {
            return Err(BreakError::EmptyCell {
                cell,
                cols: class.cols(),
            });
        }
        self.begin(class);
        Ok(())
    }

    /// Puts `class` on the work stack, with nothing of an earlier class left.
    fn begin(&mut self, class: &BoardClass) {
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
        self.root_bounds = None;
    }

    /// [`Breaker::start`] for a class someone typed: refused ([`BreakError::TooBig`]) when
    /// bounding it passes `max_steps` go steps. Each part the search splits off bounds within
    /// the class's own steps, so every slice of an accepted break ends soon. A class with an
    /// empty cell is settled by its bound alone ([`super::settle_by_bound`]): eliminated at the
    /// first step, or refused here.
    pub fn start_within(&mut self, class: &BoardClass, max_steps: u64) -> Result<(), BreakError> {
        self.begin(class);
        match self.bounds.bounds_within(class, max_steps) {
            Ok(b) => {
                if let Some(Err(e)) = super::settle_by_bound(class, self.target, || Ok(b)) {
                    self.stack.clear();
                    return Err(e);
                }
                self.root_bounds = Some(b);
            }
            Err(e) => {
                self.stack.clear();
                return Err(BreakError::TooBig {
                    max_steps: e.max_steps,
                });
            }
        }
        Ok(())
    }

    /// Clears statistics, found boards and the trace.
    pub fn reset(&mut self) {
        self.tally.clear();
        self.trace.clear();
        self.stack.clear();
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

    /// Stops breaking the class for `why`: the search is dropped and the tally says why.
    fn give_up(&mut self, why: BreakError) {
        self.tally.fail(why);
        self.stack.clear();
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
            // Within the solver's limit: only a hostile word list passes it.
            let Ok(score) = self.solver.score(&self.board) else {
                let board = Some(self.board.to_string());
                return self.give_up(BreakError::TooManyPaths { board });
            };
            self.tally.stats.boards_scored += 1;
            let reached = score >= self.target;
            if reached {
                self.tally.add_found(score, self.board.to_string());
                if self.tally.is_stopped() {
                    // Stop: the caller reports that the target is too low.
                    self.stack.clear();
                }
            }
            self.record(id, &p, None, Outcome::Board { score, reached });
            return;
        }
        for (cell, &m) in masks.iter().enumerate() {
            self.scratch.set_mask(cell, m);
        }
        let b = match self.root_bounds.take() {
            Some(b) => b,
            // The class itself, within the limit: the parts split off it bound in fewer steps.
            None if p.parent == u32::MAX => {
                let cancel = self.tally.cancel_flag();
                match self
                    .bounds
                    .bounds_until(&self.scratch, MAX_CLASS_PATHS, cancel)
                {
                    Ok(b) => b,
                    Err(_) if self.tally.is_cancelled() => return self.stack.clear(),
                    Err(_) => return self.give_up(BreakError::TooManyPaths { board: None }),
                }
            }
            None => self.bounds.bounds(&self.scratch),
        };
        self.tally.stats.bound_evals += 1;
        if b.bound() < self.target {
            self.tally.stats.eliminated += 1;
            self.tally.stats.boards_eliminated += masks
                .iter()
                .map(|m| m.count_ones().max(1) as f64)
                .product::<f64>();
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
                    crate::bounds::class::letters_of(m)
                        .map(|l| (b'a' + l) as char)
                        .collect()
                })
                .collect(),
            bounds,
            outcome,
        });
    }
}
