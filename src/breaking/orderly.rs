//! Fast branch and bound with an *orderly tree*, built once per class.
//!
//! [`crate::breaking::Breaker`] recomputes both bounds from scratch for every part it splits
//! off. Here the class is searched once: every way some board of the class spells a word (a
//! path of cells and the letter picked at each) becomes an entry keyed by its cells *sorted in
//! a fixed cell order* (the split order: centre, edges, corners). The entries, sorted, form a
//! tree of sum nodes (points, plus the sum of their children) and choice nodes (one cell: the
//! best of its letters), in which choices for earlier cells always sit above choices for later
//! ones. Its value is a max/no-mark style bound, tighter than the plain one because each cell's
//! choice is taken once for all the words that share the earlier cells' letters.
//!
//! Breaking then forces cells in that order, one letter at a time, in two ways:
//! - **by merging** (`Tree::force` in the tree module): forcing cell `r` builds a new root that
//!   merges the subtree for the letter with the words that skip the cell, so choices for the
//!   same later cell are taken once for both. The bound falls fast, at the cost of new nodes
//!   (freed on backtracking). Used while the bound is at least [`DEFAULT_SWITCH`] times the
//!   target (settable) and the trees take less than two thirds of the memory budget.
//! - **along the tree**: the open choice nodes for `r` (one list per rank) are replaced by
//!   their child for the letter; the new bound is an update of the old one, stopping as soon
//!   as it falls below the target. Cheap per step, looser, used near the target.
//!
//! A cell with no open choice node cannot change the bound, so its letters are not split at
//! all; the boards that survive to the end are scored exactly with [`Solver::score`], fewer of
//! them once the words spelled twice by the cells before the corners come off their bounds. A class
//! whose word entries would not fit the memory budget is split into parts first.
//!
//! This file holds the breaker's state, its settings and the loop that steps it. The rest, one
//! question a file: `orderly/collect.rs` (the one search that lists a class's word entries and
//! builds its tree), `orderly/force.rs` (starting each part, forcing by merging, settling each
//! forced class), `orderly/along.rs` (forcing along the tree) and `orderly/score.rs` (scoring
//! the boards that survive, in groups, and those repeated words).

mod along;
mod collect;
mod force;
mod score;

use crate::bounds::BoardClass;
use crate::breaking::entry::{Compact, Packed, Wide, WordIds};
use crate::breaking::tree::{Choice, Mark, Tree, MAX_NODES, MAX_TREE_CELLS};
use crate::breaking::{split_order, BreakError, BreakTally, ClassBreaker};
use crate::engine::board::{neighbour_masks, Board, MAX_CELLS};
use crate::engine::dictionary::Dictionary;
use crate::engine::solver::Solver;
use std::sync::Arc;

/// The most cells an orderly key holds (5 bits a cell in a `u128`): boards up to 5x5.
pub const MAX_ORDERLY_CELLS: usize = MAX_TREE_CELLS;

/// Default for [`OrderlyBreaker::set_switch`]: force by merging while a class's bound is at
/// least this many times the target, then force along the tree. Since merging goes breadth
/// first, 2.3 beats 2 by 3-9% on sampled 3x4 and 4x4 classes; 2.6 and 3 are slower on 4x4.
pub const DEFAULT_SWITCH: f64 = 2.3;

/// Default for [`OrderlyBreaker::set_shallow`]: a merge that leads to a walk along the tree
/// merges three sum levels deep (5-8% faster than merging all the way on sampled 3x4 and
/// 4x4 classes; one or two levels are slower again).
pub const DEFAULT_SHALLOW: u32 = 3;

/// Default for [`OrderlyBreaker::set_memory_budget`]: 1 GiB, enough for the hardest classes
/// of the 4x4 partition to be broken whole (a split class searches its other cells again).
pub const DEFAULT_MEMORY_BUDGET: usize = 1 << 30;

/// The corners, the last ranks of the split order: the ranks after the stem (see
/// [`OrderlyBreaker::stem`]).
const CORNERS: usize = 4;

