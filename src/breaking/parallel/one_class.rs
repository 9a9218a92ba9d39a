//! Breaking one class on threads: presplitting it into parts to share among them
//! ([`presplit`], [`presplit_for_threads`]) and the steps around the breaking of those parts
//! ([`break_class`]) that the CLI (`boggle break CLASS`) and the Python package
//! (`Solver.break_class`) share, each breaking the parts on threads its own way.

use crate::bounds::{BoardClass, Bounds};
use crate::breaking::{settle_with, split_order, BreakError, BreakStats, Survivor};

/// Parts a class is presplit into for each thread that breaks it ([`presplit_for_threads`]):
/// enough that a thread whose parts were easy takes more while another works through a hard
/// one, so the threads finish close together.
pub const PARTS_PER_THREAD: usize = 16;

/// Splits `class` (without bounds, cell by cell in [`split_order`], one part per letter)
/// until there are at least `parts` classes, so a search can share them among threads.
pub fn presplit(class: &BoardClass, parts: usize) -> Vec<BoardClass> {
    let mut out = vec![class.clone()];
    for cell in split_order(class.rows(), class.cols()) {
        if out.len() >= parts {
            break;
        }
        if class.mask(cell).count_ones() < 2 {
            continue;
        }
        out = out
            .iter()
            .flat_map(|c| c.letters(cell).map(move |l| c.with_mask(cell, 1 << l)))
            .collect();
    }
    out
}

/// The parts `class` is broken in on `threads` threads: [`PARTS_PER_THREAD`] a thread (at
/// least; a split makes one part per letter), or the class whole on one thread.
pub fn presplit_for_threads(class: &BoardClass, threads: usize) -> Vec<BoardClass> {
    let parts = if threads > 1 {
        threads.saturating_mul(PARTS_PER_THREAD)
    } else {
        1
    };
    presplit(class, parts)
}

/// One class broken by [`break_class`].
#[derive(Clone, Debug)]
pub struct ClassBreak {
    /// Boards reaching the target, best first ([`Survivor`]'s order).
    pub boards: Vec<Survivor>,
    /// Totals over its parts.
    pub stats: BreakStats,
    /// The parts it was broken in (1 for a class settled by its bound).
    pub parts: usize,
}

/// Breaks one class against `target` on `threads` threads, as every caller breaking a single
/// class does: a class with an empty cell is settled by its bound alone (`bounds()`, called
/// for such a class only; see [`crate::breaking::settle_by_bound`]); any other is presplit
/// ([`presplit_for_threads`]) and `break_parts` breaks the parts, returning the boards found
/// in them, in any order, and their totals. How the parts are broken is the caller's:
/// [`super::break_parallel`], or a loop of its own that something else can stop.
///
/// The outer error is the caller's own, from either closure (Ctrl-C, a thread the system
/// refused); the inner one says the class cannot be broken
/// ([`BreakError::EmptyCellReaches`]): the caller names the class in its message.
pub fn break_class<E>(
    class: &BoardClass,
    target: u32,
    threads: usize,
    bounds: impl FnOnce() -> Result<Bounds, E>,
    break_parts: impl FnOnce(&[BoardClass]) -> Result<(Vec<Survivor>, BreakStats), E>,
) -> Result<Result<ClassBreak, BreakError>, E> {
    if let Some(settled) = settle_with(class, target, bounds) {
        return settled.map(|r| {
            r.map(|stats| ClassBreak {
                boards: Vec::new(),
                stats,
                parts: 1,
            })
        });
    }
    let parts = presplit_for_threads(class, threads);
    let (mut boards, stats) = break_parts(&parts)?;
    boards.sort_unstable();
    Ok(Ok(ClassBreak {
        boards,
        stats,
        parts: parts.len(),
    }))
}
