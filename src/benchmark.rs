//! Fixed board sets for benchmarks, generated from fixed seeds so the native and wasm builds
//! score exactly the same boards. Built only with the cargo feature `bench-fixtures` (the benches
//! and the wasm module `make bench` measures turn it on), so shipped builds leave it out.

use crate::engine::board::Board;
use crate::engine::dice::{random_board, LetterSource};
use crate::rng::Rng;

/// The names of the benchmark sets, in report order.
pub const SETS: [&str; 4] = ["random3x3", "random4x4", "high4x4", "random5x5"];

/// The boards of a named set (see [`SETS`]), or `None` for an unknown name.
///
/// `random*` sets are uniform random boards; `high4x4` is 10,000 copies of the 3625-point
/// board `perslatgsineters` with one or two random cells changed.
pub fn board_set(name: &str) -> Option<Vec<Board>> {
    let mut rng = Rng::new(0x0B06_61E5);
    let uniform = |rows, cols, count, rng: &mut Rng| {
        (0..count)
            .map(|_| random_board(rows, cols, LetterSource::Uniform, rng))
            .collect::<Vec<_>>()
    };
    Some(match name {
        "random3x3" => uniform(3, 3, 100_000, &mut rng),
        "random4x4" => uniform(4, 4, 100_000, &mut rng),
        "random5x5" => uniform(5, 5, 20_000, &mut rng),
        "high4x4" => {
            let best = Board::parse("perslatgsineters", None).expect("valid");
            (0..10_000)
                .map(|_| {
                    let mut b = best.clone();
                    for _ in 0..1 + rng.below(2) {
                        let cell = rng.below(16);
                        b.cells_mut()[cell] = rng.below(26) as u8;
                    }
                    b
                })
                .collect()
        }
        _ => return None,
    })
}

/// The class from the README and the published posts (3x3, 5,062,500 boards; ENABLE2K bounds
/// 9359 max/no-mark and 106383 sum/union): the bound benchmark.
pub const README_CLASS: &str = "lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz";

/// A 4x4 class of two or three letters per cell, for timing the per-cell split view.
pub const SPLIT_CLASS: &str =
    "{s,t} {a,e,i} {r,n} {s,t,l} {e,a} {r,l,n} {t,s} {e,i} {s,n,d} {e,a,o} {t,r,l} {a,e} {r,s} {s,t} {e,i} {d,s,r}";
