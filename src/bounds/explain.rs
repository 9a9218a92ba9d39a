//! What the page shows to explain a class's bounds: the detailed search (each start cell's
//! share of max/no-mark, every sum/union word with a path), the max/no-mark search tree from
//! one cell, and the per-cell split sweep.
//!
//! These reuse the walk of [`super::solver`] (with word recording and a step limit, so a huge
//! class cannot stall the page) or build small explicit trees; none is on the hot path.

use crate::bounds::class::{letters_of, BoardClass};
use crate::bounds::solver::{BoundSolver, Bounds, ClassWord};
use crate::engine::board::{push_letter, MAX_CELLS};
use crate::engine::dictionary::{Node, ROOT};
use crate::engine::plural;
use crate::engine::scoring::listing_order;
use serde::Serialize;
use std::fmt;

/// The most go steps [`BoundSolver::details_within`] may take where an answer must come in a
/// few seconds (the page's Bounds view and widget); a bigger class is refused.
pub const DETAILS_MAX_STEPS: u64 = 50_000_000;
/// The steps a class's details may take while a page loads (a fraction of a second): the
/// bounds widget bounds a bigger class only when the reader asks.
pub const DETAILS_LOAD_STEPS: u64 = 10_000_000;
/// The steps a bound asked for on the command line or from Python may take unless the caller
/// says otherwise (about five seconds natively): a class of many letters a cell can take hours.
pub const BOUND_MAX_STEPS: u64 = 250_000_000;
/// The most scoring nodes a max/no-mark tree ([`BoundSolver::nomark_tree`]) may have where it
/// is drawn (the page); a bigger tree is refused.
pub const TREE_NODES: usize = 400;

/// The limits above, as the page reads them (`boggle defaults`, `pkg/defaults.js`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ExplainLimits {
    /// [`DETAILS_MAX_STEPS`].
    pub max_steps: u64,
    /// [`DETAILS_LOAD_STEPS`].
    pub load_steps: u64,
    /// [`TREE_NODES`].
    pub tree_nodes: usize,
}

impl Default for ExplainLimits {
    fn default() -> ExplainLimits {
        ExplainLimits {
            max_steps: DETAILS_MAX_STEPS,
            load_steps: DETAILS_LOAD_STEPS,
            tree_nodes: TREE_NODES,
        }
    }
}

/// Everything one detailed search finds: both bounds, each start cell's share of max/no-mark
/// and the sum/union words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoundDetails {
    /// The two bounds.
    pub bounds: Bounds,
    /// Max/no-mark contribution of the searches starting at each cell (they add up to
    /// `bounds.max_nomark`).
    pub start_scores: Vec<u32>,
    /// The sum/union words, highest points first, then alphabetical.
    pub words: Vec<ClassWord>,
    /// Go steps the search took (nodes of the search tree): a measure of its cost.
    pub steps: u64,
}

/// A limited search ran out of steps before it finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchTooBig {
    /// The limit it reached.
    pub max_steps: u64,
    /// The class is a single board: no cell can take fewer letters, so only the word list
    /// (words like `eeeeeeeeeeee`) can make it so big.
    pub one_board: bool,
}

impl SearchTooBig {
    /// The search over `class` passed `max_steps`.
    pub fn of(class: &BoardClass, max_steps: u64) -> SearchTooBig {
        SearchTooBig {
            max_steps,
            one_board: class.masks().iter().all(|m| m.count_ones() <= 1),
        }
    }
}

impl fmt::Display for SearchTooBig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let steps = plural(self.max_steps, "step", "steps");
        if self.one_board {
            write!(
                f,
                "this board is too big to bound here (the search passed {steps}): its word list \
                 spells words along too many paths (words like eeeeeeeeeeee do)"
            )
        } else {
            write!(
                f,
                "this class is too big to bound here (the search passed {steps}): fix some cells \
                 to fewer letters"
            )
        }
    }
}

impl std::error::Error for SearchTooBig {}

/// One cell of the class fixed to one of its letters, and the bounds of that smaller class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct CellSplit {
    /// The cell (row-major index).
    pub cell: usize,
    /// The letter it was fixed to (`0..26`).
    pub letter: u8,
    /// The bounds of the class with that cell fixed.
    pub bounds: Bounds,
}

