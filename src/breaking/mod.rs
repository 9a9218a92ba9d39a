//! Branch and bound: "breaking" a class of boards against a target score
//! (docs/design.md#breaking-a-class).
//!
//! A class whose upper bound is below the target holds no board that reaches it and is
//! *eliminated* whole. Otherwise one cell is *split* and each part is broken in turn; a class
//! that is down to a single board is scored exactly and reported when it reaches the target.
//!
//! This module holds what every breaker shares: the [`ClassBreaker`] interface, the running
//! [`BreakTally`] ([`BreakStats`] and the [`Survivor`] boards found), and the limits past which a
//! search gives up; `error.rs` holds [`BreakError`] and `split.rs` the split policy
//! ([`split_order`], [`split_mask`]). The breakers implement the interface
//! themselves:
//!
//! - [`plain`]: [`Breaker`] recomputes both bounds for every part; it can trace the search tree
//!   for the page to draw.
//! - [`orderly`]: [`OrderlyBreaker`] searches a class once into an orderly tree (kept by the
//!   private `tree` module in flat arrays that double as a stack arena) and updates the bound
//!   as it forces cells; the fast one, for boards up to 5x5.
//! - [`clock`]: a class's time, as its thread's CPU time.
//! - [`options`]: the fast breaker's options ([`options::BreakOptions`]), their limits and the
//!   memory a run may take, and picking the fastest breaker for a shape.
//! - [`parallel`]: breaking many classes on a pool of threads (as a
//!   [`parallel::ParallelOptions`] says), and breaking one class presplit into parts to share
//!   among them ([`parallel::break_class`]).
//! - [`partition`]: whole searches over every class of a letter partition.

use crate::bounds::{BoardClass, Bounds};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

pub mod clock;
mod entry;
mod error;
pub mod options;
pub mod orderly;
pub mod parallel;
pub mod partition;
pub mod plain;
mod split;
mod tree;

pub use error::{percent, BreakError, Share};
pub use orderly::OrderlyBreaker;
pub use plain::Breaker;
pub use split::{split_mask, split_order, SPLIT_GROUPS, SPLIT_LETTERS_UP_TO};

/// The most boards reaching the target that a search keeps (`boggle break`, one class or a
/// whole partition): past it the search stops with [`BreakError::TooManyBoards`] rather than
/// fill memory with boards that, so many, say only that the target is too low. The published
/// proofs find 42, 33 and 32 boards.
pub const MAX_FOUND: u64 = 1_000_000;

/// The most paths spelling the start of a word that one search over a class (listing its word
/// entries, or the plain breaker's bound of the whole class) follows before the breaker gives
/// up on the class; the orderly breaker allows 16 for each entry its memory budget holds when
/// that is more. The classes of the 4x4 proofs take up to about 21 million, two an entry,
/// before their entries fill the default budget and they are split; only a hostile word list
/// (words like `eeeeeeeeeeeeex` on a class of `e`s) comes near this.
pub const MAX_CLASS_PATHS: u64 = 1_000_000_000;

/// The same limit in the page, whose partition runs save the boards found in the browser's
/// storage (a few MB): 10,000 boards of 16 cells take about 400,000 characters there.
pub const PAGE_MAX_FOUND: u64 = 10_000;

/// Classes a breaker works on in one [`ClassBreaker::step`] when its caller steps it a slice
/// at a time, looking between slices at what may stop it (the Python package's stop flag, the
/// clock of the page's partition workers): a small slice, so either is seen soon even inside a
/// hard class.
pub const STEP_SLICE: usize = 256;

/// Breaking a class with an empty cell (`.`): its boards keep a hole there, which no breaker
/// scores, so it is settled by its bound alone. Below the target it is eliminated whole, like
/// any class, and the statistics of that one step are returned; at or above it the break is
/// refused ([`BreakError::EmptyCellReaches`]). `None` for a class without an empty cell, which
/// breaks as usual; `bounds` is only called for one with.
pub fn settle_by_bound(
    class: &BoardClass,
    target: u32,
    bounds: impl FnOnce() -> Result<Bounds, BreakError>,
) -> Option<Result<BreakStats, BreakError>> {
    settle_with(class, target, bounds).map(|r| r.and_then(|settled| settled))
}

