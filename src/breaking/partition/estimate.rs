//! What a sample of a search's classes prices the whole search at: the mean time a class times
//! the number of classes, with a 95% interval, and the sample's spread. The CLI's `--sample` and
//! the Python package's `break_partition(sample=...)` both report it. [`Price`] prices a search
//! the same way from runs of neighbouring classes timed together, as the page breaks them.
//!
//! Class times have a long right tail, so the interval is a studentized bootstrap (bootstrap-t):
//! it resamples how far a mean falls from the sample's in units of its own standard error, which
//! stretches the interval upwards as far as the sample's skew says. Drawn from the classes of a
//! whole 3x4 proof, samples of 10 classes held the true price in 94% of draws, against 86% for
//! the percentile bootstrap (docs/proofs.md, *How far to trust a sampled price*).

use crate::rng::Rng;

/// How many times the sample is drawn again to find the interval of its mean.
const RESAMPLES: usize = 2000;

/// The CPU time of a whole search, estimated from the times of a sample of its classes.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Estimate {
    /// Classes timed.
    pub sampled: usize,
    /// Classes in the whole search.
    pub classes: usize,
    /// Seconds a sampled class took: the least.
    pub min: f64,
    /// Seconds a sampled class took: the median.
    pub median: f64,
    /// Seconds a sampled class took: the 90th percentile.
    pub p90: f64,
    /// Seconds a sampled class took: the 99th percentile.
    pub p99: f64,
    /// Seconds a sampled class took: the most.
    pub max: f64,
    /// Seconds a sampled class took: the mean.
    pub mean: f64,
    /// The whole search's CPU hours: the mean times the classes.
    pub cpu_hours: f64,
    /// The low end of the 95% interval of `cpu_hours`, never below the sample's own time; None
    /// when the sample is too small to bound the spread (a few classes of many).
    pub low: Option<f64>,
    /// The high end of that interval; None when `low` is.
    pub high: Option<f64>,
}

/// The CPU seconds a class takes over `units` (each `(classes, seconds)`: one class, or a run of
/// neighbouring classes timed together), and that ratio's standard error (its linearised
/// variance, as for a ratio estimate in cluster sampling; for units of one class each, the
/// standard error of the mean). Copies of one unit have no error at all, though their sum
/// over their classes may round to another number.
fn ratio_and_error(units: &[(f64, f64)]) -> (f64, f64) {
    let n = units.len();
    let (first_k, first_t) = units[0];
    if units.iter().all(|&u| u == (first_k, first_t)) {
        return (first_t / first_k, 0.0);
    }
    let k: f64 = units.iter().map(|u| u.0).sum();
    let ratio = units.iter().map(|u| u.1).sum::<f64>() / k;
    let squares: f64 = units
        .iter()
        .map(|&(k, t)| (t - ratio * k) * (t - ratio * k))
        .sum();
    let mean_k = k / n as f64;
    (ratio, (squares / (n - 1) as f64 / n as f64).sqrt() / mean_k)
}

/// The most units an interval resamples: past it, units next to each other in the order given
/// are pooled into this many, which keeps every interval to a few million steps (the page
/// prices its runs after every chunk) and leaves a valid, slightly wider, interval.
const MAX_UNITS: usize = 500;

/// A whole search's CPU time, estimated from the classes timed so far in runs of neighbouring
/// classes (the page breaks a partition in such chunks, taken from all over the id range).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Price {
    /// CPU time of every class, in the runs' unit of time: the time a timed class took times
    /// the classes.
    pub time: f64,
    /// The low end of the 95% interval of `time`, never below the time already spent; None
    /// when too few runs are timed to bound the spread.
    pub low: Option<f64>,
    /// The high end of that interval; None when `low` is.
    pub high: Option<f64>,
}

impl Price {
    /// The price of a search of `classes` classes from `runs` (each `(classes, time)`, in the
    /// order they finished; runs of no classes or of no finite time are left out); None before any class is timed. The interval is the same
    /// studentized bootstrap as [`Estimate`]'s, of the ratio of seconds to classes over runs.
    pub fn from_runs(runs: &[(u32, f64)], classes: usize) -> Option<Price> {
        let ok = |&&(k, t): &&(u32, f64)| k > 0 && t.is_finite() && t >= 0.0;
        let runs: Vec<(f64, f64)> = runs
            .iter()
            .filter(ok)
            .map(|&(k, t)| (k as f64, t))
            .collect();
        if runs.is_empty() {
            return None;
        }
        let units: Vec<(f64, f64)> = if runs.len() > MAX_UNITS {
            let per = runs.len().div_ceil(MAX_UNITS);
            runs.chunks(per)
                .map(|c| c.iter().fold((0.0, 0.0), |a, u| (a.0 + u.0, a.1 + u.1)))
                .collect()
        } else {
            runs
        };
        let timed: f64 = units.iter().map(|u| u.0).sum();
        let whole = (classes as f64).max(timed);
        let ratio = units.iter().map(|u| u.1).sum::<f64>() / timed;
        let interval = interval(&units, whole);
        Some(Price {
            time: ratio * whole,
            low: interval.map(|(low, _)| low * whole),
            high: interval.map(|(_, high)| high * whole),
        })
    }
}

