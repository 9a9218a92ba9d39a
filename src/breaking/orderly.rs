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
//! Breaking then forces cells in that order, one letter at a time. Since a cell's choice nodes
//! are never below a later cell's, forcing cell `r` only replaces the open choice nodes for
//! `r` by their child for the letter: the new bound is an update of the old one, and the work
//! is proportional to the number of those nodes, not to a new search. A cell with no open
//! choice node cannot change the bound, so its letters are not split at all; the boards that
//! survive to the end are scored exactly with [`Solver::score`].

use crate::bounds::BoardClass;
use crate::breaking::{split_order, BreakError, ClassBreaker, Survivor, Tally};
use crate::engine::board::{neighbour_masks, Board, MAX_CELLS};
use crate::engine::dictionary::{Dictionary, Node, ROOT};
use crate::engine::solver::Solver;
use std::sync::Arc;

/// The most cells an orderly key holds (5 bits a cell in a `u128`): boards up to 5x5.
pub const MAX_ORDERLY_CELLS: usize = 25;

/// One way of spelling a word: the letter (plus one; 0 = not on the path) of each cell in rank
/// order, most significant first; the word's trie node; its points.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Entry {
    key: u128,
    word: u32,
    points: u32,
}

/// The tree, as flat arrays. Sum node 0 is the root.
#[derive(Default)]
struct Tree {
    sum_points: Vec<u32>,
    sum_bound: Vec<u32>,
    sum_choices: Vec<u32>,
    sum_choice_len: Vec<u8>,
    choice_rank: Vec<u8>,
    choice_letters: Vec<u32>,
    choice_children: Vec<u32>,
    choice_bound: Vec<u32>,
}

impl Tree {
    fn clear(&mut self) {
        self.sum_points.clear();
        self.sum_bound.clear();
        self.sum_choices.clear();
        self.sum_choice_len.clear();
        self.choice_rank.clear();
        self.choice_letters.clear();
        self.choice_children.clear();
        self.choice_bound.clear();
    }

    fn add_sums(&mut self, n: usize) -> u32 {
        let first = self.sum_points.len() as u32;
        let len = self.sum_points.len() + n;
        self.sum_points.resize(len, 0);
        self.sum_bound.resize(len, 0);
        self.sum_choices.resize(len, 0);
        self.sum_choice_len.resize(len, 0);
        first
    }

    fn add_choices(&mut self, n: usize) -> u32 {
        let first = self.choice_rank.len() as u32;
        let len = self.choice_rank.len() + n;
        self.choice_rank.resize(len, 0);
        self.choice_letters.resize(len, 0);
        self.choice_children.resize(len, 0);
        self.choice_bound.resize(len, 0);
        first
    }
}

/// One level of the forcing search: rank `rank` is being forced, one letter (or, when it
/// cannot change the bound, all its letters at once) at a time.
#[derive(Clone, Copy)]
struct Frame {
    rank: u8,
    /// Letters of the cell still to try.
    left: u32,
    /// The bound with this rank not yet forced.
    bound: u32,
    /// The sum of the bounds of the open choice nodes for this rank.
    open_bound: u32,
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
    shape: (usize, usize),
    cells: usize,
    /// Cell of each rank, and rank of each cell.
    order: Vec<usize>,
    rank: [u8; MAX_CELLS],
    adjacency: [u64; MAX_CELLS],
    /// The class's letters per cell, and per rank.
    masks: [u32; MAX_CELLS],
    rank_masks: [u32; MAX_CELLS],
    /// Boards in ranks `r..`: the product of their cells' sizes.
    boards_from: [f64; MAX_CELLS + 1],
    entries: Vec<Entry>,
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
    tally: Tally,
    /// Entries and tree nodes of the last class built.
    last_size: (usize, usize),
}

