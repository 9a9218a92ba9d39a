//! Breaking many classes at once: the fastest breaker for a shape, a pool of threads taking
//! classes from a shared counter, and presplitting one class into parts to share among them.
//! The thread pool is native only: the page runs one breaker per worker instead.

use crate::bounds::BoardClass;
use crate::breaking::orderly::OrderlyBreaker;
use crate::breaking::plain::Breaker;
use crate::breaking::{split_order, ClassBreaker};
#[cfg(not(target_arch = "wasm32"))]
use crate::breaking::{BreakStats, Survivor};
use crate::engine::dictionary::Dictionary;
use std::sync::Arc;

/// The fastest breaker for a shape: an orderly tree up to 5x5, else the plain breaker.
pub fn fast_breaker(
    dict: Arc<Dictionary>,
    target: u32,
    rows: usize,
    cols: usize,
) -> Box<dyn ClassBreaker + Send> {
    if OrderlyBreaker::supports(rows, cols) {
        Box::new(OrderlyBreaker::new(dict, target))
    } else {
        Box::new(Breaker::new(dict, target))
    }
}

/// Breaks classes `0..count` (made by `class_at`) on `threads` threads, each with its own
/// breaker ([`fast_breaker`]) taking the next class from a shared counter. `progress(classes done, totals)`
/// is called on the calling thread about every `every` until all are done. Returns the totals
/// and every board found, in no particular order.
#[cfg(not(target_arch = "wasm32"))]
pub fn break_parallel(
    count: usize,
    class_at: &(dyn Fn(usize) -> BoardClass + Sync),
    dict: Arc<Dictionary>,
    target: u32,
    threads: usize,
    every: std::time::Duration,
    mut progress: impl FnMut(usize, &BreakStats),
) -> (BreakStats, Vec<Survivor>) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let totals = Mutex::new((BreakStats::default(), Vec::new()));
    std::thread::scope(|s| {
        let main = std::thread::current();
        for _ in 0..threads.max(1) {
            let main = main.clone();
            let (next, done, totals, dict) = (&next, &done, &totals, Arc::clone(&dict));
            s.spawn(move || {
                let mut breaker: Option<Box<dyn ClassBreaker + Send>> = None;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count {
                        break;
                    }
                    let class = class_at(i);
                    let breaker = breaker.get_or_insert_with(|| {
                        fast_breaker(Arc::clone(&dict), target, class.rows(), class.cols())
                    });
                    breaker
                        .start(&class)
                        .expect("classes to break have no empty cell");
                    breaker.run();
                    let mut t = totals.lock().expect("no thread panics holding it");
                    t.0.add(breaker.stats());
                    t.1.extend(breaker.take_found());
                    breaker.reset();
                    drop(t);
                    if done.fetch_add(1, Ordering::Relaxed) + 1 == count {
                        main.unpark();
                    }
                }
            });
        }
        loop {
            let d = done.load(Ordering::Relaxed);
            if d >= count {
                break;
            }
            let stats = totals.lock().expect("no thread panics holding it").0;
            progress(d, &stats);
            std::thread::park_timeout(every);
        }
    });
    totals.into_inner().expect("no thread panicked")
}

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