/// `Frame::root` of a frame that forces along the tree (open lists) rather than by merging.
const ALONG: u32 = u32::MAX;

/// One level of the forcing search: rank `rank` is being forced, one letter (or, when it
/// cannot change the bound, all its letters at once) at a time.
#[derive(Clone, Copy)]
struct Frame {
    rank: u8,
    /// Letters of the cell still to try.
    left: u32,
    /// The bound with this rank not yet forced.
    bound: u32,
    /// Boards per letter of this rank and below: the earlier ranks' letter counts multiplied
    /// (more than 1 where a cell was free and kept all its letters) times the later ranks'.
    weight: f64,
    /// Forcing by merging: the root whose choices are all for this rank or later ones
    /// ([`ALONG`] otherwise), and the arena length to return to before each letter.
    root: u32,
    mark: Mark,
}

impl ClassBreaker for OrderlyBreaker {
    fn start(&mut self, class: &BoardClass) -> Result<(), BreakError> {
        OrderlyBreaker::start(self, class)
    }
    fn step(&mut self, max_classes: usize) -> bool {
        OrderlyBreaker::step(self, max_classes)
    }
    fn tally(&self) -> &BreakTally {
        &self.tally
    }
    fn tally_mut(&mut self) -> &mut BreakTally {
        &mut self.tally
    }
    fn reset(&mut self) {
        OrderlyBreaker::reset(self)
    }
}

/// Breaks classes with an orderly tree; reuse one per thread (see the module docs). Boards up
/// to [`MAX_ORDERLY_CELLS`] cells.
pub struct OrderlyBreaker {
    dict: Arc<Dictionary>,
    solver: Solver,
    target: u32,
    switch: f64,
    /// Sum levels merged when the merge leads to a walk along the tree (0: all).
    shallow: u32,
    memory_budget: usize,
    shape: (usize, usize),
    cells: usize,
    /// Cell of each rank, and rank of each cell.
    order: Vec<usize>,
    rank: [u8; MAX_CELLS],
    adjacency: [u64; MAX_CELLS],
    /// The letters per cell of the class being broken, and per rank.
    masks: [u32; MAX_CELLS],
    rank_masks: [u32; MAX_CELLS],
    /// Parts of the class still to build a tree for (more than one when a tree would not fit
    /// the memory budget and the class was split first).
    parts: Vec<[u32; MAX_CELLS]>,
    /// Boards in ranks `r..`: the product of their cells' sizes.
    boards_from: [f64; MAX_CELLS + 1],
    /// Word entries of the class being built: compact up to 12 cells (when the list's words
    /// have ids), packed up to 16, wide beyond.
    compact: Vec<Compact>,
    packed: Vec<Packed>,
    wide: Vec<Wide>,
    word_ids: Option<WordIds>,
    marks: Vec<u32>,
    stamp: u32,
    sum_union: u32,
    tree: Tree,
    /// Open choice nodes per rank, with the length each frame started from. Copies rather
    /// than indices: the walk reads each open choice when it sums its rank and again when it
    /// forces it, and a copy read back is in the cache (4-5% faster on 4x4 classes).
    open: Vec<Vec<Choice>>,
    saved: Vec<u32>,
    /// Per rank `t`, the open choices for `t` summed letter by letter, as each frame forcing
    /// along the tree found them: `sums[r * cells + t]` for the frame of rank `r`.
    sums: Vec<along::LetterSums>,
    /// Per rank `t`, the slack of its open choices (see `orderly/along.rs`) as the frame
    /// forcing along the tree at rank `r` found it: `slack[r * cells + t]`.
    slack: Vec<u32>,
    frames: Vec<Frame>,
    /// Letters assigned to each rank so far (one letter, or the whole cell when it is free).
    assigned: [u32; MAX_CELLS],
    board: Board,
    /// Boards that survive to the last rank, waiting to be scored together in one walk
    /// ([`Solver::score_group`]): consecutive ones differ in few cells, mostly late ranks.
    /// The first board, every cell, and each board's letters.
    group_board: Board,
    group_cells: Vec<usize>,
    group_letters: Vec<u8>,
    group_scores: Vec<u32>,
    /// The ranks before the corners: the *stem*, whose words spelled twice come off the
    /// bound of every board below it (see `orderly/score.rs`).
    stem: usize,
    /// Boards of the current stem that reached the last rank, and the points its words score
    /// again, once counted (0 before).
    stem_boards: u32,
    repeated: u32,
    split_scratch: Vec<u32>,
    tally: BreakTally,
    /// Entries and tree nodes of the last class built, and the most bytes a tree took.
    last_size: (usize, usize),
    peak_bytes: usize,
}

