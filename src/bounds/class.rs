//! Board classes: a grid where each cell holds a *set* of letters. A class stands for every
//! board that picks one letter per cell, and is what the upper bounds and branch and bound work
//! on.
//!
//! A cell's set is a 26-bit mask (`a` = bit 0, `q` = the Qu face). This module holds the type,
//! its exact board count and its text form; [`super::parse`] reads the class grammar.

use crate::bounds::count::BigCount;
use crate::engine::board::{cell_name, check_size, Board, BoardError, ALL_LETTERS_MASK};
use crate::engine::{plural, shown_char};
use std::fmt;

/// Where a cell is, for a message: its row and column (from 0) once the class's shape is known
/// (rows written with `/`, or a cell count that gives a size), else only its place in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellAt {
    /// Row and column, from 0.
    RowCol(usize, usize),
    /// The cell's place in reading order, from 0, when the shape is unknown.
    Nth(usize),
}

impl CellAt {
    /// The cell at `index` (row-major, from 0) of a class `cols` wide.
    pub fn of(index: usize, cols: usize) -> CellAt {
        CellAt::RowCol(index / cols, index % cols)
    }
}

impl fmt::Display for CellAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CellAt::RowCol(row, col) => f.write_str(&cell_name(row, col)),
            CellAt::Nth(i) => {
                let n = i + 1;
                let suffix = match (n % 10, n % 100) {
                    (1, 11) | (2, 12) | (3, 13) => "th",
                    (1, _) => "st",
                    (2, _) => "nd",
                    (3, _) => "rd",
                    _ => "th",
                };
                write!(f, "the {n}{suffix} cell")
            }
        }
    }
}

/// Why a class could not be read; the `Display` text is meant for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClassError {
    /// No cells at all.
    Empty,
    /// A character that has no meaning in a class.
    BadChar {
        /// The cell it is in.
        cell: CellAt,
        /// The character.
        ch: char,
    },
    /// A `{` without its `}`.
    Unclosed {
        /// The cell it opens.
        cell: CellAt,
    },
    /// A `}` without a `{`.
    UnexpectedClose {
        /// The cell it is in.
        cell: CellAt,
    },
    /// `{}` with nothing inside.
    EmptyBraces {
        /// The cell it stands for.
        cell: CellAt,
    },
    /// A range written backwards or missing an end, e.g. `d-b` or `b-`.
    BadRange {
        /// The cell it is in.
        cell: CellAt,
        /// The range as written.
        text: String,
    },
    /// Rows of different lengths.
    RaggedRows {
        /// The first row whose length differs, from 1.
        row: usize,
        /// Its number of cells.
        len: usize,
        /// The first row's number of cells.
        expected: usize,
    },
    /// The number of cells does not fit the requested (or any) size.
    WrongLength {
        /// The cells read.
        cells: usize,
        /// The rows asked for, if a size was given.
        rows: Option<usize>,
        /// The columns asked for, if a size was given.
        cols: Option<usize>,
    },
    /// A shape outside 2x2 ..= 6x6.
    BadSize(String),
    /// Rows separated by `/` that hold one cell each (`pers/latg/...`, the letters of each row
    /// written together, which is one cell's letter set): how many rows.
    OneCellRows(usize),
    /// A lone run of letters, read as a board string, that is not a valid board.
    Board(BoardError),
}

