//! The solver: every word on a board, its score, multiboggle score and all-paths count.
//!
//! The hot path ([`Solver::score`]) is a depth-first search with an explicit stack that, at
//! each cell, only follows letters that are both trie children and present among the cell's
//! neighbours, then only the unused neighbours holding that letter. Each word is counted once
//! with a per-node mark stamped with the current board's number, so nothing is cleared between
//! boards.

use crate::engine::board::{neighbour_masks, Board, MAX_CELLS};
use crate::engine::dictionary::{Dictionary, Node, ROOT};
use std::collections::HashSet;
use std::sync::Arc;

mod found;
mod group;
mod variants;

pub use group::MAX_GROUP;

/// A word found on a board, with its points and one path (row-major cell indices).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FoundWord {
    /// The word spelled out (`qu` in full).
    pub word: String,
    /// Points for the word.
    pub points: u32,
    /// Cells in order, row-major indices.
    pub path: Vec<u8>,
}

/// Called at each word node of a walk with `(node, points, used cells, path)`.
type OnWord<'a> = dyn FnMut(u32, u32, u64, &[u8]) + 'a;

/// Per-board lookup tables, rebuilt for every board.
struct Tables {
    rows: usize,
    cols: usize,
    /// Neighbour masks for the current shape.
    adjacency: Vec<u64>,
    /// Letter of each cell.
    letters: [u8; MAX_CELLS],
    /// For each cell, the letters present among its neighbours.
    near_letters: [u32; MAX_CELLS],
    /// For each cell and letter, the neighbours holding that letter.
    near_cells: [[u64; 26]; MAX_CELLS],
}

/// Solves boards against one dictionary; reuse one solver for many boards (it keeps its
/// scratch space and per-word marks between calls).
pub struct Solver {
    dict: Arc<Dictionary>,
    marks: Vec<u32>,
    stamp: u32,
    t: Box<Tables>,
    /// Scratch space of [`Solver::score_variants`], allocated on first use.
    variants: variants::VariantScratch,
    /// Scratch space of [`Solver::score_group`], allocated on first use.
    group: group::GroupScratch,
}

#[derive(Clone, Copy)]
struct Frame {
    node: Node,
    cand: u32,
    cells: u64,
    child: u32,
    cell: u8,
}

impl Solver {
    /// A solver for boards scored against `dict` (shared, so many solvers can use one list).
    pub fn new(dict: Arc<Dictionary>) -> Solver {
        Solver {
            marks: vec![0; dict.node_count()],
            dict,
            stamp: 0,
            t: Box::new(Tables {
                rows: 0,
                cols: 0,
                adjacency: Vec::new(),
                letters: [0; MAX_CELLS],
                near_letters: [0; MAX_CELLS],
                near_cells: [[0; 26]; MAX_CELLS],
            }),
            variants: Default::default(),
            group: Default::default(),
        }
    }

    /// The dictionary this solver scores against.
    pub fn dictionary(&self) -> &Arc<Dictionary> {
        &self.dict
    }

