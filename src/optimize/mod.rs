//! Searching for high-scoring boards: simulated annealing ([`anneal`]) and hill climbing
//! ([`hillclimb`]), both step-wise behind the [`Optimizer`] trait so the CLI and the page's
//! workers can run them in slices.
//!
//! This module holds what the two share: their common options ([`Common`], with `Default` and
//! serde, the one source of every default), the letters they may use, the progress they report,
//! the leaderboard of the best distinct boards, and fast canonical keys for telling boards apart
//! up to symmetry.

use crate::engine::board::{check_size, Board, BoardError};
use crate::engine::dice::{random_board, LetterSource};
use crate::engine::symmetry::symmetries;
use crate::rng::{mix, Rng};
use serde::{Deserialize, Serialize};
use std::fmt;

pub mod anneal;
pub mod hillclimb;
pub mod mutate;
pub mod schedule;
pub mod tempering;

pub use anneal::{Anneal, AnnealOptions, Restart};
pub use hillclimb::{HillClimb, HillClimbOptions, Order};
pub use schedule::Schedule;

/// The 26 letters, the default alphabet of an optimizer.
pub const ALL_LETTERS: &str = "abcdefghijklmnopqrstuvwxyz";

/// The most distinct best boards an optimizer keeps ([`Common::top`]).
pub const MAX_TOP: usize = 1000;

/// Why an optimizer could not start; the `Display` text is meant for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptimizeError {
    /// The board size is outside 2x2 ..= 6x6.
    Size(BoardError),
    /// The allowed letters are empty or hold something other than a-z.
    Letters(String),
    /// A numeric option is out of its range.
    Option(String),
}

impl fmt::Display for OptimizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptimizeError::Size(e) => e.fmt(f),
            OptimizeError::Letters(s) | OptimizeError::Option(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for OptimizeError {}

/// Every optimizer default and limit in one value, so the page and the CLI read them from the
/// engine instead of copying them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Defaults {
    /// Annealing's defaults.
    pub anneal: anneal::AnnealOptions,
    /// Hill climbing's defaults.
    pub hillclimb: hillclimb::HillClimbOptions,
    /// The largest hill-climbing pool.
    pub max_pool: usize,
    /// The most proposals in one annealing run.
    pub max_steps: u64,
    /// The most rungs on a tempering ladder.
    pub max_replicas: u32,
    /// The most changes a perturbed restart makes.
    pub max_perturb: u32,
    /// Each annealing schedule's starting temperature when none is given.
    pub schedule_t0: std::collections::BTreeMap<String, f64>,
    /// The most best boards a run reports.
    pub max_top: usize,
    /// The smallest and largest board side.
    pub min_side: usize,
    pub max_side: usize,
}

impl Default for Defaults {
    fn default() -> Defaults {
        Defaults {
            anneal: anneal::AnnealOptions::default(),
            hillclimb: hillclimb::HillClimbOptions::default(),
            max_pool: hillclimb::MAX_POOL,
            max_steps: anneal::MAX_STEPS,
            max_replicas: tempering::MAX_REPLICAS,
            max_perturb: anneal::MAX_PERTURB,
            schedule_t0: Schedule::ALL
                .iter()
                .map(|s| (s.name().to_string(), s.default_t0()))
                .collect(),
            max_top: MAX_TOP,
            min_side: crate::engine::board::MIN_SIDE,
            max_side: crate::engine::board::MAX_SIDE,
        }
    }
}

/// Options both optimizers take.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Common {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Seed of the run; equal seeds and options give equal runs.
    pub seed: u64,
    /// The letters boards may use (a-z; `q` is the Qu face).
    pub letters: String,
    /// Where the letters of random starting boards come from.
    pub source: LetterSource,
    /// Independent runs (restarts) to make; 0 means keep restarting until stopped.
    pub runs: u32,
    /// Stop as soon as a board scores at least this much.
    pub target: Option<u32>,
    /// How many of the best distinct boards to report.
    pub top: usize,
}

