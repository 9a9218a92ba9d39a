//! Entry points only tests and benchmarks call (cargo feature `test-hooks`): `make build`
//! turns the feature on for the module the tests load, `make dist` leaves it out, so the
//! shipped module cannot be crashed on purpose and carries no benchmark fixtures.

#[cfg(feature = "explorer")]
use super::bounds::{class_arg, ClassBounder};
use super::dictionary::Dictionary;
use super::{js_err, now_ms, to_js};
use crate::benchmark::board_set;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Panics on purpose, so tests can check that a panic reaches the page as an error and the
/// worker restarts.
#[wasm_bindgen(js_name = crashForTest)]
pub fn crash_for_test() {
    panic!("deliberate panic for testing");
}

/// The size of the module's linear memory in bytes, so soak tests can check that thousands of
/// requests leave it flat (wasm memory only grows, one 64 KiB page at a time).
#[wasm_bindgen(js_name = wasmMemoryBytesForTest)]
pub fn wasm_memory_bytes_for_test() -> f64 {
    #[cfg(target_arch = "wasm32")]
    let pages = core::arch::wasm32::memory_size(0);
    #[cfg(not(target_arch = "wasm32"))]
    let pages = 0;
    (pages * 65536) as f64
}

#[wasm_bindgen]
impl Dictionary {
    /// Scores a named benchmark set and returns `{boards, ms, checksum}`.
    pub fn bench(&mut self, set: &str) -> Result<JsValue, JsError> {
        let boards =
            board_set(set).ok_or_else(|| js_err(format!("unknown benchmark set '{set}'")))?;
        let t = now_ms();
        let checksum: u64 = boards.iter().map(|b| self.solver.score(b) as u64).sum();
        let ms = now_ms() - t;
        #[derive(Serialize)]
        struct Bench {
            boards: usize,
            ms: f64,
            checksum: u64,
        }
        to_js(&Bench {
            boards: boards.len(),
            ms,
            checksum,
        })
    }
}

#[cfg(feature = "explorer")]
#[wasm_bindgen]
impl ClassBounder {
    /// Times the plain bound of a class (best of `runs`): `{ms, max_nomark, sum_union}`.
    pub fn bench(&mut self, class: &str, runs: u32) -> Result<JsValue, JsError> {
        let c = class_arg(class, None)?;
        let mut best = f64::MAX;
        let mut b = self.solver.bounds(&c);
        for _ in 0..runs.max(1) {
            let t = now_ms();
            b = self.solver.bounds(&c);
            best = best.min(now_ms() - t);
        }
        #[derive(Serialize)]
        struct Timed {
            ms: f64,
            max_nomark: u32,
            sum_union: u32,
        }
        to_js(&Timed {
            ms: best,
            max_nomark: b.max_nomark,
            sum_union: b.sum_union,
        })
    }
}