    fn prepare(&mut self, board: &Board) {
        let t = &mut *self.t;
        if (t.rows, t.cols) != (board.rows(), board.cols()) {
            t.rows = board.rows();
            t.cols = board.cols();
            t.adjacency = neighbour_masks(t.rows, t.cols);
        }
        let n = board.len();
        t.letters[..n].copy_from_slice(board.cells());
        for c in 0..n {
            let mut near = 0u32;
            let row = &mut t.near_cells[c];
            *row = [0; 26];
            let mut m = t.adjacency[c];
            while m != 0 {
                let nb = m.trailing_zeros() as usize;
                m &= m - 1;
                let l = t.letters[nb];
                near |= 1 << l;
                row[l as usize] |= 1 << nb;
            }
            t.near_letters[c] = near;
        }
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// The standard score: each distinct word once.
    ///
    /// ```
    /// # let dict = boggle::Dictionary::from_bytes(b"tea\ntee\neat\nate\n").unwrap();
    /// let mut solver = boggle::Solver::new(std::sync::Arc::new(dict));
    /// assert_eq!(solver.score(&boggle::Board::parse("teat", None).unwrap()), 3);
    /// ```
    pub fn score(&mut self, board: &Board) -> u32 {
        self.prepare(board);
        let stamp = self.next_stamp();
        self.score_impl(board.len(), stamp)
    }

    /// The search itself, kept out of line: inlined into its callers it was measured 4-7%
    /// slower on high-scoring boards.
    #[inline(never)]
    fn score_impl(&mut self, n: usize, stamp: u32) -> u32 {
        let nodes = self.dict.nodes();
        let marks = &mut self.marks[..];
        let t = &*self.t;
        let mut stack = [Frame {
            node: Node::default(),
            cand: 0,
            cells: 0,
            child: 0,
            cell: 0,
        }; MAX_CELLS + 1];
        let mut score = 0u32;
        let root = nodes[ROOT as usize];
        for start in 0..n {
            let l = t.letters[start];
            let Some(idx) = root.child(l) else { continue };
            // The start cell is pushed as a one-cell "choice" from a virtual parent.
            let mut used: u64 = 1 << start;
            let node = nodes[idx as usize];
            score += visit(marks, idx, node, stamp);
            stack[0] = Frame {
                node,
                cand: node.children() & t.near_letters[start],
                cells: 0,
                child: 0,
                cell: start as u8,
            };
            let mut top = 0usize;
            loop {
                // SAFETY: top <= number of cells <= MAX_CELLS, the stack holds MAX_CELLS + 1.
                let f = unsafe { stack.get_unchecked_mut(top) };
                if f.cells != 0 {
                    let nc = f.cells.trailing_zeros();
                    f.cells &= f.cells - 1;
                    let idx = f.child;
                    // SAFETY: child indices come from the trie and are in bounds.
                    let node = unsafe { *nodes.get_unchecked(idx as usize) };
                    score += visit(marks, idx, node, stamp);
                    // A node with no letter to follow here is done: no frame to push and pop.
                    let cand = node.children() & t.near_letters[nc as usize];
                    if cand != 0 {
                        used |= 1 << nc;
                        top += 1;
                        // SAFETY: as above.
                        unsafe {
                            *stack.get_unchecked_mut(top) = Frame {
                                node,
                                cand,
                                cells: 0,
                                child: 0,
                                cell: nc as u8,
                            };
                        }
                    }
                } else if f.cand != 0 {
                    let l = f.cand.trailing_zeros();
                    f.cand &= f.cand - 1;
                    f.cells = t.near_cells[f.cell as usize][l as usize] & !used;
                    f.child = f.node.child_unchecked(l);
                } else {
                    used &= !(1u64 << f.cell);
                    if top == 0 {
                        break;
                    }
                    top -= 1;
                }
            }
        }
        score
    }

    /// Walks every path that spells a word prefix, calling `on_word(node, points, used, path)`
    /// at each word node. Slower than [`Solver::score`] but general.
    fn walk(&mut self, board: &Board, on_word: &mut OnWord) {
        self.prepare(board);
        let dict = Arc::clone(&self.dict);
        let nodes = dict.nodes();
        let mut path = Vec::with_capacity(MAX_CELLS);
        for start in 0..board.len() {
            if let Some(idx) = nodes[ROOT as usize].child(self.t.letters[start]) {
                path.push(start as u8);
                self.walk_from(idx, start, 1 << start, &mut path, on_word);
                path.pop();
            }
        }
    }

    fn walk_from(
        &self,
        idx: u32,
        cell: usize,
        used: u64,
        path: &mut Vec<u8>,
        on_word: &mut OnWord,
    ) {
        let node = self.dict.nodes()[idx as usize];
        if node.points() > 0 {
            on_word(idx, node.points(), used, path);
        }
        let mut cand = node.children() & self.t.near_letters[cell];
        while cand != 0 {
            let l = cand.trailing_zeros();
            cand &= cand - 1;
            let child = node.child_unchecked(l);
            let mut cells = self.t.near_cells[cell][l as usize] & !used;
            while cells != 0 {
                let nc = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                path.push(nc as u8);
                self.walk_from(child, nc, used | 1 << nc, path, on_word);
                path.pop();
            }
        }
    }

    /// Every distinct word with its points and the first path found for it, sorted by points
    /// (highest first), then alphabetically.
    pub fn words(&mut self, board: &Board) -> Vec<FoundWord> {
        let stamp = self.next_stamp();
        let mut marks = std::mem::take(&mut self.marks);
        let mut found = Vec::new();
        self.walk(board, &mut |idx, points, _, path| {
            if marks[idx as usize] != stamp {
                marks[idx as usize] = stamp;
                found.push(FoundWord {
                    word: board.spell(path),
                    points,
                    path: path.to_vec(),
                });
            }
        });
        self.marks = marks;
        found.sort_by(|a, b| b.points.cmp(&a.points).then_with(|| a.word.cmp(&b.word)));
        found
    }

    /// The multiboggle score: a word counts once for every distinct set of cells spelling it.
    pub fn multiboggle_score(&mut self, board: &Board) -> u32 {
        let mut seen = HashSet::new();
        let mut score = 0;
        self.walk(board, &mut |idx, points, used, _| {
            if seen.insert((idx, used)) {
                score = u32::saturating_add(score, points);
            }
        });
        score
    }

    /// Points summed over every path that spells a word (a word found twice counts twice);
    /// for a single board this equals its max/no-mark bound. Saturates at `u32::MAX` like it.
    pub fn all_paths_score(&mut self, board: &Board) -> u32 {
        let mut score = 0u32;
        self.walk(board, &mut |_, points, _, _| {
            score = score.saturating_add(points)
        });
        score
    }
}

/// Marks a node as seen on this board and returns its points if it is a word not seen before.
/// Branch-free: every visited node gets the mark, and the points are masked by "not seen"
/// (measured faster than branching on "is this a word").
#[inline(always)]
fn visit(marks: &mut [u32], idx: u32, node: Node, stamp: u32) -> u32 {
    // SAFETY: `marks` has one entry per trie node and `idx` is a trie node index.
    let m = unsafe { marks.get_unchecked_mut(idx as usize) };
    let new = *m != stamp;
    *m = stamp;
    node.points() & (new as u32).wrapping_neg()
}
