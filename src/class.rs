//! Board classes: a grid where each cell holds a *set* of letters. A class stands for every
//! board that picks one letter per cell, and is what the upper bounds and branch and bound work
//! on.
//!
//! A cell's set is a 26-bit mask (`a` = bit 0, `q` = the Qu face). Classes are written as
//! whitespace-separated cell tokens, as in the published posts: `lnrsy aeiou chkmpt ...`,
//! `{a,e,i,o,u}`, ranges `b-d` (also inside braces: `{b-d,f-h}`), `*` for any letter and `.`
//! for an empty cell. Rows may be separated by `/` or new lines; the shape then follows from
//! them, otherwise from the number of cells as for boards.

use crate::board::{check_size, size_for_length, Board, BoardError};
use crate::count::BigCount;
use std::fmt;

/// The mask of all 26 letters.
pub const ALL_LETTERS: u32 = (1 << 26) - 1;

/// Why a class could not be read; the `Display` text is meant for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClassError {
    /// No cells at all.
    Empty,
    /// A character that has no meaning in a class, in cell `cell` (1-based).
    BadChar { cell: usize, ch: char },
    /// A `{` without its `}`.
    Unclosed { cell: usize },
    /// A `}` without a `{`.
    UnexpectedClose { cell: usize },
    /// `{}` with nothing inside.
    EmptyBraces { cell: usize },
    /// A range written backwards or missing an end, e.g. `d-b` or `b-`.
    BadRange { cell: usize, text: String },
    /// Rows of different lengths (row numbers 1-based).
    RaggedRows {
        row: usize,
        len: usize,
        expected: usize,
    },
    /// The number of cells does not fit the requested (or any) size.
    WrongLength {
        cells: usize,
        rows: Option<usize>,
        cols: Option<usize>,
    },
    /// A shape outside 2x2 ..= 6x6.
    BadSize(String),
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
                "cell {cell}: '{}' is not allowed (use letters, {{a,e}} braces, b-d ranges, * or .)",
                ch.escape_default()
            ),
            ClassError::Unclosed { cell } => write!(f, "cell {cell}: '{{' is never closed by '}}'"),
            ClassError::UnexpectedClose { cell } => {
                write!(f, "cell {cell}: '}}' without an opening '{{'")
            }
            ClassError::EmptyBraces { cell } => {
                write!(f, "cell {cell}: '{{}}' holds no letters (use '.' for an empty cell)")
            }
            ClassError::BadRange { cell, text } => write!(
                f,
                "cell {cell}: '{}' is not a letter range (write it as b-d, first letter first)",
                text.escape_default()
            ),
            ClassError::RaggedRows { row, len, expected } => write!(
                f,
                "row {row} has {len} cells but row 1 has {expected}: every row needs the same number"
            ),
            ClassError::WrongLength {
                cells,
                rows: Some(r),
                cols: Some(c),
            } => {
                let s = if *cells == 1 { "" } else { "s" };
                write!(f, "{cells} cell{s}: a {r}x{c} class needs {}", r * c)
            }
            ClassError::WrongLength { cells, .. } => {
                let s = if *cells == 1 { "" } else { "s" };
                write!(
                    f,
                    "{cells} cell{s}: a class has 4, 9, 12, 16, 20, 25 or 36 cells (or separate rows with '/')"
                )
            }
            ClassError::Board(e) => write!(f, "{e}"),
            ClassError::BadSize(s) => write!(
                f,
                "{s} is not a board size: use 2 to 6 rows and columns"
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
        if let Some(i) = masks.iter().position(|&m| m & !ALL_LETTERS != 0) {
            return Err(ClassError::BadChar {
                cell: i + 1,
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

    /// Reads a class as written in the published posts (see the module docs). With `size` the
    /// shape is fixed; otherwise rows separated by `/` or new lines give it, or the cell count.
    /// A lone run of letters such as `perslatgsineters` is read as a board (one letter a cell).
    ///
    /// ```
    /// use boggle::class::BoardClass;
    /// let c = BoardClass::parse("f {a,u} r / . . e / . . .", None).unwrap();
    /// assert_eq!((c.rows(), c.cols(), c.board_count().to_string()), (3, 3, "2".to_string()));
    /// let c = BoardClass::parse("{b-d,f-h} aeiou", Some((2, 1)));
    /// assert!(c.is_err());
    /// assert_eq!(BoardClass::parse("{b-d,f} x . . ", None).unwrap().cell_text(0), "bcdf");
    /// ```
    pub fn parse(text: &str, size: Option<(usize, usize)>) -> Result<BoardClass, ClassError> {
        let mut rows: Vec<Vec<u32>> = Vec::new();
        let mut cell = 0usize; // cells read so far, for messages
        for line in text.split(['/', '\n', '\r', '|', ';']) {
            let row = parse_row(line, &mut cell)?;
            if !row.is_empty() {
                rows.push(row);
            }
        }
        let count: usize = rows.iter().map(Vec::len).sum();
        let word = text.trim();
        if count == 1 && word.len() > 1 && word.chars().all(|c| c.is_ascii_alphabetic()) {
            // One run of letters is no class, but it is a board string: one letter per cell.
            return Board::parse(word, size)
                .map(|b| BoardClass::from_board(&b))
                .map_err(ClassError::Board);
        }
        if count == 0 {
            return Err(ClassError::Empty);
        }
        let expected = rows[0].len();
        if rows.len() > 1 {
            if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != expected) {
                return Err(ClassError::RaggedRows {
                    row: i + 1,
                    len: r.len(),
                    expected,
                });
            }
        }
        let (r, c) = match size {
            Some((r, c)) if r * c == count => (r, c),
            Some((r, c)) => {
                return Err(ClassError::WrongLength {
                    cells: count,
                    rows: Some(r),
                    cols: Some(c),
                })
            }
            None if rows.len() > 1 => (rows.len(), expected),
            None => size_for_length(count).ok_or(ClassError::WrongLength {
                cells: count,
                rows: None,
                cols: None,
            })?,
        };
        BoardClass::new(r, c, rows.concat())
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
        self.masks[cell] = mask & ALL_LETTERS;
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

/// The letters of a mask, in alphabetical order.
pub fn letters_of(mask: u32) -> impl Iterator<Item = u8> {
    let mut m = mask & ALL_LETTERS;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let l = m.trailing_zeros() as u8;
            m &= m - 1;
            l
        })
    })
}