impl OrderlyBreaker {
    /// A breaker reporting boards that score at least `target`.
    pub fn new(dict: Arc<Dictionary>, target: u32) -> OrderlyBreaker {
        OrderlyBreaker {
            solver: Solver::new(Arc::clone(&dict)),
            marks: vec![0; dict.node_count()],
            dict,
            target,
            shape: (0, 0),
            cells: 0,
            order: Vec::new(),
            rank: [0; MAX_CELLS],
            adjacency: [0; MAX_CELLS],
            masks: [0; MAX_CELLS],
            rank_masks: [0; MAX_CELLS],
            boards_from: [1.0; MAX_CELLS + 1],
            entries: Vec::new(),
            stamp: 0,
            sum_union: 0,
            tree: Tree::default(),
            open: Vec::new(),
            saved: Vec::new(),
            frames: Vec::new(),
            assigned: [0; MAX_CELLS],
            board: Board::filled(2, 2, 0).expect("valid shape"),
            tally: Tally::default(),
            last_size: (0, 0),
        }
    }

    /// Whether a class of this shape can be broken here (at most [`MAX_ORDERLY_CELLS`] cells).
    pub fn supports(rows: usize, cols: usize) -> bool {
        rows * cols <= MAX_ORDERLY_CELLS
    }

    /// Clears statistics and found boards.
    pub fn reset(&mut self) {
        self.tally = Tally::default();
        self.frames.clear();
    }

    /// True when the class being broken is finished.
    pub fn is_done(&self) -> bool {
        self.frames.is_empty()
    }

    /// Word entries and tree nodes (sum + choice) of the last class's tree, for benchmarks.
    pub fn last_tree_size(&self) -> (usize, usize) {
        self.last_size
    }

    /// Starts breaking `class`: searches it once and builds its tree (the costly part), or
    /// eliminates it at once when its sum/union bound is already below the target.
    pub fn start(&mut self, class: &BoardClass) -> Result<(), BreakError> {
        if let Some(cell) = class.masks().iter().position(|&m| m == 0) {
            return Err(BreakError::EmptyCell { cell });
        }
        assert!(
            OrderlyBreaker::supports(class.rows(), class.cols()),
            "orderly trees hold at most {MAX_ORDERLY_CELLS} cells"
        );
        self.prepare(class);
        self.frames.clear();
        self.tally.stats.classes += 1;
        self.tally.stats.bound_evals += 1;
        self.tally.stats.depth = 0;
        self.collect();
        let n = self.cells;
        if self.sum_union < self.target {
            self.eliminate(self.boards_from[0]);
            return Ok(());
        }
        self.build();
        let root_bound = self.tree.sum_bound[0];
        if root_bound < self.target {
            self.eliminate(self.boards_from[0]);
            return Ok(());
        }
        self.tally.stats.split += 1;
        for o in &mut self.open {
            o.clear();
        }
        let (first, len) = (self.tree.sum_choices[0], self.tree.sum_choice_len[0] as u32);
        for c in first..first + len {
            self.open[self.tree.choice_rank[c as usize] as usize].push(c);
        }
        self.push_frame(0, root_bound);
        debug_assert!(n > 0);
        Ok(())
    }

