//! Upper bounds on the best board in a class: max/no-mark and sum/union, from one search.
//!
//! The search starts at every cell and alternates two steps (DESIGN.md section 3):
//! at a cell it *chooses* among the cell's letters that continue a dictionary prefix, and from
//! a cell it *goes* in every direction to an unused neighbour.
//!
//! - **max/no-mark** keeps the best letter at each choice and adds over directions; a word adds
//!   its points on every path that reaches it. Valid because every board of the class picks one
//!   letter per cell, and loose because choices are made separately in each subtree.
//! - **sum/union** adds the points of every distinct word reached anywhere: the search reaches
//!   exactly the words that some board of the class spells, each marked once per search.
//!
//! [`BoundSolver::bounds`] is the hot path (for branch and bound): no allocation, scratch
//! tables kept between calls, words marked with a per-search stamp so nothing is cleared.
//! [`BoundSolver::details`], [`BoundSolver::nomark_tree`] and [`SplitSweep`] give what the page
//! shows to explain the numbers.

use crate::board::{neighbour_masks, push_letter, MAX_CELLS};
use crate::class::{letters_of, BoardClass};
use crate::dictionary::{Dictionary, Node, ROOT};
use serde::Serialize;
use std::fmt;
use std::sync::Arc;

/// The two bounds of a class. Every board in the class scores at most [`Bounds::bound`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Bounds {
    /// The max/no-mark bound (choices keep the best letter; words count on every path).
    pub max_nomark: u32,
    /// The sum/union bound (every word spelled on some board of the class, counted once).
    pub sum_union: u32,
}

impl Bounds {
    /// The class bound: the smaller, tighter of the two.
    pub fn bound(&self) -> u32 {
        self.max_nomark.min(self.sum_union)
    }
}

/// A word some board of the class spells, with one path and the letter picked at each cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClassWord {
    /// The word spelled out (`qu` in full).
    pub word: String,
    /// Points for the word.
    pub points: u32,
    /// Cells in order, row-major indices.
    pub path: Vec<u8>,
    /// The letter used at each cell of `path`, one character per cell (`q` for the Qu face).
    pub letters: String,
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
}

impl fmt::Display for SearchTooBig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "this class is too big to bound here (the search passed {} million steps): fix some cells to fewer letters",
            self.max_steps / 1_000_000
        )
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
    /// The cell.
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
    NoSuchCell { cell: usize, cells: usize },
    /// The tree has more scoring nodes than the limit.
    TooBig { limit: usize },
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

/// Computes bounds of classes against one dictionary. Keep one per thread and reuse it: it
/// holds the per-word marks and tables, so a call allocates nothing.
pub struct BoundSolver {
    dict: Arc<Dictionary>,
    marks: Vec<u32>,
    stamp: u32,
    shape: (usize, usize),
    adjacency: [u64; MAX_CELLS],
    masks: [u32; MAX_CELLS],
    cells: usize,
    #[cfg(target_arch = "x86_64")]
    popcnt: bool,
}

/// The state of one search (borrowed tables plus running totals), so the recursion passes
/// few arguments.
struct Walk<'a, const DETAIL: bool, const LIMIT: bool> {
    nodes: &'a [Node],
    marks: &'a mut [u32],
    stamp: u32,
    adjacency: &'a [u64; MAX_CELLS],
    masks: &'a [u32; MAX_CELLS],
    sum_union: u32,
    /// Limited mode only: go steps left; the search gives up (and `steps_left` stays 0) when
    /// it runs out.
    steps_left: u64,
    /// Detail mode only: the path so far and the letters picked, and the words found.
    path: [u8; MAX_CELLS],
    picked: [u8; MAX_CELLS],
    words: Vec<ClassWord>,
}

impl BoundSolver {
    /// A solver for classes scored against `dict`.
    pub fn new(dict: Arc<Dictionary>) -> BoundSolver {
        BoundSolver {
            marks: vec![0; dict.node_count()],
            dict,
            stamp: 0,
            shape: (0, 0),
            adjacency: [0; MAX_CELLS],
            masks: [0; MAX_CELLS],
            cells: 0,
            #[cfg(target_arch = "x86_64")]
            popcnt: std::is_x86_feature_detected!("popcnt"),
        }
    }