impl Estimate {
    /// The estimate for a search of `classes` classes from `times` (seconds per sampled
    /// class, in any order); None for an empty sample. The resampling's seed is the sample's
    /// size, so the same times always give the same interval.
    pub fn from_times(times: &[f64], classes: usize) -> Option<Estimate> {
        let n = times.len();
        if n == 0 {
            return None;
        }
        let mut sorted = times.to_vec();
        sorted.sort_by(f64::total_cmp);
        let pct = |p: f64| sorted[((n - 1) as f64 * p).round() as usize];
        let hours = |m: f64| m * classes.max(n) as f64 / 3600.0;
        let mean = sorted.iter().sum::<f64>() / n as f64;
        let units: Vec<(f64, f64)> = times.iter().map(|&t| (1.0, t)).collect();
        let interval = interval(&units, classes.max(n) as f64);
        Some(Estimate {
            sampled: n,
            classes,
            min: sorted[0],
            median: pct(0.5),
            p90: pct(0.9),
            p99: pct(0.99),
            max: sorted[n - 1],
            mean,
            cpu_hours: hours(mean),
            low: interval.map(|(low, _)| hours(low)),
            high: interval.map(|(_, high)| hours(high)),
        })
    }
}

/// The 95% interval of the seconds a class takes over all `classes` classes, from `units` of
/// them timed (see [`ratio_and_error`]); None when they cannot bound it.
fn interval(units: &[(f64, f64)], classes: f64) -> Option<(f64, f64)> {
    // Resampled in a fixed order, so that the interval does not depend on the order the units
    // came in (threads and resumed runs finish classes in other orders).
    let mut units = units.to_vec();
    units.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let units = &units[..];
    let n = units.len();
    let timed: f64 = units.iter().map(|u| u.0).sum();
    // The classes not timed are all the uncertainty there is: timing every class prices the
    // search exactly, and a part of them narrows the error by the finite-population correction.
    let fpc = (1.0 - timed / classes.max(timed)).max(0.0).sqrt();
    let (ratio, error) = ratio_and_error(units);
    if fpc == 0.0 {
        return Some((ratio, ratio));
    }
    if n == 1 {
        return None;
    }
    let mut rng = Rng::new(n as u64);
    let mut draw = vec![(0.0, 0.0); n];
    // How far each resample's ratio lies from the sample's, in its own standard errors. A
    // resample of one unit repeated has no error: it lies infinitely far unless on the ratio.
    let mut t: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            draw.iter_mut().for_each(|d| *d = units[rng.below(n)]);
            let (r, e) = ratio_and_error(&draw);
            if r == ratio {
                0.0
            } else {
                (r - ratio) / e
            }
        })
        .collect();
    t.sort_by(f64::total_cmp);
    let (t_low, t_high) = (t[RESAMPLES / 40], t[RESAMPLES - 1 - RESAMPLES / 40]);
    if !t_low.is_finite() || !t_high.is_finite() {
        return None;
    }
    // The whole search took at least the time already spent.
    let spent = units.iter().map(|u| u.1).sum::<f64>() / classes;
    let low = (ratio - t_high * error * fpc).max(spent);
    Some((low, ratio - t_low * error * fpc))
}

#[cfg(test)]
mod tests {
    use super::{Estimate, Price, MAX_UNITS};
    use crate::rng::Rng;

    #[test]
    fn an_even_sample_prices_exactly_and_an_empty_one_not_at_all() {
        assert_eq!(Estimate::from_times(&[], 10), None);
        // Every class took 36 s: 100 classes are one CPU hour, whatever the resampling.
        let e = Estimate::from_times(&[36.0; 5], 100).unwrap();
        assert_eq!((e.cpu_hours, e.low, e.high), (1.0, Some(1.0), Some(1.0)));
        assert_eq!((e.min, e.median, e.max, e.sampled), (36.0, 36.0, 36.0, 5));
    }

