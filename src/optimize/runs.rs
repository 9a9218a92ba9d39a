//! Each finished run's best score, tallied by score, so that a search can say how many of its
//! runs reached its best board (how two optimizers, or two schedules, compare on one budget)
//! and a chart can mark where each run ended.

use std::collections::BTreeMap;

/// How many finished runs ended with each best score: one entry per distinct score, so the
/// memory stays small however many runs a search makes.
#[derive(Clone, Debug, Default)]
pub struct RunBests {
    counts: BTreeMap<u32, u32>,
    runs: u32,
    last: u32,
}

impl RunBests {
    /// Notes that a new run starts after `started` runs: the one before it, if there was one,
    /// finished with `best`. Both optimizers call this as each run begins.
    pub fn start_run(&mut self, started: u32, best: u32) {
        if started > 0 {
            self.finish(best);
        }
    }

    /// Notes a run that finished with `best` as its best score.
    pub fn finish(&mut self, best: u32) {
        *self.counts.entry(best).or_default() += 1;
        self.runs += 1;
        self.last = best;
    }

    /// The best score of the run finished last (0 before any has).
    pub fn last(&self) -> u32 {
        self.last
    }

    /// The finished runs, and how many of them reached `score`. `last` is the best of the run
    /// under way when the whole search has finished (that run is then finished too), else None.
    pub fn tally(&self, last: Option<u32>, score: u32) -> (u32, u32) {
        let reached: u32 = self.counts.range(score..).map(|(_, n)| n).sum();
        match last {
            Some(best) => (self.runs + 1, reached + u32::from(best >= score)),
            None => (self.runs, reached),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_counted_by_the_score_they_reached() {
        let mut r = RunBests::default();
        r.start_run(0, 0);
        assert_eq!(r.tally(None, 100), (0, 0), "no run before the first");
        for best in [90, 100, 120, 100] {
            r.finish(best);
            assert_eq!(r.last(), best);
        }
        assert_eq!(r.tally(None, 100), (4, 3));
        assert_eq!(r.tally(None, 120), (4, 1));
        assert_eq!(r.tally(None, 121), (4, 0));
        // The search finished during a fifth run, which reached 120.
        assert_eq!(r.tally(Some(120), 120), (5, 2));
        assert_eq!(r.tally(Some(90), 120), (5, 1));
    }
}