/// A choice node of the max/no-mark search tree: the search is at `cell` and picks the letter
/// whose subtree scores most.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChoiceNode {
    /// The cell being filled.
    pub cell: u8,
    /// The best option's score: what this choice adds to the bound.
    pub score: u32,
    /// Letters that continue a word with a non-zero score, alphabetical; exactly one has
    /// `chosen` set.
    pub options: Vec<GoNode>,
}

/// A go node: `cell` holds `letter`, the prefix so far may be a word, and the search goes on in
/// every direction (the children's scores add up).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GoNode {
    /// The cell (row-major index): the parent choice's.
    pub cell: u8,
    /// The letter picked for the cell (`qu` for the Qu face).
    pub letter: String,
    /// The letters spelled so far, this one included.
    pub prefix: String,
    /// Points when the prefix is a word, else 0.
    pub points: u32,
    /// `points` plus the children's scores.
    pub score: u32,
    /// True when the parent choice keeps this letter (the others are dropped).
    pub chosen: bool,
    /// One choice per direction that scores, in cell order.
    pub children: Vec<ChoiceNode>,
}

/// The max/no-mark search tree from one start cell, without the branches that score nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NomarkTree {
    /// The choice at the start cell; its score is the start cell's max/no-mark contribution.
    pub root: ChoiceNode,
    /// Go nodes shown.
    pub nodes: usize,
    /// Go nodes left out because they lead to no word.
    pub hidden: usize,
}

/// Why a search tree was not built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// The start cell is not on the board.
    NoSuchCell {
        /// The start cell asked for (row-major index).
        cell: usize,
        /// The board's cells.
        cells: usize,
    },
    /// The tree has more scoring nodes than the limit.
    TooBig {
        /// The limit.
        limit: usize,
    },
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::NoSuchCell { cell, cells } => {
                write!(f, "cell {cell} is not on the board (it has {cells} cells)")
            }
            TreeError::TooBig { limit } => write!(
                f,
                "the search tree has more than {limit} scoring nodes: try a class with fewer letters"
            ),
        }
    }
}

impl std::error::Error for TreeError {}

impl BoundSolver {
    /// The bounds plus what explains them: each start cell's share of max/no-mark and every
    /// sum/union word with a path. Slower than [`BoundSolver::bounds`]; meant for display, so
    /// it gives up after `max_steps` go steps (a huge class can take hours; the page must stay
    /// responsive).
    pub fn details_within(
        &mut self,
        class: &BoardClass,
        max_steps: u64,
    ) -> Result<BoundDetails, SearchTooBig> {
        let stamp = self.prepare(class);
        let cells = self.cells;
        let mut w = self.walk::<true, true>(stamp, max_steps, None);
        let root = w.nodes[ROOT as usize];
        let start_scores: Vec<u32> = (0..cells).map(|s| w.choose(s, root, 0, 0)).collect();
        if w.steps_left == 0 {
            return Err(SearchTooBig::of(class, max_steps));
        }
        let steps = max_steps - w.steps_left;
        let mut words = std::mem::take(&mut w.words);
        words.sort_by(|a, b| listing_order((a.points, &a.word), (b.points, &b.word)));
        Ok(BoundDetails {
            bounds: Bounds {
                max_nomark: start_scores.iter().fold(0, |a, &b| a.saturating_add(b)),
                sum_union: w.sum_union,
            },
            start_scores,
            words,
            steps,
        })
    }

    /// The max/no-mark search tree from `start`, as drawn in the published posts: choice
    /// nodes keep their best letter, go nodes add over directions. Branches that score nothing
    /// are left out (and counted); a tree with more than `limit` go nodes is refused.
    pub fn nomark_tree(
        &mut self,
        class: &BoardClass,
        start: usize,
        limit: usize,
    ) -> Result<NomarkTree, TreeError> {
        if start >= class.len() {
            return Err(TreeError::NoSuchCell {
                cell: start,
                cells: class.len(),
            });
        }
        self.prepare(class);
        let mut t = TreeBuilder {
            nodes: self.dict.nodes(),
            adjacency: &self.adjacency,
            masks: &self.masks,
            prefix: String::new(),
            kept: 0,
            hidden: 0,
            limit,
        };
        let root = t.choice(start, ROOT, 0);
        if t.kept > limit {
            return Err(TreeError::TooBig { limit });
        }
        Ok(NomarkTree {
            root: root.unwrap_or(ChoiceNode {
                cell: start as u8,
                score: 0,
                options: Vec::new(),
            }),
            nodes: t.kept,
            hidden: t.hidden,
        })
    }
}