    #[test]
    fn a_sample_of_every_class_prices_the_search_exactly() {
        let times: Vec<f64> = (1..=40).map(|i| (i * i) as f64).collect();
        let e = Estimate::from_times(&times, 40).unwrap();
        assert_eq!((e.low, e.high), (Some(e.cpu_hours), Some(e.cpu_hours)));
        // A sample of half the classes: the interval narrows by sqrt(1/2) around the estimate.
        let half = Estimate::from_times(&times, 80).unwrap();
        let wide = Estimate::from_times(&times, 1 << 40).unwrap();
        let width = |e: &Estimate| (e.high.unwrap() - e.low.unwrap()) / e.cpu_hours;
        assert!((width(&half) / width(&wide) - 0.5f64.sqrt()).abs() < 1e-6);
    }

    #[test]
    fn too_few_classes_price_the_search_but_give_no_interval() {
        let e = Estimate::from_times(&[72.0], 50).unwrap();
        assert_eq!((e.cpu_hours, e.low, e.high), (1.0, None, None));
        // Two or three classes: a resample of one time repeated is too likely to bound anything.
        for times in [&[10.0, 20.0][..], &[10.0, 20.0, 70.0]] {
            let e = Estimate::from_times(times, 50).unwrap();
            assert_eq!((e.low, e.high), (None, None), "{times:?}");
        }
        assert!(Estimate::from_times(&[10.0, 20.0, 70.0, 30.0], 50)
            .unwrap()
            .low
            .is_some());
        // Whatever the times: a resample of one time repeated has no spread at all, even when
        // the sum of its copies over their count rounds to another number.
        for times in [
            [0.026636, 0.029342, 0.01123],
            [0.00745, 0.003073, 0.027884],
            [0.013276, 0.014741, 0.021294],
        ] {
            let e = Estimate::from_times(&times, 34960).unwrap();
            assert_eq!((e.low, e.high), (None, None), "{times:?}");
        }
        // Unless the sample is the whole search.
        let all = Estimate::from_times(&[72.0], 1).unwrap();
        assert_eq!((all.low, all.high), (Some(0.02), Some(0.02)));
        let both = Estimate::from_times(&[36.0, 108.0], 2).unwrap();
        assert_eq!((both.low, both.high), (Some(0.04), Some(0.04)));
    }

    #[test]
    fn a_long_tail_stretches_the_interval_upwards() {
        // Mostly quick classes and a few slow ones, as class times are.
        let times: Vec<f64> = (1..=40)
            .map(|i| if i % 10 == 0 { 100.0 } else { i as f64 / 10.0 })
            .collect();
        let e = Estimate::from_times(&times, 3600).unwrap();
        let (low, high) = (e.low.unwrap(), e.high.unwrap());
        assert!(low < e.cpu_hours && e.cpu_hours < high, "{e:?}");
        assert!(high - e.cpu_hours > 1.2 * (e.cpu_hours - low), "{e:?}");
        assert_eq!((e.min, e.max), (0.1, 100.0));
        assert_eq!(e.median, 2.3); // the 21st of 40, as (n - 1) / 2 rounds
        assert_eq!(Estimate::from_times(&times, 3600), Some(e));
    }

    #[test]
    fn the_interval_never_falls_below_the_time_the_sample_took() {
        // Half the classes sampled, one of them slow: the low end is the sample's own time.
        let mut times: Vec<f64> = (1..10).map(|i| 1.0 + i as f64 / 100.0).collect();
        times.push(1000.0);
        let e = Estimate::from_times(&times, 20).unwrap();
        let spent = times.iter().sum::<f64>() / 3600.0;
        assert!((e.low.unwrap() - spent).abs() < 1e-12, "{e:?}");
    }

    /// `n` class times with log-normal costs around levels that differ 20-fold, 50 neighbours
    /// to a level, as class times are.
    fn long_tailed(n: usize, rng: &mut Rng) -> Vec<f64> {
        let mut population = Vec::new();
        while population.len() < n {
            let level = (3.0 * rng.unit()).exp();
            for _ in 0..50 {
                let normal = rng.unit() + rng.unit() + rng.unit() - 1.5;
                population.push(level * (1.5 * normal).exp());
            }
        }
        population
    }

