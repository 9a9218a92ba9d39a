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
use super::{visit, Solver};
use crate::engine::board::{Board, MAX_CELLS};
use crate::engine::dictionary::{Node, ROOT};

/// No letter on the open cell yet (the path has not reached it).
const NONE: u8 = u8::MAX;

#[derive(Clone, Copy)]
struct Frame {
    node: Node,
    cand: u32,
    /// Letters still to try on the open cell from this frame's cell.
    open_cand: u32,
    cells: u64,
    child: u32,
    cell: u8,
    /// The open cell's letter on the path down to this frame, or [`NONE`].
    open: u8,
}

/// Scratch space of [`Solver::score_variants`]: the letters each word was found with through
/// the open cell.
pub(super) type VariantScratch = FoundOn<u32>;

impl Solver {
    /// The score of every board that differs from `board` at most at cell `open`, one for each
    /// letter in `letters` (a bit mask, `a` = bit 0): `out[l]` is the score with letter `l` on
    /// the open cell; entries of letters outside the mask are 0. Equal to scoring each variant
    /// with [`Solver::score`]; for all 26 letters it costs about as much as ten such scores on
    /// 4x4 and 5x5 (`cargo bench --bench engine --features test-hooks -- variants`).
    ///
    /// Panics when `open` is not a cell of the board (a caller's mistake, not bad input).
    ///
    /// ```
    /// # let dict = boggle::Dictionary::from_bytes(b"tea\ntee\neat\nate\n").unwrap();
    /// let mut solver = boggle::Solver::new(std::sync::Arc::new(dict));
    /// let board = boggle::Board::parse("teat", None).unwrap();
    /// let scores = solver.score_variants(&board, 3, (1 << 4) | (1 << 19));
    /// // "teae" holds tea, tee, eat and ate; "teat" all but tee.
    /// assert_eq!((scores[4], scores[19]), (4, 3));
    /// ```
    pub fn score_variants(&mut self, board: &Board, open: usize, letters: u32) -> [u32; 26] {
        assert!(open < board.len(), "the open cell is on the board");
        self.prepare_near(board);
        self.close_cell(open);
        let stamp = self.next_stamp();
        let n = self.dict.node_count();
        let mut scratch = std::mem::take(&mut self.variants);
        scratch.start(n, stamp);
        let allowed = letters & ((1 << 26) - 1);
        let base = self.walk_open(board.len(), open, allowed, stamp, &mut scratch);
        let mut out = [0u32; 26];
        // Words also found without the open cell are in the base already.
        scratch.add_points(self.dict.nodes(), &self.marks, stamp, &mut out);
        let mut m = allowed;
        while m != 0 {
            out[m.trailing_zeros() as usize] += base;
            m &= m - 1;
        }
        self.variants = scratch;
        out
    }

    /// Takes cell `open` out of the neighbour tables, so ordinary steps never enter it.
    pub(super) fn close_cell(&mut self, open: usize) {
        let t = &mut *self.t;
        let l = t.letters[open] as usize;
        let mut m = t.adjacency[open];
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
    /// `stamp`) and records in `scratch` the words found through it, by letter.
    #[inline(always)]
    fn walk_open(
        &mut self,
        n: usize,
        open: usize,
        allowed: u32,
        stamp: u32,
        scratch: &mut VariantScratch,
    ) -> u32 {
        let nodes = self.dict.nodes();
        let marks = &mut self.marks[..];
        let t = &*self.t;
        let near_open = t.adjacency[open];
        let mut stack = [Frame {
            node: Node::default(),
            cand: 0,
            open_cand: 0,
            cells: 0,
            child: 0,
            cell: 0,
            open: NONE,
        }; MAX_CELLS + 1];
        let mut base = 0u32;
        // Records a word node reached through the open cell holding `l`.
        let mut found = |idx: u32, node: Node, l: u8| scratch.add(idx, node, stamp, 1 << l);
        let root = nodes[ROOT as usize];
        for start in 0..n {
            // From the open cell, one start for each letter; otherwise the board's letter.
            let mut firsts = if start == open {
                root.children() & allowed
            } else {
                let l = t.letters[start] as u32;
                root.children() & (1 << l)
            };
            while firsts != 0 {
                let l = firsts.trailing_zeros();
                firsts &= firsts - 1;
                let idx = root.child_unchecked(l);
                let node = nodes[idx as usize];
                let mut used: u64 = 1 << start;
                let on_open = if start == open {
                    found(idx, node, l as u8);
                    l as u8
                } else {
                    base += visit(marks, idx, node, stamp);
                    NONE
                };
                stack[0] = Frame {
                    node,
                    cand: node.children() & t.near_letters[start],
                    open_cand: if on_open == NONE && near_open & (1 << start) != 0 {
                        node.children() & allowed
                    } else {
                        0
                    },
                    cells: 0,
                    child: 0,
                    cell: start as u8,
                    open: on_open,
                };
                let mut top = 0usize;
                loop {
                    // SAFETY: top <= number of cells <= MAX_CELLS, the stack holds MAX_CELLS + 1.
                    let f = unsafe { stack.get_unchecked_mut(top) };
                    if f.cells != 0 {
                        let nc = f.cells.trailing_zeros();
                        f.cells &= f.cells - 1;
                        let idx = f.child;
                        let on_open = f.open;
                        // SAFETY: child indices come from the trie and are in bounds.
                        let node = unsafe { *nodes.get_unchecked(idx as usize) };
                        if on_open == NONE {
                            base += visit(marks, idx, node, stamp);
                        } else {
                            found(idx, node, on_open);
                        }
                        used |= 1 << nc;
                        top += 1;
                        let open_cand = if on_open == NONE && near_open & (1 << nc) != 0 {
                            node.children() & allowed
                        } else {
                            0
                        };
                        // SAFETY: as above.
                        unsafe {
                            *stack.get_unchecked_mut(top) = Frame {
                                node,
                                cand: node.children() & t.near_letters[nc as usize],
                                open_cand,
                                cells: 0,
                                child: 0,
                                cell: nc as u8,
                                open: on_open,
                            };
                        }
                    } else if f.cand != 0 {
                        let l = f.cand.trailing_zeros();
                        f.cand &= f.cand - 1;
                        f.cells = t.near_cells[f.cell as usize][l as usize] & !used;
                        f.child = f.node.child_unchecked(l);
                    } else if f.open_cand != 0 {
                        // Step onto the open cell with its next letter.
                        let l = f.open_cand.trailing_zeros();
                        f.open_cand &= f.open_cand - 1;
                        let idx = f.node.child_unchecked(l);
                        // SAFETY: as above.
                        let node = unsafe { *nodes.get_unchecked(idx as usize) };
                        found(idx, node, l as u8);
                        used |= 1 << open;
                        top += 1;
                        // SAFETY: as above.
                        unsafe {
                            *stack.get_unchecked_mut(top) = Frame {
                                node,
                                cand: node.children() & t.near_letters[open],
                                open_cand: 0,
                                cells: 0,
                                child: 0,
                                cell: open as u8,
                                open: l as u8,
                            };
                        }
                    } else {
                        used &= !(1u64 << f.cell);
                        if top == 0 {
                            break;
                        }
                        top -= 1;
                    }
                }
            }
        }
        base
    }
}
