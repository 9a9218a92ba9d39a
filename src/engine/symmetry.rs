//! Board symmetries and canonical forms.
//!
//! Rotations and reflections do not change a board's words, so optimizers and searches report
//! each board once, in its canonical form: the lexicographically smallest row-major string
//! among its symmetric images (8 for square boards, 4 for others).

use crate::engine::board::Board;

/// The symmetries of a `rows x cols` grid as permutations: image cell `i` takes the letter of
/// original cell `perm[i]`. The identity comes first.
pub fn symmetries(rows: usize, cols: usize) -> Vec<Vec<u8>> {
    // Each symmetry maps an image position (r, c) to an original position.
    type Map = fn(usize, usize, usize, usize) -> (usize, usize);
    let same_shape: [Map; 4] = [
        |r, c, _, _| (r, c),
        |r, c, rows, _| (rows - 1 - r, c),
        |r, c, _, cols| (r, cols - 1 - c),
        |r, c, rows, cols| (rows - 1 - r, cols - 1 - c),
    ];
    // For square boards, the transposes too (rows == cols).
    let transposed: [Map; 4] = [
        |r, c, _, _| (c, r),
        |r, c, rows, _| (rows - 1 - c, r),
        |r, c, _, cols| (c, cols - 1 - r),
        |r, c, rows, cols| (rows - 1 - c, cols - 1 - r),
    ];
    let maps: Vec<Map> = if rows == cols {
        same_shape
            .iter()
            .chain(transposed.iter())
            .copied()
            .collect()
    } else {
        same_shape.to_vec()
    };
    maps.iter()
        .map(|m| {
            (0..rows * cols)
                .map(|i| {
                    let (r, c) = m(i / cols, i % cols, rows, cols);
                    (r * cols + c) as u8
                })
                .collect()
        })
        .collect()
}

/// Applies a permutation from [`symmetries`] to a board's cells.
pub fn apply(cells: &[u8], perm: &[u8]) -> Vec<u8> {
    perm.iter().map(|&p| cells[p as usize]).collect()
}

/// The canonical form of a board: its smallest symmetric image.
///
/// ```
/// use boggle::{engine::symmetry::canonical, Board};
/// let b = Board::parse("streaedlp", None).unwrap();
/// assert_eq!(canonical(&b).to_string(), "deslatper");
/// ```
pub fn canonical(board: &Board) -> Board {
    let best = symmetries(board.rows(), board.cols())
        .iter()
        .map(|p| apply(board.cells(), p))
        .min()
        .expect("there is always the identity");
    Board::from_cells(board.rows(), board.cols(), best).expect("same shape")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_boards_have_eight_distinct_images() {
        let b = Board::parse("abcdefghijklmnop", None).unwrap();
        let mut images: Vec<_> = symmetries(4, 4)
            .iter()
            .map(|p| apply(b.cells(), p))
            .collect();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
        assert_eq!(canonical(&b).to_string(), "abcdefghijklmnop");
        // The transpose of a..p reads down columns.
        let t = Board::parse("aeimbfjncgkodhlp", None).unwrap();
        assert_eq!(canonical(&t), b);
    }

    #[test]
    fn rectangles_have_four() {
        assert_eq!(symmetries(3, 4).len(), 4);
        let b = Board::parse("lkjihgfedcba", None).unwrap();
        assert_eq!(canonical(&b).to_string(), "abcdefghijkl");
    }

    #[test]
    fn every_image_has_the_same_canonical_form() {
        let b = Board::parse("perslatgsineters", None).unwrap();
        let c = canonical(&b);
        for p in symmetries(4, 4) {
            let img = Board::from_cells(4, 4, apply(b.cells(), &p)).unwrap();
            assert_eq!(canonical(&img), c);
        }
    }
}
