//! The progress of a long run on stderr ([`Meter`]): for `boggle break`, how many classes or
//! parts are done, what share of a class's boards is settled (to its first digits, however
//! small), what was found, how many forced classes were visited and eliminated, and about how
//! long is left; for `boggle bound`, the steps its search has taken.

use crate::common::duration;
use boggle::breaking::{percent, BreakStats};
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
    /// far, which moves while a long part is still running; and the forced classes visited.
    pub fn show(
        &mut self,
        unit: &str,
        (done, total): (usize, usize),
        found: u64,
        boards: Option<f64>,
        s: &BreakStats,
    ) {
        if !self.due() {
            return;
        }
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
                format!(", {} of boards settled", percent(s.boards_done() / b))
            }
            _ => String::new(),
        };
        self.line(&format!(
            "break: {}/{} {unit}{settled}, {} found, {} forced classes visited, {} classes and sub-classes eliminated, {}{eta}",
            grouped(done),
            grouped(total),
            grouped(found),
            grouped(s.classes),
            grouped(s.eliminated),
            duration(secs)
        ));
    }

    /// Shows a bound's search: `steps` taken of the `max_steps` it may take.
    pub fn show_steps(&mut self, steps: u64, max_steps: u64) {
        if !self.due() {
            return;
        }
        let secs = self.started.elapsed().as_secs_f64();
        self.line(&format!(
            "bound: {} of at most {} steps, {}",
            grouped(steps),
            grouped(max_steps),
            duration(secs)
        ));
    }

    /// True when a line is due: never with `--quiet`, else every 0.4 s on a terminal and
    /// every 10 s otherwise (the first after that long).
    fn due(&mut self) -> bool {
        let every = if self.tty { 0.4 } else { 10.0 };
        if self.quiet || self.last.elapsed().as_secs_f64() < every {
            return false;
        }
        self.last = Instant::now();
        true
    }

    /// Writes `line`: in place on a terminal, as a line of its own otherwise.
    fn line(&mut self, line: &str) {
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
