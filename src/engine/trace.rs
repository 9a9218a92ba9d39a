//! A path that spells a given string on a board, whether or not it is a word: how the page's
//! *Check a word* tells letters that can be traced but are not in the list from letters that
//! are not on the board at all.

use super::board::{neighbour_masks, Board};
use super::dictionary::read_letters;

/// How many cells one trace may step onto before it gives up undecided: on a board of one
/// repeated letter the search grows exponentially with the string's length.
pub const TRACE_STEPS: u32 = 200_000;

/// What tracing a string on a board found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trace {
    /// A path of cells (row-major indices, each used once) that spells the string.
    Path(Vec<u8>),
    /// No path spells it.
    Absent,
    /// The search reached [`TRACE_STEPS`] without finding a path or ruling one out.
    Undecided,
}

/// Traces `text` on `board` along neighbouring cells, each cell used once. `text` is spelled
/// out as the word list reads words (a-z in any case, `qu` for the Qu cell); any other
/// character, or a `q` without its `u`, is on no board.
///
/// ```
/// use boggle::engine::trace::{trace, Trace};
/// use boggle::Board;
/// let b = Board::parse("perslatgsineters", None).unwrap();
/// assert_eq!(trace(&b, "latg"), Trace::Path(vec![4, 5, 6, 7]));
/// assert_eq!(trace(&b, "zzz"), Trace::Absent);
/// ```
pub fn trace(board: &Board, text: &str) -> Trace {
    trace_within(board, text, TRACE_STEPS)
}

/// [`trace`] with a budget of `steps` cells.
fn trace_within(board: &Board, text: &str, steps: u32) -> Trace {
    let Some(letters) = cell_letters(text) else {
        return Trace::Absent;
    };
    if letters.is_empty() || letters.len() > board.len() {
        return Trace::Absent;
    }
    let neighbours = neighbour_masks(board.rows(), board.cols());
    let mut t = Tracer {
        cells: board.cells(),
        neighbours: &neighbours,
        letters: &letters,
        path: Vec::with_capacity(letters.len()),
        used: 0,
        steps_left: steps,
    };
    let every_cell = u64::MAX >> (64 - board.len());
    match t.extend(every_cell) {
        Some(true) => Trace::Path(t.path),
        Some(false) => Trace::Absent,
        None => Trace::Undecided,
    }
}

/// `text` as the letters of the cells that spell it, read as the word list reads its words
/// (`qu` is one Qu cell, any case), or `None` when no cells can spell it.
fn cell_letters(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len());
    read_letters(text.as_bytes(), &mut out).ok()?;
    Some(out)
}

/// A depth-first search for the path, with its cells so far and its step budget.
struct Tracer<'a> {
    cells: &'a [u8],
    neighbours: &'a [u64],
    letters: &'a [u8],
    path: Vec<u8>,
    used: u64,
    steps_left: u32,
}

impl Tracer<'_> {
    /// Extends the path by its next letter from any unused cell of `candidates`: whether the
    /// path was completed, or `None` once the budget is spent.
    fn extend(&mut self, candidates: u64) -> Option<bool> {
        let Some(&letter) = self.letters.get(self.path.len()) else {
            return Some(true);
        };
        let mut open = candidates & !self.used;
        while open != 0 {
            let cell = open.trailing_zeros() as usize;
            open &= open - 1;
            if self.cells[cell] != letter {
                continue;
            }
            self.steps_left = self.steps_left.checked_sub(1)?;
            self.path.push(cell as u8);
            self.used |= 1 << cell;
            if self.extend(self.neighbours[cell])? {
                return Some(true);
            }
            self.used &= !(1 << cell);
            self.path.pop();
        }
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every path of `board` spelling `text`, by trying every ordering of cells (small boards).
    fn brute_force_has_path(board: &Board, text: &str) -> bool {
        let Some(letters) = cell_letters(text) else {
            return false;
        };
        let n = board.cols();
        let adjacent = |a: usize, b: usize| {
            let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
            a != b && ra.abs_diff(rb) <= 1 && ca.abs_diff(cb) <= 1
        };
        fn go(
            board: &Board,
            letters: &[u8],
            path: &mut Vec<usize>,
            adjacent: &dyn Fn(usize, usize) -> bool,
        ) -> bool {
            if path.len() == letters.len() {
                return true;
            }
            (0..board.len()).any(|c| {
                let ok = board.cells()[c] == letters[path.len()]
                    && !path.contains(&c)
                    && path.last().is_none_or(|&p| adjacent(p, c));
                if !ok {
                    return false;
                }
                path.push(c);
                let found = go(board, letters, path, adjacent);
                path.pop();
                found
            })
        }
        !letters.is_empty() && go(board, &letters, &mut Vec::new(), &adjacent)
    }

    #[test]
    fn finds_a_path_exactly_when_one_exists() {
        let mut rng = crate::rng::Rng::new(7);
        for _ in 0..300 {
            // Three letters on a 3x3 board make repeated letters and dead ends common.
            let cells: Vec<u8> = (0..9).map(|_| rng.below(3) as u8).collect();
            let board = Board::from_cells(3, 3, cells).unwrap();
            let len = 1 + rng.below(6);
            let text: String = (0..len)
                .map(|_| (b'a' + rng.below(3) as u8) as char)
                .collect();
            let found = trace(&board, &text);
            let expected = brute_force_has_path(&board, &text);
            match &found {
                Trace::Path(path) => {
                    assert!(expected, "{board} {text}");
                    let cells: Vec<usize> = path.iter().map(|&c| c as usize).collect();
                    assert_eq!(board.spell(path), text, "{board}");
                    let distinct: std::collections::HashSet<_> = cells.iter().collect();
                    assert_eq!(distinct.len(), cells.len());
                    let n = board.cols();
                    for w in cells.windows(2) {
                        let (rows, cols) =
                            ((w[0] / n).abs_diff(w[1] / n), (w[0] % n).abs_diff(w[1] % n));
                        assert!(rows <= 1 && cols <= 1, "{board} {text} {path:?}");
                    }
                }
                Trace::Absent => assert!(!expected, "{board} {text}"),
                Trace::Undecided => panic!("a 3x3 board is always decided"),
            }
        }
    }

    #[test]
    fn spells_qu_with_the_qu_cell_only() {
        let b = Board::parse("quitsabcd e", None).unwrap();
        assert_eq!(trace(&b, "quit"), Trace::Path(vec![0, 1, 2]));
        assert_eq!(trace(&b, "qit"), Trace::Absent);
        // Read as the word list reads it: case does not matter.
        assert_eq!(trace(&b, "QUIT"), Trace::Path(vec![0, 1, 2]));
        assert_eq!(trace(&b, "q"), Trace::Absent);
    }

    #[test]
    fn gives_up_undecided_once_its_steps_are_spent() {
        let b = Board::from_cells(6, 6, vec![0; 36]).unwrap();
        let long = "a".repeat(30);
        assert_eq!(trace_within(&b, &long, 29), Trace::Undecided);
        assert!(matches!(trace_within(&b, &long, 30), Trace::Path(p) if p.len() == 30));
        assert_eq!(trace(&b, &"a".repeat(37)), Trace::Absent);
    }
}
