//! `boggle words`: every word on a board with its points and one path, as text or JSON.

use crate::common::{load_list, BoardOpts, Failure, ListOpts};
use boggle::engine::unit;
use boggle::{Board, Solver};
use clap::Args;
use std::io::{self, BufWriter, Write};

/// Options of `boggle words`.
#[derive(Args)]
pub struct WordsArgs {
    #[command(flatten)]
    list: ListOpts,
    #[command(flatten)]
    board: BoardOpts,
    /// Print one JSON object: {"board", "rows", "cols", "score", "words": [{"word", "points", "path"}]}.
    #[arg(long)]
    json: bool,
    /// The board as a row-major string (spaces and slashes between rows are ignored).
    #[arg(value_name = "BOARD")]
    board_text: String,
}

/// Prints the board's words.
pub fn words(a: &WordsArgs) -> Result<bool, Failure> {
    let dict = load_list(&a.list)?;
    let board = Board::parse(&a.board_text, a.board.size)?;
    let words = Solver::new(dict).words(&board)?;
    let total: u32 = words.iter().map(|w| w.points).sum();
    let mut out = BufWriter::new(io::stdout().lock());
    if a.json {
        let v = serde_json::json!({
            "board": board.to_string(),
            "rows": board.rows(),
            "cols": board.cols(),
            "score": total,
            "words": words,
        });
        writeln!(out, "{v}")?;
    } else {
        writeln!(
            out,
            "{board}\t{}x{}\t{total} {}\t{} {}",
            board.rows(),
            board.cols(),
            unit(total, "point", "points"),
            words.len(),
            unit(words.len(), "word", "words")
        )?;
        for w in &words {
            let path: Vec<String> = w.path.iter().map(|c| c.to_string()).collect();
            writeln!(out, "{}\t{}\t{}", w.points, w.word, path.join(","))?;
        }
    }
    out.flush()?;
    Ok(true)
}
