//! A round of Boggle as people play it: a board rolled from a real set of dice with a seed, the
//! rules of the round (shortest word, multiboggle), the verdict on each word a player gives and
//! the review at the end (what was found, what was missed, what was refused and why).
//!
//! - [`DiceSet`]: the three sets of real dice by board size, and the seeded roll.
//! - [`round`]: [`Round`], a board solved under a round's [`Rules`], which judges words
//!   ([`Verdict`]) and reviews a player's list ([`Review`]).
//!
//! Points are the engine's ([`crate::engine::scoring`]); the dice are the engine's
//! ([`crate::engine::dice`]); this wing only says how a round uses them.

pub mod round;

pub use round::{Refused, Review, Round, Rules, Verdict, MAX_CLAIMED, MAX_MIN_LETTERS};

use crate::engine::dice::{roll, Roll, DICE_4X4, DICE_5X5, DICE_6X6};
use crate::rng::Rng;
use std::fmt;

/// The real dice a round can be rolled with, named by their board size: the 16 classic dice
/// (4x4), Big Boggle's 25 (5x5) and Super Big Boggle's 36 (6x6, read as single letters: see
/// [`DICE_6X6`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiceSet {
    /// The 16 dice of the classic game, 4x4.
    Classic,
    /// Big Boggle's 25 dice, 5x5.
    Big,
    /// Super Big Boggle's 36 dice, 6x6.
    SuperBig,
}

/// A dice set's name that is not one of `4x4`, `5x5`, `6x6`; the text is meant for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownDice(pub String);

impl fmt::Display for UnknownDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Cut shorter than most input: a dice set's name is three characters when right.
        write!(
            f,
            "'{}' is not a dice set: choose 4x4 (the classic 16 dice), 5x5 (Big Boggle) or 6x6 (Super Big Boggle)",
            crate::engine::quoted_to(&self.0, 20)
        )
    }
}

impl std::error::Error for UnknownDice {}

impl DiceSet {
    /// Every set, smallest first.
    pub const ALL: [DiceSet; 3] = [DiceSet::Classic, DiceSet::Big, DiceSet::SuperBig];

    /// Reads a set by its board size: `4x4`, `5x5` or `6x6` (also `44`, `5X5`, surrounding spaces).
    pub fn parse(text: &str) -> Result<DiceSet, UnknownDice> {
        let t = text.trim().to_ascii_lowercase().replace('x', "");
        match t.as_str() {
            "44" => Ok(DiceSet::Classic),
            "55" => Ok(DiceSet::Big),
            "66" => Ok(DiceSet::SuperBig),
            _ => Err(UnknownDice(text.to_string())),
        }
    }

    /// The set's name, its board size: `4x4`, `5x5` or `6x6`.
    pub fn name(self) -> &'static str {
        match self {
            DiceSet::Classic => "4x4",
            DiceSet::Big => "5x5",
            DiceSet::SuperBig => "6x6",
        }
    }

    /// The shortest word the set's own rules count: 3 letters with the classic dice, 4 in Big
    /// and Super Big Boggle. Play offers it when the set is chosen; a round's rules are its own.
    pub fn customary_min_letters(self) -> usize {
        match self {
            DiceSet::Classic => 3,
            DiceSet::Big | DiceSet::SuperBig => 4,
        }
    }

    /// The board's rows and columns (one die a cell).
    pub fn size(self) -> (usize, usize) {
        let side = match self {
            DiceSet::Classic => 4,
            DiceSet::Big => 5,
            DiceSet::SuperBig => 6,
        };
        (side, side)
    }

    /// The dice, each written as its faces (`q` the Qu face).
    pub fn dice(self) -> &'static [&'static str] {
        match self {
            DiceSet::Classic => &DICE_4X4,
            DiceSet::Big => &DICE_5X5,
            DiceSet::SuperBig => &DICE_6X6,
        }
    }

    /// The board seed `seed` rolls: the same seed gives the same board everywhere. It is the
    /// board a random board of this size from the real dice gets from `Rng::new(seed)`, as the
    /// solver's Random board button rolls it.
    pub fn roll(self, seed: u64) -> Roll {
        let (rows, cols) = self.size();
        roll(self.dice(), rows, cols, &mut Rng::new(seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::{random_board, LetterSource};

    #[test]
    fn sets_read_by_size_and_refuse_anything_else() {
        for set in DiceSet::ALL {
            assert_eq!(DiceSet::parse(set.name()), Ok(set));
            let (r, c) = set.size();
            assert_eq!(set.dice().len(), r * c);
        }
        assert_eq!(DiceSet::parse(" 5X5 "), Ok(DiceSet::Big));
        assert_eq!(DiceSet::parse("66"), Ok(DiceSet::SuperBig));
        for bad in ["", "3x3", "4x5", "classic", "<b>4x4</b>", "\u{202e}4x4"] {
            let e = DiceSet::parse(bad).unwrap_err();
            assert!(e.to_string().contains("is not a dice set"), "{e}");
        }
        let long = "x".repeat(10_000);
        assert!(DiceSet::parse(&long).unwrap_err().to_string().len() < 200);
        // Quoted as the engine quotes input: escaped, so it cannot move the cursor.
        let e = DiceSet::parse("\u{1b}[2J").unwrap_err().to_string();
        assert!(e.starts_with("'\\u{1b}[2J' is not a dice set"), "{e}");
    }

    #[test]
    fn same_seed_same_board_and_the_random_board_agrees() {
        for set in DiceSet::ALL {
            let (r, c) = set.size();
            let boards: std::collections::HashSet<String> =
                (0..40).map(|s| set.roll(s).board.to_string()).collect();
            assert!(boards.len() > 35, "seeds give different boards");
            for seed in [0, 1, 42, u64::MAX] {
                assert_eq!(set.roll(seed), set.roll(seed));
                let b = random_board(r, c, LetterSource::Dice, &mut Rng::new(seed));
                assert_eq!(set.roll(seed).board, b);
            }
        }
    }
}