impl fmt::Display for ClassError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClassError::Empty => write!(
                f,
                "the class is empty: give one letter set per cell, e.g. 'lnrsy aeiou chkmpt ...'"
            ),
            ClassError::BadChar { cell, ch } => write!(
                f,
                "{cell}: {} is not allowed (use letters, {{a,e}} braces, b-d ranges, * or .)",
                shown_char(*ch)
            ),
            ClassError::Unclosed { cell } => write!(f, "{cell}: '{{' is never closed by '}}'"),
            ClassError::UnexpectedClose { cell } => {
                write!(f, "{cell}: '}}' without an opening '{{'")
            }
            ClassError::EmptyBraces { cell } => {
                write!(
                    f,
                    "{cell}: '{{}}' holds no letters (use '.' for an empty cell)"
                )
            }
            ClassError::BadRange { cell, text } => write!(
                f,
                "{cell}: '{}' is not a letter range (write it as b-d, first letter first)",
                crate::engine::quoted(text)
            ),
            ClassError::RaggedRows { row, len, expected } => write!(
                f,
                "row {row} has {} but row 1 has {expected}: every row needs the same number",
                plural(*len, "cell", "cells")
            ),
            ClassError::WrongLength {
                cells,
                rows: Some(r),
                cols: Some(c),
            } => {
                let n = plural(*cells, "cell", "cells");
                write!(f, "{n}: a {r}x{c} class needs {}", r * c)
            }
            ClassError::WrongLength { cells, .. } => {
                let n = plural(*cells, "cell", "cells");
                write!(
                    f,
                    "{n}: a class has 4, 9, 12, 16, 20, 25 or 36 cells (or separate rows with '/')"
                )
            }
            ClassError::Board(e) => write!(f, "{e}"),
            ClassError::BadSize(s) => {
                write!(f, "{s} is not a board size: use 2 to 6 rows and columns")
            }
            ClassError::OneCellRows(rows) => write!(
                f,
                "each of the {rows} rows is one cell: letters written together are one cell's \
                 letter set, so separate the cells with spaces ('p e r s / l a t g / ...') or \
                 write a board without slashes ('perslatg...')"
            ),
        }
    }
}

impl std::error::Error for ClassError {}

impl From<BoardError> for ClassError {
    fn from(e: BoardError) -> ClassError {
        match e {
            BoardError::WrongLength {
                letters,
                rows,
                cols,
                ..
            } => ClassError::WrongLength {
                cells: letters,
                rows,
                cols,
            },
            BoardError::BadSize(s) => ClassError::BadSize(s),
            other => ClassError::BadSize(other.to_string()),
        }
    }
}

/// A class of boards: `rows x cols` cells, each a set of letters (a 26-bit mask).
///
/// Cheap to clone and to edit in place ([`BoardClass::set_mask`]), so a search can split a
/// cell and recurse without re-parsing.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct BoardClass {
    rows: usize,
    cols: usize,
    masks: Vec<u32>,
}

impl BoardClass {
    /// A class from one letter mask per cell, row-major. Bits above `z` are an error.
    pub fn new(rows: usize, cols: usize, masks: Vec<u32>) -> Result<BoardClass, ClassError> {
        check_size(rows, cols)?;
        if masks.len() != rows * cols {
            return Err(ClassError::WrongLength {
                cells: masks.len(),
                rows: Some(rows),
                cols: Some(cols),
            });
        }
        if let Some(i) = masks.iter().position(|&m| m & !ALL_LETTERS_MASK != 0) {
            return Err(ClassError::BadChar {
                cell: CellAt::of(i, cols),
                ch: '?',
            });
        }
        Ok(BoardClass { rows, cols, masks })
    }

    /// The class holding just `board`.
    pub fn from_board(board: &Board) -> BoardClass {
        BoardClass {
            rows: board.rows(),
            cols: board.cols(),
            masks: board.cells().iter().map(|&l| 1 << l).collect(),
        }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.masks.len()
    }

    /// Always false: a class has at least four cells.
    pub fn is_empty(&self) -> bool {
        self.masks.is_empty()
    }

    /// Each cell's letter mask, row-major.
    pub fn masks(&self) -> &[u32] {
        &self.masks
    }

    /// One cell's letter mask.
    pub fn mask(&self, cell: usize) -> u32 {
        self.masks[cell]
    }

    /// Replaces one cell's letters (bits above `z` are dropped); the way a search splits a cell.
    pub fn set_mask(&mut self, cell: usize, mask: u32) {
        self.masks[cell] = mask & ALL_LETTERS_MASK;
    }

    /// A copy with one cell's letters replaced.
    pub fn with_mask(&self, cell: usize, mask: u32) -> BoardClass {
        let mut c = self.clone();
        c.set_mask(cell, mask);
        c
    }

