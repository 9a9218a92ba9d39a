//! Boggle Explorer's engine: word lists, boards, the solver, board classes with their upper
//! bounds, branch and bound, and the optimizers.
//!
//! Everything here is plain Rust with no wasm or JavaScript types: the command-line tool
//! (`src/bin/boggle.rs`) and the WebAssembly layer (`src/wasm.rs`) are thin shells around it.

pub mod anneal;
pub mod benchmark;
pub mod board;
pub mod bounds;
pub mod breaker;
pub mod class;
pub mod compiled;
pub mod count;
pub mod dice;
pub mod dictionary;
pub mod hillclimb;
pub mod orderly;
pub mod partition;
pub mod rng;
pub mod scoring;
pub mod search;
pub mod solver;
pub mod symmetry;
mod tree;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use board::{Board, BoardError};
pub use bounds::{BoundSolver, Bounds};
pub use class::{BoardClass, ClassError};
pub use dictionary::{Dictionary, LoadStats};
pub use solver::{FoundWord, Solver};
