//! The solver: every word on a board, its score, multiboggle score and all-paths count, and
//! (`solver/repeats.rs`) the points its words score again on further sets of cells.
//!
//! The hot path ([`Solver::score`]) extends a stack of paths, four at a time so that their
//! memory loads overlap (`solver/paths.rs`), from each cell only to the unused neighbours whose
//! letter the trie continues with (found for all neighbours at once: `solver/next_cells.rs`).
//! Each word is counted once with a per-node mark stamped with the current board's number, so
//! nothing is cleared between boards and the order paths are taken in does not matter.

use crate::engine::board::{neighbour_masks, Board, MAX_CELLS};
use crate::engine::dictionary::{Dictionary, Node, ROOT};
use paths::Paths;
use std::collections::HashSet;
use std::sync::Arc;

mod found;
mod group;
mod limits;
mod next_cells;
mod paths;
mod repeats;
mod variants;

pub use group::MAX_GROUP;
pub use limits::{TooBigToSolve, MAX_CELL_SETS, MAX_PATHS};

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

impl FoundWord {
    /// Words in [`listing_order`](crate::engine::scoring::listing_order).
    pub fn listing_order(a: &Self, b: &Self) -> std::cmp::Ordering {
        crate::engine::scoring::listing_order((a.points, &a.word), (b.points, &b.word))
    }
}

/// Called at each word node of a walk with `(node, points, used cells, path)`; returns whether
/// the walk goes on (false ends it, as the path limit does).
type OnWord<'a> = dyn FnMut(u32, u32, u64, &[u8]) -> bool + 'a;

/// Per-board lookup tables, rebuilt for every board.
struct Tables {
    rows: usize,
    cols: usize,
    /// Letter of each cell.
    letters: [u8; MAX_CELLS],
    /// For each cell, the letters present among its neighbours.
    near_letters: [u32; MAX_CELLS],
    /// For each cell and letter, the neighbours holding that letter.
    near_cells: [[u64; 26]; MAX_CELLS],
    /// Each cell's neighbours, and those a trie node can step to (for the searches).
    next: next_cells::NextCells,
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
    /// Scratch space of [`Solver::repeated_points`], allocated on first use.
    repeats: repeats::RepeatScratch,
}

