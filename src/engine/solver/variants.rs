//! Scoring every one-letter variant of a board at once: one walk over the board with one cell
//! left open.
//!
//! A board and its variants at one cell share every path that avoids that cell, and every
//! prefix that leads to it. The walk follows each path once; when it steps onto the open cell
//! it tries every allowed letter the trie continues with. Words found on paths that avoid the
//! open cell count for every variant; a word found through the open cell holding letter `l`
//! counts for variant `l` unless it is also found without the cell (each word once per board,
//! as in [`Solver::score`]).

use super::found::FoundOn;
use super::next_cells::by_vectors;
use super::paths::{self, Paths};
use super::{visit, Solver, TooBigToSolve, MAX_PATHS};
use crate::engine::board::{Board, MAX_CELLS};
use crate::engine::dictionary::{Node, ROOT};

/// No letter on the open cell yet (the path has not reached it).
const NONE: u8 = u8::MAX;

/// A path of the walk (see `paths.rs`).
#[derive(Clone, Copy)]
struct OpenPath {
    node: Node,
    used: u64,
    /// Unused neighbours of the last cell, other than the open cell, that the node can step to.
    cells: u64,
    /// Letters to try on the open cell from the last cell (none once the path holds it).
    open_letters: u32,
    /// The open cell's letter on this path, or [`NONE`].
    open: u8,
}

/// The open cell's letters a path can step to: at most 26 a path, from at most 8 of its cells
/// (the open cell's neighbours).
const OPEN_STEPS: (usize, usize) = (26, 8 * 26);

/// Scratch space of [`Solver::score_variants`]: the letters each word was found with through
/// the open cell.
pub(super) type VariantScratch = FoundOn<u32>;

impl Solver {
    /// The score of every board that differs from `board` at most at cell `open`, one for each
    /// letter in `letters` (a bit mask, `a` = bit 0): `out[l]` is the score with letter `l` on
    /// the open cell; entries of letters outside the mask are 0. Equal to scoring each variant
    /// with [`Solver::score`]; for all 26 letters it costs about as much as ten such scores on
    /// 4x4 and 5x5 (`cargo bench --bench engine --features bench-fixtures -- variants`).
    ///
    /// An error past [`MAX_PATHS`] paths, as [`Solver::score`]. Panics when `open` is not a
    /// cell of the board (a caller's mistake, not bad input).
    ///
    /// ```
    /// # let dict = boggle::Dictionary::from_bytes(b"tea\ntee\neat\nate\n").unwrap();
    /// let mut solver = boggle::Solver::new(std::sync::Arc::new(dict));
    /// let board = boggle::Board::parse("teat", None).unwrap();
    /// let scores = solver.score_variants(&board, 3, (1 << 4) | (1 << 19)).unwrap();
    /// // "teae" holds tea, tee, eat and ate; "teat" all but tee.
    /// assert_eq!((scores[4], scores[19]), (4, 3));
    /// ```
    pub fn score_variants(
        &mut self,
        board: &Board,
        open: usize,
        letters: u32,
    ) -> Result<[u32; 26], TooBigToSolve> {
        assert!(open < board.len(), "the open cell is on the board");
        self.prepare(board);
        let stamp = self.next_stamp();
        let mut scratch = std::mem::take(&mut self.variants);
        scratch.start(self.dict.node_count(), stamp);
        let allowed = letters & crate::engine::board::ALL_LETTERS_MASK;
        let n = board.len();
        let walked = by_vectors!(n, self.walk_open(n, open, allowed, stamp, &mut scratch));
        let Some(base) = walked else {
            self.variants = scratch;
            return Err(TooBigToSolve::Paths);
        };
        let mut out = [0u32; 26];
        // Words also found without the open cell are in the base already.
        scratch.add_points(self.dict.nodes(), &self.marks, stamp, &mut out);
        let mut m = allowed;
        while m != 0 {
            out[m.trailing_zeros() as usize] += base;
            m &= m - 1;
        }
        self.variants = scratch;
        Ok(out)
    }

