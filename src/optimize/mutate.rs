//! Annealing's moves: swap two cells, or give a cell another letter, several at a time now and
//! then, with an undo log so a rejected proposal is taken back in place.
//!
//! With the letter source `dice` (4x4, 5x5 and 6x6) every cell holds a die: a swap moves the dice
//! and a letter change turns the cell's die to another of its faces, so every board the search
//! visits could be rolled with the real dice (faces outside the allowed letters are never
//! shown; a die with no allowed face keeps a uniformly chosen allowed letter and is only moved).

use crate::engine::board::Board;
use crate::engine::dice::{dice_for, shuffle_dice, LetterSource};
use crate::optimize::{random_start, Common};
use crate::rng::Rng;

/// Proposes random changes to a board and takes them back.
#[derive(Clone, Debug)]
pub struct Mutator {
    /// The allowed letters, sorted.
    allowed: Vec<u8>,
    /// With dice: each die's allowed faces (distinct, sorted).
    faces: Option<Vec<Vec<u8>>>,
    /// With dice: the die in each cell.
    dice: Vec<u8>,
    /// The proposal being tried: (cell, previous letter, previous die).
    undo: Vec<(usize, u8, u8)>,
}

impl Mutator {
    /// A mutator for boards of `common`'s shape and letters (`allowed`: sorted, distinct).
    pub fn new(common: &Common, allowed: Vec<u8>) -> Mutator {
        let faces = match (common.source, dice_for(common.rows, common.cols)) {
            (LetterSource::Dice, Some(dice)) => Some(
                dice.iter()
                    .map(|d| {
                        let mut f: Vec<u8> = d
                            .bytes()
                            .map(|b| b - b'a')
                            .filter(|l| allowed.binary_search(l).is_ok())
                            .collect();
                        f.sort_unstable();
                        f.dedup();
                        f
                    })
                    .collect(),
            ),
            _ => None,
        };
        Mutator {
            allowed,
            faces,
            dice: Vec::new(),
            undo: Vec::with_capacity(8),
        }
    }

    /// The dice in each cell (empty unless the letter source is dice).
    pub fn dice(&self) -> &[u8] {
        &self.dice
    }

    /// Trades the dice with a board's own (several boards take turns with one mutator: each
    /// keeps its dice while another board is changed).
    pub fn swap_dice(&mut self, dice: &mut Vec<u8>) {
        std::mem::swap(&mut self.dice, dice);
    }

    /// Puts the dice back as they were in a saved board (see [`Mutator::dice`]).
    pub fn set_dice(&mut self, dice: &[u8]) {
        self.dice.clear();
        self.dice.extend_from_slice(dice);
    }

    /// A random starting board; with dice, the dice are shuffled and rolled onto allowed faces.
    pub fn start(&mut self, common: &Common, rng: &mut Rng) -> Board {
        let Some(faces) = &self.faces else {
            return random_start(common, &self.allowed, rng);
        };
        self.dice = shuffle_dice(common.rows * common.cols, rng);
        let cells = self
            .dice
            .iter()
            .map(|&d| {
                let f = &faces[d as usize];
                if f.is_empty() {
                    self.allowed[rng.below(self.allowed.len())]
                } else {
                    f[rng.below(f.len())]
                }
            })
            .collect();
        Board::from_cells(common.rows, common.cols, cells).expect("checked shape")
    }

    /// The letters cell `c` may change to.
    fn choices(&self, c: usize) -> &[u8] {
        match &self.faces {
            Some(faces) => &faces[self.dice[c] as usize],
            None => &self.allowed,
        }
    }

    /// Applies one or more random changes to `cells` (swap two cells, or set a cell to another
    /// letter; after each it stops with probability 0.75), logging them for [`Mutator::undo`].
    /// Returns false when the board came out unchanged.
    pub fn mutate(&mut self, cells: &mut [u8], rng: &mut Rng) -> bool {
        self.undo.clear();
        loop {
            self.one_move(cells, rng);
            if rng.unit() < 0.75 {
                break;
            }
        }
        // Changed when some cell differs from what it held before the first change to it.
        let undo = &self.undo;
        undo.iter()
            .enumerate()
            .any(|(i, &(c, l, _))| cells[c] != l && !undo[..i].iter().any(|u| u.0 == c))
    }

