//! `boggle score`: scores boards given as arguments, or one per line on stdin, and prints
//! `BOARD<TAB>SCORE` in input order.

use crate::common::{
    check_stdin_is_free, for_each_board, load_list, BoardOpts, Failure, ListOpts, MinOpts,
};
use boggle::play::Rules;
use boggle::Solver;
use clap::Args;
use std::io::{self, BufWriter, Write};

/// Options of `boggle score`.
#[derive(Args)]
pub struct ScoreArgs {
    #[command(flatten)]
    list: ListOpts,
    #[command(flatten)]
    board: BoardOpts,
    /// Count each word once per distinct set of cells that spells it.
    #[arg(long)]
    multiboggle: bool,
    #[command(flatten)]
    min: MinOpts,
    /// Boards as row-major strings (e.g. perslatgsineters); read from stdin when absent.
    boards: Vec<String>,
}

/// Scores every board; false when some input line was not a board.
pub fn score(a: &ScoreArgs) -> Result<bool, Failure> {
    check_stdin_is_free(&a.list, &a.boards)?;
    let dict = load_list(&a.list)?;
    let mut solver = Solver::new(dict);
    let rules = Rules::new(a.min.min, a.multiboggle).map_err(Failure)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let ok = for_each_board(&a.boards, a.board.size, |b| {
        match rules.score(&mut solver, b) {
            Ok(s) => writeln!(out, "{}\t{s}", b.text()).map(Ok),
            Err(e) => Ok(Err(e)),
        }
    })?;
    out.flush()?;
    Ok(ok)
}
