//! The WebAssembly seam: the only `#[wasm_bindgen]` code. Thin wrappers that turn engine
//! results into JS values and engine errors into JS exceptions with readable messages. The
//! page calls them only through its worker's relay (`www/worker.js`, which the widgets' shared
//! worker runs too); the wasm tests (`tests/wasm/`) and `benches/wasm.mjs` call them directly.
//!
//! Big, long-lived state (a word list loaded into a [`crate::Dictionary`]) stays in wasm memory
//! behind an opaque handle of the same name, [`dictionary::Dictionary`] (`Dictionary` in JS);
//! JS gets small results back. Long jobs are objects with a
//! `step(budgetMs)` method that works for about that long (`run_for`) and returns progress,
//! so the worker can stream it and stop between steps.
//!
//! One file per binding: [`dictionary`] (word lists, solving, boards), [`play`] (a round's
//! verdicts and review, on the same lists), `bounds` (classes and
//! their bounds), `optimize` (annealing and hill climbing runs), `breaking` (branch and
//! bound, live and over a whole partition). The last three come with the cargo feature
//! `explorer`: the page starts with the small module the solver needs and loads the full one
//! when another view asks for it. With the feature `bench-fixtures`, `bench` adds the methods
//! `make bench` times.

use serde::Serialize;
use wasm_bindgen::prelude::*;

#[cfg(feature = "bench-fixtures")]
pub mod bench;
#[cfg(feature = "explorer")]
pub mod bounds;
#[cfg(feature = "explorer")]
pub mod breaking;
pub mod dictionary;
#[cfg(feature = "explorer")]
pub mod optimize;
pub mod play;

/// Runs once when the module is instantiated: panics become readable console errors (and the
/// worker turns the resulting exception into an `error` reply).
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let msg = match info.payload().downcast_ref::<&str>() {
            Some(s) => s.to_string(),
            None => info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| info.to_string()),
        };
        *LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()) = Some(msg);
    }));
}

/// The message of the last panic, kept so the worker can report it in an error reply.
static LAST_PANIC: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// Returns (and clears) the last panic's message; `undefined` when nothing panicked.
#[wasm_bindgen(js_name = takePanicMessage)]
pub fn take_panic_message() -> Option<String> {
    LAST_PANIC.lock().unwrap_or_else(|e| e.into_inner()).take()
}

/// Panics on purpose: the fault tests use it to check that a panic reaches the page as an error
/// and that the worker restarts, on the very modules the page ships.
#[wasm_bindgen(js_name = crashForTest)]
pub fn crash_for_test() {
    panic!("deliberate panic for testing");
}

/// The size of the module's linear memory in bytes, so soak tests can check that thousands of
/// requests leave it flat (wasm memory only grows, one 64 KiB page at a time).
#[wasm_bindgen(js_name = wasmMemoryBytes)]
pub fn wasm_memory_bytes() -> f64 {
    (core::arch::wasm32::memory_size(0) * 65536) as f64
}

/// An engine error as a JS exception carrying its message.
fn js_err(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// A result as a plain JS value (objects, not `Map`s; numbers as numbers).
fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsError> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(js_err)
}

/// Reads an optional size such as "4x4" or "44"; empty means "from the length".
fn size_opt(size: Option<String>) -> Result<Option<(usize, usize)>, JsError> {
    match size.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(s) => crate::engine::board::parse_size(s)
            .map(Some)
            .map_err(js_err),
    }
}

/// Milliseconds from the worker's clock (`performance.now()`, or `Date.now()` without it).
#[cfg(any(feature = "explorer", feature = "bench-fixtures"))]
fn now_ms() -> f64 {
    js_sys::Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map(|p| p.now())
        .unwrap_or_else(js_sys::Date::now)
}

/// The time slice of every step-wise job: calls `step` until it returns true (the job is
/// finished) or about `budget_ms` milliseconds have passed, at least once. Returns whether the
/// job finished.
#[cfg(feature = "explorer")]
fn run_for(budget_ms: f64, mut step: impl FnMut() -> bool) -> bool {
    let start = now_ms();
    loop {
        if step() {
            return true;
        }
        if now_ms() - start >= budget_ms {
            return false;
        }
    }
}
