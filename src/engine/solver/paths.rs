//! The stack of paths the solver's searches extend, and the order they are taken in.
//!
//! A search holds the paths it has still to extend. Each round takes [`ROUND`] paths off the
//! top and extends each to every cell it can step to, pushing the extensions that can go on.
//! The paths of a round are independent, so the processor overlaps their memory loads; taken
//! one at a time, each step waited on the load of the step before (high-scoring 4x4 boards
//! took 1.6x as long). Each word counts once whatever the order, so the order does not matter.

use std::mem::MaybeUninit;

/// Paths taken off the stack in one round.
const ROUND: usize = 4;
/// Above this many paths on the stack, one path is taken a round.
const CROWDED: usize = 128;

/// Room for the paths of a search on boards of at most `cells` cells, whose paths push at most
/// `fan` extensions each, one a neighbour, and besides those at most `extra` each and `along`
/// in all along a path (the open cell's letters, in [`crate::Solver::score_variants`]).
/// Rounds of [`ROUND`] paths start at most [`CROWDED`] high, so they leave at most
/// `CROWDED + ROUND * (fan + extra)`. Above that, paths are taken one at a time, depth first,
/// which adds at most `fan` a step down a path of at most `cells` cells, and `along`. (The most
/// the scoring search was seen to hold on 6x6 boards is 89.)
pub(super) const fn room(fan: usize, extra: usize, along: usize, cells: usize) -> usize {
    CROWDED + ROUND * (fan + extra) + fan * cells + along + 1
}

/// A fixed stack of paths, filled by [`Paths::push`] and emptied by [`Paths::run`].
pub(super) struct Paths<P, const N: usize> {
    items: [MaybeUninit<P>; N],
}

/// Where [`Paths::push`] writes: the stack and its top, kept apart from the items so the top
/// stays in a register.
pub(super) struct Top<'a, P, const N: usize> {
    items: &'a mut [MaybeUninit<P>; N],
    top: &'a mut usize,
}

impl<P: Copy, const N: usize> Top<'_, P, N> {
    /// Pushes `path` if `keep`. It is written either way, so callers need not branch on it.
    #[inline(always)]
    pub fn push(&mut self, path: P, keep: bool) {
        // SAFETY: `N` is `room(..)` for the search, which bounds the top (see `room`).
        unsafe { self.items.get_unchecked_mut(*self.top) }.write(path);
        *self.top += keep as usize;
    }
}

impl<P: Copy, const N: usize> Paths<P, N> {
    /// An empty stack.
    #[inline(always)]
    pub fn new() -> Self {
        Paths {
            items: [MaybeUninit::uninit(); N],
        }
    }

    /// Where to push the first paths of a search, with `top` its top (0 for an empty stack).
    #[inline(always)]
    pub fn top<'a>(&'a mut self, top: &'a mut usize) -> Top<'a, P, N> {
        Top {
            items: &mut self.items,
            top,
        }
    }

    /// Takes paths off the stack (`top` high) until it is empty, handing each to `extend`,
    /// which pushes its extensions; true when it emptied it. Stops and returns false with fewer
    /// than [`ROUND`] of `limit` paths left to take (a word list can give a large board more
    /// paths than any search can walk).
    #[inline(always)]
    pub fn run(
        &mut self,
        mut top: usize,
        limit: u64,
        mut extend: impl FnMut(P, &mut Top<P, N>),
    ) -> bool {
        let mut left = limit;
        while top != 0 {
            if left < ROUND as u64 {
                return false;
            }
            if (ROUND..=CROWDED).contains(&top) {
                left -= ROUND as u64;
                top -= ROUND;
                // SAFETY: the paths at and above `top` were pushed by this search.
                let [a, b, c, d] =
                    unsafe { self.items.as_ptr().add(top).cast::<[P; ROUND]>().read() };
                let mut to = Top {
                    items: &mut self.items,
                    top: &mut top,
                };
                extend(d, &mut to);
                extend(c, &mut to);
                extend(b, &mut to);
                extend(a, &mut to);
            } else {
                left -= 1;
                top -= 1;
                // SAFETY: as above.
                let path = unsafe { self.items.get_unchecked(top).assume_init() };
                extend(
                    path,
                    &mut Top {
                        items: &mut self.items,
                        top: &mut top,
                    },
                );
            }
        }
        true
    }
}
