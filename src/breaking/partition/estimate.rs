//! What a sample of a search's classes prices the whole search at: the mean time a class times
//! the number of classes, with a 95% bootstrap interval, and the sample's spread. The CLI's
//! `--sample` and the Python package's `break_partition(sample=...)` both report it.

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
    /// The low end of the 95% interval of `cpu_hours` (bootstrap of the mean); None for a
    /// sample of one class of several, whose one time says nothing of the spread.
    pub low: Option<f64>,
    /// The high end of that interval; None when `low` is.
    pub high: Option<f64>,
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
        let mean = sorted.iter().sum::<f64>() / n as f64;
        let mut rng = Rng::new(n as u64);
        let mut means: Vec<f64> = (0..RESAMPLES)
            .map(|_| (0..n).map(|_| sorted[rng.below(n)]).sum::<f64>() / n as f64)
            .collect();
        means.sort_by(f64::total_cmp);
        let hours = |m: f64| m * classes as f64 / 3600.0;
        // The classes not sampled are all the uncertainty there is: a sample of every class
        // prices the search exactly, so the resampled spread shrinks by the finite-population
        // correction, as the page's estimate does.
        let fpc = (1.0 - n as f64 / classes.max(n) as f64).sqrt();
        let around = |m: f64| hours(mean + (m - mean) * fpc);
        // One class of several says nothing of the spread; one class of one is the search.
        let spread = n > 1 || classes <= n;
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
            low: spread.then(|| around(means[RESAMPLES / 40])),
            high: spread.then(|| around(means[RESAMPLES - 1 - RESAMPLES / 40])),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Estimate;

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
    fn one_class_prices_the_search_but_gives_no_interval() {
        let e = Estimate::from_times(&[72.0], 50).unwrap();
        assert_eq!((e.cpu_hours, e.low, e.high), (1.0, None, None));
        // Unless that class is the whole search.
        let all = Estimate::from_times(&[72.0], 1).unwrap();
        assert_eq!((all.low, all.high), (Some(0.02), Some(0.02)));
    }

    #[test]
    fn the_interval_holds_the_estimate_and_lies_within_the_sample() {
        let times: Vec<f64> = (1..=40).map(|i| (i * i) as f64).collect();
        let e = Estimate::from_times(&times, 3600).unwrap();
        let (low, high) = (e.low.unwrap(), e.high.unwrap());
        assert!(low < e.cpu_hours && e.cpu_hours < high, "{e:?}");
        // A mean of resampled times lies between the least and the most time.
        assert!(low >= e.min && high <= e.max, "{e:?}");
        assert_eq!((e.min, e.max), (1.0, 1600.0));
        assert_eq!(e.median, 441.0); // the 21st of 40, as (n - 1) / 2 rounds
        assert_eq!(Estimate::from_times(&times, 3600), Some(e));
    }
}
