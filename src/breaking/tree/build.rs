//! Building an orderly tree from its sorted word entries in one pass, like a trie from sorted
//! strings: each entry shares the path of the one before it up to their first differing rank,
//! closes what lies below that, and opens nodes for the rest of its own path.
//!
//! The tree keeps a sum node's choices, and a choice node's children, contiguous. Nodes are
//! therefore staged on two stacks while open and copied into the tree's arrays when their
//! parent closes, by which time everything below them has its place.

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
        return Some(Choice::chain(top.rank, letter, 0, child.bound));
    }
    if child.ranks.count_ones() != 1 || child.choices as usize + 1 != t.choices.len() {
        return None;
    }
    let below = t.choices[child.choices as usize];
    // The child's own points (its bound less its one choice's) must be none.
    if child.bound != below.bound {
        return None;
    }
    let chain = if below.is_chain() {
        below.chain_under(top.rank, letter)
    } else {
        None
    }?;
    t.choices.pop();
    Some(chain)
}
