//! Random boards: real Boggle dice for 4x4 and 5x5, uniform letters for other sizes.

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
    /// Real dice, shuffled and rolled (4x4 and 5x5; other sizes fall back to uniform).
    #[cfg_attr(
        all(feature = "cli", not(target_arch = "wasm32")),
        value(help = "Real Boggle dice (4x4 and 5x5; other sizes use uniform letters)")
    )]
    Dice,
}

/// The dice set for a shape, if the game has one.
pub fn dice_for(rows: usize, cols: usize) -> Option<&'static [&'static str]> {
    match (rows, cols) {
        (4, 4) => Some(&DICE_4X4),
        (5, 5) => Some(&DICE_5X5),
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

/// A random `rows x cols` board (the shape must be valid, 2x2 ..= 6x6).
pub fn random_board(rows: usize, cols: usize, source: LetterSource, rng: &mut Rng) -> Board {
    let n = rows * cols;
    let cells = match (source, dice_for(rows, cols)) {
        (LetterSource::Dice, Some(dice)) => shuffle_dice(n, rng)
            .iter()
            .map(|&d| dice[d as usize].as_bytes()[rng.below(6)] - b'a')
            .collect(),
        _ => (0..n).map(|_| rng.below(26) as u8).collect(),
    };
    Board::from_cells(rows, cols, cells).expect("valid shape")
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
}
