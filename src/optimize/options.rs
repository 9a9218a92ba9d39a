//! The options both optimizers take ([`Common`]), the letters boards may use and the random
//! board a run starts from.
//!
//! Hill climbing's default alphabet is the word list's [`COMMON_LETTERS`] most common letters
//! (for ENABLE2K every letter but j k q w x z, the six rarest): every board a round scores is
//! a one-letter change, and on 5x5 a change to a letter that few words use is almost never an
//! improvement, so a smaller alphabet spends the boards on changes that can be; it reached the
//! best known 5x5 board from seeds that every letter did not (docs/decisions.md, "Hill
//! climbing on 5x5").

use super::{check_count, OptimizeError};
use crate::engine::board::{cells_to_string, check_size, letters_of, Board};
use crate::engine::dice::{dice_for, random_board, LetterSource};
use crate::engine::scoring::check_target;
use crate::engine::shown_char;
use crate::rng::Rng;
use crate::Dictionary;
use serde::{Deserialize, Serialize};

/// The 26 letters, annealing's default alphabet.
pub const ALL_LETTERS: &str = "abcdefghijklmnopqrstuvwxyz";

/// How many of the word list's most common letters make hill climbing's default alphabet.
pub const COMMON_LETTERS: usize = 20;

/// An optimizer's alphabet when its options name none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefaultAlphabet {
    /// Every letter a-z.
    All,
    /// The word list's [`COMMON_LETTERS`] most common letters ([`common_letters`]).
    Common,
}

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
    /// The letters boards may use (a-z; `q` is the Qu face); none: the optimizer's default
    /// ([`DefaultAlphabet`]).
    pub letters: Option<String>,
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
            letters: None,
            source: LetterSource::Uniform,
            runs: 1,
            target: None,
            top: 10,
        }
    }
}

impl Common {
    /// Checks the options and returns the allowed letters as indices (sorted, distinct): those
    /// named, or the optimizer's `default` alphabet for `dict`.
    pub fn check(
        &self,
        dict: &Dictionary,
        default: DefaultAlphabet,
    ) -> Result<Vec<u8>, OptimizeError> {
        check_size(self.rows, self.cols).map_err(OptimizeError::Size)?;
        check_count(self.top, MAX_TOP, "top", "the number of top boards to keep")?;
        if let Some(target) = self.target {
            check_target(target).map_err(|e| OptimizeError::Option {
                param: "target",
                what: "the target",
                rule: e.to_string(),
            })?;
        }
        let allowed = match (&self.letters, default) {
            (Some(text), _) => parse_letters(text)?,
            (None, DefaultAlphabet::All) => (0..26).collect(),
            (None, DefaultAlphabet::Common) => common_letters(dict, COMMON_LETTERS),
        };
        if self.letters.is_some() {
            self.check_dice_faces(&allowed)?;
        }
        Ok(allowed)
    }

    /// With the dice as letter source, each die shows only the allowed letters among its
    /// faces, so that every board could be rolled with the dice: letters given that leave a
    /// die no face to show are refused, naming one, rather than giving it any letter unsaid.
    fn check_dice_faces(&self, allowed: &[u8]) -> Result<(), OptimizeError> {
        let Some(dice) = (self.source == LetterSource::Dice)
            .then(|| dice_for(self.rows, self.cols))
            .flatten()
        else {
            return Ok(());
        };
        let faceless: Vec<&str> = dice
            .iter()
            .filter(|die| !die.bytes().any(|b| allowed.contains(&(b - b'a'))))
            .copied()
            .collect();
        let Some(first) = faceless.first() else {
            return Ok(());
        };
        Err(OptimizeError::Conflict {
            param: "letters",
            message: format!(
                "{} of the {} dice show none of the letters {} (e.g. {first}): with the dice as \
                 letter source every die needs one, or use the uniform source",
                faceless.len(),
                dice.len(),
                cells_to_string(allowed)
            ),
        })
    }
}

