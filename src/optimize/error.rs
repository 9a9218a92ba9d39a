//! Why an optimizer could not start ([`OptimizeError`], worded for the user), and the range
//! check the optimizers' whole-number options share.

use crate::engine::board::BoardError;
use crate::engine::grouped;
use crate::engine::solver::TooBigToSolve;
use std::fmt;

/// Why an optimizer could not start; the `Display` text is meant for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptimizeError {
    /// The board size is outside 2x2 ..= 6x6.
    Size(BoardError),
    /// The allowed letters are empty or hold something other than a-z.
    Letters(String),
    /// A numeric option is out of its range: "{what} {rule}". `param` is its name (as in the
    /// page's URL and the engine's options), so the page says it beside that field and the CLI
    /// writes "--{flag} {rule}".
    Option {
        /// The option, e.g. `steps`.
        param: &'static str,
        /// The option in words, e.g. "the steps per run".
        what: &'static str,
        /// What it takes, e.g. "must be 1 to 1,000,000,000".
        rule: String,
    },
    /// Two options that do not go together. `param` is the name (as in the page's URL) of the
    /// one the message asks to change, so the page can say it beside that field.
    Conflict {
        /// The option to change, e.g. `t_end`.
        param: &'static str,
        /// What is wrong, naming both options and their values.
        message: String,
    },
    /// A first board had more paths through the word list than the solver follows.
    TooBig(TooBigToSolve),
}

impl fmt::Display for OptimizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptimizeError::Size(e) => e.fmt(f),
            OptimizeError::TooBig(e) => e.fmt(f),
            OptimizeError::Option { what, rule, .. } => write!(f, "{what} {rule}"),
            OptimizeError::Letters(s) | OptimizeError::Conflict { message: s, .. } => {
                f.write_str(s)
            }
        }
    }
}

impl std::error::Error for OptimizeError {}

/// Checks that a whole-number option `param` (described as `what`) is from 1 to `max`; the
/// error names both.
pub(crate) fn check_count<T: PartialOrd + From<u8> + fmt::Display>(
    value: T,
    max: T,
    param: &'static str,
    what: &'static str,
) -> Result<(), OptimizeError> {
    if value < T::from(1) || value > max {
        return Err(OptimizeError::Option {
            param,
            what,
            rule: format!("must be 1 to {}", grouped(max)),
        });
    }
    Ok(())
}
