//! `boggle words`: every word on a board with its points and one path, as text or JSON.

use crate::common::{
    load_list, BoardOpts, Failure, ListOpts, MinOpts, SHOWN_BOARD_CHARS, STDIN_LIST,
};
use boggle::engine::quoted_to;
use boggle::engine::unit;
use boggle::play::Rules;
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
    #[command(flatten)]
    min: MinOpts,
    /// The board as a row-major string; rows typed apart with '/' give its shape.
    #[arg(value_name = "BOARD")]
    board_text: String,
}

/// Prints the board's words.
pub fn words(a: &WordsArgs) -> Result<bool, Failure> {
    let dict = load_list(&a.list)?;
    // A board refused is reported as `score` and `canonical` report one, with exit status 1.
    let board = match Board::parse(&a.board_text, a.board.size) {
        Ok(b) => b,
        Err(e) => {
            let shown = quoted_to(a.board_text.trim(), SHOWN_BOARD_CHARS);
            say!("boggle: board '{shown}': {e}");
            return Ok(false);
        }
    };
    let rules = Rules::new(a.min.min, false).map_err(Failure)?;
    let words = match rules.words(&mut Solver::new(dict), &board) {
        Ok(w) => w,
        Err(e) => {
            say!("boggle: board {}: {e}", board.text());
            return Ok(false);
        }
    };
    let total: u32 = words.iter().map(|w| w.points).sum();
    let list = if a.list.wordlist == STDIN_LIST {
        "stdin".to_string()
    } else {
        boggle::word_lists::display_name(&a.list.wordlist)
    };
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
            "{}\t{}x{}\t{total} {}\t{} {}\t{}",
            board.text(),
            board.rows(),
            board.cols(),
            unit(total, "point", "points"),
            words.len(),
            unit(words.len(), "word", "words"),
            list,
        )?;
        for w in &words {
            let path: Vec<String> = w.path.iter().map(|c| c.to_string()).collect();
            writeln!(out, "{}\t{}\t{}", w.points, w.word, path.join(","))?;
        }
    }
    out.flush()?;
    Ok(true)
}