/// A path of the scoring search: its last trie node, the cells it uses and the unused
/// neighbours of its last cell that the node can step to.
#[derive(Clone, Copy)]
struct Path {
    node: Node,
    used: u64,
    cells: u64,
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
                letters: [0; MAX_CELLS],
                near_letters: [0; MAX_CELLS],
                near_cells: [[0; 26]; MAX_CELLS],
                next: Default::default(),
            }),
            variants: Default::default(),
            group: Default::default(),
            repeats: Default::default(),
        }
    }

    /// The dictionary this solver scores against.
    pub fn dictionary(&self) -> &Arc<Dictionary> {
        &self.dict
    }

    /// Readies the tables [`Solver::score`] reads for `board`.
    fn prepare(&mut self, board: &Board) {
        let t = &mut *self.t;
        if (t.rows, t.cols) != (board.rows(), board.cols()) {
            t.rows = board.rows();
            t.cols = board.cols();
            t.next.set_shape(&neighbour_masks(t.rows, t.cols));
        }
        let n = board.len();
        t.letters[..n].copy_from_slice(board.cells());
        t.next.set_letters(&t.letters[..n]);
    }

    /// Readies every table for `board`: those of [`Solver::prepare`] and the per-letter
    /// neighbour tables the other walks read.
    fn prepare_near(&mut self, board: &Board) {
        self.prepare(board);
        let t = &mut *self.t;
        for c in 0..board.len() {
            let mut near = 0u32;
            let row = &mut t.near_cells[c];
            *row = [0; 26];
            let mut m = t.next.neighbours(c);
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

    /// The standard score: each distinct word once; an error for a board whose paths through
    /// the word list are more than [`MAX_PATHS`].
    ///
    /// ```
    /// # let dict = boggle::Dictionary::from_bytes(b"tea\ntee\neat\nate\n").unwrap();
    /// let mut solver = boggle::Solver::new(std::sync::Arc::new(dict));
    /// assert_eq!(solver.score(&boggle::Board::parse("teat", None).unwrap()), Ok(3));
    /// ```
    pub fn score(&mut self, board: &Board) -> Result<u32, TooBigToSolve> {
        self.prepare(board);
        let stamp = self.next_stamp();
        let (score, done) =
            next_cells::by_vectors!(board.len(), self.search(board.len(), stamp, MAX_PATHS));
        if done {
            Ok(score)
        } else {
            Err(TooBigToSolve::Paths)
        }
    }

    /// [`Solver::score`] without its limit, for callers whose own work bounds a board's paths:
    /// the orderly breaker scores a board of a class whose words it listed within its limit
    /// (`MAX_CLASS_PATHS`), and every path of the board was among those.
    pub(crate) fn score_unlimited(&mut self, board: &Board) -> u32 {
        self.prepare(board);
        let stamp = self.next_stamp();
        next_cells::by_vectors!(board.len(), self.search(board.len(), stamp, u64::MAX)).0
    }

    /// The search, over paths (see `solver/paths.rs`): each a node, the cells used and the
    /// unused neighbours of its last cell that the node can step to. Kept out of line:
    /// inlined into its callers, the search before it was measured 4-7% slower on
    /// high-scoring boards.
    #[inline(never)]
    fn search<const V: usize>(&mut self, n: usize, stamp: u32, limit: u64) -> (u32, bool) {
        let nodes = self.dict.nodes();
        let marks = &mut self.marks[..];
        let t = &*self.t;
        let next = t.next.lookup::<V>();
        let mut paths = Paths::<Path, { paths::room(8, 0, 0, MAX_CELLS) }>::new();
        let mut score = 0u32;
        let root = nodes[ROOT as usize];
        let mut first = 0;
        let mut to = paths.top(&mut first);
        for start in 0..n {
            let Some(idx) = root.child(t.letters[start]) else {
                continue;
            };
            let node = nodes[idx as usize];
            score += visit(marks, idx, node, stamp);
            let used: u64 = 1 << start;
            let cells = next.next(node.packed(), start) & !used;
            to.push(Path { node, used, cells }, cells != 0);
        }
        let done = paths.run(
            first,
            limit,
            |Path {
                 node,
                 used,
                 mut cells,
             },
             to| {
                while cells != 0 {
                    let cell = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    let idx = next.child(node, cell);
                    // SAFETY: child indices come from the trie and are in bounds.
                    let child = unsafe { *nodes.get_unchecked(idx as usize) };
                    score += visit(marks, idx, child, stamp);
                    let used = used | 1 << cell;
                    let cells = next.next(child.packed(), cell) & !used;
                    to.push(
                        Path {
                            node: child,
                            used,
                            cells,
                        },
                        cells != 0,
                    );
                }
            },
        );
        (score, done)
    }

    /// Walks every path that spells a word prefix, calling `on_word(node, points, used, path)`
    /// at each word node. Slower than [`Solver::score`] but general. Gives up past
    /// [`MAX_PATHS`] paths, and stops (with the same error) once `on_word` returns false: a
    /// caller that stops it says why before it passes this error on.
    fn walk(&mut self, board: &Board, on_word: &mut OnWord) -> Result<(), TooBigToSolve> {
        if self.walk_avoiding(board, 0, MAX_PATHS, on_word) {
            Ok(())
        } else {
            Err(TooBigToSolve::Paths)
        }
    }

    /// [`Solver::walk`] over the paths that avoid the cells of `closed` (a bit mask), giving
    /// up (false) past `limit` paths or when `on_word` returns false.
    fn walk_avoiding(
        &mut self,
        board: &Board,
        closed: u64,
        limit: u64,
        on_word: &mut OnWord,
    ) -> bool {
        self.prepare_near(board);
        let mut m = closed;
        while m != 0 {
            self.close_cell(m.trailing_zeros() as usize);
            m &= m - 1;
        }
        let dict = Arc::clone(&self.dict);
        let nodes = dict.nodes();
        let mut path = Vec::with_capacity(MAX_CELLS);
        let mut left = limit;
        for start in 0..board.len() {
            if closed >> start & 1 != 0 {
                continue;
            }
            if let Some(idx) = nodes[ROOT as usize].child(self.t.letters[start]) {
                path.push(start as u8);
                if !self.walk_from(idx, start, 1 << start, &mut path, &mut left, on_word) {
                    return false;
                }
                path.pop();
            }
        }
        true
    }

    /// The walk from the path `path` (ending on `cell`, at trie node `idx`): false once it
    /// has taken the last of `left` paths or `on_word` said to stop.
    fn walk_from(
        &self,
        idx: u32,
        cell: usize,
        used: u64,
        path: &mut Vec<u8>,
        left: &mut u64,
        on_word: &mut OnWord,
    ) -> bool {
        if *left == 0 {
            return false;
        }
        *left -= 1;
        let node = self.dict.nodes()[idx as usize];
        if node.points() > 0 && !on_word(idx, node.points(), used, path) {
            return false;
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
                if !self.walk_from(child, nc, used | 1 << nc, path, left, on_word) {
                    return false;
                }
                path.pop();
            }
        }
        true
    }

    /// Every distinct word with its points and the first path found for it, sorted by points
    /// (highest first), then alphabetically; an error past [`MAX_PATHS`] paths.
    pub fn words(&mut self, board: &Board) -> Result<Vec<FoundWord>, TooBigToSolve> {
        let stamp = self.next_stamp();
        let mut marks = std::mem::take(&mut self.marks);
        let mut found = Vec::new();
        let walked = self.walk(board, &mut |idx, points, _, path| {
            if marks[idx as usize] != stamp {
                marks[idx as usize] = stamp;
                found.push(FoundWord {
                    word: board.spell(path),
                    points,
                    path: path.to_vec(),
                });
            }
            true
        });
        self.marks = marks;
        walked?;
        found.sort_by(FoundWord::listing_order);
        Ok(found)
    }

    /// The multiboggle score: a word counts once for every distinct set of cells spelling it.
    /// An error past [`MAX_PATHS`] paths or [`MAX_CELL_SETS`] sets of cells.
    pub fn multiboggle_score(&mut self, board: &Board) -> Result<u32, TooBigToSolve> {
        let mut seen = HashSet::new();
        let mut score = 0;
        // The walk stops once the set is full.
        let walked = self.walk(board, &mut |idx, points, used, _| {
            if seen.insert((idx, used)) {
                score = u32::saturating_add(score, points);
            }
            seen.len() < MAX_CELL_SETS
        });
        if seen.len() >= MAX_CELL_SETS {
            return Err(TooBigToSolve::CellSets);
        }
        walked?;
        Ok(score)
    }

    /// Every distinct word, as [`Solver::words`] lists them, with the multiboggle rule's points:
    /// the word's points once for every distinct set of cells spelling it. The points sum to
    /// [`Solver::multiboggle_score`], and the same errors.
    pub fn multiboggle_words(&mut self, board: &Board) -> Result<Vec<FoundWord>, TooBigToSolve> {
        let mut sets = std::collections::HashMap::<u32, HashSet<u64>>::new();
        let mut kept = 0;
        let mut found = Vec::new();
        // The walk stops once the sets are full.
        let walked = self.walk(board, &mut |idx, points, used, path| {
            let cells = sets.entry(idx).or_default();
            if cells.is_empty() {
                found.push((idx, points, path.to_vec()));
            }
            kept += cells.insert(used) as usize;
            kept < MAX_CELL_SETS
        });
        if kept >= MAX_CELL_SETS {
            return Err(TooBigToSolve::CellSets);
        }
        walked?;
        let mut words: Vec<FoundWord> = found
            .into_iter()
            .map(|(idx, points, path)| FoundWord {
                word: board.spell(&path),
                points: points.saturating_mul(sets[&idx].len() as u32),
                path,
            })
            .collect();
        words.sort_by(FoundWord::listing_order);
        Ok(words)
    }

    /// Points summed over every path that spells a word (a word found twice counts twice);
    /// for a single board this equals its max/no-mark bound. Saturates at `u32::MAX` like it.
    /// An error past [`MAX_PATHS`] paths.
    pub fn all_paths_score(&mut self, board: &Board) -> Result<u32, TooBigToSolve> {
        let mut score = 0u32;
        self.walk(board, &mut |_, points, _, _| {
            score = score.saturating_add(points);
            true
        })?;
        Ok(score)
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