impl Default for Common {
    fn default() -> Common {
        Common {
            rows: 4,
            cols: 4,
            seed: 1,
            letters: ALL_LETTERS.to_string(),
            source: LetterSource::Uniform,
            runs: 1,
            target: None,
            top: 10,
        }
    }
}

impl Common {
    /// Checks the options and returns the allowed letters as indices (sorted, distinct).
    pub fn check(&self) -> Result<Vec<u8>, OptimizeError> {
        check_size(self.rows, self.cols).map_err(OptimizeError::Size)?;
        if self.top == 0 || self.top > MAX_TOP {
            return Err(OptimizeError::Option(format!(
                "the number of top boards to keep must be 1 to {MAX_TOP}"
            )));
        }
        parse_letters(&self.letters)
    }
}

/// Checks that a whole-number option `what` is from 1 to `max`; the error names both.
pub(crate) fn check_count<T: PartialOrd + From<u8> + fmt::Display>(
    value: T,
    max: T,
    what: &str,
) -> Result<(), OptimizeError> {
    if value < T::from(1) || value > max {
        return Err(OptimizeError::Option(format!("{what} must be 1 to {max}")));
    }
    Ok(())
}

/// What a pool search (hill climbing) keeps about the boards it scores: the solver, the boards
/// this run has seen (by canonical key, in a table of fixed size), the best distinct boards,
/// how many were scored and whether the target was reached.
pub(crate) struct Tally {
    pub solver: crate::Solver,
    canon: Canon,
    seen: SeenTable,
    pub top: Leaderboard,
    target: Option<u32>,
    /// Boards scored.
    pub boards: u64,
    /// The canonical form of the board last admitted.
    pub canonical: Vec<u8>,
    /// True once a board reached the target.
    pub done: bool,
}

impl Tally {
    /// A record for boards of `common`'s shape remembering up to `remember` boards a run.
    pub fn new(dict: std::sync::Arc<crate::Dictionary>, common: &Common, remember: usize) -> Tally {
        Tally {
            solver: crate::Solver::new(dict),
            canon: Canon::new(common.rows, common.cols),
            seen: SeenTable::new(remember),
            top: Leaderboard::new(common.top),
            target: common.target,
            boards: 0,
            canonical: vec![0; common.rows * common.cols],
            done: false,
        }
    }

    /// Forgets the boards seen, for a new run.
    pub fn new_run(&mut self) {
        self.seen.clear();
    }

    /// Puts the canonical form of `cells` in [`Tally::canonical`] and remembers it; false when
    /// this run already scored it.
    pub fn admit(&mut self, cells: &[u8]) -> bool {
        self.canon.canonical_into(cells, &mut self.canonical);
        self.seen.insert(Canon::key(&self.canonical))
    }

    /// Counts the board in [`Tally::canonical`], scoring `score`, and offers it to the best
    /// boards.
    pub fn record(&mut self, score: u32) {
        self.boards += 1;
        if self.top.admits(score) {
            self.top.offer(score, &self.canonical);
        }
        if self.target.is_some_and(|t| score >= t) {
            self.done = true;
        }
    }

    /// Scores `board` unless this run has seen it, and records it.
    pub fn score(&mut self, board: &Board) -> Option<u32> {
        if !self.admit(board.cells()) {
            return None;
        }
        let score = self.solver.score(board);
        self.record(score);
        Some(score)
    }
}

/// Reads an alphabet such as `aeiourst` into sorted distinct letter indices.
pub fn parse_letters(text: &str) -> Result<Vec<u8>, OptimizeError> {
    let mut mask = 0u32;
    for ch in text.chars() {
        if ch.is_ascii_alphabetic() {
            mask |= 1 << (ch.to_ascii_lowercase() as u8 - b'a');
        } else if !(ch.is_whitespace() || ch == ',') {
            return Err(OptimizeError::Letters(format!(
                "'{}' is not a letter: the allowed letters must be a-z",
                ch.escape_default()
            )));
        }
    }
    if mask == 0 {
        return Err(OptimizeError::Letters(
            "no letters allowed: give at least one letter a-z".into(),
        ));
    }
    Ok((0..26).filter(|l| mask & (1 << l) != 0).collect())
}

