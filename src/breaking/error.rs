//! Why a class cannot be broken, or why a search stopped before the end: the one error type
//! every breaker, the CLI and the bindings report.

use super::MAX_CLASS_PATHS;
#[cfg(doc)]
use super::{plain, settle_by_bound, MAX_FOUND};
use crate::engine::board::cell_name;
use crate::engine::solver::TooBigToSolve;
#[cfg(doc)]
use crate::engine::solver::MAX_PATHS;
use crate::engine::{grouped, plural};
use std::fmt;

/// Why a class cannot be broken, or why a search stopped before the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BreakError {
    /// A cell holds no letter (`.`), so the class has no complete board to find.
    EmptyCell {
        /// The cell, row-major from 0.
        cell: usize,
        /// How many columns the class has, to name the cell by row and column.
        cols: usize,
    },
    /// A cell holds no letter (`.`) and the class's bound reaches the target, so its bound
    /// cannot eliminate it and no board of it can be scored ([`settle_by_bound`]).
    EmptyCellReaches {
        /// The cell, row-major from 0.
        cell: usize,
        /// How many columns the class has.
        cols: usize,
        /// The class's bound.
        bound: u32,
        /// The target it reaches.
        target: u32,
    },
    /// The board has more cells than the breaker can hold.
    TooManyCells {
        /// The board's cells.
        cells: usize,
        /// The most this breaker holds.
        most: usize,
    },
    /// Bounding the class alone passes the step limit a caller set
    /// ([`plain::Breaker::start_within`]), so each of its splits would take as long.
    TooBig {
        /// The limit it passed.
        max_steps: u64,
    },
    /// A part of the class, or one of its boards, has more paths spelling the start of a word
    /// than the breaker follows ([`MAX_CLASS_PATHS`], [`MAX_PATHS`]): only a hostile word list
    /// does that, and the class cannot be settled with it.
    TooManyPaths {
        /// The board given up on; `None` for a part of the class whose entries could not be
        /// listed.
        board: Option<String>,
    },
    /// The break of a class passed its limit on forced classes
    /// ([`crate::breaking::options::BreakOptions::max_nodes`]), or would at the pace it was
    /// settling boards ([`crate::breaking::options::BreakOptions::check_pace`]).
    TooLong {
        /// Forced classes visited.
        nodes: u64,
        /// The share of the class's boards settled by then.
        share: Share,
        /// The limit.
        max_nodes: u64,
    },
    /// More boards reach the target than a search keeps ([`MAX_FOUND`]).
    TooManyBoards {
        /// The most boards kept.
        most: u64,
        /// The target they reach.
        target: u32,
    },
}

impl fmt::Display for BreakError {
    /// The message with the engine's own name for the limit on forced classes, as for a class
    /// of one's own; each front end gives [`BreakError::message`] in its own words instead.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f, "max_nodes", true)
    }
}

impl BreakError {
    /// The message as a front end gives it: `max_nodes` names the limit on forced classes as
    /// its user sets it (`--max-nodes` on the command line, `max_nodes` in Python), and
    /// `own_class` says whether the class is the user's own, whose cells they can fix to fewer
    /// letters, or a class of a partition, which the partition fixes (the way out is then the
    /// target, the limit or the word list).
    pub fn message(&self, max_nodes: &str, own_class: bool) -> String {
        let mut text = String::new();
        self.write_to(&mut text, max_nodes, own_class)
            .expect("a String takes any text");
        text
    }

    /// Writes [`BreakError::message`].
    fn write_to(&self, f: &mut impl fmt::Write, max_nodes: &str, own_class: bool) -> fmt::Result {
        // What can be changed so that the class breaks within its limit.
        let way = if own_class {
            format!("fix some cells to fewer letters, raise the target, or raise the limit ({max_nodes})")
        } else {
            format!("raise the target, or raise the limit ({max_nodes})")
        };
        match self {
            BreakError::EmptyCell { cell, cols } => write!(
                f,
                "{} is empty: breaking needs at least one letter in every cell",
                cell_name(cell / cols, cell % cols)
            ),
            BreakError::EmptyCellReaches {
                cell,
                cols,
                bound,
                target,
            } => write!(
                f,
                "{} is empty: a class with an empty cell can only be eliminated by its bound, \
                 and its bound {bound} reaches the target {target}",
                cell_name(cell / cols, cell % cols)
            ),
            BreakError::TooManyCells { cells, most } => write!(
                f,
                "{cells} cells: this breaker handles boards of at most {most} cells"
            ),
            BreakError::TooBig { max_steps } => write!(
                f,
                "this class is too big to break here (bounding it passed {}): fix some cells to \
                 fewer letters, or break it with `boggle break` on the command line",
                plural(*max_steps, "step", "steps")
            ),
            BreakError::TooManyPaths { board: Some(board) } => {
                write!(f, "board {board}: {}", TooBigToSolve::Paths)
            }
            BreakError::TooManyPaths { board: None } => write!(
                f,
                "searching this class for its words passed {} paths spelling the start of a \
                 word, more than the breaker follows (a class of the 4x4 proofs takes tens of \
                 millions): {}check the word list (words like eeeeeeeeeeee make billions of \
                 paths)",
                grouped(MAX_CLASS_PATHS),
                if own_class {
                    "give its cells fewer letters, or "
                } else {
                    ""
                }
            ),
            BreakError::TooLong {
                nodes,
                share,
                max_nodes: limit,
            } if *nodes >= *limit => write!(
                f,
                "breaking this class passed its limit of {} forced classes with {} of its \
                 boards settled: {way}",
                grouped(*limit),
                percent(share.0)
            ),
            BreakError::TooLong {
                nodes,
                share,
                max_nodes: limit,
            } => {
                let mut way = way;
                way[..1].make_ascii_uppercase();
                write!(
                    f,
                    "breaking this class would take about {:.1e} forced classes, more than its \
                     limit of {}: after {} only {} of its boards are settled. {way}",
                    *nodes as f64 / share.0,
                    grouped(*limit),
                    grouped(*nodes),
                    percent(share.0)
                )
            }
            BreakError::TooManyBoards { most, target } => write!(
                f,
                "more than {} boards reach the target {target}: raise the target",
                grouped(*most)
            ),
        }
    }
}

impl std::error::Error for BreakError {}

/// A share of a class's boards, from 0 to 1, compared bit for bit so that a
/// [`BreakError`] holding one can still be compared whole.
#[derive(Clone, Copy, Debug)]
pub struct Share(pub f64);

impl PartialEq for Share {
    fn eq(&self, other: &Share) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

impl Eq for Share {}

/// A share (0 to 1) as a percentage that shows its first digits however small it is: one
/// decimal from 0.1% up, two significant digits below (`0.0042%`), and powers of ten below a
/// millionth of a percent (`1.1e-17%`), so that a share that grows shows it.
pub fn percent(share: f64) -> String {
    let p = 100.0 * share;
    if p == 0.0 || p >= 0.1 {
        format!("{p:.1}%")
    } else if p >= 1e-6 {
        let digits = (1.0 - p.log10().floor()) as usize;
        format!("{p:.digits$}%")
    } else {
        format!("{p:.1e}%")
    }
}

impl BreakError {
    /// [`BreakError::TooManyBoards`] when `found` boards passed `most`, the most a search
    /// keeps, against `target`: the one test every breaker and driver makes.
    pub fn check_found(found: u64, most: u64, target: u32) -> Result<(), BreakError> {
        if found > most {
            return Err(BreakError::TooManyBoards { most, target });
        }
        Ok(())
    }
}