/// A letter set as text: its letters in order, or `.` when empty.
pub fn mask_text(mask: u32) -> String {
    if mask == 0 {
        return ".".into();
    }
    letters_of(mask).map(|l| (b'a' + l) as char).collect()
}

fn letter(ch: char) -> Option<u8> {
    ch.is_ascii_alphabetic()
        .then(|| ch.to_ascii_lowercase() as u8 - b'a')
}

/// Reads one row's cells; `cell` counts cells read so far (for messages).
fn parse_row(line: &str, cell: &mut usize) -> Result<Vec<u32>, ClassError> {
    let chars: Vec<char> = line.chars().collect();
    let mut row = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        if ch.is_whitespace() || ch == ',' {
            i += 1;
            continue;
        }
        *cell += 1;
        if ch == '.' {
            row.push(0);
            i += 1;
            continue;
        }
        // One token: letters, ranges, brace groups and `*` up to whitespace or a comma.
        let mut mask = 0u32;
        while i < chars.len() && !(chars[i].is_whitespace() || chars[i] == ',') {
            match chars[i] {
                '{' => {
                    let close = chars[i..]
                        .iter()
                        .position(|&c| c == '}')
                        .ok_or(ClassError::Unclosed { cell: *cell })?;
                    let inner: String = chars[i + 1..i + close].iter().collect();
                    let mut m = 0;
                    for item in inner.split(|c: char| c == ',' || c.is_whitespace()) {
                        m |= read_item(item, *cell)?;
                    }
                    if m == 0 {
                        return Err(ClassError::EmptyBraces { cell: *cell });
                    }
                    mask |= m;
                    i += close + 1;
                }
                '}' => return Err(ClassError::UnexpectedClose { cell: *cell }),
                '*' => {
                    mask |= ALL_LETTERS;
                    i += 1;
                }
                c if letter(c).is_some() => {
                    let start = i;
                    if chars.get(i + 1) == Some(&'-') {
                        i += 2;
                        if chars.get(i).and_then(|&c| letter(c)).is_some() {
                            i += 1;
                        }
                    } else {
                        i += 1;
                    }
                    let item: String = chars[start..i].iter().collect();
                    mask |= read_item(&item, *cell)?;
                }
                '.' => {
                    return Err(ClassError::BadChar {
                        cell: *cell,
                        ch: '.',
                    })
                }
                c => return Err(ClassError::BadChar { cell: *cell, ch: c }),
            }
        }
        row.push(mask);
    }
    Ok(row)
}

