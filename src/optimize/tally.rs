//! What a pool search (hill climbing) keeps about the boards it scores ([`Tally`]).

use super::{Canon, Common, Leaderboard, SeenTable};
use crate::engine::board::Board;
use crate::engine::solver::TooBigToSolve;

/// What a pool search (hill climbing) keeps about the boards it scores: the solver, the boards
/// this run has seen (by canonical key, in a table of fixed size), the best distinct boards,
/// how many were scored and whether the target was reached.
pub(crate) struct Tally {
    /// Scores the boards.
    pub solver: crate::Solver,
    canon: Canon,
    seen: SeenTable,
    /// The best distinct boards so far.
    pub top: Leaderboard,
    target: Option<u32>,
    /// Boards scored.
    pub boards: u64,
    /// The canonical form of the board last admitted.
    pub canonical: Vec<u8>,
    /// True once a board reached the target, or scoring one failed.
    pub done: bool,
    /// Why scoring a board failed, which ends the search.
    pub failed: Option<TooBigToSolve>,
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
            failed: None,
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
        let scored = self.solver.score(board);
        let score = self.scored(scored)?;
        self.record(score);
        Some(score)
    }

    /// The score of a scoring that may have failed; a failure ends the search.
    pub fn scored<T>(&mut self, scored: Result<T, TooBigToSolve>) -> Option<T> {
        super::scored(scored, &mut self.failed, &mut self.done)
    }
}
