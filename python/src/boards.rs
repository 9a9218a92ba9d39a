//! Boards and sizes as Python passes them: a string typed as the CLI takes it, or letter codes
//! (0 = a .. 25 = z, 16 the Qu face) from a list or a NumPy array, which reaches us through its
//! `tolist()` so NumPy is never required.

use boggle::engine::board::{parse_size, size_for_length};
use boggle::Board;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

/// A board size: `"4x4"`, `4` (square) or `(rows, cols)`.
pub fn size_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<(usize, usize)>> {
    let Some(obj) = obj else { return Ok(None) };
    if obj.is_none() {
        return Ok(None);
    }
    let text = if let Ok(s) = obj.extract::<String>() {
        s
    } else if let Ok(n) = obj.extract::<usize>() {
        format!("{n}x{n}")
    } else if let Ok((r, c)) = obj.extract::<(usize, usize)>() {
        format!("{r}x{c}")
    } else {
        return Err(PyValueError::new_err(
            "a size is a string such as '4x4', a side such as 4, or a pair (rows, cols)",
        ));
    };
    parse_size(&text)
        .map(Some)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// One board: a string, bytes, or a sequence of letter codes.
pub fn board_arg(obj: &Bound<'_, PyAny>, size: Option<(usize, usize)>) -> PyResult<Board> {
    board_value(&plain(obj)?, size).map_err(PyValueError::new_err)
}

/// Many boards: a sequence of boards, or a 2-D array of letter codes (one row a board) or of
/// strings. A bad board's error names its position.
pub fn boards_arg(obj: &Bound<'_, PyAny>, size: Option<(usize, usize)>) -> PyResult<Vec<Board>> {
    let obj = plain(obj)?;
    if obj.is_instance_of::<PyString>() {
        return Err(PyValueError::new_err(
            "give a list of boards (for one board, use score())",
        ));
    }
    let mut out = Vec::new();
    for (i, item) in obj.try_iter()?.enumerate() {
        let board = board_value(&plain(&item?)?, size)
            .map_err(|e| PyValueError::new_err(format!("board {}: {e}", i + 1)))?;
        out.push(board);
    }
    Ok(out)
}

/// `obj.tolist()` for an array-like object (NumPy arrays, array.array, memoryview), the
/// object itself otherwise.
fn plain<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let builtin = obj.is_instance_of::<PyString>()
        || obj.is_instance_of::<PyList>()
        || obj.is_instance_of::<PyTuple>()
        || obj.is_instance_of::<PyBytes>();
    if !builtin && obj.hasattr("tolist")? {
        return obj.call_method0("tolist");
    }
    Ok(obj.clone())
}

/// A board from a string, bytes, or letter codes; the error is the engine's message.
fn board_value(obj: &Bound<'_, PyAny>, size: Option<(usize, usize)>) -> Result<Board, String> {
    if let Ok(s) = obj.downcast::<PyString>() {
        let text = s.to_cow().map_err(|e| e.to_string())?;
        return Board::parse(&text, size).map_err(|e| e.to_string());
    }
    if let Ok(b) = obj.downcast::<PyBytes>() {
        return Board::parse(&String::from_utf8_lossy(b.as_bytes()), size)
            .map_err(|e| e.to_string());
    }
    let codes: Vec<i64> = obj.extract().map_err(|_| {
        format!(
            "{}: a board is a string of letters or a sequence of letter codes 0-25",
            obj.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        )
    })?;
    if let Some(&bad) = codes.iter().find(|&&c| !(0..26).contains(&c)) {
        return Err(format!("letter code {bad}: codes are 0 (a) to 25 (z)"));
    }
    let (rows, cols) = match size {
        Some(s) => s,
        None => size_for_length(codes.len()).ok_or_else(|| {
            // The engine's message for a length that fits no board.
            Board::parse(&"a".repeat(codes.len()), None)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_else(|| format!("{} letters fit no board", codes.len()))
        })?,
    };
    Board::from_cells(rows, cols, codes.iter().map(|&c| c as u8).collect())
        .map_err(|e| e.to_string())
}
