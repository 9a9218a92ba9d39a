//! Boards: a grid of `rows x cols` letters, read from and written as row-major strings.
//!
//! Letters are stored as `0..26` (`a` = 0); the letter `q` stands for the Qu die face. Parsing is
//! forgiving about what people type (case, spaces, commas, a typed `qu`), reads rows typed apart
//! (`per/sla/tgs/ine`) as the board's rows, and is precise about what is wrong when it fails.
//! [`Board::text`] writes a board so that it reads back as the same board.

use crate::engine::{plural, shown_char};
use std::fmt;

/// Smallest and largest number of rows or columns a board may have.
pub const MIN_SIDE: usize = 2;
/// Largest number of rows or columns; 6x6 = 36 cells fit a `u64` cell mask.
pub const MAX_SIDE: usize = 6;
/// Largest number of cells on a board.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;
/// The letter index of `q`, which on a board is the Qu face.
pub const QU: u8 = b'q' - b'a';
/// Every letter as a mask (`a` = bit 0, `z` = bit 25): the form of a trie node's children, a
/// class's cell and any other set of letters the engine keeps.
pub const ALL_LETTERS_MASK: u32 = (1 << 26) - 1;

/// The letters (`0..26`) of a letter mask, in alphabetical order: the one way the crate turns
/// a set of letters (a class's cell, an optimizer's alphabet, a node's children) into letters.
/// Bits above `z` are ignored.
pub fn letters_of(mask: u32) -> impl Iterator<Item = u8> {
    let mut m = mask & ALL_LETTERS_MASK;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let l = m.trailing_zeros() as u8;
            m &= m - 1;
            l
        })
    })
}

/// Letter indices (`0..26`) as a row-major string, one letter a cell (`q` for Qu): how boards
/// and canonical forms are written.
pub fn cells_to_string(cells: &[u8]) -> String {
    cells.iter().map(|&c| (b'a' + c) as char).collect()
}

/// Board shapes implied by a row-major string's length when no size is given.
pub const SIZES_BY_LENGTH: [(usize, usize, usize); 7] = [
    (4, 2, 2),
    (9, 3, 3),
    (12, 3, 4),
    (16, 4, 4),
    (20, 4, 5),
    (25, 5, 5),
    (36, 6, 6),
];

/// What separates rows typed apart, in a board (`per/sla/tgs/ine`) as in a class: a slash, a
/// new line, `|` or `;`.
pub const ROW_SEPARATORS: [char; 5] = ['/', '\n', '\r', '|', ';'];

/// A board's row-major letters (one a cell, as [`Board`]'s `Display` writes them) as text that
/// reads back as the same board without a size: as they are when their length gives the shape
/// ([`size_for_length`]), else row by row with `/` between the rows (`per/sla/tgs/ine` for
/// 4x3). Every board the command line prints is written so.
pub fn text(letters: &str, rows: usize, cols: usize) -> String {
    if size_for_length(letters.len()) == Some((rows, cols)) || cols == 0 {
        return letters.to_string();
    }
    let row_texts: Vec<&str> = (0..rows)
        .filter_map(|r| letters.get(r * cols..(r + 1) * cols))
        .collect();
    row_texts.join("/")
}

/// The shape implied by a cell count, if it is one of [`SIZES_BY_LENGTH`].
pub fn size_for_length(len: usize) -> Option<(usize, usize)> {
    SIZES_BY_LENGTH
        .iter()
        .find(|s| s.0 == len)
        .map(|s| (s.1, s.2))
}

/// How a message names the cell in row `row`, column `col` (both from 0): "row 2, column 3".
/// The one way the engine names a cell, as the page does (www/lib/format.js, `cellName`).
pub fn cell_name(row: usize, col: usize) -> String {
    format!("row {}, column {}", row + 1, col + 1)
}

