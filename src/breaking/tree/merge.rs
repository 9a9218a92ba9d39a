//! Forcing a rank by merging, one level of the merged tree at a time.
//!
//! Merging follows chains of dependent loads (a sum node, its run of choices, their runs of
//! children, their choices...) through a tree far bigger than the cache, and a depth-first
//! merge waits on each of them in turn. Here the merge goes breadth first: every pair of sum
//! nodes still to merge at one level is queued, so the runs of the pairs a few places ahead in
//! the queue can be asked for while the current one is merged. A merged node whose children
//! are still queued is listed, and gets its bound in a second pass, deepest level first.

use super::{grow, Choice, Sum, Tree, View, PAIR};

/// A bound not yet known: the node's children are still to be merged. No real bound reaches
/// it (a class's tree holds at most `u32::MAX / 22` entries of at most 11 points each).
const PENDING: u32 = u32::MAX;

/// A merged sum node's bound while its choices' are not all known: its points, flagged. No real
/// bound reaches the flag (see [`PENDING`]).
const UNSETTLED: u32 = 1 << 31;

/// How far ahead in a level's queue the runs of choices of a pair are asked for.
const AHEAD_CHOICES: usize = 24;

/// How far ahead the children of a pair's shared choices are asked for (their choices were
/// asked for `AHEAD_CHOICES - AHEAD_CHILDREN` pairs earlier).
const AHEAD_CHILDREN: usize = 12;

/// Two sum nodes to merge into the node at `slot`: the first waits in the slot itself, so
/// that the queues take less memory.
#[derive(Clone, Copy)]
pub(super) struct Pending {
    slot: u32,
    b: View,
}

impl Tree {
    /// [`Tree::force`], merging only `depth` sum levels deep (at least 1): below that, the
    /// sum nodes both sides hold stay apart as a pair (see [`PAIR`]), bounded by their bounds
    /// added. A looser bound for far fewer nodes, for a tree that is only walked along.
    pub fn force_shallow(&mut self, s: u32, rank: usize, letter: u32, depth: u32) -> u32 {
        debug_assert!(depth >= 1);
        self.pair_depth = depth;
        let root = self.force(s, rank, letter);
        self.pair_depth = 0;
        root
    }

    /// Forces `rank` to `letter` below root `s`, whose choices are all for `rank` or later
    /// ranks: a new sum node that merges `s` without its choice for `rank` with that choice's
    /// child for the letter. Returns the new root.
    pub fn force(&mut self, s: u32, rank: usize, letter: u32) -> u32 {
        let mut rest = View::from(self.sums[s as usize]);
        let mut child = None;
        // Every choice is for `rank` or later, so one for `rank` comes first.
        if rest.ranks >> rank & 1 != 0 {
            let c = self.choices[rest.first as usize];
            child = self.child_sum(c, letter);
            rest.first += 1;
            rest.ranks &= !(1 << rank);
            rest.bound -= c.bound;
        }
        let dst = self.add_sums(1);
        match child {
            Some(b) => self.merge_into(dst, rest, View::from(b)),
            None => self.sums[dst as usize] = rest.into(),
        }
        dst
    }

    /// Makes the sum node at `dst` the merge of `a` and `b`: points add up, choice nodes for
    /// the same rank merge letter by letter, subtrees only one side holds are shared.
    fn merge_into(&mut self, dst: u32, a: View, b: View) {
        if let Some(s) = self.merge_at_once(a, b, 0) {
            self.sums[dst as usize] = s;
            return;
        }
        let mut queue = std::mem::take(&mut self.queue);
        let mut next = std::mem::take(&mut self.next);
        let mut spans = std::mem::take(&mut self.spans);
        queue.clear();
        spans.clear();
        self.unsettled_choices.clear();
        self.unsettled_sums.clear();
        self.sums[dst as usize] = a.into();
        queue.push(Pending { slot: dst, b });
        let mut depth = 0;
        while !queue.is_empty() {
            spans.push(self.unsettled_lengths());
            next.clear();
            self.merge_level(&queue, &mut next, depth);
            std::mem::swap(&mut queue, &mut next);
            depth += 1;
        }
        spans.push(self.unsettled_lengths());
        // Bounds, deepest level first: a level's choices take their best child (children
        // merged at the next level are done), then the level's merged nodes add up their
        // choices.
        for level in (0..spans.len() - 1).rev() {
            let (c0, s0) = spans[level];
            let (c1, s1) = spans[level + 1];
            for i in c0..c1 {
                let k = self.unsettled_choices[i as usize];
                self.settle_choice(k);
            }
            for i in s0..s1 {
                let k = self.unsettled_sums[i as usize];
                self.settle_sum(k);
            }
        }
        debug_assert!(self.sums[dst as usize].bound & UNSETTLED == 0);
        self.queue = queue;
        self.next = next;
        self.spans = spans;
    }

