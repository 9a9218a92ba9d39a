//! One long engine call that Ctrl-C stops: the work runs on its own thread without the GIL
//! while the calling thread looks for signals, and a signal sets the flag the work watches.

use pyo3::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::{mpsc, Mutex};
use std::time::Duration;

/// How often the calling thread looks for Ctrl-C while the work runs.
pub const TICK: Duration = Duration::from_millis(50);

/// Runs `work(stop)` on a thread of its own and returns its result; Ctrl-C (or any error
/// from a signal handler) sets `stop`, waits for the work to notice, and is returned instead.
/// `work` must look at `stop` often enough (the engine's searches do every million steps).
/// Should the system give no thread, the work runs on this one, without the GIL and without
/// Ctrl-C.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    interruptible_with(py, work, |_| Ok(()))
}

/// [`interruptible`], calling `tick` on the calling thread, with the GIL, about every [`TICK`]
/// while the work runs (for a progress callback); an error from it stops the work as Ctrl-C
/// does and is returned.
pub fn interruptible_with<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
    mut tick: impl FnMut(Python<'_>) -> PyResult<()>,
) -> PyResult<T> {
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel();
    let inbox = Inbox::new(rx);
    let stop_ref = &stop;
    // Taken by the thread, or by this one when the system gives none.
    let slot = Mutex::new(Some(work));
    let take = || slot.lock().unwrap_or_else(|e| e.into_inner()).take();
    std::thread::scope(|s| {
        let spawned = std::thread::Builder::new().spawn_scoped(s, move || {
            if let Some(work) = take() {
                let _ = tx.send(work(stop_ref));
            }
        });
        if spawned.is_err() {
            let work = take().expect("the thread never started");
            return Ok(py.allow_threads(|| work(stop_ref)));
        }
        loop {
            match py.allow_threads(|| inbox.get(Some(TICK))) {
                Ok(value) => return Ok(value),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals().and_then(|()| tick(py)) {
                        stop.store(true, std::sync::atomic::Ordering::Relaxed);
                        // The work ends soon; its result is dropped.
                        let _ = py.allow_threads(|| inbox.get(None));
                        return Err(e);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(crate::engine_error(
                        "the engine's thread ended without a result",
                    ))
                }
            }
        }
    })
}

/// The receiving end of a channel that a closure run without the GIL may borrow: in a mutex
/// only because a receiver is not `Sync`; nothing else takes the lock.
pub struct Inbox<T>(Mutex<mpsc::Receiver<T>>);

impl<T> Inbox<T> {
    /// Wraps `rx`.
    pub fn new(rx: mpsc::Receiver<T>) -> Inbox<T> {
        Inbox(Mutex::new(rx))
    }

    /// The next message, waiting at most `timeout` (`None`: until one comes or every sender
    /// is gone, which is then `Disconnected`).
    pub fn get(&self, timeout: Option<Duration>) -> Result<T, mpsc::RecvTimeoutError> {
        let rx = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match timeout {
            Some(t) => rx.recv_timeout(t),
            None => rx.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
        }
    }
}
