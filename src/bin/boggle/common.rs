//! Helpers shared by the subcommands: word lists, board input, and one-line failures.

use boggle::engine::board::{parse_size, Board};
use boggle::Dictionary;
use clap::Args;
use std::io::{self, BufRead};
use std::sync::Arc;

/// Options shared by every command that reads boards.
#[derive(Args)]
pub struct BoardOpts {
    /// Board size as ROWSxCOLS (e.g. 4x4, 3x4); by default it follows from the length.
    #[arg(long, value_name = "RxC", value_parser = size_arg)]
    pub size: Option<(usize, usize)>,
}

/// The word list option.
#[derive(Args)]
pub struct ListOpts {
    /// Word list file, one word per line (or the built-in names enable2k, yawl).
    #[arg(long, value_name = "FILE", default_value = "enable2k")]
    pub wordlist: String,
}

/// Reads `--size RxC` with the engine's size parser.
pub fn size_arg(s: &str) -> Result<(usize, usize), String> {
    parse_size(s).map_err(|e| e.to_string())
}

/// A failure worth one line on stderr.
pub struct Failure(pub String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure(e.to_string())
    }
}

/// The word list `--wordlist` names: a file (text or compiled), or a built-in list by name;
/// notes about skipped words go to stderr.
pub fn load_list(opts: &ListOpts) -> Result<Arc<Dictionary>, Failure> {
    let name = opts.wordlist.as_str();
    let dict = boggle::word_lists::load(name).map_err(Failure)?;
    for note in boggle::word_lists::notes(name, dict.stats()) {
        eprintln!("{note}");
    }
    Ok(Arc::new(dict))
}

/// Boards from the arguments, or one per line from stdin, each with a label for errors.
pub fn inputs(args: &[String]) -> Box<dyn Iterator<Item = (String, Result<String, Failure>)> + '_> {
    if args.is_empty() {
        Box::new(io::stdin().lock().lines().enumerate().map(|(i, l)| {
            (
                format!("line {}", i + 1),
                l.map_err(|e| Failure(format!("cannot read stdin: {e}"))),
            )
        }))
    } else {
        Box::new(
            args.iter()
                .enumerate()
                .map(|(i, a)| (format!("board {}", i + 1), Ok(a.clone()))),
        )
    }
}

/// Runs `each` on every readable board, reporting bad ones on stderr; false if any was bad.
pub fn for_each_board(
    args: &[String],
    size: Option<(usize, usize)>,
    mut each: impl FnMut(&Board) -> io::Result<()>,
) -> Result<bool, Failure> {
    let mut ok = true;
    for (label, line) in inputs(args) {
        let line = line?;
        match Board::parse(&line, size) {
            Ok(b) => each(&b)?,
            Err(e) => {
                eprintln!("boggle: {label} ('{}'): {e}", line.trim().escape_default());
                ok = false;
            }
        }
    }
    Ok(ok)
}
