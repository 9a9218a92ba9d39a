//! What a search reports between steps: the whole snapshot ([`Progress`]), a tempering
//! ladder's rungs ([`Replica`]) and the few numbers a chart plots ([`Sample`]).

use super::Scored;
use serde::Serialize;

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
    /// Runs finished so far (the run under way counts once the search has finished).
    pub finished_runs: u32,
    /// Of those, the runs whose best score reached [`Progress::best_score`].
    pub runs_at_best: u32,
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
    /// Trades of boards with the next hotter rung tried since the search started (0 for the
    /// hottest rung).
    pub swaps_tried: u64,
    /// Of those, the trades accepted.
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
    /// Best score of this run so far.
    pub run_best: u32,
    /// Best score of the run before this one (0 during the first run), so a chart can mark
    /// each run's outcome exactly however sparsely it samples.
    pub last_run_best: u32,
    /// Annealing's temperature (0 for hill climbing).
    pub temperature: f64,
    /// Annealing: the share of the last 1,000 proposals accepted, exactly (as
    /// [`Progress::acceptance`]); 0 for hill climbing.
    pub acceptance: f64,
}