/// [`settle_by_bound`] for a `bounds` that fails its own way (Ctrl-C, say): that error comes
/// back outside the settling's own.
pub(crate) fn settle_with<E>(
    class: &BoardClass,
    target: u32,
    bounds: impl FnOnce() -> Result<Bounds, E>,
) -> Option<Result<Result<BreakStats, BreakError>, E>> {
    let cell = class.masks().iter().position(|&m| m == 0)?;
    Some(bounds().map(|b| {
        if b.bound() >= target {
            return Err(BreakError::EmptyCellReaches {
                cell,
                cols: class.cols(),
                bound: b.bound(),
                target,
            });
        }
        Ok(BreakStats {
            classes: 1,
            bound_evals: 1,
            eliminated: 1,
            boards_eliminated: class.board_count().to_f64(),
            root_bound: b.bound(),
            ..BreakStats::default()
        })
    }))
}

/// Running totals of a search; every field only grows except `depth` and `pending`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct BreakStats {
    /// Classes taken off the work stack (bound computed or board scored).
    pub classes: u64,
    /// Upper-bound computations.
    pub bound_evals: u64,
    /// Classes eliminated because their bound is below the target.
    pub eliminated: u64,
    /// Classes split into parts.
    pub split: u64,
    /// Boards ruled out by a bound (exact below 2^53, which covers every 3x3 class).
    pub boards_eliminated: f64,
    /// Single boards scored exactly.
    pub boards_scored: u64,
    /// Boards scored that reach the target.
    pub found: u64,
    /// Depth (splits from the root) of the last class taken.
    pub depth: u32,
    /// Deepest class taken so far.
    pub max_depth: u32,
    /// Classes waiting on the stack.
    pub pending: usize,
    /// The bound of the first class started (the whole class, before any split).
    pub root_bound: u32,
    /// The most bytes the breaker's trees took at once.
    pub peak_bytes: u64,
}

impl BreakStats {
    /// Boards settled so far: eliminated by a bound or scored exactly.
    pub fn boards_done(&self) -> f64 {
        self.boards_eliminated + self.boards_scored as f64
    }

    /// Adds another search's totals (depths keep the maximum).
    pub fn add(&mut self, o: &BreakStats) {
        self.classes += o.classes;
        self.bound_evals += o.bound_evals;
        self.eliminated += o.eliminated;
        self.split += o.split;
        self.boards_eliminated += o.boards_eliminated;
        self.boards_scored += o.boards_scored;
        self.found += o.found;
        self.max_depth = self.max_depth.max(o.max_depth);
        self.root_bound = self.root_bound.max(o.root_bound);
        self.peak_bytes = self.peak_bytes.max(o.peak_bytes);
    }
}

/// A board that reaches the target.
///
/// Survivors are ordered best first, the one order every list of them is given in (the CLI's
/// output, `boggle merge`, the Python package, a run's records): the higher score first, then
/// the board alphabetically. So `sort()` lists them best first and a `BTreeSet` of them
/// iterates so; mind that `max()` is then the *worst*.
///
/// ```
/// use boggle::breaking::Survivor;
/// let s = |score, board: &str| Survivor { score, board: board.into() };
/// let mut found = vec![s(3, "b"), s(5, "z"), s(3, "a")];
/// found.sort();
/// assert_eq!(found, [s(5, "z"), s(3, "a"), s(3, "b")]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub struct Survivor {
    /// Its exact score.
    pub score: u32,
    /// The board as a row-major string.
    pub board: String,
}

impl Ord for Survivor {
    /// Best first: the higher score first, then the board alphabetically.
    fn cmp(&self, other: &Survivor) -> std::cmp::Ordering {
        other
            .score
            .cmp(&self.score)
            .then_with(|| self.board.cmp(&other.board))
    }
}

impl PartialOrd for Survivor {
    /// As [`Survivor`]'s `Ord`: best first.
    fn partial_cmp(&self, other: &Survivor) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// What a breaker has produced so far: running totals and the boards that reached the target.
/// Both breakers keep one, and [`ClassBreaker`] reads it the same way for each.
#[derive(Clone, Debug)]
pub struct BreakTally {
    /// The running totals.
    pub stats: BreakStats,
    /// Boards that reach the target, in the order found.
    pub found: Vec<Survivor>,
    /// The most boards found (since the last reset) before the breaker stops: [`MAX_FOUND`]
    /// unless set.
    most_found: u64,
    /// Why the breaker gave up on the class, if it did ([`BreakError::TooManyPaths`]): it then
    /// stops, and the class is not settled.
    failure: Option<BreakError>,
    /// Set by another thread to end the search soon, even inside a long search of one class
    /// ([`ClassBreaker::cancel_on`]); kept across [`BreakTally::clear`].
    cancel: Option<Arc<AtomicBool>>,
}

impl Default for BreakTally {
    fn default() -> BreakTally {
        BreakTally {
            stats: BreakStats::default(),
            found: Vec::new(),
            most_found: MAX_FOUND,
            failure: None,
            cancel: None,
        }
    }
}

impl BreakTally {
    /// Records a board that reaches the target.
    pub fn add_found(&mut self, score: u32, board: String) {
        self.stats.found += 1;
        self.found.push(Survivor { score, board });
    }