impl OrderlyBreaker {
    /// A breaker reporting boards that score at least `target`.
    pub fn new(dict: Arc<Dictionary>, target: u32) -> OrderlyBreaker {
        OrderlyBreaker {
            word_ids: WordIds::new(&dict),
            solver: Solver::new(Arc::clone(&dict)),
            marks: vec![0; dict.node_count()],
            dict,
            target,
            switch: DEFAULT_SWITCH,
            shallow: DEFAULT_SHALLOW,
            memory_budget: DEFAULT_MEMORY_BUDGET,
            shape: (0, 0),
            cells: 0,
            order: Vec::new(),
            rank: [0; MAX_CELLS],
            adjacency: [0; MAX_CELLS],
            masks: [0; MAX_CELLS],
            rank_masks: [0; MAX_CELLS],
            parts: Vec::new(),
            boards_from: [1.0; MAX_CELLS + 1],
            compact: Vec::new(),
            packed: Vec::new(),
            wide: Vec::new(),
            stamp: 0,
            sum_union: 0,
            tree: Tree::default(),
            open: Vec::new(),
            saved: Vec::new(),
            sums: Vec::new(),
            slack: Vec::new(),
            frames: Vec::new(),
            assigned: [0; MAX_CELLS],
            board: Board::filled(2, 2, 0).expect("valid shape"),
            group_board: Board::filled(2, 2, 0).expect("valid shape"),
            group_cells: Vec::new(),
            group_letters: Vec::new(),
            group_scores: Vec::new(),
            stem: 0,
            stem_boards: 0,
            repeated: 0,
            split_scratch: Vec::new(),
            tally: BreakTally::default(),
            last_size: (0, 0),
            peak_bytes: 0,
        }
    }

    /// Whether a class of this shape can be broken here (at most [`MAX_ORDERLY_CELLS`] cells).
    pub fn supports(rows: usize, cols: usize) -> bool {
        rows * cols <= MAX_ORDERLY_CELLS
    }

    /// Forces by merging subtrees while a class's bound is at least `switch` times the target
    /// (a tighter bound for more memory and work per step), then along the tree. 0 merges all
    /// the way down; infinity never merges.
    pub fn set_switch(&mut self, switch: f64) {
        self.switch = switch.max(0.0);
    }

    /// How many sum levels deep a merge is done when the merged tree will only be walked along
    /// (its bound already below `switch` times the target); deeper, the two sides stay apart
    /// as pairs, with a looser bound. 0 merges all the way.
    pub fn set_shallow(&mut self, depth: u32) {
        self.shallow = depth;
    }

    /// The most bytes a class's trees may take. A class whose own tree would take more than a
    /// third of it (judged from its word entries first, and checked once built) is split into
    /// parts; forcing by merging stops once the trees take two thirds, since one merge adds at
    /// most one more such tree. Forcing along the tree needs no more memory.
    pub fn set_memory_budget(&mut self, bytes: usize) {
        // Node indices must stay below `MAX_NODES`: no budget past that many choice nodes.
        self.memory_budget = bytes.min(MAX_NODES.saturating_mul(std::mem::size_of::<Choice>()));
    }

    /// Clears statistics and found boards.
    pub fn reset(&mut self) {
        self.tally.clear();
        self.group_scores.clear();
        self.group_letters.clear();
        self.frames.clear();
        self.parts.clear();
        self.peak_bytes = 0;
    }

