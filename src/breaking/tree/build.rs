//! Building an orderly tree from its sorted word entries in one pass, like a trie from sorted
//! strings: each entry shares the path of the one before it up to their first differing rank,
//! closes what lies below that, and opens nodes for the rest of its own path.
//!
//! The tree keeps a sum node's choices, and a choice node's children, contiguous. Nodes are
//! therefore staged on two stacks while open and copied into the tree's arrays when their
//! parent closes, by which time everything below them has its place.
//!
//! The entries are sorted first ([`sort_entries`]), by bucket of their first key digits and
//! then within each bucket: a large share of a class's time, which the bucket pass cuts.

use super::{grow, Choice, Sum, Tree};
use crate::breaking::entry::Entry;
use crate::engine::board::ALL_LETTERS_MASK;

/// A choice node on the open path: its rank, its letters so far, and where its closed children
/// and its open child's closed choices start on the staging stacks.
#[derive(Clone, Copy)]
struct Level {
    rank: u32,
    letters: u32,
    children: u32,
    /// The open child's points and the start of its closed choices.
    points: u32,
    choices: u32,
}

/// Staging space for [`build`], kept between classes.
#[derive(Default)]
pub(crate) struct Staging {
    levels: Vec<Level>,
    sums: Vec<Sum>,
    choices: Vec<Choice>,
}

/// Fills `t` (emptied first) with the tree of `entries`, sorted by key and with no two entries
/// for the same word on the same cells; sum node 0 is the root.
pub(crate) fn build<E: Entry>(t: &mut Tree, st: &mut Staging, entries: &[E], cells: usize) {
    t.sums.clear();
    t.choices.clear();
    st.levels.clear();
    st.sums.clear();
    st.choices.clear();
    grow(&mut t.sums, 1);
    t.sums.push(Sum::default());
    let mut root_points = 0u32;
    let mut prev: Option<u128> = None;
    for e in entries {
        let key = e.key();
        // The first rank whose letter differs from the previous entry's.
        let from = match prev {
            None => 0,
            Some(p) if p == key => {
                // Another word on the same cells with the same letters.
                match st.levels.last_mut() {
                    Some(l) => l.points = l.points.saturating_add(e.points()),
                    None => root_points = root_points.saturating_add(e.points()),
                }
                continue;
            }
            Some(p) => cells - 1 - (127 - (p ^ key).leading_zeros() as usize) / 5,
        };
        prev = Some(key);
        // Close the open path below that rank; keep a choice for that rank itself.
        let mut reuse = false;
        while let Some(&top) = st.levels.last() {
            if top.rank as usize > from {
                close_child(t, st);
                close_choice(t, st);
            } else {
                if top.rank as usize == from {
                    close_child(t, st);
                    reuse = true;
                }
                break;
            }
        }
        // Open the rest of this entry's path.
        let mut r = from;
        while r < cells {
            let d = digit(key, cells, r);
            if d != 0 {
                let bit = 1 << (d - 1);
                let choices = st.choices.len() as u32;
                if reuse {
                    let top = st.levels.last_mut().expect("reused choice is open");
                    top.letters |= bit;
                    top.points = 0;
                    top.choices = choices;
                    reuse = false;
                } else {
                    st.levels.push(Level {
                        rank: r as u32,
                        letters: bit,
                        children: st.sums.len() as u32,
                        points: 0,
                        choices,
                    });
                }
            }
            r += 1;
        }
        match st.levels.last_mut() {
            Some(l) => l.points = l.points.saturating_add(e.points()),
            None => root_points = root_points.saturating_add(e.points()),
        }
    }
    while !st.levels.is_empty() {
        close_child(t, st);
        close_choice(t, st);
    }
    t.sums[0] = close_sum(t, st, root_points, 0);
}

/// The most key digits that pick an entry's bucket in [`sort_entries`] (a million buckets).
const MAX_BUCKET_DIGITS: u32 = 4;

/// Sorts `entries` as `sort_unstable` would (equal entries are identical), in fewer steps:
/// one in-place pass puts each entry in the bucket of its key's first digits (the key leads
/// the order), then each bucket is sorted alone, which spares the comparison sort its top
/// levels. There are at most as many buckets as entries (up to [`MAX_BUCKET_DIGITS`]
/// digits), so the bucket bounds (two `u32` per bucket) take at most 8 bytes an entry and 8 MB.
pub(crate) fn sort_entries<E: Entry>(entries: &mut [E], cells: usize) {
    let digits = (entries.len().max(1).ilog2() / 5).min(MAX_BUCKET_DIGITS) as usize;
    match digits {
        _ if cells < digits => entries.sort_unstable(),
        2 => sort_in_buckets::<E, 2>(entries, cells),
        3 => sort_in_buckets::<E, 3>(entries, cells),
        4 => sort_in_buckets::<E, 4>(entries, cells),
        _ => entries.sort_unstable(),
    }
}

/// [`sort_entries`] with buckets by the key's first `DIGITS` digits (a constant, so that the
/// bucket of an entry takes a constant shift and mask).
fn sort_in_buckets<E: Entry, const DIGITS: usize>(entries: &mut [E], cells: usize) {
    let buckets = 1 << (5 * DIGITS);
    let shift = 5 * (cells - DIGITS);
    let bucket = |e: &E| (e.key() >> shift) as usize & (buckets - 1);
    let mut start = vec![0u32; buckets + 1];
    for e in entries.iter() {
        start[bucket(e) + 1] += 1;
    }
    for b in 0..buckets {
        start[b + 1] += start[b];
    }
    // Move every entry to its bucket by following cycles: each swap settles one entry.
    let mut next = start.clone();
    for b in 0..buckets {
        let end = start[b + 1] as usize;
        while (next[b] as usize) < end {
            let mut e = entries[next[b] as usize];
            loop {
                let home = bucket(&e);
                if home == b {
                    break;
                }
                std::mem::swap(&mut e, &mut entries[next[home] as usize]);
                next[home] += 1;
            }
            entries[next[b] as usize] = e;
            next[b] += 1;
        }
    }
    for b in 0..buckets {
        entries[start[b] as usize..start[b + 1] as usize].sort_unstable();
    }
}

