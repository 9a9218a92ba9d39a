//! The best distinct boards a search has found ([`Leaderboard`]), distinct up to symmetry.

use crate::engine::board::cells_to_string;
use serde::Serialize;

/// One of the best boards found: its score and canonical form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Scored {
    /// Standard score of the board.
    pub score: u32,
    /// The board's canonical form, row-major.
    pub board: String,
}

/// The best distinct boards seen (distinct up to symmetry), best first.
#[derive(Clone, Debug)]
pub struct Leaderboard {
    capacity: usize,
    /// (score, canonical cells), sorted by score descending then cells ascending.
    entries: Vec<(u32, Vec<u8>)>,
}

impl Leaderboard {
    /// An empty leaderboard keeping at most `capacity` boards.
    pub fn new(capacity: usize) -> Leaderboard {
        Leaderboard {
            capacity: capacity.max(1),
            entries: Vec::with_capacity(capacity + 1),
        }
    }

    /// True when a board scoring `score` would enter (a cheap test before canonicalizing).
    #[inline]
    pub fn admits(&self, score: u32) -> bool {
        self.entries.len() < self.capacity || score > self.entries.last().map_or(0, |e| e.0)
    }

    /// Offers a board already in canonical form; returns true if it entered.
    pub fn offer(&mut self, score: u32, canonical: &[u8]) -> bool {
        if !self.admits(score) || self.entries.iter().any(|e| e.1 == canonical) {
            return false;
        }
        let at = self
            .entries
            .partition_point(|e| e.0 > score || (e.0 == score && e.1.as_slice() < canonical));
        self.entries.insert(at, (score, canonical.to_vec()));
        self.entries.truncate(self.capacity);
        true
    }

    /// The best score, or 0 when nothing was offered.
    pub fn best_score(&self) -> u32 {
        self.entries.first().map_or(0, |e| e.0)
    }

    /// The entries as printable boards, best first.
    pub fn boards(&self) -> Vec<Scored> {
        self.entries
            .iter()
            .map(|(s, cells)| Scored {
                score: *s,
                board: cells_to_string(cells),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaderboard_keeps_best_distinct() {
        let mut l = Leaderboard::new(2);
        assert!(l.offer(5, &[1, 2]));
        assert!(!l.offer(5, &[1, 2]));
        assert!(l.offer(3, &[0, 0]));
        assert!(!l.admits(2));
        assert!(l.offer(9, &[4, 4]));
        let b = l.boards();
        assert_eq!(
            b.iter().map(|s| s.score).collect::<Vec<_>>(),
            vec![9, 5],
            "{b:?}"
        );
        assert_eq!(l.best_score(), 9);
    }
}
