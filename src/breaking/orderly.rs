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
//! all; the boards that survive to the end are scored exactly with [`Solver::score`]. A class
//! whose word entries would not fit the memory budget is split into parts first.

mod collect;

use crate::bounds::BoardClass;
use crate::breaking::entry::{Compact, Packed, Wide, WordIds};
use crate::breaking::tree::{Choice, Mark, Sum, Tree, CHAIN_STEP, MAX_NODES, MAX_TREE_CELLS, PAIR};
use crate::breaking::{split_mask, split_order, BreakError, ClassBreaker, Survivor, Tally};
use crate::engine::board::{neighbour_masks, Board, MAX_CELLS};
use crate::engine::dictionary::Dictionary;
use crate::engine::solver::{Solver, MAX_GROUP};
use std::sync::Arc;

/// The most cells an orderly key holds (5 bits a cell in a `u128`): boards up to 5x5.
pub const MAX_ORDERLY_CELLS: usize = MAX_TREE_CELLS;

/// Default for [`OrderlyBreaker::set_switch`]: force by merging while a class's bound is at
/// least this many times the target, then force along the tree.
pub const DEFAULT_SWITCH: f64 = 2.0;

/// Default for [`OrderlyBreaker::set_shallow`]: a merge that leads to a walk along the tree
/// merges three sum levels deep (5-8% faster than merging all the way on sampled 3x4 and
/// 4x4 classes; one or two levels are slower again).
pub const DEFAULT_SHALLOW: u32 = 3;

/// Default for [`OrderlyBreaker::set_memory_budget`]: 1 GiB, enough for the hardest classes
/// of the 4x4 partition to be broken whole (a split class searches its other cells again).
pub const DEFAULT_MEMORY_BUDGET: usize = 1 << 30;

/// Budget bytes allowed per word entry: a tree has about 2 nodes of 12 to 16 bytes per entry,
/// so that a class's own tree takes at most a third of the budget and merging has the rest.
/// A tree that turns out bigger is split once built.
const BYTES_PER_ENTRY: usize = 96;