    /// Works on up to `max_nodes` forced classes; returns true when the class is finished.
    pub fn step(&mut self, max_nodes: usize) -> bool {
        let mut budget = max_nodes;
        while budget > 0 {
            let Some(f) = self.frames.last_mut() else {
                break;
            };
            if f.left == 0 {
                self.frames.pop();
                continue;
            }
            budget -= 1;
            let f = *f;
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
                f.bound - f.open_bound + self.force(r, letters.trailing_zeros())
            } else {
                f.bound
            };
            self.tally.stats.classes += 1;
            self.tally.stats.depth = r as u32 + 1;
            self.tally.stats.max_depth = self.tally.stats.max_depth.max(r as u32 + 1);
            let boards_below = self.boards_from[r + 1] * letters.count_ones() as f64;
            if bound < self.target {
                self.eliminate(boards_below);
            } else if r + 1 == self.cells {
                self.score_boards();
            } else {
                self.tally.stats.split += 1;
                self.push_frame(r + 1, bound);
            }
        }
        self.tally.stats.pending = self.frames.len();
        self.frames.is_empty()
    }

    fn eliminate(&mut self, boards: f64) {
        self.tally.stats.eliminated += 1;
        self.tally.stats.boards_eliminated += boards;
    }

    fn push_frame(&mut self, rank: usize, bound: u32) {
        let open_bound = self.open[rank]
            .iter()
            .map(|&c| self.tree.choice_bound[c as usize])
            .sum();
        let base = rank * self.cells;
        for t in rank + 1..self.cells {
            self.saved[base + t] = self.open[t].len() as u32;
        }
        self.frames.push(Frame {
            rank: rank as u8,
            left: self.rank_masks[rank],
            bound,
            open_bound,
        });
    }

    /// Forces rank `r` to `letter`: replaces each open choice node for `r` by its child for the
    /// letter, opening that child's choices. Returns the sum of those children's bounds.
    fn force(&mut self, r: usize, letter: u32) -> u32 {
        let t = &self.tree;
        let bit = 1u32 << letter;
        let below = bit - 1;
        let mut added = 0;
        let (head, tail) = self.open.split_at_mut(r + 1);
        for &c in &head[r] {
            let c = c as usize;
            let letters = t.choice_letters[c];
            if letters & bit == 0 {
                continue;
            }
            let s = (t.choice_children[c] + (letters & below).count_ones()) as usize;
            added += t.sum_bound[s];
            let first = t.sum_choices[s];
            for k in first..first + t.sum_choice_len[s] as u32 {
                let rank = t.choice_rank[k as usize] as usize;
                tail[rank - r - 1].push(k);
            }
        }
        added
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
            let score = self.solver.score(&self.board);
            self.tally.stats.boards_scored += 1;
            if score >= self.target {
                self.tally.stats.found += 1;
                self.tally.found.push(Survivor {
                    score,
                    board: self.board.to_string(),
                });
            }
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

    fn prepare(&mut self, class: &BoardClass) {
        let shape = (class.rows(), class.cols());
        self.cells = class.len();
        if self.shape != shape {
            self.shape = shape;
            self.order = split_order(shape.0, shape.1);
            for (r, &c) in self.order.iter().enumerate() {
                self.rank[c] = r as u8;
            }
            let adj = neighbour_masks(shape.0, shape.1);
            self.adjacency = [0; MAX_CELLS];
            self.adjacency[..adj.len()].copy_from_slice(&adj);
            self.open = vec![Vec::new(); self.cells];
            self.saved = vec![0; self.cells * self.cells];
            self.board = Board::filled(shape.0, shape.1, 0).expect("valid shape");
        }
        self.masks = [0; MAX_CELLS];
        self.masks[..self.cells].copy_from_slice(class.masks());
        for r in 0..self.cells {
            self.rank_masks[r] = self.masks[self.order[r]];
        }
        self.boards_from[self.cells] = 1.0;
        for r in (0..self.cells).rev() {
            self.boards_from[r] = self.boards_from[r + 1] * self.rank_masks[r].count_ones() as f64;
        }
    }

    /// Searches the class once, listing every (path, letters) that spells a word, and the
    /// class's sum/union bound on the way.
    fn collect(&mut self) {
        self.entries.clear();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
        let mut c = Collect {
            nodes: self.dict.nodes(),
            adjacency: &self.adjacency,
            masks: &self.masks,
            shift: &shifts(&self.rank, self.cells),
            entries: &mut self.entries,
            marks: &mut self.marks,
            stamp: self.stamp,
            sum_union: 0,
        };
        let root = c.nodes[ROOT as usize];
        for cell in 0..self.cells {
            c.choose(cell, root, 0, 0);
        }
        self.sum_union = c.sum_union;
    }

    /// Sorts the entries and builds the tree from them.
    fn build(&mut self) {
        self.entries.sort_unstable();
        // The same word on the same cells with the same letters counts once on any board.
        self.entries
            .dedup_by(|a, b| a.key == b.key && a.word == b.word);
        self.tree.clear();
        self.tree.add_sums(1);
        let n = self.cells;
        build_sum(
            &mut self.tree,
            &self.entries,
            n,
            0,
            0,
            self.entries.len(),
            0,
        );
        self.last_size = (
            self.entries.len(),
            self.tree.sum_points.len() + self.tree.choice_rank.len(),
        );
    }
}

/// The bit position of each cell's letter in a key: rank 0 is the most significant.
fn shifts(rank: &[u8; MAX_CELLS], cells: usize) -> [u32; MAX_CELLS] {
    let mut s = [0; MAX_CELLS];
    for c in 0..cells {
        s[c] = 5 * (cells as u32 - 1 - rank[c] as u32);
    }
    s
}