    /// Takes cell `open` out of the neighbour tables, so ordinary steps never enter it.
    pub(super) fn close_cell(&mut self, open: usize) {
        let t = &mut *self.t;
        let l = t.letters[open] as usize;
        let mut m = t.next.neighbours(open);
        while m != 0 {
            let nb = m.trailing_zeros() as usize;
            m &= m - 1;
            t.near_cells[nb][l] &= !(1u64 << open);
            if t.near_cells[nb][l] == 0 {
                t.near_letters[nb] &= !(1u32 << l);
            }
        }
    }

    /// The walk itself: returns the points of words found without the open cell (marked with
    /// `stamp`) and records in `scratch` the words found through it, by letter; None past
    /// [`MAX_PATHS`] paths.
    #[inline(never)]
    fn walk_open<const V: usize>(
        &mut self,
        n: usize,
        open: usize,
        allowed: u32,
        stamp: u32,
        scratch: &mut VariantScratch,
    ) -> Option<u32> {
        let nodes = self.dict.nodes();
        let marks = &mut self.marks[..];
        let t = &*self.t;
        let next = t.next.lookup::<V>();
        let near_open = t.next.neighbours(open);
        // Ordinary steps never enter the open cell.
        let closed = !(1u64 << open);
        let mut base = 0u32;
        // Counts a word node reached on a path, through the open cell holding `on_open` or not.
        let mut reach = |idx: u32, node: Node, on_open: u8| {
            if on_open == NONE {
                base += visit(marks, idx, node, stamp);
            } else {
                scratch.add(idx, node, stamp, 1 << on_open);
            }
        };
        // A path that has just reached `node` on `cell`.
        let path = |node: Node, used: u64, cell: usize, open: u8| OpenPath {
            node,
            used,
            cells: next.next(node.packed(), cell) & !used & closed,
            open_letters: if open == NONE && near_open & (1 << cell) != 0 {
                node.children() & allowed
            } else {
                0
            },
            open,
        };
        const ROOM: usize = paths::room(8, OPEN_STEPS.0, OPEN_STEPS.1, MAX_CELLS);
        let mut paths = Paths::<OpenPath, ROOM>::new();
        let mut first = 0;
        let mut to = paths.top(&mut first);
        let root = nodes[ROOT as usize];
        for start in 0..n {
            // From the open cell, one start for each letter; otherwise the board's letter.
            let mut firsts = if start == open {
                root.children() & allowed
            } else {
                root.children() & (1 << t.letters[start])
            };
            while firsts != 0 {
                let l = firsts.trailing_zeros();
                firsts &= firsts - 1;
                let idx = root.child_unchecked(l);
                let node = nodes[idx as usize];
                let on_open = if start == open { l as u8 } else { NONE };
                reach(idx, node, on_open);
                let p = path(node, 1 << start, start, on_open);
                to.push(p, p.cells != 0 || p.open_letters != 0);
            }
        }
        let done = paths.run(first, MAX_PATHS, |p, to| {
            let mut cells = p.cells;
            while cells != 0 {
                let cell = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let idx = next.child(p.node, cell);
                // SAFETY: child indices come from the trie and are in bounds.
                let child = unsafe { *nodes.get_unchecked(idx as usize) };
                reach(idx, child, p.open);
                let q = path(child, p.used | 1 << cell, cell, p.open);
                to.push(q, q.cells != 0 || q.open_letters != 0);
            }
            // Onto the open cell, with each of its letters the node continues with.
            let mut letters = p.open_letters;
            while letters != 0 {
                let l = letters.trailing_zeros();
                letters &= letters - 1;
                let idx = p.node.child_unchecked(l);
                // SAFETY: as above.
                let child = unsafe { *nodes.get_unchecked(idx as usize) };
                reach(idx, child, l as u8);
                let q = path(child, p.used | 1 << open, open, l as u8);
                to.push(q, q.cells != 0);
            }
        });
        done.then_some(base)
    }
}