    /// The dictionary this solver uses.
    pub fn dictionary(&self) -> &Arc<Dictionary> {
        &self.dict
    }

    fn prepare(&mut self, class: &BoardClass) -> u32 {
        let shape = (class.rows(), class.cols());
        if self.shape != shape {
            self.shape = shape;
            self.adjacency = [0; MAX_CELLS];
            let adj = neighbour_masks(shape.0, shape.1);
            self.adjacency[..adj.len()].copy_from_slice(&adj);
        }
        self.cells = class.len();
        self.masks = [0; MAX_CELLS];
        self.masks[..self.cells].copy_from_slice(class.masks());
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }

    fn walk<const DETAIL: bool, const LIMIT: bool>(
        &mut self,
        stamp: u32,
        max_steps: u64,
    ) -> Walk<'_, DETAIL, LIMIT> {
        Walk {
            nodes: self.dict.nodes(),
            marks: &mut self.marks,
            stamp,
            adjacency: &self.adjacency,
            masks: &self.masks,
            sum_union: 0,
            steps_left: max_steps,
            path: [0; MAX_CELLS],
            picked: [0; MAX_CELLS],
            words: Vec::new(),
        }
    }

    /// Both bounds of a class; the hot path of branch and bound.
    ///
    /// ```
    /// use boggle::{bounds::BoundSolver, class::BoardClass, Dictionary};
    /// let dict = Dictionary::from_bytes(b"far\nfare\nfur\n").unwrap();
    /// let mut solver = BoundSolver::new(std::sync::Arc::new(dict));
    /// let b = solver.bounds(&BoardClass::parse("f {a,u} r / . . e / . . .", None).unwrap());
    /// assert_eq!((b.max_nomark, b.sum_union, b.bound()), (2, 3, 2));
    /// ```
    pub fn bounds(&mut self, class: &BoardClass) -> Bounds {
        let stamp = self.prepare(class);
        #[cfg(target_arch = "x86_64")]
        if self.popcnt {
            // SAFETY: the CPU was checked for popcnt when the solver was made.
            return unsafe { self.bounds_popcnt(stamp) };
        }
        self.bounds_impl(stamp)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn bounds_popcnt(&mut self, stamp: u32) -> Bounds {
        self.bounds_impl(stamp)
    }

    #[inline(always)]
    fn bounds_impl(&mut self, stamp: u32) -> Bounds {
        let cells = self.cells;
        let mut w = self.walk::<false, false>(stamp, 0);
        let root = w.nodes[ROOT as usize];
        let mut max_nomark = 0;
        for start in 0..cells {
            max_nomark += w.choose(start, root, 0, 0);
        }
        Bounds {
            max_nomark,
            sum_union: w.sum_union,
        }
    }

    /// The bounds plus what explains them: each start cell's share of max/no-mark and every
    /// sum/union word with a path. Slower than [`BoundSolver::bounds`]; meant for display.
    pub fn details(&mut self, class: &BoardClass) -> BoundDetails {
        self.details_within(class, u64::MAX)
            .expect("an unlimited search finishes")
    }

    /// [`BoundSolver::details`], giving up after `max_steps` go steps (a huge class can take
    /// hours; the page must stay responsive).
    pub fn details_within(
        &mut self,
        class: &BoardClass,
        max_steps: u64,
    ) -> Result<BoundDetails, SearchTooBig> {
        let stamp = self.prepare(class);
        let cells = self.cells;
        let mut w = self.walk::<true, true>(stamp, max_steps);
        let root = w.nodes[ROOT as usize];
        let start_scores: Vec<u32> = (0..cells).map(|s| w.choose(s, root, 0, 0)).collect();
        if w.steps_left == 0 {
            return Err(SearchTooBig { max_steps });
        }
        let steps = max_steps - w.steps_left;
        let mut words = std::mem::take(&mut w.words);
        words.sort_by(|a, b| b.points.cmp(&a.points).then_with(|| a.word.cmp(&b.word)));
        Ok(BoundDetails {
            bounds: Bounds {
                max_nomark: start_scores.iter().sum(),
                sum_union: w.sum_union,
            },
            start_scores,
            words,
            steps,
        })
    }

    /// [`BoundSolver::bounds`], giving up (`None`) after `max_steps` go steps.
    pub fn bounds_within(&mut self, class: &BoardClass, max_steps: u64) -> Option<Bounds> {
        let stamp = self.prepare(class);
        let cells = self.cells;
        let mut w = self.walk::<false, true>(stamp, max_steps);
        let root = w.nodes[ROOT as usize];
        let max_nomark = (0..cells).map(|s| w.choose(s, root, 0, 0)).sum();
        (w.steps_left > 0).then_some(Bounds {
            max_nomark,
            sum_union: w.sum_union,
        })
    }

    /// The bounds of the class with `cell` fixed to each of its letters in turn.
    pub fn cell_splits(&mut self, class: &BoardClass, cell: usize) -> Vec<CellSplit> {
        let mut scratch = class.clone();
        letters_of(class.mask(cell))
            .map(|letter| {
                scratch.set_mask(cell, 1 << letter);
                CellSplit {
                    cell,
                    letter,
                    bounds: self.bounds(&scratch),
                }
            })
            .collect()
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

impl<const DETAIL: bool, const LIMIT: bool> Walk<'_, DETAIL, LIMIT> {
    /// The choice step: the best over the cell's letters that continue the prefix `node`.
    /// `depth` is the number of cells already on the path.
    #[inline(always)]
    fn choose(&mut self, cell: usize, node: Node, used: u64, depth: usize) -> u32 {
        // SAFETY: `cell` < MAX_CELLS.
        let mut cand = node.children() & unsafe { *self.masks.get_unchecked(cell) };
        let mut best = 0;
        while cand != 0 {
            let l = cand.trailing_zeros();
            cand &= cand - 1;
            if DETAIL {
                self.path[depth] = cell as u8;
                self.picked[depth] = l as u8;
            }
            let idx = node.child_unchecked(l);
            // SAFETY: `idx` is a trie node index.
            let child = unsafe { *self.nodes.get_unchecked(idx as usize) };
            let s = if child.children() == 0 {
                // A leaf is a word with nowhere to go: score it without a call.
                self.word(idx, child.points(), depth + 1)
            } else {
                self.go(cell, idx, child, used | 1 << cell, depth + 1)
            };
            best = best.max(s);
        }
        best
    }

    /// The go step: `cell` is on the path (in `used`) and spells the prefix at `idx`; adds the
    /// word's points and the best choice in every direction.
    fn go(&mut self, cell: usize, idx: u32, node: Node, used: u64, depth: usize) -> u32 {
        if LIMIT {
            if self.steps_left == 0 {
                return 0;
            }
            self.steps_left -= 1;
        }
        let mut score = self.word(idx, node.points(), depth);
        // SAFETY: `cell` < MAX_CELLS.
        let mut next = unsafe { *self.adjacency.get_unchecked(cell) } & !used;
        while next != 0 {
            let nb = next.trailing_zeros() as usize;
            next &= next - 1;
            score += self.choose(nb, node, used, depth);
        }
        score
    }

    /// Scores the prefix at `idx` (worth `pts`, 0 when it is not a word): its points on every
    /// path, and once per search towards sum/union.
    #[inline(always)]
    fn word(&mut self, idx: u32, pts: u32, depth: usize) -> u32 {
        if pts > 0 {
            // SAFETY: `idx` is a trie node index; `marks` has one entry per node.
            let mark = unsafe { self.marks.get_unchecked_mut(idx as usize) };
            if *mark != self.stamp {
                *mark = self.stamp;
                self.sum_union += pts;
                if DETAIL {
                    self.record(pts, depth);
                }
            }
        }
        pts
    }

    #[cold]
    fn record(&mut self, points: u32, depth: usize) {
        let mut word = String::with_capacity(depth + 2);
        let mut letters = String::with_capacity(depth);
        for &l in &self.picked[..depth] {
            push_letter(&mut word, l);
            letters.push((b'a' + l) as char);
        }
        self.words.push(ClassWord {
            word,
            points,
            path: self.path[..depth].to_vec(),
            letters,
        });
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
        let score = node.points() + children.iter().map(|c| c.score).sum::<u32>();
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
