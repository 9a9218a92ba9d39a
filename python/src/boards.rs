//! Boards and sizes as Python passes them: a string typed as the CLI takes it, or letter codes
//! (0 = a .. 25 = z, 16 the Qu face) from a list or a NumPy array, which reaches us through its
//! `tolist()` so NumPy is never required.

use crate::numbers::Whole;
use boggle::engine::board::{parse_size, size_for_length};
use boggle::Board;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyList, PyString, PyTuple};

/// A board size: `"4x4"`, `4` (square) or `(rows, cols)`.
pub fn size_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<(usize, usize)>> {
    let Some(obj) = obj else { return Ok(None) };
    if obj.is_none() {
        return Ok(None);
    }
    // A size of the wrong type is a TypeError, as Python's own calls raise; a side or pair out
    // of range (-1, (9, 9)) is the engine's ValueError for its text.
    let text = if let Ok(s) = obj.extract::<String>() {
        s
    } else if let Ok(n) = obj.extract::<Whole>() {
        format!("{n}x{n}")
    } else if let Ok((r, c)) = obj.extract::<(Whole, Whole)>() {
        format!("{r}x{c}")
    } else {
        return Err(PyTypeError::new_err(format!(
            "{}: a size is a string such as '4x4', a side such as 4, or a pair (rows, cols)",
            type_name(obj)
        )));
    };
    parse_size(&text).map(Some).map_err(crate::engine_error)
}

/// One board: a string, bytes, or a sequence of letter codes.
pub fn board_arg(obj: &Bound<'_, PyAny>, size: Option<(usize, usize)>) -> PyResult<Board> {
    board_value(&plain(obj)?, size).map_err(BoardError::into_py)
}

/// Many boards: a sequence of boards, or a 2-D array of letter codes (one row a board) or of
/// strings. A bad board's error names its position.
pub fn boards_arg(obj: &Bound<'_, PyAny>, size: Option<(usize, usize)>) -> PyResult<Vec<Board>> {
    let obj = plain(obj)?;
    if is_text(&obj) {
        return Err(PyTypeError::new_err(
            "give a list of boards (for one board, use score())",
        ));
    }
    let mut out = Vec::new();
    for (i, item) in obj.try_iter()?.enumerate() {
        let board = board_value(&plain(&item?)?, size)
            .map_err(|e| e.map(|m| format!("board {}: {m}", i + 1)).into_py())?;
        out.push(board);
    }
    Ok(out)
}

/// True for a board's text: a string, bytes or a bytearray (all read as letters, as typed).
fn is_text(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_instance_of::<PyString>()
        || obj.is_instance_of::<PyBytes>()
        || obj.is_instance_of::<PyByteArray>()
}

/// `obj.tolist()` for an array-like object (NumPy arrays, array.array, memoryview), the
/// object itself otherwise.
fn plain<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let builtin = is_text(obj) || obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>();
    if !builtin && obj.hasattr("tolist")? {
        return obj.call_method0("tolist");
    }
    Ok(obj.clone())
}

/// Why a board was refused: given as the wrong type of object, or a bad board of the right one.
enum BoardError {
    Type(String),
    Value(String),
}

impl BoardError {
    /// The same kind of error with its message rewritten.
    fn map(self, f: impl FnOnce(String) -> String) -> Self {
        match self {
            BoardError::Type(m) => BoardError::Type(f(m)),
            BoardError::Value(m) => BoardError::Value(f(m)),
        }
    }

    /// TypeError or ValueError, as Python's own calls raise them.
    fn into_py(self) -> PyErr {
        match self {
            BoardError::Type(m) => PyTypeError::new_err(m),
            BoardError::Value(m) => PyValueError::new_err(m),
        }
    }
}

/// The name of `obj`'s type, for messages.
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default()
}

/// A board from a string, bytes, or letter codes; a bad one's error is the engine's message.
fn board_value(obj: &Bound<'_, PyAny>, size: Option<(usize, usize)>) -> Result<Board, BoardError> {
    let value = |e: String| BoardError::Value(e);
    if let Ok(s) = obj.downcast::<PyString>() {
        let text = s.to_cow().map_err(|e| value(e.to_string()))?;
        return Board::parse(&text, size).map_err(|e| value(e.to_string()));
    }
    if let Ok(b) = obj.downcast::<PyBytes>() {
        return Board::parse(&String::from_utf8_lossy(b.as_bytes()), size)
            .map_err(|e| value(e.to_string()));
    }
    if let Ok(b) = obj.downcast::<PyByteArray>() {
        return Board::parse(&String::from_utf8_lossy(&b.to_vec()), size)
            .map_err(|e| value(e.to_string()));
    }
    let items: Vec<Bound<'_, PyAny>> = obj.extract().map_err(|_| {
        BoardError::Type(format!(
            "{}: a board is a string of letters or a sequence of letter codes 0-25",
            type_name(obj)
        ))
    })?;
    // Each code is checked on its own, so the message names the one that is wrong.
    let codes = items
        .iter()
        .map(|item| {
            if item.is_instance_of::<PyList>() || item.is_instance_of::<PyTuple>() {
                // A 2-D array of one board (4x4 codes): its rows are not codes.
                return Err(BoardError::Type(format!(
                    "a board is one sequence of letter codes, row after row, not a {}-row grid: \
                     flatten it first (NumPy: board.ravel())",
                    items.len()
                )));
            }
            let Ok(c) = item.extract::<Whole>() else {
                // Quoted as the engine quotes input: an element may be any object, however
                // long, and its repr may hold anything.
                let repr = item.repr().map(|r| r.to_string()).unwrap_or_default();
                let shown = boggle::engine::quoted(&repr);
                return Err(BoardError::Type(format!(
                    "letter code {shown} ({}): codes are whole numbers 0 (a) to 25 (z)",
                    type_name(item)
                )));
            };
            match c.value() {
                Some(v) if v < 26 => Ok(v as u8),
                _ => Err(value(format!("letter code {c}: codes are 0 (a) to 25 (z)"))),
            }
        })
        .collect::<Result<Vec<u8>, _>>()?;
    let (rows, cols) = match size {
        Some(s) => s,
        None => size_for_length(codes.len()).ok_or_else(|| {
            // The engine's message for a length that fits no board.
            value(
                Board::parse(&"a".repeat(codes.len()), None)
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_else(|| format!("{} letters fit no board", codes.len())),
            )
        })?,
    };
    Board::from_cells(rows, cols, codes).map_err(|e| value(e.to_string()))
}