/// One item inside a cell: a run of letters or a range `b-d`; empty items are allowed.
fn read_item(item: &str, cell: usize) -> Result<u32, ClassError> {
    let mut mask = 0u32;
    let chars: Vec<char> = item.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let Some(a) = letter(chars[i]) else {
            return Err(if chars[i] == '-' {
                ClassError::BadRange {
                    cell,
                    text: item.to_string(),
                }
            } else {
                ClassError::BadChar { cell, ch: chars[i] }
            });
        };
        if chars.get(i + 1) == Some(&'-') {
            let b = chars.get(i + 2).and_then(|&c| letter(c));
            match b {
                Some(b) if b >= a => {
                    mask |= ((1u32 << (b + 1)) - 1) & !((1u32 << a) - 1);
                    i += 3;
                }
                _ => {
                    let end = (i + 3).min(chars.len());
                    return Err(ClassError::BadRange {
                        cell,
                        text: chars[i..end].iter().collect(),
                    });
                }
            }
        } else {
            mask |= 1 << a;
            i += 1;
        }
    }
    Ok(mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(s: &str) -> u32 {
        s.bytes().fold(0, |acc, b| acc | 1 << (b - b'a'))
    }

    #[test]
    fn reads_published_forms() {
        let c = BoardClass::parse(
            "lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz",
            None,
        )
        .unwrap();
        assert_eq!((c.rows(), c.cols()), (3, 3));
        assert_eq!(c.mask(0), m("lnrsy"));
        assert_eq!(c.board_count().to_string(), "5062500");
        let c = BoardClass::parse(
            "{a,e,i,o,u} {a,e,i,o,u} r {b,c,d,f,g,h} a t d e {r,s,t,v}",
            None,
        )
        .unwrap();
        assert_eq!(c.board_count().to_u64(), Some(600));
        let c = BoardClass::parse("{b-d,f-h} a-c . x", None).unwrap();
        assert_eq!(c.masks(), &[m("bcdfgh"), m("abc"), 0, m("x")]);
        assert_eq!(c.board_count().to_u64(), Some(18));
        assert_eq!(c.to_string(), "bcdfgh abc / . x");
        let round = BoardClass::parse(&c.to_string(), None).unwrap();
        assert_eq!(round, c);
    }

    #[test]
    fn rows_give_the_shape() {
        let c = BoardClass::parse("a b c\nd e f", None).unwrap();
        assert_eq!((c.rows(), c.cols()), (2, 3));
        let e = BoardClass::parse("a b c / d e", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "row 2 has 2 cells but row 1 has 3: every row needs the same number"
        );
        let c = BoardClass::parse("ab cd ef gh ij kl", Some((3, 2))).unwrap();
        assert_eq!((c.rows(), c.cols(), c.mask(5)), (3, 2, m("kl")));
    }

    #[test]
    fn explains_mistakes() {
        let err = |s: &str| BoardClass::parse(s, None).unwrap_err().to_string();
        assert_eq!(err("  "), ClassError::Empty.to_string());
        assert_eq!(err("a b {c,d e"), "cell 3: '{' is never closed by '}'");
        assert_eq!(err("a b} c d"), "cell 2: '}' without an opening '{'");
        assert!(err("a {} c d").starts_with("cell 2: '{}' holds no letters"));
        assert!(err("a b d-b c").starts_with("cell 3: 'd-b' is not a letter range"));
        assert!(err("a b c7 d").starts_with("cell 3: '7' is not allowed"));
        assert!(err("a b c").starts_with("3 cells: a class has 4, 9"));
        assert_eq!(
            BoardClass::parse("a b c", Some((2, 2)))
                .unwrap_err()
                .to_string(),
            "3 cells: a 2x2 class needs 4"
        );
        assert!(err("a b c d e f g").starts_with("7 cells"));
        assert!(BoardClass::parse("a b c d e f g", Some((1, 7))).is_err());
        assert!(err("perslatgsinete").starts_with("14 letters"));
    }

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
