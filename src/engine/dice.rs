//! Random boards: the real Boggle dice for 4x4, 5x5 and 6x6, uniform letters for other sizes.
//!
//! Each die is written as its faces, one letter a face, `q` for the Qu face. A roll shuffles
//! the dice into the cells, then picks a face of each die, both with the seeded [`Rng`], so
//! a seed gives the same board natively, in wasm and on every machine.

use crate::engine::board::Board;
use crate::rng::Rng;

/// The 16 dice of the standard 4x4 game (`q` is the Qu face).
pub const DICE_4X4: [&str; 16] = [
    "aaeegn", "abbjoo", "achops", "affkps", "aoottw", "cimotu", "deilrx", "delrvy", "distty",
    "eeghnw", "eeinsu", "ehrtvw", "eiosst", "elrtty", "himnqu", "hlnnrz",
];

/// The 25 dice of Big Boggle (5x5).
pub const DICE_5X5: [&str; 25] = [
    "aaafrs", "aaeeee", "aafirs", "adennn", "aeeeem", "aeegmu", "aegmnn", "afirsy", "bjkqxz",
    "ccenst", "ceiilt", "ceilpt", "ceipst", "ddhnot", "dhhlor", "dhlnor", "dhlnor", "eiiitt",
    "emottt", "ensssu", "fiprsy", "gorrvw", "iprrry", "nootuw", "ooottu",
];

/// The 36 dice of Super Big Boggle (6x6), as single-letter faces. A cell holds one letter (or
/// the Qu face), so the set's other faces are read this way: the die printed An, Er, He, In,
/// Qu, Th shows the first letter of each face (`aehiqt`, its Qu face the Qu cube), and the die
/// with three blank faces shows only its letters (`eio`, each equally likely).
pub const DICE_6X6: [&str; 36] = [
    "aaafrs", "aaeeee", "aaeeoo", "aafirs", "abdeio", "adennn", "aeeeem", "aeegmu", "aegmnn",
    "aeilmn", "aeinou", "afirsy", "aehiqt", "bbjkxz", "ccenst", "cddlnn", "ceiitt", "ceipst",
    "cfgnuy", "ddhnot", "dhhlor", "dhhnow", "dhlnor", "ehilrs", "eiilst", "eilpst", "eio",
    "emttto", "ensssu", "gorrvw", "hirstv", "hoprst", "iprsyy", "jkqwxz", "nootuw", "ooottu",
];

/// Where a random board's letters come from. With the `cli` feature it is also the CLI's
/// `--source` value (`uniform`, `dice`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(
    all(feature = "cli", not(target_arch = "wasm32")),
    derive(clap::ValueEnum)
)]
#[serde(rename_all = "lowercase")]
pub enum LetterSource {
    /// Each cell an independent uniform letter a-z.
    #[cfg_attr(
        all(feature = "cli", not(target_arch = "wasm32")),
        value(help = "Each cell an independent uniform letter")
    )]
    Uniform,
    /// Real dice, shuffled and rolled (4x4, 5x5 and 6x6; other sizes fall back to uniform).
    #[cfg_attr(
        all(feature = "cli", not(target_arch = "wasm32")),
        value(help = "Real Boggle dice (4x4, 5x5 and 6x6; other sizes use uniform letters)")
    )]
    Dice,
}

/// The dice set for a shape, if the game has one.
pub fn dice_for(rows: usize, cols: usize) -> Option<&'static [&'static str]> {
    match (rows, cols) {
        (4, 4) => Some(&DICE_4X4),
        (5, 5) => Some(&DICE_5X5),
        (6, 6) => Some(&DICE_6X6),
        _ => None,
    }
}

/// The dice of an `n`-cell game in a random order: which die lands in each cell.
pub fn shuffle_dice(n: usize, rng: &mut Rng) -> Vec<u8> {
    let mut order: Vec<u8> = (0..n as u8).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.below(i + 1));
    }
    order
}

