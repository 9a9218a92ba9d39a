//! Parallel tempering (replica exchange): several walks at once, each at its own fixed
//! temperature on a ladder, trading boards between neighbouring rungs.
//!
//! The cold rungs climb; the hot ones wander far. After every sweep (one proposal on each rung)
//! neighbouring rungs `i` (colder, `T_i`) and `i + 1` (`T_j`) offer to trade boards, accepted
//! with probability `min(1, exp((1/T_i - 1/T_j) (S_j - S_i)))` (the Metropolis rule for
//! maximising the score S): a better board always moves down to the colder rung, a worse one
//! sometimes. So a board found by a hot walk in another basin can sink to the cold end, and a
//! cold walk stuck on a peak can be carried up and away, without restarting the search.
//! Sweeps alternate between the even pairs (0-1, 2-3, ...) and the odd ones (1-2, 3-4, ...).

use crate::rng::Rng;

/// The most rungs a ladder may have ([`crate::optimize::AnnealOptions::replicas`]).
pub const MAX_REPLICAS: u32 = 64;

/// The temperatures of a ladder and its trades.
#[derive(Clone, Debug)]
pub struct Ladder {
    /// Each rung's temperature, coldest first.
    temperatures: Vec<f64>,
    /// Per pair of rungs `i`, `i + 1`: trades tried and accepted.
    tried: Vec<u64>,
    accepted: Vec<u64>,
    /// Swap rounds made, so rounds alternate between even and odd pairs.
    rounds: u64,
}

impl Ladder {
    /// `rungs` temperatures spaced geometrically from `cold` to `hot` (one rung: `cold`). Both
    /// must be positive.
    pub fn geometric(rungs: usize, cold: f64, hot: f64) -> Ladder {
        let temperatures = (0..rungs)
            .map(|k| {
                if rungs == 1 {
                    cold
                } else {
                    cold * (hot / cold).powf(k as f64 / (rungs - 1) as f64)
                }
            })
            .collect();
        Ladder::new(temperatures)
    }

    /// A ladder with these temperatures, coldest first.
    pub fn new(temperatures: Vec<f64>) -> Ladder {
        let pairs = temperatures.len().saturating_sub(1);
        Ladder {
            temperatures,
            tried: vec![0; pairs],
            accepted: vec![0; pairs],
            rounds: 0,
        }
    }

    /// Rungs on the ladder.
    pub fn len(&self) -> usize {
        self.temperatures.len()
    }

    /// True for a ladder without rungs.
    pub fn is_empty(&self) -> bool {
        self.temperatures.is_empty()
    }

    /// Rung `k`'s temperature (0 is the coldest).
    #[inline]
    pub fn temperature(&self, k: usize) -> f64 {
        self.temperatures[k]
    }

    /// Trades tried and accepted between rung `k` and the next hotter one (0 for the hottest).
    pub fn swaps(&self, k: usize) -> (u64, u64) {
        (
            self.tried.get(k).copied().unwrap_or(0),
            self.accepted.get(k).copied().unwrap_or(0),
        )
    }

    /// The probability that rungs `i` and `i + 1`, holding boards scoring `si` and `sj`, trade
    /// them.
    pub fn swap_probability(&self, i: usize, si: u32, sj: u32) -> f64 {
        let (ti, tj) = (self.temperatures[i], self.temperatures[i + 1]);
        let x = (1.0 / ti - 1.0 / tj) * (sj as f64 - si as f64);
        if x >= 0.0 {
            1.0
        } else {
            x.exp()
        }
    }

    /// One round of trades between neighbouring rungs (the even pairs, then next time the odd
    /// ones): `walks[k]` is the walk on rung `k` and `score` reads its score; traded walks
    /// change places in `walks`.
    pub fn swap_round<W>(&mut self, walks: &mut [W], score: impl Fn(&W) -> u32, rng: &mut Rng) {
        let first = (self.rounds % 2) as usize;
        self.rounds += 1;
        for i in (first..walks.len().saturating_sub(1)).step_by(2) {
            let p = self.swap_probability(i, score(&walks[i]), score(&walks[i + 1]));
            self.tried[i] += 1;
            if p >= 1.0 || rng.unit() < p {
                self.accepted[i] += 1;
                walks.swap(i, i + 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_geometric_ladder_spans_its_ends() {
        let l = Ladder::geometric(5, 2.0, 32.0);
        let t: Vec<f64> = (0..5).map(|k| l.temperature(k)).collect();
        for (got, want) in t.iter().zip([2.0, 4.0, 8.0, 16.0, 32.0]) {
            assert!((got - want).abs() < 1e-9, "{t:?}");
        }
        assert_eq!(Ladder::geometric(1, 3.0, 40.0).temperature(0), 3.0);
    }

    #[test]
    fn trades_follow_the_metropolis_rule() {
        // Rungs at T = 1 and 2: 1/T_i - 1/T_j = 0.5.
        let mut l = Ladder::new(vec![1.0, 2.0]);
        // A better board on the hotter rung always sinks.
        assert_eq!(l.swap_probability(0, 100, 101), 1.0);
        // A board 2 points worse rises with probability exp(-1).
        assert!((l.swap_probability(0, 102, 100) - (-1.0f64).exp()).abs() < 1e-12);
        let mut rng = Rng::new(5);
        let (mut trades, n) = (0, 20_000);
        for _ in 0..n {
            let mut walks = [102u32, 100];
            l.swap_round(&mut walks, |&s| s, &mut rng);
            // An odd round: a two-rung ladder has no odd pair, nothing is tried.
            l.swap_round(&mut walks, |&s| s, &mut rng);
            if walks == [100, 102] {
                trades += 1;
            }
        }
        let share = trades as f64 / n as f64;
        assert!((share - (-1.0f64).exp()).abs() < 0.02, "{share}");
        assert_eq!(l.swaps(0), (n as u64, trades as u64));
        assert_eq!(l.swaps(1), (0, 0));
    }

    #[test]
    fn rounds_alternate_between_even_and_odd_pairs() {
        // Every trade is favourable (scores rise with temperature), so each tried pair trades.
        let mut l = Ladder::new(vec![1.0, 2.0, 3.0, 4.0]);
        let mut rng = Rng::new(1);
        let mut walks = [1u32, 2, 3, 4];
        l.swap_round(&mut walks, |&s| s, &mut rng);
        assert_eq!(walks, [2, 1, 4, 3]);
        assert_eq!(
            (l.swaps(0), l.swaps(1), l.swaps(2)),
            ((1, 1), (0, 0), (1, 1))
        );
        l.swap_round(&mut walks, |&s| s, &mut rng);
        // Pair 1-2 held 1 and 4: the better board sinks.
        assert_eq!(walks, [2, 4, 1, 3]);
        assert_eq!(l.swaps(1), (1, 1));
    }
}
