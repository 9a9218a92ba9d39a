//! Canonical forms and 64-bit keys of boards ([`Canon`]), for telling boards apart up to
//! symmetry many times a second.

use crate::engine::symmetry::symmetries;
use crate::rng::mix;

/// Canonical forms and 64-bit keys for boards of one shape, with the symmetry permutations
/// computed once (the same permutations and ordering as [`crate::engine::symmetry::canonical`]).
#[derive(Clone, Debug)]
pub struct Canon {
    perms: Vec<Vec<u8>>,
}

impl Canon {
    /// Canonicalizer for `rows x cols` boards.
    pub fn new(rows: usize, cols: usize) -> Canon {
        Canon {
            perms: symmetries(rows, cols),
        }
    }

    /// Writes the canonical form of `cells` into `out` (same length).
    pub fn canonical_into(&self, cells: &[u8], out: &mut [u8]) {
        out.copy_from_slice(cells);
        let mut img = [0u8; crate::engine::board::MAX_CELLS];
        let img = &mut img[..cells.len()];
        for p in &self.perms[1..] {
            for (d, &i) in img.iter_mut().zip(p.iter()) {
                *d = cells[i as usize];
            }
            if *img < *out {
                out.copy_from_slice(img);
            }
        }
    }

    /// A 64-bit key of a canonical form: equal boards up to symmetry share a key, and distinct
    /// ones collide with probability about 2^-64 per pair.
    pub fn key(canonical: &[u8]) -> u64 {
        let mut h: u64 = canonical.len() as u64;
        for chunk in canonical.chunks(12) {
            let mut v = 0u64;
            for &c in chunk {
                v = v << 5 | c as u64;
            }
            h = mix(h ^ v);
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::{cells_to_string, Board};
    use crate::engine::dice::{random_board, LetterSource};
    use crate::engine::symmetry::canonical;
    use crate::rng::Rng;

    #[test]
    fn canon_matches_symmetry_canonical() {
        let mut rng = Rng::new(3);
        for (r, c) in [(3, 3), (3, 4), (4, 4), (5, 5), (6, 6)] {
            let canon = Canon::new(r, c);
            for _ in 0..50 {
                let b = random_board(r, c, LetterSource::Uniform, &mut rng);
                let mut out = vec![0; b.len()];
                canon.canonical_into(b.cells(), &mut out);
                assert_eq!(cells_to_string(&out), canonical(&b).to_string());
            }
        }
        let a = Board::parse("perslatgsineters", None).unwrap();
        let b = canonical(&a);
        let k = |x: &Board| {
            let mut o = vec![0; 16];
            Canon::new(4, 4).canonical_into(x.cells(), &mut o);
            Canon::key(&o)
        };
        assert_eq!(k(&a), k(&b));
        assert_ne!(k(&a), k(&Board::parse("perslatgsineterx", None).unwrap()));
    }
}
