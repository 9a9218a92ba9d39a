//! Exact counts too big for a machine word: the number of boards in a class.
//!
//! A 6x6 class of 26 letters per cell holds 26^36 (about 8.7e50) boards, beyond `u128`. A count
//! here is a product of small factors, so a little base-10^9 number with one multiplication is
//! all that is needed; it prints exactly in decimal.

use std::cmp::Ordering;
use std::fmt;

const BASE: u64 = 1_000_000_000;

/// A non-negative integer of any size, stored as base-10^9 limbs, least significant first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BigCount {
    limbs: Vec<u32>,
}

impl BigCount {
    /// The count 1 (the empty product).
    pub fn one() -> BigCount {
        BigCount { limbs: vec![1] }
    }

    /// Multiplies in place by a small factor.
    pub fn mul_small(&mut self, factor: u32) {
        if factor == 0 {
            self.limbs = vec![0];
            return;
        }
        let mut carry = 0u64;
        for limb in &mut self.limbs {
            let v = *limb as u64 * factor as u64 + carry;
            *limb = (v % BASE) as u32;
            carry = v / BASE;
        }
        while carry > 0 {
            self.limbs.push((carry % BASE) as u32);
            carry /= BASE;
        }
    }

    /// The value, if it fits a `u64`.
    pub fn to_u64(&self) -> Option<u64> {
        self.limbs
            .iter()
            .rev()
            .try_fold(0u64, |acc, &l| acc.checked_mul(BASE)?.checked_add(l as u64))
    }

    /// The nearest `f64` (exact below 2^53; about 16 significant digits above).
    pub fn to_f64(&self) -> f64 {
        self.limbs
            .iter()
            .rev()
            .fold(0.0, |acc, &l| acc * BASE as f64 + l as f64)
    }
}

/// A small count, so that a class's board count reads like any other ("1 board", "600 boards").
impl From<u8> for BigCount {
    fn from(n: u8) -> BigCount {
        BigCount {
            limbs: vec![n as u32],
        }
    }
}

impl Default for BigCount {
    fn default() -> BigCount {
        BigCount::one()
    }
}

impl Ord for BigCount {
    fn cmp(&self, other: &BigCount) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for BigCount {
    fn partial_cmp(&self, other: &BigCount) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for BigCount {
    /// The exact decimal value, without separators.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = self.limbs.last().expect("never empty").to_string();
        for l in self.limbs.iter().rev().skip(1) {
            s.push_str(&format!("{l:09}"));
        }
        f.pad(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn products_beyond_u128_are_exact() {
        let mut n = BigCount::one();
        for _ in 0..36 {
            n.mul_small(26);
        }
        // 26^36, computed independently as 2^36 * 13^36.
        assert_eq!(
            n.to_string(),
            "869041521632724682610610260053736824323722262347776"
        );
        let mut small = BigCount::one();
        small.mul_small(26);
        assert!(n > small);
        assert_eq!(small.cmp(&n), std::cmp::Ordering::Less);
        assert_eq!(n.to_u64(), None);
        assert!((n.to_f64() / 8.690415216327247e50 - 1.0).abs() < 1e-12);
    }

    #[test]
    fn small_values_and_formats() {
        let mut n = BigCount::one();
        for f in [5, 5, 6, 4] {
            n.mul_small(f);
        }
        assert_eq!((n.to_string(), n.to_u64()), ("600".to_string(), Some(600)));
        // Limbs below the top one print with their leading zeros.
        let mut billion = BigCount::one();
        for _ in 0..9 {
            billion.mul_small(10);
        }
        assert_eq!(
            (billion.to_string(), billion.to_u64()),
            ("1000000000".into(), Some(1_000_000_000))
        );
        let mut z = n.clone();
        z.mul_small(0);
        assert_eq!((z.to_string(), z.to_u64()), ("0".to_string(), Some(0)));
    }
}