    /// Where the next level's entries start in the lists of nodes waiting for their bounds.
    fn unsettled_lengths(&self) -> (u32, u32) {
        (
            self.unsettled_choices.len() as u32,
            self.unsettled_sums.len() as u32,
        )
    }

    /// The merge of `a` and `b` when it needs no merging of choices: one side has none (the
    /// other's run is shared), or the merge is `pair_depth` deep (the two stay a pair).
    #[inline(always)]
    fn merge_at_once(&mut self, a: View, b: View, depth: u32) -> Option<Sum> {
        if a.ranks == 0 || b.ranks == 0 {
            let (run, other) = if a.ranks == 0 { (b, a) } else { (a, b) };
            // `other` has no choices: its bound is its points.
            return Some(Sum {
                bound: run.bound.saturating_add(other.bound),
                choices: run.first,
                ranks: run.ranks,
            });
        }
        if self.pair_depth != 0 && depth >= self.pair_depth {
            let at = self.add_sums(2);
            self.sums[at as usize] = a.into();
            self.sums[at as usize + 1] = b.into();
            return Some(Sum {
                bound: a.bound.saturating_add(b.bound),
                choices: at,
                ranks: PAIR,
            });
        }
        None
    }

    /// Merges every pair queued for one level, queueing on `next` the pairs of children both
    /// sides hold. Pairs ahead in the queue have their nodes asked for first.
    fn merge_level(&mut self, queue: &[Pending], next: &mut Vec<Pending>, depth: u32) {
        for (i, p) in queue.iter().enumerate() {
            if let Some(q) = queue.get(i + AHEAD_CHOICES) {
                prefetch(&self.choices, self.sums[q.slot as usize].choices);
                prefetch(&self.choices, q.b.first);
            }
            if let Some(q) = queue.get(i + AHEAD_CHILDREN) {
                self.prefetch_children(View::from(self.sums[q.slot as usize]), q.b);
            }
            let a = View::from(self.sums[p.slot as usize]);
            let merged = self.merge_runs(a, p.b, depth, next);
            if merged.bound & UNSETTLED != 0 {
                self.unsettled_sums.push(p.slot);
            }
            self.sums[p.slot as usize] = merged;
        }
    }

    /// Asks for the children of the choices for the ranks both `a` and `b` hold.
    #[inline(always)]
    fn prefetch_children(&self, a: View, b: View) {
        let mut both = a.ranks & b.ranks;
        while both != 0 {
            let below = (both & both.wrapping_neg()) - 1;
            both &= both - 1;
            for c in [
                self.choices[(a.first + (a.ranks & below).count_ones()) as usize],
                self.choices[(b.first + (b.ranks & below).count_ones()) as usize],
            ] {
                if !c.is_chain() {
                    prefetch(&self.sums, c.children);
                }
            }
        }
    }

    /// The merge of `a` and `b`, both with choices, at `depth`: its choices by rank in one
    /// contiguous run. Its bound is its points flagged [`UNSETTLED`] when some merged choice's
    /// is [`PENDING`].
    fn merge_runs(&mut self, a: View, b: View, depth: u32, next: &mut Vec<Pending>) -> Sum {
        let ranks = a.ranks | b.ranks;
        let n = ranks.count_ones();
        let first = self.choices.len() as u32;
        grow(&mut self.choices, n as usize);
        self.choices.resize((first + n) as usize, Choice::default());
        // The two sides' points: their bounds less their choices' bounds, taken as they are read.
        let mut points = a.bound.saturating_add(b.bound);
        let mut chosen = 0u32;
        let mut pending = false;
        let (mut i, mut j) = (a.first, b.first);
        let mut rest = ranks;
        for k in first..first + n {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let c = match (a.ranks & bit != 0, b.ranks & bit != 0) {
                (true, true) => {
                    i += 1;
                    j += 1;
                    let (ca, cb) = (self.choices[i as usize - 1], self.choices[j as usize - 1]);
                    points -= ca.bound + cb.bound;
                    self.merge_choice(i - 1, j - 1, depth + 1, next)
                }
                (true, false) => {
                    i += 1;
                    let c = self.choices[i as usize - 1];
                    points -= c.bound;
                    c
                }
                _ => {
                    j += 1;
                    let c = self.choices[j as usize - 1];
                    points -= c.bound;
                    c
                }
            };
            if c.bound == PENDING {
                self.unsettled_choices.push(k);
                pending = true;
            } else {
                chosen = chosen.saturating_add(c.bound);
            }
            self.choices[k as usize] = c;
        }
        Sum {
            bound: if pending {
                points | UNSETTLED
            } else {
                points.saturating_add(chosen)
            },
            choices: first,
            ranks,
        }
    }

