//! The boards a search has scored, remembered in tables of fixed size: which ones
//! ([`SeenTable`], for hill climbing) and, for annealing, their scores ([`ScoreCache`]).

/// The boards a search has scored, remembered by their canonical keys ([`super::Canon::key`]) in a
/// table of fixed size, so a long run never grows without limit. Each key has a bucket of
/// [`SeenTable::WAYS`] slots; when a bucket is full the oldest key in it is forgotten. A
/// forgotten board may be scored again (extra work, never a wrong answer); a remembered one is
/// never mistaken for another (keys collide with probability about 2^-64 per pair).
#[derive(Clone, Debug)]
pub struct SeenTable {
    slots: Vec<u64>,
    /// Buckets minus one (a power of two minus one).
    mask: usize,
    len: usize,
}

impl SeenTable {
    /// Slots per bucket.
    pub const WAYS: usize = 4;

    /// A table of at least `capacity` slots (rounded up to a power of two, at least one
    /// bucket). Its memory is 8 bytes a slot and never changes.
    pub fn new(capacity: usize) -> SeenTable {
        let buckets = capacity.div_ceil(Self::WAYS).max(1).next_power_of_two();
        SeenTable {
            slots: vec![0; buckets * Self::WAYS],
            mask: buckets - 1,
            len: 0,
        }
    }

    /// Records `key`; returns true when it was not remembered already.
    #[inline]
    pub fn insert(&mut self, key: u64) -> bool {
        // 0 marks an empty slot.
        let key = key.max(1);
        let at = (key as usize & self.mask) * Self::WAYS;
        let bucket = &mut self.slots[at..at + Self::WAYS];
        if bucket.contains(&key) {
            return false;
        }
        if bucket[Self::WAYS - 1] == 0 {
            self.len += 1;
        }
        // Newest first: the last slot, the oldest, falls out.
        bucket.copy_within(0..Self::WAYS - 1, 1);
        bucket[0] = key;
        true
    }

    /// Forgets every key.
    pub fn clear(&mut self) {
        self.slots.fill(0);
        self.len = 0;
    }

    /// Keys remembered now (at most [`SeenTable::capacity`]).
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when no key is remembered.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Slots in the table: the most keys it remembers.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }
}

/// Scores of recently seen boards by canonical key, in a fixed-size direct-mapped table (a
/// newer board takes an older one's slot).
#[derive(Clone, Debug)]
pub(crate) struct ScoreCache {
    slots: Vec<(u64, u32)>,
}

impl ScoreCache {
    /// Slots in the table (16 bytes each: 1 MB).
    const SLOTS: usize = 1 << 16;

    /// An empty cache.
    pub(crate) fn new() -> ScoreCache {
        ScoreCache {
            // Key 0 with score u32::MAX marks an empty slot (no board scores that much).
            slots: vec![(0, u32::MAX); Self::SLOTS],
        }
    }

    /// The slot a key lives in.
    #[inline]
    fn slot(key: u64) -> usize {
        key as usize & (Self::SLOTS - 1)
    }

    /// The score remembered for the board with canonical key `key`, if its slot still holds it.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<u32> {
        let (k, v) = self.slots[Self::slot(key)];
        (k == key && v != u32::MAX).then_some(v)
    }

    /// Remembers `score` for the board with canonical key `key`, in place of its slot's board.
    #[inline]
    pub(crate) fn put(&mut self, key: u64, score: u32) {
        self.slots[Self::slot(key)] = (key, score);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::mix;

    #[test]
    fn seen_table_remembers_recent_keys_within_its_size() {
        let mut t = SeenTable::new(64);
        assert_eq!(t.capacity(), 64);
        assert!(t.insert(5) && !t.insert(5));
        // Far more keys than slots: the size never changes, the newest are remembered.
        for k in 0..10_000u64 {
            t.insert(mix(k));
        }
        assert_eq!(t.capacity(), 64);
        assert!(t.len() <= 64);
        assert!(!t.insert(mix(9_999)));
        t.clear();
        assert!(t.is_empty() && t.insert(mix(9_999)));
        // Key 0 is a key like any other.
        assert!(t.insert(0) && !t.insert(0));
    }
}
