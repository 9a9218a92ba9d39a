//! `boggle defaults`: the engine's option defaults and limits as one JSON object. The build
//! writes it into `pkg/defaults.js`, so the page reads its defaults from the engine too.

use crate::common::Failure;
use boggle::breaking::partition::{Partition, PartitionClasses, Proof, PROOFS};
use clap::Args;
use serde::Serialize;
use std::io::Write;

/// Options of `boggle defaults`.
#[derive(Args)]
pub struct DefaultsArgs {
    /// Print an ES module (`export default {...};`) instead of bare JSON.
    #[arg(long)]
    module: bool,
}

/// Prints the defaults.
pub fn defaults(a: &DefaultsArgs) -> Result<bool, Failure> {
    #[derive(Serialize)]
    struct All {
        optimize: boggle::optimize::Defaults,
        /// The fast breaker's options with their limits, and the nodes of a traced break kept.
        #[serde(rename = "break")]
        breaking: boggle::breaking::options::BreakDefaults,
        /// The Bounds view's limits: steps of a class's bounds, nodes of a max/no-mark tree.
        bounds: boggle::bounds::explain::ExplainLimits,
        /// Board sizes: the smallest and largest side, and the sizes read from a board's length
        /// alone, `[cells, rows, cols]`.
        board: Board,
        /// Rounds of the Play view: the most words a review reads, the fewest letters a word
        /// has, and the dice sets by name (their board size), the classic set first.
        play: Play,
        /// Built-in word lists: URL name, display name and where it comes from, the default
        /// first.
        lists: Vec<[&'static str; 3]>,
        max_list_bytes: usize,
        /// The named proofs (`boggle break --proof`), which the Break view offers as buttons,
        /// each with its number of classes.
        proofs: Vec<Counted>,
    }
    /// A named proof with the number of classes its partition has, which the Break view says.
    #[derive(Serialize)]
    struct Counted {
        #[serde(flatten)]
        proof: &'static Proof,
        classes: usize,
    }
    #[derive(Serialize)]
    struct Board {
        min_side: usize,
        max_side: usize,
        sizes_by_length: &'static [(usize, usize, usize)],
    }
    #[derive(Serialize)]
    struct Play {
        max_claimed: usize,
        min_word_letters: usize,
        dice: Vec<&'static str>,
        /// Each set's customary shortest word, by name (`DiceSet::customary_min_letters`).
        customary_min: Vec<(&'static str, usize)>,
        /// A word's points by its letters, 0 to 8 (the last for 8 or more): the scoring table.
        points: Vec<u32>,
    }
    let json = serde_json::to_string(&All {
        optimize: Default::default(),
        breaking: Default::default(),
        bounds: Default::default(),
        board: Board {
            min_side: boggle::engine::board::MIN_SIDE,
            max_side: boggle::engine::board::MAX_SIDE,
            sizes_by_length: &boggle::engine::board::SIZES_BY_LENGTH,
        },
        play: Play {
            max_claimed: boggle::play::MAX_CLAIMED,
            min_word_letters: boggle::engine::scoring::MIN_WORD_LETTERS,
            dice: boggle::play::DiceSet::ALL
                .iter()
                .map(|d| d.name())
                .collect(),
            customary_min: boggle::play::DiceSet::ALL
                .iter()
                .map(|d| (d.name(), d.customary_min_letters()))
                .collect(),
            points: (0..=8).map(boggle::engine::scoring::points).collect(),
        },
        lists: boggle::word_lists::BUILT_IN
            .iter()
            .map(|l| [l.0, l.1, l.3])
            .collect(),
        max_list_bytes: boggle::engine::dictionary::MAX_LIST_BYTES,
        proofs: PROOFS
            .iter()
            .map(|proof| {
                Ok(Counted {
                    proof,
                    classes: classes(proof)?,
                })
            })
            .collect::<Result<_, Failure>>()?,
    })?;
    let mut out = std::io::stdout().lock();
    if a.module {
        writeln!(out, "// The engine's defaults and limits, written by `boggle defaults --module`.\nexport default {json};")?;
    } else {
        writeln!(out, "{json}")?;
    }
    Ok(true)
}

/// The number of classes of `proof`'s partition on its board size, counted by the engine as a
/// run numbers them (every proof's together take about 50 ms in a release build).
fn classes(proof: &Proof) -> Result<usize, Failure> {
    let (rows, cols) = boggle::engine::board::parse_size(proof.size)?;
    let partition = Partition::parse(proof.partition)?;
    Ok(PartitionClasses::new(partition, rows, cols)?.len())
}