#[inline(always)]
fn digit(key: u128, cells: usize, rank: usize) -> u32 {
    ((key >> (5 * (cells - 1 - rank))) & 31) as u32
}

/// Fills sum node `s` from `entries[lo..hi]`, which agree on every rank before `rank`.
fn build_sum(
    t: &mut Tree,
    entries: &[Entry],
    cells: usize,
    s: u32,
    lo: usize,
    mut hi: usize,
    rank: usize,
) {
    // Entries absent from ranks rank..r sort first; those present at r form r's choice node.
    let mut groups = [(0u8, 0u32, 0u32); MAX_ORDERLY_CELLS];
    let mut ngroups = 0;
    for r in rank..cells {
        if lo >= hi {
            break;
        }
        let z = lo + entries[lo..hi].partition_point(|e| digit(e.key, cells, r) == 0);
        if z < hi {
            groups[ngroups] = (r as u8, z as u32, hi as u32);
            ngroups += 1;
        }
        hi = z;
    }
    // What is left is on no further cell: words complete at this node.
    let points: u32 = entries[lo..hi].iter().map(|e| e.points).sum();
    let first_choice = t.add_choices(ngroups);
    t.sum_points[s as usize] = points;
    t.sum_choices[s as usize] = first_choice;
    t.sum_choice_len[s as usize] = ngroups as u8;
    // Allocate each choice's children (one per letter present), contiguous.
    for (g, &(r, z, h)) in groups[..ngroups].iter().enumerate() {
        let mut letters = 0u32;
        for e in &entries[z as usize..h as usize] {
            letters |= 1 << (digit(e.key, cells, r as usize) - 1);
        }
        let c = (first_choice as usize) + g;
        t.choice_rank[c] = r;
        t.choice_letters[c] = letters;
        t.choice_children[c] = t.add_sums(letters.count_ones() as usize);
    }
    // Fill the children, then the bounds bottom-up.
    let mut bound = points;
    for (g, &(r, z, h)) in groups[..ngroups].iter().enumerate() {
        let c = (first_choice as usize) + g;
        let mut child = t.choice_children[c];
        let mut start = z as usize;
        let mut best = 0;
        while start < h as usize {
            let d = digit(entries[start].key, cells, r as usize);
            let end = start
                + entries[start..h as usize]
                    .partition_point(|e| digit(e.key, cells, r as usize) == d);
            build_sum(t, entries, cells, child, start, end, r as usize + 1);
            best = best.max(t.sum_bound[child as usize]);
            child += 1;
            start = end;
        }
        t.choice_bound[c] = best;
        bound += best;
    }
    t.sum_bound[s as usize] = bound;
}

/// The one search over the class that lists word entries.
struct Collect<'a> {
    nodes: &'a [Node],
    adjacency: &'a [u64; MAX_CELLS],
    masks: &'a [u32; MAX_CELLS],
    shift: &'a [u32; MAX_CELLS],
    entries: &'a mut Vec<Entry>,
    marks: &'a mut [u32],
    stamp: u32,
    sum_union: u32,
}

impl Collect<'_> {
    fn choose(&mut self, cell: usize, node: Node, used: u64, key: u128) {
        let mut cand = node.children() & self.masks[cell];
        let used = used | 1 << cell;
        while cand != 0 {
            let l = cand.trailing_zeros();
            cand &= cand - 1;
            let idx = node.child_unchecked(l);
            // SAFETY: `idx` is a trie node index.
            let child = unsafe { *self.nodes.get_unchecked(idx as usize) };
            let key = key | ((l as u128 + 1) << self.shift[cell]);
            let pts = child.points();
            if pts > 0 {
                self.entries.push(Entry {
                    key,
                    word: idx,
                    points: pts,
                });
                let mark = &mut self.marks[idx as usize];
                if *mark != self.stamp {
                    *mark = self.stamp;
                    self.sum_union += pts;
                }
            }
            if child.children() != 0 {
                let mut next = self.adjacency[cell] & !used;
                while next != 0 {
                    let nb = next.trailing_zeros() as usize;
                    next &= next - 1;
                    self.choose(nb, child, used, key);
                }
            }
        }
    }
}