    /// Gives up on the class for `why` (the first reason is kept): the breaker then stops.
    pub fn fail(&mut self, why: BreakError) {
        self.failure.get_or_insert(why);
    }

    /// True once the breaker must stop: it found more boards than it keeps, or gave up.
    pub fn is_stopped(&self) -> bool {
        self.stats.found > self.most_found || self.failure.is_some()
    }

    /// The flag that cancels the search, if one was given.
    pub fn cancel_flag(&self) -> Option<&AtomicBool> {
        self.cancel.as_deref()
    }

    /// True once the search was cancelled: what it found is then partial, and the caller,
    /// who cancelled it, says why.
    pub fn is_cancelled(&self) -> bool {
        self.cancel_flag()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// Why the breaker gave up on the class, if it did.
    pub fn failure(&self) -> Option<&BreakError> {
        self.failure.as_ref()
    }

    /// Why the search stopped before the end, against `target`: the breaker gave up, or
    /// found more boards than it keeps ([`BreakError::TooManyBoards`]).
    pub fn check_stopped(&self, target: u32) -> Result<(), BreakError> {
        match &self.failure {
            Some(e) => Err(e.clone()),
            None => BreakError::check_found(self.stats.found, self.most_found, target),
        }
    }

    /// Clears the totals and the boards found, keeping the limit.
    pub fn clear(&mut self) {
        *self = BreakTally {
            most_found: self.most_found,
            cancel: self.cancel.take(),
            ..BreakTally::default()
        };
    }
}

/// What the two breakers ([`Breaker`] and [`OrderlyBreaker`]) share, so a
/// search can use either.
pub trait ClassBreaker {
    /// Starts breaking `class` (statistics and found boards add up until `reset`).
    fn start(&mut self, class: &BoardClass) -> Result<(), BreakError>;
    /// Works on up to `max_classes` classes; true when the class is finished.
    fn step(&mut self, max_classes: usize) -> bool;
    /// Totals and found boards so far.
    fn tally(&self) -> &BreakTally;
    /// Mutable access to the tally, for taking found boards.
    fn tally_mut(&mut self) -> &mut BreakTally;
    /// The running totals.
    fn stats(&self) -> &BreakStats {
        &self.tally().stats
    }
    /// Boards found so far that reach the target, in the order found.
    fn found(&self) -> &[Survivor] {
        &self.tally().found
    }
    /// Takes the boards found so far.
    fn take_found(&mut self) -> Vec<Survivor> {
        std::mem::take(&mut self.tally_mut().found)
    }
    /// Clears statistics and found boards.
    fn reset(&mut self);
    /// Stops the search once more than `most` boards were found since the last reset (the
    /// default is [`MAX_FOUND`]): [`ClassBreaker::is_stopped`] then says so.
    fn set_most_found(&mut self, most: u64) {
        self.tally_mut().most_found = most;
    }
    /// True when the search stopped before the end of its class: it found more boards than it
    /// keeps, or gave up on the class.
    fn is_stopped(&self) -> bool {
        self.tally().is_stopped()
    }
    /// Why the search stopped before the end ([`BreakTally::check_stopped`]), against `target`.
    fn check_stopped(&self, target: u32) -> Result<(), BreakError> {
        self.tally().check_stopped(target)
    }
    /// Ends the search soon after `flag` is set by another thread, even inside the one long
    /// search that lists a class's words or bounds it whole (a caller waiting on Ctrl-C);
    /// [`BreakTally::is_cancelled`] then says so.
    fn cancel_on(&mut self, flag: Arc<AtomicBool>) {
        self.tally_mut().cancel = Some(flag);
    }
    /// Breaks the current class to the end.
    fn run(&mut self) {
        while !self.step(usize::MAX) {}
    }
}
