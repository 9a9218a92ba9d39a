//! The scoring table: the one place that says how many points a word is worth.

/// Points for a word of `letters` letters (a Qu cell counts as two letters).
///
/// 3 or 4 letters score 1, 5 score 2, 6 score 3, 7 score 5 and 8 or more score 11;
/// shorter words are not playable and score 0.
///
/// ```
/// use boggle::engine::scoring::points;
/// assert_eq!([points(2), points(3), points(4), points(5), points(6), points(7), points(8), points(20)],
///            [0, 1, 1, 2, 3, 5, 11, 11]);
/// ```
pub const fn points(letters: usize) -> u32 {
    match letters {
        0..=2 => 0,
        3 | 4 => 1,
        5 => 2,
        6 => 3,
        7 => 5,
        _ => 11,
    }
}

/// The greatest target score a search (a break or an optimizer's stop) takes, far above any board's score: a target past it can
/// only be a slip of extra digits, so it is refused rather than searched for nothing.
pub const MAX_TARGET: u32 = 999_999;

/// Checks a target score a caller was given: 1 to [`MAX_TARGET`]. The message is meant to
/// follow the target's name, as in "--target must be ...".
pub fn check_target(target: u32) -> Result<u32, String> {
    match target {
        0 => Err("must be at least 1 (every board scores at least 0)".into()),
        t if t > MAX_TARGET => Err(format!(
            "must be at most {}, far above any board's score",
            crate::engine::grouped(MAX_TARGET)
        )),
        t => Ok(t),
    }
}

/// The shortest playable word.
pub const MIN_WORD_LETTERS: usize = 3;

/// The order words are listed in everywhere (the CLI, Python, a round's review, a class's
/// sum/union words, the page's Points order, which keeps the engine's): most points first, then
/// A-Z. Each word is `(points, word)`.
pub fn listing_order(a: (u32, &str), b: (u32, &str)) -> std::cmp::Ordering {
    b.0.cmp(&a.0).then_with(|| a.1.cmp(b.1))
}
