//! The options both optimizers take ([`Common`]), the letters boards may use and the random
//! board a run starts from.

use super::OptimizeError;
use crate::engine::board::{check_size, letters_of, Board};
use crate::engine::dice::{random_board, LetterSource};
use crate::rng::Rng;
use serde::{Deserialize, Serialize};

/// The 26 letters, the default alphabet of an optimizer.
pub const ALL_LETTERS: &str = "abcdefghijklmnopqrstuvwxyz";

/// The most distinct best boards an optimizer keeps ([`Common::top`]).
pub const MAX_TOP: usize = 1000;

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
    Ok(letters_of(mask).collect())
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

#[cfg(test)]
mod tests {
    use super::*;

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
