//! The class grammar: reading a class as written in the published posts.
//!
//! Classes are whitespace-separated cell tokens: `lnrsy aeiou chkmpt ...`, `{a,e,i,o,u}`,
//! ranges `b-d` (also inside braces: `{b-d,f-h}`), `*` for any letter and `.` for an empty
//! cell. Rows may be separated by `/` or new lines; the shape then follows from them, otherwise
//! from the number of cells as for boards. A lone run of letters is a board string, and so
//! are rows of one run each (`pers/latg/sine/ters`).

use crate::bounds::class::{BoardClass, CellAt, ClassError};
use crate::engine::board::{size_for_length, Board, BoardError, ALL_LETTERS_MASK, ROW_SEPARATORS};

impl BoardClass {
    /// Reads a class as written in the published posts (see [`crate::bounds::parse`]). With `size` the
    /// shape is fixed; otherwise rows separated by `/` or new lines give it, or the cell count.
    /// A lone run of letters such as `perslatgsineters` is read as a board (one letter a cell),
    /// as are rows of one run each, `pers/latg/sine/ters`.
    ///
    /// ```
    /// use boggle::bounds::class::BoardClass;
    /// let c = BoardClass::parse("f {a,u} r / . . e / . . .", None).unwrap();
    /// assert_eq!((c.rows(), c.cols(), c.board_count().to_string()), (3, 3, "2".to_string()));
    /// let c = BoardClass::parse("{b-d,f-h} aeiou", Some((2, 1)));
    /// assert!(c.is_err());
    /// assert_eq!(BoardClass::parse("{b-d,f} x . . ", None).unwrap().cell_text(0), "bcdf");
    /// ```
    pub fn parse(text: &str, size: Option<(usize, usize)>) -> Result<BoardClass, ClassError> {
        // The cells as written, row by row, first: then a message can name a bad cell by its
        // row and column.
        let lines: Vec<Vec<&str>> = text
            .split(ROW_SEPARATORS)
            .map(tokens)
            .filter(|line| !line.is_empty())
            .collect();
        let count: usize = lines.iter().map(Vec::len).sum();
        let word = text.trim();
        let letters = |t: &str| t.len() > 1 && t.chars().all(|c| c.is_ascii_alphabetic());
        // Rows of one run of letters each ("per/sla/tgs/ine") are no class either (a class
        // needs two cells a row) but a board written row by row, which the board's own reader
        // takes with the shape its rows give, as rows of cells give a class's.
        let board_rows = lines.len() > 1 && lines.iter().all(|l| l.len() == 1 && letters(l[0]));
        if (count == 1 && letters(word)) || board_rows {
            // One run of letters is no class, but it is a board string: one letter per cell.
            // A wrong count is told in cells, as for any class, unless a typed `qu` makes the
            // board's own message (which counts it both ways) the clearer one.
            return Board::parse(word, size)
                .map(|b| BoardClass::from_board(&b))
                .map_err(|e| match e {
                    BoardError::WrongLength {
                        letters, qu_cells, ..
                    } if qu_cells.is_none_or(|cells| cells == letters) => ClassError::from(e),
                    e => ClassError::Board(e),
                });
        }
        // Where a cell is: its line and place in it when rows are written, else from the width
        // the cell count gives (or `size`), else only its place in the text.
        let cols = match size {
            Some((r, c)) if r * c == count => Some(c),
            _ => size_for_length(count).map(|(_, c)| c),
        };
        let at = |line: usize, place: usize, index: usize| match cols {
            _ if lines.len() > 1 => CellAt::RowCol(line, place),
            Some(c) => CellAt::of(index, c),
            None => CellAt::Nth(index),
        };
        let mut rows: Vec<Vec<u32>> = Vec::with_capacity(lines.len());
        let mut index = 0;
        for (l, line) in lines.iter().enumerate() {
            let mut row = Vec::with_capacity(line.len());
            for (p, token) in line.iter().enumerate() {
                row.push(read_cell(token, at(l, p, index))?);
                index += 1;
            }
            rows.push(row);
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
            None if rows.len() > 1 && expected == 1 => {
                return Err(ClassError::OneCellRows(rows.len()))
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
}

fn letter(ch: char) -> Option<u8> {
    ch.is_ascii_alphabetic()
        .then(|| ch.to_ascii_lowercase() as u8 - b'a')
}

/// The cells of one row as written: tokens separated by whitespace or commas, where a brace
/// group runs to its `}` (commas and spaces inside it included; an unclosed one to the end of
/// the row) and a `.` that starts a token is a cell of its own.
fn tokens(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut chars = line.char_indices().peekable();
    while let Some(&(start, ch)) = chars.peek() {
        if ch.is_whitespace() || ch == ',' {
            chars.next();
            continue;
        }
        if ch == '.' {
            chars.next();
            out.push(&line[start..start + 1]);
            continue;
        }
        let mut end = line.len();
        while let Some(&(i, c)) = chars.peek() {
            if c.is_whitespace() || c == ',' {
                end = i;
                break;
            }
            chars.next();
            if c == '{' {
                for (_, c) in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
            }
        }
        out.push(&line[start..end]);
    }
    out
}

/// Reads one cell as written (a token of [`tokens`]): `.` for no letter, else letters, ranges,
/// brace groups and `*`; `cell` names it in a message.
fn read_cell(token: &str, cell: CellAt) -> Result<u32, ClassError> {
    if token == "." {
        return Ok(0);
    }
    let chars: Vec<char> = token.chars().collect();
    let mut mask = 0u32;
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '{' => {
                let close = chars[i..]
                    .iter()
                    .position(|&c| c == '}')
                    .ok_or(ClassError::Unclosed { cell })?;
                let inner: String = chars[i + 1..i + close].iter().collect();
                let mut m = 0;
                for item in inner.split(|c: char| c == ',' || c.is_whitespace()) {
                    m |= read_item(item, cell)?;
                }
                if m == 0 {
                    return Err(ClassError::EmptyBraces { cell });
                }
                mask |= m;
                i += close + 1;
            }
            '}' => return Err(ClassError::UnexpectedClose { cell }),
            '*' => {
                mask |= ALL_LETTERS_MASK;
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
                mask |= read_item(&item, cell)?;
            }
            c => return Err(ClassError::BadChar { cell, ch: c }),
        }
    }
    Ok(mask)
}

/// One item inside a cell: a run of letters or a range `b-d`; empty items are allowed.
fn read_item(item: &str, cell: CellAt) -> Result<u32, ClassError> {
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
    use crate::bounds::class::ClassError;

    fn m(s: &str) -> u32 {
        s.bytes().fold(0, |acc, b| acc | 1 << (b - b'a'))
    }

    #[test]
    fn rows_of_one_run_each_are_a_board_and_rows_of_one_cell_are_explained() {
        let board = BoardClass::parse("perslatgsineters", None).unwrap();
        for text in [
            "pers/latg/sine/ters",
            "PERS / LATG / SINE / TERS",
            "pers\nlatg\nsine\nters",
        ] {
            let c = BoardClass::parse(text, None).unwrap();
            assert_eq!(
                (c.rows(), c.cols(), c.masks()),
                (4, 4, board.masks()),
                "{text}"
            );
        }
        let e = BoardClass::parse("{a,b}/{c,d}", None).unwrap_err();
        assert_eq!(e, ClassError::OneCellRows(2));
        assert!(e.to_string().starts_with("each of the 2 rows is one cell"));
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
        // A cell is named by its row and column once the shape is known (four cells: 2x2).
        assert_eq!(
            err("a b} c d"),
            "row 1, column 2: '}' without an opening '{'"
        );
        assert!(err("a {} c d").starts_with("row 1, column 2: '{}' holds no letters"));
        assert!(err("a b d-b c").starts_with("row 2, column 1: 'd-b' is not a letter range"));
        assert!(err("a b c7 d").starts_with("row 2, column 1: '7' is not allowed"));
        assert!(err("a b . d. e f g h i").starts_with("row 2, column 1: '.' is not allowed"));
        // Rows written with '/' name the row and the place in it, whatever the rest holds.
        assert!(err("a b / c d7 / e").starts_with("row 2, column 2: '7' is not allowed"));
        // An unclosed brace swallows the rest: the shape is unknown, so the cell is counted.
        assert_eq!(
            err("a b {c,d e"),
            "the 3rd cell: '{' is never closed by '}'"
        );
        assert!(err("a b c! d e").starts_with("the 3rd cell: '!' is not allowed"));
        assert!(err("a b é d").starts_with("row 2, column 1: 'é' is not allowed"));
        assert!(err("a b c").starts_with("3 cells: a class has 4, 9"));
        assert_eq!(
            BoardClass::parse("a b c", Some((2, 2)))
                .unwrap_err()
                .to_string(),
            "3 cells: a 2x2 class needs 4"
        );
        assert!(err("a b c d e f g").starts_with("7 cells"));
        assert!(BoardClass::parse("a b c d e f g", Some((1, 7))).is_err());
        // A run of letters is a board string, but its count is still told in cells...
        assert_eq!(
            err("abc"),
            "3 cells: a class has 4, 9, 12, 16, 20, 25 or 36 cells (or separate rows with '/')"
        );
        assert!(err("perslatgsinete").starts_with("14 cells: a class has"));
        // ...unless a typed qu makes the board's count, which gives both, the clearer one.
        assert!(
            err("quitealongrunxx").starts_with("15 letters"),
            "{}",
            err("quitealongrunxx")
        );
    }
}