/// The `n` letters most used by `dict`'s words as sorted indices (ties go to the earlier
/// letter).
pub fn common_letters(dict: &Dictionary, n: usize) -> Vec<u8> {
    let counts = dict.letter_counts();
    let mut by_use: Vec<u8> = (0..26).collect();
    by_use.sort_by_key(|&l| std::cmp::Reverse(counts[usize::from(l)]));
    by_use.truncate(n);
    by_use.sort_unstable();
    by_use
}

/// Reads an alphabet such as `aeiourst` into sorted distinct letter indices.
pub fn parse_letters(text: &str) -> Result<Vec<u8>, OptimizeError> {
    let mut mask = 0u32;
    for ch in text.chars() {
        if ch.is_ascii_alphabetic() {
            mask |= 1 << (ch.to_ascii_lowercase() as u8 - b'a');
        } else if !(ch.is_whitespace() || ch == ',') {
            return Err(OptimizeError::Letters(format!(
                "{} is not a letter: the allowed letters must be a-z",
                shown_char(ch)
            )));
        }
    }
    // One letter makes a single board: nothing to search for.
    match mask.count_ones() {
        0 => Err(OptimizeError::Letters(
            "no letters allowed: give at least two letters a-z".into(),
        )),
        1 => Err(OptimizeError::Letters(
            "one letter makes a single board: give at least two letters a-z".into(),
        )),
        _ => Ok(letters_of(mask).collect()),
    }
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
        assert!(parse_letters("a, A").is_err(), "one letter makes one board");
        assert_eq!(parse_letters("ba").unwrap(), vec![0, 1]);
        assert!(parse_letters("ab1")
            .unwrap_err()
            .to_string()
            .contains("'1'"));
    }

    #[test]
    fn the_common_alphabet_is_the_lists_most_used_letters() {
        // e 5, a 3, t 3, s 2, b 1, z 1: ties go to the earlier letter.
        let dict = Dictionary::from_bytes(b"eat\nseat\ntees\nbee\nzee\n").unwrap();
        let names = |v: Vec<u8>| v.iter().map(|&l| char::from(b'a' + l)).collect::<String>();
        assert_eq!(names(common_letters(&dict, 4)), "aest");
        assert_eq!(names(common_letters(&dict, 5)), "abest");
        let common = Common::default();
        assert_eq!(common.check(&dict, DefaultAlphabet::All).unwrap().len(), 26);
        assert_eq!(
            common.check(&dict, DefaultAlphabet::Common).unwrap().len(),
            COMMON_LETTERS
        );
        let named = Common {
            letters: Some("zb".into()),
            ..Common::default()
        };
        assert_eq!(
            names(named.check(&dict, DefaultAlphabet::Common).unwrap()),
            "bz"
        );
    }

    #[test]
    fn dice_need_a_face_among_the_letters_given() {
        let dict = Dictionary::from_bytes(b"eat\nseat\n").unwrap();
        let dice = |letters: Option<&str>, rows, cols| Common {
            letters: letters.map(String::from),
            source: LetterSource::Dice,
            rows,
            cols,
            ..Common::default()
        };
        // Every 4x4 die has one of these, not one of those: hlnnrz has no vowel.
        assert!(dice(Some("aeioun"), 4, 4)
            .check(&dict, DefaultAlphabet::All)
            .is_ok());
        let e = dice(Some("aeiou"), 4, 4)
            .check(&dict, DefaultAlphabet::All)
            .unwrap_err();
        assert!(
            matches!(&e, OptimizeError::Conflict { param: "letters", message }
                if message.starts_with("1 of the 16 dice show none of the letters aeiou (e.g. hlnnrz)")),
            "{e}"
        );
        // Shapes without dice, uniform letters and the default alphabets are not checked.
        assert!(dice(Some("aeiou"), 4, 5)
            .check(&dict, DefaultAlphabet::All)
            .is_ok());
        let uniform = Common {
            source: LetterSource::Uniform,
            ..dice(Some("aeiou"), 4, 4)
        };
        assert!(uniform.check(&dict, DefaultAlphabet::All).is_ok());
        assert!(dice(None, 6, 6)
            .check(&dict, DefaultAlphabet::Common)
            .is_ok());
    }
}
