//! `boggle canonical`: each board's canonical form (its smallest rotation or reflection).

use crate::common::{for_each_board, BoardOpts, Failure};
use boggle::engine::symmetry::canonical;
use clap::Args;
use std::io::{self, BufWriter, Write};

/// Options of `boggle canonical`.
#[derive(Args)]
pub struct CanonicalArgs {
    #[command(flatten)]
    board: BoardOpts,
    /// Boards as row-major strings; read from stdin when absent.
    boards: Vec<String>,
}

/// Prints `BOARD<TAB>CANONICAL` per board; false when some input line was not a board.
pub fn canonical_cmd(a: &CanonicalArgs) -> Result<bool, Failure> {
    let mut out = BufWriter::new(io::stdout().lock());
    let ok = for_each_board(&a.boards, a.board.size, |b| {
        writeln!(out, "{}\t{}", b.text(), canonical(b).text()).map(Ok)
    })?;
    out.flush()?;
    Ok(ok)
}