/// A board rolled from a set of dice: the board, which die landed in each cell and which of
/// its faces is up (indices into the set and into the die's faces, row-major).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roll {
    /// The letters rolled.
    pub board: Board,
    /// The die in each cell: an index into the set, each used once.
    pub dice: Vec<u8>,
    /// The face of that die that is up: an index into its faces.
    pub faces: Vec<u8>,
}

/// Rolls `dice` (one die a cell, `rows * cols` of them) onto a board: the dice are shuffled
/// into the cells, then each shows one of its faces, each equally likely, all drawn from `rng`.
pub fn roll(dice: &[&str], rows: usize, cols: usize, rng: &mut Rng) -> Roll {
    let order = shuffle_dice(rows * cols, rng);
    let faces: Vec<u8> = order
        .iter()
        .map(|&d| rng.below(dice[d as usize].len()) as u8)
        .collect();
    let cells = order
        .iter()
        .zip(&faces)
        .map(|(&d, &f)| dice[d as usize].as_bytes()[f as usize] - b'a')
        .collect();
    Roll {
        board: Board::from_cells(rows, cols, cells).expect("a set has one die a cell"),
        dice: order,
        faces,
    }
}

/// A random `rows x cols` board (the shape must be valid, 2x2 ..= 6x6).
pub fn random_board(rows: usize, cols: usize, source: LetterSource, rng: &mut Rng) -> Board {
    match (source, dice_for(rows, cols)) {
        (LetterSource::Dice, Some(dice)) => roll(dice, rows, cols, rng).board,
        _ => {
            let cells = (0..rows * cols).map(|_| rng.below(26) as u8).collect();
            Board::from_cells(rows, cols, cells).expect("valid shape")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_boards_only_show_die_faces() {
        let mut rng = Rng::new(1);
        for _ in 0..200 {
            let b = random_board(4, 4, LetterSource::Dice, &mut rng);
            for &l in b.cells() {
                assert!(
                    DICE_4X4.iter().any(|d| d.as_bytes().contains(&(b'a' + l))),
                    "{b}"
                );
            }
            // Only one die carries Qu, so a board never shows two.
            assert!(
                b.cells().iter().filter(|&&l| l == b'q' - b'a').count() <= 1,
                "{b}"
            );
        }
        let b = random_board(3, 4, LetterSource::Dice, &mut rng);
        assert_eq!(b.len(), 12);
    }

    #[test]
    fn every_set_has_one_die_a_cell_of_letters() {
        for (n, dice) in [
            (16, &DICE_4X4[..]),
            (25, &DICE_5X5[..]),
            (36, &DICE_6X6[..]),
        ] {
            assert_eq!(dice.len(), n);
            for d in dice {
                assert!((3..=6).contains(&d.len()), "{d}");
                assert!(d.bytes().all(|b| b.is_ascii_lowercase()), "{d}");
            }
        }
    }

    #[test]
    fn a_roll_uses_each_die_once_and_shows_one_of_its_faces() {
        for (side, dice) in [(4, &DICE_4X4[..]), (5, &DICE_5X5[..]), (6, &DICE_6X6[..])] {
            for seed in 0..300 {
                let r = roll(dice, side, side, &mut Rng::new(seed));
                let mut used = r.dice.clone();
                used.sort_unstable();
                assert_eq!(
                    used,
                    (0..dice.len() as u8).collect::<Vec<_>>(),
                    "seed {seed}"
                );
                for (cell, (&d, &f)) in r.dice.iter().zip(&r.faces).enumerate() {
                    let faces = dice[d as usize].as_bytes();
                    assert_eq!(
                        faces[f as usize] - b'a',
                        r.board.cells()[cell],
                        "seed {seed}"
                    );
                }
                assert_eq!(r, roll(dice, side, side, &mut Rng::new(seed)), "same seed");
            }
        }
    }

    #[test]
    fn random_dice_boards_are_rolls() {
        // The optimizers' dice boards and a round's roll are one rule: the same draws.
        for seed in 0..50 {
            let b = random_board(5, 5, LetterSource::Dice, &mut Rng::new(seed));
            assert_eq!(b, roll(&DICE_5X5, 5, 5, &mut Rng::new(seed)).board);
        }
    }
}
