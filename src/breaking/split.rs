//! The split policy every breaker follows: which cell is split next, and into which parts.

use crate::engine::board::neighbour_masks;

/// Cells with at most this many letters are split into single letters; bigger cells into
/// [`SPLIT_GROUPS`] groups first.
pub const SPLIT_LETTERS_UP_TO: u32 = 4;
/// How many groups a big cell is split into.
pub const SPLIT_GROUPS: u32 = 3;

/// The order in which cells are split: most neighbours first (centre, then edges, then
/// corners); below the centre, among cells with as many neighbours, the one bordering more of
/// the cells split later (those with fewer neighbours) first; then row-major. On 3x4 that puts
/// the middle row's edge cells, which border two corners each, before the other edges: the
/// slowest classes of the 3x4 proof break 3-30% faster so (its 13 slowest: 47 to 42 s), and a
/// sample of 60 classes in the same time. It changes nothing on square boards up to 4x4.
pub fn split_order(rows: usize, cols: usize) -> Vec<usize> {
    let adj = neighbour_masks(rows, cols);
    let degree = |c: usize| adj[c].count_ones();
    let top = (0..rows * cols).map(degree).max().unwrap_or(0);
    let later = |c: usize| {
        (0..rows * cols)
            .filter(|&n| degree(c) < top && adj[c] >> n & 1 != 0 && degree(n) < degree(c))
            .count()
    };
    let mut order: Vec<usize> = (0..rows * cols).collect();
    order.sort_by_key(|&c| (std::cmp::Reverse(degree(c)), std::cmp::Reverse(later(c))));
    order
}

/// The parts a cell's letters are split into: one per letter for a small cell, otherwise
/// [`SPLIT_GROUPS`] groups of consecutive letters, as even as possible.
pub fn split_mask(mask: u32, out: &mut Vec<u32>) {
    out.clear();
    let n = mask.count_ones();
    let groups = if n <= SPLIT_LETTERS_UP_TO {
        n
    } else {
        SPLIT_GROUPS
    };
    let mut rest = mask;
    for g in 0..groups {
        // Spread the remainder over the first groups.
        let size = n / groups + u32::from(g < n % groups);
        let mut part = 0;
        for _ in 0..size {
            let low = rest & rest.wrapping_neg();
            part |= low;
            rest &= !low;
        }
        out.push(part);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::ALL_LETTERS_MASK;

    #[test]
    fn split_order_puts_the_centre_first_and_corners_last() {
        assert_eq!(split_order(3, 3), [4, 1, 3, 5, 7, 0, 2, 6, 8]);
        assert_eq!(
            split_order(4, 4),
            [5, 6, 9, 10, 1, 2, 4, 7, 8, 11, 13, 14, 0, 3, 12, 15]
        );
        // 3x4: the middle row's edge cells border two corners each and come first.
        assert_eq!(split_order(3, 4), [5, 6, 4, 7, 1, 2, 9, 10, 0, 3, 8, 11]);
        assert_eq!(split_order(4, 3), [4, 7, 1, 10, 3, 5, 6, 8, 0, 2, 9, 11]);
    }

    #[test]
    fn split_mask_covers_every_letter_once() {
        let mut out = Vec::new();
        for mask in [
            0b1u32,
            0b1011,
            0b1111,
            0b11111,
            ALL_LETTERS_MASK,
            0b1010_1010_1010,
        ] {
            split_mask(mask, &mut out);
            assert_eq!(out.iter().fold(0, |a, p| a | p), mask);
            assert_eq!(
                out.iter().map(|p| p.count_ones()).sum::<u32>(),
                mask.count_ones()
            );
            assert!(out.iter().all(|&p| p != 0));
            let n = mask.count_ones();
            let expect = if n <= SPLIT_LETTERS_UP_TO {
                n
            } else {
                SPLIT_GROUPS
            };
            assert_eq!(out.len() as u32, expect);
        }
        split_mask(ALL_LETTERS_MASK, &mut out);
        assert_eq!(
            out.iter().map(|p| p.count_ones()).collect::<Vec<_>>(),
            [9, 9, 8]
        );
    }
}
