//! `boggle compile-list`: saves a word list compiled (a minimal DAWG, see
//! `boggle::engine::compiled`), the form the page downloads for the shipped lists: a fraction of
//! the text's size, and it loads without parsing.

use crate::common::{load_list, Failure, ListOpts};
use boggle::files::{io_reason, shown_name};
use boggle::word_lists::list_name;
use clap::Args;

/// Options of `boggle compile-list`.
#[derive(Args)]
pub struct CompileArgs {
    #[command(flatten)]
    list: ListOpts,
    /// Where to write the compiled list.
    out: String,
}

/// Writes the compiled list, and says what it holds: its words and fingerprint (what a proof
/// made with it records) and what reading the text skipped.
pub fn compile_list(a: &CompileArgs) -> Result<bool, Failure> {
    let dict = load_list(&a.list)?;
    let bytes = boggle::engine::compiled::to_bytes(&dict)
        .map_err(|e| Failure(format!("{}: {e}", list_name(&a.list.wordlist))))?;
    std::fs::write(&a.out, bytes).map_err(|e| {
        Failure(format!(
            "cannot write {}: {}",
            shown_name(&a.out),
            io_reason(&e)
        ))
    })?;
    println!(
        "wrote {}: {}",
        shown_name(&a.out),
        boggle::word_lists::summary(&dict)
    );
    Ok(true)
}