/// A random starting board: letters from `source`, with any letter outside `allowed`
/// replaced by a uniformly chosen allowed one.
pub fn random_start(common: &Common, allowed: &[u8], rng: &mut Rng) -> Board {
    let mut b = random_board(common.rows, common.cols, common.source, rng);
    for c in b.cells_mut() {
        if allowed.binary_search(c).is_err() {
            *c = allowed[rng.below(allowed.len())];
        }
    }
    b
}

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
                board: cells.iter().map(|&c| (b'a' + c) as char).collect(),
            })
            .collect()
    }
}

/// Canonical forms and 64-bit keys for boards of one shape, with the symmetry permutations
/// computed once (the same permutations and ordering as [`crate::engine::symmetry::canonical`]).
#[derive(Clone, Debug)]
pub struct Canon {
    perms: Vec<Vec<u8>>,
}

impl Canon {
    /// Canonicalizer for `rows x cols` boards.
    pub fn new(rows: usize, cols: usize) -> Canon {
        Canon {
            perms: symmetries(rows, cols),
        }
    }

    /// Writes the canonical form of `cells` into `out` (same length).
    pub fn canonical_into(&self, cells: &[u8], out: &mut [u8]) {
        out.copy_from_slice(cells);
        let mut img = [0u8; crate::engine::board::MAX_CELLS];
        let img = &mut img[..cells.len()];
        for p in &self.perms[1..] {
            for (d, &i) in img.iter_mut().zip(p.iter()) {
                *d = cells[i as usize];
            }
            if *img < *out {
                out.copy_from_slice(img);
            }
        }
    }

    /// A 64-bit key of a canonical form: equal boards up to symmetry share a key, and distinct
    /// ones collide with probability about 2^-64 per pair.
    pub fn key(canonical: &[u8]) -> u64 {
        let mut h: u64 = canonical.len() as u64;
        for chunk in canonical.chunks(12) {
            let mut v = 0u64;
            for &c in chunk {
                v = v << 5 | c as u64;
            }
            h = mix(h ^ v);
        }
        h
    }
}

/// The boards a search has scored, remembered by their canonical keys ([`Canon::key`]) in a
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

/// A snapshot of a search, streamed to the caller between steps.
#[derive(Clone, Debug, Serialize)]
pub struct Progress {
    /// `"anneal"` or `"hillclimb"`.
    pub optimizer: &'static str,
    /// Which run (restart) is under way, from 1. With tempering a run is the whole ladder's,
    /// from its start (or restart) to `steps` proposals without a better board.
    pub run: u32,
    /// Annealing: proposals made in this run (with tempering, every rung's together). Hill
    /// climbing: boards scored in this run.
    pub step: u64,
    /// Annealing: mutations proposed. Hill climbing: rounds completed (with
    /// [`crate::optimize::hillclimb::Order::Best`] a round is one board's expansion).
    pub iterations: u64,
    /// Boards scored so far (every call to the solver).
    pub boards: u64,
    /// Annealing: proposals accepted. Hill climbing: boards that entered the pool.
    pub accepted: u64,
    /// Annealing's current temperature (tempering: the coldest rung's); `None` for hill
    /// climbing.
    pub temperature: Option<f64>,
    /// Annealing: the share of the last 1,000 proposals that were accepted, counted exactly
    /// (of this run's proposals when it has made fewer; tempering: the coldest rung's);
    /// `None` for hill climbing.
    pub acceptance: Option<f64>,
    /// The board being worked on: annealing's current board (tempering: the coldest rung's),
    /// the hill climber's pool member being expanded (row-major, not canonicalized, so cells
    /// keep their places).
    pub current_board: String,
    /// Score of [`Progress::current_board`].
    pub current_score: u32,
    /// Hill climbing: the lowest and highest score in the pool; `None` for annealing.
    pub pool: Option<(u32, u32)>,
    /// Tempering: every rung of the ladder, coldest first; `None` otherwise.
    pub replicas: Option<Vec<Replica>>,
    /// Best score found in any run.
    pub best_score: u32,
    /// The best board found, canonical.
    pub best_board: String,
    /// The best distinct canonical boards, best first.
    pub top: Vec<Scored>,
    /// True when the search has finished (runs used up or target reached).
    pub done: bool,
}

