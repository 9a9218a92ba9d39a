//! The one search over a class that lists its word entries (and gives its sum/union bound),
//! and the tree built from them.

use super::OrderlyBreaker;
use crate::breaking::entry::{Entry, COMPACT_CELLS, PACKED_CELLS};
use crate::breaking::tree::grow;
use crate::breaking::MAX_CLASS_PATHS;
use crate::engine::board::MAX_CELLS;
use crate::engine::dictionary::{Node, ROOT};

/// Why a class's entries were not listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Overflow {
    /// There are more entries than the caller's limit: the class can be split and tried again.
    Entries,
    /// The search followed more than [`MAX_CLASS_PATHS`] paths (or 16 for each entry allowed,
    /// when that is more): only a hostile word list does.
    Paths,
    /// The search was cancelled ([`crate::breaking::ClassBreaker::cancel_on`]).
    Cancelled,
}

/// Paths the search follows between two looks at its cancel flag.
const CANCEL_CHECK_PATHS: u64 = 1 << 20;

impl OrderlyBreaker {
    /// Searches the class once, listing every (path, letters) that spells a word, and builds
    /// its tree; the class's sum/union bound on the way. The entries' bytes, or why there is
    /// no tree: more than `limit` entries, or more than [`MAX_CLASS_PATHS`] paths followed.
    pub(super) fn collect_and_build(&mut self, limit: usize) -> Result<usize, Overflow> {
        if self.cells <= COMPACT_CELLS && self.word_ids.is_some() {
            self.collect_with(|b| &mut b.compact, limit)
        } else if self.cells <= PACKED_CELLS {
            self.collect_with(|b| &mut b.packed, limit)
        } else {
            self.collect_with(|b| &mut b.wide, limit)
        }
    }

    /// [`OrderlyBreaker::collect_into`] the entry list `list` picks, kept for the next class.
    fn collect_with<E: Entry>(
        &mut self,
        list: fn(&mut OrderlyBreaker) -> &mut Vec<E>,
        limit: usize,
    ) -> Result<usize, Overflow> {
        let mut entries = std::mem::take(list(self));
        let r = self.collect_into(&mut entries, limit);
        *list(self) = entries;
        r
    }

    fn collect_into<E: Entry>(
        &mut self,
        entries: &mut Vec<E>,
        limit: usize,
    ) -> Result<usize, Overflow> {
        entries.clear();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
        let mut c = Collect {
            nodes: self.dict.nodes(),
            adjacency: &self.adjacency,
            masks: &self.masks,
            shift: &shifts(&self.rank, self.cells, E::KEY_SHIFT),
            entries,
            marks: &mut self.marks,
            ids: self.word_ids.as_ref().map_or(&[], |w| &w.ids),
            stamp: self.stamp,
            sum_union: 0,
            limit,
            // 16 paths for each entry the budget holds, when that is more: a real class takes
            // about two an entry, so a big budget never cuts one short.
            paths_left: MAX_CLASS_PATHS.max(16 * limit as u64),
            cancel: self.tally.cancel_flag(),
            cancelled: false,
        };
        let root = c.nodes[ROOT as usize];
        for cell in 0..self.cells {
            c.choose(cell, root, 0, 0);
        }
        self.sum_union = c.sum_union;
        if c.cancelled {
            entries.clear();
            return Err(Overflow::Cancelled);
        }
        let out_of_paths = c.paths_left == 0;
        let bytes = entries.capacity() * std::mem::size_of::<E>();
        if out_of_paths || entries.len() > limit {
            entries.clear();
            return Err(if out_of_paths {
                Overflow::Paths
            } else {
                Overflow::Entries
            });
        }
        if self.sum_union >= self.target {
            self.tree.build(entries, self.cells);
        }
        let n = entries.len();
        entries.clear();
        // Keep the list for the next class unless it is big: forcing needs that memory more.
        if bytes > self.memory_budget / 8 {
            *entries = Vec::new();
        }
        self.last_size = (n, self.tree.nodes());
        Ok(bytes)
    }
}

/// The bit position of each cell's letter in a key: rank 0 is the most significant.
fn shifts(rank: &[u8; MAX_CELLS], cells: usize, base: u32) -> [u32; MAX_CELLS] {
    let mut s = [0; MAX_CELLS];
    for c in 0..cells {
        s[c] = base + 5 * (cells as u32 - 1 - rank[c] as u32);
    }
    s
}

/// The one search over the class that lists word entries.
struct Collect<'a, E> {
    nodes: &'a [Node],
    adjacency: &'a [u64; MAX_CELLS],
    masks: &'a [u32; MAX_CELLS],
    shift: &'a [u32; MAX_CELLS],
    entries: &'a mut Vec<E>,
    marks: &'a mut [u32],
    /// The words' ids, for entries that hold them.
    ids: &'a [u8],
    stamp: u32,
    sum_union: u32,
    /// Stop once there are more entries than this.
    limit: usize,
    /// Paths the search may still follow: it stops at 0.
    paths_left: u64,
    /// Looked at every [`CANCEL_CHECK_PATHS`] paths; once set, the search stops as if out of
    /// paths, with `cancelled` set.
    cancel: Option<&'a std::sync::atomic::AtomicBool>,
    cancelled: bool,
}

impl<E: Entry> Collect<'_, E> {
    fn choose(&mut self, cell: usize, node: Node, used: u64, key: u128) {
        if self.entries.len() > self.limit || self.paths_left == 0 {
            return;
        }
        self.paths_left -= 1;
        if self.paths_left.is_multiple_of(CANCEL_CHECK_PATHS)
            && self
                .cancel
                .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
        {
            self.cancelled = true;
            self.paths_left = 0;
            return;
        }
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
                let word = if E::BY_ID {
                    self.ids[idx as usize] as u32
                } else {
                    idx
                };
                grow(self.entries, 1);
                let entry = E::new(key, word, pts);
                debug_assert_eq!(entry.points(), pts);
                self.entries.push(entry);
                let mark = &mut self.marks[idx as usize];
                if *mark != self.stamp {
                    *mark = self.stamp;
                    self.sum_union = self.sum_union.saturating_add(pts);
                }
            }
            let more = child.children();
            if more != 0 {
                let mut next = self.adjacency[cell] & !used;
                while next != 0 {
                    let nb = next.trailing_zeros() as usize;
                    next &= next - 1;
                    // Only neighbours with a letter that continues the word.
                    if more & self.masks[nb] != 0 {
                        self.choose(nb, child, used, key);
                    }
                }
            }
        }
    }
}
