//! The progress of `boggle break` on stderr ([`Meter`]): how many classes or parts are done,
//! what share of a class's boards is settled, what was found and eliminated, and about how
//! long is left.

use crate::common::duration;
use boggle::breaking::BreakStats;
use boggle::engine::grouped;
use std::io::{self, IsTerminal};
use std::time::Instant;

/// Progress on stderr: rewritten in place on a terminal, a line every few seconds otherwise.
pub struct Meter {
    /// `--quiet`: nothing is shown.
    quiet: bool,
    /// Stderr is a terminal: the line is rewritten in place.
    tty: bool,
    /// When the run started.
    started: Instant,
    /// When a line was last shown.
    last: Instant,
    /// A line is on the terminal, to clear before the results.
    shown: bool,
}

impl Meter {
    /// A meter for a run started at `started`; `quiet` shows nothing.
    pub fn new(quiet: bool, started: Instant) -> Meter {
        Meter {
            quiet,
            tty: io::stderr().is_terminal(),
            started,
            last: started,
            shown: false,
        }
    }

    /// Shows `done` of `total` `unit`s and the boards `found` so far (as the run will list
    /// them); with `boards`, the class's board count, also the share of its boards settled so
    /// far, which moves while a long part is still running.
    pub fn show(
        &mut self,
        unit: &str,
        (done, total): (usize, usize),
        found: u64,
        boards: Option<f64>,
        s: &BreakStats,
    ) {
        let every = if self.tty { 0.4 } else { 10.0 };
        if self.quiet || self.last.elapsed().as_secs_f64() < every {
            return;
        }
        self.last = Instant::now();
        let secs = self.started.elapsed().as_secs_f64();
        let eta = if done > 0 {
            format!(
                ", about {} left",
                duration(secs * (total - done) as f64 / done as f64)
            )
        } else {
            String::new()
        };
        let settled = match boards {
            Some(b) if b > 0.0 => {
                format!(", {:.1}% of boards settled", 100.0 * s.boards_done() / b)
            }
            _ => String::new(),
        };
        let line = format!(
            "break: {}/{} {unit}{settled}, {} found, {} classes and sub-classes eliminated, {}{eta}",
            grouped(done),
            grouped(total),
            grouped(found),
            grouped(s.eliminated),
            duration(secs)
        );
        if self.tty {
            say_part!("\r{line}\x1b[K");
            self.shown = true;
        } else {
            say!("{line}");
        }
    }

    /// Clears the progress line from the terminal, if one is shown, before the results.
    pub fn finish(&mut self) {
        if self.shown {
            say_part!("\r\x1b[K");
        }
    }
}
