//! The engine's bench methods (cargo feature `bench-fixtures`): scoring the benchmark board sets
//! and timing a class's bound inside wasm, so the JS call costs stay out of the figures. Only
//! the module `make bench` builds for itself has them; the page's modules leave them out.

#[cfg(feature = "explorer")]
use super::bounds::{class_arg, ClassBounder};
use super::dictionary::Dictionary;
use super::{js_err, now_ms, to_js};
use crate::benchmark::board_set;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Dictionary {
    /// Scores a named benchmark set and returns `{boards, ms, checksum}`.
    pub fn bench(&mut self, set: &str) -> Result<JsValue, JsError> {
        let boards =
            board_set(set).ok_or_else(|| js_err(format!("unknown benchmark set '{set}'")))?;
        let t = now_ms();
        let checksum: u64 = boards
            .iter()
            .map(|b| self.solver.score(b).map(u64::from))
            .sum::<Result<u64, _>>()
            .map_err(js_err)?;
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
