//! Choosing the orientation a class is broken in. A class and its rotations and reflections
//! hold the same boards up to symmetry, but the orderly tree follows one fixed cell order, and
//! which cells come first changes the work a lot: the eight orientations of one 4x4 class
//! visited from 2.9 M to 27.5 M forced classes, and the tree's root bound ranked them well.
//! Building the tree in every orientation costs more than it saves, so only a class whose root
//! bound is far above the target (a hard one, where the tree is cheap next to the forcing)
//! *probes* the others: the root bound of the tree of every 32nd of its word entries, in each
//! orientation, computed without building it. When another orientation's probe is lower, the
//! tree is built again from the entries rekeyed for it. Each orientation is a cell order (the
//! split order seen through a symmetry of the board), so the class itself and the boards
//! reported stay as they are.

use super::OrderlyBreaker;
use crate::breaking::entry::Entry;
use crate::engine::symmetry::symmetries;

/// One word entry in this many goes into the probe trees.
const PROBE_EVERY: usize = 32;

impl OrderlyBreaker {
    /// The split order seen through each symmetry of a `rows x cols` board, the split order
    /// itself first, each distinct order once.
    pub(super) fn orientations(rows: usize, cols: usize, order: &[usize]) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = Vec::new();
        for perm in symmetries(rows, cols) {
            let o: Vec<usize> = order.iter().map(|&c| perm[c] as usize).collect();
            if !out.contains(&o) {
                out.push(o);
            }
        }
        out
    }

    /// Breaks the class in orientation `k` (of [`OrderlyBreaker::orientations`]) from now on:
    /// the cell order, each cell's rank and the letters and board counts by rank.
    pub(super) fn use_orientation(&mut self, k: usize) {
        let (order, orders) = (&mut self.order, &self.orders);
        order.clear();
        order.extend_from_slice(&orders[k]);
        for (r, &c) in self.order.iter().enumerate() {
            self.rank[c] = r as u8;
        }
        self.set_masks(self.masks);
    }

    /// With the tree of `entries` (keyed in the orientation in use) built: when its root
    /// bound is at least [`OrderlyBreaker::set_orient`] times the target, probes every
    /// orientation and, if another one's probe bound is lower, turns to it and builds the
    /// tree again from the entries rekeyed.
    pub(super) fn choose_orientation<E: Entry>(&mut self, entries: &mut Vec<E>) {
        let root = self.tree.sum(0).bound;
        if self.orders.len() < 2 || (root as f64) < self.orient * self.target as f64 {
            return;
        }
        let from = self.order.clone();
        let mut probe: Vec<E> = Vec::with_capacity(entries.len() / PROBE_EVERY + 1);
        let mut best = (u32::MAX, 0);
        for k in 0..self.orders.len() {
            let map = rank_map(&from, &self.orders[k]);
            probe.clear();
            probe.extend(
                entries
                    .iter()
                    .step_by(PROBE_EVERY)
                    .map(|e| e.with_key(rekey(e.key(), &map))),
            );
            probe.sort_unstable();
            probe.dedup_by(|a, b| a.same(b));
            let bound = root_bound(&probe, self.cells, &mut self.probe_levels);
            if bound < best.0 {
                best = (bound, k);
            }
        }
        if self.order == self.orders[best.1] {
            return;
        }
        let map = rank_map(&from, &self.orders[best.1]);
        for e in entries.iter_mut() {
            *e = e.with_key(rekey(e.key(), &map));
        }
        self.use_orientation(best.1);
        self.tree.build(entries, self.cells);
    }
}

/// A choice node open while [`root_bound`] reads entries: its rank, the best bound of its
/// children so far, and its open child's points plus the bounds of that child's choices.
#[derive(Clone, Copy)]
pub(super) struct Level {
    rank: u32,
    best: u32,
    open: u32,
}

/// The root bound of the orderly tree of `entries` (sorted by key, no two for the same word
/// on the same cells) over `cells` ranks, without building it: the tree is walked as it
/// would be built, keeping only the bounds of the choices on the open path.
pub(super) fn root_bound<E: Entry>(entries: &[E], cells: usize, levels: &mut Vec<Level>) -> u32 {
    levels.clear();
    let mut root = 0u32;
    let mut prev: Option<u128> = None;
    for e in entries {
        let key = e.key();
        let from = match prev {
            None => 0,
            Some(p) if p == key => cells,
            Some(p) => cells - 1 - (127 - (p ^ key).leading_zeros() as usize) / 5,
        };
        prev = Some(key);
        // Close the open path below that rank; a choice for that rank itself stays open.
        let mut reuse = false;
        while let Some(top) = levels.last_mut() {
            if top.rank as usize > from {
                let bound = top.best.max(top.open);
                levels.pop();
                match levels.last_mut() {
                    Some(l) => l.open = l.open.saturating_add(bound),
                    None => root = root.saturating_add(bound),
                }
            } else {
                if top.rank as usize == from {
                    top.best = top.best.max(top.open);
                    top.open = 0;
                    reuse = true;
                }
                break;
            }
        }
        for r in from..cells {
            if key >> (5 * (cells - 1 - r)) & 31 != 0 {
                if reuse {
                    reuse = false;
                } else {
                    levels.push(Level {
                        rank: r as u32,
                        best: 0,
                        open: 0,
                    });
                }
            }
        }
        match levels.last_mut() {
            Some(l) => l.open = l.open.saturating_add(e.points()),
            None => root = root.saturating_add(e.points()),
        }
    }
    while let Some(top) = levels.pop() {
        let bound = top.best.max(top.open);
        match levels.last_mut() {
            Some(l) => l.open = l.open.saturating_add(bound),
            None => root = root.saturating_add(bound),
        }
    }
    root
}