    /// Applies `moves` random changes at once (a restart's kick away from a board); like
    /// [`Mutator::mutate`], [`Mutator::undo`] takes them back.
    pub fn perturb(&mut self, cells: &mut [u8], moves: u32, rng: &mut Rng) {
        self.undo.clear();
        for _ in 0..moves {
            self.one_move(cells, rng);
        }
    }

    /// One random change, logged: swap two cells, or set a cell to another of its letters.
    fn one_move(&mut self, cells: &mut [u8], rng: &mut Rng) {
        let n = cells.len();
        let c = rng.below(n);
        let choices = self.choices(c);
        let others = choices.len() - usize::from(choices.binary_search(&cells[c]).is_ok());
        if others == 0 || rng.unit() < 0.5 {
            let b = (c + 1 + rng.below(n - 1)) % n;
            self.log(cells, c);
            self.log(cells, b);
            cells.swap(c, b);
            if !self.dice.is_empty() {
                self.dice.swap(c, b);
            }
        } else {
            // Uniform among the cell's other letters.
            let mut i = rng.below(others);
            if choices.binary_search(&cells[c]).is_ok_and(|at| i >= at) {
                i += 1;
            }
            let new = choices[i];
            self.log(cells, c);
            cells[c] = new;
        }
    }

    fn log(&mut self, cells: &[u8], c: usize) {
        let die = self.dice.get(c).copied().unwrap_or(0);
        self.undo.push((c, cells[c], die));
    }

    /// Takes the last proposal back.
    pub fn undo(&mut self, cells: &mut [u8]) {
        for &(c, l, d) in self.undo.iter().rev() {
            cells[c] = l;
            if let Some(x) = self.dice.get_mut(c) {
                *x = d;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::DICE_4X4;

    /// The letters `c` names (no word list needed, since it names them).
    fn allowed(c: &Common) -> Vec<u8> {
        crate::optimize::parse_letters(c.letters.as_deref().unwrap()).unwrap()
    }

    fn common(source: LetterSource, letters: &str) -> Common {
        Common {
            source,
            letters: Some(letters.into()),
            ..Common::default()
        }
    }

    #[test]
    fn dice_moves_keep_every_cell_on_a_face_of_its_die() {
        let c = common(LetterSource::Dice, crate::optimize::ALL_LETTERS);
        let mut m = Mutator::new(&c, allowed(&c));
        let mut rng = Rng::new(4);
        let mut b = m.start(&c, &mut rng);
        for step in 0..20_000 {
            m.mutate(b.cells_mut(), &mut rng);
            if step % 3 == 0 {
                m.undo(b.cells_mut());
            }
            let mut dice = m.dice().to_vec();
            dice.sort_unstable();
            assert_eq!(dice, (0..16).collect::<Vec<u8>>(), "each die once");
            for (cell, &d) in b.cells().iter().zip(m.dice()) {
                assert!(
                    DICE_4X4[d as usize].as_bytes().contains(&(b'a' + cell)),
                    "{b}: die {d}"
                );
            }
        }
    }

    #[test]
    fn undo_restores_the_board_and_changes_use_allowed_letters() {
        let c = common(LetterSource::Uniform, "aeiost");
        let allowed = allowed(&c);
        let mut m = Mutator::new(&c, allowed.clone());
        let mut rng = Rng::new(9);
        let mut b = m.start(&c, &mut rng);
        let mut seen = [false; 26];
        for _ in 0..5000 {
            let before = b.clone();
            let changed = m.mutate(b.cells_mut(), &mut rng);
            assert_eq!(changed, b != before);
            for &l in b.cells() {
                assert!(allowed.contains(&l));
                seen[l as usize] = true;
            }
            m.undo(b.cells_mut());
            assert_eq!(b, before);
            // Keep some changes so the board wanders.
            m.mutate(b.cells_mut(), &mut rng);
        }
        assert!(allowed.iter().all(|&l| seen[l as usize]));
    }
}
