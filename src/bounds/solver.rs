//! The bound walk: max/no-mark and sum/union from one search over a class, the hot path of
//! branch and bound.
//!
//! The search starts at every cell and alternates two steps
//! (docs/design.md#board-classes-and-upper-bounds): at a cell it *chooses* among the cell's
//! letters that continue a dictionary prefix, and from a cell it *goes* in every direction to an
//! unused neighbour.
//!
//! - **max/no-mark** keeps the best letter at each choice and adds over directions; a word adds
//!   its points on every path that reaches it. Valid because every board of the class picks one
//!   letter per cell, and loose because choices are made separately in each subtree.
//! - **sum/union** adds the points of every distinct word reached anywhere: the search reaches
//!   exactly the words that some board of the class spells, each marked once per search.
//!
//! [`BoundSolver::bounds`] is the hot path: no allocation, scratch tables kept between calls,
//! words marked with a per-search stamp so nothing is cleared. The same walk, compiled with a
//! step limit and word recording switched on, serves [`super::explain`].

use crate::bounds::class::BoardClass;
use crate::bounds::explain::SearchTooBig;
use crate::engine::board::{neighbour_masks, push_letter, MAX_CELLS};
use crate::engine::dictionary::{Dictionary, Node, ROOT};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Go steps a limited search takes between two looks at its stop flag.
const STOP_CHECK_STEPS: u64 = 1 << 20;

/// The two bounds of a class. Every board in the class scores at most [`Bounds::bound`].
///
/// Both saturate at `u32::MAX` instead of wrapping (a wrapped bound could eliminate a class
/// that holds a winning board). max/no-mark really can get there: it counts a word once per
/// path, and a 5x5 board of one letter has over 10^11 paths. sum/union cannot: it counts each
/// trie node once, at most 11 points each, and a list has at most
/// [`MAX_LIST_BYTES`](crate::engine::dictionary::MAX_LIST_BYTES) / 4 nodes (44 million points).
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

/// Computes bounds of classes against one dictionary. Keep one per thread and reuse it: it
/// holds the per-word marks and tables, so a call allocates nothing.
pub struct BoundSolver {
    pub(super) dict: Arc<Dictionary>,
    marks: Vec<u32>,
    stamp: u32,
    shape: (usize, usize),
    pub(super) adjacency: [u64; MAX_CELLS],
    pub(super) masks: [u32; MAX_CELLS],
    pub(super) cells: usize,
}