/// Why a board could not be read; the `Display` text is meant for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// The input had no letters at all.
    Empty,
    /// A character that is not a letter (or an ignored separator).
    BadChar(char),
    /// The number of letters does not fit the requested (or any) size.
    WrongLength {
        /// How many letters the input held.
        letters: usize,
        /// The rows asked for, if a size was given.
        rows: Option<usize>,
        /// The columns asked for, if a size was given.
        cols: Option<usize>,
        /// How many cells the letters make with each typed `qu` as one Qu cell, when a `qu` was
        /// typed (the count people mean when they think of a Qu cube).
        qu_cells: Option<usize>,
    },
    /// A size outside 2x2 ..= 6x6, or one that could not be read.
    BadSize(String),
    /// Rows typed apart ([`ROW_SEPARATORS`]) of different lengths.
    RaggedRows {
        /// The first row (from 1) whose length is not the first row's.
        row: usize,
        /// Its letters.
        letters: usize,
        /// The first row's letters.
        expected: usize,
    },
    /// Rows typed apart, all of one length, that make no board's shape (2 to 6 rows and
    /// columns).
    RowsOutOfRange {
        /// The rows typed.
        rows: usize,
        /// The letters in each.
        cols: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Empty => write!(f, "the board is empty: type its letters row by row"),
            BoardError::BadChar(c) => {
                write!(
                    f,
                    "{} is not a letter: a board holds only the letters a-z",
                    shown_char(*c)
                )
            }
            BoardError::WrongLength {
                letters,
                rows: Some(r),
                cols: Some(c),
                qu_cells,
            } => {
                let n = letter_count(*letters, *qu_cells);
                write!(f, "{n}: a {r}x{c} board needs {}", r * c)
            }
            BoardError::WrongLength {
                letters, qu_cells, ..
            } => {
                let n = letter_count(*letters, *qu_cells);
                let near = SIZES_BY_LENGTH
                    .iter()
                    .min_by_key(|(n, _, _)| n.abs_diff(*letters))
                    .expect("table is not empty");
                write!(
                    f,
                    "{n}: a board has 4, 9, 12, 16, 20, 25 or 36 letters (a {}x{} board needs {})",
                    near.1, near.2, near.0
                )
            }
            BoardError::BadSize(s) => write!(
                f,
                "'{}' is not a board size: use ROWSxCOLS with 2 to 6 rows and columns, e.g. 4x4",
                crate::engine::quoted(s)
            ),
            BoardError::RaggedRows {
                row,
                letters,
                expected,
            } => write!(
                f,
                "row {row} has {} but row 1 has {expected}: a board's rows are the same length \
                 (or type its letters without '/')",
                plural(*letters, "letter", "letters")
            ),
            BoardError::RowsOutOfRange { rows, cols } => write!(
                f,
                "{} of {}: a board has 2 to 6 rows and columns (or type its letters without \
                 '/')",
                plural(*rows, "row", "rows"),
                plural(*cols, "letter", "letters")
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// "15 letters", or "15 letters (14 cubes with each qu as one)" when a typed `qu` makes fewer
/// cells: a length message counts what was typed and what a player would count.
fn letter_count(letters: usize, qu_cells: Option<usize>) -> String {
    let n = plural(letters, "letter", "letters");
    match qu_cells {
        Some(cells) if cells != letters => {
            let cubes = plural(cells, "cube", "cubes");
            format!("{n} ({cubes} with each qu as one)")
        }
        _ => n,
    }
}

/// Reads a size written as `4x4`, `4X5`, `4,5` or the two-digit `44` used in page links.
pub fn parse_size(text: &str) -> Result<(usize, usize), BoardError> {
    let t = text.trim();
    let bad = || BoardError::BadSize(t.to_string());
    let (r, c) = if let Some((r, c)) = t.split_once(['x', 'X', ',', '*']) {
        (
            r.trim().parse::<usize>().map_err(|_| bad())?,
            c.trim().parse::<usize>().map_err(|_| bad())?,
        )
    } else if t.len() == 2 && t.bytes().all(|b| b.is_ascii_digit()) {
        let b = t.as_bytes();
        ((b[0] - b'0') as usize, (b[1] - b'0') as usize)
    } else {
        return Err(bad());
    };
    check_size(r, c).map_err(|_| bad())?;
    Ok((r, c))
}

/// Checks that a shape is within 2x2 ..= 6x6.
pub fn check_size(rows: usize, cols: usize) -> Result<(), BoardError> {
    if (MIN_SIDE..=MAX_SIDE).contains(&rows) && (MIN_SIDE..=MAX_SIDE).contains(&cols) {
        Ok(())
    } else {
        Err(BoardError::BadSize(format!("{rows}x{cols}")))
    }
}

/// A Boggle board: `rows x cols` letters in row-major order.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

impl Board {
    /// A board from letter indices (`0..26`) in row-major order.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<u8>) -> Result<Board, BoardError> {
        check_size(rows, cols)?;
        if cells.len() != rows * cols {
            return Err(BoardError::WrongLength {
                letters: cells.len(),
                rows: Some(rows),
                cols: Some(cols),
                qu_cells: None,
            });
        }
        if let Some(&bad) = cells.iter().find(|&&c| c >= 26) {
            return Err(BoardError::BadChar(bad as char));
        }
        Ok(Board { rows, cols, cells })
    }

    /// Reads a board the way people type it: any case; spaces, commas and dashes between cells
    /// are ignored; a typed `qu` is one Qu cell when that makes the length fit. With `size` the
    /// shape is fixed; otherwise rows typed apart ([`ROW_SEPARATORS`]: `per/sla/tgs/ine`) give
    /// it, as they give a class's, and a board typed in one row takes it from its length.
    ///
    /// ```
    /// use boggle::Board;
    /// let b = Board::parse("PERS / LATG / SINE / TERS", None).unwrap();
    /// assert_eq!((b.rows(), b.cols(), b.to_string()), (4, 4, "perslatgsineters".to_string()));
    /// // Ten letters do not fit, nine do: the typed "qu" becomes one Qu cell.
    /// assert_eq!(Board::parse("QU I T / S A B / C D E", None).unwrap().to_string(), "qitsabcde");
    /// // Four rows of three, where twelve letters in one row are 3x4.
    /// let b = Board::parse("per/sla/tgs/ine", None).unwrap();
    /// assert_eq!((b.rows(), b.cols(), b.text()), (4, 3, "per/sla/tgs/ine".to_string()));
    /// ```
    pub fn parse(text: &str, size: Option<(usize, usize)>) -> Result<Board, BoardError> {
        let mut letters = Vec::with_capacity(text.len());
        for ch in text.chars() {
            if ch.is_ascii_alphabetic() {
                letters.push(ch.to_ascii_lowercase() as u8 - b'a');
            } else if !(ch.is_whitespace()
                || matches!(ch, ',' | '-')
                || ROW_SEPARATORS.contains(&ch))
            {
                return Err(BoardError::BadChar(ch));
            }
        }
        if letters.is_empty() {
            return Err(BoardError::Empty);
        }
        if size.is_none() {
            let rows: Vec<Vec<u8>> = text
                .split(ROW_SEPARATORS)
                .map(|row| {
                    row.chars()
                        .filter(char::is_ascii_alphabetic)
                        .map(|ch| ch.to_ascii_lowercase() as u8 - b'a')
                        .collect::<Vec<u8>>()
                })
                .filter(|row| !row.is_empty())
                .collect();
            if rows.len() > 1 {
                return Board::from_rows(&rows);
            }
        }
        let collapsed = collapse_qu(&letters);
        let fits = |n: usize| match size {
            Some((r, c)) => n == r * c,
            None => size_for_length(n).is_some(),
        };
        let cells = if fits(letters.len()) {
            letters
        } else if collapsed.len() != letters.len() && fits(collapsed.len()) {
            collapsed
        } else {
            let (rows, cols) = size.unzip();
            return Err(BoardError::WrongLength {
                letters: letters.len(),
                rows,
                cols,
                qu_cells: Some(collapsed.len()),
            });
        };
        let (rows, cols) = match size {
            Some(s) => s,
            None => size_for_length(cells.len()).expect("length was checked"),
        };
        Board::from_cells(rows, cols, cells)
    }

    /// A board from rows typed apart: their shape, each typed `qu` one Qu cell when the rows
    /// are the same length only so (as [`Board::parse`] reads a length).
    fn from_rows(rows: &[Vec<u8>]) -> Result<Board, BoardError> {
        let collapsed: Vec<Vec<u8>> = rows.iter().map(|r| collapse_qu(r)).collect();
        let even = |rows: &[Vec<u8>]| rows.iter().all(|r| r.len() == rows[0].len());
        for cells in [rows, &collapsed[..]] {
            if even(cells) && check_size(cells.len(), cells[0].len()).is_ok() {
                return Board::from_cells(cells.len(), cells[0].len(), cells.concat());
            }
        }
        let expected = rows[0].len();
        match rows.iter().position(|r| r.len() != expected) {
            Some(i) => Err(BoardError::RaggedRows {
                row: i + 1,
                letters: rows[i].len(),
                expected,
            }),
            None => Err(BoardError::RowsOutOfRange {
                rows: rows.len(),
                cols: expected,
            }),
        }
    }

    /// The board as text that reads back as the same board ([`text`]): its row-major string,
    /// with its rows apart when its length would give another shape.
    pub fn text(&self) -> String {
        text(&self.to_string(), self.rows, self.cols)
    }

    /// A board of `rows x cols` cells all set to `a`; a starting point for editing.
    pub fn filled(rows: usize, cols: usize, letter: u8) -> Result<Board, BoardError> {
        Board::from_cells(rows, cols, vec![letter; rows * cols])
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
        self.cells.len()
    }

    /// Always false: a board has at least four cells. Present for API symmetry with `len`.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Letter indices (`0..26`) in row-major order.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Mutable access to the letters, for optimizers that edit boards in place.
    pub fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The letters of a path as the word they spell (`q` written as `qu`).
    pub fn spell(&self, path: &[u8]) -> String {
        let mut s = String::with_capacity(path.len() + 2);
        for &i in path {
            push_letter(&mut s, self.cells[i as usize]);
        }
        s
    }
}

/// Appends a letter index as text, spelling the Qu face in full.
pub fn push_letter(s: &mut String, letter: u8) {
    s.push((b'a' + letter) as char);
    if letter == QU {
        s.push('u');
    }
}

/// Replaces each `q u` pair by a single `q` (Qu) cell.
fn collapse_qu(letters: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(letters.len());
    let mut i = 0;
    while i < letters.len() {
        out.push(letters[i]);
        if letters[i] == QU && letters.get(i + 1) == Some(&(b'u' - b'a')) {
            i += 1;
        }
        i += 1;
    }
    out
}

impl fmt::Display for Board {
    /// The row-major string, lowercase, one letter per cell (`q` for Qu).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&cells_to_string(&self.cells))
    }
}