/// Builds the explicit max/no-mark tree for one start cell (small classes only).
struct TreeBuilder<'a> {
    nodes: &'a [Node],
    adjacency: &'a [u64; MAX_CELLS],
    masks: &'a [u32; MAX_CELLS],
    prefix: String,
    kept: usize,
    hidden: usize,
    limit: usize,
}

impl TreeBuilder<'_> {
    /// A choice at `cell` after the prefix at `idx`; `None` when no option scores.
    fn choice(&mut self, cell: usize, idx: u32, used: u64) -> Option<ChoiceNode> {
        let node = self.nodes[idx as usize];
        let mut options = Vec::new();
        for l in letters_of(node.children() & self.masks[cell]) {
            if self.kept > self.limit {
                return None;
            }
            let len = self.prefix.len();
            push_letter(&mut self.prefix, l);
            let child = node.child_unchecked(l as u32);
            let go = self.go(cell, l, child, used | 1 << cell);
            match go {
                Some(g) => options.push(g),
                None => self.hidden += 1,
            }
            self.prefix.truncate(len);
        }
        let best = options
            .iter()
            .enumerate()
            .max_by(|(i, a), (j, b)| a.score.cmp(&b.score).then(j.cmp(i)))
            .map(|(i, _)| i)?;
        options[best].chosen = true;
        Some(ChoiceNode {
            cell: cell as u8,
            score: options[best].score,
            options,
        })
    }

    /// A go node: `cell` (already in `used`) holds `letter` and the prefix is at `idx`;
    /// `None` when it scores 0.
    fn go(&mut self, cell: usize, letter: u8, idx: u32, used: u64) -> Option<GoNode> {
        let node = self.nodes[idx as usize];
        let mut children = Vec::new();
        let mut next = self.adjacency[cell] & !used;
        while next != 0 {
            let nb = next.trailing_zeros() as usize;
            next &= next - 1;
            if let Some(c) = self.choice(nb, idx, used) {
                children.push(c);
            }
        }
        let score = children
            .iter()
            .fold(node.points(), |a, c| a.saturating_add(c.score));
        if score == 0 {
            return None;
        }
        self.kept += 1;
        let mut text = String::new();
        push_letter(&mut text, letter);
        Some(GoNode {
            cell: cell as u8,
            letter: text,
            prefix: self.prefix.clone(),
            points: node.points(),
            score,
            chosen: false,
            children,
        })
    }
}

/// The per-cell split view as a resumable job: for every cell with two or more letters, the
/// bounds with that cell fixed to each letter. Call [`SplitSweep::step`] until it returns
/// `None`; each call does one bound computation.
pub struct SplitSweep {
    class: BoardClass,
    scratch: BoardClass,
    pairs: Vec<(usize, u8)>,
    next: usize,
}

impl SplitSweep {
    /// A sweep over every (cell, letter) pair of the class's multi-letter cells.
    pub fn new(class: &BoardClass) -> SplitSweep {
        let pairs = (0..class.len())
            .filter(|&c| class.mask(c).count_ones() > 1)
            .flat_map(|c| class.letters(c).map(move |l| (c, l)))
            .collect();
        SplitSweep {
            class: class.clone(),
            scratch: class.clone(),
            pairs,
            next: 0,
        }
    }

    /// Number of bound computations in the sweep.
    pub fn total(&self) -> usize {
        self.pairs.len()
    }

    /// Number done so far.
    pub fn done(&self) -> usize {
        self.next
    }

    /// Computes the next split, or `None` when the sweep is over.
    pub fn step(&mut self, solver: &mut BoundSolver) -> Option<CellSplit> {
        let &(cell, letter) = self.pairs.get(self.next)?;
        self.next += 1;
        self.scratch.set_mask(cell, 1 << letter);
        let bounds = solver.bounds(&self.scratch);
        self.scratch.set_mask(cell, self.class.mask(cell));
        Some(CellSplit {
            cell,
            letter,
            bounds,
        })
    }
}