/// The letter digit (plus one; 0 = absent) of `rank` in a key of `cells` ranks.
#[inline(always)]
fn digit(key: u128, cells: usize, rank: usize) -> u32 {
    ((key >> (5 * (cells - 1 - rank))) & 31) as u32
}

/// Closes the open child of the top choice: its closed choices become its own.
#[inline]
fn close_child(t: &mut Tree, st: &mut Staging) {
    let top = *st.levels.last().expect("an open choice");
    let sum = close_sum(t, st, top.points, top.choices as usize);
    st.sums.push(sum);
}

/// A sum node with `points` and the staged choices from `first` on (staged latest rank
/// first), which move into the tree in rank order.
#[inline]
fn close_sum(t: &mut Tree, st: &mut Staging, points: u32, first: usize) -> Sum {
    let staged = &st.choices[first..];
    let at = t.choices.len() as u32;
    grow(&mut t.choices, staged.len());
    let mut bound = points;
    let mut ranks = 0;
    for c in staged.iter().rev() {
        bound = bound.saturating_add(c.bound);
        ranks |= 1 << c.rank();
        t.choices.push(*c);
    }
    st.choices.truncate(first);
    Sum {
        points,
        bound,
        choices: at,
        ranks,
    }
}

/// Closes the top choice: its staged children move into the tree in letter order, and it is
/// staged as a closed choice of the sum above it.
#[inline]
fn close_choice(t: &mut Tree, st: &mut Staging) {
    let top = st.levels.pop().expect("an open choice");
    if let Some(chain) = fold_chain(t, st, &top) {
        st.sums.truncate(top.children as usize);
        st.choices.push(chain);
        return;
    }
    let staged = &st.sums[top.children as usize..];
    let at = t.sums.len() as u32;
    grow(&mut t.sums, staged.len());
    let mut best = 0;
    for s in staged {
        best = best.max(s.bound);
        t.sums.push(*s);
    }
    st.sums.truncate(top.children as usize);
    debug_assert_eq!(top.letters & !ALL_LETTERS_MASK, 0);
    st.choices
        .push(Choice::new(top.letters, top.rank, at, best));
}

/// The closing choice `top` as a chain node, when it has one letter and its child is a leaf
/// or a node with no points whose one choice is a chain with room for another step (that
/// chain is then taken back from the tree).
#[inline]
fn fold_chain(t: &mut Tree, st: &Staging, top: &Level) -> Option<Choice> {
    if top.letters.count_ones() != 1 || st.sums.len() != top.children as usize + 1 {
        return None;
    }
    let child = st.sums[top.children as usize];
    let letter = top.letters.trailing_zeros();
    if child.ranks == 0 {
        return Some(Choice::chain(top.rank, letter, 0, child.points));
    }
    if child.points != 0
        || child.ranks.count_ones() != 1
        || child.choices as usize + 1 != t.choices.len()
    {
        return None;
    }
    let below = t.choices[child.choices as usize];
    let chain = if below.is_chain() {
        below.chain_under(top.rank, letter)
    } else {
        None
    }?;
    t.choices.pop();
    Some(chain)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::breaking::entry::{Compact, Packed};
    use crate::rng::Rng;

    /// `n` entries of `cells` ranks: each rank's digit absent or a letter, skewed towards
    /// absent as in real lists, with repeats.
    fn entries<E: Entry>(n: usize, cells: usize, shift: u32, rng: &mut Rng) -> Vec<E> {
        (0..n)
            .map(|_| {
                let mut key = 0u128;
                for r in 0..cells {
                    let d = rng.next_u64() % 40;
                    let d = if d > 26 { 0 } else { d as u128 };
                    key |= d << (5 * (cells - 1 - r));
                }
                let word = (rng.next_u64() % 3) as u32;
                E::new(key << shift, word, 1 + word)
            })
            .collect()
    }

    #[test]
    fn bucket_sort_sorts_like_the_comparison_sort() {
        let mut rng = Rng::new(7);
        // Sizes below, at and above each bucket count (2, 3 and 4 digits).
        for n in [0, 1, 1000, 1 << 10, 5000, 1 << 15, 40_000, (1 << 20) + 3] {
            let mut a: Vec<Packed> = entries(n, 16, Packed::KEY_SHIFT, &mut rng);
            let mut b = a.clone();
            sort_entries(&mut a, 16);
            b.sort_unstable();
            assert!(a == b, "16 cells, {n} entries");
            let mut a: Vec<Compact> = entries(n, 12, Compact::KEY_SHIFT, &mut rng);
            let mut b = a.clone();
            sort_entries(&mut a, 12);
            b.sort_unstable();
            assert!(a == b, "12 cells, {n} entries");
        }
        // Fewer cells than bucket digits: sorted directly.
        let mut a: Vec<Packed> = entries(1 << 16, 2, Packed::KEY_SHIFT, &mut rng);
        let mut b = a.clone();
        sort_entries(&mut a, 2);
        b.sort_unstable();
        assert!(a == b, "2 cells");
    }
}