/// The grid's adjacency: for each cell, the mask of its up to 8 neighbours (no wrap-around).
pub fn neighbour_masks(rows: usize, cols: usize) -> Vec<u64> {
    let mut out = vec![0u64; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            let mut m = 0u64;
            for dr in -1i32..=1 {
                for dc in -1i32..=1 {
                    let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                    if (dr, dc) != (0, 0)
                        && nr >= 0
                        && nc >= 0
                        && (nr as usize) < rows
                        && (nc as usize) < cols
                    {
                        m |= 1 << (nr as usize * cols + nc as usize);
                    }
                }
            }
            out[r * cols + c] = m;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_forgiving_input() {
        let b = Board::parse(" Pers, latg\tsine-ters ", None).unwrap();
        assert_eq!(b.to_string(), "perslatgsineters");
        assert_eq!((b.rows(), b.cols()), (4, 4));
        let b = Board::parse("perslatesind", None).unwrap();
        assert_eq!((b.rows(), b.cols()), (3, 4));
    }

    #[test]
    fn rows_typed_apart_give_the_shape() {
        // Twelve letters in one row are 3x4 by their length; in four rows of three, 4x3.
        let b = Board::parse("abc/def/ghi/jkl", None).unwrap();
        assert_eq!((b.rows(), b.cols()), (4, 3));
        let b = Board::parse("abc def | ghi jkl\n", None).unwrap();
        assert_eq!((b.rows(), b.cols()), (2, 6));
        let b = Board::parse("ab\r\ncd\r\nef", None).unwrap();
        assert_eq!((b.rows(), b.cols()), (3, 2));
        // A size given fixes the shape, whatever the rows.
        let b = Board::parse("abc/def/ghi/jkl", Some((3, 4))).unwrap();
        assert_eq!((b.rows(), b.cols()), (3, 4));
        // A typed qu is one cell when only that makes the rows even.
        let b = Board::parse("qu i t/s a b/c d e", None).unwrap();
        assert_eq!(
            (b.rows(), b.cols(), b.to_string()),
            (3, 3, "qitsabcde".into())
        );
        let e = Board::parse("abc/defg/hij", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "row 2 has 4 letters but row 1 has 3: a board's rows are the same length (or type \
             its letters without '/')"
        );
        let e = Board::parse("abcdefgh/ijklmnop", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "2 rows of 8 letters: a board has 2 to 6 rows and columns (or type its letters \
             without '/')"
        );
    }

    #[test]
    fn text_reads_back_as_the_same_board() {
        for (letters, rows, cols, written) in [
            ("perslatgsineters", 4, 4, "perslatgsineters"),
            ("desntriaeslp", 3, 4, "desntriaeslp"),
            ("desntriaeslp", 4, 3, "des/ntr/iae/slp"),
            ("ligdrmanesietildsrac", 5, 4, "ligd/rman/esie/tild/srac"),
            ("abcdef", 2, 3, "abc/def"),
            ("qbcd", 2, 2, "qbcd"),
        ] {
            let b = Board::parse(letters, Some((rows, cols))).unwrap();
            assert_eq!(b.text(), written);
            assert_eq!(Board::parse(&b.text(), None), Ok(b));
        }
    }

    #[test]
    fn typed_qu_is_one_cell_when_that_fits() {
        let b = Board::parse("quitsabcd e", None).unwrap();
        assert_eq!((b.len(), b.to_string()), (9, "qitsabcde".to_string()));
        assert_eq!(b.spell(&[0, 1]), "qui");
        // Sixteen letters already fit 4x4, so the u stays its own cell.
        assert_eq!(
            Board::parse("quabcdefghijklmn", None).unwrap().cells()[1],
            b'u' - b'a'
        );
    }

    #[test]
    fn explains_wrong_lengths() {
        let e = Board::parse("perslatgsinetes", Some((4, 4))).unwrap_err();
        assert_eq!(e.to_string(), "15 letters: a 4x4 board needs 16");
        let e = Board::parse("perslatgsinetes", None).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("15 letters: a board has 4, 9, 12, 16"),
            "{e}"
        );
        assert!(matches!(
            Board::parse("abc1", None),
            Err(BoardError::BadChar('1'))
        ));
        assert_eq!(Board::parse("  ", None), Err(BoardError::Empty));
        // A character is shown as typed, unless it is invisible or reorders the text around it.
        let e = Board::parse("ÄÖÜ", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "'Ä' is not a letter: a board holds only the letters a-z"
        );
        let e = Board::parse("ab\u{202e}cd", None).unwrap_err();
        assert!(e.to_string().starts_with("U+202E is not a letter"), "{e}");
        let e = Board::parse("ab\u{7}cd", None).unwrap_err();
        assert!(e.to_string().starts_with("U+0007 is not a letter"), "{e}");
    }

    #[test]
    fn length_messages_count_a_typed_qu_both_ways() {
        let e = Board::parse("quabcdefghijklm", None).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("15 letters (14 cubes with each qu as one): a board has"),
            "{e}"
        );
        let e = Board::parse("qu", Some((4, 4))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "2 letters (1 cube with each qu as one): a 4x4 board needs 16"
        );
    }

    #[test]
    fn reads_sizes() {
        assert_eq!(parse_size("4x5").unwrap(), (4, 5));
        assert_eq!(parse_size("34").unwrap(), (3, 4));
        assert!(parse_size("7x7").is_err());
        assert!(parse_size("1x4").is_err());
        assert!(parse_size("big").is_err());
        let b = Board::parse("abcdef", Some((2, 3))).unwrap();
        assert_eq!((b.rows(), b.cols()), (2, 3));
    }

    #[test]
    fn neighbours_do_not_wrap() {
        let n = neighbour_masks(3, 4);
        assert_eq!(n[0], 0b0011_0010);
        assert_eq!(n[5].count_ones(), 8);
        assert_eq!(n[11].count_ones(), 3);
    }
}