/// One rung of a tempering ladder as it stands.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Replica {
    /// The rung's fixed temperature.
    pub temperature: f64,
    /// Score of the board on the rung now.
    pub score: u32,
    /// The board on the rung now (row-major, not canonicalized).
    pub board: String,
    /// The share of the rung's last 1,000 proposals that were accepted (as
    /// [`Progress::acceptance`]).
    pub acceptance: f64,
    /// Trades of boards with the next hotter rung tried and accepted since the search started
    /// (0 for the hottest rung).
    pub swaps_tried: u64,
    pub swaps_accepted: u64,
}

/// The few numbers a chart plots, cheap enough to take many times a second. With tempering the
/// walk it follows is the coldest rung's.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Sample {
    /// Which run is under way, from 1 (as [`Progress::run`]).
    pub run: u32,
    /// Proposals made in this run (hill climbing: boards scored in it), so a chart can draw
    /// this run against its own proposals.
    pub step: u64,
    /// Boards scored so far.
    pub boards: u64,
    /// Score of the current board.
    pub current: u32,
    /// Best score so far.
    pub best: u32,
    /// Annealing's temperature (0 for hill climbing).
    pub temperature: f64,
    /// Annealing: the share of the last 1,000 proposals accepted, exactly (as
    /// [`Progress::acceptance`]); 0 for hill climbing.
    pub acceptance: f64,
}

/// A step-wise optimizer: callers alternate [`Optimizer::step`] and [`Optimizer::progress`]
/// and may stop at any time.
pub trait Optimizer {
    /// Works until about `max_boards` boards were scored or the search finished; returns true
    /// when it has finished.
    fn step(&mut self, max_boards: u64) -> bool;
    /// Where the search stands.
    fn progress(&self) -> Progress;
    /// Where the search stands, in the few numbers a chart needs.
    fn sample(&self) -> Sample;
}

/// Writes cells as a row-major string.
pub fn cells_to_string(cells: &[u8]) -> String {
    cells.iter().map(|&c| (b'a' + c) as char).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::symmetry::canonical;

    #[test]
    fn canon_matches_symmetry_canonical() {
        let mut rng = Rng::new(3);
        for (r, c) in [(3, 3), (3, 4), (4, 4), (5, 5), (6, 6)] {
            let canon = Canon::new(r, c);
            for _ in 0..50 {
                let b = random_board(r, c, LetterSource::Uniform, &mut rng);
                let mut out = vec![0; b.len()];
                canon.canonical_into(b.cells(), &mut out);
                assert_eq!(cells_to_string(&out), canonical(&b).to_string());
            }
        }
        let a = Board::parse("perslatgsineters", None).unwrap();
        let b = canonical(&a);
        let k = |x: &Board| {
            let mut o = vec![0; 16];
            Canon::new(4, 4).canonical_into(x.cells(), &mut o);
            Canon::key(&o)
        };
        assert_eq!(k(&a), k(&b));
        assert_ne!(k(&a), k(&Board::parse("perslatgsineterx", None).unwrap()));
    }

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

    #[test]
    fn letters_are_checked() {
        assert_eq!(parse_letters("cab, a").unwrap(), vec![0, 1, 2]);
        assert!(parse_letters("").is_err());
        assert!(parse_letters("ab1")
            .unwrap_err()
            .to_string()
            .contains("'1'"));
    }
}
