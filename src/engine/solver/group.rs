//! Scoring a group of boards that differ only on a few cells, in one walk.
//!
//! The boards of a group share every path that avoids their open cells. The walk follows each
//! path once; on an open cell it tries each letter some board holds there, carrying the set of
//! boards the path still fits (a 128-bit mask), and drops the path once no board fits. A word
//! found on a path that fits every board counts for all of them; any other word counts for
//! each board some path of it fits (each word once per board, as in [`Solver::score`]).
//! The breaker scores the boards that survive its bound this way, in the order it finds them.

use super::found::FoundOn;
use super::{visit, Solver};
use crate::engine::board::{Board, MAX_CELLS};
use crate::engine::dictionary::{Node, ROOT};

/// The most boards one group walk scores: one bit each in a `u128` (128 boards at once were
/// 9% faster than 64 where the breaker scores 1.1 M boards).
pub const MAX_GROUP: usize = 128;

#[derive(Clone, Copy)]
struct Frame {
    node: Node,
    /// Boards this path fits.
    alive: u128,
    /// Open neighbours still to step onto from this frame's cell.
    open_cells: u64,
    cells: u64,
    cand: u32,
    /// Letters still to try on open cell `open_cell`.
    open_letters: u32,
    child: u32,
    cell: u8,
    open_cell: u8,
}

/// Scratch space of [`Solver::score_group`]: the boards each word was found on through an
/// open cell, and which boards hold which letter on each open cell.
#[derive(Default)]
pub(super) struct GroupScratch {
    found: FoundOn<u128>,
    /// For each cell and letter, the boards holding that letter there (open cells only).
    holding: Vec<[u128; 26]>,
    /// For each cell, the letters some board holds there (0 for a fixed cell).
    allowed: Vec<u32>,
}

impl Solver {
    /// Scores up to [`MAX_GROUP`] boards that agree with `board` outside the cells `open`:
    /// board `i` holds `letters[i * open.len() + k]` on cell `open[k]` (letter indices,
    /// `a` = 0). Writes its score to `scores[i]`; equal to scoring each board with
    /// [`Solver::score`], and cheaper once a few boards share most of their cells.
    ///
    /// Panics when the slices disagree in length, a cell is not on the board, a letter is
    /// not below 26 or there are more than [`MAX_GROUP`] boards (a caller's mistake).
    ///
    /// ```
    /// # let dict = boggle::Dictionary::from_bytes(b"tea\ntee\neat\nate\n").unwrap();
    /// let mut solver = boggle::Solver::new(std::sync::Arc::new(dict));
    /// let board = boggle::Board::parse("teat", None).unwrap();
    /// // "teae" holds tea, tee, eat and ate; "teat" all but tee.
    /// let mut scores = [0; 2];
    /// solver.score_group(&board, &[3], &[4, 19], &mut scores);
    /// assert_eq!(scores, [4, 3]);
    /// ```
    pub fn score_group(
        &mut self,
        board: &Board,
        open: &[usize],
        letters: &[u8],
        scores: &mut [u32],
    ) {
        let count = scores.len();
        assert!(count <= MAX_GROUP, "at most {MAX_GROUP} boards");
        assert_eq!(
            letters.len(),
            count * open.len(),
            "one letter per board and open cell"
        );
        scores.fill(0);
        if count == 0 {
            return;
        }
        let all = u128::MAX >> (128 - count);
        let mut scratch = std::mem::take(&mut self.group);
        if scratch.holding.len() < board.len() {
            scratch.holding.resize(board.len(), [0; 26]);
        }
        scratch.allowed.clear();
        scratch.allowed.resize(board.len(), 0);
        // The letters each open cell holds, board by board; a cell on which every board holds
        // the same letter is fixed to it.
        let mut template = board.clone();
        let mut open_mask = 0u64;
        for (k, &cell) in open.iter().enumerate() {
            assert!(cell < board.len(), "open cells are on the board");
            let holding = &mut scratch.holding[cell];
            *holding = [0; 26];
            let mut allowed = 0u32;
            for i in 0..count {
                let l = letters[i * open.len() + k];
                assert!(l < 26, "letters are below 26");
                holding[l as usize] |= 1 << i;
                allowed |= 1 << l;
            }
            template.cells_mut()[cell] = allowed.trailing_zeros() as u8;
            if allowed.count_ones() > 1 {
                scratch.allowed[cell] = allowed;
                open_mask |= 1 << cell;
            }
        }
        self.prepare_near(&template);
        let mut m = open_mask;
        while m != 0 {
            self.close_cell(m.trailing_zeros() as usize);
            m &= m - 1;
        }
        let stamp = self.next_stamp();
        let n = self.dict.node_count();
        scratch.found.start(n, stamp);
        let base = self.walk_group(board.len(), open_mask, all, stamp, &mut scratch);
        // Words also found on a path every board holds are in the base already.
        scratch
            .found
            .add_points(self.dict.nodes(), &self.marks, stamp, scores);
        for s in scores.iter_mut() {
            *s += base;
        }
        self.group = scratch;
    }