/// For each rank of order `to`, the rank of the same cell in order `from` (both list the
/// cells by rank): where [`rekey`] takes each digit from.
fn rank_map(from: &[usize], to: &[usize]) -> Vec<usize> {
    let mut rank_in_from = vec![0; from.len()];
    for (r, &c) in from.iter().enumerate() {
        rank_in_from[c] = r;
    }
    to.iter().map(|&c| rank_in_from[c]).collect()
}

/// A key with the digit of rank `src[r]` at each rank `r`. Shifts by a constant only: a
/// 128-bit shift by a variable amount takes a branch.
#[inline]
fn rekey(key: u128, src: &[usize]) -> u128 {
    let mut digits = [0u8; crate::engine::board::MAX_CELLS];
    let mut k = key;
    for d in digits[..src.len()].iter_mut().rev() {
        *d = (k & 31) as u8;
        k >>= 5;
    }
    src.iter().fold(0, |out, &s| out << 5 | digits[s] as u128)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::breaking::entry::Packed;
    use crate::breaking::tree::Tree;
    use crate::rng::Rng;

    /// Random entries over `cells` ranks: each rank absent or a letter, 1 to 11 points.
    fn entries(rng: &mut Rng, cells: usize, n: usize) -> Vec<Packed> {
        (0..n)
            .map(|_| {
                let mut key = 0u128;
                for _ in 0..cells {
                    // Mostly absent, so that entries share paths as words do.
                    let d = if rng.below(3) == 0 {
                        1 + rng.below(4)
                    } else {
                        0
                    };
                    key = key << 5 | d as u128;
                }
                let points = 1 + rng.below(11) as u32;
                Packed::new(key << Packed::KEY_SHIFT, rng.below(4) as u32, points)
            })
            .collect()
    }

    #[test]
    fn the_root_bound_without_a_tree_is_the_trees() {
        let mut rng = Rng::new(7);
        let mut levels = Vec::new();
        let mut tree = Tree::default();
        for round in 0..40 {
            let cells = [4, 9, 12, 16][round % 4];
            let n = 1 + rng.below(300);
            let mut v = entries(&mut rng, cells, n);
            tree.build(&mut v, cells);
            assert_eq!(
                root_bound(&v, cells, &mut levels),
                tree.sum(0).bound,
                "round {round}"
            );
        }
    }

    /// The four orientations of a 3x4 class around `perslatesind`, each broken with every
    /// class probed: most turn to another orientation, and each finds exactly the boards it
    /// finds without probing.
    #[test]
    fn a_class_broken_in_another_orientation_finds_the_same_boards() {
        use crate::bounds::BoardClass;
        use crate::breaking::ClassBreaker;
        use std::sync::Arc;
        let list = std::fs::read("wordlists/enable2k.txt").expect("run from the crate root");
        let dict = Arc::new(crate::Dictionary::from_bytes(&list).expect("loads"));
        let class = BoardClass::parse(
            "{p,b,c,d} {e,a,i,o} {r,l,n,s} {s,t,r,n} / {l,r,n,t} {a,e,i,o} {t,s,r,l} {e,i,a,o} / \
             {s,r,t,n} {i,e,a,o} {n,t,r,s} {d,s,t,r}",
            None,
        )
        .unwrap();
        let mut turned = 0;
        for perm in symmetries(3, 4) {
            let masks = perm.iter().map(|&c| class.masks()[c as usize]).collect();
            let image = BoardClass::new(3, 4, masks).unwrap();
            let mut found = Vec::new();
            for orient in [f64::INFINITY, 0.0] {
                let mut b = OrderlyBreaker::new(Arc::clone(&dict), 1500);
                b.set_orient(orient);
                b.start(&image).unwrap();
                b.step(1);
                if orient == 0.0 && b.order != b.orders[0] {
                    turned += 1;
                }
                b.run();
                let mut boards = b.tally().found.clone();
                boards.sort();
                found.push(boards);
            }
            assert!(!found[0].is_empty(), "{image}");
            assert_eq!(found[0], found[1], "{image}");
        }
        assert!(turned >= 2, "only {turned} of 4 images turned");
    }

    #[test]
    fn rekeying_moves_each_cells_letter_to_its_new_rank() {
        let orders = OrderlyBreaker::orientations(4, 4, &crate::breaking::split_order(4, 4));
        assert_eq!(orders.len(), 8, "a square board has eight orientations");
        let order = crate::breaking::split_order(3, 4);
        assert_eq!(OrderlyBreaker::orientations(3, 4, &order).len(), 4);
        let mut rng = Rng::new(11);
        for e in entries(&mut rng, 16, 50) {
            let key = e.key();
            for to in &orders {
                let moved = rekey(key, &rank_map(&orders[0], to));
                // The cell at each rank of `to` has the letter it had in the split order.
                for (r, &cell) in to.iter().enumerate() {
                    let from = orders[0].iter().position(|&c| c == cell).unwrap();
                    let digit = |k: u128, rank: usize| k >> (5 * (15 - rank)) & 31;
                    assert_eq!(digit(moved, r), digit(key, from));
                }
                assert_eq!(rekey(moved, &rank_map(to, &orders[0])), key);
            }
        }
    }
}