    /// The letters (`0..26`) of one cell, in alphabetical order.
    pub fn letters(&self, cell: usize) -> impl Iterator<Item = u8> {
        letters_of(self.masks[cell])
    }

    /// The number of boards in the class: the product of the cells' set sizes, an empty cell
    /// counting as one (it stays empty on every board).
    pub fn board_count(&self) -> BigCount {
        let mut n = BigCount::one();
        for &m in &self.masks {
            n.mul_small(m.count_ones().max(1));
        }
        n
    }

    /// The board, when every cell has exactly one letter.
    pub fn single_board(&self) -> Option<Board> {
        self.masks.iter().all(|m| m.count_ones() == 1).then(|| {
            let cells = self
                .masks
                .iter()
                .map(|m| m.trailing_zeros() as u8)
                .collect();
            Board::from_cells(self.rows, self.cols, cells).expect("shape was checked")
        })
    }

    /// Calls `each` with every board of the class (in odometer order, last cell fastest).
    /// A class with an empty cell has no complete board and calls nothing. Meant for small
    /// classes (brute-force checks, the last level of a search).
    pub fn for_each_board(&self, mut each: impl FnMut(&Board)) {
        if self.masks.contains(&0) {
            return;
        }
        let choices: Vec<Vec<u8>> = (0..self.len()).map(|c| self.letters(c).collect()).collect();
        let mut pick = vec![0usize; self.len()];
        let cells = choices.iter().map(|c| c[0]).collect();
        let mut board = Board::from_cells(self.rows, self.cols, cells).expect("shape was checked");
        loop {
            each(&board);
            // Advance the odometer.
            let mut i = self.len();
            loop {
                if i == 0 {
                    return;
                }
                i -= 1;
                pick[i] += 1;
                if pick[i] < choices[i].len() {
                    board.cells_mut()[i] = choices[i][pick[i]];
                    break;
                }
                pick[i] = 0;
                board.cells_mut()[i] = choices[i][0];
            }
        }
    }

    /// One cell as text: its letters in order (`q` for Qu), or `.` when empty.
    pub fn cell_text(&self, cell: usize) -> String {
        mask_text(self.masks[cell])
    }
}

impl fmt::Display for BoardClass {
    /// Cells separated by spaces and rows by ` / `, e.g. `f au r / . . e / . . .`; reads back
    /// with [`BoardClass::parse`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for i in 0..self.len() {
            if i > 0 {
                f.write_str(if i.is_multiple_of(self.cols) {
                    " / "
                } else {
                    " "
                })?;
            }
            f.write_str(&self.cell_text(i))?;
        }
        Ok(())
    }
}

/// The letters of a mask, in alphabetical order (the engine's one helper, here where classes
/// are read).
pub use crate::engine::board::letters_of;

/// A letter set as text: its letters in order, or `.` when empty.
pub fn mask_text(mask: u32) -> String {
    if mask == 0 {
        return ".".into();
    }
    letters_of(mask).map(|l| (b'a' + l) as char).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumerates_boards() {
        let c = BoardClass::parse("ab c d ef", None).unwrap();
        let mut seen = Vec::new();
        c.for_each_board(|b| seen.push(b.to_string()));
        assert_eq!(seen, ["acde", "acdf", "bcde", "bcdf"]);
        assert_eq!(c.single_board(), None);
        let one = BoardClass::parse("q u i t", None).unwrap();
        assert_eq!(one.single_board().unwrap().to_string(), "quit");
        assert_eq!(
            BoardClass::from_board(&Board::parse("quit", None).unwrap()),
            one
        );
        let mut n = 0;
        BoardClass::parse("a . b c", None)
            .unwrap()
            .for_each_board(|_| n += 1);
        assert_eq!(n, 0);
        let board = BoardClass::parse("perslatgsineters", None).unwrap();
        assert_eq!(
            board.single_board().unwrap().to_string(),
            "perslatgsineters"
        );
    }
}