    #[test]
    fn small_samples_of_a_long_tailed_population_are_covered_about_95_percent_of_the_time() {
        // 5,000 classes with log-normal costs around levels that differ 20-fold, as class times
        // do. Samples of 10 classes: an interval that ignores the skew (the percentile
        // bootstrap) holds the true total in about 80% of them.
        let mut rng = Rng::new(2024);
        let mut population = long_tailed(5000, &mut rng);
        let truth = population.iter().sum::<f64>() / 3600.0;
        let (trials, n) = (400, 10);
        let mut covered = 0;
        for _ in 0..trials {
            for i in 0..n {
                let j = i + rng.below(population.len() - i);
                population.swap(i, j);
            }
            let e = Estimate::from_times(&population[..n], population.len()).unwrap();
            let (low, high) = (e.low.unwrap(), e.high.unwrap());
            assert!(low <= e.cpu_hours && e.cpu_hours <= high, "{e:?}");
            covered += usize::from(low <= truth && truth <= high);
        }
        let share = covered as f64 / trials as f64;
        assert!(
            (0.9..0.99).contains(&share),
            "covered {covered} of {trials}"
        );
    }

    #[test]
    fn runs_of_one_class_price_as_a_sample_does_and_bad_runs_are_left_out() {
        let times: Vec<f64> = (1..=40)
            .map(|i| if i % 10 == 0 { 50.0 } else { i as f64 })
            .collect();
        let e = Estimate::from_times(&times, 3600).unwrap();
        let mut runs: Vec<(u32, f64)> = times.iter().map(|&t| (1, t)).collect();
        runs.extend([(0, 5.0), (3, f64::NAN), (2, -1.0)]);
        let p = Price::from_runs(&runs, 3600).unwrap();
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9 * b;
        assert!(close(p.time, e.cpu_hours * 3600.0), "{p:?} {e:?}");
        assert!(
            close(p.low.unwrap(), e.low.unwrap() * 3600.0),
            "{p:?} {e:?}"
        );
        assert!(
            close(p.high.unwrap(), e.high.unwrap() * 3600.0),
            "{p:?} {e:?}"
        );
        assert_eq!(Price::from_runs(&[(0, 1.0)], 10), None);
        // One run: a price, no interval; every class timed: the time spent, exactly.
        let one = Price::from_runs(&[(4, 8.0)], 100).unwrap();
        assert_eq!((one.time, one.low, one.high), (200.0, None, None));
        let all = Price::from_runs(&[(4, 8.0), (6, 2.0)], 10).unwrap();
        assert_eq!(
            (all.time, all.low, all.high),
            (10.0, Some(10.0), Some(10.0))
        );
    }

    #[test]
    fn runs_of_a_long_tailed_population_are_covered_about_95_percent_of_the_time() {
        // As the page breaks a partition: chunks of 5 neighbouring classes, whose costs share a
        // level, drawn from all over the ids.
        let mut rng = Rng::new(7);
        let population = long_tailed(20_000, &mut rng);
        let truth: f64 = population.iter().sum();
        let mut chunks: Vec<(u32, f64)> =
            population.chunks(5).map(|c| (5, c.iter().sum())).collect();
        let (trials, n) = (300, 10);
        let mut covered = 0;
        for _ in 0..trials {
            for i in 0..n {
                let j = i + rng.below(chunks.len() - i);
                chunks.swap(i, j);
            }
            let p = Price::from_runs(&chunks[..n], population.len()).unwrap();
            let (low, high) = (p.low.unwrap(), p.high.unwrap());
            assert!(low <= p.time && p.time <= high, "{p:?}");
            covered += usize::from(low <= truth && truth <= high);
        }
        let share = covered as f64 / trials as f64;
        assert!(
            (0.9..0.99).contains(&share),
            "covered {covered} of {trials}"
        );
        // Past MAX_UNITS runs, neighbours are pooled: the price is the same ratio and the
        // interval still holds it, narrower than from fewer runs.
        let many = &chunks[..4 * MAX_UNITS + 3];
        let p = Price::from_runs(many, population.len()).unwrap();
        let (k, t) = many
            .iter()
            .fold((0.0, 0.0), |a, r| (a.0 + r.0 as f64, a.1 + r.1));
        assert!((p.time - t / k * population.len() as f64).abs() < 1e-6 * p.time);
        let few = Price::from_runs(&many[..MAX_UNITS / 5], population.len()).unwrap();
        let width = |p: &Price| p.high.unwrap() - p.low.unwrap();
        assert!(p.low.unwrap() < p.time && p.time < p.high.unwrap(), "{p:?}");
        assert!(width(&p) < width(&few), "{p:?} {few:?}");
    }
}
