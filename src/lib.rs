//! Boggle Explorer's engine: word lists, boards, the solver, board classes with their upper
//! bounds, branch and bound, and the optimizers.
//!
//! Everything here is plain Rust with no wasm or JavaScript types except `wasm`, the thin
//! seam the page's worker calls; the command-line tool (`src/bin/boggle/`) is the other shell
//! around the same code. The wings, each building on the ones before it:
//!
//! - [`engine`]: boards, word lists and their compiled form, the solver, scoring, symmetry,
//!   dice.
//! - [`rng`]: the seeded generator, identical natively and in wasm.
//! - [`bounds`]: board classes (a set of letters per cell), their grammar and exact counts,
//!   and the max/no-mark and sum/union upper bounds with what explains them.
//! - [`breaking`]: branch and bound on classes: the shared interface, the plain and orderly
//!   breakers, parallel runs and whole letter-partition searches.
//! - [`optimize`]: simulated annealing and hill climbing for high-scoring boards.
//! - [`play`]: a round as people play it: boards rolled from the real dice with a seed, the
//!   verdict on each word given and the review of a player's list.
//! - `wasm` (wasm32 only): the `#[wasm_bindgen]` bindings, one file per binding.

// Every public item says what it is for: the API docs are part of the engine.
#![warn(missing_docs)]

pub mod bounds;
pub mod breaking;
pub mod engine;
#[cfg(not(target_arch = "wasm32"))]
pub mod files;
pub mod optimize;
pub mod play;
pub mod rng;
#[cfg(not(target_arch = "wasm32"))]
pub mod word_lists;

#[cfg(feature = "bench-fixtures")]
pub mod benchmark;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use bounds::{BoardClass, BoundSolver, Bounds, ClassError};
pub use engine::{Board, BoardError, Dictionary, FoundWord, LoadStats, Solver};
