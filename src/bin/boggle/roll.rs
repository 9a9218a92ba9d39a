//! `boggle roll`: a board rolled from a set of real dice with a seed, as the page's Play view
//! rolls it.

use crate::common::Failure;
use boggle::play::DiceSet;
use clap::builder::{PossibleValue, TypedValueParser};
use clap::Args;
use std::io::{self, Write};

/// Options of `boggle roll`.
#[derive(Args)]
pub struct RollArgs {
    /// The dice: 4x4 (the classic 16), 5x5 (Big Boggle) or 6x6 (Super Big Boggle).
    #[arg(long, default_value = DiceSet::ALL[0].name(), value_parser = DiceArg)]
    dice: DiceSet,
    /// The seed: the same seed rolls the same board, here and in the page. Random when absent
    /// (and printed on stderr).
    #[arg(long)]
    seed: Option<u64>,
    /// Print one JSON object: {"board", "rows", "cols", "dice", "seed", "die", "face"} (the die
    /// in each cell and the face up, as indices).
    #[arg(long)]
    json: bool,
}

/// Reads `--dice` with the engine's reader (which also takes `5X5` or `55`, and words its own
/// refusal), naming the sets for `--help` and tab completion.
#[derive(Clone)]
struct DiceArg;

impl TypedValueParser for DiceArg {
    type Value = DiceSet;
    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<DiceSet, clap::Error> {
        let read = |s: &str| DiceSet::parse(s).map_err(|e| e.to_string());
        read.parse_ref(cmd, arg, value)
    }
    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            DiceSet::ALL.iter().map(|d| PossibleValue::new(d.name())),
        ))
    }
}

/// Prints the rolled board as a row-major string (or JSON).
pub fn roll(a: &RollArgs) -> Result<bool, Failure> {
    let seed = a.seed.unwrap_or_else(|| {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        // The page's seeds are whole numbers below 2^53, so a random one can be typed there too.
        let seed = boggle::rng::mix(t) >> 11;
        say!("seed {seed}");
        seed
    });
    let r = a.dice.roll(seed);
    let mut out = io::stdout().lock();
    if a.json {
        let (rows, cols) = a.dice.size();
        let v = serde_json::json!({
            "board": r.board.to_string(),
            "rows": rows,
            "cols": cols,
            "dice": a.dice.name(),
            "seed": seed,
            "die": r.dice,
            "face": r.faces,
        });
        writeln!(out, "{v}")?;
    } else {
        writeln!(out, "{}", r.board.text())?;
    }
    Ok(true)
}