/// No class's tree may hold more entries than this, whatever the budget: with at most 11
/// points a word, no bound can then pass `u32::MAX`.
const MAX_ENTRIES: usize = (u32::MAX / 11) as usize;

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
    fn tally(&self) -> &Tally {
        &self.tally
    }
    fn tally_mut(&mut self) -> &mut Tally {
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
    /// Open choice nodes per rank, with the length each frame started from.
    open: Vec<Vec<u32>>,
    saved: Vec<u32>,
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
    split_scratch: Vec<u32>,
    tally: Tally,
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
            frames: Vec::new(),
            assigned: [0; MAX_CELLS],
            board: Board::filled(2, 2, 0).expect("valid shape"),
            group_board: Board::filled(2, 2, 0).expect("valid shape"),
            group_cells: Vec::new(),
            group_letters: Vec::new(),
            group_scores: Vec::new(),
            split_scratch: Vec::new(),
            tally: Tally::default(),
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
        self.tally = Tally::default();
        self.group_scores.clear();
        self.group_letters.clear();
        self.frames.clear();
        self.parts.clear();
        self.peak_bytes = 0;
    }

    /// True when the class being broken is finished.
    pub fn is_done(&self) -> bool {
        self.frames.is_empty() && self.parts.is_empty()
    }

    /// Word entries and tree nodes (sum + choice) of the last class's tree, for benchmarks.
    pub fn last_tree_size(&self) -> (usize, usize) {
        self.last_size
    }

    /// The most bytes word entries and tree nodes took at once so far.
    pub fn peak_bytes(&self) -> usize {
        self.peak_bytes
    }

    /// Starts breaking `class`. The costly part, searching the class and building its tree,
    /// happens in the first [`OrderlyBreaker::step`].
    pub fn start(&mut self, class: &BoardClass) -> Result<(), BreakError> {
        if let Some(cell) = class.masks().iter().position(|&m| m == 0) {
            return Err(BreakError::EmptyCell { cell });
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

    /// Works on up to `max_nodes` forced classes; returns true when the class is finished.
    pub fn step(&mut self, max_nodes: usize) -> bool {
        let mut budget = max_nodes;
        while budget > 0 {
            let Some(f) = self.frames.last_mut() else {
                let Some(part) = self.parts.pop() else {
                    break;
                };
                budget -= 1;
                self.begin(part);
                continue;
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

    /// Forces the next letter of a merging frame: a new root merged from the frame's root.
    fn step_merge(&mut self, f: Frame) {
        let r = f.rank as usize;
        self.tree.truncate(f.mark);
        let choice = self.tree.choice_for(f.root, r);
        // Letters without a child all leave the same root: force them together.
        let absent = match choice {
            None => f.left,
            Some(c) => f.left & !self.tree.choice(c).letters(),
        };
        let letters = if absent != 0 {
            absent
        } else {
            f.left & f.left.wrapping_neg()
        };
        self.frames.last_mut().expect("just read").left &= !letters;
        self.assigned[r] = letters;
        let (root, bound) = match choice {
            None => (f.root, f.bound),
            Some(c) => {
                let c = self.tree.choice(c);
                // The merged bound is at most the two parts' bounds added: often enough to
                // eliminate a letter without merging.
                let rest = f.bound - c.bound;
                let upper = match self.tree.child_bound(c, letters.trailing_zeros()) {
                    Some(child) if absent == 0 => rest + child,
                    _ => rest,
                };
                if upper < self.target {
                    (f.root, upper)
                } else {
                    // A merge whose bound stays below `switch` times the target leads to a
                    // walk along the tree, which rarely reaches the deep levels: merge only
                    // the top ones.
                    let along = (upper as f64) < self.switch * self.target as f64;
                    let letter = letters.trailing_zeros();
                    let root = if along && self.shallow > 0 {
                        self.tree.force_shallow(f.root, r, letter, self.shallow)
                    } else {
                        self.tree.force(f.root, r, letter)
                    };
                    (root, self.tree.sum(root).bound)
                }
            }
        };
        if !self.settle(&f, letters, bound) {
            return;
        }
        let weight =
            f.weight * letters.count_ones() as f64 / self.rank_masks[r + 1].count_ones() as f64;
        self.peak_bytes = self.peak_bytes.max(self.tree.bytes());
        let room = self.tree.used_bytes() < self.memory_budget / 3 * 2;
        if bound as f64 >= self.switch * self.target as f64 && room {
            self.frames.push(Frame {
                rank: r as u8 + 1,
                left: self.rank_masks[r + 1],
                bound,
                weight,
                root,
                mark: self.tree.mark(),
            });
        } else {
            self.start_along(root, r + 1, bound, weight);
        }
    }

    /// Forces the next letter (or letters) of a frame that forces along the tree.
    fn step_along(&mut self, f: Frame) {
        let r = f.rank as usize;
        // The letters to force: one, or all at once when no open choice is for this rank.
        let letters = if self.open[r].is_empty() {
            f.left
        } else {
            f.left & f.left.wrapping_neg()
        };
        self.frames.last_mut().expect("just read").left &= !letters;
        self.assigned[r] = letters;
        // Back to the open lists this frame started from, then force.
        let base = r * self.cells;
        for t in r + 1..self.cells {
            let len = self.saved[base + t] as usize;
            self.open[t].truncate(len);
        }
        let bound = if letters.count_ones() == 1 {
            self.force_along(r, letters.trailing_zeros(), f.bound)
        } else {
            f.bound
        };
        if self.settle(&f, letters, bound) {
            let weight =
                f.weight * letters.count_ones() as f64 / self.rank_masks[r + 1].count_ones() as f64;
            self.push_along(r + 1, bound, weight);
        }
    }

    /// Counts a forced class and settles it when it can be: eliminated by its bound, or (at the
    /// last rank) scored board by board. True when it must be split further.
    fn settle(&mut self, f: &Frame, letters: u32, bound: u32) -> bool {
        let r = f.rank as usize;
        let stats = &mut self.tally.stats;
        stats.classes += 1;
        stats.depth = r as u32 + 1;
        stats.max_depth = stats.max_depth.max(r as u32 + 1);
        if bound < self.target {
            self.eliminate(f.weight * letters.count_ones() as f64);
            false
        } else if r + 1 == self.cells {
            self.score_boards();
            false
        } else {
            self.tally.stats.split += 1;
            true
        }
    }

    fn eliminate(&mut self, boards: f64) {
        self.tally.stats.eliminated += 1;
        self.tally.stats.boards_eliminated += boards;
    }

    /// Builds the tree of one part of the class and starts forcing it; a part whose tree would
    /// not fit the memory budget is split on its first big cell instead.
    fn begin(&mut self, masks: [u32; MAX_CELLS]) {
        self.set_masks(masks);
        self.tally.stats.bound_evals += 1;
        self.tally.stats.depth = 0;
        let limit = (self.memory_budget / BYTES_PER_ENTRY).min(MAX_ENTRIES);
        let Some(entry_bytes) = self.collect_and_build(limit) else {
            self.split_part(masks);
            return;
        };
        self.peak_bytes = self.peak_bytes.max(entry_bytes + self.tree.bytes());
        // A tree too big to merge in would be forced along the tree alone, far more slowly:
        // split the part instead.
        if self.tree.used_bytes() > self.memory_budget / 3 && self.sum_union >= self.target {
            self.split_part(masks);
            return;
        }
        if self.sum_union < self.target {
            let stats = &mut self.tally.stats;
            stats.root_bound = stats.root_bound.max(self.sum_union);
            self.eliminate(self.boards_from[0]);
            return;
        }
        let root_bound = self.tree.sum(0).bound;
        let stats = &mut self.tally.stats;
        stats.root_bound = stats.root_bound.max(root_bound.min(self.sum_union));
        if root_bound < self.target {
            self.eliminate(self.boards_from[0]);
            return;
        }
        self.tally.stats.split += 1;
        let weight = self.boards_from[1];
        if root_bound as f64 >= self.switch * self.target as f64 {
            self.frames.push(Frame {
                rank: 0,
                left: self.rank_masks[0],
                bound: root_bound,
                weight,
                root: 0,
                mark: self.tree.mark(),
            });
        } else {
            self.start_along(0, 0, root_bound, weight);
        }
    }

    /// Splits a part too big to build into parts on its first cell (in split order) with more
    /// than one letter.
    fn split_part(&mut self, masks: [u32; MAX_CELLS]) {
        let Some(&cell) = self.order.iter().find(|&&c| masks[c].count_ones() > 1) else {
            // A single board: score it directly.
            for r in 0..self.cells {
                self.assigned[r] = self.rank_masks[r];
            }
            self.score_boards();
            return;
        };
        self.tally.stats.split += 1;
        split_mask(masks[cell], &mut self.split_scratch);
        for &part in self.split_scratch.iter().rev() {
            let mut m = masks;
            m[cell] = part;
            self.parts.push(m);
        }
    }

    /// Starts forcing rank `rank` along the tree below `root`, whose choices are all for that
    /// rank or later ones.
    fn start_along(&mut self, root: u32, rank: usize, bound: u32, weight: f64) {
        for o in &mut self.open[rank..] {
            o.clear();
        }
        open_run(&mut self.open, self.tree.sum(root), 0);
        self.push_along(rank, bound, weight);
    }

    /// Starts forcing rank `rank` along the tree: letters whose bound falls short are settled
    /// at once, the others are left to [`OrderlyBreaker::step_along`].
    fn push_along(&mut self, rank: usize, bound: u32, weight: f64) {
        let bounds = self.letter_bounds(rank, bound);
        let mut frame = Frame {
            rank: rank as u8,
            left: 0,
            bound,
            weight,
            root: ALONG,
            mark: Mark::default(),
        };
        let mut letters = self.rank_masks[rank];
        while letters != 0 {
            let bit = letters & letters.wrapping_neg();
            letters &= letters - 1;
            let b = bounds[bit.trailing_zeros() as usize];
            if b < self.target {
                self.settle(&frame, bit, b);
            } else {
                frame.left |= bit;
            }
        }
        if frame.left == 0 {
            return;
        }
        let base = rank * self.cells;
        for t in rank + 1..self.cells {
            self.saved[base + t] = self.open[t].len() as u32;
        }
        self.frames.push(frame);
    }

    /// The bound each letter of rank `r` would leave (exact for those that reach the target,
    /// at least as high as the exact one for the others), in one read of the open choices for
    /// `r` and their children, where forcing letter by letter reads them once a letter: most
    /// letters fall short of the target and need nothing more.
    fn letter_bounds(&self, r: usize, bound: u32) -> [u32; 26] {
        let t = &self.tree;
        let open = &self.open[r];
        let mut rest = bound;
        let mut add = [0u32; 26];
        // The most any letter has gained so far: each choice still to read can only lower a
        // letter's bound, so once `rest + most` falls short, every letter does.
        let mut most = 0;
        for &c in open {
            let choice = t.open_choice(c);
            rest -= choice.bound;
            if choice.is_chain() {
                let l = choice.letters().trailing_zeros() as usize;
                add[l] = add[l].saturating_add(choice.bound);
                most = most.max(add[l]);
            } else {
                let mut letters = choice.letters();
                let mut child = choice.children;
                while letters != 0 {
                    let l = letters.trailing_zeros() as usize;
                    letters &= letters - 1;
                    add[l] = add[l].saturating_add(t.sum(child).bound);
                    most = most.max(add[l]);
                    child += 1;
                }
            }
            if rest.saturating_add(most) < self.target {
                break;
            }
        }
        add.map(|a| rest.saturating_add(a))
    }

    /// Forces rank `r` to `letter`: replaces each open choice node for `r` by its child for the
    /// letter, opening that child's choices, and returns the new bound. The bound only falls
    /// as nodes are replaced, so it stops as soon as it is below the target.
    fn force_along(&mut self, r: usize, letter: u32, bound: u32) -> u32 {
        let t = &self.tree;
        let mut bound = bound;
        let (head, tail) = self.open.split_at_mut(r + 1);
        for &c in &head[r] {
            let choice = t.open_choice(c);
            bound -= choice.bound;
            if choice.is_chain() {
                // One letter, and the word's points whatever follows: the bound stays, and
                // the chain's next step (if any) opens.
                if choice.letters() == 1 << letter {
                    bound += choice.bound;
                    if let Some(next) = choice.chain_next() {
                        tail[next.rank() - r - 1].push(c + CHAIN_STEP);
                    }
                }
            } else if let Some(child) = choice.child(letter) {
                let s = t.sum(child);
                bound += s.bound;
                if s.ranks == PAIR {
                    open_run(tail, t.sum(s.choices), r + 1);
                    open_run(tail, t.sum(s.choices + 1), r + 1);
                } else {
                    open_run(tail, s, r + 1);
                }
            }
            if bound < self.target {
                break;
            }
        }
        bound
    }

    /// Scores every board of the assignment (free cells take each of their letters).
    fn score_boards(&mut self) {
        let n = self.cells;
        let mut pick = [0u32; MAX_CELLS];
        for (p, &a) in pick.iter_mut().zip(&self.assigned[..n]) {
            *p = a & a.wrapping_neg();
        }
        loop {
            for (&cell, p) in self.order.iter().zip(&pick[..n]) {
                self.board.cells_mut()[cell] = p.trailing_zeros() as u8;
            }
            self.queue_board();
            // Next combination of the free cells' letters.
            let mut r = n;
            loop {
                if r == 0 {
                    return;
                }
                r -= 1;
                let rest = self.assigned[r] & !(pick[r] | (pick[r] - 1));
                if rest != 0 {
                    pick[r] = rest & rest.wrapping_neg();
                    break;
                }
                pick[r] = self.assigned[r] & self.assigned[r].wrapping_neg();
            }
        }
    }

    /// Adds the board to the group waiting to be scored, scoring the group first when full.
    /// On the 4x4 class holding `perslatgsineters` with its first cell forced to `a` (1.1 M
    /// boards scored, 43 s one by one), groups of 64 took 19.5 s and of 128 17.7 s; grouping
    /// only boards that differ in the corners, or in the last 3 to 10 ranks, was no faster.
    fn queue_board(&mut self) {
        if self.group_scores.len() == MAX_GROUP {
            self.score_group();
        }
        if self.group_scores.is_empty() {
            self.group_board.clone_from(&self.board);
        }
        self.group_letters.extend_from_slice(self.board.cells());
        self.group_scores.push(0);
    }

    /// Scores the boards waiting in the group (see [`OrderlyBreaker::queue_board`]).
    fn score_group(&mut self) {
        let count = self.group_scores.len();
        if count == 0 {
            return;
        }
        if count == 1 {
            // One board: the plain walk is faster.
            self.group_scores[0] = self.solver.score(&self.group_board);
        } else {
            self.solver.score_group(
                &self.group_board,
                &self.group_cells,
                &self.group_letters,
                &mut self.group_scores,
            );
        }
        self.tally.stats.boards_scored += count as u64;
        let k = self.group_cells.len();
        for (i, &score) in self.group_scores.iter().enumerate() {
            if score >= self.target {
                for (j, &c) in self.group_cells.iter().enumerate() {
                    self.group_board.cells_mut()[c] = self.group_letters[i * k + j];
                }
                self.tally.stats.found += 1;
                self.tally.found.push(Survivor {
                    score,
                    board: self.group_board.to_string(),
                });
            }
        }
        self.group_scores.clear();
        self.group_letters.clear();
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
            self.board = Board::filled(rows, cols, 0).expect("valid shape");
            self.group_cells = (0..self.cells).collect();
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

/// Opens the choices of `s` on the open lists of their ranks; `lists` starts at rank `first`.
#[inline(always)]
fn open_run(lists: &mut [Vec<u32>], s: Sum, first: usize) {
    let mut ranks = s.ranks;
    let mut k = s.choices;
    while ranks != 0 {
        lists[ranks.trailing_zeros() as usize - first].push(k);
        ranks &= ranks - 1;
        k += 1;
    }
}