    /// True when the class being broken is finished.
    fn is_done(&self) -> bool {
        self.frames.is_empty() && self.parts.is_empty()
    }

    /// Word entries and tree nodes (sum + choice) of the last class's tree, for benchmarks.
    pub fn last_tree_size(&self) -> (usize, usize) {
        self.last_size
    }

    /// Starts breaking `class`. The costly part, searching the class and building its tree,
    /// happens in the first [`OrderlyBreaker::step`].
    pub fn start(&mut self, class: &BoardClass) -> Result<(), BreakError> {
        if let Some(cell) = class.masks().iter().position(|&m| m == 0) {
            return Err(BreakError::EmptyCell {
                cell,
                cols: class.cols(),
            });
        }
        if !OrderlyBreaker::supports(class.rows(), class.cols()) {
            return Err(BreakError::TooManyCells {
                cells: class.len(),
                most: MAX_ORDERLY_CELLS,
            });
        }
        self.prepare_shape(class.rows(), class.cols());
        self.frames.clear();
        self.parts.clear();
        // Boards of a class left unfinished are dropped with it.
        self.group_scores.clear();
        self.group_letters.clear();
        let mut masks = [0; MAX_CELLS];
        masks[..self.cells].copy_from_slice(class.masks());
        self.parts.push(masks);
        self.tally.stats.classes += 1;
        Ok(())
    }

    /// Works on up to `max_nodes` forced classes, or searches one part of the class for its
    /// word entries (building its tree or splitting it), which ends the call; returns true
    /// when the class is finished.
    pub fn step(&mut self, max_nodes: usize) -> bool {
        let mut budget = max_nodes;
        while budget > 0 {
            let Some(f) = self.frames.last_mut() else {
                let Some(part) = self.parts.pop() else {
                    break;
                };
                // Searching a part takes as long as many forced classes: it ends the slice,
                // so a caller stepping a huge class sees its progress (and its limits) between
                // searches.
                self.begin(part);
                break;
            };
            if f.left == 0 {
                self.frames.pop();
                continue;
            }
            budget -= 1;
            let f = *f;
            if f.root == ALONG {
                self.step_along(f);
            } else {
                self.step_merge(f);
            }
        }
        // The boards still waiting are scored once the class is finished (or the group is
        // full), not at every step: the page steps a few nodes at a time.
        if self.frames.is_empty() && self.parts.is_empty() {
            self.score_group();
        }
        self.tally.stats.pending = self.frames.len() + self.parts.len();
        self.tally.stats.peak_bytes = self.peak_bytes as u64;
        self.is_done()
    }

    fn prepare_shape(&mut self, rows: usize, cols: usize) {
        let shape = (rows, cols);
        self.cells = rows * cols;
        if self.shape != shape {
            self.shape = shape;
            self.order = split_order(rows, cols);
            for (r, &c) in self.order.iter().enumerate() {
                self.rank[c] = r as u8;
            }
            let adj = neighbour_masks(rows, cols);
            self.adjacency = [0; MAX_CELLS];
            self.adjacency[..adj.len()].copy_from_slice(&adj);
            self.open = vec![Vec::new(); self.cells];
            self.saved = vec![0; self.cells * self.cells];
            self.sums = vec![[0; 32]; self.cells * self.cells];
            self.slack = vec![0; self.cells * self.cells];
            self.board = Board::filled(rows, cols, 0).expect("valid shape");
            self.group_cells = (0..self.cells).collect();
            self.stem = self.cells.saturating_sub(CORNERS);
        }
    }

    fn set_masks(&mut self, masks: [u32; MAX_CELLS]) {
        self.masks = masks;
        for r in 0..self.cells {
            self.rank_masks[r] = self.masks[self.order[r]];
        }
        self.boards_from[self.cells] = 1.0;
        for r in (0..self.cells).rev() {
            self.boards_from[r] = self.boards_from[r + 1] * self.rank_masks[r].count_ones() as f64;
        }
    }
}
