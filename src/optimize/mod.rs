//! Searching for high-scoring boards: simulated annealing ([`anneal`], with parallel tempering
//! in [`tempering`]) and hill climbing ([`hillclimb`]), both step-wise behind the [`Optimizer`]
//! trait so the CLI and the page's workers can run them in slices.
//!
//! What the two share is in one file per question, re-exported here (`boggle::optimize::X`):
//! their options and alphabet (`options.rs`, [`Common`]), every default and limit
//! (`defaults.rs`, [`Defaults`]), why they refuse to start (`error.rs`), the progress they
//! report (`progress.rs`), the best distinct boards (`leaderboard.rs`), canonical keys
//! (`canon.rs`), which options only some settings use (`only_with.rs`) and the tables of boards
//! seen and their scores (`seen.rs`). A pool search's bookkeeping (`tally.rs`) is hill
//! climbing's alone and stays inside the crate.

pub mod anneal;
mod canon;
mod defaults;
mod error;
pub mod hillclimb;
mod leaderboard;
pub mod mutate;
pub mod only_with;
mod options;
mod progress;
mod runs;
pub mod schedule;
mod seen;
mod tally;
pub mod tempering;

/// Cells as a row-major string (the engine's helper, re-exported where optimizers used it).
pub use crate::engine::board::cells_to_string;
pub use anneal::{Anneal, AnnealOptions, Restart};
pub use canon::Canon;
pub use defaults::Defaults;
pub(crate) use error::check_count;
pub use error::OptimizeError;
pub use hillclimb::{HillClimb, HillClimbOptions, Order};
pub use leaderboard::{Leaderboard, Scored};
pub use only_with::Unused;
pub use options::{
    common_letters, parse_letters, random_start, Common, DefaultAlphabet, ALL_LETTERS,
    COMMON_LETTERS, MAX_TOP,
};
pub use progress::{Progress, Replica, Sample};
pub use runs::RunBests;
pub use schedule::Schedule;
pub use seen::SeenTable;
pub(crate) use tally::Tally;

use crate::engine::solver::TooBigToSolve;

/// The longest time limit a run takes, in seconds (about 32 years): past it a limit means
/// nothing, and a [`Duration`](std::time::Duration) cannot hold every number.
pub const MAX_SECONDS: u32 = 1_000_000_000;

/// A run's time limit from a number of seconds, more than 0 and at most [`MAX_SECONDS`]; the
/// error says what a limit must be, for the caller to put after the option's name.
pub fn time_limit(seconds: f64) -> Result<std::time::Duration, String> {
    if seconds > 0.0 && seconds <= f64::from(MAX_SECONDS) {
        Ok(std::time::Duration::from_secs_f64(seconds))
    } else {
        Err(format!(
            "must be a positive number up to {}",
            crate::engine::grouped(MAX_SECONDS)
        ))
    }
}

/// A score that may have failed, for a search: the score, or `None` once the failure is kept in
/// `failed` and the search ended (`done`), which [`step_result`] then reports.
pub(crate) fn scored<T>(
    scored: Result<T, TooBigToSolve>,
    failed: &mut Option<TooBigToSolve>,
    done: &mut bool,
) -> Option<T> {
    scored
        .map_err(|e| {
            *failed = Some(e);
            *done = true;
        })
        .ok()
}

/// What [`Optimizer::step`] returns for a search that is `done` (or not) and may have `failed`.
pub(crate) fn step_result(
    failed: Option<TooBigToSolve>,
    done: bool,
) -> Result<bool, TooBigToSolve> {
    failed.map_or(Ok(done), Err)
}

/// A step-wise optimizer: callers alternate [`Optimizer::step`] and [`Optimizer::progress`]
/// and may stop at any time.
pub trait Optimizer {
    /// Works until about `max_boards` boards were scored or the search finished; returns true
    /// when it has finished, and an error (the search is over) when a board had more paths
    /// through the word list than the solver follows.
    fn step(&mut self, max_boards: u64) -> Result<bool, TooBigToSolve>;
    /// Where the search stands.
    fn progress(&self) -> Progress;
    /// Where the search stands, in the few numbers a chart needs.
    fn sample(&self) -> Sample;
}
