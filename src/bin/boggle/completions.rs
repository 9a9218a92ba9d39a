//! `boggle completions SHELL`: a script that gives the shell tab completion of every command,
//! option and fixed value, written by clap_complete from the definition the parser uses, so it
//! never lags behind the options.

use crate::common::Failure;
use clap::Args;
use clap_complete::Shell;

/// Options of `boggle completions`.
#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell whose completion script to print.
    shell: Shell,
}

/// Prints the completion script of `command` (the whole CLI) for the chosen shell.
pub fn completions(a: &CompletionsArgs, mut command: clap::Command) -> Result<bool, Failure> {
    let mut out = Vec::new();
    clap_complete::generate(a.shell, &mut command, "boggle", &mut out);
    std::io::Write::write_all(&mut std::io::stdout().lock(), &out)
        .map_err(|e| Failure(format!("could not write the script: {e}")))?;
    Ok(true)
}