/// The state of one search (borrowed tables plus running totals), so the recursion passes
/// few arguments. `DETAIL` records every sum/union word with its path; `LIMIT` counts steps.
pub(super) struct Walk<'a, const DETAIL: bool, const LIMIT: bool> {
    pub(super) nodes: &'a [Node],
    marks: &'a mut [u32],
    stamp: u32,
    adjacency: &'a [u64; MAX_CELLS],
    masks: &'a [u32; MAX_CELLS],
    pub(super) sum_union: u32,
    /// Limited mode only: go steps left; the search gives up (and `steps_left` stays 0) when
    /// it runs out.
    pub(super) steps_left: u64,
    /// Limited mode only: set from another thread to give up early, as if out of steps.
    stop: Option<&'a AtomicBool>,
    /// Limited mode only: told the steps taken, every [`STOP_CHECK_STEPS`] of them.
    watch: Option<&'a mut dyn FnMut(u64)>,
    /// Limited mode only: the steps the search was given.
    max_steps: u64,
    /// Detail mode only: the path so far and the letters picked, and the words found.
    path: [u8; MAX_CELLS],
    picked: [u8; MAX_CELLS],
    pub(super) words: Vec<ClassWord>,
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
        }
    }

    /// Loads the class's shape and letters and starts a new stamp; returns the stamp.
    pub(super) fn prepare(&mut self, class: &BoardClass) -> u32 {
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

    /// A walk over the prepared class.
    pub(super) fn walk<'a, const DETAIL: bool, const LIMIT: bool>(
        &'a mut self,
        stamp: u32,
        max_steps: u64,
        stop: Option<&'a AtomicBool>,
    ) -> Walk<'a, DETAIL, LIMIT> {
        Walk {
            nodes: self.dict.nodes(),
            marks: &mut self.marks,
            stamp,
            adjacency: &self.adjacency,
            masks: &self.masks,
            sum_union: 0,
            steps_left: max_steps,
            stop,
            watch: None,
            max_steps,
            path: [0; MAX_CELLS],
            picked: [0; MAX_CELLS],
            words: Vec::new(),
        }
    }

    /// Both bounds of a class; the hot path of branch and bound.
    ///
    /// ```
    /// use boggle::{BoardClass, BoundSolver, Dictionary};
    /// let dict = Dictionary::from_bytes(b"far\nfare\nfur\n").unwrap();
    /// let mut solver = BoundSolver::new(std::sync::Arc::new(dict));
    /// let b = solver.bounds(&BoardClass::parse("f {a,u} r / . . e / . . .", None).unwrap());
    /// assert_eq!((b.max_nomark, b.sum_union, b.bound()), (2, 3, 2));
    /// ```
    pub fn bounds(&mut self, class: &BoardClass) -> Bounds {
        let stamp = self.prepare(class);
        self.bounds_impl::<false>(stamp, 0, None, None).0
    }

    /// [`BoundSolver::bounds`], giving up after `max_steps` go steps: a class with many letters
    /// a cell can take hours, so whatever bounds a class someone typed has a limit.
    pub fn bounds_within(
        &mut self,
        class: &BoardClass,
        max_steps: u64,
    ) -> Result<Bounds, SearchTooBig> {
        self.bounds_until(class, max_steps, None)
    }

    /// [`BoundSolver::bounds_within`] that also gives up, with the same error, soon after
    /// another thread sets `stop` (a caller waiting on a person's Ctrl-C).
    pub fn bounds_until(
        &mut self,
        class: &BoardClass,
        max_steps: u64,
        stop: Option<&AtomicBool>,
    ) -> Result<Bounds, SearchTooBig> {
        self.bounds_watched(class, max_steps, stop, None)
    }

    /// [`BoundSolver::bounds_until`] that also tells `watch` the steps taken so far, every
    /// million or so, so that a long search can show its progress.
    pub fn bounds_watched<'a>(
        &'a mut self,
        class: &BoardClass,
        max_steps: u64,
        stop: Option<&'a AtomicBool>,
        watch: Option<&'a mut dyn FnMut(u64)>,
    ) -> Result<Bounds, SearchTooBig> {
        let stamp = self.prepare(class);
        match self.bounds_impl::<true>(stamp, max_steps, stop, watch) {
            (_, 0) => Err(SearchTooBig::of(class, max_steps)),
            (b, _) => Ok(b),
        }
    }

    /// Both bounds of the prepared class, and the steps left of `max_steps` when `LIMIT`.
    #[inline(always)]
    fn bounds_impl<'a, const LIMIT: bool>(
        &'a mut self,
        stamp: u32,
        max_steps: u64,
        stop: Option<&'a AtomicBool>,
        watch: Option<&'a mut dyn FnMut(u64)>,
    ) -> (Bounds, u64) {
        let cells = self.cells;
        let mut w = self.walk::<false, LIMIT>(stamp, max_steps, stop);
        w.watch = watch;
        let root = w.nodes[ROOT as usize];
        let mut max_nomark = 0u32;
        for start in 0..cells {
            max_nomark = max_nomark.saturating_add(w.choose(start, root, 0, 0));
        }
        let bounds = Bounds {
            max_nomark,
            sum_union: w.sum_union,
        };
        (bounds, w.steps_left)
    }
}

impl<const DETAIL: bool, const LIMIT: bool> Walk<'_, DETAIL, LIMIT> {
    /// The choice step: the best over the cell's letters that continue the prefix `node`.
    /// `depth` is the number of cells already on the path.
    #[inline(always)]
    pub(super) fn choose(&mut self, cell: usize, node: Node, used: u64, depth: usize) -> u32 {
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
            if self.steps_left.is_multiple_of(STOP_CHECK_STEPS) && self.check_in() {
                self.steps_left = 0;
                return 0;
            }
        }
        let mut score = self.word(idx, node.points(), depth);
        // SAFETY: `cell` < MAX_CELLS.
        let mut next = unsafe { *self.adjacency.get_unchecked(cell) } & !used;
        while next != 0 {
            let nb = next.trailing_zeros() as usize;
            next &= next - 1;
            score = score.saturating_add(self.choose(nb, node, used, depth));
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
                self.sum_union = self.sum_union.saturating_add(pts);
                if DETAIL {
                    self.record(pts, depth);
                }
            }
        }
        pts
    }

    /// Every [`STOP_CHECK_STEPS`] steps of a limited search: tells the watcher the steps
    /// taken; true when the stop flag is set.
    #[cold]
    fn check_in(&mut self) -> bool {
        let taken = self.max_steps - self.steps_left;
        if let Some(watch) = self.watch.as_mut() {
            watch(taken);
        }
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
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
