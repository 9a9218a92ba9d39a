//! How far the solver goes on one board. A board of up to 16 cells has a few million paths at
//! most, but on larger boards a word list of words like `eeeeeeeeeeee` meets an all-`e` board
//! along billions of paths: without a limit scoring it would run for hours and multiboggle
//! scoring would fill memory. Real word lists stay thousands of times below both limits.

use crate::engine::grouped;
use std::fmt;

/// The most paths one search of a board follows: a few seconds of work. The best 6x6 boards
/// known for the shipped lists take under 10,000.
pub const MAX_PATHS: u64 = 100_000_000;

/// The most distinct pairs of a word and a set of cells spelling it that multiboggle scoring
/// keeps for one board: about 40 MB, and far more than a board of real words has.
pub const MAX_CELL_SETS: usize = 1_000_000;

/// A board the solver gave up on: with this word list it has too many paths to walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TooBigToSolve {
    /// Its word beginnings lie along more than [`MAX_PATHS`] paths.
    Paths,
    /// Its words lie on more than [`MAX_CELL_SETS`] distinct sets of cells.
    CellSets,
}

impl fmt::Display for TooBigToSolve {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TooBigToSolve::Paths => write!(
                f,
                "this board and word list have more than {} paths spelling the start of a word, \
                 more than the solver follows (the best boards for real word lists have thousands)",
                grouped(MAX_PATHS)
            ),
            TooBigToSolve::CellSets => write!(
                f,
                "this board spells its words on more than {} distinct sets of cells, more than \
                 multiboggle scoring keeps (the best boards for real word lists have thousands)",
                grouped(MAX_CELL_SETS)
            ),
        }
    }
}

impl std::error::Error for TooBigToSolve {}
