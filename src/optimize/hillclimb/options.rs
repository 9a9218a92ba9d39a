//! What a hill-climbing search takes: its options and their limits.

use crate::optimize::only_with::{unused_in, OnlyWith, Setting, Unused};
use crate::optimize::Common;
use serde::{Deserialize, Serialize};

/// The largest pool a hill climber takes.
pub const MAX_POOL: usize = 100_000;

/// The most boards a run may remember ([`HillClimbOptions::remember`]): 128 MB.
pub const MAX_REMEMBER: usize = 1 << 24;

/// The largest stall cut-off ([`HillClimbOptions::stall`]) a hill climber takes.
pub const MAX_STALL: u64 = 1_000_000_000_000;

/// Hill-climbing options (default pool: 250 boards).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct HillClimbOptions {
    /// Options every optimizer takes.
    #[serde(flatten)]
    pub common: Common,
    /// Boards kept in the pool each round.
    pub pool: usize,
    /// In which order pool boards are expanded.
    pub order: Order,
    /// How many scored boards a run remembers so it scores each once: a table of this many
    /// slots (8 bytes each) whose oldest entries are forgotten when it is full, so a long run
    /// on a big board keeps to a fixed amount of memory and at worst scores a board again.
    pub remember: usize,
    /// Ends a run once it has scored this many boards without raising its best score (0: a
    /// run ends only at a fixed point). A run finds its best board early and then spends most
    /// of its boards proving the pool cannot improve; cutting that short buys more restarts.
    pub stall: u64,
    /// Ends a best-first run once it has expanded this many boards (0: only at a fixed point or
    /// a stall; runs in rounds always go to their fixed point).
    /// The runs that reach the best boards climb there quickly; most others spend the greater
    /// part of their boards on a plateau, so a cap buys more restarts for the same boards.
    pub expansions: u64,
}

/// In which order the hill climber expands its pool. With the `cli` feature it is also the
/// CLI's `--order` value (`best`, `rounds`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(
    all(feature = "cli", not(target_arch = "wasm32")),
    derive(clap::ValueEnum)
)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    /// Expand the best pool board not yet expanded and merge its neighbours into the pool at
    /// once: the search follows the most promising board first and reaches high scores with
    /// far fewer boards scored (the default).
    #[cfg_attr(
        all(feature = "cli", not(target_arch = "wasm32")),
        value(help = "Best board first")
    )]
    Best,
    /// Expand every new pool board, then merge all their neighbours: the published rounds.
    #[cfg_attr(
        all(feature = "cli", not(target_arch = "wasm32")),
        value(help = "Whole pool per round")
    )]
    Rounds,
}

/// The hill-climbing options that only some orders use, each with those orders: rounds expand
/// the whole pool each round, so only best first can stop after so many expansions.
pub const ORDER_ONLY: &OnlyWith<Order> = &[("expansions", &[Order::Best])];

impl Setting for Order {
    const NAME: &'static str = "order";
    fn name(self) -> &'static str {
        match self {
            Order::Best => "best",
            Order::Rounds => "rounds",
        }
    }
}

impl HillClimbOptions {
    /// The first option that `given` says was chosen (by the engine's names) and that these
    /// options' order does not use ([`ORDER_ONLY`]).
    pub fn unused(&self, given: impl Fn(&str) -> bool) -> Option<Unused> {
        unused_in(ORDER_ONLY, self.order, given)
    }
}

impl Default for HillClimbOptions {
    fn default() -> HillClimbOptions {
        HillClimbOptions {
            common: Common::default(),
            pool: 250,
            order: Order::Best,
            remember: 1 << 20,
            stall: 0,
            expansions: 200,
        }
    }
}