    /// The letter-by-letter merge of choices `ca` and `cb` (same rank), whose children are at
    /// `depth`: children both hold are merged at once or queued.
    fn merge_choice(&mut self, ca: u32, cb: u32, depth: u32, next: &mut Vec<Pending>) -> Choice {
        let (a, b) = (self.choices[ca as usize], self.choices[cb as usize]);
        match (a.is_chain(), b.is_chain()) {
            (true, true) => return self.merge_chains(a, b, depth, next),
            (true, false) => return self.merge_chain_into(a, b, depth, next),
            (false, true) => return self.merge_chain_into(b, a, depth, next),
            (false, false) => {}
        }
        let (la, lb) = (a.letters(), b.letters());
        let letters = la | lb;
        let children = self.add_sums(letters.count_ones() as usize);
        let (mut child_a, mut child_b) = (a.children, b.children);
        let mut best = 0;
        let mut rest = letters;
        let mut slot = children;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let bound = match (la & bit != 0, lb & bit != 0) {
                (true, true) => {
                    let va = View::from(self.sums[child_a as usize]);
                    let vb = View::from(self.sums[child_b as usize]);
                    child_a += 1;
                    child_b += 1;
                    self.merge_or_queue(slot, va, vb, depth, next)
                }
                (true, false) => {
                    child_a += 1;
                    self.copy_sum(child_a - 1, slot)
                }
                _ => {
                    child_b += 1;
                    self.copy_sum(child_b - 1, slot)
                }
            };
            best = best.max(bound);
            slot += 1;
        }
        a.with_letters(letters, children, best)
    }

    /// The merge of chains `a` and `b` (same rank): one letter each, whose child is made from
    /// the chain.
    fn merge_chains(
        &mut self,
        a: Choice,
        b: Choice,
        depth: u32,
        next: &mut Vec<Pending>,
    ) -> Choice {
        let letters = a.letters() | b.letters();
        let children = self.add_sums(letters.count_ones() as usize);
        let mut best = 0;
        let mut rest = letters;
        let mut slot = children;
        while rest != 0 {
            let letter = rest.trailing_zeros();
            rest &= rest - 1;
            let bound = match (self.child_sum(a, letter), self.child_sum(b, letter)) {
                (Some(x), Some(y)) => {
                    self.merge_or_queue(slot, View::from(x), View::from(y), depth, next)
                }
                (Some(x), None) | (None, Some(x)) => {
                    self.sums[slot as usize] = x;
                    x.bound
                }
                (None, None) => unreachable!("the letter is in one of the choices"),
            };
            best = best.max(bound);
            slot += 1;
        }
        Choice::new(letters, a.rank() as u32, children, best)
    }

    /// The merge of chain `chain` with choice `other` (same rank, not a chain): `other`'s
    /// children, with the chain's one child merged with (or put beside) them.
    fn merge_chain_into(
        &mut self,
        chain: Choice,
        other: Choice,
        depth: u32,
        next: &mut Vec<Pending>,
    ) -> Choice {
        let bit = chain.letters();
        let letters = other.letters() | bit;
        let n = letters.count_ones() as usize;
        let children = self.add_sums(n);
        let at = (letters & (bit - 1)).count_ones() as usize;
        let from = other.children as usize;
        let to = children as usize;
        // The children before and after the chain's letter are the other's, as they are.
        self.sums.copy_within(from..from + at, to);
        let after = if other.letters() & bit != 0 { 1 } else { 0 };
        self.sums
            .copy_within(from + at + after..from + n - 1 + after, to + at + 1);
        let mine = self
            .child_sum(chain, bit.trailing_zeros())
            .expect("a chain has a child for its letter");
        let others = self.sums[to..to + n]
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != at)
            .map(|(_, s)| s.bound)
            .max()
            .unwrap_or(0);
        let bound = if after == 1 {
            let theirs = View::from(self.sums[from + at]);
            self.merge_or_queue(children + at as u32, View::from(mine), theirs, depth, next)
        } else {
            self.sums[to + at] = mine;
            mine.bound
        };
        other.with_letters(letters, children, others.max(bound))
    }

    /// Makes the node at `slot` the merge of `a` and `b` at `depth`, now when it can be, else
    /// queued for the next level (`a` waits in the slot). Returns its bound, [`PENDING`] when
    /// queued.
    #[inline(always)]
    fn merge_or_queue(
        &mut self,
        slot: u32,
        a: View,
        b: View,
        depth: u32,
        next: &mut Vec<Pending>,
    ) -> u32 {
        if let Some(s) = self.merge_at_once(a, b, depth) {
            self.sums[slot as usize] = s;
            return s.bound;
        }
        self.sums[slot as usize] = a.into();
        next.push(Pending { slot, b });
        PENDING
    }

    /// Copies sum node `from` to `slot`; returns its bound.
    #[inline(always)]
    fn copy_sum(&mut self, from: u32, slot: u32) -> u32 {
        let s = self.sums[from as usize];
        self.sums[slot as usize] = s;
        s.bound
    }

    /// Gives choice `k` the bound of its best child, now that all are known.
    fn settle_choice(&mut self, k: u32) {
        let c = self.choices[k as usize];
        let first = c.children as usize;
        let n = c.letters().count_ones() as usize;
        let best = self.sums[first..first + n]
            .iter()
            .map(|s| s.bound)
            .max()
            .unwrap_or(0);
        debug_assert!(best != PENDING);
        self.choices[k as usize] = c.with_letters(c.letters(), c.children, best);
    }

    /// Gives sum node `k` its points (kept flagged in its bound) plus its choices' bounds, now
    /// that all are known.
    fn settle_sum(&mut self, k: u32) {
        let s = self.sums[k as usize];
        debug_assert!(s.bound & UNSETTLED != 0);
        let first = s.choices as usize;
        let n = s.ranks.count_ones() as usize;
        let bound = self.choices[first..first + n]
            .iter()
            .fold(s.bound & !UNSETTLED, |b, c| b.saturating_add(c.bound));
        debug_assert!(bound != PENDING);
        self.sums[k as usize].bound = bound;
    }
}

