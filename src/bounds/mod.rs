//! Board classes and their upper bounds: the reasoning about many boards at once that branch
//! and bound ([`crate::breaking`]) is built on.
//!
//! - [`class`]: the [`BoardClass`] type (a set of letters per cell), its exact board count
//!   ([`count`]) and its text form.
//! - [`parse`]: the class grammar (`lnrsy aeiou ...`, `{a,e}`, `b-d`, `*`, `.`, rows by `/`).
//! - [`solver`]: the bound walk, max/no-mark and sum/union from one search ([`BoundSolver`]);
//!   the hot path of branch and bound.
//! - [`explain`]: what the page shows to explain the numbers: the detailed search, the
//!   max/no-mark tree from one cell and the per-cell split sweep.

pub mod class;
pub mod count;
pub mod explain;
pub mod parse;
pub mod solver;

pub use class::{BoardClass, ClassError};
pub use explain::{
    BoundDetails, CellSplit, ChoiceNode, GoNode, NomarkTree, SearchTooBig, SplitSweep, TreeError,
    BOUND_MAX_STEPS,
};
pub use solver::{BoundSolver, Bounds, ClassWord};