    /// The walk itself: returns the points of words found on paths every board holds (marked
    /// with `stamp`) and records in `scratch` the words found on the others, by board.
    #[inline(never)]
    fn walk_group(
        &mut self,
        n: usize,
        open_mask: u64,
        all: u128,
        stamp: u32,
        scratch: &mut GroupScratch,
    ) -> u32 {
        let nodes = self.dict.nodes();
        let marks = &mut self.marks[..];
        let t = &*self.t;
        let GroupScratch {
            found: on_some,
            holding,
            allowed,
        } = scratch;
        let mut stack = [Frame {
            node: Node::default(),
            alive: 0,
            open_cells: 0,
            cells: 0,
            cand: 0,
            open_letters: 0,
            child: 0,
            cell: 0,
            open_cell: 0,
        }; MAX_CELLS + 1];
        let mut base = 0u32;
        // Counts a word node reached on a path that fits the boards `alive`.
        let mut found = |idx: u32, node: Node, alive: u128| -> u32 {
            if alive == all {
                return visit(marks, idx, node, stamp);
            }
            on_some.add(idx, node, stamp, alive);
            0
        };
        let root = nodes[ROOT as usize];
        for start in 0..n {
            let mut firsts = if open_mask & (1 << start) != 0 {
                root.children() & allowed[start]
            } else {
                root.children() & (1 << t.letters[start])
            };
            while firsts != 0 {
                let l = firsts.trailing_zeros();
                firsts &= firsts - 1;
                let alive = if open_mask & (1 << start) != 0 {
                    holding[start][l as usize]
                } else {
                    all
                };
                let idx = root.child_unchecked(l);
                let node = nodes[idx as usize];
                let mut used: u64 = 1 << start;
                base += found(idx, node, alive);
                stack[0] = Frame {
                    node,
                    alive,
                    open_cells: t.next.neighbours(start) & open_mask,
                    cells: 0,
                    cand: node.children() & t.near_letters[start],
                    open_letters: 0,
                    child: 0,
                    cell: start as u8,
                    open_cell: 0,
                };
                let mut top = 0usize;
                loop {
                    // SAFETY: top <= number of cells <= MAX_CELLS, the stack holds MAX_CELLS + 1.
                    let f = unsafe { stack.get_unchecked_mut(top) };
                    let (nc, idx, alive) = if f.cells != 0 {
                        let nc = f.cells.trailing_zeros();
                        f.cells &= f.cells - 1;
                        (nc, f.child, f.alive)
                    } else if f.cand != 0 {
                        let l = f.cand.trailing_zeros();
                        f.cand &= f.cand - 1;
                        f.cells = t.near_cells[f.cell as usize][l as usize] & !used;
                        f.child = f.node.child_unchecked(l);
                        continue;
                    } else if f.open_letters != 0 {
                        // Step onto the open cell with its next letter, if a board still fits.
                        let l = f.open_letters.trailing_zeros();
                        f.open_letters &= f.open_letters - 1;
                        let oc = f.open_cell as usize;
                        let alive = f.alive & holding[oc][l as usize];
                        if alive == 0 {
                            continue;
                        }
                        (oc as u32, f.node.child_unchecked(l), alive)
                    } else if f.open_cells & !used != 0 {
                        let oc = (f.open_cells & !used).trailing_zeros();
                        f.open_cells &= !(1 << oc);
                        f.open_cell = oc as u8;
                        f.open_letters = f.node.children() & allowed[oc as usize];
                        continue;
                    } else {
                        used &= !(1u64 << f.cell);
                        if top == 0 {
                            break;
                        }
                        top -= 1;
                        continue;
                    };
                    // SAFETY: child indices come from the trie and are in bounds.
                    let node = unsafe { *nodes.get_unchecked(idx as usize) };
                    base += found(idx, node, alive);
                    let cand = node.children() & t.near_letters[nc as usize];
                    let open_cells = t.next.neighbours(nc as usize) & open_mask & !used;
                    if cand != 0 || (open_cells != 0 && node.children() != 0) {
                        used |= 1 << nc;
                        top += 1;
                        // SAFETY: as above.
                        unsafe {
                            *stack.get_unchecked_mut(top) = Frame {
                                node,
                                alive,
                                open_cells,
                                cells: 0,
                                cand,
                                open_letters: 0,
                                child: 0,
                                cell: nc as u8,
                                open_cell: 0,
                            };
                        }
                    }
                }
            }
        }
        base
    }
}