/// Asks the processor to start loading `v[i]`, so that the load overlaps other work.
#[inline(always)]
fn prefetch<T>(v: &[T], i: u32) {
    #[cfg(target_arch = "x86_64")]
    if let Some(x) = v.get(i as usize) {
        // SAFETY: a prefetch has no effect but on the cache, and `x` is in bounds.
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                x as *const T as *const i8,
            )
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (v, i);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::breaking::entry::{Entry, Packed};
    use crate::rng::Rng;

    const CELLS: usize = 6;

    /// The tree of up to 300 random word entries over `CELLS` ranks and four letters.
    fn random_tree(rng: &mut Rng) -> Tree {
        let mut entries = Vec::new();
        for word in 0..1 + rng.below(300) {
            let mut key = 0u128;
            for _ in 0..1 + rng.below(CELLS) {
                let shift = Packed::KEY_SHIFT as usize + 5 * (CELLS - 1 - rng.below(CELLS));
                key = key & !(31 << shift) | (rng.below(4) as u128 + 1) << shift;
            }
            entries.push(Packed::new(key, word as u32, 1 + rng.below(11) as u32));
        }
        let mut t = Tree::default();
        t.build(&mut entries, CELLS);
        t
    }

    /// The points of the words complete at `s`: its bound less its choices'.
    fn points(t: &Tree, s: Sum) -> u32 {
        (0..s.ranks.count_ones()).fold(s.bound, |b, k| b - t.choice((s.choices + k) as usize).bound)
    }

    /// The bound of the merge of `a` and `b` at `depth`, by plain recursion over the letters.
    fn reference(t: &mut Tree, a: Sum, b: Sum, depth: u32) -> u32 {
        if a.ranks == 0 || b.ranks == 0 {
            return a.bound + b.bound;
        }
        if t.pair_depth != 0 && depth >= t.pair_depth {
            return a.bound + b.bound;
        }
        let mut bound = points(t, a) + points(t, b);
        for r in 0..CELLS {
            bound += match (a.choice_for(r), b.choice_for(r)) {
                (Some(i), Some(j)) => {
                    let (ca, cb) = (t.choices[i as usize], t.choices[j as usize]);
                    let mut best = 0;
                    for letter in 0..26 {
                        best = best.max(match (t.child_sum(ca, letter), t.child_sum(cb, letter)) {
                            (Some(x), Some(y)) => reference(t, x, y, depth + 1),
                            (Some(x), None) | (None, Some(x)) => x.bound,
                            (None, None) => 0,
                        });
                    }
                    best
                }
                (Some(i), None) | (None, Some(i)) => t.choices[i as usize].bound,
                (None, None) => 0,
            };
        }
        bound
    }

    /// Asserts that every node below `s` has a settled bound, at least what its children give
    /// it (a sum node's points are the rest), and a choice exactly its best child's.
    fn check(t: &Tree, s: Sum) {
        assert_eq!(s.bound & UNSETTLED, 0);
        if s.ranks == PAIR {
            let (x, y) = (t.sum(s.choices as usize), t.sum(s.choices as usize + 1));
            assert_eq!(s.bound, x.bound + y.bound);
            check(t, x);
            check(t, y);
            return;
        }
        let mut bound = 0;
        for k in 0..s.ranks.count_ones() {
            let c = t.choice((s.choices + k) as usize);
            bound += c.bound;
            if c.is_chain() {
                continue;
            }
            let first = c.children as usize;
            let kids: Vec<Sum> = (first..first + c.letters().count_ones() as usize)
                .map(|i| t.sum(i))
                .collect();
            assert_eq!(c.bound, kids.iter().map(|k| k.bound).max().unwrap());
            for k in kids {
                check(t, k);
            }
        }
        assert!(s.bound >= bound);
    }

    /// The bound forcing `rank` (the first of `root`'s) to `letter` should give.
    fn expected(t: &mut Tree, root: u32, rank: usize, letter: u32) -> u32 {
        let s = t.sum(root as usize);
        let c = t.choice(s.choices as usize);
        let mut rest = s;
        rest.choices += 1;
        rest.ranks &= !(1 << rank);
        rest.bound -= c.bound;
        let mark = t.mark();
        let want = match t.child_sum(c, letter) {
            Some(child) => reference(t, rest, child, 0),
            None => rest.bound,
        };
        t.truncate(mark);
        want
    }

    #[test]
    fn merging_by_levels_gives_the_bounds_of_a_plain_recursive_merge() {
        let mut rng = Rng::new(11);
        let mut forced = 0;
        for case in 0..400 {
            let mut t = random_tree(&mut rng);
            let root = t.sum(0);
            if root.ranks == 0 {
                continue;
            }
            let rank = root.ranks.trailing_zeros() as usize;
            for letter in 0..4 {
                for depth in [0, 1, 2] {
                    let mark = t.mark();
                    t.pair_depth = depth;
                    let want = expected(&mut t, 0, rank, letter);
                    let got = if depth == 0 {
                        t.force(0, rank, letter)
                    } else {
                        t.force_shallow(0, rank, letter, depth)
                    };
                    let s = t.sum(got as usize);
                    assert_eq!(s.bound, want, "case {case}, letter {letter}, depth {depth}");
                    check(&t, s);
                    forced += 1;
                    // A merged tree merged again, at its own first rank.
                    if depth == 0 && s.ranks != 0 {
                        let next = s.ranks.trailing_zeros() as usize;
                        for second in 0..4 {
                            let want = expected(&mut t, got, next, second);
                            let again = t.force(got, next, second);
                            let s = t.sum(again as usize);
                            assert_eq!(s.bound, want, "case {case}, then {next}={second}");
                            check(&t, s);
                            forced += 1;
                        }
                    }
                    t.truncate(mark);
                }
            }
        }
        assert!(forced > 5000, "{forced} forced trees checked");
    }
}
