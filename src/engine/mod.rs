//! The engine proper: boards, word lists, the solver and the rules they follow.
//!
//! Everything else builds on this wing: [`crate::bounds`] and [`crate::breaking`] reason about
//! whole classes of boards with the same trie, and [`crate::optimize`] walks from board to board
//! scoring each with [`Solver`].
//!
//! - [`board`]: a grid of letters, how it is typed and written, board sizes, neighbour tables.
//! - [`dictionary`]: word lists read from any real file into a compact trie.
//! - [`compiled`]: that trie saved as bytes made for size, so the page loads a shipped list fast.
//! - [`dawg`]: the trie with equal subtrees shared, the body of a compiled list (what is coded
//!   in which context in `dawg/model.rs`), coded by
//!   `range_coder` (a binary adaptive range coder).
//! - [`solver`]: every word on a board, with paths and scores; the hot scoring loop (its
//!   neighbour lookup in `solver/next_cells.rs`, its path stack in `solver/paths.rs`), and
//!   every one-letter variant of a cell scored in one walk (`solver/variants.rs`).
//! - [`scoring`]: how many points a word is worth.
//! - [`symmetry`]: rotations, reflections and canonical forms.
//! - [`dice`]: random boards from real dice or uniform letters.

pub mod board;
pub mod compiled;
pub mod dawg;
pub mod dice;
pub mod dictionary;
pub(crate) mod range_coder;
pub mod scoring;
pub mod solver;
pub mod symmetry;

pub use board::{Board, BoardError};
pub use dictionary::{Dictionary, LoadStats};
pub use solver::{FoundWord, Solver};

/// The plural ending of a counted noun: "" for one, "s" for any other count ("1 cell",
/// "3 cells"), so that every message words its counts the same way.
///
/// ```
/// assert_eq!(boggle::engine::plural_s(1usize), "");
/// assert_eq!(boggle::engine::plural_s(0u64), "s");
/// ```
pub fn plural_s<T: PartialEq + From<u8>>(n: T) -> &'static str {
    if n == T::from(1) {
        ""
    } else {
        "s"
    }
}

/// A count (any unsigned integer) with its thousands grouped by commas, as the page writes
/// counts: every message that gives a count writes it so.
///
/// ```
/// assert_eq!(boggle::engine::grouped(16_777_216u64), "16,777,216");
/// assert_eq!(boggle::engine::grouped(999usize), "999");
/// ```
pub fn grouped(n: impl std::fmt::Display) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}
