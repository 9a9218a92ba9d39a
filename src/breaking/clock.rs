//! How long a class takes to break: the CPU time of the thread that breaks it, which is what a
//! proof costs in CPU hours whatever else the machine runs. Wall time would also count the
//! time the thread waited for a core on a busy machine, or on one given more threads than
//! cores, and price the proof too high. Where the system keeps no clock for a thread, wall time
//! stands in.

use std::time::Instant;

/// A clock started on the thread that breaks a class, read on that thread when it is done.
pub struct ClassClock {
    wall: Instant,
    cpu: Option<f64>,
}

impl ClassClock {
    /// Starts the clock on this thread.
    pub fn start() -> ClassClock {
        ClassClock {
            wall: Instant::now(),
            cpu: thread_cpu_secs(),
        }
    }

    /// Seconds since [`ClassClock::start`]: this thread's CPU seconds where the system keeps
    /// them, else wall seconds. Read on the thread that started the clock.
    pub fn secs(&self) -> f64 {
        match (self.cpu, thread_cpu_secs()) {
            (Some(then), Some(now)) => (now - then).max(0.0),
            _ => self.wall.elapsed().as_secs_f64(),
        }
    }
}

/// The CPU seconds this thread has used, where the system keeps them.
#[cfg(unix)]
pub fn thread_cpu_secs() -> Option<f64> {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec it is given a valid pointer to.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    ok.then_some(t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9)
}

/// The CPU seconds this thread has used: not kept here, so none.
#[cfg(not(unix))]
pub fn thread_cpu_secs() -> Option<f64> {
    None
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::sync::mpsc;

    /// Works until this thread has used `secs` CPU seconds.
    fn spin(secs: f64) -> u64 {
        let start = thread_cpu_secs().unwrap();
        let mut x = 1u64;
        while thread_cpu_secs().unwrap() - start < secs {
            for _ in 0..10_000 {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
            }
        }
        x
    }

    #[test]
    fn a_class_clock_counts_its_threads_work_not_its_waits() {
        let (tx, rx) = mpsc::channel();
        let waiter = ClassClock::start();
        let worker = std::thread::spawn(move || {
            let clock = ClassClock::start();
            std::hint::black_box(spin(0.2));
            tx.send(()).unwrap();
            clock.secs()
        });
        // Blocked until the worker has used 0.2 s of CPU: that long at least, on the wall.
        rx.recv().unwrap();
        let worked = worker.join().unwrap();
        assert!(worked >= 0.2, "the worker's clock read {worked} s");
        let waited = waiter.secs();
        assert!(waited < 0.1, "the waiting thread's clock read {waited} s");
        assert!(waiter.wall.elapsed().as_secs_f64() >= 0.2);
    }
}
